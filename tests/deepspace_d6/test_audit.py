"""An independent audit of Deep Space D-6 against its rules reference (shared/rules/deepspace_d6.md)
and the project rulings (docs/rulings.md, DS-P1 ...).

The first part holds one test per discrepancy the audit found; each failed before its fix. The
second part pins behaviours the audit checked by play and found right, where the other test files
did not already cover them.
"""

from __future__ import annotations

from solotable import Action

from .helpers import G, count, keys_of, legal, move, new, phase, play, put, roll, set_health, threat, to_step5, where

# ---- discrepancies found ------------------------------------------------------------------------


def test_a_die_never_rolled_shows_no_face_in_the_infirmary_event_r37() -> None:
    """R37: a die in the pool shows no face. Distracted takes one at setup (R30); when Distracted
    activates it goes to Returned still faceless, and a Bomber may then send it to the Infirmary.
    The event named its face "Threat" (the engine read face -1 as the last face)."""
    s = G.new_state(seed=0)
    play(s, "draw:i5", "draw:e4")  # Distracted takes a pool die; Bomber E4 activates on 3, 4
    assert where(s)[0] == "distracted:i5"
    roll(s, "tac med sci eng eng")
    to_step5(s)
    play(s, "threat:3")  # Distracted returns die 1 to Returned, then the Bomber sends a unit
    assert phase(s) == "send" and where(s)[0] == "returned"
    assert s.observation()["dice"][0]["face"] is None
    for lang, word in (("en", "no face"), ("ja", "目なし")):
        assert word in G.describe(s, Action("send", 1), lang)
    play(s, "send:1")
    event = next(e for e in s.events if e.key == "ds6.ev.infirmary")
    assert event.params["face"] == "@ds6.face.none"
    assert G.event_text(event, "en") == "Crew die 1 (no face) goes to the Infirmary."
    assert "目なし" in G.event_text(event, "ja")


def test_the_win_message_says_the_player_overcame_the_threats() -> None:
    """§1.3: you win by surviving every external threat. The English cause read "every external
    threat survived", which says the threats survived."""
    s = new("e9", faces="tac med sci eng eng eng", deck=0)
    play(s, "fire:1", "hit:e9", "end")
    assert s.result().won
    text = G.event_text(s.events[-1], "en")
    assert "threat survived" not in text
    assert text == "The rescue fleet arrives: you win (every external threat overcome)."
    assert G.cause_label("win", "en") == "every external threat overcome"


def test_a_forced_recall_of_one_kind_of_die_is_made_for_you_ds_p4_r26() -> None:
    """R26: when only mission dice can be gathered, at least one must be. DS-P4: when only one
    kind of die is eligible, the engine makes the choice without asking. The engine asked, with a
    single legal action."""
    s = new("i11", faces="sci sci tac tac med eng")
    play(s, "mission:i11,sci")
    for d in (1, 2, 3, 5, 6):  # scenario: every other die is in the Infirmary
        move(s, d, "infirmary")
    to_step5(s)
    play(s, "threat:6")
    assert "ds6.ev.recall" in [e.key for e in s.events]
    assert phase(s) == "roll" and count(s, "pool") == 1
    assert threat(s, "i11")["open_slots"] == [["sci"], ["sci"]]  # the slot reopened
    # With two kinds of mission die the player still chooses (test_rules.py covers it). Two dice
    # of one kind (same face, same card) would fill a card's two slots of that face and resolve it,
    # so a single kind is always a single die.


def test_the_threat_face_can_be_typed_by_its_full_name() -> None:
    """§10.3 lists 脅威発見！ and "Threat Detected!" for the Threat face, and the notation offers
    both words; typed text is NFKC-normalized, so the full-width ！ never matched, and "threat
    detected" (two words) was split in two."""
    for text in (
        "脅威発見！ 戦術担当 戦術担当 医療担当 科学担当 技術担当",
        "threat detected, tac, tac, med, sci, eng",
        "Threat Detected! 2 2 3 4 5",
    ):
        s = new("e1")
        assert str(G.parse_action(s, text)) == "roll:2,2,3,4,5,6", text
    s = new("e1", faces="com tac med sci eng eng")
    assert str(G.parse_action(s, "change sci threat detected")) == "change:sci,thr"
    assert str(G.parse_action(s, "change sci 脅威発見！")) == "change:sci,thr"


def test_friendly_fire_event_uses_the_card_name_in_japanese() -> None:
    """§10.7: the card names are the proposed katakana; the Friendly Fire event alone used the
    kanji gloss (同士討ち)."""
    s = new("e1", faces="tac tac med sci eng eng")
    play(s, "end", "draw:i6")
    event = next(e for e in s.events if e.key == "ds6.ev.friendly_fire")
    assert G.event_text(event, "ja").startswith("フレンドリー・ファイア")


# ---- verified by play (pinned) -----------------------------------------------------------------


def test_friendly_fire_takes_returned_tactical_dice_but_not_the_distracted_one_r29() -> None:
    s = new("e1", "i5", faces="tac tac med sci eng eng")
    move(s, 6, "infirmary", "tac")  # a Tactical die in the Infirmary (scenario)
    move(s, 5, "distracted", "tac", "i5")  # a Tactical die on Distracted (scenario)
    play(s, "free")  # the Infirmary Tactical die goes to Returned
    assert where(s)[5] == "returned"
    play(s, "end", "draw:i6")
    assert where(s)[5] == "infirmary"  # Returned: hit (R29)
    assert where(s)[4] == "distracted:i5"  # Distracted: exempt
    assert where(s)[0] == where(s)[1] == "infirmary"  # unassigned Tactical dice


def test_distracted_may_take_the_stasis_die_and_the_stasis_holds_r12_r34() -> None:
    s = new("e1", faces="sci med tac eng eng eng")
    play(s, "stasis:e1", "fire:1", "hit:e1", "end", "draw:i5")
    assert phase(s) == "distract" and "distract:4" in legal(s)
    play(s, "distract:4")  # the Science die on the stasis
    assert where(s)[3] == "distracted:i5" and threat(s, "e1")["in_stasis"]
    play(s, "threat:4")
    assert s.observation()["shields"] == 4  # the Cruiser (4, 5) stayed in stasis


def test_nebula_arriving_sets_off_the_scouting_ship_r28() -> None:  # R28
    s = new("e20", faces="eng eng eng eng eng eng")
    play(s, "end", "draw:e17")  # shields 4 -> 0: a loss this round
    assert s.observation()["lost_this_round"]
    play(s, "threat:6")
    assert (s.observation()["hull"], s.observation()["shields"]) == (7, 0)  # no shields: hull


def test_meteoroid_blast_with_the_last_external_is_a_loss_r32() -> None:
    s = new("e16", faces="tac tac tac med sci eng", deck=0, hull=1, shields=0)
    set_health(s, "e16", 1)
    play(s, "fire:1", "hit:e16")
    assert s.is_terminal() and not s.result().won and s.result().details["cause"] == "hull"


def test_solar_winds_in_stasis_at_the_end_with_hull_5_is_played_on_r9() -> None:
    s = new("e21", faces="sci med eng eng eng eng", deck=0, hull=5)
    play(s, "stasis:e21", "end")
    assert not s.is_terminal() and phase(s) == "threat"
    play(s, "threat:2")  # in stasis: no activation
    assert threat(s, "e21") is not None and s.observation()["hull"] == 5


def test_a_cloaked_reroll_counts_as_an_activation_for_the_mercenary_r27() -> None:  # R27, R14
    s = new("i2", "e15", faces="eng eng eng eng eng eng")
    to_step5(s)
    play(s, "threat:2", "threat:6")  # Cloaked activated; the re-roll matches nothing
    assert "ev.mercenary" not in keys_of(s) and s.observation()["shields"] == 4


def test_the_activated_set_is_every_match_internals_first_in_entry_order_r1_r33() -> None:
    s = new("e13", "i10", "e14", "i8", "e17", faces="eng eng eng eng eng eng", shields=0)
    to_step5(s)
    play(s, "threat:1")  # Robot Uprising and Pandemic each send a unit: choices
    log = list(s.events)
    while phase(s) == "send":
        play(s, sorted(legal(s))[0])
        log += s.events
    assert phase(s) == "roll"
    order = [e.params["card"].removeprefix("@ds6.threat.") for e in log if e.key == "ds6.ev.activates"]
    assert order == ["i10", "i8", "e13", "e14", "e17"]
    o = s.observation()
    assert threat(s, "e17")["health"] == 2  # Nebula hurt itself
    assert o["hull"] == 6 and o["shields"] == 0  # Intercepters 1 + 1 to the hull (Nebula)


def test_deck_sizes_of_the_presets_and_lengths() -> None:  # R16
    """§2.3's table, and the card each draw is uniform over the unseen cards (DS-P2)."""
    table = {"beginner": (42, 37, 34), "easy": (41, 36, 33), "normal": (39, 34, 31), "hard": (36, 31, 28)}
    for difficulty, sizes in table.items():
        for length, size in zip(("full", "short", "quick"), sizes, strict=True):
            s = G.new_state(difficulty=difficulty, length=length)
            assert s.observation()["deck_left"] == size
            outcomes = dict(s.chance_outcomes())
            dp = {"beginner": 6, "easy": 5, "normal": 3, "hard": 0}[difficulty]
            assert outcomes.get(Action("draw", "e18"), 0) * (36 + dp) == 2
            assert outcomes.get(Action("draw", "dp"), 0) * (36 + dp) == dp


def test_put_helper_still_matches_the_engine() -> None:
    """The audit's scenarios lean on the helper ``put``; it names copies as the engine does."""
    s = new()
    assert put(s, "e18") == "e18a" and put(s, "e18") == "e18b"
    roll(s, "tac tac tac med sci eng")
    play(s, "fire:3")
    assert {"hit:e18a", "hit:e18b"} <= legal(s)
