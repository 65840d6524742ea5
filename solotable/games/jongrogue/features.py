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

from array import array
from collections.abc import Mapping, Sequence
from itertools import compress
from operator import attrgetter
from typing import Any, Final

import numpy as np

from solotable.core.action import Action, notation
from solotable.core.engine import OVER
from solotable.core.features import Features, Writer, group_starts
from solotable.core.protocol import State

from . import GAME
from .data import ARMOUR_KINDS, WEAPON_KINDS
from .notation import LAB_NAMES, SIDES, TILE_NAMES, number, suit
from .rules.floors import PER_ROOM
from .rules.turns import MODES
from .state import (
    CLAIR,
    DOOR,
    FACE_DOWN,
    K_GONE,
    K_MON,
    KIND_NAMES,
    M_DISGUISED,
    M_INVIS,
    MISSILES,
    MON_STATUS_NAMES,
    PASSAGE,
    PC_STATUS_NAMES,
    POS_NAMES,
    POTIONS,
    RINGS,
    SCROLLS,
    JongRogueState,
    R,
    neighbour,
)

MONSTERS: tuple[str, ...] = tuple(m.id for m in R.monsters)
PC_STATUS: tuple[str, ...] = (*PC_STATUS_NAMES, "hungry")  # hungry: no food (the observation's word)
NUMBERS = tuple(range(1, 10))
SCROLL_TILES = tuple(f"{s}{n}" for s in ("m", "p") for n in NUMBERS)  # m1-m9, p1-p9
POTION_TILES = tuple(f"s{n}" for n in NUMBERS)  # s1-s9
PHASES = ("start", "play", "threat", "ranged", "melee", "turn_end", "death", "over", "carry", "identify",
          "chance")  # fmt: skip
MAX_ITEMS: Final = 16
"""Items of one sheet (weapons, armours, rings) the catalogue (and the observation) covers. The
carry limits (2, 2 and 4, §7.25) hold only at the end of a camp and before stairs: in between a
character may carry any number (10 rings and 9 armours were seen in 100 heuristic EZ Plus games);
an item past 16 is left out of the mask and counted, like a tile past :data:`MAX_SLOT`."""
MAX_SLOT: Final = 12
"""Tiles of one room the catalogue (and the observation) covers. A room is laid with 4 tiles and
grows when a monster walks in, is created, or drops an item; 12 is three times that, and a legal
action beyond it is left out of the mask and counted (docs/rl.md gives how often)."""
_TILE_WIDTH: Final = 3 + 3 + 1 + len(KIND_NAMES) + len(MONSTERS) + 1 + len(MON_STATUS_NAMES)
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

# -- the fast path: the same vector, straight from the state ---------------------------------------

_S = group_starts(encode, GAME.new_state(seed=0).observation(0), np.zeros(16384, dtype=np.float32))
_PHASE: Final = {p: _S["phase"] + i for i, p in enumerate(PHASES)}
# (Final: a compiled build reads these from static variables, not from the module's dictionary)
_PLUS: Final = _S["EZ Plus rules"]
_CONTINUE: Final = _S["continue allowed"]
_FORCED: Final = _S["forced end allowed"]
_LEVEL: Final = _S["level"]
_XP: Final = _S["xp"]
_HP: Final = _S["hp"]
_MAX_HP: Final = _S["max hp"]
_STR: Final = _S["strength"]
_MAX_STR: Final = _S["max strength"]
_STATUS: Final = _S["status"]
_GOLD: Final = _S["gold"]
_FOOD: Final = _S["food"]
_FLOOR: Final = _S["floor"]
_DEEPEST: Final = _S["deepest floor"]
_STAIRS: Final = _S["stairs plate up (amulet)"]
_HUNGRY: Final = _STATUS + PC_STATUS.index("hungry")
_WEAPONS_BEYOND: Final = _S[f"weapons beyond {MAX_ITEMS}"]
_WEAPON: Final = tuple(_S[f"weapon {i + 1}"] for i in range(MAX_ITEMS))
_WEAPON_KIND: Final = {k: i for i, k in enumerate(WEAPON_KINDS)}
_BOW: Final = _S["bow"]
_MISSILE: Final = tuple(_S[f"missiles {m}"] for m in MISSILES)
_ARMOURS_BEYOND: Final = _S[f"armours beyond {MAX_ITEMS}"]
_ARMOUR: Final = tuple(_S[f"armour {i + 1}"] for i in range(MAX_ITEMS))
_ARMOUR_KIND: Final = {k: i for i, k in enumerate(ARMOUR_KINDS)}
_RINGS_BEYOND: Final = _S[f"rings beyond {MAX_ITEMS}"]
_RING: Final = tuple(_S[f"ring {i + 1} held"] for i in range(MAX_ITEMS))
_RING_KIND: Final = {k: i for i, k in enumerate(RINGS)}
_AMULET: Final = _S["amulet"]
_POTIONS: Final = _S["potions"]
_SCROLLS: Final = _S["scrolls"]
_POTION_IS: Final = tuple(_S[f"potion {t} is"] for t in POTION_TILES)
_SCROLL_IS: Final = tuple(_S[f"scroll {t} is"] for t in SCROLL_TILES)
_AT: Final = _S["at"]
_ROOM: Final = _S["room"]
_SIDE: Final = _S["door side"]
_FROM: Final = _S["passage from"]
_TO: Final = _S["passage to"]
_LAB: Final = tuple(_S[f"room {r + 1} labyrinth"] for r in range(9))
_FOUND: Final = tuple(_S[f"room {r + 1} found"] for r in range(9))
_PROCESSED: Final = tuple(_S[f"room {r + 1} processed"] for r in range(9))
_TILES_BEYOND: Final = tuple(_S[f"room {r + 1} tiles beyond {MAX_SLOT}"] for r in range(9))
_TILE: Final = tuple(tuple(_S[f"room {r + 1} tile {k + 1} laid"] for k in range(MAX_SLOT)) for r in range(9))
# within one tile place: laid, face down, unseen, suit (3), number, kind (4), monster (...), hp, status (...)
_T_DOWN: Final = 1
_T_UNSEEN: Final = 2
_T_SUIT: Final = 3
_T_NUMBER: Final = 6
_T_KIND: Final = 7
_T_MONSTER: Final = 7 + len(KIND_NAMES)
_T_HP: Final = _T_MONSTER + len(MONSTERS)
_T_STATUS: Final = _T_HP + 1
_ITEM_KIND: Final = KIND_NAMES.index("item")
_MONSTER: Final = {m: i for i, m in enumerate(MONSTERS)}
_N_MONSTERS: Final = len(MONSTERS)
_N_RINGS: Final = len(RINGS)
_PASSAGE: Final = _S["passage monster hp"] - len(MONSTERS)  # the one-hot's name is the flag's too: the flag is noted
_PASSAGE_FLAG: Final = _S["passage monster"]
_PILE: Final = _S["pile"]
_DISCARD: Final = _S["discard"]
_DISCARDED: Final = _S["discarded"]
_TURN: Final = _S["turn"]
_CONTINUES: Final = _S["continues"]
_OVER: Final = _S["over"]
_WON: Final = _S["won"]
_STATUS_BITS: Final = len(MON_STATUS_NAMES)


def _pattern(n: int, ones: Sequence[int]) -> memoryview:
    """``n`` float32 zeros with 1.0 at ``ones``: a run of the vector written by one slice."""
    a = array("f", bytes(4 * n))
    for i in ones:
        a[i] = 1.0
    return memoryview(a)


_ROWS_KNOWN: Final = (list(range(len(POTION_TILES))), list(range(len(SCROLL_TILES))))
"""``pot_row`` and ``scr_row`` with every link known, each appearance its own row (EZ, §7.26)."""
_KNOWN_ONEHOTS: Final = (
    _pattern(_POTION_IS[-1] + len(POTIONS) - _POTION_IS[0], [_POTION_IS[i] - _POTION_IS[0] + i for i in range(9)]),
    _pattern(_SCROLL_IS[-1] + len(SCROLLS) - _SCROLL_IS[0], [_SCROLL_IS[i] - _SCROLL_IS[0] + i for i in range(18)]),
)
_DOWN_PLACES: Final = tuple(
    _pattern(n * _TILE_WIDTH, [x for k in range(n) for x in (k * _TILE_WIDTH, k * _TILE_WIDTH + _T_DOWN)])
    for n in range(MAX_SLOT + 1))  # fmt: skip
"""The first ``n`` tile places of a room, each laid and face down (the places are consecutive)."""
assert all(_TILE[r][k] == _TILE[r][0] + k * _TILE_WIDTH for r in range(9) for k in range(MAX_SLOT))
_PC_BITS: Final = len(PC_STATUS_NAMES)
_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(i for i in range(9) if f >> i & 1) for f in range(1 << 9))
"""The bits set in a status word (the PC's 8, a monster's 9), in order."""
_ROOM_SPAN: Final = _LAB[1] - _LAB[0]
assert all(_LAB[r] == _LAB[0] + r * _ROOM_SPAN and _TILE[r][-1] + _TILE_WIDTH == _LAB[r] + _ROOM_SPAN for r in range(9))
_UNSEEN_ROOM: Final = [FACE_DOWN] * PER_ROOM
"""The tiles of a room not yet seen on this floor: its deal, face down."""
_SIZE: Final = _WON + 1
"""The vector's length (``won`` is its last feature)."""
BLANK: Final = bytes(_pattern(_SIZE, [
    _TILE[r][k] + x for r in range(9) for k in range(PER_ROOM) for x in (0, _T_DOWN)]))  # fmt: skip
"""The row both writers write over (:attr:`Features.blank`): zeros, but every room as a room not yet
seen shows (:data:`_UNSEEN_ROOM`, no labyrinth pair, no found end, not processed: its tiles laid
and face down). Most rooms of most steps are not yet seen: they are written by the caller's copy of
this row (the copy that zeroed the row before), and a room seen is written over its places."""
_DEAL_WIDTH: Final = PER_ROOM * _TILE_WIDTH
"""The tile places a room not yet seen fills in :data:`BLANK` (the first ones of the room)."""
_NO_DEAL: Final = _pattern(_DEAL_WIDTH, [])
"""Zeros over a room's :data:`_DEAL_WIDTH` places: a room seen clears the blank row's deal first."""


def _tile_seen(t: int, kind: int) -> memoryview:
    """The first places of a tile seen (laid, its suit, number and kind), written by one slice."""
    a = array("f", bytes(4 * _T_MONSTER))
    a[0] = a[_T_SUIT + suit(t)] = a[_T_KIND + kind] = 1.0
    a[_T_NUMBER] = number(t) / 9
    return memoryview(a)


_SEEN: Final = tuple(tuple(_tile_seen(t, kind) for kind in range(len(KIND_NAMES))) for t in range(len(TILE_NAMES)))
"""``_SEEN[tile][kind]``: a tile seen; a disguised mimic (D61, mN as sN) is ``_SEEN[18 + tile % 9][item]``."""


_HEAD_WIDTH: Final = _TILES_BEYOND[0] - _LAB[0]
"""The labyrinth pair, the found ends and the processed flag of a room, in a row."""
assert _FOUND[0] == _LAB[0] + len(LAB_NAMES) and _PROCESSED[0] + 1 == _TILES_BEYOND[0]


def _room_head(pair: tuple[int, int] | None, found: int, processed: bool) -> memoryview:
    a = array("f", bytes(4 * _HEAD_WIDTH))
    for t in pair or ():
        a[t] += 1.0
    for sd in _BITS[found]:
        a[len(LAB_NAMES) + sd] = 1.0
    if processed:
        a[_HEAD_WIDTH - 1] = 1.0
    return memoryview(a)


_LAB_PAIRS = [(a, b) for a in range(len(LAB_NAMES)) for b in range(len(LAB_NAMES))]
_ROOM_HEADS: Final = tuple(_room_head(pair, found, processed) for pair in (None, *_LAB_PAIRS) for found in range(16)
                    for processed in (False, True))  # fmt: skip
"""A room's head (:data:`_HEAD_WIDTH` places) by ``((pair[0] * 5 + pair[1] + 1 if pair else 0) * 16
+ found) * 2 + processed``: written by one slice."""
_MONSTER_PLACES: Final[dict[tuple[int, str, int, int], memoryview]] = {}
"""A seen monster's whole tile place (laid, suit, number, kind, the monster, its hp and statuses)
by (tile, monster, hp, statuses), as met (up to :data:`_MONSTER_PLACES_MAX`): written by one slice."""
_MONSTER_PLACES_MAX: Final = 1 << 13


def _monster_place(t: int, mon_id: str, hp: int, flags: int) -> memoryview:
    a = array("f", bytes(4 * _TILE_WIDTH))
    a[:_T_MONSTER] = array("f", _SEEN[t][K_MON].tobytes())
    _write_monster(a, _T_MONSTER, mon_id, hp, flags)
    return memoryview(a)


def _write_monster(out: Any, at: int, mon_id: str, hp: int, flags: int) -> None:
    out[at + _MONSTER[mon_id]] = 1.0
    out[at + _N_MONSTERS] = hp / 20
    if flags:
        status = at + _N_MONSTERS + 1
        for i in _BITS[flags]:
            out[status + i] = 1.0


def write(s: JongRogueState, player: int, out: Any) -> None:
    """:data:`solotable.core.features.StateWriter`: what :func:`encode` writes of ``s.observation()``,
    over :data:`BLANK` (the rooms not yet seen left as it shows them)."""
    out[_PHASE["chance" if s.table is not None else "over" if s.ended else s.mode.name]] = 1.0
    if s.ident and s.forced_bonus and s.victory_bonus:  # the options' "rules": EZ Plus (state.options)
        out[_PLUS] = 1.0
    if s.cont:
        out[_CONTINUE] = 1.0
    if s.forced_end_ok:
        out[_FORCED] = 1.0
    out[_LEVEL] = s.level / 10
    out[_XP] = s.xp / 100
    out[_HP] = s.hp / 50
    out[_MAX_HP] = s.maxhp / 50
    # the sheet: with a worn Ring of Add Strength (§7.22)
    out[_STR] = (s.eff_strength() if s.rings else s.strength) / 20
    out[_MAX_STR] = s.max_str / 20
    status = s.status
    if status:
        for i in _BITS[status]:
            out[_STATUS + i] = 1.0
    food = s.food
    if food == 0:
        out[_HUNGRY] = 1.0
    out[_GOLD] = s.gold / 100
    out[_FOOD] = food / 10
    out[_FLOOR] = s.floor / 20
    out[_DEEPEST] = s.deepest / 20
    if s.amulet:
        out[_STAIRS] = 1.0
        out[_AMULET] = 1.0
    weapons = s.weapons
    if len(weapons) > MAX_ITEMS:
        out[_WEAPONS_BEYOND] = (len(weapons) - MAX_ITEMS) / 4
    eq = s.weapon_eq
    for i in range(min(len(weapons), MAX_ITEMS)):  # (loops by index: no slice, no iterator, in C)
        w = weapons[i]
        at = _WEAPON[i]
        out[at + _WEAPON_KIND[w.kind]] = 1.0
        if w.known:
            if w.enchant:
                out[at + 4] = w.enchant / 3
            out[at + 5] = 1.0
            if w.cursed:
                out[at + 6] = 1.0
        if i == eq:
            out[at + 7] = 1.0
    if s.bow:
        out[_BOW] = 1.0
    missiles = s.missiles
    if missiles[0]:
        out[_MISSILE[0]] = 1.0
    if missiles[1]:
        out[_MISSILE[1]] = 1.0
    if missiles[2]:
        out[_MISSILE[2]] = 1.0
    armours = s.armours
    if len(armours) > MAX_ITEMS:
        out[_ARMOURS_BEYOND] = (len(armours) - MAX_ITEMS) / 4
    eq = s.armour_eq
    for i in range(min(len(armours), MAX_ITEMS)):
        a = armours[i]
        at = _ARMOUR[i]
        out[at + _ARMOUR_KIND[a.kind]] = 1.0
        if a.known:
            if a.enchant:
                out[at + 7] = a.enchant / 3
            out[at + 8] = 1.0
            if a.cursed:
                out[at + 9] = 1.0
        if a.protected:
            out[at + 10] = 1.0
        if i == eq:
            out[at + 11] = 1.0
    rings = s.rings
    if rings:
        if len(rings) > MAX_ITEMS:
            out[_RINGS_BEYOND] = (len(rings) - MAX_ITEMS) / 4
        for i in range(min(len(rings), MAX_ITEMS)):
            ring = rings[i]
            at = _RING[i]
            out[at] = 1.0
            if ring.kind is not None:
                out[at + 1 + _RING_KIND[ring.kind]] = 1.0
                if ring.cursed:
                    out[at + 1 + _N_RINGS] = 1.0
            if ring.hand:
                out[at + 2 + _N_RINGS] = 1.0
    potions = s.potions
    for i in range(len(potions)):
        n = potions[i]
        if n:
            out[_POTIONS + i] = n / 9
    scrolls = s.scrolls
    for i in range(len(scrolls)):
        n = scrolls[i]
        if n:
            out[_SCROLLS + i] = n / 9
    if s.pot_row == _ROWS_KNOWN[0]:  # every link known (EZ): the one-hots written at once
        out[_POTION_IS[0]:_POTION_IS[0] + len(_KNOWN_ONEHOTS[0])] = _KNOWN_ONEHOTS[0]
    else:
        for i, row in enumerate(s.pot_row):
            if row >= 0:
                out[_POTION_IS[i] + row] = 1.0
    if s.scr_row == _ROWS_KNOWN[1]:
        out[_SCROLL_IS[0]:_SCROLL_IS[0] + len(_KNOWN_ONEHOTS[1])] = _KNOWN_ONEHOTS[1]
    else:
        for i, row in enumerate(s.scr_row):
            if row >= 0:
                out[_SCROLL_IS[i] + row] = 1.0
    pos = s.pos
    out[_AT + pos] = 1.0
    if pos == PASSAGE:
        out[_FROM + s.pfrom] = 1.0
        out[_TO + neighbour(s.pfrom, s.side)] = 1.0
    else:
        out[_ROOM + s.room] = 1.0
        if pos == DOOR:
            out[_SIDE + s.side] = 1.0
    clair = status & CLAIR
    labs, founds, processeds, rooms = s.lab, s.found, s.processed, s.slots
    r = 0
    while r < 9:
        pair, found, processed, room = labs[r], founds[r], processeds[r], rooms[r]
        if pair is None and not found and not processed and not clair and room == _UNSEEN_ROOM:
            r += 1  # as the blank row shows it
            continue
        out[_TILE[r][0]:_TILE[r][0] + _DEAL_WIDTH] = _NO_DEAL  # (the blank row's deal cleared)
        lab = _LAB[r]
        out[lab:lab + _HEAD_WIDTH] = _ROOM_HEADS[
            ((pair[0] * 5 + pair[1] + 1 if pair is not None else 0) * 16 + found) * 2 + processed]
        if not room:
            r += 1
            continue
        if not clair and room.count(FACE_DOWN) == len(room) <= MAX_SLOT:  # (a floor's start: all face down)
            out[_TILE[r][0]:_TILE[r][0] + len(_DOWN_PLACES[len(room)])] = _DOWN_PLACES[len(room)]
            r += 1
            continue
        places = _TILE[r]
        k = 0
        for slot in room:
            kind = slot.kind
            if kind == K_GONE:
                continue
            if k >= MAX_SLOT:
                k += 1
                continue
            at = places[k]
            k += 1
            if not slot.up and not clair:
                out[at] = 1.0
                out[at + _T_DOWN] = 1.0
            elif kind != K_MON:
                out[at:at + _T_MONSTER] = _SEEN[slot.tile][kind]
            elif slot.flags & (M_INVIS | M_DISGUISED) and not clair:
                if slot.flags & M_INVIS:
                    out[at] = 1.0
                    out[at + _T_UNSEEN] = 1.0
                else:  # D61: mN looks like sN
                    out[at:at + _T_MONSTER] = _SEEN[18 + slot.tile % 9][_ITEM_KIND]
            else:
                key = (slot.tile, slot.monster.id, slot.hp, slot.flags)  # type: ignore[union-attr]
                place = _MONSTER_PLACES.get(key)
                if place is None:
                    place = _monster_place(*key)
                    if len(_MONSTER_PLACES) < _MONSTER_PLACES_MAX:
                        _MONSTER_PLACES[key] = place
                out[at:at + _TILE_WIDTH] = place
        if k > MAX_SLOT:
            out[_TILES_BEYOND[r]] = (k - MAX_SLOT) / 4
        r += 1
    pmon = s.pmon
    if pmon is not None:
        _write_monster(out, _PASSAGE, pmon.mon.id, pmon.hp, pmon.flags)
        out[_PASSAGE_FLAG] = 1.0
    out[_PILE] = s.pile_n / 108
    discard_n = s.discard_n
    if discard_n:
        out[_DISCARD] = discard_n / 108
        discard = s.discard
        for t in range(len(discard)):
            c = discard[t]
            if c:
                out[_DISCARDED + t] = c / 4
    out[_TURN] = s.turn / 500
    if s.continues:
        out[_CONTINUES] = s.continues / 5
    if s.ended:
        out[_OVER] = 1.0
        if s.won:
            out[_WON] = 1.0



# -- the same vector for the interpreter: fewer bytecodes where the compiled loops cost nothing -----

_COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""This module runs compiled (``SOLOTABLE_MYPYC=1``): :func:`write` loops by index, which C runs for
nothing; the interpreter runs :func:`write_py` (the same vector), where a store of one float costs
less than a slice copied in from a pattern (a memoryview and a slice object made each time), but
for a tile seen: its four places (laid, suit, number, kind) cost 3% of the writer more as stores
than as one slice of its pattern (:data:`_SEEN`)."""
_PHASE_CHANCE: Final = _PHASE["chance"]
_PHASE_OVER: Final = _PHASE["over"]
_MODE_PHASE: Final = {mode: _PHASE[mode.name] for mode in MODES}
"""The phase one-hot's place of each decision mode (found by the phase object's identity)."""
_N_LAB: Final = len(LAB_NAMES)
_PROCESSED_AT: Final = _HEAD_WIDTH - 1
_TILE_NUMBERS: Final = tuple(range(len(TILE_NAMES)))


def write_py(s: JongRogueState, player: int, out: Any) -> None:
    """:func:`write` for the interpreter (the same vector, checked by the tests): a room's head and
    the sheet written a float at a time (a tile seen by one slice of its pattern), loops over the
    items themselves, none over a list of zeros; over :data:`BLANK`, as :func:`write`."""
    ended = s.phase is OVER or s.cause == "victory"  # (s.ended, without its two property calls)
    if s.table is not None:
        out[_PHASE_CHANCE] = 1.0
    elif ended:
        out[_PHASE_OVER] = 1.0
    else:
        mode = s.mode
        at = _MODE_PHASE.get(mode)
        out[_PHASE[mode.name] if at is None else at] = 1.0
    if s.ident and s.forced_bonus and s.victory_bonus:  # the options' "rules": EZ Plus (state.options)
        out[_PLUS] = 1.0
    if s.cont:
        out[_CONTINUE] = 1.0
    if s.forced_end_ok:
        out[_FORCED] = 1.0
    out[_LEVEL] = s.level / 10
    out[_XP] = s.xp / 100
    out[_HP] = s.hp / 50
    out[_MAX_HP] = s.maxhp / 50
    out[_STR] = (s.eff_strength() if s.rings else s.strength) / 20  # with a worn Ring of Add Strength (§7.22)
    out[_MAX_STR] = s.max_str / 20
    status = s.status
    if status:
        for i in _BITS[status]:
            out[_STATUS + i] = 1.0
    food = s.food
    if food == 0:
        out[_HUNGRY] = 1.0
    out[_GOLD] = s.gold / 100
    out[_FOOD] = food / 10
    out[_FLOOR] = s.floor / 20
    out[_DEEPEST] = s.deepest / 20
    if s.amulet:
        out[_STAIRS] = 1.0
        out[_AMULET] = 1.0
    weapons = s.weapons
    if len(weapons) > MAX_ITEMS:
        out[_WEAPONS_BEYOND] = (len(weapons) - MAX_ITEMS) / 4
        weapons = weapons[:MAX_ITEMS]
    eq = s.weapon_eq
    for i, w in enumerate(weapons):
        at = _WEAPON[i]
        out[at + _WEAPON_KIND[w.kind]] = 1.0
        if w.known:
            if w.enchant:
                out[at + 4] = w.enchant / 3
            out[at + 5] = 1.0
            if w.cursed:
                out[at + 6] = 1.0
        if i == eq:
            out[at + 7] = 1.0
    if s.bow:
        out[_BOW] = 1.0
    m0, m1, m2 = s.missiles
    if m0:
        out[_MISSILE[0]] = 1.0
    if m1:
        out[_MISSILE[1]] = 1.0
    if m2:
        out[_MISSILE[2]] = 1.0
    armours = s.armours
    if len(armours) > MAX_ITEMS:
        out[_ARMOURS_BEYOND] = (len(armours) - MAX_ITEMS) / 4
        armours = armours[:MAX_ITEMS]
    eq = s.armour_eq
    for i, a in enumerate(armours):
        at = _ARMOUR[i]
        out[at + _ARMOUR_KIND[a.kind]] = 1.0
        if a.known:
            if a.enchant:
                out[at + 7] = a.enchant / 3
            out[at + 8] = 1.0
            if a.cursed:
                out[at + 9] = 1.0
        if a.protected:
            out[at + 10] = 1.0
        if i == eq:
            out[at + 11] = 1.0
    rings = s.rings
    if rings:
        if len(rings) > MAX_ITEMS:
            out[_RINGS_BEYOND] = (len(rings) - MAX_ITEMS) / 4
            rings = rings[:MAX_ITEMS]
        for i, ring in enumerate(rings):
            at = _RING[i]
            out[at] = 1.0
            if ring.kind is not None:
                out[at + 1 + _RING_KIND[ring.kind]] = 1.0
                if ring.cursed:
                    out[at + 1 + _N_RINGS] = 1.0
            if ring.hand:
                out[at + 2 + _N_RINGS] = 1.0
    potions = s.potions
    if any(potions):
        for i in compress(_TILE_NUMBERS, potions):  # (the appearances held, found in C)
            out[_POTIONS + i] = potions[i] / 9
    scrolls = s.scrolls
    if any(scrolls):
        for i in compress(_TILE_NUMBERS, scrolls):
            out[_SCROLLS + i] = scrolls[i] / 9
    if s.pot_row == _ROWS_KNOWN[0]:  # every link known (EZ): the one-hots written at once
        out[_POTION_IS[0]:_POTION_IS[0] + len(_KNOWN_ONEHOTS[0])] = _KNOWN_ONEHOTS[0]
    else:
        for i, row in enumerate(s.pot_row):
            if row >= 0:
                out[_POTION_IS[i] + row] = 1.0
    if s.scr_row == _ROWS_KNOWN[1]:
        out[_SCROLL_IS[0]:_SCROLL_IS[0] + len(_KNOWN_ONEHOTS[1])] = _KNOWN_ONEHOTS[1]
    else:
        for i, row in enumerate(s.scr_row):
            if row >= 0:
                out[_SCROLL_IS[i] + row] = 1.0
    pos = s.pos
    out[_AT + pos] = 1.0
    if pos == PASSAGE:
        out[_FROM + s.pfrom] = 1.0
        out[_TO + neighbour(s.pfrom, s.side)] = 1.0
    else:
        out[_ROOM + s.room] = 1.0
        if pos == DOOR:
            out[_SIDE + s.side] = 1.0
    clair = status & CLAIR
    r = -1
    for pair, found, processed, room in zip(s.lab, s.found, s.processed, s.slots):  # noqa: B905 - 9 each
        r += 1
        if pair is None and not found and not processed and not clair and room == _UNSEEN_ROOM:
            continue  # as the blank row shows it
        out[_TILE[r][0]:_TILE[r][0] + _DEAL_WIDTH] = _NO_DEAL  # (the blank row's deal cleared)
        lab = _LAB[r]
        if pair is not None:
            p0, p1 = pair
            if p0 == p1:
                out[lab + p0] = 2.0
            else:
                out[lab + p0] = 1.0
                out[lab + p1] = 1.0
        if found:
            for sd in _BITS[found]:
                out[lab + _N_LAB + sd] = 1.0
        if processed:
            out[lab + _PROCESSED_AT] = 1.0
        if not room:
            continue
        if not clair and room.count(FACE_DOWN) == len(room) <= MAX_SLOT:  # (a floor's start: all face down)
            out[_TILE[r][0]:_TILE[r][0] + len(_DOWN_PLACES[len(room)])] = _DOWN_PLACES[len(room)]
            continue
        places = _TILE[r]
        k = 0
        for slot in room:
            kind = slot.kind
            if kind == K_GONE:
                continue
            if k >= MAX_SLOT:
                k += 1
                continue
            at = places[k]
            k += 1
            if not slot.up and not clair:
                out[at] = 1.0
                out[at + _T_DOWN] = 1.0
                continue
            flags = slot.flags
            if kind == K_MON and flags & (M_INVIS | M_DISGUISED) and not clair:
                if flags & M_INVIS:
                    out[at] = 1.0
                    out[at + _T_UNSEEN] = 1.0
                else:  # D61: mN looks like sN
                    out[at:at + _T_MONSTER] = _SEEN[18 + slot.tile % 9][_ITEM_KIND]
                continue
            out[at:at + _T_MONSTER] = _SEEN[slot.tile][kind]
            if kind == K_MON:
                out[at + _T_MONSTER + _MONSTER[slot.monster.id]] = 1.0  # type: ignore[union-attr]
                out[at + _T_HP] = slot.hp / 20
                if flags:
                    for i in _BITS[flags]:
                        out[at + _T_STATUS + i] = 1.0
        if k > MAX_SLOT:
            out[_TILES_BEYOND[r]] = (k - MAX_SLOT) / 4
    pmon = s.pmon
    if pmon is not None:
        _write_monster(out, _PASSAGE, pmon.mon.id, pmon.hp, pmon.flags)
        out[_PASSAGE_FLAG] = 1.0
    out[_PILE] = s.pile_n / 108
    discard_n = s.discard_n
    if discard_n:
        out[_DISCARD] = discard_n / 108
        discard = s.discard
        for t in compress(_TILE_NUMBERS, discard):  # (the kinds discarded, found in C)
            out[_DISCARDED + t] = discard[t] / 4
    out[_TURN] = s.turn / 500
    if s.continues:
        out[_CONTINUES] = s.continues / 5
    if ended:
        out[_OVER] = 1.0
        if s.won:
            out[_WON] = 1.0

_SLOT_ACTIONS: Final = frozenset({"attack", "pick", "hit", "shoot", "read"})
_KIND: Final = attrgetter("kind")


def notations(state: State, legal: Sequence[Action]) -> list[str]:
    """The catalogue's notation of each legal action: a slot is renumbered by its place in the
    room's list of tiles (a slot not listed, past :data:`MAX_SLOT`, gets a notation outside the
    catalogue)."""
    assert isinstance(state, JongRogueState)
    out = list(map(notation, legal))
    if state.pos == PASSAGE:  # in a passage: only the passage monster (0) is a target
        return _renumbered(legal, out, {})
    slots = state.slots[state.room]
    for s in slots:  # (a loop in C in the compiled build: most rooms have no gone tile)
        if s.kind == K_GONE:
            break
    else:
        return out  # every tile listed at its own number: the game's notations are the catalogue's
    kinds = tuple(map(_KIND, slots))
    # the same notations in a room with its gone tiles at the same places: the same renumbering
    key = (tuple(out), kinds)
    known = _RENUMBERED.get(key)
    if known is not None:
        return list(known)
    # the room's tiles still there (those of its observation), in their order
    here = [k for k, kind in enumerate(kinds, 1) if kind != K_GONE]
    out = _renumbered(legal, out, dict(zip(here, range(1, len(here) + 1), strict=True)))
    if len(_RENUMBERED) < _RENUMBERED_MAX:
        _RENUMBERED[key] = tuple(out)
    return out


def _renumbered(legal: Sequence[Action], out: list[str], listed: dict[int, int]) -> list[str]:
    """``out`` (the notations of ``legal``) with each slot target renumbered by ``listed`` (the
    game's slot number: its place among the tiles listed)."""
    for j, a in enumerate(legal):
        name = a.name
        if name not in _SLOT_ACTIONS:
            continue
        args = a.args
        k = 1 if name == "read" else 0
        if len(args) <= k:
            continue
        slot = args[k]
        if isinstance(slot, int) and slot > 0:
            new = listed.get(slot, 0) or f"slot{slot}"  # not listed: outside the catalogue
            key = (out[j], new)
            text = _TARGETS.get(key)
            if text is None:
                renumbered = list(args)
                renumbered[k] = new
                text = str(Action(name, *renumbered))
                if len(_TARGETS) < _RENUMBERED_MAX:
                    _TARGETS[key] = text
            out[j] = text
    return out


_RENUMBERED: dict[tuple[tuple[str, ...], tuple[int, ...]], tuple[str, ...]] = {}
"""The catalogue's notations of a list of legal notations in a room with gone tiles (by the kinds
of its tiles, in their order), as met: the renumbering is a function of the two."""
_TARGETS: dict[tuple[str, int | str], str] = {}
"""The notation of a slot action (by its own notation) with its target renumbered, as met."""
_RENUMBERED_MAX: Final = 1 << 14


def progress(obs: Mapping[str, Any]) -> float:
    """The deepest floor reached, over the 10 floors below the first."""
    return (float(obs["sheet"]["deepest"]) - 1.0) / 10.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    write=write if _COMPILED else write_py,
    blank=BLANK,
    progress=progress,
    max_chance_outcomes=27,  # a tile of 27 kinds
    max_game_length=100_000,
    notations=notations,
)
