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


# A decision of a fallible player's solo game (the heuristic with a random move at 20% of its
# decisions; seed 7, step 116: confirming an attack rather than a backstab) that the search cut at
# the next area flagged as an inaccuracy for every rollout seed tried, 2.8 [2.8, 2.9] points (the
# fitted evaluation's difference between the two positions, nearly the same in every paired
# round), and whose loss 2,000 paired rounds played to the end measure at 1.5 [0.8, 2.2] points,
# under the threshold (docs/review.md, *Stability of the verdicts*). (Two more such flags, 3.5 and
# 3.3 points at the horizon, measured 2.5 [1.0, 4.0] and 2.5 [1.5, 3.5] to the end: overstated,
# perhaps inaccuracies still, so not asserted either way.)
_CUT_FALSE_ALARMS = ((7, 116),)


def test_a_loss_is_measured_to_the_end() -> None:
    assert rv.loss_to_the_end("minirogue") and not rv.luck_only("minirogue")
    ests = rv._estimators("minirogue", None, None)  # solo and co-op alike
    # the chance nodes and the decisions' screen: rollouts to the next area, scored by the fit
    assert ests.luck is ests.decisions
    assert ests.luck.horizon == H.REVIEW_HORIZON == 1 and ests.luck.evaluation is H.evaluate
    assert ests.loss.horizon == 0  # the loss of a better move: to the end, as the search bots play
    # a horizon asked for (0: every rollout to the end) is one estimator throughout
    end = rv._estimators("minirogue", None, 0)
    assert end.luck is end.decisions is end.loss and end.luck.horizon == 0


def test_a_trade_the_evaluation_misjudges_is_not_flagged() -> None:
    for seed, step in _CUT_FALSE_ALARMS:
        record = rv.heuristic_record("minirogue", seed, slip=0.2)
        states = [s.clone() for s, _ in record.replay_states()]
        state = states[step - 1]
        chosen = next(a for a in state.legal_actions() if str(a) == record.actions[step - 1])
        for k in range(2):
            *_, flag = rv.judge_decision("minirogue", state, chosen, rv.DEFAULT_BUDGET, (k + 1) / 7)
            assert flag is None, (seed, step, k)
