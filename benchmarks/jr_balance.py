"""JongRogue balance figures of rules reference §7.30 (the balance target D55: a strong bot wins 1-5%
of full EZ Plus games, EZ at least twice that, the random bot about 0%), on exactly the games of
``solotable sim jongrogue --agent A --games N --seed S --rules R --continue off``
(same per-game seeds), with what the sim report does not show: the median floors visited by a
winning game, the median PL decisions per game, the floor where the Amulet was found and the
food checks per floor.

    python benchmarks/jr_balance.py --agent heuristic --games 2000 --seed 1 --rules ez-plus
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from solotable.agents.registry import make_agent
from solotable.core.protocol import CHANCE
from solotable.core.registry import load as load_game
from solotable.sim.runner import game_rngs, wilson_interval


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="ez")
    ap.add_argument("--iterations", type=int)
    a = ap.parse_args()
    game = load_game("jongrogue")
    options: dict[str, Any] = game.validate_options({"rules": a.rules, "continue": "off"})
    agent = make_agent(a.agent, "jongrogue", iterations=a.iterations)
    wins = 0
    win_floors: list[int] = []
    decisions: list[int] = []
    amulet_floor: Counter[int] = Counter()
    causes: Counter[str] = Counter()
    ends: Counter[int] = Counter()
    checks = floors = 0
    t0 = time.perf_counter()
    for i in range(a.games):
        chance_rng, agent_rng = game_rngs(a.seed, i)
        s = game.new_state(**options)
        visited, floor, pile, had = 1, s.floor, s.pile_n, s.amulet  # type: ignore[attr-defined]
        n = 0
        while s.to_move is not None:
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(chance_rng))
            else:
                n += 1
                s.apply(agent.choose(s, agent_rng))
            f, p, am = s.floor, s.pile_n, s.amulet  # type: ignore[attr-defined]
            if f != floor:
                visited += 1
                floor = f
            if p > pile:
                checks += 1  # a restack: the pile ran out, a food check came
            pile = p
            if am and not had:
                amulet_floor[f] += 1
            had = am
        r = s.result()
        floors += visited
        decisions.append(n)
        ends[int(r.details["floor"])] += 1
        if r.won:
            wins += 1
            win_floors.append(visited)
        else:
            causes[str(r.details.get("cause"))] += 1
    dt = time.perf_counter() - t0
    lo, hi = wilson_interval(wins, a.games)
    print(f"agent {a.agent} rules {a.rules} continue off seed {a.seed} games {a.games}")
    print(f"wins {wins} = {100 * wins / a.games:.2f}%  (95% Wilson {100 * lo:.2f}% to {100 * hi:.2f}%)")
    print(f"median floors visited by a win: {statistics.median(win_floors) if win_floors else '-'}")
    print(f"median PL decisions per game: {statistics.median(decisions)}")
    print(f"food checks per floor visited: {checks / floors:.3f}")
    print(f"Amulet found on floor: {dict(sorted(amulet_floor.items()))}")
    print(f"causes of loss: {dict(causes.most_common())}")
    print(f"floor at the end: {dict(sorted(ends.items()))}")
    print(f"{a.games / dt:.1f} games/s")


if __name__ == "__main__":
    main()
