"""The balanced search ranks a candidate by how far its score per roll and its game length
per 100 cells lie from the yardstick of its own size (issue 36, point 1 carried over to
``kok generate --balanced``), not from the 15 x 7 pad's raw figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.measures import Measures
from kok_layouts.analysis.yardsticks import yardstick
from kok_layouts.generator import balance as balancing
from kok_layouts.generator.balance import Judge
from kok_layouts.generator.draft import Draft

BASES = Path(__file__).parent / "data" / "bases"


def _judged_badness(monkeypatch: pytest.MonkeyPatch, judge: Judge, path: Path,
                    measured: Measures) -> float:
    """The judge's badness of the board at ``path`` when its games measure ``measured``
    and no verdict speaks (only the distance from the yardstick counts)."""
    sheet = load_layout(str(path))
    monkeypatch.setattr(balancing, "measure", lambda _sheet, _results: measured)
    monkeypatch.setattr(balancing, "verdicts", lambda *_args, **_kwargs: [])
    return judge.judge(Draft.from_sheet(sheet), sheet, []).badness


def _cells(path: Path) -> int:
    sheet = load_layout(str(path))
    return sum(1 for c in sheet.board_cells if sheet.cell_colours[c] is not None)


@pytest.mark.parametrize("edition, base", [("classic", "classic-9x5"),
                                           ("kids", "kids-9x5"),
                                           ("kok2", "kok2-11x6")])
def test_a_small_boards_balanced_search_aims_at_its_own_sizes_yardstick(
        monkeypatch: pytest.MonkeyPatch, edition: str, base: str) -> None:
    judge = Judge(edition, None)  # type: ignore[arg-type]  # stored figures: no games
    path = BASES / f"{base}.yaml"
    sheet = load_layout(str(path))
    cells = _cells(path)
    size = yardstick(edition, sheet.width, sheet.height)
    assert size is not None
    own = size.carry(judge.yardstick, cells)
    at_own_size = replace(judge.yardstick, width=sheet.width, height=sheet.height,
                          cells=cells, score_per_roll=own.score_per_roll,
                          rolls_per_100_cells=own.rolls_per_100_cells)
    at_pad_figures = replace(judge.yardstick, width=sheet.width, height=sheet.height,
                             cells=cells)
    # A board that scores and lasts as boards of its size should is on target; one with
    # the 15 x 7 pad's figures per roll and per cell is not (its games are longer per
    # cell than any good board of its size).
    assert _judged_badness(monkeypatch, judge, path, at_own_size) == pytest.approx(0.0)
    assert _judged_badness(monkeypatch, judge, path, at_pad_figures) > 0.5
    assert judge.target(sheet, at_own_size).rolls_per_100_cells == own.rolls_per_100_cells


def test_a_board_of_the_pads_size_is_ranked_against_the_pad_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    judge = Judge("classic", None)  # type: ignore[arg-type]
    sheet = load_layout("black")
    assert judge.target(sheet, judge.yardstick) is judge.yardstick
    measured = judge.yardstick
    monkeypatch.setattr(balancing, "measure", lambda _sheet, _results: measured)
    monkeypatch.setattr(balancing, "verdicts", lambda *_args, **_kwargs: [])
    assert judge.judge(Draft.from_sheet(sheet), sheet, []).badness == pytest.approx(0.0)
