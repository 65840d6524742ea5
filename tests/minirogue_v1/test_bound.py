"""The inner solver of benchmarks/minirogue_v1_bound.py (the information-relaxation upper bound):
exact against a brute-force enumeration of every line of play on small positions, and never below
what a fair policy gets on the same scenario."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solotable.core.protocol import Action, State

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "minirogue_v1_bound.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minirogue_v1_bound", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


B = _load()


def brute(
    s: State,
    counters: Any,
    scenario: Any,
    window: int,
    lam: float,
    value: Callable[[State], float],
    moves: Callable[[State], list[Action]],
) -> float:
    """max over every line of ``moves`` of (win - penalties), by plain enumeration (no table)."""
    s = s.clone()
    total = 0.0
    while s.is_chance():
        penalized = s.area <= window  # type: ignore[attr-defined]
        expected = 0.0
        if penalized:
            for outcome, p in s.chance_outcomes():
                child = s.clone()
                child.apply(outcome, trusted=True)
                expected += float(p) * value(child)
        outcome, counters = scenario.draw(s, counters)
        s.apply(outcome, trusted=True)
        if penalized:
            total -= lam * (value(s) - expected)
    if s.is_terminal():
        return total + float(s.won)  # type: ignore[attr-defined]
    best = -1e9
    for action in moves(s):
        child = s.clone()
        child.apply(action, trusted=True)
        best = max(best, brute(child, counters, scenario, window, lam, value, moves))
    return total + best


def last_fight(label: str) -> tuple[State, Any, Any]:
    """The first decision of Og's Remains' fight on a Casual game the heuristic wins on scenario
    ``label``, with the boss at 14 HP and the adventurer at 3: a handful of attack phases."""
    scenario = B.Scenario(label)
    s = B.new_game("casual")
    counters = B.START
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance():
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
            continue
        if s.area == 14 and s.foe == 2:  # type: ignore[attr-defined]
            s.foe_hp = 14  # type: ignore[attr-defined]
            s.hp = 3  # type: ignore[attr-defined]
            s.changed()  # type: ignore[attr-defined]
            return s, counters, scenario
        s.apply(B._HEURISTIC.choose(s, rng), trusted=True)
    raise AssertionError("no final fight on this scenario")


@pytest.mark.parametrize("label", ["t:1", "t:2", "t:5", "t:6", "t:9"])
def test_inner_problem_is_exact(label: str) -> None:
    s, counters, scenario = last_fight(label)
    legal = lambda state: state.legal_actions()  # noqa: E731 - every move, free discards too
    # no penalty: the relaxed value is whether some line wins, over every legal move (R29's
    # discards included: leaving them out loses nothing)
    assert B.Relaxed(scenario).perfect_information(s, counters) == brute(
        s, counters, scenario, 0, 0.0, B.heuristic_value, legal
    )
    # with a penalty at every draw: the exact max over the lines the solver ranges over
    exact = brute(s, counters, scenario, 99, 1.0, B.heuristic_value, B.moves)
    assert B.Relaxed(scenario).penalized(s, 99, 1.0, B.heuristic_value, counters) == pytest.approx(exact, abs=1e-12)


def test_a_proven_loss_and_a_nontrivial_penalized_value() -> None:
    """Scenario t:2 is lost whatever is done (the brute force says so too), and its penalized
    value is strictly between 0 and 1: the checks above are not all of wins."""
    s, counters, scenario = last_fight("t:2")
    assert B.Relaxed(scenario).perfect_information(s, counters) == 0.0
    assert 0.0 < B.Relaxed(scenario).penalized(s, 99, 1.0, B.heuristic_value, counters) < 1.0


def test_relaxed_values_bound_every_fair_policy() -> None:
    """On fixed scenarios from the start of Normal: the relaxed value is at least what the
    heuristic and a random player get, and the penalized one at least their (win - penalties)."""
    root = B.new_game("normal")
    rng = random.Random(5)
    policies: list[Callable[[State], Action]] = [
        lambda s: B._HEURISTIC.choose(s, rng),
        lambda s: rng.choice(s.legal_actions()),
    ]
    for i in range(4):
        scenario = B.Scenario(f"normal:test:{i}")
        relaxed = B.Relaxed(scenario, 20_000)
        pi = relaxed.perfect_information(root)
        penalized = B.Relaxed(scenario, 20_000).penalized(root, 1, 1.0, B.heuristic_value)
        for policy in policies:
            assert pi >= float(B.play(policy, scenario, root))
            assert penalized >= B.policy_objective(policy, scenario, root, 1, 1.0, B.heuristic_value) - 1e-12


def test_a_search_past_its_budget_counts_as_a_win() -> None:
    relaxed = B.Relaxed(B.Scenario("normal:budget"), budget=1)
    assert relaxed.perfect_information(B.new_game("normal")) == 1.0
    assert relaxed.budget_hit


class Plain(B.Relaxed):  # type: ignore[misc,name-defined]
    """The zero-penalty search with a plain table (whole keys, no comparison of resources)."""

    def can_win(self, state: State, counters: Any) -> bool:
        if state.is_terminal():
            return bool(state.won)  # type: ignore[attr-defined]
        key = self.key(state, counters)
        table: dict[Any, bool] = self.__dict__.setdefault("plain", {})
        if key in table:
            return table[key]
        self.nodes += 1
        for action in B.moves(state):
            child = state.clone()
            child.apply(action, trusted=True)
            if self.can_win(child, self.advance(child, counters)):
                table[key] = True
                return True
        table[key] = False
        return False


def test_more_resources_never_hurt_the_search() -> None:
    """The comparison of resources (a position no richer than a lost one is lost, one no poorer
    than a won one is won) gives the plain table's answers, and saves states: on Normal
    scenarios with wins and a loss found after a search."""
    root = B.new_game("normal")
    saved = 0
    for label in ("cmp:3", "cmp:9", "cmp:11", "normal:1:3"):
        fast = B.Relaxed(B.Scenario(label), 10**6)
        plain = Plain(B.Scenario(label), 10**6)
        assert fast.perfect_information(root) == plain.perfect_information(root), label
        saved += plain.nodes - fast.nodes
    assert saved > 0


def test_resources_are_compared_the_right_way_round() -> None:
    """One table, two positions differing only in HP: the poorer one lost, the richer one won
    (each as the brute force says), whichever is searched first."""
    poor, counters, scenario = last_fight("t:2")
    rich = poor.clone()
    rich.hp = 12  # type: ignore[attr-defined]
    rich.changed()  # type: ignore[attr-defined]
    legal = lambda state: state.legal_actions()  # noqa: E731
    assert brute(poor, counters, scenario, 0, 0.0, B.heuristic_value, legal) == 0.0
    assert brute(rich, counters, scenario, 0, 0.0, B.heuristic_value, legal) == 1.0
    for first, second in ((poor, rich), (rich, poor)):
        relaxed = B.Relaxed(scenario)
        assert relaxed.perfect_information(first, counters) == (1.0 if first is rich else 0.0)
        assert relaxed.perfect_information(second, counters) == (1.0 if second is rich else 0.0)
