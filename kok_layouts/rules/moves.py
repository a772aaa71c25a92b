"""A move: the cells one player crosses with one colour and one number."""

from __future__ import annotations

from dataclasses import dataclass, field

from kok_layouts.model.grid import cells_of, column_letter


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
        width = self.width
        if not width or not isinstance(self.cells, int) or self.cells < 0:
            return None
        ordered = sorted(cells_of(self.cells), key=lambda c: (c % width, c // width))
        return [f"{column_letter(c % width)}{c // width + 1}" for c in ordered]

    def __repr__(self) -> str:
        names = self.cell_names()
        cells = repr(names) if names is not None else repr(self.cells)
        jokers = "".join(f", {flag}=True" for flag in ("colour_joker", "number_joker")
                         if getattr(self, flag))
        return f"Move(colour={self.colour!r}, number={self.number!r}, cells={cells}{jokers})"
