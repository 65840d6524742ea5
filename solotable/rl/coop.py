"""A co-operative game as a PettingZoo AEC environment: one agent per seat, one shared reward.

``coop.env(game_id, **options)`` takes any game whose options seat several players
(``Features.seats``); today that is Mini Rogue 2020 with a ``partner``: ``player_0`` plays
``character`` (seat 1), ``player_1`` plays ``partner`` (seat 2). The agent to act is the seat
whose decision it is (an agent may act several times in a row: the game decides who moves, as at
the table). Each agent's observation is PettingZoo's classic form, a dict of ``observation`` (the
game's vector of :mod:`solotable.rl.encode`, written from that agent's seat: "me" is the agent)
and ``action_mask`` (zeros when it is not the agent's turn); the mask is also in
``infos[agent]["action_mask"]``. Chance is resolved inside the env from its
``np_random``. Both agents get +1 when the party wins and 0 when it loses (``reward="score"``:
the shaped progress score of the Gymnasium env, shared).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .catalogue import features
from .encode import encode
from .env import OBS_BOUND, SolotableEnv


class CoopEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi", "human"], "name": "solotable_coop_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        reward: str = "win",
        render_mode: str | None = None,
        lang: str = "en",
        **options: object,
    ) -> None:
        super().__init__()
        self.env = SolotableEnv(game_id, reward=reward, illegal_action="lose", render_mode=render_mode, lang=lang,
                                **options)
        seats = features(game_id).seats
        n = seats(self.env.options) if seats is not None else 1
        if n < 2:
            raise ValueError(f"the co-op environment needs options that seat two players or more; {game_id} "
                             f"with {self.env.options} seats {n}")
        self.game_id = game_id
        self.render_mode = render_mode
        agents = tuple(f"player_{i}" for i in range(n))
        self.possible_agents = list(agents)
        self.agents = list(agents)
        self._agents = agents
        n = len(self.env.catalogue)
        obs_box = self.env.observation_space
        self._obs_spaces = {
            a: spaces.Dict({"observation": spaces.Box(-OBS_BOUND, OBS_BOUND, shape=obs_box.shape, dtype=np.float32),
                            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8)})
            for a in self._agents
        }
        self._act_spaces = {a: spaces.Discrete(n) for a in self._agents}
        self._zeros = np.zeros(n, dtype=np.int8)
        self.rewards = dict.fromkeys(self._agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self._agents, 0.0)
        self.terminations = dict.fromkeys(self._agents, False)
        self.truncations = dict.fromkeys(self._agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self._agents}
        self.agent_selection = self._agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_spaces[agent]

    def _mask(self, agent: str) -> np.ndarray:
        env = self.env
        if env.episode_over or self._agents[env.player] != agent:
            return self._zeros.copy()
        return env.action_masks().astype(np.int8)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._agents.index(agent)
        vec = encode(self.game_id, self.env.state.observation(seat), seat)
        return {"observation": vec, "action_mask": self._mask(agent)}

    def _set_infos(self) -> None:
        env = self.env
        for a in self.agents:
            info: dict[str, Any] = {"action_mask": self._mask(a)}
            if env.episode_over:
                info["won"] = env.state.is_terminal() and env.state.result().won
            self.infos[a] = info

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=seed)
        self.agents = list(self._agents)
        self.rewards = dict.fromkeys(self._agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self._agents, 0.0)
        self.terminations = dict.fromkeys(self._agents, False)
        self.truncations = dict.fromkeys(self._agents, False)
        self.agent_selection = self._agents[self.env.player]
        self._set_infos()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action")
        self._cumulative_rewards[agent] = 0.0
        _obs, reward, terminated, _trunc, info = self.env.step(action)
        for a in self.agents:
            self.rewards[a] = float(reward)
            self.terminations[a] = bool(terminated)
        self._set_infos()
        if info.get("illegal_action"):
            for a in self.agents:
                self.infos[a]["illegal_action"] = True
        if not terminated:
            self.agent_selection = self._agents[self.env.player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> CoopEnv:
    """PettingZoo's usual constructor name: ``solotable.rl.coop.env(game_id, partner=..., ...)``."""
    return CoopEnv(game_id, **kwargs)
