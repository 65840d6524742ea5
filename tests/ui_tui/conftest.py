"""Shared setup of the full-screen interface's tests: every test gets its own data directory
(saves and the record database) and no language from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SOLOTABLE_LANG", raising=False)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """The solotable data directory of this test (``$XDG_DATA_HOME/solotable``)."""
    return tmp_path / "data" / "solotable"
