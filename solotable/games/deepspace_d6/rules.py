"""The rules of Deep Space D-6 (print-and-play, USS Crypsis) as a state machine
(shared/rules/deepspace_d6.md).

Every choice the rules give the player is a decision phase with legal actions; every roll and
draw is a chance node with exact probabilities. Rulings of the rules reference are cited as
``# ruling Rn``; the project's own as ``DS-Pn`` (docs/rulings.md).

- The crew roll (and a Commander's re-roll) is one chance event over the multisets of faces of
  the dice rolled (DS-P1): for 6 dice, 462 outcomes. The faces go to the rolled dice in
  ascending order of die number and face.
- The deck is drawn lazily: each draw takes a card uniformly from the cards not yet seen. The
  cards removed unseen for a short or quick game are among those, so this is exactly the top of
  a shuffled deck, and neither the deck order nor the removed cards are in the state (DS-P2).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Any

from solotable.core import chance
from solotable.core.protocol import (
    CHANCE,
    Action,
    ChanceTable,
    Event,
    IllegalAction,
    Result,
    State,
    legal_list,
)

from . import actions as A
from .actions import N_INST
from .cards import COM, ENG, FACES, MED, SCI, TAC, THR, Card, data

if TYPE_CHECKING:
    from . import DeepSpaceD6

D = data()
CARDS: tuple[Card, ...] = D.cards
N_TYPES = len(CARDS)
DP = D.dont_panic

# Phases: chance first.
ROLL, REROLL, DRAW, THREAT, ASSIGN, ALLOCATE, SEND, DISTRACT, GATHER, OVER = range(10)
FIRST_DECISION = ASSIGN
PHASE_NAMES = ("roll", "reroll", "draw", "threat", "assign", "allocate", "send", "distract", "gather", "over")

# Where a crew die is (§3.2). The five stations are ST_COM + face.
POOL, UNASSIGNED, SCANNER, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, MISSION, DISTRACTED, RETURNED, INFIRMARY = (
    range(13)
)
LOC_NAMES = (
    "pool", "unassigned", "scanners", "station", "station", "station", "station", "station", "stasis",
    "mission", "distracted", "returned", "infirmary",
)  # fmt: skip
STATION_NAMES = ("commander", "tactical", "medical", "science", "engineering")
GATHERED = frozenset({UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, RETURNED})  # §5.6
SENDABLE = frozenset({UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, MISSION, RETURNED})  # R5
DISTRACTABLE = frozenset({POOL, UNASSIGNED, ST_COM, ST_TAC, ST_MED, ST_SCI, ST_ENG, STASIS, RETURNED})  # R12

# What to do after a draw has been placed.
CTX_SETUP, CTX_SCAN, CTX_STEP4 = range(3)

ID = {c.id: c.index for c in CARDS}
MERCENARY = ID["e15"]
NEBULA = ID["e17"]
SCOUT = ID["e20"]
SOLAR_WINDS = ID["e21"]
COMMS_OFFLINE = ID["i3"]
COSMIC = ID["i4"]
PANEL_EXPLOSION = ID["i9"]
NOBODY = -1


# -- chance tables, built once ---------------------------------------------------------------


@cache
def roll_table(n: int) -> ChanceTable:
    """``n`` crew dice rolled together: each multiset of faces with its probability (DS-P1)."""
    out: list[tuple[Action, Fraction]] = []
    for faces in combinations_with_replacement(range(1, 7), n):
        perms = factorial(n)
        for f in set(faces):
            perms //= factorial(faces.count(f))
        out.append((Action("roll", *faces), Fraction(perms, 6**n)))
    return ChanceTable(out)


THREAT_TABLE = ChanceTable((A.THREAT[v], Fraction(1, 6)) for v in range(1, 7))


@lru_cache(maxsize=1024)
def draw_table(unseen: tuple[int, ...]) -> ChanceTable:
    """A draw: each kind of card not yet seen, with its share of the unseen cards (DS-P2)."""
    return chance.draw_table(A.DRAW, unseen)


@cache
def roll_actions(n: int) -> frozenset[Action]:
    return frozenset(roll_table(n).actions)


def _ev(key: str, **params: str | int) -> Event:
    return Event("ds6." + key, params)


def card_key(inst: int) -> str:
    """The message id (``@ds6.card.e18``) of an instance's card, for event parameters."""
    return "@ds6.card." + CARDS[inst // 2].id


def face_key(face: int) -> str:
    """The message id of a die's face; a die never rolled shows no face (R37)."""
    return "@ds6.face." + FACES[face] if face >= 0 else "@ds6.face.none"


class DeepSpaceState(State):
    """A position of Deep Space D-6. Mutable; ``clone()`` copies it cheaply."""

    __slots__ = (
        "game", "seed", "difficulty", "dont_panic", "length",
        "hull", "shields", "face", "loc", "on", "unseen", "deck", "removed",
        "in_play", "health", "stasis", "discard", "destroyed",
        "phase", "ctx", "setup_left", "points", "queue", "qi", "cloak", "activated", "lost",
        "roll", "round", "won", "cause", "must_recall", "pending", "_events", "_legal",
    )  # fmt: skip

    def __init__(self, game: DeepSpaceD6, seed: int | None, difficulty: str, dont_panic: int, length: str) -> None:
        self.game = game
        self.seed = seed
        self.difficulty = difficulty
        self.dont_panic = dont_panic
        self.length = length
        # §2.1 steps 1-2 (R16): the deck, the trackers, the pool
        self.hull = D.hull
        self.shields = D.shields
        self.face = [-1] * D.crew_dice  # R37: pool dice show no face
        self.loc = [POOL] * D.crew_dice
        self.on = [NOBODY] * D.crew_dice  # the card instance a die sits on (stasis, mission, Distracted)
        self.unseen = [c.copies for c in CARDS]
        self.unseen[DP] = dont_panic
        size = sum(self.unseen)
        self.removed = D.lengths[length]  # §2.3, R16: removed unseen after the shuffle
        self.deck = size - self.removed
        self.in_play: list[int] = []
        self.health = [0] * N_INST
        self.stasis = 0  # bitmask of instances in stasis this round
        self.discard: list[int] = []
        self.destroyed = 0  # external threats destroyed or resolved
        self.ctx = CTX_SETUP
        self.setup_left = D.opening_draws - 1
        self.points = 0
        self.queue: list[int] = []
        self.qi = 0
        self.cloak = False
        self.activated = False
        self.lost = False
        self.roll = 0
        self.round = 0
        self.won = False
        self.cause = ""
        self.must_recall = False
        self.pending = NOBODY  # the card whose effect awaits the player's choice
        self._legal: list[Action] | None = None  # legal_actions() of this position, once computed
        self._events: list[Event] = [
            _ev("ev.start", difficulty=f"@ds6.difficulty.{difficulty}", dont_panic=dont_panic,
                length=f"@ds6.length.{length}", deck=self.deck)
        ]  # fmt: skip
        self.phase = DRAW  # §2.1 step 5: draw 2

    # -- protocol plumbing -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        return CHANCE if phase < FIRST_DECISION else 0

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    def options(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "dont_panic": self._dp_option(), "length": self.length}

    def _dp_option(self) -> str:
        return "preset" if D.difficulties[self.difficulty] == self.dont_panic else str(self.dont_panic)

    def clone(self) -> DeepSpaceState:
        new = DeepSpaceState.__new__(DeepSpaceState)
        new.game = self.game
        new.seed = self.seed
        new.difficulty = self.difficulty
        new.dont_panic = self.dont_panic
        new.length = self.length
        new.hull = self.hull
        new.shields = self.shields
        new.face = self.face[:]
        new.loc = self.loc[:]
        new.on = self.on[:]
        new.unseen = self.unseen[:]
        new.deck = self.deck
        new.removed = self.removed
        new.in_play = self.in_play[:]
        new.health = self.health[:]
        new.stasis = self.stasis
        new.discard = self.discard[:]
        new.destroyed = self.destroyed
        new.phase = self.phase
        new.ctx = self.ctx
        new.setup_left = self.setup_left
        new.points = self.points
        new.queue = self.queue[:]
        new.qi = self.qi
        new.cloak = self.cloak
        new.activated = self.activated
        new.lost = self.lost
        new.roll = self.roll
        new.round = self.round
        new.won = self.won
        new.cause = self.cause
        new.must_recall = self.must_recall
        new.pending = self.pending
        new._events = self._events
        new._legal = None
        return new

    def observation(self, player: int = 0) -> dict[str, Any]:
        from .view import observation  # the view imports this module

        return observation(self)

    def chance_table(self) -> ChanceTable:
        phase = self.phase
        if phase >= FIRST_DECISION:
            raise IllegalAction("core.err.not_chance")
        if phase == ROLL:
            return roll_table(self.loc.count(POOL))
        if phase == REROLL:
            return roll_table(self.loc.count(UNASSIGNED))
        if phase == DRAW:
            return draw_table(tuple(self.unseen))
        return THREAT_TABLE

    # -- what is in play ---------------------------------------------------------------------

    def in_play_card(self, card: int) -> bool:
        return (2 * card) in self.in_play or (2 * card + 1) in self.in_play

    def nebula(self) -> bool:
        return self.in_play_card(NEBULA)

    def targets(self) -> list[int]:
        """External threats weapons can hit: every one with health (R22; not Solar Winds)."""
        return [i for i in self.in_play if CARDS[i // 2].external and self.health[i] > 0]

    def count(self, where: int, face: int) -> int:
        n = 0
        for d in range(6):
            if self.loc[d] == where and self.face[d] == face:
                n += 1
        return n

    def open_slots(self, inst: int) -> list[frozenset[int]]:
        """The mission slots of a card not yet filled by its mission dice."""
        slots = list(CARDS[inst // 2].mission)
        for d in range(6):
            if self.loc[d] == MISSION and self.on[d] == inst:
                f = self.face[d]
                for k, slot in enumerate(slots):
                    if f in slot:
                        del slots[k]
                        break
        return slots

    def classes(self, allowed: frozenset[int]) -> list[int]:
        """One die (the lowest number) per kind of die in ``allowed`` places: dice in the same
        place with the same face on the same card are interchangeable."""
        seen: set[tuple[int, int, int]] = set()
        out: list[int] = []
        for d in range(6):
            where = self.loc[d]
            if where in allowed:
                key = (where, self.face[d], self.on[d])
                if key not in seen:
                    seen.add(key)
                    out.append(d)
        return out

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase < FIRST_DECISION or phase == OVER:
            return []
        if phase == ASSIGN:
            return self._assign_actions()
        if phase == ALLOCATE:
            out = [A.HIT[i] for i in self.targets()]
            out.append(A.STOP)
            return out
        if phase == SEND:
            return [A.SEND[d] for d in self.classes(SENDABLE)]
        if phase == DISTRACT:
            return [A.DISTRACT[d] for d in self.classes(DISTRACTABLE)]
        # GATHER
        out = [A.RECALL[d] for d in self.classes(frozenset({MISSION}))]
        if not self.must_recall:  # ruling R26
            out.append(A.DONE)
        return out

    def _assign_actions(self) -> list[Action]:
        loc = self.loc
        face = self.face
        have = [0] * 6
        for d in range(6):
            if loc[d] == UNASSIGNED:
                have[face[d]] += 1
        unassigned = sum(have)
        comms = self.in_play_card(COMMS_OFFLINE)
        cosmic = self.in_play_card(COSMIC)
        panel = self.in_play_card(PANEL_EXPLOSION)
        out: list[Action] = []
        if have[COM] and not comms and unassigned >= 2:  # R19, R20, R24
            for f in range(5):
                if have[f] >= (2 if f == COM else 1):
                    out.extend(A.CHANGE_FROM[f])
            out.append(A.REROLL)
        if have[TAC] and self.targets():  # R21: no volley without a target
            out.extend(A.FIRE[n] for n in range(1, have[TAC] + 1))
        if have[MED]:
            if INFIRMARY in loc:
                out.append(A.FREE)
            if SCANNER in loc:
                out.append(A.RELEASE)
        if have[SCI] and not cosmic:  # R24
            if self.shields < D.shields and not self.nebula():  # R4, R21
                out.append(A.SHIELDS)
            for i in self.in_play:  # R11, R34
                c = CARDS[i // 2]
                if c.external and c.activation and not self.stasis >> i & 1:
                    out.append(A.STASIS[i])
        if have[ENG] and not panel and self.hull < D.hull:  # R21, R24
            out.extend(A.REPAIR[n] for n in range(1, have[ENG] + 1))
        for i in self.in_play:
            c = CARDS[i // 2]
            if not c.mission:
                continue
            slots = self.open_slots(i)
            for f in range(5):
                if not have[f] or not any(f in s for s in slots):
                    continue
                if (f == COM and comms) or (f == ENG and panel) or (f == SCI and cosmic and c.index != COSMIC):
                    continue  # ruling R24
                out.append(A.MISSION[i][f])
        out.append(A.END)
        return out

    # -- applying ---------------------------------------------------------------------------

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("core.err.over")
        if phase < FIRST_DECISION:
            if not trusted and not self._is_outcome(phase, action):
                table = self.chance_table()
                raise IllegalAction("core.err.not_outcome", action=str(action), legal=legal_list(table.actions))
            self._events = []
            self._legal = None
            self._apply_chance(phase, action)
            return
        if not trusted:
            if self._legal is None:
                self._legal = self._legal_actions()
            if action not in self._legal:
                raise self._illegal(action)
        self._events = []
        self._legal = None
        self._apply_decision(phase, action)

    def _is_outcome(self, phase: int, action: Action) -> bool:
        """Is ``action`` an outcome of this chance node? (Without scanning 462 rolls.)"""
        if phase == ROLL:
            return action in roll_actions(self.loc.count(POOL))
        if phase == REROLL:
            return action in roll_actions(self.loc.count(UNASSIGNED))
        if phase == DRAW:
            card = ID.get(str(action.args[0])) if action.name == "draw" and len(action.args) == 1 else None
            return card is not None and self.unseen[card] > 0 and action == A.DRAW[card]
        return action in THREAT_TABLE.actions

    def _illegal(self, action: Action) -> IllegalAction:
        legal = legal_list(self.legal_actions())
        name = action.name
        if self.phase == ASSIGN:
            if name in ("change", "reroll") and self.in_play_card(COMMS_OFFLINE):
                return IllegalAction("ds6.err.comms", action=str(action), legal=legal)
            if name == "repair" and self.in_play_card(PANEL_EXPLOSION):
                return IllegalAction("ds6.err.panel", action=str(action), legal=legal)
            if name in ("shields", "stasis") and self.in_play_card(COSMIC):
                return IllegalAction("ds6.err.cosmic", action=str(action), legal=legal)
        if self.phase == GATHER and name == "done":
            return IllegalAction("ds6.err.must_recall", legal=legal)
        return IllegalAction("core.err.not_legal", action=str(action), legal=legal)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalAction("core.err.not_over")
        return Result(won=self.won, score=None, details=self.result_details())

    def result_details(self) -> dict[str, Any]:
        return {
            "rounds": self.round,
            "hull": self.hull,
            "shields": self.shields,
            "destroyed": self.destroyed,
            "deck_left": self.deck,
            "threats_left": len(self.in_play),
            "cause": self.cause,
        }

    def _end(self, won: bool, cause: str) -> None:
        self.won = won
        self.cause = cause
        self.phase = OVER
        self._events.append(_ev("ev.win" if won else "ev.lose", cause=f"@ds6.cause.{cause}"))

    # -- chance -------------------------------------------------------------------------------

    def _apply_chance(self, phase: int, action: Action) -> None:
        if phase in (ROLL, REROLL):
            faces = [int(a) - 1 for a in action.args]
            where = POOL if phase == ROLL else UNASSIGNED
            dice = [d for d in range(6) if self.loc[d] == where]
            locked = 0
            for d, f in zip(dice, faces, strict=True):
                self.face[d] = f
                if f == THR:  # §4.9: a Threat face locks into the scanners at once
                    self.loc[d] = SCANNER
                    locked += 1
                else:
                    self.loc[d] = UNASSIGNED
            names = " ".join(FACES[f] for f in faces)
            self._events.append(_ev("ev.roll" if phase == ROLL else "ev.reroll", dice=names, locked=locked))
            self._scan()  # step 2, or at once during step 3 (R18)
        elif phase == DRAW:
            self._draw(ID[str(action.args[0])])
        else:
            self._threat_roll(int(action.args[0]))

    def _scan(self) -> None:
        """Full scanners: release 3 dice to Returned and draw, while 3 or more (R18, R8)."""
        self.ctx = CTX_SCAN
        while self.loc.count(SCANNER) >= D.scanner_slots:
            moved = 0
            for d in range(6):
                if self.loc[d] == SCANNER and moved < D.scanner_slots:
                    self.loc[d] = RETURNED
                    moved += 1
            if self.deck > 0:
                self._events.append(_ev("ev.scanners_full"))
                self.phase = DRAW
                return
            self._events.append(_ev("ev.scanners_empty_deck"))  # ruling R8
        self._enter_assign()

    def _continue(self) -> None:
        """Go on after a card drawn (and its on-draw choice) has been placed."""
        ctx = self.ctx
        if ctx == CTX_SETUP:
            if self.setup_left > 0:
                self.setup_left -= 1
                self.phase = DRAW
            else:
                self._start_round()
        elif ctx == CTX_SCAN:
            self._scan()
        else:
            self._step5()

    def _draw(self, card: int) -> None:
        """§5.7: place a card drawn (at setup, from the scanners, or at step 4; R17)."""
        c = CARDS[card]
        self.unseen[card] -= 1
        self.deck -= 1
        if card == DP:
            self._events.append(_ev("ev.dont_panic", left=self.deck))
            self.discard.append(card)
            self._continue()
            return
        inst = 2 * card + (c.copies - self.unseen[card] - 1)
        self._events.append(_ev("ev.draw_ext" if c.external else "ev.draw_int", card=card_key(inst), left=self.deck))
        if c.effect == "friendly_fire":  # ruling R29
            hurt = [d for d in range(6) if self.face[d] == TAC and self.loc[d] not in (INFIRMARY, DISTRACTED, POOL)]
            for d in hurt:
                self.loc[d] = INFIRMARY
                self.on[d] = NOBODY
            self._events.append(_ev("ev.friendly_fire", count=len(hurt)))
            self.discard.append(card)
            self._continue()
            return
        self.in_play.append(inst)
        self.health[inst] = c.health
        if c.effect == "nebula":  # ruling R4
            if self.shields:
                self.lost = True  # ruling R28
            self.shields = 0
            self._events.append(_ev("ev.nebula_arrives"))
        elif c.effect == "distracted":  # rulings R12, R30
            choices = self.classes(DISTRACTABLE)
            if not choices:
                self._events.append(_ev("ev.distracted_empty"))
            elif len(choices) == 1:
                self._distract(choices[0], inst)
            else:
                self.pending = inst
                self.phase = DISTRACT
                return
        self._continue()

    def _distract(self, d: int, inst: int) -> None:
        self.loc[d] = DISTRACTED
        self.on[d] = inst
        self._events.append(_ev("ev.distracted", die=d + 1))

    # -- step 3 ---------------------------------------------------------------------------------

    def _enter_assign(self) -> None:
        if UNASSIGNED in self.loc:
            self.phase = ASSIGN
        else:
            self._end_assign()

    def _end_assign(self) -> None:
        """Step 4 (§5.4): the win check on an empty deck (R10, R32, R9), else a draw."""
        if self.deck == 0:
            externals = [i for i in self.in_play if CARDS[i // 2].external]
            if not externals:
                self._end(True, "win")
                return
            if all(i // 2 == SOLAR_WINDS for i in externals) and self.hull > 5:  # ruling R9
                self._events.append(_ev("ev.solar_skipped"))
                self._end(True, "win")
                return
            self._events.append(_ev("ev.deck_empty"))
            self._step5()
            return
        self.ctx = CTX_STEP4
        self.phase = DRAW

    def _apply_decision(self, phase: int, action: Action) -> None:
        name = action.name
        args = action.args
        if phase == ASSIGN:
            self._assign(name, args)
        elif phase == ALLOCATE:
            if name == "stop":  # ruling R22: the rest is lost
                self._events.append(_ev("ev.volley_lost", points=self.points))
                self.points = 0
                self._enter_assign()
                return
            inst = A.INST_OF[str(args[0])]
            self.points -= 1
            self.health[inst] -= 1
            self._events.append(_ev("ev.hit", card=card_key(inst), health=self.health[inst]))
            if self.health[inst] == 0:
                self._remove(inst, destroyed=True)
                if self.phase == OVER:
                    return
            if self.points == 0 or not self.targets():
                if self.points:
                    self._events.append(_ev("ev.volley_lost", points=self.points))
                self.points = 0
                self._enter_assign()
        elif phase == SEND:
            d = int(args[0]) - 1
            self._to_infirmary(d)
            self.pending = NOBODY
            self._run_queue()
        elif phase == DISTRACT:
            self._distract(int(args[0]) - 1, self.pending)
            self.pending = NOBODY
            self._continue()
        else:  # GATHER
            if name == "done":
                self._start_round()
                return
            self._recall(int(args[0]) - 1)
            if MISSION not in self.loc:
                self._start_round()

    def _recall(self, d: int) -> None:
        """Step 6: the mission die ``d`` back to the pool; its slot reopens (R26)."""
        self.loc[d] = POOL
        self.face[d] = -1  # ruling R37
        self.on[d] = NOBODY
        self.must_recall = False
        self._events.append(_ev("ev.recall", die=d + 1))

    def _take(self, face: int, where: int, n: int = 1) -> None:
        """Move ``n`` unassigned dice showing ``face`` to ``where`` (lowest numbers first)."""
        for d in range(6):
            if n and self.loc[d] == UNASSIGNED and self.face[d] == face:
                self.loc[d] = where
                n -= 1

    def _assign(self, name: str, args: tuple[str | int, ...]) -> None:
        if name == "end":
            self._events.append(_ev("ev.end_assign"))
            self._end_assign()
        elif name == "change":  # ruling R19
            f, t = FACES.index(str(args[0])), FACES.index(str(args[1]))
            self._take(COM, ST_COM)
            for d in range(6):
                if self.loc[d] == UNASSIGNED and self.face[d] == f:
                    self.face[d] = t
                    if t == THR:
                        self.loc[d] = SCANNER
                    break
            self._events.append(_ev("ev.change", old=face_key(f), new=face_key(t)))
            self._scan()  # R18: at once
        elif name == "reroll":  # ruling R20
            self._take(COM, ST_COM)
            self.phase = REROLL
        elif name == "fire":  # ruling R7
            n = int(args[0])
            self._take(TAC, ST_TAC, n)
            self.points = 2 * n - 1
            self._events.append(_ev("ev.fire", dice=n, damage=self.points))
            self.phase = ALLOCATE
        elif name == "repair":  # ruling R7
            n = int(args[0])
            self._take(ENG, ST_ENG, n)
            before = self.hull
            self.hull = min(D.hull, self.hull + 2 * n - 1)
            self._events.append(_ev("ev.repair", dice=n, gain=self.hull - before, hull=self.hull))
            self._enter_assign()
        elif name == "free":  # ruling R6
            self._take(MED, ST_MED)
            n = 0
            for d in range(6):
                if self.loc[d] == INFIRMARY:
                    self.loc[d] = RETURNED
                    n += 1
            self._events.append(_ev("ev.free", count=n))
            self._enter_assign()
        elif name == "release":  # ruling R6
            self._take(MED, ST_MED)
            self.loc[self.loc.index(SCANNER)] = RETURNED
            self._events.append(_ev("ev.release"))
            self._enter_assign()
        elif name == "shields":
            self._take(SCI, ST_SCI)
            self.shields = D.shields
            self._events.append(_ev("ev.shields"))
            self._enter_assign()
        elif name == "stasis":  # rulings R11, R34
            inst = A.INST_OF[str(args[0])]
            for d in range(6):
                if self.loc[d] == UNASSIGNED and self.face[d] == SCI:
                    self.loc[d] = STASIS
                    self.on[d] = inst
                    break
            self.stasis |= 1 << inst
            self._events.append(_ev("ev.stasis", card=card_key(inst)))
            self._enter_assign()
        else:  # mission
            inst = A.INST_OF[str(args[0])]
            f = FACES.index(str(args[1]))
            for d in range(6):
                if self.loc[d] == UNASSIGNED and self.face[d] == f:
                    self.loc[d] = MISSION
                    self.on[d] = inst
                    break
            self._events.append(_ev("ev.mission", card=card_key(inst), face=face_key(f)))
            if not self.open_slots(inst):
                self._events.append(_ev("ev.mission_done", card=card_key(inst)))
                to_infirmary = CARDS[inst // 2].mission_to_infirmary  # ruling R13
                if CARDS[inst // 2].external:
                    self.destroyed += 1  # ruling R25
                self._remove(inst, destroyed=False, mission_to_infirmary=to_infirmary)
            self._enter_assign()

    # -- damage, cards leaving play -----------------------------------------------------------

    def _hurt(self, n: int, ignore_shields: bool = False) -> bool:
        """``n`` damage to the ship (R35); True when the hull is gone (the game is lost)."""
        absorbed = 0
        if not ignore_shields and not self.nebula():
            absorbed = min(self.shields, n)
            self.shields -= absorbed
        hull_loss = min(self.hull, n - absorbed)
        self.hull -= hull_loss
        if absorbed or hull_loss:
            self.lost = True  # ruling R28
        self._events.append(_ev("ev.damage", damage=n, shields=self.shields, hull=self.hull))
        if self.hull == 0:
            self._end(False, "hull")  # rulings R10, R32
            return True
        return False

    def _remove(self, inst: int, destroyed: bool, mission_to_infirmary: bool = False) -> None:
        """§5.9: a card leaves play; the dice on it go to Returned (R23), or the Infirmary (R13)."""
        card = inst // 2
        self.in_play.remove(inst)
        self.discard.append(card)
        self.stasis &= ~(1 << inst)
        self.health[inst] = 0
        for d in range(6):
            if self.on[d] == inst and self.loc[d] in (MISSION, STASIS, DISTRACTED):
                self.loc[d] = INFIRMARY if mission_to_infirmary and self.loc[d] == MISSION else RETURNED
                self.on[d] = NOBODY
        if not destroyed:
            return
        self.destroyed += 1
        self._events.append(_ev("ev.destroyed", card=card_key(inst)))
        effect = CARDS[card].effect
        if effect == "meteoroid":  # ruling R2
            self._events.append(_ev("ev.meteoroid_blast"))
            self._hurt(CARDS[card].damage)
        elif effect == "nebula":  # ruling R4
            self._events.append(_ev("ev.nebula_gone"))

    def _to_infirmary(self, d: int) -> None:
        self.loc[d] = INFIRMARY
        self.on[d] = NOBODY  # a mission slot reopens; a stasis stays in force (R34)
        self._events.append(_ev("ev.infirmary", die=d + 1, face=face_key(self.face[d])))

    # -- step 5 ---------------------------------------------------------------------------------

    def _step5(self) -> None:
        self.activated = False
        self.cloak = False
        if not self.in_play:  # §5.5: nothing to activate, the roll is skipped
            self._step6()
            return
        self.phase = THREAT

    def _threat_roll(self, v: int) -> None:
        """§5.5: the activated set is fixed now (R33), internals first, in entry order (R1)."""
        self.roll = v
        bit = 1 << v
        internal: list[int] = []
        external: list[int] = []
        for i in self.in_play:
            c = CARDS[i // 2]
            if c.act_mask & bit and not self.stasis >> i & 1:  # ruling R11
                (internal if c.internal else external).append(i)
        self.queue = internal + external
        self.qi = 0
        self._events.append(_ev("ev.threat_roll", face=v, count=len(self.queue)))
        self._run_queue()

    def _run_queue(self) -> None:
        while self.qi < len(self.queue):
            inst = self.queue[self.qi]
            self.qi += 1
            if inst not in self.in_play:  # ruling R33: left play before its turn
                continue
            self.activated = True
            if self._activate(inst) or self.phase == OVER:
                return
        self.queue = []
        self.qi = 0
        if self.cloak:  # ruling R14
            self.cloak = False
            self._events.append(_ev("ev.cloaked"))
            self.phase = THREAT
            return
        # ruling R27: after the last roll, Mercenary, then Scouting Ship
        if self.in_play_card(MERCENARY) and not self.activated:
            self._events.append(_ev("ev.mercenary"))
            if self._hurt(CARDS[MERCENARY].damage):
                return
        if self.in_play_card(SCOUT) and self.lost:  # ruling R3, R28
            self._events.append(_ev("ev.scout"))
            if self._hurt(CARDS[SCOUT].damage):
                return
        self._step6()

    def _activate(self, inst: int) -> bool:
        """One threat's effect; True when it waits for the player's choice."""
        c = CARDS[inst // 2]
        effect = c.effect
        self._events.append(_ev("ev.activates", card=card_key(inst)))
        if effect == "damage":
            self._hurt(c.damage, c.ignores_shields)
        elif effect == "bomber":
            if self._hurt(c.damage):
                return False
            return self._send_unit(inst)
        elif effect == "bounty":
            if self.shields:
                self.lost = True
            self.shields = 0
            self._events.append(_ev("ev.shields_destroyed"))
            self._hurt(c.damage)
        elif effect in ("meteoroid", "nebula"):  # rulings R2, R4
            self.health[inst] -= 1
            self._events.append(_ev("ev.self_damage", card=card_key(inst), health=self.health[inst]))
            if self.health[inst] == 0:
                self._remove(inst, destroyed=True)
        elif effect == "solar_winds":
            if not self._hurt(c.damage):
                self._remove(inst, destroyed=False)
        elif effect == "send_unit":
            return self._send_unit(inst)
        elif effect == "boost_morale":
            if SCANNER in self.loc:
                self.loc[self.loc.index(SCANNER)] = RETURNED
                self._events.append(_ev("ev.release"))
            self._remove(inst, destroyed=False)
        elif effect == "cloaked":
            self.cloak = True
        elif effect == "distracted":  # ruling R30
            self._remove(inst, destroyed=False)
        elif effect == "time_warp":  # ruling R31
            for i in self.in_play:
                full = CARDS[i // 2].health
                if CARDS[i // 2].external and 0 < self.health[i] < full:
                    self.health[i] += 1
            self._events.append(_ev("ev.time_warp"))
        return False

    def _send_unit(self, inst: int) -> bool:
        """R5, R36: the player picks the die (forced when all candidates are alike)."""
        choices = self.classes(SENDABLE)
        if not choices:
            self._events.append(_ev("ev.nobody_to_send"))
            return False
        if len(choices) == 1:
            self._to_infirmary(choices[0])
            return False
        self.pending = inst
        self.phase = SEND
        return True

    # -- step 6 and the next round ------------------------------------------------------------

    def _step6(self) -> None:
        """§5.6: gather; mission dice one by one (R26); the crew loss (R10)."""
        self.stasis = 0
        gathered = 0
        for d in range(6):
            if self.loc[d] in GATHERED:
                self.loc[d] = POOL
                self.face[d] = -1  # ruling R37
                self.on[d] = NOBODY
                gathered += 1
        if MISSION in self.loc:
            self.must_recall = gathered == 0
            self._events.append(_ev("ev.gather", count=gathered))
            if self.must_recall:  # ruling R26: at least one mission die comes back
                kinds = self.classes(frozenset({MISSION}))
                if len(kinds) == 1:  # DS-P4: one kind of die, no choice to ask for
                    self._recall(kinds[0])
                    if MISSION not in self.loc:
                        self._start_round()
                        return
            self.phase = GATHER
            return
        if gathered == 0:
            self._end(False, "crew")
            return
        self._events.append(_ev("ev.gather", count=gathered))
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.lost = False
        self.stasis = 0
        self.must_recall = False
        self._events.append(_ev("ev.round", round=self.round, dice=self.loc.count(POOL)))
        self.phase = ROLL
