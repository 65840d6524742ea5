"""Gymnasium environments: one per game, on the public game protocol.

``gymnasium.make("solotable/<game>-v0", difficulty="hard")`` gives a :class:`SolotableEnv`: a fixed
``Discrete(N)`` action catalogue (:mod:`solotable.rl.catalogue`), the legal-action mask in
``info["action_mask"]`` and from :meth:`SolotableEnv.action_masks`, a float32 observation vector of
what the player sees (the game's features), reward +1 for a win and 0 for a loss
(``reward="score"`` adds a shaped progress score), and every chance outcome drawn from the env's
``np_random`` by the game's exact chance table. :class:`SolotableVectorEnv` plays many games in one
process into shared arrays. ``docs/rl.md`` documents it all.

Both are built on :class:`Table`: one game, whose observation vector and mask are written in one
pass into a row of preallocated arrays, straight from the state where the game offers it
(``Features.write``), else through its observation.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from solotable.core.protocol import Game, State

from .catalogue import GAME_IDS, catalogue, features
from .encode import size
from .table import Table, game_options, play_all, restart

__all__ = ["SolotableEnv", "SolotableVectorEnv", "Table", "game_options", "progress", "register_envs"]

REWARDS = ("win", "score")
ILLEGAL = ("lose", "raise")
OBS_BOUND = 1000.0
"""The observation space's bounds: features are scaled to about [0, 1]; nothing comes near this."""
def progress(game_id: str, obs: Mapping[str, Any]) -> float:
    """How far a game has got, from what the player sees, about 0 at the start and 1 at the end:
    the potential of ``reward="score"`` (its differences are the shaped rewards); the game's own
    measure (``Features.progress``)."""
    return features(game_id).progress(obs)


class SolotableEnv(gym.Env[np.ndarray, np.int64]):
    """One solotable game as a single-agent Gymnasium environment.

    In a co-operative game (options that seat several players), the one agent plays every seat
    (shared reward); the observation is always written from the seat to move (``info["player"]``).
    The PettingZoo environment (:mod:`solotable.rl.coop`) gives each seat its own agent.

    An action outside the mask ends the episode as a loss (``terminated``, reward 0,
    ``info["illegal_action"]`` and ``info["won"] = False``, the mask all zeros), so that unmasked
    random actions stay safe; ``illegal_action="raise"`` raises ``ValueError`` instead and leaves the
    game as it was. A ``step()`` after the episode ended raises ``RuntimeError``: call ``reset()``.

    ``render_mode="ansi"``: ``render()`` returns the table as text; ``"human"``: the text is written
    to standard output at every reset and step (and by ``render()``, which returns None).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's convention

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
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.game_id = game_id
        self.catalogue: tuple[str, ...] = catalogue(game_id)
        n = size(game_id)
        self._table = Table(game_id, options, np.zeros(n, dtype=np.float32),
                            np.zeros(len(self.catalogue), dtype=np.int8))
        self.game: Game = self._table.game
        self.options = self._table.options
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.lang = lang
        self.action_space = spaces.Discrete(len(self.catalogue))
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(n,), dtype=np.float32)
        self._progress = 0.0
        self._ended = False

    @property
    def state(self) -> State:
        """The engine's state of the game being played."""
        return self._table.state

    @property
    def episode_over(self) -> bool:
        """The game ended, or an illegal action ended the episode."""
        return self._ended or self._table.state.to_move is None

    @property
    def record(self) -> list[str]:
        """Every action notation played this episode, chance outcomes included (a game record)."""
        return [str(a) for a in self._table.actions]

    @property
    def player(self) -> int:
        """The seat to move (the seat whose view the observation is), 0 at the end."""
        return self._table.player

    # -- the episode ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        table = self._table
        if seed is not None or table.gen is not self.np_random:
            table.seed(self.np_random)
        skipped = table.new_game(seed)
        self._ended = False
        if self.reward_mode == "score":
            self._progress = progress(self.game_id, self.state.observation(self.player))
        info = self._info(table.state.to_move)
        info["skipped_games"] = skipped
        if self.render_mode == "human":
            self.render()
        return table.obs.copy(), info

    def step(self, action: int | np.integer[Any]) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self._table
        chosen = table.chosen(int(action))  # (None once the episode is over)
        if chosen is None:
            if self._ended or table.state.to_move is None:
                raise RuntimeError("the episode is over (terminated): call reset() before step()")
            if self.illegal_action == "raise":
                name = self.catalogue[int(action)] if 0 <= int(action) < len(self.catalogue) else str(action)
                legal = ", ".join(self.catalogue[i] for i in table.legal)
                raise ValueError(f"action {int(action)} ({name}) is not legal now; legal: {legal}")
            # the episode ends here, lost: nothing more is legal in it
            self._ended = True
            table.forbid()
            info = self._info(table.state.to_move)
            info.update(illegal_action=True, won=False, score=None)
            return table.obs.copy(), 0.0, True, False, info
        table.play(chosen)
        state = table.state
        tm = state.to_move
        reward = 0.0
        if self.reward_mode == "score":
            now = progress(self.game_id, state.observation(self.player))
            reward += now - self._progress
            self._progress = now
        info = self._info(tm)
        if tm is None and info["won"]:
            reward += 1.0
        if self.render_mode == "human":
            self.render()
        return table.obs.copy(), reward, tm is None, False, info

    # -- what the agent sees ---------------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans over the catalogue (sb3-contrib's MaskablePPO calls this)."""
        return self._table.mask.astype(bool)

    def get_action_meanings(self) -> list[str]:
        """What each action index means: its notation in the game (the catalogue, docs/rl.md)."""
        return list(self.catalogue)

    def _info(self, tm: int | None) -> dict[str, Any]:
        """The step's info (``tm``: the state's ``to_move``)."""
        table = self._table
        info: dict[str, Any] = {"action_mask": table.mask.copy(), "player": tm if tm is not None and tm >= 0 else 0}
        if table.outside:
            info["uncatalogued_actions"] = table.outside
        if tm is None:
            result = table.state.result()
            info["won"] = result.won
            info["score"] = result.score
        return info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.render_text(self.state, self.lang)
        if self.render_mode == "human":
            sys.stdout.write(self.game.render_text(self.state, self.lang) + "\n")
        return None


class SolotableVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """Many games of one kind stepped in one process, their vectors and masks written into shared
    arrays (``obs``: ``(num_envs, features)`` float32; ``masks``: ``(num_envs, actions)`` int8).

    Autoreset is Gymnasium's ``SAME_STEP`` mode: when a game ends (``terminations[i]``, its reward
    given), the same step deals sub-env ``i`` its next game, so the returned row of ``obs`` and of
    ``infos["action_mask"]`` is already the new game's first decision (a mask row is never all
    zeros); the ended game's last vector is in ``infos["final_obs"][i]`` and its result in
    ``infos["won"][i]`` (``infos["_final_obs"]`` and ``infos["_won"]`` say which rows hold one).
    An action outside the mask ends that game as a loss (``infos["illegal_action"][i]``) under
    ``illegal_action="lose"``, and raises ``ValueError`` under ``"raise"``. Sub-env ``i`` draws
    chance from a generator seeded ``seed + i``. With ``copy=False`` the arrays returned are the
    shared ones, overwritten by the next step (faster; copy what you keep).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        game_id: str,
        num_envs: int = 8,
        *,
        reward: str = "win",
        illegal_action: str = "lose",
        copy: bool = True,
        **options: object,
    ) -> None:
        if reward != "win":
            raise ValueError("the vector env gives the win reward only (reward='win')")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        self.game_id = game_id
        self.num_envs = num_envs
        self.catalogue: tuple[str, ...] = catalogue(game_id)
        n, k = size(game_id), len(self.catalogue)
        self.obs = np.zeros((num_envs, n), dtype=np.float32)
        self.masks = np.zeros((num_envs, k), dtype=np.int8)
        self.tables = [Table(game_id, options, self.obs[i], self.masks[i]) for i in range(num_envs)]
        self.options = self.tables[0].options
        self.illegal_action = illegal_action
        self.copy = copy
        self.single_observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(n,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(k)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i for i in range(self.num_envs)]
        skipped = np.zeros(self.num_envs, dtype=np.int64)
        for i, (table, s) in enumerate(zip(self.tables, seeds, strict=True)):
            table.seed(np.random.default_rng(s))
            skipped[i] = table.new_game(s)
        return self._out(self.obs), {"action_mask": self._out(self.masks), "skipped_games": skipped}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        n = self.num_envs
        ended: list[int] = []
        illegal: list[int] = []
        picked = (actions if isinstance(actions, np.ndarray) else np.asarray(actions)).tolist()
        bad = play_all(self.tables, picked, self.illegal_action == "raise", ended, illegal)
        if bad >= 0:
            a = picked[bad]
            name = self.catalogue[a] if 0 <= a < len(self.catalogue) else str(a)
            raise ValueError(f"sub-env {bad}: action {a} ({name}) is not legal now")
        infos: dict[str, Any] = {}
        terminations = np.zeros(n, dtype=np.bool_)
        rewards = np.zeros(n, dtype=np.float64)
        if ended:  # (a few rows a step: set one by one, cheaper than NumPy's indexing by a list)
            final = np.empty(n, dtype=object)  # (None in every row)
            obs = self.obs
            for i in ended:
                final[i] = obs[i].copy()  # the ended game's last vector, before the next game's row
                terminations[i] = True
            won = restart(self.tables, ended, illegal)
            won_row = np.zeros(n, dtype=np.bool_)
            for i, w in zip(ended, won, strict=True):
                if w:
                    won_row[i] = True
                    rewards[i] = 1.0
            infos.update({"final_obs": final, "_final_obs": terminations.copy(), "won": won_row,
                          "_won": terminations.copy()})
            if illegal:
                illegal_row = np.zeros(n, dtype=np.bool_)
                illegal_row[illegal] = True
                infos.update({"illegal_action": illegal_row, "_illegal_action": illegal_row.copy()})
        infos["action_mask"] = self._out(self.masks)  # (after the new games' first rows)
        return self._out(self.obs), rewards, terminations, np.zeros(n, dtype=np.bool_), infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every sub-env as booleans (rows over the catalogue)."""
        return self.masks.astype(bool)

    def get_action_meanings(self) -> list[str]:
        """What each action index means: its notation in the game (the catalogue, docs/rl.md)."""
        return list(self.catalogue)

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a


def register_envs() -> None:
    """Register every game of the registry that declares features with Gymnasium (done by
    ``import solotable.rl``)."""
    for game_id in GAME_IDS:
        env_id = f"solotable/{game_id}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="solotable.rl.env:SolotableEnv", kwargs={"game_id": game_id},
                         disable_env_checker=False)
