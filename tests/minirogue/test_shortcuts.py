"""The speed shortcuts of the rules agree with what they stand for: a kept card table is the table
built anew for its seen set (MR-P1), and a solo window's one-seat loop leaves the state as the
general loop does (D32)."""

from __future__ import annotations

import random
from typing import Any

import solotable
from solotable.agents.walk import decision_states
from solotable.core.chance import ChanceTable
from solotable.core.engine import RUNNING
from solotable.core.protocol import CHANCE
from solotable.games.minirogue.rules import tables, windows

G = solotable.load("minirogue")


def test_a_kept_card_table_is_the_table_of_its_seen_set() -> None:
    rng = random.Random(3)
    for _ in range(300):
        seen = rng.getrandbits(len(tables.CARD_ACTIONS) - 1)
        kept = tables.card_table(seen)
        fresh = ChanceTable.uniform(tables._LOW[seen & 1023] + tables._HIGH[seen >> tables._HALF])
        assert kept.actions == fresh.actions and kept.weights == fresh.weights
        assert all(kept.sample_float(u / 97) is fresh.sample_float(u / 97) for u in range(97))


def _general_window(s: Any, seats: tuple[int, ...], when: str) -> None:
    s.win = list(seats)
    s.win_when = when
    s.win_turn = 0
    s.win_done = 0
    windows.open_window(s)


FIELDS = ("win", "win_when", "win_turn", "win_done", "actor", "phase")


def _compare_windows(s: Any, counts: dict[bool, int]) -> None:
    """At a decision outside a window, each kind of solo window opened by its own loop and by the
    general one leaves the same state; ``counts`` tallies whether the window asked or passed."""
    if s.to_move == CHANCE or s.phase.name == "window":
        return
    for when in windows.WHEN:
        a, b = s.clone(), s.clone()
        for t in (a, b):
            t.phase = RUNNING
        windows.window(a, (0,), when)
        _general_window(b, (0,), when)
        assert [getattr(a, f) for f in FIELDS] == [getattr(b, f) for f in FIELDS]
        assert [fn for fn, _ in a.stack] == [fn for fn, _ in b.stack]
        counts[a.phase is windows.WINDOW] += 1


def test_a_solo_window_is_the_general_loop_for_one_seat() -> None:
    rng = random.Random(5)
    counts = {True: 0, False: 0}
    for seed in range(40):
        s: Any = G.new_state(seed=seed)
        while s.to_move is not None:
            _compare_windows(s, counts)
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert counts[True] and counts[False]  # asked and passed


def test_a_solo_window_is_the_general_loop_through_the_heuristics_games_to_the_end() -> None:
    counts = {True: 0, False: 0}
    wins = 0
    for seed in range(30):
        s: Any = None
        for s in decision_states("minirogue", "heuristic", seed):
            _compare_windows(s, counts)
        wins += bool(s.won)  # the walk plays on the state it yields: it ends over
    assert counts[True] and counts[False]
    assert wins  # the last boss beaten: every floor's windows met
