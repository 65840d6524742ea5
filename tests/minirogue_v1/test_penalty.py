"""The penalty of benchmarks/minirogue_v1_penalty.py (the last boss's fight charged with its exact
fair value): zero mean at every draw, the fight's value exact against a plain expectimax, the
inner problem's value reached by a line and never exceeded (a brute force over every line)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solotable.core.protocol import Action, State

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


B = _load("minirogue_v1_bound")
P = _load("minirogue_v1_penalty")
S = _load("minirogue_v1_states")
canonical = S.canonical
key_fields = S.key_fields


def before_last_fight(label: str, boss_hp: int, hp: int) -> tuple[Any, Any, Any]:
    """The draw that opens Og's Remains' fight on a Casual game the heuristic reaches on scenario
    ``label``, the boss's HP and the adventurer's set small: a handful of attack phases."""
    scenario = B.Scenario(label)
    s: Any = B.new_game("casual")
    counters = B.START
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance():
            if P.in_last_fight(s):
                s.foe_hp = boss_hp
                s.hp = hp
                s.changed()
                return s, counters, scenario
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
            continue
        s.apply(B._HEURISTIC.choose(s, rng), trusted=True)
    raise AssertionError("no final fight on this scenario")


def expectimax(s: Any, table: dict[int, float]) -> float:
    """The fair value by plain recursion over the whole state (its every field, the dice
    uncapped: not the solver's key). A critical's chain is infinite only where a die already
    deals the foe's HP: there stopping wins, which is the value."""
    if s.is_terminal():
        return 1.0 if s.won else 0.0
    if s.is_chance():
        return B.mean_over_draw(s, lambda child: expectimax(child, table))
    if s.phase.name == "crit" and max(s.dice) >= s.foe_hp:
        return 1.0
    key = canonical(s, key_fields(s))
    found = table.get(key)
    if found is None:
        found = table[key] = max(expectimax(_applied(s, a), table) for a in P.fight_moves(s))
    return found


def brute(s: Any, counters: Any, scenario: Any) -> float:
    """max over every line of the scenario of (win - penalties), by plain enumeration."""
    s = s.clone()
    total = 0.0
    while s.is_chance():
        outcome, counters = scenario.draw(s, counters)
        total -= P.penalty(s, outcome)
        s.apply(outcome, trusted=True)
    if s.is_terminal():
        return total + float(s.won)
    return total + max(brute(_applied(s, action), counters, scenario) for action in P.fight_moves(s))


def _applied(s: State, action: Action) -> State:
    child = s.clone()
    child.apply(action, trusted=True)
    return child


CASES = [("t:1", 6, 3), ("t:2", 8, 3), ("t:5", 7, 5)]


@pytest.mark.parametrize(("label", "boss_hp", "hp"), CASES[:2])  # (t:5's plain expectimax takes minutes)
def test_the_fights_value_is_exact(label: str, boss_hp: int, hp: int) -> None:
    s, _, _ = before_last_fight(label, boss_hp, hp)
    assert P.fight_value(s) == pytest.approx(expectimax(s, {}), abs=1e-12)
    assert 0.0 < P.fight_value(s) < 1.0


@pytest.mark.parametrize(("label", "boss_hp", "hp"), CASES)
def test_the_penalty_has_zero_mean_at_every_draw(label: str, boss_hp: int, hp: int) -> None:
    """Sum over the exact table of p * charge is 0 at every draw of the fight a random player
    meets: the condition that keeps the bound valid whatever the player does."""
    s, _, _ = before_last_fight(label, boss_hp, hp)
    rng = random.Random(3)
    met = 0
    for _ in range(20):
        g = s.clone()
        while not g.is_terminal():
            if g.is_chance():
                outcomes = g.chance_outcomes()
                assert sum(float(p) * P.penalty(g, o) for o, p in outcomes) == pytest.approx(0.0, abs=1e-12)
                met += 1
                o = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
                g.apply(o, trusted=True)
            else:
                g.apply(rng.choice(P.fight_moves(g)), trusted=True)
    assert met > 20


@pytest.mark.parametrize(("label", "boss_hp", "hp"), CASES)
def test_no_line_beats_the_fights_fair_value(label: str, boss_hp: int, hp: int) -> None:
    """With the exact fair value as the penalty's V, the best line of every scenario is worth
    exactly the fair value: the foresight inside the fight is worth nothing."""
    s, counters, _ = before_last_fight(label, boss_hp, hp)
    v = P.fight_value(s)
    seen = set()
    for k in range(6):
        scenario = B.Scenario(f"{label}:fight:{k}")
        got = brute(s, counters, scenario)
        assert got == pytest.approx(v, abs=1e-9)
        seen.add(round(B.Relaxed(scenario).perfect_information(s, counters)))
    assert v < 1.0 and 1 in seen  # a scenario the relaxed player wins outright is worth only v here
