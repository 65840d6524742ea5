"""The review's cost-cutting must not fake precision: the adaptive budget, small-sample
intervals, and JongRogue's continues (issue 24)."""

from __future__ import annotations

import math
import random

from solotable.agents import review as rv
from solotable.agents.search import game_policy
from solotable.core.protocol import State
from solotable.core.record import Record
from solotable.core.registry import load
from solotable.games.jongrogue.heuristic import evaluate
from tests.review.helpers import played


def _after_first_continue(seed: int, extra: int = 0) -> tuple[Record, State]:
    """A JongRogue heuristic game (continues allowed, the default) played to the first decision
    after its first continue, and ``extra`` steps more."""
    game = load("jongrogue")
    state = game.new_state(seed=seed)
    record = Record.start(state)
    policy = game_policy("jongrogue")
    assert policy is not None
    rng = random.Random(seed)
    while not state.is_terminal() and (state.observation()["continues"] == 0 or state.is_chance()):
        action = state.chance_table().sample(rng) if state.is_chance() else policy(state, rng)
        record.actions.append(str(action))
        state.apply(action)
    for _ in range(extra):
        if state.is_terminal():
            break
        action = state.chance_table().sample(rng) if state.is_chance() else policy(state, rng)
        record.actions.append(str(action))
        state.apply(action)
    return record, state


def test_jongrogue_after_a_continue_no_headline_win_is_left() -> None:
    # the evaluation (fitted with continues off) still rates the position winnable; the review
    # counts only a win with no continue, so its estimate there must be 0
    _, state = _after_first_continue(11)
    assert not state.is_terminal() and state.observation()["continues"] == 1
    assert evaluate(state) > 0.1
    game = load("jongrogue")
    est = rv._Estimator("jongrogue", rv._success(game.sim_assist), game.sim_assist)
    assert est.score(state) == 0.0
    assert rv._estimate(est, state, 8, random.Random(1)) == 0.0


def test_jongrogue_review_values_after_a_continue_are_zero() -> None:
    continued = len(_after_first_continue(11)[0].actions)
    record, _ = _after_first_continue(11, extra=12)
    r = rv.review(record, budget=4, seed=3)
    assert r.identity_error() < 1e-9
    assert all(v == 0.0 for v in r.values[continued:])


def test_small_samples_use_students_t() -> None:
    assert rv.t95(4) == 3.182 and rv.t95(2) == 12.706
    assert rv.t95(1) == math.inf and rv.t95(10_000) == rv.Z95
    assert all(rv.t95(n) >= rv.t95(n + 1) for n in range(2, 200))
    mean, _, high = rv._paired([0.1, 0.2, 0.3, 0.4])
    sd = math.sqrt(sum((d - 0.25) ** 2 for d in (0.1, 0.2, 0.3, 0.4)) / 3)
    assert math.isclose(high - mean, 3.182 * sd / 2)


def test_stages() -> None:
    assert rv.stages(32) == [4, 8, 16, 32]
    assert rv.stages(8) == [4, 8]
    assert rv.stages(3) == [3]
    assert rv.stages(320) == [40, 80, 160, 320]


def test_adaptive_budget_drops_clearly_worse_moves_and_says_so() -> None:
    # JongRogue decisions offer up to twenty moves (quaff this, read that), most clearly worse:
    # the search drops them early, and a decision the search stopped early reports fewer rounds
    record = played("jongrogue", 1, 160)
    r = rv.review(record, budget=16, seed=1)
    assert r.identity_error() < 1e-9
    assert any(d.dropped > 0 for d in r.decisions)
    assert all(d.rounds <= 2 * 16 for d in r.decisions)
    early = [d for d in r.decisions if d.rounds < 16]
    assert early  # clear decisions stopped before the full budget
    for d in early:
        assert d.loss == 0.0 and d.verdict is None and d.best == d.chosen
        assert d.dropped == d.moves - 1
    full = [d for d in r.decisions if d.rounds >= 16]
    assert full


def test_a_run_of_draws_is_valued_once() -> None:
    # JongRogue draws tiles in runs with no decision between: a run is valued at its two ends only
    # (no rollouts inside it), and its last event carries the run's luck and says how many it covers
    record = played("jongrogue", 1, 160)
    r = rv.review(record, budget=16, seed=2)
    assert r.identity_error() < 1e-9
    assert {e.rounds for e in r.events} <= {0, 16}
    assert r.events[0].rounds in (0, 16)  # the start is valued with the whole budget
    runs = [e for e in r.events if e.run > 1]
    assert runs
    for e in r.events:
        if e.run == 0:  # inside a run: no luck of its own
            assert e.luck == 0.0 and e.before == e.after
    assert sum(e.run for e in r.events) == len(r.events)
    # the run's luck is the value after it minus the value before its first event
    at = {e.index: k for k, e in enumerate(r.events)}
    for e in runs:
        first = r.events[at[e.index] - e.run + 1]
        assert e.before == first.before


def test_a_clear_best_is_measured_only_when_it_stands_out() -> None:
    # the best of several noisy means is biased upwards: a fresh paired measure of the loss is
    # spent only where, on the rounds that picked it, it stands out from the chosen move
    record = played("jongrogue", 1, 160)
    est = rv._Estimator("jongrogue", rv._success("continues"), "continues")
    replay = [(s.clone(), a) for s, a in record.replay_states()]
    states = [s for s, _ in replay[:-1]]  # each state, and the move played from it
    actions = [a for _, a in replay[1:]]
    skipped = 0
    for s, a in zip(states, actions, strict=True):
        assert a is not None
        if s.is_chance() or len(s.legal_actions()) < 2:
            continue
        found = rv._search(est, s, s.legal_actions(), a, 8, random.Random(3))
        mine = found.values[a]
        kept = [m for m, v in found.values.items() if len(v) == len(mine)]
        top = max(kept, key=lambda m: sum(found.values[m]))
        if found.check is None:
            assert found.best == a
            skipped += sum(found.values[top]) > sum(mine)  # another move led, but not clearly
            continue
        diffs = [b - c for b, c in zip(found.values[found.best], mine, strict=True)]
        mean = sum(diffs) / len(diffs)
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        assert mean > se  # it stood out by more than a standard error
    assert skipped > 0


def test_minirogue_heuristic_names_its_moves_once() -> None:
    # speed only: the policy looks its moves up instead of building them at every decision, and a
    # looked-up move is the very Action the rules list (equal, same hash, same text)
    from solotable.core.protocol import Action
    from solotable.games.minirogue import heuristic as mh

    a = mh._act("give", "food")
    assert a is mh._act("give", "food")
    assert a == Action("give", "food") and hash(a) == hash(Action("give", "food")) and str(a) == "give:food"
    assert mh._act("tribute", 3) == Action("tribute", 3)
