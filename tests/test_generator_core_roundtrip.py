"""One board value, one writer: a generated board's sheet is built without YAML, and the
one writer of the format writes it as text that reads back to the same sheet; the
designer's documents go through the same writer."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kok_layouts
from kok_layouts import limits
from kok_layouts.editions import EDITION_NAMES, EDITIONS
from kok_layouts.errors import GenerateError, KokTypeError
from kok_layouts.generator.board import header_lines
from kok_layouts.generator.draft import Draft
from kok_layouts.model.loader import builtin_names, load_layout, parse_layout
from kok_layouts.model.writer import dump_layout, dump_mapping, layout_mapping

SEEDS = st.integers(limits.SEED.low, limits.SEED.high)


def assert_round_trip(board: kok_layouts.GeneratedBoard) -> None:
    text = dump_layout(board.sheet, header_lines(board.request, board.checks))
    assert text == board.text, "the text is what the writer makes of the sheet"
    assert parse_layout(text) == board.sheet, "and it reads back to the same sheet"


@pytest.mark.parametrize("edition", EDITION_NAMES)
@settings(max_examples=1000, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_a_generated_board_is_written_as_text_that_reads_back_to_its_sheet(
        edition: str, seed: int) -> None:
    assert_round_trip(kok_layouts.generate(edition, seed=seed))


@st.composite
def custom_requests(draw: st.DrawFn) -> dict[str, Any]:
    width = draw(st.integers(limits.WIDTH.low, limits.WIDTH.high))
    height = draw(st.integers(limits.HEIGHT.low, limits.HEIGHT.high))
    colours = draw(st.integers(limits.COLOURS.low, min(limits.COLOURS.high,
                                                       width * height // 2)))
    holes = draw(st.integers(0, min(width * height // 3, width * height - 2 * colours)))
    return {"edition": draw(st.sampled_from(EDITION_NAMES)), "size": (width, height),
            "colours": colours, "holes": holes, "seed": draw(SEEDS)}


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(custom_requests())
def test_a_custom_board_is_written_as_text_that_reads_back_to_its_sheet(
        asked: dict[str, Any]) -> None:
    assert_round_trip(kok_layouts.generate(**asked))


def test_a_kids_board_whose_enclosures_split_an_animal_writes_them() -> None:
    board = kok_layouts.generate("kids", seed=1059022248, size=(6, 8), colours=2, holes=11)
    assert "enclosures:" in board.text
    assert_round_trip(board)


@pytest.mark.parametrize("name", builtin_names())
def test_every_built_in_layout_is_written_as_text_that_reads_back_to_it(name: str) -> None:
    sheet = load_layout(name)
    text = dump_layout(sheet, ("a header",))
    assert text.startswith("# a header\nformat: 1\n")
    assert parse_layout(text) == sheet
    assert yaml.safe_load(text) == layout_mapping(sheet)
    assert Draft.from_sheet(sheet).to_sheet() == sheet


@pytest.mark.parametrize("edition", EDITION_NAMES)
def test_a_draft_of_a_generated_sheet_gives_the_sheet_back(edition: str) -> None:
    sheet = kok_layouts.generate(edition, seed=3).sheet
    draft = Draft.from_sheet(sheet)
    assert draft.to_sheet() == sheet
    copy = draft.copy()
    copy.cell_colours[0] = None
    copy.stars.add(1)
    assert draft.to_sheet() == sheet, "a copy changes without touching the draft"


def test_the_writer_writes_only_sheets() -> None:
    with pytest.raises(KokTypeError):
        dump_layout({"format": 1})  # type: ignore[arg-type]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=3),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["grid", "enclosures", "visitors", "buckets",
                                        "colours", "column_points", "rows", "boxes",
                                        "title", "name", "exclamation_marks", "x y", ""]),
                       _json, max_size=6))
def test_any_document_the_designer_holds_is_written_as_text_that_reads_back(
        doc: dict[str, Any]) -> None:
    """The designer saves boards with problems too: whatever values the page holds."""
    doc = json.loads(json.dumps(doc))
    assert yaml.safe_load(dump_mapping(doc)) == (doc or None)


@pytest.mark.parametrize("seed", [2**63, 2**64 - 1])
def test_seeds_above_2_to_the_63_make_boards(seed: int) -> None:
    board = kok_layouts.generate("classic", seed=seed)
    assert f"seed {seed}." in board.text
    assert_round_trip(board)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_off_the_limits_is_refused(seed: int) -> None:
    with pytest.raises(GenerateError, match="seed"):
        kok_layouts.generate("classic", seed=seed)


@pytest.mark.parametrize("size", [(limits.WIDTH.low - 1, 5), (limits.WIDTH.high + 1, 5),
                                  (9, limits.HEIGHT.low - 1), (9, limits.HEIGHT.high + 1)])
def test_the_generator_refuses_the_sizes_layouts_refuse(size: tuple[int, int]) -> None:
    with pytest.raises(GenerateError, match="out of range"):
        kok_layouts.generate("classic", size=size)


@pytest.mark.parametrize("colours", [limits.COLOURS.low - 1, limits.COLOURS.high + 1])
def test_the_generator_refuses_colour_counts_off_the_limits(colours: int) -> None:
    with pytest.raises(GenerateError, match="out of range"):
        kok_layouts.generate("classic", size=(9, 5), colours=colours)


@pytest.mark.parametrize("arguments", [{"seed": "1"}, {"seed": 1.0}, {"seed": True},
                                       {"colours": "5", "size": (9, 5)}, {"holes": None},
                                       {"profile": 3}, {"balanced": "yes"}])
def test_arguments_of_the_wrong_type_are_type_errors(arguments: dict[str, Any]) -> None:
    with pytest.raises(KokTypeError):
        kok_layouts.generate("classic", **arguments)


def test_an_edition_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(KokTypeError):
        kok_layouts.generate(7)  # type: ignore[arg-type]


def test_the_official_profile_follows_the_editions_printed_size() -> None:
    for edition in EDITIONS.values():
        sheet = kok_layouts.generate(edition.name, seed=2).sheet
        assert (sheet.width, sheet.height) == edition.official_size
        assert len(sheet.colours) == edition.official_colours


def test_an_impossible_request_names_no_command_line_flag() -> None:
    with pytest.raises(GenerateError) as raised:
        kok_layouts.generate("classic", size=(9, 5), profile="official")
    assert "--" not in str(raised.value)
