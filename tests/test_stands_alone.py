"""The project stands alone: the README, docs/, the package (help pages, rules output, catalogues,
code) never point at files outside this repository (issue 11, item 12). A user's clone has no
``../shared``; what a player needs of the rules references ships in the package."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

POINTER = re.compile(r"(?:\.\./)+shared\b|(?<![\w.-])shared/(?:rules|seeds|DESIGN)|/work/|\.\./\.\./")
"""A path out of the repository: the developers' ``../shared`` folder (rules references, seeds,
design notes), or an absolute path of the machine the project was built on."""

KNOWN = {
    # Files of the game engineers (their game folders and boards), who remove each entry as they
    # take the pointer out; a stale entry fails below. Everything else is already clean.
}


def scanned() -> list[Path]:
    text = (".py", ".md", ".toml", ".txt", ".html", ".js", ".css")
    files = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*") if p.suffix in text)]
    files += sorted(p for p in (ROOT / "solotable").rglob("*") if p.suffix in text)
    return [p for p in files if p.is_file()]


def pointers(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if POINTER.search(line)]


def test_the_pattern_finds_what_it_should() -> None:
    for line in ("see ../shared/rules/x.md", "`shared/rules/minirogue.md`", "../shared/DESIGN.md", "/work/main"):
        assert POINTER.search(line), line
    for line in ("a shared fight", "docs/rulings.md", "solotable/games/x", "shared windows"):
        assert not POINTER.search(line), line


def test_nothing_points_outside_the_repository() -> None:
    found = {}
    for path in scanned():
        name = path.relative_to(ROOT).as_posix()
        hits = pointers(path)
        if hits and name not in KNOWN:
            found[name] = hits
    assert not found, "\n".join(f"{name}:{hit}" for name, hits in found.items() for hit in hits)


def test_the_known_offenders_still_offend() -> None:
    # an entry whose file is clean now is removed from KNOWN, so that it stays clean
    stale = sorted(name for name in KNOWN if not (ROOT / name).exists() or not pointers(ROOT / name))
    assert not stale, f"clean now: remove from KNOWN: {stale}"
