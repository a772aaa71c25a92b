"""Properties of the intervals and of the three-way verdict rule, and hostile arguments."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts.analysis.balance import MIN_GAMES, Spread, decide
from kok_layouts.analysis.intervals import Estimate, bootstrap, mean_interval, wilson
from kok_layouts.cli.main import build_parser

shares = st.integers(min_value=1, max_value=100_000).flatmap(
    lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n)))


@given(shares)
def test_wilson_interval_lies_in_0_1_and_holds_the_share(case: tuple[int, int]) -> None:
    successes, trials = case
    estimate = wilson(successes, trials)
    assert 0.0 <= estimate.low <= estimate.value <= estimate.high <= 1.0


@given(st.floats(0, 1), st.floats(0, 0.5), st.floats(0, 1), st.floats(0, 1),
       st.integers(0, 10_000))
def test_a_verdict_never_fails_while_the_interval_touches_the_spread(
        centre: float, half: float, a: float, b: float, games: int) -> None:
    estimate = Estimate(centre, centre - half, centre + half)
    spread = Spread(min(a, b), max(a, b), 3)
    ok = decide(estimate, spread, games)
    touches = estimate.high >= spread.low and estimate.low <= spread.high
    if touches:
        assert ok is not False
    if games < MIN_GAMES:
        assert ok is None
    elif not touches:
        assert ok is False


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=2, max_size=60))
def test_mean_and_bootstrap_intervals_hold_the_mean(values: list[float]) -> None:
    array = np.array(values)
    interval = mean_interval(array)
    assert interval.low <= interval.value + 1e-9 and interval.value <= interval.high + 1e-9
    value, low, high = bootstrap(array.reshape(-1, 1), lambda rows: rows.mean(axis=0),
                                 draws=50)
    assert low[0] - 1e-9 <= value[0] <= high[0] + 1e-9


def test_jobs_default_to_the_usable_cores() -> None:
    args = build_parser().parse_args(["check", "black"])
    assert args.jobs == len(os.sched_getaffinity(0))
    assert build_parser().parse_args(["simulate", "black"]).jobs == args.jobs


@pytest.mark.parametrize("args", [
    ("check", "kids", "--bot", "clever"), ("check", "kids", "--reference", "nope.yaml"),
    ("check", "kids", "--reference", "\udcff"), ("simulate", "kids", "--scheduler", "nonsense"),
])
def test_bad_bot_reference_or_scheduler_is_one_line(kok: Any, args: tuple[str, ...]) -> None:
    run = kok(*args)
    assert run.code == 2, run.err
    assert len(run.err.strip().splitlines()) == 1 and run.err.startswith("kok: ")


def test_the_exact_search_reports_progress_when_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    # analyse() grows an optional progress(done, total) argument; check passes it through.
    from kok_layouts import load_layout
    from kok_layouts.analysis import check as check_module
    from kok_layouts.analysis.solvability import analyse

    seen: list[tuple[int, int]] = []

    def analyse_with_progress(sheet: Any, executor: Any = None, *, special_die: bool = False,
                              progress: Any = None) -> Any:
        if progress is not None:
            progress(1, 1)
        return analyse(sheet, executor, special_die=special_die)

    monkeypatch.setattr(check_module, "analyse", analyse_with_progress)
    check_module.check(load_layout("kids"), 0, search_progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 1)]
