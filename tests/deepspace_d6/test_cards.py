"""The deck of Deep Space D-6 (§6): every card of the reference's table in the data with the
same numbers, and every threat card played against every face of the threat die."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solotable.games.deepspace_d6.data import FACES, data

from .helpers import (
    BOMBERS,
    DECK,
    IGNORES_SHIELDS,
    PLAIN_DAMAGE,
    G,
    new,
    phase,
    play,
    threat,
    to_step5,
)

D = data()

# §6.5, transcribed: the cards each threat-die result activates.
ACTIVATION_TABLE = {
    1: {"e2", "e7", "e13", "e14", "e16", "e17", "e19", "e22", "i8", "i10"},
    2: {"e2", "e5", "e6", "e7", "e9", "e13", "e14", "e17", "e21", "i2", "i7", "i10", "i11"},
    3: {"e3", "e4", "e10", "e13", "e14", "e17", "e22", "e23", "i5", "i10"},
    4: {"e1", "e3", "e4", "e5", "e6", "e8", "e9", "e11", "e12", "e13", "e14", "e17", "e18", "e19", "i5", "i7"},
    5: {"e1", "e8", "e10", "e11", "e12", "e13", "e14", "e17"},
    6: {"e8", "e9", "e11", "e18", "e23", "i1"},
}


def test_every_card_of_the_reference_is_in_the_data_row_by_row() -> None:
    assert [c.id for c in D.cards] == list(DECK)
    for c in D.cards:
        name, kind, copies, health, activation, damage, mission = DECK[c.id]
        assert c.kind == kind, c.id
        assert c.copies == copies, c.id
        assert (c.health or None) == health if kind == "external" else c.health == 0, c.id
        assert c.activation == activation, c.id
        if kind == "external":
            assert c.damage == damage, c.id
        slots = tuple("/".join(sorted(FACES[f] for f in slot)).replace("med/sci", "sci/med") for slot in c.slots)
        assert slots == mission, c.id
        assert c.ignores_shields == (c.id in IGNORES_SHIELDS), c.id
        assert G.catalogue.text(f"ds6.card.{c.id}", "en") == name


def test_deck_totals() -> None:
    """§6: 25 external + 11 internal + 6 Don't Panic = 42; starting health sums to 68."""
    ext = sum(c.copies for c in D.cards if c.kind == "external")
    inte = sum(c.copies for c in D.cards if c.kind == "internal")
    dp = sum(c.copies for c in D.cards if c.kind == "dont_panic")
    assert (ext, inte, dp) == (25, 11, 6)
    assert sum(c.copies * c.health for c in D.cards) == 68
    assert D.dont_panic.id == "dp" and D.size == 36


@pytest.mark.parametrize("value", range(1, 7))
def test_activation_table(value: int) -> None:
    assert {c.id for c in D.cards if value in c.activation} == ACTIVATION_TABLE[value]


def test_presets_and_lengths() -> None:  # DS-P3
    """§2.2, §2.3: Don't Panic kept per preset, cards removed per length, deck sizes."""
    assert D.difficulty.dont_panic == {"beginner": 6, "easy": 5, "normal": 3, "hard": 0}
    assert D.length.removed == {"full": 0, "short": 5, "quick": 8}
    sizes = {
        "beginner": (42, 37, 34),
        "easy": (41, 36, 33),
        "normal": (39, 34, 31),
        "hard": (36, 31, 28),
    }
    for difficulty, row in sizes.items():
        for length, size in zip(("full", "short", "quick"), row, strict=True):
            s = G.new_state(difficulty=difficulty, length=length)
            assert s.observation()["deck_left"] == size
            # the draw is uniform over every card not yet seen (removed ones included, §2.4)
            unseen = 36 + D.difficulty.dont_panic[difficulty]
            table = dict(s.chance_outcomes())
            from solotable import Action

            assert table[Action("draw", "e18")] == Fraction(2, unseen)
            if D.difficulty.dont_panic[difficulty]:
                assert table[Action("draw", "dp")] == Fraction(D.difficulty.dont_panic[difficulty], unseen)
            else:
                assert Action("draw", "dp") not in table


def expected_after(cid: str, v: int) -> tuple[int, int]:
    """(hull, shields) after threat die ``v`` with this card alone in play, from hull 8 and
    shields 4, computed from the reference's table (§5.8)."""
    activation, damage = DECK[cid][4], DECK[cid][5]
    if v not in activation or cid not in PLAIN_DAMAGE | BOMBERS:
        return 8, 4
    if cid in IGNORES_SHIELDS:
        return 8 - damage, 4
    return 8, 4 - damage


@pytest.mark.parametrize("cid", sorted(PLAIN_DAMAGE | BOMBERS))
@pytest.mark.parametrize("v", range(1, 7))
def test_each_attacking_external_on_each_face(cid: str, v: int) -> None:
    s = new(cid, faces="eng eng eng eng eng eng")
    to_step5(s)
    assert phase(s) == "threat"
    play(s, f"threat:{v}")
    o = s.observation()
    assert (o["hull"], o["shields"]) == expected_after(cid, v)
    if cid in BOMBERS and v in DECK[cid][4]:  # "Send a unit to the Infirmary" (R5: forced, all alike)
        assert o["dice_count"]["infirmary"] == 1
    else:
        assert o["dice_count"]["infirmary"] == 0


@pytest.mark.parametrize("cid", sorted(c for c in DECK if c not in ("dp", "i6")))
def test_each_card_enters_play_when_drawn(cid: str) -> None:
    """§5.7: externals go to the damage track at full health, internals to the internal zone."""
    s = new(faces="tac tac tac tac tac tac")
    play(s, "end", f"draw:{cid}")
    name = cid + ("a" if DECK[cid][2] > 1 else "")
    t = threat(s, name)
    assert t is not None and t["kind"] == DECK[cid][1]
    assert t["health"] == DECK[cid][3]
    assert tuple(t["activation"]) == DECK[cid][4]
    assert s.observation()["deck_left"] == 42 - 3


def test_dont_panic_uses_up_the_draw() -> None:
    """§6.4, R17: discarded, nothing happens, no replacement."""
    s = new(faces="tac tac tac tac tac tac")
    play(s, "end", "draw:dp")
    o = s.observation()
    assert o["threats"] == [] and o["discard"] == ["dp", "dp", "dp"] and o["deck_left"] == 39
