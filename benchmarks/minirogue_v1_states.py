"""The reachable state space of Mini Rogue v1.2.1, explored through the engine.

    python benchmarks/minirogue_v1_states.py [--difficulty normal] [--keys] [--limit 3000000]
                                             [--cpu 300] [--areas N]

Explores every state the engine can reach from the start (every legal decision, every outcome of
every chance node), depth first, each state counted once by its **canonical key**: every field
of the state (the character card, the dungeon, the fight, the cards turned up) and the engine's
stack of pending steps, i.e. everything the future of the game can depend on (the seed, the
event log and the cached chance table excluded). Positions are counted, not histories.

It stops when the space is exhausted, or at ``--limit`` distinct states or ``--cpu`` seconds of
CPU, whichever comes first. With ``--areas N`` it does not expand the states of area ``N + 1`` and
beyond (it counts them: the distinct positions at which the game enters area ``N + 1``), so that
the first areas can be counted *exactly*. It prints the states found per *stage* (area and column
reached: how far into the dungeon); a run that stops early gives lower bounds only.

A critical (a 6 on an attack die) is rerolled and added to the die's total, again and again while
6s come up (§6.2): the totals are unbounded, so the engine's reachable state space is *infinite*
(countably: each further 6 has chance 1/6). ``--cap`` counts a die's total above the foe's HP as
the foe's HP (the damage past the foe's HP does nothing more: the canonicalization a solver would
use), which makes it finite.

It also prints an upper bound that needs no exploration: the product of the ranges of the
fields that persist between rooms (HP, armour, gold, food, rank, XP, spells, area, column,
cards left), the count of **room-boundary positions** that a dynamic-programming solver would
have to cover at the least.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from solotable.core.protocol import State
from solotable.core.registry import load

EXCLUDED = frozenset({"_events", "game", "log", "seed", "table"})


def key_fields(state: State) -> tuple[str, ...]:
    names: list[str] = []
    for cls in type(state).__mro__:
        names.extend(n for n in getattr(cls, "__slots__", ()) if n not in EXCLUDED)
    return tuple(names)


def canonical(state: State, fields: tuple[str, ...], cap: bool = False) -> int:
    values = []
    for name in fields:
        v = getattr(state, name)
        if cap and name == "dice":  # a die's total past the foe's HP counted as the foe's HP
            foe_hp = max(1, state.foe_hp)  # type: ignore[attr-defined]
            v = tuple(min(d, foe_hp) for d in v)
        values.append(tuple(v) if isinstance(v, list) else v)
    return hash(tuple(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--keys", action="store_true")
    parser.add_argument("--limit", type=int, default=3_000_000)
    parser.add_argument("--cpu", type=float, default=300.0)
    parser.add_argument("--areas", type=int, default=0, help="expand only areas 1..N (0: all)")
    parser.add_argument("--cap", action="store_true", help="count a die's total past the foe's HP as the foe's HP")
    ns = parser.parse_args()
    game = load("minirogue-v1")
    root = game.new_state(seed=0, difficulty=ns.difficulty, keys=ns.keys)
    root.set_events(False)
    fields = key_fields(root)
    seen = {canonical(root, fields, ns.cap)}
    frontier: list[State] = [root]
    beyond: Counter[int] = Counter()
    largest: dict[str, int] = {}
    by_stage: Counter[tuple[int, int]] = Counter()
    terminal = won = decisions = chance = 0
    start = time.process_time()
    stopped = ""
    while frontier:
        state = frontier.pop()
        area = state.area  # type: ignore[attr-defined]
        if ns.areas and area > ns.areas:
            beyond[area] += 1
            continue
        by_stage[(area, state.col)] += 1  # type: ignore[attr-defined]
        for name in fields:  # the largest value of every numeric field (and size of every sequence)
            v = getattr(state, name)
            number = v if isinstance(v, int) and not isinstance(v, bool) else None
            size = len(v) if isinstance(v, list | tuple) else number
            if size is not None and size > largest.get(name, -(10**9)):
                largest[name] = size
        if state.dice:  # type: ignore[attr-defined]
            largest["largest die total"] = max(largest.get("largest die total", 0), max(state.dice))  # type: ignore[attr-defined]
        if state.is_terminal():
            terminal += 1
            won += state.result().won
            continue
        if state.is_chance():
            chance += 1
            moves = [o for o, _ in state.chance_table().outcomes]
        else:
            decisions += 1
            moves = state.legal_actions()
        for move in moves:
            child = state.clone()
            child.apply(move, trusted=True)
            k = canonical(child, fields, ns.cap)
            if k not in seen:
                seen.add(k)
                frontier.append(child)
        if len(seen) >= ns.limit:
            stopped = f"stopped at --limit {ns.limit:,} states"
            break
        if (decisions + chance) % 4096 == 0 and time.process_time() - start >= ns.cpu:
            stopped = f"stopped at --cpu {ns.cpu:g} s"
            break
    cpu = time.process_time() - start
    print(f"Mini Rogue v1.2.1, difficulty {ns.difficulty}, keys {ns.keys}, areas {ns.areas or 'all'}, cap {ns.cap}")
    print(
        f"distinct states found: {len(seen):,} (expanded {decisions + chance + terminal:,}: "
        f"{decisions:,} decision, {chance:,} chance, {terminal:,} terminal of which {won:,} won); "
        f"CPU {cpu:.1f} s"
    )
    print(stopped or "exhausted: this is the whole reachable state space")
    if stopped:
        print(f"left unexpanded: {len(frontier):,}")
    print("expanded states per stage (area, column):")
    for stage in sorted(by_stage):
        print(f"  area {stage[0]} column {stage[1]:>2}: {by_stage[stage]:>10,}")
    print("largest value of each numeric field met (length for sequences):")
    print("  " + ", ".join(f"{k} {v}" for k, v in largest.items()))
    for area in sorted(beyond):
        print(f"  entering area {area} (not expanded): {beyond[area]:>10,}")
    print_bound(ns.difficulty)


def print_bound(difficulty: str) -> None:
    from math import comb

    from solotable.games.minirogue_v1.data import SPELLS, data

    d = data()
    fields = {
        "HP 1..cap": d.cap_hp,
        "armour 0..cap": d.cap_armor + 1,
        "gold 0..cap": d.cap_gold + 1,
        "food 0..cap": d.cap_food + 1,
        "rank and XP": sum(d.xp_to_next) + 1,
        "spells held (multisets)": sum(comb(len(SPELLS) + k - 1, k) for k in range(d.cap_spells + 1)),
        "area and column": d.final_area * 5,
        "room cards left (subsets)": 2**6,
        "monster defeated, key held": 4,
    }
    total = 1
    print(f"upper bound on room-boundary positions, {difficulty} (a product of field ranges):")
    for name, n in fields.items():
        total *= n
        print(f"  {name:<28} {n:>5}")
    print(f"  product: {total:.3e}")


if __name__ == "__main__":
    main()
