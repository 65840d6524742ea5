"""One way to say a game ended: the engine's ``finish()`` (``state.over``), read from every game's
source. A rule that ends the game returns nothing (no boolean "it died" beside ``finish()``, which
every caller would have to pass on), no helper hands on such a result as its own, and no game keeps
a mode or constant of its own that stands for the engine's end (``mode = ENDED``, ``ENDED = OVER``).
Callers of a rule that may end the game ask ``state.over``."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "solotable" / "games"


def _calls(node: ast.AST, name: str) -> bool:
    return any(
        isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Attribute) and n.func.attr == name)
            or (isinstance(n.func, ast.Name) and n.func.id == name)
        )
        for n in ast.walk(node)
    )


def _called(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return None


def findings(root: Path) -> list[str]:
    """Every place in the games under ``root`` that says "the game ended" other than by ``finish()``."""
    out: list[str] = []
    for game in sorted(p for p in root.iterdir() if p.is_dir()) or [root]:
        trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(game.rglob("*.py"))}
        ending = {  # the game's functions that call finish() themselves
            node.name
            for tree in trees.values()
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name != "finish" and _calls(node, "finish")
        }
        for path, tree in trees.items():
            where = path.relative_to(root)
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    returns = ast.unparse(node.returns) if node.returns is not None else "None"
                    if node.name in ending and returns != "None":
                        out.append(f"{where}: {node.name} ends the game and returns {returns}")
                    for ret in ast.walk(node):
                        if isinstance(ret, ast.Return) and ret.value is not None and _called(ret.value) in ending:
                            out.append(f"{where}: {node.name} returns the result of {_called(ret.value)}")
                if isinstance(node, ast.Assign | ast.AnnAssign):
                    value = node.value
                    if isinstance(value, ast.Name) and value.id in ("OVER", "ENDED"):
                        out.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_a_game_ends_by_finish_only() -> None:
    assert not findings(GAMES), findings(GAMES)


def test_the_check_sees_a_boolean_beside_finish(tmp_path: Path) -> None:
    """What the check refuses, and what it lets through (a foe defeated is not the game's end)."""
    (tmp_path / "rules.py").write_text(
        "def lose_hp(s, n) -> bool:\n    s.finish()\n    return True\n\n"
        "def lose(s, n) -> bool:\n    return lose_hp(s, n)\n\n"
        "ENDED = OVER\n\n"
        "def hit_foe(s, n) -> bool:\n    defeated(s)\n    return True\n\n"
        "def defeated(s) -> None:\n    s.finish()\n"
    )
    assert [f.split(": ", 1)[1] for f in findings(tmp_path)] == [
        "lose_hp ends the game and returns bool",
        "lose returns the result of lose_hp",
        "ENDED = OVER",
    ]
