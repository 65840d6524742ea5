"""Checks shared by the test suites of several games and interfaces (one copy of each)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import solotable
from solotable.core.i18n import LANGS, Catalogue


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def check_catalogue_matches_source(source: str, prefix: str, catalogue: Catalogue, where: str) -> None:
    """Every ``prefix.*`` key the source uses exists, none is unused, and en/ja agree."""
    used = set(re.findall(rf'"({re.escape(prefix)}\.[a-z_.]+)"', source))
    assert used, "the scan found no keys"
    missing = sorted(used - set(catalogue.keys()))
    assert not missing, f"keys used by {where} but not in its messages.toml: {missing}"
    unused = sorted(set(catalogue.keys()) - used)
    assert not unused, f"keys in the messages.toml of {where} that it never uses: {unused}"
    for key, entry in catalogue.messages.items():
        assert all(entry[lang].strip() for lang in LANGS), key
        assert placeholders(entry["en"]) == placeholders(entry["ja"]), key


def check_golden(path: Path, got: dict[str, Any], regen: bool) -> None:
    """Compare a transcript with its golden file (rewritten first when ``regen``)."""
    if regen:
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"missing {path}; create it with SOLOTABLE_REGEN_GOLDEN=1"
    want = json.loads(path.read_text(encoding="utf-8"))
    assert got["result"] == want["result"]
    for i, (g, w) in enumerate(zip(got["steps"], want["steps"], strict=False)):
        assert g == w, f"step {i} differs"
    assert got == want


def check_record_replays(game_id: str, path: Path) -> None:
    """The stored record alone rebuilds the final state (the save format is stable too)."""
    want = json.loads(path.read_text(encoding="utf-8"))
    game = solotable.load(game_id)
    record = solotable.Record(
        game=game_id,
        rules_version=game.rules_version,
        options=game.new_state(**want["options"]).options(),
        seed=want["seed"],
        actions=want["record"],
    )
    final = solotable.parse_record(record.dumps()).replay()
    assert final.result().to_json() == want["result"]
