"""Records: a co-op game played by two bots runs to the end and replays identically, also in a
new process; a corrupt record is refused with a localized error."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import solotable
from solotable.agents.registry import make_agent
from solotable.core.record import RecordError, load_record, parse_record
from solotable.sim.runner import play_game

from .helpers import G


def bot_game(seed: int, options: dict[str, str]) -> solotable.Session:
    session = solotable.Session("minirogue", seed=seed, options=options)
    bots = [make_agent("heuristic", "minirogue"), make_agent("random", "minirogue")]
    rng = random.Random(seed)
    seats: set[int] = set()
    while not session.state.is_terminal():
        seat = session.state.to_move
        assert seat in (0, 1)
        seats.add(seat)
        session.play(bots[seat].choose(session.state, rng) if seed % 2 else bots[0].choose(session.state, rng))
    assert seats == {0, 1}
    return session


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_coop_bot_game_replays_identically(seed: int, tmp_path: Path) -> None:
    session = bot_game(seed, {"character": "mage", "partner": "crusader", "difficulty": "hard"})
    path = tmp_path / "coop.json"
    session.save(path)
    replayed = load_record(path).replay()
    assert json.dumps(replayed.observation(), sort_keys=True) == json.dumps(session.state.observation(), sort_keys=True)
    assert replayed.result() == session.state.result()
    code = (
        "import json, sys\nfrom solotable.core.record import load_record\n"
        "print(json.dumps(load_record(sys.argv[1]).replay().observation(), sort_keys=True))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True).stdout
    assert out.strip() == json.dumps(session.state.observation(), sort_keys=True)


def test_sim_runner_plays_both_seats() -> None:
    game = solotable.load("minirogue")
    agent = make_agent("heuristic", "minirogue")
    r1 = play_game(game, agent, {"character": "rogue", "partner": "priestess"}, 1, 0)
    r2 = play_game(game, agent, {"character": "rogue", "partner": "priestess"}, 1, 0)
    assert r1 == r2 and "hp2" in r1.details


def test_corrupt_records_are_refused() -> None:
    session = solotable.Session("minirogue", seed=1, options={"character": "rogue"})
    data = json.loads(session.record.dumps())
    data["actions"] = ["card:NOPE"]
    with pytest.raises(RecordError):
        parse_record(json.dumps(data)).replay()
    data["actions"] = []
    data["options"]["cards_data"] = '{"caps": {"hp": "x"}}'
    with pytest.raises(RecordError):
        parse_record(json.dumps(data)).replay()


def test_physical_dice_notation() -> None:
    """Loose typing of dice (MR-P3): white dice in any order, the black die, p/c flags."""
    s = G.new_state(character="rogue")
    assert str(G.parse_action(s, "mon-a")) == "card:MON-A"
    G.parse_action(s, "mon-a")
    s.apply(G.parse_action(s, "MON-A"))
    s.heroes[0].xp = 6
    s.heroes[0].poison = True
    s.apply(G.parse_action(s, "pass"))
    assert str(G.parse_action(s, "6 x 3 p")) == "roll:x6,3,p1"
    assert str(G.parse_action(s, "1 6 3 -")) == "roll:x6,3,p0"
