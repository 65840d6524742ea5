"""Engine speed: random games on one core.

    python benchmarks/bench_engine.py [--game minirogue-v1] [--games N] [--seconds S] [--path trusted|stepwise|default]

Prints engine steps per second of CPU time (``time.process_time``: the machine is shared, so wall
time would measure the neighbours too; a step is one ``apply``, decision or chance outcome, and its
time includes ``legal_actions``, chance sampling and the agent's choice: the whole hot loop of
``solotable sim``), games per second (with ``new_state`` and ``result``), and ``clone()`` per
second on mid-game states. The target for minirogue-v1 is 100,000 steps/s or more.

``--path trusted`` (the default) is the simulator's: ``run_game``, events off, a whole game played
in one call (``StepState.play_out``: trusted, no ``apply`` a step). ``--path default`` is what the
learning environments and library users call, one ``apply`` a step: events on (not read: they are
made when read), every action checked (``apply(action)``). ``--path stepwise`` is the default's
loop with events off and ``apply(..., trusted=True)``: the two differ in ``apply`` and the events
only. ``--no-clone`` skips the clone figure.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from solotable.agents.base import Agent
from solotable.agents.registry import make_agent
from solotable.core.protocol import CHANCE, Game, Result, State
from solotable.core.registry import load as load_game
from solotable.sim.runner import MAX_STEPS, game_rngs
from solotable.sim.runner import run_game as _run_game


def _load(game_id: str) -> None:
    if game_id.startswith("toy"):  # the engine's test game lives in tests/
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        importlib.import_module("toygame")


def run_stepwise(
    game: Game,
    agent: Agent,
    options: Mapping[str, object],
    chance_rng: random.Random,
    agent_rng: random.Random,
    trusted: bool = False,
) -> tuple[Result, int, int]:
    """A library user's loop, one ``apply`` a step (it reads the state, not the events): on the
    default path (``trusted=False``: events on, every action checked) or, with ``trusted=True``,
    the same loop with events off and ``apply(..., trusted=True)``, so that the two differ in
    ``apply`` and the events only. (``run_game``, the simulator's trusted path, plays a game in
    one call instead, ``StepState.play_out``.)"""
    state = game.new_state(None, **options)
    if trusted:
        state.set_events(False)
    apply = state.apply
    chance_table = state.chance_table
    choose = agent.choose
    chance = CHANCE
    decisions = 0
    for steps in range(MAX_STEPS):
        to_move = state.to_move
        if to_move is None:
            return state.result(), steps, decisions
        if to_move == chance:
            apply(chance_table().sample(chance_rng), trusted=trusted)
        else:
            decisions += 1
            apply(choose(state, agent_rng), trusted=trusted)
    raise RuntimeError(f"{game.id}: game not over after {MAX_STEPS} steps")


def run_default(
    game: Game, agent: Agent, options: Mapping[str, object], chance_rng: random.Random, agent_rng: random.Random
) -> tuple[Result, int, int]:
    return run_stepwise(game, agent, options, chance_rng, agent_rng, trusted=False)


def run_trusted_stepwise(
    game: Game, agent: Agent, options: Mapping[str, object], chance_rng: random.Random, agent_rng: random.Random
) -> tuple[Result, int, int]:
    return run_stepwise(game, agent, options, chance_rng, agent_rng, trusted=True)


def bench_steps(
    game_id: str,
    agent_name: str,
    games: int | None,
    seconds: float,
    seed: int,
    path: str = "trusted",
    clone: bool = True,
) -> None:
    game = load_game(game_id)
    agent = make_agent(agent_name, game_id)
    options = game.validate_options({})
    run_game = {"trusted": _run_game, "stepwise": run_trusted_stepwise, "default": run_default}[path]
    # warm up (imports, caches built lazily by the game)
    for i in range(20):
        run_game(game, agent, options, *game_rngs(seed + 1, i))
    played = steps = decisions = wins = 0
    rngs = [game_rngs(seed, i) for i in range(games or 2000)]  # seeding is not the engine's time
    start = time.process_time()
    elapsed = 0.0
    while True:
        chance_rng, agent_rng = rngs[played % len(rngs)]
        result, n, d = run_game(game, agent, options, chance_rng, agent_rng)
        played += 1
        steps += n
        decisions += d
        wins += result.won
        if games is not None:
            if played >= games:
                elapsed = time.process_time() - start
                break
        elif played % 16 == 0:
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
    print(f"game        {game_id} (agent {agent_name}, default options, {path} path)")
    print(f"python      {platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(f"played      {played:,} games, {steps:,} steps ({decisions:,} decisions) in {elapsed:.2f} s of CPU")
    print(f"steps/s     {steps / elapsed:,.0f}")
    print(f"games/s     {played / elapsed:,.0f}")
    print(f"steps/game  {steps / played:.1f}  (win rate {100 * wins / played:.1f}%)")
    if clone:
        bench_clone(game_id, agent_name, seed, min(seconds, 2.0))


def _mid_game_states(game_id: str, agent_name: str, seed: int, count: int) -> list[State]:
    """States half-way through random games: play each game once to learn its length, then
    replay it with the same generators and stop half-way."""
    from solotable.core.protocol import CHANCE

    game = load_game(game_id)
    agent = make_agent(agent_name, game_id)
    states: list[State] = []
    for i in range(count):
        _, length, _ = _run_game(game, agent, {}, *game_rngs(seed, i))
        chance_rng, agent_rng = game_rngs(seed, i)
        state = game.new_state()
        for _ in range(length // 2):
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(chance_rng))
            else:
                state.apply(agent.choose(state, agent_rng))
        states.append(state)
    return states


def bench_clone(game_id: str, agent_name: str, seed: int, seconds: float) -> None:
    states = _mid_game_states(game_id, agent_name, seed + 2, 200)
    clones = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for state in states:
            state.clone()
        clones += len(states)
        elapsed = time.process_time() - start
    print(f"clone()/s   {clones / elapsed:,.0f}  (mid-game states)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Engine speed: random games on one core.")
    parser.add_argument("--game", default="minirogue-v1", help="game id (default: minirogue-v1)")
    parser.add_argument("--agent", default="random", help="agent (default: random)")
    parser.add_argument("--games", type=int, default=None, help="play exactly N games")
    parser.add_argument("--seconds", type=float, default=5.0, help="play for about S seconds (default: 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--path",
        choices=("trusted", "stepwise", "default"),
        default="trusted",
        help="trusted: run_game (events off, play_out); stepwise: one apply(trusted=True) a step, "
        "events off; default: one apply a step, events on, every action checked",
    )
    parser.add_argument("--no-clone", action="store_true", help="skip the clone() figure")
    args = parser.parse_args(argv)
    _load(args.game)
    try:
        bench_steps(args.game, args.agent, args.games, args.seconds, args.seed, args.path, not args.no_clone)
    except ValueError as exc:
        print(f"bench_engine: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
