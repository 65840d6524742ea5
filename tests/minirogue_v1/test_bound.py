"""The inner solver of benchmarks/minirogue_v1_bound.py (the information-relaxation upper bound):
exact against a brute-force enumeration of every line of play on small positions, and never below
what a fair policy gets on the same scenario."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solotable.core.protocol import Action, State

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "minirogue_v1_bound.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minirogue_v1_bound", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


B = _load()


def brute(
    s: State,
    counters: Any,
    scenario: Any,
    window: int,
    lam: float,
    value: Callable[[State], float],
    moves: Callable[[State], list[Action]],
) -> float:
    """max over every line of ``moves`` of (win - penalties), by plain enumeration (no table)."""
    s = s.clone()
    total = 0.0
    while s.is_chance():
        penalized = s.area <= window and B.charged(s)  # type: ignore[attr-defined]
        expected = 0.0
        if penalized:
            for outcome, p in s.chance_outcomes():
                child = s.clone()
                child.apply(outcome, trusted=True)
                expected += float(p) * value(child)
        outcome, counters = scenario.draw(s, counters)
        s.apply(outcome, trusted=True)
        if penalized:
            total -= lam * (value(s) - expected)
    if s.is_terminal():
        return total + float(s.won)  # type: ignore[attr-defined]
    best = -1e9
    for action in moves(s):
        child = s.clone()
        child.apply(action, trusted=True)
        best = max(best, brute(child, counters, scenario, window, lam, value, moves))
    return total + best


def last_fight(label: str) -> tuple[State, Any, Any]:
    """The first decision of Og's Remains' fight on a Casual game the heuristic wins on scenario
    ``label``, with the boss at 14 HP and the adventurer at 3: a handful of attack phases."""
    scenario = B.Scenario(label)
    s = B.new_game("casual")
    counters = B.START
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance():
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
            continue
        if s.area == 14 and s.foe == 2:  # type: ignore[attr-defined]
            s.foe_hp = 14  # type: ignore[attr-defined]
            s.hp = 3  # type: ignore[attr-defined]
            s.changed()  # type: ignore[attr-defined]
            return s, counters, scenario
        s.apply(B._HEURISTIC.choose(s, rng), trusted=True)
    raise AssertionError("no final fight on this scenario")


@pytest.mark.parametrize("label", ["t:1", "t:2", "t:5", "t:6", "t:9"])
def test_inner_problem_is_exact(label: str) -> None:
    s, counters, scenario = last_fight(label)
    legal = lambda state: state.legal_actions()  # noqa: E731 - every move, free discards too
    # no penalty: the relaxed value is whether some line wins, over every legal move (R29's
    # discards included: leaving them out loses nothing)
    assert B.Relaxed(scenario).perfect_information(s, counters) == brute(
        s, counters, scenario, 0, 0.0, B.heuristic_value, legal
    )
    # with a penalty at every draw: the exact max over the lines the solver ranges over
    exact = brute(s, counters, scenario, 99, 1.0, B.heuristic_value, B.moves)
    assert B.Relaxed(scenario).penalized(s, 99, 1.0, B.heuristic_value, counters) == pytest.approx(exact, abs=1e-12)


def test_a_proven_loss_and_a_nontrivial_penalized_value() -> None:
    """Scenario t:2 is lost whatever is done (the brute force says so too), and its penalized
    value is strictly between 0 and 1: the checks above are not all of wins."""
    s, counters, scenario = last_fight("t:2")
    assert B.Relaxed(scenario).perfect_information(s, counters) == 0.0
    assert 0.0 < B.Relaxed(scenario).penalized(s, 99, 1.0, B.heuristic_value, counters) < 1.0


def test_relaxed_values_bound_every_fair_policy() -> None:
    """On fixed scenarios from the start of Normal: the relaxed value is at least what the
    heuristic and a random player get, and the penalized one at least their (win - penalties)."""
    root = B.new_game("normal")
    rng = random.Random(5)
    policies: list[Callable[[State], Action]] = [
        lambda s: B._HEURISTIC.choose(s, rng),
        lambda s: rng.choice(s.legal_actions()),
    ]
    for i in range(4):
        scenario = B.Scenario(f"normal:test:{i}")
        relaxed = B.Relaxed(scenario, 20_000)
        pi = relaxed.perfect_information(root)
        penalized = B.Relaxed(scenario, 20_000).penalized(root, 1, 1.0, B.heuristic_value)
        for policy in policies:
            assert pi >= float(B.play(policy, scenario, root))
            assert penalized >= B.policy_objective(policy, scenario, root, 1, 1.0, B.heuristic_value) - 1e-12


def test_a_search_past_its_budget_counts_as_a_win() -> None:
    relaxed = B.Relaxed(B.Scenario("normal:budget"), budget=1)
    assert relaxed.perfect_information(B.new_game("normal")) == 1.0
    assert relaxed.budget_hit


class Plain(B.Relaxed):  # type: ignore[misc,name-defined]
    """The zero-penalty search with a plain table (whole keys, no comparison of resources)."""

    def can_win(self, state: State, counters: Any) -> bool:
        if state.is_terminal():
            return bool(state.won)  # type: ignore[attr-defined]
        key = self.key(state, counters)
        table: dict[Any, bool] = self.__dict__.setdefault("plain", {})
        if key in table:
            return table[key]
        self.nodes += 1
        for action in B.moves(state):
            child = state.clone()
            child.apply(action, trusted=True)
            if self.can_win(child, self.advance(child, counters)):
                table[key] = True
                return True
        table[key] = False
        return False


def test_more_resources_never_hurt_the_search() -> None:
    """The comparison of resources (a position no richer than a lost one is lost, one no poorer
    than a won one is won) gives the plain table's answers, and saves states: on Normal
    scenarios with wins and a loss found after a search."""
    root = B.new_game("normal")
    saved = 0
    for label in ("cmp:3", "cmp:9", "cmp:11", "normal:1:3"):
        fast = B.Relaxed(B.Scenario(label), 10**6)
        plain = Plain(B.Scenario(label), 10**6)
        assert fast.perfect_information(root) == plain.perfect_information(root), label
        saved += plain.nodes - fast.nodes
    assert saved > 0


def test_restarts_give_the_plain_searchs_answers() -> None:
    """Searches restarted in random orders with the tables kept (``--restarts``) reach the one
    search's answers, wins and a loss, each with a budget per try that the first try (the
    heuristic's order) alone does not meet: what a stopped try proved is kept, nothing else."""
    root = B.new_game("normal")
    for label in ("cmp:3", "cmp:9", "cmp:11", "normal:1:3"):
        whole = B.Relaxed(B.Scenario(label), 10**6)
        answer = whole.perfect_information(root)
        each = whole.nodes // 4
        once = B.Relaxed(B.Scenario(label), 10**6)
        assert once.restarts(root, B.START, 1, each) == 1.0 and once.budget_hit, label
        again = B.Relaxed(B.Scenario(label), 10**6)
        assert again.restarts(root, B.START, 30, each) == answer, label
        assert not again.budget_hit and again.total_nodes > each, label
    assert answer == 0.0  # normal:1:3 is a loss: proved across tries


def test_resources_are_compared_the_right_way_round() -> None:
    """One table, two positions differing only in HP: the poorer one lost, the richer one won
    (each as the brute force says), whichever is searched first."""
    poor, counters, scenario = last_fight("t:2")
    rich = poor.clone()
    rich.hp = 12  # type: ignore[attr-defined]
    rich.changed()  # type: ignore[attr-defined]
    legal = lambda state: state.legal_actions()  # noqa: E731
    assert brute(poor, counters, scenario, 0, 0.0, B.heuristic_value, legal) == 0.0
    assert brute(rich, counters, scenario, 0, 0.0, B.heuristic_value, legal) == 1.0
    for first, second in ((poor, rich), (rich, poor)):
        relaxed = B.Relaxed(scenario)
        assert relaxed.perfect_information(first, counters) == (1.0 if first is rich else 0.0)
        assert relaxed.perfect_information(second, counters) == (1.0 if second is rich else 0.0)


def _first_third_spell(label: str) -> tuple[State, Any, Any]:
    """The heuristic's first choice of a spell to drop (a third spell came, ruling R6) on Casual
    scenario ``label``."""
    scenario = B.Scenario(label)
    s = B.new_game("casual")
    counters = B.START
    rng = random.Random(4)
    while s.is_chance() or s.phase.name != "spell_discard":  # type: ignore[attr-defined]
        assert not s.is_terminal()
        if s.is_chance():
            outcome, counters = scenario.draw(s, counters)
            s.apply(outcome, trusted=True)
        else:
            s.apply(B._HEURISTIC.choose(s, rng), trusted=True)
    return s, counters, scenario


def test_a_third_spell_is_a_choice_not_a_dead_end() -> None:
    """Ruling R6: with a third spell the player must drop one (the moves are named "discard");
    the search once left every free discard out there too, found no move and called the position
    lost, below the heuristic's own win from it (scenario sd:4 of Casual)."""
    s, counters, scenario = _first_third_spell("sd:4")
    assert B.moves(s) and set(B.moves(s)) == set(s.legal_actions())
    rng = random.Random(4)
    assert B.play(lambda x: B._HEURISTIC.choose(x, rng), scenario, s, counters)
    assert B.Relaxed(scenario).perfect_information(s, counters) == 1.0


def test_every_decision_has_a_move_to_try() -> None:
    """On random lines of Casual and Normal games, no decision leaves the search without a move."""
    for i in range(30):
        rng = random.Random(i)
        scenario = B.Scenario(f"moves:{i}")
        s = B.new_game("casual" if i % 2 else "normal")
        counters = B.START
        while not s.is_terminal():
            if s.is_chance():
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
                continue
            tried = B.moves(s)
            assert tried, s.phase.name  # type: ignore[attr-defined]
            s.apply(rng.choice(tried) if rng.random() < 0.3 else B._HEURISTIC.choose(s, rng), trusted=True)


def _permuted(s: Any) -> Any:
    """``s`` with its dice in reverse order (the chain's die renumbered)."""
    t = s.clone()
    n = len(t.dice)
    t.dice, t.dstat, t.dfeat = t.dice[::-1], t.dstat[::-1], t.dfeat[::-1]
    if t.feat_chain >= 0:
        t.feat_chain = n - 1 - t.feat_chain
    t.changed()
    return t


def test_the_decision_key_forgets_only_what_no_rule_reads() -> None:
    """Positions differing only in what the key leaves out (the dice's order, the columns passed,
    the last Trap roll, the die last rerolled) have the same key and the same value; a position
    differing in what it keeps (the Rank's XP, the foe's HP) has another key."""
    found = 0
    for label in ("t:1", "t:5", "t:6"):
        s, counters, scenario = last_fight(label)
        while not s.is_terminal():  # to a decision with dice of different values on the table
            if s.is_chance():
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
                continue
            if len(set(s.dice)) > 1:  # type: ignore[attr-defined]
                break
            s.apply(B.moves(s)[-1], trusted=True)
        if s.is_terminal():
            continue
        found += 1
        other = _permuted(s)
        other.chosen = (5, 5, 5, 5, 5)  # type: ignore[attr-defined]
        other.trap = 6  # type: ignore[attr-defined]
        other.rerolling = 2  # type: ignore[attr-defined]
        assert other.dice != s.dice  # type: ignore[attr-defined]
        assert B.decision_key(other) == B.decision_key(s)
        value = B.Relaxed(scenario).perfect_information(s, counters)
        assert B.Relaxed(scenario).perfect_information(other, counters) == value
        legal = lambda state: state.legal_actions()  # noqa: E731
        assert brute(other, counters, scenario, 0, 0.0, B.heuristic_value, legal) == value
        for name, delta in (("xp", 1), ("foe_hp", 1)):
            changed = s.clone()
            setattr(changed, name, getattr(s, name) + delta)
            changed.changed()  # type: ignore[attr-defined]
            assert B.decision_key(changed) != B.decision_key(s), name
    assert found >= 2


def test_the_decision_key_gives_the_whole_keys_answers() -> None:
    """The search keyed by :func:`decision_key` and by every field (``plain_key``) agree, on the
    last fights above and on Normal scenarios (wins and a loss), and the first saves states."""
    for label in ("t:1", "t:2", "t:5", "t:6", "t:9"):
        s, counters, scenario = last_fight(label)
        whole = B.Relaxed(scenario)
        whole.plain_key = True
        assert B.Relaxed(scenario).perfect_information(s, counters) == whole.perfect_information(s, counters)
    root = B.new_game("normal")
    saved = 0
    for label in ("normal:1:3", "normal:1:6", "normal:1:10", "normal:1:13"):
        fast = B.Relaxed(B.Scenario(label), 10**6)
        whole = B.Relaxed(B.Scenario(label), 10**6)
        whole.plain_key = True
        assert fast.perfect_information(root) == whole.perfect_information(root), label
        saved += whole.nodes - fast.nodes
    assert saved > 0


def test_one_walk_gives_every_weights_bound() -> None:
    """:meth:`Relaxed.curve` at several weights equals the brute force at each weight, and the
    heuristic's (win - weight * penalties) is below it at each."""
    s, counters, scenario = last_fight("t:6")
    lams = [0.0, 0.3, 1.0, 2.0]
    got = B.Relaxed(scenario).curve(s, 99, lams, B.heuristic_value, counters)
    for lam, value in zip(lams, got, strict=True):
        assert value == pytest.approx(brute(s, counters, scenario, 99, lam, B.heuristic_value, B.moves), abs=1e-12)
        rng = random.Random(0)
        policy = lambda x, rng=rng: B._HEURISTIC.choose(x, rng)  # noqa: E731
        paid = B.policy_objective(policy, scenario, s, 99, lam, B.heuristic_value, counters)
        assert value >= paid - 1e-12


def test_a_fight_that_cannot_be_survived_is_lost() -> None:
    """The fight test (:meth:`Relaxed.survives`) changes no answer: with and without it the search
    agrees, on the last fights (against the brute force) and on Normal scenarios (wins and a
    loss), and it saves states."""
    legal = lambda state: state.legal_actions()  # noqa: E731
    for label in ("t:1", "t:2", "t:5", "t:6", "t:9"):
        s, counters, scenario = last_fight(label)
        without = B.Relaxed(scenario)
        without.fights = False
        exact = brute(s, counters, scenario, 0, 0.0, B.heuristic_value, legal)
        assert B.Relaxed(scenario).perfect_information(s, counters) == exact == without.perfect_information(s, counters)
        # the final boss: surviving its fight is winning
        assert B.Relaxed(scenario).survives(s, counters) == (exact == 1.0)
    root = B.new_game("normal")
    saved = 0
    for label in ("normal:1:3", "normal:1:6", "normal:1:10", "normal:1:18"):
        fast = B.Relaxed(B.Scenario(label), 10**6)
        without = B.Relaxed(B.Scenario(label), 10**6)
        without.fights = False
        assert fast.perfect_information(root) == without.perfect_information(root), label
        saved += without.nodes - fast.nodes
    assert saved > 0


def test_a_fight_is_over_when_its_foe_changes() -> None:
    """A column 3 monster killed in an area with a boss: the boss is met with no draw between, and
    the fight test stops at the monster's end (the boss's fight is its own)."""
    for i in range(200):
        scenario = B.Scenario(f"col3:{i}")
        s = B.new_game("casual")
        counters = B.START
        rng = random.Random(i)
        while not s.is_terminal():
            if s.is_chance():
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
                continue
            st: Any = s
            if st.foe == 0 and st.col == 3 and st.revealed[4] and st.phase.name in ("feat", "spell"):
                r = B.Relaxed(scenario, 10**6)
                survived = r.survives(s, counters)
                # the same question by brute force: some line ends the monster alive
                assert survived == _brute_survives(s, counters, scenario)
                return
            s.apply(B._HEURISTIC.choose(s, rng), trusted=True)
    raise AssertionError("no monster in a column 3 before a boss")


def _brute_survives(s: Any, counters: Any, scenario: Any) -> bool:
    foe = s.foe
    for action in B.moves(s):
        child: Any = s.clone()
        child.apply(action, trusted=True)
        c = counters
        while child.is_chance() and child.foe == foe and child.monster_defeated is s.monster_defeated:
            outcome, c = scenario.draw(child, c)
            child.apply(outcome, trusted=True)
        if child.is_terminal() and not child.won:
            continue
        if child.foe != foe or child.monster_defeated != s.monster_defeated or _brute_survives(child, c, scenario):
            return True
    return False


def _fair_value() -> Callable[[State], float]:
    """A fixed logistic value on the script's features (the weights of a fit of the heuristic's
    wins, rounded): the base of the lookahead value below, without the fit's cost."""
    return B.fitted_value([-3.6, -4.0, 1.8, 2.7, 1.9, 2.2, 4.4, 1.8, 1.0, 0.2, -1.4, 0.8, -0.5, 2.1])


def test_the_lookahead_values_charge_has_zero_mean_at_every_draw() -> None:
    """``--value fitted-ahead``: at every draw a random player meets on Normal games, the charge
    ``V(child) - E[V(child)]`` averages 0 over the draw's exact table (to 1e-12), E[V(child)] as
    the search computes and caches it; V stays in [0, 1]."""
    value = B.lookahead_value(_fair_value())
    for i in range(3):
        rng = random.Random(i)
        scenario = B.Scenario(f"ahead:{i}")
        s = B.new_game("normal")
        counters = B.START
        draws = 0
        while not s.is_terminal() and draws < 60:
            if s.is_chance():
                expected = B._expected_value(s, value)
                mean = 0.0
                for outcome, p in s.chance_outcomes():
                    child = s.clone()
                    child.apply(outcome, trusted=True)
                    v = value(child)
                    assert 0.0 <= v <= 1.0
                    mean += float(p) * (v - expected)
                assert abs(mean) < 1e-12
                outcome, counters = scenario.draw(s, counters)
                s.apply(outcome, trusted=True)
                draws += 1
            else:
                s.apply(rng.choice(s.legal_actions()), trusted=True)


def test_the_lookahead_value_backs_up_its_base() -> None:
    """At a decision, the lookahead value is the best over the moves of what follows, and at a
    draw the expectation over its table of the value after it (its base at the next draw)."""
    base = _fair_value()
    value = B.lookahead_value(base)
    s, _, _ = last_fight("t:6")
    assert not s.is_chance()
    best = 0.0
    for action in B._choices(s):
        child = s.clone()
        child.apply(action, trusted=True)
        best = max(best, value(child))
    assert value(s) == pytest.approx(best, abs=1e-12)
    draw = s.clone()
    while not draw.is_chance():
        draw.apply(B._choices(draw)[0], trusted=True)
    total = 0.0
    for outcome, p in draw.chance_outcomes():
        child = draw.clone()
        child.apply(outcome, trusted=True)
        total += float(p) * value(child)
    assert value(draw) == pytest.approx(total, abs=1e-12)


@pytest.mark.parametrize("kinds", [None, ("attack_roll",), ("crit_roll", "feat_roll")])
def test_the_penalized_search_is_exact_with_the_lookahead_value(kinds: tuple[str, ...] | None) -> None:
    """With the lookahead value, charged at every kind of draw or only some (``--kinds``): the
    window's walk gives the brute force's max over the lines at each weight, and at least the
    heuristic's (win - penalties)."""
    value = B.lookahead_value(_fair_value())
    s, counters, scenario = last_fight("t:6")
    saved = set(B.CHARGED)
    try:
        if kinds is not None:
            B.CHARGED.clear()
            B.CHARGED.update(B.KIND_INDEX[name] for name in kinds)
        lams = [0.0, 0.5, 2.0]
        got = B.Relaxed(scenario).curve(s, 99, lams, value, counters)
        for lam, bound in zip(lams, got, strict=True):
            assert bound == pytest.approx(brute(s, counters, scenario, 99, lam, value, B.moves), abs=1e-12)
            rng = random.Random(0)
            policy = lambda x, rng=rng: B._HEURISTIC.choose(x, rng)  # noqa: E731
            assert bound >= B.policy_objective(policy, scenario, s, 99, lam, value, counters) - 1e-12
    finally:
        B.CHARGED.clear()
        B.CHARGED.update(saved)


def test_the_floor_lies_between_the_heuristic_and_the_relaxation() -> None:
    """``--floor``: the heuristic through area 1 then the zero-penalty search wins at least as
    often as the heuristic and at most as often as the relaxed player, scenario by scenario."""
    root = B.new_game("normal")
    for i in range(2):
        scenario = B.Scenario(f"normal:test:{i}")
        rng = random.Random(0)
        policy = lambda x, rng=rng: B._HEURISTIC.choose(x, rng)  # noqa: E731
        floor = B.fair_then_relaxed(policy, scenario, root, 1, 20_000)
        assert float(B.play(policy, scenario, root)) <= floor <= B.Relaxed(scenario, 20_000).perfect_information(root)


def test_the_relaxed_fit_gives_a_value() -> None:
    """``--value relaxed``: the fit of the relaxed player's wins runs (a few positions, small
    searches) and gives a value in [0, 1]."""
    weights = B.fit_relaxed_value("normal", 12, 0, 1, 2_000)
    value = B.fitted_value(weights)
    assert len(weights) == len(B.features(B.new_game("normal")))
    assert 0.0 <= value(B.new_game("normal")) <= 1.0
