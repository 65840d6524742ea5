"""Search speed on one core: MCTS iterations per second per game, and simulated games per second
per agent.

    python benchmarks/bench_search.py [--game ID ...] [--seconds S] [--iterations N]

For each game (default: every registered game), MCTS iterations per second are measured on the
decision positions met in a few heuristic (or random) games (each iteration: a determinization,
a descent of the tree and a rollout with the game's policy, to the end or to the game's horizon). Then each agent plays
games for about ``--seconds`` (the search bots with ``--iterations`` per decision).
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from pathlib import Path

from solotable.agents.registry import agent_names, make_agent
from solotable.agents.search import MCTSAgent
from solotable.core.protocol import CHANCE, State
from solotable.core.registry import games as registered_games
from solotable.core.registry import load as load_game
from solotable.sim.runner import game_rngs, run_game


def _load_toy() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    importlib.import_module("toygame")


def decision_positions(game_id: str, count: int, seed: int = 1) -> list[State]:
    """Decision positions (two or more legal actions) from games played by the heuristic bot."""
    game = load_game(game_id)
    name = "heuristic" if "heuristic" in agent_names(game_id) else "random"
    agent = make_agent(name, game_id)
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_state()
        while not state.is_terminal() and len(out) < count:
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                out.append(state.clone())
            state.apply(agent.choose(state, rng))
    return out


def bench_mcts(game_id: str, seconds: float) -> float:
    positions = decision_positions(game_id, 30)
    agent = MCTSAgent(game_id, iterations=50, root="uct")
    rng = random.Random(2)
    agent.choose(positions[0], rng)  # warm up
    iterations = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in positions:
            agent.choose(state, rng)
            iterations += 50
    rate = iterations / (time.process_time() - start)
    print(f"{game_id:<16} mcts iterations/s {rate:>10,.0f}")
    return rate


def bench_agent(game_id: str, name: str, seconds: float, iterations: int) -> float:
    game = load_game(game_id)
    agent = make_agent(name, game_id, iterations=iterations if name in ("mcts", "oracle", "expectimax") else None)
    options = game.validate_options({})
    played = 0
    start = time.process_time()
    while time.process_time() - start < seconds or played == 0:
        run_game(game, agent, options, *game_rngs(7, played))
        played += 1
    rate = played / (time.process_time() - start)
    budget = f" (iterations {iterations})" if name in ("mcts", "oracle", "expectimax") else ""
    print(f"{game_id:<16} {name + budget:<28} games/s {rate:>10,.2f}")
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (repeatable; default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--iterations", type=int, default=32, help="search budget per decision (default 32)")
    parser.add_argument("--mcts-only", action="store_true", help="only MCTS iterations/s, no games per agent")
    args = parser.parse_args(argv)
    game_ids = args.game or registered_games()
    if any(g.startswith("toy") for g in game_ids):
        _load_toy()
    print(f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, one core")
    for game_id in game_ids:
        bench_mcts(game_id, args.seconds)
        for name in [] if args.mcts_only else agent_names(game_id):
            bench_agent(game_id, name, args.seconds, args.iterations)
    return 0


if __name__ == "__main__":
    sys.exit(main())
