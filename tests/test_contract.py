"""The contract every game keeps (DESIGN.md, docs/engine.md), checked over every registered game.

One harness, as OpenSpiel's and pgx's are: for each game id of the registry, and the toy game the
tests register (``tests/toygame.py``), whole games are played and every position is checked:

- a chance node's outcomes are exact, positive, distinct and sum to 1, and sampling picks them by
  the table (a uniform number in an outcome's share of [0, 1) gives that outcome);
- a decision lists its legal actions once each, in the same order when asked again; a chance
  node lists none and a decision has no chance table; an ended game lists nothing;
- an illegal action raises ``IllegalAction`` and leaves no trace (every field of the state, its
  observation and its events are what they were);
- a clone is independent (playing on it changes nothing in the original);
- the same seed and the same choices give the same game (determinism), and the record of a game
  saved and loaded replays to the same game;
- the observation is JSON and valid against the type the game declares for it;
- every phase pickles to itself (phases are known by game and name), and a state (the first, some
  deep ones, the last) to an equal state that plays on the same, with the registered game and
  the game's shared data themselves, not copies;
- the boards render (the line board, the web board, in both languages; the terminal board in
  its own test below, since it needs a running app);
- the learning environment's vector lies in its space and its mask is the legal actions.

The games are driven by random play (hypothesis, thousands of games per game) and by each game's
heuristic and a search bot to their ends, wins on the easiest setting included, so that every
phase of every game and its late states (final bosses, last floors, victory) are reached: the
bot tests assert which. A game's own invariants (caps, no negative stats) and options are its
hook module, ``tests/<game folder>/contract.py``: ``OPTIONS`` (a hypothesis strategy),
``RANDOM_GAMES``, ``invariants(state, observation)``, ``BOT_OPTIONS`` (the easiest setting),
``LATE`` and ``late(state, observation)`` (the late-game states the bots must reach),
``SEARCH_SEED`` (the search bot's game), and optionally ``BOT_SEEDS``, ``EXTRA_BOT_GAMES``
(games that reach a rare phase), ``DEEP_EVERY``, ``choose(state, rng)`` (the random
player's choice) and ``SHARED`` (the state's fields holding the game's shared data).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import pickle
import random
import sys
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
import toygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solotable
from solotable.agents.registry import make_agent
from solotable.core.chance import ChanceTable
from solotable.core.engine import _PHASES, NOT_POSITION, Phase, field_names
from solotable.core.native import compiled
from solotable.core.protocol import Action, IllegalAction, State
from solotable.core.registry import game_ids, load
from solotable.ui.web import boards as web_boards

TOY = toygame.GAME.id
GAMES = [g for g in game_ids() if g == TOY or type(load(g)).__module__.startswith("solotable.games.")]
"""The package's games and the toy game registered from the tests (other test modules may register
toys of their own, which carry no contract hooks)."""
assert TOY in GAMES
PROBE = Action("contract-probe", 99)
"""An action no game has: refused at every decision and every chance node."""
DEEP_EVERY = 7
"""The costlier checks (no trace, clone independence, typed observation, sampling) run every N
steps and at the last position (a game's hook may say another ``DEEP_EVERY``)."""
LANGS = ("en", "ja")
GAMES_CAP = int(os.environ.get("SOLOTABLE_CONTRACT_GAMES", "0"))
"""Where set, at most this many random games per game (``.ci/compiled`` runs a few against the
compiled build; the whole suite runs every game's own number)."""


# -- the games' hooks --------------------------------------------------------------------------


class _ToyHooks:
    """The toy game's hook: no invariant of its own, no late state but a win."""

    OPTIONS = st.fixed_dictionaries({"target": st.sampled_from((10, 15))})
    RANDOM_GAMES = 200
    BOT_OPTIONS: tuple[dict[str, object], ...] = ({"target": 10},)
    SEARCH_SEED = 0
    LATE = frozenset({"won"})

    @staticmethod
    def invariants(s: State, o: dict[str, Any]) -> None:
        assert o["banked"] >= 0 and 1 <= o["turn"] <= toygame.TURNS + 1

    @staticmethod
    def late(s: State, o: dict[str, Any]) -> set[str]:
        return {"won"} if s.is_terminal() and s.result().won else set()


@cache
def hooks(game_id: str) -> Any:
    if game_id == TOY:
        return _ToyHooks
    folder = type(load(game_id)).__module__.rsplit(".", 1)[-1]  # solotable.games.<folder>
    return importlib.import_module(f"{folder}.contract")


def choose_random(game_id: str, s: State, rng: random.Random) -> Action:
    pick = getattr(hooks(game_id), "choose", None)
    return pick(s, rng) if pick is not None else rng.choice(s.legal_actions())


@cache
def observation_type(game_id: str) -> Any:
    """The type the game's ``observation`` is declared to return (a TypedDict); None in the compiled
    build, where a method keeps no annotations and a TypedDict's are placeholders (the pure build
    checks the same code's observations; compiled code checks its declared types as it runs)."""
    if compiled():
        return None
    game = load(game_id)
    cls = type(game.new_state(seed=0))
    declared = cls.observation.__annotations__["return"]
    if not isinstance(declared, str):
        return declared
    # a name the state imports for type checking only: the TypedDict of that name in the game's package
    package = type(game).__module__
    for name, module in list(sys.modules.items()):
        found = getattr(module, declared, None) if name.startswith(package) else None
        if found is not None and typing.is_typeddict(found):
            return found
    return typing.get_type_hints(cls.observation)["return"]


@cache
def typed_keys(hint: Any) -> tuple[set[str], dict[str, Any]]:
    """A TypedDict's required keys and the types of all its keys."""
    hints = typing.get_type_hints(hint, include_extras=True)
    # (read from the hints: Python 3.11 counts a postponed ``NotRequired`` key as required)
    origin = {k: typing.get_origin(v) for k, v in hints.items()}
    required = {
        k for k in hints if origin[k] is typing.Required or (hint.__total__ and origin[k] is not typing.NotRequired)
    }
    plain = {k: typing.get_args(v)[0] if typing.get_origin(v) in (typing.Required, typing.NotRequired) else v
             for k, v in hints.items()}  # fmt: skip
    return required, plain


def check_type(value: Any, hint: Any, where: str = "observation") -> None:
    """``value`` is valid against the type ``hint`` (TypedDicts with their required and optional
    keys and no others, lists, tuples, dicts, unions, literals, the JSON scalars)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return
    if typing.is_typeddict(hint):
        assert isinstance(value, dict), where
        required, hints = typed_keys(hint)
        keys = set(value)
        assert required <= keys <= set(hints), (where, sorted(required - keys), sorted(keys - set(hints)))
        for key in keys:
            check_type(value[key], hints[key], f"{where}.{key}")
    elif origin in (typing.Union, types.UnionType):
        errors = []
        for option in args:
            try:
                check_type(value, option, where)
                return
            except AssertionError as exc:
                errors.append(exc)
        raise AssertionError(where, value, hint, errors)
    elif origin is typing.Literal:
        assert value in args, (where, value, args)
    elif origin in (list, tuple, dict) or hint in (list, tuple, dict):
        kind = origin or hint
        assert isinstance(value, (list, tuple) if kind is not dict else dict), (where, type(value))
        if kind is dict and args:
            for k, v in value.items():
                check_type(k, args[0], where)
                check_type(v, args[1], f"{where}[{k!r}]")
        elif kind is tuple and args and args[-1] is not Ellipsis:
            assert len(value) == len(args), where
            for i, (v, a) in enumerate(zip(value, args, strict=True)):
                check_type(v, a, f"{where}[{i}]")
        elif args:
            for i, v in enumerate(value):
                check_type(v, args[0], f"{where}[{i}]")
    elif hint is type(None) or hint is None:
        assert value is None, where
    elif hint is float:
        assert isinstance(value, (int, float)) and not isinstance(value, bool), (where, value)
    elif hint is int:
        assert isinstance(value, int) and not isinstance(value, bool), (where, value)
    else:
        assert isinstance(value, hint), (where, value, hint)


def phases_of(game_id: str) -> set[str]:
    return {name for game, name in _PHASES if game == game_id}


# -- the checks of one position -------------------------------------------------------------------


ENGINE_CACHES = NOT_POSITION
"""The engine's fields that are no position (:data:`solotable.core.engine.NOT_POSITION`)."""


def fields(s: State, frozen: dict[int, tuple[Any, Any]] | None = None) -> dict[str, Any]:
    """Every field of the state (the engine's too), by value: what "no trace" compares. Left out
    too: what a state names as how it is stored, not what it is (``STORAGE``: JongRogue's
    copy-on-write marks; its rooms' tiles are compared). ``frozen``: where the values of immutable
    objects are kept (:data:`_FROZEN`, unless the state's are met once: a copy out of pickle)."""
    skip = {*ENGINE_CACHES, *getattr(type(s), "STORAGE", ())}
    names = {n for n in _declared(type(s)) if n not in skip}
    seen: dict[int, int] = {}
    memo = _FROZEN if frozen is None else frozen
    return {n: value_of(getattr(s, n), seen, memo) for n in sorted(names) if hasattr(s, n)}


_FROZEN: dict[int, tuple[Any, Any]] = {}
"""The values of immutable objects (the game's data, shared by every state), by id, each made
once and kept with its object. Objects made for one state only (unpickled with it) are not kept
here: they would pile up, a copy of each per pickle, for the whole run."""


def value_of(x: Any, seen: dict[int, int], frozen: dict[int, tuple[Any, Any]] = _FROZEN) -> Any:
    """``x`` as plain data: the fields of objects (slots or dict) followed down, each object once
    (met again, it is its number in the order of meeting), functions by name, a chance table by
    its outcomes (its caches are not the game's state); an immutable object's value kept in
    ``frozen``."""
    kind = type(x)
    if kind in _PLAIN or x is None:
        return x
    if kind is list or kind is tuple:
        if id(x) in seen:
            return ("again", seen[id(x)])
        seen[id(x)] = len(seen)
        return (kind.__name__, [value_of(v, seen, frozen) for v in x])
    kept = frozen.get(id(x))
    if kept is not None and kept[0] is x:
        return kept[1]
    if isinstance(x, (bool, int, float, str, bytes, Fraction, Action, range)):
        return x
    if isinstance(x, Phase):
        return ("phase", x.game, x.name)
    if isinstance(x, ChanceTable):
        return ("table", x.outcomes)
    if callable(x) and hasattr(x, "__qualname__"):
        return ("fn", getattr(x, "__module__", ""), x.__qualname__)
    names = _names(kind)
    if names is not None and names[0]:  # immutable (the game's data, shared values): made once, kept
        value = (kind.__name__, [(n, value_of(getattr(x, n), {}, frozen)) for n in names[1]])
        frozen[id(x)] = (x, value)
        return value
    if id(x) in seen:
        return ("again", seen[id(x)])
    seen[id(x)] = len(seen)
    if isinstance(x, (list, tuple)):
        return (kind.__name__, [value_of(v, seen, frozen) for v in x])
    if isinstance(x, (set, frozenset)):
        return (kind.__name__, sorted(repr(v) for v in x))
    if isinstance(x, dict):
        return ("dict", [(value_of(k, seen, frozen), value_of(v, seen, frozen)) for k, v in x.items()])
    fields_ = list(names[1]) if names is not None else []
    if hasattr(x, "__dict__"):
        fields_ += sorted(vars(x))
    if not fields_:
        return repr(x)
    return (kind.__name__, [(n, value_of(getattr(x, n), seen, frozen)) for n in fields_ if hasattr(x, n)])


_PLAIN = frozenset({bool, int, float, str, bytes, Fraction, Action, range})


@cache
def _names(kind: type) -> tuple[bool, tuple[str, ...]] | None:
    """Whether instances of ``kind`` are immutable (a frozen dataclass), and its slots."""
    if dataclasses.is_dataclass(kind):
        return kind.__dataclass_params__.frozen, tuple(f.name for f in dataclasses.fields(kind))  # type: ignore[attr-defined]
    slots = _declared(kind)
    return (False, slots) if slots else None


def _declared(kind: type) -> tuple[str, ...]:
    """The fields of ``kind``'s instances: its slots, or in the compiled build (mypyc keeps no
    ``__slots__``) the attributes mypyc lists for the class."""
    return field_names(kind)


def obs_text(s: State) -> str:
    return json.dumps(s.observation(), sort_keys=True, ensure_ascii=False)


class _Uniform:
    """A generator whose ``random()`` returns ``u``: which outcome a table gives for ``u``."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def check_chance(s: State, sample_too: bool) -> None:
    outcomes = s.chance_outcomes()
    assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert len({a for a, _ in outcomes}) == len(outcomes)
    assert s.legal_actions() == []
    if sample_too:  # sampling follows the table: the middle of each outcome's share gives it
        table = s.chance_table()
        low = Fraction(0)
        for a, p in outcomes[:40]:
            assert table.sample(_Uniform(float(low + p / 2))) == a  # type: ignore[arg-type]
            low += p


def check_position(game_id: str, s: State, o: dict[str, Any], deep: bool, pickles: bool = False) -> None:
    to_move = s.to_move
    if s.is_terminal():
        assert to_move is None and s.legal_actions() == []
        json.dumps(s.result().to_json())
    elif s.is_chance():
        check_chance(s, deep)
    else:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert s.legal_actions() == legal  # stable
        assert all(load(game_id).parse_action(s, str(a)) == a for a in legal[:8])  # the notation reads back
        with pytest.raises(IllegalAction):
            s.chance_table()
    phase = getattr(s, "phase", None)
    if isinstance(phase, Phase):
        assert pickle.loads(pickle.dumps(phase)) is phase
    hooks(game_id).invariants(s, o)
    if deep:
        if observation_type(game_id) is not None:
            check_type(o, observation_type(game_id))
        if not s.is_terminal():
            check_no_trace(s)
            check_clone_independent(s)
    if pickles:
        check_pickles(game_id, s)


def pickled_here(step: int, every: int, last: bool) -> bool:
    """Whether ``play`` checks the pickle of the position after ``step`` steps: the first, the
    deep positions whose number (``step // every``) is a power of two (a long game's late ones
    too, a few per game) and the last."""
    deep = step // every
    return last or (step % every == 0 and deep & (deep - 1) == 0)


def check_pickles(game_id: str, s: State) -> None:
    """A state pickles to an equal state that plays on the same (OpenSpiel serialises a Python
    game's state with pickle; process pools send states so): in the compiled build too, where a
    class whose ``__init__`` takes arguments pickles only by its own ``__reduce__``. The copy has
    the registered game itself, and the game's shared data (the hook's ``SHARED`` fields) the
    same objects: a pickle carries no copy of them, nor of their caches."""
    copy: Any = pickle.loads(pickle.dumps(s))
    assert fields(copy, dict(_FROZEN)) == fields(s)
    assert copy.game is getattr(s, "game", None) is load(game_id)
    for name in getattr(hooks(game_id), "SHARED", ()):
        assert getattr(copy, name) is getattr(s, name), name
    if s.is_terminal():
        assert copy.is_terminal() and copy.result() == s.result()
    elif s.is_chance():
        assert copy.chance_outcomes() == s.chance_outcomes()
    else:
        assert copy.legal_actions() == s.legal_actions()


def check_no_trace(s: State) -> None:
    before, text, events = fields(s), obs_text(s), list(s.events)
    with pytest.raises(IllegalAction):
        s.apply(PROBE)
    assert fields(s) == before and obs_text(s) == text and list(s.events) == events


def check_clone_independent(s: State) -> None:
    before, text = fields(s), obs_text(s)
    twin = s.clone()
    assert fields(twin) == before
    rng = random.Random(1)
    for _ in range(3):
        if twin.is_terminal():
            break
        twin.apply(twin.chance_table().sample(rng) if twin.is_chance() else rng.choice(twin.legal_actions()))
    # and change every list of another clone in place: nothing may be shared
    other = s.clone()
    for name in fields(other):
        value = getattr(other, name)
        if isinstance(value, list):
            value.append(value[0] if value else 0)
            value.reverse()
    assert fields(s) == before and obs_text(s) == text


def check_boards(game_id: str, s: State) -> None:
    """The line board and the web board, in both languages (the public entry points)."""
    game = load(game_id)
    o = s.observation()
    for lang in LANGS:
        assert game.render_text(s, lang).strip()
        html, _ = web_boards.render(game_id, o, lang)
        assert html.strip()


def check_replays(game_id: str, options: dict[str, object], seed: int, actions: list[Action], s: State) -> None:
    """Determinism (the same seed and actions give the same game) and record -> load -> the same game."""
    game = load(game_id)
    again = game.new_state(seed=seed, **options)
    for a in actions:
        again.apply(a)
    assert obs_text(again) == obs_text(s) and fields(again) == fields(s)
    record = solotable.Record.start(game.new_state(seed=seed, **options))
    record.actions = [str(a) for a in actions]
    loaded = solotable.parse_record(record.dumps()).replay()
    assert obs_text(loaded) == obs_text(s) and fields(loaded) == fields(s)
    if s.is_terminal():
        assert loaded.result() == s.result()


# -- driving games ------------------------------------------------------------------------------


def play(
    game_id: str,
    options: dict[str, object],
    seed: int,
    chooser: Any,
    *,
    late: set[str] | None = None,
    phases: set[str] | None = None,
) -> tuple[State, list[Action]]:
    """One whole game, checked at every position; ``chooser(state, rng)`` makes the decisions."""
    rng = random.Random(seed)
    every = getattr(hooks(game_id), "DEEP_EVERY", DEEP_EVERY)
    s = load(game_id).new_state(seed=seed, **options)
    actions: list[Action] = []
    step = 0
    while True:
        o = s.observation()
        last = s.is_terminal()
        check_position(game_id, s, o, deep=last or step % every == 0, pickles=pickled_here(step, every, last))
        if late is not None:
            late |= hooks(game_id).late(s, o)
        if phases is not None and isinstance(getattr(s, "phase", None), Phase):
            phases.add(s.phase.name)  # type: ignore[attr-defined]
        if last:
            break
        a = s.chance_table().sample(rng) if s.is_chance() else chooser(s, rng)
        s.apply(a)
        actions.append(a)
        step += 1
        assert step < 200_000, "a game must end"
    check_replays(game_id, options, seed, actions, s)
    return s, actions


def _random_games(game_id: str) -> Any:
    h = hooks(game_id)

    @settings(max_examples=min(h.RANDOM_GAMES, GAMES_CAP or h.RANDOM_GAMES), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=h.OPTIONS)
    def run(seed: int, options: dict[str, object]) -> None:
        s, _ = play(game_id, options, seed, lambda st_, rng: choose_random(game_id, st_, rng))
        if seed % 50 == 0:
            check_boards(game_id, s)

    return run


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_contract(game_id: str) -> None:
    """Thousands of random games per game (the hook says how many), every position checked."""
    _random_games(game_id)()


BOT_SEEDS = 12
"""The heuristic plays this many seeds of each of the easiest settings (``BOT_OPTIONS``; a
game's hook may say another ``BOT_SEEDS``)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_reach_every_phase_and_the_end_of_the_game(game_id: str) -> None:
    """The game's heuristic (the search bot for a game without one) and the search bot with a small
    budget play the easiest setting to the end, every position checked: between them they reach
    every phase the game has, its late states (``LATE``: the final boss, the last floor) and a win.
    """
    h = hooks(game_id)
    game = load(game_id)
    reached: set[str] = set()
    phases: set[str] = set()
    won = 0
    has_heuristic = game.bot_hooks() is not None
    if has_heuristic:
        bot = make_agent("heuristic", game_id)
        for options in h.BOT_OPTIONS:
            for seed in range(getattr(h, "BOT_SEEDS", BOT_SEEDS)):
                s, _ = play(game_id, dict(options), seed, bot.choose, late=reached, phases=phases)
                won += s.result().won
                if seed in (0, 1):
                    check_boards(game_id, s)
        for options, seed in getattr(h, "EXTRA_BOT_GAMES", ()):
            s, _ = play(game_id, dict(options), seed, bot.choose, late=reached, phases=phases)
            won += s.result().won
    for seed in range(20):  # a few random games: some phases are choices a good player avoids
        play(game_id, dict(h.BOT_OPTIONS[0]), seed, lambda st_, rng: choose_random(game_id, st_, rng), phases=phases)
    # the search bot, with a small budget: one game of the easiest setting
    search = make_agent("mcts", game_id, iterations=4)
    s, _ = play(game_id, dict(h.BOT_OPTIONS[0]), h.SEARCH_SEED, search.choose, late=reached, phases=phases)
    won += s.result().won
    assert won, "no win on the easiest setting"
    missing = h.LATE - reached
    assert not missing, f"late states not reached: {sorted(missing)}"
    unreached = phases_of(game_id) - phases - {"running"}
    assert not unreached, f"phases never reached: {sorted(unreached)}"


def test_every_phase_pickles_to_itself() -> None:
    """A phase is known by (game, name): two phases of one game never share a name."""
    for game_id in GAMES:
        load(game_id)
    for (game, name), phase in list(_PHASES.items()):
        assert (phase.game, phase.name) == (game, name)
        assert pickle.loads(pickle.dumps(phase)) is phase
    seen: dict[tuple[str, str], Phase[Any]] = {}
    for module in list(sys.modules.values()):
        if not isinstance(module, types.ModuleType) or not module.__name__.startswith("solotable.games."):
            continue
        for value in vars(module).values():
            if isinstance(value, Phase):
                key = (value.game, value.name)
                assert seen.setdefault(key, value) is value, f"two phases named {key}"


# -- the learning environment (through its public API) -------------------------------------------


def _env_games() -> list[Any]:
    try:
        from solotable.rl import GAME_IDS
    except ImportError:  # the optional extra is not installed
        return []
    out: list[Any] = []
    for game_id in GAMES:
        if game_id not in GAME_IDS:
            continue  # (the toy game: the environments' catalogues name their games; see docs/rl.md)
        out.append(game_id)
    return out


@pytest.mark.parametrize("game_id", _env_games())
def test_the_env_vector_is_in_its_space_and_its_mask_is_the_legal_actions(game_id: str) -> None:
    """The heuristic plays the easiest setting through the Gymnasium environment to the end of
    its games (a win among them where the catalogue spells its every choice): every vector lies
    in the observation space, and the mask has one index for each legal action (less those the
    catalogue leaves out, which it counts)."""
    from solotable.rl import SolotableEnv

    h = hooks(game_id)
    env = SolotableEnv(game_id, illegal_action="raise", **h.BOT_OPTIONS[0])
    bot = make_agent("heuristic", game_id)
    index = {name: i for i, name in enumerate(env.catalogue)}
    reached: set[str] = set()
    won = False
    unmapped = 0  # the bot's choices that are not the catalogue's notation (played at random instead)
    for seed in range(30):
        rng = random.Random(seed)
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            mask = info["action_mask"]
            legal = env.state.legal_actions()
            assert int(mask.sum()) == len(legal) - info.get("uncatalogued_actions", 0)
            masked = [int(i) for i in mask.nonzero()[0]]
            if game_id != "jongrogue":  # (JongRogue's catalogue numbers a room's tiles as listed)
                assert {env.catalogue[i] for i in masked} == {str(a) for a in legal}
            choice = index.get(str(bot.choose(env.state, rng)), -1)
            if choice not in masked:
                unmapped += 1
                choice = rng.choice(masked)
            obs, _, done, _, info = env.step(choice)
            reached |= h.late(env.state, env.state.observation())
        won = won or bool(info.get("won"))
    if unmapped:
        return  # (JongRogue numbers a room's tiles as listed; Deep Space D-6's dice by kind)
    assert won, "no win through the environment"
    assert reached >= h.LATE, sorted(h.LATE - reached)
