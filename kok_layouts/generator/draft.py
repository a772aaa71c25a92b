"""A board being made: the mutable draft of a sheet.

A :class:`Draft` holds the fields of a :class:`~kok_layouts.model.sheet.Sheet` of any
edition in lists and sets that can change while a board is built or searched, and turns
into the sheet itself (:meth:`Draft.to_sheet`) without writing or reading YAML; any sheet
becomes a draft again (:meth:`Draft.from_sheet`). Fields an edition's sheet does not have
are ignored; their defaults are those of the printed sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any

from kok_layouts.model.grid import Cell, Geometry, connected_components
from kok_layouts.model.sheet import Colour, Points, RowRule, Sheet, SpecialFace

PRINTED_SPECIAL_FACES: tuple[SpecialFace, ...] = ("heart", "heart", "bomb", "stars", "row",
                                                  "block")
"""The faces of Keer op Keer 2's special die."""

_SET_FIELDS = {"stars", "box_cells"}
"""Sheet fields that are sets of cells (the rest of the collections are sequences)."""


@lru_cache(maxsize=64)
def _geometry(width: int, height: int) -> Geometry:
    """One geometry per size, so its neighbour tables are built once."""
    return Geometry(width, height)


@dataclass
class Draft:
    """The fields of a sheet of ``edition``, mutable. ``cell_colours`` holds a colour key
    per cell (``None`` for a hole), ``stars`` the cells with a star; ``regions`` are the
    cells of every Kids enclosure (and the areas the generator coloured)."""

    edition: str
    width: int
    height: int
    cell_colours: list[str | None]
    stars: set[Cell]
    colours: list[Colour]
    name: str = "draft"
    title: str = "Draft"
    description: str = ""
    aliases: list[str] = field(default_factory=list)
    exclamation_marks: int = 8
    regions: list[list[Cell]] = field(default_factory=list)
    # classic and Keer op Keer 2
    start_columns: list[int] = field(default_factory=list)
    column_points: list[Points] = field(default_factory=list)
    colour_bonus: Points = field(default_factory=lambda: Points(5, 3))
    star_penalty: int = 2
    mark_points: int = 1
    # Keer op Keer 2
    rows: list[RowRule] = field(default_factory=list)
    box_cells: list[Cell] = field(default_factory=list)
    box_count: int = 9
    boxes_at_start: int = 1
    box_points: int = 2
    box_columns: list[int] = field(default_factory=list)
    heart_track: int = 5
    column_hearts: bool = True
    special_faces: list[SpecialFace] = field(default_factory=lambda: list(PRINTED_SPECIAL_FACES))
    # Kids
    buckets: list[int] = field(default_factory=list)
    visitors: list[str] = field(default_factory=list)
    food_boxes: int = 2
    chameleon_every: int = 2

    @classmethod
    def from_sheet(cls, sheet: Sheet) -> Draft:
        """The draft of ``sheet``: ``draft.to_sheet() == sheet``."""
        own = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for sheet_field in fields(sheet):
            if sheet_field.name in own:
                value = getattr(sheet, sheet_field.name)
                values[sheet_field.name] = (
                    set(value) if isinstance(value, frozenset) and sheet_field.name == "stars"
                    else sorted(value) if isinstance(value, frozenset)
                    else list(value) if isinstance(value, tuple) else value)
        return cls(edition=sheet.edition, width=sheet.width, height=sheet.height,
                   regions=[sorted(area.cells) for area in sheet.areas], **values)

    def to_sheet(self) -> Sheet:
        """The sheet this draft describes (not checked: see
        :func:`kok_layouts.check_sheet`)."""
        from kok_layouts.editions import get_edition

        sheet_type = get_edition(self.edition).sheet_type
        values = {f.name: self._sheet_value(f.name) for f in fields(sheet_type)
                  if f.init and f.name != "source"}
        return sheet_type(**values)

    def _sheet_value(self, name: str) -> Any:
        if name == "geometry":
            return self.geometry
        if name == "enclosure_of":
            return self.enclosure_of()
        value = getattr(self, name)
        if name in _SET_FIELDS:
            return frozenset(value)
        return tuple(value) if isinstance(value, list) else value

    def enclosure_of(self) -> tuple[int | None, ...]:
        """The enclosure of every cell, numbered as a layout's reader numbers them: by
        each enclosure's first cell in reading order (``None`` for holes). Without
        regions, every area of one colour is an enclosure."""
        regions = self.regions or [sorted(group) for group in connected_components(
            (c for c, key in enumerate(self.cell_colours) if key is not None), self.geometry,
            dict(enumerate(self.cell_colours)))]
        index: list[int | None] = [None] * (self.width * self.height)
        for number, region in enumerate(sorted(regions, key=min)):
            for cell in region:
                index[cell] = number
        return tuple(index)

    def copy(self) -> Draft:
        """A copy whose lists and sets can change without touching this one."""
        copies: dict[str, Any] = {f.name: _copied(getattr(self, f.name)) for f in fields(self)
                                  if isinstance(getattr(self, f.name), list | set)}
        return replace(self, **copies)

    @property
    def geometry(self) -> Geometry:
        return _geometry(self.width, self.height)

    def grid_rows(self) -> list[str]:
        """The grid as the layout writes it: a letter per cell, UPPERCASE for a star."""
        lines = []
        for row in range(self.height):
            letters = []
            for column in range(self.width):
                cell = row * self.width + column
                key = self.cell_colours[cell]
                letters.append("." if key is None else
                               key.upper() if cell in self.stars else key)
            lines.append("".join(letters))
        return lines

    def cell_name(self, cell: Cell) -> str:
        return self.geometry.name(cell)


def _copied(value: list[Any] | set[Any]) -> list[Any] | set[Any]:
    if isinstance(value, set):
        return set(value)
    return [list(item) if isinstance(item, list) else item for item in value]
