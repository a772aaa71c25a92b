"""The ways worth considering to cross cells of one area, for the fewest-moves search.

A move crosses a *piece*: a connected group of 1 to 5 cells inside one area. Most pieces
never need to be looked at, because some best plan avoids them:

- An area of at most 5 cells is crossed whole in one move or not at all: a plan that
  crosses part of it, in one or more moves, can cross the whole area in one move instead
  (the area is connected, so nothing it links is lost, and it saves moves).
- An area that can be split into ``k = ceil(cells / 5)`` pieces (its fewest moves) is
  either crossed whole, for ``k`` moves, or with at most ``k - 1`` pieces: a plan with ``k``
  or more pieces there can cross the whole area in ``k`` moves instead.
- If at most one piece may lie in an area (``k = 2``), that piece can grow to 5 cells
  inside the area for free, so only the 5-cell pieces are needed.

On the official pads (areas of 1 to 6 cells) this leaves about 60 options instead of about
320 pieces, which makes the integer program small enough to solve in milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from kok_layouts.model.grid import cells_of
from kok_layouts.rules.board import MAX_MOVE, Board

PARTITION_NODES = 20_000
"""How many search steps to spend on splitting one area into its fewest pieces."""


@dataclass(frozen=True)
class AreaOption:
    """Cells crossed together in one area, and how many moves that takes."""

    mask: int
    moves: int
    area: int
    whole: bool
    """True for the option that crosses the whole area (in ``moves`` moves)."""


def _components(mask: int, board: Board) -> list[int]:
    found = []
    while mask:
        seed = mask & -mask
        part = seed
        while True:
            grown = part | (board.dilate(part) & mask)
            if grown == part:
                break
            part = grown
        found.append(part)
        mask &= ~part
    return found


def fewest_pieces(area: int, pieces: list[int], board: Board, limit: int) -> bool:
    """Whether ``area`` splits into ``limit`` pieces (a depth-first search with a step cap).

    A ``False`` answer can also mean the cap was reached: callers then just keep every piece.
    """
    containing: dict[int, list[int]] = {}
    for mask in sorted(pieces, key=lambda m: -m.bit_count()):
        for cell in cells_of(mask):
            containing.setdefault(cell, []).append(mask)
    steps = 0

    def split(left: int, count: int) -> bool:
        nonlocal steps
        if not left:
            return True
        steps += 1
        if steps > PARTITION_NODES:
            return False
        parts = _components(left, board)
        if count + sum(-(-p.bit_count() // MAX_MOVE) for p in parts) > limit:
            return False
        cell = (left & -left).bit_length() - 1
        return any(split(left & ~mask, count + 1)
                   for mask in containing.get(cell, ()) if mask & left == mask)

    return split(area, 0)


def area_options(board: Board) -> tuple[list[AreaOption], dict[int, int]]:
    """The options of every area, and for each area that has a whole-area option the most
    single pieces a best plan needs there (``k - 1``)."""
    options: list[AreaOption] = []
    caps: dict[int, int] = {}
    shapes_by_area: dict[int, list[int]] = {}
    for shapes in board.shapes.values():
        for mask in shapes:
            shapes_by_area.setdefault(board.area_of[mask.bit_length() - 1], []).append(mask)
    for index, area in enumerate(board.area_masks):
        size = area.bit_count()
        if size <= MAX_MOVE:
            options.append(AreaOption(area, 1, index, True))
            continue
        pieces = sorted(shapes_by_area.get(index, []))
        fewest = -(-size // MAX_MOVE)
        if fewest_pieces(area, pieces, board, fewest):
            options.append(AreaOption(area, fewest, index, True))
            caps[index] = fewest - 1
            if fewest == 2:
                pieces = [m for m in pieces if m.bit_count() == MAX_MOVE]
        options.extend(AreaOption(m, 1, index, False) for m in pieces)
    return options, caps
