"""A unit test per project ruling of Deep Space D-6 (docs/rulings.md, DS-P…) that had none of its
own: each test cites its ruling on its def line, plays chosen dice and cards, checks both sides of
the ruling's condition, and checks that the alternative the ruling rejects does not happen."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solotable import Action
from solotable.core.i18n import explain
from solotable.core.protocol import IllegalAction, OptionError

from .helpers import G, count, keys_of, legal, new, phase, play, roll, threat, to_step5

# ---- DS-P3: the options ---------------------------------------------------------------------------

PRESETS = {"beginner": 6, "easy": 5, "normal": 3, "hard": 0}  # §2.2
REMOVED = {"full": 0, "short": 5, "quick": 8}  # §2.3


def _dont_panic_cards(s: object) -> int:
    """The Don't Panic cards in the game: the weight of a Don't Panic draw among the 36 threat
    cards (every card not yet seen, the removed ones included, DS-P2)."""
    table = dict(s.chance_outcomes())  # type: ignore[attr-defined]
    p = table.get(Action("draw", "dp"), Fraction(0))
    return int(p * 36 / (1 - p))


def test_options_default_to_the_game_as_printed() -> None:  # DS-P3
    """DS-P3: no option given is beginner (all 6 Don't Panic cards, the game as printed), the
    preset's count, the full game."""
    s = G.new_state(seed=0)
    assert s.options() == {"difficulty": "beginner", "dont_panic": "preset", "length": "full"}
    assert s.observation()["dont_panic"] == 6 and _dont_panic_cards(s) == 6
    assert s.observation()["deck_left"] == 36 + 6


@pytest.mark.parametrize("difficulty", list(PRESETS))
@pytest.mark.parametrize("length", list(REMOVED))
def test_each_difficulty_keeps_its_dont_panic_cards_and_each_length_removes_its_cards(
    difficulty: str, length: str
) -> None:  # DS-P3
    s = G.new_state(seed=0, difficulty=difficulty, length=length)
    assert s.observation()["dont_panic"] == PRESETS[difficulty] == _dont_panic_cards(s)
    assert s.observation()["deck_left"] == 36 + PRESETS[difficulty] - REMOVED[length]


@pytest.mark.parametrize("difficulty", list(PRESETS))
@pytest.mark.parametrize("n", range(7))
def test_dont_panic_overrides_the_presets_count(difficulty: str, n: int) -> None:  # DS-P3
    """`dont_panic` 0-6 replaces the preset's count whatever the difficulty (hard with 6, beginner
    with 0); `preset` keeps it."""
    s = G.new_state(seed=0, difficulty=difficulty, dont_panic=str(n))
    assert s.observation()["dont_panic"] == n == _dont_panic_cards(s)
    assert s.observation()["deck_left"] == 36 + n
    preset = G.new_state(seed=0, difficulty=difficulty, dont_panic="preset")
    assert preset.observation()["dont_panic"] == PRESETS[difficulty]


@pytest.mark.parametrize(
    ("option", "value", "valid"),
    [
        ("difficulty", "expert", "beginner, easy, normal, hard"),
        ("difficulty", "", "beginner, easy, normal, hard"),
        ("dont_panic", "7", "preset, 0, 1, 2, 3, 4, 5, 6"),
        ("dont_panic", "-1", "preset, 0, 1, 2, 3, 4, 5, 6"),
        ("dont_panic", "many", "preset, 0, 1, 2, 3, 4, 5, 6"),
        ("length", "long", "full, short, quick"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_valid_ones(option: str, value: str, valid: str) -> None:  # DS-P3
    with pytest.raises(OptionError) as exc:
        G.new_state(seed=0, **{option: value})
    text = explain(exc.value, "en")
    assert option in text and valid in text
    assert explain(exc.value, "ja")


# ---- DS-P5: step 3 and a volley end by themselves ------------------------------------------------


def test_step_3_ends_by_itself_when_the_last_unassigned_die_is_assigned() -> None:  # DS-P5
    """DS-P5: with a die still unassigned, step 3 asks (`end` among the choices); once the last
    one is assigned, step 4 follows without asking for `end`, which would be the only action."""
    s = new(faces="thr thr eng eng eng eng", hull=1)  # two Threat dice locked in the scanners
    play(s, "repair:3")  # hull 1 + 5 = 6, one Engineering die left
    assert count(s, "unassigned") == 1 and phase(s) == "assign" and legal(s) == {"end", "repair:1"}
    play(s, "repair:1")
    assert count(s, "unassigned") == 0 and s.observation()["hull"] == 7
    assert phase(s) == "draw" and "ev.end_assign" not in keys_of(s)


def test_step_3_does_not_end_by_itself_while_a_die_is_unassigned() -> None:  # DS-P5
    """The other side: dice left unassigned with nothing useful to do still leave `end` to the
    player (the ruling ends step 3 only when no unassigned die is left)."""
    s = new(faces="tac tac tac tac tac tac")  # no target, nothing else to do
    assert phase(s) == "assign" and legal(s) == {"end"} and count(s, "unassigned") == 6
    play(s, "end")
    assert phase(s) == "draw"


def test_a_volley_ends_by_itself_when_its_points_are_spent() -> None:  # DS-P5
    s = new("e14", faces="tac tac med sci eng eng")  # Intercepter X, health 4
    play(s, "fire:2")  # 3 points
    for left in (3, 2, 1):
        assert phase(s) == "allocate" and s.observation()["volley_left"] == left
        assert legal(s) == {"hit:e14", "stop"}
        play(s, "hit:e14")
    assert threat(s, "e14")["health"] == 1  # still a target: not asked for a fourth point
    assert phase(s) == "assign" and "ev.volley_lost" not in keys_of(s)


def test_a_volley_ends_by_itself_when_no_target_is_left() -> None:  # DS-P5
    """3 points on a lone Drone (health 1): the first destroys it and the volley ends, its 2
    points lost; with another target in play the same hit leaves the volley asking."""
    s = new("e9", faces="tac tac med sci eng eng")
    play(s, "fire:2", "hit:e9")
    assert threat(s, "e9") is None and phase(s) == "assign"
    assert "ev.volley_lost" in keys_of(s) and s.observation()["volley_left"] is None
    s = new("e9", "e14", faces="tac tac med sci eng eng")
    play(s, "fire:2", "hit:e9")
    assert phase(s) == "allocate" and s.observation()["volley_left"] == 2 and legal(s) == {"hit:e14", "stop"}


# ---- DS-P6: no threat die without a threat ------------------------------------------------------


def test_the_threat_die_is_not_rolled_when_no_threat_is_in_play() -> None:  # DS-P6
    """Step 4 draws a Don't Panic card onto an empty table: step 5 asks for no threat die, the
    next round's crew roll follows."""
    s = new(faces="tac tac med sci eng eng")
    to_step5(s)
    assert s.observation()["threats"] == []
    assert phase(s) == "roll" and s.observation()["round"] == 2
    assert not any(k.startswith("ev.threat_roll") for k in keys_of(s))  # (ev.threat_roll_0 ... when rolled)


def test_the_threat_die_is_rolled_when_a_threat_is_in_play() -> None:  # DS-P6
    """The other side: one threat in play (even one that no face of the die activates at once,
    drawn at step 4, or held in stasis) and step 5 rolls the threat die."""
    s = new(faces="tac tac med sci eng eng")
    to_step5(s, draw="e7")  # Bounty Ship drawn at step 4
    assert phase(s) == "threat"
    assert {str(a) for a, _ in s.chance_outcomes()} == {f"threat:{v}" for v in range(1, 7)}
    s = new("e14", faces="tac med sci sci eng eng")
    play(s, "stasis:e14")
    to_step5(s)
    assert threat(s, "e14")["in_stasis"] and phase(s) == "threat"


def test_a_threat_destroyed_in_step_3_leaves_no_threat_die() -> None:  # DS-P6
    s = new("e9", faces="tac tac med sci eng eng")
    play(s, "fire:1", "hit:e9")  # the only threat destroyed
    to_step5(s)
    assert s.observation()["threats"] == [] and phase(s) == "roll"


# ---- DS-P7: the two copies of a card printed twice ----------------------------------------------


def _text(s: object) -> list[str]:
    return [G.event_text(e) for e in s.events]  # type: ignore[attr-defined]


def test_copies_are_named_in_the_order_they_arrive() -> None:  # DS-P7
    """The first Raiders E18 drawn is "Raiders" (`e18a`), the other "Raiders (2nd)" (`e18b`),
    also when the first has been destroyed before the second arrives."""
    s = new(faces="tac tac med sci eng eng")
    play(s, "end", "draw:e18")
    assert [t["card"] for t in s.observation()["threats"]] == ["e18a"]
    assert _text(s)[0].startswith("External threat: Raiders [on 4, 6")
    play(s, "threat:1")  # nothing activates
    roll(s, "tac tac tac med sci eng")
    play(s, "fire:1", "hit:e18a", "fire:1", "hit:e18a")
    assert threat(s, "e18a") is None and s.observation()["discard"][-1] == "e18"
    play(s, "end", "draw:e18")
    assert [t["card"] for t in s.observation()["threats"]] == ["e18b"]
    assert _text(s)[0].startswith("External threat: Raiders (2nd) [on 4, 6")
    assert "（2枚目）" in G.event_text(s.events[0], "ja")


def test_a_copy_typed_by_name_is_the_first_when_both_are_alike() -> None:  # DS-P7
    """`hit raiders 46` with both Raiders E18 in play and alike is the first to arrive; `2nd`
    names the other; once they differ (one damaged) the bare name is refused, not guessed."""
    s = new(faces="tac tac med sci eng eng")
    play(s, "end", "draw:e18", "threat:1")
    roll(s, "tac tac med sci eng eng")
    play(s, "end", "draw:e18", "threat:1")
    roll(s, "tac tac tac sci eng eng")
    play(s, "fire:3")
    assert {"hit:e18a", "hit:e18b"} <= legal(s)
    assert G.parse_action(s, "hit raiders 46") == Action("hit", "e18a")
    assert G.parse_action(s, "hit raiders 2nd") == Action("hit", "e18b")
    assert G.describe(s, Action("hit", "e18b"), "en").startswith("1 damage to Raiders (2nd) [on 4, 6")
    play(s, "hit:e18b")
    assert threat(s, "e18b")["health"] == 1 and threat(s, "e18a")["health"] == 2
    with pytest.raises(IllegalAction):
        G.parse_action(s, "hit raiders 46")
    assert G.parse_action(s, "hit raiders 2nd") == Action("hit", "e18b")


def test_cards_sharing_a_name_are_told_apart_by_activation_then_damage() -> None:  # DS-P7
    """The three Bombers: E4 activates on 3, 4; E5 and E6 on 2, 4 and differ by their damage
    (−2, −1). Every mention shows both, and typing them picks the card."""
    s = new("e4", "e5", "e6", faces="tac tac tac med sci eng")
    play(s, "fire:3")
    labels = {str(a): G.describe(s, a, "en") for a in s.legal_actions() if a.name == "hit"}
    assert "on 3, 4: −1 Hull" in labels["hit:e4"]
    assert "on 2, 4: −2 Hull" in labels["hit:e5"] and "on 2, 4: −1 Hull" in labels["hit:e6"]
    assert G.parse_action(s, "hit bomber 34") == Action("hit", "e4")
    with pytest.raises(IllegalAction):
        G.parse_action(s, "hit bomber 24")  # two Bombers on 2, 4, not alike: not guessed
    assert G.parse_action(s, "hit bomber 24 -1") == Action("hit", "e6")
