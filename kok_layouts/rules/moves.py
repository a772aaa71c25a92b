"""A move: the cells one player crosses with one colour and one number."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Cross the cells of ``cells`` (a bitmask) as ``number`` cells of colour ``colour``.

    ``colour_joker`` / ``number_joker`` say whether the X / ? face stands in for the colour
    or the number; each costs one exclamation mark.
    """

    colour: str
    number: int
    cells: int
    colour_joker: bool = False
    number_joker: bool = False

    @property
    def jokers(self) -> int:
        """The exclamation marks this move costs."""
        return int(self.colour_joker) + int(self.number_joker)
