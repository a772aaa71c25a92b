"""A fast test of the official classic invariants on a design, for the balancing search
(the loaded sheet is still checked by :func:`check_sheet` before it is kept)."""

from __future__ import annotations

from collections import Counter

from kok_layouts.generator.design import Design
from kok_layouts.generator.points import area_index

AREA_SIZES = [1, 2, 3, 4, 5, 6]
STARS_PER_COLOUR = 3


def official_invariants(design: Design) -> bool:
    """Areas 1..6 per colour, three stars per colour, one per column, one per area at most,
    and every colour one run in every column."""
    areas = area_index(design)
    sizes = Counter(a for a in areas if a is not None)
    colour_of_area = {a: design.colour_of[c] for c, a in enumerate(areas) if a is not None}
    by_colour: dict[str | None, list[int]] = {}
    for area, size in sizes.items():
        by_colour.setdefault(colour_of_area[area], []).append(size)
    if any(sorted(v) != AREA_SIZES for v in by_colour.values()):
        return False
    if len(by_colour) != len(design.palette):
        return False
    star_areas = [areas[s] for s in design.stars]
    if len(set(star_areas)) != len(star_areas):
        return False
    per_colour = Counter(design.colour_of[s] for s in design.stars)
    if any(per_colour[key] != STARS_PER_COLOUR for key, *_ in design.palette):
        return False
    geometry = design.geometry
    for column in range(design.width):
        cells = geometry.column_cells(column)
        if sum(c in design.stars for c in cells) != 1:
            return False
        keys = [design.colour_of[c] for c in cells]
        runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
        if len(runs) != len(set(runs)) or len(runs) != len(design.palette):
            return False
    return True
