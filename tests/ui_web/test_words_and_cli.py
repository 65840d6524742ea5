"""The web interface's words (both languages, every key the code and the page use), its odds data,
and the ``solotable web`` command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solotable.cli import main as solotable_main
from solotable.core.i18n import LANGS
from solotable.core.registry import load as load_game
from solotable.ui.web import boards, pages
from solotable.ui.web.i18n import catalogue

WEB = Path(__file__).resolve().parents[2] / "solotable" / "ui" / "web"
ROOT = WEB.parents[2]


def test_every_key_the_code_names_is_in_the_catalogue_in_both_languages() -> None:
    keys: set[str] = set()
    for path in WEB.glob("*.py"):
        keys |= set(re.findall(r'\bt\(\s*"(web\.[a-z0-9_.-]+[a-z0-9_])"', path.read_text(encoding="utf-8")))
    keys |= set(re.findall(r'words\["(web\.[a-z0-9_.]+)"\]', (WEB / "static" / "app.js").read_text(encoding="utf-8")))
    cat = catalogue()
    missing = sorted(k for k in keys if k not in cat)
    assert len(keys) > 60 and not missing
    for key in cat:
        for lang in LANGS:
            assert cat.messages[key][lang].strip(), (key, lang)
    # the words the page's script uses are sent with the page
    script_keys = set(re.findall(r'words\["(web\.[a-z0-9_.]+)"\]', (WEB / "static" / "app.js").read_text("utf-8")))
    assert script_keys <= set(pages.CLIENT_KEYS)


@pytest.mark.parametrize("package", ["minirogue_v1", "minirogue", "deepspace_d6", "jongrogue"])
def test_every_board_key_is_in_its_game_folder_and_used(package: str) -> None:
    """A game's browser board (``games/<game>/web.py``) finds every word it names in the game's
    ``messages_web.toml`` or the shared board words, and its file holds no word it never uses."""
    from solotable.core.web_pieces import Words, shared_words

    source = (ROOT / "solotable" / "games" / package / "web.py").read_text(encoding="utf-8")
    named = set(re.findall(r'\bt\(\s*f?"(web\.[a-z0-9_.-]+[a-z0-9_])"', source))
    words = Words(f"solotable.games.{package}").catalogue
    assert named and not sorted(k for k in named if k not in words)
    own = set(words.keys()) - set(shared_words().keys())
    prefixes = {k.rsplit(".", 1)[0] + "." for k in re.findall(r'\bt\(\s*f"(web\.[a-z0-9_.-]+)\.\{', source)}
    prefixes |= set(re.findall(r"""\bt\(\s*['"](web\.[a-z0-9_.-]+\.)['"]\s*\+""", source))  # t("web.x." + value)
    unused = sorted(k for k in own if k not in named and not k.startswith(tuple(prefixes)) and f'"{k}"' not in source)
    assert not unused


def test_japanese_words_use_full_width_punctuation() -> None:
    for key, entry in catalogue().messages.items():
        ja = entry["ja"]
        if any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in ja):
            assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff][:,(]|[(][\u3040-\u30ff\u4e00-\u9fff]", ja), (key, ja)


def test_odds_data_is_the_strength_tables() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "odds_from_strength.py"), "--check"],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout
    data = pages.odds_data()["games"]
    assert set(data) == {"minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"}
    casual = next(r for r in data["minirogue-v1"]["rows"] if r["row"] == "casual" and r["agent"] == "heuristic")
    assert casual["low"] <= casual["rate"] <= casual["high"]


def test_odds_are_each_games_own() -> None:
    """The chart's data is read through each game (``Game.odds``: ``odds.json`` in its folder), not
    kept by the web interface; a game with nothing measured (the toy game) has none."""
    import toygame

    from solotable.core.registry import load

    data = pages.odds_data()["games"]
    for gid, entry in data.items():
        assert load(gid).odds() == entry and entry["rows"], gid
    assert toygame.GAME.odds() is None and toygame.GAME.folder_file("odds.json") is None
    assert not list((ROOT / "solotable" / "ui").rglob("odds.json"))


def test_solotable_web_help_and_a_bad_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert solotable_main(["web", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--database" in out and "--port" in out and "127.0.0.1" in out
    assert solotable_main(["web", "--database", "mysql://x"]) == 2
    assert "sqlite" in capsys.readouterr().err
    assert solotable_main(["web", "--lang", "ja", "--database", "mysql://x"]) == 2
    assert "データベース" in capsys.readouterr().err


def _first_decision(game_id: str) -> dict[str, Any]:
    """The observation at the first decision of a game (seed 3, every draw its first outcome)."""
    state = load_game(game_id).new_state(seed=3)
    while state.is_chance():
        state.apply(state.chance_table().actions[0])
    return state.observation(0)


@pytest.mark.parametrize(("game_id", "gold"), [("minirogue-v1", "金貨"), ("minirogue", "金貨"), ("jongrogue", "金塊")])
def test_gold_is_named_as_the_glossary_says(game_id: str, gold: str) -> None:
    """docs/glossary.md: gold is 金貨 in both Mini Rogue editions, and JongRogue's is 金塊, as printed."""
    html, _ = boards.render(game_id, _first_decision(game_id), "ja")
    labels = re.findall(r'<span class="stat-label">([^<]*)</span>', html)
    assert gold in labels and not {"金貨", "金塊", "ゴールド"} - {gold} & set(labels), labels


def test_jongrogue_found_doors_are_words_in_english_and_winds_in_japanese() -> None:
    """Issue 11 item 9: the map's sides as 東南西北 in Japanese and as words in English."""
    o = _first_decision("jongrogue")
    o["map"][0]["found"] = ["S", "E"]
    en, _ = boards.render("jongrogue", o, "en")
    ja, _ = boards.render("jongrogue", o, "ja")
    assert "hidden doors found: south, east" in en and "南" not in en.split("hidden doors found")[1][:40]
    assert "南・東" in ja


def test_words_in_a_row_are_set_as_each_language_writes_them() -> None:
    """Japanese lists take 、 (not an ASCII comma): a Mini Rogue 2020 hero's potions, the cards
    of an area not yet turned up, statuses."""
    o = _first_decision("minirogue")
    o["heroes"][0]["potions"] = ["healing", "perception"]
    ja, _ = boards.render("minirogue", o, "ja")
    en, _ = boards.render("minirogue", o, "en")
    assert "回復のポーション、知覚のポーション" in ja and ", " not in re.sub(r"<[^>]+>", "", ja)
    assert "Healing potion, Perception potion" in en


def test_the_result_is_one_paragraph_of_sentences() -> None:
    """The end of a game on the table and on 'Your games' ran its lines together: 'Score: 28
    How it ended: trap', and in Japanese 'ゲーム終了。敗北。 スコア：28 終わり方：トラップ'."""
    import random

    from solotable.core.protocol import CHANCE
    from solotable.ui.web.tables import _result_text

    game = load_game("minirogue-v1")
    state = game.new_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    score = state.result().score
    en, ja = _result_text(state, "en"), _result_text(state, "ja")
    assert re.fullmatch(rf"Game over\. You (won!|lost\.) Score: {score}\. How it ended: [\w ]+\.", en), en
    assert re.fullmatch(rf"ゲーム終了。(勝利！|敗北。)スコア：{score}。終わり方：\w+。", ja), ja


def test_the_physical_dice_prompt_reads_in_both_languages() -> None:
    """It said 'Roll your dice (or draw your card) and enter what it shows' (dice: they show),
    and in Japanese put a comma after a plain verb ('ダイスを振る（…）、出た結果を…'), which
    does not join two clauses."""
    cat = catalogue()
    en, ja = cat.text("web.chance_prompt", "en"), cat.text("web.chance_prompt", "ja")
    assert "what it shows" not in en and "tile" in en
    clause = ja.split("、", 1)[0]
    assert clause.endswith(("て", "て）", "と")), ja  # a clause that leads on to the next


def test_mini_rogue_2020_statuses_have_one_name_in_japanese() -> None:
    """The web's character mat said 状態 where the terminal, the line mode and the rules say
    状態異常 (a status effect: poison, curse, blind, weakness)."""
    from solotable.core.i18n import Catalogue

    web = Catalogue.from_package(("solotable.games.minirogue", "messages_web.toml"))
    tui = Catalogue.from_package(("solotable.games.minirogue", "messages_tui.toml"))
    assert web.text("web.mr.statuses", "ja", statuses="-") == tui.text("tui.mr.status", "ja", statuses="-")


def test_the_web_boards_use_each_games_japanese_terms() -> None:
    """Where the web board names what the terminal and the game's own texts name, it uses their
    word (docs/glossary.md): Mini Rogue's トラップ (it said 罠), 防御力 (防御無視), JongRogue's
    {n}番 for a slot of the room (スロット{n}), and one spelling of キャラクターシート."""
    from solotable.core.i18n import Catalogue, message

    load_game("jongrogue"), load_game("minirogue"), load_game("minirogue-v1")  # their catalogues

    def words(game: str, file: str) -> Catalogue:
        return Catalogue.from_package((f"solotable.games.{game}", file))

    mr1_web, mr1_tui = words("minirogue_v1", "messages_web.toml"), words("minirogue_v1", "messages_tui.toml")
    assert mr1_web.text("web.mr1.trap", "ja", trap="x") == mr1_tui.text("tui.mr1.trap", "ja", trap="x")
    mr_web, mr_tui = words("minirogue", "messages_web.toml"), words("minirogue", "messages_tui.toml")
    assert mr_web.text("web.mr.icon.ignore_armor", "ja") == mr_tui.text("tui.mr.icon.ignore_armor", "ja")
    jr_web = words("jongrogue", "messages_web.toml")
    slot = {"slot": 2, "tile": "5萬"}
    assert jr_web.text("web.jr.slot_title", "ja", **slot) == message("jr.info.slot", "ja", **slot)
    assert jr_web.text("web.jr.sheet", "ja") == message("jr.info.title.character", "ja")
    assert jr_web.text("web.jr.info.tile", "ja", slot=2, tile="5萬", suit="萬子", number=5).startswith("2番：")


def test_solotable_web_on_a_port_in_use_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """On a port already taken it announced 'solotable is serving at http://127.0.0.1:PORT/ …
    Open it in a browser', then uvicorn logged "ERROR: [Errno 98] error while attempting to bind
    on address ('127.0.0.1', PORT): address already in use" and the command ended with status 3."""
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
        assert solotable_main(["web", "--port", str(port), "--database", db]) == 2
        out, err = capsys.readouterr()
        assert "serving" not in out and out == ""
        assert err.strip() == f"solotable web: cannot serve on 127.0.0.1:{port}: Address already in use"
        assert solotable_main(["web", "--port", str(port), "--database", db, "--lang", "ja"]) == 2
        assert f"127.0.0.1の{port}番ポートで待ち受けできません" in capsys.readouterr().err
    finally:
        taken.close()


def test_the_invitation_button_reads_right_before_any_link_was_made() -> None:
    """A new co-op table offers its partner's seat by this button alone; it said 'New invitation
    link … (the previous link stops working)' to a player who had never seen a link."""
    cat = catalogue()
    en, ja = cat.text("web.new_invite", "en", seat=2), cat.text("web.new_invite", "ja", seat=2)
    assert "previous" not in en and "invitation link for seat 2" in en
    assert "新しい" not in ja and "席2の招待リンク" in ja
