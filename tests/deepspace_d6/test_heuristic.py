"""The heuristic bot plays legal, sensible moves: it frees the Infirmary, empties the
scanners before a third Threat die, kills what it can, holds fire on a Meteoroid that would
blow the ship up, and wins games the random bot never wins."""

from __future__ import annotations

import random

from solotable.agents.registry import agent_names, make_agent

from .helpers import G, move, new, play, set_health

BOT = make_agent("heuristic", "deepspace-d6")


def choose(s) -> str:
    return str(BOT.choose(s, random.Random(0)))


def test_registered() -> None:
    assert {"heuristic", "random"} <= set(agent_names("deepspace-d6"))


def test_frees_a_full_infirmary_first() -> None:
    s = new("e1", faces="med tac tac sci eng eng")
    move(s, 5, "infirmary")
    move(s, 6, "infirmary")
    assert choose(s) == "free"


def test_empties_scanners_before_the_third_threat_die() -> None:
    s = new("e1", faces="thr thr med tac sci eng")
    assert choose(s) == "release"


def test_kills_the_most_dangerous_threat_it_can() -> None:
    s = new("e9", "e11", faces="tac med sci eng eng eng")
    set_health(s, "e11", 1)  # the Flagship (3 damage on 4-6) at health 1, the Drone (1 on 2, 4, 6)
    play(s, "fire:1")
    assert choose(s) == "hit:e11"


def test_holds_fire_on_a_meteoroid_that_would_sink_the_ship() -> None:
    s = new("e16", faces="tac med sci eng eng eng", hull=3, shields=0)
    set_health(s, "e16", 1)
    play(s, "fire:1")
    assert choose(s) == "stop"


def test_wins_where_the_random_bot_does_not() -> None:
    wins = 0
    for seed in range(150):
        rng = random.Random(seed)
        s = G.new_state(seed=seed, difficulty="beginner")
        while not s.is_terminal():
            s.apply(s.chance_table().sample(rng) if s.is_chance() else BOT.choose(s, rng))
        wins += s.result().won
    assert wins >= 10
