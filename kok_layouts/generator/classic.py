"""Official-profile boards of the classic game and of Keer op Keer 2."""

from __future__ import annotations

import numpy as np

from kok_layouts.generator.draft import Draft
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
from kok_layouts.generator.points import area_index, assign_points
from kok_layouts.model.sheet import Points, RowItem, RowRule

START_COLUMN = 7
"""Column H, where every printed pad starts."""

KOK2_ROW_ITEMS: tuple[RowItem, ...] = ("box", "bomb", "heart", "bomb", "box", "heart", "bomb")
"""The grey sheet's row items, from row P down."""
KOK2_ROW_POINTS = 5
KOK2_START_POINTS = Points(2, 0)
"""What the start column earns on the grey sheet."""


def official_grid(rng: np.random.Generator) -> Draft | None:
    """A 15 x 7 board with the official invariants, or ``None`` to try another generator."""
    columns = colour_columns(rng)
    if columns is None:
        return None
    # The search builds the columns from A; flipping half of the boards left to right
    # (column H stays the start) leaves neither edge the one its first steps shape.
    flip = bool(rng.random() < 0.5)
    return _grid_draft(columns, flip, rng)


def _grid_draft(columns: list[ColumnRuns], flip: bool, rng: np.random.Generator
                 ) -> Draft | None:
    """The draft of ``columns`` (read from the right when ``flip``), its stars placed anew."""
    star_colour = star_colours(columns, rng)
    if star_colour is None:
        return None
    keys = [colour.key for colour in CLASSIC_COLOURS[:COLOURS]]
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
    draft = Draft("classic", COLUMNS, ROWS, colour_of, stars, list(CLASSIC_COLOURS[:COLOURS]),
                  start_columns=[START_COLUMN])
    if copies_printed_pad(draft.grid_rows()):
        return None
    return draft


def grid_columns(draft: Draft) -> list[ColumnRuns]:
    """The runs of every column of an official draft, as the column search writes them."""
    keys = [colour.key for colour in CLASSIC_COLOURS[:COLOURS]]
    columns: list[ColumnRuns] = []
    for column in range(COLUMNS):
        runs = []
        for key in keys:
            rows = [r for r in range(ROWS) if draft.cell_colours[r * COLUMNS + column] == key]
            runs.append((rows[0], len(rows)))
        columns.append(tuple(runs))
    return columns


def regrow(draft: Draft, column: int, rng: np.random.Generator) -> Draft | None:
    """The official grid grown anew from ``column`` out to the nearer edge (the columns on
    the start's side kept), stars placed anew; ``None`` when no way was found."""
    columns = grid_columns(draft)
    flip = column < START_COLUMN or (column == START_COLUMN and bool(rng.random() < 0.5))
    ordered = columns[::-1] if flip else columns
    keep = COLUMNS - 1 - column if flip else column
    for _ in range(20):
        grown = colour_columns(rng, keep=ordered[:keep])
        if grown is None or grown == ordered:
            continue
        new = _grid_draft(grown, flip, rng)
        if new is not None:
            return new
    return None


def add_kok2(draft: Draft, rng: np.random.Generator) -> None:
    """Turn a classic draft into Keer op Keer 2: rows P.., a box cell in each colour's
    largest area (and a box for completing the start column), column points with the
    start column at 2 / 0, 6 exclamation marks."""
    draft.edition = "kok2"
    areas = area_index(draft)
    members: dict[int, list[int]] = {}
    for cell, area in enumerate(areas):
        if area is not None:
            members.setdefault(area, []).append(cell)
    boxes = []
    for colour in draft.colours:
        own = [cells for cells in members.values()
               if draft.cell_colours[cells[0]] == colour.key]
        largest = max(own, key=lambda cells: (len(cells), -cells[0]))
        boxes.append(largest[int(rng.integers(len(largest)))])
    draft.box_cells = sorted(boxes, key=lambda c: (c % draft.width, c // draft.width))
    labels = [chr(ord("P") + i) for i in range(min(draft.height, 11))]
    labels += [chr(ord("A") + i) for i in range(draft.height - len(labels))]
    draft.rows = [RowRule(label, KOK2_ROW_POINTS, KOK2_ROW_ITEMS[i % len(KOK2_ROW_ITEMS)])
                  for i, label in enumerate(labels)]
    draft.box_columns = list(draft.start_columns)
    draft.exclamation_marks = 6
    assign_points(draft, KOK2_START_POINTS)
