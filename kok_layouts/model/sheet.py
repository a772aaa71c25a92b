"""The sheet types: everything printed on a score sheet of each edition, as frozen values.

A sheet says nothing about a game in progress; that is the rules' business. Derived facts
that every layer needs (areas, which cells are on the board) are computed once and cached.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Literal

from kok_layouts.errors import BadArgumentError, KokTypeError, Location, shown_repr
from kok_layouts.model.grid import Cell, Geometry, column_letter, connected_components

if TYPE_CHECKING:
    from kok_layouts.model.source import SourceMap, SourcePath

EditionName = str
"""The name of an edition (``classic``, ``kok2``, ``kids``, or one registered from above);
the edition itself is ``kok_layouts.editions.EDITIONS[name]``."""

SpecialFace = Literal["heart", "bomb", "stars", "row", "block"]
SPECIAL_FACES: tuple[SpecialFace, ...] = ("heart", "bomb", "stars", "row", "block")
RowItem = Literal["box", "bomb", "heart"]
ROW_ITEMS: tuple[RowItem, ...] = ("box", "bomb", "heart")


@dataclass(frozen=True)
class Colour:
    """A colour of the grid: the letter used in the YAML grid, its name and print colour.

    In Kids the colours are animals: ``name`` is the animal (``crocodile``) and
    ``colour_name`` the colour of its die face (``green``).
    """

    key: str
    name: str
    rgb: str
    colour_name: str | None = None

    @property
    def die_name(self) -> str:
        """What the die face of this colour is called."""
        return self.colour_name or self.name


@dataclass(frozen=True)
class Points:
    """A value printed twice: for the first player(s) to complete something, and for later ones."""

    first: int
    later: int


@dataclass(frozen=True)
class Area:
    """A maximal orthogonally connected group of cells of one colour (Kids: an enclosure)."""

    index: int
    colour: str
    cells: frozenset[Cell]

    def __len__(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class RowRule:
    """A Keer op Keer 2 row: its label (``P``), the points for completing it and its item."""

    label: str
    points: int
    item: RowItem | None


@dataclass(frozen=True, kw_only=True)
class Sheet:
    """What every edition's sheet has: a grid of coloured cells, some with stars."""

    edition: ClassVar[EditionName]

    name: str
    title: str
    geometry: Geometry
    colours: tuple[Colour, ...]
    cell_colours: tuple[str | None, ...]
    """The colour key of every cell, ``None`` for a hole (not part of the board)."""
    stars: frozenset[Cell]
    exclamation_marks: int
    aliases: tuple[str, ...] = ()
    description: str = ""
    source: SourceMap | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} {self.width}x{self.height}>"

    @property
    def width(self) -> int:
        return self.geometry.width

    @property
    def height(self) -> int:
        return self.geometry.height

    def cell_name(self, cell: Cell) -> str:
        return self.geometry.name(cell)

    def parse_cell(self, name: str) -> Cell:
        """The cell called ``name``; :class:`BadArgumentError` (a ``ValueError``) if it is
        off the grid or a hole."""
        cell = self.geometry.parse(name)
        if self.cell_colours[cell] is None:
            raise BadArgumentError(f"cell {name.strip().upper()} is a hole, not part of the board")
        return cell

    @cached_property
    def board_cells(self) -> tuple[Cell, ...]:
        """Every cell that is part of the board (not a hole), in reading order."""
        return tuple(c for c, key in enumerate(self.cell_colours) if key is not None)

    @cached_property
    def colour_by_key(self) -> dict[str, Colour]:
        return {colour.key: colour for colour in self.colours}

    def colour(self, name_or_key: str) -> Colour:
        """The colour with this name, die name or grid letter; :class:`BadArgumentError` (a
        ``ValueError``) if there is none."""
        if not isinstance(name_or_key, str):
            raise KokTypeError(f"a colour is named by text, not {type(name_or_key).__name__}")
        wanted = name_or_key.strip().lower()
        for colour in self.colours:
            if wanted in (colour.key, colour.name.lower(), colour.die_name.lower()):
                return colour
        known = ", ".join(c.name for c in self.colours)
        raise BadArgumentError(f"{self.name} has no colour {shown_repr(name_or_key, 40)} "
                               f"(it has {known})")

    def cells_of_colour(self, key: str) -> tuple[Cell, ...]:
        return tuple(c for c in self.board_cells if self.cell_colours[c] == key)

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """The areas, ordered by their first cell in reading order."""
        same = {c: self.cell_colours[c] for c in self.board_cells}
        groups = connected_components(self.board_cells, self.geometry, same)  # type: ignore[arg-type]
        return tuple(Area(i, self.cell_colours[min(g)] or "", g) for i, g in enumerate(groups))

    @cached_property
    def area_of(self) -> tuple[int | None, ...]:
        """The index into :attr:`areas` of every cell, ``None`` for holes."""
        index: list[int | None] = [None] * self.geometry.size
        for area in self.areas:
            for cell in area.cells:
                index[cell] = area.index
        return tuple(index)

    def column_cells(self, column: int) -> tuple[Cell, ...]:
        """The board cells of a column, top to bottom (holes left out)."""
        return tuple(c for c in self.geometry.column_cells(column) if self.cell_colours[c])

    def row_cells(self, row: int) -> tuple[Cell, ...]:
        """The board cells of a row, left to right (holes left out)."""
        return tuple(c for c in self.geometry.row_cells(row) if self.cell_colours[c])

    def column_letters(self) -> Iterator[str]:
        return (column_letter(i) for i in range(self.width))

    def _repr_png_(self) -> bytes:
        """The sheet as a picture in notebooks (the renderer is imported only then)."""
        from kok_layouts.render.document import render_png

        return render_png(self, dpi=96)

    def locate(self, path: SourcePath) -> Location | None:
        """Where in the layout file the value at ``path`` was written, if known."""
        return self.source.locate(path) if self.source else None


@dataclass(frozen=True, kw_only=True, repr=False)
class ClassicSheet(Sheet):
    """A classic Keer op Keer / Noch mal! sheet (docs/rules.md section 1), any size."""

    edition: ClassVar[EditionName] = "classic"

    start_columns: tuple[int, ...]
    column_points: tuple[Points, ...]
    colour_bonus: Points
    star_penalty: int
    mark_points: int = 1

    @cached_property
    def start_cells(self) -> frozenset[Cell]:
        """Board cells of the start column(s): every first move touches one."""
        return frozenset(c for col in self.start_columns for c in self.column_cells(col))


@dataclass(frozen=True, kw_only=True, repr=False)
class Kok2Sheet(ClassicSheet):
    """The Keer op Keer 2 / Noch mal so gut! sheet (docs/rules.md section 2)."""

    edition: ClassVar[EditionName] = "kok2"

    rows: tuple[RowRule, ...]
    box_cells: frozenset[Cell]
    box_count: int
    boxes_at_start: int
    box_points: int
    box_columns: tuple[int, ...]
    """Columns whose completion gives a box to everyone who completes them (H)."""
    heart_track: int
    column_hearts: bool
    special_faces: tuple[SpecialFace, ...]


@dataclass(frozen=True, kw_only=True, repr=False)
class KidsSheet(Sheet):
    """A Keer op Keer Kids sheet (docs/rules.md section 3): animals in enclosures."""

    edition: ClassVar[EditionName] = "kids"

    enclosure_of: tuple[int | None, ...]
    """The enclosure index of every cell, ``None`` for holes."""
    buckets: tuple[int, ...]
    visitors: tuple[str, ...]
    food_boxes: int
    chameleon_every: int

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """The enclosures, which may split an area of one animal in several."""
        groups: dict[int, list[Cell]] = {}
        for cell, index in enumerate(self.enclosure_of):
            if index is not None:
                groups.setdefault(index, []).append(cell)
        return tuple(Area(i, self.cell_colours[cells[0]] or "", frozenset(cells))
                     for i, cells in sorted(groups.items()))

    @property
    def enclosures(self) -> tuple[Area, ...]:
        return self.areas

    @property
    def animals(self) -> tuple[Colour, ...]:
        return self.colours

    @cached_property
    def middle_column(self) -> int:
        return self.width // 2

