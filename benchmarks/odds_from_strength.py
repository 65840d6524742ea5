"""Write each game's odds (``odds.json`` in the game's folder, read by ``Game.odds()`` for the web
home page's chart) from the tables of ``docs/strength.md``: the game's win rate per difficulty (or
character, or rules) and bot, with the 95% interval and the command that measured it.

    python benchmarks/odds_from_strength.py            # rewrite the packaged files
    python benchmarks/odds_from_strength.py --check    # exit 1 if one is out of date
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solotable.core.registry import game_ids, load  # noqa: E402  (this checkout's package)

SOURCE = ROOT / "docs" / "strength.md"
NAME = "odds.json"
"""The file's name in each game's folder."""
AGENTS = ("heuristic", "mcts")
"""The bots the chart shows: the rule-based player and the fair search bot."""


def _number(text: str) -> float:
    return float(text.replace(",", "").rstrip("%"))


def parse(markdown: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    game: str | None = None
    for line in markdown.splitlines():
        head = re.match(r"^## .*\(`([a-z0-9-]+)`\)(.*)$", line)
        if head:
            game = head.group(1)
            out[game] = {"heading": line[3:].strip(), "commands": [], "column": "", "rows": []}
            continue
        if game is None:
            continue
        entry = out[game]
        command = re.match(r"^(Random and heuristic|Heuristic|Search bots): `([^`]+)`", line)
        if command:
            entry["commands"].append(command.group(2))
        if line.startswith("| ") and "agent" in line and not entry["column"]:
            entry["column"] = line.split("|")[1].strip()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1] in AGENTS and cells[2].replace(",", "").isdigit():
            low, high = cells[4].split("–")
            entry["rows"].append(
                {
                    "row": cells[0],
                    "agent": cells[1],
                    "games": int(cells[2].replace(",", "")),
                    "rate": _number(cells[3]),
                    "low": _number(low),
                    "high": _number(high),
                }
            )
    return {gid: e for gid, e in out.items() if e["rows"]}


def folder(game_id: str) -> Path:
    """The folder of a registered game (its package)."""
    return Path(sys.modules[type(load(game_id)).__module__].__file__ or "").parent


def texts(data: dict[str, Any]) -> dict[Path, str | None]:
    """Each game's file and its text (None: the game has no rows, so no file)."""
    out: dict[Path, str | None] = {}
    for gid in game_ids():
        entry = data.get(gid)
        body = {"source": "docs/strength.md", **entry} if entry else None
        out[folder(gid) / NAME] = json.dumps(body, ensure_ascii=False, indent=1) + "\n" if body else None
    unknown = sorted(set(data) - set(game_ids()))
    if unknown:
        raise SystemExit(f"docs/strength.md names games that are not registered: {', '.join(unknown)}")
    return out


def main(argv: list[str]) -> int:
    wanted = texts(parse(SOURCE.read_text(encoding="utf-8")))
    if "--check" in argv:
        stale = [p for p, text in wanted.items() if (p.read_text(encoding="utf-8") if p.exists() else None) != text]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python benchmarks/odds_from_strength.py")
        return 1 if stale else 0
    for path, text in wanted.items():
        if text is None:
            path.unlink(missing_ok=True)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(json.loads(text)['rows'])} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
