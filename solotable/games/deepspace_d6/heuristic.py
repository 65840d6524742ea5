"""A sensible Deep Space D-6 player: the ``heuristic`` bot.

It plays the way a careful captain does, one action at a time in step 3:
- clear the restrictions first (Comms Offline, Cosmic Existentialism), free the Infirmary before
  it empties the pool, and empty the scanners before a third Threat die draws a card;
- fire every Tactical die in one volley (the chain is worth more together, R7) and spend the
  points on the threats that hurt most per point of health, killing what it can; the Meteoroid
  only when the shields can take its blast;
- keep the shields up, put a Stasis Beam on the worst threat when the shields are full, repair
  the hull with as few Engineering dice as the damage needs;
- lock dice onto away missions that remove a threat (internal threats, Boarding Ship);
- Commander: turn a die with nothing to do into the face that is needed most.

The bot reads only what is on the table (never the events, which simulations leave off): the
deck is drawn lazily (:mod:`.rules.threats`), so the state holds no hidden card.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from importlib import resources
from operator import mul

from solotable.core.data import build, invalid
from solotable.core.protocol import Action, State

from . import actions as A
from .data import COM, ENG, MED, SCI, TAC, Card, data
from .rules.round_end import GATHER
from .rules.stations import ALLOCATE
from .rules.threats import DISTRACT, SEND
from .state import CARDS, DISTRACTED, INFIRMARY, MISSION, POOL, SCANNER, UNASSIGNED, DeepSpaceState

D = data()
COMMS_OFFLINE = D.by_id["i3"].index
COSMIC = D.by_id["i4"].index

SEND_VALUE = 0.8  # a crew die lost to the Infirmary, in hull points
INTERNAL_VALUE = {  # roughly what each internal threat costs per round while it stays
    "send_unit": 1.0, "time_warp": 0.4, "cloaked": 0.5, "comms_offline": 1.5, "cosmic": 1.2,
    "panel_explosion": 1.0, "distracted": 1.0, "boost_morale": -0.2, "friendly_fire": 0.0,
}  # fmt: skip


def danger(s: DeepSpaceState, c: Card) -> float:
    """Expected loss per round from an external threat, in hull points."""
    p = len(c.activation) / 6
    effect = c.effect
    if effect == "damage":
        return p * c.damage * (1.3 if c.ignores_shields else 1.0)
    if effect == "bomber":
        return p * (c.damage + SEND_VALUE)
    if effect == "bounty":
        return p * (s.shields + c.damage)
    if effect == "nebula":
        return 1.5
    if effect == "mercenary":
        return 0.8
    if effect == "scout":
        return 0.8
    if effect == "solar_winds":
        return p * c.damage
    return 0.0  # the Meteoroid hurts when it dies, not while it lives


def blast_ok(s: DeepSpaceState) -> bool:
    """Can the ship take the Meteoroid's 5 damage comfortably?"""
    absorb = 0 if s.nebula() else s.shields
    return s.hull + absorb - 5 >= 3


class DeepSpaceHeuristic:
    """The ``heuristic`` agent for deepspace-d6."""

    name = "heuristic"

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, DeepSpaceState)
        s = state
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = s.phase
        if phase is ALLOCATE:
            return self._allocate(s, legal)
        if phase is SEND:
            return self._pick_die(s, legal, avoid_mission=True)
        if phase is DISTRACT:
            return self._pick_die(s, legal, avoid_mission=True)
        if phase is GATHER:
            return self._gather(s, legal)
        return self._assign(s, legal)

    # -- step 3 -----------------------------------------------------------------------------

    def _assign(self, s: DeepSpaceState, legal: list[Action]) -> Action:
        ok = set(legal)
        have = [0] * 6
        for d in s.dice:
            if d.where == UNASSIGNED:
                have[d.face] += 1
        infirmary = s.count(INFIRMARY)
        scanners = s.count(SCANNER)
        in_play = s.threats

        def mission(card: int, face: int) -> Action | None:
            for t in in_play:
                if t.card.index == card:
                    a = A.MISSION[t.key][face]
                    if a in ok:
                        return a
            return None

        # 1. restrictions first
        for card, face in ((COMMS_OFFLINE, ENG), (COSMIC, SCI)):
            a = mission(card, face)
            if a is not None:
                return a
        if have[SCI] and A.SHIELDS in ok and s.shields <= 1:
            return A.SHIELDS
        # 2. Commander: change a die with nothing to do into the face needed most
        change = self._commander(s, have, ok)
        if change is not None:
            return change
        # 3. Medical
        if A.FREE in ok and infirmary >= 2:
            return A.FREE
        if A.RELEASE in ok and scanners >= 2:
            return A.RELEASE
        for cid in ("i9", "i8", "i5"):  # Panel Explosion, Pandemic, Distracted
            a = mission(D.by_id[cid].index, MED)
            if a is not None and (cid != "i9" or s.hull < D.ship.hull):
                return a
        if A.FREE in ok:
            return A.FREE
        if A.RELEASE in ok:
            return A.RELEASE
        # 4. Tactical: Invaders and Boarding Ship by mission, then one volley with every die
        a = mission(D.by_id["i7"].index, TAC)
        if a is not None and (have[TAC] >= 2 or self._placed(s, D.by_id["i7"].index)):
            return a
        a = mission(D.by_id["e3"].index, TAC)
        if a is not None:
            return a
        if have[TAC]:
            fires = [x for x in legal if x.name == "fire"]
            if fires:
                total = sum(t.health for t in s.targets())
                need = max(1, (total + 2) // 2)
                return fires[min(len(fires), need) - 1]
            a = mission(D.by_id["i7"].index, TAC)
            if a is not None:
                return a
        # 5. Science
        if have[SCI]:
            if A.SHIELDS in ok and s.shields <= 2:
                return A.SHIELDS
            for cid in ("i11", "i8", "i2"):
                a = mission(D.by_id[cid].index, SCI)
                if a is not None:
                    return a
            stasis = [x for x in legal if x.name == "stasis"]
            best = max(stasis, key=lambda x: danger(s, CARDS[A.INST_OF[str(x.args[0])] // 2])) if stasis else None
            worst = danger(s, CARDS[A.INST_OF[str(best.args[0])] // 2]) if best is not None else 0.0
            if best is not None and worst >= 1.0 and s.shields >= 3:
                return best
            if A.SHIELDS in ok:
                return A.SHIELDS
            if best is not None and worst > 0.3:
                return best
        # 6. Engineering: Robot Uprising, then the hull
        if have[ENG]:
            a = mission(D.by_id["i10"].index, ENG)
            if a is not None:
                return a
            repairs = [x for x in legal if x.name == "repair"]
            if repairs:
                missing = D.ship.hull - s.hull
                need = (missing + 2) // 2
                return repairs[min(len(repairs), need) - 1]
        # 7. Commander dice left: Hijackers, Cloaked Threats
        if have[COM]:
            for cid in ("e12", "i2"):
                a = mission(D.by_id[cid].index, COM)
                if a is not None:
                    return a
        return A.END

    def _commander(self, s: DeepSpaceState, have: list[int], ok: set[Action]) -> Action | None:
        if not have[COM] or sum(have) < 2:
            return None
        spare = self._spare(s, have)
        want = self._wanted(s, have)
        if want < 0:
            return None
        for f in (ENG, SCI, MED, COM, TAC):
            if f != want and spare[f] > 0 and (f != COM or have[COM] >= 2):
                a = A.CHANGE[f][want]
                if a in ok:
                    return a
        return None

    def _spare(self, s: DeepSpaceState, have: list[int]) -> list[int]:
        """Unassigned dice of each face with nothing worth doing."""
        need = [0] * 6
        if s.targets():
            need[TAC] = 6
        need[MED] = (1 if s.anywhere(INFIRMARY) else 0) + min(1, s.count(SCANNER)) + self._mission_need(s, MED)
        need[SCI] = (1 if s.shields < D.ship.shields and not s.nebula() else 0) + self._mission_need(s, SCI)
        need[ENG] = (D.ship.hull - s.hull + 1) // 2 + self._mission_need(s, ENG)
        need[COM] = 1 + self._mission_need(s, COM)  # the changer itself
        return [max(0, have[f] - need[f]) for f in range(6)]

    def _placed(self, s: DeepSpaceState, card: int) -> bool:
        return any(d.where == MISSION and d.on // 2 == card for d in s.dice)

    def _mission_need(self, s: DeepSpaceState, face: int) -> int:
        n = 0
        for t in s.threats:
            for slot in s.open_slots(t):
                if face in slot:
                    n += 1
        return n

    def _wanted(self, s: DeepSpaceState, have: list[int]) -> int:
        if s.count(INFIRMARY) >= 1 and not have[MED]:
            return MED
        if s.count(SCANNER) == 2 and not have[MED]:
            return MED
        if s.targets():
            return TAC
        if s.shields < 3 and not s.nebula() and not have[SCI]:
            return SCI
        return -1

    # -- weapons ------------------------------------------------------------------------------

    def _allocate(self, s: DeepSpaceState, legal: list[Action]) -> Action:
        points = s.volley
        best: Action | None = None
        best_value = 0.0
        for a in legal:
            if a.name != "hit":
                continue
            target = s.threat(A.INST_OF[str(a.args[0])])
            assert target is not None
            h = target.health
            meteor = target.card.effect == "meteoroid"
            if meteor and h <= points and not blast_ok(s):
                continue  # ruling R22: hold fire rather than blow it up on ourselves
            value = danger(s, target.card) + 0.2
            if meteor:
                value = 0.6
            value = value * 2 / h + 1.0 if h <= points else value / h  # a kill this volley counts double
            if value > best_value:
                best, best_value = a, value
        return best if best is not None else A.STOP

    # -- choices of dice ------------------------------------------------------------------------

    def _pick_die(self, s: DeepSpaceState, legal: list[Action], avoid_mission: bool) -> Action:
        def cost(a: Action) -> tuple[int, int]:
            where = s.dice[int(a.args[0]) - 1].where
            if where == MISSION:
                return (3, 0)
            if where == UNASSIGNED:
                return (1, 0)
            return (0, 0)  # a die on a station or in Returned: already used this round

        return min(legal, key=cost)

    def _gather(self, s: DeepSpaceState, legal: list[Action]) -> Action:
        """Leave a die on a mission only when one more die finishes it and the pool stays big."""
        if A.DONE not in legal:
            return legal[0]
        for a in legal:
            if a.name == "recall":
                card = s.threat(s.dice[int(a.args[0]) - 1].on)
                if card is None or len(s.open_slots(card)) > 1 or s.count(POOL) < 4:
                    return a
        return A.DONE


def make_agent() -> DeepSpaceHeuristic:
    return DeepSpaceHeuristic()


def deck_at_start(s: DeepSpaceState) -> int:
    """The threat deck at the start of the game (36 threats, the Don't Panic cards kept, less the
    cards a short or quick game removes): at most one round per card."""
    return D.size + s.dont_panic - D.length.removed[s.length]


def progress(s: DeepSpaceState) -> float:
    """How far a finished game got, in [0, 1]: the rounds survived, over the most a game can
    last (one card drawn a round at the least, so at most one round per card of the deck at the
    start, which depends only on the options). MCTS gives a lost rollout partial credit for it
    (see ``solotable.agents.search``). Not the cards drawn: locking Threat dice in the scanners
    draws more cards and would count as progress."""
    return max(0.0, min(1.0, s.round / max(1, deck_at_start(s))))


# -- the evaluation for search --------------------------------------------------------------------

FEATURES = (
    "bias", "hull", "shields", "survived", "deck_left", "externals", "external_health", "danger",
    "internals", "internal_cost", "infirmary", "scanners", "missions", "distracted", "nebula",
    "hull_x_danger",
)  # fmt: skip
"""What :func:`evaluate` looks at, all public (the ship, the threats in play, the deck's count)."""


def features(s: DeepSpaceState) -> list[float]:
    """The numbers :func:`evaluate` weighs, in the order of :data:`FEATURES`."""
    start = max(1, deck_at_start(s))
    ext_n = ext_health = internals = 0
    threat = internal_cost = 0.0
    for t in s.threats:
        c = t.card
        if c.external:
            if t.health > 0:
                ext_n += 1
                ext_health += t.health
                threat += danger(s, c)
        else:
            internals += 1
            internal_cost += INTERNAL_VALUE.get(c.effect, 0.5)
    infirmary = scanners = missions = distracted = 0
    for d in s.dice:
        where = d.where
        if where == INFIRMARY:
            infirmary += 1
        elif where == SCANNER:
            scanners += 1
        elif where == MISSION:
            missions += 1
        elif where == DISTRACTED:
            distracted += 1
    hull = s.hull / D.ship.hull
    return [
        1.0, hull, s.shields / D.ship.shields, s.round / start, s.deck / start, ext_n / 4, ext_health / 10,
        threat / 4, internals / 3, internal_cost / 3, infirmary / 6, scanners / 3,
        missions / 6, distracted, 1.0 if s.nebula() else 0.0, (1 - hull) * threat / 4,
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Value:
    """``value.toml``: the weights of :func:`evaluate`, fitted on :data:`FEATURES`."""

    features: tuple[str, ...]
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if self.features != FEATURES:
            raise invalid(f"fitted on other features than {', '.join(FEATURES)}: refit it")
        if len(self.weights) != len(self.features):
            raise invalid("one weight per feature")


def _load_weights() -> tuple[float, ...]:
    import tomllib

    package = __package__ or "solotable.games.deepspace_d6"
    text = resources.files(package).joinpath("value.toml").read_text(encoding="utf-8")
    return build(Value, tomllib.loads(text), source="value.toml", text=text).weights


WEIGHTS = _load_weights()


def evaluate(s: DeepSpaceState) -> float:
    """The chance that the ``heuristic`` bot wins from ``s``, by a logistic regression on
    :func:`features` fitted to heuristic games (``value.toml``; refit with
    ``benchmarks/fit_deepspace_value.py``). Search compares moves by it one round ahead, where a
    rollout to the end of the game would be too noisy to tell them apart."""
    if s.over:
        return 1.0 if s.won else 0.0
    z = sum(map(mul, WEIGHTS, features(s)))  # left to right from 0, as a loop would add them
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def stage(s: DeepSpaceState) -> int:
    """The round: MCTS rolls out to the start of a later round and scores it by :func:`evaluate`."""
    return int(s.round)


SEARCH_HORIZON = 1
"""MCTS rollouts stop at the start of the next round (see ``solotable.agents.search``)."""
