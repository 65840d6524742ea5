"""The build being tested is the one asked for: pure Python by default, the compiled engine
(mypyc, ``SOLOTABLE_MYPYC=1 pip install .``) where ``.ci/compiled`` says so with
``SOLOTABLE_EXPECT_COMPILED=1``. Without this, a compiled run could silently test the ``.py``
files of the checkout, and a pure run a stray compiled module."""

from __future__ import annotations

import os
import pickle

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
