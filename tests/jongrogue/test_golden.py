"""Golden transcripts of whole seeded games of JongRogue EZ and EZ Plus, compared exactly.

A ``solotable.Session`` with a fixed seed plays to the end, taking at decision number ``step``
the legal action of index ``(step * 7919) % len(legal)`` (forced end left out). Any change in
the rules, the tile stream, the events or the English catalogue shows up as a diff. Regenerate
after an intended change and review the diff::

    SOLOTABLE_REGEN_GOLDEN=1 python -m pytest tests/jongrogue/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import solotable

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SOLOTABLE_REGEN_GOLDEN") == "1"
CASES = {
    "ez_seed7.json": {"seed": 7, "options": {"rules": "ez", "continue": "off"}},
    "ez_plus_seed11.json": {"seed": 11, "options": {"rules": "ez-plus", "continue": "off"}},
    "ez_plus_continue_seed3.json": {"seed": 3, "options": {"rules": "ez-plus", "continue": "allowed"}},
    # longer games, played by the heuristic bot (several floors, items, combat)
    "ez_heuristic_seed2.json": {"seed": 2, "options": {"rules": "ez", "continue": "off"}, "agent": "heuristic"},
    "ez_plus_heuristic_seed5.json": {"seed": 5, "options": {"rules": "ez-plus", "continue": "off"},
                                     "agent": "heuristic"},
}


def transcript(seed: int, options: dict[str, Any], agent: str = "") -> dict[str, Any]:
    import random

    from solotable.games.jongrogue.heuristic import make_agent

    bot = make_agent() if agent else None
    rng = random.Random(seed)
    game = solotable.load("jongrogue")
    session = solotable.Session("jongrogue", seed=seed, options=options)
    initial = [game.event_text(e, "en") for e in session.events]
    steps: list[dict[str, Any]] = []
    step = 0
    continues = 0
    while not session.state.is_terminal():
        legal = [a for a in session.state.legal_actions() if a.name != "forced-end"]
        if any(a.name == "continue" for a in legal):
            action = legal[0] if continues < 2 else legal[1]
            continues += 1
        elif bot is not None:
            action = bot.choose(session.state, rng)
        else:
            action = legal[(step * 7919) % len(legal)]
        events = session.play(action)
        steps.append({"action": str(action), "events": [game.event_text(e, "en") for e in events]})
        step += 1
        assert step < 5000
    result = session.state.result()
    return {"game": "jongrogue", "seed": seed, "options": options,
            "policy": agent or "legal[(step * 7919) % len(legal)]", "initial_events": initial, "steps": steps,
            "record": list(session.record.actions) if hasattr(session.record, "actions") else [],
            "result": result.to_json()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    case = CASES[name]
    got = transcript(case["seed"], case["options"], str(case.get("agent", "")))
    path = GOLDEN / name
    if REGEN or not path.exists():
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want
