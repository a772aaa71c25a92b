"""A move: the cells one player crosses with one colour and one number.

Cells are named in the public API (``Move.of("y", ["H6", "H7"], width=15)``); under it a
set of cells is a bitmask (bit ``row * width + column``), the fast path of the rules and
the bots. A value made by the rules knows its sheet's width, so its ``repr`` names the
cells and evaluates back to an equal value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError
from kok_layouts.model.grid import Geometry, cells_of, column_letter
from kok_layouts.rules.board import split_cells

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet

CellNames = str | Iterable[str]
"""Cells by name: ``"H6 H7"``, ``"H6,H7"`` or ``["H6", "H7"]``."""


def cell_names(names: CellNames) -> list[str]:
    """The cell names of ``names``: :func:`~kok_layouts.rules.board.split_cells`, which
    refuses a name left out between commas (``"H6,,H7"``)."""
    return split_cells(names)


def mask_names(mask: object, width: int) -> list[str] | None:
    """The names of the cells of ``mask`` on a grid ``width`` wide, by column then row;
    ``None`` when the width is unknown (0) or the mask is not a cell mask."""
    if not width or type(width) is not int or type(mask) is not int or mask < 0:
        return None
    ordered = sorted(cells_of(mask), key=lambda c: (c % width, c // width))
    return [f"{column_letter(c % width)}{c // width + 1}" for c in ordered]


def mask_of_names(names: CellNames, width: int) -> int:
    """The mask of the named cells on a grid ``width`` wide (rows up to the tallest board):
    the inverse of :func:`mask_names`. :class:`BadArgumentError` for a name that is no
    cell of such a grid or is named twice."""
    limits.WIDTH.check(width, "the width of a sheet")
    geometry = Geometry(width, limits.HEIGHT.high)
    mask = 0
    for name in cell_names(names):
        try:
            cell = geometry.parse(name)
        except ValueError as err:
            raise BadArgumentError(str(err)) from None
        if mask >> cell & 1:
            raise BadArgumentError(f"cell {geometry.name(cell)} is named twice")
        mask |= 1 << cell
    return mask


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Cross the cells of ``cells`` (a bitmask) as ``number`` cells of colour ``colour``.

    ``colour_joker`` / ``number_joker`` say whether the X / ? face stands in for the colour
    or the number; each costs one exclamation mark. ``width`` (the sheet's, set by the
    rules when they make a move) lets the ``repr`` name the cells; it takes no part in
    comparing moves. :meth:`of` makes a move from cell names.
    """

    colour: str
    number: int
    cells: int
    colour_joker: bool = False
    number_joker: bool = False
    width: int = field(default=0, compare=False, repr=False)

    @classmethod
    def of(cls, colour: str, cells: CellNames, *, width: int, number: int | None = None,
           colour_joker: bool = False, number_joker: bool = False) -> Move:
        """The move crossing the named ``cells`` in ``colour`` (a colour key) on a sheet
        ``width`` wide; ``number`` is the count of cells unless given:
        ``Move.of("y", ["H6", "H7"], width=15)``. Not checked for legality."""
        mask = mask_of_names(cells, width)
        return cls(colour, mask.bit_count() if number is None else number, mask,
                   colour_joker, number_joker, width)

    @property
    def jokers(self) -> int:
        """The exclamation marks this move costs."""
        return int(self.colour_joker) + int(self.number_joker)

    def cell_names(self) -> list[str] | None:
        """The names of the cells, by column then row; ``None`` without the sheet's width."""
        return mask_names(self.cells, self.width)

    def describe(self, sheet: Sheet) -> str:
        """The move as people say it: ``yellow 2: H6 H7 (number joker)``."""
        names = " ".join(mask_names(self.cells, sheet.width) or [])
        jokers = [j for j, used in (("colour joker", self.colour_joker),
                                    ("number joker", self.number_joker)) if used]
        extra = f" ({', '.join(jokers)})" if jokers else ""
        colour = sheet.colour_by_key[self.colour].name
        return f"{colour} {self.number}: {names}{extra}"

    def __repr__(self) -> str:
        jokers = "".join(f", {flag}=True" for flag in ("colour_joker", "number_joker")
                         if getattr(self, flag) is True)
        names = mask_names(self.cells, self.width)
        if names is None:
            # Made from a bare mask without the sheet's width: the fields as given.
            others = "".join(f", {flag}={getattr(self, flag)!r}"
                             for flag in ("colour_joker", "number_joker")
                             if getattr(self, flag) is not False)
            return (f"Move(colour={self.colour!r}, number={self.number!r}, "
                    f"cells={self.cells!r}{others})")
        number = f", number={self.number!r}" if self.number != len(names) else ""
        return f"Move.of({self.colour!r}, {names!r}, width={self.width}{number}{jokers})"

