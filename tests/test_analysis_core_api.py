"""The core redesign in analysis and rendering: the edition is asked for its parts, every
argument is checked at the door against :mod:`kok_layouts.limits`, and every refusal is
one of the project's own errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kok_layouts import limits, load_classic, load_kids, load_kok2
from kok_layouts.analysis.balance import REFERENCES
from kok_layouts.analysis.check import check, widening_for
from kok_layouts.analysis.references import official_pads
from kok_layouts.analysis.simulate import goal_masks, simulate
from kok_layouts.analysis.solvability import analyse
from kok_layouts.editions import EDITIONS, edition_of
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError
from kok_layouts.render.document import (
    SCENES,
    PrintOptions,
    render_page_png,
    render_pdf,
    render_png,
    render_report,
    sheet_scene,
)
from kok_layouts.render.marks import EXTRA_MARKS, marks_from_game
from kok_layouts.rules import Game

BLACK = load_classic("black")
GREY = load_kok2("grey")
KIDS = load_kids("kids")
NOT_A_SHEET: Any = "black"


def refused(call: Callable[[], object], error: type[Exception]) -> str:
    """``call`` raises ``error``, one of the project's errors, in one line; its text."""
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, KokError)
    assert "\n" not in str(caught.value)
    return str(caught.value)


# -- simulate and check take their bounds from kok_layouts.limits -----------------------

@pytest.mark.parametrize(("arguments", "error"), [
    ({"seed": -1}, BadArgumentError), ({"seed": limits.SEED.high + 1}, BadArgumentError),
    ({"seed": "1"}, KokTypeError), ({"seed": 1.0}, KokTypeError),
    ({"games": 0}, BadArgumentError), ({"games": limits.GAMES.high + 1}, BadArgumentError),
    ({"games": True}, KokTypeError),
    ({"players": 0}, BadArgumentError), ({"players": 7}, BadArgumentError),
    ({"players": 2.0}, KokTypeError),
    ({"first": -1}, BadArgumentError), ({"first": "0"}, KokTypeError),
    ({"bots": ()}, BadArgumentError), ({"bots": ("nobody",)}, BadArgumentError),
    ({"bots": "strong"}, KokTypeError), ({"bots": (3,)}, KokTypeError),
    ({"options": {"max_rolls": 3}}, KokTypeError),
    ({"jobs": 0}, BadArgumentError), ({"jobs": limits.WORKERS.high + 1}, BadArgumentError),
])
def test_simulate_refuses_a_bad_argument_before_a_game_starts(arguments: dict[str, Any],
                                                              error: type[Exception]) -> None:
    call: dict[str, Any] = {"games": 1, "players": 2, "seed": 1, **arguments}
    refused(lambda: simulate(BLACK, **call), error)


def test_a_negative_seed_is_refused_as_the_seed_limit_says() -> None:
    text = refused(lambda: simulate(BLACK, 1, seed=-1), BadArgumentError)
    assert str(limits.SEED) in text


def test_kids_simulates_solo_or_the_players_of_its_edition() -> None:
    assert len(simulate(KIDS, 1, 1, seed=1)) == 1
    assert len(simulate(KIDS, 1, EDITIONS["kids"].players.high, seed=1)) == 1
    text = refused(lambda: simulate(KIDS, 1, EDITIONS["kids"].players.high + 1),
                   BadArgumentError)
    assert str(EDITIONS["kids"].players) in text


def test_simulate_refuses_what_is_not_a_sheet() -> None:
    refused(lambda: simulate("black", 1), KokTypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize(("arguments", "error"), [
    ({"seed": -1}, BadArgumentError), ({"games": -5}, BadArgumentError),
    ({"players": 9}, BadArgumentError), ({"bot": "nobody"}, BadArgumentError),
    ({"reference": 3}, KokTypeError),
])
def test_check_refuses_a_bad_argument_before_the_search(arguments: dict[str, Any],
                                                        error: type[Exception]) -> None:
    call: dict[str, Any] = {"games": 1, "players": 2, "seed": 1, **arguments}
    refused(lambda: check(BLACK, **call), error)


def test_check_with_no_games_runs_the_exact_search_alone() -> None:
    report = check(BLACK, 0)
    assert report.summary is None and report.solvability.solvable


# -- the edition names its analysis parts -----------------------------------------------

def test_the_official_pads_and_the_default_reference_come_from_the_editions() -> None:
    for name, edition in EDITIONS.items():
        assert official_pads(name) == official_pads(edition) == list(edition.official_pads())
        assert REFERENCES[name] == edition.reference_pad in edition.official_pads()


def test_an_edition_with_enough_pads_is_not_widened_by_its_own() -> None:
    classic = EDITIONS["classic"]
    assert classic.widening_edition == classic.name
    assert widening_for(classic, {}, 2, 10) is None


def test_goals_are_named_with_the_editions_nouns_and_rows() -> None:
    assert any(name.startswith("animal ") for name in goal_masks(KIDS))
    assert not any(name.startswith(("colour ", "row ")) for name in goal_masks(KIDS))
    rows = [name for name in goal_masks(GREY) if name.startswith("row ")]
    assert rows == [f"row {label}" for label in EDITIONS["kok2"].goal_rows(GREY)]
    assert not any(name.startswith("row ") for name in goal_masks(BLACK))


def test_the_solvability_note_is_the_editions() -> None:
    for sheet in (BLACK, GREY, KIDS):
        assert analyse(sheet).note.startswith(edition_of(sheet).moves_note)


def test_column_points_and_start_columns_come_from_the_edition() -> None:
    first, later = EDITIONS["classic"].column_points(BLACK)
    assert first == [p.first for p in BLACK.column_points] and len(later) == BLACK.width
    assert EDITIONS["kids"].column_points(KIDS) == (list(KIDS.buckets), [])
    assert EDITIONS["kids"].start_columns_of(KIDS) == {KIDS.middle_column}
    assert EDITIONS["classic"].start_columns_of(BLACK) == set(BLACK.start_columns)


# -- rendering: the edition's scene, and checked arguments -------------------------------

def test_each_edition_prints_its_own_scene() -> None:
    for sheet in (BLACK, GREY, KIDS):
        assert sheet_scene(sheet) == SCENES[sheet.edition](sheet, "en", False, None, 0.0)
    grey_texts, black_texts = sheet_scene(GREY).texts(), sheet_scene(BLACK).texts()
    assert GREY.rows[0].label in grey_texts and "P" not in black_texts


@pytest.mark.parametrize(("options", "error"), [
    ({"pages": 0}, BadArgumentError),
    ({"pages": limits.PAGES.high + 1}, BadArgumentError),
    ({"pages": 2.0}, KokTypeError),
    ({"per_page": 3}, BadArgumentError),
    ({"paper": "a3"}, BadArgumentError),
    ({"lang": "xx"}, BadArgumentError),
    ({"colorblind": "yes"}, KokTypeError),
])
def test_print_options_are_checked_against_the_limits(options: dict[str, Any],
                                                      error: type[Exception]) -> None:
    # Refused where they are made (issue 34), so nothing can carry them to a render.
    text = refused(lambda: PrintOptions(**options), error)
    assert "--" not in text


def test_the_page_count_is_worded_as_the_api_argument() -> None:
    text = refused(lambda: PrintOptions(pages=0), BadArgumentError)
    assert text.startswith(f"pages is {limits.PAGES}")


@pytest.mark.parametrize("call", [
    lambda: render_pdf([]), lambda: render_page_png([]),
    lambda: render_pdf(NOT_A_SHEET), lambda: render_pdf([NOT_A_SHEET]),
    lambda: render_png(NOT_A_SHEET), lambda: render_png(BLACK, options=NOT_A_SHEET),
    lambda: render_png(BLACK, marks=NOT_A_SHEET), lambda: render_page_png([BLACK], 5),
    lambda: render_report({}, dpi=limits.DPI.high + 1), lambda: render_report(NOT_A_SHEET),
    lambda: sheet_scene(NOT_A_SHEET),
])
def test_render_refuses_what_it_cannot_print(call: Callable[[], object]) -> None:
    refused(call, KokError)


def test_the_resolution_limit_is_the_one_in_limits() -> None:
    assert render_png(BLACK, limits.DPI.low)[:4] == b"\x89PNG"
    refused(lambda: render_png(BLACK, limits.DPI.low - 0.5), BadArgumentError)
    refused(lambda: render_png(BLACK, limits.DPI.high + 0.5), BadArgumentError)


def test_marks_from_game_refuses_an_unknown_player() -> None:
    game = Game(BLACK, ["Ann", "Bob"])
    refused(lambda: marks_from_game(game, "Cid"), BadArgumentError)
    refused(lambda: marks_from_game(game, 1), KokTypeError)  # type: ignore[arg-type]
    refused(lambda: marks_from_game("game", "Ann"), KokTypeError)  # type: ignore[arg-type]


def test_only_keer_op_keer_2_marks_carry_rows_hearts_and_boxes() -> None:
    for sheet in (BLACK, KIDS):
        game = edition_of(sheet).new_game(sheet, ["Ann", "Bob"])
        assert EXTRA_MARKS[sheet.edition](game, 0) == {}
        assert marks_from_game(game, "Ann").rows == {}
    game = edition_of(GREY).new_game(GREY, ["Ann", "Bob"])
    extra = EXTRA_MARKS["kok2"](game, 0)
    assert set(extra) == {"rows", "hearts_under", "hearts", "boxes_gained", "boxes_used"}
