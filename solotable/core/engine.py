"""How every game's rules run: phases and an explicit stack of pending steps.

A game's state derives from :class:`StepState`. Its rules are **steps**: plain functions
``step(state, *args)`` that change the state and may push further steps. The state holds a
stack of pending steps and a :class:`Phase`, the point it is at:

- ``RUNNING``: steps are being run (only inside ``apply``);
- a **decision** phase (``Phase(name, legal=...)``): a player must choose one of
  ``phase.legal(state)``; ``state.actor`` says who;
- a **chance** phase (``Phase(name, chance=True)``): a die, card or tile must be drawn from
  ``state.table``; the phase's name says what the draw is for ("the monster's HP roll");
- ``OVER``: the game has ended.

A step that needs a decision or a chance outcome calls :meth:`StepState.ask` or
:meth:`StepState.draw` with the step that continues with the answer, and returns. ``apply``
hands the action to that continuation, ``continuation(state, action, *args)``, then pops and runs
steps until one asks again or the game ends. Nothing is replayed, nothing is dispatched by name,
no exception carries control: a rule is a function found by reading the code.

Steps are pushed in the order they run with :meth:`StepState.then` (``then(a, b)`` runs ``a``
and then ``b``, before anything pushed earlier): a step that, say, resolves a room card pushes
the card's effects and returns. :meth:`StepState.finish` ends the game: it clears the stack,
and a step that goes on after it changes nothing more by asking or pushing.

Events: :meth:`StepState.emit` records what happened for people; with events off
(:meth:`StepState.set_events`), nothing is built. Hot code can test ``state.log`` first to skip
building the parameters too. With events on, ``emit`` keeps the key and the parameters; the
:class:`Event` objects are made when ``state.events`` is first read after a step (an environment
or a library loop that never reads them pays for no object). An event a game records at most
steps is declared once as an :class:`EventKind` (its key and its parameters' names) and recorded
with :meth:`StepState.record` (the values only, paired with the names when read). Hot code that
has tested ``state.log`` records without a call: ``state.recorded.append((EV_ROOM, card))`` is
``state.record(EV_ROOM, card)`` (the kind, then its values in the kind's order, in one tuple): the
default path's events cost a tuple each.

Legality: ``apply`` checks the action against the decision's legal actions or the chance
table before it changes anything (an illegal action raises :class:`IllegalAction` and the state
is untouched); ``apply(action, trusted=True)`` skips the check, for callers that took the action
from this very state's ``legal_actions()`` or ``chance_table()`` (the simulator, search bots).
The check costs little: the list ``legal_actions()`` last built is kept until the state next
changes (``apply``), so the check after it is one membership test (an action it refuses is checked
again against a list built anew); a chance outcome the table itself sampled last is known to be in
it without building its set of outcomes. A state's fields change through ``apply`` only; code that
sets them by hand between ``legal_actions()`` and ``apply`` (a test setting a position up) calls
:meth:`StepState.changed`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any, Generic, NewType, Self, TypeVar, TypeVarTuple, cast, overload

from solotable.core.action import Action
from solotable.core.chance import ChanceTable
from solotable.core.native import mypyc_attr
from solotable.core.protocol import CHANCE, Event, Game, IllegalAction, State, legal_list
from solotable.core.registry import load
from solotable.core.untrusted import shorten

S = TypeVar("S", bound="StepState")
Ts = TypeVarTuple("Ts")
T1 = TypeVarTuple("T1")
T2 = TypeVarTuple("T2")
T3 = TypeVarTuple("T3")
T4 = TypeVarTuple("T4")
T5 = TypeVarTuple("T5")
T6 = TypeVarTuple("T6")
T7 = TypeVarTuple("T7")
T8 = TypeVarTuple("T8")

Step = tuple[Callable[..., None], tuple[Any, ...]]
"""A pending step as the stack holds it: a function and the arguments after the state (and, for
the continuation of a decision or a draw, after the action). Steps are checked where they are
pushed (``push``, ``then``, ``ask``, ``draw``: mypy matches the arguments against the function's
parameters), so the stack itself need not say more."""

Checked = NewType("Checked", tuple[Callable[..., None], tuple[Any, ...]])
"""A pending step whose arguments were checked against its function by :func:`step`: what a
step builds in a loop for :meth:`StepState.then` when the steps are of several kinds."""


def step(fn: Callable[[S, *Ts], None], *args: *Ts) -> Checked:
    """The step ``fn(state, *args)``, checked (``then(*(step(f, i) for i in ...), step(g))``)."""
    return cast(Checked, (fn, args))


_PHASES: dict[tuple[str, str], Phase[Any]] = {}
"""Every phase by (its game's id, its name): a pickled state refers to its phases by this key, so
that a state copied through pickle (OpenSpiel's serialisation, a process pool) keeps comparing
``state.phase is MERCHANT`` true. The engine's own phases have the game id ``""``."""


def _phase(game: str, name: str) -> Phase[Any]:
    """The phase a pickle names; the game is loaded first if this process has not met it."""
    try:
        return _PHASES[(game, name)]
    except KeyError:
        load(game)  # its rules make its phases when they are imported
        return _PHASES[(game, name)]


class Phase(Generic[S]):
    """A point where a game waits: for a decision (``legal`` lists its actions: a list it may
    keep and return again, never changed by the engine, which hands out copies) or a draw
    (``chance``). ``name`` is stable and readable (``"merchant"``, ``"monster_hp"``): interfaces
    and bots may read it; games compare phases by identity (``state.phase is MERCHANT``), which
    holds for copies made by pickling too (a phase pickles as a reference)."""

    __slots__ = ("chance", "game", "legal", "name")

    def __init__(
        self,
        name: str,
        legal: Callable[[S], list[Action]] | None = None,
        *,
        game: str,
        chance: bool = False,
    ) -> None:
        if chance and legal is not None:
            raise ValueError("a chance phase has no legal actions: its outcomes are in the table")
        self.name = name
        self.legal = legal
        self.chance = chance
        self.game = game
        # one name per game (the contract tests check that each phase pickles to itself); a
        # module imported again makes its phases anew
        _PHASES[(game, name)] = self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phase, (self.game, self.name))

    @property
    def decision(self) -> bool:
        return self.legal is not None

    def __repr__(self) -> str:
        kind = "chance" if self.chance else "decision" if self.legal is not None else "state"
        return f"Phase({self.name!r}, {kind})"


RUNNING: Phase[Any] = Phase("running", game="")
OVER: Phase[Any] = Phase("over", game="")

class EventKind:
    """An event a game records often, declared once: its message key and its parameters' names.
    ``state.record(kind, *values)`` is ``state.emit(kind.key, name=value, ...)`` for less (no
    keyword arguments gathered into a dictionary at every call): the values are paired with their
    names when the events are read (the default path records every event, read or not)."""

    __slots__ = ("key", "names")

    def __init__(self, key: str, *names: str) -> None:
        self.key = key
        self.names = names

    def __repr__(self) -> str:
        return f"EventKind({self.key!r}, {', '.join(map(repr, self.names))})"

    def __reduce__(self) -> tuple[Any, ...]:
        # a state's pending events carry their kinds through pickle (OpenSpiel, process pools); a
        # compiled class with no argument-free __init__ does not pickle by its default protocol
        return (EventKind, (self.key, *self.names))


Raw = tuple[Any, ...]
"""An event as it is kept until read: ``(kind, *values)`` (an :class:`EventKind` and its values in
order: what hot code appends), ``(values, kind)`` (``record``: the tuple of its arguments as it
came, no other made) or ``(key, parameters)`` (``emit``: a string and a dictionary)."""

_NONE_BUILT: tuple[Event, ...] = ()


def _event(raw: Raw) -> Event:
    """The event ``raw`` records: what ``emit`` or ``record`` would have made at once (the
    values are immutable, so made later they are the same)."""
    head = raw[0]
    if isinstance(head, EventKind):
        return Event(head.key, dict(zip(head.names, raw[1:], strict=True)))
    if isinstance(head, str):
        return Event(head, raw[1])
    kind = cast(EventKind, raw[1])
    return Event(kind.key, dict(zip(kind.names, head, strict=True)))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a class's instances, its bases' included: their ``__slots__`` (Python) and
    ``__mypyc_attrs__`` (compiled: mypyc keeps no ``__slots__``), once per class (a state's
    pickle; the tests that compare objects field by field)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        found: dict[str, None] = {}
        for klass in cls.__mro__:
            for attr in ("__slots__", "__mypyc_attrs__"):
                declared = klass.__dict__.get(attr, ())
                for name in (declared,) if isinstance(declared, str) else declared:
                    if name not in ("__dict__", "__weakref__"):
                        found[name] = None
        names = _FIELD_NAMES[cls] = tuple(found)
    return names


def _restore(cls: type[StepState], items: tuple[tuple[str, Any], ...]) -> StepState:
    """A pickled state back (:meth:`StepState.__reduce__`): an empty one, its fields set."""
    new = cls.__new__(cls)
    for name, value in items:
        setattr(new, name, value)
    return new


NOT_POSITION: tuple[str, ...] = ("game", "recorded", "_built", "_read", "_legal")
"""The engine's fields of a :class:`StepState` that are no part of the position: the game, the
last step's events (as recorded, and as built when read) and the legal list kept for the next
check. Two states of the same position may differ in them (a clone starts without events)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class StepState(State):
    """The state of a game whose rules run as steps (see the module docstring).

    Subclasses add their own typed fields (``__slots__``) and write ``clone`` as one function
    that makes an empty state (``blank(Cls)``, see :func:`solotable.core.native.blank_maker`),
    copies their fields into it and calls :meth:`_copy_engine`."""

    __slots__ = ("_built", "_legal", "_read", "actor", "game", "log", "phase", "recorded", "seed", "stack", "table")

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # the default, written out for the compiled build, where ``blank(Cls)`` calls it (mypyc's
        # own ``__new__`` would run ``__init__``); pure Python never calls it
        return object.__new__(cls)

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self.phase: Phase[Any] = RUNNING
        self.actor = 0
        self.stack: list[Step] = []
        self.table: ChanceTable | None = None
        self.log = True
        self.recorded: list[Raw] = []
        """What was recorded since the last step began (see :data:`Raw`); hot code appends
        ``(kind, *values)`` itself, once it has tested ``log`` (with events off nothing is
        appended)."""
        self._built: Sequence[Event] = _NONE_BUILT
        """The events made of ``_read`` when they were last read."""
        self._read: list[Raw] | None = None
        """The list ``recorded`` was when the events were last read (a step begins a new list, so
        ``apply`` need not forget the events made before)."""
        self._legal: list[Action] | None = None
        """The decision's legal actions as ``legal_actions()`` last built them; ``None`` once the
        state changes (``apply``, ``changed``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled field by field, every class's own: OpenSpiel serialises a Python game's state with
        # pickle, process pools send states so. Compiled, the default protocol would run __init__
        # (no arguments) or, for a game written in Python over the compiled engine, drop the
        # subclass's slots; so the names come from each class's __slots__ (Python) or mypyc's
        # list of a compiled class's attributes, and the copy is made empty and filled in
        names = field_names(type(self))
        return (_restore, (type(self), tuple((n, getattr(self, n)) for n in names if hasattr(self, n))))

    def _copy_engine(self, new: StepState) -> None:
        """Copy the engine's fields into ``new`` (a subclass's ``clone`` calls this). Steps are
        immutable tuples, so a shallow copy of the stack is a full one."""
        new.game = self.game
        new.seed = self.seed
        new.phase = self.phase
        new.actor = self.actor
        new.stack = self.stack[:]
        new.table = self.table
        new.log = self.log
        new.recorded = []
        new._built = _NONE_BUILT
        new._read = None
        new._legal = None  # (a clone may be changed by hand: a search bot deals its hidden cards)

    # -- the protocol --------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase.chance:
            return CHANCE
        if phase.legal is not None:
            return self.actor
        return None  # OVER (RUNNING is never seen outside apply)

    @property
    def events(self) -> Sequence[Event]:
        raw = self.recorded
        built = self._built
        if self._read is not raw or len(built) != len(raw):  # made on the first read after a step (or an emit)
            built = self._built = [_event(r) for r in raw]
            self._read = raw
        return built

    def set_events(self, on: bool) -> None:
        self.log = on
        self.recorded = []

    def legal_actions(self) -> list[Action]:
        rule = self.phase.legal
        if rule is None:
            return []
        legal = self._legal = rule(self)  # (built each time: a test may have set a field by hand)
        return legal[:]  # the caller's own list: changing it leaves the state's alone

    def new_events(self) -> None:
        """Begin this move's events afresh (a move a game handles before the engine's ``apply``,
        such as a preference that is not a step, calls this instead of resetting the list)."""
        if self.log:
            self.recorded = []

    def changed(self) -> None:
        """Say that the state's fields were set by hand (not by ``apply``) after its legal
        actions were asked for: ``apply`` checks against a list built anew."""
        self._legal = None

    def chance_table(self) -> ChanceTable:
        table = self.table
        if table is None:
            raise IllegalAction("core.err.not_chance")
        return table

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        phase = self.phase
        # The checks (unless trusted) find the very object first: the outcome the table sampled
        # last, or an action from the list ``legal_actions()`` built (what an agent hands back);
        # only an action found so is known to be an ``Action`` without asking (the Python API's
        # boundary: anything else is asked before it is compared).
        if phase.chance:
            if not trusted:
                table = self.table
                assert table is not None
                last = table._last  # (no set of outcomes built, no call)
                if last < 0 or action is not table._kinds[last]:
                    if not isinstance(action, Action):
                        raise IllegalAction("core.err.not_action", value=shorten(action))
                    if action not in table:
                        raise IllegalAction("core.err.not_outcome", action=str(action),
                                            legal=legal_list(table.actions))
            self.table = None
        elif phase.legal is not None:
            legal = self._legal
            if not trusted:
                if legal is None:
                    legal = phase.legal(self)
                for a in legal:  # no __eq__ calls
                    if a is action:
                        break
                else:
                    if not isinstance(action, Action):
                        raise IllegalAction("core.err.not_action", value=shorten(action))
                    if action not in legal:
                        if legal is self._legal:  # refused by the kept list: built anew to be sure
                            legal = phase.legal(self)
                        if action not in legal:
                            raise self.refusal(action, legal)
            if legal is not None:
                self._legal = None
        elif not trusted and not isinstance(action, Action):
            raise IllegalAction("core.err.not_action", value=shorten(action))
        else:
            raise IllegalAction("core.err.over")
        if self.recorded:  # this step's events begin (an empty list stays: it records nothing yet)
            self.recorded = []
        self.phase = RUNNING
        stack = self.stack
        fn, args = stack.pop()
        if not args:  # (a call of fixed arity passes its arguments without building a tuple)
            fn(self, action)
        elif len(args) == 1:
            fn(self, action, args[0])
        else:
            fn(self, action, *args)
        while self.phase is RUNNING:  # (run, inline: a continuation that asks or draws again runs nothing)
            if not stack:
                raise RuntimeError("the rules ran out of steps without asking anything (a bug in the game)")
            fn, args = stack.pop()
            if not args:
                fn(self)
            elif len(args) == 1:
                fn(self, args[0])
            else:
                fn(self, *args)

    def play_out(
        self,
        choose: Callable[[Self, random.Random], Action],
        chance_rng: random.Random,
        agent_rng: random.Random,
        max_steps: int,
    ) -> tuple[int, int]:
        """Play on the trusted path until the game ends or ``max_steps`` actions are applied;
        return the actions applied (steps) and how many were decisions.

        A chance node's outcome is the one ``chance_table().sample(chance_rng)`` gives (one
        ``chance_rng.random()`` each, mapped as :meth:`ChanceTable.sample_float` maps it); a
        decision is ``choose(state, agent_rng)`` (an agent's ``choose``), applied unchecked as
        ``apply(action, trusted=True)`` would: the same game, action for action, as that loop of
        ``to_move``, ``chance_table``, ``sample`` and ``apply`` (what the simulator and the search
        bots' rollouts ran), for fewer calls a step: the draw is sampled and the rules go on in one
        loop, with no call to ``to_move``, ``chance_table``, ``sample``, ``apply`` or ``run``.
        Events are kept or not as :meth:`set_events` said. A game whose state overrides ``apply``
        (a move it handles itself) is played through its ``apply``, step by step."""
        if type(self).apply is not StepState.apply:
            return self._play_applying(choose, chance_rng, agent_rng, max_steps)
        stack = self.stack
        uniform = chance_rng.random
        running = RUNNING
        log = self.log
        decisions = 0
        for steps in range(max_steps):
            phase = self.phase
            if phase.chance:
                table = self.table
                assert table is not None
                cum = table._cum
                if cum is not None:  # (ChanceTable.sample_float's first case, inline)
                    action = table._kinds[bisect_right(cum, uniform())]
                else:
                    action = table.sample_float(uniform())
                self.table = None
            elif phase.legal is not None:
                action = choose(self, agent_rng)
                decisions += 1
                self._legal = None
            else:
                return steps, decisions  # over
            if log and self.recorded:
                self.recorded = []
            self.phase = running
            fn, args = stack.pop()
            if not args:
                fn(self, action)
            elif len(args) == 1:
                fn(self, action, args[0])
            else:
                fn(self, action, *args)
            while self.phase is running:  # (run, inline)
                if not stack:
                    raise RuntimeError("the rules ran out of steps without asking anything (a bug in the game)")
                fn, args = stack.pop()
                if not args:
                    fn(self)
                elif len(args) == 1:
                    fn(self, args[0])
                else:
                    fn(self, *args)
        return max_steps, decisions

    def play_chance(self, uniform: list[float], at: int, played: list[Action]) -> int:
        """Play chance nodes on the trusted path until a decision, the end, or the numbers run out;
        return the place in ``uniform`` of the next number unused (``len(uniform)`` when they ran
        out: the state may still wait for a draw).

        The outcome of each node is ``chance_table().sample_float(uniform[at])``, appended to
        ``played`` and applied as ``apply(outcome, trusted=True)``: the loop the environments ran,
        in one place, with no ``to_move`` or ``chance_table`` call a node. (The rules' dispatch is
        ``apply``'s own: a copy of it inline here saved 1.3% of an environment step's instructions
        and no measurable time.)"""
        n = len(uniform)
        while self.phase.chance and at < n:
            table = self.table
            assert table is not None
            cum = table._cum
            if cum is not None:  # (ChanceTable.sample_float's first case, inline)
                action = table._kinds[bisect_right(cum, uniform[at])]
            else:
                action = table.sample_float(uniform[at])
            at += 1
            played.append(action)
            self.apply(action, trusted=True)
        return at

    def _play_applying(
        self,
        choose: Callable[[Self, random.Random], Action],
        chance_rng: random.Random,
        agent_rng: random.Random,
        max_steps: int,
    ) -> tuple[int, int]:
        """:meth:`play_out` through ``apply`` (a state that overrides it)."""
        steps = decisions = 0
        while steps < max_steps:
            phase = self.phase
            if phase.chance:
                table = self.table
                assert table is not None
                self.apply(table.sample(chance_rng), trusted=True)
            elif phase.legal is not None:
                decisions += 1
                self.apply(choose(self, agent_rng), trusted=True)
            else:
                break
            steps += 1
        return steps, decisions

    def refusal(self, action: Action, legal: list[Action]) -> IllegalAction:
        """The error for ``action``, which is not among the ``legal`` decisions. A game may
        override this to say why (the card in play that forbids it)."""
        return IllegalAction("core.err.not_legal", action=str(action), legal=legal_list(legal))

    def run(self) -> None:
        """Run pending steps until one asks for a decision or a draw, or the game ends."""
        stack = self.stack
        while self.phase is RUNNING:
            if not stack:
                raise RuntimeError("the rules ran out of steps without asking anything (a bug in the game)")
            fn, args = stack.pop()
            if not args:
                fn(self)
            elif len(args) == 1:
                fn(self, args[0])
            else:
                fn(self, *args)

    # -- what steps call -------------------------------------------------------------------------

    def push(self, fn: Callable[[Self, *Ts], None], *args: *Ts) -> None:
        """Run ``fn(state, *args)`` next, before everything pending."""
        if self.phase is not OVER:
            self.stack.append((fn, args))

    # ``then((f, (1,)), (g, ()))``: each step's arguments are checked against its function,
    # for up to eight steps written out; steps built in a loop are one kind of step each call
    @overload
    def then(self, a: tuple[Callable[[Self, *T1], None], tuple[*T1]], /) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        d: tuple[Callable[[Self, *T4], None], tuple[*T4]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        d: tuple[Callable[[Self, *T4], None], tuple[*T4]],
        e: tuple[Callable[[Self, *T5], None], tuple[*T5]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        d: tuple[Callable[[Self, *T4], None], tuple[*T4]],
        e: tuple[Callable[[Self, *T5], None], tuple[*T5]],
        f: tuple[Callable[[Self, *T6], None], tuple[*T6]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        d: tuple[Callable[[Self, *T4], None], tuple[*T4]],
        e: tuple[Callable[[Self, *T5], None], tuple[*T5]],
        f: tuple[Callable[[Self, *T6], None], tuple[*T6]],
        g: tuple[Callable[[Self, *T7], None], tuple[*T7]],
        /,
    ) -> None: ...
    @overload
    def then(
        self,
        a: tuple[Callable[[Self, *T1], None], tuple[*T1]],
        b: tuple[Callable[[Self, *T2], None], tuple[*T2]],
        c: tuple[Callable[[Self, *T3], None], tuple[*T3]],
        d: tuple[Callable[[Self, *T4], None], tuple[*T4]],
        e: tuple[Callable[[Self, *T5], None], tuple[*T5]],
        f: tuple[Callable[[Self, *T6], None], tuple[*T6]],
        g: tuple[Callable[[Self, *T7], None], tuple[*T7]],
        h: tuple[Callable[[Self, *T8], None], tuple[*T8]],
        /,
    ) -> None: ...
    @overload
    def then(self, *steps: tuple[Callable[[Self, *Ts], None], tuple[*Ts]]) -> None: ...
    @overload
    def then(self, *steps: Checked) -> None: ...

    def then(self, *steps: Step) -> None:
        """Run ``steps`` in this order, before everything pending: ``then((f, (1,)), (g, ()))``."""
        if self.phase is not OVER:
            self.stack.extend(reversed(steps))

    def ask(
        self, phase: Phase[Any], then: Callable[[Self, Action, *Ts], None], *args: *Ts, actor: int | None = None
    ) -> None:
        """Wait for a decision of ``phase`` (by ``actor``, default the current one); the chosen
        action goes to ``then(state, action, *args)``. The calling step returns after this."""
        if self.phase is not RUNNING:
            self._not_running(phase)
            return  # the game ended in this step: nothing more to decide
        if actor is not None:
            self.actor = actor
        self.stack.append((then, args))
        self.phase = phase

    def draw(
        self, phase: Phase[Any], table: ChanceTable, then: Callable[[Self, Action, *Ts], None], *args: *Ts
    ) -> None:
        """Wait for a chance outcome of ``table`` (what it is for: ``phase``); the outcome goes to
        ``then(state, outcome, *args)``. The calling step returns after this."""
        if self.phase is not RUNNING:
            self._not_running(phase)
            return
        self.stack.append((then, args))
        self.table = table
        self.phase = phase

    def _not_running(self, phase: Phase[Any]) -> None:
        if self.phase is not OVER:  # a step asked twice: a bug in the rules, not a game state
            raise RuntimeError(f"{phase!r} asked for while already waiting at {self.phase!r}")

    def finish(self) -> None:
        """End the game: nothing pending runs, nothing more is asked."""
        self.stack.clear()
        self.table = None
        self.phase = OVER
        self._legal = None

    @property
    def over(self) -> bool:
        return self.phase is OVER

    def emit(self, key: str, **params: str | int) -> None:
        """Record that something happened (when events are on)."""
        if self.log:
            self.recorded.append((key, params))

    def record(self, kind: EventKind, *values: str | int) -> None:
        """Record an event of a declared kind, its parameters' values in the kind's order (when
        events are on): ``emit`` for the events a game records at most steps. Hot code that has
        tested ``log`` appends ``(kind, *values)`` to ``recorded`` itself (the same, without a
        call)."""
        if self.log:
            self.recorded.append((values, kind))

    def start(self, fn: Callable[[Self, *Ts], None], *args: *Ts) -> None:
        """Run the first step of a new game, ``fn(state, *args)``, and what it leads to, until
        the first decision or draw (a subclass's ``__init__`` ends with this)."""
        self.stack.append((fn, args))
        self.run()
