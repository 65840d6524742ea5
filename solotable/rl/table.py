"""The hot path of the environments: one game played into a row of shared arrays (:class:`Table`),
and many of them stepped in one call (:func:`play_all`, the batched environment's step).

This module imports neither Gymnasium nor anything of the environments' API, so the optional
compiled build (``SOLOTABLE_MYPYC=1``, ``setup.py``) compiles it with the engine and the games'
feature writers: a batched step then runs from the action list to the written rows without the
interpreter between the games. In pure Python it is the same code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import numpy as np

from solotable.core.action import notation
from solotable.core.engine import StepState
from solotable.core.features import Features, Writer
from solotable.core.protocol import CHANCE, Action, Game, State
from solotable.core.registry import load

from .catalogue import features, index

FLOATS: Final = 512
"""Uniform numbers drawn from the generator at a time for the chance draws."""
KNOWN: Final = 1 << 16
"""Lists of legal actions whose mask rows are kept, per game (the first met; a game whose lists are
mostly new, Deep Space D-6's crew choices, stops keeping them after :data:`TRIAL` decisions)."""

Known = tuple[bytes, dict[int, int], int]
"""What a list of legal actions gives: its mask row, the place in the list of the action of each
catalogue index it offers (never changed once made: the tables share it), and how many of its
actions are past the catalogue."""
_MASKS: dict[str, dict[tuple[object, ...], Known]] = {}
"""Per game, the mask rows of the lists of legal actions met so far (by the list of actions, or of
their notations where the catalogue numbers them its own way): a decision's legal actions repeat
(the same few lists recur at the same phases), so a row is copied in one piece."""
TRIAL: Final = 4096
"""Decisions of a game whose lists of legal actions are counted before it settles how to write its
mask rows: from the rows kept by list (:data:`_MASKS`) or, when more than a quarter of those lists
were new, straight from each legal action's catalogue index. In the first 4,096 decisions of random play
(16 games) 47% of Deep Space D-6's lists were new (its crew choices; still a fifth after a million
decisions: 212,790 distinct lists in 937,000), 40% of JongRogue's (its renumbered targets) and 3.4% of
either Mini Rogue's: looking such lists up, then building and keeping rows that seldom come back
(growing the cache, which the garbage collector then walks), costs more than writing each row."""


class _Rows:
    """How a game's mask rows are written, shared by its tables: the decisions counted and the
    lists met among them for the first time, until :data:`TRIAL`; then whether rows are written
    directly (``direct``)."""

    __slots__ = ("at", "direct", "met", "new")

    def __init__(self) -> None:
        self.met = 0
        self.new = 0
        self.direct = False
        self.at: dict[Action, int] = {}
        """The catalogue index of each legal action met (-1: past the catalogue), for a game whose
        catalogue reads the actions' own notations: the same few action objects recur."""


_ROWS: dict[str, _Rows] = {}
"""Per game, how its mask rows are written."""
_NOWHERE: dict[int, int] = {}
"""The places of no legal action (shared, never changed)."""
_CHANCE: Final = -1
"""``CHANCE`` (the protocol's ``to_move`` at a chance node) as a literal, which the compiled build
compares without reading the module's dict and boxing (checked against the protocol's below)."""
assert _CHANCE == CHANCE
_ALL: Final = slice(None)
"""``[:]``, made once (the compiled build would make a slice at each store of a whole row)."""


def game_options(game: Game, options: Mapping[str, object]) -> dict[str, str | bool | int]:
    """The game's options as the CLI takes them; ``forced_end`` may be written for ``forced-end``."""
    names = {o.name for o in game.option_specs}
    fixed: dict[str, object] = {}
    for k, v in options.items():
        name = k if k in names or k.replace("_", "-") not in names else k.replace("_", "-")
        fixed[name] = v
    return game.validate_options(fixed)


_ZEROS: dict[int, bytes] = {}


def _zeros(size: int) -> bytes:
    """``size`` zero bytes, one object for every table of that size: a batch's rows are zeroed
    from the same buffer, which stays in the caches (a buffer per table, 25 KB for JongRogue,
    did not at 64 games)."""
    zeros = _ZEROS.get(size)
    if zeros is None:
        zeros = _ZEROS[size] = bytes(size)
    return zeros

class Table:
    """One game played for an environment: its state, its chance draws from a NumPy generator, and
    the row of the arrays (``obs``, ``mask``) that its observation vector and legal-action mask are
    written into, in one pass after every decision."""

    __slots__ = ("_blank_obs", "_floats", "_rows", "_fresh", "_index", "_legal", "_mask_bytes", "_masks", "_next",
                 "_notations", "_obs_bytes", "_obs_view", "_places", "_write", "_zero_mask", "actions", "features",
                 "game", "game_id", "gen", "mask", "obs", "options", "outside", "over", "state")

    def __init__(self, game_id: str, options: Mapping[str, object], obs: np.ndarray, mask: np.ndarray) -> None:
        self.game_id = game_id
        self.game: Game = load(game_id)
        self.options = game_options(self.game, options)
        self.features: Features = features(game_id)
        self.obs = obs
        self.mask = mask
        self._obs_view: memoryview = obs.data
        self._obs_bytes: memoryview = self._obs_view.cast("B")
        blank = self.features.blank
        self._blank_obs = _zeros(obs.nbytes) if blank is None else blank
        """What the row is set to before each write: zeros, or the game's blank row (its writer's)."""
        if len(self._blank_obs) != obs.nbytes:
            raise ValueError(f"{game_id}: the blank row is {len(self._blank_obs)} bytes, the row {obs.nbytes}")
        self._mask_bytes: memoryview = mask.data.cast("B")
        self._zero_mask = _zeros(mask.nbytes)
        self._write = self.features.write
        self._notations = self.features.notations
        self._index = index(game_id)
        self._masks = _MASKS.setdefault(game_id, {})
        rows = _ROWS.get(game_id)
        if rows is None:
            rows = _ROWS[game_id] = _Rows()
        self._rows = rows
        self.gen = np.random.default_rng(0)
        self._floats: list[float] = []
        self._next = 0
        self._fresh: State = self.game.new_state(seed=None, **self.options)
        """A new game up to its first draw or decision, events off: every game is a clone of it
        (rules run up to the first chance node the same whatever the seed, which only names the
        game: nothing is drawn before it), cheaper than dealing one anew."""
        self._fresh.set_events(False)
        self.state: State = self._fresh.clone()
        self.actions: list[Action] = []
        """Every action played this episode, chance outcomes included (a game record)."""
        self._legal: list[Action] = []
        """The decision's legal actions (empty at the end)."""
        self._places: dict[int, int] = _NOWHERE
        """The place in ``_legal`` of the action of each catalogue index offered."""
        self.outside = 0
        """How many legal decisions the catalogue does not hold (JongRogue's far targets)."""
        self.over = False
        """The game has ended (as the row says: set when the row is written)."""

    def seed(self, gen: np.random.Generator) -> None:
        """Draw chance from ``gen`` from now on (numbers drawn ahead from the last one are dropped)."""
        self.gen = gen
        self._floats = []
        self._next = 0

    def new_game(self, seed: int | None) -> int:
        """Deal a game up to its first decision. A game can end before any (Mini Rogue v1: a run of
        traps in single columns kills the hero with nothing to choose); an episode needs a decision,
        so such games are skipped, counted (the return value) and the next one is dealt."""
        skipped = 0
        while True:
            state = self.state = self._fresh.clone()  # events off: nobody reads them here
            if isinstance(state, StepState):  # (every game's state: the seed names the game)
                state.seed = seed
            self.actions = []
            self.advance()
            if state.to_move is not None:
                return skipped
            skipped += 1

    def play(self, action: Action) -> None:
        """Play a legal decision (one of :attr:`legal`), then chance up to the next decision."""
        self.state.apply(action, trusted=True)  # a legal action, as the mask offered it
        self.actions.append(action)
        self.advance()

    @property
    def legal(self) -> dict[int, Action]:
        """The legal decisions by catalogue index (empty at the end)."""
        legal = self._legal
        return {i: legal[k] for i, k in self._places.items()}

    def chosen(self, index: int) -> Action | None:
        """The legal decision of catalogue index ``index``, or None (not legal, or the game is over)."""
        k = self._places.get(index)
        return None if k is None else self._legal[k]

    def forbid(self) -> None:
        """Offer nothing more (an illegal action ended the episode): the mask row all zeros."""
        self._mask_bytes[:] = self._zero_mask
        self._legal = []
        self._places = _NOWHERE

    @property
    def player(self) -> int:
        """The seat to move (the seat whose view the observation is), 0 at the end."""
        tm = self.state.to_move
        return tm if tm is not None and tm >= 0 else 0

    def advance(self) -> None:
        """Play chance nodes (drawn from the generator by the exact table) until a decision or the
        end, then write the observation vector and the mask."""
        state = self.state
        tm = state.to_move
        if tm is not None and tm == _CHANCE:
            floats = self._floats
            at = self._next
            if isinstance(state, StepState):  # (every game's: chance played in the engine's own loop)
                while True:
                    at = state.play_chance(floats, at, self.actions)
                    if at < len(floats) or not state.phase.chance:
                        break
                    floats = self._floats = self.gen.random(FLOATS).tolist()
                    at = 0
            else:
                actions = self.actions
                while tm is not None and tm == _CHANCE:
                    if at == len(floats):
                        floats = self._floats = self.gen.random(FLOATS).tolist()
                        at = 0
                    outcome = state.chance_table().sample_float(floats[at])
                    at += 1
                    state.apply(outcome, trusted=True)
                    actions.append(outcome)
                    tm = state.to_move
            self._next = at
            tm = state.to_move
        self._fill(tm)

    def fill(self) -> None:
        """Write the observation vector and the legal-action mask of the state into the row."""
        self._fill(self.state.to_move)

    def _fill(self, tm: int | None) -> None:
        """:meth:`fill`, ``tm`` the state's ``to_move``."""
        state = self.state
        self._obs_bytes[_ALL] = self._blank_obs
        self.over = tm is None
        player = tm if tm is not None and tm >= 0 else 0
        write = self._write
        if write is not None:
            write(state, player, self._obs_view)
        else:
            self.features.encode(state.observation(player), Writer(self.obs), player)
        if tm is None:
            self.forbid()
            self.outside = 0
            return
        actions = self._legal = state.legal_actions()
        notations = self._notations
        rows = self._rows
        if rows.direct:
            if notations is None:
                self._direct(actions)
            else:
                self._direct_named(notations(state, actions), actions)
            return
        # the list itself is the key where the catalogue reads the game's own notations: actions
        # are equal when their notations and arguments are, and hash by their notation
        key: tuple[object, ...] = tuple(actions) if notations is None else tuple(notations(state, actions))
        known = self._masks.get(key)
        if known is None:
            known = self._learn(key, actions)
            rows.new += 1
        if rows.met < TRIAL:
            rows.met += 1
            if rows.met == TRIAL and rows.new * 4 > TRIAL:
                rows.direct = True
                self._masks.clear()  # (the tables share it: nothing reads it any more)
        self._mask_bytes[_ALL] = known[0]
        self._places = known[1]
        self.outside = known[2]

    def _learn(self, key: tuple[object, ...], actions: list[Action]) -> Known:
        """The mask row of a list of legal actions not met before (``key``: the list, or its
        notations), the place of each catalogue index in it and how many of its actions are past the
        catalogue (kept for the next time, shared by the game's tables, while there is room)."""
        names = map(notation, actions) if self._notations is None else map(str, key)
        found = tuple(map(self._index.get, names))
        outside = found.count(None) if None in found else 0
        if outside == len(found):
            raise RuntimeError(f"{self.game_id}: no legal action is in the catalogue: "
                               f"{', '.join(str(a) for a in actions)}")
        row = bytearray(len(self._zero_mask))
        places: dict[int, int] = {}
        for k, i in enumerate(found):
            if i is not None:
                row[i] = 1
                places[i] = k
        known = (bytes(row), places, outside)
        if len(self._masks) < KNOWN:
            self._masks[key] = known
        return known

    def _direct(self, actions: list[Action]) -> None:
        """Write the mask row of ``actions`` from each one's catalogue index (kept by action)."""
        at = self._rows.at
        row = self._mask_bytes
        row[_ALL] = self._zero_mask
        places: dict[int, int] = {}
        outside = 0
        for k in range(len(actions)):
            a = actions[k]
            i = at.get(a)
            if i is None:
                found = self._index.get(notation(a))
                i = at[a] = -1 if found is None else found
            if i < 0:
                outside += 1
            else:
                row[i] = 1
                places[i] = k
        self._placed(places, outside, actions)

    def _direct_named(self, names: list[str], actions: list[Action]) -> None:
        """Write the mask row of ``actions`` from the catalogue index of each of their notations
        ``names`` (the catalogue's own)."""
        index = self._index
        row = self._mask_bytes
        row[_ALL] = self._zero_mask
        places: dict[int, int] = {}
        outside = 0
        for k in range(len(names)):
            i = index.get(names[k])
            if i is None:
                outside += 1
            else:
                row[i] = 1
                places[i] = k
        self._placed(places, outside, actions)

    def _placed(self, places: dict[int, int], outside: int, actions: list[Action]) -> None:
        """Keep the places of a row written directly (no legal action in the catalogue: an error)."""
        if outside == len(actions):
            raise RuntimeError(f"{self.game_id}: no legal action is in the catalogue: "
                               f"{', '.join(str(a) for a in actions)}")
        self._places = places
        self.outside = outside


def play_all(tables: list[Table], actions: list[int], stop_at_illegal: bool, ended: list[int],
             illegal: list[int]) -> int:
    """Play ``actions[i]`` (a catalogue index) in ``tables[i]``, each followed by chance up to its
    next decision, its row written: the batched environment's step. The index of every table whose
    game ended goes to ``ended`` and of every illegal action to ``illegal`` (its game is left as it
    was); with ``stop_at_illegal`` the first illegal action stops the loop and its index is returned
    (the tables before it were played), else -1."""
    for i in range(len(tables)):
        table = tables[i]
        chosen = table.chosen(actions[i])
        if chosen is None:
            if stop_at_illegal:
                return i
            illegal.append(i)
            ended.append(i)
        else:
            table.play(chosen)
            if table.over:
                ended.append(i)
    return -1


def restart(tables: list[Table], ended: list[int], illegal: list[int]) -> list[bool]:
    """Deal the next game of every table of ``ended`` (their games ended in :func:`play_all`), the
    row of each written anew; whether each ended game was won (a game ended by an illegal action,
    its index in ``illegal``, was not)."""
    won: list[bool] = []
    for i in ended:
        table = tables[i]
        won.append(i not in illegal and table.state.result().won)
        table.new_game(None)
    return won
