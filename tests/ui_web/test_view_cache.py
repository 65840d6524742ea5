"""The view of a table at a version is built once per seat and language, then reused: the mover's
answer, the partner's refresh after the live stream's word, a reload."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.ui.web import tables as tables_module
from solotable.ui.web.app import create_app


def test_a_view_is_built_once_per_version_seat_and_language(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str]] = []
    real = tables_module.boards.render

    def counting(game_id: str, observation: Any, lang: str) -> Any:
        drawn.append((game_id, lang))
        return real(game_id, observation, lang)

    monkeypatch.setattr(tables_module.boards, "render", counting)
    c = TestClient(create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}"))
    made = c.post("/api/tables", json={"game": "minirogue", "options": {"partner": "mage"}}).json()
    tid, tokens = made["table"], made["tokens"]

    def view(seat: int, lang: str = "en") -> dict[str, Any]:
        r = c.get(f"/api/t/{tid}", params={"lang": lang}, headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200
        data: dict[str, Any] = r.json()
        return data

    first = view(0)
    assert len(drawn) == 1
    assert view(0) == first and len(drawn) == 1  # again: the same view, not built again
    view(0, "ja")
    view(1)
    assert len(drawn) == 3
    mover = first["observation"]["to_move"]
    mine = view(mover)
    r = c.post(
        f"/api/t/{tid}/move",
        json={"action": mine["actions"][0]["n"], "version": mine["version"]},
        headers={"X-Seat-Token": tokens[mover]},
    )
    assert r.status_code == 200
    assert len(drawn) == 4  # the new version, for the mover
    assert view(mover) == r.json() and len(drawn) == 4
    other = view(1 - mover)
    assert len(drawn) == 5 and other["version"] == r.json()["version"]
    # each request's own additions do not leak into the kept view
    assert view(0)["invites"] and "invites" not in view(1)


def test_a_double_click_is_refused_without_asking_the_database(tmp_path: Any) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    c = TestClient(app)
    made = c.post("/api/tables", json={"game": "minirogue-v1"}).json()
    tid, token = made["table"], made["tokens"][0]
    headers = {"X-Seat-Token": token}
    view = c.get(f"/api/t/{tid}", headers=headers).json()
    body = {"action": view["actions"][0]["n"], "version": view["version"]}
    assert c.post(f"/api/t/{tid}/move", json=body, headers=headers).status_code == 200
    storage = app.state.web.storage
    asked: list[str] = []
    real = storage.version
    storage.version = lambda table_id: asked.append(table_id) or real(table_id)
    again = c.post(f"/api/t/{tid}/move", json=body, headers=headers)
    assert again.status_code == 409 and again.json()["code"] == "web.err.stale"
    assert asked == []  # the copy in memory is past that version already
    # a wrong token still gets the same answer as an unknown table, stale version or not
    wrong = c.post(f"/api/t/{tid}/move", json=body, headers={"X-Seat-Token": "x" * 32})
    assert wrong.status_code == 404
