"""A move: the cells one player crosses with one colour and one number."""

from __future__ import annotations

from dataclasses import dataclass, field

from kok_layouts.model.grid import cells_of, column_letter


def mask_names(mask: object, width: int) -> list[str] | None:
    """The names of the cells of ``mask`` on a grid ``width`` wide, by column then row;
    ``None`` when the width is unknown (0) or the mask is not a cell mask."""
    if not width or type(mask) is not int or mask < 0:
        return None
    ordered = sorted(cells_of(mask), key=lambda c: (c % width, c // width))
    return [f"{column_letter(c % width)}{c // width + 1}" for c in ordered]


def named_mask(mask: object, width: int) -> str:
    """A mask for a ``repr``: its cell names when the width is known, else the number."""
    names = mask_names(mask, width)
    return repr(names) if names is not None else repr(mask)


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Cross the cells of ``cells`` (a bitmask) as ``number`` cells of colour ``colour``.

    ``colour_joker`` / ``number_joker`` say whether the X / ? face stands in for the colour
    or the number; each costs one exclamation mark. ``width`` (the sheet's, set by the
    rules when they make a move) only lets the ``repr`` name the cells; it takes no part
    in comparing moves.
    """

    colour: str
    number: int
    cells: int
    colour_joker: bool = False
    number_joker: bool = False
    width: int = field(default=0, compare=False, repr=False)

    @property
    def jokers(self) -> int:
        """The exclamation marks this move costs."""
        return int(self.colour_joker) + int(self.number_joker)

    def cell_names(self) -> list[str] | None:
        """The names of the cells, by column then row; ``None`` without the sheet's width."""
        return mask_names(self.cells, self.width)

    def __repr__(self) -> str:
        cells = named_mask(self.cells, self.width)
        jokers = "".join(f", {flag}=True" for flag in ("colour_joker", "number_joker")
                         if getattr(self, flag))
        return f"Move(colour={self.colour!r}, number={self.number!r}, cells={cells}{jokers})"
