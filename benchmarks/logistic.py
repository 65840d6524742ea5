"""Logistic regression for the fitted value functions (``fit_*_value.py``): one fit, shared."""

from __future__ import annotations

import math

import numpy as np


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
