"""JongRogue's part of the contract tests (tests/test_contract.py runs them): the options its
random games draw from (EZ and EZ Plus), the caps of the sheets (§7.2) and the pile bookkeeping
(every number tile is somewhere: pile, discard, map, in use) after every step, face-down tiles
hidden, the setting its bots win on, and the late-game states they must reach."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from solotable.core.protocol import Action
from solotable.games.jongrogue.state import CLAIR, K_DOWN, K_GONE, JongRogueState

OPTIONS = st.fixed_dictionaries({"rules": st.sampled_from(("ez", "ez-plus")), "continue": st.just("off")})
RANDOM_GAMES = 2000
BOT_OPTIONS: tuple[dict[str, object], ...] = ({"rules": "ez-plus"}, {"rules": "ez"})
BOT_SEEDS = 3
"""The heuristic wins most games; its games are long (thousands of steps)."""
DEEP_EVERY = 40
EXTRA_BOT_GAMES: tuple[tuple[dict[str, object], int], ...] = (({"rules": "ez"}, 35),)
"""A dragon's breath (the phase ``breath_damage``) and a door found where none was looked for
(``stray_door``) come in few games: with face-down tiles drawn when turned up (JR-P1), 4 and 1 of
the heuristic's EZ games of seeds 0-59 (11 and 4 of 120 with EZ Plus); this one meets both."""
SEARCH_SEED = 0
"""The search bot's one game (its budget is small: it need not win)."""
LATE = frozenset({"amulet", "victory"})
CAUSES = {"monster", "freezing", "starvation", "poison_dart", "forced_end", "victory"}


def choose(s: JongRogueState, rng: random.Random) -> Action:
    """A random player who never ends the game by choice (it would end most games at once)."""
    legal = s.legal_actions()
    return rng.choice([x for x in legal if x.name != "forced-end"] or legal)


def invariants(s: JongRogueState, o: dict[str, Any]) -> None:
    assert 1 <= s.level <= 15 and 0 <= s.xp <= 99999
    assert s.maxhp == 2 * s.level + 2 and s.hp <= s.maxhp
    assert -3 <= s.strength <= 3 and 0 <= s.food <= 9 and 0 <= s.gold <= 999999
    assert 1 <= s.floor <= 99 and s.deepest >= s.floor
    # JR-P1: the pile's counts hold the tiles laid face down from it and not drawn yet; those laid
    # before a restack are held apart, each pool the size of its tiles
    down = [x.tile for room in s.slots for x in room if x.kind == K_DOWN]
    assert sum(s.pile) == s.pile_n + down.count(0) and s.discard_n == sum(s.discard)
    assert [sum(h) for h in s.held] == [down.count(i + 1) for i in range(len(s.held))]
    assert min(s.pile) >= 0 and min(s.discard) >= 0 and all(min(h) >= 0 for h in s.held)
    copies = 3 if s.ident else 4
    on_map = sum(1 for room in s.slots for x in room if x.kind != K_GONE) + (s.pmon is not None)
    # every tile is in the pile, the discard pile or on the map (none is in use between steps)
    if not s.is_chance():
        assert s.pile_n + s.discard_n + on_map == 27 * copies or (s.ended and s.cause == "victory")
    if s.is_chance():  # a tile from the pile: count / size, at most 108 tiles
        table = s.chance_table()
        if table.actions[0].name == "tile":
            assert all(p.denominator <= 108 for _, p in table.outcomes)
    if not s.status & CLAIR:  # a face-down tile shows nothing but Clairvoyance (§7.20)
        for r, room in enumerate(o["map"]):
            shown = {x["slot"]: x["tile"] for x in room["slots"]}
            for k, slot in enumerate(s.slots[r]):
                if slot.kind != K_GONE and not slot.up:
                    assert shown[k + 1] == "?", (r, k)
    assert "pile_tiles" not in o and o["pile"] == s.pile_n
    if s.is_terminal():
        r = s.result()
        assert r.details["cause"] in CAUSES
        assert (r.details["cause"] == "victory") is r.won
        if not r.won and r.details["cause"] != "forced_end":
            assert r.score == s.gold


def late(s: JongRogueState, o: dict[str, Any]) -> set[str]:
    out = set()
    if s.amulet:
        out.add("amulet")
    if s.is_terminal() and s.result().won:
        out.add("victory")
    return out
