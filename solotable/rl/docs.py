"""The tables of docs/rl.md: each game's action catalogue and observation layout, generated from
the code so the two never drift (``python -m solotable.rl.docs`` prints them, ``python -m
solotable.rl.docs --write docs/rl.md`` rewrites them in place; the tests check that docs/rl.md
holds them).

A layout row is one feature group (a number, a flag, a one-hot or a count per choice). Groups
that repeat with the same shape (the slots of a room, the rooms of the map) are written once,
for the first repetition, with how many times and how far apart they repeat.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from solotable.core.features import Writer

from .catalogue import GAME_IDS, catalogue, features
from .encode import MAX_FEATURES, sample_observation


@dataclass(frozen=True)
class Group:
    start: int
    width: int
    name: str
    kind: str  # number, flag, one-hot, counts

    @property
    def key(self) -> tuple[str, int, str]:
        return (re.sub(r"\d+", "#", self.name), self.width, self.kind)


class _GroupWriter(Writer):
    """A writer that records feature groups instead of single names."""

    def __init__(self) -> None:
        super().__init__(np.zeros(MAX_FEATURES, dtype=np.float32), names=True)
        self.groups: list[Group] = []

    def _group(self, name: str, kind: str, start: int) -> None:
        self.groups.append(Group(start, self.pos - start, name, kind))

    def num(self, name: str, value: float | int | bool | None, scale: float = 1.0) -> None:
        start = self.pos
        super().num(name, value, scale)
        self._group(name if scale == 1 else f"{name} / {scale:g}", "number", start)

    def flag(self, name: str, value: object) -> None:
        start = self.pos
        super().flag(name, value)
        self._group(name, "flag (0/1)", start)

    def onehot(self, name: str, value: object, choices: Sequence[object]) -> None:
        start = self.pos
        super().onehot(name, value, choices)
        self._group(name, "one-hot: " + ", ".join(str(c) for c in choices), start)

    def counts(self, name: str, values: Iterable[object] | Mapping[str, int], choices: Sequence[object],
               scale: float = 1.0) -> None:
        start = self.pos
        super().counts(name, values, choices, scale)
        per = "count" if scale == 1 else f"count / {scale:g}"
        self._group(name, f"{per} of each: " + ", ".join(str(c) for c in choices), start)


def groups(game_id: str) -> list[Group]:
    w = _GroupWriter()
    features(game_id).encode(sample_observation(game_id), w, 0)
    return w.groups


def _compress(gs: list[Group], depth: int) -> list[str]:
    rows: list[str] = []
    i = 0
    indent = "↳ " * depth
    while i < len(gs):
        best = (1, 1)
        for p in range(1, min(400, (len(gs) - i) // 2) + 1):
            keys = [g.key for g in gs[i:i + p]]
            reps = 1
            while gs[i + reps * p:i + (reps + 1) * p] and [g.key for g in gs[i + reps * p:i + (reps + 1) * p]] == keys:
                reps += 1
            if reps > 1 and p * reps > best[0] * best[1]:
                best = (p, reps)
        p, reps = best
        if reps > 1:
            first, last = gs[i], gs[i + p * reps - 1]
            stride = gs[i + p].start - first.start
            what = "the group" if p == 1 else f"the {p} groups"
            rows.append(f"| {first.start}–{last.start + last.width - 1} | {indent}{reps} times, {stride} apart: "
                        f"{what} below (for the first), then the same for the next | |")
            rows.extend(_compress(gs[i:i + p], depth + 1))
            i += p * reps
        else:
            g = gs[i]
            where = str(g.start) if g.width == 1 else f"{g.start}–{g.start + g.width - 1}"
            rows.append(f"| {where} | {indent}{g.name} | {g.kind} |")
            i += 1
    return rows


def layout_table(game_id: str) -> str:
    gs = groups(game_id)
    total = gs[-1].start + gs[-1].width
    head = [f"<!-- layout {game_id} -->", f"{total} features (float32).", "",
            "| index | feature | encoding |", "|---|---|---|"]
    return "\n".join([*head, *_compress(gs, 0), "<!-- end -->"])


def catalogue_table(game_id: str) -> str:
    rows = [f"<!-- catalogue {game_id} -->", f"{len(catalogue(game_id))} actions.", "",
            "| index | action |", "|---|---|"]
    rows.extend(f"| {i} | `{a}` |" for i, a in enumerate(catalogue(game_id)))
    return "\n".join([*rows, "<!-- end -->"])


_TABLE = re.compile(r"<!-- (layout|catalogue) ([a-z0-9-]+) -->.*?<!-- end -->", re.S)


def refresh(text: str) -> str:
    """``text`` (docs/rl.md) with every catalogue and layout table regenerated from the code."""
    def table(m: re.Match[str]) -> str:
        return catalogue_table(m.group(2)) if m.group(1) == "catalogue" else layout_table(m.group(2))

    return _TABLE.sub(table, text)


def main() -> None:
    """Print every table; ``--write FILE`` regenerates the tables of FILE in place (docs/rl.md after a
    game's data or features change)."""
    import sys

    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        path = sys.argv[2]
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(refresh(text))
        return
    for game_id in GAME_IDS:
        print(f"### {game_id}: actions\n\n{catalogue_table(game_id)}\n")
        print(f"### {game_id}: observation\n\n{layout_table(game_id)}\n")


if __name__ == "__main__":
    main()
