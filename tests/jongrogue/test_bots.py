"""The JongRogue bots that the balance tuning (§7.30, JR-P8) relies on: the heuristic's
behaviours, the evaluation for the search bots, and their fairness (they read only what the
PL sees: a state that differs only in face-down tiles gets the same move and the same value)."""

from __future__ import annotations

import random

from solotable.agents.search import ExpectimaxAgent
from solotable.core.protocol import CHANCE
from solotable.games.jongrogue.heuristic import HeuristicAgent, evaluate, fight_cost, make_agent
from solotable.games.jongrogue.rules.turns import THREAT
from solotable.games.jongrogue.state import CLAIR, HELD, K_DOWN, K_GONE, K_MON, JongRogueState

from .helpers import G, at, quiet_room, slot_of


def _positions(rules: str, seeds: range) -> list[JongRogueState]:
    """Decision points of whole games played by the heuristic, every 7th one."""
    out = []
    for seed in seeds:
        s = G.new_state(seed=seed, rules=rules, **{"continue": "off"})
        assert isinstance(s, JongRogueState)
        bot, chance, rng = make_agent(), random.Random(seed), random.Random(seed + 1)
        n = 0
        while s.to_move is not None:
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(chance))
                continue
            n += 1
            if n % 7 == 0:
                out.append(s.clone())
            s.apply(bot.choose(s, rng))
    return out


POSITIONS = _positions("ez", range(1, 5)) + _positions("ez-plus", range(1, 4))


def test_evaluate_is_a_probability() -> None:
    assert len(POSITIONS) > 30
    for s in POSITIONS:
        assert 0.0 <= evaluate(s) <= 1.0


def test_no_face_down_tile_is_in_the_state() -> None:
    """JR-P1: a face-down encounter tile is drawn when turned up, so a state holds nothing the PL
    cannot see: every face-down tile is undrawn (outside Clairvoyance), and the pile's counts are
    the pile together with them; resampling the hidden has nothing to redraw."""
    down = 0
    for i, s in enumerate(POSITIONS):
        undrawn = [slot for room in s.slots for slot in room if slot.kind == K_DOWN]
        if not s.status & CLAIR:
            assert all(slot.kind in (K_DOWN, K_GONE) for room in s.slots for slot in room if not slot.up)
        shared = sum(1 for slot in undrawn if slot.tile == 0)
        assert sum(s.pile) == s.pile_n + shared
        assert [sum(h) for h in s.held] == [sum(1 for x in undrawn if x.tile == p + 1) for p in range(len(s.held))]
        down += len(undrawn)
        r = s.resample_hidden(random.Random(i))
        assert r.observation() == s.observation() and r.pile == s.pile and r.discard == s.discard
    assert down > 0


def test_bots_are_fair() -> None:
    """The same move and value for states that differ only in what the PL cannot see."""
    for i, s in enumerate(POSITIONS):
        r = s.resample_hidden(random.Random(i))
        assert evaluate(r) == evaluate(s)
        assert make_agent().choose(r, random.Random(i)) == make_agent().choose(s, random.Random(i))


def test_expectimax_plays_with_the_evaluation() -> None:
    s = POSITIONS[3]
    bot = ExpectimaxAgent("jongrogue", iterations=8, depth=1)
    assert bot.evaluation is evaluate
    assert bot.choose(s.clone(), random.Random(0)) in s.legal_actions()


def test_heuristic_rests_off_held() -> None:
    """Held makes moves and searches fail (rows 5-9): the bot rests it off (it used to search
    while held until it starved)."""
    s = quiet_room()
    s.status |= HELD
    assert str(HeuristicAgent().choose(s, random.Random(0))) == "rest"


def test_heuristic_leaves_gold() -> None:
    """Gold only scores, and a pick-up costs two tiles of the food clock; items are taken."""
    s = quiet_room(slots=("p7", "s7"))
    assert str(HeuristicAgent().choose(s, random.Random(0))) == "pick:2"
    s = quiet_room(slots=("p7",))
    assert not str(HeuristicAgent().choose(s, random.Random(0))).startswith("pick")


def test_heuristic_flees_a_deadly_fight() -> None:
    """A level-1 PC (4 HP) meets an awake troll in its room: it leaves by a door."""
    s = quiet_room(floor=8)
    s.slots[4] = [slot_of("m8", 8)]  # m8 on floor 8 is a troll (window tuned, JR-P8)
    assert s.slots[4][0].mon.id == "troll"
    s.slots[4][0].flags = 0  # awake
    at(s, THREAT)
    assert s.threats() and s.slots[4][0].kind == K_MON
    assert fight_cost(s, s.threats()) > s.hp
    assert str(HeuristicAgent().choose(s, random.Random(0))).startswith("flee")


def test_heuristic_fights_a_weak_monster() -> None:
    s = quiet_room(slots=("m1",))  # a kestrel
    s.slots[4][0].flags = 0
    at(s, THREAT)
    assert fight_cost(s, s.threats()) < 0.6 * s.hp
    assert str(HeuristicAgent().choose(s, random.Random(0))) == "fight"


def test_simulated_futures_do_not_spoil_the_heuristics_memory() -> None:
    """A search bot calls its heuristic on simulated futures between the real game's decisions
    (MCTS rollouts); the heuristic remembers the rooms it fled and the moves that cost no tile,
    kept by decision number, so the real game's choices stay those of the heuristic alone."""
    differed = 0
    for seed in range(1, 9):
        alone, searched = make_agent(), make_agent()
        s = G.new_state(seed=seed, rules="ez-plus", **{"continue": "off"})
        assert isinstance(s, JongRogueState)
        chance, futures = random.Random(seed), random.Random(seed + 100)
        n = 0
        while s.to_move is not None and n < 300:
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(chance))
                continue
            future = s.resample_hidden(futures)
            for _ in range(60):  # a rollout of a few decisions, with the same agent
                if future.to_move is None:
                    break
                if future.to_move == CHANCE:
                    future.apply(future.chance_table().sample(futures))
                else:
                    future.apply(searched.choose(future, futures))
            a = alone.choose(s, random.Random(n))
            b = searched.choose(s.clone(), random.Random(n))
            assert a == b, (seed, n)
            differed += future.decisions > s.decisions
            s.apply(a)
            n += 1
    assert differed > 100


def test_search_is_declared_with_a_stage_and_a_horizon() -> None:
    """MCTS rolls out SEARCH_HORIZON decisions and scores the fitted evaluation there (issue 14)."""
    from solotable.agents.search import MCTSAgent
    from solotable.games.jongrogue import heuristic as h

    hooks = G.bot_hooks()
    assert hooks.stage is h.stage and hooks.evaluate is h.evaluate and hooks.horizon == h.SEARCH_HORIZON > 0
    bot = MCTSAgent("jongrogue", iterations=24)
    assert bot.horizon == h.SEARCH_HORIZON
    s = POSITIONS[5]
    assert h.stage(s) == s.decisions
    assert bot.choose(s.clone(), random.Random(0)) in s.legal_actions()


def test_the_evaluation_rewards_the_way_to_victory() -> None:
    """The fitted evaluation (value.toml) grows with what wins the game: the Amulet, meals."""
    s = quiet_room(floor=10)
    base = evaluate(s)
    s.amulet = True
    assert evaluate(s) > base
    s.food = 0
    assert evaluate(s) < evaluate(quiet_room(floor=10, amulet=True))
