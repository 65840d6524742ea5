"""Chance primitives every game builds its chance nodes from.

A :class:`ChanceTable` lists the outcomes of one chance node with integer weights: a die's faces,
the multisets of several dice rolled together, a card drawn from the cards left in a deck, a tile
from the wall by the counts of each kind. Exact probabilities (``Fraction``) are made only when
someone asks for them (search bots, tests, the physical-dice dialog); the simulator only samples,
which costs one ``rng.random()`` and a bisection over floats built on first use.

Sampling is defined once, here, so that the same generator gives the same outcome whatever way a
table was built: ``cum[i] = (w_0 + ... + w_i) / total`` (int division, correctly rounded, the
same float as ``float(Fraction(...))``) and the outcome is the first whose ``cum`` exceeds
``rng.random()``.

Building blocks:

- :meth:`ChanceTable.uniform`, :meth:`ChanceTable.weighted`: from actions and weights;
- :func:`die_table`: one die (``d6:1`` ... ``d6:6``), cached;
- :func:`dice_multisets` / :func:`dice_table`: ``n`` dice rolled together as one event, each
  multiset of faces in ascending order with its number of orderings, cached;
- :func:`draw_table`: one item drawn from a pile of kinds with counts (a deck, a tile wall):
  each kind with a count, weighted by it; kinds with no copy left are not outcomes. Built lazily
  (:class:`PileTable`): a sample is one pass over the counts, the outcomes are made when read.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations_with_replacement
from math import factorial, lcm
from typing import Any

from solotable.core.action import Action


class ChanceTable:
    """The outcomes of one chance node, with integer weights (see the module docstring).

    ``ChanceTable(outcomes)`` takes ``(action, Fraction)`` pairs; the class methods take weights,
    which is cheaper. Tables are immutable once built; games cache those that repeat.
    """

    __slots__ = ("_cum", "_exact", "_set", "actions", "total", "weights")

    actions: tuple[Action, ...]
    weights: tuple[int, ...]
    total: int

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
        self._init(
            tuple(a for a, _ in kept), tuple(int(p * denominator) for _, p in kept), denominator, tuple(kept)
        )

    def _init(
        self,
        actions: tuple[Action, ...],
        weights: tuple[int, ...],
        total: int,
        exact: tuple[tuple[Action, Fraction], ...] | None,
    ) -> None:
        self.actions = actions
        self.weights = weights
        self.total = total
        self._exact = exact
        self._cum: list[float] | None = None
        self._set: frozenset[Action] | None = None

    @classmethod
    def weighted(cls, actions: Sequence[Action], weights: Sequence[int]) -> ChanceTable:
        """Each action with probability weight / sum of weights; zero weights are left out."""
        if len(actions) != len(weights):
            raise ValueError("a weight for every action")
        kept_a: list[Action] = []
        kept_w: list[int] = []
        for a, w in zip(actions, weights, strict=True):
            if w < 0:
                raise ValueError("a chance weight is negative")
            if w:
                kept_a.append(a)
                kept_w.append(w)
        if not kept_a:
            raise ValueError("a chance node needs at least one outcome")
        table = cls.__new__(cls)
        table._init(tuple(kept_a), tuple(kept_w), sum(kept_w), None)
        return table

    @classmethod
    def uniform(cls, actions: Sequence[Action]) -> ChanceTable:
        """Each action equally likely."""
        if not actions:
            raise ValueError("a chance node needs at least one outcome")
        table = cls.__new__(cls)
        table._init(tuple(actions), (1,) * len(actions), len(actions), None)
        return table

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
        cum = self._cum
        if cum is None:
            cum = self._cum = _cumulative(self.weights, self.total)
        return self.actions[bisect_right(cum, rng.random())]

    def sample_float(self, u: float) -> Action:
        """The outcome for a uniform number ``u`` in [0, 1) drawn elsewhere (a NumPy generator)."""
        cum = self._cum
        if cum is None:
            cum = self._cum = _cumulative(self.weights, self.total)
        return self.actions[bisect_right(cum, u)]


def _cumulative(weights: Sequence[int], total: int) -> list[float]:
    cum: list[float] = []
    acc = 0
    for w in weights:
        acc += w
        cum.append(acc / total)
    cum[-1] = 1.0
    return cum


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
    ``k`` left). Not cached (piles rarely repeat), and built lazily (:class:`PileTable`): sampling
    it is one pass over the counts, in C; its outcomes are made only if something reads them."""
    return PileTable(actions, counts)


class PileTable(ChanceTable):
    """A draw from a pile by counts (see :func:`draw_table`). It holds the kinds and a copy of
    the counts; :meth:`sample` finds the first kind whose running share of the total exceeds the
    random number, which is the outcome the built table's bisection gives (the same floats,
    ``partial / total``), so the same seeds give the same games. ``actions`` and
    ``weights`` (and with them everything else a table offers) are built on first read."""

    __slots__ = ("_counts", "_kinds")

    def __init__(self, kinds: Sequence[Action], counts: Sequence[int]) -> None:
        if len(kinds) != len(counts):
            raise ValueError("a weight for every action")
        counts = tuple(counts)
        total = sum(counts)
        if counts and min(counts) < 0:
            raise ValueError("a chance weight is negative")
        if total <= 0:
            raise ValueError("a chance node needs at least one outcome")
        self._kinds = kinds
        self._counts = counts
        self.total = total
        self._exact = None
        self._cum = None
        self._set = None

    def __getattr__(self, name: str) -> Any:
        # only called for a slot not set yet: the outcomes of a table never read before
        if name in ("actions", "weights"):
            built = ChanceTable.weighted(self._kinds, self._counts)
            self.actions = built.actions
            self.weights = built.weights
            return getattr(self, name)
        raise AttributeError(name)

    def sample(self, rng: random.Random) -> Action:
        return self.sample_float(rng.random())

    def sample_float(self, u: float) -> Action:
        total = self.total
        # the least count a with a / total > u, as floats (each a / total is correctly rounded and
        # grows with a, as the built table's cumulative floats do); then the first kind whose
        # running count reaches it, which is the kind the built table's bisection gives
        a = max(1, int(u * total))
        while a > 1 and (a - 1) / total > u:
            a -= 1
        while a / total <= u:
            a += 1
        return self._kinds[bisect_left(list(accumulate(self._counts)), a)]
