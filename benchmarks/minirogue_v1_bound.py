"""An information-relaxation upper bound on the best fair chance of winning Mini Rogue v1.2.1.

    python benchmarks/minirogue_v1_bound.py [--difficulty normal] [--scenarios 300] [--seed 1]
                                            [--first 0] [--only 1,14,...] [--budget 200000]
                                            [--retry-budget N] [--restarts 1] [--window 0] [--lam 1 | --lams 0,0.1,1]
                                            [--value heuristic|fitted|fitted-ahead|fitted-ahead2|relaxed|relaxed-ahead]
                                            [--kinds reveal,...] [--floor K [--floor-agent mcts]] [--cpu 1200]
                                            [--verbose]

Brown, Smith and Sun (2010), "Information relaxations and duality in stochastic dynamic
programs". The game's optimum (the best chance of winning of a player who sees only the past) is
at most the expectation, over scenarios of the future, of the best result a player who knows
that scenario in advance can reach, less a penalty for looking ahead that has zero mean under
every fair policy.

**Scenarios** (common random numbers). Every chance node of the engine has an exact table
(``state.chance_table()``); the ``k``-th draw of each *kind* of chance node (its phase: the
column's reveal, the monster's HP, the attack roll, a critical's reroll, ...) takes its outcome
from the ``k``-th uniform number of that kind's own stream, ``table.sample_float(u)``, the same
sampling the simulator uses. The outcome depends on the table met (the Rank decides how many
attack dice, the cards left decide the reveal), so a scenario is a sequence of uniform numbers
per kind, not a list of outcomes. **Why it is a relaxation**: along any path, the ``k``-th draw of
a kind uses a number no earlier draw used, independent of all that came before, so whatever a
fair (non-anticipative) policy does, each outcome has exactly its table's distribution given the
past (up to the rounding of the sampling floats, below 1e-15): every fair policy has the same
chance of winning on these scenarios as in the game. A player who sees the scenario does at least
as well as any fair policy on it, so the mean of the scenario-wise optimum bounds the optimum.

**Inner problem** (one scenario, the future known): a deterministic maximisation over the
decisions, solved exactly by depth-first search with a transposition table over (the position's
key, the number of uniforms used of each kind). With no penalty it is a search for a winning line
(stopped at the first win; the heuristic's move tried first). Three sound cuts, each argued where
it is written and tested against the plain search: the key (``decision_key``) leaves out what no
rule reads again and puts the dice in a canonical order; positions differing only in HP, gold,
Food, Armor and spells are compared (``Relaxed.can_win``); and a fight that no line survives
loses the game, answered once for every position that reaches the same fight
(``Relaxed.survives``). A spell discarded for nothing (ruling R29) is never tried: keeping a
spell and not casting it does everything discarding it does (no chance and no rule depends on
holding it, the spell phase offers "no spell"), so the fair policies that never discard include an
optimal one and the bound stays a bound on the optimum; a third spell's choice of which to drop
(R6, also named "discard") is a choice and is tried. A scenario whose search exceeds ``--budget``
distinct states counts as a win (1, its own valid upper bound), never as a loss; their number is
reported, and ``--retry-budget`` searches them again with more states; ``--restarts N`` instead
tries each scenario up to N times (``--budget`` states each) in new random orders, its tables of
proven answers kept (``Relaxed.restarts``).

**Penalty** (``--window K --lam L``, or ``--lams L1,L2,...``: one walk of the window's tree
serves every weight). At every chance node met while the adventurer is in areas
``1..K`` the relaxed player pays ``L * (V(child) - sum_o p_o V(child_o))``: the value of the
outcome the scenario gives less the expected value over the exact table, with ``V`` an
approximate value of a state (``--value``: the heuristic's evaluation, or a logistic fit of the
heuristic's wins). Its conditional mean given the past is zero for every fair policy, whatever
``V``, ``L`` and ``K`` (the window is known from the state), so the bound stays valid; a good
``V`` takes away what foresight gains. The inner problem is then max over the paths of (win -
penalties) and is solved exactly: the whole tree of decisions inside the window (no budget: the
run stops if it is exceeded), and past the window the zero-penalty search above (its value is
0 or 1; a budget hit counts 1).

Values tried (``--value``; any function of the state keeps the penalty's zero mean): the
heuristic's evaluation; ``fitted``, a logistic fit of the heuristic's wins; ``relaxed``, a
logistic fit of the relaxed player's wins from positions of the window (what the window's paths
continue into); ``-ahead``, either backed up to the next draw (:func:`lookahead_value`, closer to
Bellman-consistent), ``-ahead2`` twice. ``--kinds`` charges only some kinds of draw (each charge
has zero mean on its own). ``--floor K`` also plays a fair player (the heuristic, or
``--floor-agent mcts``) through areas ``1..K`` and searches on from there without penalty: no
penalty at those areas' draws, whatever ``V``, ``lam`` and kinds, brings the bound's expectation
below this one's (:func:`fair_then_relaxed`), so the gap between the two is all such a penalty
could take away.

The script prints the mean bound with a 95% interval (normal approximation) over the scenarios,
the zero-penalty bound on the same scenarios, their paired difference, and the CPU time.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from operator import ge, le
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from minirogue_v1_states import EXCLUDED, canonical, key_fields

from solotable.core.protocol import Action, State
from solotable.core.registry import load
from solotable.core.stats import wilson_interval
from solotable.games.minirogue_v1.data import SPELLS
from solotable.games.minirogue_v1.heuristic import evaluate, make_agent
from solotable.games.minirogue_v1.rules import PHASES
from solotable.games.minirogue_v1.state import NO_FOE

KINDS: tuple[str, ...] = tuple(p.name for p in PHASES if p.chance)
"""The kinds of chance node (the draws' phases), each with its own stream of uniforms."""
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
Counters = tuple[int, ...]
START: Counters = (0,) * len(KINDS)
FIGHT_KINDS = tuple(KIND_INDEX[name] for name in ("attack_roll", "crit_roll", "feat_roll"))
"""The only draws met inside a fight (``Relaxed.survives``)."""
RESOURCES = ("hp", "gold", "food", "armor", "spells")
"""The fields of which more never hurts (``Relaxed.can_win``)."""


class Scenario:
    """One future: for each kind of draw, a stream of uniform numbers in [0, 1), the ``k``-th
    consumed by the ``k``-th draw of that kind on whatever path is taken."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._rngs = [random.Random(f"{label}:{kind}") for kind in KINDS]
        self._us: list[list[float]] = [[] for _ in KINDS]

    def uniform(self, kind: int, k: int) -> float:
        us = self._us[kind]
        while len(us) <= k:
            us.append(self._rngs[kind].random())
        return us[k]

    def draw(self, state: State, counters: Counters) -> tuple[Action, Counters]:
        """The outcome of the chance node ``state`` in this scenario, and the counters after it."""
        kind = KIND_INDEX[state.phase.name]  # type: ignore[attr-defined]
        outcome = state.chance_table().sample_float(self.uniform(kind, counters[kind]))
        return outcome, (*counters[:kind], counters[kind] + 1, *counters[kind + 1 :])


def new_game(difficulty: str) -> State:
    state = load("minirogue-v1").new_state(seed=0, difficulty=difficulty)
    state.set_events(False)
    return state


def play(
    policy: Callable[[State], Action],
    scenario: Scenario,
    state: State | None = None,
    counters: Counters = START,
    difficulty: str = "normal",
) -> bool:
    """A fair policy's game on ``scenario`` (from ``state``, or the start): won or not."""
    s = (state or new_game(difficulty)).clone()
    while not s.is_terminal():
        if s.is_chance():
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
        else:
            s.apply(policy(s), trusted=True)
    return bool(s.won)  # type: ignore[attr-defined]


def policy_objective(
    policy: Callable[[State], Action],
    scenario: Scenario,
    state: State,
    window: int,
    lam: float,
    value: Callable[[State], float],
    counters: Counters = START,
) -> float:
    """A fair policy's (win - penalties) on ``scenario``: one of the paths the penalized inner
    problem maximizes over (so never above it), and of mean its chance of winning over scenarios
    (the penalty has zero mean)."""
    s = state.clone()
    total = 0.0
    while not s.is_terminal():
        if s.is_chance():
            penalized = s.area <= window and charged(s)  # type: ignore[attr-defined]
            expected = _expected_value(s, value) if penalized else 0.0
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
            if penalized:
                total -= lam * (value(s) - expected)
        else:
            s.apply(policy(s), trusted=True)
    return total + float(s.won)  # type: ignore[attr-defined]


def fair_then_relaxed(
    policy: Callable[[State], Action],
    scenario: Scenario,
    state: State,
    window: int,
    budget: int,
    counters: Counters = START,
) -> float:
    """``policy`` through areas ``1..window`` on ``scenario``, then the zero-penalty search from
    where it leaves them (1 past the budget). No penalty at the window's draws brings the bound
    below the mean of this over scenarios, whatever ``V`` and ``lam``: the penalty has zero mean
    under this player (its moves in the window see only the past), so its (win - penalties) has
    the same mean as its win, and the penalized inner problem is at least that on every
    scenario."""
    s = state.clone()
    while not s.is_terminal() and s.area <= window:  # type: ignore[attr-defined]
        if s.is_chance():
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
        else:
            s.apply(policy(s), trusted=True)
    if s.is_terminal():
        return float(s.won)  # type: ignore[attr-defined]
    return Relaxed(scenario, budget).perfect_information(s, counters)


CHARGED: set[int] = set(range(len(KINDS)))
"""The kinds of draw charged inside the window (``--kinds``; every kind unless told): each charge
has zero mean on its own, so any subset keeps the bound valid."""


def charged(s: State) -> bool:
    return KIND_INDEX[s.phase.name] in CHARGED  # type: ignore[attr-defined]


def moves(state: State) -> list[Action]:
    """The decisions the relaxed player tries: every legal one but a free discard (R29, see the
    module docstring), the heuristic's choice first."""
    legal = state.legal_actions()
    if state.phase.name != "spell_discard":  # type: ignore[attr-defined]
        # a third spell's choice of which to drop (R6) is a choice, not a free discard: kept
        legal = [a for a in legal if a.name != "discard"]
    first = _HEURISTIC.choose(state, _RNG)
    if first in legal:
        legal.remove(first)
        legal.insert(0, first)
    return legal


_HEURISTIC = make_agent()
_RNG = random.Random(0)


def decision_key(s: Any) -> int:
    """What the future of a decision position depends on, less the resources (compared apart)
    and less what no rule reads again, with the dice in a canonical order.

    Left out (each read only by the display, or no more at this point): the columns already
    passed (``revealed`` of earlier columns and ``chosen``: the next reveal reads the cards
    ``remaining``; only the current column's cards and the boss's column are read), the room card
    once its room is entered (``card`` is read only when the room is resolved, after the pre-room
    choice), the last Trap roll (read only by its own draws), the Event roll outside the Event's
    two choices, the die being rerolled (``rerolling``: read only at the reroll's draw), the
    foe's printed HP (``foe_max_hp``: display only), the death's cause (empty in play) and the
    engine's caches (``_built``, ``_legal``). Two positions equal in all the rest have the same
    legal moves and the same futures. The dice: the rules treat them alike (the legal moves of
    every die, the sum dealt), so a permutation of (total, status, feat used) with the chain's
    die renumbered is the same position; a total past the foe's HP counts as the foe's HP (a
    critical's reroll only adds to it or loses the die, a feat replaces it, and the foe dies
    either way)."""
    phase = s.phase.name
    foe_hp = max(1, s.foe_hp)
    chain = s.feat_chain
    dice = sorted(
        (min(v, foe_hp), st, f, i == chain) for i, (v, st, f) in enumerate(zip(s.dice, s.dstat, s.dfeat, strict=True))
    )
    col = s.col
    revealed = s.revealed
    return hash(
        (
            phase,
            tuple(s.stack),
            s.difficulty,
            s.keys,
            s.rank,
            s.xp,
            s.area,
            col,
            revealed[col] if 0 <= col < len(revealed) else (),
            revealed[4],
            s.remaining,
            s.card if phase == "pre_room" else -1,
            s.monster_defeated,
            s.key_held,
            s.bosses,
            s.won,
            s.foe,
            s.foe_hp,
            s.foe_damage,
            s.poison,
            s.poison_new,
            s.ice,
            tuple(dice),
            s.event_roll if phase in ("event_check", "event_shift") else 0,
            s.pending_spell,
            s.over,
        )
    )


class BudgetExceeded(Exception):
    pass


class TreeTooLarge(Exception):
    pass


class Relaxed:
    """The inner problems of one scenario (their transposition tables are the scenario's)."""

    def __init__(self, scenario: Scenario, budget: int = 200_000) -> None:
        self.scenario = scenario
        self.budget = budget
        self.nodes = 0
        self.budget_hit = False
        self._fields: tuple[str, ...] | None = None
        self._rest: tuple[str, ...] | None = None
        self._lost: dict[tuple[int, Counters], list[tuple[int, ...]]] = {}
        self._won: dict[tuple[int, Counters], list[tuple[int, ...]]] = {}
        self.plain_key = False
        self.fights = True
        self._fight_lost: dict[tuple[int, Counters], list[tuple[int, ...]]] = {}
        self._fight_won: dict[tuple[int, Counters], list[tuple[int, ...]]] = {}
        self.shuffle: random.Random | None = None
        """Set by :meth:`restarts`: the order in which :meth:`can_win` tries the moves."""
        self.total_nodes = 0
        self.deviate = 0.1
        """In a restart, the chance that a decision tries another move before the heuristic's."""

    def order(self, legal: list[Action]) -> list[Action]:
        """The moves in the order tried: the heuristic's first, or (in a restart, at a fraction
        ``deviate`` of the decisions) another move picked at random first. The order changes only how soon an answer is
        found, never the answer (a win is a line found, a loss a subtree exhausted)."""
        rng = self.shuffle
        if rng is None or len(legal) < 2 or rng.random() >= self.deviate:
            return legal
        other = rng.randrange(1, len(legal))
        return [legal[other], *legal[:other], *legal[other + 1 :]]

    def restarts(self, state: State, counters: Counters, tries: int, each: int) -> float:
        """The zero-penalty value by up to ``tries`` searches of at most ``each`` states, the first in
        the heuristic's order and each later one in a new random order (seeded by the scenario and
        the try): 1 won, 0 lost, 1 if every try passes its budget (``budget_hit`` set).

        Sound because the tables of won and lost positions (and of fights survived or not) are
        kept from one try to the next and only ever hold answers: a position is written lost only
        when its whole subtree has been searched, and a search stopped by its budget writes
        nothing for the positions it leaves unfinished. A later try therefore starts where the
        earlier ones proved something, and a different order reaches early alternatives that a
        depth-first search in one order would come back to only after exhausting the late ones
        (the lines dying at the same boss along thousands of paths)."""
        self.total_nodes = 0
        for t in range(tries):
            self.shuffle = None if t == 0 else random.Random(f"{self.scenario.label}:restart:{t}")
            self.budget = each
            self.nodes = 0
            s = state.clone()
            try:
                won = self.can_win(s, self.advance(s, counters))
            except BudgetExceeded:
                self.total_nodes += self.nodes
                continue
            finally:
                self.shuffle = None
            self.total_nodes += self.nodes
            self.budget_hit = False
            return float(won)
        self.budget_hit = True
        return 1.0

    def key(self, state: State, counters: Counters) -> tuple[int, Counters]:
        if self._fields is None:
            self._fields = key_fields(state)
        return canonical(state, self._fields, True), counters

    def advance(self, state: State, counters: Counters) -> Counters:
        """Play the scenario's draws until a decision or the end (``state`` is changed)."""
        while state.is_chance():
            outcome, counters = self.scenario.draw(state, counters)
            state.apply(outcome, trusted=True)
        return counters

    # -- no penalty: can the game still be won? -------------------------------------------------

    def can_win(self, state: State, counters: Counters) -> bool:
        """True if some line of decisions wins this scenario from ``state`` (a decision node or
        the end). A search past the budget raises :class:`BudgetExceeded`.

        Positions are remembered as lost or won by their key less the resources (HP, gold, Food,
        Armor and the spells held, counted by kind), with the resources kept apart: a position is
        lost if one with at least as much of each and all else equal was lost, won if one with at
        most as much was won. With all else equal (the same draws to come: the tables do not
        depend on these), more of a resource never hurts: every decision open with less is open
        with more (a feat's 2 HP, a price in gold, Armor or a spell to sell; a spell phase or Heal
        before a room offers "no spell" and "enter"), the caps and the damage keep the order, a
        penalty paid in Food, gold or Armor by the richer one is paid in 2 HP by the poorer (§5.7,
        §4.3), and a spell gained by the poorer one is kept by the richer by dropping one the
        poorer does not hold (R6); so the richer can follow the poorer one's line and end no
        worse."""
        if state.is_terminal():
            return bool(state.won)  # type: ignore[attr-defined]
        rest, have = self.split_key(state, counters)
        for lost in self._lost.get(rest, ()):
            if all(map(ge, lost, have)):
                return False
        for won in self._won.get(rest, ()):
            if all(map(le, won, have)):
                return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if self.fights and state.foe != NO_FOE and not self.survives(state, counters):  # type: ignore[attr-defined]
            self._lost.setdefault(rest, []).append(have)
            return False
        for action in self.order(moves(state)):
            child = state.clone()
            child.apply(action, trusted=True)
            if self.can_win(child, self.advance(child, counters)):
                self._won.setdefault(rest, []).append(have)
                return True
        self._lost.setdefault(rest, []).append(have)
        return False

    def survives(self, state: State, counters: Counters) -> bool:
        """True if some line of decisions ends the fight in progress at ``state`` (a decision
        node) with the adventurer alive: a necessary condition of a win (there is no fleeing,
        ruling R10), so a position where it fails is lost.

        The fight reads only the fight's fields (the foe, its HP, damage, Poison and Ice, the dice
        on the table), the adventurer's HP, Armor, Rank, XP and spells, and the draws of the
        attack roll, a critical's and a feat's reroll (no other kind of draw happens before the
        foe is defeated or the adventurer dies): so its answer is kept by those alone (gold, Food,
        the dungeon and the other draws' counters left out), shared by every position that
        reaches the same fight. The fight is over when its foe is gone (a monster, an Event's
        monster and a boss are told apart: a column's monster may be followed by the boss with no
        draw or decision between). HP, Armor and the spells held are compared as in
        :meth:`can_win`: more HP (a feat's price is payable whenever it is for less), more Armor
        (less damage each defense phase) and more spells (the same casts open) never end a fight
        worse, so a richer position survives when a poorer one does, and a poorer one dies when a
        richer one does. Counted in the budget."""
        s: Any = state
        if s.is_terminal():
            return bool(s.won)
        foe_hp = max(1, s.foe_hp)
        chain = s.feat_chain
        dice = sorted(
            (min(v, foe_hp), st, f, i == chain)
            for i, (v, st, f) in enumerate(zip(s.dice, s.dstat, s.dfeat, strict=True))
        )
        rest = (
            hash(
                (s.phase.name, s.rank, s.xp, s.foe, s.foe_hp, s.foe_damage, s.poison, s.poison_new, s.ice, tuple(dice))
            ),
            tuple(counters[k] for k in FIGHT_KINDS),
        )
        spells = s.spells
        have = (s.hp, s.armor, *(spells.count(name) for name in SPELLS))
        for lost in self._fight_lost.get(rest, ()):
            if all(map(ge, lost, have)):
                return False
        for won in self._fight_won.get(rest, ()):
            if all(map(le, won, have)):
                return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        for action in moves(s):
            child: Any = s.clone()
            child.apply(action, trusted=True)
            c = counters
            while child.is_chance() and child.foe == s.foe:
                outcome, c = self.scenario.draw(child, c)
                child.apply(outcome, trusted=True)
            if child.is_terminal() and not child.won:
                continue
            # the fight is over when its foe is gone: none, or a column 4's boss met at once
            if child.foe != s.foe or self.survives(child, c):
                self._fight_won.setdefault(rest, []).append(have)
                return True
        self._fight_lost.setdefault(rest, []).append(have)
        return False

    def split_key(self, state: State, counters: Counters) -> tuple[tuple[int, Counters], tuple[int, ...]]:
        """The position's key without the resources, and the resources (HP, gold, Food, Armor, spells)."""
        s: Any = state
        spells = s.spells
        held = tuple(spells.count(name) for name in SPELLS)
        if self.plain_key:
            if self._rest is None:
                self._rest = tuple(n for n in key_fields(state) if n not in RESOURCES)
            return (canonical(state, self._rest, True), counters), (s.hp, s.gold, s.food, s.armor, *held)
        return (decision_key(s), counters), (s.hp, s.gold, s.food, s.armor, *held)

    def perfect_information(self, state: State, counters: Counters = START) -> float:
        """The zero-penalty value: 1 won, 0 lost, 1 when the budget is exceeded (an upper bound)."""
        s = state.clone()
        try:
            return float(self.can_win(s, self.advance(s, counters)))
        except BudgetExceeded:
            self.budget_hit = True
            return 1.0

    def tail(self, state: State, counters: Counters) -> float:
        """The zero-penalty value past the window (its own budget per call)."""
        self.nodes = 0
        try:
            return float(self.can_win(state, counters))
        except BudgetExceeded:
            self.budget_hit = True
            return 1.0

    # -- with a penalty inside the window -------------------------------------------------------

    def penalized(
        self,
        state: State,
        window: int,
        lam: float,
        value: Callable[[State], float],
        counters: Counters = START,
        limit: int = 2_000_000,
    ) -> float:
        """max over the paths of (win - lam * penalties at the draws met in areas 1..window), exactly
        (``lam >= 0``; :meth:`curve` with one weight)."""
        return self.curve(state, window, [lam], value, counters, limit)[0]

    def curve(
        self,
        state: State,
        window: int,
        lams: list[float],
        value: Callable[[State], float],
        counters: Counters = START,
        limit: int = 2_000_000,
    ) -> list[float]:
        """For each weight ``lam >= 0``: max over the paths of (win - lam * penalties at the draws
        met in areas 1..window), exactly.

        First the window's tree, forward: for every position at which a path leaves the window
        (or the game ends inside it), the least sum of ``V(child) - E[V(child)]`` of the paths
        reaching it (for every ``lam >= 0`` the best path to an exit is the one of least sum, so
        one walk serves every weight). Then, per weight, the exits by ``-lam * sum``, largest
        first, each with its zero-penalty value (0 or 1, searched once and kept) added; the search
        stops when no exit left can beat the best (their value is at most 1)."""
        self._limit = limit
        self._reached: dict[tuple[int, Counters], float] = {}
        self._exits: dict[tuple[int, Counters], tuple[float, State, Counters]] = {}
        self._walk(state.clone(), counters, 0.0, window, 1.0 if any(lams) else 0.0, value)
        tails: dict[tuple[int, Counters], float] = {}
        out: list[float] = []
        for lam in lams:
            best = -math.inf
            for key, (acc, s, c) in sorted(self._exits.items(), key=lambda e: -e[1][0]):
                if lam * acc + 1.0 <= best:
                    break
                tail = tails.get(key)
                if tail is None:
                    tail = tails[key] = float(s.won) if s.is_terminal() else self.tail(s, c)  # type: ignore[attr-defined]
                best = max(best, lam * acc + tail)
            out.append(best)
        return out

    def _walk(
        self, s: State, counters: Counters, acc: float, window: int, lam: float, value: Callable[[State], float]
    ) -> None:
        while s.is_chance() and s.area <= window:  # type: ignore[attr-defined]
            pay = lam and charged(s)
            expected = _expected_value(s, value) if pay else 0.0
            outcome, counters = self.scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
            if pay:
                acc -= lam * (value(s) - expected)
        if s.is_chance():  # left the window: no more penalty
            counters = self.advance(s, counters)
        key = self.key(s, counters)
        if s.is_terminal() or s.area > window:  # type: ignore[attr-defined]
            found = self._exits.get(key)
            if found is None or acc > found[0]:
                self._exits[key] = (acc, s, counters)
            return
        reached = self._reached.get(key)
        if reached is not None and reached >= acc:
            return
        if len(self._reached) >= self._limit:
            raise TreeTooLarge("the window's tree is too large: choose a smaller --window")
        self._reached[key] = acc
        for action in moves(s):
            child = s.clone()
            child.apply(action, trusted=True)
            self._walk(child, counters, acc, window, lam, value)


@cache
def _fields(cls: type) -> tuple[str, ...]:
    return tuple(n for c in cls.__mro__ for n in getattr(c, "__slots__", ()) if n not in EXCLUDED)


def _expected_value(s: State, value: Callable[[State], float]) -> float:
    """sum_o p_o V(child_o) over the chance node's exact table (cached by the node's key and the
    value function: it does not depend on the scenario)."""
    key = (canonical(s, _fields(type(s)), True), id(value))
    found = _EXPECTED.get(key)
    if found is not None:
        return found
    total = _EXPECTED[key] = mean_over_draw(s, value)
    return total


def mean_over_draw(s: State, value: Callable[[State], float]) -> float:
    """sum_o p_o value(child_o) over the chance node ``s``'s exact table (no cache)."""
    total = 0.0
    for outcome, p in s.chance_outcomes():
        child = s.clone()
        child.apply(outcome, trusted=True)
        total += float(p) * value(child)
    return total


_EXPECTED: dict[tuple[int, int], float] = {}
"""E[V(child)] by chance node and value function, shared by every scenario."""


# -- values for the penalty --------------------------------------------------------------------


def heuristic_value(s: State) -> float:
    return evaluate(s)  # type: ignore[arg-type]


def features(s: Any) -> list[float]:
    """A state's numbers for the fitted value: resources, depth, and the fight in progress."""
    dealt = sum(v for v, st in zip(s.dice, s.dstat, strict=False) if st != 2)
    fighting = s.foe >= 0
    foe_left = max(0, s.foe_hp - dealt) if fighting else 0
    counter = max(0, s.foe_damage - s.armor) if fighting else 0
    return [
        1.0,
        s.area / 14,
        s.hp / 20,
        s.armor / 5,
        s.gold / 20,
        s.food / 6,
        (s.rank - 1) / 3,
        s.xp / 18,
        len(s.spells) / 2,
        float(fighting),
        foe_left / 30,
        counter / 12,
        min(1.0, counter / max(1, s.hp)),
        s.poison / 2,
    ]


def fit_value(difficulty: str, games: int, seed: int) -> list[float]:
    """A logistic fit of the heuristic's wins on :func:`features` of the states of its games
    (every decision and draw), by Newton's method (IRLS) with a small ridge."""

    rows: list[list[float]] = []
    labels: list[float] = []
    rng = random.Random(seed)
    for g in range(games):
        s = new_game(difficulty)
        seen: list[list[float]] = []
        scenario = Scenario(f"fit:{difficulty}:{seed}:{g}")
        counters = START
        while not s.is_terminal():
            if rng.random() < 0.1:
                seen.append(features(s))
            if s.is_chance():
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
            else:
                s.apply(_HEURISTIC.choose(s, rng), trusted=True)
        rows.extend(seen)
        labels.extend([float(s.won)] * len(seen))  # type: ignore[attr-defined]
    return newton_logistic(rows, labels, ridge=1e-3, iterations=30)



def newton_logistic(rows: list[list[float]], labels: list[float], ridge: float, iterations: int) -> list[float]:
    """The weights of a logistic regression of ``labels`` on ``rows`` by Newton's method (IRLS)
    with a ridge of ``ridge``, at most ``iterations`` steps."""
    import numpy as np

    x = np.array(rows)
    y = np.array(labels)
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (y - p) - ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w += step
        if float(np.abs(step).max()) < 1e-9:
            break
    return [float(v) for v in w]

def fitted_value(weights: list[float]) -> Callable[[State], float]:
    def value(s: State) -> float:
        if s.is_terminal():
            return 1.0 if s.won else 0.0  # type: ignore[attr-defined]
        z = sum(w * f for w, f in zip(weights, features(s), strict=True))
        return 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))

    return value


def lookahead_value(base: Callable[[State], float], depth: int = 12) -> Callable[[State], float]:
    """``base`` backed up to the next draw: at a chance node the expectation over its exact table
    of the value after the draw, at a decision node the best over the moves (the relaxed player's,
    :func:`moves` less its ordering) of the positions up to the next chance node, where ``base``'s
    expectation over that node's table is taken (``base`` at a position ``depth`` decisions away).
    Any function of the state gives a valid penalty; this one is closer to Bellman-consistent."""
    cache: dict[int, float] = {}

    def ahead(s: State, left: int) -> float:
        if s.is_terminal():
            return 1.0 if s.won else 0.0  # type: ignore[attr-defined]
        if s.is_chance():
            return mean_over_draw(s, base)
        if left == 0:
            return base(s)
        key = canonical(s, _fields(type(s)), True)
        found = cache.get(key)
        if found is not None:
            return found
        best = 0.0
        for action in _choices(s):
            child = s.clone()
            child.apply(action, trusted=True)
            best = max(best, ahead(child, left - 1))
        cache[key] = best
        return best

    def value(s: State) -> float:
        if s.is_chance():
            return mean_over_draw(s, lambda child: ahead(child, depth))
        return ahead(s, depth)

    return value


def _choices(state: State) -> list[Action]:
    """:func:`moves` without the heuristic's ordering (the same set)."""
    legal = state.legal_actions()
    if state.phase.name != "spell_discard":  # type: ignore[attr-defined]
        legal = [a for a in legal if a.name != "discard"]
    return legal


def fit_relaxed_value(difficulty: str, samples: int, seed: int, window: int, budget: int) -> list[float]:
    """A logistic fit, on :func:`features`, of the relaxed player's wins (the zero-penalty search
    on a fresh scenario, a search past ``budget`` counted a win) from positions of areas
    ``1..window`` and their exits, reached by the heuristic with a random move at a quarter of
    its decisions: the value the window's paths continue into, where a fair value (of the
    heuristic's wins) ranks positions by a fair player's chances."""

    rows: list[list[float]] = []
    labels: list[float] = []
    rng = random.Random(f"relaxed-fit:{seed}")
    for g in range(samples):
        s = new_game(difficulty)
        scenario = Scenario(f"relaxed-fit:{difficulty}:{seed}:{g}:play")
        counters = START
        stop = rng.randrange(80)
        steps = 0
        while not s.is_terminal() and s.area <= window and steps < stop:  # type: ignore[attr-defined]
            if s.is_chance():
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
            else:
                legal = _choices(s)
                s.apply(rng.choice(legal) if rng.random() < 0.25 else _HEURISTIC.choose(s, rng), trusted=True)
            steps += 1
        relaxed = Relaxed(Scenario(f"relaxed-fit:{difficulty}:{seed}:{g}:future"), budget)
        rows.append(features(s))
        labels.append(float(s.won) if s.is_terminal() else relaxed.perfect_information(s))  # type: ignore[attr-defined]
    return newton_logistic(rows, labels, ridge=1e-2, iterations=50)


# -- the estimate ------------------------------------------------------------------------------


def interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--scenarios", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=200_000, help="states per zero-penalty search")
    parser.add_argument("--window", type=int, default=0, help="penalize the draws in areas 1..K (0: none)")
    parser.add_argument("--lam", type=float, default=1.0, help="the penalty's weight")
    parser.add_argument("--lams", default="", help="several weights at once, comma-separated (one walk serves all)")
    parser.add_argument("--only", default="", help="only these scenarios (comma-separated numbers)")
    parser.add_argument("--verbose", action="store_true", help="a line per scenario")
    parser.add_argument("--first", type=int, default=0, help="the first scenario's number (scenarios first..first+N-1)")
    parser.add_argument(
        "--retry-budget", type=int, default=0, help="search the scenarios over --budget again with this many states"
    )
    parser.add_argument(
        "--restarts",
        type=int,
        default=1,
        help="search each scenario up to N times, --budget states each, in new random orders (tables kept)",
    )
    parser.add_argument(
        "--value",
        choices=("heuristic", "fitted", "fitted-ahead", "fitted-ahead2", "relaxed", "relaxed-ahead"),
        default="fitted",
    )
    parser.add_argument("--fit-games", type=int, default=4000)
    parser.add_argument("--fit-samples", type=int, default=1000, help="positions labelled for --value relaxed")
    parser.add_argument("--fit-budget", type=int, default=20_000, help="states per label's search (--value relaxed)")
    parser.add_argument("--fit-seed", type=int, default=0, help="the seed of --value relaxed's positions and futures")
    parser.add_argument(
        "--floor-agent", default="heuristic", help="the fair player of --floor: heuristic, or mcts (--floor-iterations)"
    )
    parser.add_argument("--floor-iterations", type=int, default=512)
    parser.add_argument("--kinds", default="", help="charge only these kinds of draw (comma-separated phase names)")
    parser.add_argument(
        "--floor",
        type=int,
        default=0,
        help="also the heuristic through areas 1..K, then the zero-penalty search: no penalty at those areas' "
        "draws brings the bound below it",
    )
    parser.add_argument(
        "--exhaust",
        type=int,
        default=0,
        help="only count the whole tree of decisions (no cut-off at a win) of the first N scenarios, up to --budget",
    )
    parser.add_argument("--cpu", type=float, default=1200.0, help="stop after this much CPU (s)")
    ns = parser.parse_args()
    sys.setrecursionlimit(200_000)
    if ns.kinds:
        CHARGED.clear()
        CHARGED.update(KIND_INDEX[name] for name in ns.kinds.split(","))
    start = time.process_time()
    value: Callable[[State], float] = heuristic_value
    if ns.window and ns.value.startswith("fitted"):
        weights = fit_value(ns.difficulty, ns.fit_games, ns.seed)
        value = fitted_value(weights)
        print(f"fitted value: {ns.fit_games} heuristic games, weights {[round(w, 3) for w in weights]}")
    if ns.window and ns.value.startswith("relaxed"):
        weights = fit_relaxed_value(ns.difficulty, ns.fit_samples, ns.fit_seed, ns.window, ns.fit_budget)
        value = fitted_value(weights)
        print(
            f"relaxed value: {ns.fit_samples} positions, CPU {time.process_time() - start:.1f} s, "
            f"weights {[round(w, 3) for w in weights]}"
        )
    if "-ahead" in ns.value:
        value = lookahead_value(value)
    if ns.value.endswith("-ahead2"):
        value = lookahead_value(value)
    root = new_game(ns.difficulty)
    floor_agent: Any = _HEURISTIC
    if ns.floor_agent != "heuristic":
        from solotable.agents.registry import make_agent as make_named_agent

        floor_agent = make_named_agent(ns.floor_agent, "minirogue-v1", iterations=ns.floor_iterations)
    if ns.exhaust:
        for i in range(ns.exhaust):
            relaxed = Relaxed(Scenario(f"{ns.difficulty}:{ns.seed}:{i}"), ns.budget)
            t = time.process_time()
            try:
                relaxed.penalized(root, 99, 0.0, value, limit=ns.budget)
                told = "the whole tree"
            except TreeTooLarge:
                told = "stopped at --budget"
            print(
                f"scenario {i}: {len(relaxed._reached):,} decision states, {told}, "
                f"{time.process_time() - t:.1f} s of CPU"
            )
        return
    lams = [float(x) for x in ns.lams.split(",")] if ns.lams else [ns.lam]
    pi: list[float] = []
    pens: list[list[float]] = [[] for _ in lams]
    heur: list[float] = []
    heur_pens: list[list[float]] = [[] for _ in lams]
    floors: list[float] = []
    hits = pen_hits = proven_lost = 0
    undecided: list[int] = []
    retried: dict[int, float] = {}
    chosen = [int(x) for x in ns.only.split(",")] if ns.only else range(ns.first, ns.first + ns.scenarios)
    for i in chosen:
        scenario = Scenario(f"{ns.difficulty}:{ns.seed}:{i}")
        relaxed = Relaxed(scenario, ns.budget)
        if ns.restarts > 1:
            v = relaxed.restarts(root, START, ns.restarts, ns.budget)
            relaxed.nodes = relaxed.total_nodes
        else:
            v = relaxed.perfect_information(root)
        if relaxed.budget_hit:
            undecided.append(i)
            if ns.retry_budget:
                again = Relaxed(scenario, ns.retry_budget)
                v = again.perfect_information(root)
                if not again.budget_hit:
                    retried[i] = v
        hits += relaxed.budget_hit
        proven_lost += v == 0.0 and not relaxed.budget_hit
        if ns.verbose:
            told = "over" if relaxed.budget_hit and i not in retried else ("won" if v else "lost")
            print(
                f"scenario {i}: {told} ({relaxed.nodes:,} states), CPU {time.process_time() - start:.1f} s", flush=True
            )
        pi.append(v)
        heur.append(float(play(lambda s: _HEURISTIC.choose(s, _RNG), scenario, root)))
        if ns.window:
            relaxed = Relaxed(scenario, ns.budget)
            for pen, got in zip(pens, relaxed.curve(root, ns.window, lams, value), strict=True):
                pen.append(got)
            paid = policy_objective(lambda s: _HEURISTIC.choose(s, _RNG), scenario, root, ns.window, 1.0, value)
            win = heur[-1]
            for hp, lam in zip(heur_pens, lams, strict=True):
                hp.append(win + lam * (paid - win))
            pen_hits += relaxed.budget_hit
        if ns.floor:
            floors.append(fair_then_relaxed(lambda s: floor_agent.choose(s, _RNG), scenario, root, ns.floor, ns.budget))
        if time.process_time() - start > ns.cpu:
            print(f"stopped at --cpu {ns.cpu:g} s after {len(pi)} scenarios")
            break
    cpu = time.process_time() - start
    n = len(pi)
    m, lo, hi = interval(pi)
    print(
        f"Mini Rogue v1.2.1 {ns.difficulty}, {n} scenarios (seed {ns.seed}, "
        f"{'numbers ' + ns.only if ns.only else f'from {ns.first}'}), "
        f"budget {ns.budget:,} states" + (f" per try, {ns.restarts} tries" if ns.restarts > 1 else "")
    )
    print(f"heuristic on the same scenarios: {sum(heur) / n:.2%} (a fair policy: below every bound)")
    print(f"over the budget at {ns.budget:,}: {len(undecided)} {undecided}")
    if ns.retry_budget:
        won_again = sum(1 for v in retried.values() if v == 1.0)
        print(
            f"searched again with {ns.retry_budget:,} states: {won_again} won, {len(retried) - won_again} proven lost, "
            f"{len(undecided) - len(retried)} still over ({[i for i in undecided if i not in retried]})"
        )
        hits = len(undecided) - len(retried)
        proven_lost = sum(1 for v in pi if v == 0.0)
    wlo, whi = wilson_interval(round(sum(pi)), n)
    print(
        f"perfect-information bound (no penalty): {m:.2%} ({lo:.2%}-{hi:.2%}; Wilson {wlo:.2%}-{whi:.2%}); "
        f"{n - hits - proven_lost} won, {proven_lost} proven lost, {hits} over the budget (counted 1); "
        f"with those counted 0: {(sum(pi) - hits) / n:.2%}"
    )
    if ns.window:
        for lam, pen, heur_pen in zip(lams, pens, heur_pens, strict=True):
            m2, lo2, hi2 = interval(pen)
            d, dlo, dhi = interval([a - b for a, b in zip(pen, pi, strict=True)])
            hm, hlo, hhi = interval(heur_pen)
            print(
                f"penalized bound (areas 1..{ns.window}, lambda {lam:g}, value {ns.value}): "
                f"{m2:.2%} ({lo2:.2%}-{hi2:.2%}); minus perfect information (paired): "
                f"{d:+.2%} ({dlo:+.2%} to {dhi:+.2%}); the heuristic's win - penalties (mean: its win rate) "
                f"{hm:.2%} ({hlo:.2%}-{hhi:.2%})"
            )
        print(f"{pen_hits} scenarios with a tail over the budget (counted 1)")
    if ns.floor:
        f, flo, fhi = interval(floors)
        d, dlo, dhi = interval([a - b for a, b in zip(floors, pi, strict=True)])
        print(
            f"{ns.floor_agent} through areas 1..{ns.floor}, then the zero-penalty search "
            f"(no penalty there goes below): {f:.2%} ({flo:.2%}-{fhi:.2%}); "
            f"minus perfect information (paired): {d:+.2%} ({dlo:+.2%} to {dhi:+.2%})"
        )
    print(f"CPU {cpu:.1f} s ({cpu / n:.2f} s a scenario)")


if __name__ == "__main__":
    main()
