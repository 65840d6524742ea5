"""Events are made when read: the same events as made at once, and nothing recorded with them off.

A step's events are kept raw (``state.recorded``: ``(kind, *values)`` or ``(key, parameters)``) and
made into :class:`Event` objects only when ``state.events`` is read. That is the same as making them
at once only if nothing recorded changes between the step and the read: every value is immutable.
Hot code appends to ``state.recorded`` itself behind ``if state.log``, so with events off a
forgotten test would record anyway: these tests play every game both ways."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from test_engine import CHOOSE, Line

from solotable.core.engine import EventKind, Raw, StepState, _event
from solotable.core.native import compiled
from solotable.core.protocol import CHANCE, Action, Event, State
from solotable.core.registry import load

GAMES = ("minirogue-v1", "minirogue", "deepspace-d6", "jongrogue")
MAX_STEPS = 600
ENDERS = ("forced-end", "gameover")
"""Actions that end a game at once: left out while another is legal (deeper games)."""


class Eager(list[Raw]):
    """A step's ``recorded`` list that makes each event as it is recorded (its values copied then),
    to compare with the events made when read. ``apply`` keeps an empty list as the step's own."""

    def __init__(self) -> None:
        super().__init__()
        self.made: list[Event] = []

    def append(self, raw: Raw) -> None:
        super().append(raw)
        self.made.append(copy.deepcopy(_event(raw)))


def _plain(value: Any) -> bool:
    return type(value) in (str, int)


def _check_raw(raw: Raw) -> None:
    """Every value recorded is a string or an int (immutable: made later, it reads the same)."""
    head = raw[0]
    if isinstance(head, str):  # emit
        assert len(raw) == 2 and type(raw[1]) is dict, raw
        values = list(raw[1].values())
    elif isinstance(head, EventKind):  # appended by the rules
        assert len(raw) == 1 + len(head.names), raw  # the kind's values, all of them
        values = list(raw[1:])
    else:  # record
        assert len(raw) == 2 and type(head) is tuple and isinstance(raw[1], EventKind), raw
        assert len(head) == len(raw[1].names), raw
        values = list(head)
    assert all(_plain(v) for v in values), raw


def _play(game_id: str, seed: int, events: bool, each: Any) -> None:
    """A random game of ``game_id`` (no action that ends it at once while another is legal);
    ``each(state, before)`` before every step (``before``) and after it."""
    game = load(game_id)
    rng = random.Random(seed)
    state: State = game.new_state(seed=seed)
    state.set_events(events)
    assert isinstance(state, StepState)
    each(state, False)
    for _ in range(MAX_STEPS):
        if state.to_move is None:
            return
        each(state, True)
        if state.to_move == CHANCE:
            state.apply(state.chance_table().sample(rng))
        else:
            legal = state.legal_actions()
            going_on = [a for a in legal if a.name not in ENDERS]
            state.apply(rng.choice(going_on or legal))
        each(state, False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_events_read_are_the_events_recorded(game_id: str) -> None:
    """After every step of random games, the events read are those made as each was recorded
    (pure Python: compiled rules append to the list without calling a subclass's ``append``), and
    every value recorded is immutable (both builds)."""
    steps = 0

    def each(state: StepState, before: bool) -> None:
        nonlocal steps
        if before:
            if not compiled():
                state.recorded = Eager()
            return
        steps += 1
        for raw in state.recorded:
            _check_raw(raw)
        read = list(state.events)
        assert len(read) == len(state.recorded)
        recorded = state.recorded
        if isinstance(recorded, Eager):
            assert read == recorded.made
        assert state.events is state.events  # made once, kept until the next step

    for seed in range(30):
        _play(game_id, seed, True, each)
    assert steps > 500


@pytest.mark.parametrize("game_id", GAMES)
def test_nothing_is_recorded_with_events_off(game_id: str) -> None:
    """With events off nothing is recorded: every append in the rules is behind ``state.log``."""

    def each(state: StepState, before: bool) -> None:
        assert state.recorded == [] and list(state.events) == []

    for seed in range(30):
        _play(game_id, seed, False, each)


def test_a_value_changed_after_it_was_recorded_is_caught() -> None:
    """The checks above fail on a rule that records a list and changes it later in the step (the
    lazily made event would show the list as it ends, not as it was)."""
    kind = EventKind("toy.hand", "hand")

    def deal(state: Line, action: Action) -> None:
        hand = [1, 2]
        if state.log:
            state.recorded.append((kind, hand))
        hand.append(3)
        state.finish()

    def ask_deal(state: Line) -> None:
        state.ask(CHOOSE, deal)

    s = Line((ask_deal, ()))
    s.recorded = Eager()
    s.apply(s.legal_actions()[0])
    with pytest.raises(AssertionError):
        _check_raw(s.recorded[-1])
    recorded = s.recorded
    assert isinstance(recorded, Eager)  # (an empty list is the step's own: ``apply`` keeps it)
    made: list[Any] = [dict(e.params) for e in recorded.made]
    read: list[Any] = [dict(e.params) for e in s.events]
    assert made == [{"hand": [1, 2]}] and read == [{"hand": [1, 2, 3]}]
