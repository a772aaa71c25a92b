"""Grid geometry: cell indices, cell names (``H1``) and neighbours.

A cell is an ``int``: ``row * width + column``, both counted from 0 at the top left.
Its printed name is the column letter and the row number counted from 1 (``H1`` is the
top cell of column H). Grids have at most 26 columns, so one letter always suffices.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from kok_layouts.errors import BadArgumentError, KokTypeError, shown_repr

Cell = int
"""A cell of a grid, as ``row * width + column``."""

COLUMN_LETTERS = string.ascii_uppercase
MAX_COLUMNS = 26


def column_letter(column: int) -> str:
    """The printed letter of a 0-based column (``7`` -> ``"H"``)."""
    return COLUMN_LETTERS[column]


def column_index(letter: str) -> int:
    """The 0-based column of a column letter, either case (``"h"`` -> ``7``)."""
    if not isinstance(letter, str):
        raise KokTypeError(f"a column is named by its letter, not {type(letter).__name__}")
    up = letter.strip().upper()
    if len(up) != 1 or up not in COLUMN_LETTERS:
        raise BadArgumentError(f"{shown_repr(letter, 40)} is not a column letter A..Z")
    return COLUMN_LETTERS.index(up)


@dataclass(frozen=True)
class Geometry:
    """The rectangle of a grid: naming, neighbours and bitmask helpers for its cells."""

    width: int
    height: int

    @property
    def size(self) -> int:
        return self.width * self.height

    def cell(self, column: int, row: int) -> Cell:
        return row * self.width + column

    def column_of(self, cell: Cell) -> int:
        return cell % self.width

    def row_of(self, cell: Cell) -> int:
        return cell // self.width

    def name(self, cell: Cell) -> str:
        """The printed name of a cell, such as ``H1``."""
        return f"{column_letter(cell % self.width)}{cell // self.width + 1}"

    def parse(self, name: str) -> Cell:
        """The cell named ``name`` (``"H1"``, ``"h1"``); :class:`BadArgumentError` (a
        ``ValueError``) if it is no cell name or off the grid."""
        if not isinstance(name, str):
            raise KokTypeError(f"a cell is named like H1, not {type(name).__name__}")
        text = name.strip()
        # ASCII digits only: "H²" passes isdigit() but not int(), and int() reads "H٣" as H3.
        # A row number is written as printed: no sign, no leading zero ("A01" is no cell).
        if not 2 <= len(text) <= 4 or not (text[1:].isascii() and text[1:].isdigit()) \
                or text[1] == "0":
            raise BadArgumentError(f"{shown_repr(name, 24)} is not a cell name like H1 "
                                   "(column letter, row number)")
        column = column_index(text[0])
        row = int(text[1:]) - 1
        if column >= self.width or not 0 <= row < self.height:
            last = f"{column_letter(self.width - 1)}{self.height}"
            raise BadArgumentError(f"cell {text.upper()} is off the {self.width} x "
                                   f"{self.height} grid (A1..{last})")
        return self.cell(column, row)

    @cached_property
    def neighbours(self) -> tuple[tuple[Cell, ...], ...]:
        """For every cell, the cells that share a side with it (never diagonals)."""
        return _neighbours(self.width, self.height)

    def column_cells(self, column: int) -> tuple[Cell, ...]:
        return tuple(self.cell(column, row) for row in range(self.height))

    def row_cells(self, row: int) -> tuple[Cell, ...]:
        return tuple(self.cell(column, row) for column in range(self.width))


@lru_cache(maxsize=64)
def _neighbours(width: int, height: int) -> tuple[tuple[Cell, ...], ...]:
    """:attr:`Geometry.neighbours` of a ``width`` x ``height`` grid, made once per size
    (the generator makes a geometry for every board it tries)."""
    result: list[tuple[Cell, ...]] = []
    for cell in range(width * height):
        col, row = cell % width, cell // width
        around = []
        if row > 0:
            around.append(cell - width)
        if col > 0:
            around.append(cell - 1)
        if col < width - 1:
            around.append(cell + 1)
        if row < height - 1:
            around.append(cell + width)
        result.append(tuple(around))
    return tuple(result)


def mask_of(cells: Iterable[Cell]) -> int:
    """The bitmask with one bit set per cell."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: int) -> Iterator[Cell]:
    """The cells of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def connected_components(cells: Iterable[Cell], geometry: Geometry,
                         same: dict[Cell, object] | None = None) -> list[frozenset[Cell]]:
    """Maximal orthogonally connected groups of ``cells``.

    With ``same``, two neighbours join only if they map to equal values (the colour of a
    cell, say), so the result is the areas of a colour grid.
    """
    pool = set(cells)
    groups: list[frozenset[Cell]] = []
    for start in sorted(pool):
        if start not in pool:
            continue
        pool.discard(start)
        group = [start]
        stack = [start]
        while stack:
            here = stack.pop()
            for nxt in geometry.neighbours[here]:
                if nxt in pool and (same is None or same[nxt] == same[here]):
                    pool.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(frozenset(group))
    return groups
