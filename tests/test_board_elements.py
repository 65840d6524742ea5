"""Each game's board declaration (``games/<game>/board.py``, ``Game.board_actions``): in every
decision state of random and heuristic games, the union of the elements' actions and the free
ones is exactly ``legal_actions()`` (nothing lost, nothing invented), each element's actions are
legal and in legal order, keys are unique, and the board does carry elements (dice, cards, rooms,
tiles, stations, threats, items)."""

from __future__ import annotations

import importlib
import random
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from solotable.agents.registry import agent_names
from solotable.agents.walk import decision_states
from solotable.core.board import KINDS, BoardActions, sort_actions
from solotable.core.protocol import State
from solotable.core.registry import game_ids
from solotable.core.registry import load as load_game
from solotable.core.web_pieces import EMBLEMS, emblem

GAMES = game_ids()
"""Every registered game, the toy game of the tests too when registered (it declares no board: all
its actions are free)."""
MAX_STEPS = 4000


def check(state: State, board: BoardActions) -> None:
    legal = state.legal_actions()
    assert board.covered() == set(legal), (state.game.id, sorted(map(str, legal)), board)
    assert len({e.key for e in board.elements}) == len(board.elements)
    order = {a: i for i, a in enumerate(legal)}
    for element in board.elements:
        assert element.kind in KINDS and element.actions, element
        positions = [order[a] for a in element.actions]
        assert positions == sorted(positions), element  # in legal order
    assert [order[a] for a in board.free] == sorted(order[a] for a in board.free)


def play(game_id: str, agent: str, seed: int) -> set[str]:
    """One game to its end (or ``MAX_STEPS``), the declaration checked at every decision; the
    kinds of element met."""
    game = load_game(game_id)
    kinds: set[str] = set()
    for state in decision_states(game_id, agent, seed, max_steps=MAX_STEPS):
        board = game.board_actions(state)
        check(state, board)
        kinds |= {e.kind for e in board.elements}
    return kinds


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_is_on_an_element_or_free(game_id: str) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        kinds |= play(game_id, "random", seed)
    if "heuristic" in agent_names(game_id):
        for seed in range(2):
            kinds |= play(game_id, "heuristic", 100 + seed)
    if load_game(game_id).game_module("board") is not None:  # the game's folder has a board.py
        assert len(kinds) >= 2, kinds  # a declared board carries elements, not only a list


def test_the_walk_meets_each_decision_once_and_ends_with_the_game() -> None:
    """The walk the checks above take (``agents.walk.decision_states``): decision states only, the
    same from the same seeds; the chance and the bot drawing from ``random.Random(rng_seed)``
    (``seed`` when not given); it stops with the game, or after ``max_steps`` steps."""

    def trace(agent: str, **kw: Any) -> list[tuple[int | None, tuple[str, ...]]]:
        return [
            (s.to_move, tuple(map(str, s.legal_actions()))) for s in decision_states("minirogue-v1", agent, 3, **kw)
        ]

    seen = trace("heuristic")
    assert seen and all(isinstance(seat, int) and seat >= 0 and legal for seat, legal in seen)
    assert trace("heuristic") == seen == trace("heuristic", rng_seed=3)
    assert trace("heuristic", rng_seed=4) != seen
    walked = list(decision_states("minirogue-v1", "random", 3))
    assert walked[-1].is_terminal()  # the game's own state (not a copy), played to its end
    assert len(trace("random", max_steps=10)) <= 10 < len(walked)


def test_board_files_are_found_by_their_folder() -> None:
    """``board.py``, ``tui.py``, ``web.py`` and ``features.py`` are found by name in the game's folder
    (no game writes the hooks); a game without them (the toy game, a plain module) gets the defaults."""
    import toygame

    for game_id in GAMES:
        game = load_game(game_id)
        if game is toygame.GAME:
            continue
        for hook in ("board_actions", "tui_board", "web_board", "features"):
            assert hook not in vars(type(game)), (game_id, hook)  # the default of core, not a copy
        package = type(game).__module__
        board, draw = game.game_module("board"), game.web_board()
        assert board is not None and board.__name__ == f"{package}.board", game_id
        assert draw is not None and draw.__module__ == f"{package}.web", game_id
    toy = toygame.GAME
    assert toy.game_module("board") is None and toy.tui_board() is None and toy.web_board() is None
    assert toy.features() is None
    state = toy.new_state(seed=1)
    assert toy.board_actions(state).free == tuple(state.legal_actions())


def test_sorting_keeps_every_action_once_per_element() -> None:
    state = load_game(GAMES[0]).new_state(seed=1)
    while state.is_chance():
        state.apply(state.chance_table().sample(random.Random(1)))
    legal = state.legal_actions()
    board = sort_actions(legal, lambda a: [("die", "die:1"), ("die", "die:1"), ("card", "card:x")])
    assert [e.key for e in board.elements] == ["die:1", "card:x"]
    assert all(e.actions == tuple(legal) for e in board.elements) and board.free == ()
    with pytest.raises(ValueError, match="unknown board element kind"):
        sort_actions(legal, lambda a: [("spaceship", "x")])


def test_a_board_file_that_fails_to_import_is_not_taken_for_absent(tmp_path: Path) -> None:
    """A ``board.py`` whose own import fails raises, and one that is there is used: the folder
    convention only stands in for a file that is not there."""
    folder = tmp_path / "foldergame"
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "import toygame\n\nclass FolderGame(toygame.PigGame):\n    id = 'folder-test'\n\nGAME = FolderGame()\n"
    )
    (folder / "web.py").write_text("import no_such_module_here  # noqa\n")
    (folder / "board.py").write_text(
        "from solotable.core.board import sort_actions\n\n"
        "def board_actions(state):\n    return sort_actions(state.legal_actions(), lambda a: [('die', 'die:1')])\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        game = importlib.import_module("foldergame").GAME
        state = game.new_state(seed=1)
        assert [e.key for e in game.board_actions(state).elements] == ["die:1"]
        with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
            game.web_board()
        assert game.tui_board() is None  # no tui.py: the generic board
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "foldergame" or m.startswith("foldergame.")]:
            del sys.modules[name]


class Pieces(HTMLParser):
    """The pieces of a drawn board that carry element keys (``data-el``): their accessible names
    (``aria-label``, else their text) and, for room and threat cards, their emblems' names."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, Any]] = []
        self.pieces: list[dict[str, Any]] = []
        self.cards: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        node: dict[str, Any] = {"tag": tag, "attrs": a, "text": [], "emblems": [], "drawn": 0}
        if tag in ("br", "img", "input", "meta", "link", "hr"):
            return
        if "emblem-svg" in a.get("class", "").split():
            for outer in self.stack:
                outer["drawn"] += 1
        self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        node = self.stack.pop()
        cls = node["attrs"].get("class", "").split()
        text = "".join(node["text"]).strip()
        if "emblem-name" in cls or ("emblem" in cls and "card-title" in cls):  # a name, or a title that is one
            for outer in self.stack:
                outer["emblems"].append(text)
        if "data-el" in node["attrs"]:
            self.pieces.append({**node, "text": text})
        if "card" in cls and ({"room", "threat", "foe"} & set(cls)):
            self.cards.append({**node, "text": text})
        if self.stack:
            self.stack[-1]["text"].append(text + " ")

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1]["text"].append(data)


def boards_of(game_id: str, options: dict[str, object], seeds: int = 1) -> list[tuple[str, str]]:
    """The boards drawn in every decision of a few heuristic games, in English and Japanese."""
    game = load_game(game_id)
    drawer = game.web_board()
    assert drawer is not None
    out: list[tuple[str, str]] = []
    for seed in range(seeds):
        for state in decision_states(game_id, "heuristic", seed, options=options, max_steps=MAX_STEPS):
            seat = state.to_move if isinstance(state.to_move, int) and state.to_move >= 0 else 0
            for lang in ("en", "ja"):
                out.append((lang, str(drawer(state.observation(seat), lang, {}))))
    return out


BOARDS = [("deepspace-d6", {}), ("jongrogue", {"rules": "ez-plus"}), ("minirogue", {}), ("minirogue-v1", {})]


@pytest.mark.parametrize(("game_id", "options"), BOARDS)
def test_every_piece_has_a_name_and_every_card_its_emblem_named(game_id: str, options: dict[str, object]) -> None:
    """A piece the page may make a button is named (its ``aria-label``, else its text) in both
    languages; no piece holds another (a control inside a control cannot be reached); every room,
    foe and threat card shows its kind's emblem with the kind's name written (never by picture
    alone), and the emblems are drawn (no empty drawing)."""
    pieces = cards = 0
    for lang, html in boards_of(game_id, options):
        parser = Pieces()
        parser.feed(html)
        for p in parser.pieces:
            name = p["attrs"].get("aria-label") or p["text"]
            assert name.strip(), (game_id, lang, p["attrs"])
            if lang == "ja":  # named in Japanese, not left in English
                assert not re.search(r"[A-Za-z]{3,}", p["attrs"].get("aria-label", "")), (game_id, p["attrs"])
        assert html.count("data-el=") == len(parser.pieces)
        nested = re.findall(r"<button[^>]*>(?:(?!</button>).)*<(?:button|span)[^>]*data-el=", html)
        assert not nested, (game_id, nested[:1])
        for c in parser.cards:
            assert c["drawn"] and c["emblems"] and all(e.strip() for e in c["emblems"]), (game_id, lang, c["text"])
        pieces += len(parser.pieces)
        cards += len(parser.cards)
    assert pieces and (cards or game_id == "jongrogue")  # (JongRogue draws tiles, not cards)


def test_emblems_are_drawn_and_every_kind_a_game_names_has_one() -> None:
    from solotable.games.minirogue import web as mr_web
    from solotable.games.minirogue.data import ROOM_CARDS
    from solotable.games.minirogue_v1 import web as mr1_web
    from solotable.games.minirogue_v1.data import BOSS
    from solotable.games.minirogue_v1.data import ROOM_CARDS as V1_CARDS

    # every kind of room card has its emblem and its name in both languages
    for code in ROOM_CARDS:
        kind = code.split("-")[0].lower()
        assert kind in mr_web.EMBLEM_OF, code
        assert mr_web.t.has(f"web.mr.kind.{kind}"), code
    assert set(V1_CARDS) | {BOSS} <= set(mr1_web.EMBLEM_OF)

    for kind in {*mr_web.EMBLEM_OF.values(), *mr1_web.EMBLEM_OF.values(), "boss", "exit", "face-down"}:
        assert EMBLEMS[kind], kind
        drawn = emblem(kind, "Name")
        assert "<svg" in drawn and 'aria-hidden="true"' in drawn and ">Name</span>" in drawn
    for kind in ("external", "internal"):  # Deep Space D-6's threat kinds
        assert kind in EMBLEMS
    assert "<svg" not in emblem("no-such-kind", "Name") and ">Name</span>" in emblem("no-such-kind", "Name")


def test_markup_escapes_every_special_character_and_keeps_plain_text() -> None:
    """The board's builder skips escaping a text with nothing to escape (issue 21) and still escapes
    every one of ``& < > " '`` in texts and attribute values."""
    from solotable.core.html import Html, tag

    drawn = tag("p", "<b>&\"'", 3, Html("<i>x</i>"), "plain", title="a\"b<'&>", data_x=5, hidden=True, gone=None)
    assert drawn == (
        '<p title="a&quot;b&lt;&#x27;&amp;&gt;" data-x="5" hidden>&lt;b&gt;&amp;&quot;&#x27;3<i>x</i>plain</p>'
    )
