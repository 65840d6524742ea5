"""The state of a JongRogue game (rules reference §7.2): typed fields, entities as small classes.

A :class:`JongRogueState` is the character sheets A and B, the equipment and item sheets, the
identification sheets, the map of the current floor and the tiles, with the engine's phases and
stack of pending steps (:class:`solotable.core.engine.StepState`). The rules that change it are the
steps in ``rules/``; this module only holds the data and the questions every chapter asks of it
(which monsters threaten the PC, which doors a room has...).

Entities:

- :class:`Slot`: one tile of the encounter map (§7.5): a monster, a trap, gold or an item;
- :class:`Weapon`, :class:`Armour`, :class:`Ring`: the rows of the equipment sheets (§7.22-§7.24).

A step that waits for a draw names a monster by a reference (:func:`ref`: the room and the slot,
or :data:`PASSAGE_REF` for the passage monster), never by the object: a clone shares the rooms'
tiles until either state changes a room, which then gets copies of its own (copy-on-write), and a
pending step must act on the clone's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Final

from solotable.core.action import Action
from solotable.core.engine import Phase, StepState
from solotable.core.native import mypyc_attr
from solotable.core.protocol import Event, Result

from .data import Monster, rules_data
from .notation import SIDE_OF_WIND, STAIRS, number, suit

if TYPE_CHECKING:
    from . import JongRogue
    from .observation import Observation


GAME_ID = "jongrogue"
"""The game's id: its phases are known by (this id, their name), which is how a state pickles."""


R = rules_data()

# -- the PC's statuses (§7.16), a bit each ------------------------------------------------------
# (each Final and a literal: the compiled build puts the number itself where a rule names it)
ASLEEP: Final = 1
CONFUSED: Final = 2
HELD: Final = 4
LEVIT: Final = 8
BLIND: Final = 16
CLAIR: Final = 32
AGGRAV: Final = 64
FROZEN: Final = 128
PC_STATUS_NAMES = ("asleep", "confused", "held", "levitating", "blind", "clairvoyant", "aggravation", "frozen")

# -- a monster's statuses (§7.15), a bit each ---------------------------------------------------
M_ASLEEP: Final = 1
M_DEEP: Final = 2
M_CONF: Final = 4
M_HASTE: Final = 8
M_SLOW: Final = 16
M_INVIS: Final = 32
M_CANCEL: Final = 64
M_SCARED: Final = 128
M_DISGUISED: Final = 256
MON_STATUS_NAMES = ("asleep", "deep_asleep", "confused", "hasted", "slowed", "invisible", "cancelled", "scared",
                    "disguised")  # fmt: skip
M_SLEEPING: Final = 3  # M_ASLEEP | M_DEEP
assert M_SLEEPING == M_ASLEEP | M_DEEP

# -- what an encounter tile is (§7.5) ---------------------------------------------------------
K_MON: Final = 0
K_TRAP: Final = 1
K_GOLD: Final = 2
K_ITEM: Final = 3
K_GONE: Final = 4
K_DOWN: Final = 5
KIND_NAMES = ("monster", "trap", "gold", "item")
# K_DOWN: a tile laid face down and not yet drawn (JR-P1): what it is is drawn when the table turns
# it up (encounter processing, Clairvoyance, the floor's tiles discarded). Its ``tile`` is the pool
# it will be drawn from: 0 the pile's counts (:attr:`JongRogueState.pile`, which hold the face-down
# tiles laid from the pile since its last restack), i >= 1 ``held[i - 1]``.

# -- whether a tile is seen (§7.5): face down, turned up by encounter processing, or added during
# the floor (a drop, a wandering or created monster, a monster that moved in: face up, D60)
DOWN: Final = 0
UP: Final = 1
ADDED: Final = 2

# -- where the PC is (§7.4) --------------------------------------------------------------------
ROOM: Final = 0
DOOR: Final = 1
PASSAGE: Final = 2
POS_NAMES = ("room", "door", "passage")

# -- rows of the sheets -------------------------------------------------------------------------
POTIONS: tuple[str, ...] = R.item.potion_rows.value
SCROLLS: tuple[str, ...] = R.item.scroll_rows.value
RINGS: tuple[str, ...] = R.item.ring_table.value
MISSILES = ("arrows", "darts", "shuriken")

PASSAGE_REF: Final = -1
"""The reference of the passage monster (§7.17)."""


ALL_ROOMS = (1 << 9) - 1
"""Every room, a bit each (the rooms a clone shares)."""


def ref(room: int, k: int) -> int:
    """The reference of slot ``k`` (0-based) of ``room`` (0-8), for pending steps."""
    return room * 64 + k


@mypyc_attr(serializable=True)  # compiled, ``Slot.__new__(Slot)`` (copy) then runs no __init__, as in Python
class Slot:
    """One encounter tile (§7.5): what it is, whether it is seen, and a monster's state."""

    __slots__ = ("counter", "flags", "hp", "kind", "monster", "tile", "up")

    def __init__(self, tile: int, kind: int, up: int, monster: Monster | None = None, hp: int = 0,
                 flags: int = 0) -> None:  # fmt: skip
        self.tile = tile
        self.kind = kind
        self.up = up
        self.monster = monster
        self.hp = hp
        self.flags = flags
        self.counter = 0  # the venus flytrap's damage counter (§7.14.10)

    def copy(self) -> Slot:
        new = Slot.__new__(Slot)
        new.tile = self.tile
        new.kind = self.kind
        new.up = self.up
        new.monster = self.monster
        new.hp = self.hp
        new.flags = self.flags
        new.counter = self.counter
        return new

    @property
    def mon(self) -> Monster:
        """The monster of a monster tile (a bug to ask it of another tile)."""
        m = self.monster
        assert m is not None
        return m

    def __repr__(self) -> str:
        from .notation import TILE_NAMES

        return f"Slot({TILE_NAMES[self.tile]}, kind={self.kind}, up={self.up}, hp={self.hp}, flags={self.flags:#x})"


FACE_DOWN = Slot(0, K_DOWN, DOWN)
"""A tile laid face down from the pile and not yet drawn (JR-P1): one object every room, state and
clone shares, as every face-down tile is: no rule changes a face-down tile in place (drawn, it is
replaced by the tile drawn, ``pile._turned``; restacked, by a tile of the held pool,
``pile.restack``), so a floor's deal lays no new object."""


def face_down(pool: int) -> Slot:
    """A tile laid face down, not yet drawn (JR-P1): it will be drawn from ``pool`` (K_DOWN).
    Never changed in place (see :data:`FACE_DOWN`)."""
    return FACE_DOWN if pool == 0 else Slot(pool, K_DOWN, DOWN)


def new_slot(t: int, floor: int) -> Slot:
    """The encounter slot a pile tile makes (§2.1, §7.5): mN a monster of this floor's window
    (§7.13; the current floor's, on the way up too, D46), p1-p6 a trap, p7-p9 gold, sN an item;
    face down."""
    if t < 9:
        mon = _WINDOW[floor if floor < _DEEPEST_WINDOW else _DEEPEST_WINDOW][t]
        return Slot(t, K_MON, DOWN, mon, mon.hp)
    return Slot(t, _KIND_OF[t], DOWN)


_WINDOW: tuple[tuple[Monster, ...], ...] = tuple(
    tuple(R.monster_for(n, floor) for n in range(1, 10)) for floor in range(len(R.window.start) + 1))
"""The monster of each m tile, by floor (§7.13): the last row holds for every deeper floor."""
_DEEPEST_WINDOW = len(_WINDOW) - 1


def mimic_on_floor(floor: int) -> bool:
    """Whether an m tile of ``floor`` can be a mimic (the xeroc, §7.14.8): whether the floor's
    monster window (§7.13) reaches it. On the current window, from B9."""
    return any("mimic" in m.abilities for m in _WINDOW[floor if floor < _DEEPEST_WINDOW else _DEEPEST_WINDOW])
_KIND_OF = tuple(K_MON if suit(t) == 0 else K_TRAP if suit(t) == 1 and number(t) <= 6 else K_GOLD if suit(t) == 1
                 else K_ITEM for t in range(27))  # fmt: skip


class Weapon:
    """A melee weapon (§7.23): its state (enchantment, curse) is known once equipped (§7.24)."""

    __slots__ = ("cursed", "enchant", "kind", "known")

    def __init__(self, kind: str, enchant: int = 0, cursed: bool = False, known: bool = True) -> None:
        self.kind = kind
        self.enchant = enchant
        self.cursed = cursed
        self.known = known

    def copy(self) -> Weapon:
        return Weapon(self.kind, self.enchant, self.cursed, self.known)

    def __reduce__(self) -> tuple[Any, ...]:
        # by its constructor: compiled, the default protocol would call __init__ with no kind
        return (Weapon, (self.kind, self.enchant, self.cursed, self.known))

    def __repr__(self) -> str:
        return f"Weapon({self.kind!r}, {self.enchant}, cursed={self.cursed}, known={self.known})"


class Armour:
    """An armour (§7.23); ``protected``: Armour Protected (§7.14.4, scroll row 2)."""

    __slots__ = ("cursed", "enchant", "kind", "known", "protected")

    def __init__(self, kind: str, enchant: int = 0, cursed: bool = False, known: bool = True,
                 protected: bool = False) -> None:  # fmt: skip
        self.kind = kind
        self.enchant = enchant
        self.cursed = cursed
        self.known = known
        self.protected = protected

    def copy(self) -> Armour:
        return Armour(self.kind, self.enchant, self.cursed, self.known, self.protected)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Armour, (self.kind, self.enchant, self.cursed, self.known, self.protected))

    def __repr__(self) -> str:
        return f"Armour({self.kind!r}, {self.enchant}, cursed={self.cursed}, known={self.known})"


class Ring:
    """A ring (§7.22): ``kind`` None until first put on or identified; ``hand`` 0 (not worn),
    1 (left) or 2 (right)."""

    __slots__ = ("cursed", "hand", "kind")

    def __init__(self, kind: str | None = None, cursed: bool = False, hand: int = 0) -> None:
        self.kind = kind
        self.cursed = cursed
        self.hand = hand

    def copy(self) -> Ring:
        return Ring(self.kind, self.cursed, self.hand)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ring, (self.kind, self.cursed, self.hand))

    def __repr__(self) -> str:
        return f"Ring({self.kind!r}, cursed={self.cursed}, hand={self.hand})"


def neighbour(room: int, side: int) -> int:
    """The room across wall ``side`` (0 N, 1 E, 2 S, 3 W) of ``room`` (0-8), or -1 on the outer
    wall (§7.3). Rooms are numbered 1-9 (here 0-8) in reading order, 1 = NW, 9 = SE (D5)."""
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


INNER_WALLS: tuple[int, ...] = tuple(sum(1 << sd for sd in range(4) if neighbour(room, sd) >= 0) for room in range(9))
"""The walls of each room (0-8) with a room across, a bit per side (N E S W): no door leads out
of the 3×3 grid (§7.3)."""
SIDES_OF: tuple[tuple[int, ...], ...] = tuple(tuple(sd for sd in range(4) if mask >> sd & 1) for mask in range(16))
"""The sides in a mask of four bits, in the order N, E, S, W."""


_SCALARS = (
    "ident", "forced_bonus", "victory_bonus", "cont", "forced_end_ok",
    "pile_n", "discard_n", "restack_due",
    "level", "xp", "hp", "maxhp", "strength", "max_str", "gold", "food", "floor", "deepest", "amulet", "status",
    "weapon_eq", "armour_eq", "bow",
    "lab_n", "pos", "room", "side", "pfrom",
    "mode", "ret_mode", "turn", "shots", "frozen_at", "lead", "way",
    "continues", "cause", "killer", "won", "score", "forced", "decisions", "drawn", "drawn_at",
)  # fmt: skip
_LISTS = ("pile", "discard", "missiles", "potions", "scrolls", "pot_row", "scr_row", "pot_known_rows",
          "scr_known_rows", "lab", "lab_left", "found", "processed", "postponed")  # fmt: skip


class JongRogueState(StepState):
    """A position of JongRogue EZ / EZ Plus (see the module docstring).

    ``mode`` is the decision the PC faces next (a :class:`Phase` of ``rules.turns``: free play,
    a threat, the ranged phase, a melee turn, the end of a turn, the carry limits, the identify
    choice, death), kept while the steps between decisions run. The game's end is the engine's
    one (``finish()``, ``over``), nothing of ``mode``; :attr:`ended` says it for the rules."""

    __slots__ = (*_SCALARS, *_LISTS, "_shared", "armours", "held", "pmon", "rings", "slots", "weapons")
    STORAGE: ClassVar[tuple[str, ...]] = ("_shared",)
    """Fields that say how the state is stored, not what it is: a clone marks the rooms it shares
    on both states (the contract tests compare states without them, by the tiles themselves)."""

    # fields (their types, for mypy; set in __init__ and copied by clone)
    ident: bool
    forced_bonus: bool
    victory_bonus: bool
    cont: bool
    forced_end_ok: bool
    pile: list[int]
    """The counts a pile draw is drawn from: the pile together with the tiles laid face down from
    it since its last restack and not yet drawn (JR-P1: the PL cannot tell them apart)."""
    pile_n: int
    """The tiles in the pile itself."""
    held: list[list[int]]
    """The counts of face-down tiles laid before a restack (the pile ran out while they lay):
    each a pool of its own, no longer shared with the pile (JR-P1)."""
    discard: list[int]
    discard_n: int
    restack_due: bool
    level: int
    xp: int
    hp: int
    maxhp: int
    strength: int
    max_str: int
    gold: int
    food: int
    floor: int
    deepest: int
    amulet: bool
    status: int
    weapons: list[Weapon]
    weapon_eq: int
    bow: bool
    missiles: list[bool]
    armours: list[Armour]
    armour_eq: int
    rings: list[Ring]
    potions: list[int]
    scrolls: list[int]
    pot_row: list[int]
    scr_row: list[int]
    pot_known_rows: list[bool]
    scr_known_rows: list[bool]
    lab: list[tuple[int, int] | None]
    lab_left: list[int]
    lab_n: int
    found: list[int]
    slots: list[list[Slot]]
    """The encounter tiles of each room. Read them here; a rule that changes a room's tiles (or
    may, or keeps one to compare by identity) takes them from :meth:`room_slots` or
    :meth:`own_rooms`: a clone shares the rooms' lists and tiles until one side changes them."""
    _shared: int
    """The rooms (a bit each) whose list and tiles another state may share (set by ``clone``)."""
    processed: list[bool]
    postponed: list[bool]
    pmon: Slot | None
    pos: int
    room: int
    side: int
    pfrom: int
    mode: Phase[Any]
    ret_mode: Phase[Any]
    turn: int
    shots: int
    frozen_at: int
    lead: int
    way: str
    continues: int
    cause: str
    killer: str
    won: bool
    score: int
    forced: bool
    decisions: int
    drawn: tuple[tuple[str, tuple[int, ...]], ...]
    """The tiles drawn from the pile since decision ``drawn_at``, grouped by check, each group with
    the name of what it was drawn for (``melee_hit``...): what lies face up beside the pile until
    the next decision (the observation's ``drawn``). Kept with the events (``log``), like them."""
    drawn_at: int

    def __init__(self, game: JongRogue, seed: int | None, ident: bool, forced_bonus: bool, victory_bonus: bool,
                 cont: bool, forced_end_ok: bool = True) -> None:  # fmt: skip
        # the rules import this module; absolute imports cost no package lookup at each game
        from solotable.games.jongrogue.rules import turns
        from solotable.games.jongrogue.rules.floors import game_start

        super().__init__(game, seed)
        self.ident = ident
        self.forced_bonus = forced_bonus
        self.victory_bonus = victory_bonus
        self.cont = cont
        self.forced_end_ok = forced_end_ok
        copies = R.pile.copies_plus_id.value if ident else R.pile.copies_ez.value  # §2.8, D1, D2, D4
        self.pile = [copies] * 27
        self.pile_n = 27 * copies
        self.held = []
        self.discard = [0] * 27
        self.discard_n = 0
        self.restack_due = False
        # Character sheets A and B (§3.2) [SEED]
        self.level = 1
        self.xp = 0
        self.maxhp = max_hp_of(1)
        self.hp = R.hp.start.value
        self.strength = R.strength.start.value
        self.max_str = self.strength
        self.gold = 0
        self.food = R.food.start.value
        self.floor = 1
        self.deepest = 1
        self.amulet = False  # the stairs plate shows East until the Amulet is held (§7.27, D8)
        self.status = 0
        # Equipment [SEED]: mace equipped, bow and arrows carried, ring mail worn; +0, known.
        self.weapons = [Weapon("mace")]
        self.weapon_eq = 0
        self.bow = True
        self.missiles = [True, False, False]
        self.armours = [Armour("ring_mail")]
        self.armour_eq = 0
        self.rings = []
        self.potions = [0] * 9  # a count per appearance s1..s9
        self.scrolls = [0] * 18  # a count per appearance m1..m9, p1..p9
        # Identification (§7.26): appearance -> row (0-based), -1 while the link is hidden
        self.pot_row = [-1] * 9 if ident else list(range(9))
        self.scr_row = [-1] * 18 if ident else list(range(18))
        self.pot_known_rows = [not ident] * 9
        self.scr_known_rows = [not ident] * 18
        self.pmon = None
        self.pos = ROOM
        self.room = 0
        self.side = 0
        self.pfrom = 0
        self.mode = turns.PLAY
        self.ret_mode = turns.PLAY
        self.turn = 0
        self.shots = 0
        self.frozen_at = 0
        self.lead = -1  # the reference of the monster attacked asleep from a door (§7.11.1)
        self.way = ""  # the stairs taken once the carry limits are kept (§7.25)
        self.continues = 0
        self.cause = ""
        self.killer = ""
        self.won = False
        self.score = 0
        self.forced = False
        self.decisions = 0
        self.drawn = ()
        self.drawn_at = 0
        self.reset_floor()
        self.start(game_start)

    def reset_floor(self) -> None:
        """The map of a new floor (§3.3): the labyrinth set back, no tile laid yet."""
        self.lab = [None] * 9
        # the labyrinth set (16 winds, 2 stairs) is apart from the pile, which keeps its fives (D4)
        self.lab_left = [R.map.wind_copies.value] * 4 + [R.map.stairs_tiles.value]
        self.lab_n = sum(self.lab_left)
        self.found = [0] * 9  # per room, a bit per side (N E S W) with a found hidden end
        self.slots = [[] for _ in range(9)]
        self._shared = 0
        self.processed = [False] * 9
        self.postponed = [False] * 9

    # -- the protocol ----------------------------------------------------------------------------

    def clone(self) -> JongRogueState:
        new = JongRogueState.__new__(JongRogueState)
        self._copy_engine(new)
        new.ident = self.ident
        new.forced_bonus = self.forced_bonus
        new.victory_bonus = self.victory_bonus
        new.cont = self.cont
        new.forced_end_ok = self.forced_end_ok
        new.pile_n = self.pile_n
        new.discard_n = self.discard_n
        new.restack_due = self.restack_due
        new.level = self.level
        new.xp = self.xp
        new.hp = self.hp
        new.maxhp = self.maxhp
        new.strength = self.strength
        new.max_str = self.max_str
        new.gold = self.gold
        new.food = self.food
        new.floor = self.floor
        new.deepest = self.deepest
        new.amulet = self.amulet
        new.status = self.status
        new.weapon_eq = self.weapon_eq
        new.armour_eq = self.armour_eq
        new.bow = self.bow
        new.lab_n = self.lab_n
        new.pos = self.pos
        new.room = self.room
        new.side = self.side
        new.pfrom = self.pfrom
        new.mode = self.mode
        new.ret_mode = self.ret_mode
        new.turn = self.turn
        new.shots = self.shots
        new.frozen_at = self.frozen_at
        new.lead = self.lead
        new.way = self.way
        new.continues = self.continues
        new.cause = self.cause
        new.killer = self.killer
        new.won = self.won
        new.score = self.score
        new.forced = self.forced
        new.decisions = self.decisions
        new.drawn = self.drawn
        new.drawn_at = self.drawn_at
        new.pile = self.pile[:]
        new.held = [h[:] for h in self.held] if self.held else []
        new.discard = self.discard[:]
        new.missiles = self.missiles[:]
        new.potions = self.potions[:]
        new.scrolls = self.scrolls[:]
        new.pot_row = self.pot_row[:]
        new.scr_row = self.scr_row[:]
        new.pot_known_rows = self.pot_known_rows[:]
        new.scr_known_rows = self.scr_known_rows[:]
        new.lab = self.lab[:]
        new.lab_left = self.lab_left[:]
        new.found = self.found[:]
        new.processed = self.processed[:]
        new.postponed = self.postponed[:]
        # copy-on-write: both states share the rooms until one changes a room (room_slots)
        new.slots = self.slots[:]
        new._shared = self._shared = ALL_ROOMS
        p = self.pmon
        new.pmon = p.copy() if p is not None else None
        new.weapons = [w.copy() for w in self.weapons]
        new.armours = [a.copy() for a in self.armours]
        new.rings = [r.copy() for r in self.rings]
        return new

    def options(self) -> dict[str, Any]:
        plus = self.ident and self.forced_bonus and self.victory_bonus
        out: dict[str, Any] = {"rules": "ez-plus" if plus else "ez"}
        for name, on in (("identification", self.ident), ("forced-end-bonus", self.forced_bonus),
                         ("victory-bonus", self.victory_bonus)):  # fmt: skip
            out[name] = "preset" if on == plus else ("on" if on else "off")
        out["continue"] = "allowed" if self.cont else "off"
        out["forced-end"] = "allowed" if self.forced_end_ok else "off"
        return out

    def observation(self, player: int = 0) -> Observation:  # type: ignore[override]
        from .observation import observation

        return observation(self)

    def result(self) -> Result:
        details: dict[str, Any] = {
            "floor": self.floor, "deepest": self.deepest, "level": self.level, "xp": self.xp,
            "gold": self.gold, "continues": self.continues, "amulet": int(self.amulet),
            "cause": self.cause, "decisions": self.decisions,
        }  # fmt: skip
        if self.killer:
            details["killer"] = self.killer
        return Result(self.won, self.score, details)

    def warnings(self, action: Action) -> list[Event]:
        """A move that ends the game at once (the forced end, §4.4) asks for confirmation: what
        it scores, and that the run is over."""
        if action.name != "forced-end":
            return []
        bonus = R.score.forced_end_bonus.value if self.forced_bonus else 0
        score = self.gold * (100 + bonus) // 100
        return [Event("jr.warn.forced_end", {"score": score, "floor": self.floor})]

    def resample_hidden(self, rng: random.Random) -> JongRogueState:
        """A copy of what the PL may know: the state itself. Nothing hidden is stored (JR-P1): a
        face-down encounter tile is drawn when it is turned up, from the pile's counts together
        with the other tiles laid face down from it (the PL cannot tell those apart), and the pile
        order, the labyrinth pairs and the identification links are drawn at chance nodes too."""
        return self.clone()

    # -- what every chapter asks of the state ------------------------------------------------------

    @property
    def ended(self) -> bool:
        """The game is over (``finish()``), or ending: the victory's identification draws, once
        :func:`~.rules.ending.victory` has given its cause (JR-P5)."""
        return self.over or self.cause == "victory"

    def room_slots(self, room: int) -> list[Slot]:
        """The tiles of ``room``, this state's own to change: after a clone, the room's list and
        tiles are copied here, the first time either state asks (copy-on-write)."""
        slots = self.slots[room]
        if self._shared >> room & 1:
            slots = self.slots[room] = [s if s.kind == K_DOWN else s.copy() for s in slots]  # (face down: shared)
            self._shared &= ~(1 << room)
        return slots

    def own_rooms(self) -> list[list[Slot]]:
        """Every room's tiles, this state's own to change (see :meth:`room_slots`)."""
        if self._shared:
            for room in range(9):
                self.room_slots(room)
        return self.slots

    def slot_at(self, reference: int) -> Slot:
        """The tile a pending step refers to (:func:`ref`; the passage monster must be there),
        this state's own to change."""
        if reference == PASSAGE_REF:
            p = self.pmon
            assert p is not None
            return p
        room, k = divmod(reference, 64)
        return self.room_slots(room)[k]

    def monster_at(self, reference: int) -> Slot | None:
        """The monster a pending step refers to (:func:`ref`), or None once it is gone."""
        if reference == PASSAGE_REF:
            return self.pmon
        room, k = divmod(reference, 64)
        slots = self.room_slots(room)
        if k < len(slots) and slots[k].kind == K_MON:
            return slots[k]
        return None

    def ref_of(self, s: Slot) -> int:
        """The reference of a monster on the map (the passage monster included)."""
        if s is self.pmon:
            return PASSAGE_REF
        for r, room in enumerate(self.own_rooms()):
            for k, x in enumerate(room):
                if x is s:
                    return ref(r, k)
        raise ValueError("the monster is not on the map")

    def clear_monster_flags(self, bits: int) -> None:
        """Clear statuses ``bits`` of every monster on the map's rooms (not the passage monster):
        only the rooms holding a monster with one of them are taken (copied on write)."""
        for room, slots in enumerate(self.slots):
            for s in slots:
                if s.flags & bits:
                    for x in self.room_slots(room):
                        x.flags &= ~bits
                    break

    def ring_on(self, kind: str) -> bool:
        return bool(self.rings) and any(r.hand and r.kind == kind for r in self.rings)

    def eff_strength(self) -> int:
        """Strength with a worn Ring of Add Strength (+1, -1 if cursed, §7.10)."""
        s = self.strength
        for r in self.rings:
            if r.hand and r.kind == "add_strength":
                s += -1 if r.cursed else 1
        return s

    def weapon(self) -> Weapon | None:
        return self.weapons[self.weapon_eq] if self.weapon_eq >= 0 else None

    def armour(self) -> Armour | None:
        return self.armours[self.armour_eq] if self.armour_eq >= 0 else None

    def defence(self) -> int:
        """Armour value (with enchantment, at least 0) + ⌊L/4⌋ (§7.11.5): it raises the monster's hit
        target, and never reduces the damage (D19)."""
        a = self.armour()
        val = max(0, ARMOUR_VALUE[a.kind] + a.enchant) if a else 0
        return val + self.level // DEFENCE_LEVEL_DIV

    def here(self) -> int:
        """The room the PC is in or at whose door it stands; -1 in a passage."""
        return -1 if self.pos == PASSAGE else self.room

    def doors(self, room: int) -> int:
        """The sides with a door tile, a bit each (§7.3): a wind tile is a door on that wall (D6)."""
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
        return list(SIDES_OF[(self.doors(room) | self.found[room]) & INNER_WALLS[room]])

    def has_stairs(self, room: int) -> bool:
        pair = self.lab[room]
        return pair is not None and STAIRS in pair

    def room_monsters(self, room: int) -> list[Slot]:
        return [s for s in self.room_slots(room) if s.kind == K_MON]

    def revealed_monster(self, room: int, s: Slot) -> bool:
        """Its room has had encounter processing, or it arrived during the floor (§7.6)."""
        return self.processed[room] or s.up == ADDED

    def threats(self) -> list[Slot]:
        """Monsters that threaten the PC (§7.6): those of its room or of the room at whose door it
        stands; a monster never leaves its room to pursue (D53), but for the passage monster."""
        if self.pos == PASSAGE:
            p = self.pmon
            if p is not None and not p.flags & (M_SLEEPING | M_SCARED):
                return [p]
            return []
        room = self.room
        processed = self.processed[room]
        out = []
        for s in self.room_slots(room):  # (the rules change the monsters they name)
            if s.kind != K_MON or not (processed or s.up == ADDED) or s.flags & (M_SLEEPING | M_SCARED):
                continue
            if self.pos != ROOM and "stationary" in s.mon.abilities:
                continue
            out.append(s)
        return out

    def engaged(self) -> list[Slot]:
        """Monsters that melee the PC: all in a room, one at a door or in a passage (D23)."""
        th = self.threats()
        if self.pos == ROOM:
            return th
        lead = self.lead_slot()
        if lead is not None and any(x is lead for x in th):
            # §7.11.1: a monster attacked asleep from a door is the first to melee the PC
            th = [lead, *(x for x in th if x is not lead)]
        return th[:DOOR_ENGAGE_MAX]

    def lead_slot(self) -> Slot | None:
        if self.lead < 0 or self.pos != DOOR:
            return None
        r, k = divmod(self.lead, 64)
        slots = self.room_slots(r) if r == self.room else []
        if k >= len(slots):
            return None
        return slots[k]

    def over_limits(self) -> dict[str, bool]:
        """Row 40: which sheets hold more than their maximum (§7.25)."""
        return {"w": len(self.weapons) > CARRY.weapons, "a": len(self.armours) > CARRY.armours,
                "r": len(self.rings) > CARRY.rings, "pot": sum(self.potions) > CARRY.potions,
                "scr": sum(self.scrolls) > CARRY.scrolls}  # fmt: skip


ARMOUR_VALUE: dict[str, int] = R.combat.armour_value.value  # §7.23 at tile scale (D35)
DEFENCE_LEVEL_DIV = R.combat.defence_level_div.value
DOOR_ENGAGE_MAX = R.combat.door_engage_max.value
CARRY = R.carry.limits.value
LEVEL_XP: tuple[int, ...] = R.level.xp_table.value
LEVEL_MAX = R.level.max.value
HP_A, HP_B = R.hp.max_by_level.value


def max_hp_of(level: int) -> int:
    """Max HP = 2L + 2 (§7.9, D14)."""
    return HP_A * level + HP_B


def level_of_xp(xp: int) -> int:
    """The level the XP table gives (§6.1)."""
    lv = 1
    for i, need in enumerate(LEVEL_XP):
        if xp >= need:
            lv = i + 1
    return min(lv, LEVEL_MAX)


__all__ = [
    "ADDED", "AGGRAV", "ASLEEP", "BLIND", "CLAIR", "CONFUSED", "DOOR", "DOWN", "FACE_DOWN", "FROZEN", "HELD",
    "INNER_WALLS", "K_DOWN", "K_GOLD", "K_GONE", "K_ITEM", "K_MON", "K_TRAP", "LEVIT", "MISSILES", "M_ASLEEP",
    "M_CANCEL", "M_CONF", "M_DEEP", "M_DISGUISED", "M_HASTE", "M_INVIS", "M_SCARED", "M_SLEEPING", "M_SLOW", "PASSAGE",
    "PASSAGE_REF", "POTIONS", "RINGS", "ROOM", "SCROLLS", "SIDES_OF", "UP", "Armour", "JongRogueState", "Ring",
    "Slot", "Weapon", "face_down", "level_of_xp", "max_hp_of", "mimic_on_floor", "neighbour", "new_slot", "opposite",
    "ref",
]  # fmt: skip
