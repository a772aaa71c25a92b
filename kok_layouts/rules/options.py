"""The switchable rules options of RULES.md, with their defaults."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

EndRule = Literal["round", "roll"]


@dataclass(frozen=True)
class Options:
    """Rules options: every default is the rule RULES.md decides on."""

    first_three_rolls_open: bool = True
    """In the first 3 rolls of the game passive players choose from all 6 dice."""
    connect_through_crossed: bool = False
    """The new cells need not touch each other if each links to them through crossed cells
    of the same area."""
    end: EndRule = "round"
    """``round``: once a player has two colours, finish the round so everyone threw equally
    often; ``roll``: end right after that roll."""
    max_rolls: int | None = None
    """Stop after this many rolls even if nobody finished (simulations of odd boards)."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules option(s): {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(known))}")
        options = cls(**data)
        if options.end not in ("round", "roll"):
            raise ValueError(f"option end is {options.end!r}; use 'round' or 'roll'")
        return options
