"""Gymnasium environments: one per game, on the public game protocol.

``gymnasium.make("solotable/<game>-v0", difficulty="hard")`` (after ``import solotable.rl``)
gives a :class:`SolotableEnv`: a fixed ``Discrete(N)`` action catalogue
(:mod:`solotable.rl.catalogue`), the legal-action mask in ``info["action_mask"]`` and from
:meth:`SolotableEnv.action_masks`, a float32 observation vector of what the player sees
(:mod:`solotable.rl.encode`), reward +1 for a win and 0 for a loss (``reward="score"`` adds a
shaped progress score), and every chance outcome drawn from the env's ``np_random`` by the
game's exact chance table. ``docs/rl.md`` documents it all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from solotable.core.protocol import CHANCE, Action, Game, State
from solotable.core.registry import load

from .catalogue import GAME_IDS, catalogue, features, legal_indices
from .encode import encode, size

REWARDS = ("win", "score")
ILLEGAL = ("lose", "raise")
OBS_BOUND = 1000.0
"""The observation space's bounds: features are scaled to about [0, 1]; nothing comes near this."""


def progress(game_id: str, obs: Mapping[str, Any]) -> float:
    """How far a game has got, from what the player sees, about 0 at the start and 1 at the end:
    the potential of ``reward="score"`` (its differences are the shaped rewards); the game's own
    measure (``Features.progress``)."""
    return features(game_id).progress(obs)


class NumpyRandom:
    """``random.Random``'s ``random()`` over a numpy ``Generator``, so the games' chance tables
    (:meth:`solotable.ChanceTable.sample`) draw from the env's ``np_random``."""

    __slots__ = ("gen",)

    def __init__(self, gen: np.random.Generator) -> None:
        self.gen = gen

    def random(self) -> float:
        return float(self.gen.random())


def game_options(game: Game, options: Mapping[str, object]) -> dict[str, str | bool | int]:
    """The game's options as the CLI takes them; ``forced_end`` may be written for ``forced-end``."""
    names = {o.name for o in game.option_specs}
    fixed: dict[str, object] = {}
    for k, v in options.items():
        name = k if k in names or k.replace("_", "-") not in names else k.replace("_", "-")
        fixed[name] = v
    return game.validate_options(fixed)


class SolotableEnv(gym.Env[np.ndarray, np.int64]):
    """One solotable game as a single-agent Gymnasium environment.

    In a co-operative game (options that seat several players), the one agent plays every seat (shared reward); the
    observation is always written from the seat to move (``info["player"]``). The PettingZoo
    environment (:mod:`solotable.rl.coop`) gives each seat its own agent.

    An action outside the mask ends the episode as a loss (``info["illegal_action"]``), so that
    unmasked random actions stay safe; ``illegal_action="raise"`` raises ``ValueError`` instead.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        game_id: str,
        *,
        reward: str = "win",
        illegal_action: str = "lose",
        render_mode: str | None = None,
        lang: str = "en",
        **options: object,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.game_id = game_id
        self.game: Game = load(game_id)
        self.options = game_options(self.game, options)
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.lang = lang
        self.catalogue: tuple[str, ...] = catalogue(game_id)
        self.action_space = spaces.Discrete(len(self.catalogue))
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(size(game_id),), dtype=np.float32)
        self.state: State = self.game.new_state(seed=0, **self.options)
        self.record: list[str] = []
        """Every action notation played this episode, chance outcomes included (a game record)."""
        self._legal: dict[int, Action] = {}
        self._mask = np.zeros(len(self.catalogue), dtype=np.int8)
        self._rng = NumpyRandom(np.random.default_rng(0))
        self._progress = 0.0
        self._outside = 0
        self._seed: int | None = None

    # -- the episode ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = NumpyRandom(self.np_random)
        self._seed = seed
        # A game can end before its first decision (Mini Rogue v1: a run of traps in single
        # columns kills the hero with nothing to choose); an episode needs a decision, so such
        # games are counted in info["skipped_games"] (each a loss no agent could avoid) and the
        # next game is dealt from the same generator.
        skipped = 0
        while True:
            self.state = self.game.new_state(seed=seed, **self.options)
            self.record = []
            self._advance()
            if not self.state.is_terminal():
                break
            skipped += 1
        obs = self.state.observation(self.player)
        self._progress = progress(self.game_id, obs)
        info = self._info()
        info["skipped_games"] = skipped
        return encode(self.game_id, obs, self.player), info

    def step(self, action: int | np.integer[Any]) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal_action == "raise":
                name = self.catalogue[int(action)] if 0 <= int(action) < len(self.catalogue) else str(action)
                legal = ", ".join(self.catalogue[i] for i in self._legal)
                raise ValueError(f"action {int(action)} ({name}) is not legal now; legal: {legal}")
            info = self._info()
            info["illegal_action"] = True
            obs = encode(self.game_id, self.state.observation(self.player), self.player)
            return obs, 0.0, True, False, info
        self.state.apply(chosen)
        self.record.append(str(chosen))
        self._advance()
        obs_json = self.state.observation(self.player)
        terminated = self.state.is_terminal()
        reward = 0.0
        if self.reward_mode == "score":
            now = progress(self.game_id, obs_json)
            reward += now - self._progress
            self._progress = now
        if terminated and self.state.result().won:
            reward += 1.0
        return encode(self.game_id, obs_json, self.player), reward, terminated, False, self._info()

    def _advance(self) -> None:
        """Play chance nodes (drawn from ``np_random``) until a decision or the end."""
        state = self.state
        while state.to_move == CHANCE:
            outcome = state.chance_table().sample(self._rng)  # type: ignore[arg-type]
            state.apply(outcome)
            self.record.append(str(outcome))
        self._mask[:] = 0
        self._legal = {}
        self._outside = 0
        if state.is_terminal():
            return
        self._legal, outside = legal_indices(self.game_id, state)
        if outside:
            # JongRogue only: a target past the catalogue's tiles of one room (docs/rl.md)
            self._outside = len(outside)
            if not self._legal:
                raise RuntimeError(f"{self.game_id}: no legal action is in the catalogue: "
                                   f"{', '.join(str(a) for a in outside)}")
        for i in self._legal:
            self._mask[i] = 1

    # -- what the agent sees ---------------------------------------------------------------------

    @property
    def player(self) -> int:
        """The seat to move (the seat whose view the observation is), 0 at the end."""
        tm = self.state.to_move
        return tm if tm is not None and tm >= 0 else 0

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans over the catalogue (sb3-contrib's MaskablePPO calls this)."""
        return self._mask.astype(bool)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask.copy(), "player": self.player}
        if self._outside:
            info["uncatalogued_actions"] = self._outside
        if self.state.is_terminal():
            result = self.state.result()
            info["won"] = result.won
            info["score"] = result.score
        return info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.render_text(self.state, self.lang)
        return None


def register_envs() -> None:
    """Register every game of the registry that declares features with Gymnasium (done by
    ``import solotable.rl``)."""
    for game_id in GAME_IDS:
        env_id = f"solotable/{game_id}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="solotable.rl.env:SolotableEnv", kwargs={"game_id": game_id},
                         disable_env_checker=False)
