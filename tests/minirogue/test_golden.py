"""Golden transcripts of whole seeded games of Mini Rogue (2020), solo and co-op, compared
exactly: every decision, the English text of every event, the record and the result.

At decision number ``step`` the legal action of index ``(step * 7919) % len(legal)`` is taken,
except that the heuristic bot plays when ``bot`` is set (so the games go deep). To regenerate
after an intended change, review the diff::

    SOLOTABLE_REGEN_GOLDEN=1 python -m pytest tests/minirogue/test_golden.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import solotable
from solotable.agents.registry import make_agent

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("SOLOTABLE_REGEN_GOLDEN") == "1"

CASES = {
    "solo_rogue_seed7.json": {"seed": 7, "bot": False, "options": {"character": "rogue"}},
    "solo_mage_bot_seed3.json": {"seed": 3, "bot": True, "options": {"character": "mage", "difficulty": "hard"}},
    "coop_crusader_priestess_bot_seed5.json": {
        "seed": 5, "bot": True, "options": {"character": "crusader", "partner": "priestess"}},
    "coop_rogue_mage_seed11.json": {"seed": 11, "bot": False, "options": {"character": "rogue", "partner": "mage"}},
}  # fmt: skip


def transcript(seed: int, bot: bool, options: dict[str, Any]) -> dict[str, Any]:
    game = solotable.load("minirogue")
    session = solotable.Session("minirogue", seed=seed, options=options)
    agent = make_agent("heuristic", "minirogue")
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    initial = [game.event_text(e, "en") for e in session.events]
    step = 0
    while not session.state.is_terminal():
        legal = session.state.legal_actions()
        seat = session.state.to_move
        action = agent.choose(session.state, rng) if bot else legal[(step * 7919) % len(legal)]
        events = session.play(action)
        steps.append({"seat": seat, "action": str(action), "events": [game.event_text(e, "en") for e in events]})
        step += 1
        assert step < 5000
    return {
        "game": "minirogue",
        "seed": seed,
        "options": options,
        "initial_events": initial,
        "steps": steps,
        "record": list(session.record.actions),
        "result": session.state.result().to_json(),
    }


@pytest.mark.parametrize("name", list(CASES))
def test_golden(name: str) -> None:
    case = CASES[name]
    got = transcript(case["seed"], case["bot"], case["options"])
    path = GOLDEN / name
    if REGEN or not path.exists():
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got == want
    if "partner" in case["options"]:
        assert {s["seat"] for s in got["steps"]} == {0, 1}  # both seats decided
