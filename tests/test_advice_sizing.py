"""Advice sized to the figure it names: the fewest column points changed that pass the
verdict, values to deal when all are equal, only the colour or column that sets the
verdict's figure, no cell taken from a colour already too easy, star moves only when
they move the score, grid changes for columns deferred while the points are out of
line, and no cell-count advice where a move crosses a whole enclosure.

The measures are the stored figures of a printed pad with one figure changed, so no
game is played."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.analysis.advice import (
    STRUCTURE_MARGIN,
    Action,
    advise,
    apply_action,
    suggest_column_points,
)
from kok_layouts.analysis.advice import (
    _structure_floor as structure_floor,
)
from kok_layouts.analysis.balance import verdicts
from kok_layouts.analysis.check import widening_for
from kok_layouts.analysis.heatmap import HeatMap
from kok_layouts.analysis.intervals import Estimate
from kok_layouts.analysis.measures import Measures, points_structure_rho
from kok_layouts.analysis.references import reference_measures, stored_measures
from kok_layouts.editions import edition_of
from kok_layouts.generator.draft import Draft
from kok_layouts.model.sheet import Points, Sheet


def _heat(sheet: Sheet, crossed: dict[int, float] | None = None) -> HeatMap:
    size = sheet.width * sheet.height
    shares = [0.5] * size
    for cell, share in (crossed or {}).items():
        shares[cell] = share
    return HeatMap(sheet.width, sheet.height, tuple(shares), (10.0,) * size)


@pytest.fixture(scope="module")
def pads() -> dict[str, Any]:
    """The stored figures: the pads of every edition, their widening, each pad's own."""
    found: dict[str, Any] = {}
    for edition, pad in (("classic", "black"), ("kids", "kids")):
        references = reference_measures(edition, 2, 2000)
        found[edition] = (references, widening_for(edition, references, 2, 2000),
                          stored_measures(pad, 2, "strong", None))
    return found


def _with_points(sheet: Sheet, first: list[int], later: list[int]) -> Sheet:
    draft = Draft.from_sheet(sheet)
    if draft.column_points:
        draft.column_points = [Points(f, lt) for f, lt in zip(first, later, strict=True)]
    else:
        draft.buckets = list(first)
    return draft.to_sheet()


def _advice(sheet: Sheet, measured: Measures, pads: Any, heat: HeatMap | None = None
            ) -> tuple[Any, list[Any]]:
    references, widening, _ = pads
    found = verdicts(sheet, measured, references, None, None, widening)
    return advise(sheet, measured, references, heat or _heat(sheet), None, widening,
                  found), found


def _changed(sheet: Sheet, first: list[int]) -> int:
    printed, _ = edition_of(sheet).column_points(sheet)
    return sum(a != b for a, b in zip(first, printed, strict=True))


def test_column_points_change_no_more_columns_than_the_verdict_needs(pads: Any) -> None:
    black = load_layout("black")
    references, widening, measured = pads["classic"]
    first, later = edition_of(black).column_points(black)
    # Two outer columns' points traded with two inner ones': a lopsided deal.
    bad_first, bad_later = list(first), list(later)
    for one, two in ((0, 6), (14, 8)):
        bad_first[one], bad_first[two] = first[two], first[one]
        bad_later[one], bad_later[two] = later[two], later[one]
    sheet = _with_points(black, bad_first, bad_later)
    full, full_later = suggest_column_points(sheet, measured)
    fewest, fewest_later = suggest_column_points(sheet, measured, references=references,
                                                 widening=widening)
    aim = structure_floor(references, widening)
    assert sorted(fewest) == sorted(first)
    assert _changed(sheet, fewest) < _changed(sheet, full)
    fixed = points_structure_rho(_with_points(sheet, fewest, fewest_later))
    assert fixed is not None and fixed >= aim
    # It stops at the margin: one swap fewer would leave the correlation below it.
    full_rho = points_structure_rho(_with_points(sheet, full, full_later))
    assert full_rho is not None and fixed <= max(full_rho, aim + STRUCTURE_MARGIN) + 1e-9


@pytest.mark.parametrize(("name", "value"), [("black", 2), ("kids", 1)])
def test_points_all_equal_get_the_printed_pads_values(pads: Any, name: str,
                                                      value: int) -> None:
    pad = load_layout(name)
    first, later = edition_of(pad).column_points(pad)
    sheet = _with_points(pad, [value] * len(first), [value - 1] * len(later))
    references, widening, measured = pads[edition_of(pad).name]
    advice, found = _advice(sheet, measured, pads[edition_of(pad).name])
    assert any(v.code == "column-points" and v.ok is False for v in found)
    points = [a for a in advice.actions if a.kind == "set_column_points"]
    assert points and points[0].verdict == "column-points"
    assert sorted(points[0].first) == sorted(first)
    assert f"values of the printed {name} pad" in points[0].text
    again = points_structure_rho(apply_action(sheet, points[0]))
    assert again is not None and again >= structure_floor(references, widening)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6))
def test_all_equal_points_of_another_size_get_the_pads_values_picked_evenly(
        value: int) -> None:
    # Whatever the one printed value, the re-deal hands out the black pad's values picked
    # evenly from its lowest to its highest, one per column: the spread and the level of
    # points a board's size yardstick was measured with.
    sheet = load_layout("examples/lopsided.yaml")
    first, later = edition_of(sheet).column_points(sheet)
    sheet = _with_points(sheet, [value] * len(first), [value - 1] * len(later))
    measured = stored_measures("black", 2, "strong", None)
    assert measured is not None
    letters = [chr(ord("A") + c) for c in range(sheet.width)]
    rates = {letter: Estimate(0.5, 0.4, 0.6) for letter in letters}
    measured = replace(measured, column_rates=rates, column_ease=rates)
    new_first, _ = suggest_column_points(sheet, measured)
    pad = load_layout("black")
    pad_first = sorted(edition_of(pad).column_points(pad)[0])
    picked = [pad_first[int((i + 0.5) * len(pad_first) / len(first))]
              for i in range(len(first))]
    assert sorted(new_first) == picked
    assert min(new_first) == min(pad_first) and max(new_first) == max(pad_first)


def _lopsided_colours(measured: Measures, easy: dict[str, float]) -> Measures:
    """The measures with the named colours completed far more often (ease as given)."""
    ease = dict(measured.colour_ease)
    rates = dict(measured.colour_rates)
    for name, value in easy.items():
        ease[name] = Estimate(value, value - 0.03, value + 0.03)
        rates[name] = Estimate(0.95, 0.93, 0.97)
    return replace(measured, colour_ease=ease, colour_rates=rates)


def test_only_the_colour_that_sets_the_verdicts_figure_is_changed(pads: Any) -> None:
    sheet = load_layout("black")
    measured = _lopsided_colours(pads["classic"][2], {"yellow": 0.5, "green": 0.4})
    advice, found = _advice(sheet, measured, pads["classic"])
    assert any(v.code == "colour-easy" and v.ok is False for v in found)
    aimed = [a for a in advice.actions if a.verdict == "colour-easy"]
    assert aimed and all(a.text.startswith("Yellow is too easy") for a in aimed)
    # The colour grows from its neighbours, never from green, too easy as well.
    green = sheet.colour("green").key
    for action in aimed:
        after = apply_action(sheet, action)
        assert len(after.cells_of_colour(green)) >= len(sheet.cells_of_colour(green))
        assert action.kind != "swap_areas"


def test_a_star_move_is_advised_only_when_it_moves_the_score(pads: Any) -> None:
    sheet = load_layout("black")
    _, _, measured = pads["classic"]
    low = replace(measured, mean_score=Estimate(20.0, 19.5, 20.5))
    quiet, found = _advice(sheet, low, pads["classic"])
    assert any(v.code == "score" and v.ok is False for v in found)
    assert not [a for a in quiet.actions if a.kind == "move_star"]
    colour = sheet.cell_colours
    star, free = next((star, c) for star in sorted(sheet.stars)
                      for c in sheet.column_cells(star % sheet.width)
                      if c not in sheet.stars and colour[c] == colour[star])
    other = next(c for c in sheet.column_cells(star % sheet.width)
                 if c not in sheet.stars and colour[c] != colour[star])
    loud, _ = _advice(sheet, low, pads["classic"], _heat(sheet, {star: 0.1, free: 0.95}))
    moves = [a for a in loud.actions if a.kind == "move_star"]
    assert moves and moves[0].cells == (sheet.cell_name(star), sheet.cell_name(free))
    assert "about 1.7 points a player" in moves[0].text
    # A star keeps its colour: a well-crossed cell of another colour is not offered.
    elsewhere, _ = _advice(sheet, low, pads["classic"],
                           _heat(sheet, {star: 0.4, other: 0.95}))
    assert not [a for a in elsewhere.actions if a.kind == "move_star"]


def test_a_column_is_not_repainted_while_the_points_are_out_of_line(pads: Any) -> None:
    black = load_layout("black")
    first, later = edition_of(black).column_points(black)
    sheet = _with_points(black, first[::-1][7:] + first[::-1][:7],
                         later[::-1][7:] + later[::-1][:7])
    _, _, measured = pads["classic"]
    rates = dict(measured.column_rates)
    ease = dict(measured.column_ease)
    rates["A"], ease["A"] = Estimate(0.02, 0.01, 0.04), Estimate(-0.9, -0.92, -0.88)
    advice, found = _advice(sheet, replace(measured, column_rates=rates, column_ease=ease),
                            pads["classic"])
    assert {"column-points", "column-hard"} <= {v.code for v in found if v.ok is False}
    assert not [a for a in advice.actions if a.verdict == "column-hard"]
    assert any(s.startswith("Column A is too hard") and "deal the points again first" in s
               for s in advice.sentences)


def test_kids_game_length_gets_a_plain_sentence_not_a_repaint(pads: Any) -> None:
    sheet = load_layout("kids")
    _, _, measured = pads["kids"]
    short = replace(measured, mean_rolls=Estimate(15.0, 14.8, 15.2))
    advice, found = _advice(sheet, short, pads["kids"])
    assert any(v.code == "length" and v.ok is False for v in found)
    assert not [a for a in advice.actions if a.verdict == "length"]
    assert any("crosses a whole enclosure" in s and "no change" in s
               for s in advice.sentences)


def test_every_action_of_the_sized_advice_applies(pads: Any) -> None:
    sheet = load_layout("black")
    measured = _lopsided_colours(pads["classic"][2], {"red": 0.5})
    advice, _ = _advice(sheet, measured, pads["classic"])
    assert advice.actions
    for action in advice.actions:
        assert isinstance(action, Action)
        assert apply_action(sheet, action) != sheet


def test_a_board_of_another_size_gets_an_action_for_its_length(pads: Any) -> None:
    # Judged against the pads carried over to 9 x 5, a too long travel board is advised as
    # a 15 x 7 one is: make the second easiest colour easier.
    sheet = load_layout("examples/travel.yaml")
    measured = pads["classic"][2]
    assert measured is not None and (sheet.width, sheet.height) != (15, 7)
    long = replace(measured, width=sheet.width, height=sheet.height, cells=45,
                   mean_rolls=Estimate(30.0, 29.5, 30.5))
    advice, found = _advice(sheet, long, pads["classic"])
    assert any(v.code == "length" and v.ok is False and "carried over to 9 x 5" in v.text
               for v in found)
    assert [a for a in advice.actions if a.verdict == "length"]


def test_a_too_easy_column_never_takes_the_start_columns_points(pads: Any) -> None:
    sheet = load_layout("black")
    _, _, measured = pads["classic"]
    rates, ease = dict(measured.column_rates), dict(measured.column_ease)
    rates["I"], ease["I"] = Estimate(1.0, 0.99, 1.0), Estimate(0.6, 0.58, 0.62)
    advice, found = _advice(sheet, replace(measured, column_rates=rates, column_ease=ease),
                            pads["classic"])
    assert any(v.code == "column-easy" and v.ok is False for v in found)
    start = min(edition_of(sheet).start_columns_of(sheet))
    # Column I (2/1) could only take fewer points from H, the start (1/0): it is split
    # instead, and no action deals the start column more.
    assert [a.kind for a in advice.actions if a.verdict == "column-easy"] == ["split_area"]
    for action in advice.actions:
        if action.kind == "set_column_points":
            assert action.first[start] == advice.printed_first[start], action.text
