"""All-equal column points (Kids: buckets) on a board narrower or wider than the printed
pad are dealt again with the pad's values picked evenly from its lowest to its highest,
one per column: the spread from the start column to the edges is the pad's, and the total
is near what a pad of that width prints (a spread of the printed value alone gave a 9 x 5
Kids board three empty columns and a score below its size's yardstick)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.advice import _values_to_deal
from kok_layouts.editions import edition_of
from kok_layouts.model.checks import official_buckets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from lopsided_boards import BASES, lopsided  # noqa: E402


@pytest.mark.parametrize("base, kind", [("kids-9x5", "buckets all equal"),
                                        ("kids-11x7", "buckets all equal"),
                                        ("classic-9x5", "points all equal"),
                                        ("classic-12x6", "points all equal")])
def test_all_equal_points_get_the_pads_values_picked_evenly(base: str, kind: str) -> None:
    sheet = lopsided(str(BASES / f"{base}.yaml"), kind)
    columns = [c for c in range(sheet.width) if sheet.column_cells(c)]
    values, how = _values_to_deal(sheet, columns)
    assert how == "pad-picked"
    assert len(values) == len(columns)
    pad = load_layout(edition_of(sheet).reference_pad)
    pad_first = edition_of(pad).column_points(pad)[0]
    firsts = sorted(first for first, _ in values)
    assert firsts[0] == min(pad_first) and firsts[-1] == max(pad_first)
    assert firsts == sorted(firsts) and len(set(firsts)) > 1


def test_a_nine_column_kids_board_gets_about_the_buckets_of_the_bucket_rule() -> None:
    sheet = lopsided(str(BASES / "kids-9x5.yaml"), "buckets all equal")
    values, _ = _values_to_deal(sheet, list(range(sheet.width)))
    rule = official_buckets(sheet.width)
    assert sorted(v for v, _ in values).count(0) == rule.count(0) == 1
    assert abs(sum(v for v, _ in values) - sum(rule)) <= 1
