"""``solotable review FILE``: the terminal review, in both languages, and its catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solotable.cli import main as solotable_main
from solotable.core.i18n import LANGS
from solotable.core.record import save_record
from solotable.ui import review_cli
from tests.review.helpers import played
from tests.support import placeholders


@pytest.fixture(scope="module")
def ds_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "deepspace.json"
    save_record(played("deepspace-d6", 2), path)
    return path


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = solotable_main(["review", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_review_prints_table_totals_and_chart(ds_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run([str(ds_record), "--budget", "3"], capsys)
    assert code == 0
    assert "=== Review: Deep Space D-6" in out
    assert "inaccuracy ≥ 2 points, mistake ≥ 5, blunder ≥ 10" in out
    assert "-- Decisions and chance, step by step --" in out
    assert "Result: lost (0%)" in out or "Result: won (100%)" in out
    start = float(re.search(r"at the start: ([\d.]+)%", out).group(1))  # type: ignore[union-attr]
    skill = float(re.search(r"Skill: ([+-][\d.]+) points", out).group(1))  # type: ignore[union-attr]
    luck = float(re.search(r"Luck: ([+-][\d.]+) points", out).group(1))  # type: ignore[union-attr]
    result = 100.0 if "won (100%)" in out else 0.0
    assert abs(skill + luck - (result - start)) < 0.25  # three figures rounded to 0.1
    chart = out[out.index("-- Chance of winning over the game --") :].splitlines()
    assert chart[1].startswith("100% ┤") and any(line.startswith("  0% ┤") for line in chart)
    assert any("●" in line for line in chart)
    assert "▼" in out or "▲" in out  # the biggest swings are marked
    assert "s of CPU" in out


def test_review_in_japanese(ds_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run([str(ds_record), "--budget", "2", "--lang", "ja", "--short"], capsys)
    assert code == 0
    assert "=== 検討：" in out
    assert "-- 合計 --" in out and "運 + 腕前" in out
    assert "Skill" not in out and "Luck" not in out


def test_short_lists_only_flagged_decisions(ds_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, full, _ = _run([str(ds_record), "--budget", "3"], capsys)
    _, short, _ = _run([str(ds_record), "--budget", "3", "--short"], capsys)
    assert len(short.splitlines()) < len(full.splitlines())
    assert "(the move played)" in full and "(the move played)" not in short


def test_bad_file_and_bad_budget(tmp_path: Path, ds_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = _run([str(bad)], capsys)
    assert code == 2 and "solotable review: error:" in err
    code, _, err = _run([str(ds_record), "--budget", "0"], capsys)
    assert code == 2 and "from 1 to" in err
    code, _, err = _run([str(ds_record), "--budget", "0", "--lang", "ja"], capsys)
    assert code == 2 and "整数" in err


def test_catalogue_complete_and_used() -> None:
    cat = review_cli.messages()
    from solotable.ui.web import review_page

    source = Path(review_cli.__file__).read_text(encoding="utf-8") + Path(review_page.__file__).read_text(
        encoding="utf-8"
    )
    used = {k for k in re.findall(r'"(review\.[a-z_.]+)', source) if not k.endswith(".")}
    used |= {f"review.verdict.{v}" for v in ("inaccuracy", "mistake", "blunder")}
    used |= {f"review.{h}" for h in re.findall(r'"(col_[a-z]+)"', source)}
    keys = set(cat.keys())
    assert used - keys == set()
    assert keys - used == set()
    for key in keys:
        assert all(cat.messages[key][lang] for lang in LANGS), key
        assert placeholders(cat.messages[key]["en"]) == placeholders(cat.messages[key]["ja"]), key


def test_several_files_give_the_proficiency(
    ds_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "mr.json"
    save_record(played("minirogue-v1", 7), other)
    code, out, _ = _run([str(ds_record), str(other), "--budget", "2"], capsys)
    assert code == 0
    assert "-- Proficiency: mean loss of winning chance per decision" in out
    assert re.search(
        r"Deep Space D-6.*: [\d.]+ points per decision \[[\d.]+–[\d.]+\] \(games: 1; decisions: \d+\)", out
    )
    assert "Mini Rogue" in out


def test_record_reviews_the_recorded_saves(
    ds_record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from solotable.core.record import load_record
    from solotable.ui.record_db import RecordDB

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    with RecordDB.open() as db:
        db.add_state(load_record(ds_record).replay(), ds_record)
        db.add("minirogue-v1", {}, won=False, score=0, save_file=str(tmp_path / "gone.json"))  # no file now
    assert review_cli.recorded_saves() == [str(ds_record.resolve())] or review_cli.recorded_saves() == [str(ds_record)]
    code, out, _ = _run(["--record", "--budget", "2", "--lang", "ja"], capsys)
    assert code == 0
    assert "腕前：1選択あたりの勝率の平均損失" in out
    assert out.count("deepspace-d6") == 1


def test_no_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run([], capsys)
    assert code == 2 and "--record" in err


def test_points_have_a_sign_and_no_negative_zero() -> None:
    assert review_cli.signed_points(-0.0) == "+0.0"
    assert review_cli.signed_points(-0.0004) == "+0.0"
    assert review_cli.signed_points(0.123) == "+12.3"
    assert review_cli.signed_points(-0.5) == "-50.0"


def test_coop_headings_are_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The seat column of a co-op review is as wide as its heading (it read 'Sea')."""
    path = tmp_path / "coop.json"
    save_record(played("minirogue", 4, 70, partner="mage"), path)
    for lang, seat in (("en", "Seat"), ("ja", "席")):
        code, out, _ = _run([str(path), "--budget", "2", "--lang", lang], capsys)
        assert code == 0
        step = review_cli.msg("review.col_step", lang)
        heading = next(line for line in out.splitlines() if line.split()[:1] == [step])
        assert heading.split()[1] == seat


def test_a_label_cut_to_its_column_says_it_was_cut() -> None:
    """A long move in the review's table was cut without a mark ('Rest: Reinforce your Weapon
    (+1 XP' then its figure), reading as another text."""
    from solotable.core.i18n import display_width

    for text, columns in (("Rest: Reinforce your Weapon (+1 XP)", 34), ("休憩：武器の強化（経験値+1）と長い説明", 20)):
        cut = review_cli.pad(text, columns)
        assert display_width(cut) == columns
        assert cut.rstrip().endswith("…") and cut.rstrip()[:-1] in text
    assert review_cli.pad("Leave", 10) == "Leave     "
    assert review_cli.pad("1234567890", 10) == "1234567890"
    assert review_cli.pad("全角", 3) == "全…"


def test_a_long_draw_keeps_its_chance(ds_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A threat card with a long text was cut through its chance ('… (chance 2…'): the label is
    cut, the chance stays whole."""
    for lang, chance in (("en", r"\(chance [\d.]+%\)"), ("ja", r"（確率[\d.]+%）")):
        code, out, _ = _run([str(ds_record), "--budget", "2", "--lang", lang], capsys)
        assert code == 0
        rows = [line for line in out.splitlines() if re.match(r"\d+ ", line) and " pt" in line and "…" in line]
        assert rows, "no long draw in this game"
        for line in rows:
            if re.search(r"\d+\.\d%\s*[\[［]", line):  # a decision: its columns are cut as they are
                continue
            assert re.search(chance + r"\s+[+-][\d.]+ pt", line), line
