"""A generated board before it is written: plain values, one field per layout key."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kok_layouts.model.grid import Geometry, column_letter


@dataclass
class Design:
    """The grid and printed values of a board being generated (mutable while it is built).

    ``colour_of`` holds a colour letter per cell (``None`` for a hole); ``stars`` the cells
    with a star. The rest mirrors the layout format's keys.
    """

    edition: str
    width: int
    height: int
    colour_of: list[str | None]
    stars: set[int]
    palette: list[tuple[str, ...]]
    start_columns: list[int] = field(default_factory=list)
    first_points: list[int] = field(default_factory=list)
    later_points: list[int] = field(default_factory=list)
    exclamation_marks: int = 8
    box_cells: list[int] = field(default_factory=list)
    row_labels: list[str] = field(default_factory=list)
    row_items: list[str] = field(default_factory=list)
    buckets: list[int] = field(default_factory=list)
    visitors: list[str] = field(default_factory=list)
    enclosure_labels: list[str] | None = None
    regions: list[list[int]] = field(default_factory=list)
    """Kids: the cells of every enclosure (so animals can be swapped between them)."""

    def copy(self) -> Design:
        """A copy whose lists and sets can change without touching this one."""
        return replace(self, colour_of=list(self.colour_of), stars=set(self.stars),
                       box_cells=list(self.box_cells),
                       regions=[list(r) for r in self.regions])

    @property
    def geometry(self) -> Geometry:
        return Geometry(self.width, self.height)

    def rows(self) -> list[str]:
        """The grid as the layout writes it: a letter per cell, UPPERCASE for a star."""
        lines = []
        for row in range(self.height):
            letters = []
            for column in range(self.width):
                cell = row * self.width + column
                key = self.colour_of[cell]
                letters.append("." if key is None else
                               key.upper() if cell in self.stars else key)
            lines.append("".join(letters))
        return lines

    def cell_name(self, cell: int) -> str:
        return f"{column_letter(cell % self.width)}{cell // self.width + 1}"
