"""The web server's hint (issue 11, item 15: hints carry their interval): each ranked move with
its chance of winning, its 95% interval and the words that say how it was found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from solotable.agents.hint import STANDARD_ERROR, WILSON, Hint
from solotable.ui.present import hint_figure, msg
from solotable.ui.web import app as web_app
from solotable.ui.web.app import create_app


def test_the_hint_answer_carries_each_interval(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fixed(state: Any, budget: float) -> list[Hint]:
        first, second = state.legal_actions()[:2]
        return [Hint(first, 0.25, 40, 0.14, 0.40, WILSON), Hint(second, 0.2, 40)]

    monkeypatch.setattr(web_app, "_hint", fixed)
    c = TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}"))
    r = c.post("/api/tables", json={"game": "minirogue-v1", "options": {}, "seed": 2, "practice": True})
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


def hinted_table(c: TestClient) -> tuple[str, str]:
    r = c.post("/api/tables", json={"game": "minirogue-v1", "options": {}, "seed": 2, "practice": True})
    assert r.status_code == 201, r.text
    table, token = r.json()["table"], r.json()["tokens"][0]
    for _ in range(10):  # to a decision with three choices or more
        v = c.get(f"/api/t/{table}", headers={"X-Seat-Token": token}).json()
        if len(v["actions"]) >= 3:
            return table, token
        c.post(f"/api/t/{table}/move", headers={"X-Seat-Token": token},
               json={"action": v["actions"][0]["n"], "version": v["version"]})  # fmt: skip
    raise AssertionError("no decision with three choices")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_lines_are_the_terminals_figures(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines the page shows carry each figure with its interval, made by the terminal's own
    ``hint_figure``; a runner-up never simulated is left out, as in the terminal; the note is
    there when a runner-up shows a higher chance than the recommended move."""
    given: list[Hint] = []

    def fixed(state: Any, budget: float) -> list[Hint]:
        first, second, third = state.legal_actions()[:3]
        given[:] = [
            Hint(first, 0.25, 40, 0.14, 0.40, WILSON),
            Hint(second, 0.31, 30, 0.2, 0.42, STANDARD_ERROR),
            Hint(third, 0.5, 0),
        ]
        return list(given)

    monkeypatch.setattr(web_app, "_hint", fixed)
    c = TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}"))
    table, token = hinted_table(c)
    r = c.post(f"/api/t/{table}/hint", headers={"X-Seat-Token": token}, params={"lang": lang}, json={})
    assert r.status_code == 200, r.text
    data = r.json()
    assert [h["n"] for h in data["ranked"]] == [str(given[0].action), str(given[1].action)]  # unsimulated: out
    for sent, h in zip(data["ranked"], given, strict=False):
        assert sent["figure"] == hint_figure(h, lang)
        assert sent["label"] in sent["line"] and sent["line"].endswith(sent["figure"])
    assert data["text"] == msg("cli.hint_best", lang) + " " + data["ranked"][0]["line"]
    assert ("95% interval 14–40%" if lang == "en" else "95%区間 14〜40%") in data["text"]
    assert ("95% interval 20–42%" if lang == "en" else "95%区間 20〜42%") in data["ranked"][1]["line"]
    assert data["others"] and data["note"] == msg("cli.hint_note", lang)  # 31% shown above the 25% recommended
