"""Boards made of regions: holes that keep the board in one piece, a random partition of
the board into small regions, and a colouring of the regions.

Used for Kids boards (regions are enclosures) and for custom-size classic boards (regions
are areas).
"""

from __future__ import annotations

import numpy as np

from kok_layouts.model.grid import Geometry


def connected(cells: set[int], geometry: Geometry) -> bool:
    """Whether ``cells`` form one orthogonally connected group (an empty set does not)."""
    if not cells:
        return False
    first = next(iter(cells))
    seen, stack = {first}, [first]
    while stack:
        here = stack.pop()
        for near in geometry.neighbours[here]:
            if near in cells and near not in seen:
                seen.add(near)
                stack.append(near)
    return len(seen) == len(cells)


def place_holes(geometry: Geometry, holes: int, keep_columns: set[int],
                rng: np.random.Generator) -> set[int] | None:
    """Board cells after cutting ``holes`` holes, none in ``keep_columns``, the board still
    connected; ``None`` when the random order found no such cut."""
    board = set(range(geometry.size))
    if not holes:
        return board
    for cell in rng.permutation(geometry.size):
        cell = int(cell)
        if geometry.column_of(cell) in keep_columns:
            continue
        board.discard(cell)
        if connected(board, geometry):
            holes -= 1
            if not holes:
                return board
        else:
            board.add(cell)
    return None


def partition(board: set[int], geometry: Geometry, sizes: list[int], weights: list[float],
              rng: np.random.Generator) -> list[list[int]]:
    """The board cut into connected regions, each grown to a size drawn from ``sizes``
    (it stays smaller when boxed in)."""
    # What ``rng.choice(sizes, p=...)`` does, without its checks on every draw: one
    # uniform number looked up in the cumulative weights (the same draws, so the same
    # boards).
    cumulative = (np.array(weights) / sum(weights)).cumsum()
    cumulative /= cumulative[-1]
    neighbours = geometry.neighbours
    owner: dict[int, int] = {}
    regions: list[list[int]] = []
    for seed_cell in rng.permutation(sorted(board)).tolist():
        cell = int(seed_cell)
        if cell in owner:
            continue
        target = sizes[int(cumulative.searchsorted(rng.random(), side="right"))]
        region = [cell]
        owner[cell] = len(regions)
        # The cells the region may grow into, kept as it grows (only it claims cells now).
        frontier = {n for n in neighbours[cell] if n in board and n not in owner}
        while len(region) < target and frontier:
            ordered = sorted(frontier)
            grown = ordered[int(rng.integers(len(ordered)))]
            owner[grown] = len(regions)
            region.append(grown)
            frontier.discard(grown)
            frontier.update(n for n in neighbours[grown] if n in board and n not in owner)
        regions.append(region)
    return regions


def region_neighbours(regions: list[list[int]], geometry: Geometry) -> list[set[int]]:
    owner = {c: i for i, region in enumerate(regions) for c in region}
    return [{owner[n] for c in region for n in geometry.neighbours[c]
             if n in owner and owner[n] != i} for i, region in enumerate(regions)]


def colour_regions(regions: list[list[int]], geometry: Geometry, colours: int,
                   rng: np.random.Generator, *, by_regions: bool = False) -> list[int]:
    """A colour per region, neighbours different where possible (most constrained region
    first), each time the colour with the fewest cells so far (``by_regions``: the fewest
    regions, then cells), so colours stay balanced."""
    near = region_neighbours(regions, geometry)
    colour = [-1] * len(regions)
    cells = [0] * colours
    count = [0] * colours
    tie = rng.random(len(regions)).tolist()
    # The colours among each region's coloured neighbours, kept as regions are coloured.
    seen: list[set[int]] = [set() for _ in regions]
    todo = list(range(len(regions)))
    for _ in regions:
        pick = max(todo, key=lambda i: (len(seen[i]), len(near[i]), tie[i]))
        todo.remove(pick)
        taken = seen[pick]
        free = [c for c in range(colours) if c not in taken] or list(range(colours))
        shuffle = rng.random(colours).tolist()
        choice = min(free, key=lambda c: (count[c] if by_regions else 0, cells[c], shuffle[c]))
        colour[pick] = choice
        cells[choice] += len(regions[pick])
        count[choice] += 1
        for other in near[pick]:
            seen[other].add(choice)
    return colour
