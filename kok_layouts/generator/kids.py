"""Keer op Keer Kids boards: enclosures of 1 to 4 cells, stars in the middle column."""

from __future__ import annotations

import numpy as np

from kok_layouts.generator.draft import Draft
from kok_layouts.generator.palette import KIDS_ANIMALS, VISITORS
from kok_layouts.generator.regions import colour_regions, partition, place_holes, skip_colouring
from kok_layouts.model.checks import official_buckets
from kok_layouts.model.grid import Geometry

ENCLOSURE_SIZES = [1, 2, 3, 4]
SIZE_WEIGHTS = [0.05, 0.55, 0.15, 0.25]
"""Enclosure sizes drawn while growing. Growing leaves cells boxed in as one-cell
enclosures besides, so ones are rarely drawn: the built-in sheet has 6 ones, 17 twos,
3 threes and 4 fours, and boards with many more enclosures make far longer games."""
PRINTED_CELLS_PER_ENCLOSURE = (2.1, 2.25)
"""The built-in sheet has 30 enclosures on 65 cells (2.17 cells each); on 13 x 5 this
allows 29 or 30 (boards of 28 make games a roll shorter, which the first player wins more
often)."""
PRINTED_ONES = 1 / 8
"""At most this share of the cells are one-cell enclosures (the built-in sheet: 6 of 65)."""


def like_printed(regions: list[list[int]], cells_per_animal: list[int]) -> bool:
    """Whether a Kids layout is shaped like the built-in sheet: as many enclosures for its
    cells, few one-cell enclosures (:func:`enclosures_like_printed`), and one small animal
    while the others are at least two cells bigger (games end when somebody completes a
    second animal: two small animals make short games that the first player wins too
    often)."""
    return enclosures_like_printed(regions) and animals_like_printed(regions,
                                                                     cells_per_animal)


def enclosures_like_printed(regions: list[list[int]]) -> bool:
    """The enclosures' part of :func:`like_printed`, known before the animals are given."""
    cells = sum(len(r) for r in regions)
    low, high = PRINTED_CELLS_PER_ENCLOSURE
    if not cells / high <= len(regions) <= cells / low:
        return False
    return sum(len(r) == 1 for r in regions) <= cells * PRINTED_ONES


def animals_like_printed(regions: list[list[int]], cells_per_animal: list[int]) -> bool:
    """The animals' part of :func:`like_printed`: one small animal, the others at least
    two cells bigger and about their share of the cells."""
    cells = sum(len(r) for r in regions)
    ordered = sorted(cells_per_animal)
    if len(ordered) < 2:
        return True
    smallest, second = ordered[0], ordered[1]
    return second - smallest >= 2 and second >= round(cells / len(cells_per_animal))


def kids_board(width: int, height: int, animals: int, holes: int,
               rng: np.random.Generator, *, printed_shape: bool = False) -> Draft | None:
    """A Kids board; ``None`` when this generator's holes cut the board, or with
    ``printed_shape`` when it is not shaped like the built-in sheet (:func:`like_printed`;
    try another)."""
    geometry = Geometry(width, height)
    middle = width // 2
    board = place_holes(geometry, holes, {middle}, rng)
    if board is None:
        return None
    regions = partition(board, geometry, ENCLOSURE_SIZES, SIZE_WEIGHTS, rng)
    if len(regions) < animals:
        return None
    # Enclosures unlike the printed sheet's are refused before the animals are dealt,
    # drawing what dealing them would (a fresh layout is drawn from the same generator).
    if printed_shape and not enclosures_like_printed(regions):
        skip_colouring(regions, animals, rng)
        return None
    colour = colour_regions(regions, geometry, animals, rng, by_regions=True)
    if len(set(colour)) < animals:
        return None
    if printed_shape:
        per_animal = [sum(len(r) for i, r in enumerate(regions) if colour[i] == a)
                      for a in range(animals)]
        if not animals_like_printed(regions, per_animal):
            return None
    palette = list(KIDS_ANIMALS[:animals])
    colour_of: list[str | None] = [None] * geometry.size
    for i, region in enumerate(regions):
        for cell in region:
            colour_of[cell] = palette[colour[i]].key
    stars = {c for c in geometry.column_cells(middle) if c in board}
    return Draft("kids", width, height, colour_of, stars, palette, regions=regions,
                 buckets=official_buckets(width),
                 visitors=[VISITORS[c % len(VISITORS)] for c in range(width)],
                 exclamation_marks=6)
