"""The README's Python examples run as written (doctest), and its quick start is what CI runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 5
    assert failures == 0


def test_readme_starts_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```\n(.*?)```", readme, re.S)
    assert block is not None
    commands = block.group(1).strip().splitlines()
    assert len(commands) == 2
    assert "solotable play" in commands[0]
    assert "pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "grep -m1 -E '^pip install .*pytest' README.md" in ci
    assert re.match(r"^pip install .*pytest", commands[1])
