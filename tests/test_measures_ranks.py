"""The rank correlation of the column points with the columns' difficulty, bootstrapped a
thousand times per check, is computed without scipy's per-call overhead and gives the very
floats ``scipy.stats.spearmanr`` gives."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import rankdata, spearmanr

from kok_layouts.analysis.measures import average_ranks, rank_correlation

VALUES = st.lists(st.integers(0, 12), min_size=2, max_size=26)


@settings(max_examples=100, deadline=None)
@given(VALUES)
def test_ties_share_the_mean_of_their_ranks_as_rankdata_gives(values: list[int]) -> None:
    array = np.array(values, dtype=float) / 7
    assert average_ranks(array).tolist() == rankdata(array).tolist()


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
