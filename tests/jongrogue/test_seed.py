"""Every [SEED] and [OFFICIAL-FRAGMENT] rule of the rules reference (jongrogue.md), one test each."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from solotable.core.engine import OVER
from solotable.core.protocol import Action
from solotable.games.jongrogue.notation import TILE_NAMES
from solotable.games.jongrogue.rules.combat import gain_xp
from solotable.games.jongrogue.rules.turns import DEATH, PLAY
from solotable.games.jongrogue.state import (
    CLAIR,
    K_DOWN,
    K_GOLD,
    K_ITEM,
    K_MON,
    K_TRAP,
    JongRogueState,
    Weapon,
    face_down,
    level_of_xp,
    max_hp_of,
    new_slot,
)

from .helpers import FOOD_GAIN, XP_TABLE, G, do, feed, keys, new, quiet_room, started


def test_pile_ez_is_four_of_each_number_tile() -> None:  # §2.8 D1, §3.2
    s = new("ez")
    assert s.is_chance()
    table = s.chance_table()
    assert len(table.outcomes) == 27
    assert all(p == Fraction(4, 108) for _, p in table.outcomes)
    assert {str(a) for a in table.actions} == {f"tile:{t}" for t in TILE_NAMES}


def test_pile_identification_is_three_of_each() -> None:  # §2.8 D2 [SEED]: "3 of each"
    s = new("ez-plus")
    assert all(p == Fraction(3, 81) for _, p in s.chance_table().outcomes)
    s2 = new("ez", identification="on")
    assert sum(s2.pile) == 81 and s2.pile_n == 81 - 36  # 36 laid face down, not drawn yet (JR-P1)


def test_draws_are_without_replacement() -> None:  # §2.5 step 1, D3
    s = new("ez")
    feed(s, "m5", "lab:T", "lab:N")  # the start room, then its labyrinth pair
    probs = dict((str(a), p) for a, p in s.chance_table().outcomes)  # its first tile turned up
    assert probs["tile:m5"] == Fraction(3, 107)
    assert probs["tile:m4"] == Fraction(4, 107)


def _exact_2d9(counts: list[int]) -> dict[int, Fraction]:
    n = sum(counts)
    out: dict[int, Fraction] = {}
    for a, b in product(range(27), repeat=2):
        pa = Fraction(counts[a], n)
        cb = counts[b] - (1 if a == b else 0)
        if pa == 0 or cb <= 0:
            continue
        v = a % 9 + 1 + b % 9 + 1
        out[v] = out.get(v, Fraction(0)) + pa * Fraction(cb, n - 1)
    return out


def test_1d9_and_2d9_probabilities_from_the_pile() -> None:  # §2.4, §2.7
    s = started("ez", seed=5)
    counts = s.pile[:]
    n = sum(counts)  # the pile with the tiles laid face down from it (JR-P1)
    # 1d9: the probability of each number is (tiles of that number left) / (tiles left)
    s2 = quiet_room()
    s2.pile = counts[:]
    s2.pile_n = n
    do(s2, "rest")  # the extra satiation cost draws one tile: a chance node over the pile
    table = s2.chance_table()
    for a, p in table.outcomes:
        t = TILE_NAMES.index(str(a.args[0]))
        assert p == Fraction(counts[t], n)
    # 2d9 on a full EZ pile, exactly: without replacement, not the seed's printed table
    full = [4] * 27
    dist = _exact_2d9(full)
    assert sum(dist.values()) == 1
    assert dist[2] == Fraction(12, 108) * Fraction(11, 107)
    assert dist[10] == sum((Fraction(12, 108) * Fraction(12 - (1 if a == 10 - a else 0), 107)
                            for a in range(1, 10)), Fraction(0))
    # the seed's nominal table (independent draws) is what a fresh pile approaches
    nominal_ge_11 = Fraction(36, 81)
    assert abs(float(sum(p for v, p in dist.items() if v >= 11)) - float(nominal_ge_11)) < 0.01


def test_2d9_check_draws_two_tiles_and_discards_them() -> None:  # §2.4
    s = quiet_room(slots=("p7",), floor=1)
    discard = s.discard_n
    do(s, "pick:1", "m3", "s8")  # gold: 2d9 x F
    assert s.gold == 11
    assert s.discard_n == discard + 3  # the two check tiles and the gold tile


def test_pile_runs_out_food_check_then_restack() -> None:  # row 41, §2.4, §7.8, D12
    s = quiet_room(food=2)
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile_n = 1
    s.discard = [0] * 27
    s.discard[5] = 7
    s.discard_n = 7
    do(s, "rest", "m1")
    assert s.is_chance()  # the wandering check draws from the restacked pile
    assert {str(a) for a in s.chance_table().actions} == {"tile:m6", "tile:m1"}
    feed(s, "m6", "m6")  # an m tile, then 1d9 = 6: no wandering monster
    k = keys(s)
    assert k.index("ev.pile_out") < k.index("ev.food_check") < k.index("ev.restack")
    assert s.food == 1


def test_starvation_at_a_food_check_with_no_food() -> None:  # §4.1, §7.8, D12
    s = quiet_room(food=0)
    s.cont = False
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile_n = 1
    s.discard[0] += 3
    s.discard_n += 3
    do(s, "rest", "m1")
    assert s.phase == OVER and s.cause == "starvation"
    assert s.result().score == s.gold


def test_draw_until_ignored_when_the_pile_runs_out() -> None:  # §2.6 [SEED]
    s = quiet_room(slots=("s3",))
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile[9] = 1
    s.pile_n = 2
    do(s, "pick:1", "m1", "p1")  # a potion draws until an s tile: none comes
    assert "ev.until_ignored" in keys(s)
    assert sum(s.potions) == 0


def test_game_start_sheet() -> None:  # §3.2 [SEED]
    s = started("ez", seed=11)
    assert (s.level, s.xp, s.hp, s.maxhp, s.strength, s.gold, s.floor, s.amulet) == (1, 0, 4, 4, 0, 0, 1, False)
    assert s.food in (1, 0) or s.food == 1  # food points start at 1
    o = s.observation()
    assert o["sheet"]["stairs"] == "T"  # the round-wind plate shows East
    eq = o["equipment"]
    assert [w["kind"] for w in eq["weapons"]] == ["mace"] and eq["weapons"][0]["equipped"]
    assert eq["weapons"][0]["cursed"] is False and eq["weapons"][0]["enchant"] == 0
    assert eq["bow"] and eq["missiles"]["arrows"]
    assert eq["armours"][0]["kind"] == "ring_mail" and eq["armours"][0]["worn"]


def test_floor_start_lays_4_tiles_per_room_then_draws_the_start_room() -> None:  # §3.1, §3.3, §6.2, JR-P1
    s = new("ez")
    assert all(len(r) == 4 and all(x.kind == K_DOWN for x in r) for r in s.slots)  # laid, not drawn
    assert s.pile_n == 108 - 36 and sum(s.pile) == 108
    assert s.phase.name == "start_room"  # the first draw: nothing is asked for a face-down tile
    feed(s, "p6")  # room 6 becomes the start point
    feed(s, "lab:R", "lab:T")  # its labyrinth pair is turned face up
    assert s.phase.name == "reveal" and s.room == 5 and s.processed[5]
    feed(s, "m1", "p7", "s2", "s3")  # the start room's four tiles, drawn as they are turned up
    assert [x.kind for x in s.slots[5]] == [K_MON, K_GOLD, K_ITEM, K_ITEM]
    assert all(x.kind == K_DOWN for r in (0, 1, 2, 3, 4, 6, 7, 8) for x in s.slots[r])
    assert s.pile_n == 108 - 37 and sum(s.pile) == 108 - 5


def test_a_face_down_tile_is_drawn_from_the_pile_and_the_tiles_laid_with_it() -> None:  # JR-P1
    """Same distribution as a deal: until a restack, a face-down tile is any tile not seen."""
    s = new("ez")
    feed(s, "p6", "lab:R", "lab:T")
    probs = dict((str(a), p) for a, p in s.chance_table().outcomes)
    assert probs["tile:p6"] == Fraction(3, 107) and probs["tile:m1"] == Fraction(4, 107)


def test_a_restack_keeps_the_face_down_tiles_apart() -> None:  # JR-P1, §2.5 step 3
    """The pile runs out while tiles lie face down: what its counts held is theirs, and the new
    pile is the discard pile; a face-down tile is then drawn from the counts it was laid from."""
    s = quiet_room(food=2)
    s.slots[0] = [face_down(0), face_down(0)]
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile[26] = 2  # the pile's last tile (m1) and the two face-down tiles (s9, s9)
    s.pile_n = 1
    s.discard = [0] * 27
    s.discard[5] = 7
    s.discard_n = 7
    do(s, "rest", "m1")  # the pile runs out: food check, restack
    assert s.held == [[0] * 26 + [2]] and [x.tile for x in s.slots[0]] == [1, 1]
    # the pile: only the discards (the time tile m1 among them), none of the face-down s9
    assert {str(a) for a in s.chance_table().actions} == {"tile:m6", "tile:m1"}
    assert sum(s.pile) == s.pile_n == 8


def test_xp_table_and_level() -> None:  # §6.1 [OFFICIAL-FRAGMENT]
    for lv, need in enumerate(XP_TABLE, start=1):
        assert level_of_xp(need) == lv
        if need:
            assert level_of_xp(need - 1) == lv - 1
    assert level_of_xp(200) == 6  # the official worked example
    assert level_of_xp(99999) == 15  # the maximum level is 15


def test_gaining_xp_raises_the_level_through_the_table() -> None:  # §6.1, row 19
    s = quiet_room()
    gain_xp(s, 200)
    assert s.level == 6 and s.maxhp == max_hp_of(6) == 14


def test_death_offers_continue_or_game_over() -> None:  # §4.1-§4.3 [SEED], D42, D52
    s = quiet_room(food=0, floor=3)
    s.cont = True
    s.gold = 50
    s.weapons.append(Weapon("dagger"))
    s.pile = [0] * 27
    s.pile[0] = 1
    s.pile_n = 1
    s.discard[0] += 50
    s.discard_n += 50
    do(s, "rest", "m1")
    assert s.phase == DEATH
    assert {str(a) for a in s.legal_actions()} == {"continue", "gameover"}
    t = s.clone()
    do(t, "gameover")
    assert t.phase == OVER and t.result().score == 50
    s.status |= CLAIR
    s.apply(G.parse_action(s, "continue"))
    while s.is_chance():
        s.apply(s.chance_table().actions[0])
    assert s.hp == s.maxhp and s.status == 0 and s.floor == 3 and s.gold == 50
    assert len(s.weapons) == 2 and s.continues == 1 and s.food == 0


@pytest.mark.parametrize("bonus,expected", [(True, 110), (False, 100)])
def test_forced_end_bonus(bonus: bool, expected: int) -> None:  # §4.4 [SEED]
    s = quiet_room()
    s.forced_bonus = bonus
    s.gold = 100
    do(s, "forced-end")
    assert s.phase == OVER and s.result().score == expected and s.cause == "forced_end"


@pytest.mark.parametrize("bonus", [True, False])
def test_victory_from_b1_with_the_amulet(bonus: bool) -> None:  # §4.5, §4.6 [SEED], §7.28, D41
    s = quiet_room(lab=(4, 0), amulet=True)
    s.victory_bonus = bonus
    s.gold = 1000
    s.weapons = []
    s.weapon_eq = -1
    s.armours = []
    s.armour_eq = -1
    s.bow = False
    s.missiles = [False, False, False]
    assert "stairs:up" in {str(a) for a in s.legal_actions()}
    do(s, "stairs:up")
    assert s.won and s.phase == OVER
    assert s.result().score == (1100 if bonus else 1000) + 5000  # the Amulet is worth 5,000


def test_stairs_lead_down_only_without_the_amulet() -> None:  # §3.2 plate East, §7.27
    s = quiet_room(lab=(4, 0))
    acts = {str(a) for a in s.legal_actions()}
    assert "stairs:down" in acts and "stairs:up" not in acts


def test_each_floor_change_repeats_game_start_steps_2_to_5() -> None:  # §3.1
    s = quiet_room(lab=(4, 0))
    do(s, "stairs:down")
    assert s.is_chance()
    while s.is_chance():
        s.apply(s.chance_table().actions[0])
    assert s.floor == 2 and sum(len(r) for r in s.slots) == 36


def test_tile_meanings() -> None:  # §2.1 [SEED]
    assert new_slot(TILE_NAMES.index("m1"), 1).kind == K_MON
    assert new_slot(TILE_NAMES.index("p6"), 1).kind == K_TRAP
    assert new_slot(TILE_NAMES.index("p7"), 1).kind == K_GOLD
    assert new_slot(TILE_NAMES.index("s1"), 1).kind == K_ITEM


def test_amulet_is_an_s1_on_floor_10() -> None:  # §2.1 s1 = Amulet, row 38, D39
    s = quiet_room(slots=("s1", "s1"), floor=10)
    do(s, "pick:1")
    assert s.amulet and s.observation()["sheet"]["stairs"] == "S"
    do(s, "pick:2")
    assert s.food == 1 + FOOD_GAIN  # the second s1 is food (food.item_gain, tuned: JR-P8)


def test_honour_tiles_are_not_in_the_pile() -> None:  # §2.1 W H C reserved
    s = new()
    with pytest.raises(ValueError):
        G.parse_action(s, "白")


def test_state_types() -> None:
    assert isinstance(new(), JongRogueState)
    assert PLAY.name == "play" and PLAY.decision


def test_forced_end_can_be_disabled_for_balance_runs() -> None:  # §7.30 (the random bot)
    s = started("ez", seed=2, **{"forced-end": "off"})
    assert "forced-end" not in {str(a) for a in s.legal_actions()}
    assert s.options()["forced-end"] == "off"
    assert "forced-end" in {str(a) for a in started("ez", seed=2).legal_actions()}


def test_forced_end_is_typed_as_its_notation_in_line_mode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 11 item 2: the forced end's notation is ``forced-end``; typed in line mode it plays
    the forced end (§4.4), it does not leave the program as ``quit`` does."""
    from solotable.core.session import Session
    from solotable.ui.cli import LinePlayer

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    session = Session("jongrogue", seed=3, options={"rules": "ez-plus"})
    assert "forced-end" in {str(a) for a in session.state.legal_actions()}
    assert not any(a.name == "quit" for a in session.state.legal_actions())
    lines = iter(["forced-end", "y", "yes"])
    out: list[str] = []

    def answer(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    LinePlayer(session, "en", answer, out.append).run()
    assert session.state.is_terminal() and session.state.result().details["cause"] == "forced_end"


def test_forced_end_asks_for_confirmation() -> None:  # issue 11 item 10, §4.4
    s = quiet_room("ez-plus")  # with the forced-end bonus rule: +10%
    s.gold = 100
    (warning,) = s.warnings(Action("forced-end"))
    assert "110" in G.event_text(warning, "en") and "110" in G.event_text(warning, "ja")  # with the bonus rule
    assert all(not s.warnings(a) for a in s.legal_actions() if a.name != "forced-end")
