"""The games as OpenSpiel Python games, so OpenSpiel's algorithms and tests run on them unchanged.

``import solotable.rl.openspiel`` registers one game per solotable game with
``pyspiel.register_game``: ``solotable_<game id with underscores>``, with as many co-operative
players as the options seat (identical utilities); ``pyspiel.load_game("solotable_<game>(option=value)")``
takes the CLI's options, as strings. Decisions are the indices of the fixed action catalogue
(:mod:`solotable.rl.catalogue`); a chance node lists the game's chance table, outcome ``i`` being
the table's ``i``-th outcome with its exact probability (as a float). Utility: 1 for a win, 0 for a
loss, to every player. The observation tensor is the vector of :mod:`solotable.rl.encode` for the
player asked; the observation string is the game's JSON view; the information state string is
the player's own decisions so far followed by that view.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from solotable.core.protocol import CHANCE, Action, Game, Option, State
from solotable.core.registry import load

from .catalogue import GAME_IDS, catalogue, features, legal_indices
from .encode import encode, size
from .env import game_options


def short_name(game_id: str) -> str:
    return "solotable_" + game_id.replace("-", "_")


class _Engine:
    """Holds an engine state; OpenSpiel clones a Python state by deep-copying its attributes, and
    this makes that copy the engine's own cheap ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone())


class SolotableSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SolotableSpielGame) -> None:
        super().__init__(game)
        self._game_id = game.game_id
        self._engine = _Engine(game.engine.new_state(seed=None, **game.options))
        self._trail: list[tuple[int, str]] = []  # (player, notation) of every decision made

    # -- the protocol, on OpenSpiel's terms ------------------------------------------------------

    def current_player(self) -> int:
        s = self._engine.state
        tm = s.to_move
        if tm is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if tm == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return tm

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(legal_indices(self._game_id, self._engine.state)[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        table = self._engine.state.chance_table()
        return [(i, float(p)) for i, (_a, p) in enumerate(table.outcomes)]

    def _action(self, action: int) -> Action:
        s = self._engine.state
        if s.to_move == CHANCE:
            return s.chance_table().actions[action]
        legal = legal_indices(self._game_id, s)[0]
        if action not in legal:
            raise pyspiel.SpielError(f"action {action} ({catalogue(self._game_id)[action]}) is not legal now")
        return legal[action]

    def _apply_action(self, action: int) -> None:
        s = self._engine.state
        a = self._action(action)
        if s.to_move != CHANCE:
            self._trail.append((int(s.to_move or 0), str(a)))
        s.apply(a)

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._engine.state
        if player == pyspiel.PlayerId.CHANCE:
            if s.to_move == CHANCE and action < len(s.chance_table().actions):
                return str(s.chance_table().actions[action])
            return f"chance outcome {action}"
        return catalogue(self._game_id)[action]

    def is_terminal(self) -> bool:
        return bool(self._engine.state.is_terminal())

    def returns(self) -> list[float]:
        s = self._engine.state
        n = self.get_game().num_players()
        if not s.is_terminal():
            return [0.0] * n
        return [1.0 if s.result().won else 0.0] * n

    def __str__(self) -> str:
        return json.dumps(self._engine.state.observation(0), sort_keys=True)

    @property
    def engine_state(self) -> State:
        """The solotable state underneath (for tests and bots of this package)."""
        return self._engine.state


class SolotableSpielObserver:
    """OpenSpiel's PyObserver: the observation vector and the JSON view of one player; with
    perfect recall, the string also lists that player's decisions so far."""

    def __init__(self, game_id: str, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.game_id = game_id
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(size(game_id), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SolotableSpielState, player: int) -> None:
        s = state.engine_state
        self.tensor[:] = encode(self.game_id, s.observation(player), player)

    def string_from(self, state: SolotableSpielState, player: int) -> str:
        view = json.dumps(state.engine_state.observation(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        mine = [a for p, a in state._trail if p == player]
        return " ".join(mine) + " | " + view


class SolotableSpielGame(pyspiel.Game):  # type: ignore[misc]
    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = type(self)
        self.engine: Game = load(cls.game_id)
        specs = {o.name.replace("-", "_"): o for o in self.engine.option_specs if o.choices}
        given = {k: option_value(specs[k], v) if k in specs else v for k, v in (params or {}).items()}
        defaults = self.engine.validate_options({})
        given = {k: v for k, v in given.items() if v != defaults.get(k.replace("_", "-"), defaults.get(k))}
        self.options = game_options(self.engine, given)
        seats = features(cls.game_id).seats
        players = seats(self.options) if seats is not None else self.engine.players[0]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(catalogue(cls.game_id)),
            max_chance_outcomes=features(cls.game_id).max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=features(cls.game_id).max_game_length,
        )
        super().__init__(_game_type(cls.game_id, self.engine), info, params or {})

    def new_initial_state(self) -> SolotableSpielState:
        return SolotableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SolotableSpielObserver:
        return SolotableSpielObserver(type(self).game_id, iig_obs_type, params)


NUMBER_DEFAULT = -1
"""An option whose choices are numbers and one word (Deep Space D-6's ``dont_panic``: ``preset``,
0-6) is an integer parameter for OpenSpiel, whose parser reads ``dont_panic=3`` as a number; -1
stands for the word (the option's default)."""


def _numeric(choice: object) -> bool:
    return (isinstance(choice, int) and not isinstance(choice, bool)) or (isinstance(choice, str) and choice.isdigit())


def parameter_default(option: Option) -> str | int | bool:
    """The option as an OpenSpiel parameter, typed as OpenSpiel's parser reads a value: a flag, an
    integer (numbers, and at most one word: :data:`NUMBER_DEFAULT`), or a string."""
    if all(isinstance(c, bool) for c in option.choices):
        return bool(option.default)
    words = [c for c in option.choices if not _numeric(c)]
    if not words:
        return int(option.default)
    if len(words) == 1 and words[0] == option.default and len(option.choices) > 1:
        return NUMBER_DEFAULT
    return str(option.default)


def option_value(option: Option, value: object) -> object:
    """The option's value for an OpenSpiel parameter's (``dont_panic=3`` gives ``"3"``, -1 the word)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if value == NUMBER_DEFAULT and not _numeric(option.default):
        return option.default
    return str(value) if any(isinstance(c, str) for c in option.choices) else value


def _game_type(game_id: str, engine: Game) -> Any:
    players = engine.players
    params = {o.name.replace("-", "_"): parameter_default(o) for o in engine.option_specs if o.choices}
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"solotable {engine.title('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


GAME_CLASSES: dict[str, type[SolotableSpielGame]] = {}


def register() -> None:
    """Register every game with OpenSpiel (done on import)."""
    for game_id in GAME_IDS:
        if game_id in GAME_CLASSES:
            continue
        cls = type(f"SolotableSpielGame_{game_id.replace('-', '_')}", (SolotableSpielGame,), {"game_id": game_id})
        GAME_CLASSES[game_id] = cls
        pyspiel.register_game(_game_type(game_id, load(game_id)), cls)


register()
