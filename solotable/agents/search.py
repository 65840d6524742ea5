"""Search bots that play any game through the protocol: ``expectimax``, ``mcts`` and ``oracle``.

Every bot here has two budgets per decision, whichever runs out first:

- ``iterations``: MCTS iterations, or expectimax node evaluations. With ``iterations`` alone the
  bot is **deterministic** given the ``rng`` it is handed (the simulator derives it from the run's
  seed), so simulations and tests reproduce;
- ``think``: wall-clock seconds. Results then depend on the machine's speed and load and do not
  reproduce.

What they know of a game comes from the protocol plus the optional hooks the game declares in
:meth:`Game.bot_hooks <solotable.core.protocol.Game.bot_hooks>` (no game is named here):

- ``heuristic()``: the heuristic policy, used for rollouts (much stronger than random ones);
- ``evaluate(state) -> float`` in [0, 1]: a rough chance of winning from ``state``, used at the
  depth limit of expectimax and to break ties between MCTS rollouts. Without it, the generic
  evaluation is the mean win of a few policy rollouts (:func:`rollout_evaluation`).

The reward is the team's result: 1 for a win, 0 for a loss. In a game with several seats the bot
plays for ``state.to_move`` and every seat is taken to share the result (co-op games), so every
decision node maximises the same value.

Hidden information (``mcts``): before each iteration the root is determinized with
``state.resample_hidden(rng)`` (see :class:`~solotable.core.protocol.State`), which redraws what
the player cannot see; the tree's children are keyed by action, and at each node only the actions
legal in the current determinization compete (single-observer information-set MCTS). A fair bot
never reads hidden state nor the session's generator. ``oracle`` is the same search allowed to
see what is hidden, for analysis only: it searches the true state (no resampling), and in the
simulator it also sees what is still hidden from every player: the order of the face-down
cards and tiles and the dice to come. All four games draw lazily at chance nodes (a card is
drawn when it is turned up, uniformly from those not yet seen: the same distribution as a
shuffled deck), so that order is not in the state but in the game's chance generator; the
simulator hands it to the oracle (:meth:`MCTSAgent.foresee`), whose simulations then meet the
very outcomes the game will deal. Its win rate bounds from above what a bot of the same budget
could win knowing nothing hidden, and the gap to ``mcts`` is what the unseen costs. Outside the
simulator (a hint) the oracle has no future to see and plays like ``mcts``.

Chance nodes: MCTS samples an outcome (from the node's exact table) on every visit and keeps one
child per outcome seen. Expectimax is exact over chance nodes of at most ``max_outcomes`` outcomes
(default 36); a larger node (say an attack roll of 126 face multisets) is estimated by
``chance_samples`` outcomes drawn from its table with replacement (default 6: sparse sampling,
Kearns, Mansour and Ng 2002), each weighted by how often it was drawn.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solotable.agents.base import Agent
from solotable.agents.random_agent import RandomAgent
from solotable.core.engine import StepState
from solotable.core.protocol import CHANCE, Action, BotHooks, IllegalAction, Result, State
from solotable.core.registry import load as load_game

Evaluation = Callable[[State], float]
Policy = Callable[[State, random.Random], Action]

DEFAULT_MCTS_ITERATIONS = 200
DEFAULT_EXPECTIMAX_NODES = 2000
MAX_ROLLOUT_STEPS = 100_000
"""A rollout longer than this stops and is scored by the evaluation (a loop guard)."""


@dataclass(frozen=True, slots=True)
class ActionStat:
    """One candidate decision at the root of a search: its estimated chance of winning and how
    much search went into it (MCTS visits; expectimax: nodes searched below it)."""

    action: Action
    win_probability: float
    visits: int
    standard_error: float | None = None
    """MCTS: the standard error of ``win_probability``, the mean of ``visits`` simulation values
    (``None`` with fewer than two, and for expectimax, whose figure is an expectation over the
    tree it searched, not a sample)."""
    binary: bool = False
    """MCTS: every simulation value was a win (1) or a loss (0), so ``win_probability`` is a
    proportion of simulated games won (a binomial count: a Wilson interval fits it); False when
    some were the game's evaluation at a search horizon."""
    cut: int = 0
    """MCTS: how many of the ``visits`` simulations stopped short of the game's end (at the search
    horizon) and were scored by the game's evaluation rather than by a win or a loss."""


def _hooks(game_id: str) -> BotHooks[Any] | None:
    return load_game(game_id).bot_hooks()


def game_policy(game_id: str) -> Policy | None:
    """The game's heuristic policy (its declared heuristic bot's ``choose``), if it has one."""
    hooks = _hooks(game_id)
    if hooks is None:
        return None
    choose: Policy = hooks.heuristic().choose
    return choose


def game_progress(game_id: str) -> Evaluation | None:
    """The game's measure of how far a finished run got (``BotHooks.progress``), if it has one."""
    hooks = _hooks(game_id)
    return hooks.progress if hooks is not None else None


def game_stage(game_id: str) -> Callable[[State], int] | None:
    """The game's stage counter (``BotHooks.stage``, e.g. the round), if it has one."""
    hooks = _hooks(game_id)
    return hooks.stage if hooks is not None else None


def game_horizon(game_id: str) -> int:
    """How many stages ahead the game's MCTS rollouts stop (``BotHooks.horizon``; 0: to the end
    of the game)."""
    hooks = _hooks(game_id)
    return hooks.horizon if hooks is not None else 0


def game_evaluation(game_id: str) -> Evaluation | None:
    """The game's evaluation function (``BotHooks.evaluate``), if it has one."""
    hooks = _hooks(game_id)
    return hooks.evaluate if hooks is not None else None


def _won(result: Result) -> bool:
    return result.won


def _random_policy(state: State, rng: random.Random) -> Action:
    return RandomAgent().choose(state, rng)


def rollout(
    state: State,
    policy: Policy,
    rng: random.Random,
    max_steps: int = MAX_ROLLOUT_STEPS,
    chance_rng: random.Random | None = None,
    stop: Callable[[State], bool] | None = None,
) -> State:
    """Play ``state`` (in place) to the end with ``policy`` and chance drawn from ``chance_rng``
    (``rng`` when not given; the policy always draws from ``rng``), or until ``stop(state)``."""
    chance = chance_rng if chance_rng is not None else rng
    if stop is None and isinstance(state, StepState):  # the engine's fused loop: the same play, fewer calls
        state.play_out(policy, chance, rng, max_steps)
        return state
    apply = state.apply
    for _ in range(max_steps):
        to_move = state.to_move
        if to_move is None or (stop is not None and stop(state)):
            break
        if to_move == CHANCE:
            apply(state.chance_table().sample(chance), trusted=True)
        else:
            apply(policy(state, rng), trusted=True)
    return state


ROLLOUT_LEAVES = 4
"""Rollouts per leaf of the generic evaluation (a game without ``heuristic.evaluate``)."""


def rollout_evaluation(policy: Policy, rollouts: int = ROLLOUT_LEAVES) -> Callable[[State, random.Random], float]:
    """The generic evaluation: the mean win of ``rollouts`` policy rollouts from a copy."""

    def evaluate(state: State, rng: random.Random) -> float:
        if state.is_terminal():
            return 1.0 if state.result().won else 0.0
        wins = 0
        for _ in range(rollouts):
            end = rollout(state.clone(), policy, rng)
            wins += end.is_terminal() and end.result().won
        return wins / rollouts

    return evaluate


class _Budget:
    """Iterations and wall-clock seconds, whichever runs out first (at least one iteration)."""

    __slots__ = ("deadline", "limit", "used")

    def __init__(self, iterations: int | None, think: float | None) -> None:
        self.limit = iterations
        self.deadline = time.perf_counter() + think if think is not None else None
        self.used = 0

    def spent(self) -> bool:
        if self.limit is not None and self.used >= self.limit:
            return True
        return self.deadline is not None and self.used > 0 and time.perf_counter() >= self.deadline

    def overtime(self) -> bool:
        """The wall-clock budget (if any) has run out."""
        return self.deadline is not None and time.perf_counter() >= self.deadline


class SearchAgent(Agent):
    """What both searches share: budgets, the game's hooks, and ``choose`` from ``analyse``."""

    name: str = "search"

    def __init__(
        self,
        game_id: str,
        *,
        iterations: int | None = None,
        think: float | None = None,
        policy: Policy | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if think is not None and think <= 0:
            raise ValueError(f"think must be a positive number of seconds, not {think}")
        self.game_id = game_id
        self.think = think
        self.iterations = iterations if iterations is not None or think is not None else self.default_iterations()
        self.policy: Policy = policy or game_policy(game_id) or _random_policy
        self.evaluation = evaluation if evaluation is not None else game_evaluation(game_id)
        self._rollout_value = rollout_evaluation(self.policy)
        self.success: Callable[[Result], bool] = _won
        """What counts as a win at the end of a simulated game (a hint with continues allowed
        counts only a win with no further continue)."""

    def default_iterations(self) -> int:
        return DEFAULT_MCTS_ITERATIONS

    def evaluate(self, state: State, rng: random.Random) -> float:
        """The game's evaluation of a non-terminal ``state``, or the rollout fallback."""
        if self.evaluation is not None:
            return float(self.evaluation(state))
        return self._rollout_value(state, rng)

    def analyse(self, state: State, rng: random.Random) -> list[ActionStat]:
        """Every legal decision of ``state`` with its estimate, best first (the state is left
        unchanged)."""
        raise NotImplementedError

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise IllegalAction("core.err.not_legal", action="-", legal="-")
        return self.analyse(state, rng)[0].action


# -- MCTS ---------------------------------------------------------------------------------------

MIN_TEST_ROUNDS = 4
"""The paired root test needs this many rounds to estimate its noise; with fewer the bot plays its
policy's choice."""


def _multiple_margin(margin: float, alternatives: int) -> float:
    """The margin, in standard errors, that keeps the chance of a false gain among
    ``alternatives`` challengers where ``margin`` keeps it for one (Bonferroni: a one-sided
    normal tail of ``P(Z > margin) / alternatives``)."""
    if alternatives <= 1:
        return margin
    tail = 0.5 * math.erfc(margin / math.sqrt(2.0)) / alternatives
    lo, hi = margin, margin + 10.0
    for _ in range(60):  # bisection on the normal tail
        mid = (lo + hi) / 2
        if 0.5 * math.erfc(mid / math.sqrt(2.0)) > tail:
            lo = mid
        else:
            hi = mid
    return hi


class _Node:
    __slots__ = ("children", "cut", "squares", "value", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0  # sum of blended rewards (selection)
        self.wins = 0.0  # sum of wins, or of evaluations at the horizon (the reported win probability)
        self.squares = 0.0  # sum of the squares of what ``wins`` sums (its standard error)
        self.cut = 0  # simulations stopped short of the end and scored by the evaluation
        self.children: dict[Action, _Node] = {}

    def stat(self, action: Action, visits: int | None = None) -> ActionStat:
        """The node's figures for ``action``: the mean of its simulation values over ``visits``
        (its own visits by default), their standard error, and whether all were 0 or 1."""
        n = self.visits if visits is None else visits
        if n <= 0:
            return ActionStat(action, 0.0, 0)
        mean = self.wins / n
        se = None
        if n >= 2:
            var = max(0.0, (self.squares - n * mean * mean) / (n - 1))
            se = math.sqrt(var / n)
        return ActionStat(action, mean, self.visits, se, abs(self.squares - self.wins) < 1e-9, min(self.cut, n))


class MCTSAgent(SearchAgent):
    """Monte-Carlo tree search: UCT below a paired root, with chance nodes as sampled children,
    determinization for hidden information, and rollouts with the game's heuristic policy (random
    if it has none).

    Every simulation descends a tree by UCB1 over the actions legal now (an untried action first,
    picked at random), sampling chance outcomes, adds one node, rolls out to the end, and backs
    up ``(1 - blend) * outcome + blend * evaluate(leaf)`` (``leaf``: where the rollout started;
    ``blend`` 0.1 breaks ties between moves whose rollouts all lose; 0 when the game has no
    evaluation). ``outcome`` is 1 for a win; for a loss it is ``shaping * progress(end)``, where
    the game's ``heuristic.progress`` says how far the lost run got (Mini Rogue: the area reached;
    Deep Space D-6: the share of the deck survived), 0 when the game has none. In a game that is
    mostly lost (Deep Space D-6 Normal: about 11% won) two rollouts of different moves almost
    always both lose, so win/loss alone tells moves apart only after thousands of rollouts; how
    far the losses got tells them apart much sooner, and going further is what winning takes.

    A game whose heuristic module has a ``stage(state)`` counter (Deep Space D-6: the round), an
    ``evaluate`` and ``SEARCH_HORIZON = k`` gets rollouts cut ``k`` stages ahead (``horizon``
    overrides it; 0 rolls out to the end): a simulation plays on with the policy to the start of
    the ``k``-th next stage and scores the evaluation there (1 or 0 if the game ended first). With
    an evaluation that estimates the policy's own chance of winning (Deep Space D-6's is fitted
    to heuristic games) this is one-step policy improvement with far less noise than a rollout to
    the end, and many times cheaper.

    The root (``root="paired"``, the default) is not UCB: search goes in rounds, and each round
    gives every legal decision one simulation from the same determinization with the same random
    stream (common random numbers), so decisions are compared on the same dice as far as their
    play agrees. The bot plays its rollout policy's own choice unless another decision wins more
    often on the paired differences by more than ``margin`` standard errors (1.5 for one
    challenger, raised for more by Bonferroni so that many challengers do not make a false gain
    likely: about 2.1 for four, 2.6 for twenty; at least ``MIN_TEST_ROUNDS`` rounds); Monte-Carlo
    noise then cannot make it play worse than its policy where the search sees no clear gain.
    The test is on the rollout outcomes (wins, and the shaped progress of losses): the
    evaluation's share of the reward is the same in every round and would pass for a certain gain.
    ``root="uct"`` is plain UCT at the root too (plays the most visited). ``iterations`` counts
    simulations (a paired round of ``n`` decisions uses ``n``; at least one round is played).
    """

    name = "mcts"

    def __init__(
        self,
        game_id: str,
        *,
        iterations: int | None = None,
        think: float | None = None,
        exploration: float = 0.7,
        blend: float = 0.1,
        shaping: float = 0.5,
        horizon: int | None = None,
        margin: float = 1.5,
        root: str = "paired",
        oracle: bool = False,
        policy: Policy | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(game_id, iterations=iterations, think=think, policy=policy, evaluation=evaluation)
        self.exploration = exploration
        self.blend = blend if self.evaluation is not None else 0.0
        if not 0.0 <= shaping < 1.0:
            raise ValueError(f"shaping must be in [0, 1), not {shaping}")
        self.progress = game_progress(game_id)
        self.shaping = shaping if self.progress is not None else 0.0
        self.stage = game_stage(game_id)
        if horizon is None:
            horizon = game_horizon(game_id)
        if horizon < 0:
            raise ValueError(f"horizon must be 0 (to the end) or more stages, not {horizon}")
        # rollouts cut at a later stage need a stage counter and an evaluation to score the cut
        self.horizon = horizon if self.stage is not None and self.evaluation is not None else 0
        if root not in ("paired", "uct"):
            raise ValueError(f"root must be 'paired' or 'uct', not {root!r}")
        self.root = root
        self.margin = margin
        self.oracle = oracle
        self._future: random.Random | None = None
        if oracle:
            self.name = "oracle"

    def foresee(self, chance_rng: random.Random) -> None:
        """The simulator hands every agent the generator its game's chance outcomes will come
        from; the ``oracle`` keeps it and, at each decision, simulates with a copy of it, so its
        simulations meet the very dice and cards the game will deal (as far as they play the
        same moves). A fair bot ignores it."""
        self._future = chance_rng if self.oracle else None

    def _future_copy(self) -> random.Random | None:
        if self._future is None:
            return None
        copy = random.Random()
        copy.setstate(self._future.getstate())
        return copy

    def _determinize(self, state: State, rng: random.Random) -> State:
        det = state.clone() if self.oracle else state.resample_hidden(rng)
        det.set_events(False)  # nobody reads a simulation's events
        return det

    def analyse(self, state: State, rng: random.Random) -> list[ActionStat]:
        if self.root == "paired":
            return self._analyse_paired(state, rng)
        legal = state.legal_actions()
        root = _Node()
        budget = _Budget(self.iterations, self.think)
        while not budget.spent():
            budget.used += 1
            self._iterate(root, self._determinize(state, rng), rng, self._future_copy())
        stats = []
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                stats.append(ActionStat(action, 0.0, 0))
            else:
                stats.append(child.stat(action))
        order = {a: i for i, a in enumerate(legal)}
        values = {a: (c.value / c.visits if c.visits else 0.0) for a, c in root.children.items()}
        stats.sort(key=lambda s: (-s.visits, -values.get(s.action, 0.0), order[s.action]))
        return stats

    def _analyse_paired(self, state: State, rng: random.Random) -> list[ActionStat]:
        legal = state.legal_actions()
        n = len(legal)
        base = self.policy(state.clone(), random.Random(rng.random()))
        nodes = {a: _Node() for a in legal}
        rewards: dict[Action, list[float]] = {a: [] for a in legal}  # outcomes, round by round
        budget = _Budget(None, self.think)
        limit = self.iterations
        while True:
            det_seed = rng.random()
            round_seed = rng.random()
            for action in legal:
                sim = self._determinize(state, random.Random(det_seed))
                sim.apply(action)
                outcome = self._iterate(nodes[action], sim, random.Random(round_seed), self._future_copy())
                rewards[action].append(outcome)
            budget.used += n
            if (limit is not None and budget.used + n > limit) or budget.spent():
                break
        rounds = len(rewards[base])
        chosen = base
        best_gain = 0.0
        margin = _multiple_margin(self.margin, n - 1)
        for action in legal:
            if action == base or rounds < MIN_TEST_ROUNDS:
                continue
            diffs = [x - y for x, y in zip(rewards[action], rewards[base], strict=True)]
            mean = sum(diffs) / rounds
            var = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
            se = math.sqrt(var / rounds)
            if mean > margin * se and mean > best_gain:
                chosen, best_gain = action, mean
        order = {a: i for i, a in enumerate(legal)}
        stats = [nodes[a].stat(a, rounds) for a in legal]
        values = {a: nodes[a].value / rounds for a in legal}
        stats.sort(key=lambda st: (st.action != chosen, -values[st.action], order[st.action]))
        return stats

    def _iterate(
        self, root: _Node, state: State, rng: random.Random, chance_rng: random.Random | None = None
    ) -> float:
        """One simulation from ``root`` (whose position is ``state``); returns its outcome (1 for
        a win, the shaped progress of a loss). Chance comes from ``chance_rng`` (the oracle's
        foreseen future) or ``rng``."""
        chance = chance_rng if chance_rng is not None else rng
        stop: Callable[[State], bool] | None = None
        if self.horizon:
            stage = self.stage
            assert stage is not None
            limit = stage(state) + self.horizon

            def stop(s: State) -> bool:
                return stage(s) >= limit

        path = [root]
        node = root
        expanded = False
        c = self.exploration
        while not expanded:
            to_move = state.to_move
            if to_move is None or (stop is not None and stop(state)):
                break
            if to_move == CHANCE:
                outcome = state.chance_table().sample(chance)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node()
                    expanded = True
                state.apply(outcome, trusted=True)
            else:
                legal = state.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                    child = children[action] = _Node()
                    expanded = True
                else:
                    log_n = math.log(max(1, node.visits))
                    best = -1.0
                    action = legal[0]
                    child = children[action]
                    for a in legal:
                        ch = children[a]
                        score = ch.value / ch.visits + c * math.sqrt(log_n / ch.visits) if ch.visits else math.inf
                        if score > best:
                            best, action, child = score, a, ch
                state.apply(action, trusted=True)
            node = child
            path.append(node)
        if stop is not None:  # a rollout cut at the horizon, scored by the evaluation
            end = rollout(state, self.policy, rng, chance_rng=chance, stop=stop)
            cut = not end.is_terminal()
            value = self.evaluate(end, rng) if cut else float(self.success(end.result()))
            for n in path:
                n.cut += cut
                n.visits += 1
                n.value += value
                n.wins += value
                n.squares += value * value
            return value
        leaf_value: float | None = None
        if self.blend and not state.is_terminal():
            leaf_value = self.evaluate(state, rng)
        end = rollout(state, self.policy, rng, chance_rng=chance)
        won = int(end.is_terminal() and self.success(end.result()))
        score = float(won)
        if not won and self.shaping and self.progress is not None:
            score = self.shaping * min(1.0, max(0.0, float(self.progress(end))))
        reward = score
        if self.blend:
            reward = (1.0 - self.blend) * score + self.blend * (score if leaf_value is None else leaf_value)
        for n in path:
            n.visits += 1
            n.value += reward
            n.wins += won
            n.squares += won
        return score


# -- expectimax ---------------------------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


MAX_CHANCE_CHAIN = 4
"""Expectimax scores a position by the evaluation after this many chance nodes in a row, even
above the depth limit: a game can roll on with no decision for a long time (Deep Space D-6 with
every crew die lost rolls its threat die round after round until the ship dies), and expanding
such a chain would take exponential time (and overflow the stack)."""


class ExpectimaxAgent(SearchAgent):
    """Depth-limited expectimax with iterative deepening.

    Depth counts decisions (chance nodes do not use depth). Terminal positions score 1 (won) or
    0; positions at the depth limit score the evaluation; so does a chain of chance nodes met
    past the depth limit once ``max_chance_run`` (default 2) of them have been expanded in a row
    (a fight of roll after roll with no decision in between would otherwise expand without end),
    and at any depth after ``MAX_CHANCE_CHAIN`` (4) in a row.
    Chance nodes are exact up to
    ``max_outcomes`` outcomes, estimated from ``chance_samples`` draws above that (see the module
    docstring). ``iterations`` caps the positions evaluated per decision; the search deepens from
    depth 1 to ``depth`` and plays the best move of the deepest search that finished (a search cut
    short by the budget is discarded, except that depth 1 always gives every decision a value:
    when a ``think`` budget runs out during it, the decisions not yet searched are scored by the
    evaluation of the position they lead to). With ``rollouts=k``
    the leaves are scored by the mean win of ``k`` policy rollouts instead of the game's
    evaluation (slower, often truer). With ``anchor=d`` (default 0.1, for games with a heuristic
    policy; ``None`` for none) it plays the policy's choice unless the search values another
    decision more than ``d`` above it: a guard against a rough evaluation (on Mini Rogue v1.2.1 Normal,
    unanchored expectimax with the game's evaluation wins about 2%, anchored about 40%). The position is
    searched once on ``state.resample_hidden(rng)`` (a fair determinization; exact for games
    whose only hidden things are drawn at chance nodes).
    """

    name = "expectimax"

    def __init__(
        self,
        game_id: str,
        *,
        iterations: int | None = None,
        think: float | None = None,
        depth: int = 3,
        max_outcomes: int = 36,
        chance_samples: int = 6,
        max_chance_run: int = 2,
        rollouts: int = 0,
        anchor: float | None = 0.1,
        policy: Policy | None = None,
        evaluation: Evaluation | None = None,
    ) -> None:
        super().__init__(game_id, iterations=iterations, think=think, policy=policy, evaluation=evaluation)
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth}")
        self.depth = depth
        self.max_outcomes = max_outcomes
        self.chance_samples = chance_samples
        self.max_chance_run = max_chance_run
        # anchored only to a game's own policy: random play is no anchor
        self.anchor = anchor if policy is not None or game_policy(game_id) is not None else None
        if rollouts > 0:  # leaves scored by policy rollouts rather than the game's evaluation
            self.evaluation = None
            self._rollout_value = rollout_evaluation(self.policy, rollouts)
        if self.evaluation is None and self.anchor is not None:
            # leaves scored by a few rollouts are noisy: a gap between two decisions must exceed
            # twice the standard error of the difference of two such means at a 50% chance, or
            # noise alone makes the bot leave its policy (Mini Rogue 2020, which has no
            # evaluation: 0 wins in 80 games with the 0.1 anchor, against the heuristic's 14-37%)
            self.anchor = max(self.anchor, 2 * math.sqrt(0.5 / max(1, rollouts or ROLLOUT_LEAVES)))
        self._budget = _Budget(None, None)
        self._nodes = 0

    def default_iterations(self) -> int:
        return DEFAULT_EXPECTIMAX_NODES

    def analyse(self, state: State, rng: random.Random) -> list[ActionStat]:
        legal = state.legal_actions()
        root = state.resample_hidden(rng)
        root.set_events(False)  # nobody reads a search's events
        self._budget = budget = _Budget(self.iterations, self.think)
        best: list[ActionStat] | None = None
        for depth in range(1, self.depth + 1):
            seed = rng.random()  # the same sampled outcomes whatever depth the search reaches
            try:
                found = self._root(root, legal, depth, random.Random(seed), stoppable=best is not None)
            except _OutOfBudget:
                break
            best = found
            if budget.spent():
                break
        assert best is not None
        order = {a: i for i, a in enumerate(legal)}
        best.sort(key=lambda s: (-s.win_probability, order[s.action]))
        if self.anchor is not None:  # play the policy's move unless the search finds it clearly worse
            base = self.policy(state.clone(), random.Random(rng.random()))
            base_value = next(s.win_probability for s in best if s.action == base)
            if best[0].win_probability - base_value <= self.anchor:
                best.sort(key=lambda s: s.action != base)
        return best

    def _root(
        self, state: State, legal: list[Action], depth: int, rng: random.Random, *, stoppable: bool
    ) -> list[ActionStat]:
        out = []
        cut = False  # the first depth overran a --think budget: the rest by the evaluation alone
        for action in legal:
            before = self._budget.used
            child = state.clone()
            child.apply(action, trusted=True)
            if cut:
                value = float(self.success(child.result())) if child.is_terminal() else self.evaluate(child, rng)
            else:
                try:
                    value = self._value(child, depth - 1, rng, stoppable, 0)
                except _OutOfBudget:
                    if stoppable:
                        raise
                    cut = True
                    value = float(self.success(child.result())) if child.is_terminal() else self.evaluate(child, rng)
            out.append(ActionStat(action, value, self._budget.used - before))
        return out

    def _value(self, state: State, depth: int, rng: random.Random, stoppable: bool, run: int) -> float:
        to_move = state.to_move
        if to_move is None:
            self._budget.used += 1
            return 1.0 if self.success(state.result()) else 0.0
        if to_move == CHANCE and run >= self.max_chance_run and (depth <= 0 or run >= MAX_CHANCE_CHAIN):
            return self._leaf(state, rng, stoppable)
        if to_move == CHANCE:
            outcomes = state.chance_table().outcomes
            total = 0.0
            if len(outcomes) <= self.max_outcomes:
                for outcome, p in outcomes:
                    child = state.clone()
                    child.apply(outcome, trusted=True)
                    total += float(p) * self._value(child, depth, rng, stoppable, run + 1)
                return total
            table = state.chance_table()
            drawn: dict[Action, int] = {}
            for _ in range(self.chance_samples):
                a = table.sample(rng)
                drawn[a] = drawn.get(a, 0) + 1
            for outcome, count in drawn.items():
                child = state.clone()
                child.apply(outcome, trusted=True)
                total += count * self._value(child, depth, rng, stoppable, run + 1)
            return total / self.chance_samples
        if depth <= 0:
            return self._leaf(state, rng, stoppable)
        best = 0.0
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action, trusted=True)
            value = self._value(child, depth - 1, rng, stoppable, 0)
            if value > best:
                best = value
            if best >= 1.0:
                break
        return best

    def _leaf(self, state: State, rng: random.Random, stoppable: bool) -> float:
        budget = self._budget
        budget.used += 1
        if (stoppable and budget.spent()) or budget.overtime():
            raise _OutOfBudget
        return self.evaluate(state, rng)
