"""A balanced search that stops short says what it reached: which verdicts the best board
still fails (or cannot tell) after how many games, in the layout's header and on the
command line (issue 36, point 5)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import kok_layouts
from kok_layouts.generator import balance as balancing
from kok_layouts.generator.balance import PASSES, reached


def _report(*states: tuple[str, bool | None]) -> Any:
    return SimpleNamespace(verdicts=[SimpleNamespace(code=c, ok=ok) for c, ok in states])


def test_what_a_balanced_search_reached_names_the_verdicts_and_the_games() -> None:
    failing = _report(("column-points", True), ("length", False), ("seats", None))
    assert reached(failing, 300) == "the best board still fails length after 300 games"
    unsure = _report(("length", True), ("seats", None))
    assert reached(unsure, 100) == "the best board cannot tell seats after 100 games"
    short = _report(("length", True))
    assert reached(short, 800) == ("the best board passes every verdict on 800 games, short "
                                   "of the full 2000-game check")
    assert reached(short, 2000) == PASSES


@pytest.mark.slow
def test_a_balanced_search_stopped_by_the_time_limit_says_what_it_reached(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balancing, "STAGES", (4, 8))
    monkeypatch.setattr(balancing, "FINAL_GAMES", 8)
    # The time kept for the report is all the time there is: the first board's first
    # stage is played and nothing after it.
    monkeypatch.setattr(balancing, "FINAL_SECONDS", 1000.0)
    board = kok_layouts.generate("kids", seed=4, balanced=True, time_limit=5)
    assert board.time_limit_hit
    assert board.state and board.state != PASSES
    assert board.state.startswith("the best board ")
    assert "after 4 games" in board.state or "short of the full 8-game check" in board.state
    header = next(line for line in board.text.splitlines() if "# Balanced:" in line)
    assert f"(stopped at the time limit: {board.state})." in header
