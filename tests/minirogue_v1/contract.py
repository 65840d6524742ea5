"""Mini Rogue v1's part of the contract tests (tests/test_contract.py runs them): the options its
random games draw from, the invariants of its rules reference checked after every step, the
easiest setting its bots win on, and the late-game states they must reach."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from solotable.core.protocol import State
from solotable.games.minirogue_v1.state import FOE_BOSS

from .helpers import BOSS_AREAS, LEVEL_OF_AREA, SPELL_NAMES, XP_TO_NEXT

OPTIONS = st.fixed_dictionaries({
    "difficulty": st.sampled_from(["casual", "normal", "hard", "impossible"]),
    "keys": st.booleans(),
})  # fmt: skip
RANDOM_GAMES = 2400
"""Uniform random games die early (mostly in Level 1); the bots' games go to Level 5."""
BOT_OPTIONS: tuple[dict[str, object], ...] = ({"difficulty": "casual"}, {"difficulty": "casual", "keys": True})
SEARCH_SEED = 0
"""The search bot's one game (its budget is small: it need not win)."""
LATE = frozenset({"level 5", "area 14", "final boss", "won"})
DEATH_CAUSES = {"monster", "boss", "trap", "starvation"}


def invariants(s: State, o: dict[str, Any]) -> None:
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
    else:
        assert c["hp"] > 0


def late(s: Any, o: dict[str, Any]) -> set[str]:
    """The late-game states this position is in."""
    out = set()
    if s.area >= 11:
        out.add("level 5")
    if s.area == 14:
        out.add("area 14")
        if s.foe == FOE_BOSS:
            out.add("final boss")
    if o["over"] and o["won"]:
        out.add("won")
    return out
