"""Reviewing a game: every decision against the best one, every roll, draw and reveal's luck.

:func:`review` replays a record and, through the protocol alone (any game of the registry, solo
or co-op), measures:

- **every decision** (a decision node with more than one legal move): the chance of winning of
  every legal move, each found by ``budget`` *paired rollouts*: round ``r`` applies each move to
  the same determinization (``state.resample_hidden``) and plays on with the game's heuristic
  policy, every move's round drawing its dice, cards and tiles from the same generator seed and
  its policy choices from another (common random numbers), to the end of the game, or to the
  game's search horizon (``BotHooks.horizon``) where the game's fitted evaluation scores it. The
  best move is the one of highest mean; the **loss** is the mean of the paired differences best −
  chosen, with its 95% interval (1.96 standard errors of those differences): since both moves met
  the same dice, the difference is measured, not two noises. Each move's own 95% interval is
  Wilson's when every simulation ended in a win or a loss, else ±1.96 standard errors.
- **the verdict** of a decision from its loss in percentage points of winning chance:
  :data:`THRESHOLDS` (inaccuracy ≥ 2, mistake ≥ 5, blunder ≥ 10), by the lower end of the
  loss's 95% interval, not its mean: the largest threshold the whole interval lies above (a loss
  of 2.6 [2.0, 3.2] points is an inaccuracy, 2.1 [1.7, 2.4] is not flagged). A loss whose
  interval reaches 0 counts as no loss at all.
- **every chance event** (a chance node with more than one outcome): its luck, the value after
  it minus the value before it (the expected value of the chance node).

**The values, and why luck + skill = result − start exactly.** Every state ``s_i`` of the game
gets one value ``V_i``; the last is the result (1 won, 0 lost), and going backwards:

- before a decision, ``V_i = V_{i+1} + loss_i`` (its skill);
- the value of a chance node (before the event) is the chosen move's estimate at the decision
  just before it (the position's expectation over the event as that decision's search measured
  it), and at the start of the game the mean of ``budget`` rollouts from it (for a game whose
  review evaluation values the luck only, :func:`luck_only`, every chance node is valued so, by
  rollouts cut at the review's horizon). The event's luck
  is ``V_{i+1} − V_i``. A *run* of events with no decision between (JongRogue turns a room's
  tiles up one at a time) is valued once: every event of the run has the value of its first (the
  decision's estimate before the run), and the run's luck, the value after its last event minus
  that, goes to its last event (``ChanceEvent.run``: how many events it covers);
- a forced move (one legal move) or a certain outcome (one outcome) leaves the value as it is.

So ``V_{i+1} − V_i`` is ``−loss_i`` at a decision, ``luck_i`` at a chance event and 0 otherwise,
and the sum telescopes: **Σ luck − Σ loss = result − start** (``skill`` = −Σ loss), up to the
rounding of floating-point sums (far below 1e-9). The same evaluation, the policy rollouts, is
used throughout. What the estimates miss (their noise, and that the continuation is the heuristic
policy's, not the best play's) lands in the luck of the next chance event, whose expectation is
then no longer exactly zero; the intervals say how large that noise is.

A win is the game's headline win: for a game with an assist (``Game.sim_assist``, JongRogue's
continues) a win with no assist taken, as the simulator's headline counts it.

**The budget is adaptive** (:func:`_search`): a move clearly worse than the leader is dropped
early, and a decision whose chosen move is clearly the best stops early; every figure's interval
is computed from the rounds it actually rests on (``Decision.rounds``), so a figure that got fewer
rounds says so by a wider interval. Small samples use Student's t, not the normal's 1.96.

Deterministic: the same record, budget and ``seed`` give the same review.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from solotable.agents.search import Evaluation, Policy, game_policy, rollout
from solotable.core.protocol import Action, Result, State
from solotable.core.record import Record
from solotable.core.registry import load as load_game
from solotable.core.stats import Z95, wilson_interval

DEFAULT_BUDGET = 32
"""Paired rollouts per legal move of a decision (and per chance-node estimate) when none is given."""


def heuristic_record(game_id: str, seed: int, *, limit: int | None = None, slip: float = 0.0,
                     **options: object) -> Record:  # fmt: skip
    """A record of the game's heuristic playing ``game_id`` from ``seed`` (chance and choices from
    one generator), for reviews to measure: its first ``limit`` steps only if given (an unfinished
    game); with ``slip`` > 0 each decision is a uniformly random legal move with that chance (a
    fallible player whose errors the review should find)."""
    game = load_game(game_id)
    state = game.new_state(seed=seed, **options)
    record = Record.start(state)
    policy = game_policy(game_id)
    assert policy is not None
    rng = random.Random(seed)
    while not state.is_terminal() and (limit is None or len(record.actions) < limit):
        if state.is_chance():
            action = state.chance_table().sample(rng)
        elif slip > 0 and rng.random() < slip:
            action = rng.choice(state.legal_actions())
        else:
            action = policy(state, rng)
        record.actions.append(str(action))
        state.apply(action)
    return record


INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
THRESHOLDS: tuple[tuple[str, float], ...] = ((BLUNDER, 0.10), (MISTAKE, 0.05), (INACCURACY, 0.02))
"""Verdicts by loss of winning chance (a fraction: 0.02 is 2 percentage points), worst first. A
verdict is the largest threshold the loss's 95% interval lies wholly above: its lower end, not
its mean, must reach the threshold (a loss the search is sure of)."""


def verdict(loss: float, loss_low: float) -> str | None:
    """The verdict for a decision that lost ``loss`` (a fraction) with its 95% interval's lower
    end ``loss_low``: the largest threshold ``loss_low`` reaches (``None`` below every one). A loss
    of 2.6 [2.0, 3.2] points is an inaccuracy; 2.1 [1.7, 2.4] is not flagged (the loss may be under
    2 points), nor 25 [6.7, 43.3] a blunder (a mistake: at least 5 points, perhaps not 10)."""
    if loss <= 0.0:  # no loss counted (its test failed): no verdict, whatever the interval
        return None
    for name, threshold in THRESHOLDS:
        if loss_low >= threshold - 1e-12:
            return name
    return None


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One move's estimated chance of winning and its 95% interval."""

    action: Action
    win: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Decision:
    """A reviewed decision: step ``index`` of the record (0-based), by ``seat``."""

    index: int
    seat: int
    chosen: MoveValue
    best: MoveValue
    loss: float
    """Mean paired difference best − chosen (0 when the chosen move is the best)."""
    loss_low: float
    loss_high: float
    verdict: str | None
    moves: int
    """How many legal moves were compared."""
    before: float
    after: float
    rounds: int = 0
    """How many paired rounds the chosen move's figure rests on (fewer than the budget when the
    adaptive search stopped early on a clear decision; its interval is the wider for it)."""
    dropped: int = 0
    """How many moves the adaptive search dropped early as clearly worse than the leader."""

    @property
    def flagged(self) -> bool:
        return self.verdict is not None


@dataclass(frozen=True, slots=True)
class ChanceEvent:
    """A reviewed roll, draw or reveal: step ``index`` of the record, its outcome and luck."""

    index: int
    outcome: Action
    probability: float
    before: float
    after: float
    rounds: int = 0
    """The rollouts behind ``before`` when it was estimated afresh (at the start of the game, or at
    the first event of every run for a game whose review evaluation values the luck only,
    :func:`luck_only`); 0 when it is the estimate of the decision just before."""
    run: int = 1
    """How many events this event's luck covers: a run of ``k`` events with no decision between
    (JongRogue turns a room's tiles up one at a time) is valued once, at its two ends, and its
    last event carries the run's luck (``run = k``); the others carry none (``run = 0``)."""

    @property
    def luck(self) -> float:
        return self.after - self.before


@dataclass
class Review:
    """A reviewed game (see the module docstring)."""

    game: str
    options: dict[str, object]
    budget: int
    steps: int
    start: float
    result: float
    decisions: list[Decision] = field(default_factory=list)
    events: list[ChanceEvent] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    """The value of every state of the game, ``steps + 1`` of them (the start to the result)."""
    cpu_seconds: float = 0.0

    @property
    def loss(self) -> float:
        """The skill lost: the sum of the decisions' losses."""
        return math.fsum(d.loss for d in self.decisions)

    @property
    def skill(self) -> float:
        """−loss: what the decisions added to the chance of winning."""
        return -self.loss

    @property
    def luck(self) -> float:
        return math.fsum(e.luck for e in self.events)

    def identity_error(self) -> float:
        """``|luck + skill − (result − start)|``: 0 but for the rounding of the sums."""
        return abs(math.fsum([self.luck, self.skill, -self.result, self.start]))

    def seats(self) -> list[int]:
        return sorted({d.seat for d in self.decisions})

    def seat_loss(self, seat: int) -> tuple[float, int]:
        """The loss of ``seat``'s decisions and how many there were."""
        mine = [d.loss for d in self.decisions if d.seat == seat]
        return math.fsum(mine), len(mine)

    def counts(self) -> dict[str, int]:
        """How many decisions got each verdict."""
        out = {name: 0 for name, _ in THRESHOLDS}
        for d in self.decisions:
            if d.verdict is not None:
                out[d.verdict] += 1
        return out

    def swings(self, count: int = 3) -> list[ChanceEvent]:
        """The ``count`` chance events of largest luck either way, in game order."""
        chosen = sorted(self.events, key=lambda e: -abs(e.luck))[:count]
        return sorted((e for e in chosen if e.luck != 0.0), key=lambda e: e.index)


# -- estimation -----------------------------------------------------------------------------------


class _Estimator:
    """Policy rollouts from a state, to the end or the game's horizon (then its evaluation)."""

    def __init__(
        self, game_id: str, success: Callable[[Result], bool], assist: str | None = None, horizon: int | None = None
    ) -> None:
        policy = game_policy(game_id)
        if policy is None:
            from solotable.agents.search import _random_policy

            policy = _random_policy
        self.policy: Policy = policy
        hooks = load_game(game_id).bot_hooks()
        self.evaluation: Evaluation | None = None
        self.stage: Callable[[State], int] | None = None
        self.horizon = 0
        if hooks is not None:  # the review's own evaluation and horizon, else the search bots'
            self.evaluation = hooks.review_evaluate or hooks.evaluate
            self.stage = hooks.stage
            if self.evaluation is not None and self.stage is not None:
                self.horizon = hooks.review_horizon or hooks.horizon
        if horizon is not None:  # a horizon asked for (0: to the end), to compare with the game's
            self.horizon = horizon if self.stage is not None and self.evaluation is not None else 0
        self.search_horizon = hooks.horizon if hooks is not None and horizon is None else self.horizon
        """The horizon of the decisions' searches: this one, or, for a game whose review values the
        luck only (:func:`luck_only`), the search bots' (``BotHooks.horizon``)."""
        self.success = success
        self.assist = assist
        """The game's assist (``Game.sim_assist``): once the position has used it, no headline win
        is left, whatever the evaluation says of the position."""

    def play_out(self, state: State, seed: float) -> float:
        """One simulation from ``state`` (changed in place): 1/0 at the end, or the evaluation
        at the horizon. ``seed`` fixes its chance and its policy's choices (common numbers)."""
        chance = random.Random(seed)
        choices = random.Random(seed * 0.5 + 0.25)
        stop: Callable[[State], bool] | None = None
        if self.horizon and self.stage is not None:
            stage = self.stage
            limit = stage(state) + self.horizon

            def stop(s: State) -> bool:
                return stage(s) >= limit

        end = rollout(state, self.policy, choices, chance_rng=chance, stop=stop)
        if end.is_terminal():
            return 1.0 if self.success(end.result()) else 0.0
        return self.score(end)

    def score(self, state: State) -> float:
        """The value of an unfinished ``state`` where a simulation stops: 0 once the game's assist
        has been used (JongRogue: a continue taken leaves no headline win, though the evaluation,
        fitted on games without continues, would still rate the position), else the game's
        evaluation (0 without one: a rollout that hit the loop guard)."""
        if self.assist is not None and _assisted(state, self.assist):
            return 0.0
        if self.evaluation is not None:
            return min(1.0, max(0.0, float(self.evaluation(state))))
        return 0.0


def luck_only(game_id: str) -> bool:
    """Whether the game's review evaluation and horizon value its chance nodes only (the luck),
    its decisions being searched with the search bots' rollouts (to the end for Mini Rogue v1):
    the game declares it (``BotHooks.review_luck_only``). A short horizon scored by a
    fitted evaluation measures a chance node's value with far less noise than win-or-loss
    rollouts to the end, but it can misjudge the *difference* between two moves that trade one
    resource for another (a Heal spell cast now or kept): the evaluation's error in that trade is
    the same in every paired round, and would be flagged as a loss (``docs/review.md``)."""
    hooks = load_game(game_id).bot_hooks()
    return hooks is not None and hooks.review_luck_only


def _estimators(game_id: str, assist: str | None, horizon: int | None) -> tuple[_Estimator, _Estimator]:
    """The review's two estimators: the chance nodes' and the decisions' (the same one unless the
    game's review values the luck only, :func:`luck_only`, and no horizon is asked for)."""
    luck = _Estimator(game_id, _success(assist), assist, horizon)
    if horizon is None and luck_only(game_id) and luck.search_horizon != luck.horizon:
        return luck, _Estimator(game_id, _success(assist), assist, luck.search_horizon)
    return luck, luck


def _assisted(state: State, assist: str) -> bool:
    """Whether ``state``'s game has used its assist (JongRogue: taken a continue), as its
    observation counts it under the assist's name; read from the state's field of that name when
    it has one (JongRogue's ``continues``: the same count, without building the observation at
    every simulation's end)."""
    used = getattr(state, assist, None)
    if not isinstance(used, int):
        used = state.observation().get(assist, 0)
    return isinstance(used, int) and used > 0


_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)  # fmt: skip
"""Student's t, 97.5% quantile, for 1 to 30 degrees of freedom."""


def t95(n: int) -> float:
    """The half-width factor of a 95% interval for the mean of ``n`` values: Student's t with
    ``n − 1`` degrees of freedom (wider than the normal's 1.96 for few values, so that a mean of
    a handful of rollouts does not claim the precision of many), 1.96 beyond 120."""
    df = n - 1
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    if df <= 60:
        return 2.000 + (2.042 - 2.000) * (60 - df) / 30
    if df <= 120:
        return 1.980 + (2.000 - 1.980) * (120 - df) / 60
    return Z95


def _mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = math.fsum(values) / n
    if all(v in (0.0, 1.0) for v in values):
        low, high = wilson_interval(round(mean * n), n)
        return mean, low, high
    if n < 2:
        return mean, 0.0, 1.0
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n) * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def _paired(diffs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``diffs`` and its 95% interval (Student's t; unbounded with fewer than two:
    one round cannot tell two moves apart)."""
    n = len(diffs)
    mean = math.fsum(diffs) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = t95(n) * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class _Search:
    values: dict[Action, list[float]]
    """The first rollouts: every legal move's paired rounds (a move dropped early has fewer)."""
    best: Action
    """The move of highest mean among those kept to the end (the chosen move on a tie)."""
    check: tuple[list[float], list[float]] | None
    """When ``best`` is not the chosen move: fresh paired rounds of (chosen, best), which measure
    the loss without the bias of having picked ``best`` as the highest of noisy means."""
    chosen_value: float
    """The chosen move's estimate: the mean of all its rounds."""
    dropped: int = 0
    """How many moves were dropped early as clearly worse than the leader."""


def _determinize(state: State, seed: float) -> State:
    sim = state.resample_hidden(random.Random(seed))
    sim.set_events(False)
    return sim


def _play_round(est: _Estimator, state: State, action: Action, seeds: tuple[float, float]) -> float:
    sim = _determinize(state, seeds[0])
    sim.apply(action, trusted=True)
    return est.play_out(sim, seeds[1])


def _rounds(
    est: _Estimator, state: State, moves: Sequence[Action], budget: int, rng: random.Random
) -> dict[Action, list[float]]:
    values: dict[Action, list[float]] = {a: [] for a in moves}
    for _ in range(budget):
        seeds = (rng.random(), rng.random())
        for action in moves:
            values[action].append(_play_round(est, state, action, seeds))
    return values


DROP_MARGIN = 0.005
"""The adaptive search drops a move once it is, with 95% confidence, not better than the leader
by more than this (half a percentage point): a move that cannot be better, or that plays out the
same as the leader round after round (dropping a useless ring), is not worth more rounds. So the
review resolves a loss down to about half a point: a better move by less may be dropped unseen."""


def _stands_out(diffs: Sequence[float]) -> bool:
    """Whether the mean of ``diffs`` (best − chosen, on the rounds that picked the best) is more
    than one standard error above 0: a loss worth a fresh measure."""
    n = len(diffs)
    if n < 2:
        return False
    mean = math.fsum(diffs) / n
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > math.sqrt(var / n)


def stages(budget: int) -> list[int]:
    """The rounds after which the search of a decision looks at its moves (ascending, the last
    is ``budget``): an eighth, a quarter, half and all of the budget, each at least 4."""
    marks = {budget}
    for part in (8, 4, 2):
        if budget // part >= 4:
            marks.add(budget // part)
    return sorted(marks)


def _search(
    est: _Estimator, state: State, legal: list[Action], chosen: Action, budget: int, rng: random.Random
) -> _Search:
    """The rollouts of a decision, spent where the choice is close (an adaptive budget).

    All moves meet the same ``budget`` pairs of seeds (common random numbers). At each of
    :func:`stages` but the last, the leader is the move of highest mean so far, and a move whose
    paired difference with the leader is below :data:`DROP_MARGIN` with 95% confidence (Student's
    t) is dropped: it cannot be the best by more than that, and rounds spent on it measure nothing
    the review reports. At the end, a best move other than the chosen one is measured afresh
    only if it stands out (:func:`_stands_out`). The chosen and
    the leading moves are never dropped; when the chosen move leads and every other move has been
    dropped, the search stops there (the decision is clear: no loss, and the chosen move's estimate
    rests on fewer rounds, its interval wider, saying so)."""
    seeds = [(rng.random(), rng.random()) for _ in range(budget)]
    values: dict[Action, list[float]] = {a: [] for a in legal}
    live = list(legal)
    done = 0
    for target in stages(budget):
        for r in range(done, target):
            for action in live:
                values[action].append(_play_round(est, state, action, seeds[r]))
        done = target
        if target == budget:
            break
        sums = {a: math.fsum(values[a]) for a in live}
        leader = max(live, key=lambda a: (sums[a], a == chosen))
        lead = values[leader]
        kept = []
        for a in live:
            if a in (chosen, leader):
                kept.append(a)
                continue
            _, _, high = _paired([x - y for x, y in zip(values[a], lead, strict=True)])
            if high >= DROP_MARGIN:
                kept.append(a)
        live = kept
        if live == [chosen]:
            break
    means = {a: math.fsum(values[a]) for a in live}
    best = max(live, key=lambda a: (means[a], a == chosen))
    mine = values[chosen]
    # the best of several noisy means is biased upwards (the winner's curse): if even its paired
    # difference with the chosen move, on the rounds that picked it, is within one standard
    # error of 0, a fresh measure would hardly find a loss, and none is spent
    if best != chosen and not _stands_out([b - c for b, c in zip(values[best], mine, strict=True)]):
        best = chosen
    if best == chosen:
        return _Search(values, best, None, math.fsum(mine) / len(mine), len(legal) - len(live))
    fresh = _rounds(est, state, [chosen, best], budget, rng)
    mine = mine + fresh[chosen]
    return _Search(values, best, (fresh[chosen], fresh[best]), math.fsum(mine) / len(mine), len(legal) - len(live))


def _judge(found: _Search, chosen: Action) -> tuple[Action, float, float, float, list[float], list[float]]:
    """A decision's best move, loss with its 95% interval, and the rounds the chosen and best
    moves' figures rest on, from its search."""
    if found.check is None:  # the chosen move was the best of the first rounds, or none stood out
        mine = found.values[chosen]
        return chosen, 0.0, 0.0, 0.0, mine, mine
    chosen_rounds, best_rounds = found.check
    diffs = [b - c for b, c in zip(best_rounds, chosen_rounds, strict=True)]
    loss, low, high = _paired(diffs)
    if low <= 0.0 or not _sign_test(diffs):  # the search cannot tell the two moves apart: no loss
        mine = found.values[chosen] + chosen_rounds
        return chosen, 0.0, low, high, mine, mine
    return found.best, loss, low, high, chosen_rounds, best_rounds


def _sign_test(diffs: Sequence[float]) -> bool:
    """Whether paired differences that are all wins and losses (every one −1, 0 or 1: both
    simulations of a round played to the end) favour the first move by the exact sign test, one
    side at 2.5% (the level of a 95% interval's lower end): Student's t is too bold on a handful
    of differing rounds (5 of 32 rounds won by the best move and none by the played one: t puts the
    loss at 15.6 [2.3, 28.9] points, while a coin would do that once in 32). True for any other
    differences (a rollout scored by an evaluation: t is the test)."""
    if any(d not in (-1.0, 0.0, 1.0) for d in diffs):
        return True
    wins = sum(d > 0 for d in diffs)
    m = wins + sum(d < 0 for d in diffs)
    tail = math.fsum(math.comb(m, k) for k in range(wins, m + 1)) / 2.0**m
    return tail <= 0.025


def judge_decision(
    game_id: str, state: State, chosen: Action, budget: int, seed: float, *, horizon: int | None = None
) -> tuple[Action, float, float, float, str | None]:
    """One decision of a game, searched and judged exactly as :func:`review` does it at
    ``budget`` (``seed`` for its rollouts): its best move, the loss with its 95% interval, and
    the verdict. (``benchmarks/review_agreement.py`` checks a review's flags with it at a larger
    budget without reviewing the whole game again.) ``horizon``: as in :func:`review`."""
    game = state.game
    _, est = _estimators(game_id, game.sim_assist, horizon)
    found = _search(est, state, state.legal_actions(), chosen, budget, random.Random(seed))
    best, loss, low, high, _, _ = _judge(found, chosen)
    return best, loss, low, high, verdict(loss, low)


def _estimate(est: _Estimator, state: State, budget: int, rng: random.Random) -> float:
    total = []
    for _ in range(budget):
        det_seed = rng.random()
        total.append(est.play_out(_determinize(state, det_seed), rng.random()))
    return math.fsum(total) / len(total)


# -- the review -----------------------------------------------------------------------------------


def _success(game_assist: str | None) -> Callable[[Result], bool]:
    if game_assist is None:
        return lambda r: r.won

    def unassisted(result: Result) -> bool:
        used = result.details.get(game_assist, 0)
        return result.won and (not isinstance(used, int) or used <= 0)

    return unassisted


def review(
    record: Record,
    budget: int = DEFAULT_BUDGET,
    *,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    horizon: int | None = None,
) -> Review:
    """Review ``record`` (see the module docstring). ``budget``: paired rollouts per legal move
    of each decision. ``progress(done, total)`` is called after each step. The record must be
    playable (:class:`~solotable.core.record.RecordError` otherwise); a game not yet finished is
    reviewed up to its last step, its "result" then being the value of its last position.
    ``horizon``: the stages ahead where the rollouts stop and the game's evaluation scores them
    (0: to the end of the game); None, the game's own (``BotHooks.review_horizon``): another is
    for measuring what the game's horizon changes (``benchmarks/review_cpu.py``)."""
    if budget < 1:
        raise ValueError(f"budget must be at least 1, not {budget}")
    started = time.process_time()
    states: list[State] = []
    actions: list[Action] = []
    final: State | None = None
    for state, action in record.replay_states():
        if action is not None:
            actions.append(action)
        final = state.clone()
        states.append(final)
    assert final is not None
    game = final.game
    luck_est, est = _estimators(game.id, game.sim_assist, horizon)
    split = est is not luck_est  # the decisions: the search bots' rollouts
    rng = random.Random(seed)
    n = len(actions)
    kinds: list[str] = []  # "d" decision, "c" chance event, "-" forced or certain
    searches: dict[int, _Search] = {}
    for i in range(n):
        s = states[i]
        if s.is_chance():
            kinds.append("c" if len(s.chance_table().outcomes) > 1 else "-")
        else:
            legal = s.legal_actions()
            if len(legal) > 1:
                kinds.append("d")
                searches[i] = _search(est, s, legal, actions[i], budget, random.Random(rng.random()))
            else:
                kinds.append("-")
        if progress is not None:
            progress(i + 1, n)
    # the value of each chance node, before its event (see the module docstring)
    before: dict[int, float] = {}
    estimated: dict[int, int] = {}  # the rollouts behind a chance node's value measured afresh
    run: dict[int, int] = {}  # the last event of each run of events: how many events the run holds
    last = ""  # the kind of the last decision or event met
    last_decision = first = first_last = -1
    for i in range(n):
        if kinds[i] == "c":
            if last == "c":  # inside a run of events: valued once, at its start (see the docstring)
                before[i] = before[first]
                run[i] = run.pop(first_last) + 1
            else:
                first = i
                if split:  # valued afresh by the review's evaluation and horizon (luck_only)
                    before[i] = _estimate(luck_est, states[i], budget, random.Random(rng.random()))
                    estimated[i] = budget
                elif last == "d":
                    before[i] = searches[last_decision].chosen_value
                else:  # the start of the game
                    before[i] = _estimate(est, states[i], budget, random.Random(rng.random()))
                    estimated[i] = budget
                run[i] = 1
            first_last = i
            last = "c"
        elif kinds[i] == "d":
            last, last_decision = "d", i
    if final.is_terminal():
        end = 1.0 if est.success(final.result()) else 0.0
    elif last == "d" and not split:  # an unfinished game: the chosen move's estimate, or a fresh one
        end = searches[last_decision].chosen_value
    else:
        end = _estimate(luck_est, final, budget, random.Random(rng.random()))
    values = [0.0] * (n + 1)
    values[n] = end
    decisions: list[Decision] = []
    events: list[ChanceEvent] = []
    for i in range(n - 1, -1, -1):
        kind = kinds[i]
        if kind == "-":
            values[i] = values[i + 1]
        elif kind == "c":
            values[i] = before[i]
            p = next(float(q) for o, q in states[i].chance_table().outcomes if o == actions[i])
            events.append(ChanceEvent(i, actions[i], p, values[i], values[i + 1], estimated.get(i, 0), run.get(i, 0)))
        else:
            found = searches[i]
            chosen = actions[i]
            best, loss, low, high, chosen_rounds, best_rounds = _judge(found, chosen)
            values[i] = values[i + 1] + loss
            decisions.append(
                Decision(
                    index=i,
                    seat=int(states[i].to_move or 0),
                    chosen=MoveValue(chosen, *_mean_interval(chosen_rounds)),
                    best=MoveValue(best, *_mean_interval(best_rounds)),
                    loss=loss,
                    loss_low=low,
                    loss_high=high,
                    verdict=verdict(loss, low),
                    moves=len(found.values),
                    before=values[i],
                    after=values[i + 1],
                    rounds=len(chosen_rounds),
                    dropped=found.dropped,
                )
            )
    decisions.reverse()
    events.reverse()
    return Review(
        game=game.id, options=dict(record.options), budget=budget, steps=n, start=values[0], result=end,
        decisions=decisions, events=events, values=values, cpu_seconds=time.process_time() - started,
    )  # fmt: skip


# -- proficiency ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Proficiency:
    """Mean loss per decision over some games, with its 95% interval (percentage-point figures
    are 100 × these)."""

    games: int
    decisions: int
    mean_loss: float
    low: float
    high: float


def proficiency(reviews: Sequence[Review], seat: int | None = None) -> Proficiency | None:
    """Mean loss per decision over ``reviews`` (of ``seat``'s decisions only, if given), with a
    95% interval that treats games as the independent units (a ratio estimator: the decisions of
    one game share its dice, so they are not independent; with a single game, its decisions).
    ``None`` with no decision."""
    per_game = []
    for r in reviews:
        mine = [d.loss for d in r.decisions if seat is None or d.seat == seat]
        if mine:
            per_game.append((math.fsum(mine), len(mine)))
    if not per_game:
        return None
    total_loss = math.fsum(x for x, _ in per_game)
    total_n = sum(m for _, m in per_game)
    mean = total_loss / total_n
    g = len(per_game)
    if g < 2:  # one game: its decisions as the units (an interval too narrow if they are correlated)
        losses = [d.loss for r in reviews for d in r.decisions if seat is None or d.seat == seat]
        _, low, high = _paired(losses)
        return Proficiency(g, total_n, mean, max(0.0, low), high)
    mbar = total_n / g
    resid = math.fsum((x - mean * m) ** 2 for x, m in per_game) / (g - 1)
    half = Z95 * math.sqrt(resid / g) / mbar
    return Proficiency(g, total_n, mean, max(0.0, mean - half), mean + half)
