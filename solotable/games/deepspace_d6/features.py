"""Deep Space D-6's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own data: the crew dice's faces, the threat cards and their
copies (``e18a``, ``e18b``), the away missions printed on them, the places and stations of the
crew, the difficulties and lengths.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.features import Features, Writer

from .data import FACES
from .state import CARDS, PLACE_NAMES, STATION_NAMES, D


def _instances(kind: str) -> tuple[str, ...]:
    """The cards of a kind in play, a card printed twice as two (``e18a``, ``e18b``)."""
    out: list[str] = []
    for c in CARDS:
        if c.kind == kind:
            out += [c.id] if c.copies == 1 else [f"{c.id}{chr(ord('a') + k)}" for k in range(c.copies)]
    return tuple(out)


EXTERNAL = _instances("external")
INTERNAL = _instances("internal")
INSTANCES = (*EXTERNAL, *INTERNAL)
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
MISSIONS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (c.id, tuple(sorted({f for slot in c.mission for f in slot}))) for c in CARDS if c.mission
)
"""The away missions printed on cards: the faces a die may lock onto each card."""
DIFFICULTIES: tuple[str, ...] = tuple(D.difficulty.dont_panic)
LENGTHS: tuple[str, ...] = tuple(D.length.removed)
LOCATIONS: tuple[str, ...] = tuple(dict.fromkeys(PLACE_NAMES))
PHASES = ("roll", "reroll", "draw", "threat", "assign", "allocate", "send", "distract", "gather", "over")


def _catalogue() -> tuple[str, ...]:
    out = [f"change:{f},{t}" for f in FACES for t in FACES if f != t]
    out.append("reroll")
    out += [f"fire:{n}" for n in range(1, 7)]
    out += [f"hit:{c}" for c in EXTERNAL]
    out += ["stop", "free", "release", "shields"]
    out += [f"stasis:{c}" for c in EXTERNAL]
    out += [f"repair:{n}" for n in range(1, 7)]
    out += [f"mission:{c},{f}" for c, faces in MISSIONS for f in faces]
    out.append("end")
    out += [f"send:{d}" for d in range(1, 7)]
    out += [f"distract:{d}" for d in range(1, 7)]
    out += [f"recall:{d}" for d in range(1, 7)]
    out.append("done")
    return tuple(out)


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("difficulty", o["difficulty"], DIFFICULTIES)
    w.num("don't panic cards", o["dont_panic"], 6)
    w.onehot("length", o["length"], LENGTHS)
    w.onehot("phase", o["phase"], PHASES)
    w.num("round", o["round"], 40)
    w.num("hull", o["hull"], 8)
    w.num("shields", o["shields"], 4)
    w.flag("shields offline", o["shields_offline"])
    for d in o["dice"]:
        p = f"crew die {d['die']}"
        w.onehot(f"{p} face", d["face"], FACES)
        w.onehot(f"{p} at", d["where"], LOCATIONS)
        w.onehot(f"{p} station", d["station"], STATION_NAMES)
        w.onehot(f"{p} on card", d["card"], INSTANCES)
    counts = o["dice_count"]
    for loc in LOCATIONS:
        w.num(f"dice at {loc}", counts[loc], 6)
    by_card = {t["card"]: t for t in o["threats"]}
    for card in INSTANCES:
        t = by_card.get(card)
        p = f"threat {card}"
        w.flag(f"{p} in play", t is not None)
        tt: Mapping[str, Any] = t or {}
        w.num(f"{p} order", tt.get("order"), 20)
        w.num(f"{p} health", tt.get("health"), 4)
        w.flag(f"{p} in stasis", tt.get("in_stasis"))
        w.num(f"{p} mission dice", len(tt.get("mission_dice", ())), 2)
        w.num(f"{p} open mission slots", len(tt.get("open_slots", ())), 2)
    w.num("deck left", o["deck_left"], 40)
    w.flag("deck empty", o["deck_empty"])
    w.num("removed unseen", o["removed_unseen"], 10)
    w.counts("discard", o["discard"], CARD_IDS)
    w.onehot("threat die", o["threat_die"], (1, 2, 3, 4, 5, 6))
    w.num("volley left", o["volley_left"], 11)
    w.onehot("pending card", o["pending"], INSTANCES)
    w.flag("lost this round", o["lost_this_round"])
    w.num("destroyed", o["destroyed"], 30)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


def progress(obs: Mapping[str, Any]) -> float:
    """Threats destroyed, over 20."""
    return float(obs["destroyed"]) / 20.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    progress=progress,
    max_chance_outcomes=462,  # 6 crew dice: 462 multisets
    max_game_length=10_000,
)
