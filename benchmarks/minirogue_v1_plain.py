"""Mini Rogue v1.2.1 as a plain-Python loop, against the engine playing the same games.

    python benchmarks/minirogue_v1_plain.py [--rounds 5] [--seconds 1.0] [--difficulty normal] [--seed 0]

:func:`play` below is the game as a player would code it in one file: local variables, a few
functions, no engine, no framework. It plays whole games under the fixed policy **P0** and takes
every die and every card from ``rnd()``, a source of uniform numbers in [0, 1). The engine plays
the same policy (:class:`P0Agent`) through ``solotable.sim.runner.run_game`` (the simulator's and
the bots' fast path: events off, actions unchecked, ``StepState.play_out``'s loop) and through the
default ``apply``
(events on, every action checked, the loop of ``benchmarks/bench_engine.py --path default``); and,
for comparison, through the trusted ``apply`` called a step at a time (``stepwise``: run_game's
loop before ``play_out``, the default path's loop with events off and no check).

**P0**: the first legal action in the engine's order (``state.legal_actions()[0]``), except at
the Merchant, where it leaves. So it takes the lower card of a pair (monster, treasure, merchant,
resting, event, trap), enters a room without casting Heal, rests for XP, makes the Event's skill
check and keeps the roll, rerolls every open 6 (the lowest die first), never pays for a feat,
casts its first spell (fire, ice, poison, heal) in every spell step of a fight that goes on, and
drops the first of three spells in that order. (The first legal action at the Merchant would
spend every coin on rations and sell the armor for more; leaving keeps P0 a sensible fixed player.)

**Same rules, same numbers**: the engine samples a chance node with one ``rng.random()`` ``u``
and takes the first outcome whose cumulative probability ``cum[i]`` (``acc[i] / total`` as a
float, the last 1.0) exceeds ``u`` (``solotable/core/chance.py``). The plain loop maps the same
``u`` the same way (``bisect_right`` over the same floats), for the same events in the same order:
a column's card or pair from the cards not turned up yet, in the order of their ids (project
ruling P1), the attack roll as one draw over the sorted faces of Rank dice weighted by their
orderings (project ruling P2), and single d6 rolls. ``int(u * 6)`` would differ on two doubles
below 5/6, so the loop bisects. ``tests/minirogue_v1/test_plain_loop.py`` checks that both play
the same games.

**Speed**: games per second of CPU time (``time.process_time``) of each contender on the same
seeded games; the contenders are interleaved in every round and the medians of the rounds are
printed, with the engine's slowdown against the plain loop (the issue asks for at most 4× in pure
Python and 2× compiled: run with ``PYTHONPATH`` at a compiled build, the plain loop being run by
the same interpreter as plain Python).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import accumulate, combinations, combinations_with_replacement
from math import factorial
from typing import Any

# -- the game, plain ------------------------------------------------------------------------------

# the cards of the game (rules reference §2-§8, the numbers of solotable's cards.toml)
START = {  # difficulty: hp, armor, gold, food (§2, ruling R1)
    "casual": (5, 1, 5, 6),
    "normal": (5, 0, 3, 6),
    "hard": (4, 0, 2, 5),
    "impossible": (3, 0, 1, 3),
}
SCORE_BONUS = {"casual": 0, "normal": 2, "hard": 4, "impossible": 6}
CAP_HP, CAP_GOLD, CAP_FOOD, CAP_ARMOR, MAX_RANK = 20, 20, 6, 5, 4
XP_TO_NEXT = (0, 6, 12, 18)  # by Rank
LEVEL = (0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5)  # by area
BOSS_AREAS = (2, 4, 7, 10, 14)
MONSTER_DAMAGE = (0, 2, 4, 6, 8, 10)  # by level
MONSTER_XP = (0, 1, 1, 2, 2, 3)
BOSS_HP = (0, 10, 15, 20, 25, 30)
BOSS_DAMAGE = (0, 3, 5, 7, 9, 12)
BOSS_GOLD = (0, 2, 2, 3, 3, 0)
BOSS_XP = (0, 2, 3, 4, 5, 0)
PIT = {1: 3, 2: 4, 3: 5, 4: 6, 5: 8, 6: 9, 7: 10, 8: 11, 9: 12, 10: 13}  # ruling R24
FIRE, ICE, POISON, HEAL = 0, 1, 2, 3  # spells, in the order of the cards
FIRE_DAMAGE, POISON_DAMAGE, HEAL_HP = 8, 5, 8
MONSTER, TREASURE, MERCHANT, RESTING, EVENT, TRAP = range(6)  # room cards, by id

# uniform numbers to outcomes: the first outcome whose cumulative probability exceeds u
CUT = {n: [k / n for k in range(1, n)] for n in (3, 6, 10)}  # n equally likely outcomes
D6 = CUT[6]
PAIRS = list(combinations(range(5), 2))  # a pair turned up from five cards, in order


def _rolls(n: int) -> tuple[list[float], list[tuple[int, ...]]]:
    """n dice rolled together: the sorted faces, each weighted by its orderings (project ruling P2)."""
    faces = list(combinations_with_replacement(range(1, 7), n))
    weights = []
    for f in faces:
        w = factorial(n)
        for v in set(f):
            w //= factorial(f.count(v))
        weights.append(w)
    acc = list(accumulate(weights))
    return [a / acc[-1] for a in acc[:-1]], faces


ROLLS = [_rolls(n) if n else ([], []) for n in range(5)]


def gain_xp(rank: int, xp: int, hp: int, amount: int) -> tuple[int, int, int]:
    """§3.2: one XP gain; at Rank 4, +1 HP instead (R31); a rank up loses the excess at Rank 4 (R14)."""
    if rank == MAX_RANK:
        return rank, xp, min(CAP_HP, hp + 1)
    xp += amount
    if xp >= XP_TO_NEXT[rank]:
        xp -= XP_TO_NEXT[rank]
        rank += 1
        if rank == MAX_RANK:
            xp = 0
    return rank, xp, hp


def gain_spell(spells: list[int], spell: int) -> tuple[list[int], int]:
    """§3.4: a spell; with two held, P0 drops the first of the three (R6). Returns the decisions made."""
    if len(spells) < 2:
        spells.append(spell)
        spells.sort()
        return spells, 0
    three = sorted([*spells, spell])
    return three[1:], 1


Outcome = tuple[bool, str, int, int, int, int, int, int, int, int, int, int, int, int]
"""A game's end as :func:`play` and :func:`engine_play` report it (the names in ``FIELDS``)."""


def play(rnd: Callable[[], float], difficulty: str = "normal", keys: bool = False) -> Outcome:
    """One game under P0. Returns (won, cause, area, rank, xp, hp, gold, food, armor, spells,
    bosses, score, chance events, decisions)."""
    hp, armor, gold, food = START[difficulty]
    rank, xp, bosses = 1, 0, 0
    spells: list[int] = []
    area = 1
    key = False
    draws = decisions = 0
    cause = ""
    won = False
    while True:  # an area (§4.1): six cards in columns of 1, 2, 1, 2, the boss last in a boss area
        cards = [0, 1, 2, 3, 4, 5]
        defeated = False  # a monster defeated in this area (R4)
        fell = False
        col = 0
        while col < 5 and not fell:
            # -- the column's card (§4.2, dealt as reached: project ruling P1) --
            if col == 0 or col == 2:
                draws += 1
                card = cards.pop(bisect_right(CUT[len(cards)], rnd()))
            elif col == 1:
                draws += 1
                i, j = PAIRS[bisect_right(CUT[10], rnd())]
                card = cards[i]  # P0 takes the lower card
                del cards[j]
                del cards[i]
                decisions += 1
            elif col == 3:
                card = cards[0]  # the last two: turned up for certain
                decisions += 1
            elif area in BOSS_AREAS:
                card = 6
            else:
                break
            col += 1
            if HEAL in spells:  # R12, R28: P0 enters without casting Heal
                decisions += 1
            # -- the room (§5) --
            foe_hp = 0
            if card == MONSTER or card == 6:
                foe = card
            elif card == TREASURE:  # §5.3, R4
                gold = min(CAP_GOLD, gold + (2 if defeated else 1))
                draws += 1
                if bisect_right(D6, rnd()) >= 4:  # a 5 or a 6: the item table
                    foe = -2
                else:
                    continue
            elif card == MERCHANT:  # §5.4: P0 leaves
                decisions += 1
                continue
            elif card == RESTING:  # §5.5: P0 rests for XP
                decisions += 1
                rank, xp, hp = gain_xp(rank, xp, hp, 1)
                continue
            elif card == EVENT:  # §5.6: roll, then P0 makes the skill check and keeps the roll
                draws += 2
                roll = bisect_right(D6, rnd())
                decisions += 1
                if bisect_right(D6, rnd()) < rank:
                    decisions += 1
                if roll == 0:
                    food = min(CAP_FOOD, food + 1)
                elif roll == 1:
                    hp = min(CAP_HP, hp + 2)
                elif roll == 2:
                    gold = min(CAP_GOLD, gold + 2)
                elif roll == 3:
                    rank, xp, hp = gain_xp(rank, xp, hp, 2)
                elif roll == 4:
                    armor = min(CAP_ARMOR, armor + 1)
                else:
                    foe = 7  # the Event monster
                if roll != 5:
                    continue
            else:  # §5.7 Trap; the key of the Labyrinth keys variant (R34)
                if keys and not key and LEVEL[area] < 5:
                    key = True
                draws += 2
                trap = bisect_right(D6, rnd())
                if bisect_right(D6, rnd()) < rank:  # the skill check, always made (R22)
                    continue
                lost = 0
                if trap == 0:
                    if food:
                        food -= 1
                    else:
                        lost = 2
                elif trap == 1:
                    if gold:
                        gold -= 1
                    else:
                        lost = 2
                elif trap == 2:
                    if armor:
                        armor -= 1
                    else:
                        lost = 2
                elif trap == 3:
                    lost = 1
                elif trap == 4:  # R15
                    if xp:
                        xp -= 1
                    elif rank > 1:
                        rank -= 1
                        xp = XP_TO_NEXT[rank] - 1
                    else:
                        lost = 2
                else:
                    lost = 2
                if lost:
                    hp = max(0, hp - lost)
                    if hp == 0:
                        cause = "trap"
                        break
                if trap == 5 and area in PIT:  # the Pit: straight into the area below (R24, R26)
                    area = PIT[area]
                    fell = True
                continue
            if foe != -2:
                # -- a fight (§6) --
                level = LEVEL[area]
                if foe == 6:
                    foe_hp = BOSS_HP[level]
                    damage = BOSS_DAMAGE[level]
                else:
                    draws += 1
                    foe_hp = area + 1 + bisect_right(D6, rnd())
                    damage = MONSTER_DAMAGE[level]
                poison = fresh = 0
                ice = False
                while True:
                    draws += 1
                    cuts, faces = ROLLS[rank]
                    dice = faces[bisect_right(cuts, rnd())]
                    total = 0
                    for v in dice:
                        if v == 1:
                            continue
                        if v == 6:  # an open 6: P0 rerolls it, again on a 6; a 1 loses the die (A3)
                            while True:
                                decisions += 1
                                draws += 1
                                r = bisect_right(D6, rnd()) + 1
                                if r == 1:
                                    v = 0
                                    break
                                v += r
                                if r != 6:
                                    break
                        total += v
                    if hp >= 3 or xp or rank > 1:  # the feats (§6.3): P0 pays for none
                        decisions += 1
                    foe_hp = max(0, foe_hp - total)
                    if foe_hp and spells:  # §6.5: P0 casts its first spell
                        decisions += 1
                        spell = spells.pop(0)
                        if spell == HEAL:
                            hp = min(CAP_HP, hp + HEAL_HP)
                        elif spell == ICE:
                            ice = True
                        elif spell == FIRE:
                            foe_hp = max(0, foe_hp - FIRE_DAMAGE)
                        else:
                            fresh += 1
                            foe_hp = max(0, foe_hp - POISON_DAMAGE)
                    if foe_hp and poison:  # Poison cast before (R3, R20)
                        foe_hp = max(0, foe_hp - POISON_DAMAGE * poison)
                    if not foe_hp:
                        break
                    poison += fresh
                    fresh = 0
                    if ice:
                        ice = False
                    elif damage > armor:
                        hp = max(0, hp - (damage - armor))
                        if hp == 0:
                            break
                if hp == 0:
                    cause = "boss" if foe == 6 else "monster"
                    break
                defeated = True
                if foe == 6:
                    bosses += 1
                    if level == 5:  # Og's Remains (R27)
                        won = True
                        cause = "win"
                        break
                    gold = min(CAP_GOLD, gold + BOSS_GOLD[level])
                    rank, xp, hp = gain_xp(rank, xp, hp, BOSS_XP[level])
                else:
                    rank, xp, hp = gain_xp(rank, xp, hp, 2 if foe == 7 else MONSTER_XP[level])
                    continue
            # -- the item table (§5.3; every boss's item, R11) --
            draws += 1
            item = bisect_right(D6, rnd())
            if item == 0:
                armor = min(CAP_ARMOR, armor + 1)
            elif item == 1:
                rank, xp, hp = gain_xp(rank, xp, hp, 2)
            else:
                spells, made = gain_spell(spells, item - 2)
                decisions += made
        if hp == 0 or won:
            break
        if fell:
            continue
        # -- Exploration (§4.3): eat, or starve (R9); the door of the keys variant (R33) --
        if food:
            food -= 1
        else:
            hp = max(0, hp - 2)
            if hp == 0:
                cause = "starvation"
                break
        if keys and area in BOSS_AREAS and LEVEL[area] < 5:
            if not key:
                cause = "no_key"
                break
            key = False
        area += 1
    score = (  # the score sheet (§8, R35)
        SCORE_BONUS[difficulty] + 3 * (14 if won else area) + 2 * bosses + 2 * rank + 2 * hp + 2 * gold
        + len(spells) + armor + food
    )  # fmt: skip
    return won, cause, area, rank, xp, hp, gold, food, armor, len(spells), bosses, score, draws, decisions


# -- the engine, under the same policy --------------------------------------------------------------


class P0Agent:
    """P0 on the engine: the first legal action, except leaving the Merchant."""

    name = "p0"

    def __init__(self) -> None:
        from solotable.games.minirogue_v1.actions import LEAVE
        from solotable.games.minirogue_v1.rules import MERCHANT_SHOP

        self._merchant = MERCHANT_SHOP
        self._leave = LEAVE

    def choose(self, state: Any, rng: random.Random) -> Any:
        if state.phase is self._merchant:
            return self._leave
        return state.legal_actions()[0]


def engine_play(
    chance_rng: random.Random, agent_rng: random.Random, difficulty: str = "normal", keys: bool = False,
    *, trusted: bool = True,
) -> Outcome:  # fmt: skip
    """One game of the engine under P0, read as :func:`play` reports it: on the trusted path what
    ``solotable.sim.runner.run_game`` runs (``StepState.play_out``), otherwise the default
    ``apply`` (events on, every action checked)."""
    from solotable.core.protocol import CHANCE
    from solotable.core.registry import load

    state: Any = load("minirogue-v1").new_state(None, difficulty=difficulty, keys=keys)
    if trusted:
        state.set_events(False)
    agent = P0Agent()
    draws = decisions = 0
    if trusted:
        steps, decisions = state.play_out(agent.choose, chance_rng, agent_rng, 10**6)
        draws = steps - decisions
    while state.to_move is not None:
        if state.to_move == CHANCE:
            draws += 1
            state.apply(state.chance_table().sample(chance_rng), trusted=trusted)
        else:
            decisions += 1
            state.apply(agent.choose(state, agent_rng), trusted=trusted)
    r = state.result()
    d = r.details
    return (
        r.won, d["cause"], d["area"], d["rank"], state.xp, d["hp"], d["gold"], d["food"], d["armor"], d["spells"],
        d["bosses"], r.score, draws, decisions,
    )  # fmt: skip


FIELDS = (
    "won", "cause", "area", "rank", "xp", "hp", "gold", "food", "armor", "spells", "bosses", "score", "draws",
    "decisions",
)  # fmt: skip
"""What :func:`play` and :func:`engine_play` return, in order."""


# -- the benchmark ------------------------------------------------------------------------------------


def _contenders(difficulty: str, keys: bool) -> dict[str, Callable[[random.Random, random.Random], object]]:
    """Each contender plays one game from a chance and an agent generator."""
    from solotable.core.registry import load
    from solotable.sim.runner import run_game

    game = load("minirogue-v1")
    agent = P0Agent()
    options: Mapping[str, object] = {"difficulty": difficulty, "keys": keys}

    def trusted(chance_rng: random.Random, agent_rng: random.Random) -> object:
        return run_game(game, agent, options, chance_rng, agent_rng)

    from bench_engine import run_stepwise  # (benchmarks/ is this script's directory, first on sys.path)

    def stepwise(chance_rng: random.Random, agent_rng: random.Random) -> object:
        # run_game's loop before play_out: to_move, chance_table().sample, apply(trusted=True) a step
        return run_stepwise(game, agent, options, chance_rng, agent_rng, trusted=True)

    def default(chance_rng: random.Random, agent_rng: random.Random) -> object:
        # the same loop with events on, every action checked
        return run_stepwise(game, agent, options, chance_rng, agent_rng, trusted=False)

    def plain(chance_rng: random.Random, agent_rng: random.Random) -> object:
        return play(chance_rng.random, difficulty, keys)

    return {"plain": plain, "trusted": trusted, "stepwise": stepwise, "default": default}


def seeds(seed: int, count: int) -> list[tuple[int, int]]:
    """The chance and agent seeds of games ``0..count-1`` (``solotable.sim.runner.game_rngs``)."""
    from solotable.sim.runner import game_rngs

    out = []
    for i in range(count):
        chance_rng, agent_rng = game_rngs(seed, i)
        out.append((chance_rng.getrandbits(64), agent_rng.getrandbits(64)))
    return out


def rngs(pairs: list[tuple[int, int]]) -> list[tuple[random.Random, random.Random]]:
    return [(random.Random(a), random.Random(b)) for a, b in pairs]


def bench(rounds: int, seconds: float, difficulty: str, keys: bool, seed: int) -> dict[str, list[float]]:
    """Games per second of CPU time of each contender, one figure per round; in every round each
    contender plays the same games (from game 0 on, fresh generators made off the clock) for
    about ``seconds``."""
    contenders = _contenders(difficulty, keys)
    chunk = 64
    pool = seeds(seed, chunk * 64)
    for run in contenders.values():  # warm up: imports, the tables the engine caches
        for chance_rng, agent_rng in rngs(pool[:50]):
            run(chance_rng, agent_rng)
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, run in contenders.items():
            played = 0
            elapsed = 0.0
            while elapsed < seconds:
                start_at = played % len(pool)
                batch = rngs(pool[start_at : start_at + chunk])
                start = time.process_time()
                for chance_rng, agent_rng in batch:
                    run(chance_rng, agent_rng)
                elapsed += time.process_time() - start
                played += len(batch)
            rates[name].append(played / elapsed)
    return rates


def profile(games: int, difficulty: str, keys: bool, seed: int) -> None:
    """Where the engine's time goes on the trusted path under P0: cProfile's own time of each
    function, summed by where it lives (the profiler adds a cost to every call, so code made of
    many small calls shows larger than it runs)."""
    import cProfile
    import pstats

    run = _contenders(difficulty, keys)["trusted"]
    batch = rngs(seeds(seed, games))
    profiler = cProfile.Profile()
    profiler.enable()
    for chance_rng, agent_rng in batch:
        run(chance_rng, agent_rng)
    profiler.disable()
    parts: dict[str, float] = {}
    stats: Any = pstats.Stats(profiler)
    for (path, _, name), (_, _, own, _, _) in stats.stats.items():
        if "minirogue_v1/rules" in path or "minirogue_v1/state" in path:
            part = "the game's rules (games/minirogue_v1/rules, state.py)"
        elif "core/engine" in path:
            part = f"engine: StepState.{name}"
        elif "core/chance" in path:
            part = "chance tables: sample, sample_float"
        elif "sim/runner" in path:
            part = "run_game's own loop"
        elif path == __file__:
            part = "P0's choice (the agent, less legal_actions)"
        elif path == "~":
            part = f"built-in: {name}"
        else:
            part = f"{path.rsplit('/', 1)[-1]}: {name}"
        parts[part] = parts.get(part, 0.0) + own
    total = sum(parts.values())
    print(f"cProfile of {games:,} games on the trusted path (own time, {total:.2f} s under the profiler):")
    for part, own in sorted(parts.items(), key=lambda kv: -kv[1])[:16]:
        print(f"  {100 * own / total:5.1f}%  {part}")


def compiled() -> bool:
    """Whether the engine runs compiled (mypyc)."""
    import solotable.core.engine as engine

    return not str(engine.__file__).endswith((".py", ".pyc"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mini Rogue v1 under P0: the engine against a plain-Python loop.")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default: 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contender per round (default: 1)")
    parser.add_argument("--difficulty", default="normal", choices=tuple(START))
    parser.add_argument("--keys", action="store_true", help="the Labyrinth keys variant")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", type=int, default=200, help="games checked equal on both sides first (default: 200)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile N games (trusted path)")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.difficulty, args.keys, args.seed)
        return 0
    pairs = seeds(args.seed, args.check)
    for i, (a, b) in enumerate(pairs):
        mine = play(random.Random(a).random, args.difficulty, args.keys)
        for trusted in (True, False):
            theirs = engine_play(random.Random(a), random.Random(b), args.difficulty, args.keys, trusted=trusted)
            if mine != theirs:
                diff = {f: (x, y) for f, x, y in zip(FIELDS, mine, theirs, strict=True) if x != y}
                print(f"game {i}: the plain loop and the engine differ: {diff}", file=sys.stderr)
                return 1
    stats = [play(random.Random(a).random, args.difficulty, args.keys) for a, _ in pairs]
    wins = sum(1 for s in stats if s[0])
    steps = statistics.fmean(s[-2] + s[-1] for s in stats)
    rates = bench(args.rounds, args.seconds, args.difficulty, args.keys, args.seed)
    build = "compiled (mypyc)" if compiled() else "pure Python"
    print(f"game        minirogue-v1 ({args.difficulty}{', keys' if args.keys else ''}), policy P0")
    python = f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}"
    print(f"python      {python}; engine {build}")
    rate = 100 * wins / len(stats)
    print(f"checked     {args.check} games equal on both sides; {steps:.1f} steps/game, win rate {rate:.1f}%")
    print(f"rounds      {args.rounds} × {args.seconds:g} s of CPU per contender, interleaved; games/s median (min-max)")
    plain = statistics.median(rates["plain"])
    for name, label in (
        ("plain", "plain loop"), ("trusted", "engine, trusted"), ("stepwise", "engine, stepwise"),
        ("default", "engine, default"),
    ):  # fmt: skip
        r = rates[name]
        med = statistics.median(r)
        slower = "" if name == "plain" else f"   plain / engine = {plain / med:.2f}×"
        print(f"{label:<17} {med:>9,.0f}  ({min(r):,.0f}-{max(r):,.0f}){slower}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
