"""Official-profile boards of the classic game and of Keer op Keer 2."""

from __future__ import annotations

import numpy as np

from kok_layouts.generator.design import Design
from kok_layouts.generator.official_grid import (
    COLOURS,
    COLUMNS,
    ROWS,
    ColumnRuns,
    colour_columns,
    star_colours,
)
from kok_layouts.generator.originality import copies_printed_pad
from kok_layouts.generator.palette import CLASSIC_COLOURS
from kok_layouts.generator.points import area_index, assign_column_points

START_COLUMN = 7
"""Column H, where every printed pad starts."""

KOK2_ROW_LABELS = ["P", "Q", "R", "S", "T", "U", "V"]
KOK2_ROW_ITEMS = ["box", "bomb", "heart", "bomb", "box", "heart", "bomb"]
"""The grey sheet's rows and their items."""


def official_grid(rng: np.random.Generator) -> Design | None:
    """A 15 x 7 board with the official invariants, or ``None`` to try another generator."""
    columns = colour_columns(rng)
    if columns is None:
        return None
    # The search builds the columns from A; flipping half of the boards left to right
    # (column H stays the start) leaves neither edge the one its first steps shape.
    flip = bool(rng.random() < 0.5)
    return _grid_design(columns, flip, rng)


def _grid_design(columns: list[ColumnRuns], flip: bool, rng: np.random.Generator
                 ) -> Design | None:
    """The design of ``columns`` (read from the right when ``flip``), its stars placed anew."""
    star_colour = star_colours(columns, rng)
    if star_colour is None:
        return None
    keys = [key for key, _, _ in CLASSIC_COLOURS[:COLOURS]]
    colour_of: list[str | None] = [None] * (COLUMNS * ROWS)
    stars = set()
    for index, runs in enumerate(columns):
        column = COLUMNS - 1 - index if flip else index
        for colour, (top, length) in enumerate(runs):
            for row in range(top, top + length):
                colour_of[row * COLUMNS + column] = keys[colour]
        top, length = runs[star_colour[index]]
        row = top + int(rng.integers(length))
        stars.add(row * COLUMNS + column)
    design = Design("classic", COLUMNS, ROWS, colour_of, stars,
                    [tuple(entry) for entry in CLASSIC_COLOURS[:COLOURS]],
                    start_columns=[START_COLUMN])
    if copies_printed_pad(design.rows()):
        return None
    return design


def grid_columns(design: Design) -> list[ColumnRuns]:
    """The runs of every column of an official design, as the column search writes them."""
    keys = [key for key, _, _ in CLASSIC_COLOURS[:COLOURS]]
    columns: list[ColumnRuns] = []
    for column in range(COLUMNS):
        runs = []
        for key in keys:
            rows = [r for r in range(ROWS) if design.colour_of[r * COLUMNS + column] == key]
            runs.append((rows[0], len(rows)))
        columns.append(tuple(runs))
    return columns


def regrow(design: Design, column: int, rng: np.random.Generator) -> Design | None:
    """The official grid grown anew from ``column`` out to the nearer edge (the columns on
    the start's side kept), stars placed anew; ``None`` when no way was found."""
    columns = grid_columns(design)
    flip = column < START_COLUMN or (column == START_COLUMN and bool(rng.random() < 0.5))
    ordered = columns[::-1] if flip else columns
    keep = COLUMNS - 1 - column if flip else column
    for _ in range(20):
        grown = colour_columns(rng, keep=ordered[:keep])
        if grown is None or grown == ordered:
            continue
        new = _grid_design(grown, flip, rng)
        if new is not None:
            return new
    return None


def official_classic(rng: np.random.Generator) -> Design | None:
    design = official_grid(rng)
    if design is None:
        return None
    assign_column_points(design)
    return design


def add_kok2(design: Design, rng: np.random.Generator) -> None:
    """Turn a classic design into Keer op Keer 2: rows P.., a box cell in each colour's
    largest area, column points with the start column at 2 / 0, 6 exclamation marks."""
    design.edition = "kok2"
    areas = area_index(design)
    members: dict[int, list[int]] = {}
    for cell, area in enumerate(areas):
        if area is not None:
            members.setdefault(area, []).append(cell)
    boxes = []
    for key, *_ in design.palette:
        own = [cells for cells in members.values() if design.colour_of[cells[0]] == key]
        largest = max(own, key=lambda cells: (len(cells), -cells[0]))
        boxes.append(largest[int(rng.integers(len(largest)))])
    design.box_cells = sorted(boxes, key=lambda c: (c % design.width, c // design.width))
    labels = [chr(ord("P") + i) for i in range(min(design.height, 11))]
    labels += [chr(ord("A") + i) for i in range(design.height - len(labels))]
    design.row_labels = labels
    design.row_items = [KOK2_ROW_ITEMS[i % len(KOK2_ROW_ITEMS)] for i in range(design.height)]
    design.exclamation_marks = 6
    assign_column_points(design)


def official_kok2(rng: np.random.Generator) -> Design | None:
    design = official_grid(rng)
    if design is None:
        return None
    add_kok2(design, rng)
    return design
