"""The column-points verdict can fail: points all equal or turned inside out fail it, and
its text and its ``ok`` agree with the figures it quotes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kok_layouts import Sheet, load_layout
from kok_layouts.analysis.balance import verdicts
from kok_layouts.analysis.measures import points_structure_rho
from kok_layouts.analysis.references import reference_measures, stored_measures

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from lopsided_boards import lopsided, points_equal, points_inside_out


def _points_verdict(sheet: Sheet, pad: str) -> tuple[bool | None, str, float]:
    measured = stored_measures(pad, 2, "strong", None)
    assert measured is not None
    found = verdicts(sheet, measured, reference_measures(sheet.edition, 2, 2000))
    verdict = next(v for v in found if v.code == "column-points")
    return verdict.ok, verdict.text, verdict.gap


@pytest.mark.parametrize("pad", ["black", "grey"])
def test_points_all_equal_fail_the_column_points_verdict(pad: str) -> None:
    ok, text, gap = _points_verdict(lopsided(pad, "points all equal", points_equal), pad)
    assert ok is False and gap > 0
    assert "every column carries the same points (2)" in text


@pytest.mark.parametrize("pad", ["black", "red", "grey"])
def test_points_turned_inside_out_fail_and_the_text_quotes_the_figure(pad: str) -> None:
    sheet = lopsided(pad, "points inside out", points_inside_out)
    rho = points_structure_rho(sheet)
    assert rho is not None and rho < 0
    ok, text, gap = _points_verdict(sheet, pad)
    assert ok is False and gap > 0
    assert f"{rho:+.2f}, below the lowest of the official" in text
    assert "do not follow the columns' difficulty" in text


def test_kids_buckets_all_equal_fail_too() -> None:
    ok, text, _ = _points_verdict(lopsided("kids", "buckets all equal", points_equal), "kids")
    assert ok is False and "every column carries the same buckets (1)" in text


@pytest.mark.parametrize("name", ["black", "red", "blue", "orange", "yellow", "green",
                                  "purple", "grey", "kids"])
def test_every_pad_passes_and_says_at_least_the_lowest(name: str) -> None:
    ok, text, gap = _points_verdict(load_layout(name), name)
    assert ok is True and gap == 0.0
    assert "at least the lowest of the official" in text
    assert "follow the columns' difficulty as on the official pads" in text


def test_the_readmes_lopsided_board_fails_for_its_points() -> None:
    sheet = load_layout(Path(ROOT, "examples", "lopsided.yaml"))
    ok, text, _ = _points_verdict(sheet, "black")
    assert ok is False and "-0.13, below" in text
