"""The per-cell heat map of a run of games: how often and how early each cell is crossed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kok_layouts.analysis.simulate import GameResult
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.board import board_for


@dataclass(frozen=True)
class HeatMap:
    """Row by row, for every cell: the share of (game, seat) sheets on which it was crossed
    and the mean roll in which it was, ``None`` where there is no cell or no crossing."""

    width: int
    height: int
    crossed: tuple[float | None, ...]
    mean_roll: tuple[float | None, ...]
    colours: tuple[str | None, ...] = ()
    """The colour (animal) name of every cell, for drawing."""

    def at(self, column: int, row: int) -> tuple[float | None, float | None]:
        index = row * self.width + column
        return self.crossed[index], self.mean_roll[index]

    def as_dict(self) -> dict[str, Any]:
        def rows(values: tuple[float | None, ...], digits: int) -> list[list[float | None]]:
            return [[None if v is None else round(v, digits)
                     for v in values[r * self.width:(r + 1) * self.width]]
                    for r in range(self.height)]

        return {"width": self.width, "height": self.height,
                "crossed": rows(self.crossed, 3), "mean_roll": rows(self.mean_roll, 1),
                "colours": [list(self.colours[r * self.width:(r + 1) * self.width])
                            for r in range(self.height)] if self.colours else []}


def heat_map(sheet: Sheet, results: Sequence[GameResult]) -> HeatMap:
    """The heat map of ``results``, all played on ``sheet``."""
    size = sheet.width * sheet.height
    full = board_for(sheet).full
    rolls = np.array([seat for r in results for seat in r.crossed_at if len(seat) == size],
                     dtype=float).reshape(-1, size)
    crossed = rolls > 0
    counts = crossed.sum(axis=0)
    share = counts / max(1, rolls.shape[0])
    mean = np.divide(rolls.sum(axis=0), counts, out=np.zeros(size), where=counts > 0)
    on_board = [bool(full >> i & 1) for i in range(size)]
    names: list[str | None] = [None] * size
    for colour in sheet.colours:
        for cell in sheet.cells_of_colour(colour.key):
            names[cell] = colour.name
    return HeatMap(sheet.width, sheet.height,
                   tuple(float(share[i]) if on_board[i] and rolls.size else None
                         for i in range(size)),
                   tuple(float(mean[i]) if on_board[i] and counts[i] else None
                         for i in range(size)), tuple(names))
