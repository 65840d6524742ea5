"""What ``solotable sim`` reports and writes for a designer: plots that survive cells with no
win or no loss, an honest line when matplotlib is missing, and wins after an assist (JongRogue's
continues) reported apart from the headline (issue 11, items 1 and 7)."""

from __future__ import annotations

import builtins
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
import toygame

from solotable.core.protocol import Result
from solotable.core.registry import load as load_game
from solotable.sim import cli
from solotable.sim.output import PLOTS, write_plots
from solotable.sim.runner import Cell, SimStats, play_game, simulate, wilson_interval

MR = "minirogue-v1"
TOY = toygame.GAME.id


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


# -- item 1: plots of cells with no win (or no loss), and no matplotlib ----------------------------


def test_wilson_bounds_are_exact_at_no_win_and_every_win() -> None:
    # rounding gave 2.8e-17 for 0 of 7 and 1 - 1e-16 for 10 of 10: a negative error bar
    for n in range(1, 400):
        assert wilson_interval(0, n)[0] == 0.0, n
        assert wilson_interval(n, n)[1] == 1.0, n
        for wins in (1, n // 2, n - 1):
            low, high = wilson_interval(wins, n)
            assert low <= wins / n <= high, (wins, n)


def test_plots_of_cells_with_no_win_and_every_win(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install '.[sim]')")
    game = load_game(MR)
    cells = [
        Cell({"difficulty": "hard"}, "random", SimStats(games=7, wins=0)),
        Cell({"difficulty": "hard"}, "heuristic", SimStats(games=10, wins=10)),
    ]
    written = write_plots(game, cells, tmp_path, cli.t, "en")
    assert [p.name for p in written] == list(PLOTS)
    for path in written:
        assert path.read_bytes().startswith(b"\x89PNG")


def test_the_readme_grid_with_a_cell_of_no_win(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need matplotlib (pip install '.[sim]')")
    out = io.StringIO()
    argv = [MR, "--grid", "agent=random,heuristic", "--games", "7", "--seed", "1", "--out", str(tmp_path)]
    assert cli.main(argv, out=out) == 0
    doc = json.loads((tmp_path / "cells.json").read_text(encoding="utf-8"))
    assert doc["cells"][0]["wins"] == 0  # the random bot: the cell that broke the plot
    assert "and the plots" in out.getvalue()
    for name in PLOTS:
        assert (tmp_path / name).exists()


def test_without_matplotlib_it_says_no_plots_and_does_not_claim_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "matplotlib":
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    for lang, claim in (("en", "and the plots"), ("ja", "、グラフ")):
        out = io.StringIO()
        where = tmp_path / lang
        assert cli.main([TOY, "--games", "5", "--lang", lang, "--out", str(where)], out=out) == 0
        said = out.getvalue() + capsys.readouterr().err
        assert ("no plots" if lang == "en" else "グラフなし") in said
        assert claim not in said
        assert (where / "cells.json").exists() and (where / "cells.csv").exists()
        assert not any((where / name).exists() for name in PLOTS)


# -- item 7: wins after an assist (a continue) apart from the headline ------------------------------


def _helped_result(self: toygame.PigState) -> Result:
    """The toy game's result with an assist detail: a "help" on every even turn count."""
    return Result(won=self.banked >= self.target, score=self.banked,
                  details={"turn": self.turn, "helps": int(self.turn % 2 == 0)})  # fmt: skip


@pytest.fixture
def toy_with_assists(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame.PigState, "result", _helped_result)
    monkeypatch.setattr(toygame.PigGame, "sim_assist", "helps")


def test_stats_count_wins_after_an_assist_apart() -> None:
    stats = SimStats()
    for won, helps in ((True, 0), (True, 2), (False, 1), (False, 0), (True, 0)):
        stats.add(Result(won=won, details={"continues": helps}), assist_key="continues")
    assert (stats.wins, stats.assisted_wins, stats.all_wins) == (2, 1, 3)
    assert (stats.assisted_games, stats.assists) == (2, 3)
    assert stats.win_rate == 2 / 5 and stats.win_interval() == wilson_interval(2, 5)
    halves = SimStats()
    halves.add(Result(won=True, details={"continues": 2}), assist_key="continues")
    assert (stats + halves).assisted_wins == 2
    plain = SimStats()
    plain.add(Result(won=True, details={"continues": 2}))  # a game that declares no assist
    assert plain.wins == 1 and plain.assisted_wins == 0


@pytest.mark.usefixtures("toy_with_assists")
def test_report_json_and_csv_headline_the_wins_without_assist(tmp_path: Path) -> None:
    game = load_game(TOY)
    results = [play_game(game, _agent(), {}, 3, i) for i in range(200)]
    clean = sum(r.won and not r.details["helps"] for r in results)
    helped = sum(r.won and bool(r.details["helps"]) for r in results)
    assert clean and helped  # the test means something
    stats = simulate(TOY, "random", 200, seed=3)
    assert (stats.wins, stats.assisted_wins) == (clean, helped)
    out = io.StringIO()
    assert cli.main([TOY, "--games", "200", "--seed", "3", "--out", str(tmp_path)], out=out) == 0
    text = out.getvalue()
    low, high = wilson_interval(clean, 200)
    assert f"win rate  {100 * clean / 200:.2f}%  ({clean} won with 0 helps; 95% Wilson interval " \
           f"{100 * low:.2f}% to {100 * high:.2f}%)" in text  # fmt: skip
    assert f"{helped} of those games won (every win counted: {clean + helped}," in text
    cell = json.loads((tmp_path / "cells.json").read_text(encoding="utf-8"))["cells"][0]
    assert cell["wins"] == clean and cell["win_rate"] == clean / 200
    assert cell["assist"]["detail"] == "helps" and cell["assist"]["wins_after"] == helped
    assert cell["assist"]["all_wins"] == clean + helped
    with (tmp_path / "cells.csv").open(encoding="utf-8") as f:
        row = next(csv.DictReader(f))
    assert int(row["wins"]) == clean and int(row["wins_after_helps"]) == helped
    assert int(row["all_wins"]) == clean + helped


@pytest.mark.usefixtures("toy_with_assists")
def test_grid_shows_the_assists_in_columns_of_their_own() -> None:
    out = io.StringIO()
    assert cli.main([TOY, "--games", "60", "--grid", "target=10,15", "--lang", "ja"], out=out) == 0
    header = next(line for line in out.getvalue().splitlines() if line.startswith("target"))
    assert "勝率（helps0）" in header and "helps1以上の勝利" in header


def test_jongrogue_declares_its_continues_as_an_assist() -> None:
    game = load_game("jongrogue")
    assert game.sim_assist == "continues"
    stats = simulate("jongrogue", "heuristic", 3, seed=1)  # the default: --continue allowed
    assert stats.assisted_wins > 0 and stats.wins < stats.all_wins  # continued wins kept apart
    out = io.StringIO()
    assert cli.main(["jongrogue", "--agent", "heuristic", "--games", "3", "--seed", "1"], out=out) == 0
    assert "won with 0 continues" in out.getvalue()


def _agent() -> Any:
    from solotable.agents.random_agent import RandomAgent

    return RandomAgent()
