"""Keer op Keer Kids boards: enclosures of 1 to 4 cells, stars in the middle column."""

from __future__ import annotations

import string

import numpy as np

from kok_layouts.generator.design import Design
from kok_layouts.generator.palette import KIDS_ANIMALS, VISITORS
from kok_layouts.generator.regions import (
    colour_regions,
    partition,
    place_holes,
    region_neighbours,
)
from kok_layouts.model.checks import official_buckets
from kok_layouts.model.grid import Geometry

ENCLOSURE_SIZES = [1, 2, 3, 4]
SIZE_WEIGHTS = [0.18, 0.52, 0.12, 0.18]
"""Enclosure sizes drawn while growing, near the built-in sheet (6 ones, 17 twos, 3 threes
and 4 fours): many small enclosures make games as long as on the built-in sheet."""
LABELS = string.digits + string.ascii_letters


def enclosure_labels(design: Design) -> list[str] | None:
    """Enclosure labels when two enclosures of one animal touch (else ``None``)."""
    regions, geometry = design.regions, design.geometry
    colour = [design.colour_of[region[0]] for region in regions]
    near = region_neighbours(regions, geometry)
    if all(colour[i] != colour[n] for i in range(len(regions)) for n in near[i]):
        return None
    label = [""] * len(regions)
    for i in range(len(regions)):
        used = {label[n] for n in near[i] if colour[n] == colour[i]}
        label[i] = next(ch for ch in LABELS if ch not in used)
    grid = ["."] * geometry.size
    for i, region in enumerate(regions):
        for cell in region:
            grid[cell] = label[i]
    return ["".join(grid[r * geometry.width:(r + 1) * geometry.width])
            for r in range(geometry.height)]


def kids_board(width: int, height: int, animals: int, holes: int,
               rng: np.random.Generator) -> Design | None:
    """A Kids board; ``None`` when this generator's holes cut the board (try another)."""
    geometry = Geometry(width, height)
    middle = width // 2
    board = place_holes(geometry, holes, {middle}, rng)
    if board is None:
        return None
    regions = partition(board, geometry, ENCLOSURE_SIZES, SIZE_WEIGHTS, rng)
    if len(regions) < animals:
        return None
    colour = colour_regions(regions, geometry, animals, rng, by_regions=True)
    if len(set(colour)) < animals:
        return None
    palette = [tuple(entry) for entry in KIDS_ANIMALS[:animals]]
    colour_of: list[str | None] = [None] * geometry.size
    for i, region in enumerate(regions):
        for cell in region:
            colour_of[cell] = palette[colour[i]][0]
    stars = {c for c in geometry.column_cells(middle) if c in board}
    design = Design("kids", width, height, colour_of, stars, palette)
    design.regions = regions
    design.enclosure_labels = enclosure_labels(design)
    design.buckets = official_buckets(width)
    design.visitors = [VISITORS[c % len(VISITORS)] for c in range(width)]
    design.exclamation_marks = 6
    return design
