"""The score breakdown of a classic sheet, line by line as printed in the score box."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Score:
    """BONUS (colours), A-O (columns), ! (+1 per unused mark), star (-2 each), TOTAL."""

    colours: int
    columns: int
    jokers: int
    stars: int
    """Negative: the penalty for uncrossed stars."""

    @property
    def total(self) -> int:
        return self.colours + self.columns + self.jokers + self.stars

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "total": self.total}
