"""The review engine: luck + skill = result − start on every game, solo and co-op; verdicts;
deterministic reviews; proficiency."""

from __future__ import annotations

import math
import random

import pytest

from solotable.agents.review import (
    BLUNDER,
    DEFAULT_BUDGET,
    INACCURACY,
    MISTAKE,
    Review,
    proficiency,
    review,
    verdict,
)
from solotable.agents.search import game_policy
from solotable.core.record import Record
from solotable.core.registry import load
from tests.review.helpers import played

CASES = [
    ("minirogue-v1", 5, None, {}),
    ("minirogue-v1", 11, None, {"difficulty": "hard"}),
    ("minirogue", 3, 60, {}),
    ("minirogue", 4, 70, {"partner": "mage"}),  # co-op: two seats
    ("deepspace-d6", 2, None, {}),
    ("jongrogue", 1, 160, {}),
]


def _check_identity(r: Review) -> None:
    assert r.identity_error() < 1e-9
    assert math.isclose(r.luck + r.skill, r.result - r.start, abs_tol=1e-9)
    assert len(r.values) == r.steps + 1
    assert r.values[0] == r.start and r.values[-1] == r.result
    # every step's change is its decision's loss, its event's luck, or nothing
    change = {d.index: -d.loss for d in r.decisions} | {e.index: e.luck for e in r.events}
    for i in range(r.steps):
        assert math.isclose(r.values[i + 1] - r.values[i], change.get(i, 0.0), abs_tol=1e-12)


@pytest.mark.parametrize(("game_id", "seed", "limit", "options"), CASES)
def test_luck_plus_skill_is_result_minus_start(
    game_id: str, seed: int, limit: int | None, options: dict[str, object]
) -> None:
    record = played(game_id, seed, limit, **options)
    r = review(record, budget=3, seed=seed)
    _check_identity(r)
    assert r.decisions and r.events
    for d in r.decisions:
        assert d.loss >= 0.0
        assert d.moves >= 2
        assert d.chosen.low <= d.chosen.win <= d.chosen.high
        assert d.best.low <= d.best.win <= d.best.high
        if d.loss > 0:
            assert d.best.action != d.chosen.action and d.loss_low > 0
        else:  # a move not told apart from the one played is not shown as better
            assert d.best == d.chosen
    for e in r.events:
        assert 0 < e.probability < 1
    if options.get("partner", "none") != "none":  # co-op: each seat's decisions, their losses
        assert r.seats() == [0, 1]
        assert math.isclose(math.fsum(r.seat_loss(s)[0] for s in r.seats()), r.loss, abs_tol=1e-12)
        assert sum(r.seat_loss(s)[1] for s in r.seats()) == len(r.decisions)
    if limit is None:  # a finished game ends on its result
        assert r.result in (0.0, 1.0)


def test_same_record_budget_and_seed_same_review() -> None:
    record = played("deepspace-d6", 2)
    a, b = review(record, budget=3, seed=9), review(record, budget=3, seed=9)
    assert a.values == b.values
    assert [(d.index, d.loss, d.verdict) for d in a.decisions] == [(d.index, d.loss, d.verdict) for d in b.decisions]


def test_verdict_thresholds() -> None:
    # a verdict is the largest threshold the loss's 95% interval lies wholly above (its lower
    # end), so that a loss near a threshold is not flagged on noise
    assert verdict(0.019, 0.01) is None
    assert verdict(0.02, 0.02) == INACCURACY
    assert verdict(0.026, 0.020) == INACCURACY  # 2.6 [2.0, 3.2] points
    assert verdict(0.021, 0.017) is None  # 2.1 [1.7, 2.4]: perhaps under 2 points
    assert verdict(0.05, 0.01) is None
    assert verdict(0.0999, 0.05) == MISTAKE
    assert verdict(0.25, 0.067) == MISTAKE  # 25.0 [6.7, 43.3]: at least 5 points, perhaps not 10
    assert verdict(0.12, 0.10) == BLUNDER
    assert verdict(0.30, 0.0) is None  # not told apart from no loss
    assert verdict(0.30, -0.1) is None
    assert verdict(0.0, 0.03) is None  # a loss not counted (its sign test failed) gets no verdict


def test_win_or_loss_differences_need_the_sign_test() -> None:
    # Mini Rogue v1's rollouts end in a win or a loss: 5 of 32 paired rounds won by the best move
    # and none by the played one is 15.6 [2.3, 28.9] points by Student's t, but a fair coin gives
    # 5 heads in 5 once in 32: no loss is counted; 8 of 8 is (1 in 256)
    from solotable.agents import review as rv

    five = [1.0] * 5 + [0.0] * 27
    _, low, _ = rv._paired(five)
    assert low > 0.02
    assert not rv._sign_test(five)
    assert rv._sign_test([1.0] * 8 + [0.0] * 24)
    assert not rv._sign_test([1.0] * 10 + [-1.0] * 5 + [0.0] * 17)
    assert rv._sign_test([0.3, 0.2, 0.5, 0.1])  # evaluation-scored differences: t alone decides
    from solotable.core.protocol import Action

    a, b = Action("a"), Action("b")
    found = rv._Search({a: [0.0] * 32, b: [0.0] * 32}, b, ([0.0] * 32, [1.0] * 5 + [0.0] * 27), 0.0)
    best, loss, low, _, _, _ = rv._judge(found, a)
    assert best == a and loss == 0.0 and low > 0.02
    assert verdict(loss, low) is None


def test_a_deliberate_blunder_is_flagged() -> None:
    # Mini Rogue v1: the heuristic's opening, then always the last legal move listed (often
    # fleeing, or leaving the shop empty-handed); the review must find a loss of 10 points or more
    game = load("minirogue-v1")
    best_found = 0.0
    for seed in range(3):
        state = game.new_state(seed=seed)
        record = Record.start(state)
        policy = game_policy("minirogue-v1")
        assert policy is not None
        rng = random.Random(seed)
        while not state.is_terminal() and len(record.actions) < 40:
            if state.is_chance():
                action = state.chance_table().sample(rng)
            else:
                legal = state.legal_actions()
                action = legal[-1] if len(record.actions) > 6 else policy(state, rng)
            record.actions.append(str(action))
            state.apply(action)
        r = review(record, budget=DEFAULT_BUDGET, seed=seed)  # the default: a win-or-loss loss needs the sign test
        _check_identity(r)
        best_found = max([best_found, *(d.loss for d in r.decisions)])
    assert best_found >= 0.10


def test_proficiency_mean_loss_per_decision() -> None:
    reviews = [review(played("minirogue-v1", s), budget=3, seed=s) for s in (5, 7)]
    p = proficiency(reviews)
    assert p is not None
    n = sum(len(r.decisions) for r in reviews)
    assert p.games == 2 and p.decisions == n
    assert math.isclose(p.mean_loss, sum(r.loss for r in reviews) / n)
    assert p.low <= p.mean_loss <= p.high
    assert proficiency([]) is None


def test_budget_must_be_positive() -> None:
    with pytest.raises(ValueError):
        review(played("minirogue-v1", 5), budget=0)


def test_one_round_flags_nothing() -> None:
    # a single paired round has no noise estimate: no loss can be told from zero
    r = review(played("deepspace-d6", 2), budget=1)
    _check_identity(r)
    assert all(d.loss == 0.0 and d.verdict is None for d in r.decisions)
