"""The build being tested is the one asked for: pure Python by default, the compiled engine
(mypyc, ``SOLOTABLE_MYPYC=1 pip install .``) where ``.ci/compiled`` says so with
``SOLOTABLE_EXPECT_COMPILED=1``. Without this, a compiled run could silently test the ``.py``
files of the checkout, and a pure run a stray compiled module."""

from __future__ import annotations

import ast
import importlib
import os
import pickle
from pathlib import Path

from solotable.core import action, chance, engine, protocol
from solotable.core.native import compiled
from solotable.games.minirogue_v1.rules import combat

EXPECT_COMPILED = os.environ.get("SOLOTABLE_EXPECT_COMPILED") == "1"


def test_the_engine_is_the_build_asked_for() -> None:
    assert compiled() is EXPECT_COMPILED
    for module in (action, chance, engine, protocol, combat):
        assert (module.__file__ or "").endswith(".py") is not EXPECT_COMPILED, module.__file__


def test_phases_of_a_compiled_game_pickle_as_themselves() -> None:
    # a phase pickles by its game and name (no frame or module read, which a compiled module lacks)
    assert combat.ATTACK_ROLL.game == "minirogue-v1"
    assert engine.RUNNING.game == engine.OVER.game == ""
    for phase in (combat.ATTACK_ROLL, combat.SPELL, engine.OVER):
        assert pickle.loads(pickle.dumps(phase)) is phase


def _compiled_list() -> list[str]:
    """The modules setup.py compiles (its ``compiled_modules()``, run from its own source without
    calling ``setup()``), as module names."""
    root = Path(__file__).resolve().parent.parent
    tree = ast.parse((root / "setup.py").read_text(encoding="utf-8"))
    # (not the last part, which calls setup(), nor its import)
    keep = [node for node in tree.body if not isinstance(node, ast.If)
            and not (isinstance(node, ast.ImportFrom) and node.module == "setuptools")]  # fmt: skip
    space: dict[str, object] = {"__file__": str(root / "setup.py"), "__name__": "setup_listing"}
    exec(compile(ast.Module(body=keep, type_ignores=[]), "setup.py", "exec"), space)
    paths = space["compiled_modules"]()  # type: ignore[operator]
    return [path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in paths]


def test_every_module_setup_lists_is_the_build_asked_for() -> None:
    # all four games' states and rules among them (Deep Space D-6's state, JongRogue's whole rules)
    names = _compiled_list()
    for wanted in ("solotable.games.deepspace_d6.state", "solotable.games.jongrogue.state",
                   "solotable.games.jongrogue.features", "solotable.games.jongrogue.notation",
                   "solotable.games.jongrogue.rules.combat", "solotable.games.jongrogue.rules.turns"):  # fmt: skip
        assert wanted in names, wanted
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:  # solotable.rl needs its extra (Gymnasium), which .ci/compiled leaves out
            assert name.startswith("solotable.rl."), exc
            continue
        assert (module.__file__ or "").endswith(".py") is not EXPECT_COMPILED, module.__file__
