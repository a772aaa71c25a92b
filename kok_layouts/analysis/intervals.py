"""95% intervals: Wilson's for a share, Student's for a mean, the bootstrap otherwise."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy.special import stdtrit

Z95 = 1.959963984540054
BOOTSTRAP_DRAWS = 1000
BOOTSTRAP_SEED = 20_261_130
"""The bootstrap's own seed: the same games always give the same interval."""


@dataclass(frozen=True)
class Estimate:
    """A measured value and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low

    def as_list(self) -> list[float]:
        return [self.value, self.low, self.high]

    @classmethod
    def from_list(cls, data: list[float]) -> Estimate:
        value, low, high = (float(x) for x in data)
        return cls(value, low, high)


def wilson(successes: float, trials: int) -> Estimate:
    """Wilson's score interval for a share (``successes`` may be fractional: shared wins)."""
    if trials <= 0:
        return Estimate(0.0, 0.0, 1.0)
    share = successes / trials
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (
        1 + z2 / trials)
    # Rounding can put a bound a hair past the share at 0 or 1 successes: clamp.
    return Estimate(share, min(share, max(0.0, centre - half)),
                    max(share, min(1.0, centre + half)))


def mean_interval(values: np.ndarray) -> Estimate:
    """Student's t interval for the mean of independent values."""
    n = int(values.size)
    mean = float(values.mean()) if n else 0.0
    if n < 2:
        # No spread to measure; the verdicts want 30 games anyway. (Infinite bounds would
        # not survive JSON.)
        return Estimate(mean, mean, mean)
    # Student's t quantile (what scipy.stats.t.ppf computes; scipy.special is far quicker
    # to import than scipy.stats, which every `kok check` would pay for).
    half = float(stdtrit(n - 1, 0.975)) * float(values.std(ddof=1)) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


def bootstrap(rows: np.ndarray, statistic: Callable[[np.ndarray], np.ndarray],
              draws: int = BOOTSTRAP_DRAWS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Percentile bootstrap over the games (the rows of ``rows``) of a vector statistic.

    ``statistic`` maps a (games x k) array to k values. Returns the values and their
    2.5% and 97.5% percentiles.
    """
    value = statistic(rows)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    n = rows.shape[0]
    samples = np.array([statistic(rows[rng.integers(0, n, n)]) for _ in range(draws)])
    return (value, *_percentiles(samples))


@lru_cache(maxsize=4)
def _resample_counts(n: int, draws: int) -> np.ndarray:
    """How often each of ``n`` games is drawn in each of the bootstrap's resamples
    (draws x n): the very draws :func:`bootstrap` makes, one resample after another."""
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    counts = np.empty((draws, n))
    for d in range(draws):
        counts[d] = np.bincount(rng.integers(0, n, n), minlength=n)
    counts.flags.writeable = False
    return counts


def bootstrap_of_means(rows: np.ndarray, statistic: Callable[[np.ndarray], np.ndarray],
                       draws: int = BOOTSTRAP_DRAWS,
                       ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`bootstrap` for a statistic of the column means of ``rows`` when the rows hold
    whole numbers (0/1 completions): ``statistic`` maps a matrix whose rows are k column
    means each to a matrix of its values, one row each (all the resamples in one call).

    Every resample's means come at once from how often it draws each game (one product
    of matrices instead of a thousand copies of the rows). Sums of whole numbers are
    exact in floating point, so the means, and the values and percentiles, are the very
    floats :func:`bootstrap` gives with ``lambda block: statistic(block.mean(axis=0)[None])
    [0]``, as long as ``statistic`` treats each row as it would treat it alone.
    """
    n = rows.shape[0]
    value: np.ndarray = statistic(rows.mean(axis=0)[np.newaxis])[0]
    means = _resample_counts(n, draws) @ rows / n
    return (value, *_percentiles(statistic(means)))


def _percentiles(samples: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 2.5% and 97.5% percentiles of the resampled values (draws x k)."""
    with warnings.catch_warnings():  # a statistic undefined in every draw stays NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        return (np.nanpercentile(samples, 2.5, axis=0),
                np.nanpercentile(samples, 97.5, axis=0))
