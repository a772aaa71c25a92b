"""kok generate: official boards hold the printed pads' invariants, seeds are reproducible,
boards differ and never copy a printed pad, custom boards are solvable, and impossible
requests end in one line and exit 2.

The invariants are checked twice: by the model's official profile (what ``kok validate
--profile official`` runs) and by an independent check written here from
official-sheets.md, on the YAML text itself.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import cache
from typing import Any

import pytest
import yaml

import kok_layouts
from kok_layouts import check_sheet, load_layout
from kok_layouts.generator.originality import copies_printed_pad

from .conftest import ROOT

SEEDS = range(200)
WIDTH, HEIGHT = 15, 7
PRINTED_PADS = ("black", "red", "blue", "orange", "yellow", "grey")
PRINTED_SCALE = {1: 0, 2: 1, 3: 2, 5: 3}
"""first -> later column points as printed on the classic pads."""


@cache
def boards(edition: str) -> tuple[kok_layouts.GeneratedBoard, ...]:
    return tuple(kok_layouts.generate(edition, seed=seed) for seed in SEEDS)


def neighbours(cell: tuple[int, int], width: int, height: int) -> list[tuple[int, int]]:
    row, column = cell
    return [(r, c) for r, c in ((row - 1, column), (row + 1, column), (row, column - 1),
                                (row, column + 1)) if 0 <= r < height and 0 <= c < width]


def groups(grid: list[str], keys: list[list[str]]) -> list[list[tuple[int, int]]]:
    """Connected groups of board cells, two neighbours joined when their keys are equal."""
    height, width = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    found = []
    for row in range(height):
        for column in range(width):
            if (row, column) in seen or grid[row][column] == ".":
                continue
            group, stack = [], [(row, column)]
            seen.add((row, column))
            while stack:
                here = stack.pop()
                group.append(here)
                for near in neighbours(here, width, height):
                    if (near not in seen and grid[near[0]][near[1]] != "."
                            and keys[near[0]][near[1]] == keys[here[0]][here[1]]):
                        seen.add(near)
                        stack.append(near)
            found.append(group)
    return found


def colour_keys(grid: list[str]) -> list[list[str]]:
    return [[ch.lower() for ch in row] for row in grid]


def assert_official_classic(data: dict[str, Any]) -> None:
    """official-sheets.md, sentence by sentence, on the written layout."""
    grid: list[str] = data["grid"]
    assert len(grid) == HEIGHT and all(len(row) == WIDTH for row in grid)
    colours = [key for key in data["colours"]]
    assert len(colours) == 5
    letters = Counter(ch.lower() for row in grid for ch in row)
    assert letters == {key: 21 for key in colours}, "21 cells per colour"
    areas = groups(grid, colour_keys(grid))
    for key in colours:
        sizes = sorted(len(a) for a in areas if grid[a[0][0]][a[0][1]].lower() == key)
        assert sizes == [1, 2, 3, 4, 5, 6], f"{key}: one area of each size 1..6"
    stars = [(r, c) for r in range(HEIGHT) for c in range(WIDTH) if grid[r][c].isupper()]
    assert len(stars) == 15
    assert sorted(c for _, c in stars) == list(range(WIDTH)), "one star per column"
    assert Counter(grid[r][c].lower() for r, c in stars) == {k: 3 for k in colours}
    for area in areas:
        assert sum(cell in stars for cell in area) <= 1, "at most one star per area"
    for column in range(WIDTH):
        keys = [grid[r][column].lower() for r in range(HEIGHT)]
        runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
        assert sorted(runs) == sorted(colours), "every colour, as one run, in every column"
    assert data["start_columns"] == ["H"]
    first, later = data["column_points"]["first"], data["column_points"]["later"]
    for value, low in zip(first, later, strict=True):
        assert PRINTED_SCALE.get(value, -1) == low or (data["edition"] == "kok2" and
                                                       (value, low) == (2, 0))
    assert data["colour_bonus"] == {"first": 5, "later": 3}


@pytest.mark.parametrize("edition", ["classic", "kok2"])
def test_200_official_boards_pass_validate_and_the_invariants(edition: str) -> None:
    for board in boards(edition):
        assert check_sheet(board.sheet, "official") == [], board.sheet.name
        assert_official_classic(yaml.safe_load(board.text))


def test_200_kok2_boards_have_a_box_cell_in_each_colours_6_area_and_the_grey_rows() -> None:
    grey = load_layout("grey")
    assert isinstance(grey, kok_layouts.Kok2Sheet)
    for board in boards("kok2"):
        data = yaml.safe_load(board.text)
        grid = data["grid"]
        areas = groups(grid, colour_keys(grid))
        box_cells = {(int(name[1:]) - 1, ord(name[0]) - ord("A"))
                     for name in data["boxes"]["cells"]}
        sixes = [set(a) for a in areas if len(a) == 6]
        assert len(sixes) == 5 and all(len(six & box_cells) == 1 for six in sixes)
        assert len(box_cells) == 5
        assert data["rows"]["labels"] == list("PQRSTUV")
        assert tuple(data["rows"]["items"]) == tuple(r.item for r in grey.rows)
        assert data["column_points"]["first"][7] == 2 and data["column_points"]["later"][7] == 0
        assert data["boxes"]["columns"] == ["H"]


def test_200_kids_boards_pass_validate_and_the_kids_rules() -> None:
    for board in boards("kids"):
        assert check_sheet(board.sheet, "official") == [], board.sheet.name
        data = yaml.safe_load(board.text)
        grid = data["grid"]
        labels = data.get("enclosures") or grid
        assert len(grid) == 5 and all(len(row) == 13 for row in grid)
        keys = [[ch.lower() + label for ch, label in zip(row, labelled, strict=True)]
                for row, labelled in zip(grid, labels, strict=True)]
        enclosures = groups(grid, keys)
        assert all(1 <= len(e) <= 4 for e in enclosures), "enclosures of 1 to 4 cells"
        stars = {(r, c) for r in range(5) for c in range(13) if grid[r][c].isupper()}
        assert stars == {(r, 6) for r in range(5)}, "a star in every cell of column G only"
        assert data["buckets"] == [2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2, 2]
        assert len(data["visitors"]) == 13 and data["food_boxes"] == 2


@pytest.mark.parametrize("edition", ["classic", "kok2", "kids"])
def test_boards_of_different_seeds_differ(edition: str) -> None:
    grids = {tuple(b.sheet.cell_colours) for b in boards(edition)}
    assert len(grids) == len(SEEDS)


@pytest.mark.parametrize("edition", ["classic", "kok2"])
def test_no_board_is_a_printed_pad_or_its_mirror_image(edition: str) -> None:
    printed = set()
    for name in PRINTED_PADS:
        sheet = load_layout(name)
        rows = [tuple(sheet.cell_colours[r * WIDTH:(r + 1) * WIDTH]) for r in range(HEIGHT)]
        printed.add(tuple(rows))
        printed.add(tuple(row[::-1] for row in rows))
    for board in boards(edition):
        cells = board.sheet.cell_colours
        made = tuple(tuple(cells[r * WIDTH:(r + 1) * WIDTH]) for r in range(HEIGHT))
        assert made not in printed


def test_a_printed_pad_mirrored_or_recoloured_counts_as_a_copy() -> None:
    black = [row.lower() for row in yaml.safe_load(
        (ROOT / "layouts" / "black.yaml").read_text(encoding="utf-8"))["grid"]]
    assert copies_printed_pad(black)
    assert copies_printed_pad([row[::-1] for row in black])
    swap = str.maketrans("gy", "yg")
    assert copies_printed_pad([row.translate(swap) for row in black])
    changed = list(black)
    changed[0] = changed[0][:2] + changed[0][3] + changed[0][2] + changed[0][4:]
    assert not copies_printed_pad(changed)


@pytest.mark.parametrize("edition", ["classic", "kok2", "kids"])
def test_the_same_seed_gives_byte_identical_yaml(edition: str) -> None:
    for seed in (0, 7, 12345):
        assert (kok_layouts.generate(edition, seed=seed).text
                == kok_layouts.generate(edition, seed=seed).text)


GOLDEN = {
    "classic": "3fd208ed7201dfc68281c25359de55c809b4d62330765c7768bf33aea90203a3",
    "kok2": "661821cfb6279ca0fc1bd120c417a97a11b1cb53f9ad75b31f6026e1b3645a9a",
    "kids": "9e39d904cf01a2b33af6ed8f522b9a4b73825ca3295d1c9aba8aec4954741282",
}
"""sha256 of seed 1's text: the same on every machine (numpy's PCG64 is specified)."""


@pytest.mark.parametrize("edition", sorted(GOLDEN))
def test_seed_1_gives_the_same_board_on_every_machine(edition: str) -> None:
    text = kok_layouts.generate(edition, seed=1).text
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[edition]


def test_the_yaml_header_says_seed_options_version_and_checks() -> None:
    text = kok_layouts.generate("classic", seed=42).text
    header = [line for line in text.splitlines() if line.startswith("#")][:3]
    assert "seed 42" in header[0] and "generator version" in header[0]
    assert "profile official" in header[1] and "size 15x7" in header[1]
    assert "kok validate --profile official: no problems" in header[2]


def test_generate_unpacks_as_sheet_and_text() -> None:
    sheet, text = kok_layouts.generate("kids", seed=3)
    assert isinstance(sheet, kok_layouts.KidsSheet)
    assert text.startswith("# Generated by kok generate")
