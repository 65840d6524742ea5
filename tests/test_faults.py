"""Faults found at a real table (issue 20 items 15-18): each ends in a sentence, never a traceback."""

from __future__ import annotations

import pytest

from solotable.ui.web.cli import main as web_main


@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_web_port_out_of_range_is_one_sentence(port: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert web_main(["--port", port, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 3
    assert "65535" in err


def test_sim_ray_that_cannot_start_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ray = pytest.importorskip("ray")

    def refuse(*args: object, **kwargs: object) -> None:
        raise ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to.")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    from solotable.sim.cli import main as sim_main

    assert sim_main(["minirogue-v1", "--games", "2", "--backend", "ray"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "Could not find any running Ray instance." in err
