"""Mini Rogue v1's review evaluation (issue 24): a logistic regression fitted on heuristic games at
the start of each area (value.toml) values the chance nodes by rollouts to the next area, so that a
roll's luck is far less noisy than the difference of two win-or-loss means; the decisions are still
searched by rollouts to the end, and the search bots still play as before."""

from __future__ import annotations

import math
import statistics

from solotable.agents import review as rv
from solotable.agents.search import game_evaluation, game_horizon
from solotable.core.registry import load
from solotable.games.minirogue_v1 import heuristic as H
from solotable.games.minirogue_v1.state import MiniRogueState
from tests.review.helpers import played


def test_the_luck_stops_at_the_next_area_and_the_decisions_play_to_the_end() -> None:
    assert rv.luck_only("minirogue-v1") and not rv.luck_only("minirogue")
    est = rv._Estimator("minirogue-v1", rv._success(None))
    assert est.evaluation is H.review_evaluate and est.horizon == H.REVIEW_HORIZON == 1
    assert est.search_horizon == 0  # the decisions: to the end, as the search bots play
    state = load("minirogue-v1").new_state(seed=4)
    assert isinstance(state, MiniRogueState)
    stopped = 0
    for k in range(12):
        sim = state.clone()
        sim.set_events(False)
        value = est.play_out(sim, (k + 1) / 13)
        assert 0.0 <= value <= 1.0
        if not sim.is_terminal():  # cut at the start of the next area, scored by the fit
            assert sim.area > state.area
            assert value == H.review_evaluate(sim)
            stopped += 1
    assert stopped
    # the search bots keep their evaluation and play to the end
    assert game_evaluation("minirogue-v1") is H.evaluate and game_horizon("minirogue-v1") == 0


def test_the_evaluation_reads_the_observation_vector_and_ranks_positions() -> None:
    fresh = load("minirogue-v1").new_state(seed=1)
    assert isinstance(fresh, MiniRogueState)
    assert len(H.features(fresh)) == len(H.feature_names()) + 1
    hurt = fresh.clone()
    assert isinstance(hurt, MiniRogueState)
    hurt.hp = 2
    assert 0.0 < H.review_evaluate(hurt) < H.review_evaluate(fresh) < 1.0  # fewer HP, a lower chance
    deeper = fresh.clone()
    assert isinstance(deeper, MiniRogueState)
    deeper.area = 5
    assert H.review_evaluate(deeper) != H.review_evaluate(fresh)


def test_every_chance_node_is_valued_afresh_and_the_identity_holds() -> None:
    r = rv.review(played("minirogue-v1", 3, 90), budget=4, seed=3)
    assert r.identity_error() < 1e-9
    assert math.isclose(r.luck + r.skill, r.result - r.start, abs_tol=1e-9)
    single = [e for e in r.events if e.run == 1]  # an event alone between two decisions
    assert single and all(e.rounds == 4 for e in single)


def test_the_luck_of_a_roll_is_measured_not_drawn() -> None:
    # the same game reviewed with two rollout seeds: a roll's luck must agree within a few points
    # (rollouts to the end gave 14 to 18 points of noise per roll at the default budget)
    record = played("minirogue-v1", 1, 120)
    a, b = (rv.review(record, rv.DEFAULT_BUDGET, seed=s) for s in (0, 1))
    other = {e.index: e.luck for e in b.events if e.run}
    diffs = [e.luck - other[e.index] for e in a.events if e.run]
    assert len(diffs) >= 20
    assert statistics.stdev(diffs) / math.sqrt(2.0) < 0.07
