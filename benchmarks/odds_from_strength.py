"""Write the web home page's odds chart data (``solotable/ui/web/odds.json``) from the tables of
``docs/strength.md``: every game's win rate per difficulty (or character, or rules) and bot, with
the 95% interval and the command that measured it.

    python benchmarks/odds_from_strength.py            # rewrite the packaged file
    python benchmarks/odds_from_strength.py --check    # exit 1 if it is out of date
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "strength.md"
TARGET = ROOT / "solotable" / "ui" / "web" / "odds.json"
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


def main(argv: list[str]) -> int:
    data = parse(SOURCE.read_text(encoding="utf-8"))
    text = json.dumps({"source": "docs/strength.md", "games": data}, ensure_ascii=False, indent=1) + "\n"
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date: run python benchmarks/odds_from_strength.py")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET} ({sum(len(e['rows']) for e in data.values())} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
