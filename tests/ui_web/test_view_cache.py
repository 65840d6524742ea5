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
