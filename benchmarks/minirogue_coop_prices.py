"""What a change of the heroes' holdings is worth to the end, against the co-op evaluation's price.

At the start of an area of heuristic co-op games (Rogue and Mage, Normal, seeds disjoint from the
fit's), each position is changed one way (an intervention: the Rogue holds the Healing potion and
the Mage the Poison, rather than the other way round; a hero gets one more Gold, Food, HP, Armor
or potion) and both positions are played to the end by the heuristic with the same generator
seeds (common random numbers): the mean difference of the results, with its 95% interval, is the
change's worth to the end; the evaluation's price is the mean difference of ``heuristic.evaluate``
between the two positions (what the review's rollouts would see if both reached the next area so).

    python benchmarks/minirogue_coop_prices.py --positions 600 --rounds 10
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from solotable.core.protocol import CHANCE
from solotable.core.registry import load
from solotable.games.minirogue import heuristic as H
from solotable.games.minirogue.names import POTIONS, Potion
from solotable.games.minirogue.state import Hero, MiniRogueState
from solotable.sim.runner import game_rngs

GAME = load("minirogue")
AGENT = H.make_agent()


def play(state: MiniRogueState, seed: int) -> float:
    """The heuristic's result from ``state`` (changed in place), its dice and choices from ``seed``."""
    chance, choices = random.Random(seed), random.Random(seed + 7)
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state.apply(state.chance_table().sample(chance), trusted=True)
        else:
            state.apply(AGENT.choose(state, choices), trusted=True)
    return 1.0 if state.won else 0.0


def area_starts(seed: int, count: int) -> list[MiniRogueState]:
    """The first position of every area after the first of heuristic co-op games (Rogue and Mage)."""
    out: list[MiniRogueState] = []
    index = 0
    while len(out) < count:
        chance, choices = game_rngs(seed, index)
        index += 1
        s = GAME.new_state(character="rogue", partner="mage")
        assert isinstance(s, MiniRogueState)
        s.set_events(False)
        area = H.stage(s)
        while s.to_move is not None:
            if H.stage(s) != area:
                area = H.stage(s)
                out.append(s.clone())
            s.apply(s.chance_table().sample(chance) if s.to_move == CHANCE else AGENT.choose(s, choices), trusted=True)
    return out[:count]


def hold(h: Hero, kind: Potion, instead: Potion) -> None:
    """``h`` holds ``kind`` and not ``instead`` (a third potion kind it holds may go, to keep two)."""
    kept = [p for p in h.potions if p not in (kind, instead)][:1]
    h.potions = sorted([*kept, kind], key=POTIONS.index)


def healing_with_rogue(s: MiniRogueState) -> tuple[MiniRogueState, MiniRogueState]:
    """(the Rogue holds Poison and the Mage Healing, the Rogue holds Healing and the Mage Poison)."""
    a, b = s.clone(), s.clone()
    assert isinstance(a, MiniRogueState) and isinstance(b, MiniRogueState)
    hold(a.heroes[0], "poison", "healing")
    hold(a.heroes[1], "healing", "poison")
    hold(b.heroes[0], "healing", "poison")
    hold(b.heroes[1], "poison", "healing")
    return a, b


def one_more(seat: int, field: str) -> Callable[[MiniRogueState], tuple[MiniRogueState, MiniRogueState] | None]:
    def change(s: MiniRogueState) -> tuple[MiniRogueState, MiniRogueState] | None:
        h = s.heroes[seat]
        if getattr(h, field) + 1 > getattr(s.data.caps, field):
            return None
        b = s.clone()
        assert isinstance(b, MiniRogueState)
        setattr(b.heroes[seat], field, getattr(h, field) + 1)
        return s, b

    return change


def one_potion(seat: int, kind: Potion) -> Callable[[MiniRogueState], tuple[MiniRogueState, MiniRogueState] | None]:
    def change(s: MiniRogueState) -> tuple[MiniRogueState, MiniRogueState] | None:
        h = s.heroes[seat]
        if kind in h.potions or len(h.potions) >= s.data.caps.potions:
            return None
        b = s.clone()
        assert isinstance(b, MiniRogueState)
        b.heroes[seat].potions = sorted([*h.potions, kind], key=POTIONS.index)
        return s, b

    return change


CHANGES: dict[str, Callable[[MiniRogueState], tuple[MiniRogueState, MiniRogueState] | None]] = {
    "the Rogue holds the Healing, the Mage the Poison": healing_with_rogue,
    **{f"{who} +1 {field}": one_more(seat, field) for seat, who in enumerate(("Rogue", "Mage"))
       for field in ("gold", "food", "hp", "armor")},
    **{f"{who} +1 {kind} potion": one_potion(seat, kind) for seat, who in enumerate(("Rogue", "Mage"))
       for kind in ("healing", "poison", "fire")},
}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=10, help="paired rounds per position (0: the prices only)")
    parser.add_argument("--seed", type=int, default=4242, help="the games' seed (the fit's is 2026)")
    parser.add_argument("--change", action="append", help="only these changes (by name; repeatable)")
    ns = parser.parse_args()
    start = time.process_time()
    starts = area_starts(ns.seed, ns.positions)
    print(f"{len(starts)} area starts of heuristic co-op games (Rogue and Mage, Normal), {ns.rounds} paired rounds")
    print("change                                              positions  to the end (95%)    evaluation")
    for name, change in CHANGES.items():
        if ns.change and name not in ns.change:
            continue
        diffs: list[float] = []
        prices: list[float] = []
        for k, s in enumerate(starts):
            pair = change(s)
            if pair is None:
                continue
            a, b = pair
            prices.append(H.evaluate(b) - H.evaluate(a))
            for r in range(ns.rounds):
                seed = 10_000 * k + r
                diffs.append(play(b.clone(), seed) - play(a.clone(), seed))  # type: ignore[arg-type]
        d = np.array(diffs)
        half = 1.96 * float(d.std(ddof=1)) / len(d) ** 0.5 if len(d) > 1 else float("nan")
        end = f"{100 * d.mean():+6.2f} ± {100 * half:4.2f}" if len(d) else " " * 14
        print(f"{name:50} {len(prices):>9}  {end}   {100 * np.mean(prices):+6.2f}", flush=True)
    print(f"{time.process_time() - start:.0f} s of CPU")


if __name__ == "__main__":
    main()
