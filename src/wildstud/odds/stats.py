"""Confidence intervals and tests of agreement, without SciPy.

>>> low, high = wilson(30, 100)
>>> round(low, 3), round(high, 3)
(0.219, 0.396)
>>> round(chi_square_p(3.84, 1), 2)
0.05
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "chi_square_p", "homogeneity_p", "mean_interval", "normal_p", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: shares of
    a split pot count as parts of a win). It always holds the observed proportion: none
    observed gives ``low = 0`` exactly and all observed ``high = 1``, where rounding alone
    would leave the ends a hair inside.

    >>> wilson(0, 1000)[0], wilson(1000, 1000)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(max(p * (1 - p) / trials + z * z / (4 * trials * trials), 0.0))
    half /= denominator
    low = 0.0 if p <= 0 else min(max(0.0, centre - half), p)
    high = 1.0 if p >= 1 else max(min(1.0, centre + half), p)
    return (float(low), float(high))


def mean_interval(total: float, squares: float, count: int, z: float = Z95) -> tuple[float, float]:
    """The normal interval of a mean, from the sum and the sum of squares of ``count`` values.

    >>> mean_interval(10.0, 30.0, 5)[0] < 2.0 < mean_interval(10.0, 30.0, 5)[1]
    True
    """
    if count < 2:
        return (-math.inf, math.inf)
    mean = total / count
    variance = max(squares / count - mean * mean, 0.0) * count / (count - 1)
    half = z * math.sqrt(variance / count)
    return (mean - half, mean + half)


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_p(statistic: float, degrees: int) -> float:
    """The upper-tail p-value of a chi-square statistic (Wilson-Hilferty's cube root, close
    enough for a test of agreement)."""
    if degrees <= 0:
        return 1.0
    if statistic <= 0:
        return 1.0
    k = float(degrees)
    z = ((statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def homogeneity_p(first: Sequence[int], second: Sequence[int], minimum: float = 5.0) -> float:
    """Whether two samples of counts over the same categories come from one distribution: the
    p-value of Pearson's chi-square test, categories with few expected counts pooled together.

    >>> homogeneity_p([50, 30, 20], [500, 300, 200]) > 0.99
    True
    >>> homogeneity_p([80, 10, 10], [500, 300, 200]) < 1e-6
    True
    """
    n1, n2 = sum(first), sum(second)
    if n1 == 0 or n2 == 0:
        return 1.0
    cells: list[tuple[int, int]] = []
    pool = (0, 0)
    for a, b in zip(first, second, strict=True):
        expected = min(n1, n2) * (a + b) / (n1 + n2)
        if expected < minimum:
            pool = (pool[0] + a, pool[1] + b)
        else:
            cells.append((a, b))
    if pool != (0, 0):
        cells.append(pool)
    statistic = 0.0
    for a, b in cells:
        total = a + b
        for observed, size in ((a, n1), (b, n2)):
            expected = size * total / (n1 + n2)
            if expected > 0:
                statistic += (observed - expected) ** 2 / expected
    return chi_square_p(statistic, len(cells) - 1)
