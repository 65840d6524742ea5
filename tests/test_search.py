"""The search bots (expectimax, mcts, oracle) and hints, on the toy game and minirogue-v1.

Budgets are tiny on purpose (``iterations`` of a few dozen): these tests check behaviour and
reproducibility, not strength (see the strength figures in the issue note).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
import toygame
from minirogue_v1.helpers import attack, play, to_combat

from solotable.agents.hint import hint
from solotable.agents.registry import agent_names, make_agent
from solotable.agents.search import (
    ExpectimaxAgent,
    MCTSAgent,
    SearchAgent,
    _random_policy,
    game_evaluation,
    game_policy,
    game_progress,
    rollout,
)
from solotable.core.protocol import CHANCE, Action, IllegalAction, State
from solotable.core.registry import load as load_game
from solotable.sim.runner import game_rngs, run_game, simulate

SEARCH = ("expectimax", "mcts", "oracle")
MR = "minirogue-v1"


class LegalOnly:
    """Wraps an agent and checks every choice is legal and leaves the state unchanged."""

    def __init__(self, inner: SearchAgent) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0

    def choose(self, state: State, rng: random.Random):  # type: ignore[no-untyped-def]
        before = json.dumps(state.observation(), sort_keys=True)
        action = self.inner.choose(state, rng)
        assert action in state.legal_actions()
        assert json.dumps(state.observation(), sort_keys=True) == before, "the search changed the state"
        self.decisions += 1
        return action


def test_search_agents_are_registered_for_every_game() -> None:
    for game_id in (MR, toygame.GAME.id):
        assert set(SEARCH) <= set(agent_names(game_id))
    agent = make_agent("mcts", MR, iterations=10, think=0.5)
    assert isinstance(agent, MCTSAgent) and agent.iterations == 10 and agent.think == 0.5
    assert make_agent("oracle", MR).name == "oracle"
    assert isinstance(make_agent("expectimax", MR, iterations=5), ExpectimaxAgent)
    make_agent("random", MR, iterations=5, think=None)  # budgets are ignored by simple bots
    make_agent("heuristic", MR, iterations=5)
    with pytest.raises(ValueError, match="no parameter depth"):
        make_agent("random", MR, depth=3)
    with pytest.raises(ValueError, match="iterations"):
        make_agent("mcts", MR, iterations=0)
    with pytest.raises(ValueError, match="think"):
        make_agent("mcts", MR, think=-1.0)


def test_game_hooks_are_found_lazily() -> None:
    assert game_policy(MR) is not None and game_evaluation(MR) is not None
    assert game_policy(toygame.GAME.id) is None and game_evaluation(toygame.GAME.id) is None
    # the toy game has no heuristic: random rollouts, rollout evaluation, no blending
    agent = make_agent("mcts", toygame.GAME.id, iterations=4)
    assert isinstance(agent, MCTSAgent) and agent.policy is _random_policy and agent.blend == 0.0


@pytest.mark.parametrize("game_id", [MR, "deepspace-d6"])
def test_progress_measures_how_far_a_lost_run_got(game_id: str) -> None:
    game = load_game(game_id)
    progress = game_progress(game_id)
    assert progress is not None
    assert progress(game.new_state(difficulty="normal")) == 0.0  # nothing survived yet
    policy = game_policy(game_id)
    assert policy is not None
    rng = random.Random(3)
    ends = [rollout(game.new_state(difficulty="normal"), policy, rng) for _ in range(60)]
    values = [progress(end) for end in ends]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert len(set(values)) > 5  # it tells runs apart, not just won/lost
    if game_id == MR:  # the area reached: a run that died in the last area got all the way
        for end, v in zip(ends, values, strict=True):
            assert v == pytest.approx((end.area - 1) / 13)  # type: ignore[attr-defined]
    else:  # the rounds survived, over the deck's 39 cards (normal: 36 threats + 3 Don't Panic, none removed)
        for end, v in zip(ends, values, strict=True):
            assert v == pytest.approx(min(1.0, end.round / 39))  # type: ignore[attr-defined]


def test_the_root_test_raises_its_margin_for_many_challengers() -> None:
    from statistics import NormalDist

    from solotable.agents.search import _multiple_margin

    assert _multiple_margin(1.5, 1) == 1.5
    for k in (2, 4, 19):  # Bonferroni: the tail beyond the margin shrinks k times
        tail = 1 - NormalDist().cdf(_multiple_margin(1.5, k))
        assert tail == pytest.approx((1 - NormalDist().cdf(1.5)) / k, rel=1e-6)


def test_mcts_gives_lost_rollouts_partial_credit_for_progress() -> None:
    assert game_progress(toygame.GAME.id) is None
    assert MCTSAgent(toygame.GAME.id, iterations=4).shaping == 0.0  # no progress hook: plain wins
    with pytest.raises(ValueError, match="shaping"):
        MCTSAgent(MR, shaping=1.0)
    agent = MCTSAgent(MR, iterations=4, blend=0.0, shaping=0.5)
    from solotable.agents.search import _Node

    state = load_game(MR).new_state(difficulty="normal")
    outcomes = [agent._iterate(_Node(), state.clone(), random.Random(seed)) for seed in range(40)]
    # a win scores 1, a loss half the share of the way it got: never more than a win
    assert all(o == 1.0 or 0.0 <= o <= 0.5 for o in outcomes)
    assert any(0.0 < o < 1.0 for o in outcomes)


def test_deepspace_evaluation_is_a_fitted_win_chance_that_prefers_a_sounder_ship() -> None:
    from solotable.games.deepspace_d6 import heuristic as H

    game = load_game("deepspace-d6")
    rng = random.Random(4)
    seen = 0
    for _ in range(20):
        s = game.new_state(difficulty="normal")
        while s.to_move is not None:
            if s.to_move == CHANCE:
                s.apply(s.chance_table().sample(rng))
                continue
            v = H.evaluate(s)  # type: ignore[arg-type]
            assert 0.0 < v < 1.0
            if s.hull < 8:  # one more hull point is never worse
                better = s.clone()
                better.hull += 1  # type: ignore[attr-defined]
                assert H.evaluate(better) > v  # type: ignore[arg-type]
                seen += 1
            s.apply(H.make_agent().choose(s, rng))
        assert H.evaluate(s) == (1.0 if s.won else 0.0)  # type: ignore[arg-type,attr-defined]
    assert seen > 100
    # fitted to 16,000 heuristic games: the opening of a normal game is worth about the bot's 11%
    assert 0.05 < H.evaluate(game.new_state(difficulty="normal")) < 0.25  # type: ignore[arg-type]


def test_mcts_rollouts_stop_at_the_horizon_and_score_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    from solotable.games.deepspace_d6 import heuristic as H

    agent = MCTSAgent("deepspace-d6", iterations=8)
    assert agent.horizon == H.SEARCH_HORIZON == 1 and agent.stage is H.stage
    assert MCTSAgent("deepspace-d6", iterations=8, horizon=0).horizon == 0
    with pytest.raises(ValueError, match="horizon"):
        MCTSAgent("deepspace-d6", horizon=-1)
    assert MCTSAgent(MR, iterations=8).horizon == 0  # no stage counter: rollouts to the end
    scored: list[int] = []

    def evaluate(s: State) -> float:
        scored.append(s.round)  # type: ignore[attr-defined]
        assert s.to_move == CHANCE and s.phase.name == "roll"  # type: ignore[attr-defined]  # the crew roll opening the round
        return 0.25

    monkeypatch.setattr(agent, "evaluation", evaluate)
    state = _first_choice(load_game("deepspace-d6").new_state(difficulty="normal"))
    from solotable.agents.search import _Node

    values = [agent._iterate(_Node(), state.clone(), random.Random(seed)) for seed in range(10)]
    assert scored and all(r == state.round + 1 for r in scored)  # type: ignore[attr-defined]
    assert all(v in (0.0, 0.25) for v in values)


def test_resample_hidden_default_is_an_independent_clone() -> None:
    state = load_game(MR).new_state(seed=1)
    copy = state.resample_hidden(random.Random(0))
    assert copy is not state
    assert copy.observation() == state.observation()
    copy.apply(copy.chance_table().sample(random.Random(0)))
    assert copy.observation() != state.observation()


@pytest.mark.parametrize("name", SEARCH)
@pytest.mark.parametrize("game_id", [MR, toygame.GAME.id])
def test_search_agents_play_only_legal_moves(name: str, game_id: str) -> None:
    game = load_game(game_id)
    agent = LegalOnly(make_agent(name, game_id, iterations=6))  # type: ignore[arg-type]
    for index in range(2):
        chance_rng, agent_rng = game_rngs(5, index)
        result, _, _ = run_game(game, agent, {}, chance_rng, agent_rng)  # type: ignore[arg-type]
        assert isinstance(result.won, bool)
    assert agent.decisions > 0


@pytest.mark.parametrize("name", SEARCH)
def test_iterations_make_search_deterministic(name: str) -> None:
    one = simulate(MR, name, 3, seed=2, agent_params={"iterations": 8})
    two = simulate(MR, name, 3, seed=2, agent_params={"iterations": 8})
    assert one == two
    assert one.decisions > 0


def test_expectimax_is_exact_on_pig_to_2() -> None:
    # Pig to 2 within 4 turns (tests/toygame.py's rules with target 2): rolling wins at once
    # unless the die shows 1 (a lost turn), so rolling every turn wins with 1 - (1/6)^4, and
    # holding an empty turn total first wastes a turn: 1 - (1/6)^3.
    state = toygame.PigState(toygame.GAME, None, target=2)
    # a constant evaluation at the depth limit: the values must not depend on it
    agent = ExpectimaxAgent(toygame.GAME.id, iterations=10**7, depth=6, evaluation=lambda s: 0.5)
    stats = {str(s.action): s.win_probability for s in agent.analyse(state, random.Random(0))}
    assert stats["roll"] == pytest.approx(float(1 - Fraction(1, 6) ** 4), abs=1e-12)
    assert stats["hold"] == pytest.approx(float(1 - Fraction(1, 6) ** 3), abs=1e-12)
    assert agent.choose(state, random.Random(0)) == toygame.ROLL


def test_expectimax_samples_large_chance_nodes_within_its_budget() -> None:
    # An attack roll of 3 dice has 56 face multisets: more than max_outcomes, so it is sampled.
    s = to_combat(area=1, face=6, rank=3)
    assert len(s.chance_table().outcomes) > 36
    attack(s, [2, 3, 4])
    agent = ExpectimaxAgent(MR, iterations=50, depth=3)
    ranked = agent.analyse(s, random.Random(0))
    assert {r.action for r in ranked} == set(s.legal_actions())


def _spell_position() -> State:
    """A Monster with 3 HP left that strikes back for 6 at an adventurer with 4 HP, holding Fire
    (8 damage): casting Fire kills it; anything else lets it kill the adventurer (§5.1, §6)."""
    s = to_combat(area=1, face=3, foe_hp=5, damage=6, hp=4, spells=["fire"])
    attack(s, [2])
    play(s, "done")
    assert {str(a) for a in s.legal_actions()} == {"cast:fire", "discard:fire", "nospell"}
    return s


@pytest.mark.parametrize("root", ["paired", "uct"])
def test_mcts_finds_the_obvious_move_even_with_random_rollouts(root: str) -> None:
    s = _spell_position()
    agent = MCTSAgent(MR, iterations=90, root=root, policy=_random_policy)
    assert str(agent.choose(s, random.Random(3))) == "cast:fire"
    ranked = agent.analyse(s, random.Random(3))
    assert str(ranked[0].action) == "cast:fire"
    assert ranked[0].win_probability >= max(r.win_probability for r in ranked[1:])


def test_mcts_with_the_heuristic_policy_and_the_oracle_agree_here() -> None:
    s = _spell_position()
    for name in ("mcts", "oracle", "expectimax"):
        assert str(make_agent(name, MR, iterations=30).choose(s, random.Random(1))) == "cast:fire"


class _FakeClock:
    """A clock that advances by ``tick`` each time it is read: a search's wall-clock budget is
    tested by how much work it does after its deadline, not by timing it."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def _fake_time(monkeypatch: pytest.MonkeyPatch, tick: float) -> _FakeClock:
    import types

    from solotable.agents import search

    clock = _FakeClock(tick)
    monkeypatch.setattr(search, "time", types.SimpleNamespace(perf_counter=clock))
    return clock


def test_think_budget_stops_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _fake_time(monkeypatch, 0.001)
    s = _spell_position()
    agent = MCTSAgent(MR, think=0.05)
    late: list[float] = []
    iterate = agent._iterate

    def counted(*args: Any, **kwargs: Any) -> float:
        if clock.now > 0.05:
            late.append(clock.now)
        return iterate(*args, **kwargs)

    monkeypatch.setattr(agent, "_iterate", counted)
    agent.choose(s, random.Random(0))
    assert len(late) <= len(s.legal_actions())  # at most the round under way when time ran out


def test_forced_move_needs_no_search() -> None:
    state = toygame.PigState(toygame.GAME, None, target=2)
    state.turn = 4
    agent = MCTSAgent(toygame.GAME.id, iterations=1)
    assert agent.choose(state, random.Random(0)) in state.legal_actions()


# -- hints --------------------------------------------------------------------------------------


def test_hint_ranks_every_legal_action_and_leaves_the_state_alone() -> None:
    s = _spell_position()
    before = json.dumps(s.observation(), sort_keys=True)
    ranked = hint(s, None, iterations=60, seed=1)
    assert json.dumps(s.observation(), sort_keys=True) == before
    assert {h.action for h in ranked} == set(s.legal_actions())
    best = ranked[0]
    assert str(best.action) == "cast:fire" and 0.0 <= best.win <= 1.0 and best.visits > 0
    assert hint(s, None, iterations=60, seed=1) == ranked  # reproducible with iterations and a seed
    assert str(hint(s, None, agent="expectimax", iterations=100, seed=1)[0].action) == "cast:fire"


def test_hint_at_a_chance_node_or_with_a_simple_bot_is_refused() -> None:
    s = load_game(MR).new_state(seed=1)
    assert s.to_move == CHANCE
    with pytest.raises(IllegalAction):
        hint(s, 0.1)
    with pytest.raises(ValueError, match="cannot give hints"):
        hint(_spell_position(), None, agent="heuristic", iterations=5)


class _EndlessRolls(toygame.PigState):
    """Pig where a roll is followed by 3,000 more rolls before the next decision."""

    __slots__ = ("steps",)

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        if self.to_move == CHANCE and self.steps < 3000:
            self.steps += 1
            return
        super().apply(action, trusted=trusted)
        if self.rolling:
            self.steps = 0

    def clone(self) -> _EndlessRolls:
        new = super().clone()
        assert isinstance(new, _EndlessRolls)
        new.steps = self.steps
        return new


def test_expectimax_cuts_a_long_chain_of_chance_nodes() -> None:
    # Deep Space D-6 with every crew die lost rolls on with no decision until the ship dies; the
    # chain is scored by the evaluation after a few nodes, not expanded (no stack overflow)
    from solotable.agents.search import MAX_CHANCE_CHAIN

    state = _EndlessRolls(toygame.GAME, None, target=10)
    state.steps = 0
    scored: list[int] = []

    def evaluate(s: State) -> float:
        scored.append(s.steps)  # type: ignore[attr-defined]
        return 0.5

    agent = ExpectimaxAgent(toygame.GAME.id, iterations=500, depth=3, evaluation=evaluate, anchor=None)
    assert agent.choose(state, random.Random(0)) in state.legal_actions()
    assert scored and max(scored) <= MAX_CHANCE_CHAIN


def test_expectimax_keeps_to_a_think_budget_even_at_the_first_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    # Mini Rogue 2020 has no evaluation: each leaf is four rollouts, and its first depth alone
    # took seconds a decision; a --think budget now cuts it, the rest scored by the evaluation
    clock = _fake_time(monkeypatch, 0.001)
    state = _first_choice(load_game("minirogue").new_state(character="rogue", difficulty="normal"))
    for _ in range(6):
        clock.now = 0.0
        agent = ExpectimaxAgent("minirogue", think=0.02)
        late: list[float] = []
        evaluate = agent._rollout_value

        def counted(s: State, rng: random.Random, evaluate: Any = evaluate, late: list[float] = late) -> float:
            if clock.now > 0.0205:
                late.append(clock.now)
            return float(evaluate(s, rng))

        monkeypatch.setattr(agent, "_rollout_value", counted)
        stats = agent.analyse(state, random.Random(0))
        # once the budget is spent, each root move left is scored by one evaluation, no more
        # (the whole first depth is hundreds of leaves here)
        assert len(late) <= len(state.legal_actions())
        assert sorted(map(str, (s.action for s in stats))) == sorted(map(str, state.legal_actions()))
        state.apply(stats[0].action)
        state = _first_choice(state)
        if state.is_terminal():
            break


def test_expectimax_with_rollout_leaves_keeps_its_policy_unless_the_gap_beats_the_noise() -> None:
    # Mini Rogue 2020 has no evaluation: leaves are means of 4 rollouts, whose difference at a
    # 50% chance has a standard error of sqrt(2 * 0.25 / 4) = 0.354; the anchor is twice that
    assert game_evaluation("minirogue") is None
    assert ExpectimaxAgent("minirogue").anchor == pytest.approx(0.7071, abs=1e-4)
    assert ExpectimaxAgent("minirogue", rollouts=50).anchor == pytest.approx(0.2, abs=1e-4)
    assert ExpectimaxAgent(MR).anchor == 0.1  # a game's own evaluation: the anchor as given


def test_expectimax_is_anchored_only_to_a_game_policy() -> None:
    assert ExpectimaxAgent(MR).anchor == 0.1
    assert ExpectimaxAgent(toygame.GAME.id).anchor is None  # random play is no anchor
    assert ExpectimaxAgent(MR, anchor=None).anchor is None
    s = _spell_position()
    agent = ExpectimaxAgent(MR, iterations=40, rollouts=2, anchor=None)
    assert agent.evaluation is None  # leaves by policy rollouts
    assert str(agent.choose(s, random.Random(0))) == "cast:fire"


def _first_choice(state: State) -> State:
    """``state`` played on (chance from a fixed generator, forced moves) to its first real choice."""
    rng = random.Random(0)
    while state.to_move == CHANCE or len(state.legal_actions()) == 1:
        state.apply(state.chance_table().sample(rng) if state.to_move == CHANCE else state.legal_actions()[0])
    return state


def test_oracle_plays_like_mcts_when_it_cannot_see_the_future() -> None:
    # minirogue-v1 draws lazily at chance nodes: its state hides nothing, so without the game's
    # chance generator (a hint, a session) the oracle is mcts
    state = _first_choice(load_game(MR).new_state(difficulty="normal"))
    for seed in range(5):
        a = MCTSAgent(MR, iterations=12, oracle=True).analyse(state, random.Random(seed))
        b = MCTSAgent(MR, iterations=12).analyse(state, random.Random(seed))
        assert a == b


def test_the_oracle_simulates_the_dice_the_game_will_deal() -> None:
    game = load_game(MR)
    chance_rng, _ = game_rngs(11, 0)
    oracle = MCTSAgent(MR, iterations=8, oracle=True)
    fair = MCTSAgent(MR, iterations=8)
    oracle.foresee(chance_rng)
    fair.foresee(chance_rng)
    assert fair._future_copy() is None  # a fair bot never keeps the game's generator
    future = oracle._future_copy()
    assert future is not None and future is not chance_rng
    # what the oracle's copy deals is what the game deals next, and the copy leaves the game alone
    state = game.new_state(difficulty="normal")
    seen = [state.chance_table().sample(future) for _ in range(5)]
    assert [state.chance_table().sample(chance_rng) for _ in range(5)] == seen
    # the game's generator is untouched by a decision of the oracle
    chance_rng, agent_rng = game_rngs(11, 0)
    oracle.foresee(chance_rng)
    before = chance_rng.getstate()
    oracle.choose(_first_choice(game.new_state(difficulty="normal")), agent_rng)
    assert chance_rng.getstate() == before


def test_the_oracle_wins_more_than_mcts_of_the_same_budget() -> None:
    # seeing the dice to come is worth a lot in Mini Rogue: a clear gap on a few games
    params = {"iterations": 16}
    oracle = simulate(MR, "oracle", 24, seed=3, agent_params=params, options={"difficulty": "normal"})
    mcts = simulate(MR, "mcts", 24, seed=3, agent_params=params, options={"difficulty": "normal"})
    assert oracle.wins > mcts.wins


def test_mcts_determinizes_before_every_simulation_and_the_oracle_never(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def resample(self: toygame.PigState, rng: random.Random) -> toygame.PigState:
        calls.append(1)
        return self.clone()

    monkeypatch.setattr(toygame.PigState, "resample_hidden", resample)
    state = toygame.PigState(toygame.GAME, None, target=10)
    MCTSAgent(toygame.GAME.id, iterations=20).choose(state, random.Random(0))
    assert len(calls) == 20  # ten paired rounds of the two decisions
    calls.clear()
    MCTSAgent(toygame.GAME.id, iterations=20, root="uct").choose(state, random.Random(0))
    assert len(calls) == 20
    calls.clear()
    MCTSAgent(toygame.GAME.id, iterations=20, oracle=True).choose(state, random.Random(0))
    assert calls == []
