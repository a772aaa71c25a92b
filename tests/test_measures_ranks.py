"""The rank correlation of the column points with the columns' difficulty, bootstrapped a
thousand times per check, is computed without scipy's per-call overhead and gives the very
floats ``scipy.stats.spearmanr`` gives."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import rankdata, spearmanr
from scipy.stats import t as student_t

from kok_layouts.analysis.intervals import bootstrap, bootstrap_of_means, mean_interval
from kok_layouts.analysis.measures import (
    average_ranks,
    average_ranks_of_rows,
    rank_correlation,
    ranks_correlation,
    ranks_of,
)

VALUES = st.lists(st.integers(0, 12), min_size=2, max_size=26)


@settings(max_examples=100, deadline=None)
@given(VALUES)
def test_ties_share_the_mean_of_their_ranks_as_rankdata_gives(values: list[int]) -> None:
    array = np.array(values, dtype=float) / 7
    assert average_ranks(array).tolist() == rankdata(array).tolist()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.integers(-5, 5), st.floats(allow_infinity=False)), max_size=20))
def test_ranks_of_any_numbers_are_what_rankdata_gives(values: list[float]) -> None:
    expected = rankdata(values) if values else np.empty(0)
    assert np.array_equal(ranks_of(values), expected, equal_nan=True)


def test_ranks_of_none_and_of_a_nan_are_rankdatas() -> None:
    assert ranks_of([]).tolist() == []
    assert np.isnan(ranks_of([1.0, float("nan"), 2.0])).all()


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 300_000), st.floats(-1e6, 1e6), st.floats(0.0, 1e3))
def test_the_mean_interval_uses_students_t_to_the_last_bit(games: int, mean: float,
                                                             spread: float) -> None:
    values = np.full(games, mean)
    values[::2] += spread
    interval = mean_interval(values)
    half = float(student_t.ppf(0.975, games - 1)) * float(values.std(ddof=1)) / np.sqrt(games)
    assert interval.high == float(values.mean()) + half


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_rank_correlation_is_spearmans_to_the_last_bit(data: st.DataObject) -> None:
    worth = data.draw(VALUES)
    values = data.draw(st.lists(st.integers(0, 40), min_size=len(worth), max_size=len(worth)))
    difficulty = np.array(values, dtype=float) / 13
    ranks = average_ranks(np.array(worth, dtype=float))
    if len(set(worth)) < 2 or len(set(values)) < 2:
        if len(set(values)) < 2:
            assert np.isnan(rank_correlation(ranks, difficulty))
        return
    assert rank_correlation(ranks, difficulty) == float(spearmanr(worth, difficulty).statistic)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_correlation_of_two_rankings_is_np_corrcoefs_to_the_last_bit(
        data: st.DataObject) -> None:
    worth = data.draw(VALUES)
    values = data.draw(st.lists(st.integers(0, 40), min_size=len(worth), max_size=len(worth)))
    first, second = (average_ranks(np.array(v, dtype=float)) for v in (worth, values))
    with np.errstate(invalid="ignore", divide="ignore"):  # a ranking of one rank: NaN
        expected = float(np.corrcoef(np.column_stack((first, second)), rowvar=False)[1, 0])
        found = ranks_correlation(first, second)
    assert found == expected or (np.isnan(found) and np.isnan(expected))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 40).flatmap(lambda rows: st.lists(
    st.lists(st.integers(0, 6), min_size=rows, max_size=rows), min_size=1, max_size=26)))
def test_the_ranks_of_each_row_are_the_very_floats_of_average_ranks(
        table: list[list[int]]) -> None:
    values = np.array(table, dtype=float).T / 7  # rows of 1 to 26 values, many ties
    expected = np.array([average_ranks(row) for row in values])
    assert np.array_equal(average_ranks_of_rows(values), expected)


@settings(max_examples=60, deadline=None, database=None)
@given(st.tuples(st.integers(1, 60), st.integers(2, 26)).flatmap(lambda size: st.lists(
    st.lists(st.integers(0, 1), min_size=size[1], max_size=size[1]), min_size=size[0],
    max_size=size[0])))
def test_the_bootstrap_of_means_gives_the_very_floats_of_the_plain_bootstrap(
        table: list[list[int]]) -> None:
    """The bootstrap of means hands its statistic every resample at once; the statistics
    of :func:`~kok_layouts.analysis.measures.measure` treat them row by row, so it gives the
    very floats of the plain bootstrap of the same statistic of one resample's means."""
    rows = np.array(table, dtype=float)
    worth = average_ranks(np.arange(rows.shape[1]) // 2 * 1.0)  # with ties

    def ease(rates: np.ndarray) -> np.ndarray:
        result: np.ndarray = rates - rates.mean()
        return result

    def rho(rates: np.ndarray) -> np.ndarray:
        difficulty = 1.0 - rates
        if (difficulty == difficulty[0]).all():
            return np.array([float("nan")])
        return np.array([rank_correlation(worth, difficulty)])

    def ease_of_rows(rates: np.ndarray) -> np.ndarray:
        result: np.ndarray = rates - rates.mean(axis=1, keepdims=True)
        return result

    def rho_of_rows(rates: np.ndarray) -> np.ndarray:
        difficulty = 1.0 - rates
        orders = average_ranks_of_rows(difficulty)
        found = np.full((len(rates), 1), float("nan"))
        for row in range(len(rates)):
            if not (difficulty[row] == difficulty[row, 0]).all():
                found[row, 0] = ranks_correlation(worth, orders[row])
        return found

    for statistic, of_rows in ((ease, ease_of_rows), (rho, rho_of_rows)):
        fast = bootstrap_of_means(rows, of_rows, draws=80)
        def of_block(block: np.ndarray, f: Callable[[np.ndarray], np.ndarray] = statistic,
                     ) -> np.ndarray:
            return f(block.mean(axis=0))

        plain = bootstrap(rows, of_block, draws=80)
        for a, b in zip(fast, plain, strict=True):
            assert np.array_equal(a, b, equal_nan=True)
