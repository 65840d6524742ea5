"""Mini Rogue 2020's review evaluation (issue 24): the review's rollouts stop at the start of the
next area, where a logistic regression fitted on heuristic games (value.toml) scores them; the
search bots still play to the end."""

from __future__ import annotations

import random

from solotable.agents import review as rv
from solotable.agents.search import MCTSAgent, game_evaluation, game_horizon, rollout
from solotable.core.registry import load
from solotable.games.minirogue import heuristic as H
from solotable.games.minirogue.state import MiniRogueState


def test_the_review_stops_at_the_next_area_and_scores_it() -> None:
    est = rv._Estimator("minirogue", rv._success(None))
    assert est.evaluation is not None and est.horizon == H.REVIEW_HORIZON == 1
    state = load("minirogue").new_state(seed=4, partner="mage")
    assert isinstance(state, MiniRogueState)
    stopped = 0
    for k in range(12):
        sim = state.clone()
        sim.set_events(False)
        value = est.play_out(sim, (k + 1) / 13)
        assert 0.0 <= value <= 1.0
        if not sim.is_terminal():  # cut at the horizon: the start of the next area, scored by the fit
            assert sim.area > state.area
            assert value == H.evaluate(sim)
            stopped += 1
    assert stopped


def test_the_evaluation_reads_the_observation_vector_and_ranks_positions() -> None:
    game = load("minirogue")
    fresh = game.new_state(seed=1)
    assert isinstance(fresh, MiniRogueState)
    assert len(H.features(fresh)) == len(H.FEATURES) + 1
    hurt = fresh.clone()
    assert isinstance(hurt, MiniRogueState)
    hurt.heroes[0].hp = 1
    assert 0.0 < H.evaluate(hurt) < H.evaluate(fresh) < 1.0  # fewer HP, a lower chance
    end = rollout(fresh.clone(), rv._Estimator("minirogue", rv._success(None)).policy, random.Random(3))
    assert end.is_terminal() and H.evaluate(end) == (1.0 if end.result().won else 0.0)


def test_the_search_bots_still_play_to_the_end() -> None:
    # the evaluation is the review's only: MCTS and expectimax play Mini Rogue 2020 as before
    assert game_evaluation("minirogue") is None and game_horizon("minirogue") == 0
    agent = MCTSAgent("minirogue", iterations=8)
    assert agent.horizon == 0 and agent.evaluation is None and agent.blend == 0.0


def test_solo_and_co_op_have_their_own_fits() -> None:
    # one fit pooling solo and co-op was overconfident in co-op (Rogue and Mage: positions rated
    # 60-70% won 54%) and underconfident solo (rated 20-50%, won 8 points more): two fits now
    import math

    import numpy as np

    fits = H._weights()
    assert fits[False][0] != fits[True][0] and not np.array_equal(fits[False][1], fits[True][1])
    for partner, coop in (("none", False), ("mage", True)):
        state = load("minirogue").new_state(seed=2, partner=partner)
        assert isinstance(state, MiniRogueState)
        bias, full = fits[coop]
        x = np.array(H.features(state)[1:])
        z = bias + float(x @ full[H._COLS])
        assert math.isclose(H.evaluate(state), 1.0 / (1.0 + math.exp(-z)), rel_tol=1e-6)
