"""The web table's "Info" (issue 11, item 8: what the table shows is one key away, as the
terminal's `i`): the view carries the game's own ``info_entries`` for the state on screen, in the
page's language, for every game, and for a rewound table the entries of that earlier table."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

import solotable
from solotable.core.protocol import Game, State
from solotable.ui.web.app import create_app
from solotable.ui.web.storage import Storage

GAMES = ["minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"]


def replayed(url: str, table: str, steps: int | None = None) -> State:
    """The table's state rebuilt from its stored record (independently of the server)."""
    storage = Storage(url)
    row = storage.get(table)
    storage.dispose()
    assert row is not None
    game = solotable.load(row.game)
    state = game.new_state(seed=row.seed, **row.options)
    for text in row.actions[:steps]:
        state.apply(game.parse_action(state, text))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_carries_the_games_info_entries_in_its_language(game_id: str, tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    c = TestClient(create_app(url))
    r = c.post("/api/tables", json={"game": game_id, "options": {}, "seed": 7, "practice": True})
    assert r.status_code == 201, r.text
    table, token = r.json()["table"], r.json()["tokens"][0]
    game = solotable.load(game_id)
    seen = []
    for step in range(8):
        for lang in ("en", "ja"):
            v = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}, params={"lang": lang}).json()
            state = replayed(url, table)
            expected = [{"key": e.key, "title": e.title, "text": e.text} for e in game.info_entries(state, lang)]
            assert v["entries"] == expected, (step, lang)
            seen.append(len(expected))
        if v["over"] or not v["actions"]:
            break
        c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token},
               json={"action": v["actions"][-1]["n"], "version": v["version"]})  # fmt: skip
    # a rewound table shows the entries of the table as it was then
    steps = v["steps"]
    if steps >= 2:
        past = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}, params={"lang": "ja", "at": 1}).json()
        assert past["at"] == 1
        before = replayed(url, table, 1)
        assert past["entries"] == [
            {"key": e.key, "title": e.title, "text": e.text} for e in game.info_entries(before, "ja")
        ]
    if type(game).info_entries is not Game.info_entries:  # a game that explains anything explains something here
        assert max(seen) > 0
