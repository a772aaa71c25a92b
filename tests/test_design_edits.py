"""The designer's edits of a board as a whole (kok_layouts.design.document.edit): a row or
column inserted or deleted anywhere, mirrors and turns, with every list along the rows and
columns following them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.design.document import (
    EDITS,
    DesignError,
    builtin_document,
    check_document,
    edit,
    to_yaml,
    validate,
)
from kok_layouts.design.server import DesignServer, RateLimit
from kok_layouts.errors import KokError
from tests.conftest import ROOT
from tests.test_design_server import post, running

BOARDS = {name: builtin_document(name)[0] for name in ("black", "grey", "kids")}
SAMPLE = builtin_document("black")[0]


def _size(doc: dict[str, object]) -> tuple[int, int]:
    grid = doc["grid"]
    assert isinstance(grid, list)
    return len(grid[0]), len(grid)


def test_a_column_inserted_at_position_1_repeats_column_a_without_stars_and_lists_follow(
        ) -> None:
    doc = BOARDS["grey"]
    new = edit(doc, "insert_column", 0)
    assert [row[0] for row in new["grid"]] == [row[0].lower() for row in doc["grid"]]
    assert [row[1:] for row in new["grid"]] == doc["grid"]
    assert new["column_points"]["first"] == [5, *doc["column_points"]["first"]]
    assert new["start_columns"] == ["I"] and new["boxes"]["columns"] == ["I"]
    assert new["boxes"]["cells"] == ["C3", "P3", "F4", "M5", "G7"]


def test_a_row_inserted_gets_a_label_of_its_own_and_its_neighbours_item() -> None:
    new = edit(BOARDS["grey"], "insert_row", 2)
    rows = new["rows"]
    assert rows["labels"][:2] == ["P", "Q"] and rows["labels"][3:] == ["R", "S", "T", "U", "V"]
    assert rows["labels"][2] not in BOARDS["grey"]["rows"]["labels"]
    assert rows["items"] == ["box", "bomb", "heart", "heart", "bomb", "box", "heart", "bomb"]


def test_a_kids_column_inserted_gets_its_own_visitor_and_a_bucket() -> None:
    doc = BOARDS["kids"]
    new = edit(doc, "insert_column", 13)  # after the last column
    assert len(new["visitors"]) == 14 and new["visitors"][13] not in doc["visitors"]
    assert new["buckets"] == [*doc["buckets"], doc["buckets"][-1]]


def test_deleting_the_column_of_every_start_leaves_no_start_column() -> None:
    new = edit(BOARDS["black"], "delete_column", 7)  # H
    assert new["start_columns"] == [] and _size(new) == (14, 7)


@settings(max_examples=40, deadline=None)
@given(board=st.sampled_from(sorted(BOARDS)), at=st.integers(0, 20),
       axis=st.sampled_from(["column", "row"]))
def test_an_insert_then_a_delete_at_the_same_place_gives_the_board_back(
        board: str, at: int, axis: str) -> None:
    doc = BOARDS[board]
    width, height = _size(doc)
    at = at % ((width if axis == "column" else height) + 1)
    assert edit(edit(doc, f"insert_{axis}", at), f"delete_{axis}", at) == doc


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("operation", ["mirror_columns", "mirror_rows", "rotate_180"])
def test_a_mirror_or_a_half_turn_twice_gives_the_board_back(board: str,
                                                             operation: str) -> None:
    doc = BOARDS[board]
    once = edit(doc, operation)
    assert once != doc and edit(once, operation) == doc


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_edit_of_an_official_board_is_a_board_kok_validate_reads(board: str) -> None:
    for operation in EDITS:
        new = edit(BOARDS[board], operation, 1)
        result = validate(to_yaml(new), "edited.yaml")
        assert result.sheet is not None, (operation, result.lines)


def test_a_quarter_turn_swaps_the_size_and_four_give_the_grid_back() -> None:
    doc = BOARDS["kids"]
    turned = edit(doc, "rotate_90")
    assert _size(turned) == (5, 13)
    again = edit(edit(edit(turned, "rotate_90"), "rotate_90"), "rotate_90")
    assert again["grid"] == doc["grid"] and again.get("enclosures") == doc.get("enclosures")


def test_a_quarter_turn_past_the_size_limits_is_refused_in_one_line() -> None:
    wide = edit(BOARDS["black"], "insert_column", 0)
    for _ in range(6):
        wide = edit(wide, "insert_column", 0)  # 22 wide: turned, 22 rows high
    with pytest.raises(DesignError, match="rows high"):
        edit(wide, "rotate_90")


@pytest.mark.parametrize(("operation", "at"), [
    ("insert_column", -1), ("insert_column", 16), ("delete_column", 15), ("delete_row", 7),
    ("insert_row", 10**30), ("explode", 0), ("insert_column", "1"), ("insert_column", True),
    ("insert_column", 1.0)])
def test_edits_that_cannot_be_done_are_refused_with_the_projects_error(
        operation: str, at: object) -> None:
    with pytest.raises(KokError) as caught:
        edit(BOARDS["black"], operation, at)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_the_smallest_board_loses_no_more_columns() -> None:
    small = BOARDS["black"]
    for _ in range(10):
        small = edit(small, "delete_column", 0)
    with pytest.raises(DesignError, match="columns wide"):
        edit(small, "delete_column", 0)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DesignServer]:
    folder = tmp_path_factory.mktemp("edits")
    shutil.copy(ROOT / "examples" / "travel.yaml", folder / "travel.yaml")
    with running(str(folder / "travel.yaml"), folder) as server:
        server.rate = RateLimit(burst=10_000, per_second=10_000.0)  # many examples
        yield server


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operation=st.one_of(st.sampled_from(EDITS), st.text(max_size=30), st.integers(),
                           st.none()),
       at=st.one_of(st.integers(-5, 30), st.integers(), st.text(max_size=12), st.floats(),
                    st.booleans(), st.none(), st.lists(st.integers(), max_size=2)))
def test_an_edit_request_gets_the_edited_board_or_one_line(site: DesignServer,
                                                           operation: object,
                                                           at: object) -> None:
    doc = SAMPLE
    status, data = post(site, "edit", {"doc": doc, "op": operation, "at": at})
    answer = json.loads(data)
    if status == 200:
        assert operation in EDITS and check_document(answer["doc"])
    else:
        assert status in (400, 422) and "\n" not in answer["error"], answer
