"""Chance primitives every game builds its chance nodes from.

A :class:`ChanceTable` lists the outcomes of one chance node with integer weights: a die's faces,
the multisets of several dice rolled together, a card drawn from the cards left in a deck, a tile
from the wall by the counts of each kind. Exact probabilities (``Fraction``) are made only when
someone asks for them (search bots, tests, the physical-dice dialog); the simulator only samples,
which costs one ``rng.random()`` and a bisection over floats built on first use.

Sampling is defined once, here, so that the same generator gives the same outcome whatever way a
table was built: ``cum[i] = (w_0 + ... + w_i) / total`` (int division, correctly rounded, the
same float as ``float(Fraction(...))``) and the outcome is the first whose ``cum`` exceeds
``rng.random()``. A table sampled once (a draw from a pile, built for one draw) finds that
outcome from the running sums without building the list of floats (compiled, a pile's table finds
it in one pass over its counts, with no running sums built); a table sampled again builds the list
once and bisects it. An outcome of weight zero has the ``cum`` of the one before it, so
it is never the first to exceed: sampling gives the same outcome with zero weights kept in or left
out, and a table samples over its actions as built (see :class:`ChanceTable`).

Building blocks:

- :meth:`ChanceTable.uniform`, :meth:`ChanceTable.weighted`: from actions and weights;
- :func:`die_table`: one die (``d6:1`` ... ``d6:6``), cached;
- :func:`dice_multisets` / :func:`dice_table`: ``n`` dice rolled together as one event, each
  multiset of faces in ascending order with its number of orderings, cached;
- :func:`draw_table`: one item drawn from a pile of kinds with counts (a deck, a tile wall):
  each kind with a count, weighted by it; kinds with no copy left are not outcomes.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations_with_replacement, compress
from math import factorial, lcm
from operator import sub
from typing import Any, Final, Self

from solotable.core.action import Action
from solotable.core.native import blank_maker

_blank = blank_maker(__file__)


class ChanceTable:
    """The outcomes of one chance node, with integer weights (see the module docstring).

    ``ChanceTable(outcomes)`` takes ``(action, Fraction)`` pairs; the class methods take weights,
    which is cheaper. Tables are immutable once built; games cache those that repeat.

    A table keeps the actions it was built from and the running sums of their weights, zero
    weights included (a pile's kinds with no copy left): sampling bisects the running sums and
    never picks a zero weight, so it runs on them as built, and :attr:`actions` and
    :attr:`weights` are made (the zeros left out) when first read. A draw from a pile, built at
    every draw and sampled once, costs one pass over its counts (:func:`draw_table`: compiled, the
    table keeps the counts and makes the running sums only if it is sampled again or read).
    """

    __slots__ = (
        "_acc", "_actions", "_counts", "_cum", "_exact", "_kinds", "_last", "_sampled", "_set", "_weights", "total",
    )  # fmt: skip

    total: int

    def __new__(cls, *args: Any) -> Self:
        # the default, written out for the compiled build, where ``_blank(cls)`` calls it (mypyc's
        # own ``__new__`` would run ``__init__``); pure Python never calls it
        return object.__new__(cls)

    def __init__(self, outcomes: Iterable[tuple[Action, Fraction]]) -> None:
        pairs = tuple(outcomes)
        if not pairs:
            raise ValueError("a chance node needs at least one outcome")
        total = sum((p for _, p in pairs), Fraction(0))
        if total != 1:
            raise ValueError(f"chance probabilities sum to {total}, not 1")
        if any(p < 0 for _, p in pairs):
            raise ValueError("a chance probability is negative")
        denominator = lcm(*(p.denominator for _, p in pairs))
        kept = [(a, p) for a, p in pairs if p]
        weights = [int(p * denominator) for _, p in kept]
        self._init(tuple(a for a, _ in kept), list(accumulate(weights)), tuple(kept))

    def _init(
        self,
        actions: tuple[Action, ...],
        acc: Sequence[int],
        exact: tuple[tuple[Action, Fraction], ...] | None = None,
        cum: list[float] | None = None,
    ) -> None:
        """``actions`` as given and the running sums ``acc`` of their weights (zero weights
        allowed, left out when read; never changed once the table is built); ``cum``, the
        sampling floats when they are known already (shared by the uniform tables of a size)."""
        self._kinds = actions
        self._acc: Sequence[int] | None = acc
        self._counts: tuple[int, ...] | None = None
        """A pile's counts as given (:func:`draw_table`), its running sums not made yet."""
        self.total = acc[-1]
        self._actions: tuple[Action, ...] | None = None
        self._weights: tuple[int, ...] | None = None
        self._exact = exact
        self._cum = cum
        self._sampled = False
        self._set: frozenset[Action] | None = None
        self._last = -1
        """The index of the outcome sampled last (-1: none yet): an outcome sampling gave has a
        weight, so checking it (``in``) needs no set of the outcomes."""

    def _init_pile(self, actions: tuple[Action, ...], counts: tuple[int, ...], total: int) -> None:
        """A pile's table (:func:`draw_table`): its ``counts`` (a copy the table owns) summing to
        ``total``; the running sums are made only if the table is sampled twice or read."""
        self._kinds = actions
        self._acc = None
        self._counts = counts
        self.total = total
        self._actions = None
        self._weights = None
        self._exact = None
        self._cum = None
        self._sampled = False
        self._set = None
        self._last = -1

    def _running(self) -> Sequence[int]:
        """The running sums of the weights (a pile's made on first use)."""
        acc = self._acc
        if acc is None:
            counts = self._counts
            assert counts is not None
            acc = self._acc = list(accumulate(counts))
        return acc

    @classmethod
    def weighted(cls, actions: Sequence[Action], weights: Sequence[int]) -> ChanceTable:
        """Each action with probability weight / sum of weights; zero weights are left out."""
        if len(actions) != len(weights):
            raise ValueError("a weight for every action")
        if not weights or min(weights) < 0:
            raise ValueError("a chance weight is negative" if weights else "a chance node needs at least one outcome")
        if not any(weights):
            raise ValueError("a chance node needs at least one outcome")
        table = _blank(cls)
        table._init(tuple(actions), list(accumulate(weights)))  # (tuple() of a tuple is the tuple itself)
        return table

    @classmethod
    def uniform(cls, actions: Sequence[Action]) -> ChanceTable:
        """Each action equally likely (the sampling floats of ``n`` outcomes are shared by every
        uniform table of ``n``: a draw from a pile rebuilt at each card costs no division)."""
        n = len(actions)
        if not n:
            raise ValueError("a chance node needs at least one outcome")
        table = _blank(cls)
        table._init(tuple(actions), range(1, n + 1), None, _uniform_cumulative(n))
        return table

    @property
    def actions(self) -> tuple[Action, ...]:
        """The outcomes (no zero weight), in the order the table was built."""
        actions = self._actions
        if actions is None:
            actions = self._drop_zeros()[0]
        return actions

    @property
    def weights(self) -> tuple[int, ...]:
        """The outcomes' weights (none zero), out of :attr:`total`."""
        weights = self._weights
        if weights is None:
            weights = self._drop_zeros()[1]
        return weights

    def _drop_zeros(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        counts = self._counts
        if counts is None:
            acc = self._running()
            counts = tuple(map(sub, acc, (0, *acc[:-1])))
        if min(counts) < 0:  # a pile's counts are checked here, when its outcomes are first read
            raise ValueError("a chance weight is negative")
        kinds = self._kinds
        if 0 in counts:  # (one pass each, in C)
            kinds = tuple(compress(kinds, counts))
            counts = tuple(filter(None, counts))
        self._actions, self._weights = kinds, counts
        return kinds, counts

    # -- reading -------------------------------------------------------------------------------

    @property
    def outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome with its exact probability (made on first use)."""
        exact = self._exact
        if exact is None:
            total = self.total
            exact = self._exact = tuple(
                (a, Fraction(w, total)) for a, w in zip(self.actions, self.weights, strict=True)
            )
        return exact

    def probability(self, action: Action) -> Fraction:
        for a, w in zip(self.actions, self.weights, strict=True):
            if a == action:
                return Fraction(w, self.total)
        return Fraction(0)

    def __contains__(self, action: object) -> bool:
        last = self._last
        if last >= 0 and action is self._kinds[last]:  # (what play with a sampled die checks)
            return True
        found = self._set
        if found is None:
            found = self._set = frozenset(self.actions)
        return action in found

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        shown = ", ".join(f"{a}:{w}" for a, w in zip(self.actions[:6], self.weights, strict=False))
        more = ", ..." if len(self.actions) > 6 else ""
        return f"ChanceTable([{shown}{more}] / {self.total})"

    # -- sampling ------------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Action:
        """The outcome for ``rng.random()`` (:meth:`sample_float`)."""
        cum = self._cum
        if cum is not None:  # (sample_float's first case, inline: one call fewer a draw)
            i = self._last = bisect_right(cum, rng.random())
            return self._kinds[i]
        return self.sample_float(rng.random())

    def sample_float(self, u: float) -> Action:
        """The outcome for a uniform number ``u`` in [0, 1) (``rng.random()``, or drawn elsewhere:
        a NumPy generator)."""
        cum = self._cum
        if cum is not None:
            i = self._last = bisect_right(cum, u)
            return self._kinds[i]
        total = self.total
        if not self._sampled:
            acc = self._acc
            if acc is None:
                # A pile sampled once: the same outcome in one pass over its counts, the running
                # sum compared as a float at each kind (one loop of machine numbers, compiled).
                counts = self._counts
                assert counts is not None  # (a table without running sums is a pile's)
                self._sampled = True
                last = len(counts) - 1
                i = 0
                run = 0
                while i < last:
                    run += counts[i]
                    if run / total > u:
                        break
                    i += 1
                self._last = i
                return self._kinds[i]
            # The first sample, from the running sums with no list of floats: the first ``i``
            # with ``acc[i] / total > u`` (the float division, as in _cumulative), guessed by
            # bisecting the integer sums and corrected by comparing floats.
            self._sampled = True
            i = bisect_right(acc, u * total)
            last = len(acc) - 1
            if i > last:
                i = last
            while i > 0 and acc[i - 1] / total > u:
                i -= 1
            while i < last and acc[i] / total <= u:
                i += 1
            self._last = i
            return self._kinds[i]
        cum = self._cum = _cumulative(self._running(), total)
        i = self._last = bisect_right(cum, u)
        return self._kinds[i]

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as built, its actions and running sums (a state's table goes with it through
        # pickle): what reading and sampling made of them (exact probabilities, sampling floats,
        # the set of outcomes; 27.7 KB of Deep Space D-6's six-dice table against 11.3) is made
        # again on first use, and sampling gives the same outcomes either way; a pile's table by
        # its counts (draw_table), as built
        counts = self._counts
        if counts is not None:
            return (_unpickled_pile, (self._kinds, counts, self.total))
        return (_unpickled_table, (self._kinds, self._acc))


def _unpickled_table(kinds: tuple[Action, ...], acc: Sequence[int]) -> ChanceTable:
    """A pickled table back (:meth:`ChanceTable.__reduce__`)."""
    table = _blank(ChanceTable)
    table._init(kinds, acc)
    return table


def _unpickled_pile(kinds: tuple[Action, ...], counts: tuple[int, ...], total: int) -> ChanceTable:
    """A pickled pile's table back (:meth:`ChanceTable.__reduce__`)."""
    table = _blank(ChanceTable)
    table._init_pile(kinds, counts, total)
    return table


@cache
def _uniform_cumulative(n: int) -> list[float]:
    """The sampling floats of ``n`` equally likely outcomes (shared: never changed once built)."""
    return _cumulative(range(1, n + 1), n)


def _cumulative(acc: Sequence[int], total: int) -> list[float]:
    """The sampling floats of the running sums ``acc``."""
    cum = [a / total for a in acc]
    cum[-1] = 1.0
    return cum


_ONE_PASS: Final = not __file__.endswith((".py", ".pyc"))
"""A pile's table samples from its counts in one pass (:func:`draw_table`): compiled, where that
loop runs on machine numbers; pure Python bisects the running sums it builds in C."""


# -- the tables games share ------------------------------------------------------------------------


@cache
def die_table(name: str = "d6", sides: int = 6) -> ChanceTable:
    """One die: ``name:1`` ... ``name:sides``, equally likely."""
    return ChanceTable.uniform(tuple(Action(name, face) for face in range(1, sides + 1)))


@cache
def dice_multisets(n: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``n`` dice rolled together: every multiset of faces (ascending) with its number of
    orderings, out of ``sides ** n``."""
    out: list[tuple[tuple[int, ...], int]] = []
    for faces in combinations_with_replacement(range(1, sides + 1), n):
        orderings = factorial(n)
        for face in set(faces):
            orderings //= factorial(faces.count(face))
        out.append((faces, orderings))
    return tuple(out)


@cache
def dice_table(n: int, name: str = "roll", sides: int = 6) -> ChanceTable:
    """``n`` dice rolled together as one event: ``roll:1,1,5`` ... (faces ascending)."""
    sets = dice_multisets(n, sides)
    return ChanceTable.weighted(tuple(Action(name, *faces) for faces, _ in sets), tuple(w for _, w in sets))


def draw_table(actions: Sequence[Action], counts: Sequence[int]) -> ChanceTable:
    """One item drawn from a pile: ``actions[k]`` with weight ``counts[k]`` (the copies of kind
    ``k`` left). Not cached: piles rarely repeat; building it is one pass over the counts, and no
    more: compiled, a copy of them, sampled once in one pass (their running sums made only if the
    table is sampled again or read); in pure Python their running sums (a loop in C), bisected.
    Both sample the same outcome for the same number (:meth:`ChanceTable.sample_float`).

    The counts are a game's own counters of what is left, so they are checked for a negative one
    (a bug in the game) when the outcomes are first read, not at every draw: play reads them to
    check each outcome (``apply`` without ``trusted``), and so do the exact tables of the search
    bots; the simulator, which only samples from tables built from legal states, skips the check
    as it skips the legality check."""
    if len(counts) != len(actions):
        raise ValueError("a weight for every action")
    table = _blank(ChanceTable)
    if _ONE_PASS:
        kept = tuple(counts)  # (the game's counters change once the item is drawn; a clone may keep the table)
        total = sum(kept)
        if not kept or total <= 0:
            raise ValueError("a chance node needs at least one outcome")
        table._init_pile(tuple(actions), kept, total)
        return table
    acc = list(accumulate(counts))
    if not acc or acc[-1] <= 0:
        raise ValueError("a chance node needs at least one outcome")
    table._init(tuple(actions), acc)
    return table
