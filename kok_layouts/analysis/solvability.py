"""Solvability: what can be reached, and the exact fewest moves to complete things.

With free choice of dice (a lower bound for real play), a move crosses one *piece*: on a
classic or Keer op Keer 2 sheet a connected group of 1 to 5 cells inside one area, on a
Kids sheet one whole enclosure. A set of pieces can be played in some order exactly when
the pieces are disjoint and every crossed cell is linked to the start (the start column,
or the star cells in Kids) through crossed cells: then each piece, taken in order of its
distance from the start, touches the start or a cell crossed before it.

So the fewest moves to complete a set of cells is an integer program: choose the fewest
disjoint pieces covering the set such that every crossed cell is linked to the start. It
is solved exactly with HiGHS (scipy.optimize.milp), adding linking cuts as needed.
Keer op Keer 2's special die is not modelled: its actions need boxes and can only
shorten the bound, which is stated with the result.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

import numpy as np

from kok_layouts.analysis.program import Program
from kok_layouts.analysis.special_bound import min_moves_with_special
from kok_layouts.model.grid import cells_of, column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.rules.board import Board, board_for


@dataclass(frozen=True)
class Goal:
    """Something to complete: a colour (animal), a column, a row, or the end of the game."""

    kind: str
    name: str
    cells: int
    moves: int | None
    """The exact fewest moves, or ``None`` when it cannot be completed."""
    unreachable: tuple[str, ...] = ()
    with_special: int | None = None
    """Keer op Keer 2, when asked for: a lower bound that lets the special die play too."""


@dataclass(frozen=True)
class Solvability:
    """Reachability and the fewest moves for every colour, column, row and the end."""

    layout: str
    edition: str
    unreachable: tuple[str, ...]
    goals: tuple[Goal, ...]
    end: Goal
    note: str = ""
    problems: tuple[str, ...] = field(default=())

    @property
    def solvable(self) -> bool:
        return not self.unreachable and self.end.moves is not None

    def of_kind(self, kind: str) -> list[Goal]:
        return [g for g in self.goals if g.kind == kind]

    def verdict(self) -> str:
        if self.solvable:
            return (f"{self.layout} is solvable: every cell can be reached, and the game can "
                    f"end after {self.end.moves} moves at the fewest ({self.end.name}).")
        reasons = list(self.problems)
        return f"{self.layout} cannot be finished: " + "; ".join(reasons) + "."


class _Pieces:
    """The pieces of a sheet and the flow network over its cells."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.board: Board = board_for(sheet)
        board = self.board
        if isinstance(sheet, KidsSheet):
            self.masks = list(board.area_masks)
            self.roots = board.star_mask
        else:
            self.masks = sorted({m for shapes in board.shapes.values() for m in shapes})
            self.roots = board.start_mask
        self.cells = list(cells_of(board.full))
        self.largest = max(m.bit_count() for m in self.masks)
        self._neighbours: list[list[int]] | None = None
        self._covering: dict[int, list[int]] = {c: [] for c in self.cells}
        for p, mask in enumerate(self.masks):
            for c in cells_of(mask):
                self._covering[c].append(p)
        # Kids pieces are whole enclosures, never partial: nothing to saturate.
        self.saturate = not isinstance(sheet, KidsSheet)
        self.pieces_union = 0
        for mask in self.masks:
            self.pieces_union |= mask
        self.index = {c: i for i, c in enumerate(self.cells)}

    def reachable(self) -> int:
        """Board cells linked to the start through board cells (pieces join neighbours)."""
        seen = self.roots & self.board.full
        frontier = seen
        while frontier:
            grown = self.board.dilate(seen) & ~seen
            frontier = grown
            seen |= grown
        return seen

    def _adjacency(self) -> list[list[int]]:
        """For every piece, the disjoint pieces that touch it by a side."""
        if self._neighbours is None:
            near = [self.board.dilate(m) for m in self.masks]
            self._neighbours = [
                [q for q, other in enumerate(self.masks) if other & near[p] and not other & mask]
                for p, mask in enumerate(self.masks)]
        return self._neighbours

    def _distances(self, starts: list[int], allowed: list[bool]) -> list[int]:
        """Chain lengths (in pieces) from ``starts`` to every piece, through ``allowed``."""
        far = len(self.masks) + 1
        dist = [far] * len(self.masks)
        queue = [p for p in starts if allowed[p]]
        for p in queue:
            dist[p] = 1
        adjacency = self._adjacency()
        for p in queue:
            for q in adjacency[p]:
                if allowed[q] and dist[q] == far:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return dist

    def upper_bound(self, target: int) -> int:
        """A feasible plan's size: repeatedly add the shortest chain to an uncovered target."""
        crossed, count, remaining = 0, 0, target
        adjacency = self._adjacency()
        while remaining:
            allowed = [not m & crossed for m in self.masks]
            reach = self.roots | self.board.dilate(crossed)
            starts = [p for p, m in enumerate(self.masks) if m & reach and allowed[p]]
            parent: dict[int, int | None] = {p: None for p in starts}
            layer = list(starts)
            best: int | None = None
            while layer and best is None:
                hits = [p for p in layer if self.masks[p] & remaining]
                if hits:
                    # the piece of the nearest layer that covers the most targets
                    best = max(hits, key=lambda p: (self.masks[p] & remaining).bit_count())
                    break
                following = []
                for p in layer:
                    for q in adjacency[p]:
                        if allowed[q] and q not in parent:
                            parent[q] = p
                            following.append(q)
                layer = following
            if best is None:
                return len(self.cells)
            chain: list[int] = []
            node: int | None = best
            while node is not None:
                chain.append(node)
                node = parent[node]
            for piece in chain:
                if self.masks[piece] & crossed:
                    return len(self.cells)
                crossed |= self.masks[piece]
            count += len(chain)
            remaining &= ~crossed
        return count

    def lower_bound(self, target: int, from_start: list[int]) -> int:
        """No plan is shorter than one piece per area part of ``largest`` cells, nor than
        the chain of pieces that reaches the farthest target cell."""
        areas = sum(-(-(area & target).bit_count() // self.largest)
                    for area in self.board.area_masks if area & target)
        far = max((min(from_start[p] for p in self._covering[c])
                   for c in cells_of(target)), default=0)
        return max(areas, far)

    def min_moves(self, target: int) -> int | None:
        """The fewest disjoint pieces covering ``target``, all linked to the start.

        A greedy plan bounds the answer; only pieces that lie on a chain from the start to
        a target piece within that bound can be in a fewest-moves plan (any other piece of
        a plan could be left out), so the integer program is built on those.
        """
        if not target:
            return 0
        if target & ~self.pieces_union:
            return None
        bound = self.upper_bound(target)
        everything = [True] * len(self.masks)
        from_start = self._distances(
            [p for p, m in enumerate(self.masks) if m & self.roots], everything)
        if bound <= self.lower_bound(target, from_start):
            return bound
        to_target = self._distances(
            [p for p, m in enumerate(self.masks) if m & target], everything)
        keep = [p for p in range(len(self.masks))
                if from_start[p] + to_target[p] - 1 <= bound]
        return self._solve(target, bound, keep)

    def _solve(self, target: int, budget: int, keep: list[int]) -> int | None:
        """The fewest pieces (at most ``budget``, from ``keep``), or ``None``.

        Variables: one 0/1 per piece, and a flow on every pair of neighbouring cells and
        from the start into every start cell. Each crossed cell takes one unit of flow, and
        flow only passes crossed cells, so every crossed cell is linked to the start. A piece
        away from the start also needs a crossed cell on its border (a valid inequality that
        makes the relaxation much tighter).
        """
        pieces = [self.masks[p] for p in keep]
        used = 0
        for mask in pieces:
            used |= mask
        board = self.board
        cells = [c for c in self.cells if used >> c & 1]
        edges = [(a, b) for a in cells for b in self.sheet.geometry.neighbours[a]
                 if used >> b & 1]
        roots = [c for c in cells if self.roots >> c & 1]
        n_pieces, n_edges = len(pieces), len(edges)
        n_vars = n_pieces + n_edges + len(roots)
        big = float(min(len(cells), budget * self.largest))
        program = Program()
        add_row = program.add

        covering: dict[int, list[int]] = {c: [] for c in cells}
        for p, mask in enumerate(pieces):
            for c in cells_of(mask):
                covering[c].append(p)
        inflow: dict[int, list[int]] = {c: [] for c in cells}
        outflow: dict[int, list[int]] = {c: [] for c in cells}
        for e, (a, b) in enumerate(edges):
            outflow[a].append(n_pieces + e)
            inflow[b].append(n_pieces + e)
        for r, c in enumerate(roots):
            inflow[c].append(n_pieces + n_edges + r)
        for c in cells:
            crossed = [(p, 1.0) for p in covering[c]]
            add_row(crossed, 1.0 if target >> c & 1 else 0.0, 1.0)
            add_row([(v, 1.0) for v in inflow[c]] + [(v, -1.0) for v in outflow[c]]
                    + [(p, -1.0) for p in covering[c]], 0.0, 0.0)
            add_row([(v, 1.0) for v in inflow[c]] + [(p, -big) for p in covering[c]],
                    -np.inf, 0.0)
            add_row([(v, 1.0) for v in outflow[c]] + [(p, -big) for p in covering[c]],
                    -np.inf, 0.0)
        for p, mask in enumerate(pieces):
            if mask & self.roots:
                continue
            border: dict[int, float] = {}
            for c in cells_of(board.dilate(mask) & used):
                for q in covering[c]:
                    border[q] = border.get(q, 0.0) + 1.0
            border[p] = border.get(p, 0.0) - 1.0
            add_row(list(border.items()), 0.0, np.inf)
        add_row([(p, 1.0) for p in range(n_pieces)], 0.0, float(budget))
        # Some best plan uses only saturated pieces: a piece of fewer than the most cells
        # can take a neighbouring cell of its area that no other piece crosses, for free.
        if self.saturate:
            for p, mask in enumerate(pieces):
                if mask.bit_count() >= self.largest:
                    continue
                area = board.area_masks[board.area_of[mask.bit_length() - 1]]
                for c in cells_of(board.dilate(mask) & area & used):
                    add_row([(q, 1.0) for q in covering[c] if q != p] + [(p, -1.0)],
                            0.0, np.inf)
        cost = np.zeros(n_vars)
        cost[:n_pieces] = 1.0
        integral = np.zeros(n_vars)
        integral[:n_pieces] = 1
        upper = np.concatenate([np.ones(n_pieces), np.full(n_vars - n_pieces, big)])
        return program.minimise(cost, integral, upper, budget)


def _goals(sheet: Sheet) -> list[tuple[str, str, int]]:
    board = board_for(sheet)
    goals = [("colour", c.name, board.colour_masks[c.key]) for c in sheet.colours]
    goals += [("column", column_letter(i), m) for i, m in enumerate(board.column_masks) if m]
    if isinstance(sheet, Kok2Sheet):
        goals += [("row", sheet.rows[i].label, m) for i, m in enumerate(board.row_masks) if m]
    return goals


@lru_cache(maxsize=8)
def _pieces_for(sheet: Sheet) -> _Pieces:
    return _Pieces(sheet)


def min_moves(sheet: Sheet, target: int) -> int | None:
    """The exact fewest moves (free choice of dice) to cross every cell of ``target``."""
    return _pieces_for(sheet).min_moves(target)


def special_bound(sheet: Kok2Sheet, target: int) -> int | None:
    """Keer op Keer 2: a lower bound on moves to cross ``target`` when the special die may
    play too (see :mod:`kok_layouts.analysis.special_bound`)."""
    pieces = _pieces_for(sheet)
    if not target:
        return 0
    if target & ~pieces.pieces_union:
        return None
    return min_moves_with_special(sheet, pieces.masks, pieces.roots, target,
                                  pieces.upper_bound(target))


def _task(job: tuple[Sheet, int]) -> int | None:
    return min_moves(*job)


def _special_task(job: tuple[Sheet, int]) -> int | None:
    sheet, target = job
    assert isinstance(sheet, Kok2Sheet)
    return special_bound(sheet, target)


def analyse(sheet: Sheet, executor: Executor | None = None, *,
            special_die: bool = False) -> Solvability:
    """Reachability, the fewest moves for every goal and for the end of the game.

    The integer programs are independent: with an ``executor`` they run in parallel.
    ``special_die`` (Keer op Keer 2) adds, for the colours and the end, a lower bound that
    lets the special die play too.
    """
    pieces = _pieces_for(sheet)
    reach = pieces.reachable()
    unreachable_mask = pieces.board.full & ~reach

    def solve_all(targets: list[int]) -> list[int | None]:
        jobs = [(sheet, t) for t in targets]
        if executor is None:
            return [_task(job) for job in jobs]
        return list(executor.map(_task, jobs))

    names = tuple(pieces.board.name_cells(unreachable_mask))
    listed = _goals(sheet)
    results = solve_all([0 if mask & unreachable_mask else mask for _, _, mask in listed])
    goals: list[Goal] = []
    for (kind, name, mask), moves in zip(listed, results, strict=True):
        missing = mask & unreachable_mask
        goals.append(Goal(kind, name, mask, None if missing else moves,
                          tuple(pieces.board.name_cells(missing))))
    colours = [g for g in goals if g.kind == "colour"]
    pairs = [(a, b) for a, b in combinations(colours, 2)
             if a.moves is not None and b.moves is not None]
    pair_moves = solve_all([a.cells | b.cells for a, b in pairs])
    best: Goal | None = None
    for (first, second), moves in zip(pairs, pair_moves, strict=True):
        if moves is not None and (best is None or best.moves is None or moves < best.moves):
            best = Goal("end", f"{first.name} and {second.name}", first.cells | second.cells,
                        moves)
    end = best or Goal("end", "no two colours", 0, None)
    if special_die and isinstance(sheet, Kok2Sheet) and not unreachable_mask:
        targets = [g.cells for g in colours] + [a.cells | b.cells for a, b in pairs]
        jobs = [(sheet, t) for t in targets]
        bounds = (list(executor.map(_special_task, jobs)) if executor is not None
                  else [_special_task(job) for job in jobs])
        by_colour = dict(zip([g.name for g in colours], bounds, strict=False))
        goals = [replace(g, with_special=by_colour[g.name]) if g.kind == "colour" else g
                 for g in goals]
        colours = [g for g in goals if g.kind == "colour"]
        pair_bounds = [b for b in bounds[len(colours):] if b is not None]
        if pair_bounds:
            end = replace(end, with_special=min(pair_bounds))
    noun = "animal" if isinstance(sheet, KidsSheet) else "colour"
    problems: list[str] = []
    if names:
        problems.append(f"{len(names)} cell(s) cannot be reached from the start "
                        f"({', '.join(names[:8])}{', ...' if len(names) > 8 else ''})")
    blocked = [g.name for g in colours if g.moves is None]
    if blocked:
        problems.append(f"{noun}(s) {', '.join(blocked)} can never be completed")
    if end.moves is None:
        problems.append(f"no two {noun}s can both be completed, so the game cannot end")
    note = ""
    if isinstance(sheet, Kok2Sheet):
        note = ("Keer op Keer 2: counted with colour and number dice only; the special die "
                "can shorten these (--special-die bounds that).")
    elif isinstance(sheet, ClassicSheet):
        note = "Moves with free choice of dice: a lower bound for real play."
    else:
        note = "Moves with free choice of dice, one whole enclosure each: a lower bound."
    return Solvability(sheet.name, sheet.edition, names, tuple(goals), end, note,
                       tuple(problems))
