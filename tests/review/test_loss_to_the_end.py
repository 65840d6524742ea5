"""A review whose rollouts stop at a horizon scored by a fitted evaluation measures the loss of a
better move found there afresh by rollouts to the end (``BotHooks.review_loss_to_the_end``): at
the horizon, the evaluation's error in the difference between two moves is the same in every
paired round, and a search at the default budget is sure of a loss that rollouts to the end, at
ten times the budget, do not find (docs/review.md, *Stability of the verdicts*)."""

from __future__ import annotations

import pytest

from solotable.agents import review as rv

# Decisions of a fallible player's Deep Space D-6 games (the heuristic with a random move at 20%
# of its decisions; seed, step) that the search cut at the end of the round flagged for every
# rollout seed tried (2.8 to 6.6 points: ending the turn rather than changing crew or firing),
# and that the same search with its loss measured to the end at 320 rounds finds no worse.
_ROUND_FALSE_ALARMS = ((2, 5), (3, 21), (4, 4))


@pytest.mark.parametrize(("seed", "step"), _ROUND_FALSE_ALARMS)
def test_deepspace_d6_round_horizon_false_alarms_are_not_flagged(seed: int, step: int) -> None:
    record = rv.heuristic_record("deepspace-d6", seed, slip=0.2)
    states = [s.clone() for s, _ in record.replay_states()]
    state = states[step - 1]
    chosen = next(a for a in state.legal_actions() if str(a) == record.actions[step - 1])
    for k in range(2):
        *_, flag = rv.judge_decision("deepspace-d6", state, chosen, rv.DEFAULT_BUDGET, (k + 1) / 7)
        assert flag is None, k


def test_which_games_measure_their_losses_to_the_end() -> None:
    for game_id in ("deepspace-d6", "minirogue"):
        ests = rv._estimators(game_id, None, None)
        assert rv.loss_to_the_end(game_id) and ests.decisions is ests.luck and ests.luck.horizon > 0
        assert ests.loss.horizon == 0
    for game_id in ("minirogue-v1", "jongrogue"):  # v1 searches its decisions to the end already
        assert not rv.loss_to_the_end(game_id)
        ests = rv._estimators(game_id, None, None)
        assert ests.loss is ests.decisions
