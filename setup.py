"""The build: pure Python by default; ``SOLOTABLE_MYPYC=1`` compiles the engine's hot path with mypyc.

    pip install .                              # pure Python (the default, what CI tests first)
    SOLOTABLE_MYPYC=1 pip install .            # the same package, its hot path compiled to C

Everything else (metadata, dependencies, package data) is in pyproject.toml; this file only adds
the compiled modules. The compiled build needs mypy (which ships mypyc; pip brings it into the
build environment, only when ``SOLOTABLE_MYPYC=1``), a C compiler and Python's headers. The
``.py`` files stay in the wheel beside the compiled modules; Python imports the compiled ones.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

MYPY = "mypy>=1.10"
"""The compiler (mypyc ships with mypy)."""

TYPED_IMPORTS = ["numpy>=1.26", "textual>=8.0", "gymnasium>=1.0"]
"""What the compiled modules' imports reach (mypyc type-checks them): NumPy for the games' numeric
views (features.py), Textual (with Rich and markdown-it) for the boards and the text helpers,
Gymnasium for rl/table.py's package (solotable.rl imports its environments)."""

CORE = ["action", "chance", "engine", "native", "protocol"]
"""The engine modules compiled (solotable/core/NAME.py)."""

RL = ["table"]
"""The environments' hot path (solotable/rl/NAME.py: a game played into its rows, the batched step)."""

GAMES = ["minirogue_v1", "minirogue", "deepspace_d6", "jongrogue"]
"""The game packages compiled whole (every module under solotable/games/NAME/). A game joins
with one line here, once its modules pass mypyc."""

SKIP = {
    # the card and rule data: typed models that solotable.core.data builds from their annotations,
    # which compiled classes do not keep; read once at import
    "solotable/games/minirogue_v1/data.py",
    "solotable/games/deepspace_d6/data.py",
    "solotable/games/minirogue/cardfile.py",  # --cards files (and mypyc fails on `in (*A, "x")`)
    "solotable/games/deepspace_d6/heuristic.py",  # builds its weights' model (Value) the same way
    "solotable/games/jongrogue/data.py",
}
"""Modules of those games left as Python (paths relative to the repository), each for the reason given."""

DRAWING = {"tui.py", "web.py"}
"""Every game's boards (a Textual widget, HTML built per request) stay Python: they are off the hot
path, and a compiled class cannot extend Textual's widgets."""


def compiled_modules() -> list[str]:
    paths = [f"solotable/core/{name}.py" for name in CORE] + [f"solotable/rl/{name}.py" for name in RL]
    for game in GAMES:
        for path in sorted((ROOT / "solotable" / "games" / game).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in SKIP and path.name not in DRAWING:
                paths.append(rel)
    return paths


def wanted() -> bool:
    return os.environ.get("SOLOTABLE_MYPYC", "").lower() in ("1", "true", "yes")


if not wanted():
    setup()
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip's isolated build environment asks first what the build needs: mypy, then the build
        # runs again with it installed (setuptools turns setup_requires into build requirements),
        # with the packages the type check follows imports into
        setup(setup_requires=[MYPY, *TYPED_IMPORTS])
    else:
        setup(ext_modules=mypycify(compiled_modules(), opt_level=os.environ.get("SOLOTABLE_MYPYC_OPT", "3")))
