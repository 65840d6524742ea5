"""The state of a game of Deep Space D-6: the ship, the six crew dice, the threats in play, the
deck by counts; and the engine's phase and stack of pending steps (:mod:`solotable.core.engine`).

Section numbers (§) and rulings (R…) are those of the game's rules reference; DS-P… are the
project's rulings (docs/rulings.md). The rules that change this state are in :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from solotable.core.engine import StepState
from solotable.core.native import blank_maker
from solotable.core.protocol import Event, IllegalAction, Result, legal_list

from .actions import INST_NAMES, INST_OF, N_INST
from .data import NO_FACE, THR, Card, data

if TYPE_CHECKING:
    from solotable.core.action import Action

    from . import DeepSpaceD6
    from .observation import Observation


GAME_ID = "deepspace-d6"
"""The game's id: its phases are known by (this id, their name), which is how a state pickles."""


D = data()
blank = blank_maker(__file__)
CARDS: Final[tuple[Card, ...]] = D.cards
DONT_PANIC: Final = D.dont_panic
COPIES: Final[tuple[int, ...]] = tuple(c.copies for c in CARDS)
"""The copies of each kind of card in the box."""

# Where a crew die is (§3.2). The five stations are ST_COM + face. (Final, one a line: the
# compiled build reads a final constant as a number, not from the module's globals.)
POOL: Final = 0
UNASSIGNED: Final = 1
SCANNER: Final = 2
ST_COM: Final = 3
ST_TAC: Final = 4
ST_MED: Final = 5
ST_SCI: Final = 6
ST_ENG: Final = 7
STASIS: Final = 8
MISSION: Final = 9
DISTRACTED: Final = 10
RETURNED: Final = 11
INFIRMARY: Final = 12
PlaceName = Literal[
    "pool", "unassigned", "scanners", "station", "stasis", "mission", "distracted", "returned", "infirmary"
]
StationName = Literal["commander", "tactical", "medical", "science", "engineering"]
PLACE_NAMES: tuple[PlaceName, ...] = (
    "pool", "unassigned", "scanners", "station", "station", "station", "station", "station", "stasis",
    "mission", "distracted", "returned", "infirmary",
)  # fmt: skip
"""Each place's name in the observation (``station`` for the five stations)."""
STATION_NAMES: tuple[StationName, ...] = ("commander", "tactical", "medical", "science", "engineering")
NOBODY: Final = -1
"""A die on no card."""


class Die:
    """One crew die: the face it shows (``NO_FACE`` in the pool, R37), where it is, and the card
    instance it sits on (stasis, mission, Distracted; ``NOBODY`` otherwise).

    Immutable, and one object per face, place and card (:func:`die`): a die that moves is
    replaced in ``state.dice`` (``dice[n] = d.at[RETURNED]``, or ``die(face, where, card)``),
    so clones share the dice, as they share the threats."""

    __slots__ = ("at", "face", "on", "tally", "where")

    face: int
    where: int
    on: int
    at: tuple[Die, ...]
    """This die moved: the die with the same face, on the same card, at each place."""
    tally: int
    """What step 3 counts this die as (:data:`TALLIES`): its face if unassigned, else its place."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Die is immutable: put die(...) or d.at[place] in its place")

    def __reduce__(self) -> tuple[Any, ...]:
        return (die, (self.face, self.where, self.on))  # a copy through pickle is the same object

    def __repr__(self) -> str:
        return f"Die(face={self.face}, where={PLACE_NAMES[self.where]}, on={self.on})"


T_INFIRMARY: Final = 6
T_SCANNER: Final = 7
T_MISSION: Final = 8
T_OTHER: Final = 9
TALLIES: Final = 10
"""Step 3 counts the dice in one pass (``tally[d.tally] += 1``): the unassigned dice by face
(0-5), then those in the Infirmary, the scanners, on missions, and the rest."""


def _make_die(face: int, where: int, on: int) -> Die:
    d = Die.__new__(Die)  # (compiled, a class with no __init__ of its own; object.__new__(Die) is refused)
    object.__setattr__(d, "face", face)
    object.__setattr__(d, "where", where)
    object.__setattr__(d, "on", on)
    if where == UNASSIGNED and face >= 0:
        tally = face
    else:
        tally = {INFIRMARY: T_INFIRMARY, SCANNER: T_SCANNER, MISSION: T_MISSION}.get(where, T_OTHER)
    object.__setattr__(d, "tally", tally)
    return d


def _dice() -> tuple[tuple[tuple[Die, ...], ...], ...]:
    by_face_on = [
        [tuple(_make_die(face, where, on) for where in range(len(PLACE_NAMES))) for on in range(NOBODY, N_INST)]
        for face in range(NO_FACE, THR + 1)
    ]
    for row in by_face_on:
        for places in row:
            for d in places:
                object.__setattr__(d, "at", places)
    return tuple(tuple(tuple(row[on][where] for on in range(len(row))) for where in range(len(PLACE_NAMES)))
                 for row in by_face_on)  # fmt: skip


_DICE: Final = _dice()
"""Every die there can be, by face + 1, place, card instance + 1."""


def die(face: int, where: int, on: int = NOBODY) -> Die:
    """The die showing ``face`` (``NO_FACE``: none) at ``where``, on the card instance ``on``."""
    return _DICE[face + 1][where][on + 1]


POOL_DIE: Final = die(NO_FACE, POOL)
"""A die in the pool (R37: it shows no face)."""


@dataclass(frozen=True, slots=True, eq=False)
class Threat:
    """A threat card in play. Immutable: a change (a hit, a Stasis Beam) replaces it in
    ``state.threats`` (:meth:`DeepSpaceState.replace`), so clones share it. The rules take them
    from :func:`instance` (one object per instance, health and stasis)."""

    card: Card
    key: int
    """``2 * card.index + copy``: the instance, stable while it is in play (dice name it)."""
    health: int
    """Current health of an external threat (0 for those without: Solar Winds, internals)."""
    stasis: bool = False
    """Under a Stasis Beam this round (R11, R34)."""

    # What the rules read of the card at every step, copied from it once (every threat there can
    # be is made at import, :func:`instance`): a compiled class's own fields, read without
    # looking into the card's Python object.
    name: str = field(init=False, repr=False, default="")
    """The notation of this instance: ``e18a``."""
    index: int = field(init=False, repr=False, default=-1)
    """The card's index (``card.index``)."""
    effect: str = field(init=False, repr=False, default="")
    external: bool = field(init=False, repr=False, default=False)
    internal: bool = field(init=False, repr=False, default=False)
    act_mask: int = field(init=False, repr=False, default=0)
    max_health: int = field(init=False, repr=False, default=0)
    """The card's printed health (``card.health``)."""
    slots: tuple[frozenset[int], ...] = field(init=False, repr=False, default=())
    """The card's mission slots (``card.slots``)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # derived fields of a frozen model, set once here
        card = self.card
        set_(self, "name", INST_NAMES[self.key])
        set_(self, "index", card.index)
        set_(self, "effect", card.effect)
        set_(self, "external", card.external)
        set_(self, "internal", card.internal)
        set_(self, "act_mask", card.act_mask)
        set_(self, "max_health", card.health)
        set_(self, "slots", card.slots)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as the one object of its instance, health and stasis (:func:`instance`): a state
        # carries its threats through pickle (OpenSpiel, process pools), and a compiled frozen
        # dataclass cannot set its fields back one by one
        return (instance, (self.key, self.health, self.stasis))


_THREATS: Final[tuple[tuple[tuple[Threat, Threat], ...], ...]] = tuple(
    tuple((Threat(CARDS[key // 2], key, health), Threat(CARDS[key // 2], key, health, True))
          for health in range(CARDS[key // 2].health + 1))
    for key in range(N_INST)
)  # fmt: skip
"""Every threat there can be in play, by instance key, health and stasis."""


def instance(key: int, health: int, stasis: bool = False) -> Threat:
    """The card instance ``key`` (its card is ``CARDS[key // 2]``) with ``health`` left, under a
    Stasis Beam or not. One object each, as for the dice (:func:`die`): a threat that changes is
    replaced by another of these, and making one costs nothing on the hot path."""
    return _THREATS[key][health][stasis]


class DeepSpaceState(StepState):
    """A position of Deep Space D-6. Mutable; :meth:`clone` copies it cheaply."""

    __slots__ = (
        "activated", "cause", "cloak", "deck", "destroyed", "dice", "difficulty", "discard", "dont_panic",
        "hull", "length", "lost", "must_recall", "pending", "removed", "round", "shields", "threat_die",
        "threats", "unseen", "volley", "won",
    )  # fmt: skip

    def __init__(self, game: DeepSpaceD6, seed: int | None, difficulty: str, dont_panic: int, length: str) -> None:
        # the rules import this module; an absolute import costs no package lookup at each game
        from solotable.games.deepspace_d6.rules.setup import setup

        super().__init__(game, seed)
        self.difficulty = difficulty
        self.dont_panic = dont_panic
        self.length = length
        # §2.1 steps 1-2 (R16): the deck, the trackers, the pool
        self.hull = D.ship.hull
        self.shields = D.ship.shields
        self.dice = [POOL_DIE] * D.ship.crew_dice  # R37: pool dice show no face
        self.unseen = list(COPIES)
        """Copies of each kind of card not seen yet (deck and removed cards, DS-P2)."""
        self.unseen[DONT_PANIC.index] = dont_panic
        self.removed = D.length.removed[length]  # §2.3, R16: removed unseen after the shuffle
        self.deck = sum(self.unseen) - self.removed
        self.threats: list[Threat] = []
        """The threats in play, in the order they entered play (R1)."""
        self.discard: list[Card] = []
        self.destroyed = 0
        """External threats destroyed or resolved by a mission (R25)."""
        self.volley = 0
        """Damage points of the current Tactical volley still to allocate (R22)."""
        self.cloak = False
        """Cloaked Threats activated by this roll of the threat die (R14)."""
        self.activated = False
        """A threat activated during this step 5 (Mercenary, R27)."""
        self.lost = False
        """The hull or shields went down this round (Scouting Ship, R28)."""
        self.threat_die = 0
        self.round = 0
        self.won = False
        self.cause = ""
        self.must_recall = False
        """Step 6: only mission dice can be gathered, so one must be (R26)."""
        self.pending: Threat | None = None
        """The card whose effect waits for the player's choice of a die (R5, R12)."""
        self.start(setup)

    # -- the protocol ------------------------------------------------------------------------

    def clone(self) -> DeepSpaceState:
        new = blank(DeepSpaceState)
        self._copy_engine(new)
        new.difficulty = self.difficulty
        new.dont_panic = self.dont_panic
        new.length = self.length
        new.hull = self.hull
        new.shields = self.shields
        new.dice = self.dice[:]  # dice are immutable
        new.unseen = self.unseen[:]
        new.removed = self.removed
        new.deck = self.deck
        new.threats = self.threats[:]  # threats are immutable
        new.discard = self.discard[:]
        new.destroyed = self.destroyed
        new.volley = self.volley
        new.cloak = self.cloak
        new.activated = self.activated
        new.lost = self.lost
        new.threat_die = self.threat_die
        new.round = self.round
        new.won = self.won
        new.cause = self.cause
        new.must_recall = self.must_recall
        new.pending = self.pending
        return new

    def observation(self, player: int = 0) -> Observation:  # type: ignore[override]
        from .observation import observation  # the observation reads this module

        return observation(self)

    def options(self) -> dict[str, Any]:
        preset = D.difficulty.dont_panic[self.difficulty] == self.dont_panic
        return {"difficulty": self.difficulty, "dont_panic": "preset" if preset else str(self.dont_panic),
                "length": self.length}  # fmt: skip

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=None, details=self.result_details())

    def result_details(self) -> dict[str, Any]:
        return {
            "rounds": self.round,
            "hull": self.hull,
            "shields": self.shields,
            "destroyed": self.destroyed,
            "deck_left": self.deck,
            "threats_left": len(self.threats),
            "cause": self.cause,
        }

    def refusal(self, action: Action, legal: list[Action]) -> IllegalAction:
        """Why ``action`` is not legal, naming the card that forbids it (R24, R26)."""
        from .rules.crew import ASSIGN
        from .rules.round_end import GATHER

        shown = legal_list(legal)
        name = action.name
        if self.phase is ASSIGN:
            if name in ("change", "reroll") and self.in_play("comms_offline"):
                return IllegalAction("ds6.err.comms", action=str(action), legal=shown)
            if name == "repair" and self.in_play("panel_explosion"):
                return IllegalAction("ds6.err.panel", action=str(action), legal=shown)
            if name in ("shields", "stasis") and self.in_play("cosmic"):
                return IllegalAction("ds6.err.cosmic", action=str(action), legal=shown)
        if self.phase is GATHER and name == "done":
            return IllegalAction("ds6.err.must_recall", legal=shown)
        return IllegalAction("core.err.not_legal", action=str(action), legal=shown)

    def warnings(self, action: Action) -> list[Event]:
        """A hit that destroys the Meteoroid when its blast (R2) would sink the ship: the one
        decision that loses the game at once, asked to be confirmed."""
        if action.name != "hit" or not action.args or str(action.args[0]) not in INST_OF:
            return []
        target = self.threat(INST_OF[str(action.args[0])])
        if target is None or target.card.effect != "meteoroid" or target.health != 1:
            return []
        blast = target.card.damage
        absorbed = 0 if self.nebula() else min(self.shields, blast)
        if self.hull > blast - absorbed:
            return []
        return [Event("ds6.warn.meteoroid", {"damage": blast})]

    # -- reading the table -------------------------------------------------------------------

    def in_play(self, effect: str) -> bool:
        """Is a card with this effect in play?"""
        for t in self.threats:  # noqa: SIM110 - a loop: faster than any() on the hot path
            if t.effect == effect:
                return True
        return False

    def nebula(self) -> bool:
        """R4: the Nebula in play takes the shields offline."""
        return self.in_play("nebula")

    def threat(self, key: int) -> Threat | None:
        """The threat in play with this instance key, if it still is (R33)."""
        for t in self.threats:
            if t.key == key:
                return t
        return None

    def replace(self, old: Threat, new: Threat) -> None:
        """``new`` takes the place of ``old`` in play (a threat changed)."""
        threats = self.threats
        threats[threats.index(old)] = new

    def targets(self) -> list[Threat]:
        """External threats weapons can hit: every one with health (R22; not Solar Winds)."""
        return [t for t in self.threats if t.external and t.health > 0]

    def count(self, where: int) -> int:
        n = 0
        for d in self.dice:
            if d.where == where:
                n += 1
        return n

    def anywhere(self, where: int) -> bool:
        """Is any die at ``where``?"""
        for d in self.dice:  # noqa: SIM110 - a loop: faster than any() on the hot path
            if d.where == where:
                return True
        return False

    def open_slots(self, threat: Threat) -> list[frozenset[int]]:
        """The mission slots of a card not yet filled by its mission dice."""
        slots = list(threat.slots)
        key = threat.key
        for d in self.dice:
            if d.where == MISSION and d.on == key:
                f = d.face
                for k, slot in enumerate(slots):
                    if f in slot:
                        del slots[k]
                        break
        return slots

    def open_faces(self, threat: Threat) -> frozenset[int]:
        """The faces an open mission slot of the card accepts."""
        key = threat.key
        for d in self.dice:
            if d.where == MISSION and d.on == key:
                return frozenset().union(*self.open_slots(threat))
        return threat.card.mission_faces

    def classes(self, allowed: frozenset[int]) -> list[int]:
        """One die (the lowest number, 0-based) per kind of die in ``allowed`` places: dice in
        the same place with the same face on the same card are interchangeable (DS-P4)."""
        seen: set[Die] = set()  # a die is one object per face, place and card (:func:`die`)
        out: list[int] = []
        for n, d in enumerate(self.dice):
            if d.where in allowed and d not in seen:
                seen.add(d)
                out.append(n)
        return out

    # -- moving dice -----------------------------------------------------------------------------

    def take(self, face: int, where: int, n: int = 1) -> None:
        """Move ``n`` unassigned dice showing ``face`` to ``where`` (lowest numbers first)."""
        dice = self.dice
        for k, d in enumerate(dice):
            if d.where == UNASSIGNED and d.face == face:
                dice[k] = d.at[where]
                n -= 1
                if not n:
                    return

    def unassigned(self, face: int) -> int:
        """The number (0-based) of the unassigned die of the lowest number showing ``face``
        (there is one: the action that asks for it is legal)."""
        for k, d in enumerate(self.dice):
            if d.where == UNASSIGNED and d.face == face:
                return k
        raise AssertionError(f"no unassigned die shows face {face}")

    # -- the end ---------------------------------------------------------------------------------

    def end(self, won: bool, cause: str) -> None:
        """§1.4: the game is won or lost, at once (R10, R32)."""
        self.won = won
        self.cause = cause
        self.emit("ds6.ev.win" if won else "ds6.ev.lose", cause=f"@ds6.cause.{cause}")
        self.finish()
