"""The score breakdown of a classic sheet, line by line as printed in the score box."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Score:
    """BONUS (colours), A-O (columns), ! (+1 per unused mark), star (-2 each), TOTAL."""

    colours: int
    columns: int
    jokers: int
    stars: int
    """Negative: the penalty for uncrossed stars."""
    passes: int | None = field(default=None, kw_only=True)
    """Negative: the house rule ``pass_penalty``'s points; ``None`` (no line) without it."""

    @property
    def total(self) -> int:
        return self.colours + self.columns + self.jokers + self.stars + (self.passes or 0)

    def as_dict(self) -> dict[str, int]:
        lines = {"colours": self.colours, "columns": self.columns, "jokers": self.jokers,
                 "stars": self.stars}
        if self.passes is not None:
            lines["passes"] = self.passes
        return {**lines, "total": self.total}
