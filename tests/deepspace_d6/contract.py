"""Deep Space D-6's part of the contract tests (tests/test_contract.py runs them): the options its
random games draw from, the invariants of its rules reference after every step (tracks and caps
R35, every die in exactly one place §3.2, scanners below three at a decision R18, the deck
conserved §2.3), the setting its bots win on, and the late-game states they must reach."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

OPTIONS = st.fixed_dictionaries({
    "difficulty": st.sampled_from(["beginner", "easy", "normal", "hard"]),
    "dont_panic": st.sampled_from(["preset", "preset", "0", "2", "6"]),
    "length": st.sampled_from(["full", "short", "quick"]),
})  # fmt: skip
RANDOM_GAMES = 2000
BOT_OPTIONS: tuple[dict[str, object], ...] = ({"difficulty": "beginner"}, {"difficulty": "beginner", "length": "quick"})
SEARCH_SEED = 0
"""The search bot's one game (its budget is small: it need not win)."""
LATE = frozenset({"deck empty", "won"})
PLACES = {"pool", "unassigned", "scanners", "station", "stasis", "mission", "distracted", "returned", "infirmary"}


def invariants(s: Any, o: dict[str, Any]) -> None:
    assert 0 <= o["hull"] <= 8 and 0 <= o["shields"] <= 4  # R35
    if o["shields_offline"]:
        assert o["shields"] == 0  # R4
    dice = o["dice"]
    assert len(dice) == 6 and {d["where"] for d in dice} <= PLACES
    for d in dice:
        if d["where"] == "pool":  # R37
            assert d["face"] is None
        elif d["face"] is None:  # a pool die Distracted took at setup (R30) never rolled since
            assert d["where"] in ("distracted", "returned", "infirmary")
        if d["where"] == "scanners":
            assert d["face"] == "thr"
        if d["where"] in ("stasis", "mission", "distracted"):
            assert d["card"] in {t["card"] for t in o["threats"]}
        if d["where"] == "stasis":
            assert d["face"] == "sci"
        if d["where"] == "station":
            assert d["face"] == {"commander": "com", "tactical": "tac", "medical": "med", "science": "sci",
                                 "engineering": "eng"}[d["station"]]  # fmt: skip
    for die in s.dice:  # dice are immutable, shared by clones: a move replaces one in the list
        try:
            die.where = 99
        except AttributeError:
            pass
        else:
            raise AssertionError("a die could be changed in place")
    counts = o["dice_count"]
    assert sum(counts.values()) == 6 and counts["distracted"] <= 1
    for t in o["threats"]:
        if t["health"] is not None:
            assert 1 <= t["health"] <= t["max_health"]
        assert len(t["mission_dice"]) < len(t["mission"]) or not t["mission"]
    # §2.3: the unseen cards are the deck plus the removed ones; nothing is lost
    assert o["deck_left"] >= 0 and o["deck_empty"] == (o["deck_left"] == 0)
    assert sum(s.unseen) == o["deck_left"] + o["removed_unseen"]
    assert len(o["threats"]) + len(o["discard"]) + sum(s.unseen) == 36 + o["dont_panic"]
    over = s.is_terminal()
    assert o["over"] is over
    if over:
        r = s.result()
        assert r.won == o["won"]
        cause = r.details["cause"]
        assert cause in ("win", "hull", "crew")
        assert (o["hull"] == 0) == (cause == "hull")
        if r.won:
            assert o["deck_left"] == 0
            externals = [t for t in o["threats"] if t["kind"] == "external"]
            assert not externals or (all(t["id"] == "e21" for t in externals) and o["hull"] > 5)  # R9
    else:
        assert o["hull"] > 0
    if not s.is_chance() and not over:
        assert counts["scanners"] < 3  # R18: full scanners are emptied before any decision


def late(s: Any, o: dict[str, Any]) -> set[str]:
    out = set()
    if o["deck_empty"]:
        out.add("deck empty")
    if o["over"] and o["won"]:
        out.add("won")
    return out
