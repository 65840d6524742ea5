"""What the optional compiled build (mypyc, ``SOLOTABLE_MYPYC=1 pip install .``) needs said in code.

:func:`mypyc_attr` is mypy's class decorator where mypy is installed, and a decorator that
changes nothing elsewhere: in pure Python it has no effect either way. In the compiled build it
lets classes defined outside the compiled modules (JongRogue's state, a test's toy game) derive
from a compiled class. :func:`compiled` says which build is running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

C = TypeVar("C")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pure Python without mypy installed

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[C], C]:
        return lambda cls: cls


def compiled() -> bool:
    """True when the engine runs compiled (its module is an extension, not a ``.py`` file)."""
    from solotable.core import engine

    return not (engine.__file__ or "").endswith(".py")
