"""Property tests: thousands of whole random games, solo and co-op, checked after every step.

Each hypothesis example is one game: ``random.Random(seed)`` picks uniformly among the legal
actions and samples every chance node. After every step the caps (D2, D1), the dice count
(§5.2), the potion rule (§6.3) and the positions (§3.2) hold; chance tables are exact; an illegal
action is refused with the state unchanged; observations are JSON; clones are independent; a
record saved and reloaded replays to the same observation; the game is deterministic.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solotable
from solotable import Action, IllegalAction
from solotable.core.record import Record, parse_record

from .helpers import G

CHARS = ("rogue", "priestess", "crusader", "mage")
PROBE = Action("bogus")


def invariants(s: object) -> None:
    o = s.observation()  # type: ignore[attr-defined]
    json.dumps(o)
    d = s.data  # type: ignore[attr-defined]
    for h in o["heroes"]:
        assert 0 <= h["hp"] <= d.caps.hp
        assert 0 <= h["armor"] <= d.caps.armor
        assert 0 <= h["gold"] <= d.caps.gold and 0 <= h["food"] <= d.caps.food
        assert 0 <= h["xp"] <= d.xp_cap
        assert h["dice"] == 1 + (h["xp"] >= 6) + (h["xp"] >= 12)
        assert len(h["potions"]) <= 2 and len(set(h["potions"])) == len(h["potions"])
        assert 1 <= h["pos"][0] <= 3 and 1 <= h["pos"][1] <= 3
    assert 1 <= o["area"] <= 10
    if o["combat"]:
        assert 0 <= o["combat"]["hp"] <= o["combat"]["max_hp"]
    if s.is_chance():  # type: ignore[attr-defined]
        assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)  # type: ignore[attr-defined]
    elif not s.is_terminal():  # type: ignore[attr-defined]
        assert s.legal_actions() and s.to_move in range(o["players"])  # type: ignore[attr-defined]


def run(seed: int, coop: bool) -> None:
    rng = random.Random(seed)
    char = CHARS[seed % 4]
    opts = {"character": char, "difficulty": ("normal", "hard", "harder", "roguelike")[seed // 4 % 4]}
    if coop:
        opts["partner"] = CHARS[(seed + 1 + seed // 16 % 3) % 4]
    s = G.new_state(seed=seed, **opts)
    record = Record.start(s)
    twin = G.new_state(seed=seed, **opts)
    step = 0
    while not s.is_terminal():
        if s.is_chance():
            a = s.chance_table().sample(rng)
        else:
            legal = s.legal_actions()
            if PROBE not in legal and step % 5 == 0:
                before = json.dumps(s.observation(), sort_keys=True)
                try:
                    s.apply(PROBE)
                    raise AssertionError("an illegal action was accepted")
                except IllegalAction:
                    assert json.dumps(s.observation(), sort_keys=True) == before
            a = legal[int(rng.random() * len(legal))]
        if step % 7 == 0:
            c = s.clone()
            before = json.dumps(s.observation(), sort_keys=True)
            c.apply(a)
            assert json.dumps(s.observation(), sort_keys=True) == before  # clone independence
        s.apply(a)
        twin.apply(a)
        record.actions.append(str(a))
        invariants(s)
        step += 1
        assert step < 20000
    assert json.dumps(twin.observation(), sort_keys=True) == json.dumps(s.observation(), sort_keys=True)
    r = s.result()
    assert r.won == (r.details["cause"] == "win")
    if seed % 10 == 0:  # save -> load -> the identical observation
        again = parse_record(record.dumps()).replay()
        assert json.dumps(again.observation(), sort_keys=True) == json.dumps(s.observation(), sort_keys=True)


COMMON = settings(max_examples=1000, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


@COMMON
@given(st.integers(min_value=0, max_value=10**9))
def test_random_solo_games(seed: int) -> None:
    run(seed, coop=False)


@COMMON
@given(st.integers(min_value=0, max_value=10**9))
def test_random_coop_games(seed: int) -> None:
    run(seed, coop=True)


def test_saved_record_reloads_to_the_same_observation() -> None:
    for seed in range(30):
        session = solotable.Session(
            "minirogue", seed=seed, options={"character": CHARS[seed % 4], "partner": CHARS[(seed + 1) % 4]}
        )
        rng = random.Random(seed)
        while not session.state.is_terminal():
            legal = session.state.legal_actions()
            session.play(legal[int(rng.random() * len(legal))])
            if rng.random() < 0.02:
                break
        text = session.record.dumps()
        again = parse_record(text).replay()
        assert json.dumps(again.observation(), sort_keys=True) == json.dumps(
            session.state.observation(), sort_keys=True
        )
