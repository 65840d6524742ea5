"""The simulator at scale: search-bot budgets, grids, --out (JSON, CSV, PNG), the progress bar,
additive score histograms, jobs- and backend-invariance (local processes and Ray)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
import toygame

from solotable.core.protocol import Result
from solotable.core.registry import load as load_game
from solotable.sim import cli
from solotable.sim.output import PLOTS, ProgressBar
from solotable.sim.runner import SimStats, grid_cells, simulate, simulate_grid

MR = "minirogue-v1"
TOY = toygame.GAME.id


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


def test_search_bot_results_are_the_same_whatever_the_jobs() -> None:
    one = simulate(TOY, "mcts", 210, jobs=1, seed=4, agent_params={"iterations": 6})
    two = simulate(TOY, "mcts", 210, jobs=2, seed=4, agent_params={"iterations": 6})
    assert one == two and one.games == 210


def test_score_histogram_is_additive_and_merges_in_any_order() -> None:
    results = [Result(won=i % 3 == 0, score=i % 5, details={"turn": i % 4, "cause": "x"}) for i in range(40)]
    whole = SimStats()
    for r in results:
        whole.add(r, "turn", more_histograms=("turn",))
    parts = [SimStats(), SimStats(), SimStats()]
    for i, r in enumerate(results):
        parts[i % 3].add(r, "turn", more_histograms=("turn",))
    merged = SimStats()
    for p in reversed(parts):
        merged.merge(p)
    assert merged == whole
    assert sum(whole.score_histogram.values()) == 40 and whole.score_histogram[0] == 8
    assert whole.histograms["turn"] == whole.histogram
    assert whole.to_json()["score_histogram"]["4"] == 8


def test_games_declare_further_histograms(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(TOY)
    monkeypatch.setattr(type(game), "sim_histograms", ("turn",))
    stats = simulate(TOY, "random", 50, seed=1)
    assert sum(stats.histograms["turn"].values()) == 50
    out = io.StringIO()
    assert cli.main([TOY, "--games", "50"], out=out) == 0
    assert "turn:" in out.getvalue()


def test_grid_cells_are_the_cartesian_product_in_order() -> None:
    game = load_game(MR)
    cells = grid_cells(game, {"difficulty": ["casual", "normal"], "agent": ["random", "heuristic"]}, {}, "random")
    assert [(c["difficulty"], a) for c, a in cells] == [
        ("casual", "random"),
        ("casual", "heuristic"),
        ("normal", "random"),
        ("normal", "heuristic"),
    ]
    assert all(c["keys"] is False for c, _ in cells)  # defaults filled in
    with pytest.raises(ValueError, match="valid choices"):
        grid_cells(game, {"difficulty": ["easy"]}, {}, "random")


def test_simulate_grid_same_seed_per_cell() -> None:
    cells = simulate_grid(MR, {"agent": ["random", "heuristic"]}, 40, seed=3)
    assert [c.agent for c in cells] == ["random", "heuristic"]
    assert cells[1].stats == simulate(MR, "heuristic", 40, seed=3)
    assert cells[1].stats.wins > cells[0].stats.wins


def test_cli_grid_table_json_csv_and_plots(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = [
        MR,
        "--games",
        "30",
        "--seed",
        "1",
        "--grid",
        "difficulty=casual,normal",
        "--grid",
        "agent=random,heuristic",
    ]
    assert cli.main([*argv, "--out", str(tmp_path)], out=out) == 0
    text = out.getvalue()
    assert "95% Wilson interval" in text
    rows = [line for line in text.splitlines() if line.startswith(("casual", "normal"))]
    assert len(rows) == 4 and "heuristic" in rows[1] and "%" in rows[1]
    doc = json.loads((tmp_path / "cells.json").read_text(encoding="utf-8"))
    assert doc["game"] == MR and doc["seed"] == 1 and len(doc["cells"]) == 4
    first = doc["cells"][0]
    assert first["options"]["difficulty"] == "casual" and first["agent"] == "random" and first["games"] == 30
    assert len(first["win_interval_95"]) == 2 and sum(first["score_histogram"].values()) == 30
    with (tmp_path / "cells.csv").open(encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [(r["difficulty"], r["agent"]) for r in table][1] == ("casual", "heuristic")
    assert {"win_rate", "win_low95", "win_high95", "mean_area", "mean_bosses"} <= set(table[0])
    assert float(table[1]["win_low95"]) <= float(table[1]["win_rate"]) <= float(table[1]["win_high95"])
    for name in PLOTS:
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG"), name


def test_cli_grid_in_japanese_and_budget_flags(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = [TOY, "--games", "20", "--grid", "agent=random,mcts", "--iterations", "4", "--lang", "ja"]
    assert cli.main([*argv, "--out", str(tmp_path / "ja")], out=out) == 0
    text = out.getvalue()
    assert "95%ウィルソン信頼区間" in text and "iterations=4" in text and "書き出しました" in text
    assert (tmp_path / "ja" / "win_rate.png").exists()


def test_single_run_with_a_search_bot_keeps_the_classic_report() -> None:
    out = io.StringIO()
    assert cli.main([MR, "--agent", "mcts", "--iterations", "3", "--games", "2"], out=out) == 0
    text = out.getvalue()
    assert "mcts (iterations=3)" in text and "win rate" in text and "where runs ended" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([TOY, "--iterations", "0"], "--iterations must be at least 1"),
        ([TOY, "--think", "0"], "--think must be a positive number"),
        ([TOY, "--grid", "agent"], "--grid takes NAME=VALUE1,VALUE2"),
        ([TOY, "--grid", "speed=1,2"], "--grid: unknown name 'speed'"),
        ([TOY, "--grid", "agent=random,genius"], "unknown agent 'genius'"),
        ([TOY, "--grid", "target=10,11"], "valid choices: 10, 15"),
        ([TOY, "--backend", "spark"], "invalid choice: 'spark'"),
    ],
)
def test_cli_bad_budgets_and_grids(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_help_says_think_does_not_reproduce(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "do not reproduce" in out and "--backend {local,ray}" in out and "--grid" in out


def test_progress_bar_only_when_asked_or_on_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(10, stream=stream)  # not a terminal, not forced: nothing
    bar(10)
    bar.close()
    assert stream.getvalue() == ""
    stream = io.StringIO()
    bar = ProgressBar(10, force=True, stream=stream)
    bar(4)
    bar(6)
    bar.close()
    assert "10/10" in stream.getvalue()


def test_ray_backend_without_ray_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name: str, *args: object, **kwargs: object) -> object:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_ray)
    assert cli.main([TOY, "--games", "5", "--backend", "ray"]) == 2
    assert "pip install 'solotable[ray]'" in capsys.readouterr().err


def test_ray_gives_the_same_results_as_local_processes() -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'solotable[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        params = {"iterations": 3}
        games = 410  # three batches
        by_ray = simulate(MR, "heuristic", games, seed=9, backend="ray")
        local = simulate(MR, "heuristic", games, seed=9, jobs=2)
        assert by_ray == local and by_ray.games == games
        cells_ray = simulate_grid(MR, {"agent": ["random", "mcts"]}, 4, seed=2, agent_params=params, backend="ray")
        cells_local = simulate_grid(MR, {"agent": ["random", "mcts"]}, 4, seed=2, agent_params=params)
        assert [c.stats for c in cells_ray] == [c.stats for c in cells_local]
    finally:
        ray.shutdown()


def test_random_streams_are_not_the_session_generator() -> None:
    # a search bot only uses the generator it is handed: the same handed seed, the same choice
    from solotable.agents.registry import make_agent

    game = load_game(MR)
    state = game.new_state(seed=1)
    rng = random.Random(0)
    while state.is_chance():
        state.apply(state.chance_table().sample(rng))
    agent = make_agent("mcts", MR, iterations=12)
    random.seed(1)
    first = agent.choose(state, random.Random(5))
    random.seed(2)
    assert agent.choose(state, random.Random(5)) == first


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_every_game(jobs: int) -> None:
    seen: list[int] = []
    simulate(TOY, "random", 450, jobs=jobs, seed=1, progress=seen.append)
    assert sum(seen) == 450
    if jobs == 1:
        assert seen == [1] * 450  # game by game in this process
