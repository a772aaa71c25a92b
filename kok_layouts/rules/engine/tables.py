"""A sheet compiled once into plain numpy arrays: what the engine's kernels read.

Every fact of the printed sheet the rules need is an array indexed by cell, area, group,
column, row or colour, so that one compiled kernel serves every sheet of every size (up
to :data:`kok_layouts.limits.WIDTH` x :data:`~kok_layouts.limits.HEIGHT` = 520 cells): a
set of cells is a boolean array or a list of cell indices, never a machine word. The
connected groups of 1 to 5 cells of each area are those of
:func:`kok_layouts.rules.board.board_for`, in the same order (by their bitmask), so the
engine lists legal moves in the order the rules do.

Colours are numbered in the sheet's order (``sheet.colours``); the X joker (Kids: the
purple cross) is the number after the last colour.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from kok_layouts.errors import KokTypeError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.rules.board import MAX_MOVE, board_for

Int32s = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]

CLASSIC, KOK2, KIDS = 0, 1, 2
"""The editions, as the kernels number them."""
EDITIONS = {"classic": CLASSIC, "kok2": KOK2, "kids": KIDS}

NO_ITEM, ITEM_BOX, ITEM_BOMB, ITEM_HEART = 0, 1, 2, 3
"""A Keer op Keer 2 row's item, as the kernels number it."""
ROW_ITEMS = {None: NO_ITEM, "box": ITEM_BOX, "bomb": ITEM_BOMB, "heart": ITEM_HEART}
SPECIAL_FACE_CODES = {"heart": 0, "bomb": 1, "stars": 2, "row": 3, "block": 4}
"""A face of the Keer op Keer 2 special die, as the kernels number it."""

MOVE_CELLS = MAX_MOVE + 1
"""The width of a move's cell list: 5 cells, or 6 with the house rule ``number_joker_six``."""


class SheetArrays(NamedTuple):
    """The arrays and numbers of :class:`Tables`, as one value a compiled kernel takes
    (numba reads a named tuple of arrays as a struct; one compiled kernel serves every
    sheet)."""

    edition: int
    width: int
    height: int
    colours: int
    cell_colour: Int32s
    cell_area: Int32s
    cell_column: Int32s
    cell_row: Int32s
    cell_star: Bools
    cell_start: Bools
    cell_box: Bools
    neighbours: Int32s
    area_colour: Int32s
    area_cells: Int32s
    area_size: Int32s
    group_cells: Int32s
    group_size: Int32s
    group_area: Int32s
    group_offsets: Int32s
    column_size: Int32s
    row_size: Int32s
    colour_size: Int32s
    column_first: Int32s
    column_later: Int32s
    colour_first: Int32s
    colour_later: Int32s
    exclamation_marks: int
    mark_points: int
    star_penalty: int
    buckets: Int32s
    food_boxes: int
    chameleon_every: int
    row_points: Int32s
    row_item: Int32s
    box_column: Bools
    box_count: int
    boxes_at_start: int
    box_points: int
    heart_track: int
    column_hearts: bool
    special_faces: Int32s
    square_cells: Int32s


@dataclass(frozen=True, eq=False)
class Tables:
    """One sheet as arrays, made once per sheet by :func:`tables_for`.

    Cells are ``row * width + column`` as everywhere; a hole has colour and area -1.
    Per-edition parts a sheet lacks are empty arrays or zero.
    """

    name: str
    """The sheet's name (the tables hold no reference to the sheet, so that the cache
    lets a sheet go)."""
    edition: int
    """:data:`CLASSIC`, :data:`KOK2` or :data:`KIDS`."""
    width: int
    height: int
    colours: int
    """How many colours (Kids: animals); the joker face is number ``colours``."""
    colour_keys: tuple[str, ...]
    cell_colour: Int32s
    """Colour index per cell, -1 for a hole."""
    cell_area: Int32s
    """Area (Kids: enclosure) index per cell, -1 for a hole."""
    cell_column: Int32s
    cell_row: Int32s
    cell_star: Bools
    cell_start: Bools
    """The cells of the start column(s) (classic and Keer op Keer 2)."""
    cell_box: Bools
    """The box cells (Keer op Keer 2)."""
    neighbours: Int32s
    """Per cell, the board cells sharing a side with it (up, left, right, down), -1 padded."""
    area_colour: Int32s
    area_cells: Int32s
    """Per area its cells in ascending order, -1 padded."""
    area_size: Int32s
    group_cells: Int32s
    """Every connected group of 1..5 cells inside one area, its cells ascending, -1
    padded; ordered by colour, then size, then bitmask (as ``board_for(sheet).shapes``)."""
    group_size: Int32s
    group_area: Int32s
    group_offsets: Int32s
    """``group_offsets[colour, n - 1]`` to ``group_offsets[colour, n]``: the groups of
    ``n`` cells of ``colour`` (shape colours x 6)."""
    column_size: Int32s
    """Board cells per column (0 for a column of holes: never complete)."""
    row_size: Int32s
    colour_size: Int32s
    column_first: Int32s
    column_later: Int32s
    colour_first: Int32s
    colour_later: Int32s
    exclamation_marks: int
    mark_points: int
    star_penalty: int
    buckets: Int32s
    """Kids: the buckets under each column."""
    food_boxes: int
    chameleon_every: int
    row_points: Int32s
    """Keer op Keer 2: the points of each row (0 where a row scores nothing)."""
    row_item: Int32s
    """Keer op Keer 2: each row's item (:data:`NO_ITEM`, :data:`ITEM_BOX`, ...)."""
    box_column: Bools
    box_count: int
    boxes_at_start: int
    box_points: int
    heart_track: int
    column_hearts: bool
    special_faces: Int32s
    """Keer op Keer 2: the special die's faces (:data:`SPECIAL_FACE_CODES`)."""
    square_cells: Int32s
    """Keer op Keer 2: the board cells of every 2x2 square holding one, -1 padded, in
    the order of ``board_for(sheet).square_masks``."""

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def arrays(self) -> SheetArrays:
        """The tables as the kernels take them."""
        found: SheetArrays | None = self.__dict__.get("_arrays")
        if found is None:
            names = tuple(SheetArrays.__annotations__)  # the fields, in order
            found = SheetArrays(**{name: getattr(self, name) for name in names})
            object.__setattr__(self, "_arrays", found)
        return found

    def __repr__(self) -> str:
        return (f"<Tables {self.name}: {self.size} cells, {len(self.area_size)} areas, "
                f"{len(self.group_size)} groups>")


_CACHE: dict[int, tuple[weakref.ref[Sheet], Tables]] = {}


def tables_for(sheet: Sheet) -> Tables:
    """The tables of ``sheet``, compiled once and kept while the sheet lives."""
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"the engine compiles a sheet (load_layout(...)), not "
                           f"{type(sheet).__name__}")
    key = id(sheet)
    cached = _CACHE.get(key)
    if cached is not None and cached[0]() is sheet:
        return cached[1]
    tables = _compile(sheet)
    _CACHE[key] = (weakref.ref(sheet, lambda _: _CACHE.pop(key, None)), tables)
    return tables


def edition_of(sheet: Sheet) -> int:
    """The rules ``sheet`` is played by, as the kernels number them: its edition's, or
    for an edition registered later, those of the sheet type it derives from (a variant of
    the classic game is played by the classic rules)."""
    for kind in type(sheet).__mro__:
        edition = getattr(kind, "edition", None)
        if edition in EDITIONS:
            return EDITIONS[edition]
    return CLASSIC


def _int32(values: Any, shape: tuple[int, ...] | None = None) -> Int32s:
    array = np.asarray(values, dtype=np.int32)
    if shape is not None:
        array = array.reshape(shape)
    return np.ascontiguousarray(array)


def _padded(rows: list[list[int]], width: int) -> Int32s:
    """Lists of cells as a -1 padded matrix at least ``width`` wide."""
    wide = max([width, *(len(r) for r in rows)])
    table = np.full((len(rows), wide), -1, dtype=np.int32)
    for i, row in enumerate(rows):
        table[i, :len(row)] = row
    return table


def _compile(sheet: Sheet) -> Tables:
    board = board_for(sheet)
    geometry = sheet.geometry
    width, height, size = sheet.width, sheet.height, geometry.size
    keys = tuple(board.colour_keys)
    colour_index = {key: i for i, key in enumerate(keys)}
    cell_colour = _int32([-1 if k is None else colour_index[k] for k in sheet.cell_colours])
    cell_area = _int32(board.area_of)
    on_board = cell_colour >= 0
    neighbours = _padded([[n for n in geometry.neighbours[c] if on_board[c] and on_board[n]]
                          for c in range(size)], 4)
    areas = sheet.areas
    group_rows: list[list[int]] = []
    group_area: list[int] = []
    offsets = np.zeros((len(keys), MAX_MOVE + 1), dtype=np.int32)
    for colour, key in enumerate(keys):
        offsets[colour, 0] = len(group_rows)
        for n in range(1, MAX_MOVE + 1):
            for mask in board.shapes.get((key, n), ()):
                cells = list(cells_of(mask))
                group_rows.append(cells)
                group_area.append(board.area_of[cells[0]])
            offsets[colour, n] = len(group_rows)
    stars = np.zeros(size, dtype=np.bool_)
    stars[list(sheet.stars)] = True
    start = np.zeros(size, dtype=np.bool_)
    start[[c for c in range(size) if board.start_mask >> c & 1]] = True
    box = np.zeros(size, dtype=np.bool_)
    box[[c for c in range(size) if board.box_mask >> c & 1]] = True
    column_first = column_later = np.zeros(width, dtype=np.int32)
    colour_first = colour_later = np.zeros(len(keys), dtype=np.int32)
    marks_points = star_penalty = food_boxes = chameleon_every = 0
    buckets = np.zeros(width, dtype=np.int32)
    if isinstance(sheet, ClassicSheet):
        column_first = _int32([p.first for p in sheet.column_points])
        column_later = _int32([p.later for p in sheet.column_points])
        colour_first = _int32([sheet.colour_bonus.first] * len(keys))
        colour_later = _int32([sheet.colour_bonus.later] * len(keys))
        marks_points, star_penalty = sheet.mark_points, sheet.star_penalty
    if isinstance(sheet, KidsSheet):
        # A column scores its buckets for everyone and its visitor for the first only.
        buckets = _int32(sheet.buckets)
        column_first = _int32([b + 1 for b in sheet.buckets])
        column_later = buckets.copy()
        colour_first = colour_later = _int32([sheet.food_boxes] * len(keys))
        food_boxes, chameleon_every = sheet.food_boxes, sheet.chameleon_every
    row_points = np.zeros(height, dtype=np.int32)
    row_item = np.zeros(height, dtype=np.int32)
    box_column = np.zeros(width, dtype=np.bool_)
    box_count = boxes_at_start = box_points = heart_track = 0
    column_hearts = False
    special: list[int] = []
    if isinstance(sheet, Kok2Sheet):
        for row, rule in enumerate(sheet.rows):
            row_points[row], row_item[row] = rule.points, ROW_ITEMS[rule.item]
        box_column[list(sheet.box_columns)] = True
        box_count, boxes_at_start = sheet.box_count, sheet.boxes_at_start
        box_points, heart_track = sheet.box_points, sheet.heart_track
        column_hearts = sheet.column_hearts
        special = [SPECIAL_FACE_CODES[face] for face in sheet.special_faces]
    squares = [list(cells_of(mask)) for mask in board.square_masks]
    tables = Tables(
        name=sheet.name,
        edition=edition_of(sheet),
        width=width,
        height=height,
        colours=len(keys),
        colour_keys=keys,
        cell_colour=cell_colour,
        cell_area=cell_area,
        cell_column=_int32([c % width for c in range(size)]),
        cell_row=_int32([c // width for c in range(size)]),
        cell_star=stars,
        cell_start=start,
        cell_box=box,
        neighbours=neighbours,
        area_colour=_int32([colour_index[a.colour] for a in areas]),
        area_cells=_padded([sorted(a.cells) for a in areas], 1),
        area_size=_int32([len(a.cells) for a in areas]),
        group_cells=_padded(group_rows, MAX_MOVE),
        group_size=_int32([len(cells) for cells in group_rows]),
        group_area=_int32(group_area),
        group_offsets=offsets,
        column_size=_int32([len(sheet.column_cells(c)) for c in range(width)]),
        row_size=_int32([len(sheet.row_cells(r)) for r in range(height)]),
        colour_size=_int32([len(sheet.cells_of_colour(k)) for k in keys]),
        column_first=column_first,
        column_later=column_later,
        colour_first=colour_first,
        colour_later=colour_later,
        exclamation_marks=sheet.exclamation_marks,
        mark_points=marks_points,
        star_penalty=star_penalty,
        buckets=buckets,
        food_boxes=food_boxes,
        chameleon_every=chameleon_every,
        row_points=row_points,
        row_item=row_item,
        box_column=box_column,
        box_count=box_count,
        boxes_at_start=boxes_at_start,
        box_points=box_points,
        heart_track=heart_track,
        column_hearts=column_hearts,
        special_faces=_int32(special),
        square_cells=_padded(squares, 4),
    )
    for field in fields(tables):
        value = getattr(tables, field.name)
        if isinstance(value, np.ndarray):
            value.setflags(write=False)
    return tables
