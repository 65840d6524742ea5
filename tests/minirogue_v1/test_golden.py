"""Golden transcripts of whole seeded games of Mini Rogue v1, compared exactly.

A ``solotable.Session`` with a fixed seed plays to the end, taking at decision number ``step``
(0-based) the legal action of index ``(step * 7919) % len(legal)``. The transcript holds every
decision, the English text of every event after every step, the full record (chance outcomes
included) and the final result. Any change in the rules, the dice stream of the session, the
event messages or the English catalogue shows up here as a diff.

When a change is intended, regenerate the files and review the diff before committing::

    SOLOTABLE_REGEN_GOLDEN=1 python -m pytest tests/minirogue_v1/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from support import check_golden, check_record_replays

import solotable

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SOLOTABLE_REGEN_GOLDEN") == "1"

CASES = {
    "normal_seed7.json": {"seed": 7, "options": {"difficulty": "normal"}},
    "hard_keys_seed11.json": {"seed": 11, "options": {"difficulty": "hard", "keys": True}},
    # seed 7 dies in the first room; this one crosses two levels (33 decisions, area 4)
    "casual_seed55.json": {"seed": 55, "options": {"difficulty": "casual"}},
    # the Labyrinth keys variant at the doors: a key used (seed 7), no key at the door (seed 15)
    "casual_keys_seed7.json": {"seed": 7, "options": {"difficulty": "casual", "keys": True}},
    "casual_keys_seed15.json": {"seed": 15, "options": {"difficulty": "casual", "keys": True}},
}


def transcript(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    game = solotable.load("minirogue-v1")
    session = solotable.Session("minirogue-v1", seed=seed, options=options)
    steps: list[dict[str, Any]] = []
    initial = [game.event_text(e, "en") for e in session.events]
    step = 0
    while not session.state.is_terminal():
        legal = session.state.legal_actions()
        action = legal[(step * 7919) % len(legal)]
        events = session.play(action)
        steps.append({"action": str(action), "events": [game.event_text(e, "en") for e in events]})
        step += 1
        assert step < 2000
    result = session.state.result()
    return {
        "game": "minirogue-v1",
        "seed": seed,
        "options": options,
        "policy": "legal[(step * 7919) % len(legal)]",
        "initial_events": initial,
        "steps": steps,
        "record": list(session.record.actions),
        "result": result.to_json(),
    }


@pytest.mark.parametrize("name", list(CASES))
def test_golden_transcript(name: str) -> None:
    case = CASES[name]
    check_golden(GOLDEN / name, transcript(case["seed"], case["options"]), REGEN)


@pytest.mark.parametrize("name", list(CASES))
def test_golden_record_replays(name: str) -> None:
    """The stored record alone rebuilds the final state (the save format is stable too)."""
    check_record_replays("minirogue-v1", GOLDEN / name)
