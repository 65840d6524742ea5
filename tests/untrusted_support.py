"""Positions of every game for the tests of untrusted input (typed lines, actions, records)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache

from solotable.core.protocol import Action, State
from solotable.core.registry import game_ids
from solotable.core.session import Session

GAMES = tuple(g for g in game_ids() if not g.startswith("toy"))
"""The real games (the tests' own toy games register themselves too)."""


def play_randomly(game: str, seed: int, *, physical: bool, steps: int) -> Session:
    """A session of ``game`` after up to ``steps`` random steps (chance outcomes picked at
    random too in physical-dice mode)."""
    session = Session(game, seed=seed, physical_dice=physical)
    rng = random.Random(seed)
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            break
        choices = list(state.chance_table().actions) if session.waiting_for_chance else state.legal_actions()
        session.play(rng.choice(choices))
    return session


@cache
def positions(game: str, *, physical: bool, count: int = 6) -> tuple[Session, ...]:
    """``count`` sessions of ``game`` at different points of different games (kept: read only)."""
    return tuple(play_randomly(game, seed, physical=physical, steps=7 * seed) for seed in range(count))


def fingerprint(state: State) -> str:
    """Everything a player can see of ``state``, and what it offers (equal before and after a
    refused input: nothing changed)."""
    choices = [str(a) for a in state.chance_table().actions] if state.is_chance() else [
        str(a) for a in state.legal_actions()
    ]
    return json.dumps([state.observation(), state.to_move, choices], sort_keys=True, default=repr)


def offered(state: State) -> list[Action]:
    return list(state.chance_table().actions) if state.is_chance() else state.legal_actions()


def chance_positions(game: str, limit: int = 4) -> Iterator[Session]:
    """Physical-dice sessions waiting for the player's dice or cards."""
    found = 0
    for seed in range(40):
        session = play_randomly(game, seed, physical=True, steps=3 * seed)
        if session.waiting_for_chance:
            yield session
            found += 1
            if found >= limit:
                return
