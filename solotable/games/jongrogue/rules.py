"""The rules of JongRogue EZ / EZ Plus (shared/rules/jongrogue.md) as a state machine.

Chance is the pile (§2.4-§2.6): every tile drawn is a chance node over the tiles left in the
pile, each kind with probability count / size. The pile's order is never stored: a draw takes
a tile uniformly from those left (ruling P1), which is the distribution of a shuffled pile.

How the procedures run. Each decision runs the seed's procedure for that action straight
through, the trigger-table rows (§5) in order, as plain Python. When the procedure needs a
tile that has not been drawn yet, it stops (``NeedDraw``); the state becomes a chance node over
the pile as it stands at that point. When the outcome is played, the step is run again from
its start with the tiles drawn so far, and goes one draw further. A step therefore is one
decision followed by the chance nodes of its draws; nothing is stored but the tiles drawn.

Other chance nodes of the same kind: the labyrinth pair of a room, drawn from the labyrinth
set left when the room is first seen (``lab:T``); the hidden link row of a potion or scroll
appearance under the identification rule, drawn from the rows not yet revealed (``link:3``).
The 36 encounter tiles are drawn from the pile when laid face down; the state keeps them, the
observation shows them only once turned up (project ruling JR-P1).

Trigger-table rows are cited as ``# row N``; rulings of the reference as ``# D..``; project
rulings as ``# JR-P..`` (docs/rulings.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from solotable.core.chance import draw_table
from solotable.core.protocol import CHANCE, Action, ChanceTable, Event, IllegalAction, Result, State, legal_list

from .data import Monster, data
from .tiles import LAB_NAMES, SIDE_OF_WIND, SIDES, STAIRS, TILE_INDEX, TILE_NAMES, M, P, S, number, suit

if TYPE_CHECKING:
    from . import JongRogue

D = data()

# -- numbers from the data table (§7.1) -------------------------------------------------------
LEVEL_XP: tuple[int, ...] = tuple(D["level.xp_table"])
LEVEL_MAX = int(D["level.max"])
HP_A, HP_B = D["hp.max_by_level"]
REGEN_A, REGEN_B = D["hp.regen"]
STR_MIN, STR_MAX = D["str.range"]
ENCH_MIN, ENCH_MAX = D["item.enchant_range"]
WEAPON_DMG: dict[str, int] = dict(D["combat.weapon_damage"])
MISSILE_DMG: dict[str, int] = dict(D["combat.missile_damage"])
ARMOUR_VALUE: dict[str, int] = dict(D["combat.armour_value"])
POTIONS: tuple[str, ...] = tuple(D["item.potion_rows"])
SCROLLS: tuple[str, ...] = tuple(D["item.scroll_rows"])
RINGS: tuple[str, ...] = tuple(D["item.ring_table"])
MISSILES = ("arrows", "darts", "shuriken")
MELEE_WEAPONS = ("dagger", "mace", "long_sword", "two_handed_sword")
ARMOURS = ("leather", "ring_mail", "scale", "chain", "banded", "splint", "plate")
CARRY: dict[str, int] = dict(D["carry.limits"])

# Positions.
ROOM, DOOR, PASSAGE = 0, 1, 2
# Phases: PLAY (free), THREAT (fight or flee), RANGED, MELEE, TURN_END (keep or flee),
# DEATH (continue or game over), OVER. START is the game start before its first draw.
# DISCARD: over the carry limits before the stairs, the PL discards (§7.25, row 40);
# IDENT: the identify scroll was read, the PL chooses what it identifies (§7.21 row 1, D63).
START, PLAY, THREAT, RANGED, MELEE, TURN_END, DEATH, OVER, DISCARD, IDENT = range(10)
PHASE_NAMES = ("start", "play", "threat", "ranged", "melee", "turn_end", "death", "over", "carry", "identify")
# Scroll rows that act on one monster the PL names before reading (§7.21, D63).
ONE_MONSTER_SCROLLS = frozenset(("haste_monster", "slow_monster", "confuse_monster", "monster_invisibility",
                                 "cancellation", "teleport_monster"))
# PC statuses (§7.16).
ASLEEP, CONFUSED, HELD, LEVIT, BLIND, CLAIR, AGGRAV, FROZEN = (1 << i for i in range(8))
PC_STATUS_NAMES = ("asleep", "confused", "held", "levitating", "blind", "clairvoyant", "aggravation", "frozen")
# Encounter-slot kinds and monster flags (§7.15).
K_MON, K_TRAP, K_GOLD, K_ITEM, K_GONE = range(5)
M_ASLEEP, M_DEEP, M_CONF, M_HASTE, M_SLOW, M_INVIS, M_CANCEL, M_SCARED, M_DISGUISED = (1 << i for i in range(9))
MON_STATUS_NAMES = ("asleep", "deep_asleep", "confused", "hasted", "slowed", "invisible", "cancelled", "scared",
                    "disguised")
# A slot: [tile, kind, face_up, hp, flags, counter, monster index (1..26, 0 none), processed-with-room]
TILE, KIND, UP, HP, FLAGS, COUNTER, MON = range(7)


class NeedDraw(Exception):
    def __init__(self, table: ChanceTable) -> None:
        self.table = table


class Died(Exception):
    def __init__(self, cause: str, monster: str = "") -> None:
        self.cause = cause
        self.monster = monster


class Won(Exception):
    pass


TILE_ACTIONS: tuple[Action, ...] = tuple(Action("tile", name) for name in TILE_NAMES)
LAB_ACTIONS: tuple[Action, ...] = tuple(Action("lab", name) for name in LAB_NAMES)


def _count_table(actions: tuple[Action, ...], counts: Sequence[int]) -> ChanceTable:
    """A draw from a pile of ``counts``: each kind with probability count / size."""
    return draw_table(actions, counts)


def tile_table(counts: Sequence[int]) -> ChanceTable:
    return _count_table(TILE_ACTIONS, counts)


@lru_cache(maxsize=256)
def lab_table(counts: tuple[int, ...]) -> ChanceTable:
    return _count_table(LAB_ACTIONS, counts)


@lru_cache(maxsize=256)
def link_table(rows: tuple[int, ...]) -> ChanceTable:
    return ChanceTable((Action("link", r + 1), Fraction(1, len(rows))) for r in rows)


def neighbour(room: int, side: int) -> int:
    """The room across wall ``side`` of ``room`` (0-8), or -1 on the outer wall (§7.3)."""
    row, col = divmod(room, 3)
    if side == 0:
        return room - 3 if row > 0 else -1
    if side == 1:
        return room + 1 if col < 2 else -1
    if side == 2:
        return room + 3 if row < 2 else -1
    return room - 1 if col > 0 else -1


def opposite(side: int) -> int:
    return (side + 2) % 4


def _ev(key: str, **params: str | int) -> Event:
    return Event("jr." + key, params)


def max_hp_of(level: int) -> int:
    return int(HP_A * level + HP_B)


def level_of_xp(xp: int) -> int:
    lv = 1
    for i, need in enumerate(LEVEL_XP):
        if xp >= need:
            lv = i + 1
    return min(lv, LEVEL_MAX)


_SCALARS = (
    "game", "seed", "ident", "forced_bonus", "victory_bonus", "cont", "quit_ok", "phase",
    "pile_n", "discard_n", "level", "xp", "hp", "maxhp", "strength", "max_str", "gold", "food", "floor",
    "deepest", "amulet", "status", "pos", "room", "side", "pfrom", "weapon_eq", "armour_eq", "bow",
    "turn", "shots", "continues", "cause", "killer", "won", "score", "forced", "restack_due", "lab_n",
    "_bi", "_pending", "_snap", "_table", "decisions", "frozen_at", "way", "ret_phase", "lead",
)
_LISTS = ("pile", "discard", "missiles", "potions", "scrolls", "pot_row", "scr_row", "lab_left", "found",
          "processed", "postponed", "_buf", "pot_known_rows", "scr_known_rows")


class JongRogueState(State):
    """A position of JongRogue EZ / EZ Plus. Mutable; ``clone()`` copies it cheaply."""

    __slots__ = (*_SCALARS, *_LISTS, "weapons", "armours", "rings", "lab", "slots", "pmon", "_events")

    # -- set-up ---------------------------------------------------------------------------------

    def __init__(self, game: JongRogue, seed: int | None, ident: bool, forced_bonus: bool,
                 victory_bonus: bool, cont: bool, quit_ok: bool = True) -> None:
        self.game = game
        self.seed = seed
        self.ident = ident
        self.forced_bonus = forced_bonus
        self.victory_bonus = victory_bonus
        self.cont = cont
        self.quit_ok = quit_ok
        copies = int(D["pile.copies_plus_id"] if ident else D["pile.copies_ez"])  # §2.8, D1, D2
        self.pile = [copies] * 27
        self.pile_n = 27 * copies
        self.discard = [0] * 27
        self.discard_n = 0
        # Character sheets A and B (§3.2) [SEED]
        self.level = 1
        self.xp = 0
        self.maxhp = max_hp_of(1)
        self.hp = int(D["hp.start"])
        self.strength = int(D["str.start"])
        self.max_str = self.strength
        self.gold = 0
        self.food = int(D["food.start"])
        self.floor = 1
        self.deepest = 1
        self.amulet = False  # the stairs plate shows East until the Amulet is held (§7.27)
        self.status = 0
        # Equipment [SEED]: mace equipped, bow and arrows carried, ring mail worn; +0, known.
        # weapon: [kind, enchantment, cursed, known]; armour: [kind, ench, cursed, known, protected]
        # ring: [kind index or -1 unknown, cursed, worn hand (0 none, 1 left, 2 right)]
        self.weapons: list[list[Any]] = [["mace", 0, 0, 1]]
        self.weapon_eq = 0
        self.bow = True
        self.missiles = [1, 0, 0]
        self.armours: list[list[Any]] = [["ring_mail", 0, 0, 1, 0]]
        self.armour_eq = 0
        self.rings: list[list[int]] = []
        self.potions = [0] * 9  # count per appearance s1..s9
        self.scrolls = [0] * 18  # per appearance m1..m9, p1..p9
        # Identification (§7.26): appearance -> row (0-based) or -1 while the link is hidden.
        self.pot_row = list(range(9)) if not ident else [-1] * 9
        self.scr_row = list(range(18)) if not ident else [-1] * 18
        self.pot_known_rows = [1] * 9 if not ident else [0] * 9
        self.scr_known_rows = [1] * 18 if not ident else [0] * 18
        self.phase = START
        self.pos = ROOM
        self.room = 0
        self.side = 0
        self.pfrom = 0
        self.turn = 0
        self.shots = 0
        self.continues = 0
        self.cause = ""
        self.killer = ""
        self.won = False
        self.score = 0
        self.forced = False
        self.restack_due = False
        self.decisions = 0
        self.frozen_at = 0
        self.way = ""  # the stairs taken while the PL discards over the carry limits (DISCARD)
        self.ret_phase = PLAY  # the phase to go back to after the identify choice (IDENT)
        self.lead = -1  # room * 64 + slot index of the monster attacked asleep from a door (§7.11.1)
        self._reset_floor_fields()
        self.pmon: list[int] | None = None
        self._buf: list[Action] = []
        self._bi = 0
        self._pending: Action | None = None
        self._snap: JongRogueState | None = None
        self._table: ChanceTable | None = None
        self._events: list[Event] = []
        self._step(Action("start"), fresh=True)

    def _reset_floor_fields(self) -> None:
        self.lab: list[tuple[int, int] | None] = [None] * 9
        self.lab_left = [int(D["map.wind_copies"])] * 4 + [int(D["map.stairs_tiles"])]
        self.lab_n = sum(self.lab_left)
        self.found = [0] * 9  # bitmask of found hidden ends per room
        self.slots: list[list[list[int]]] = [[] for _ in range(9)]
        self.processed = [0] * 9
        self.postponed = [0] * 9

    # -- protocol plumbing -----------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self._table is not None:
            return CHANCE
        return None if self.phase == OVER else 0

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    def options(self) -> dict[str, Any]:
        plus = self.ident and self.forced_bonus and self.victory_bonus
        rules = "ez-plus" if plus else "ez"
        out: dict[str, Any] = {"rules": rules}
        for name, on in (("identification", self.ident), ("forced-end-bonus", self.forced_bonus),
                         ("victory-bonus", self.victory_bonus)):
            out[name] = "preset" if on == plus else ("on" if on else "off")
        out["continue"] = "allowed" if self.cont else "off"
        out["forced-end"] = "allowed" if self.quit_ok else "off"
        return out

    def clone(self) -> JongRogueState:
        new = JongRogueState.__new__(JongRogueState)
        for name in _SCALARS:
            object.__setattr__(new, name, getattr(self, name))
        for name in _LISTS:
            object.__setattr__(new, name, getattr(self, name)[:])
        new.weapons = [w[:] for w in self.weapons]
        new.armours = [a[:] for a in self.armours]
        new.rings = [r[:] for r in self.rings]
        new.lab = self.lab[:]
        new.slots = [[s[:] for s in room] for room in self.slots]
        new.pmon = self.pmon[:] if self.pmon is not None else None
        new._events = self._events
        return new

    def resample_hidden(self, rng: random.Random) -> JongRogueState:
        """A copy with the face-down encounter tiles redrawn (JR-P1: the PL does not see them).

        What the PL cannot tell apart is the pile together with the tiles lying face down on
        the map: both come from the tiles not seen (the discard pile is open). So the face-down
        tiles and the pile's contents are dealt again from that pool, uniformly. Everything else
        hidden is drawn lazily at chance nodes already (the pile order, the labyrinth pairs, the
        identification links). Under Clairvoyance every tile is shown: nothing is redrawn. Only a
        decision point is resampled (a step half-way through its draws is replayed from its
        start, which keeps the tiles it drew)."""
        new = self.clone()
        if self._table is not None or self.status & CLAIR:
            return new
        hidden = [(r, k) for r in range(9) for k, slot in enumerate(self.slots[r])
                  if not slot[UP] and slot[KIND] != K_GONE]
        if not hidden:
            return new
        pool = [t for t in range(27) for _ in range(self.pile[t])] + [self.slots[r][k][TILE] for r, k in hidden]
        rng.shuffle(pool)
        for (r, k), t in zip(hidden, pool, strict=False):
            new.slots[r][k] = new._new_slot(t)
        pile = [0] * 27
        for t in pool[len(hidden):]:
            pile[t] += 1
        new.pile = pile
        return new

    def _adopt(self, other: JongRogueState) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, getattr(other, name))

    def observation(self, player: int = 0) -> dict[str, Any]:
        from .view import observation

        return observation(self)

    def chance_table(self) -> ChanceTable:
        if self._table is None:
            raise IllegalAction("core.err.not_chance")
        return self._table

    def result(self) -> Result:
        details: dict[str, Any] = {
            "floor": self.floor, "deepest": self.deepest, "level": self.level, "xp": self.xp,
            "gold": self.gold, "continues": self.continues, "amulet": int(self.amulet),
            "cause": self.cause, "decisions": self.decisions,
        }
        if self.killer:
            details["killer"] = self.killer
        return Result(self.won, self.score, details)

    # -- the step machine (see the module docstring) ----------------------------------------------

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        if self._table is not None:
            if not trusted and action not in self._table:
                raise IllegalAction("core.err.not_outcome", action=str(action), legal=legal_list(self._table.actions))
            assert self._snap is not None and self._pending is not None
            buf = [*self._buf, action]
            base = self._snap
            pending = self._pending
            self._run(base, pending, buf)
            return
        if self.phase == OVER:
            raise IllegalAction("core.err.over")
        if not trusted and action not in self.legal_actions():
            raise IllegalAction("core.err.not_legal", action=str(action), legal=legal_list(self.legal_actions()))
        self.decisions += 1
        self._step(action, fresh=False)

    def _step(self, action: Action, fresh: bool) -> None:
        self._run(None, action, [])

    def _run(self, base: JongRogueState | None, action: Action, buf: list[Action]) -> None:
        """Run the step of ``action`` from ``base`` (None: from this state, a decision) with
        the outcomes ``buf`` drawn so far."""
        work = (base or self).clone()
        work._buf = buf
        work._bi = 0
        work._events = []
        work._table = None
        work._snap = None
        work._pending = None
        try:
            try:
                work._do(action)
                work._after_step()
            except Died as d:
                work._death(d)
            except Won:
                work._victory()
        except NeedDraw as nd:
            if base is None:
                base = self.clone()
            else:
                self._adopt(base)
            self._snap = base
            self._pending = action
            self._buf = buf
            self._table = nd.table
            self._events = []
            return
        self._adopt(work)

    # -- drawing tiles (§2.4-§2.6) ----------------------------------------------------------------

    def _outcome(self, make: Callable[[], ChanceTable]) -> str:
        """The next outcome of this step: played already (replay), or a new chance node."""
        if self._bi < len(self._buf):
            a = self._buf[self._bi]
            self._bi += 1
            return str(a.args[0])
        raise NeedDraw(make())

    def _take(self, face_down: bool = False) -> int:
        """Take the top tile of the pile (a chance node). The tile is in use: the caller
        discards it or places it. Returns -1 if pile and discard are both empty (§2.5 step 6)."""
        if self.pile_n == 0:
            return -1
        t = TILE_INDEX[self._outcome(lambda: tile_table(self.pile))]
        self.pile[t] -= 1
        self.pile_n -= 1
        if not face_down:  # a tile laid face down is not shown (JR-P1)
            self._events.append(_ev("ev.draw", tile=TILE_NAMES[t]))
        return t

    def _runout(self) -> None:
        """Row 41: the pile runs out. After: food check. After resolution: restack."""
        self._events.append(_ev("ev.pile_out"))
        self.restack_due = True
        self._food_check()
        self._restack()

    def _restack(self) -> None:
        if not self.restack_due:
            return
        self.restack_due = False
        for t in range(27):
            self.pile[t] += self.discard[t]
            self.discard[t] = 0
        self.pile_n += self.discard_n
        self.discard_n = 0
        self._events.append(_ev("ev.restack", n=self.pile_n))

    def _food_check(self) -> None:
        """§7.8: eat one meal; with none, starvation."""
        if self.phase == OVER:
            return
        if self.food <= int(D["food.starve"]):
            raise Died("starvation")
        self.food -= int(D["food.per_check"])
        self._events.append(_ev("ev.food_check", food=self.food))

    def draw(self, face_down: bool = False) -> int:
        """Draw one tile and keep it in use (the pile may run out: row 41)."""
        t = self._take(face_down)
        if t >= 0 and self.pile_n == 0:
            self._runout()
        return t

    def discard_tile(self, t: int) -> None:
        if t >= 0:
            self.discard[t] += 1
            self.discard_n += 1

    def check_tiles(self, n: int) -> list[int]:
        """The tiles of one check (§2.4): each is in use until the check is resolved, so a
        restack while it is drawn (§2.5 steps 3-4) leaves them out; then they are discarded.
        A missing tile (pile and discard empty, §2.5 step 6) is -1."""
        ts = []
        for _ in range(n):
            t = self._take()
            ts.append(t)
            if t >= 0 and self.pile_n == 0:
                self._runout()
        for t in ts:
            self.discard_tile(t)
        return ts

    def d9(self) -> int:
        """1d9: one tile, its number; discarded after the check (§2.4). A missing tile counts 1."""
        return self.dn(1)

    def d2(self) -> int:
        return self.dn(2)

    def dn(self, n: int) -> int:
        """nd9: the sum of n tiles."""
        return sum(number(t) if t >= 0 else 1 for t in self.check_tiles(n))

    def draw_until(self, pred: Callable[[int], bool]) -> int:
        """Draw until a tile of a kind appears (§2.6); -1 if the pile ran out first (ignored)."""
        while True:
            if self.pile_n == 0:
                return -1
            t = self._take()
            if pred(t):
                if self.pile_n == 0:
                    self._runout()
                return t
            self.discard_tile(t)
            if self.pile_n == 0:
                self._runout()
                self._events.append(_ev("ev.until_ignored"))
                return -1

    def pick(self, n: int) -> int:
        """Choose one of n options at random (§2.5 step 7, D56); 0-based."""
        if n <= 1:
            return 0
        if n <= int(D["pick.one_of_n"]):
            return (self.d9() - 1) % n
        a, b = (number(t) if t >= 0 else 1 for t in self.check_tiles(2))
        return (9 * (a - 1) + b - 1) % n

    def satiation(self) -> None:
        """Extra satiation cost (§7.4): discard the top tile unused; not with slow digestion."""
        if self.ring_on("slow_digestion"):
            return
        for _ in range(int(D["time.extra_satiation_tiles"])):
            t = self._take()
            self.discard_tile(t)
            if self.pile_n == 0:
                self._runout()

    # -- derived values ---------------------------------------------------------------------------

    def ring_on(self, kind: str) -> bool:
        k = RINGS.index(kind)
        return any(r[2] and r[0] == k for r in self.rings)

    def eff_strength(self) -> int:
        s = self.strength
        for r in self.rings:
            if r[2] and r[0] == RINGS.index("add_strength"):
                s += -1 if r[1] else 1
        return s

    def weapon(self) -> list[Any] | None:
        return self.weapons[self.weapon_eq] if self.weapon_eq >= 0 else None

    def armour(self) -> list[Any] | None:
        return self.armours[self.armour_eq] if self.armour_eq >= 0 else None

    def defence(self) -> int:
        a = self.armour()
        val = max(0, ARMOUR_VALUE[a[0]] + a[1]) if a else 0
        return val + self.level // int(D["combat.defence_level_div"])

    def monster(self, slot: list[int]) -> Monster:
        return D.monsters[slot[MON] - 1]

    def here(self) -> int:
        """The room the PC is in or at whose door it stands; -1 in a passage."""
        return -1 if self.pos == PASSAGE else self.room

    def doors(self, room: int) -> int:
        """Bitmask of sides with a door tile (§7.3)."""
        pair = self.lab[room]
        if pair is None:
            return 0
        m = 0
        for t in pair:
            if t != STAIRS:
                m |= 1 << SIDE_OF_WIND[t]
        return m

    def usable_sides(self, room: int) -> list[int]:
        """Usable doors of a room, in the order N, E, S, W (§7.3, D7)."""
        m = self.doors(room) | self.found[room]
        return [sd for sd in range(4) if m >> sd & 1 and neighbour(room, sd) >= 0]

    def has_stairs(self, room: int) -> bool:
        pair = self.lab[room]
        return pair is not None and STAIRS in pair

    def room_monsters(self, room: int) -> list[list[int]]:
        return [s for s in self.slots[room] if s[KIND] == K_MON]

    def revealed_monster(self, room: int, s: list[int]) -> bool:
        return bool(self.processed[room]) or s[UP] == 2  # 2: a tile added during the floor

    def threats(self) -> list[list[int]]:
        """Monsters that threaten the PC (§7.6)."""
        if self.pos == PASSAGE:
            p = self.pmon
            if p is not None and not p[FLAGS] & (M_ASLEEP | M_DEEP | M_SCARED):
                return [p]
            return []
        out = []
        for s in self.room_monsters(self.room):
            if not self.revealed_monster(self.room, s):
                continue
            if s[FLAGS] & (M_ASLEEP | M_DEEP | M_SCARED):
                continue
            if "stationary" in self.monster(s).abilities and self.pos != ROOM:
                continue
            out.append(s)
        return out

    def engaged(self) -> list[list[int]]:
        """Monsters that melee the PC: all in a room, one at a door or in a passage (D23)."""
        th = self.threats()
        if self.pos == ROOM:
            return th
        lead = self._lead_slot()
        if lead is not None and any(x is lead for x in th):
            # §7.11.1: a monster attacked asleep from a door is the first to melee the PC
            th = [lead, *(x for x in th if x is not lead)]
        return th[: int(D["combat.door_engage_max"])]

    def _lead_slot(self) -> list[int] | None:
        if self.lead < 0 or self.pos != DOOR:
            return None
        r, k = divmod(self.lead, 64)
        if r != self.room or k >= len(self.slots[r]):
            return None
        return self.slots[r][k]

    # -- game start, floor start (§3.1-§3.3) ------------------------------------------------------

    def _do(self, action: Action) -> None:
        name = action.name
        if name == "start":
            self._events.append(_ev("ev.start"))
            self._game_start_steps()
            return
        handler = getattr(self, "_act_" + name)
        handler(*action.args)

    def _game_start_steps(self) -> None:
        """Game Start steps 2-5 (§3.1): floor-start preparation, start room, encounter."""
        self._floor_prep()
        t = self._take()  # §6.2: the start room is the room numbered like the drawn tile
        start = number(t) - 1 if t >= 0 else 0
        self.discard_tile(t)
        if self.pile_n == 0:
            self._runout()
        self.pos = ROOM
        self.room = start
        self._events.append(_ev("ev.floor", floor=self.floor, room=start + 1))
        self._reveal_lab(start)
        self._place_inside(start)

    def _floor_prep(self) -> None:
        """§3.3: step 0 clears the last floor; the labyrinth set is mixed (drawn lazily when a
        room is seen, JR-P1) and 4 pile tiles go face down on each of the 9 rooms, in room order."""
        for room in self.slots:
            for s in room:
                if s[KIND] != K_GONE:
                    self.discard_tile(s[TILE])
        if self.pmon is not None:
            self.discard_tile(self.pmon[TILE])
            self.pmon = None
        self._restack()  # a restack left pending by a death at the food check (D59)
        self._reset_floor_fields()
        per_room = int(D["map.encounter_tiles_per_room"])
        for r in range(9):
            for _ in range(per_room):
                t = self.draw(face_down=True)
                if t < 0:
                    continue
                self.slots[r].append(self._new_slot(t))

    def _new_slot(self, t: int) -> list[int]:
        su, n = suit(t), number(t)
        if su == M:
            mon = D.monster_for(n, self.floor)
            return [t, K_MON, 0, mon.hp, 0, 0, mon.index]
        if su == P:
            return [t, K_TRAP if n <= 6 else K_GOLD, 0, 0, 0, 0, 0]
        return [t, K_ITEM, 0, 0, 0, 0, 0]

    def _reveal_lab(self, room: int) -> None:
        """Turn a room's labyrinth pair face up (§7.3): two tiles from the labyrinth set left."""
        if self.lab[room] is not None:
            return
        pair = []
        for _ in range(int(D["map.tiles_per_room"])):
            name = self._outcome(lambda: lab_table(tuple(self.lab_left)))
            k = LAB_NAMES.index(name)
            self.lab_left[k] -= 1
            self.lab_n -= 1
            pair.append(k)
        self.lab[room] = (pair[0], pair[1])
        self._events.append(_ev("ev.lab", room=room + 1, a=LAB_NAMES[pair[0]], b=LAB_NAMES[pair[1]]))

    def _place_inside(self, room: int) -> None:
        """The PC is placed inside a room (start, teleport, fall): encounter processing (§7.5 b)."""
        self.pos = ROOM
        self.room = room
        self.lead = -1
        self._reveal_lab(room)
        self._encounter(room)

    # -- encounter processing (§7.5, rows 10, 11) --------------------------------------------------

    def _encounter(self, room: int) -> None:
        if self.processed[room]:
            return
        if self.status & BLIND and self.pos == DOOR:  # row 10 before: check Blind (D44)
            self.postponed[room] = 1
            self._events.append(_ev("ev.blind_postpone", room=room + 1))
            return
        self.processed[room] = 1
        self.postponed[room] = 0
        self._events.append(_ev("ev.encounter", room=room + 1))
        for s in self.slots[room]:
            if s[UP] == 2 or s[KIND] == K_GONE:
                continue
            s[UP] = 1
            if s[KIND] == K_MON:
                mon = self.monster(s)
                if "invisible" in mon.abilities:
                    s[FLAGS] |= M_INVIS
                if "mimic" in mon.abilities:
                    s[FLAGS] |= M_DISGUISED
        # row 10 after: check Levitating (nothing to do here: it blocks pick-ups and traps)
        for s in self.slots[room]:
            if s[KIND] == K_MON and s[UP] != 2:
                self._monster_encounter(room, s)

    def _monster_encounter(self, room: int, s: list[int]) -> None:
        """Row 11 after: Aggravation, sleep determination, Invisible, Gold-lover (§7.7)."""
        mon = self.monster(s)
        if self.floor >= int(D["monster.all_hasted_from_floor"]):
            s[FLAGS] |= M_HASTE
        if self.status & AGGRAV or mon.sleep == "none":
            awake = True
        elif mon.wanders:
            awake = self.d9() >= int(D["sleep.wanderer_awake"])
        else:
            awake = False
        if "mimic" in mon.abilities:
            awake = self.status & AGGRAV != 0
        if not awake:
            s[FLAGS] |= M_DEEP if mon.sleep == "deep" else M_ASLEEP
        self._events.append(_ev("ev.monster", room=room + 1, monster=f"@jr.mon.{mon.id}",
                                state="@jr.word." + ("awake" if awake else "asleep")))
        gold_here = any(g[KIND] == K_GOLD for g in self.slots[room])
        if awake and "gold_lover" in mon.abilities and not s[FLAGS] & M_CANCEL and gold_here:
            s[FLAGS] |= M_DEEP  # D48: it goes to the gold and sleeps deeply on it
            self._events.append(_ev("ev.gold_lover", monster=f"@jr.mon.{mon.id}"))

    # -- after every step: threats, statuses ------------------------------------------------------

    def _after_step(self) -> None:
        if self.phase in (DEATH, OVER):
            return
        if self.phase in (PLAY, THREAT, START):
            self.phase = PLAY
            if self.threats():
                if self.status & ASLEEP:  # D57: an Asleep PC has no choice
                    self._begin_combat()
                else:
                    self.phase = THREAT

    # -- legal actions (§7.29) --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._table is not None or self.phase in (OVER, START):
            return []
        ph = self.phase
        out: list[Action] = []
        if ph == DEATH:
            return [Action("continue"), Action("gameover")]
        if ph == PLAY:
            out = self._free_actions()
        elif ph == THREAT:
            out.append(Action("fight"))
            if not self.status & FROZEN:  # §7.16: a Frozen PC cannot flee
                out.extend(self._flee_actions())
            if self.pos == ROOM and self._stairs_ok():
                out.extend(self._stairs_actions())
            out.extend(self._item_actions())
        elif ph == RANGED:
            # row 13 before: a Frozen PC cannot attack (§7.14.1)
            for k, _s in self._targets(ranged=True) if not self.status & FROZEN else []:
                for mi, mname in enumerate(MISSILES):
                    if self.missiles[mi] and (mname != "arrows" or self.bow):
                        out.append(Action("shoot", k, mname))
            out.append(Action("skip"))
            out.extend(self._item_actions())
            if self.pos == ROOM and not self.status & (HELD | FROZEN):  # §7.16: Frozen cannot flee
                out.extend(Action("door", SIDES[sd]) for sd in self.usable_sides(self.room))
        elif ph == MELEE:
            if not self.status & FROZEN:
                out.extend(Action("hit", k) for k, _ in self._targets(ranged=False))
            out.extend(self._item_actions())
            if not out or self.status & FROZEN:
                out.append(Action("wait"))
        elif ph == TURN_END:
            out.append(Action("keep"))
            if not self.status & FROZEN:
                out.extend(self._flee_actions())
        elif ph == DISCARD:
            out = self._discard_actions()
        elif ph == IDENT:
            out = self._identify_actions()
        if self.quit_ok:
            out.append(Action("quit"))
        return out

    def _stairs_ok(self) -> bool:
        return (self.pos == ROOM and self.has_stairs(self.room)
                and not self.status & (HELD | LEVIT | ASLEEP))

    def _stairs_actions(self) -> list[Action]:
        out = []
        if self.floor < int(D["floor.max"]):
            out.append(Action("stairs", "down"))
        if self.amulet:
            out.append(Action("stairs", "up"))
        return out

    def _flee_actions(self) -> list[Action]:
        if self.pos == ROOM:
            return [Action("flee", SIDES[sd]) for sd in self.usable_sides(self.room)]
        if self.pos == DOOR:
            return [Action("flee")]
        return [Action("flee", "back"), Action("flee", "on")]

    def _targets(self, ranged: bool) -> list[tuple[int, list[int]]]:
        if self.pos == PASSAGE:
            return [(0, self.pmon)] if self.pmon is not None else []
        out = []
        eng = self.engaged()
        for k, s in enumerate(self.slots[self.room]):
            if s[KIND] != K_MON or not self.revealed_monster(self.room, s):
                continue
            if ranged:
                if s[FLAGS] & (M_INVIS | M_DISGUISED):
                    continue
                out.append((k + 1, s))
            elif any(e is s for e in eng):
                out.append((k + 1, s))
        return out

    def _item_actions(self) -> list[Action]:
        out = [Action("quaff", TILE_NAMES[18 + i]) for i in range(9) if self.potions[i]]
        if not self.status & BLIND:
            named = self._nameable()
            for i in range(18):
                if not self.scrolls[i]:
                    continue
                # §7.21, D63: a "one monster" target is named before reading, also for an
                # unidentified scroll (``read:m4:2``; 0 names the passage monster)
                row = self.scr_row[i]
                one = row >= 0 and SCROLLS[row] in ONE_MONSTER_SCROLLS
                if not (one and named):
                    out.append(Action("read", TILE_NAMES[i]))
                if row < 0 or one:
                    out.extend(Action("read", TILE_NAMES[i], k) for k, _s in named)
        return out

    def _nameable(self) -> list[tuple[int, list[int]]]:
        """Monsters a "one monster" scroll may name (§7.21): the visible monsters of the PC's
        room (or of the room whose door it stands at), and the monster engaged with the PC."""
        eng = self.engaged() if self.phase in (RANGED, MELEE, TURN_END) else []
        if self.pos == PASSAGE:
            p = self.pmon
            return [(0, p)] if p is not None and (not p[FLAGS] & M_INVIS or eng) else []
        out = []
        for k, s in enumerate(self.slots[self.room]):
            if s[KIND] != K_MON or not self.revealed_monster(self.room, s) or s[FLAGS] & M_DISGUISED:
                continue
            if s[FLAGS] & M_INVIS and not any(e is s for e in eng):
                continue
            out.append((k + 1, s))
        return out

    def _free_actions(self) -> list[Action]:
        st = self.status
        if st & ASLEEP:  # row 1, D58: only rest
            return [Action("rest")]
        out: list[Action] = []
        if self.pos == ROOM:
            if not st & HELD:
                out.extend(Action("door", SIDES[sd]) for sd in self.usable_sides(self.room))
            m = self.doors(self.room) | self.found[self.room]
            for sd in range(4):
                if neighbour(self.room, sd) >= 0 and not m >> sd & 1:
                    out.append(Action("search", SIDES[sd]))
            if not st & LEVIT:
                guarded = self._gold_guarded(self.room)  # row 39, D58: a certain, free cancel
                for k, s in enumerate(self.slots[self.room]):
                    if s[KIND] == K_GOLD and guarded:
                        continue
                    if (s[UP] and s[KIND] in (K_GOLD, K_ITEM)) or (s[KIND] == K_MON and s[FLAGS] & M_DISGUISED):
                        out.append(Action("pick", k + 1))
            for k, s in enumerate(self.slots[self.room]):
                # a visible sleeping monster, or any displayed item (a xeroc may hide there, §7.14.8)
                if s[UP] and (s[KIND] == K_ITEM or (s[KIND] == K_MON and s[FLAGS] & (M_ASLEEP | M_DEEP)
                                                    and not s[FLAGS] & M_INVIS)):
                    out.append(Action("attack", k + 1))
            if self._stairs_ok():
                out.extend(self._stairs_actions())
        elif self.pos == DOOR:
            if not st & HELD:
                out.append(Action("enter"))
            out.append(Action("pass"))
            for k, s in enumerate(self.slots[self.room]):
                if s[KIND] == K_MON and s[UP] and s[FLAGS] & (M_ASLEEP | M_DEEP) and not s[FLAGS] & (
                        M_INVIS | M_DISGUISED):
                    out.append(Action("attack", k + 1))
        else:
            out.append(Action("go", "back"))
            out.append(Action("go", "on"))
            if self.pmon is not None:
                out.append(Action("attack", 0))
        out.append(Action("rest"))
        out.extend(self._item_actions())
        out.extend(self._camp_actions())
        return out

    def _gold_guarded(self, room: int) -> bool:
        return any("gold_lover" in self.monster(m).abilities and not m[FLAGS] & M_CANCEL
                   for m in self.room_monsters(room))

    def _camp_actions(self) -> list[Action]:
        """Camp (§7.25): equip, unequip, put on, take off, drop; only out of threat."""
        out: list[Action] = []
        cur = self.weapon()
        for i in range(len(self.weapons)):
            if i != self.weapon_eq and not (cur and cur[2]):
                out.append(Action("wield", i + 1))
        if cur is not None and not cur[2]:
            out.append(Action("wield", 0))
        arm = self.armour()
        for i, _a in enumerate(self.armours):
            if i != self.armour_eq and not (arm and arm[2]):
                out.append(Action("wear", i + 1))
        worn = sum(1 for r in self.rings if r[2])
        for i, r in enumerate(self.rings):
            if r[2]:
                if not r[1]:
                    out.append(Action("remove", i + 1))
            elif worn < 2:
                out.append(Action("puton", i + 1))
        for i, w in enumerate(self.weapons):
            if not (i == self.weapon_eq and w[2]):
                out.append(Action("drop", "w", i + 1))
        for i, a in enumerate(self.armours):
            if not (i == self.armour_eq and a[2]):
                out.append(Action("drop", "a", i + 1))
        for i, r in enumerate(self.rings):
            if not (r[2] and r[1]):
                out.append(Action("drop", "r", i + 1))
        return out

    # -- moves (§7.4, rows 1, 5-9) ----------------------------------------------------------------

    def _act_door(self, side: str) -> None:
        """Row 5: room -> door. Before: Confused, Held. After: Gaze, See Invisible. After
        resolution: end ranged combat."""
        sd = SIDES.index(side)
        if self.status & CONFUSED and self.d9() <= int(D["move.confused_stray"]):
            usable = self.usable_sides(self.room)
            sd = usable[self.pick(len(usable))]
            self._events.append(_ev("ev.stray", side=f"@jr.side.{SIDES[sd]}"))
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            return
        self.pos = DOOR
        self.side = sd
        self._events.append(_ev("ev.to_door", room=self.room + 1, side=f"@jr.side.{SIDES[sd]}"))
        self._gaze()
        self._see_invisible()
        if self.phase == RANGED:
            self.phase = MELEE  # row 5 after resolution: end ranged combat
            self.turn = 1

    def _act_enter(self) -> None:
        """Row 6: door -> room. Before: Held. After: wake light sleepers, Gaze, See Invisible.
        After resolution: trap check."""
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            return
        self.pos = ROOM
        self.lead = -1
        self._events.append(_ev("ev.enter", room=self.room + 1))
        blind_unprocessed = not self.processed[self.room]
        if not blind_unprocessed:
            for s in self.room_monsters(self.room):
                if s[FLAGS] & M_ASLEEP:
                    s[FLAGS] &= ~M_ASLEEP
                    self._events.append(_ev("ev.wakes", monster=f"@jr.mon.{self.monster(s).id}"))
        self._gaze()
        self._see_invisible()
        self._trap_check(self.room)
        if blind_unprocessed:  # D44: a Blind PC inside processes at once, after the trap check
            self._encounter(self.room)

    def _act_pass(self) -> None:
        """Row 8: door -> passage. Before: satiation, Held, Pincer. After: clear Levitating,
        monster Confused. After resolution: recover HP; teleport ring."""
        self.satiation()
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            return
        self._pincer(self.room, neighbour(self.room, self.side))
        self._into_passage()
        self._recover()
        self._teleport_ring()

    def _into_passage(self) -> None:
        self.pos = PASSAGE
        self.pfrom = self.room
        self.lead = -1
        self.status &= ~LEVIT
        self._clear_monster_confusion()
        for room in self.slots:
            for s in room:
                s[FLAGS] &= ~M_SCARED  # scare monster lasts until the PC steps into a passage
        self._events.append(_ev("ev.passage"))

    def _act_go(self, which: str) -> None:
        """Row 7: passage -> door. Before: satiation, Held. After: clear Levitating, monster
        Confused, check Confused. After resolution: recover; Pincer; teleport ring."""
        self.satiation()
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            return
        self._leave_passage(which)

    def _leave_passage(self, which: str) -> None:
        a, sd = self.pfrom, self.side
        b = neighbour(a, sd)
        target, tside = (a, sd) if which == "back" else (b, opposite(sd))
        self.status &= ~LEVIT
        self._clear_monster_confusion()
        stray = self.status & CONFUSED and (target, tside) != (a, sd)
        if stray and self.d9() <= int(D["move.confused_stray"]):
            target, tside = a, sd
            self._events.append(_ev("ev.stray_back"))
        self._move_pmon(b if target == a else a)
        self.pos = DOOR
        self.room = target
        self.side = tside
        self.found[target] |= 1 << tside
        self._reveal_lab(target)
        self._events.append(_ev("ev.to_door", room=target + 1, side=f"@jr.side.{SIDES[tside]}"))
        self._recover()
        self._pincer(a, b)
        self._teleport_ring()
        if self.pos == DOOR and self.room == target:
            self._encounter(target)  # §7.5 (a)

    def _move_pmon(self, room: int) -> None:
        """D60: an awake passage monster moves into the room at the other end."""
        p = self.pmon
        if p is None or p[FLAGS] & (M_ASLEEP | M_DEEP):
            return
        p[UP] = 2
        self.slots[room].append(p)
        self.pmon = None
        self._events.append(_ev("ev.pmon_moves", monster=f"@jr.mon.{self.monster(p).id}", room=room + 1))

    def _act_search(self, side: str) -> None:
        """Row 9: Before: satiation, Confused (fails), Held. After: clear Levitating, monster
        Confused. After resolution: teleport ring."""
        sd = SIDES.index(side)
        self.satiation()
        if self.status & CONFUSED:
            self._events.append(_ev("ev.search_confused"))
            return
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            return
        target = int(D["map.search_target"])
        if self.ring_on("searching"):
            target -= int(D["map.search_ring_bonus"])
        self.status &= ~LEVIT
        self._clear_monster_confusion()
        if self.d9() >= target:
            self.found[self.room] |= 1 << sd
            self._events.append(_ev("ev.search_found", side=f"@jr.side.{side}"))
        else:
            self._events.append(_ev("ev.search_fail"))
        self._teleport_ring()

    def _act_rest(self) -> None:
        """Row 2: Before: satiation. After: clear Asleep, Confused, Held, Levitating, monster
        Confused. After resolution: recover HP; wandering monster; teleport ring."""
        self.satiation()
        self.status &= ~(ASLEEP | CONFUSED | HELD | LEVIT)
        self._clear_monster_confusion()
        self._events.append(_ev("ev.rest"))
        self._recover()
        self._wanderer()
        self._teleport_ring()

    def _clear_monster_confusion(self) -> None:
        for room in self.slots:
            for s in room:
                s[FLAGS] &= ~M_CONF
        if self.pmon is not None:
            self.pmon[FLAGS] &= ~M_CONF

    def _recover(self) -> None:
        """Row 3: recover 1 + floor(L/4) (+1 ring); cap at max HP."""
        gain = REGEN_A + self.level // REGEN_B
        if self.ring_on("regeneration"):
            gain += int(D["hp.regen_ring_bonus"])
        self.hp = min(self.maxhp, self.hp + gain)

    def _wanderer(self) -> None:
        """§7.17: draw a tile; an m tile, then 1d9 <= 3, brings that floor's monster."""
        t = self.draw()
        if t < 0:
            return
        if suit(t) == M and self.d9() <= int(D["wander.trigger"]):
            self._add_monster(t, "ev.wanderer")
        else:
            self.discard_tile(t)

    def _add_monster(self, t: int, key: str) -> None:
        mon = D.monster_for(number(t), self.floor)
        s = [t, K_MON, 2, mon.hp, 0, 0, mon.index]
        if self.floor >= int(D["monster.all_hasted_from_floor"]):
            s[FLAGS] |= M_HASTE
        if "invisible" in mon.abilities:
            s[FLAGS] |= M_INVIS
        self._events.append(_ev(key, monster=f"@jr.mon.{mon.id}"))
        if self.pos == PASSAGE:
            if self.pmon is not None:
                self.discard_tile(self.pmon[TILE])
            self.pmon = s
        else:
            self.slots[self.room].append(s)

    def _teleport_ring(self) -> None:
        if self.ring_on("teleportation") and self.d9() == int(D["ring.teleport_fire"]):
            self._events.append(_ev("ev.ring_teleport"))
            self._teleport()

    def _teleport(self) -> None:
        """Trap p3 (§7.18): draw until a room number other than the current one (§2.6)."""
        cur = self.here()
        t = self.draw_until(lambda t: cur < 0 or number(t) - 1 != cur)
        if t < 0:
            return
        self.discard_tile(t)
        dest = number(t) - 1
        if self.pos == PASSAGE:
            self._move_pmon(self.pfrom)
        self.phase = PLAY
        self.status &= ~FROZEN
        self._events.append(_ev("ev.teleport", room=dest + 1))
        self._place_inside(dest)

    def _gaze(self) -> None:
        """§7.14.12: a medusa in the PC's room (or the room at whose door it stands)."""
        if self.status & BLIND or self.pos == PASSAGE:
            return
        for s in self.room_monsters(self.room):
            if (self.revealed_monster(self.room, s) and "gaze" in self.monster(s).abilities
                    and not s[FLAGS] & (M_ASLEEP | M_DEEP | M_CANCEL | M_INVIS)):
                if self.d9() >= int(D["ability.gaze"]):
                    self.status |= CONFUSED
                    self._events.append(_ev("ev.gaze"))
                return

    def _see_invisible(self) -> None:
        if not self.ring_on("see_invisible") or self.pos == PASSAGE:
            return
        for s in self.room_monsters(self.room):
            s[FLAGS] &= ~M_INVIS

    def _pincer(self, a: int, b: int) -> None:
        """§7.11.8: both end rooms hold an eligible monster: one attack from each side."""
        if a < 0 or b < 0:
            return
        first = []
        for room in (a, b):
            pick = None
            for s in self.room_monsters(room):
                if not self.revealed_monster(room, s):
                    continue
                if s[FLAGS] & (M_ASLEEP | M_DEEP | M_SCARED | M_SLOW):
                    continue
                if "stationary" in self.monster(s).abilities:
                    continue
                pick = s
                break
            if pick is None:
                return
            first.append(pick)
        self._events.append(_ev("ev.pincer"))
        for s in first:
            for _ in range(int(D["combat.pincer_attacks"])):
                self._monster_attack(s, pincer=True)

    # -- traps (§7.18, rows 6, 24) ----------------------------------------------------------------

    def _trap_check(self, room: int) -> None:
        for s in list(self.slots[room]):
            if s[KIND] != K_TRAP:
                continue
            if self.status & LEVIT:  # row 24 before
                continue
            if self.d9() < int(D["trap.spring"]):
                continue
            s[UP] = max(s[UP], 1)
            kind = number(s[TILE])
            self._events.append(_ev("ev.trap", trap=f"@jr.trap.{kind}"))
            if kind == 1:
                if self.floor < int(D["floor.max"]):
                    self._change_floor(self.floor + 1)
                    return
            elif kind == 2:
                self.status |= HELD
            elif kind == 3:
                self._teleport()
                return
            elif kind == 4:
                dmg = -(-self.d9() // int(D["trap.dart_damage"]))
                self._hp_down(dmg, "poison_dart", "")
                if self.d9() >= int(D["trap.dart_str_loss"]):
                    self._str_down()
            elif kind == 5:
                self.status |= ASLEEP
            else:
                self._rust()

    def _rust(self) -> None:
        """Row 35: cancelled by Armour Protected or the ring; leather and value 0 unaffected."""
        a = self.armour()
        if a is None or a[4] or self.ring_on("armour_protection") or a[0] == "leather":
            return
        if ARMOUR_VALUE[a[0]] + a[1] <= 0:
            return
        a[1] = max(ENCH_MIN, a[1] - 1)
        self._events.append(_ev("ev.rust"))

    def _str_down(self) -> None:
        """Row 22: cancelled by the Ring of Sustain Strength."""
        if self.ring_on("sustain_strength"):
            return
        if self.strength > STR_MIN:
            self.strength -= 1
            self._events.append(_ev("ev.str_down", str=self.strength))

    def _hp_down(self, dmg: int, cause: str, killer: str) -> None:
        """Rows 21, 23: HP decreases, then the death check."""
        self.hp -= dmg
        if dmg:
            self._events.append(_ev("ev.hp_down", n=dmg, hp=self.hp))
        if self.hp <= 0:
            raise Died(cause, killer)

    # -- floors, stairs (§7.27, row 4) ----------------------------------------------------------

    def _change_floor(self, floor: int) -> None:
        self.status &= ~(BLIND | CLAIR | AGGRAV)  # row 4 after
        self.phase = PLAY
        self.floor = floor
        self.deepest = max(self.deepest, floor)
        self._game_start_steps()

    def _act_stairs(self, way: str) -> None:
        """§7.27 step 1: row 40 runs just before the stairs. Over the carry limits, the PL
        chooses what to discard (§7.25, JR-P3); the stairs are taken once within them."""
        if self._over_limits():
            self.way = way
            self.phase = DISCARD
            self._events.append(_ev("ev.carry_over"))
            return
        self._take_stairs(way)

    def _take_stairs(self, way: str) -> None:
        self.way = ""
        if way == "up":
            if self.floor == 1:
                raise Won
            self._change_floor(self.floor - 1)
        else:
            self._change_floor(self.floor + 1)

    def _over(self) -> dict[str, bool]:
        """Row 40: which sheets hold more than their maximum (§7.25)."""
        return {"w": len(self.weapons) > CARRY["weapons"], "a": len(self.armours) > CARRY["armours"],
                "r": len(self.rings) > CARRY["rings"], "pot": sum(self.potions) > CARRY["potions"],
                "scr": sum(self.scrolls) > CARRY["scrolls"]}

    def _over_limits(self) -> bool:
        return any(self._over().values())

    def _discard_actions(self) -> list[Action]:
        """§7.25 end of camp: the PL chooses which item over a limit to discard (JR-P3)."""
        over = self._over()
        out: list[Action] = []
        if over["w"]:
            out.extend(Action("discard", "w", i + 1) for i, w in enumerate(self.weapons)
                       if not (i == self.weapon_eq and w[2]))
        if over["a"]:
            out.extend(Action("discard", "a", i + 1) for i, a in enumerate(self.armours)
                       if not (i == self.armour_eq and a[2]))
        if over["r"]:
            out.extend(Action("discard", "r", i + 1) for i, r in enumerate(self.rings) if not (r[2] and r[1]))
        if over["pot"]:
            out.extend(Action("discard", TILE_NAMES[18 + i]) for i in range(9) if self.potions[i])
        if over["scr"]:
            out.extend(Action("discard", TILE_NAMES[i]) for i in range(18) if self.scrolls[i])
        return out

    def _act_discard(self, what: str, i: int = 0) -> None:
        """Discard one item over the carry limits; within them, the stairs are taken."""
        if what == "w":
            self._events.append(_ev("ev.discarded", item=f"@jr.item.{self.weapons[i - 1][0]}"))
            self._drop_weapon(i - 1)
        elif what == "a":
            self._events.append(_ev("ev.discarded", item=f"@jr.item.{self.armours[i - 1][0]}"))
            self._drop_armour(i - 1)
        elif what == "r":
            r = self.rings[i - 1]
            self._events.append(_ev("ev.discarded", item=f"@jr.ring.{RINGS[r[0]]}" if r[0] >= 0 else "@jr.item.ring"))
            del self.rings[i - 1]
        else:
            t = TILE_INDEX[what]
            if t >= 18:
                self.potions[t - 18] -= 1
            else:
                self.scrolls[t] -= 1
            self._events.append(_ev("ev.discarded_app", app=what))
        if not self._over_limits():
            self.phase = PLAY
            self._take_stairs(self.way)

    def _drop_weapon(self, i: int) -> None:
        del self.weapons[i]
        if self.weapon_eq == i:
            self.weapon_eq = -1
        elif self.weapon_eq > i:
            self.weapon_eq -= 1

    def _drop_armour(self, i: int) -> None:
        del self.armours[i]
        if self.armour_eq == i:
            self.armour_eq = -1
        elif self.armour_eq > i:
            self.armour_eq -= 1

    # -- camp (§7.25) ---------------------------------------------------------------------------

    def _equip_state(self, item: list[Any]) -> None:
        """§7.24: a found weapon's or armour's state is drawn when first equipped."""
        if item[3]:
            return
        ench = int(D["item.equip_state"][self.d9() - 1])
        item[1] = ench
        item[2] = 1 if ench < 0 else 0
        item[3] = 1

    def _act_wield(self, i: int) -> None:
        if i == 0:
            self.weapon_eq = -1
            return
        self.weapon_eq = i - 1
        self._equip_state(self.weapons[i - 1])
        self._events.append(_ev("ev.wield", item=f"@jr.item.{self.weapons[i - 1][0]}"))

    def _act_wear(self, i: int) -> None:
        self.armour_eq = i - 1
        self._equip_state(self.armours[i - 1])
        self._events.append(_ev("ev.wear", item=f"@jr.item.{self.armours[i - 1][0]}"))

    def _ring_kind(self, r: list[int]) -> None:
        """§7.22: the kind and curse are drawn when first put on (or identified)."""
        if r[0] >= 0:
            return
        r[0] = self.d9() - 1
        kind = RINGS[r[0]]
        curse = dict(D["item.ring_curse"]).get(kind, 0)
        r[1] = 1 if curse and self.d9() <= curse else 0

    def _act_puton(self, i: int) -> None:
        r = self.rings[i - 1]
        self._ring_kind(r)
        hands = {x[2] for x in self.rings if x[2]}
        r[2] = 1 if 1 not in hands else 2
        self._events.append(_ev("ev.puton", item=f"@jr.ring.{RINGS[r[0]]}"))
        if RINGS[r[0]] == "see_invisible":
            self._see_invisible()  # row 36

    def _act_remove(self, i: int) -> None:
        self.rings[i - 1][2] = 0

    def _act_drop(self, what: str, i: int) -> None:
        if what == "w":
            self._drop_weapon(i - 1)
        elif what == "a":
            self._drop_armour(i - 1)
        else:
            del self.rings[i - 1]

    # -- pick-ups (§7.19, rows 37-39) -------------------------------------------------------------

    def _act_pick(self, k: int) -> None:
        s = self.slots[self.room][k - 1]
        if s[KIND] == K_MON:  # a disguised xeroc (§7.14.8): it wakes and attacks at once
            s[FLAGS] &= ~(M_DISGUISED | M_DEEP | M_ASLEEP)
            self._events.append(_ev("ev.mimic", monster=f"@jr.mon.{self.monster(s).id}"))
            self._monster_attack(s)
            return
        if s[KIND] == K_GOLD:
            for m in self.room_monsters(self.room):  # row 39 before: Gold-lover
                if "gold_lover" in self.monster(m).abilities and not m[FLAGS] & M_CANCEL:
                    self._events.append(_ev("ev.gold_blocked"))
                    return
            amount = self.dn(int(D["gold.pile_amount"])) * self.floor  # 2d9 x F
            self.gold = min(int(D["gold.max"]), self.gold + amount)
            s[KIND] = K_GONE
            self.discard_tile(s[TILE])
            self._events.append(_ev("ev.gold", n=amount, gold=self.gold))
            return
        s[KIND] = K_GONE
        n = number(s[TILE])
        self._gain_item(n)
        self.discard_tile(s[TILE])

    def _gain_item(self, n: int) -> None:
        cat = D["item.category_by_s"][n - 1]
        if cat == "amulet_or_food":  # row 38: is it the Amulet? (D39)
            if self.floor >= int(D["amulet.floor"]) and not self.amulet:
                self.amulet = True
                self._events.append(_ev("ev.amulet"))
                return
            cat = "food"
        if cat == "food":
            self.food = min(int(D["food.max"]), self.food + int(D["food.item_gain"]))
            self._events.append(_ev("ev.food", food=self.food))
        elif cat == "potion":
            t = self.draw_until(lambda t: suit(t) == S)
            if t >= 0:
                self.discard_tile(t)
                self.potions[number(t) - 1] += 1
                self._events.append(_ev("ev.potion", app=TILE_NAMES[t]))
        elif cat == "scroll":
            t = self.draw_until(lambda t: suit(t) != S)
            if t >= 0:
                self.discard_tile(t)
                self.scrolls[t] += 1
                self._events.append(_ev("ev.scroll", app=TILE_NAMES[t]))
        elif cat == "weapon":
            kind = D["item.weapon_table"][self.d9() - 1]
            if kind == "bow":
                self.bow = True
            elif kind in MISSILES:
                self.missiles[MISSILES.index(kind)] = 1
            else:
                self.weapons.append([kind, 0, 0, 0])
            self._events.append(_ev("ev.item", item=f"@jr.item.{kind}"))
        elif cat == "armour":
            kind = D["item.armour_table"][self.d9() - 1]
            self.armours.append([kind, 0, 0, 0, 0])
            self._events.append(_ev("ev.item", item=f"@jr.item.{kind}"))
        else:
            self.rings.append([-1, 0, 0])
            self._events.append(_ev("ev.item", item="@jr.item.ring"))

    # -- potions and scrolls (§7.20, §7.21, §7.26) -------------------------------------------------

    def _link(self, rows_known: list[int], app_row: list[int], app: int) -> int:
        """The hidden link row of an appearance, drawn from the rows not yet revealed."""
        if app_row[app] < 0:
            free = tuple(r for r in range(len(rows_known)) if not rows_known[r])
            row = int(self._outcome(lambda: link_table(free))) - 1
            app_row[app] = row
            rows_known[row] = 1
            self._events.append(_ev("ev.identified", app=TILE_NAMES[app if len(app_row) == 18 else 18 + app],
                                    what=f"@jr.{'scroll' if len(app_row) == 18 else 'potion'}.{row}"))
        return app_row[app]

    def _act_quaff(self, app: str) -> None:
        i = TILE_INDEX[app] - 18
        self.potions[i] -= 1
        row = self._link(self.pot_known_rows, self.pot_row, i)
        name = POTIONS[row]
        self._events.append(_ev("ev.quaff", what=f"@jr.potion.{row}"))
        if name == "healing":
            self.hp = min(self.maxhp, self.hp + -(-self.maxhp // int(D["potion.healing"])))
        elif name == "extra_healing":
            self.hp = self.maxhp
        elif name == "gain_strength":
            self.strength = min(STR_MAX, self.strength + 1)
            self.max_str = max(self.max_str, self.strength)
        elif name == "restore_strength":
            self.strength = self.max_str
        elif name == "raise_level":
            if self.level < LEVEL_MAX:
                self._level_up()
                self.xp = LEVEL_XP[self.level - 1]
        elif name == "clairvoyance":
            self.status |= CLAIR
            self.status &= ~BLIND  # row 33
            self._blind_ended()
        elif name == "levitation":
            self.status |= LEVIT
            self.status &= ~HELD  # row 34
        elif name == "blindness":
            self.status |= BLIND
        else:
            self.status |= CONFUSED
        self._combat_action_done()

    def _blind_ended(self) -> None:
        if self.pos == DOOR and self.postponed[self.room]:
            self._encounter(self.room)

    def _scroll_targets(self) -> list[list[int]]:
        if self.pos == PASSAGE:
            return [self.pmon] if self.pmon is not None else []
        return [s for s in self.room_monsters(self.room) if self.revealed_monster(self.room, s)
                and not s[FLAGS] & M_DISGUISED]

    def _act_read(self, app: str, k: int = -1) -> None:
        i = TILE_INDEX[app]
        one: list[int] | None = None  # D63: the monster named before reading, if any
        if k >= 0:
            one = dict((j, s) for j, s in self._nameable()).get(k)
        self.scrolls[i] -= 1
        row = self._link(self.scr_known_rows, self.scr_row, i)
        name = SCROLLS[row]
        self._events.append(_ev("ev.read", what=f"@jr.scroll.{row}"))
        targets = self._scroll_targets()
        if name == "identify":
            # §7.21 row 1, D63: what to identify is chosen once the row is known (JR-P4)
            if len(self._identify_actions()) > 1:
                self.ret_phase = self.phase
                self.phase = IDENT
                self._events.append(_ev("ev.identify_choose"))
                return
            for only in self._identify_actions():
                self._identify(str(only.args[0]), int(only.args[1]) if len(only.args) > 1 else 0)
        elif name == "protect_armour":
            a = self.armour()
            if a is not None:
                a[4] = 1
        elif name == "hold_monster":
            for s in targets:
                s[FLAGS] = (s[FLAGS] | M_DEEP) & ~M_ASLEEP
        elif name == "enchant_weapon":
            w = self.weapon()
            if w is not None:
                w[1] = min(ENCH_MAX, w[1] + 1)
                w[2] = 0
        elif name == "enchant_armour":
            a = self.armour()
            if a is not None:
                a[1] = min(ENCH_MAX, a[1] + 1)
                a[2] = 0
        elif name == "teleport":
            self._teleport()
            return
        elif name == "sleep":
            self.status |= ASLEEP
        elif name == "scare_monster":
            for s in targets:
                s[FLAGS] |= M_SCARED
        elif name == "remove_curse":
            for w in self.weapons:
                w[2] = 0
            for a in self.armours:
                a[2] = 0
            for r in self.rings:
                r[1] = 0
        elif name == "create_monster":
            t = self.draw_until(lambda t: suit(t) == M)
            if t >= 0:
                self._add_monster(t, "ev.created")
        elif name == "aggravate_monsters":
            self.status |= AGGRAV
            for room in self.slots:
                for s in room:
                    s[FLAGS] &= ~(M_ASLEEP | M_DEEP | M_DISGUISED)
        elif name == "magic_mapping":
            for room_i in range(9):
                self._reveal_lab(room_i)
                self.found[room_i] = 15
        elif one is not None:
            if name == "haste_monster":
                if one[FLAGS] & M_SLOW:
                    one[FLAGS] &= ~M_SLOW  # row 25
                else:
                    one[FLAGS] |= M_HASTE
            elif name == "slow_monster":
                if one[FLAGS] & M_HASTE:
                    one[FLAGS] &= ~M_HASTE  # row 26
                else:
                    one[FLAGS] |= M_SLOW
            elif name == "confuse_monster":
                one[FLAGS] |= M_CONF
            elif name == "monster_invisibility":
                one[FLAGS] |= M_INVIS
            elif name == "cancellation":
                one[FLAGS] = (one[FLAGS] | M_CANCEL) & ~(M_HASTE | M_INVIS)  # row 31
            else:  # teleport monster
                self._teleport_monster(one)
        self._combat_action_done()

    def _teleport_monster(self, s: list[int]) -> None:
        cur = self.here()
        t = self.draw_until(lambda t: cur < 0 or number(t) - 1 != cur)
        if t < 0:
            return
        self.discard_tile(t)
        dest = number(t) - 1
        if self.pmon is s:
            self.pmon = None
        else:
            lead = self._lead_slot()
            # by identity: two monsters of one kind in one state are equal lists (list.remove
            # compares by value and could take the lead monster instead of this one)
            del self.slots[cur][next(i for i, x in enumerate(self.slots[cur]) if x is s)]
            self.lead = -1
            if lead is not None and lead is not s:
                self.lead = cur * 64 + next(i for i, x in enumerate(self.slots[cur]) if x is lead)
        s[UP] = 2
        self.slots[dest].append(s)

    def _identify_actions(self) -> list[Action]:
        """Scroll row 1: one carried unidentified thing of the PL's choice (§7.21, §7.26):
        a potion or scroll appearance (``identify:s4``), a ring, a weapon or an armour
        (``identify:r:1``)."""
        out = [Action("identify", TILE_NAMES[18 + i]) for i in range(9) if self.potions[i] and self.pot_row[i] < 0]
        out.extend(Action("identify", TILE_NAMES[i]) for i in range(18) if self.scrolls[i] and self.scr_row[i] < 0)
        out.extend(Action("identify", "r", i + 1) for i, r in enumerate(self.rings) if r[0] < 0)
        out.extend(Action("identify", "w", i + 1) for i, w in enumerate(self.weapons) if not w[3])
        out.extend(Action("identify", "a", i + 1) for i, a in enumerate(self.armours) if not a[3])
        return out

    def _identify(self, what: str, i: int = 0) -> None:
        if what == "r":
            self._ring_kind(self.rings[i - 1])
            self._events.append(_ev("ev.ring_known", item=f"@jr.ring.{RINGS[self.rings[i - 1][0]]}"))
        elif what in ("w", "a"):
            item = (self.weapons if what == "w" else self.armours)[i - 1]
            self._equip_state(item)
            self._events.append(_ev("ev.state_known", item=f"@jr.item.{item[0]}", ench=item[1]))
        else:
            t = TILE_INDEX[what]
            if t >= 18:
                self._link(self.pot_known_rows, self.pot_row, t - 18)
            else:
                self._link(self.scr_known_rows, self.scr_row, t)

    def _act_identify(self, what: str, i: int = 0) -> None:
        self._identify(what, i)
        self.phase = self.ret_phase
        self._combat_action_done()

    def _combat_action_done(self) -> None:
        """An item used as a combat action takes the PC's turn (§7.11.2)."""
        if self.phase == RANGED:
            self._ranged_round_done()
        elif self.phase == MELEE:
            self._monsters_turn()

    # -- combat (§7.11, rows 12-20) ---------------------------------------------------------------

    def _act_fight(self) -> None:
        self._begin_combat()

    def _act_attack(self, k: int) -> None:
        """Attack a sleeping monster (§7.11.1) or a displayed item (§7.14.8)."""
        s = self.pmon if self.pos == PASSAGE else self.slots[self.room][k - 1]
        assert s is not None
        if s[KIND] == K_ITEM or s[FLAGS] & M_DISGUISED:
            # §7.14.8: a single melee attack out of combat (rows 13-15; row 12 does not run)
            self._pc_melee(s)
            return
        s[FLAGS] &= ~(M_ASLEEP | M_DEEP | M_DISGUISED)  # the target is engaged from the start
        if self.pos == DOOR:
            self.lead = self.room * 64 + (k - 1)  # §7.11.1: at a door it is the first to melee the PC
        self._begin_combat()

    def _begin_combat(self) -> None:
        """Row 12: after, ranged combat; after resolution, melee combat."""
        self.phase = RANGED
        self.turn = 0
        hasted = any(s[FLAGS] & M_HASTE for s in self.threats())
        shots = D["combat.ranged_shots"]
        self.shots = shots[1] if hasted else shots[0]  # row 16 before: monster Hasted
        self._events.append(_ev("ev.combat"))
        if not self._can_shoot():
            self._start_melee()

    def _can_shoot(self) -> bool:
        if self.status & (BLIND | ASLEEP) or self.shots <= 0:  # row 16 before: Blind
            return False
        if not (self.missiles[0] and self.bow) and not self.missiles[1] and not self.missiles[2]:
            return False
        return bool(self._targets(ranged=True))

    def _start_melee(self) -> None:
        self.phase = MELEE
        self.turn = 1
        if self.status & ASLEEP:  # D57: the PC skips its action
            self._monsters_turn()

    def _act_skip(self) -> None:
        self._start_melee()

    def _act_shoot(self, k: int, missile: str) -> None:
        """A ranged attack (rows 13, 14, 16)."""
        s = self.pmon if self.pos == PASSAGE else self.slots[self.room][k - 1]
        assert s is not None
        total = self.d2()
        target = max(int(D["combat.pc_target_min"]),
                     int(D["combat.pc_ranged_base"]) - self.level // int(D["combat.hit_level_div"]))
        mon = self.monster(s)
        hit = total > int(D["combat.fumble_max"]) and total >= target
        self._events.append(_ev("ev.shoot", monster=f"@jr.mon.{mon.id}", total=total, target=target,
                                result="@jr.word." + ("hit" if hit else "miss")))
        self._wake_attacked(s)
        if hit:
            dmg = max(int(D["combat.min_damage"]),
                      MISSILE_DMG[missile] + (total - target) // int(D["combat.margin_div"]))
            self._damage_monster(s, dmg)
        # row 16 after resolution: ammo check (after a killing shot too), then fire breath
        if self.d9() == int(D["combat.ammo_out"]):
            self.missiles[MISSILES.index(missile)] = 0
            self._events.append(_ev("ev.ammo_out", item=f"@jr.item.{missile}"))
        if self.phase != RANGED:
            return
        for d in self.room_monsters(self.room) if self.pos != PASSAGE else ([self.pmon] if self.pmon else []):
            if ("breath" in self.monster(d).abilities and not d[FLAGS] & (M_ASLEEP | M_DEEP | M_CANCEL)):
                self._monster_attack(d, breath=True)
        self._ranged_round_done()

    def _ranged_round_done(self) -> None:
        self.shots -= 1
        if not self.threats() and not self._targets(ranged=True):
            self._end_combat()
            return
        if not self._can_shoot():
            self._start_melee()

    def _wake_attacked(self, s: list[int]) -> None:
        """Row 13 after: the target wakes; a Gold-lover becomes Cancelled."""
        s[FLAGS] &= ~(M_ASLEEP | M_DEEP | M_DISGUISED | M_SCARED)
        if "gold_lover" in self.monster(s).abilities and not s[FLAGS] & M_CANCEL:
            s[FLAGS] = (s[FLAGS] | M_CANCEL) & ~(M_HASTE | M_INVIS)

    def _act_hit(self, k: int) -> None:
        """A melee attack (rows 13-15, §7.11.4)."""
        s = self.pmon if self.pos == PASSAGE else self.slots[self.room][k - 1]
        assert s is not None
        self._pc_melee(s)
        if self.phase == MELEE:
            self._monsters_turn()

    def _pc_melee(self, s: list[int]) -> None:
        if s[KIND] == K_ITEM:  # an attack on a real item: the hit check, and nothing happens
            self.d2()
            self._events.append(_ev("ev.nothing"))
            return
        mon = self.monster(s)
        w = self.weapon()
        ench = w[1] if w else 0
        target = int(D["combat.pc_melee_base"]) - self.level // int(D["combat.hit_level_div"]) - ench
        if s[FLAGS] & M_INVIS:
            target += int(D["combat.invisible_penalty"])
        target = min(18, max(int(D["combat.pc_target_min"]), target))
        total = self.d2()
        if total <= int(D["combat.fumble_max"]):
            self._events.append(_ev("ev.fumble", monster=f"@jr.mon.{mon.id}"))
            self._wake_attacked(s)
            if "level_drain" in mon.abilities and not s[FLAGS] & M_CANCEL:  # row 15
                self._level_down()
        else:
            hit = total >= target
            self._events.append(_ev("ev.melee", monster=f"@jr.mon.{mon.id}", total=total, target=target,
                                    result="@jr.word." + ("hit" if hit else "miss")))
            disguised = s[FLAGS] & M_DISGUISED
            self._wake_attacked(s)
            if hit and not disguised:  # row 14: check Mimicry
                base = WEAPON_DMG[w[0]] if w else WEAPON_DMG["bare"]
                dmg = max(int(D["combat.min_damage"]), base + ench + self.eff_strength()
                          + (total - target) // int(D["combat.margin_div"]))
                self._damage_monster(s, dmg)

    def _act_wait(self) -> None:
        self._monsters_turn()

    def _damage_monster(self, s: list[int], dmg: int) -> None:
        s[HP] -= dmg
        mon = self.monster(s)
        self._events.append(_ev("ev.mon_damage", monster=f"@jr.mon.{mon.id}", n=dmg, hp=max(0, s[HP])))
        if s[HP] <= 0:
            self._kill(s)

    def _remove_monster(self, s: list[int]) -> int:
        """Take a monster off the map; returns the room it was in (-1: the passage)."""
        if self.pmon is s:
            self.pmon = None
            return -1
        for r, room in enumerate(self.slots):
            for x in room:
                if x is s:
                    x[KIND] = K_GONE
                    return r
        return -1

    def _kill(self, s: list[int]) -> None:
        """Row 18: after, clear Confused and Held, gold theft; after resolution XP and drop."""
        mon = self.monster(s)
        room = self._remove_monster(s)
        self.discard_tile(s[TILE])
        self._events.append(_ev("ev.kill", monster=f"@jr.mon.{mon.id}", xp=mon.xp))
        self.status &= ~(CONFUSED | HELD)
        if "steal_gold" in mon.abilities:
            amount = self.dn(int(D["ability.leprechaun_gold"])) * self.floor
            self.gold = min(int(D["gold.max"]), self.gold + amount)
            self._events.append(_ev("ev.gold", n=amount, gold=self.gold))
        self._gain_xp(mon.xp)
        if mon.drop and self.d9() <= mon.drop:
            t = self.draw_until(lambda t: suit(t) == S)
            if t >= 0:
                dest = room if room >= 0 else self.pfrom
                self.slots[dest].append([t, K_ITEM, 2, 0, 0, 0, 0])
                self._events.append(_ev("ev.drop", app=TILE_NAMES[t]))
        if not self.threats():
            self._end_combat()

    def _gain_xp(self, xp: int) -> None:
        """Row 19: add XP (cap 99,999), then the level check."""
        self.xp = min(int(D["xp.max"]), self.xp + xp)
        while self.level < LEVEL_MAX and self.xp >= LEVEL_XP[self.level]:
            self._level_up()

    def _level_up(self) -> None:
        self.level += 1
        self.maxhp += int(D["level.hp_gain"])
        self.hp += int(D["level.hp_gain"])
        self._events.append(_ev("ev.level_up", level=self.level))

    def _level_down(self) -> None:
        if self.level <= 1:
            return
        self.level -= int(D["ability.level_drain"])
        self.xp = LEVEL_XP[self.level - 1]
        self.maxhp -= int(D["level.hp_gain"])
        self.hp = max(1, self.hp - int(D["level.hp_gain"]))
        self._events.append(_ev("ev.level_down", level=self.level))

    def _end_combat(self) -> None:
        self.phase = PLAY
        self.lead = -1
        self.turn = 0
        self.status &= ~FROZEN
        self._events.append(_ev("ev.combat_end"))

    def _monsters_turn(self) -> None:
        """§7.11.4 step 2 and row 17."""
        for s in list(self.engaged()):
            attacks = 1
            if s[FLAGS] & M_HASTE:
                attacks = int(D["monster.hasted_attacks"])
            if s[FLAGS] & M_SLOW and self.turn % int(D["monster.slowed_attacks"]):
                attacks = 0
            for _ in range(attacks):
                if s[KIND] == K_GONE or (self.pmon is not s and s not in self.slots[self.room]):
                    break
                self._monster_attack(s)
        # row 17 after: clear Asleep; Gaze; See Invisible
        self.status &= ~ASLEEP
        if self.status & FROZEN and self.turn >= self.frozen_at + int(D["ability.freeze_duration"]):
            self.status &= ~FROZEN  # §7.14.1: ends at the end of the turn after it began
        self._gaze()
        self._see_invisible()
        if not self.threats():
            self._end_combat()
            return
        self.phase = TURN_END

    def _act_keep(self) -> None:
        self.phase = MELEE
        self.turn += 1
        if self.status & ASLEEP:
            self._monsters_turn()

    def _monster_attack(self, s: list[int], pincer: bool = False, breath: bool = False) -> None:
        """§7.11.5, rows 28, 20, 21."""
        mon = self.monster(s)
        fl = s[FLAGS]
        if fl & (M_ASLEEP | M_DEEP):
            return
        if fl & M_SCARED and not breath:
            return
        if fl & M_CONF and self.d9() <= int(D["monster.confused_skip"]):
            return
        if "flits" in mon.abilities and self.d9() <= int(D["monster.flit_skip"]):
            return
        helpless = int(D["combat.vs_helpless"]) if self.status & (ASLEEP | FROZEN) else 0
        need = min(int(D["combat.monster_target_max"]), mon.attack + self.defence() - helpless)
        total = self.d2()
        if total < need:
            self._events.append(_ev("ev.mon_miss", monster=f"@jr.mon.{mon.id}"))
            return
        self._events.append(_ev("ev.mon_hit", monster=f"@jr.mon.{mon.id}"))
        killer = mon.id
        if breath:
            self._hp_down(self.dn(int(D["ability.breath_damage"])), "monster", killer)
            return
        dmg = mon.dmg
        if dmg < 0:  # the flytrap's counter (§7.14.10)
            a, b = D["ability.flytrap_damage"]
            dmg = a + s[COUNTER] * b
            s[COUNTER] += 1
        # row 20 after: abilities in the seed's order; a Cancelled monster uses none (row 30)
        if not fl & M_CANCEL:
            ab = mon.abilities
            if "freeze" in ab and self.d2() >= int(D["ability.freeze_target"]) + self.defence():
                if self.status & FROZEN:
                    raise Died("freezing")
                self.status |= FROZEN
                self.frozen_at = self.turn
                self._events.append(_ev("ev.frozen"))
            if "poison" in ab and self.d9() >= int(D["ability.poison_str_loss"]):
                self._str_down()
            if "steal_gold" in ab and self.gold > 0 and self.d9() >= int(D["ability.steal_gold"]):
                amount = self.dn(int(D["ability.steal_gold_amount"])) * self.floor
                self.gold = max(0, self.gold - amount)
                self._events.append(_ev("ev.gold_stolen", n=amount, gold=self.gold))
                self._vanish(s)
            if "rust" in ab:
                self._rust()
            if "steal_item" in ab:
                if self.d9() >= int(D["ability.steal_item"]):
                    self._steal_item()
                self._vanish(s)
            if "hold" in ab and not self.status & LEVIT:
                self.status |= HELD
            if "str_drain" in ab and self.d9() >= int(D["ability.str_drain"]):
                self._str_down()
        self._hp_down(dmg, "monster", killer)

    def _vanish(self, s: list[int]) -> None:
        if s[KIND] == K_GONE:
            return
        self._remove_monster(s)
        self.discard_tile(s[TILE])
        self._events.append(_ev("ev.vanish", monster=f"@jr.mon.{self.monster(s).id}"))
        if not self.threats() and self.phase in (RANGED, MELEE, TURN_END):
            self._end_combat()

    def _steal_item(self) -> None:
        """Row 32 and §7.14.5: the Ring of Adornment first, else one unequipped item."""
        adorn = RINGS.index("adornment")
        for i, r in enumerate(self.rings):
            if r[0] == adorn:
                del self.rings[i]
                self._events.append(_ev("ev.stolen", item="@jr.ring.adornment"))
                return
        cands: list[tuple[str, int]] = []
        cands.extend(("w", i) for i in range(len(self.weapons)) if i != self.weapon_eq)
        if self.bow:
            cands.append(("bow", 0))
        cands.extend(("m", i) for i in range(3) if self.missiles[i])
        cands.extend(("a", i) for i in range(len(self.armours)) if i != self.armour_eq)
        cands.extend(("r", i) for i in range(len(self.rings)) if not self.rings[i][2])
        for i in range(9):
            cands.extend(("pot", i) for _ in range(self.potions[i]))
        for i in range(18):
            cands.extend(("scr", i) for _ in range(self.scrolls[i]))
        if self.amulet:
            cands.append(("amulet", 0))
        if not cands:
            return
        what, i = cands[self.pick(len(cands))]
        if what == "w":
            self._drop_weapon(i)
        elif what == "bow":
            self.bow = False
        elif what == "m":
            self.missiles[i] = 0
        elif what == "a":
            self._drop_armour(i)
        elif what == "r":
            del self.rings[i]
        elif what == "pot":
            self.potions[i] -= 1
        elif what == "scr":
            self.scrolls[i] -= 1
        else:
            self.amulet = False
        self._events.append(_ev("ev.stolen", item=f"@jr.steal.{what}"))

    def _act_flee(self, where: str = "") -> None:
        """§7.6 and §7.11.7: flee from a room, a door or a passage; Held turns it into a fight."""
        in_melee = self.phase in (TURN_END, MELEE)
        if self.pos == ROOM:
            if self.status & HELD:
                self._events.append(_ev("ev.held"))
                self._flee_failed(in_melee)
                return
            was = self.phase
            self._act_door(where)
            if self.pos == DOOR and was == TURN_END:
                self.phase = MELEE
                self.turn += 1
            elif self.pos == DOOR:
                self.phase = PLAY
            return
        if self.pos == DOOR:
            self.satiation()  # row 8 before: satiation, Held, Pincer
            if self.status & HELD:
                self._events.append(_ev("ev.held"))
                self._flee_failed(in_melee)
                return
            if in_melee:
                self._parting()
            self._pincer(self.room, neighbour(self.room, self.side))
            self.phase = PLAY
            self._into_passage()
            self._recover()
            self._teleport_ring()
            return
        self.satiation()
        if self.status & HELD:
            self._events.append(_ev("ev.held"))
            self._flee_failed(in_melee)
            return
        if in_melee:
            self._parting()
        self.phase = PLAY
        self._leave_passage(where)

    def _flee_failed(self, in_melee: bool) -> None:
        """D58: a cancelled flee turns into fighting."""
        if in_melee:
            self.phase = MELEE
            self.turn += 1
        else:
            self._begin_combat()

    def _parting(self) -> None:
        for s in list(self.engaged()):
            if s[FLAGS] & M_SLOW or "stationary" in self.monster(s).abilities:
                continue
            for _ in range(int(D["combat.parting_attacks"])):
                self._monster_attack(s)

    # -- death, continue, end ----------------------------------------------------------------------

    def _death(self, d: Died) -> None:
        # D59: tiles in use at the moment of death (a check being drawn, a wanderer's tile) go
        # to the discard pile: every number tile not in the pile, the discard pile or on the map
        copies = int(D["pile.copies_plus_id"] if self.ident else D["pile.copies_ez"])
        where = [self.pile[t] + self.discard[t] for t in range(27)]
        for room in self.slots:
            for x in room:
                if x[KIND] != K_GONE:
                    where[x[TILE]] += 1
        if self.pmon is not None:
            where[self.pmon[TILE]] += 1
        for t in range(27):
            for _ in range(copies - where[t]):
                self.discard_tile(t)
        self.cause = d.cause
        self.killer = d.monster
        self.hp = min(self.hp, 0)
        self._events.append(_ev("ev.died", cause=f"@jr.cause.{d.cause}"))
        if self.cont:
            self.phase = DEATH
        else:
            self._game_over()

    def _game_over(self) -> None:
        self.phase = OVER
        self.score = self.gold  # §4.2: the gold held is the score
        self._events.append(_ev("ev.game_over", score=self.score))

    def _act_gameover(self) -> None:
        self._game_over()

    def _act_continue(self) -> None:
        """§4.3, D59: HP to max, statuses cleared, the floor restarts."""
        self.continues += 1
        self.hp = self.maxhp
        self.status = 0
        self.phase = PLAY
        self.cause = ""
        self.killer = ""
        self._events.append(_ev("ev.continue", n=self.continues))
        self._game_start_steps()

    def _act_quit(self) -> None:
        """Forced end (§4.4)."""
        self.forced = True
        self.cause = "forced_end"
        self.phase = OVER
        bonus = int(D["score.forced_end_bonus"]) if self.forced_bonus else 0
        self.score = self.gold * (100 + bonus) // 100
        self._events.append(_ev("ev.forced_end", score=self.score))

    def item_values(self) -> list[tuple[str, int]]:
        """§7.28: the held items' values (everything identified first)."""
        vmin = int(D["score.min_item_value"])
        out: list[tuple[str, int]] = []
        wv = dict(D["score.weapon_values"])
        av = dict(D["score.armour_values"])
        for w in self.weapons:
            out.append((w[0], max(vmin, wv[w[0]] + int(D["score.weapon_enchant_value"]) * w[1])))
        if self.bow:
            out.append(("bow", max(vmin, wv["bow"])))
        for i, m in enumerate(MISSILES):
            if self.missiles[i]:
                out.append((m, max(vmin, wv[m])))
        for a in self.armours:
            v = av[a[0]] + int(D["score.armour_enchant_value"]) * a[1]
            v += int(D["score.protected_value"]) if a[4] else 0
            out.append((a[0], max(vmin, v)))
        for r in self.rings:
            out.append(("ring", max(vmin, D["score.ring_values"][max(0, r[0])])))
        for i in range(9):
            for _ in range(self.potions[i]):
                row = self.pot_row[i] if self.pot_row[i] >= 0 else i
                out.append(("potion", max(vmin, D["score.potion_values"][row])))
        for i in range(18):
            for _ in range(self.scrolls[i]):
                row = self.scr_row[i] if self.scr_row[i] >= 0 else i
                out.append(("scroll", max(vmin, D["score.scroll_values"][row])))
        if self.amulet:
            out.append(("amulet", int(D["score.amulet_value"])))
        return out

    def _victory(self) -> None:
        """§4.5, §7.28: everything is identified, then gold part + items part. The game is over
        first, so the identification draws bring no food check (JR-P5)."""
        self.phase = OVER
        for r in self.rings:
            self._ring_kind(r)
        for i in range(9):
            if self.potions[i]:
                self._link(self.pot_known_rows, self.pot_row, i)
        for i in range(18):
            if self.scrolls[i]:
                self._link(self.scr_known_rows, self.scr_row, i)
        for w in self.weapons:
            self._equip_state(w)
        for a in self.armours:
            self._equip_state(a)
        self.won = True
        self.cause = "victory"
        self.phase = OVER
        bonus = int(D["score.victory_bonus"]) if self.victory_bonus else 0
        self.score = self.gold * (100 + bonus) // 100 + sum(v for _, v in self.item_values())
        self._events.append(_ev("ev.victory", score=self.score))
