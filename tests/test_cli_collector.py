"""The command line keeps Python's cycle collector out of the way while a command imports
its modules and while ``kok check`` and ``kok simulate`` play (full collections walk the
large object graphs of numpy, scipy and numba), and puts the caller's thresholds back."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from kok_layouts.cli.main import fewer_collections, main


def test_the_collector_runs_rarely_inside_and_as_before_after() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold()[0] > 10 * before[0]
    assert gc.get_threshold() == before
    with pytest.raises(ZeroDivisionError), fewer_collections():
        1 / 0  # noqa: B018
    assert gc.get_threshold() == before


def test_a_command_run_in_process_plays_under_the_raised_thresholds_and_puts_them_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kok_layouts.cli.analysis as analysis

    during: list[tuple[int, int, int]] = []
    real = getattr(analysis, "simulate")  # noqa: B009 (imported there, not exported)

    def simulate(*args: Any, **kwargs: Any) -> Any:
        during.append(gc.get_threshold())
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "simulate", simulate)
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        code = main(["simulate", "black", "--games", "3", "--jobs", "1",
                     "-o", str(tmp_path / "games.jsonl")])
        assert code == 0
        assert gc.get_threshold() == (700, 10, 10)
        assert len(during) == 1 and during[0][0] > 700
    finally:
        gc.set_threshold(*before)
