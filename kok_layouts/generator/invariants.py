"""A fast test of the official classic invariants on a draft, for the balancing search
(its sheet is still checked by :func:`check_sheet` before it is kept)."""

from __future__ import annotations

from collections import Counter

from kok_layouts.generator.draft import Draft
from kok_layouts.generator.points import area_index

AREA_SIZES = [1, 2, 3, 4, 5, 6]
STARS_PER_COLOUR = 3


def official_invariants(draft: Draft) -> bool:
    """Areas 1..6 per colour, three stars per colour, one per column, one per area at most,
    and every colour one run in every column."""
    areas = area_index(draft)
    sizes = Counter(a for a in areas if a is not None)
    colour_of_area = {a: draft.cell_colours[c] for c, a in enumerate(areas) if a is not None}
    by_colour: dict[str | None, list[int]] = {}
    for area, size in sizes.items():
        by_colour.setdefault(colour_of_area[area], []).append(size)
    if any(sorted(v) != AREA_SIZES for v in by_colour.values()):
        return False
    if len(by_colour) != len(draft.colours):
        return False
    star_areas = [areas[s] for s in draft.stars]
    if len(set(star_areas)) != len(star_areas):
        return False
    per_colour = Counter(draft.cell_colours[s] for s in draft.stars)
    if any(per_colour[colour.key] != STARS_PER_COLOUR for colour in draft.colours):
        return False
    geometry = draft.geometry
    for column in range(draft.width):
        cells = geometry.column_cells(column)
        if sum(c in draft.stars for c in cells) != 1:
            return False
        keys = [draft.cell_colours[c] for c in cells]
        runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
        if len(runs) != len(set(runs)) or len(runs) != len(draft.colours):
            return False
    return True
