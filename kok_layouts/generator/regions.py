"""Boards made of regions: holes that keep the board in one piece, a random partition of
the board into small regions, and a colouring of the regions.

Used for Kids boards (regions are enclosures) and for custom-size classic boards (regions
are areas).
"""

from __future__ import annotations

from bisect import bisect_right

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
    cumulative_array = (np.array(weights) / sum(weights)).cumsum()
    cumulative_array /= cumulative_array[-1]
    cumulative = cumulative_array.tolist()  # bisect_right is searchsorted(side="right")
    neighbours = geometry.neighbours
    # free[cell]: a board cell no region has claimed yet
    free = bytearray(geometry.size)
    for cell in board:
        free[cell] = 1
    regions: list[list[int]] = []
    for cell in rng.permutation(sorted(board)).tolist():
        if not free[cell]:
            continue
        target = sizes[bisect_right(cumulative, rng.random())]
        region = [cell]
        free[cell] = 0
        # The cells the region may grow into, kept as it grows (only it claims cells now).
        frontier = {n for n in neighbours[cell] if free[n]}
        while len(region) < target and frontier:
            ordered = sorted(frontier)
            grown = ordered[int(rng.integers(len(ordered)))]
            free[grown] = 0
            region.append(grown)
            frontier.discard(grown)
            frontier.update(n for n in neighbours[grown] if free[n])
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
    total = len(regions)
    colour = [-1] * total
    cells = [0] * colours
    count = [0] * colours
    tie = rng.random(total).tolist()
    # A shuffle of the colours for every region in turn, drawn at once (the same numbers
    # as a draw per region: the generator fills arrays in order).
    shuffles = rng.random((total, colours)).tolist()
    # The colours among each region's coloured neighbours, kept as regions are coloured.
    seen: list[set[int]] = [set() for _ in regions]
    # The next region is the one with the most colours around it, then the most
    # neighbours, then the highest tie (the first of equals): one number per region,
    # the count of colours seen times the region count plus its rank by (neighbours,
    # tie), raised as its neighbours are coloured.
    rank = [0] * total
    for place, i in enumerate(sorted(range(total), key=lambda i: (len(near[i]), tie[i], -i))):
        rank[i] = place
    key = rank[:]
    todo = list(range(total))
    for turn in range(total):
        pick = max(todo, key=key.__getitem__)
        todo.remove(pick)
        taken = seen[pick]
        free = [c for c in range(colours) if c not in taken] or list(range(colours))
        shuffle = shuffles[turn]
        choice = min(free, key=lambda c: (count[c] if by_regions else 0, cells[c], shuffle[c]))
        colour[pick] = choice
        cells[choice] += len(regions[pick])
        count[choice] += 1
        for other in near[pick]:
            if choice not in seen[other]:
                seen[other].add(choice)
                key[other] += total
    return colour


def skip_colouring(regions: list[list[int]], colours: int, rng: np.random.Generator) -> None:
    """Draw from ``rng`` what :func:`colour_regions` draws for ``regions`` (a tie per
    region, then a shuffle of the colours per region), without colouring: a board refused
    before its colours are dealt leaves the generator where colouring would have, so the
    next board drawn from it is the same."""
    rng.random(len(regions) * (1 + colours))
