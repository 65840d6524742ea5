"""benchmarks/minirogue_v1_pimc.py: the perfect-information Monte Carlo policy chooses legal moves
from its own generator alone, and the measurement's paired statistics add up."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solotable.core.engine import field_names
from solotable.core.registry import load
from solotable.games.minirogue_v1.heuristic import make_agent

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("minirogue_v1_pimc", BENCHMARKS / "minirogue_v1_pimc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


P = _load()


def late_decisions(seed: int, count: int) -> list[Any]:
    """Decision positions with several moves from area 9 on, in a heuristic game (small searches)."""
    state: Any = load("minirogue-v1").new_state(seed=None, difficulty="casual")
    state.set_events(False)
    chance, rng, heuristic = random.Random(seed), random.Random(seed + 1), make_agent()
    found: list[Any] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance():
            state.apply(state.chance_table().sample(chance), trusted=True)
            continue
        if state.area >= 9 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(heuristic.choose(state, rng), trusted=True)
    return found


def test_choices_are_legal_and_depend_on_the_agents_generator_only() -> None:
    positions = [s for seed in range(40) for s in late_decisions(seed, 2)][:6]
    assert len(positions) >= 3
    agent = P.PIMCAgent(samples=3, budget=300)
    for state in positions:
        before = state.clone()
        first = agent.choose(state, random.Random(5))
        assert first in state.legal_actions()
        assert agent.choose(state.clone(), random.Random(5)) == first  # the same futures, the same choice
        # the state is left as it was: every field but the engine's caches
        for name in field_names(type(state)):
            if name not in ("_built", "_legal", "_events", "log", "table"):
                assert getattr(state, name) == getattr(before, name), name


def test_mcnemar_is_the_exact_binomial_test() -> None:
    assert P.mcnemar(0, 0) == 1.0
    assert P.mcnemar(5, 15) == pytest.approx(0.04138946533203125)  # 2 * P(Bin(20, 1/2) <= 5)
    assert P.mcnemar(15, 5) == P.mcnemar(5, 15)
    assert P.mcnemar(10, 10) == 1.0


def test_summaries_pair_games_across_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "one.log"
    two = tmp_path / "two.log"
    one.write_text(
        "game 0: a won (9 decisions), b lost (5 decisions); CPU 1 s\n"
        "game 1: a lost (9 decisions), b lost (5 decisions); CPU 2 s\n"
        "game 2: a won (9 decisions), b won (5 decisions); CPU 3 s\n"
    )
    two.write_text("game 0: c won (9 decisions); CPU 1 s\ngame 2: c lost (9 decisions); CPU 2 s\n")
    P.summarize([str(one), str(two)])
    out = capsys.readouterr().out
    assert "2 games played by all of a, b, c (indices 0..2)" in out
    assert "a: 2/2 = 100.00%" in out and "b: 1/2 = 50.00%" in out and "c: 1/2 = 50.00%" in out
    assert "a vs b: both won 1, only a 1, only b 0, neither 0" in out
