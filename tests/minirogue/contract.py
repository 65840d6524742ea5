"""Mini Rogue 2020's part of the contract tests (tests/test_contract.py runs them): the options
its random games draw from (solo and co-op), the caps (D2, D1), the dice count (§5.2), the potion
rule (§6.3) and the positions (§3.2) after every step, the setting its bots win on, and the
late-game states they must reach (area 10, where Og waits)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from solotable.core.protocol import State

CHARS = ("rogue", "priestess", "crusader", "mage")

OPTIONS = st.builds(
    lambda c, p, d: {"character": c, "partner": p, "difficulty": d},
    st.sampled_from(CHARS),
    st.sampled_from(("none", *CHARS)),
    st.sampled_from(("normal", "hard", "harder", "roguelike")),
).filter(lambda o: o["character"] != o["partner"])  # fmt: skip
RANDOM_GAMES = 2000
BOT_OPTIONS: tuple[dict[str, object], ...] = (
    {"character": "mage", "partner": "priestess"},  # co-op: the leader roll, Foresight and the offers
    {"character": "rogue"},
)
SEARCH_SEED = 0
"""The search bot's one game (its budget is small: it need not win)."""
LATE = frozenset({"area 10", "og", "won"})
SHARED = ("data",)
"""The state's field that holds the cards' data (one object per set of corrections, shared by
every state): a pickled state comes back with that object, not a copy."""


def invariants(s: State, o: dict[str, Any]) -> None:
    d = s.data  # type: ignore[attr-defined]
    for h in o["heroes"]:
        assert 0 <= h["hp"] <= d.caps.hp
        assert 0 <= h["armor"] <= d.caps.armor
        assert 0 <= h["gold"] <= d.caps.gold and 0 <= h["food"] <= d.caps.food
        assert 0 <= h["xp"] <= d.xp_cap
        first, second = d.die_thresholds  # §5.2, D1
        assert h["dice"] == 1 + (h["xp"] >= first) + (h["xp"] >= second)
        assert len(h["potions"]) <= 2 and len(set(h["potions"])) == len(h["potions"])
        assert 1 <= h["pos"][0] <= 3 and 1 <= h["pos"][1] <= 3
    assert 1 <= o["area"] <= 10
    if o["combat"]:
        assert 0 <= o["combat"]["hp"] <= o["combat"]["max_hp"]
    if not s.is_chance() and not s.is_terminal():
        assert s.to_move in range(o["players"])
    if s.is_terminal():
        r = s.result()
        assert r.won == (r.details["cause"] == "win")


def late(s: Any, o: dict[str, Any]) -> set[str]:
    out = set()
    if o["area"] == 10:
        out.add("area 10")
        if o["boss"] == "og" and o["combat"]:
            out.add("og")
    if o["over"] and o["won"]:
        out.add("won")
    return out
