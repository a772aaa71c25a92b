"""Column points on the printed scale, from how hard each column of a board is.

A column's difficulty is measured with a cheap count that ranks columns like the exact
fewest moves of ``kok check`` (which takes seconds per board): the moves that cross the
column itself (a move crosses up to five connected cells of one colour) plus the areas to
cross on the way from the start column to it. Columns are ranked by it, and the printed
values are handed out by rank in the proportions of the printed pads: the start column
1 / 0 (Keer op Keer 2: 2 / 0), the hardest seventh 5 / 3, the next three sevenths 3 / 2,
the rest 2 / 1.

The colour bonus follows the colours' difficulty the same way: the moves a colour needs at
the least (every area of it crossed in pieces of at most five cells), averaged over the
colours, against the printed pads' 7 (areas of 1 to 6 cells), scales the printed 5 / 3.
"""

from __future__ import annotations

import heapq
import math

from kok_layouts.generator.design import Design

MOVE_CELLS = 5
"""The most cells one move crosses."""


def area_index(design: Design) -> list[int | None]:
    """The area of every cell: a maximal connected group of one colour (``None``: a hole)."""
    geometry = design.geometry
    index: list[int | None] = [None] * geometry.size
    count = 0
    for start in range(geometry.size):
        if design.colour_of[start] is None or index[start] is not None:
            continue
        index[start] = count
        stack = [start]
        while stack:
            here = stack.pop()
            for near in geometry.neighbours[here]:
                if index[near] is None and design.colour_of[near] == design.colour_of[here]:
                    index[near] = count
                    stack.append(near)
        count += 1
    return index


def column_difficulty(design: Design) -> list[int]:
    """For every column: moves to cross its own cells plus areas crossed to reach it."""
    geometry, areas = design.geometry, area_index(design)
    far = geometry.size + 1
    # Areas entered on the cheapest path from a start-column cell (0-1 shortest paths).
    entered = [far] * geometry.size
    queue: list[tuple[int, int]] = []
    for column in design.start_columns:
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
            key = design.colour_of[cell]
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


def assign_column_points(design: Design) -> None:
    """Set ``first_points`` and ``later_points`` from the columns' difficulty."""
    difficulty = column_difficulty(design)
    starts = set(design.start_columns)

    def distance(column: int) -> int:
        return min(abs(column - s) for s in starts)

    others = sorted((c for c in range(design.width) if c not in starts),
                    key=lambda c: (difficulty[c], distance(c), c))
    count = len(others)
    hardest = round(count * 2 / 14)
    middle = round(count * 6 / 14)
    first = [0] * design.width
    later = [0] * design.width
    start_first = 2 if design.edition == "kok2" else 1
    for column in starts:
        first[column], later[column] = start_first, 0
    for rank, column in enumerate(others):
        if rank >= count - hardest:
            first[column], later[column] = 5, 3
        elif rank >= count - hardest - middle:
            first[column], later[column] = 3, 2
        else:
            first[column], later[column] = 2, 1
    design.first_points, design.later_points = first, later


PRINTED_COLOUR_MOVES = 7
"""The fewest moves that complete a colour of a printed pad: areas of 1..6 cells."""
PRINTED_BONUS = (5, 3)


def colour_bonus(design: Design) -> tuple[int, int]:
    """The colour bonus (first, later) on the printed scale, from the colours' difficulty:
    5 / 3 for colours as hard as a printed pad's, more for harder ones, less for easier."""
    areas = area_index(design)
    sizes: dict[int, int] = {}
    colour_of_area: dict[int, str] = {}
    for cell, area in enumerate(areas):
        if area is not None:
            sizes[area] = sizes.get(area, 0) + 1
            colour_of_area[area] = design.colour_of[cell] or ""
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
