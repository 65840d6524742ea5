"""The core's chance primitives: exact tables, lazily; one sampler for every way a table is built."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest

from solotable.core import chance
from solotable.core.action import Action
from solotable.core.chance import ChanceTable, dice_multisets, dice_table, die_table, draw_table


@pytest.fixture(params=[False, True], ids=["running-sums", "one-pass"])
def pile_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """A pile's table both ways :func:`draw_table` builds it: from its running sums (pure Python)
    and sampled from its counts in one pass (compiled; the constant is read there as built, so a
    compiled run tests its own way twice)."""
    monkeypatch.setattr(chance, "_ONE_PASS", request.param)
    return bool(request.param)


def test_weights_and_fractions_give_the_same_table_and_the_same_samples() -> None:
    actions = tuple(Action("card", c) for c in "abcde")
    weights = (3, 0, 1, 5, 2)
    by_weight = ChanceTable.weighted(actions, weights)
    by_fraction = ChanceTable((a, Fraction(w, 11)) for a, w in zip(actions, weights, strict=True))
    assert by_weight.actions == by_fraction.actions == tuple(a for a, w in zip(actions, weights, strict=True) if w)
    assert by_weight.outcomes == by_fraction.outcomes
    assert by_weight.probability(actions[3]) == Fraction(5, 11)
    assert by_weight.probability(actions[1]) == 0
    r1, r2 = random.Random(9), random.Random(9)
    assert [by_weight.sample(r1) for _ in range(500)] == [by_fraction.sample(r2) for _ in range(500)]


def test_the_sampler_is_the_one_games_always_used(pile_path: bool) -> None:
    # cum[i] = partial / total, correctly rounded, last = 1.0, bisect_right on rng.random():
    # the same draws as the tables the games built before, so the same seeds give the same games
    from bisect import bisect_right

    counts = (4, 4, 4, 4, 1, 0, 7, 2)
    actions = tuple(Action("tile", i) for i in range(len(counts)))
    table = draw_table(actions, counts)
    kept = [a for a, c in zip(actions, counts, strict=True) if c]
    acc, cum = Fraction(0), []
    for c in (c for c in counts if c):
        acc += Fraction(c, sum(counts))
        cum.append(float(acc))
    cum[-1] = 1.0
    rng1, rng2 = random.Random(3), random.Random(3)
    assert [table.sample(rng1) for _ in range(1000)] == [kept[bisect_right(cum, rng2.random())] for _ in range(1000)]


def test_uniform_tables_share_their_sampling_floats_and_sample_as_weighted_ones() -> None:
    # a pile rebuilt at every draw (a room deck) reuses the floats of its size: same samples
    for n in (1, 3, 7, 20):
        actions = tuple(Action("card", i) for i in range(n))
        same = ChanceTable.uniform(tuple(reversed(actions)))
        table = ChanceTable.uniform(actions)
        assert table._cum is not None and table._cum is same._cum  # built once per size, before any draw
        weighted = ChanceTable.weighted(actions, (5,) * n)
        r1, r2 = random.Random(n), random.Random(n)
        assert [table.sample(r1) for _ in range(300)] == [weighted.sample(r2) for _ in range(300)]
        u = [i / 97 for i in range(97)]
        assert [table.sample_float(x) for x in u] == [weighted.sample_float(x) for x in u]


def test_dice_multisets_are_exact() -> None:
    for n in range(1, 5):
        counted: dict[tuple[int, ...], int] = {}
        for faces in product(range(1, 7), repeat=n):
            key = tuple(sorted(faces))
            counted[key] = counted.get(key, 0) + 1
        assert dict(dice_multisets(n)) == counted
    table = dice_table(3)
    assert len(table) == 56 and table.total == 216
    assert table.probability(Action("roll", 1, 1, 1)) == Fraction(1, 216)
    assert table.probability(Action("roll", 1, 2, 3)) == Fraction(6, 216)
    assert str(table.actions[0]) == "roll:1,1,1"
    assert die_table("d6").outcomes == tuple((Action("d6", f), Fraction(1, 6)) for f in range(1, 7))
    assert dice_table(3) is dice_table(3)  # cached


def test_membership_is_by_typed_action() -> None:
    table = die_table("d6")
    assert Action("d6", 3) in table
    assert Action("d6", "3") not in table  # prints the same, but is not the outcome
    assert Action("d6", 7) not in table


def test_bad_tables_are_refused() -> None:
    a, b = Action("x"), Action("y")
    with pytest.raises(ValueError):
        ChanceTable([])
    with pytest.raises(ValueError):
        ChanceTable([(a, Fraction(1, 2))])
    with pytest.raises(ValueError):
        ChanceTable.weighted((a, b), (0, 0))
    with pytest.raises(ValueError):
        ChanceTable.weighted((a, b), (1, -1))
    with pytest.raises(ValueError):
        ChanceTable.weighted((a,), (1, 2))
    with pytest.raises(ValueError):
        ChanceTable.uniform(())


def test_zero_weights_are_never_outcomes_even_when_read_after_sampling(pile_path: bool) -> None:
    # a pile's table keeps its kinds with no copy left until its outcomes are read
    actions = tuple(Action("tile", i) for i in range(5))
    table = draw_table(actions, [0, 3, 0, 2, 0])
    assert {table.sample(random.Random(seed)) for seed in range(200)} == {actions[1], actions[3]}
    assert table.actions == (actions[1], actions[3]) and table.weights == (3, 2) and len(table) == 2
    assert actions[0] not in table and actions[4] not in table and table.probability(actions[2]) == 0
    assert table.outcomes == ((actions[1], Fraction(3, 5)), (actions[3], Fraction(2, 5)))


def test_a_negative_count_in_a_pile_is_refused_when_its_outcomes_are_read(pile_path: bool) -> None:
    # draw_table checks what play and the exact tables read, not each simulated draw
    actions = tuple(Action("tile", i) for i in range(3))
    for read in (lambda t: t.actions, lambda t: actions[0] in t, lambda t: t.outcomes, len):
        with pytest.raises(ValueError, match="negative"):
            read(draw_table(actions, [2, -1, 3]))
    with pytest.raises(ValueError):
        draw_table(actions, [0, 0, 0])
    with pytest.raises(ValueError):
        draw_table(actions, [1, 2])


def test_exact_fractions_are_made_only_when_asked(pile_path: bool) -> None:
    table = draw_table(tuple(Action("c", i) for i in range(30)), range(1, 31))
    assert table._exact is None
    table.sample(random.Random(1))
    assert table._exact is None
    assert sum(p for _, p in table.outcomes) == 1


def test_a_table_sampled_once_or_often_gives_the_cumulative_samplers_outcome(pile_path: bool) -> None:
    """The first sample of a table (from the running sums) and later ones (from the list of floats)
    give the outcome of the one sampler: the first ``cum[i]`` above ``u``, for every ``u``, even
    where a float division rounds onto a boundary."""
    from bisect import bisect_right

    rng = random.Random(5)
    for _ in range(3000):
        counts = [rng.choice((0, 0, 1, 2, 3, 4, 7, 1000003)) for _ in range(rng.randint(1, 30))]
        if not any(counts):
            continue
        actions = tuple(Action("k", i) for i in range(len(counts)))
        kept = [a for a, c in zip(actions, counts, strict=True) if c]
        total = sum(counts)
        acc, cum = 0, []
        for c in (c for c in counts if c):
            acc += c
            cum.append(acc / total)
        cum[-1] = 1.0
        boundaries = [x / total for x in range(min(total, 37))]
        below = [math.nextafter(v, 0.0) for v in cum]  # just under a boundary: rounding decides
        probes = [rng.random(), 0.0, 1.0 - 2**-53, *boundaries, *cum[:-1], *below]
        for u in probes:
            once = draw_table(actions, counts)
            assert once.sample_float(u) == kept[bisect_right(cum, u)], (counts, u)
            assert once.sample_float(u) == kept[bisect_right(cum, u)], (counts, u)  # the list of floats now
            assert once.sample_float(u) == kept[bisect_right(cum, u)]


def test_a_table_pickles_as_built_without_what_reading_it_made(pile_path: bool) -> None:
    """A state's table goes with it through pickle: the exact outcomes, the sampling floats and the
    set of outcomes that reading and sampling made are made again on first use, not pickled (they
    more than doubled a six-dice table's pickle), and the copy samples as the table does (a
    pile's table both ways it is built)."""
    import pickle

    rng = random.Random(3)
    for table in (dice_table(6), ChanceTable.uniform([Action("c", i) for i in range(9)]),
                  draw_table(tuple(Action("k", i) for i in range(5)), (3, 0, 2, 7, 1))):  # fmt: skip
        fresh = pickle.dumps(table)
        assert table.outcomes and Action("nothing") not in table
        table.sample(rng)
        table.sample(rng)
        assert pickle.dumps(table) == fresh
        copy = pickle.loads(fresh)
        assert copy.outcomes == table.outcomes and copy.total == table.total
        probes = [rng.random() for _ in range(50)]
        assert [copy.sample_float(u) for u in probes] == [table.sample_float(u) for u in probes]
