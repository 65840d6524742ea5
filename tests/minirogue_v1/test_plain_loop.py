"""The plain-Python loop of benchmarks/minirogue_v1_plain.py plays the engine's Mini Rogue v1:
given the same uniform numbers, both play the same games under the policy P0 (every chance event
in the same order with the same outcome), on the trusted path and on the default ``apply``. The
speed comparison of that benchmark means something only while this holds."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from solotable.core.registry import load
from solotable.games.minirogue_v1.data import SPELLS, data
from solotable.sim.runner import game_rngs, run_game

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "minirogue_v1_plain.py"
GAMES = 500


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minirogue_v1_plain", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


P = _load()
D = data()


def _differences(difficulty: str, keys: bool, games: int, seed: int) -> list[tuple[int, dict[str, object]]]:
    """The games where the plain loop and the engine (both paths) end differently."""
    out: list[tuple[int, dict[str, object]]] = []
    for i in range(games):
        chance_seed, agent_seed = (r.getrandbits(64) for r in game_rngs(seed, i))
        mine = P.play(random.Random(chance_seed).random, difficulty, keys)
        for trusted in (True, False):
            theirs = P.engine_play(
                random.Random(chance_seed), random.Random(agent_seed), difficulty, keys, trusted=trusted
            )
            if mine != theirs:
                diff: dict[str, object] = {f: (a, b) for f, a, b in zip(P.FIELDS, mine, theirs, strict=True) if a != b}
                out.append((i, diff))
                break
    return out


@pytest.mark.parametrize("keys", [False, True])
@pytest.mark.parametrize("difficulty", list(D.difficulty_order))
def test_same_games(difficulty: str, keys: bool) -> None:
    """500 seeded games per difficulty (and keys variant): won/lost and why, the area, Rank, XP,
    HP, gold, food, armor, spells, bosses, score, the chance events and the decisions all equal."""
    assert _differences(difficulty, keys, GAMES, seed=23) == []


def test_the_games_reach_the_rules() -> None:
    """The checked games go through the rules a changed line would break: bosses beaten, Rank 4,
    pits, spells cast, the key's door, a win."""
    seen: dict[str, bool] = dict.fromkeys(("boss", "rank4", "pit", "win", "no_key", "spells"), False)
    for difficulty in D.difficulty_order:
        for keys in (False, True):
            for i in range(GAMES):
                chance_seed = game_rngs(23, i)[0].getrandbits(64)
                won, cause, area, rank, *_, spells, bosses, _score, _draws, _decisions = P.play(
                    random.Random(chance_seed).random, difficulty, keys
                )
                seen["boss"] |= bosses > 0
                seen["rank4"] |= rank == 4
                seen["pit"] |= bosses < D.level_of_area[area] - 1  # a level reached without its bosses beaten
                seen["win"] |= won
                seen["no_key"] |= cause == "no_key"
                seen["spells"] |= spells > 0
    assert all(seen.values()), seen


def test_run_game_agrees() -> None:
    """The benchmark times ``solotable.sim.runner.run_game`` with the P0 agent: the same results,
    steps and decisions as the plain loop."""
    game = load("minirogue-v1")
    agent = P.P0Agent()
    for i in range(200):
        chance_seed, agent_seed = (r.getrandbits(64) for r in game_rngs(5, i))
        won, *_, score, draws, decisions = P.play(random.Random(chance_seed).random, "normal", False)
        result, steps, made = run_game(game, agent, {}, random.Random(chance_seed), random.Random(agent_seed))
        assert (result.won, result.score, steps, made) == (won, score, draws + decisions, decisions)


def test_a_changed_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails when a rule of the plain loop changes: Fire dealing 7, not 8; no pit falls;
    a Level 2 boss with 14 HP."""
    for name, value in (("FIRE_DAMAGE", 7), ("PIT", {}), ("BOSS_HP", (0, 10, 14, 20, 25, 30))):
        with monkeypatch.context() as m:
            m.setattr(P, name, value)
            assert _differences("casual", False, GAMES, seed=23), name


def test_the_numbers_are_the_cards() -> None:
    """The plain loop's numbers are those of cards.toml."""
    for name, start in D.difficulties.items():
        assert P.START[name] == (start.hp, start.armor, start.gold, start.food)
        assert P.SCORE_BONUS[name] == start.score_bonus
    caps = (D.cap_hp, D.cap_gold, D.cap_food, D.cap_armor, D.cap_rank)
    assert caps == (P.CAP_HP, P.CAP_GOLD, P.CAP_FOOD, P.CAP_ARMOR, P.MAX_RANK)
    assert P.XP_TO_NEXT[1:] == tuple(D.xp_to_next)
    assert D.level_of_area == P.LEVEL
    assert set(P.BOSS_AREAS) == set(D.last_area_of_level)
    assert D.pit_destination == P.PIT
    for lv in D.levels:
        n = lv.number
        assert (P.MONSTER_DAMAGE[n], P.MONSTER_XP[n]) == (lv.monster_damage, lv.monster_xp)
        assert (P.BOSS_HP[n], P.BOSS_DAMAGE[n], P.BOSS_GOLD[n], P.BOSS_XP[n]) == (
            lv.boss_hp, lv.boss_damage, lv.boss_gold, lv.boss_xp,
        )  # fmt: skip
    assert (D.fire_damage, D.poison_damage, D.heal_hp) == (P.FIRE_DAMAGE, P.POISON_DAMAGE, P.HEAL_HP)
    assert tuple(SPELLS.index(s) for s in ("fire", "ice", "poison", "heal")) == (P.FIRE, P.ICE, P.POISON, P.HEAL)
