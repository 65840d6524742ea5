"""A unit test per project ruling of Mini Rogue 2020 (docs/rulings.md, MR-P…) that had none of its
own: each test cites its ruling on its def line, plays chosen dice and cards, checks both sides of
the ruling's condition, and checks that the alternative the ruling rejects does not happen."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from solotable.core.protocol import IllegalAction
from solotable.games.minirogue.data import CardsError, check_text, data
from solotable.games.minirogue.rules import dungeon
from solotable.sim.cli import format_report
from solotable.sim.runner import simulate

from .helpers import G, enter, hero, keys_of, legal, new, phase, play, run_steps
from .test_audit import with_flags

# -- MR-P6: when Evasion is offered -----------------------------------------------------------------


def test_evasion_at_the_area_start_skips_the_start_room() -> None:  # MR-P6, D21
    """At the area start the start room is unresolved: Evasion is offered for it, and applies to
    it (entered, not resolved: the Campfire asks nothing); the skill is then used, so the next
    room moved into is resolved as usual."""
    s = new("rogue")
    play(s, "card:CAMP-1")
    assert phase(s) == "window" and legal(s) == {"pass", "evade"}
    play(s, "evade")
    assert "ev.evaded" in keys_of(s) and "ev.resolve" not in keys_of(s)
    assert phase(s) == "reveal" and not hero(s)["skill_up"]  # the Campfire's options were not asked
    play(s, "card:MON-A", "card:MON-B", "move:right")
    assert s.foe is not None and s.foe.name == "giant_rat"  # the next room is fought


def test_evasion_is_not_offered_for_a_room_already_entered() -> None:  # MR-P6
    """Before the Rogue's own room is resolved (after a move), Evasion is not offered: it would
    skip the room just entered. A held potion makes the window ask, so the absence is seen."""
    s = new("rogue")
    s.heroes[0].potions, s.heroes[0].hp = ["healing"], 5
    play(s, "card:CAMP-1")
    assert legal(s) == {"pass", "evade", "drink:healing"}  # the area start: the start room
    play(s, "pass", "opt:1", "card:MON-A", "card:MON-B")
    assert legal(s) == {"pass", "evade", "drink:healing"}  # own room resolved, a room card ahead
    play(s, "pass", "move:right")
    assert phase(s) == "window" and s.heroes[0].pos == 1 and not s.heroes[0].resolved
    assert legal(s) == {"pass", "drink:healing"}
    play(s, "pass")
    assert s.foe is not None and s.foe.name == "giant_rat"


def test_evasion_is_not_offered_to_a_partner_before_its_room() -> None:  # MR-P6
    """Co-op: the Rogue (Partner) may evade the shared start room in the area-start and
    between-rooms windows, but not the room it has moved into before that room is resolved."""
    s = new("crusader", partner="rogue")
    rogue = s.heroes[1]
    rogue.potions, rogue.hp = ["healing"], 5
    play(s, "card:CAMP-1", "pass")  # the Leader passes the area-start window
    assert s.win_when == "start" and s.to_move == 1 and "evade" in legal(s)
    play(s, "pass", "opt:1", "card:MON-A", "card:MON-B", "pass")  # the Leader's Campfire, the reveals
    assert s.win_when == "between" and s.to_move == 1 and "evade" in legal(s)  # the start room, unresolved
    play(s, "pass", "opt:1", "pass")  # the Partner's Campfire
    assert s.win_when == "after" and s.to_move == 1 and "evade" in legal(s)  # resolved, rooms ahead
    play(s, "pass", "move:right", "move:down", "pass")
    assert s.win_when == "before" and s.to_move == 1 and rogue.pos == 3 and not rogue.resolved
    assert legal(s) == {"pass", "drink:healing", "share:on"}


def test_evasion_on_the_start_room_follows_its_switch() -> None:  # MR-P6, MR-P10, D21
    """D21's alternative (cards.toml flags.evasion_on_start_room = false): the start room cannot
    be skipped, so the area-start window does not offer Evasion; after a room, it still is."""
    s = with_flags("rogue", evasion_on_start_room=False)
    play(s, "card:CAMP-1")
    assert phase(s) == "option" and "ev.resolve" in keys_of(s)  # no window: nothing to do there
    s = with_flags("rogue", evasion_on_start_room=False)
    s.heroes[0].potions, s.heroes[0].hp = ["healing"], 5
    play(s, "card:CAMP-1")
    assert legal(s) == {"pass", "drink:healing"}
    play(s, "pass", "opt:1", "card:MON-A", "card:MON-B")
    assert "evade" in legal(s)


# -- MR-P9: the first Leader; win or loss, no score -------------------------------------------------


def test_the_first_leader_is_a_chance_event_of_seat_numbers() -> None:  # MR-P9
    s = G.new_state(seed=3, character="mage", partner="rogue")
    assert s.is_chance() and phase(s) == "leader_roll"
    assert {str(a): p for a, p in s.chance_outcomes()} == {"leader:1": Fraction(1, 2), "leader:2": Fraction(1, 2)}
    with pytest.raises(IllegalAction):
        G.parse_action(s, "leader:3")
    play(s, "leader:2")
    assert s.leader == 1 and s.observation()["leader"] == 2
    solo = G.new_state(seed=3, character="mage")  # one player: no Leader is drawn
    assert phase(solo) == "reveal" and "leader:1" not in {str(a) for a, _ in solo.chance_outcomes()}


def _played_out(seed: int, **options: Any) -> Any:
    rng = random.Random(seed)
    s = G.new_state(seed=seed, **options)
    for _ in range(20_000):
        if s.is_terminal():
            return s
        s.apply(s.chance_table().sample(rng) if s.is_chance() else rng.choice(s.legal_actions()))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("partner", ["none", "mage"])
def test_a_game_ends_in_a_win_or_a_loss_without_a_score(partner: str) -> None:  # MR-P9
    """The result is won or lost, with no score; its details are the area reached, the bosses
    defeated and each character's XP and HP (the second character's as xp2, hp2)."""
    for seed in range(3):
        s = _played_out(seed, character="rogue", partner=partner)
        r = s.result()
        assert isinstance(r.won, bool) and r.score is None
        assert r.won == (r.details["cause"] == "win")
        want = {"area", "floor", "bosses", "cause", "hp", "xp"} | ({"hp2", "xp2"} if partner != "none" else set())
        assert set(r.details) == want
        assert r.details["hp"] == s.heroes[0].hp and r.details["xp"] == s.heroes[0].xp and r.details["area"] == s.area


def _sim_report(**options: Any) -> str:
    stats = simulate("minirogue", "random", 4, seed=1, options=options)
    assert stats.mean_score is None and sum(stats.histogram.values()) == 4
    return format_report(G, G.validate_options(options), "random", stats, seed=1, jobs=1, elapsed=0.0)


def test_simulations_report_area_bosses_xp_and_hp() -> None:  # MR-P9
    assert G.sim_histogram == "area"
    report = _sim_report(character="rogue")
    for label in ("area reached", "bosses defeated", "XP (player 1)", "HP (player 1)"):
        assert label in report, label
    assert "score" not in report.lower()


def test_a_coop_simulation_reports_each_characters_xp_and_hp() -> None:  # MR-P9
    report = _sim_report(character="rogue", partner="mage")
    for label in ("XP (player 1)", "HP (player 1)", "XP (player 2)", "HP (player 2)"):
        assert label in report, label


# -- MR-P10: the rule switches of [flags], and the checks of a --cards file -------------------------

# flag: (the decision it switches, its default as the reference decides)
FLAGS = {
    "eat_on_fall": ("D17", False),
    "refresh_on_fall": ("D17", False),
    "icons_on_zero_damage": ("D18", True),
    "statuses_persist": ("D20", True),
    "evasion_on_start_room": ("D21", True),
    "shield_counts_boss": ("D23", True),
    "ghost_two_player_hp": ("D29", False),
    "lethal_payments": ("D30", False),
    "cure_curse_at_once": ("D33", True),
    "hide_useless_potions": ("D34", True),
    "poison_stacks": ("D34", False),
    "treasure_reward_optional": ("D35", False),
}


def test_the_flags_are_the_decisions_the_ruling_lists_with_the_references_defaults() -> None:  # MR-P10
    flags = data().file.flags
    assert {k: getattr(flags, k) for k in FLAGS} == {k: default for k, (_, default) in FLAGS.items()}
    listed = "D17, D18, D20, D21, D23, D29, D30, D33, D34, D35"
    assert flags.decision == listed and sorted({d for d, _ in FLAGS.values()}) == listed.split(", ")


@pytest.mark.parametrize("flag", list(FLAGS))
def test_each_flag_takes_the_alternative_value(flag: str) -> None:  # MR-P10
    default = FLAGS[flag][1]
    s = with_flags("rogue", **{flag: not default})
    assert getattr(s.data.flags, flag) is (not default)
    assert all(getattr(s.data.flags, other) is FLAGS[other][1] for other in FLAGS if other != flag)
    assert getattr(new("rogue").data.flags, flag) is default


@pytest.mark.parametrize(
    ("text", "entry", "words"),
    [
        ("[flags]\nhermit_is_campfire = true\n", "flags.hermit_is_campfire", "unknown key"),  # no such switch
        ('[flags]\nghost_two_player_hp = "yes"\n', "flags.ghost_two_player_hp", "true or false"),
    ],
)
def test_an_unknown_switch_or_a_value_not_a_switch_is_refused(text: str, entry: str, words: str) -> None:  # MR-P10
    with pytest.raises(CardsError) as exc:
        check_text(text, "mine.toml")
    assert exc.value.params["entry"] == entry and exc.value.params["line"] == 2 and words in str(exc.value)


def test_icons_at_zero_damage_follow_their_switch() -> None:  # MR-P10, D18
    """D18: the Winged Serpent's curse applies on a hit that armor stops entirely; with the
    alternative (icons_on_zero_damage = false) it does not, though it still does on a hit that
    costs HP."""
    for flag, cursed in ((True, True), (False, False)):
        s = with_flags("crusader", icons_on_zero_damage=flag)
        s.area = 5  # floor 3
        run_steps(s, (dungeon.prepare, ()))
        enter(s, "MON-A", armor=4)
        assert s.foe.name == "winged_serpent"
        s.foe = replace(s.foe, damage=4)
        play(s, "roll:2,3", "confirm")  # a hit (black 3): 4 damage − 4 armor = 0
        assert hero(s)["hp"] == 10 and ("curse" in hero(s)["statuses"]) is cursed
    s.foe = replace(s.foe, damage=5)
    play(s, "roll:2,3", "confirm")  # switched off, a hit of 1 damage: the icon applies
    assert hero(s)["hp"] == 9 and "curse" in hero(s)["statuses"]


def _ghost_in_a_shared_treasure_room(flag: bool) -> Any:
    s = with_flags("crusader", partner="rogue", ghost_two_player_hp=flag)
    play(s, "card:TRES-A")
    while phase(s) not in ("roll", "pre_roll"):
        if phase(s) == "check_roll":
            play(s, "check:5,5")  # the Leader's treasure check, row 5: the Ghost
        else:
            play(s, "accept" if "accept" in legal(s) else "pass")
    assert s.heroes[0].pos == s.heroes[1].pos == 0 and s.foe.name == "apparition"
    return s


def test_a_ghost_is_fought_alone_with_one_player_hp_by_default() -> None:  # MR-P10, D29
    s = _ghost_in_a_shared_treasure_room(False)
    assert s.fighters == [0] and s.foe_hp == 10  # the Apparition's 1-player HP, the Partner beside


def test_the_ghost_switch_gives_the_ghost_its_two_player_hp() -> None:  # MR-P10, D29
    """With D29's alternative switched on, the other character in the room fights the Ghost too,
    with its 2-player HP, and both gain its reward."""
    s = _ghost_in_a_shared_treasure_room(True)
    assert sorted(s.fighters) == [0, 1] and s.foe_hp == 20  # the Apparition's 2-player HP
