"""Hints: what a strong player would do now, with its estimated chance of winning.

``hint(state, budget_seconds)`` searches a copy of ``state`` with a search bot (``mcts`` by
default: a fair bot, which never reads hidden state) and returns every legal decision ranked
best first, as :class:`Hint` lines: the estimated chance of winning, the simulations behind it,
and its 95% interval, with how that interval was found (never narrower than Wilson's for that
many games: a simulation stands for one game, whether played to its end or scored part way by the
game's evaluation, whose own error then widens the interval). The state given is never changed, and
the search uses its own generator (seeded from ``seed``), never a session's.

Which move comes first: the default ``mcts`` bot gives every decision the same simulations on
the same dice and recommends its playing rule's own move unless another wins clearly more often
on those dice (beyond the noise of the paired differences); so a runner-up may show a slightly
higher figure than the recommended move.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from solotable.agents.registry import make_agent
from solotable.agents.search import ActionStat, SearchAgent
from solotable.core.protocol import Action, IllegalAction, Result, State
from solotable.core.stats import Z95, wilson_interval, wilson_rate_interval

DEFAULT_BUDGET = 2.0
"""Seconds of search for a hint when the player names none."""


WILSON = "wilson"
"""The interval is Wilson's 95% score interval of the simulated games won (every simulation
played to the game's end)."""
STANDARD_ERROR = "se"
"""Some simulations stopped short of the end and were scored by the game's evaluation: the
interval is Wilson's for that many games around the estimate, widened by 1.96 standard errors of
the simulation values (the spread of the evaluation's scores), the two added in quadrature. An
evaluation's score is no more certain than the game it stands for, so the interval is never
narrower than Wilson's for the same number of games played out."""


@dataclass(frozen=True, slots=True)
class Hint:
    """One decision of a hint: its estimated chance of winning, the simulations behind it, and a
    95% interval (``low``, ``high``) found by ``method`` (:data:`WILSON`, :data:`STANDARD_ERROR`,
    or ``None`` when the search has no sampling error to show: expectimax's exact expectation),
    and how many of the ``visits`` simulations were ``cut`` short and scored by the evaluation."""

    action: Action
    win: float
    visits: int
    low: float | None = None
    high: float | None = None
    method: str | None = None
    cut: int = 0


def hint_line(stat: ActionStat, sampled: bool) -> Hint:
    """A search's figures for one decision as a hint line with its interval."""
    if not sampled or stat.visits <= 0:
        return Hint(stat.action, stat.win_probability, stat.visits)
    win, n = stat.win_probability, stat.visits
    if stat.binary and stat.cut == 0:
        low, high = wilson_interval(round(win * n), n)
        return Hint(stat.action, win, n, low, high, WILSON)
    # some simulations were scored by the evaluation: at least Wilson's interval for n games (each
    # simulation stands for one game), widened by the spread of the scores the evaluation gave
    win = min(1.0, max(0.0, win))
    low, high = wilson_rate_interval(win, n)
    spread = Z95 * stat.standard_error if stat.standard_error is not None else 0.0
    low = max(0.0, win - math.hypot(win - low, spread))
    high = min(1.0, win + math.hypot(high - win, spread))
    return Hint(stat.action, win, n, low, high, STANDARD_ERROR, stat.cut)


def hint(
    state: State,
    budget_seconds: float | None = DEFAULT_BUDGET,
    agent: str = "mcts",
    *,
    iterations: int | None = None,
    seed: int | None = None,
) -> list[Hint]:
    """The legal decisions of ``state`` ranked best first (see the module docstring) with their
    estimated chance of winning, the simulations behind it and its interval. ``budget_seconds``
    of wall-clock time and/or ``iterations`` (deterministic with a ``seed``).
    :class:`IllegalAction` if ``state`` is not a decision node."""
    if state.is_terminal() or state.is_chance():
        raise IllegalAction("core.err.not_legal", action="hint", legal="-")
    game_id = state.game.id
    bot = make_agent(agent, game_id, think=budget_seconds, iterations=iterations)
    if not isinstance(bot, SearchAgent):
        raise ValueError(f"agent {agent!r} cannot give hints; use mcts, oracle or expectimax")
    assist = state.game.sim_assist
    if assist is not None:  # a win after a further continue is no win: the chance is of winning without
        so_far = state.observation().get(assist, 0)
        taken = so_far if isinstance(so_far, int) else 0

        def unassisted(result: Result) -> bool:
            used = result.details.get(assist, 0)
            return result.won and (not isinstance(used, int) or used <= taken)

        bot.success = unassisted
    rng = random.Random(seed)
    stats = bot.analyse(state.clone(), rng)
    sampled = bot.name in ("mcts", "oracle")
    return [hint_line(s, sampled) for s in stats]
