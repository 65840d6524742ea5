"""Logistic regression for the fitted value functions (``fit_*_value.py``): one fit, shared."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from solotable.agents.base import Agent
from solotable.core.protocol import CHANCE, State
from solotable.core.registry import load
from solotable.sim.runner import game_rngs


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int) -> np.ndarray:
    """Logistic regression by Newton's method, with a small ridge on every weight but the bias."""
    w = np.zeros(x.shape[1])
    ridge = np.full(x.shape[1], l2 * len(y))
    ridge[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(ridge + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray, mean: float) -> tuple[float, float, float, float]:
    """Log loss and Brier score of ``w`` on ``(x, y)``, and of always predicting ``mean``."""
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    m = float(np.clip(mean, 1e-9, 1 - 1e-9))
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    base = float(-np.mean(y * math.log(m) + (1 - y) * math.log(1 - m)))
    return loss, base, float(np.mean((p - y) ** 2)), float(np.mean((m - y) ** 2))


def collect_at_stages(
    game_id: str,
    options: Callable[[int], dict[str, Any]],
    stage: Callable[[State], int],
    features: Callable[[State], list[float]],
    make_agent: Callable[[], Agent],
    games: int,
    seed: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The positions where a review's rollouts stop, for a fit of its evaluation: the features of
    the first position of every stage after the first (``stage`` changes) of ``games`` games of
    ``make_agent()``'s bot (game ``index`` set up by ``options(index)``, its dice and the bot's
    choices from the simulator's streams of ``seed``), each labelled by whether its game was won,
    with the game's index (to hold games out whole)."""
    game = load(game_id)
    agent = make_agent()
    xs: list[list[float]] = []
    ys: list[int] = []
    gs: list[int] = []
    for index in range(games):
        chance_rng, agent_rng = game_rngs(seed, index)
        state = game.new_state(**options(index))
        state.set_events(False)
        rows: list[list[float]] = []
        area = stage(state)
        while state.to_move is not None:
            if stage(state) != area:
                area = stage(state)
                rows.append(features(state))
            if state.to_move == CHANCE:
                state.apply(state.chance_table().sample(chance_rng), trusted=True)
            else:
                state.apply(agent.choose(state, agent_rng), trusted=True)
        won = int(bool(getattr(state, "won")))  # noqa: B009 (both Mini Rogues' states have it; the protocol does not)
        xs.extend(rows)
        ys.extend([won] * len(rows))
        gs.extend([index] * len(rows))
    return np.array(xs), np.array(ys, dtype=float), np.array(gs)
