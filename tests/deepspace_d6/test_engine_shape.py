"""Deep Space D-6 on the engine every game uses (issue 14): phases for every decision and draw,
the rules split by the rulebook's chapters, typed data with line-numbered errors, the hot path
(trusted actions, events off) playing the very same games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import solotable.games.deepspace_d6 as pkg
from solotable.core.data import DataError
from solotable.core.engine import Phase
from solotable.games.deepspace_d6 import heuristic
from solotable.games.deepspace_d6.data import parse
from solotable.games.deepspace_d6.observation import PHASE_NAMES
from solotable.games.deepspace_d6.rules import crew, missions, round_end, setup, stations, threats

from .helpers import G

SRC = Path(pkg.__file__).parent
CHAPTERS = (setup, crew, stations, missions, threats, round_end)


def test_every_phase_is_named_and_the_observation_knows_it() -> None:
    phases = [v for m in CHAPTERS for v in vars(m).values() if isinstance(v, Phase)]
    names = {p.name for p in phases}
    assert len(names) == len(phases) == 9
    assert names | {"over"} == set(PHASE_NAMES)
    assert {p.name for p in phases if p.chance} == {"roll", "reroll", "draw", "threat"}
    assert all(p.decision for p in phases if not p.chance)


def test_no_module_over_800_lines() -> None:
    sizes = {p.relative_to(SRC).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in SRC.rglob("*.py")}
    assert {"rules/crew.py", "rules/threats.py", "state.py", "data.py"} <= set(sizes)
    assert max(sizes.values()) <= 800, sizes


@pytest.mark.parametrize(
    ("old", "new", "line_of"),
    [
        ("activation = [4, 5]", "activation = [4, 7]", "[card.e1]"),  # the card's own check: its header
        ('effect = "bomber"', 'effect = "bombers"', 'effect = "bombers"'),
        ("hull = 8", 'hull = "8"', 'hull = "8"'),
        ("copies = 2", "copies = 2\nhealthy = 3", "healthy = 3"),
    ],
)
def test_a_mistake_in_the_card_data_names_its_line(old: str, new: str, line_of: str) -> None:
    text = (SRC / "cards.toml").read_text(encoding="utf-8")
    assert parse(text).cards[0].id == "e1"
    broken = text.replace(old, new, 1)
    with pytest.raises(DataError) as exc:
        parse(broken)
    line = broken.splitlines().index(line_of.splitlines()[-1]) + 1
    assert f"cards.toml, line {line}" in str(exc.value.params["where"])


def test_trusted_actions_with_events_off_play_the_same_games() -> None:
    for seed in range(40):
        played = []
        for fast in (False, True):
            rng = random.Random(seed)
            s = G.new_state(seed=seed, difficulty="normal")
            s.set_events(not fast)
            actions = []
            while not s.is_terminal():
                a = s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions())
                s.apply(a, trusted=fast)
                actions.append(str(a))
                if fast:
                    assert list(s.events) == []
            played.append((actions, s.result()))
        assert played[0] == played[1]


def test_the_bot_reads_the_state_never_the_events() -> None:
    assert ".events" not in Path(heuristic.__file__).read_text(encoding="utf-8")
