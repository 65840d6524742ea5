"""A fair policy for Mini Rogue v1.2.1 by perfect-information Monte Carlo (determinization),
measured against MCTS on the same games.

    python benchmarks/minirogue_v1_pimc.py [--difficulty normal] [--games 100] [--seed 1] [--first 0]
                                           [--agents pimc,mcts] [--samples 8] [--budget 2000]
                                           [--iterations 128] [--cpu 3000] [--verbose]

**The policy** (``pimc``). At a decision with more than one move it imagines ``--samples``
futures and, for each move, asks whether a player who knew that future could still win after
it; it plays the move that wins the most imagined futures. A future is a
:class:`~minirogue_v1_bound.Scenario`: one stream of uniform numbers per kind of draw, the
``k``-th draw of a kind met after the decision taking the ``k``-th number of its stream through
the exact chance table met there. Its label comes from the agent's own generator (the one the
simulator hands it), so the policy sees nothing the player does not: Mini Rogue v1 keeps no
hidden state (every card, monster's HP and die is drawn lazily at a chance node from the
state's explicit table, ``State.resample_hidden`` is a plain copy), and the real game's chance
generator is never read. Every move is judged on the **same** futures (common random numbers:
one ``Relaxed`` per future, its tables of proven wins and losses shared by the moves), and each
question is the bound's exact search (``Relaxed.can_win``, stopped at the first winning line,
with its cuts), limited to ``--budget`` states: a search past it counts half a win. Ties go to
the heuristic's move (tried first) and then to the order of the legal moves.

Known weakness (strategy fusion): a move that wins every future by a different line later,
lines that a fair player cannot tell apart in time, counts as a sure win. ``--horizon`` is not
offered; the measurement says how much it costs.

**The measurement**. Game ``i`` of ``--seed S`` is played by every contender of ``--agents``
with the simulator's chance and agent generators of that game (``runner.game_rngs``), so the
contenders meet the same dice as long as they play alike (a paired comparison on the same game
seeds); ``mcts`` is the registered bot with ``--iterations`` (the bracket's lower bound uses
128). It prints each contender's wins with a Wilson 95% interval, the paired table (both won,
only one, neither) with McNemar's exact two-sided p-value, and CPU seconds a game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from minirogue_v1_bound import START, BudgetExceeded, Relaxed, Scenario, moves

from solotable.agents.base import Agent
from solotable.agents.registry import make_agent
from solotable.agents.search import SearchAgent
from solotable.core.protocol import Action, State
from solotable.core.registry import load
from solotable.core.stats import wilson_interval
from solotable.sim.runner import game_rngs, run_game


class PIMCAgent(Agent):
    """Perfect-information Monte Carlo over the bound's exact searches (module docstring)."""

    name = "pimc"

    def __init__(
        self, samples: int = 8, budget: int = 2000, tiebreak: SearchAgent | None = None, margin: float = 0.0
    ) -> None:
        self.samples = samples
        self.budget = budget
        self.tiebreak = tiebreak
        """Ranks the moves tied at the top (``None``: the heuristic's move first, then the legal order)."""
        self.margin = margin
        """Moves within this many futures of the best count as tied (a filter: the tie-break chooses)."""
        self.ties = 0
        self.searches = 0
        self.over = 0

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = moves(state)
        if len(legal) == 1:
            return legal[0]
        scores = [0.0] * len(legal)
        for _ in range(self.samples):
            relaxed = Relaxed(Scenario(f"pimc:{rng.getrandbits(64)}"), self.budget)
            for i, action in enumerate(legal):
                child = state.clone()
                child.apply(action, trusted=True)
                relaxed.nodes = 0
                self.searches += 1
                try:
                    scores[i] += relaxed.can_win(child, relaxed.advance(child, START))
                except BudgetExceeded:
                    self.over += 1
                    scores[i] += 0.5
        best = max(scores)
        tied = [a for a, v in zip(legal, scores, strict=True) if v >= best - self.margin]
        if len(tied) == 1 or self.tiebreak is None:
            return tied[0]
        self.ties += 1
        for stat in self.tiebreak.analyse(state, rng):
            if stat.action in tied:
                return stat.action
        return tied[0]


def mcnemar(only_a: int, only_b: int) -> float:
    """The exact two-sided p-value of McNemar's test (a binomial test on the discordant pairs)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def contender(name: str, ns: argparse.Namespace) -> Agent:
    if name.startswith("pimc"):
        # pimc, or pimcKxB: K futures, B states a search; +mctsN: ties ranked by MCTS; ~M: within M futures tie
        name, _, margin = name.partition("~")
        name, _, tiebreak = name.partition("+")
        k, _, b = name[4:].partition("x")
        ranker = contender(tiebreak, ns) if tiebreak else None
        assert ranker is None or isinstance(ranker, SearchAgent)
        return PIMCAgent(int(k) if k else ns.samples, int(b) if b else ns.budget, ranker, float(margin or 0))
    if name.startswith("mcts"):
        iterations = int(name[4:]) if name[4:] else ns.iterations
        return make_agent("mcts", "minirogue-v1", iterations=iterations)
    return make_agent(name, "minirogue-v1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument(
        "--agents", default="pimc,mcts", help="contenders: pimc (or pimcKxB), mcts (or mctsN: N iterations), heuristic"
    )
    parser.add_argument("--samples", type=int, default=8, help="pimc: futures imagined a decision")
    parser.add_argument("--budget", type=int, default=2000, help="pimc: states per search")
    parser.add_argument("--iterations", type=int, default=128, help="mcts: iterations a decision")
    parser.add_argument("--cpu", type=float, default=3000.0, help="stop after this much CPU (s)")
    parser.add_argument("--verbose", action="store_true", help="a line per game")
    parser.add_argument(
        "--summarize",
        nargs="*",
        default=None,
        help="only add up the per-game lines of earlier --verbose runs (these files), paired by game",
    )
    ns = parser.parse_args()
    if ns.summarize is not None:
        summarize(ns.summarize)
        return
    sys.setrecursionlimit(200_000)
    game = load("minirogue-v1")
    names = ns.agents.split(",")
    agents = [contender(n, ns) for n in names]
    wins: list[list[int]] = [[] for _ in names]
    cpu = [0.0 for _ in names]
    start = time.process_time()
    try:
        play_all(ns, game, names, agents, wins, cpu, start)
    except KeyboardInterrupt:  # stopped by hand: report the games finished
        print("interrupted")
    n = min(len(w) for w in wins)
    for w in wins:
        del w[n:]
    report(ns, names, agents, wins, cpu)


def play_all(
    ns: argparse.Namespace,
    game: Any,
    names: list[str],
    agents: list[Agent],
    wins: list[list[int]],
    cpu: list[float],
    start: float,
) -> None:
    for i in range(ns.first, ns.first + ns.games):
        line = []
        for j, agent in enumerate(agents):
            chance_rng, agent_rng = game_rngs(ns.seed, i)
            t = time.process_time()
            result, _, decisions = run_game(game, agent, {"difficulty": ns.difficulty}, chance_rng, agent_rng)
            cpu[j] += time.process_time() - t
            won: Any = result.won
            wins[j].append(int(bool(won)))
            line.append(f"{names[j]} {'won' if won else 'lost'} ({decisions} decisions)")
        if ns.verbose:
            print(f"game {i}: " + ", ".join(line) + f"; CPU {time.process_time() - start:.0f} s", flush=True)
        if time.process_time() - start > ns.cpu:
            print(f"stopped at --cpu {ns.cpu:g} s")
            break


def report(
    ns: argparse.Namespace | None,
    names: list[str],
    agents: Sequence[Agent | None],
    wins: list[list[int]],
    cpu: Sequence[float | None],
) -> None:
    n = len(wins[0])
    if ns is not None:
        print(f"Mini Rogue v1.2.1 {ns.difficulty}, games {ns.first}..{ns.first + n - 1} of seed {ns.seed}")
    for j, name in enumerate(names):
        w = sum(wins[j])
        lo, hi = wilson_interval(w, n)
        extra = ""
        agent = agents[j]
        spent = cpu[j]
        if spent is not None:
            extra = f", {spent / n:.2f} s of CPU a game"
        if isinstance(agent, PIMCAgent):
            extra += (
                f"; samples {agent.samples}, budget {agent.budget}, {agent.searches:,} searches, "
                f"{agent.over:,} over, {agent.ties:,} ties ranked by the tie-break"
            )
        print(f"{name}: {w}/{n} = {w / n:.2%} ({lo:.2%}-{hi:.2%}){extra}")
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            both = sum(x and y for x, y in zip(wins[a], wins[b], strict=True))
            only_a = sum(x and not y for x, y in zip(wins[a], wins[b], strict=True))
            only_b = sum(y and not x for x, y in zip(wins[a], wins[b], strict=True))
            print(
                f"{names[a]} vs {names[b]}: both won {both}, only {names[a]} {only_a}, only {names[b]} {only_b}, "
                f"neither {n - both - only_a - only_b}; McNemar exact p = {mcnemar(only_a, only_b):.3g}"
            )


def summarize(paths: list[str]) -> None:
    """The report of the games every contender of the logs finished, paired by game index (a
    contender played in several logs counts once per game)."""
    results: dict[str, dict[int, int]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if not line.startswith("game "):
                continue
            head, _, rest = line.partition(": ")
            index = int(head.split()[1])
            for part in rest.split("; ")[0].split(", "):
                name, outcome = part.split()[:2]
                results.setdefault(name, {})[index] = int(outcome == "won")
    names = list(results)
    common = sorted(set.intersection(*(set(r) for r in results.values())))
    print(f"{len(common)} games played by all of {', '.join(names)} (indices {common[0]}..{common[-1]})")
    report(None, names, [None] * len(names), [[results[n][i] for i in common] for n in names], [None] * len(names))


if __name__ == "__main__":
    main()
