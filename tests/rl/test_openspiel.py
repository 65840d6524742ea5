"""The OpenSpiel adapter: OpenSpiel's own tests and algorithms on the games."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import solotable
import solotable.rl.openspiel as adapter
from solotable.rl.catalogue import catalogue

GAMES = [
    "solotable_minirogue_v1",
    "solotable_minirogue_v1(difficulty=hard,keys=True)",
    "solotable_minirogue",
    "solotable_minirogue(character=crusader,partner=rogue)",
    "solotable_deepspace_d6",
    "solotable_jongrogue(rules=ez-plus)",
]


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_type_and_players() -> None:
    solo = pyspiel.load_game("solotable_minirogue")
    coop = pyspiel.load_game("solotable_minirogue(partner=mage)")
    assert (solo.num_players(), coop.num_players()) == (1, 2)
    t = coop.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.IDENTICAL
    assert coop.num_distinct_actions() == len(catalogue("minirogue"))


@pytest.mark.parametrize("game_id", ["minirogue-v1", "minirogue", "deepspace-d6", "jongrogue"])
def test_chance_nodes_carry_the_exact_probabilities(game_id: str) -> None:
    game = pyspiel.load_game(adapter.short_name(game_id))
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            exact = state.engine_state.chance_table().outcomes
            outcomes = state.chance_outcomes()
            assert len(outcomes) <= game.max_chance_outcomes()
            assert [p for _, p in outcomes] == [float(p) for _, p in exact]
            assert sum((p for _, p in exact), Fraction(0)) == 1
            for i, (a, _p) in enumerate(exact):
                assert state.action_to_string(pyspiel.PlayerId.CHANCE, i) == str(a)
            actions, probs = zip(*outcomes, strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            checked += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 3


def test_mcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("solotable_minirogue_v1(difficulty=casual)")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 5 and state.returns()[0] in (0.0, 1.0)


def test_clone_is_independent_and_serialization_replays() -> None:
    game = pyspiel.load_game("solotable_deepspace_d6")
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(15):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    assert str(copy) == str(state)
    before = str(state)
    while not copy.is_terminal():
        if copy.is_chance_node():
            copy.apply_action(copy.chance_outcomes()[0][0])
        else:
            copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()


def test_observation_tensor_is_the_env_vector_and_strings_differ_by_recall() -> None:
    game = pyspiel.load_game("solotable_minirogue_v1")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    first = state.legal_actions()[0]
    state.apply_action(first)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    vec = solotable.rl.encode("minirogue-v1", state.engine_state.observation(0))
    assert np.array_equal(np.asarray(state.observation_tensor(0), dtype=np.float32), vec)
    info = state.information_state_string(0)
    assert info.startswith(catalogue("minirogue-v1")[first] + " | ")  # the player's decisions so far
    assert state.observation_string(0) in info and info != state.observation_string(0)


def test_expectiminimax_values_are_the_exact_expectations() -> None:
    """OpenSpiel's expectiminimax (depth 1) on Mini Rogue v1 equals the expectation computed on
    the engine with exact fractions, over every chance outcome up to the next decision."""
    from open_spiel.python.algorithms.minimax import expectiminimax

    from solotable.rl.env import progress

    def value(s: solotable.State) -> Fraction:
        if s.is_terminal():
            return Fraction(int(s.result().won))
        if s.is_chance():
            total = Fraction(0)
            for a, p in s.chance_table().outcomes:
                child = s.clone()
                child.apply(a)
                total += p * value(child)
            return total
        return Fraction(progress("minirogue-v1", s.observation(0))).limit_denominator(10**6)

    game = pyspiel.load_game("solotable_minirogue_v1")
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal() and searched < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        got, best = expectiminimax(
            state, 1, lambda s: float(value(s.engine_state)), state.current_player())
        children = {}
        for a in state.legal_actions():
            child = state.engine_state.clone()
            child.apply(state.engine_state.game.parse_action(child, catalogue("minirogue-v1")[a]))
            children[a] = value(child)
        assert got == pytest.approx(float(max(children.values())), abs=1e-9)
        assert best in state.legal_actions() and float(children[best]) == pytest.approx(got, abs=1e-9)
        searched += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched == 4


def test_parameters_are_given_as_openspiel_reads_them() -> None:
    """``dont_panic=3`` is read by OpenSpiel as a number: the parameter is an integer (-1: preset)."""
    assert pyspiel.load_game("solotable_deepspace_d6(dont_panic=3)").options["dont_panic"] == "3"
    hard = pyspiel.load_game("solotable_deepspace_d6(difficulty=hard,dont_panic=0)")
    assert hard.options == {"difficulty": "hard", "dont_panic": "0", "length": "full"}
    assert pyspiel.load_game("solotable_deepspace_d6").options["dont_panic"] == "preset"
    assert pyspiel.load_game("solotable_minirogue_v1(keys=True)").options["keys"] is True
    state = pyspiel.load_game("solotable_deepspace_d6(dont_panic=3)").new_initial_state()
    assert state.engine_state.observation(0)["dont_panic"] == 3
