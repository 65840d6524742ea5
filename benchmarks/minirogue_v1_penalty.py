"""The information-relaxation bound of Mini Rogue v1.2.1 with a penalty at the last boss's fight.

    python benchmarks/minirogue_v1_penalty.py [--difficulty normal] [--scenarios 100] [--seed 2]
                                              [--first 0] [--only 3,7] [--budget 100000] [--verbose]

The zero-penalty bound (``benchmarks/minirogue_v1_bound.py``) lets the relaxed player see every
future draw. Here every draw of the fight against the last boss (Og's Remains, ruling R27: the
game is won at once when it falls, and lost when the adventurer dies) is charged
``V(child) - sum_o p_o V(child_o)``, with ``V`` the **exact** fair value of the fight: the best
chance of winning it of a player who sees only the past, computed by dynamic programming over
the fight's exact chance tables (:func:`fight_value`). The penalty's conditional mean given the
past is zero for every fair policy (whatever ``V``), so the mean over scenarios of the inner
maximum is still an upper bound on the optimum.

**Inner problem.** Along any line that reaches the fight at position ``e`` the line's
``win - penalties`` telescopes to ``V(e)`` plus the Bellman residuals met inside the fight:
``V(child) - V(node)`` at each decision and ``E[V(child)] - V(node)`` at each draw. ``V`` is a
supersolution of the fight (at a decision at least every move's value, at a draw at least the
mean of the outcomes' values; the only approximation, a critical's reroll chain that comes back
to a position already being valued, is valued 1, which keeps it so), so every residual is at most
0 and the line's objective at most ``V(e)`` (equal along the fair optimum's moves). A line that
never reaches the fight is lost and meets no penalty: 0. So the scenario's inner value is at most
``max_e V(e)`` over the fight positions the scenario's lines reach, which this script computes
exactly by depth-first search over the lines (the scenario's draws, the relaxed player's moves of
``minirogue_v1_bound.moves``) with branch and bound:

- a position in an earlier fight that no line survives is worth 0 (``Relaxed.survives``);
- positions equal but for HP, gold, Food, Armor and spells are compared: the richer one can
  follow the poorer one's line (``Relaxed.can_win``'s argument) and reach the same fight with no
  less HP, Armor or spells, where the fair value is no lower (the richer fighter can play the
  poorer one's moves); so an upper bound found for a position bounds every poorer one;
- a subtree is searched only if it can beat the best found; a search that stops early returns an
  upper bound (the best found, or the bound it was cut by), never less.

A scenario whose search passes ``--budget`` positions counts 1 (an upper bound). The script prints
the penalized bound, the zero-penalty bound on the same scenarios (searched with the same
budget), their paired difference with a 95% interval, the heuristic's win rate on the scenarios
and its ``win - penalties`` (whose mean is its win rate: a check of the penalty's zero mean).
"""

from __future__ import annotations

import argparse
import sys
import time
from operator import ge
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from minirogue_v1_bound import (
    _HEURISTIC,
    _RNG,
    START,
    BudgetExceeded,
    Counters,
    Relaxed,
    Scenario,
    decision_key,
    interval,
    mean_over_draw,
    moves,
    new_game,
    play,
)

from solotable.core.protocol import Action, State
from solotable.games.minirogue_v1.data import SPELLS, data
from solotable.games.minirogue_v1.state import FOE_BOSS, NO_FOE

LAST_LEVEL = len(data().levels)


def in_last_fight(s: Any) -> bool:
    """The position is inside the fight against the last level's boss (or the game is over)."""
    return bool(s.foe == FOE_BOSS and s.level == LAST_LEVEL and not s.is_terminal())


# -- the exact fair value of the last fight --------------------------------------------------------

_FIGHT: dict[tuple[int, int, int, tuple[int, ...]], float] = {}
"""Fight values by decision position (its key, HP, Armor, spells held by kind); shared by every
scenario (the fair value does not depend on the scenario)."""
_BUSY = -1.0


def fight_moves(s: State) -> list[Action]:
    """The moves valued: those the relaxed player tries (``moves``: every legal one but R29's free
    discards); the fight's value must be at least each of their values."""
    legal = s.legal_actions()
    if s.phase.name != "spell_discard":  # type: ignore[attr-defined]
        legal = [a for a in legal if a.name != "discard"]
    return legal


def fight_value(s: Any) -> float:
    """The best chance of winning the game from ``s`` (a position in the last fight, or the end)
    of a player who sees only the past: 1 won, 0 lost; at a draw the mean over its exact table;
    at a decision the best move's. A critical's reroll chain that comes back to a decision
    already being valued (a die past the foe's HP is counted as the foe's HP) is valued 1 there,
    an upper bound: the value stays a supersolution (see the module docstring)."""
    if s.is_terminal():
        return 1.0 if s.won else 0.0
    if s.is_chance():
        return mean_over_draw(s, fight_value)
    spells = s.spells
    key = (decision_key(s), s.hp, s.armor, tuple(spells.count(name) for name in SPELLS))
    found = _FIGHT.get(key)
    if found is not None:
        return 1.0 if found == _BUSY else found
    _FIGHT[key] = _BUSY
    best = 0.0
    for action in fight_moves(s):
        child = s.clone()
        child.apply(action, trusted=True)
        best = max(best, fight_value(child))
    _FIGHT[key] = best
    return best


def penalty(s: Any, outcome: Action) -> float:
    """The charge at the draw ``s`` (in the last fight) when ``outcome`` comes: ``V(child) - E[V(child)]``."""
    child = s.clone()
    child.apply(outcome, trusted=True)
    return fight_value(child) - fight_value(s)


def policy_objective(policy: Any, scenario: Scenario, state: State, counters: Counters = START) -> float:
    """A fair policy's ``win - penalties`` on ``scenario``: one of the lines the inner problem
    ranges over (so never above it), of mean over scenarios its chance of winning."""
    s: Any = state.clone()
    total = 0.0
    while not s.is_terminal():
        if s.is_chance():
            charged = in_last_fight(s)
            outcome, counters = scenario.draw(s, counters)
            if charged:
                total -= penalty(s, outcome)
            s.apply(outcome, trusted=True)
        else:
            s.apply(policy(s), trusted=True)
    return total + float(s.won)


# -- the inner problem -----------------------------------------------------------------------------


class Penalized(Relaxed):
    """max over the scenario's lines of the fair value of the last fight where they reach it."""

    def __init__(self, scenario: Scenario, budget: int = 100_000) -> None:
        super().__init__(scenario, budget)
        self._upper: dict[tuple[int, Counters], list[tuple[tuple[int, ...], float]]] = {}
        self.best = 0.0
        self.entries = 0

    def to_decision(self, s: Any, counters: Counters) -> Counters:
        """The scenario's draws up to a decision, the end, or the last fight's start."""
        while s.is_chance() and not in_last_fight(s):
            outcome, counters = self.scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
        return counters

    def value(self, state: State, counters: Counters = START) -> float:
        """The scenario's inner value (an upper bound on it: 1 if the budget is passed)."""
        s = state.clone()
        self.best = 0.0
        self.nodes = 0
        try:
            return self.search(s, self.to_decision(s, counters))
        except BudgetExceeded:
            self.budget_hit = True
            return 1.0

    def search(self, s: Any, counters: Counters) -> float:
        """An upper bound on the best fight value reachable from ``s``, exact when above ``self.best``."""
        if s.is_terminal():
            return 1.0 if s.won else 0.0
        if in_last_fight(s):
            self.entries += 1
            v = fight_value(s)
            self.best = max(self.best, v)
            return v
        rest, have = self.split_key(s, counters)
        bound = 1.0
        for richer, ub in self._upper.get(rest, ()):
            if ub < bound and all(map(ge, richer, have)):
                bound = ub
        if bound <= self.best:
            return bound
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if s.foe != NO_FOE and not self.survives(s, counters):
            self._upper.setdefault(rest, []).append((have, 0.0))
            return 0.0
        out = 0.0
        for action in moves(s):
            child = s.clone()
            child.apply(action, trusted=True)
            out = max(out, self.search(child, self.to_decision(child, counters)))
            if out >= 1.0:
                break
        out = min(out, bound)
        self._upper.setdefault(rest, []).append((have, out))
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--scenarios", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--only", default="")
    parser.add_argument("--budget", type=int, default=100_000, help="positions per search")
    parser.add_argument("--cpu", type=float, default=1200.0, help="stop after this much CPU (s)")
    parser.add_argument("--verbose", action="store_true")
    ns = parser.parse_args()
    sys.setrecursionlimit(200_000)
    start = time.process_time()
    root = new_game(ns.difficulty)
    chosen = [int(x) for x in ns.only.split(",")] if ns.only else range(ns.first, ns.first + ns.scenarios)
    pi: list[float] = []
    pen: list[float] = []
    heur: list[float] = []
    heur_pen: list[float] = []
    pi_over = pen_over = 0
    for i in chosen:
        scenario = Scenario(f"{ns.difficulty}:{ns.seed}:{i}")
        plain = Relaxed(scenario, ns.budget)
        v0 = plain.perfect_information(root)
        pi_over += plain.budget_hit
        inner = Penalized(scenario, ns.budget)
        v1 = inner.value(root)
        pen_over += inner.budget_hit
        pi.append(v0)
        pen.append(v1)
        heur.append(float(play(lambda s: _HEURISTIC.choose(s, _RNG), scenario, root)))
        heur_pen.append(policy_objective(lambda s: _HEURISTIC.choose(s, _RNG), scenario, root))
        if ns.verbose:
            print(
                f"scenario {i}: zero penalty {v0:g}{' (over)' if plain.budget_hit else ''}, penalized {v1:.4f}"
                f"{' (over)' if inner.budget_hit else ''} ({inner.nodes:,} positions, {inner.entries:,} fights met), "
                f"heuristic {heur[-1]:g} / {heur_pen[-1]:+.4f}, CPU {time.process_time() - start:.1f} s",
                flush=True,
            )
        if time.process_time() - start > ns.cpu:
            print(f"stopped at --cpu {ns.cpu:g} s after {len(pi)} scenarios")
            break
    n = len(pi)
    cpu = time.process_time() - start
    m0, lo0, hi0 = interval(pi)
    m1, lo1, hi1 = interval(pen)
    d, dlo, dhi = interval([a - b for a, b in zip(pen, pi, strict=True)])
    hm, hlo, hhi = interval(heur_pen)
    print(
        f"Mini Rogue v1.2.1 {ns.difficulty}, {n} scenarios (seed {ns.seed}, "
        f"{'numbers ' + ns.only if ns.only else f'from {ns.first}'}), budget {ns.budget:,} positions"
    )
    print(f"zero-penalty bound: {m0:.2%} ({lo0:.2%}-{hi0:.2%}), {pi_over} over the budget (counted 1)")
    print(
        f"penalized bound (the last boss's fight, its exact fair value): {m1:.2%} ({lo1:.2%}-{hi1:.2%}), "
        f"{pen_over} over the budget (counted 1)"
    )
    print(f"penalized - zero penalty (paired): {d:+.2%} ({dlo:+.2%} to {dhi:+.2%})")
    print(
        f"heuristic: wins {sum(heur) / n:.2%}; its win - penalties {hm:.2%} ({hlo:.2%}-{hhi:.2%}) "
        f"(mean: its win rate); fight values cached {len(_FIGHT):,}"
    )
    print(f"CPU {cpu:.1f} s ({cpu / n:.2f} s a scenario)")


if __name__ == "__main__":
    main()
