"""A fingerprint of a game's heuristic policy: the hash of every action of seeded heuristic games.

    python benchmarks/policy_hash.py GAME [--games 60] [--option KEY=VALUE ...]

Plays ``--games`` games from seeds 0, 1, ... (chance and the policy's choices from
``random.Random(seed)``, events off) and prints the steps, the wins, the SHA-256 of the action
stream and the CPU seconds (the policy's own among them). A change that is meant to make the
heuristic faster, not different, must leave the hash as it was: run it before and after.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from solotable.agents.search import game_policy
from solotable.core.registry import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    ns = parser.parse_args()
    options = dict(o.split("=", 1) for o in ns.option)
    game = load(ns.game)
    policy = game_policy(ns.game)
    assert policy is not None
    digest = hashlib.sha256()
    wins = steps = 0
    start = time.process_time()
    in_policy = 0.0
    for seed in range(ns.games):
        state = game.new_state(seed=seed, **options)
        state.set_events(False)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                action = state.chance_table().sample(rng)
            else:
                t = time.process_time()
                action = policy(state, rng)
                in_policy += time.process_time() - t
            digest.update(str(action).encode())
            state.apply(action, trusted=True)
            steps += 1
        wins += state.result().won
    print(
        f"{ns.game} {options}: {ns.games} games, {steps} steps, {wins} wins, actions sha256 {digest.hexdigest()[:16]}, "
        f"{time.process_time() - start:.2f} s CPU ({in_policy:.2f} s in the policy)"
    )


if __name__ == "__main__":
    main()
