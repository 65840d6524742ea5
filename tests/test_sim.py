"""Batch simulation: seeds, batches, processes, statistics and the sim command."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import toygame
from support import check_catalogue_matches_source

from solotable.agents.random_agent import RandomAgent
from solotable.core import registry as core_registry
from solotable.core.i18n import LANG_ENV, LANGS, display_width
from solotable.core.protocol import Option, Result
from solotable.core.registry import games
from solotable.core.registry import load as load_game
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
ALL_AGENTS = "expectimax, mcts, oracle, random"
"""The agents every game has."""


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """No language from the environment: reports are in English unless a test asks."""
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


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
    with pytest.raises(ValueError, match="available agents: expectimax, mcts, oracle, random"):
        simulate(TOY, "genius", 10)


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
        (["no-such-game"], "unknown game 'no-such-game'; known games: "),
        ([TOY, "--agent", "genius"], f"unknown agent 'genius' for toy-pig; available agents: {ALL_AGENTS}"),
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


# -- the report in Japanese ---------------------------------------------------------------------

MR1_CAUSES = ("boss", "monster", "starvation", "trap", "no_key", "win")


def test_minirogue_report_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["minirogue-v1", "--agent", "heuristic", "--games", "200", "--seed", "1", "--lang", "ja"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    stats = simulate("minirogue-v1", "heuristic", 200, seed=1)
    low, high = stats.win_interval()
    for words in ("勝率", "95%ウィルソン信頼区間", "終了地点（エリア）の分布：", "敗因：", "平均", "経過時間",
                  "ゲーム数"):
        assert words in out
    assert f"勝率        {100 * stats.win_rate:.2f}%（{stats.wins}勝、" in out
    assert f"{100 * low:.2f}%〜{100 * high:.2f}%" in out
    assert "エリア " in out and "階層 " in out and "倒したボス " in out and "スコア " in out
    assert "ボス |" in out  # a cause of loss, by the game's own word
    # Nothing English is left once the command-line words (game id, bot, option names and
    # values) and the game's title are taken out.
    game = load_game("minirogue-v1")
    rest = out.replace(game.title("ja"), "")
    for word in ("minirogue-v1", "heuristic", "difficulty=normal", "keys="):
        rest = rest.replace(word, "")
    assert not re.findall(r"[A-Za-z]+", rest), rest
    for key in cli.messages():
        english = cli.messages().text(key, "en")
        if re.fullmatch(r"[a-z ]{4,}", english):  # a label such as "win rate"
            assert english not in out, key


def test_japanese_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert display_width("勝率 1%") == 7
    assert cli.main(["minirogue-v1", "--games", "200", "--seed", "3", "--lang", "ja"]) == 0
    lines = capsys.readouterr().out.splitlines()
    bars = [line for line in lines if " | " in line]
    assert bars
    assert len({display_width(line.split(" | ")[0]) for line in bars[-3:]}) == 1  # the causes
    labels = {cli.t(key, "ja") for key in cli._LABELS}
    labelled = [line for line in lines if line.split(" ", 1)[0] in labels]
    assert len(labelled) == len(labels)
    starts = {display_width(line) - display_width(line.split(" ", 1)[1].lstrip()) for line in labelled}
    assert starts == {max(display_width(label) for label in labels) + 2}, labelled  # values in one column


def test_language_from_the_environment(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SOLOTABLE_LANG", "ja")
    assert cli.main([TOY, "--games", "20"]) == 0
    assert "勝率" in capsys.readouterr().out
    assert cli.main([TOY, "--games", "20", "--lang", "en"]) == 0
    assert "win rate" in capsys.readouterr().out
    assert cli.main([TOY, "--lang", "fr"]) == 2  # a bad --lang: said in the language of the environment
    assert capsys.readouterr().err.startswith("solotable sim：エラー：引数 --lang の値に 'fr' は指定できません")
    monkeypatch.setenv("SOLOTABLE_LANG", "klingon")
    assert cli.main([TOY, "--games", "20"]) == 0
    assert "win rate" in capsys.readouterr().out


def test_toy_game_details_fall_back_to_their_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert toygame.GAME.stat_label("turn", "ja") == "turn"
    assert toygame.GAME.cause_label("too slow", "ja") == "too slow"
    assert cli.main([TOY, "--games", "50", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "平均値      turn " in out
    assert "オプション  target=10" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-game"], "「no-such-game」というゲームはありません"),  # the engine's error, explained
        ([TOY, "--agent", "genius"], f"toy-pig にボット「genius」はありません。使えるボット：{ALL_AGENTS}"),
        ([TOY, "--target", "12"], "指定できる値：10, 15"),
        ([TOY, "--speed", "3"], "解釈できない引数があります：--speed 3"),
        ([TOY, "--games", "0"], "--games は1以上にしてください"),
        ([TOY, "--games", "many"], "引数 --games の値 'many' が不正です"),
        ([TOY, "--jobs", "-2"], "--jobs は0（CPUごとに1つ）以上にしてください"),
        ([TOY, "--seed", "-1"], "--seed は0以上にしてください"),
        ([TOY, "--games"], "引数 --games の値を1つ指定してください"),
        ([TOY, "--lang", "fr", "--lang", "ja"], "引数 --lang の値に 'fr' は指定できません（指定できる値：'en', 'ja'）"),
        ([TOY, "--target=10", "--keys=yes"], "解釈できない引数があります：--keys=yes"),
        (["minirogue-v1", "--keys=yes"], "引数 --keys/--no-keys の値 'yes' は指定できません（このオプションは値を"),
        ([], "次の引数が必要です：ゲーム名"),
    ],
)
def test_cli_bad_input_in_japanese(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*argv, "--lang", "ja"] if "--lang" not in argv else argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("solotable sim：エラー：")
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_argparse_errors_are_argparse_own_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's messages come from solotable.core.argparse_i18n, in English word for word."""
    assert cli.main(["minirogue-v1", "--keys=yes"]) == 2
    err = capsys.readouterr().err
    assert err == "solotable sim: error: argument --keys/--no-keys: ignored explicit argument 'yes'\n"
    assert cli.main([TOY, "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err == "solotable sim: error: argument --lang: invalid choice: 'fr' (choose from 'en', 'ja')\n"
    assert cli.main([TOY, "--seed"]) == 2
    assert capsys.readouterr().err == "solotable sim: error: argument --seed: expected one argument\n"


# -- --help in English and Japanese ---------------------------------------------------------------


class FlagPig(toygame.PigGame):
    """Every kind of game option, for the help."""

    id = "toy-pig-flags"
    option_specs = (  # type: ignore[assignment]  # more options than PigGame's one
        Option("target", (10, 15), 10, aliases={"short": "10"}),
        Option("fast", (False, True), True),
        Option("deck", (), "standard"),
    )


@pytest.fixture
def flag_pig(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(core_registry, "_loaded", dict(core_registry._loaded))  # undone after
    return core_registry.register(FlagPig()).id


HELP_ARGV = [["--help"], ["minirogue-v1", "--help"], [TOY, "-h"], ["toy-pig-flags", "--help"], ["chess", "--help"]]


def _words(text: str) -> str:
    return "".join(text.split())


def english_left(text: str) -> list[str]:
    """The English words of a help text once what is typed as it is (options, game ids and
    option values, agent names, {en,ja}, $SOLOTABLE_LANG) is taken out."""
    typed = {"solotable", "sim", "en", "ja", "ID", "CPU", "random"}
    # bot, backend and file names, and a pip command, typed as they are
    typed |= {"mcts", "expectimax", "oracle", "MCTS", "Ray", "ray", "local", "pip", "install", "agent"}
    typed |= {"cells.json", "cells", "json", "csv", "PNG"}
    for gid in games():
        typed.add(gid)
        for spec in load_game(gid).option_specs:
            typed.update(str(value) for value in (*spec.choices, spec.default, *spec.aliases))
    text = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*|\$" + LANG_ENV + r"|\{en,ja\}", " ", text)
    return [word for word in re.findall(r"[A-Za-z][\w-]*[A-Za-z0-9]", text) if word not in typed]


@pytest.mark.usefixtures("flag_pig")
@pytest.mark.parametrize("by", ["--lang", "env"])
def test_help_in_japanese_leaves_no_english(
    by: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for argv in HELP_ARGV:
        if by == "env":
            monkeypatch.setenv("SOLOTABLE_LANG", "ja")
            assert cli.main(argv) == 0
        else:
            assert cli.main([*argv, "--lang", "ja"]) == 0
        captured = capsys.readouterr()
        out = captured.out
        assert captured.err == ""
        assert out.startswith("使い方：solotable sim"), argv
        assert "位置引数：\n  ゲーム名" in out and "オプション：\n" in out, argv
        assert not english_left(out), (argv, english_left(out))
        outputs.append(out)
    everything = _words("\n".join(outputs))
    for key in cli.messages():
        if key.startswith("sim.help."):
            for piece in re.split(r"\{\w+\}", cli.t(key, "ja")):
                assert _words(piece) in everything, (key, piece)  # every Japanese help text is shown
            for piece in re.split(r"\{\w+\}", cli.t(key, "en")):
                if piece.count(" ") > 1:
                    assert _words(piece) not in everything, key  # and no English sentence


def test_help_words(capsys: pytest.CaptureFixture[str], flag_pig: str) -> None:
    assert cli.main(["minirogue-v1", "--help", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "  --games ゲーム数      遊ばせるゲームの数（既定値：1000）\n" in out
    assert "minirogue-v1 のオプション：\n  --difficulty 値" in out
    assert "nightmare=impossible（既定値：normal）" in out
    assert "  --keys, --no-keys     （既定値：オフ）\n" in out
    assert cli.main(["minirogue-v1", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: solotable sim [-h] [--agent AGENT] [--games GAMES] [--jobs JOBS]\n")
    assert "positional arguments:\n  game                  game id (see `solotable games`)\n" in out
    assert "  --games GAMES         number of games (default: 1000)\n" in out
    assert "  --jobs JOBS           worker processes (default: 1; 0: one per CPU)\n" in out
    assert "minirogue-v1 options:\n  --difficulty VALUE    one of casual, normal, hard, impossible; aliases\n" in out
    assert "  --keys, --no-keys     (default: no)\n" in out
    assert "Game options (for example --difficulty hard) depend on the game; see\n`solotable sim GAME --help`." in out
    assert not re.search(r"[^\x00-\x7f]", out)
    assert cli.main([flag_pig, "--help"]) == 0
    out = capsys.readouterr().out
    assert "one of 10, 15; aliases short=10 (default: 10)" in out
    assert "(default: yes)" in out and "--deck VALUE" in out
    assert cli.main([flag_pig, "--help", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "（既定値：オン）" in out and "--deck 値" in out and "（既定値：standard）" in out


# -- messages -----------------------------------------------------------------------------------


def test_every_message_the_sim_uses_exists_in_both_languages() -> None:
    from solotable.sim import output, runner

    source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (cli, output, runner))
    check_catalogue_matches_source(source, "sim", cli.messages(), "sim/cli.py")


def test_minirogue_names_its_details_and_causes_in_both_languages() -> None:
    game = load_game("minirogue-v1")
    details = {*game.sim_means, *([game.sim_histogram] if game.sim_histogram else [])}
    for lang in LANGS:
        for name in details:
            assert f"mr1.simstat.{name}" in game.catalogue
            assert game.stat_label(name, lang).strip()
        for cause in MR1_CAUSES:
            assert f"mr1.cause.{cause}" in game.catalogue
            assert game.cause_label(cause, lang).strip()
    assert game.stat_label("bosses", "ja") == "倒したボス"
    assert game.cause_label("no_key", "ja") == "鍵なし"
    assert game.cause_label("no_key", "en") == "no key"
    assert game.stat_label("not a detail", "ja") == "not a detail"
    # every cause the rules can give is named
    folder = Path(cli.__file__).parents[1] / "games" / "minirogue_v1" / "rules"
    rules = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))
    causes = set(re.findall(r'\bend\(s, (?:True|False), "([a-z_]+)"\)', rules))
    causes |= set(re.findall(r'\blose_hp\([^()]*, "([a-z_]+)"\)', rules))
    causes |= set(re.findall(r'"(boss|monster)"', rules))
    assert causes and causes <= set(MR1_CAUSES), causes


def test_where_runs_ended_reads_in_japanese_for_every_game() -> None:
    """The heading was 到達{detail}の分布, which for JongRogue read 到達終了時の階層の分布 ('reached
    floor where the game ended'); it says where runs ended, with the statistic in brackets, as the
    English does."""
    from solotable.sim.cli import messages as sim_messages

    cat = sim_messages()
    assert cat.text("sim.histogram_heading", "ja", detail="終了時の階層") == "終了地点（終了時の階層）の分布："
    assert cat.text("sim.histogram_heading", "en", detail="floor where the game ended") == (
        "where runs ended (floor where the game ended):"
    )
