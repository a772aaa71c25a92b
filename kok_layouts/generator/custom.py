"""Classic and Keer op Keer 2 boards of any size (profile basic): one piece, every cell
reachable from the start column, areas of 1 to 6 cells, a star in every column."""

from __future__ import annotations

import numpy as np

from kok_layouts.generator.draft import Draft
from kok_layouts.generator.palette import CLASSIC_COLOURS
from kok_layouts.generator.points import area_index
from kok_layouts.generator.regions import colour_regions, partition, place_holes
from kok_layouts.model.grid import Geometry

AREA_SIZES = [1, 2, 3, 4, 5, 6]
MARKS_PER_CELL = 8 / 105
"""Exclamation marks in proportion to the board: 8 on the 105 cells of a printed pad."""


def _stars(draft: Draft, board: set[int], rng: np.random.Generator) -> set[int]:
    """One star per column, in an area without one where possible, colours taking turns."""
    areas = area_index(draft)
    starred: set[int | None] = set()
    per_colour = {colour.key: 0 for colour in draft.colours}
    stars = set()
    for column in rng.permutation(draft.width):
        cells = [c for c in draft.geometry.column_cells(int(column)) if c in board]
        if not cells:
            continue
        tie = rng.random(len(cells))
        best = min(range(len(cells)), key=lambda i: (
            areas[cells[i]] in starred, per_colour[draft.cell_colours[cells[i]] or ""],
            tie[i]))
        cell = cells[best]
        stars.add(cell)
        starred.add(areas[cell])
        per_colour[draft.cell_colours[cell] or ""] += 1
    return stars


def custom_grid(width: int, height: int, colours: int, holes: int,
                rng: np.random.Generator) -> Draft | None:
    """A basic-profile classic grid with its stars and marks, no points yet; ``None`` when
    this generator failed (try another)."""
    geometry = Geometry(width, height)
    start = width // 2
    board = place_holes(geometry, holes, {start}, rng)
    if board is None:
        return None
    largest = max(1, min(len(AREA_SIZES), len(board) // colours))
    sizes = AREA_SIZES[:largest]
    regions = partition(board, geometry, sizes, [1.0] * len(sizes), rng)
    colour = colour_regions(regions, geometry, colours, rng)
    if len(set(colour)) < colours:
        return None
    palette = list(CLASSIC_COLOURS[:colours])
    colour_of: list[str | None] = [None] * geometry.size
    for i, region in enumerate(regions):
        for cell in region:
            colour_of[cell] = palette[colour[i]].key
    draft = Draft("classic", width, height, colour_of, set(), palette, start_columns=[start],
                  regions=regions)
    draft.stars = _stars(draft, board, rng)
    draft.exclamation_marks = max(2, min(8, round(len(board) * MARKS_PER_CELL)))
    return draft
