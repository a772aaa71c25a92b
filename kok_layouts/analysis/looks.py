"""What keeps an improved board one a designer would print (issue 36, "nothing ugly").

``kok improve`` may repaint cells, swap areas and move stars; a board that passes every
verdict but has a colour of two lonely cells, a 17-cell blob or half its cells repainted
is no answer. :func:`looks_problem` says why a changed board is not acceptable beside the
board it came from:

- every colour (Kids: animal) keeps between :data:`LOW_SHARE` and :data:`HIGH_SHARE`
  times the mean cell count of the board's colours, and at least :data:`MIN_CELLS` cells;
- every area (Kids: enclosure) keeps to the sizes the edition's printed pads use (at
  most 6 cells classic and Keer op Keer 2, 4 Kids), or to the board's own largest;
- no more one-cell islands than the board had;
- at most a quarter of the cells repainted, unless told otherwise (``max_changes``).

A board that breaks a rule already may keep doing so, but never further: a colour that
is too small may not shrink, an over-sized area may not grow, and so on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from kok_layouts.editions import edition_of
from kok_layouts.model.sheet import Sheet

LOW_SHARE = 0.5
HIGH_SHARE = 1.6
MIN_CELLS = 3
REPAINT_SHARE = 0.25
"""The share of a board's cells ``kok improve`` may repaint by default."""


@dataclass(frozen=True)
class Looks:
    """The figures the rules above read: cells per colour, area sizes, one-cell areas."""

    colours: dict[str, int]
    areas: tuple[int, ...]
    cells: int

    @classmethod
    def of(cls, sheet: Sheet) -> Looks:
        from kok_layouts.generator.draft import Draft

        counts = Counter(c for c in (sheet.cell_colours[cell] for cell in sheet.board_cells)
                         if c is not None)
        colours = {colour.key: counts.get(colour.key, 0) for colour in sheet.colours}
        areas = tuple(sorted(len(region) for region in Draft.from_sheet(sheet).regions))
        return cls(colours, areas, sum(counts.values()))

    @property
    def islands(self) -> int:
        return sum(1 for size in self.areas if size == 1)

    def bounds(self) -> tuple[float, float]:
        """The fewest and most cells a colour may have."""
        mean = self.cells / max(1, len(self.colours))
        return max(float(MIN_CELLS), LOW_SHARE * mean), HIGH_SHARE * mean

    def oversize(self, largest: int) -> int:
        """Cells beyond ``largest`` over every area."""
        return sum(max(0, size - largest) for size in self.areas)


@cache
def largest_area(edition: str) -> int:
    """The largest area (Kids: enclosure) on the edition's printed pads."""
    from kok_layouts.model.loader import load_layout

    return max(max(Looks.of(load_layout(pad)).areas)
               for pad in edition_of(edition).official_pads())


def default_max_changes(sheet: Sheet) -> int:
    """A quarter of the board's cells."""
    return int(Looks.of(sheet).cells * REPAINT_SHARE)


def repainted(before: Sheet, after: Sheet) -> int:
    """Cells whose colour differs."""
    return sum(1 for cell in before.board_cells
               if before.cell_colours[cell] != after.cell_colours[cell])


def looks_problem(before: Sheet, after: Sheet, max_changes: int | None = None,
                  before_looks: Looks | None = None) -> str | None:
    """Why ``after`` (a change of ``before``) is not a board to print, in words; ``None``
    when it is."""
    old = before_looks or Looks.of(before)
    limit = default_max_changes(before) if max_changes is None else max_changes
    changed = repainted(before, after)
    if changed > limit:
        return f"{changed} cells repainted, more than {limit}"
    if before.cell_colours == after.cell_colours:
        return None
    new = Looks.of(after)
    low, high = old.bounds()
    names = {c.key: c.name for c in after.colours}
    for key, count in new.colours.items():
        was = old.colours.get(key, 0)
        if count < low and count < was:
            return f"{names.get(key, key)} would have {count} cells, fewer than {low:g}"
        if count > high and count > was:
            return f"{names.get(key, key)} would have {count} cells, more than {high:g}"
    largest = max(largest_area(after.edition), max(old.areas, default=0))
    if max(new.areas, default=0) > largest:
        return (f"an area would have {max(new.areas)} cells, more than the pads' and the "
                f"board's largest ({largest})")
    if new.islands > old.islands:
        return f"{new.islands - old.islands} new one-cell island(s)"
    return None
