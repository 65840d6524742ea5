"""Batch simulation: play many games with one agent and add up the statistics.

Reproducibility: game ``i`` of a run with seed ``S`` draws its chance outcomes and its agent's
choices from two ``random.Random`` streams derived from ``SeedSequence(entropy=S,
spawn_key=(i,))``, and games are grouped into batches whose boundaries depend only on the number
of games. The batches are merged in index order, so the totals are identical whatever the number
of processes.
"""

from __future__ import annotations

import importlib
import itertools
import math
import os
import random
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solotable.agents.base import Agent
from solotable.agents.registry import make_agent
from solotable.core.engine import StepState
from solotable.core.i18n import Catalogue, LocalizedError, register_catalogue
from solotable.core.protocol import CHANCE, Game, Result
from solotable.core.registry import load as load_game
from solotable.core.stats import Z95, wilson_interval
from solotable.core.untrusted import shorten

BATCH_SIZE = 200
"""Games per batch (grown for huge runs so that there are at most :data:`MAX_BATCHES`)."""

MAX_BATCHES = 20_000
MAX_STEPS = 1_000_000
"""A game longer than this is taken to be stuck in a loop (a bug in the game or the agent)."""

@dataclass(slots=True)
class SimStats:
    """Sums over games, so that two batches merge by adding (:meth:`merge`).

    Integer sums are exact, so merging is order-independent for them; the simulator also merges
    batches in a fixed order so that float details give bit-identical totals whatever the
    number of processes.
    """

    games: int = 0
    wins: int = 0
    """Games won with no assist (see :attr:`~solotable.core.protocol.Game.sim_assist`): with a
    game that declares none, every game won."""
    assisted_wins: int = 0
    """Games won after at least one assist (a continue): counted apart, never as :attr:`wins`."""
    assisted_games: int = 0
    """Games (won or lost) that used at least one assist."""
    assists: int | float = 0
    """Assists used in all (the sum of the assist detail)."""
    scored: int = 0
    score_sum: int | float = 0
    score_sq_sum: int | float = 0
    steps: int = 0
    decisions: int = 0
    detail_sums: dict[str, int | float] = field(default_factory=dict)
    detail_counts: Counter[str] = field(default_factory=Counter)
    histogram: Counter[Hashable] = field(default_factory=Counter)
    causes: Counter[str] = field(default_factory=Counter)
    score_histogram: Counter[int | float] = field(default_factory=Counter)
    """How many games ended with each score (additive, so histograms of batches merge)."""
    histograms: dict[str, Counter[Hashable]] = field(default_factory=dict)
    """Histograms of further details a game declares (``Game.sim_histograms``)."""

    def add(
        self,
        result: Result,
        histogram_key: str | None = None,
        steps: int = 0,
        decisions: int = 0,
        more_histograms: tuple[str, ...] = (),
        assist_key: str | None = None,
    ) -> None:
        """Count one finished game. ``histogram_key`` names the detail to histogram (where runs
        end), ``more_histograms`` further details to histogram, ``assist_key`` the detail that
        counts assists (a win with one is counted in :attr:`assisted_wins`, not :attr:`wins`)."""
        self.games += 1
        self.steps += steps
        self.decisions += decisions
        used = result.details.get(assist_key, 0) if assist_key is not None else 0
        if isinstance(used, bool) or not isinstance(used, int | float):
            used = 0
        if used > 0:
            self.assisted_games += 1
            self.assists += used
        if result.won:
            if used > 0:
                self.assisted_wins += 1
            else:
                self.wins += 1
        score = result.score
        if score is not None:
            self.scored += 1
            self.score_sum += score
            self.score_sq_sum += score * score
            self.score_histogram[score] += 1
        details = result.details
        if not details:
            return
        sums = self.detail_sums
        for key, value in details.items():
            if isinstance(value, int | float):  # bools count as 0/1
                sums[key] = sums.get(key, 0) + value
                self.detail_counts[key] += 1
        if histogram_key is not None and histogram_key in details:
            value = details[histogram_key]
            self.histogram[value if isinstance(value, Hashable) else str(value)] += 1
        for key in more_histograms:
            if key in details:
                value = details[key]
                counter = self.histograms.setdefault(key, Counter())
                counter[value if isinstance(value, Hashable) else str(value)] += 1
        if not result.won:
            cause = details.get("cause")
            if isinstance(cause, str):
                self.causes[cause] += 1

    def merge(self, other: SimStats) -> SimStats:
        """Add ``other`` into this one (in place) and return self."""
        self.games += other.games
        self.wins += other.wins
        self.assisted_wins += other.assisted_wins
        self.assisted_games += other.assisted_games
        self.assists += other.assists
        self.scored += other.scored
        self.score_sum += other.score_sum
        self.score_sq_sum += other.score_sq_sum
        self.steps += other.steps
        self.decisions += other.decisions
        for key, value in other.detail_sums.items():
            self.detail_sums[key] = self.detail_sums.get(key, 0) + value
        self.detail_counts.update(other.detail_counts)
        self.histogram.update(other.histogram)
        self.causes.update(other.causes)
        self.score_histogram.update(other.score_histogram)
        for key, counter in other.histograms.items():
            self.histograms.setdefault(key, Counter()).update(counter)
        return self

    def __add__(self, other: SimStats) -> SimStats:
        return SimStats().merge(self).merge(other)

    # -- derived figures ----------------------------------------------------------------------

    @property
    def win_rate(self) -> float:
        """The share of games won with no assist (the headline)."""
        return self.wins / self.games if self.games else 0.0

    def win_interval(self, z: float = Z95) -> tuple[float, float]:
        """The 95% Wilson score interval of :attr:`win_rate`."""
        return wilson_interval(self.wins, self.games, z)

    @property
    def all_wins(self) -> int:
        """Every game won, with an assist or without."""
        return self.wins + self.assisted_wins

    @property
    def mean_score(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    @property
    def score_sd(self) -> float | None:
        """The sample standard deviation of the score."""
        if self.scored < 2:
            return None
        mean = self.score_sum / self.scored
        var = (self.score_sq_sum - self.scored * mean * mean) / (self.scored - 1)
        return math.sqrt(max(0.0, var))

    def mean(self, detail: str) -> float | None:
        """The mean of a numeric detail over the games that reported it."""
        count = self.detail_counts.get(detail, 0)
        return self.detail_sums[detail] / count if count else None

    def to_json(self, assist_key: str | None = None) -> dict[str, Any]:
        """The figures as JSON. ``wins``, ``win_rate`` and ``win_interval_95`` count wins with no
        assist; with ``assist_key`` (the game's :attr:`~solotable.core.protocol.Game.sim_assist`)
        an ``assist`` block gives the assists apart."""
        low, high = self.win_interval()
        extra: dict[str, Any] = {}
        if assist_key is not None:
            extra["assist"] = {
                "detail": assist_key,
                "wins_after": self.assisted_wins,
                "all_wins": self.all_wins,
                "all_win_rate": self.all_wins / self.games if self.games else 0.0,
                "games_with": self.assisted_games,
                "used": self.assists,
            }
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_interval_95": [low, high],
            **extra,
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
            "steps": self.steps,
            "decisions": self.decisions,
            "means": {key: self.mean(key) for key in sorted(self.detail_sums)},
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "causes": dict(self.causes),
            "score_histogram": {str(k): v for k, v in sorted(self.score_histogram.items())},
            "histograms": {
                key: {str(k): v for k, v in counter.items()} for key, counter in sorted(self.histograms.items())
            },
        }


def sorted_keys(counter: Mapping[Any, int]) -> list[Hashable]:
    """Histogram keys in a readable order: numbers numerically, then everything else by text."""
    numbers: list[int | float] = sorted(k for k in counter if isinstance(k, int | float) and not isinstance(k, bool))
    seen = set(numbers)
    others = sorted((k for k in counter if k not in seen or isinstance(k, bool)), key=str)
    return [*numbers, *others]


# -- playing one game -------------------------------------------------------------------------


def game_rngs(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """The chance and agent generators of game ``index`` of a run seeded with ``seed``."""
    words = np.random.SeedSequence(entropy=seed, spawn_key=(index,)).generate_state(4)
    chance_seed = (int(words[0]) << 32) | int(words[1])
    agent_seed = (int(words[2]) << 32) | int(words[3])
    return random.Random(chance_seed), random.Random(agent_seed)


def run_game(
    game: Game,
    agent: Agent,
    options: Mapping[str, object],
    chance_rng: random.Random,
    agent_rng: random.Random,
    *,
    seed: int | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[Result, int, int]:
    """Play one game to the end; return its result, steps (every ``apply``) and decisions."""
    state = game.new_state(seed=seed, **options)
    state.set_events(False)  # the simulator reads results, not events
    foresee = getattr(agent, "foresee", None)
    if foresee is not None:  # only the oracle uses it (analysis: it sees the dice to come)
        foresee(chance_rng)
    if isinstance(state, StepState):  # the engine's fused loop: the same game for fewer calls
        steps, decisions = state.play_out(agent.choose, chance_rng, agent_rng, max_steps)
        if state.to_move is None:
            return state.result(), steps, decisions
        raise RuntimeError(f"{game.id}: game not over after {max_steps} steps (a loop in the rules or the agent?)")
    apply = state.apply
    chance_table = state.chance_table
    choose = agent.choose
    chance = CHANCE
    decisions = 0
    for steps in range(max_steps):
        to_move = state.to_move
        if to_move is None:
            return state.result(), steps, decisions
        if to_move == chance:
            apply(chance_table().sample(chance_rng), trusted=True)
        else:
            decisions += 1
            apply(choose(state, agent_rng), trusted=True)  # agents choose from legal_actions()
    if state.to_move is None:
        return state.result(), max_steps, decisions
    raise RuntimeError(f"{game.id}: game not over after {max_steps} steps (a loop in the rules or the agent?)")


def play_game(game: Game, agent: Agent, options: Mapping[str, object], game_seed: int, index: int = 0) -> Result:
    """Play game ``index`` of a run seeded with ``game_seed`` (see the module docstring)."""
    chance_rng, agent_rng = game_rngs(game_seed, index)
    return run_game(game, agent, options, chance_rng, agent_rng)[0]


# -- batches and processes --------------------------------------------------------------------


def batch_bounds(games: int) -> list[tuple[int, int]]:
    """Split game indices ``0..games-1`` into ``[start, stop)`` batches (independent of jobs)."""
    size = max(BATCH_SIZE, math.ceil(games / MAX_BATCHES))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


Progress = Callable[[int], None]
"""Called with the number of games just finished (for a progress bar)."""


@dataclass(frozen=True, slots=True)
class _Batch:
    game_id: str
    game_module: str
    agent_name: str
    options: dict[str, Any]
    seed: int
    start: int
    stop: int
    agent_params: dict[str, Any] = field(default_factory=dict)


def _run_batch(batch: _Batch, progress: Progress | None = None) -> SimStats:
    try:
        game = load_game(batch.game_id)
    except ValueError:
        # A game registered at run time (a test game): import its module in this process.
        importlib.import_module(batch.game_module)
        game = load_game(batch.game_id)
    agent = make_agent(batch.agent_name, batch.game_id, **batch.agent_params)
    histogram_key = game.sim_histogram
    more = tuple(game.sim_histograms)
    assist_key = game.sim_assist
    stats = SimStats()
    add = stats.add
    options = batch.options
    seed = batch.seed
    index = batch.start
    try:
        for index in range(batch.start, batch.stop):
            chance_rng, agent_rng = game_rngs(seed, index)
            result, steps, decisions = run_game(game, agent, options, chance_rng, agent_rng)
            add(result, histogram_key, steps, decisions, more, assist_key)
            if progress is not None:
                progress(1)
    except Exception as exc:
        exc.add_note(
            f"in {batch.game_id} game {index} of the run with seed {seed} "
            f"(agent {batch.agent_name}; replay it with play_game(game, agent, options, {seed}, {index}))"
        )
        raise
    return stats


MAX_POOL_RESTARTS = 3
"""How many times a run starts its worker processes afresh after one died (killed, out of
memory) before it gives up with :class:`WorkerLost`."""


class WorkerLost(LocalizedError):
    """Worker processes kept dying: the run stops with one line that says which games were being
    played and how many had finished (``partial`` holds their statistics)."""

    partial: SimStats


def _lost(batch: _Batch, done: SimStats, deaths: int, cause: BaseException) -> WorkerLost:
    register_catalogue(Catalogue.from_package(("solotable.sim", "messages.toml")))
    exc = WorkerLost(
        "sim.err.worker_lost", start=batch.start, stop=batch.stop - 1, done=f"{done.games:,}",
        deaths=deaths, cause=shorten(str(cause) or type(cause).__name__, 120),
    )  # fmt: skip
    exc.partial = done
    return exc


def _finished(future: Future[SimStats]) -> bool:
    """Whether ``future`` holds a batch's statistics (it finished before its pool broke)."""
    return future.done() and not future.cancelled() and future.exception() is None


def _ordered_results(batches: list[_Batch], jobs: int, progress: Progress | None = None) -> Iterator[SimStats]:
    """Each batch's statistics, in batch order, computed by ``jobs`` processes. ``progress`` is
    told of each game (in this process) or each batch (from worker processes).

    A worker process that dies (killed by a signal, out of memory) breaks the pool: the batches
    not finished are run again in fresh processes (a batch's games depend only on the seed and
    their indices, so the results are the same), up to :data:`MAX_POOL_RESTARTS` times; then
    :class:`WorkerLost`, which keeps what had finished."""
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            yield _run_batch(batch, progress)
        return
    window = 4 * jobs  # batches in flight: bounded, whatever the number of batches
    workers = min(jobs, len(batches))
    todo = iter(batches)
    done = SimStats()
    restarts = 0
    pool = _pool(workers)
    try:
        pending: deque[tuple[_Batch, Future[SimStats]]] = deque(
            (batch, pool.submit(_run_batch, batch)) for batch in itertools.islice(todo, window)
        )
        while pending:
            batch, future = pending[0]
            try:
                result = future.result()
            except BrokenProcessPool as exc:
                restarts += 1
                if restarts > MAX_POOL_RESTARTS:
                    raise _lost(batch, done, restarts, exc) from exc
                pool.shutdown(wait=True, cancel_futures=True)
                pool = _pool(workers)
                pending = deque((b, f if _finished(f) else pool.submit(_run_batch, b)) for b, f in pending)
                continue
            pending.popleft()
            nxt = next(todo, None)
            if nxt is not None:
                pending.append((nxt, pool.submit(_run_batch, nxt)))
            done.merge(result)
            if progress is not None:
                progress(result.games)
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether the process that started it is still there."""


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes that end by themselves when the simulator's process is gone, even killed
    by ``kill -9`` (which runs no clean-up): each watches its parent (:func:`_watch_parent`)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),))


def _watch_parent(parent: int) -> None:
    """In a worker: a daemon thread ends the process once its parent has died (the worker is then
    adopted by another process, so ``os.getppid()`` changes). Portable where ``prctl`` is not."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="solotable-parent-watch", daemon=True).start()


class RayMissing(ImportError):
    """``--backend ray`` without Ray installed."""

    def __init__(self) -> None:
        super().__init__("the Ray backend needs Ray: pip install 'solotable[ray]'")


class RayUnavailable(RuntimeError):
    """``--backend ray`` with Ray installed but unable to start or reach its cluster."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _ray_results(batches: list[_Batch], address: str | None, jobs: int) -> Iterator[SimStats]:
    """Each batch's statistics, in batch order, computed by Ray tasks (a cluster at ``address``,
    or a local instance with ``jobs`` CPUs started here if Ray is not running yet)."""
    try:
        import ray
    except ImportError as exc:
        raise RayMissing() from exc
    if not ray.is_initialized():
        try:
            if address is not None:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=max(1, jobs), log_to_driver=False, include_dashboard=False)
        except Exception as exc:  # Ray's own errors on a cluster it cannot start or reach: one line
            lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
            raise RayUnavailable((lines[0] if lines else type(exc).__name__)[:200]) from exc
    remote = ray.remote(_run_batch)
    window = 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call,unused-ignore]
    todo = iter(batches)
    pending = deque(remote.remote(batch) for batch in itertools.islice(todo, window))
    while pending:
        result: SimStats = ray.get(pending.popleft())
        nxt = next(todo, None)
        if nxt is not None:
            pending.append(remote.remote(nxt))
        yield result


BACKENDS = ("local", "ray")

def simulate(
    game_id: str,
    agent_name: str,
    games: int,
    jobs: int = 1,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    *,
    agent_params: Mapping[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> SimStats:
    """Play ``games`` games of ``game_id`` with the agent ``agent_name`` and add up the statistics.

    ``jobs`` worker processes (1: in this process; 0: one per CPU), or with ``backend="ray"``
    Ray tasks (on the cluster at ``address``, else a local Ray instance with ``jobs`` CPUs). The
    result is the same for the same ``seed`` whatever ``jobs`` and the backend are: game ``i``
    always uses the streams of ``SeedSequence(seed, spawn_key=(i,))``, batches are fixed by the
    number of games, and batch statistics are merged in batch order. ``agent_params`` go to
    :func:`~solotable.agents.registry.make_agent` (``iterations``, ``think``; a ``think`` budget
    is wall-clock time and does not reproduce). Unknown game, agent or option: ``ValueError``.
    """
    game = load_game(game_id)
    params = {k: v for k, v in dict(agent_params or {}).items() if v is not None}
    make_agent(agent_name, game_id, **params)  # fail early, in this process, on an unknown agent
    checked = game.validate_options(dict(options or {}))
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    if seed < 0:
        raise ValueError(f"the seed must be a non-negative integer, not {seed}")
    if jobs < 0:
        raise ValueError(f"the number of jobs cannot be negative ({jobs})")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    batches = [
        _Batch(game_id, type(game).__module__, agent_name, dict(checked), seed, start, stop, params)
        for start, stop in batch_bounds(games)
    ]
    ray = backend == "ray"
    results = _ray_results(batches, address, jobs) if ray else _ordered_results(batches, jobs, progress)
    total = SimStats()
    for stats in results:
        total.merge(stats)
        if progress is not None and ray:
            progress(stats.games)
    return total


# -- grids --------------------------------------------------------------------------------------


AGENT_AXIS = "agent"


@dataclass(slots=True)
class Cell:
    """One cell of a grid: the game options and agent it ran with, and its statistics."""

    options: dict[str, str | bool | int]
    agent: str
    stats: SimStats
    elapsed: float = 0.0
    assist: str | None = None
    """The game's assist detail (:attr:`~solotable.core.protocol.Game.sim_assist`), if any."""

    def to_json(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "agent": self.agent,
            "elapsed": self.elapsed,
            **self.stats.to_json(self.assist),
        }


def grid_cells(
    game: Game, grid: Mapping[str, list[str]], base: Mapping[str, object], agent: str
) -> list[tuple[dict[str, str | bool | int], str]]:
    """The cartesian product of the ``grid`` axes (game options, and ``agent``), in the order the
    axes and values are given, each cell's options checked and completed with ``base`` and the
    defaults. ``ValueError`` (an :class:`~solotable.core.protocol.OptionError`) for a bad name or
    value."""
    axes = list(grid.items())
    agents = grid.get(AGENT_AXIS, [agent])
    option_axes = [(name, values) for name, values in axes if name != AGENT_AXIS]
    cells: list[tuple[dict[str, str | bool | int], str]] = []
    for combo in itertools.product(*(values for _, values in option_axes)):
        options = dict(base)
        options.update({name: value for (name, _), value in zip(option_axes, combo, strict=True)})
        checked = game.validate_options(options)
        cells.extend((checked, name) for name in agents)
    return cells


def simulate_grid(
    game_id: str,
    grid: Mapping[str, list[str]],
    games: int,
    *,
    agent: str = "random",
    options: Mapping[str, object] | None = None,
    jobs: int = 1,
    seed: int = 0,
    agent_params: Mapping[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[Cell]:
    """Run :func:`simulate` for every cell of ``grid`` (see :func:`grid_cells`), each with the
    same ``seed``: cells that differ only in the agent meet the same dice where their play
    agrees (common random numbers)."""
    import time

    game = load_game(game_id)
    out = []
    for cell_options, name in grid_cells(game, grid, dict(options or {}), agent):
        start = time.perf_counter()
        stats = simulate(
            game_id,
            name,
            games,
            jobs=jobs,
            seed=seed,
            options=cell_options,
            agent_params=agent_params,
            backend=backend,
            address=address,
            progress=progress,
        )
        out.append(Cell(cell_options, name, stats, time.perf_counter() - start, game.sim_assist))
    return out
