"""kok generate with custom sizes (profile basic): any size, colour count and holes give a
board in one piece that the solvability check can finish; impossible requests are refused
at once with one line and exit 2."""

from __future__ import annotations

import time
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kok_layouts
from kok_layouts import GeneratedBoard, check_sheet
from kok_layouts.analysis.solvability import analyse
from kok_layouts.errors import GenerateError


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    edition = draw(st.sampled_from(["classic", "kok2", "kids"]))
    width = draw(st.integers(5, 26))
    height = draw(st.integers(3, 20))
    colours = draw(st.integers(2, min(8, width * height // 2)))
    most = min(width * height // 3, width * height - 2 * colours)
    holes = draw(st.integers(0, most))
    seed = draw(st.integers(0, 2 ** 32))
    return {"edition": edition, "size": (width, height), "colours": colours, "holes": holes,
            "seed": seed}


def reachable_from_start(grid: list[str], start_columns: list[int]) -> set[tuple[int, int]]:
    """Board cells linked to a start column through board cells."""
    height, width = len(grid), len(grid[0])
    todo = [(r, c) for r in range(height) for c in start_columns if grid[r][c] != "."]
    seen = set(todo)
    while todo:
        row, column = todo.pop()
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if 0 <= r < height and 0 <= c < width and grid[r][c] != "." and (r, c) not in seen:
                seen.add((r, c))
                todo.append((r, c))
    return seen


def assert_basic_board(board: GeneratedBoard, asked: dict[str, Any]) -> None:
    assert check_sheet(board.sheet, "basic") == []
    data = yaml.safe_load(board.text)
    grid: list[str] = data["grid"]
    width, height = asked["size"]
    assert len(grid) == height and all(len(row) == width for row in grid)
    assert sum(row.count(".") for row in grid) == asked["holes"]
    palette = data["animals" if asked["edition"] == "kids" else "colours"]
    assert len(palette) == asked["colours"]
    assert {ch.lower() for row in grid for ch in row} - {"."} == set(palette)
    starts = ([width // 2] if asked["edition"] == "kids"
              else [ord(c) - ord("A") for c in data["start_columns"]])
    board_cells = {(r, c) for r in range(height) for c in range(width) if grid[r][c] != "."}
    assert reachable_from_start(grid, starts) == board_cells, "every cell reachable"
    header = board.text.splitlines()[1]
    assert (f"size {width}x{height}, colours {asked['colours']}, holes {asked['holes']}, "
            "profile basic") in header, "the YAML says what was asked"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_any_custom_request_gives_a_playable_board_in_one_piece(asked: dict[str, Any]) -> None:
    assert_basic_board(kok_layouts.generate(**asked), asked)


@pytest.mark.parametrize("asked", [
    {"edition": "classic", "size": (5, 3), "colours": 2, "holes": 0, "seed": 1},
    {"edition": "classic", "size": (9, 5), "colours": 4, "holes": 6, "seed": 2},
    {"edition": "kok2", "size": (8, 6), "colours": 5, "holes": 4, "seed": 3},
    {"edition": "kids", "size": (7, 4), "colours": 3, "holes": 3, "seed": 4},
])
def test_custom_boards_are_solvable_by_the_exact_check(asked: dict[str, Any]) -> None:
    board = kok_layouts.generate(**asked)
    assert_basic_board(board, asked)
    assert analyse(board.sheet).solvable


def test_areas_stay_small_when_there_are_colours_enough() -> None:
    for seed in range(20):
        board = kok_layouts.generate("classic", seed=seed, size=(20, 12), colours=6, holes=10)
        assert max(len(area) for area in board.sheet.areas) <= 6


@pytest.mark.parametrize(("options", "says"), [
    ({"size": (5, 3), "colours": 8, "profile": "official"}, "official classic profile"),
    ({"size": (5, 3), "colours": 8}, "at least 16 board cells"),
    ({"size": (27, 5)}, "out of range"),
    ({"size": (10, 2)}, "out of range"),
    ({"colours": 9}, "out of range"),
    ({"colours": 1}, "out of range"),
    ({"size": (6, 3), "holes": 7}, "too many"),
    ({"holes": 3, "profile": "official"}, "no holes"),
])
def test_impossible_requests_are_refused_with_a_reason(options: dict[str, Any],
                                                        says: str) -> None:
    with pytest.raises(GenerateError, match=says):
        kok_layouts.generate("classic", seed=1, **options)


def test_an_unknown_edition_is_refused() -> None:
    with pytest.raises(GenerateError, match="unknown edition"):
        kok_layouts.generate("chess")


@pytest.mark.parametrize("args", [
    ("classic", "--profile", "official", "--size", "5x3", "--colours", "8"),
    ("kids", "--size", "5x3", "--colours", "8"),
    ("classic", "--size", "big"),
    ("classic", "--holes", "-1", "--size", "9x5"),
    ("kok2", "--count", "0"),
    ("classic", "--render", "out.png"),
    ("nonsense",),
])
def test_the_cli_refuses_impossible_requests_in_one_line_and_exit_2_fast(
        kok: Any, args: tuple[str, ...]) -> None:
    started = time.process_time()  # CPU seconds: the same on a busy machine
    run = kok("generate", *args)
    assert time.process_time() - started < 1.0
    assert run.code == 2
    assert run.out == ""
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kok")
    assert "Traceback" not in run.err


def test_the_colour_bonus_of_an_official_board_is_the_printed_5_and_3() -> None:
    for seed in range(1, 6):
        data = yaml.safe_load(kok_layouts.generate("classic", seed=seed).text)
        assert data["colour_bonus"] == {"first": 5, "later": 3}


def test_colours_harder_than_a_printed_pads_earn_a_larger_colour_bonus() -> None:
    """Big boards with few colours have colours of many areas: more moves, more bonus;
    tiny boards have colours of one or two moves: less."""
    big = yaml.safe_load(kok_layouts.generate("classic", seed=1, size=(26, 20), colours=3,
                                              profile="basic").text)["colour_bonus"]
    tiny = yaml.safe_load(kok_layouts.generate("classic", seed=1, size=(5, 3), colours=4,
                                               profile="basic").text)["colour_bonus"]
    assert big["first"] > 5 and tiny["first"] < 5
    assert big["first"] > big["later"] >= 0 and tiny["first"] > tiny["later"] >= 0


@pytest.mark.parametrize("size", ["9x5", " 9 X 5 ", (9, 5), [9, 5]])
def test_a_size_is_a_pair_or_text(size: object) -> None:
    sheet, _ = kok_layouts.generate("classic", seed=1, size=size, profile="basic")  # type: ignore[arg-type]
    assert (sheet.width, sheet.height) == (9, 5)


@pytest.mark.parametrize(("size", "error"), [
    ("9y5", GenerateError), ("٣x5", GenerateError), ("", GenerateError), ("9x", GenerateError),
    ((9.0, 5), TypeError), (True, TypeError), ((9, 5, 1), TypeError), (95, TypeError)])
def test_a_bad_size_is_the_projects_error(size: object, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        kok_layouts.generate("classic", size=size, profile="basic")  # type: ignore[arg-type]
    assert isinstance(raised.value, kok_layouts.KokError)
