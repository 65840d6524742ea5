"""The engine every game runs on: phases and an explicit stack of pending steps."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
import toygame

from solotable.core.chance import die_table
from solotable.core.engine import NOT_POSITION, OVER, EventKind, Phase, StepState, field_names
from solotable.core.protocol import CHANCE, Action, IllegalAction
from solotable.core.registry import game_ids, load

D6 = die_table("d6")
GO = Action("go")
STOP = Action("stop")


def _legal(state: Line) -> list[Action]:
    return [GO, STOP]


CHOOSE = Phase("choose", _legal, game="engine-test")  # (no game has this id: these phases are the tests' own)
ROLL = Phase[Any]("roll", chance=True, game="engine-test")


class Line(StepState):
    """A toy: steps write into ``trace`` so the tests can read the order they ran in."""

    __slots__ = ("trace",)

    def __init__(self, *steps: Any) -> None:
        super().__init__(toygame.PigGame(), None)  # any game: the toy does not read it
        self.trace: list[str] = []
        self.then(*steps)
        self.run()

    def clone(self) -> Line:
        new = Line.__new__(Line)
        self._copy_engine(new)
        new.trace = self.trace[:]
        return new

    def observation(self, player: int = 0) -> dict[str, Any]:
        return {"trace": list(self.trace)}

    def result(self) -> Any:
        raise NotImplementedError


def mark(state: Line, word: str) -> None:
    state.trace.append(word)


def ask_choice(state: Line) -> None:
    state.trace.append("ask")
    state.ask(CHOOSE, chosen, "ctx")


def chosen(state: Line, action: Action, ctx: str) -> None:
    state.trace.append(f"{action}/{ctx}")
    if action == GO:
        state.draw(ROLL, D6, rolled)
    else:
        state.finish()


def rolled(state: Line, outcome: Action) -> None:
    state.trace.append(str(outcome))
    state.emit("toy.rolled", face=int(outcome.args[0]))
    state.then((mark, ("after-roll",)), (ask_choice, ()))


def test_then_runs_steps_in_order_before_anything_pending() -> None:
    s = Line((mark, ("a",)), (mark, ("b",)), (ask_choice, ()), (mark, ("never",)))
    assert s.trace == ["a", "b", "ask"]
    assert s.to_move == 0 and s.legal_actions() == [GO, STOP]
    s.apply(GO)
    assert s.to_move == CHANCE and s.phase is ROLL and s.chance_table() is D6
    s.apply(Action("d6", 4))
    assert s.trace == ["a", "b", "ask", "go/ctx", "d6:4", "after-roll", "ask"]
    assert [e.key for e in s.events] == ["toy.rolled"]


def test_finish_ends_the_game_and_later_asks_or_pushes_change_nothing() -> None:
    s = Line((ask_choice, ()), (mark, ("never",)))
    s.apply(STOP)
    assert s.phase is OVER and s.to_move is None and s.is_terminal()
    assert s.stack == [] and s.legal_actions() == []
    s.push(mark, "late")
    s.ask(CHOOSE, chosen, "late")
    assert s.phase is OVER and s.stack == []
    with pytest.raises(IllegalAction):
        s.apply(GO)


def test_illegal_actions_leave_the_state_untouched() -> None:
    s = Line((ask_choice, ()))
    before = (s.trace[:], s.stack[:], s.phase)
    for bad in (Action("d6", 3), Action("nope"), Action("go", 1)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert (s.trace, s.stack, s.phase) == before
    s.apply(GO)
    with pytest.raises(IllegalAction):
        s.apply(GO)  # a decision at a chance node
    with pytest.raises(IllegalAction):
        s.apply(Action("d6", "3"))  # typed: prints as d6:3 but is no outcome
    assert s.phase is ROLL


def test_trusted_skips_the_check_and_events_can_be_off() -> None:
    s = Line((ask_choice, ()))
    s.set_events(False)
    s.apply(GO, trusted=True)
    s.apply(Action("d6", 2), trusted=True)
    assert list(s.events) == [] and s.trace[-3:] == ["d6:2", "after-roll", "ask"]
    c = s.clone()
    assert c.log is False
    s.set_events(True)
    s.apply(GO)
    s.apply(Action("d6", 5))
    assert [e.params["face"] for e in s.events] == [5]


def test_clones_are_independent() -> None:
    s = Line((ask_choice, ()))
    c = s.clone()
    c.apply(GO)
    assert s.phase is CHOOSE and c.phase is ROLL and len(s.trace) < len(c.trace)
    s.apply(STOP)
    assert c.to_move == CHANCE


def test_asking_twice_in_one_step_is_a_bug_not_a_state() -> None:
    def twice(state: Line) -> None:
        state.ask(CHOOSE, chosen, "x")
        state.ask(CHOOSE, chosen, "y")

    with pytest.raises(RuntimeError, match="already waiting"):
        Line((twice, ()))


def test_running_out_of_steps_is_a_bug_not_a_state() -> None:
    with pytest.raises(RuntimeError, match="ran out of steps"):
        Line((mark, ("a",)))


def test_the_toy_game_plays_to_the_end_on_the_engine() -> None:
    rng = random.Random(1)
    for _ in range(200):
        s = toygame.GAME.new_state()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.chance_table().sample(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert s.turn > toygame.TURNS or s.banked >= s.target


def test_a_game_may_say_why_a_decision_is_refused() -> None:
    class Picky(Line):
        __slots__ = ()

        def refusal(self, action: Action, legal: list[Action]) -> IllegalAction:
            return IllegalAction("toy.err.picky", action=str(action))

    s = Picky((ask_choice, ()))
    with pytest.raises(IllegalAction) as exc:
        s.apply(Action("nope"))
    assert exc.value.key == "toy.err.picky" and s.phase is CHOOSE
    with pytest.raises(IllegalAction) as plain:
        Line((ask_choice, ())).apply(Action("nope"))
    assert plain.value.key == "core.err.not_legal"


def test_a_pickled_state_keeps_its_phases_by_identity() -> None:
    # OpenSpiel serialises a Python game's state with pickle; games compare phases with `is`
    import pickle

    s = Line((ask_choice, ()))
    s.apply(GO)
    copy = pickle.loads(pickle.dumps(s))
    assert copy.phase is ROLL and copy.table is not None and copy.to_move == CHANCE
    assert pickle.loads(pickle.dumps(OVER)) is OVER
    # a phase pickles as its game and name, whatever module made it (no frame is read)
    assert CHOOSE.game == "engine-test" and DIE_OF_TOY.game == "toy-pig"
    assert b"toygame" not in pickle.dumps(DIE_OF_TOY) and pickle.loads(pickle.dumps(DIE_OF_TOY)) is DIE_OF_TOY


def test_a_game_pickles_as_its_id_and_comes_back_as_itself() -> None:
    # every state names its game: its pickle (OpenSpiel, process pools) carried a copy of the game
    # with its caches (the message catalogue: 34-61 KB of each state's pickle) and came back with it
    import pickle

    from solotable.core.registry import load

    game = load("minirogue-v1")
    assert game.catalogue.keys()  # (the cache, made)
    assert pickle.loads(pickle.dumps(game)) is game and len(pickle.dumps(game)) < 200
    s = game.new_state(seed=3)
    assert pickle.loads(pickle.dumps(s)).game is game
    # a game no registry holds (made by hand, as Line's) comes back as a new one of its class
    copy = pickle.loads(pickle.dumps(Line((ask_choice, ()))))
    assert type(copy.game) is toygame.PigGame and copy.game is not toygame.GAME


DIE_OF_TOY = toygame.DIE


def test_the_check_after_legal_actions_builds_no_second_list() -> None:
    """The default apply checks against the list legal_actions() built for this very state (one
    build, not two); the list given out is the caller's own; a list kept from before a change by
    hand never refuses an action that is legal now."""
    built: list[int] = []

    def counted(state: Line) -> list[Action]:
        built.append(len(state.trace))
        return [GO, STOP] if len(state.trace) < 3 else [STOP]

    phase = Phase("counted", counted, game="engine-test")

    def ask_counted(state: Line) -> None:
        state.trace.append("ask")
        state.ask(phase, again)

    def again(state: Line, action: Action) -> None:
        state.trace.append(str(action))
        state.ask(phase, again)

    s = Line((ask_counted, ()))
    legal = s.legal_actions()
    legal.clear()  # the caller's list: the state's check is not changed by it
    s.apply(GO)
    assert built == [1]  # legal_actions and the check of apply: one list
    s.apply(GO)  # no legal_actions asked: the check builds the list
    assert built == [1, 2]
    assert s.legal_actions() == [STOP] and built == [1, 2, 3]  # the state now: GO is not legal
    with pytest.raises(IllegalAction):
        s.apply(GO)
    s.trace.clear()  # set by hand after legal_actions: GO is legal again, and the kept list is
    s.apply(GO)  # checked again before refusing
    s.trace[:] = ["x", "y", "z", "w"]
    s.legal_actions()
    s.trace.clear()  # by hand again, then said: the check does not take the list kept before
    s.changed()
    s.apply(GO)


def test_a_sampled_outcome_is_checked_without_the_table_set() -> None:
    table = die_table("d6")
    rng = random.Random(3)
    for _ in range(20):
        outcome = table.sample(rng)
        assert outcome in table
        assert Action("d6", int(outcome.args[0])) in table  # an equal action, not the same object
    assert Action("d6", 7) not in table and Action("d6", "1") not in table


def test_events_are_made_when_read_and_each_step_has_its_own() -> None:
    s = Line((ask_choice, ()))
    s.apply(GO)
    s.apply(Action("d6", 2))
    first = s.events
    assert [e.params["face"] for e in first] == [2] and s.events is first  # made once per step
    s.apply(GO)
    s.apply(Action("d6", 5))  # the same number of events as the step before: new ones all the same
    assert [e.params["face"] for e in s.events] == [5] and [e.params["face"] for e in first] == [2]


ROLLED = EventKind("toy.rolled", "face", "again")


def record_roll(state: Line, face: int) -> None:
    state.record(ROLLED, face, "yes")
    state.emit("toy.rolled", face=face, again="no")


def test_an_event_of_a_declared_kind_reads_as_the_emitted_one() -> None:
    """``record(kind, *values)`` gives the event ``emit(kind.key, name=value...)`` gives, in the
    order recorded among emitted ones; with events off it records nothing."""
    s = Line((record_roll, (3,)), (ask_choice, ()))
    assert [(e.key, dict(e.params)) for e in s.events] == [
        ("toy.rolled", {"face": 3, "again": "yes"}), ("toy.rolled", {"face": 3, "again": "no"})]
    quiet = Line((ask_choice, ()))
    quiet.set_events(False)
    record_roll(quiet, 4)
    assert list(quiet.events) == []


# -- play_out: the fused trusted loop -------------------------------------------------------------


def _first(state: StepState, rng: random.Random) -> Action:
    return state.legal_actions()[0]


def _any(state: StepState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def _stepwise(
    state: StepState, choose: Any, chance_rng: random.Random, agent_rng: random.Random, most: int
) -> tuple[int, int]:
    """The loop ``play_out`` stands for: to_move, chance_table().sample, apply(trusted=True)."""
    steps = decisions = 0
    while steps < most and state.to_move is not None:
        if state.to_move == CHANCE:
            state.apply(state.chance_table().sample(chance_rng), trusted=True)
        else:
            decisions += 1
            state.apply(choose(state, agent_rng), trusted=True)
        steps += 1
    return steps, decisions


def _position(state: StepState) -> bytes:
    """The position's fields as pickled (the games' own objects compare so, with or without an
    ``__eq__``), a table by its outcomes (a pile's is built at each draw)."""
    out = {n: getattr(state, n) for n in field_names(type(state)) if n not in NOT_POSITION and hasattr(state, n)}
    table = out.pop("table")
    out["table"] = None if table is None else (table.actions, table.weights)
    return pickle.dumps(out)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("events", [False, True])
def test_play_out_plays_the_games_of_the_stepwise_loop(game_id: str, events: bool) -> None:
    """The same games as the loop of to_move, sample and apply(trusted=True), for the same
    generators: the same positions, steps and decisions, and the generators left in the same
    state (one ``random()`` a chance node). Every game, a random agent (Mini Rogue 2020's
    ``apply``, which handles the share preference itself, is honoured) and the first choice; cut
    at a step budget (play stopped mid-game), the positions are the same too."""
    game = load(game_id)
    for seed in range(6):
        for choose in (_any, _first):
            for most in (3000, 7 + 5 * seed):
                mine = game.new_state(seed=seed)
                theirs = game.new_state(seed=seed)
                assert isinstance(mine, StepState) and isinstance(theirs, StepState)
                mine.set_events(events)
                theirs.set_events(events)
                rngs = [random.Random(seed), random.Random(seed + 100), random.Random(seed), random.Random(seed + 100)]
                got = mine.play_out(choose, rngs[0], rngs[1], most)
                want = _stepwise(theirs, choose, rngs[2], rngs[3], most)
                assert got == want
                assert rngs[0].getstate() == rngs[2].getstate() and rngs[1].getstate() == rngs[3].getstate()
                assert _position(mine) == _position(theirs)
                assert [e for e in mine.events] == [e for e in theirs.events]
                assert got[0] == most or mine.over  # (JongRogue's first choice can go on forever)
                if mine.over:
                    assert mine.result() == theirs.result()


@pytest.mark.parametrize("game_id", game_ids())
def test_play_chance_plays_the_outcomes_of_the_stepwise_loop(game_id: str) -> None:
    """``play_chance`` (the environments' chance loop) plays the outcomes of the loop of
    ``chance_table().sample_float(u)`` and ``apply(trusted=True)`` for the same numbers: the same
    positions and outcomes, each number used once, stopping at a decision, the end or the numbers'
    end (given a few at a time, as the environments refill them)."""
    game = load(game_id)
    for seed in range(4):
        rng = random.Random(seed)
        uniform = [rng.random() for _ in range(20_000)]
        mine, theirs = game.new_state(seed=seed), game.new_state(seed=seed)
        assert isinstance(mine, StepState) and isinstance(theirs, StepState)
        mine.set_events(False)
        theirs.set_events(False)
        played: list[Action] = []
        want: list[Action] = []
        at = k = 0
        for _ in range(300):
            while mine.phase.chance:  # in slices of 7 numbers: a refill may fall mid-chance
                end = min(at + 7, len(uniform))
                at = mine.play_chance(uniform[:end], at, played)
                assert at <= end
            while theirs.to_move == CHANCE:
                outcome = theirs.chance_table().sample_float(uniform[k])
                k += 1
                theirs.apply(outcome, trusted=True)
                want.append(outcome)
            assert at == k and played == want
            assert _position(mine) == _position(theirs)
            if mine.over:
                break
            choice = random.Random(len(played)).choice(mine.legal_actions())
            mine.apply(choice)
            theirs.apply(choice)


def test_play_out_stops_at_the_end_and_at_the_budget() -> None:
    s = Line((ask_choice, ()))
    assert s.play_out(lambda state, rng: STOP, random.Random(0), random.Random(0), 5) == (1, 1)
    assert s.over and s.play_out(_first, random.Random(0), random.Random(0), 5) == (0, 0)
    s = Line((ask_choice, ()))
    rng = random.Random(3)
    assert s.play_out(lambda state, r: GO, rng, random.Random(0), 4) == (4, 2)  # go, roll, go, roll
    assert s.phase is CHOOSE and s.trace.count("ask") == 3
    assert s.trace[2] == str(D6.sample(random.Random(3)))  # the roll sample() would give


def _stops(state: Line, action: Action) -> None:
    state.trace.append("no more steps")


def test_play_out_finds_a_game_that_runs_out_of_steps() -> None:
    s = Line((ask_choice, ()))
    s.stack[-1] = (_stops, ())
    with pytest.raises(RuntimeError, match="ran out of steps"):
        s.play_out(_first, random.Random(0), random.Random(0), 5)
