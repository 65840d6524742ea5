"""The arrows of DESIGN.md ("Layers"), read from the source: which package imports which, every
``import`` counted (those inside functions and under ``TYPE_CHECKING`` too).

- a game imports ``solotable.core`` and nothing else of ours (not ``ui``, not another game);
- ``core`` imports no game, bot or interface; ``agents`` and ``sim`` no interface;
- no import circle between the interfaces (the line player and command, the full-screen
  terminal, the browser, and the shared presentation module);
- ``ui``, ``sim`` and ``agents`` name no game: what they know of one comes through the registry;
- every game folder names the same concern with the same file (:data:`GAME_MODULES`, as
  docs/architecture.md lists them): no other module beside ``rules/`` and the data files.

Run as a script for the report: ``python tests/test_layers.py [ROOT]`` prints the interfaces'
import graph and its circles for the package under ROOT (default: this checkout).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name."""
    out: dict[str, Path] = {}
    for path in sorted((root / "solotable").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ours ``name`` imports (``from a import b`` is ``a.b`` when that is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("solotable"):
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            if not base.startswith("solotable"):
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield sub if sub in known else base


def graph(root: Path) -> dict[str, set[str]]:
    known = modules(root)
    return {name: {m for m in imports(name, path, known) if m != name} for name, path in known.items()}


def interface(module: str) -> str | None:
    """Which interface a module belongs to (None: not an interface module)."""
    for prefix, group in (
        ("solotable.ui.tui", "ui.tui"),
        ("solotable.ui.web", "ui.web"),
        ("solotable.ui.cli", "ui.cli"),
        ("solotable.cli", "ui.cli"),
    ):
        if module == prefix or module.startswith(prefix + "."):
            return group
    if module.startswith("solotable.ui."):
        return "ui.shared"
    return None


def interface_edges(g: dict[str, set[str]]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for a, targets in g.items():
        ga = interface(a)
        if ga is None:
            continue
        for b in targets:
            gb = interface(b)
            if gb is not None and gb != ga:
                edges.setdefault(ga, set()).add(gb)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(set(edges) | {w for ws in edges.values() for w in ws}):
        if v not in index:
            visit(v)
    return out


def offending(g: dict[str, set[str]], source: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{a} -> {b}"
        for a, targets in g.items()
        if a == source or a.startswith(source + ".")
        for b in targets
        if any(b == f or b.startswith(f + ".") for f in forbidden)
    )


GAME_IDS = re.compile(r"minirogue|deepspace|jongrogue")


def test_games_import_core_only() -> None:
    g = graph(ROOT)
    games = sorted({m.split(".")[2] for m in g if m.startswith("solotable.games.") and m.count(".") >= 2})
    for game in games:
        others = tuple(f"solotable.games.{o}" for o in games if o != game)
        bad = offending(g, f"solotable.games.{game}", ("solotable.ui", "solotable.agents", "solotable.sim",
                                                        "solotable.rl", *others))  # fmt: skip
        assert not bad, bad


def test_core_agents_and_sim_import_no_interface() -> None:
    g = graph(ROOT)
    assert not offending(g, "solotable.core", ("solotable.games", "solotable.ui", "solotable.agents", "solotable.sim"))
    assert not offending(g, "solotable.agents", ("solotable.ui", "solotable.sim"))
    assert not offending(g, "solotable.sim", ("solotable.ui",))


def test_no_circle_between_interfaces() -> None:
    edges = interface_edges(graph(ROOT))
    assert edges, "the scan found no interface imports"
    assert not circles(edges), circles(edges)
    assert "ui.cli" not in edges.get("ui.tui", set()) and "ui.cli" not in edges.get("ui.web", set())
    assert not edges.get("ui.shared", set()) - set(), edges["ui.shared"]  # the shared modules import no interface


def test_interfaces_sim_and_agents_name_no_game() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for top in ("ui", "sim", "agents")
        for path in sorted((ROOT / "solotable" / top).rglob("*"))
        if path.suffix in (".py", ".toml", ".js", ".css", ".html", ".json", ".md", ".svg")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if GAME_IDS.search(line)
    ]
    assert not found, found


GAME_MODULES = {
    "__init__": "the Game: id, titles, options and their words, notation and words hooks; registers itself",
    "data": "typed models of the data files (cards.toml, rules.toml), loaded and validated once",
    "cardfile": "the data file read key for key, when data.py compiles it into another form for the rules",
    "names": "the ids every module shares (cards, stats, statuses), when data.py needs them before it loads",
    "state": "the State: typed fields, clone",
    "actions": "every decision and chance outcome as a shared Action, and their notation",
    "notation": "reading loosely what a player types (names in both languages, physical dice, tiles)",
    "observation": "what a seat sees: the typed dictionary and observation()",
    "view": "the table as text for line mode, and other text built from the observation",
    "info": "what a player could read at the table (info_entries)",
    "words": "actions and events in words beyond the catalogue (action labels, message ids by count)",
    "board": "which legal actions concern which board element (Game.board_actions)",
    "features": "the numeric view for learning agents (Game.features)",
    "heuristic": "the game's bot and its evaluation for search (Game.bot_hooks)",
    "tui": "the full-screen terminal's board (Game.tui_board)",
    "web": "the browser's board (Game.web_board)",
}
"""The modules a game folder may hold, by the concern each is for (docs/architecture.md)."""
GAME_DIRS = {"rules"}
"""A game folder's sub-packages: the rules, one module per chapter."""
GAME_DATA = {".toml", ".md", ".json"}
"""The data files beside them (messages, cards, rules help, odds)."""
BUILT = {"__pycache__"}
BUILT_SUFFIXES = {".pyc", ".so", ".pyd", ".c"}
"""What a build leaves in a folder (bytecode, compiled modules), not the game's own."""


def game_folder_drift(root: Path) -> list[str]:
    """Every file or folder in a game folder that is not a declared standard name."""
    out: list[str] = []
    for folder in sorted(p for p in (root / "solotable" / "games").iterdir() if (p / "__init__.py").is_file()):
        for path in sorted(folder.iterdir()):
            if path.name in BUILT or path.suffix in BUILT_SUFFIXES:
                continue
            if path.is_dir():
                ok = path.name in GAME_DIRS
            elif path.suffix == ".py":
                ok = path.stem in GAME_MODULES
            else:
                ok = path.suffix in GAME_DATA
            if not ok:
                out.append(str(path.relative_to(root)))
    return out


def test_game_folders_use_the_standard_module_names() -> None:
    games = [p for p in (ROOT / "solotable" / "games").iterdir() if (p / "__init__.py").is_file()]
    assert len(games) >= 4, games
    assert not game_folder_drift(ROOT), game_folder_drift(ROOT)
    for name in ("observation", "view", "info", "board", "features", "heuristic", "tui", "web"):
        assert all((g / f"{name}.py").is_file() for g in games), name  # every game has these concerns


def test_a_new_name_in_a_game_folder_is_refused(tmp_path: Path) -> None:
    """The check sees a module of another name, and a folder that is not ``rules/``."""
    game = tmp_path / "solotable" / "games" / "somegame"
    (game / "rules").mkdir(parents=True)
    for name in ("__init__.py", "state.py", "observation.py", "messages.toml", "rules/setup.py"):
        (game / name).write_text("")
    assert game_folder_drift(tmp_path) == []
    (game / "typed.py").write_text("")
    (game / "screens").mkdir()
    assert game_folder_drift(tmp_path) == ["solotable/games/somegame/screens", "solotable/games/somegame/typed.py"]


def report(root: Path) -> str:
    g = graph(root)
    edges = interface_edges(g)
    lines = [f"interfaces' imports under {root}:"]
    for a in sorted(edges):
        for b in sorted(edges[a]):
            via = sorted(f"{m} -> {t}" for m, ts in g.items() if interface(m) == a for t in ts if interface(t) == b)
            lines.append(f"  {a} -> {b}   ({len(via)}: {', '.join(via[:3])}{' ...' if len(via) > 3 else ''})")
    found = circles(edges)
    lines.append(f"circles between interfaces: {len(found)}" + "".join(f"\n  {' <-> '.join(c)}" for c in found))
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT))
