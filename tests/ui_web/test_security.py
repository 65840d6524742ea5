"""What a browser is sent: never face-down information, and no text that could become markup."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solotable.agents.registry import make_agent
from solotable.core.html import tag
from solotable.core.session import Session
from solotable.ui.web import boards
from solotable.ui.web.storage import Storage
from solotable.ui.web.tables import Tables


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("deepspace-d6", {}), ("jongrogue", {"rules": "ez-plus"}), ("minirogue", {}), ("minirogue-v1", {})],
)
def test_the_view_does_not_change_when_hidden_things_are_redrawn(
    game_id: str, options: dict[str, Any], tmp_path: Any
) -> None:
    """``resample_hidden`` redraws everything the player cannot see (deck order, face-down tiles):
    a view that carried any of it would change."""
    tables = Tables(Storage(f"sqlite:///{tmp_path / 'w.sqlite3'}"))
    row, tokens = tables.create(game_id, options, player="security-test-player-1", seed=4, practice=True)
    bot = make_agent("heuristic", game_id)
    rng = random.Random(4)
    checked = 0
    for step in range(60):
        live = tables.load(row.id)
        state = live.session.state
        if state.is_terminal():
            break
        if step % 6 == 0 and state.to_move == 0:
            payload = tables.view(live, 0, "en")
            assert payload["observation"] == state.observation(0)
            for k in range(3):
                other = state.resample_hidden(random.Random(k))
                live.session.state = other
                again = tables.view(live, 0, "en", fresh=True)
                live.session.state = state
                assert again["observation"] == payload["observation"]
                assert again["board"] == payload["board"] and again["infos"] == payload["infos"]
                assert again["texts"] == payload["texts"]
                assert again["entries"] == payload["entries"]  # what the Info dialog shows
                assert again["actions"] == payload["actions"]
            checked += 1
        tables.play(row.id, tokens[0], str(bot.choose(state, rng)), live.row.version)
    assert checked >= 2
    assert "seed" not in tables.view(tables.load(row.id), 0, "en")  # the seed tells every roll to come


def test_no_seed_or_future_roll_in_what_a_browser_gets(tmp_path: Any) -> None:
    tables = Tables(Storage(f"sqlite:///{tmp_path / 'w.sqlite3'}"))
    row, _ = tables.create("minirogue-v1", {}, player="security-test-player-1", seed=123456789, practice=True)
    payload = tables.view(tables.load(row.id), 0, "en")
    import json

    assert "123456789" not in json.dumps(payload)


def test_markup_is_escaped_everywhere_it_is_built() -> None:
    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    html = tag("p", evil, title=evil, data_info=evil)
    assert "<script" not in html and "<img" not in html and '"><' not in html
    assert html.count("&lt;script&gt;") == 3
    # a board drawn from an observation holding such text (the fallback board shows every value)
    board, _ = boards.render("no-such-game", {evil: evil, "x": [evil]}, "en")
    assert "<script" not in board and "<img" not in board


def test_a_seat_token_opens_one_seat_of_one_table(tmp_path: Any) -> None:
    from solotable.ui.web.tables import WebError

    tables = Tables(Storage(f"sqlite:///{tmp_path / 'w.sqlite3'}"))
    a, a_tokens = tables.create(
        "minirogue", {"partner": "mage"}, player="security-test-player-1", seed=1, practice=True
    )
    _, b_tokens = tables.create(
        "minirogue", {"partner": "mage"}, player="security-test-player-1", seed=1, practice=True
    )
    assert len(set(a_tokens + b_tokens)) == 4 and all(len(t) >= 32 for t in a_tokens)
    live_a = tables.load(a.id)
    assert [tables.seat(live_a, tok) for tok in a_tokens] == [0, 1]
    for tok in [*b_tokens, "", a_tokens[0][:-1], a_tokens[0] + "x"]:
        with pytest.raises(WebError) as err:
            tables.seat(live_a, tok)
        assert err.value.status == 404 and err.value.key == "web.err.unknown_table"
    # the seats' tokens are kept hashed: the database holds no token in clear
    assert all(tok not in str(live_a.row.seats) for tok in a_tokens)
    state: Session = live_a.session
    mover = state.state.to_move
    assert mover in (0, 1)
    notation = str(state.state.legal_actions()[0])
    with pytest.raises(WebError) as err:
        tables.play(a.id, a_tokens[1 - mover], notation, live_a.row.version)
    assert err.value.status == 409
