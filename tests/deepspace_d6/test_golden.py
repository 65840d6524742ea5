"""Golden transcripts of whole seeded games of Deep Space D-6, compared exactly.

A ``solotable.Session`` with a fixed seed plays to the end, taking at decision number ``step``
(0-based) the legal action of index ``(step * 7919) % len(legal)``. The transcript holds every
decision, the English text of every event after every step, the full record (chance outcomes
included) and the final result. Any change in the rules, the dice stream of the session, the
event messages or the English catalogue shows up here as a diff.

When a change is intended, regenerate the files and review the diff before committing::

    SOLOTABLE_REGEN_GOLDEN=1 python -m pytest tests/deepspace_d6/test_golden.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from support import check_golden, check_record_replays

import solotable
from solotable.agents.registry import make_agent

BOT = make_agent("heuristic", "deepspace-d6")
INDEX_POLICY = "legal[(step * 7919) % len(legal)]"

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SOLOTABLE_REGEN_GOLDEN") == "1"

CASES = {
    "beginner_seed7.json": {"seed": 7, "options": {"difficulty": "beginner"}},
    "hard_quick_seed11.json": {"seed": 11, "options": {"difficulty": "hard", "length": "quick"}},
    "normal_short_seed3.json": {"seed": 3, "options": {"difficulty": "normal", "length": "short"}},
    # the heuristic bot plays a whole game to the rescue fleet
    "beginner_heuristic_seed1.json": {"seed": 1, "options": {"difficulty": "beginner"}, "policy": "heuristic"},
}


def transcript(seed: int, options: dict[str, Any], policy: str = "index") -> dict[str, Any]:
    game = solotable.load("deepspace-d6")
    session = solotable.Session("deepspace-d6", seed=seed, options=options)
    steps: list[dict[str, Any]] = []
    initial = [game.event_text(e, "en") for e in session.events]
    step = 0
    rng = random.Random(seed)
    while not session.state.is_terminal():
        legal = session.state.legal_actions()
        action = BOT.choose(session.state, rng) if policy == "heuristic" else legal[(step * 7919) % len(legal)]
        events = session.play(action)
        steps.append({"action": str(action), "events": [game.event_text(e, "en") for e in events]})
        step += 1
        assert step < 2000
    result = session.state.result()
    return {
        "game": "deepspace-d6",
        "seed": seed,
        "options": options,
        "policy": "heuristic bot, random.Random(seed)" if policy == "heuristic" else INDEX_POLICY,
        "initial_events": initial,
        "steps": steps,
        "record": list(session.record.actions),
        "result": result.to_json(),
    }


@pytest.mark.parametrize("name", list(CASES))
def test_golden_transcript(name: str) -> None:
    case = CASES[name]
    check_golden(GOLDEN / name, transcript(case["seed"], case["options"], case.get("policy", "index")), REGEN)


@pytest.mark.parametrize("name", list(CASES))
def test_golden_record_replays(name: str) -> None:
    """The stored record alone rebuilds the final state (the save format is stable too)."""
    check_record_replays("deepspace-d6", GOLDEN / name)
