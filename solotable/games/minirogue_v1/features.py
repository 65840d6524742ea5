"""Mini Rogue v1.2.1's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own data (:mod:`.data`): room cards, spells, wares, traps,
difficulties; the phases are the game's decision and chance phases by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.features import Features, Writer

from .data import BOSS, ROOM_CARDS, SPELLS, data
from .state import STATUS_NAMES

D = data()
WARES: tuple[str, ...] = tuple(D.wares)
TRAPS: tuple[str, ...] = D.trap_results
DIFFICULTIES: tuple[str, ...] = D.difficulty_order
MAX_DICE = len(D.xp_to_next) + 1  # one combat die per rank
PHASES = (
    "reveal", "monster_hp", "treasure_gate", "item_roll", "event_roll", "event_skill", "trap_roll",
    "trap_skill", "attack_roll", "crit_roll", "feat_roll", "choose", "pre_room", "merchant", "rest",
    "event_check", "event_shift", "crit", "feat", "spell", "spell_discard", "over",
)  # fmt: skip
FOES = ("monster", "boss", "event_monster")


def _catalogue() -> tuple[str, ...]:
    out = [f"take:{c}" for c in ROOM_CARDS]
    out.append("enter")
    out += [f"cast:{s}" for s in SPELLS]
    out.append("nospell")
    out += [f"discard:{s}" for s in SPELLS]
    out += [f"buy:{w}" for w in WARES]
    out += [f"sell:{w}" for w in ("armor", *SPELLS)]
    out.append("leave")
    out += [f"rest:{o}" for o in ("xp", "food", "hp")]
    out += ["check", "accept", "keep", "up", "down"]
    out += [f"crit:{i}" for i in range(1, MAX_DICE + 1)]
    out.append("stop")
    out += [f"feat:{i},{c}" for i in range(1, MAX_DICE + 1) for c in ("hp", "xp")]
    out.append("done")
    return tuple(out)


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("difficulty", o["difficulty"], DIFFICULTIES)
    w.flag("keys variant", o["keys_variant"])
    w.onehot("phase", o["phase"], PHASES)
    c = o["character"]
    w.num("hp", c["hp"], 20)
    w.num("armor", c["armor"], 5)
    w.num("gold", c["gold"], 20)
    w.num("food", c["food"], 6)
    w.num("rank", c["rank"], 4)
    w.num("xp", c["xp"], 18)
    w.num("xp to next rank", c["xp_to_next"], 18)
    w.counts("spells", c["spells"], SPELLS, 2)
    w.flag("key held", c["key"])
    d = o["dungeon"]
    w.num("area", d["area"], 14)
    w.num("level", d["level"], 5)
    w.flag("boss area", d["boss_area"])
    w.num("bosses slain", d["bosses_slain"], 5)
    w.flag("monster defeated here", d["monster_defeated_here"])
    layout = o["layout"]
    cards_and_boss = (*ROOM_CARDS, BOSS)
    for col in range(5):
        cards = layout[col]["cards"] if col < len(layout) else []
        w.flag(f"column {col + 1} current", col < len(layout) and layout[col]["current"])
        for k in range(2 if col in (1, 3) else 1):
            card = cards[k] if k < len(cards) else None
            p = f"column {col + 1} card {k + 1}"
            w.flag(f"{p} in play", card is not None)
            w.onehot(f"{p}", card["card"] if card else None, cards_and_boss)
            w.flag(f"{p} chosen", card and card["chosen"])
            w.flag(f"{p} reachable", card and card["reachable"])
    w.counts("unrevealed", o["unrevealed"], ROOM_CARDS)
    cb = o["combat"]
    w.flag("combat", cb is not None)
    foe = cb["foe"].split(".")[0] if cb else None
    w.onehot("combat foe", foe, FOES)
    w.num("combat foe hp", cb and cb["hp"], 30)
    w.num("combat foe max hp", cb and cb["max_hp"], 30)
    w.flag("combat foe hp to roll", cb and cb["hp"] is None)
    w.num("combat foe damage", cb and cb["damage"], 10)
    w.num("combat poison", cb and cb["poison"], 5)
    w.flag("combat ice", cb and cb["ice"])
    dice = cb["dice"] if cb else []
    for i in range(MAX_DICE):
        die = dice[i] if i < len(dice) else None
        w.flag(f"die {i + 1} rolled", die is not None)
        w.num(f"die {i + 1} value", die and die["value"], 24)
        w.onehot(f"die {i + 1} status", die and die["status"], STATUS_NAMES)
        w.flag(f"die {i + 1} feat used", die and die["feat_used"])
    w.num("combat damage now", cb and cb["damage_now"], 24)
    w.onehot("event roll", o["event_roll"], (1, 2, 3, 4, 5, 6))
    w.onehot("trap", o["trap"], TRAPS)
    w.onehot("pending spell", o["pending_spell"], SPELLS)
    w.num("score", o["score"], 100)
    w.flag("over", o["over"])
    w.flag("won", o["won"])


def progress(obs: Mapping[str, Any]) -> float:
    """The score (§7) over 100."""
    return float(obs["score"]) / 100.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    progress=progress,
    max_chance_outcomes=126,  # 4 combat dice: 126 multisets
    max_game_length=5_000,
)
