"""The tables as HTML and SVG: each game draws its own (``games/<game>/web.py``, found through
:meth:`Game.web_board <solotable.core.protocol.Game.web_board>`); a game without one gets the
observation as a list.

``render(game_id, observation, lang)`` returns the board's markup and the texts of its cards:
every card, tile and die that can be opened carries ``data-info="KEY"`` and is a button, and
``infos[KEY]`` is ``{"title": ..., "body": ...}`` for the page's card dialog. Every piece of text
passes :mod:`solotable.core.html`, which escapes it.
"""

from __future__ import annotations

from solotable.core.html import Html, tag
from solotable.core.protocol import OptionError
from solotable.core.registry import load as load_game
from solotable.core.web_pieces import Infos, Obs


def render(game_id: str, o: Obs, lang: str) -> tuple[str, Infos]:
    infos: Infos = {}
    try:
        drawer = load_game(game_id).web_board()
    except OptionError:  # no such game: its observation as a list
        drawer = None
    board = drawer(o, lang, infos) if drawer is not None else _fallback(o, lang, infos)
    return str(board), infos


def _fallback(o: Obs, lang: str, infos: Infos) -> Html:
    """Any other game: the observation as a list."""
    rows = [tag("div", tag("dt", key), tag("dd", str(value))) for key, value in o.items()]
    return tag("dl", *rows, cls="board board-fallback")


__all__ = ["render"]
