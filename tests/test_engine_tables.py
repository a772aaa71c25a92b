"""The engine's tables: a sheet compiled to arrays says what the rules' board says."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

from kok_layouts import ClassicSheet, KidsSheet, Kok2Sheet, load_layout
from kok_layouts.errors import KokTypeError
from kok_layouts.model.grid import cells_of, mask_of
from kok_layouts.model.loader import parse_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.board import board_for
from kok_layouts.rules.engine import tables_for
from kok_layouts.rules.engine.tables import (
    CLASSIC,
    ITEM_BOMB,
    ITEM_BOX,
    KIDS,
    KOK2,
    NO_ITEM,
    Tables,
)

from .conftest import ROOT

BUILT_IN = ["black", "blue", "green", "orange", "purple", "red", "yellow", "grey", "kids"]
CLASSIC_LAYOUTS = ["black", "blue", "green", "orange", "purple", "red", "yellow"]
EXAMPLES = [str(path) for path in sorted((ROOT / "examples").glob("*.yaml"))]
DONUT = str(ROOT / "examples" / "donut.yaml")
"""The example the engine's recorded games were played on (an example of areas and points
of its own; ``EXAMPLES[0]`` changes as examples are added)."""

KEYS = "gybrovwp"
NAMES = ["green", "yellow", "blue", "red", "orange", "violet", "white", "pink"]


def grid_sheet(width: int, height: int, colours: int = 5, seed: int = 1,
               start: str = "M") -> ClassicSheet:
    """A classic board of ``width`` x ``height`` cells in ``colours`` colours, in bands
    broken up at random (areas of many sizes), about one star in twelve."""
    rng = np.random.default_rng(seed)
    rows = []
    for row in range(height):
        line = ""
        for column in range(width):
            key = KEYS[(column // 2 + row // 3 + int(rng.integers(0, 2))) % colours]
            line += key.upper() if rng.random() < 0.08 else key
        rows.append(line)
    declared = "".join(f'  {KEYS[i]}: {{name: {NAMES[i]}, print: "#{i + 1}0{i}0{i}0"}}\n'
                       for i in range(colours))
    text = (f"format: 1\nedition: classic\nname: grid-{width}x{height}-{colours}\n"
            f'title: "A generated board"\ncolours:\n{declared}grid:\n'
            + "".join(f"  - {line}\n" for line in rows)
            + f"start_columns: [{start}]\ncolumn_points:\n  first: {[3] * width}\n"
            f"  later: {[1] * width}\ncolour_bonus: {{first: 5, later: 3}}\n"
            "exclamation_marks: 8\nstar_penalty: 2\n")
    sheet = parse_layout(text)
    assert isinstance(sheet, ClassicSheet)
    return sheet


def cells(row: np.ndarray) -> list[int]:
    return [int(c) for c in row if c >= 0]


def every_sheet() -> list[Sheet]:
    return ([load_layout(name) for name in BUILT_IN] + [load_layout(p) for p in EXAMPLES]
            + [grid_sheet(26, 20), grid_sheet(9, 4, colours=3, start="E")])


@pytest.mark.parametrize("sheet", every_sheet(), ids=lambda s: s.name)
def test_the_groups_are_the_rules_own_groups_in_their_order(sheet: Sheet) -> None:
    tables = tables_for(sheet)
    board = board_for(sheet)
    for colour, key in enumerate(tables.colour_keys):
        for n in range(1, 6):
            start, end = tables.group_offsets[colour, n - 1], tables.group_offsets[colour, n]
            masks = [mask_of(cells(tables.group_cells[g])) for g in range(start, end)]
            assert masks == list(board.shapes[(key, n)])
            assert all(tables.group_size[g] == n for g in range(start, end))
    assert tables.group_offsets[-1, -1] == len(tables.group_size)


@pytest.mark.parametrize("sheet", every_sheet(), ids=lambda s: s.name)
def test_every_cell_knows_its_colour_area_column_row_and_neighbours(sheet: Sheet) -> None:
    tables = tables_for(sheet)
    board = board_for(sheet)
    assert tables.size == sheet.geometry.size
    for cell in range(tables.size):
        key = sheet.cell_colours[cell]
        if key is None:
            assert tables.cell_colour[cell] == -1 and tables.cell_area[cell] == -1
            assert cells(tables.neighbours[cell]) == []
            continue
        assert tables.colour_keys[tables.cell_colour[cell]] == key
        assert tables.cell_area[cell] == sheet.area_of[cell]
        assert (tables.cell_column[cell], tables.cell_row[cell]) == (cell % sheet.width,
                                                                     cell // sheet.width)
        assert mask_of(cells(tables.neighbours[cell])) == board.dilate(1 << cell)
        assert tables.cell_star[cell] == (cell in sheet.stars)
        assert tables.cell_start[cell] == bool(board.start_mask >> cell & 1)
    for area, mask in enumerate(board.area_masks):
        assert mask_of(cells(tables.area_cells[area])) == mask
        assert tables.area_size[area] == mask.bit_count()


@pytest.mark.parametrize("sheet", every_sheet(), ids=lambda s: s.name)
def test_columns_rows_and_colours_count_their_board_cells(sheet: Sheet) -> None:
    tables = tables_for(sheet)
    board = board_for(sheet)
    assert list(tables.column_size) == [m.bit_count() for m in board.column_masks]
    assert list(tables.row_size) == [m.bit_count() for m in board.row_masks]
    assert list(tables.colour_size) == [board.colour_masks[k].bit_count()
                                        for k in tables.colour_keys]


def test_a_board_of_the_largest_size_compiles_with_every_cell() -> None:
    sheet = grid_sheet(26, 20)
    tables = tables_for(sheet)
    assert tables.size == 520
    assert max(cells(tables.area_cells[a])[-1] for a in range(len(tables.area_size))) > 64
    assert tables.cell_colour.min() >= 0


def test_classic_points_marks_and_stars_are_the_printed_ones() -> None:
    sheet = load_layout("black")
    assert isinstance(sheet, ClassicSheet)
    tables = tables_for(sheet)
    assert tables.edition == CLASSIC
    assert list(tables.column_first) == [p.first for p in sheet.column_points]
    assert list(tables.column_later) == [p.later for p in sheet.column_points]
    assert set(tables.colour_first) == {sheet.colour_bonus.first}
    assert set(tables.colour_later) == {sheet.colour_bonus.later}
    assert (tables.exclamation_marks, tables.mark_points, tables.star_penalty) == (
        sheet.exclamation_marks, sheet.mark_points, sheet.star_penalty)


def test_the_donut_has_two_start_columns_and_a_hole() -> None:
    sheet = load_layout(str(ROOT / "examples" / "donut.yaml"))
    tables = tables_for(sheet)
    start_columns = sorted({int(c) for c in tables.cell_column[tables.cell_start]})
    assert start_columns == [4, 6]
    assert (tables.cell_colour == -1).sum() == sum(1 for k in sheet.cell_colours if k is None)


def test_kids_enclosures_buckets_food_and_chameleons() -> None:
    sheet = load_layout("kids")
    assert isinstance(sheet, KidsSheet)
    tables = tables_for(sheet)
    assert tables.edition == KIDS
    assert len(tables.area_size) == len(sheet.enclosures)
    for index, enclosure in enumerate(sheet.enclosures):
        assert set(cells(tables.area_cells[index])) == set(enclosure.cells)
    assert list(tables.buckets) == list(sheet.buckets)
    assert list(tables.column_first) == [b + 1 for b in sheet.buckets]
    assert (tables.food_boxes, tables.chameleon_every) == (sheet.food_boxes,
                                                           sheet.chameleon_every)


def test_keer_op_keer_2_rows_boxes_hearts_and_squares() -> None:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    tables = tables_for(sheet)
    board = board_for(sheet)
    assert tables.edition == KOK2
    items = {None: NO_ITEM, "box": ITEM_BOX, "bomb": ITEM_BOMB}
    for row, rule in enumerate(sheet.rows):
        assert tables.row_points[row] == rule.points
        if rule.item in items:
            assert tables.row_item[row] == items[rule.item]
    assert set(np.flatnonzero(tables.cell_box)) == set(sheet.box_cells)
    assert list(np.flatnonzero(tables.box_column)) == list(sheet.box_columns)
    assert (tables.box_count, tables.boxes_at_start, tables.box_points, tables.heart_track) \
        == (sheet.box_count, sheet.boxes_at_start, sheet.box_points, sheet.heart_track)
    assert [mask_of(cells(r)) for r in tables.square_cells] == list(board.square_masks)
    assert len(tables.special_faces) == len(sheet.special_faces)


def test_tables_are_made_once_per_sheet_and_let_go_with_it() -> None:
    sheet = grid_sheet(7, 5, colours=3, start="D")
    first = tables_for(sheet)
    assert tables_for(sheet) is first
    assert isinstance(first, Tables)
    from kok_layouts.rules.engine import tables as module

    alive, key = weakref.ref(sheet), id(sheet)
    assert key in module._CACHE
    del sheet, first
    board_for.cache_clear()  # the rules' board cache holds sheets too
    gc.collect()
    assert alive() is None
    assert key not in module._CACHE


def test_the_arrays_cannot_be_changed() -> None:
    tables = tables_for(load_layout("black"))
    with pytest.raises(ValueError, match="read-only"):
        tables.cell_colour[0] = 3


def test_only_a_sheet_compiles() -> None:
    with pytest.raises(KokTypeError, match="compiles a sheet"):
        tables_for("black")  # type: ignore[arg-type]


def test_the_masks_of_cells_round_trip() -> None:
    sheet = load_layout("black")
    tables = tables_for(sheet)
    group = tables.group_cells[len(tables.group_size) - 1]
    assert list(cells_of(mask_of(cells(group)))) == cells(group)
