"""The web server's hint (issue 11, item 15: hints carry their interval): each ranked move with
its chance of winning, its 95% interval and the words that say how it was found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.agents.hint import WILSON, Hint
from solotable.ui.web import app as web_app
from solotable.ui.web.app import create_app


def test_the_hint_answer_carries_each_interval(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fixed(state: Any, budget: float) -> list[Hint]:
        first, second = state.legal_actions()[:2]
        return [Hint(first, 0.25, 40, 0.14, 0.40, WILSON), Hint(second, 0.2, 40)]

    monkeypatch.setattr(web_app, "_hint", fixed)
    c = TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}"))
    r = c.post("/api/tables", json={"game": "minirogue-v1", "options": {}, "seed": 2})
    assert r.status_code == 201, r.text
    table, token = r.json()["table"], r.json()["tokens"][0]
    for _ in range(5):  # to a decision with two choices or more
        v = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}).json()
        if len(v["actions"]) >= 2:
            break
        c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token},
               json={"action": v["actions"][0]["n"], "version": v["version"]})  # fmt: skip
    r = c.post(f"/api/t/{table}/hint", headers={"X-Seat-Token": token}, json={"seconds": 0.5})
    assert r.status_code == 200, r.text
    ranked = r.json()["ranked"]
    assert ranked[0]["win"] == 25 and ranked[0]["interval"] == [14, 40]
    assert "95% interval 14–40%, Wilson's" in ranked[0]["figure"]
    assert ranked[1]["interval"] is None and "no sampling interval" in ranked[1]["figure"]
