"""Numeric observations: fixed layout, built from the player's view only."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import solotable
from solotable import CHANCE
from solotable.core.engine import NOT_POSITION, field_names
from solotable.rl.encode import encode, layout, size

from .helpers import SETUPS, random_states

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_vectors_have_the_layout_size_and_finite_values(game_id: str, options: dict[str, object]) -> None:
    n = size(game_id)
    assert len(set(layout(game_id))) == n  # every position has its own name
    for state in random_states(game_id, options, 400, seed=1):
        player = state.to_move or 0
        v = encode(game_id, state.observation(player), player)
        assert v.dtype == np.float32 and v.shape == (n,)
        assert np.isfinite(v).all() and np.abs(v).max() < 100


def _play_until_face_down(seed: int) -> solotable.State:
    """A JongRogue state after a few decisions, with face-down encounter tiles on the table."""
    game = solotable.load("jongrogue")
    rng = random.Random(seed)
    state = game.new_state(seed=seed, rules="ez-plus")
    for _ in range(3):
        while state.to_move == CHANCE:
            state.apply(state.chance_table().sample(rng))
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    while state.to_move == CHANCE:
        state.apply(state.chance_table().sample(rng))
    return state


def _contents(x: object) -> object:
    """A state's contents as nested tuples, whatever objects its copies share (a clone shares
    what it has not changed, so pickles of equal states may differ in their memo); the events
    of the last step are news, not state, and a clone starts without them."""
    if isinstance(x, (list, tuple)):
        return tuple(_contents(v) for v in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _contents(v)) for k, v in x.items()))
    names = [n for n in field_names(type(x)) if n not in NOT_POSITION]  # (compiled: mypyc's attributes)
    if names:
        return (type(x).__name__, *(_contents(getattr(x, n, None)) for n in names))
    return x


def test_face_down_tiles_are_not_in_the_state() -> None:
    """JongRogue draws a face-down encounter tile when it is turned up (JR-P1): a state with tiles
    face down holds nothing of them, so ``resample_hidden`` gives the same state and vector."""
    for seed in range(6):
        state = _play_until_face_down(seed)
        assert any(s["tile"] == "?" for r in state.observation(0)["map"] for s in r["slots"])
        assert _contents(state.clone()) == _contents(state)  # the same state reads the same
        v = encode("jongrogue", state.observation(0))
        for k in range(3):
            other = state.resample_hidden(random.Random(k))
            assert _contents(other) == _contents(state)
            assert np.array_equal(encode("jongrogue", other.observation(0)), v)


@pytest.mark.parametrize("game_id", ["minirogue-v1", "minirogue", "deepspace-d6"])
def test_lazily_drawn_games_have_nothing_face_down(game_id: str) -> None:
    """These games draw a card when it is turned up, so there is no face-down information to
    leak; ``resample_hidden`` gives the same state and the same vector."""
    for state in random_states(game_id, {}, 200, seed=2):
        other = state.resample_hidden(random.Random(1))
        assert np.array_equal(encode(game_id, other.observation(0)), encode(game_id, state.observation(0)))


def test_unknown_value_is_a_clear_error() -> None:
    obs = solotable.load("minirogue-v1").new_state(seed=0).observation(0)
    obs["difficulty"] = "nightmare-plus"
    with pytest.raises(ValueError, match="difficulty: unknown value 'nightmare-plus'"):
        encode("minirogue-v1", obs)


def test_coop_vector_is_written_from_the_seat_asked() -> None:
    """In Mini Rogue co-op, "me" is the seat whose view it is."""
    state = solotable.load("minirogue").new_state(seed=0, character="rogue", partner="mage")
    names = layout("minirogue")
    me = names.index("me character = rogue")
    partner = names.index("partner character = mage")
    v0 = encode("minirogue", state.observation(0), 0)
    v1 = encode("minirogue", state.observation(1), 1)
    assert v0[me] == 1 and v0[partner] == 1
    assert v1[names.index("me character = mage")] == 1 and v1[names.index("partner character = rogue")] == 1


@pytest.mark.parametrize("game_id", ["minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"])
def test_docs_give_the_layout(game_id: str) -> None:
    from solotable.rl.docs import layout_table

    assert layout_table(game_id) in DOCS.read_text(encoding="utf-8")


def test_jongrogue_empty_places_skip_to_the_same_zeros() -> None:
    """The encoder jumps over a room's empty tile places; the layout writer walks them: both
    must give the same positions (a wrong width would shift every later feature)."""
    from solotable.core.features import Writer
    from solotable.rl.catalogue import features

    for state in random_states("jongrogue", {"rules": "ez-plus"}, 60, seed=3):
        obs = state.observation(0)
        fast = encode("jongrogue", obs)
        slow = Writer(np.zeros(size("jongrogue"), dtype=np.float32), names=True)
        features("jongrogue").encode(obs, slow, 0)
        assert slow.pos == size("jongrogue") and np.array_equal(slow.out, fast)


def _heuristic_states(game_id: str, options: dict[str, object], games: int) -> list[solotable.State]:
    """Every decision state and the last state of a few heuristic games (the late game)."""
    from solotable.agents.registry import make_agent

    game = solotable.load(game_id)
    bot = make_agent("heuristic", game_id)
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(seed=seed, **options)
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(rng))
                continue
            out.append(state.clone())
            state.apply(bot.choose(state, rng))
        out.append(state)
    return out


def _blank_row(game_id: str) -> np.ndarray:
    """The row a game's state writer writes over (its ``Features.blank``, else zeros), a copy."""
    from solotable.rl.catalogue import features

    blank = features(game_id).blank
    if blank is None:
        return np.zeros(size(game_id), dtype=np.float32)
    row = np.frombuffer(bytearray(blank), dtype=np.float32)
    assert row.shape == (size(game_id),)
    return row


@pytest.mark.parametrize("options", [{}, {"rules": "ez-plus"}])
def test_jongrogue_writers_of_both_builds_give_the_same_vector(options: dict[str, object]) -> None:
    """JongRogue's two state writers, one per build (``write`` loops by index for the compiled
    build, ``write_py`` writes a float at a time for the interpreter), write the same bytes over
    random and heuristic games, ends included; the build's own is the one the game declares."""
    from solotable.games.jongrogue import features as jf

    assert jf.FEATURES.write is (jf.write if jf._COMPILED else jf.write_py)
    states = [*random_states("jongrogue", options, 1500, seed=5), *_heuristic_states("jongrogue", options, 3)]
    for state in states:
        player = state.to_move if state.to_move is not None and state.to_move >= 0 else 0
        compiled_path, interpreted = _blank_row("jongrogue"), _blank_row("jongrogue")
        jf.write(state, player, memoryview(compiled_path))
        jf.write_py(state, player, memoryview(interpreted))
        assert compiled_path.tobytes() == interpreted.tobytes(), [
            layout("jongrogue")[i] for i in np.flatnonzero(compiled_path != interpreted)]
    assert any(s.is_terminal() for s in states)


@pytest.mark.parametrize(("game_id", "options"), [*SETUPS, ("minirogue", {"difficulty": "normal"}),
                                                  ("deepspace-d6", {"difficulty": "beginner"})])
def test_state_writer_gives_the_encoders_vector(game_id: str, options: dict[str, object]) -> None:
    """The fast path (features written straight from the state) writes exactly the vector of the
    observation's encoder, over random and heuristic games, ends included."""
    from solotable.rl.catalogue import features

    write = features(game_id).write
    if write is None:
        pytest.skip(f"{game_id} encodes its observation")
    states = [*random_states(game_id, options, 1500, seed=4),
              *_heuristic_states(game_id, options, {"jongrogue": 3, "minirogue": 30}.get(game_id, 12))]
    # minirogue: 30 games, since its heuristic wins about 1 in 9 since the third die moved to 18 XP
    for state in states:
        player = state.to_move if state.to_move is not None and state.to_move >= 0 else 0
        fast = _blank_row(game_id)  # (what the environments set the row to before writing)
        write(state, player, memoryview(fast))
        expect = encode(game_id, state.observation(player), player)
        assert np.array_equal(fast, expect), [layout(game_id)[i] for i in np.flatnonzero(fast != expect)]
    assert any(s.is_terminal() and s.result().won for s in states)  # the late game was reached
