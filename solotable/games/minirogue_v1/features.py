"""Mini Rogue v1.2.1's numeric view for learning agents (:class:`solotable.core.features.Features`):
the action catalogue, the observation vector's layout, progress and the limits OpenSpiel asks for.

The vocabularies come from the game's own data (:mod:`.data`): room cards, spells, wares, traps,
difficulties; the phases are the game's decision and chance phases by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from solotable.core.features import Features, Writer, group_starts

from . import GAME
from .data import BOSS, ROOM_CARDS, SPELLS, data
from .rules import CHOOSE, MONSTER_HP
from .state import FOE_BOSS, FOE_EVENT, MISS, NO_FOE, STATUS_NAMES, MiniRogueState

D: Final = data()
WARES: Final[tuple[str, ...]] = tuple(D.wares)
TRAPS: Final[tuple[str, ...]] = D.trap_results
DIFFICULTIES: Final[tuple[str, ...]] = D.difficulty_order
MAX_DICE: Final = len(D.xp_to_next) + 1  # one combat die per rank
PHASES = (
    "reveal", "monster_hp", "treasure_gate", "item_roll", "event_roll", "event_skill", "trap_roll",
    "trap_skill", "attack_roll", "crit_roll", "feat_roll", "choose", "pre_room", "merchant", "rest",
    "event_check", "event_shift", "crit", "feat", "spell", "spell_discard", "over",
)  # fmt: skip
FOES: Final = ("monster", "boss", "event_monster")


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


# -- the fast path: the same vector, straight from the state ---------------------------------------

_S: Final = group_starts(encode, GAME.new_state(seed=0).observation(0), np.zeros(4096, dtype=np.float32))
_DIFFICULTY: Final = {d: _S["difficulty"] + i for i, d in enumerate(DIFFICULTIES)}
_PHASE: Final = {p: _S["phase"] + i for i, p in enumerate(PHASES)}
_KEYS: Final = _S["keys variant"]
_HP: Final = _S["hp"]
_ARMOR: Final = _S["armor"]
_GOLD: Final = _S["gold"]
_FOOD: Final = _S["food"]
_RANK: Final = _S["rank"]
_XP: Final = _S["xp"]
_XP_NEXT: Final = _S["xp to next rank"]
_SPELLS: Final = _S["spells"]
_KEY: Final = _S["key held"]
_AREA: Final = _S["area"]
_LEVEL: Final = _S["level"]
_BOSS_AREA: Final = _S["boss area"]
_BOSSES: Final = _S["bosses slain"]
_DEFEATED: Final = _S["monster defeated here"]
_SLOTS: Final = tuple(2 if col in (1, 3) else 1 for col in range(5))
_CURRENT: Final = tuple(_S[f"column {col + 1} current"] for col in range(5))
_CARD: Final = tuple(
    tuple(_S[f"column {col + 1} card {k + 1} in play"] for k in range(_SLOTS[col])) for col in range(5)
)
"""Per column and slot, where its four groups start (in play, the card's one-hot, chosen, reachable)."""
_CHOSEN: Final = len(ROOM_CARDS) + 2  # after "in play" and the one-hot of the cards and the boss
_UNREVEALED: Final = _S["unrevealed"]
_COMBAT: Final = _S["combat"]
_FOE: Final = _S["combat foe"]
_FOE_HP: Final = _S["combat foe hp"]
_FOE_MAX: Final = _S["combat foe max hp"]
_HP_TO_ROLL: Final = _S["combat foe hp to roll"]
_FOE_DAMAGE: Final = _S["combat foe damage"]
_POISON: Final = _S["combat poison"]
_ICE: Final = _S["combat ice"]
_DAMAGE_NOW: Final = _S["combat damage now"]
_DIE: Final = tuple(_S[f"die {i + 1} rolled"] for i in range(MAX_DICE))
_EVENT: Final = _S["event roll"]
_TRAP: Final = _S["trap"]
_PENDING: Final = _S["pending spell"]
_SCORE: Final = _S["score"]
_OVER: Final = _S["over"]
_WON: Final = _S["won"]
_SPELL_AT: Final = {sp: _SPELLS + i for i, sp in enumerate(SPELLS)}
_PENDING_AT: Final = {sp: _PENDING + i for i, sp in enumerate(SPELLS)}
_LAST_AREAS: Final = D.last_area_of_level
_XP_TO_NEXT: Final = D.xp_to_next
_CAP_RANK: Final = D.cap_rank


_COLUMNS: Final = _CURRENT[0]
_COLUMNS_END: Final = _UNREVEALED + len(ROOM_CARDS)
"""The columns' features and the cards not turned up yet (from ``_COLUMNS`` to ``_COLUMNS_END``):
written in one piece, kept per layout."""
ColumnsKey = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int, bool, bool, bool]
"""What the columns' features depend on: the cards turned up, chosen and not turned up yet, the
column reached, the game over, the choice of a pair on offer, a boss area."""
_BLOCKS: Final[dict[ColumnsKey, memoryview[float]]] = {}
"""The columns' features of each layout met (a few thousand in a game's life: the cards of an area
turned up column by column), shared by every game of the process."""
_KEEP: Final = 1 << 14
"""Blocks kept at most, of each kind (under 1 kB each); past it a block is built each time."""


def _columns_block(key: ColumnsKey) -> memoryview[float]:
    """The columns' features of ``key`` (current column, each card's place: in play, which card,
    chosen, still reachable) as float32 numbers, kept in :data:`_BLOCKS` while there is room."""
    revealed, chosen, remaining, col_now, over, choosing, boss_area = key
    out = np.zeros(_COLUMNS_END - _COLUMNS, dtype=np.float32)
    for c in range(5 if boss_area else 4):
        here = c == col_now
        if here and not over:
            out[_CURRENT[c] - _COLUMNS] = 1.0
        shown = revealed[c]
        n_up = len(shown)
        pick = chosen[c]
        ahead = not over and c >= col_now  # a card of this column may still be reached
        for k, start in enumerate(_CARD[c]):
            at = start - _COLUMNS
            out[at] = 1.0
            if k < n_up:  # face up
                card = shown[k]
                out[at + 1 + card] = 1.0
                picked = pick == card
                if picked:
                    out[at + _CHOSEN] = 1.0
                if ahead and (not here or picked or choosing):
                    out[at + _CHOSEN + 1] = 1.0
            elif ahead:
                out[at + _CHOSEN + 1] = 1.0
    for card in range(len(ROOM_CARDS)):
        if remaining >> card & 1:
            out[_UNREVEALED - _COLUMNS + card] = 1.0
    block = memoryview(out.tobytes()).cast("f")
    if len(_BLOCKS) < _KEEP:
        _BLOCKS[key] = block
    return block


_DICE: Final = _DIE[0]
_DICE_END: Final = _DAMAGE_NOW + 1
"""The dice's features and the damage they deal now: written in one piece, kept per roll."""
DiceKey = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]
"""The dice's values, statuses and feats used."""
_DICE_BLOCKS: Final[dict[DiceKey, memoryview[float]]] = {}
"""The dice's features of each roll met, shared by every game of the process."""


def _dice_block(key: DiceKey) -> memoryview[float]:
    """The dice's features of ``key`` (each die rolled, its value, status and feat used; the damage
    dealt now) as float32 numbers, kept in :data:`_DICE_BLOCKS` while there is room."""
    out = np.zeros(_DICE_END - _DICE, dtype=np.float32)
    now = 0
    for i, (v, st, feat) in enumerate(zip(*key, strict=True)):
        at = _DIE[i] - _DICE
        out[at] = 1.0
        out[at + 1] = v / 24
        out[at + 2 + st] = 1.0
        if feat:
            out[at + 5] = 1.0
        if st != MISS:
            now += v
    out[_DAMAGE_NOW - _DICE] = now / 24
    block = memoryview(out.tobytes()).cast("f")
    if len(_DICE_BLOCKS) < _KEEP:
        _DICE_BLOCKS[key] = block
    return block


class _Written:
    """What the writer last wrote into one row: the columns' key and block, the dice's and theirs.
    The tuples of the state (``revealed``, ``chosen``, ``dice``, ...) are replaced whole when they
    change, so the same objects mean the same block: found by identity, without hashing the key."""

    __slots__ = ("block", "chosen", "col", "dfeat", "dice", "dice_block", "dstat", "flags", "remaining", "revealed")

    def __init__(self) -> None:
        self.revealed: tuple[tuple[int, ...], ...] | None = None
        self.chosen: tuple[int, ...] | None = None
        self.remaining = -1
        self.col = -2
        self.flags = -1
        self.block: memoryview[float] | None = None
        self.dice: tuple[int, ...] | None = None
        self.dstat: tuple[int, ...] | None = None
        self.dfeat: tuple[bool, ...] | None = None
        self.dice_block: memoryview[float] | None = None


_WRITTEN: Final[dict[int, _Written]] = {}
"""Per row (by ``id(out)``: a hint, each block checked against the state before it is used), what
was written into it last: a table's row is written at every step, mostly with the same columns."""
_COLUMNS_SLICE: Final = slice(_COLUMNS, _COLUMNS_END)
_DICE_SLICE: Final = slice(_DICE, _DICE_END)


_QUOTIENTS: Final[tuple[tuple[object, ...], ...]] = tuple(
    tuple(v / d for v in range(256 if d == 100 else 64)) if d in (4, 5, 6, 10, 14, 18, 20, 30, 100) else ()
    for d in range(101)
)
"""``_QUOTIENTS[d][v]`` is ``v / d`` for the scales the writer uses (``v`` below 64, below 256 for
the score's 100), made once: the compiled build would make a float object at each store of one."""


def _q(v: int, d: int) -> object:
    """``v / d``, the float kept in :data:`_QUOTIENTS` where there is one (the same number)."""
    row = _QUOTIENTS[d]
    if 0 <= v < len(row):
        return row[v]
    return v / d


def write(s: MiniRogueState, player: int, out: Any) -> None:
    """:data:`solotable.core.features.StateWriter`: what :func:`encode` writes of ``s.observation()``."""
    phase = s.phase
    pname = phase.name
    out[_DIFFICULTY[s.difficulty]] = 1.0
    if s.keys:
        out[_KEYS] = 1.0
        if s.key_held:
            out[_KEY] = 1.0
    out[_PHASE[pname]] = 1.0
    if s.hp:  # (a zero is not stored: the row is zeroed before the writer runs)
        out[_HP] = _q(s.hp, 20)
    if s.armor:
        out[_ARMOR] = _q(s.armor, 5)
    if s.gold:
        out[_GOLD] = _q(s.gold, 20)
    if s.food:
        out[_FOOD] = _q(s.food, 6)
    out[_RANK] = _q(s.rank, 4)
    if s.xp:
        out[_XP] = _q(s.xp, 18)
    if s.rank < _CAP_RANK:
        out[_XP_NEXT] = _q(_XP_TO_NEXT[s.rank - 1], 18)
    for spell in s.spells:
        out[_SPELL_AT[spell]] += 0.5
    area = s.area
    out[_AREA] = _q(area, 14)
    out[_LEVEL] = _q(s.level, 5)
    boss_area = area in _LAST_AREAS
    if boss_area:
        out[_BOSS_AREA] = 1.0
    if s.bosses:
        out[_BOSSES] = _q(s.bosses, 5)
    if s.monster_defeated:
        out[_DEFEATED] = 1.0
    over = s.over
    written = _WRITTEN.get(id(out))
    if written is None:
        if len(_WRITTEN) >= _KEEP:
            _WRITTEN.clear()
        written = _WRITTEN[id(out)] = _Written()
    revealed, chosen, remaining, col = s.revealed, s.chosen, s.remaining, s.col
    flags = over + 2 * (phase is CHOOSE) + 4 * boss_area
    block = written.block
    if (block is None or written.revealed is not revealed or written.chosen is not chosen
            or written.remaining != remaining or written.col != col or written.flags != flags):  # fmt: skip
        key = (revealed, chosen, remaining, col, over, phase is CHOOSE, boss_area)
        block = _BLOCKS.get(key)
        if block is None:
            block = _columns_block(key)
        written.revealed, written.chosen, written.remaining, written.col = revealed, chosen, remaining, col
        written.flags = flags
        written.block = block
    out[_COLUMNS_SLICE] = block
    if s.foe != NO_FOE:
        out[_COMBAT] = 1.0
        out[_FOE + (1 if s.foe == FOE_BOSS else 2 if s.foe == FOE_EVENT else 0)] = 1.0
        if phase is MONSTER_HP:
            out[_HP_TO_ROLL] = 1.0
        else:
            if s.foe_hp:
                out[_FOE_HP] = _q(s.foe_hp, 30)
            if s.foe_max_hp:
                out[_FOE_MAX] = _q(s.foe_max_hp, 30)
        if s.foe_damage:
            out[_FOE_DAMAGE] = _q(s.foe_damage, 10)
        poison = s.poison + s.poison_new
        if poison:
            out[_POISON] = _q(poison, 5)
        if s.ice:
            out[_ICE] = 1.0
        dice_block = written.dice_block
        if (dice_block is None or written.dice is not s.dice or written.dstat is not s.dstat
                or written.dfeat is not s.dfeat):  # fmt: skip
            dice = (s.dice, s.dstat, s.dfeat)
            dice_block = _DICE_BLOCKS.get(dice)
            if dice_block is None:
                dice_block = _dice_block(dice)
            written.dice, written.dstat, written.dfeat = dice
            written.dice_block = dice_block
        out[_DICE_SLICE] = dice_block
    if s.event_roll and pname.startswith("event"):
        out[_EVENT + s.event_roll - 1] = 1.0
    if s.trap and pname.startswith("trap"):
        out[_TRAP + s.trap - 1] = 1.0
    if s.pending_spell:
        out[_PENDING_AT[s.pending_spell]] = 1.0
    score = s.score()
    if score:
        out[_SCORE] = _q(score, 100)
    if over:
        out[_OVER] = 1.0
    if s.won:
        out[_WON] = 1.0


def progress(obs: Mapping[str, Any]) -> float:
    """The score (§7) over 100."""
    return float(obs["score"]) / 100.0


FEATURES = Features(
    catalogue=_catalogue(),
    encode=encode,
    write=write,
    progress=progress,
    max_chance_outcomes=126,  # 4 combat dice: 126 multisets
    max_game_length=5_000,
)
