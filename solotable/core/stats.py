"""Small statistics every part shares: the Wilson score interval of a proportion (the
simulator's win rates, the hints' chances of winning)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    With no trials, nothing is known: ``(0.0, 1.0)``.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    return wilson_rate_interval(successes / trials, trials, z)


def wilson_rate_interval(rate: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval around an observed ``rate`` in [0, 1] over ``trials`` (95% by
    default): :func:`wilson_interval` for a rate that need not be a whole count over ``trials``
    (the mean of simulation values some of which are estimated chances). ``(0.0, 1.0)`` with no
    trials."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"a rate is between 0 and 1, not {rate}")
    p = rate
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    # exactly 0 with no success and 1 with no failure (rounding left 1e-17 and 1 - 1e-16), and
    # never past the observed rate, so that the errors p - low and high - p are never negative
    low = 0.0 if p == 0.0 else min(p, max(0.0, centre - half))
    high = 1.0 if p == 1.0 else max(p, min(1.0, centre + half))
    return (low, high)
