"""The rulebook's worked example (§9 of the rules reference): Captain Niven's round."""

from __future__ import annotations

from .helpers import G, count, keys_of, new, phase, play, threat


def test_captain_niven() -> None:
    # §9.1: hull 5, shields 0, Assault Cruiser E2 at full health, nothing else in play
    s = new("e2", hull=5, shields=0)
    deck_before = s.observation()["deck_left"]
    # 1. roll: Threat, Medical, Commander, Tactical x3 (typed as pips, in any order)
    play(s, "6 3 1 2 2 2")
    assert count(s, "scanners") == 1 and count(s, "unassigned") == 5
    # 2. scan: one die, nothing happens
    assert phase(s) == "assign"
    # 3. assign
    play(s, "release")
    assert count(s, "scanners") == 0 and count(s, "returned") == 1
    play(s, "change:tac,sci")
    play(s, "shields")
    assert s.observation()["shields"] == 4
    play(s, "fire:2", "hit:e2", "hit:e2", "hit:e2")
    assert threat(s, "e2")["health"] == 1
    # no unassigned die remains: step 3 ends by itself, step 4 draws Pandemic
    assert phase(s) == "draw" and count(s, "unassigned") == 0
    play(s, "draw:pandemic")
    assert threat(s, "i8") is not None
    assert s.observation()["deck_left"] == deck_before - 1
    # 5. the threat die shows 1: Pandemic (internal) first, then the Cruiser (R1)
    play(s, "threat:1")
    log = list(s.events)
    assert phase(s) == "send"
    commander = next(d["die"] for d in s.observation()["dice"] if d["station"] == "commander")
    play(s, f"send:{commander}")
    log += s.events
    activations = [e.params["card"] for e in log if e.key == "ds6.ev.activates"]
    assert activations == ["@ds6.threat.i8", "@ds6.threat.e2"]
    assert keys_of(s).count("ev.infirmary") == 1
    assert s.observation()["dice"][commander - 1]["where"] == "infirmary"
    # 6. gather: 5 dice; §9.3
    o = s.observation()
    assert o["hull"] == 5 and o["shields"] == 2
    assert threat(s, "e2")["health"] == 1 and threat(s, "i8") is not None
    assert count(s, "infirmary") == 1 and count(s, "pool") == 5 and count(s, "scanners") == 0
    assert not s.is_terminal() and phase(s) == "roll"
    assert len(s.chance_outcomes()) == 252  # 5 dice rolled next round: C(10, 5) multisets


def test_captain_niven_in_japanese_typing() -> None:
    """The same roll typed with Japanese face names, and the card by its katakana name."""
    s = new("e2", hull=5, shields=0)
    play(s, "脅威 医療担当 コマンダー 戦術担当 戦術担当 戦術担当")
    assert count(s, "scanners") == 1 and count(s, "unassigned") == 5
    play(s, "release", "change tac sci", "shields", "fire 2", "hit e2", "hit e2", "hit e2", "パンデミック")
    assert threat(s, "i8") is not None
    assert G.describe(s, s.chance_table().actions[0], "ja").startswith("脅威ダイス")
