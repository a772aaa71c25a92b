"""A sheet compiled to bitmasks once: the cells of its colours, columns, rows, areas and
squares, and the connected groups of 1 to 5 cells inside each area.

Every set of cells is an ``int`` with bit ``cell`` set: the rules' values (moves, crosses)
and the bots speak in these masks. The groups are enumerated once per sheet; the engine's
tables (:mod:`kok_layouts.rules.engine.tables`) take them in the same order, so the
engine lists legal moves in the order of these masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.grid import Cell, Geometry, cells_of, mask_of
from kok_layouts.model.sheet import Sheet

MAX_MOVE = 5
"""The most cells one move can cross: the highest number die."""


def connected_subsets(cells: Iterable[Cell], geometry: Geometry, largest: int) -> list[int]:
    """Every orthogonally connected subset of ``cells`` with 1..``largest`` cells, once each.

    Wernicke's ESU enumeration: each subset is grown from its lowest cell, extending only
    with higher cells that are not already next to the subset.
    """
    pool = set(cells)
    neighbours = {c: [n for n in geometry.neighbours[c] if n in pool] for c in pool}
    found: list[int] = []

    def extend(subset: int, members: frozenset[Cell], extension: set[Cell], root: Cell,
               near: set[Cell]) -> None:
        found.append(subset)
        if len(members) == largest:
            return
        extension = set(extension)
        while extension:
            cell = extension.pop()
            fresh = {n for n in neighbours[cell] if n > root and n not in members
                     and n not in near}
            extend(subset | (1 << cell), members | {cell}, extension | fresh, root,
                   near | set(neighbours[cell]))

    for root in sorted(pool):
        start = {n for n in neighbours[root] if n > root}
        extend(1 << root, frozenset({root}), start, root, {root, *neighbours[root]})
    return found


@dataclass(frozen=True, eq=False)
class Board:
    """The bitmasks of one sheet, shared by every player and game on it."""

    sheet: Sheet
    full: int
    """Every board cell."""
    colour_keys: tuple[str, ...]
    colour_masks: dict[str, int]
    column_masks: tuple[int, ...]
    row_masks: tuple[int, ...]
    star_mask: int
    start_mask: int
    area_masks: tuple[int, ...]
    area_of: tuple[int, ...]
    """Area index per cell; -1 for holes."""
    shapes: dict[tuple[str, int], tuple[int, ...]]
    """For (colour key, n): every connected group of n cells inside one area of that colour."""
    cell_column: tuple[int, ...]
    not_first_column: int
    """Every cell but those of the first column (negative: all higher bits set), to shift a
    mask one column left without wrapping to the row above."""
    not_last_column: int
    """Every cell but those of the last column, to shift a mask one column right."""
    box_mask: int
    """The box cells of a Keer op Keer 2 sheet (none on other sheets)."""
    square_masks: tuple[int, ...]
    """The board cells of every 2 x 2 square that holds one, row by row, top-left cell
    first: where a bomb may fall (Keer op Keer 2, docs/rules.md section 2.4)."""

    def dilate(self, mask: int) -> int:
        """The board cells sharing a side with a cell of ``mask`` (``mask`` itself excluded)."""
        width = self.sheet.width
        grown = (((mask & self.not_first_column) >> 1) | ((mask & self.not_last_column) << 1)
                 | (mask >> width) | (mask << width))
        return grown & self.full & ~mask

    def name_cells(self, mask: int) -> list[str]:
        """The names of the cells of ``mask``, sorted by column then row."""
        width = self.sheet.width
        ordered = sorted(cells_of(mask), key=lambda c: (c % width, c // width))
        return [self.sheet.cell_name(c) for c in ordered]

    def parse_cells(self, names: str | Iterable[str]) -> int:
        """The mask of the named cells: ``"H6 H7"``, ``"H6,H7"`` or ``["H6", "H7"]``.

        :class:`~kok_layouts.errors.BadArgumentError` (a ``ValueError``) for an unknown,
        hole or repeated name; :class:`~kok_layouts.errors.KokTypeError` for a name that
        is not text.
        """
        mask = 0
        for name in split_cells(names):
            try:
                cell = self.sheet.parse_cell(name)
            except ValueError as err:
                raise BadArgumentError(str(err)) from None
            if mask >> cell & 1:
                raise BadArgumentError(f"cell {self.sheet.cell_name(cell)} is named twice")
            mask |= 1 << cell
        return mask


def split_cells(names: str | Iterable[str]) -> list[str]:
    """Cell names from ``"H6 H7"``, ``"H6,H7"``, ``"H6, H7"`` or an iterable of names.
    Text that leaves a name out between commas (``"H6,,H7"``, ``",H6"``, ``"H6,"``) is
    refused (:class:`BadArgumentError`), not read as ``H6 H7``: every reader of cell names
    (moves, records, the player's sheet, the table) splits them here."""
    if isinstance(names, str):
        if "," in names and any(not part.strip() for part in names.split(",")):
            raise BadArgumentError(f"cells {shown(names, 40)!r} leave a name out between commas; "
                                   "write them like 'H6,H7' or 'H6 H7'")
        items: Iterable[object] = names.replace(",", " ").split()
    elif names is None or isinstance(names, (bytes, int)):
        raise KokTypeError(f"cells are names like 'H6 H7' or ['H6', 'H7'], not "
                           f"{type(names).__name__}")
    else:
        items = names
    found = []
    for name in items:
        if not isinstance(name, str):
            raise KokTypeError(f"a cell name is text like 'H6', not {type(name).__name__} "
                               f"{name!r}")
        found.append(name)
    return found


@lru_cache(maxsize=32)
def board_for(sheet: Sheet) -> Board:
    """The compiled board of ``sheet`` (cached: sheets are immutable)."""
    geometry = sheet.geometry
    board_cells = sheet.board_cells
    colour_keys = tuple(c.key for c in sheet.colours)
    colour_masks = {key: mask_of(sheet.cells_of_colour(key)) for key in colour_keys}
    area_of = tuple(-1 if a is None else a for a in sheet.area_of)
    shapes: dict[tuple[str, int], list[int]] = {(k, n): [] for k in colour_keys
                                                 for n in range(1, MAX_MOVE + 1)}
    for area in sheet.areas:
        for subset in connected_subsets(area.cells, geometry, MAX_MOVE):
            shapes[(area.colour, subset.bit_count())].append(subset)
    # Only some editions' sheets have start columns or box cells: none on the others.
    start_columns: tuple[int, ...] = getattr(sheet, "start_columns", ())
    box_cells: frozenset[int] = getattr(sheet, "box_cells", frozenset())
    first_column = mask_of(geometry.column_cells(0))
    last_column = mask_of(geometry.column_cells(sheet.width - 1))
    return Board(
        sheet=sheet,
        full=mask_of(board_cells),
        colour_keys=colour_keys,
        colour_masks=colour_masks,
        column_masks=tuple(mask_of(sheet.column_cells(c)) for c in range(sheet.width)),
        row_masks=tuple(mask_of(sheet.row_cells(r)) for r in range(sheet.height)),
        star_mask=mask_of(sheet.stars),
        start_mask=mask_of(c for col in start_columns for c in sheet.column_cells(col)),
        area_masks=tuple(mask_of(a.cells) for a in sheet.areas),
        area_of=area_of,
        shapes={key: tuple(sorted(masks)) for key, masks in shapes.items()},
        cell_column=tuple(c % sheet.width for c in range(geometry.size)),
        not_first_column=~first_column,
        not_last_column=~last_column,
        box_mask=mask_of(box_cells),
        square_masks=_square_masks(sheet.width, sheet.height, mask_of(board_cells)),
    )


def _square_masks(width: int, height: int, full: int) -> tuple[int, ...]:
    found = []
    for row in range(height - 1):
        for column in range(width - 1):
            top = row * width + column
            square = (1 << top) | (1 << (top + 1)) | (1 << (top + width)) | (1 << (top + width + 1))
            if square & full:
                found.append(square & full)
    return tuple(found)
