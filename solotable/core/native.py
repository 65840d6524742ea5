"""What the optional compiled build (mypyc, ``SOLOTABLE_MYPYC=1 pip install .``) needs said in code.

:func:`mypyc_attr` is mypy's class decorator where mypy is installed, and a decorator that
changes nothing elsewhere: in pure Python it has no effect either way. In the compiled build it
lets classes defined outside the compiled modules (JongRogue's state, a test's toy game) derive
from a compiled class. :func:`blank_maker` gives a module the fastest way to make an empty object
in its build. :func:`compiled` says which build is running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

C = TypeVar("C")
T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pure Python without mypy installed

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[C], C]:
        return lambda cls: cls


class Blank(Protocol):
    def __call__(self, cls: type[T], /) -> T: ...


def _own_new(cls: type[T]) -> T:
    return cls.__new__(cls)


def blank_maker(module_file: str | None) -> Blank:
    """How the module whose ``__file__`` is ``module_file`` makes an empty object of a class (a
    clone's, before it copies the fields): ``blank = blank_maker(__file__)`` then
    ``new = blank(Cls)``.

    In pure Python, ``object.__new__`` itself, one call in C, as ``Cls.__new__(Cls)`` was. A
    compiled class refuses ``object.__new__``, and its own ``__new__`` runs ``__init__``; so the
    classes made empty this way (``StepState``, ``ChanceTable``, Mini Rogue's ``Hero``) write out
    the default ``__new__``, which a compiled module calls. Pure Python never calls it."""
    if (module_file or "").endswith((".py", ".pyc")):
        return object.__new__
    return _own_new


def compiled() -> bool:
    """True when the engine runs compiled (its module is an extension, not a ``.py`` file)."""
    from solotable.core import engine

    return not (engine.__file__ or "").endswith(".py")
