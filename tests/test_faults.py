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
