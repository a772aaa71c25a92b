"""Keer op Keer 2: a lower bound on moves when the special die may be used too.

The special die's actions are relaxed so that the bound stays a true lower bound: a bomb
crosses a whole 2x2 square and needs no link to the start, a colour block a whole area,
three in a row any three cells of one row and two stars any two stars (each still linked
to the start through crossed cells); what these cross may overlap other moves; and at
most as many special actions are allowed as boxes can ever be had (the one at the start,
the box cells, the box columns and the rows whose item is a box, at most the boxes
printed). Anything real play can do fits in this relaxation, so its optimum is a lower
bound for real play with every die.
"""

from __future__ import annotations

import time

import numpy as np

from kok_layouts.analysis.program import Program
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Kok2Sheet
from kok_layouts.rules.board import board_for

ROW_CELLS = 3
STAR_CELLS = 2


def box_budget(sheet: Kok2Sheet) -> int:
    """The most special actions a player can ever make: every box that can be had."""
    items = sum(1 for rule in sheet.rows if rule.item == "box")
    return min(sheet.box_count, sheet.boxes_at_start + len(sheet.box_cells)
               + len(sheet.box_columns) + items)


def min_moves_with_special(sheet: Kok2Sheet, pieces: list[int], costs: list[int], roots: int,
                           target: int, budget: int, seconds: float | None = None) -> int | None:
    """The fewest moves in the relaxation above, with at most ``budget`` moves in all.

    ``pieces`` are the ordinary options, each taking ``costs`` moves (an option may cross a
    whole area in several moves). With ``seconds``, the bound proven by then: the lower end
    of what the solver proved is still a lower bound for real play."""
    board = board_for(sheet)
    cells = list(cells_of(board.full))
    width = sheet.width
    squares = sorted({m for m in (
        ((1 << c) | (1 << (c + 1)) | (1 << (c + width)) | (1 << (c + width + 1))) & board.full
        for c in range(sheet.geometry.size)
        if c % width < width - 1 and c // width < sheet.height - 1) if m})
    areas = [m for m in board.area_masks if m]
    rows_mask = [m for m in board.row_masks if m]
    stars = list(cells_of(board.star_mask))
    # variable layout
    names: list[str] = []

    def new(kind: str, count: int) -> int:
        start = len(names)
        names.extend([kind] * count)
        return start

    x0 = new("piece", len(pieces))
    b0 = new("bomb", len(squares))
    k0 = new("block", len(areas))
    s0 = new("rows", len(rows_mask))
    st0 = new("stars", 1)
    w0 = new("row cell", len(cells))
    t0 = new("star cell", len(stars))
    z0 = new("crossed", len(cells))
    edges = [(a, b) for a in cells for b in sheet.geometry.neighbours[a] if board.full >> b & 1]
    e0 = new("flow", len(edges))
    start_cells = [c for c in cells if roots >> c & 1]
    r0 = new("from start", len(start_cells))
    q0 = new("from bomb", len(cells))
    n = len(names)
    index = {c: i for i, c in enumerate(cells)}
    star_index = {c: i for i, c in enumerate(stars)}
    big = float(len(cells))
    program = Program()
    add = program.add

    covers: dict[int, list[int]] = {c: [] for c in cells}
    ordinary: dict[int, list[int]] = {c: [] for c in cells}
    bombs_at: dict[int, list[int]] = {c: [] for c in cells}
    for p, mask in enumerate(pieces):
        for c in cells_of(mask):
            covers[c].append(x0 + p)
            ordinary[c].append(x0 + p)
    for q, mask in enumerate(squares):
        for c in cells_of(mask):
            covers[c].append(b0 + q)
            bombs_at[c].append(b0 + q)
    for a, mask in enumerate(areas):
        for c in cells_of(mask):
            covers[c].append(k0 + a)
    for c in cells:
        covers[c].append(w0 + index[c])
        if c in star_index:
            covers[c].append(t0 + star_index[c])
    inflow: dict[int, list[int]] = {c: [] for c in cells}
    outflow: dict[int, list[int]] = {c: [] for c in cells}
    for e, (a, b) in enumerate(edges):
        outflow[a].append(e0 + e)
        inflow[b].append(e0 + e)
    for r, c in enumerate(start_cells):
        inflow[c].append(r0 + r)
    for c in cells:
        inflow[c].append(q0 + index[c])
        z = z0 + index[c]
        add([(v, 1.0) for v in ordinary[c]], 0.0, 1.0)          # ordinary moves disjoint
        add([(z, 1.0)] + [(v, -1.0) for v in covers[c]], -np.inf, 0.0)  # z <= covered
        for v in covers[c]:
            add([(z, 1.0), (v, -1.0)], 0.0, np.inf)             # z >= each cover
        if target >> c & 1:
            add([(z, 1.0)], 1.0, 1.0)
        add([(v, 1.0) for v in inflow[c]] + [(v, -1.0) for v in outflow[c]] + [(z, -1.0)],
            0.0, 0.0)
        add([(v, 1.0) for v in inflow[c]] + [(z, -big)], -np.inf, 0.0)
        add([(v, 1.0) for v in outflow[c]] + [(z, -big)], -np.inf, 0.0)
        add([(q0 + index[c], 1.0)] + [(v, -big) for v in bombs_at[c]], -np.inf, 0.0)
    for r, mask in enumerate(rows_mask):
        add([(w0 + index[c], 1.0) for c in cells_of(mask)] + [(s0 + r, -float(ROW_CELLS))],
            -np.inf, 0.0)
    add([(t0 + i, 1.0) for i in range(len(stars))] + [(st0, -float(STAR_CELLS))],
        -np.inf, 0.0)
    specials = list(range(b0, b0 + len(squares) + len(areas) + len(rows_mask) + 1))
    add([(v, 1.0) for v in specials], 0.0, float(box_budget(sheet)))
    counted = list(range(x0, x0 + len(pieces))) + specials
    weight = [float(c) for c in costs] + [1.0] * len(specials)
    add([(v, w) for v, w in zip(counted, weight, strict=True)], 0.0, float(budget))
    cost = np.zeros(n)
    cost[counted] = weight
    integrality = np.array([0.0 if kind in ("crossed", "flow", "from start", "from bomb")
                            else 1.0 for kind in names])
    upper_bounds = np.array([big if kind in ("flow", "from start", "from bomb")
                             else float(len(cells)) if kind in ("rows", "stars") else 1.0
                             for kind in names])
    relaxed = 0
    if seconds is not None:
        # the linear relaxation is quick and already a lower bound: a floor in case the
        # integer program runs out of time before it proves more
        started = time.time()
        floor = program.minimise(cost, np.zeros(n), upper_bounds, budget, seconds)
        if floor is None:
            return None
        relaxed = floor.low
        seconds -= time.time() - started
    found = program.minimise(cost, integrality, upper_bounds, budget, seconds)
    return None if found is None else max(relaxed, found.low)
