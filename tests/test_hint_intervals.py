"""Hints show an interval with each chance of winning and say how it was found; their words say
what they show (issue 11, item 15)."""

from __future__ import annotations

import random

import pytest
import toygame

from solotable.agents import hint as hint_module
from solotable.agents.hint import STANDARD_ERROR, WILSON, Hint, hint
from solotable.core.protocol import Action, Result, State
from solotable.core.registry import load as load_game
from solotable.core.session import Session
from solotable.core.stats import wilson_interval, wilson_rate_interval
from solotable.ui.cli import LinePlayer
from solotable.ui.present import hint_figure, hint_note_needed, percent_range


def decision(game_id: str, seed: int = 3) -> State:
    """The first decision with two choices or more of a seeded game."""
    session = Session(game_id, seed=seed)
    while len(session.state.legal_actions()) < 2:
        session.play(session.state.legal_actions()[0])
    return session.state


def test_simulated_games_won_get_wilsons_interval() -> None:
    ranked = hint(decision("minirogue-v1"), None, iterations=60, seed=1)
    for h in ranked:
        assert h.method == WILSON and h.visits > 0
        wins = round(h.win * h.visits)
        assert abs(wins - h.win * h.visits) < 1e-9  # a count of games won
        assert (h.low, h.high) == wilson_interval(wins, h.visits)


def test_simulations_scored_by_an_evaluation_are_never_surer_than_as_many_games() -> None:
    # Deep Space D-6's simulations stop a few rounds ahead and score the game's evaluation there:
    # a score stands for one game, so the interval is at least Wilson's for that many games (it
    # was "9% (5–13%)" from 2 simulations whose scores were alike), widened by their spread
    ranked = hint(decision("deepspace-d6"), None, iterations=40, seed=1)
    assert {h.method for h in ranked} == {STANDARD_ERROR}
    for h in ranked:
        assert h.low is not None and h.high is not None
        assert h.low <= h.win <= h.high and h.high - h.low > 0
        assert 0 < h.cut <= h.visits
        w_low, w_high = wilson_rate_interval(h.win, h.visits)
        assert h.low <= w_low + 1e-12 and h.high >= w_high - 1e-12
    words = hint_figure(ranked[0], "en")
    assert f"from {ranked[0].visits} simulated games, {ranked[0].cut} of them cut short" in words


def test_the_evaluation_spread_widens_the_interval() -> None:
    # the same estimate from the same number of simulations: scores that disagree more give a
    # wider interval than Wilson's alone
    from solotable.agents.hint import hint_line
    from solotable.agents.search import ActionStat

    action = Action("stop")
    alike = hint_line(ActionStat(action, 0.3, 100, 0.001, False, 100), True)
    spread = hint_line(ActionStat(action, 0.3, 100, 0.05, False, 100), True)
    assert alike.low is not None and alike.high is not None and spread.low is not None and spread.high is not None
    assert (alike.low, alike.high) == pytest.approx(wilson_rate_interval(0.3, 100), abs=1e-3)
    assert spread.high - spread.low > alike.high - alike.low + 0.05


def test_expectimax_has_no_sampling_interval_and_says_so() -> None:
    ranked = hint(decision("minirogue-v1"), None, agent="expectimax", iterations=80, seed=1)
    assert all(h.method is None and h.low is None for h in ranked)
    assert "no sampling interval" in hint_figure(ranked[0], "en")


def test_the_words_name_the_interval_and_what_it_measured() -> None:
    action = Action("stop")
    wilson = hint_figure(Hint(action, 0.25, 40, 0.14, 0.40, WILSON), "en")
    assert wilson == ("estimated chance of winning 25% (95% interval 14–40%, Wilson's, "
                      "from 40 simulated games played to their end)")  # fmt: skip
    se = hint_figure(Hint(action, 0.25, 31, 0.1, 0.45, STANDARD_ERROR, 12), "ja")
    assert "95%区間 10〜45%" in se and "試した 31 ゲームのうち 12 ゲーム" in se and "ウィルソン信頼区間" in se


def test_a_narrow_interval_is_not_rounded_shut() -> None:
    # "2–2%": 80 games won in 4000 gives 1.6–2.5%, which whole percents would collapse
    low, high = wilson_interval(80, 4000)
    assert percent_range(0.02, low, high) == ("2.0", "1.6", "2.5")
    assert "1.6–2.5%" in hint_figure(Hint(Action("stop"), 0.02, 4000, low, high, WILSON), "en")
    assert percent_range(0.25, 0.14, 0.40) == ("25", "14", "40")
    low, high = wilson_interval(0, 1000)  # 0 in 1000: not "0–0%"
    assert percent_range(0.0, low, high) == ("0.0", "0.0", "0.4")


def test_the_note_explains_a_higher_runner_up_truthfully() -> None:
    a, b = Action("a"), Action("b")
    assert hint_note_needed([Hint(a, 0.3, 40), Hint(b, 0.35, 40)])
    assert not hint_note_needed([Hint(a, 0.4, 40), Hint(b, 0.35, 40)])


def test_line_mode_hint_shows_the_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    state = decision("minirogue-v1")
    fixed = hint(state, None, iterations=60, seed=1)
    monkeypatch.setattr(hint_module, "hint", lambda *args, **kwargs: fixed)
    session = Session("minirogue-v1", seed=3)
    while len(session.state.legal_actions()) < 2:
        session.play(session.state.legal_actions()[0])
    said: list[str] = []
    LinePlayer(session, "en", input_fn=lambda _: "", output_fn=said.append).handle("hint 1")
    text = "\n".join(said)
    assert "95% interval" in text and "Wilson's" in text
    assert "simulated most" not in text


def _assisted_result(self: toygame.PigState) -> Result:
    return Result(won=self.banked >= self.target, score=self.banked, details={"turn": self.turn, "helps": 1})


def test_a_win_after_an_assist_is_no_win_for_a_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    # a game whose every end used an assist (a continue): the hint's chances are of winning
    # with no further assist, so all 0, though the toy game is often won
    state = load_game(toygame.GAME.id).new_state(seed=1)
    rng = random.Random(1)
    while state.is_chance():
        state.apply(state.chance_table().sample(rng))
    plain = hint(state, None, iterations=60, seed=1)
    assert max(h.win for h in plain) > 0
    monkeypatch.setattr(toygame.PigState, "result", _assisted_result)
    monkeypatch.setattr(toygame.PigGame, "sim_assist", "helps")
    assisted = hint(state, None, iterations=60, seed=1)
    assert all(h.win == 0 for h in assisted)
