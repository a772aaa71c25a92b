"""Advice as actions: every failing verdict gets an action or a plain sentence, the
sentence and the action say the same thing, and a program can apply every action."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import KokError, load_layout
from kok_layouts.analysis.advice import (
    ACTION_KINDS,
    Action,
    action_from_dict,
    advise,
    apply_action,
)
from kok_layouts.analysis.balance import verdicts
from kok_layouts.analysis.check import check
from kok_layouts.analysis.heatmap import HeatMap
from kok_layouts.analysis.references import reference_measures, stored_measures
from kok_layouts.editions import edition_of


def _cold(sheet: Any) -> HeatMap:
    size = sheet.width * sheet.height
    return HeatMap(sheet.width, sheet.height, (0.5,) * size, (10.0,) * size)


@pytest.fixture(scope="module")
def lopsided() -> Any:
    """``kok check`` of the lopsided board of docs/guide/check.md, 100 games."""
    return check(load_layout("examples/lopsided.yaml"), 100, 2, seed=1)


@pytest.mark.parametrize("name", ["black", "grey", "kids"])
def test_a_board_whose_verdicts_all_pass_gets_no_action_and_no_suggested_change(
        name: str) -> None:
    sheet = load_layout(name)
    measured = stored_measures(name, 2, "strong", None)
    assert measured is not None
    references = reference_measures(sheet.edition, 2, 2000)
    from kok_layouts.analysis.check import widening_for

    widening = widening_for(sheet.edition, references, 2, 2000)
    found = verdicts(sheet, measured, references, None, None, widening)
    assert all(v.ok for v in found)
    advice = advise(sheet, measured, references, _cold(sheet), None, widening, found)
    assert advice.actions == ()
    assert (advice.first, advice.later) == (advice.printed_first, advice.printed_later)
    assert advice.sentences[0].startswith("Every verdict passes: no change suggested.")


def test_every_failing_verdict_gets_an_action_or_says_no_change_is_known(
        lopsided: Any) -> None:
    advice = lopsided.advice
    failing = [v.code for v in lopsided.verdicts if v.ok is False]
    assert failing
    named = {a.verdict for a in advice.actions}
    for code in failing:
        said = any("no change" in s or "follows the mean score" in s
                   for s in advice.sentences)
        assert code in named or said, code


def test_each_action_is_its_own_sentence(lopsided: Any) -> None:
    advice = lopsided.advice
    assert [a.text for a in advice.actions] == list(advice.sentences[:len(advice.actions)])
    data = lopsided.as_dict()
    assert data["actions"] == [a.as_dict() for a in advice.actions]
    assert json.loads(json.dumps(data["actions"])) == data["actions"]


def test_suggested_points_never_contradict_the_sentences(lopsided: Any) -> None:
    sheet, advice = lopsided.sheet, lopsided.advice
    points = [a for a in advice.actions if a.kind == "set_column_points"]
    assert points, "the points run against the columns' difficulty on this board"
    start = sheet.start_columns[0]
    # Column E, the start, is too easy: it gets the lowest points, as on every pad.
    assert points[0].first[start] == min(points[0].first) < advice.printed_first[start]
    assert sorted(points[0].first) == sorted(advice.printed_first)
    assert (advice.first, advice.later) == (points[0].first, points[0].later)
    for action in advice.actions:
        if action.verdict == "column-easy" and action.kind == "set_column_points":
            letter = action.text.split()[1]
            column = ord(letter) - ord("A")
            assert action.first[column] < advice.printed_first[column]


def test_a_too_easy_colour_gets_more_cells_and_a_too_hard_one_fewer(lopsided: Any) -> None:
    sheet = lopsided.sheet
    for action in lopsided.advice.actions:
        if action.kind != "repaint" or action.verdict not in ("colour-easy", "colour-hard"):
            continue
        name = action.text.split()[0].lower()
        key = sheet.colour(name).key
        after = apply_action(sheet, action)
        before_cells, after_cells = (len(s.cells_of_colour(key)) for s in (sheet, after))
        if action.verdict == "colour-easy":
            assert after_cells > before_cells, action.text
        else:
            assert after_cells < before_cells, action.text


def test_every_kind_of_action_applies_and_round_trips_through_its_dict() -> None:
    sheet = load_layout("examples/travel.yaml")
    first, later = edition_of(sheet).column_points(sheet)
    star = min(sheet.stars)
    free = next(c for c in sheet.column_cells(star % sheet.width) if c not in sheet.stars)
    areas = sorted(sheet.areas, key=lambda a: min(a.cells))
    other = next(a for a in areas if a.colour != areas[0].colour)
    actions = [
        Action("set_column_points", "column-points", "", first=(*first[1:], first[0]),
               later=(*later[1:], later[0])),
        Action("set_colour_bonus", "score", "", first=(3,), later=(1,)),
        Action("repaint", "colour-easy", "", ("A1",), "red"),
        Action("split_area", "column-easy", "", ("E3",), "green"),
        Action("swap_areas", "colour-hard", "",
               tuple(sheet.cell_name(c) for c in sorted(areas[0].cells)), None,
               tuple(sheet.cell_name(c) for c in sorted(other.cells))),
        Action("move_star", "score", "", (sheet.cell_name(star), sheet.cell_name(free))),
    ]
    assert {a.kind for a in actions} == set(ACTION_KINDS)
    for action in actions:
        again = action_from_dict(json.loads(json.dumps(action.as_dict())))
        assert apply_action(sheet, again) == apply_action(sheet, action) != sheet
    assert apply_action(sheet, actions[2]).cell_colours[0] == sheet.colour("red").key
    moved = apply_action(sheet, actions[5])
    assert star not in moved.stars and free in moved.stars


def test_kids_actions_keep_enclosures_whole() -> None:
    sheet = load_layout("kids")
    enclosure = sorted(sheet.areas, key=lambda a: min(a.cells))[0]
    name = next(c.name for c in sheet.colours if c.key != enclosure.colour)
    after = apply_action(sheet, Action("repaint", "animal-easy", "",
                                       tuple(sheet.cell_name(c) for c in enclosure.cells),
                                       name))
    assert any(set(a.cells) >= set(enclosure.cells) for a in after.areas)


BAD = [{"kind": "nope"}, {"kind": "repaint", "cells": ["Z99"], "colour": "red"},
       {"kind": "repaint", "cells": "A1", "colour": "red"},
       {"kind": "repaint", "cells": ["A1"], "colour": "mauve"},
       {"kind": "move_star", "from": "A1", "to": 3},
       {"kind": "move_star", "from": "C1", "to": "C2"},
       {"kind": "set_column_points", "first": [1] * 3, "later": [0] * 3},
       {"kind": "set_column_points", "first": ["1"] * 9, "later": [0] * 9},
       {"kind": "set_colour_bonus", "first": 2**70, "later": None},
       {"kind": "swap_areas", "cells": ["A1"], "with": ["A1"]}, {}]


@pytest.mark.parametrize("data", BAD)
def test_a_bad_action_is_refused_with_the_projects_error(data: dict[str, Any]) -> None:
    sheet = load_layout("examples/travel.yaml")
    with pytest.raises(KokError):
        apply_action(sheet, data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["kind", "cells", "colour", "from", "to", "first",
                                        "later", "with"]),
                       st.one_of(st.sampled_from(ACTION_KINDS), st.text(max_size=5),
                                 st.integers(-2**70, 2**70), st.none(),
                                 st.lists(st.text(max_size=4), max_size=3),
                                 st.lists(st.integers(-5, 9), max_size=10))))
def test_any_action_dict_applies_or_raises_the_projects_error(data: dict[str, Any]) -> None:
    sheet = load_layout("examples/travel.yaml")
    with contextlib.suppress(KokError):
        apply_action(sheet, data)
