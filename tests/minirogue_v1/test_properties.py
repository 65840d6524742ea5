"""Property tests: thousands of whole random games of Mini Rogue v1, checked after every step.

Each hypothesis example is one game: ``random.Random(seed)`` picks uniformly among the legal
actions and samples every chance node with ``state.chance_table().sample(rng)``. After every
step the invariants of the rules reference hold (caps R13, Rank/XP §3.2, spells §3.4, areas
§1.3, exact chance tables), illegal actions are refused without a trace, observations are JSON,
clones are independent, and a saved record reloads to the identical observation.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solotable
from solotable import Action, IllegalAction

from .helpers import BOSS_AREAS, LEVEL_OF_AREA, SPELL_NAMES, XP_TO_NEXT, G, obs_json, patient

# The state's fields; ``_events`` is left out: clone() shares that list on purpose (apply replaces
# it, never mutates it), and ``events`` is a read-only Sequence in the protocol.
SLOTS = [n for n in type(G.new_state()).__slots__ if n not in ("game", "_events")]
DEATH_CAUSES = {"monster", "boss", "trap", "starvation"}
CLONE_EVERY = 2  # the expensive checks run every N steps (and at the end)
SAVE_EVERY = 10

# Actions that are legal somewhere in the game; at each decision the first one that is not legal
# there is tried and must be refused.
PROBES = (
    Action("bogus"),
    Action("buy", "potion"),
    Action("take", "trap"),
    Action("feat", 1, "hp"),
    Action("cast", "fire"),
    Action("rest", "hp"),
    Action("leave"),
    Action("d6", 1),
    Action("reveal", "monster"),
)


def check_invariants(s: object, o: dict) -> None:
    c = o["character"]
    d = o["dungeon"]
    # R13: caps and floors
    assert 0 <= c["hp"] <= 20
    assert 0 <= c["armor"] <= 5
    assert 0 <= c["gold"] <= 20
    assert 0 <= c["food"] <= 6
    # §3.2: Rank 1-4, XP below the requirement, 0 at Rank 4
    assert 1 <= c["rank"] <= 4
    if c["rank"] < 4:
        assert 0 <= c["xp"] < XP_TO_NEXT[c["rank"]]
    else:
        assert c["xp"] == 0
    assert c["combat_dice"] == c["rank"]
    # §3.4: at most 2 spells
    assert len(c["spells"]) <= 2 and set(c["spells"]) <= set(SPELL_NAMES)
    # §1.3
    assert 1 <= d["area"] <= 14 and d["level"] == LEVEL_OF_AREA[d["area"]]
    assert d["boss_area"] == (d["area"] in BOSS_AREAS)
    assert 0 <= d["bosses_slain"] <= 5
    assert d["bosses_slain"] <= sum(1 for a in BOSS_AREAS if a <= d["area"])
    # HP 0 iff the game was lost by death (R26)
    over = s.is_terminal()
    assert o["over"] is over
    if over:
        r = s.result()
        assert r.won == o["won"] and r.score == o["score"]
        cause = r.details["cause"]
        if r.won:
            assert cause == "win" and d["area"] == 14 and c["hp"] > 0
        else:
            assert cause in DEATH_CAUSES | {"no_key"}
        assert (c["hp"] == 0) == (not r.won and cause in DEATH_CAUSES)
        assert s.legal_actions() == []
    else:
        assert c["hp"] > 0
    # chance nodes: exact probabilities summing to 1; decisions: a non-empty, duplicate-free list
    if s.is_chance():
        outcomes = s.chance_outcomes()
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len({a for a, _ in outcomes}) == len(outcomes)
        assert s.legal_actions() == []
    elif not over:
        acts = s.legal_actions()
        assert acts and len(set(acts)) == len(acts)
        with pytest.raises(IllegalAction):
            s.chance_table()


def check_illegal_refused(s: object, before: str) -> None:
    if s.is_chance():
        table = s.chance_table()
        probe = next(
            p
            for p in (Action("d6", 7), Action("roll", 9), Action("reveal", "boss"), Action("bogus"))
            if p not in table.actions
        )
    else:
        legal = set(s.legal_actions())
        probe = next(p for p in PROBES if p not in legal)
    events = list(s.events)
    with pytest.raises(IllegalAction):
        s.apply(probe)
    assert obs_json(s) == before
    assert list(s.events) == events


def check_clone_independent(s: object, rng: random.Random) -> None:
    if s.is_terminal():
        return
    before = obs_json(s)
    twin = s.clone()
    assert obs_json(twin) == before
    for _ in range(3):  # play a few steps on the clone only
        if twin.is_terminal():
            break
        twin.apply(twin.chance_table().sample(rng) if twin.is_chance() else rng.choice(twin.legal_actions()))
    assert obs_json(s) == before
    # and change every mutable field of another clone in place: nothing may be shared
    fields = {name: copy.deepcopy(getattr(s, name)) for name in SLOTS}
    twin = s.clone()
    for name in SLOTS:
        value = getattr(twin, name)
        if isinstance(value, list):
            value.append(value[0] if value else 0)
            value.reverse()
    for name in SLOTS:
        assert getattr(s, name) == fields[name], name
    assert obs_json(s) == before


def check_save_load(state0_options: dict, seed: int, actions: list[Action], s: object) -> None:
    record = solotable.Record.start(G.new_state(seed=seed, **state0_options))
    record.actions = [str(a) for a in actions]
    text = record.dumps()
    loaded = solotable.parse_record(text).replay()
    assert obs_json(loaded) == obs_json(s)


def uniform(s: object, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


def run_game(
    seed: int,
    difficulty: str,
    keys: bool,
    *,
    checks: bool,
    policy=uniform,
) -> tuple[list[Action], object]:
    rng = random.Random(seed)
    side = random.Random(seed ^ 0x5EED)  # for the clone probes, so they do not change the game
    options = {"difficulty": difficulty, "keys": keys}
    s = G.new_state(seed=seed, **options)
    actions: list[Action] = []
    step = 0
    while True:
        if checks:
            o = s.observation()
            text = json.dumps(o, sort_keys=True, ensure_ascii=False)  # JSON-serialisable
            check_invariants(s, o)
            if not s.is_terminal():
                check_illegal_refused(s, text)
            if step % CLONE_EVERY == 0:
                check_clone_independent(s, side)
            if step % SAVE_EVERY == 0 and step:
                check_save_load(options, seed, actions, s)
        if s.is_terminal():
            break
        a = s.chance_table().sample(rng) if s.is_chance() else policy(s, rng)
        s.apply(a)
        actions.append(a)
        step += 1
        assert step < 5000, "a game must end"
    if checks:
        check_clone_independent(s, side)
        check_save_load(options, seed, actions, s)
    return actions, s


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    difficulty=st.sampled_from(["casual", "normal", "hard", "impossible"]),
    keys=st.booleans(),
)
def test_random_games_keep_every_invariant(seed: int, difficulty: str, keys: bool) -> None:
    actions, final = run_game(seed, difficulty, keys, checks=True)
    # determinism: the same seed gives the same actions and the same result
    again, final2 = run_game(seed, difficulty, keys, checks=False)
    assert [str(a) for a in again] == [str(a) for a in actions]
    assert final2.result() == final.result()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), keys=st.booleans())
def test_patient_games_reach_the_deep_levels(seed: int, keys: bool) -> None:
    """Uniform random games die early (mostly in Level 1); a patient player reaches Levels 3-5,
    so the same invariants are checked on long games too."""
    actions, _ = run_game(seed, "casual", keys, checks=True, policy=patient)
    again, _ = run_game(seed, "casual", keys, checks=False, policy=patient)
    assert again == actions
