"""JongRogue's numeric view for learning agents (:class:`solotable.core.features.Features`): the
action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own data (rules.toml and the state's names): monsters,
potions, scrolls, rings, weapons, armours, missiles, tiles, statuses.

In the catalogue a slot number ``k`` (``attack:k``, ``pick:k``, ``hit:k``, ``shoot:k,M``,
``read:T,k``) means the ``k``-th tile listed in the room's observation (``map[room]["slots"]``,
the tiles still there), not the game's own slot number, which keeps counting tiles that have left
the room (:func:`notations`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.action import Action
from solotable.core.features import Features, Writer
from solotable.core.protocol import State

from .data import ARMOUR_KINDS, WEAPON_KINDS
from .state import KIND_NAMES, MISSILES, MON_STATUS_NAMES, PC_STATUS_NAMES, POS_NAMES, POTIONS, RINGS, SCROLLS, R
from .tiles import LAB_NAMES, SIDES, TILE_NAMES

MONSTERS: tuple[str, ...] = tuple(m.id for m in R.monsters)
PC_STATUS: tuple[str, ...] = (*PC_STATUS_NAMES, "hungry")  # hungry: no food (the observation's word)
NUMBERS = tuple(range(1, 10))
SCROLL_TILES = tuple(f"{s}{n}" for s in ("m", "p") for n in NUMBERS)  # m1-m9, p1-p9
POTION_TILES = tuple(f"s{n}" for n in NUMBERS)  # s1-s9
PHASES = ("start", "play", "threat", "ranged", "melee", "turn_end", "death", "over", "carry", "identify",
          "chance")  # fmt: skip
MAX_ITEMS = 16
"""Items of one sheet (weapons, armours, rings) the catalogue (and the observation) covers. The
carry limits (2, 2 and 4, §7.25) hold only at the end of a camp and before stairs: in between a
character may carry any number (10 rings and 9 armours were seen in 100 heuristic EZ Plus games);
an item past 16 is left out of the mask and counted, like a tile past :data:`MAX_SLOT`."""
MAX_SLOT = 12
"""Tiles of one room the catalogue (and the observation) covers. A room is laid with 4 tiles and
grows when a monster walks in, is created, or drops an item; 12 is three times that, and a legal
action beyond it is left out of the mask and counted (docs/rl.md gives how often)."""
_TILE_WIDTH = 3 + 3 + 1 + len(KIND_NAMES) + len(MONSTERS) + 1 + len(MON_STATUS_NAMES)
"""Features of one tile place of a room (laid, face down, unseen, suit, number, kind, monster)."""


def _catalogue() -> tuple[str, ...]:
    slots = range(1, MAX_SLOT + 1)
    out = ["continue", "gameover", "fight", "flee", "flee:back", "flee:on"]
    out += [f"flee:{s}" for s in SIDES]
    out += ["stairs:down", "stairs:up"]
    out += [f"shoot:{k},{m}" for k in range(0, MAX_SLOT + 1) for m in MISSILES]
    out.append("skip")
    out += [f"door:{s}" for s in SIDES]
    out += [f"hit:{k}" for k in range(0, MAX_SLOT + 1)]
    out += ["wait", "keep", "forced-end"]
    out += [f"quaff:{t}" for t in POTION_TILES]
    out += [f"read:{t}" for t in SCROLL_TILES]
    out += [f"read:{t},{k}" for t in SCROLL_TILES for k in range(0, MAX_SLOT + 1)]
    out.append("rest")
    out += [f"search:{s}" for s in SIDES]
    out += [f"pick:{k}" for k in slots]
    out += [f"attack:{k}" for k in range(0, MAX_SLOT + 1)]
    out += ["enter", "pass", "go:back", "go:on"]
    items = range(1, MAX_ITEMS + 1)
    out += [f"wield:{i}" for i in range(0, MAX_ITEMS + 1)]
    out += [f"wear:{i}" for i in items]
    out += [f"remove:{i}" for i in items]
    out += [f"puton:{i}" for i in items]
    for what in ("w", "a", "r"):
        out += [f"drop:{what},{i}" for i in items]
    for what in ("w", "a", "r"):
        out += [f"discard:{what},{i}" for i in items]
    out += [f"discard:{t}" for t in (*POTION_TILES, *SCROLL_TILES)]
    out += [f"identify:{t}" for t in (*POTION_TILES, *SCROLL_TILES)]
    for what in ("r", "w", "a"):
        out += [f"identify:{what},{i}" for i in items]
    return tuple(out)


def _monster(w: Writer, p: str, m: Mapping[str, Any] | None) -> None:
    mm: Mapping[str, Any] = m or {}
    w.onehot(f"{p} monster", mm.get("monster"), MONSTERS)
    w.num(f"{p} monster hp", mm.get("hp"), 20)
    w.counts(f"{p} monster status", mm.get("status", ()), MON_STATUS_NAMES)


def encode(o: Mapping[str, Any], w: Writer, player: int) -> None:
    w.onehot("phase", o["phase"], PHASES)
    opts = o["options"]
    w.flag("EZ Plus rules", opts["rules"] == "ez-plus")
    w.flag("continue allowed", opts["continue"] == "allowed")
    w.flag("forced end allowed", opts["forced-end"] == "allowed")
    sh = o["sheet"]
    w.num("level", sh["level"], 10)
    w.num("xp", sh["xp"], 100)
    w.num("hp", sh["hp"], 50)
    w.num("max hp", sh["max_hp"], 50)
    w.num("strength", sh["strength"], 20)
    w.num("max strength", sh["max_strength"], 20)
    w.counts("status", sh["status"], PC_STATUS)
    w.num("gold", sh["gold"], 100)
    w.num("food", sh["food"], 10)
    w.num("floor", sh["floor"], 20)
    w.num("deepest floor", sh["deepest"], 20)
    w.flag("stairs plate up (amulet)", sh["stairs"] == "S")
    eq = o["equipment"]
    weapons = eq["weapons"]
    w.num(f"weapons beyond {MAX_ITEMS}", max(0, len(weapons) - MAX_ITEMS), 4)
    for i in range(MAX_ITEMS):
        x: Mapping[str, Any] = weapons[i] if i < len(weapons) else {}
        p = f"weapon {i + 1}"
        w.onehot(p, x.get("kind"), WEAPON_KINDS)
        w.num(f"{p} enchant", x.get("enchant"), 3)
        w.flag(f"{p} known", x.get("enchant") is not None)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} equipped", x.get("equipped"))
    w.flag("bow", eq["bow"])
    for m in MISSILES:
        w.flag(f"missiles {m}", eq["missiles"][m])
    armours = eq["armours"]
    w.num(f"armours beyond {MAX_ITEMS}", max(0, len(armours) - MAX_ITEMS), 4)
    for i in range(MAX_ITEMS):
        x = armours[i] if i < len(armours) else {}
        p = f"armour {i + 1}"
        w.onehot(p, x.get("kind"), ARMOUR_KINDS)
        w.num(f"{p} enchant", x.get("enchant"), 3)
        w.flag(f"{p} known", x.get("enchant") is not None)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} protected", x.get("protected"))
        w.flag(f"{p} worn", x.get("worn"))
    rings = eq["rings"]
    w.num(f"rings beyond {MAX_ITEMS}", max(0, len(rings) - MAX_ITEMS), 4)
    for i in range(MAX_ITEMS):
        x = rings[i] if i < len(rings) else {}
        p = f"ring {i + 1}"
        w.flag(f"{p} held", bool(x))
        w.onehot(p, x.get("kind"), RINGS)
        w.flag(f"{p} cursed", x.get("cursed"))
        w.flag(f"{p} worn", x.get("hand"))
    w.flag("amulet", eq["amulet"])
    w.counts("potions", o["pack"]["potions"], POTION_TILES, 9)
    w.counts("scrolls", o["pack"]["scrolls"], SCROLL_TILES, 9)
    ident_p = o["identified"]["potions"]
    for t in POTION_TILES:
        w.onehot(f"potion {t} is", ident_p.get(t), POTIONS)
    ident_s = o["identified"]["scrolls"]
    for t in SCROLL_TILES:
        w.onehot(f"scroll {t} is", ident_s.get(t), SCROLLS)
    pos = o["position"]
    w.onehot("at", pos["at"], POS_NAMES)
    w.onehot("room", pos.get("room"), tuple(range(1, 10)))
    w.onehot("door side", pos.get("side"), SIDES)
    w.onehot("passage from", pos.get("from"), tuple(range(1, 10)))
    w.onehot("passage to", pos.get("to"), tuple(range(1, 10)))
    for r in o["map"]:
        p = f"room {r['room']}"
        lab = r["lab"] or ()
        w.counts(f"{p} labyrinth", lab, LAB_NAMES)
        w.counts(f"{p} found", r["found"], SIDES)
        w.flag(f"{p} processed", r["processed"])
        # the k-th tile listed in the room (the catalogue's slot k), not the game's slot number
        slots = r["slots"]
        w.num(f"{p} tiles beyond {MAX_SLOT}", max(0, len(slots) - MAX_SLOT), 4)
        for k in range(1, MAX_SLOT + 1):
            s = slots[k - 1] if k <= len(slots) else None
            if s is None and w.names is None:  # an empty place: all zeros, as the writes below give
                w.skip(_TILE_WIDTH)
                continue
            q = f"{p} tile {k}"
            ss: Mapping[str, Any] = s or {}
            w.flag(f"{q} laid", s is not None)
            w.flag(f"{q} face down", ss.get("tile") == "?" and not ss.get("unseen"))
            w.flag(f"{q} unseen monster", ss.get("unseen"))
            tile = ss.get("tile")
            w.onehot(f"{q} suit", tile[0] if tile and tile != "?" else None, ("m", "p", "s"))
            w.num(f"{q} number", int(tile[1]) if tile and tile != "?" else None, 9)
            w.onehot(f"{q} kind", ss.get("kind"), KIND_NAMES)
            _monster(w, q, ss if ss.get("kind") == "monster" else None)
    _monster(w, "passage", o["passage_monster"])
    w.flag("passage monster", o["passage_monster"] is not None)
    w.num("pile", o["pile"], 108)
    w.num("discard", o["discard"], 108)
    w.counts("discarded", o["discard_tiles"], TILE_NAMES, 4)
    w.num("turn", o["turn"], 500)
    w.num("continues", o["continues"], 5)
    res = o["result"]
    w.flag("over", res is not None)
    w.flag("won", res and res["won"])

_SLOT_ACTIONS = frozenset({"attack", "pick", "hit", "shoot", "read"})


def notations(state: State, legal: Sequence[Action]) -> list[str]:
    """The catalogue's notation of each legal action: a slot is renumbered by its place in the
    room's list of tiles (a slot not listed, past :data:`MAX_SLOT`, gets a notation outside the
    catalogue)."""
    if not any(a.name in _SLOT_ACTIONS and a.args for a in legal):
        return [str(a) for a in legal]
    obs = state.observation(state.to_move or 0)
    room = obs["position"].get("room")
    listed = {} if room is None else {s["slot"]: i + 1 for i, s in enumerate(obs["map"][room - 1]["slots"])}
    out = []
    for a in legal:
        if a.name not in _SLOT_ACTIONS:
            out.append(str(a))
            continue
        args = list(a.args)
        k = 1 if a.name == "read" else 0
        slot = args[k] if len(args) > k else None
        if isinstance(slot, int) and slot > 0:
            args[k] = listed.get(slot, 0) or f"slot{slot}"  # not listed: outside the catalogue
        out.append(str(Action(a.name, *args)))
    return out


def progress(obs: Mapping[str, Any]) -> float:
    """The deepest floor reached, over the 10 floors below the first."""
    return (float(obs["sheet"]["deepest"]) - 1.0) / 10.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    progress=progress,
    max_chance_outcomes=27,  # a tile of 27 kinds
    max_game_length=100_000,
    notations=notations,
)
