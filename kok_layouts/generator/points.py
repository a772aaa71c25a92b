"""Column points on the printed scale, from how hard each column of a board is.

A column's difficulty is measured with a cheap count that ranks columns like the exact
fewest moves of ``kok check`` (which takes seconds per board): the moves that cross the
column itself (a move crosses up to five connected cells of one colour) plus the areas to
cross on the way from the start column to it. Columns are ranked by it, and the printed
values are handed out by rank in the proportions of the printed pads: the start column
1 / 0 (Keer op Keer 2: 2 / 0, as each edition's generator says), the hardest seventh
5 / 3, the next three sevenths 3 / 2, the rest 2 / 1.

The colour bonus follows the colours' difficulty the same way: the moves a colour needs at
the least (every area of it crossed in pieces of at most five cells), averaged over the
colours, against the printed pads' 7 (areas of 1 to 6 cells), scales the printed 5 / 3.
"""

from __future__ import annotations

import heapq
import math

from kok_layouts.generator.draft import Draft
from kok_layouts.model.sheet import Points

MOVE_CELLS = 5
"""The most cells one move crosses."""


def area_index(draft: Draft) -> list[int | None]:
    """The area of every cell: a maximal connected group of one colour (``None``: a hole)."""
    geometry = draft.geometry
    index: list[int | None] = [None] * geometry.size
    count = 0
    for start in range(geometry.size):
        if draft.cell_colours[start] is None or index[start] is not None:
            continue
        index[start] = count
        stack = [start]
        while stack:
            here = stack.pop()
            for near in geometry.neighbours[here]:
                if index[near] is None and draft.cell_colours[near] == draft.cell_colours[here]:
                    index[near] = count
                    stack.append(near)
        count += 1
    return index


def column_difficulty(draft: Draft) -> list[int]:
    """For every column: moves to cross its own cells plus areas crossed to reach it."""
    geometry, areas = draft.geometry, area_index(draft)
    far = geometry.size + 1
    # Areas entered on the cheapest path from a start-column cell (0-1 shortest paths).
    entered = [far] * geometry.size
    queue: list[tuple[int, int]] = []
    for column in draft.start_columns:
        for cell in geometry.column_cells(column):
            if areas[cell] is not None:
                entered[cell] = 0
                queue.append((0, cell))
    heapq.heapify(queue)
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > entered[here]:
            continue
        for near in geometry.neighbours[here]:
            if areas[near] is None:
                continue
            step = cost + (areas[near] != areas[here])
            if step < entered[near]:
                entered[near] = step
                heapq.heappush(queue, (step, near))
    difficulty = []
    for column in range(geometry.width):
        cells = geometry.column_cells(column)
        moves, run, previous = 0, 0, None
        for cell in cells:
            key = draft.cell_colours[cell]
            if key is not None and key == previous:
                run += 1
            else:
                moves += math.ceil(run / MOVE_CELLS)
                run = 1 if key is not None else 0
            previous = key
        moves += math.ceil(run / MOVE_CELLS)
        links = min((entered[c] for c in cells if areas[c] is not None), default=0)
        difficulty.append(moves + links)
    return difficulty


START_POINTS = Points(1, 0)
"""What the start column earns on the printed classic pads."""


def assign_points(draft: Draft, start: Points = START_POINTS) -> None:
    """Set the column points from the columns' difficulty (the start column(s) at
    ``start``) and the colour bonus from the colours' (:func:`colour_bonus`)."""
    difficulty = column_difficulty(draft)
    starts = set(draft.start_columns)

    def distance(column: int) -> int:
        return min(abs(column - s) for s in starts)

    others = sorted((c for c in range(draft.width) if c not in starts),
                    key=lambda c: (difficulty[c], distance(c), c))
    count = len(others)
    hardest = round(count * 2 / 14)
    middle = round(count * 6 / 14)
    points = [Points(0, 0)] * draft.width
    for column in starts:
        points[column] = start
    for rank, column in enumerate(others):
        if rank >= count - hardest:
            points[column] = Points(5, 3)
        elif rank >= count - hardest - middle:
            points[column] = Points(3, 2)
        else:
            points[column] = Points(2, 1)
    draft.column_points = points
    draft.colour_bonus = Points(*colour_bonus(draft))


PRINTED_COLOUR_MOVES = 7
"""The fewest moves that complete a colour of a printed pad: areas of 1..6 cells."""
PRINTED_BONUS = (5, 3)


def colour_bonus(draft: Draft) -> tuple[int, int]:
    """The colour bonus (first, later) on the printed scale, from the colours' difficulty:
    5 / 3 for colours as hard as a printed pad's, more for harder ones, less for easier."""
    areas = area_index(draft)
    sizes: dict[int, int] = {}
    colour_of_area: dict[int, str] = {}
    for cell, area in enumerate(areas):
        if area is not None:
            sizes[area] = sizes.get(area, 0) + 1
            colour_of_area[area] = draft.cell_colours[cell] or ""
    moves: dict[str, int] = {}
    for area, size in sizes.items():
        key = colour_of_area[area]
        moves[key] = moves.get(key, 0) + math.ceil(size / MOVE_CELLS)
    if not moves:
        return PRINTED_BONUS
    mean = sum(moves.values()) / len(moves)
    first = min(9, max(1, round(PRINTED_BONUS[0] * mean / PRINTED_COLOUR_MOVES)))
    later = min(first - 1, max(0, round(first * PRINTED_BONUS[1] / PRINTED_BONUS[0])))
    return first, later
