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
# rollout seed tried, and whose loss 2,000 paired rounds played to the end measure far smaller
# (docs/review.md, *Stability of the verdicts*): ending the turn rather
# than changing crew, an inaccuracy of 2.9 [2.8, 2.9] points at the round's end, 0.7 [-0.9, 2.2]
# to the end; changing tactical and science crew rather than medical and command, a mistake of
# 6.7 [6.6, 6.7] points at the round's end, 2.0 [0.4, 3.6] to the end (not a mistake).
_ROUND_OVERSTATED = (((2, 5), None), ((4, 4), rv.INACCURACY))


@pytest.mark.parametrize(("case", "worst"), _ROUND_OVERSTATED)
def test_deepspace_d6_round_horizon_overstatements_are_not_flagged(
    case: tuple[int, int], worst: str | None
) -> None:
    seed, step = case
    record = rv.heuristic_record("deepspace-d6", seed, slip=0.2)
    states = [s.clone() for s, _ in record.replay_states()]
    state = states[step - 1]
    chosen = next(a for a in state.legal_actions() if str(a) == record.actions[step - 1])
    allowed = {None} if worst is None else {None, worst}
    for k in range(2):
        *_, flag = rv.judge_decision("deepspace-d6", state, chosen, rv.DEFAULT_BUDGET, (k + 1) / 7)
        assert flag in allowed, k


def test_which_games_measure_their_losses_to_the_end() -> None:
    for game_id in ("deepspace-d6", "minirogue"):
        ests = rv._estimators(game_id, None, None)
        assert rv.loss_to_the_end(game_id) and ests.decisions is ests.luck and ests.luck.horizon > 0
        assert ests.loss.horizon == 0
    for game_id in ("minirogue-v1", "jongrogue"):  # v1 searches its decisions to the end already
        assert not rv.loss_to_the_end(game_id)
        ests = rv._estimators(game_id, None, None)
        assert ests.loss is ests.decisions
