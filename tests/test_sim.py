"""Batch simulation: seeds, batches, processes, statistics and the sim command."""

from __future__ import annotations

import random

import pytest
import toygame

from solotable.agents.random_agent import RandomAgent
from solotable.core import registry as core_registry
from solotable.core.protocol import Result
from solotable.core.registry import games
from solotable.sim import cli
from solotable.sim.runner import (
    SimStats,
    batch_bounds,
    game_rngs,
    play_game,
    simulate,
    sorted_keys,
    wilson_interval,
)

TOY = toygame.GAME.id


# -- the Wilson score interval ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (81, 263, 0.2553, 0.3662),
        (500, 1000, 0.4691, 0.5309),
    ],
)
def test_wilson_interval_known_values(wins: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    low, high = wilson_interval(3, 7)
    assert low < 3 / 7 < high


# -- seeds and reproducibility ------------------------------------------------------------------


def test_same_seed_same_stats_whatever_the_jobs() -> None:
    one = simulate(TOY, "random", 450, jobs=1, seed=7)
    two = simulate(TOY, "random", 450, jobs=2, seed=7)
    assert one == two
    assert one.games == 450
    assert 0 < one.wins < 450


def test_different_seeds_differ() -> None:
    a = simulate(TOY, "random", 300, seed=1)
    b = simulate(TOY, "random", 300, seed=2)
    assert a != b


def test_options_reach_the_game() -> None:
    easy = simulate(TOY, "random", 400, seed=3)
    hard = simulate(TOY, "random", 400, seed=3, options={"target": 15})
    assert hard.wins < easy.wins
    with pytest.raises(ValueError, match="valid choices: 10, 15"):
        simulate(TOY, "random", 10, options={"target": 11})
    with pytest.raises(ValueError, match="no option"):
        simulate(TOY, "random", 10, options={"speed": 1})


def test_unknown_game_or_agent() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        simulate("no-such-game", "random", 10)
    with pytest.raises(ValueError, match="available agents: random"):
        simulate(TOY, "oracle", 10)


def test_play_game_is_deterministic_and_matches_simulate() -> None:
    agent = RandomAgent()
    results = [play_game(toygame.GAME, agent, {}, 11, index=i) for i in range(60)]
    assert results == [play_game(toygame.GAME, agent, {}, 11, index=i) for i in range(60)]
    total = simulate(TOY, "random", 60, seed=11)
    assert total.wins == sum(r.won for r in results)
    assert total.score_sum == sum(r.score or 0 for r in results)


def test_game_streams_are_independent() -> None:
    chance, agent = game_rngs(5, 0)
    assert chance.random() != agent.random()
    assert game_rngs(5, 1)[0].random() != game_rngs(5, 0)[0].random()
    assert game_rngs(6, 0)[0].random() != game_rngs(5, 0)[0].random()


def test_batches_cover_every_game_once_and_stay_few() -> None:
    for n in (0, 1, 199, 200, 201, 12_345):
        bounds = batch_bounds(n)
        assert [i for a, b in bounds for i in range(a, b)] == list(range(n))
    assert len(batch_bounds(10**9)) <= 20_000


# -- statistics ---------------------------------------------------------------------------------


def _stats(results: list[Result]) -> SimStats:
    stats = SimStats()
    for r in results:
        stats.add(r, "area", steps=10, decisions=4)
    return stats


def _random_results(seed: int, n: int) -> list[Result]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        won = rng.random() < 0.3
        details: dict[str, object] = {"area": rng.randint(1, 14), "level": rng.randint(1, 5)}
        if not won:
            details["cause"] = rng.choice(["hp", "food", "boss"])
        out.append(Result(won=won, score=rng.randint(-5, 40), details=details))
    return out


def test_merge_is_order_independent() -> None:
    parts = [_stats(_random_results(seed, 37)) for seed in range(6)]
    forward = SimStats()
    for p in parts:
        forward.merge(p)
    backward = SimStats()
    for p in reversed(parts):
        backward.merge(p)
    shuffled = SimStats()
    order = list(range(6))
    random.Random(3).shuffle(order)
    for i in order:
        shuffled.merge(parts[i])
    everything = _stats([r for seed in range(6) for r in _random_results(seed, 37)])
    assert forward == backward == shuffled == everything
    assert parts[0] + parts[1] == parts[1] + parts[0]


def test_stats_figures() -> None:
    results = [
        Result(won=True, score=10, details={"area": 14, "level": 5, "note": "x"}),
        Result(won=False, score=4, details={"area": 3, "level": 1, "cause": "hp"}),
        Result(won=False, score=None, details={"area": 3, "cause": "food"}),
        Result(won=False, score=6, details={"area": 9, "level": 3, "cause": "hp"}),
    ]
    stats = _stats(results)
    assert (stats.games, stats.wins, stats.scored) == (4, 1, 3)
    assert stats.win_rate == 0.25
    assert stats.mean_score == pytest.approx(20 / 3)
    assert stats.score_sd == pytest.approx(3.0550505)
    assert stats.mean("area") == pytest.approx(29 / 4)
    assert stats.mean("level") == pytest.approx(3.0)  # over the 3 games that report it
    assert stats.mean("note") is None and stats.mean("missing") is None
    assert stats.histogram == {14: 1, 3: 2, 9: 1}
    assert stats.causes == {"hp": 2, "food": 1}
    assert stats.steps == 40 and stats.decisions == 16
    assert stats.to_json()["win_interval_95"] == list(wilson_interval(1, 4))


def test_sorted_keys_numbers_first() -> None:
    assert sorted_keys({10: 1, 2: 1, "boss": 1, 1.5: 1, "a": 1}) == [1.5, 2, 10, "a", "boss"]


# -- the sim command ----------------------------------------------------------------------------


def test_cli_report(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main([TOY, "--games", "300", "--seed", "4", "--jobs", "2", "--target", "15"])
    assert status == 0
    out = capsys.readouterr().out
    stats = simulate(TOY, "random", 300, seed=4, options={"target": 15})
    low, high = stats.win_interval()
    assert "game      toy-pig: Pig to 10, rules 1" in out
    assert "options   target=15" in out
    assert "agent     random" in out
    assert "games     300  (seed 4, jobs 2)" in out
    assert f"win rate  {100 * stats.win_rate:.2f}%" in out
    assert f"95% Wilson interval {100 * low:.2f}% to {100 * high:.2f}%" in out
    assert f"score     mean {stats.mean_score:.3f}" in out
    assert "means     turn" in out
    assert "games/s" in out


def test_cli_histogram_and_causes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_registry, "_loaded", dict(core_registry._loaded))  # undone after

    class Game(toygame.PigGame):
        id = "toy-pig-hist"
        sim_histogram = "turn"
        sim_means = ("turn",)

    class State(toygame.PigState):
        __slots__ = ()

        def result(self) -> Result:
            base = super().result()
            details = {"turn": self.turn, **({} if base.won else {"cause": "too slow"})}
            return Result(base.won, base.score, details)

        def clone(self) -> State:
            new = State.__new__(State)
            for slot in toygame.PigState.__slots__:
                setattr(new, slot, getattr(self, slot))
            return new

    class HistGame(Game):
        def new_state(self, seed: int | None = None, **options: object) -> State:
            opts = self.validate_options(options)
            return State(self, seed, int(opts["target"]))

    core_registry.register(HistGame())
    assert cli.main(["toy-pig-hist", "--games", "200", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    stats = simulate("toy-pig-hist", "random", 200, seed=2)
    assert "where runs ended (turn):" in out
    for key, count in stats.histogram.items():
        assert f"  {key} | " in out
        assert f" {count} {100 * count / 200:6.2f}%" in out
    assert "causes of loss:" in out
    assert "too slow" in out
    assert "#" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-game"], "unknown game 'no-such-game'; known games: minirogue-v1"),
        ([TOY, "--agent", "genius"], "unknown agent 'genius' for toy-pig; available agents: random"),
        ([TOY, "--target", "12"], "valid choices: 10, 15"),
        ([TOY, "--speed", "3"], "unrecognized arguments: --speed 3"),
        ([TOY, "--games", "0"], "--games must be at least 1"),
        ([TOY, "--games", "many"], "invalid int value"),
        ([TOY, "--seed", "-1"], "--seed must be 0 or more"),
        ([], "required: game"),
    ],
)
def test_cli_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.count("\n") == 1  # one line


def test_cli_help_lists_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([TOY, "--help"]) == 0
    assert "--target VALUE" in capsys.readouterr().out
    assert cli.main(["--help"]) == 0
    assert "--agent" in capsys.readouterr().out


# -- the real game ------------------------------------------------------------------------------


def test_minirogue_same_stats_whatever_the_jobs() -> None:
    assert "minirogue-v1" in games()
    one = simulate("minirogue-v1", "random", 200, jobs=1, seed=1)
    two = simulate("minirogue-v1", "random", 200, jobs=2, seed=1)
    assert one == two
    assert one.games == 200
    assert sum(one.histogram.values()) == 200  # sim_histogram = "area": every run ends somewhere
    assert one != simulate("minirogue-v1", "random", 200, jobs=1, seed=2)
