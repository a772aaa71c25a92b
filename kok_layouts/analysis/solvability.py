"""Solvability: what can be reached, and the exact fewest moves to complete things.

With free choice of dice (a lower bound for real play), a move crosses one *piece*: on a
classic or Keer op Keer 2 sheet a connected group of 1 to 5 cells inside one area, on a
Kids sheet one whole enclosure. A set of pieces can be played in some order exactly when
the pieces are disjoint and every crossed cell is linked to the start (the start column,
or the star cells in Kids) through crossed cells: then each piece, taken in order of its
distance from the start, touches the start or a cell crossed before it.

So the fewest moves to complete a set of cells is an integer program: choose the fewest
disjoint pieces covering the set such that every crossed cell is linked to the start. Most
pieces never need to be considered (:mod:`kok_layouts.analysis.area_options`: a small area
is crossed whole or not at all), a greedy plan and a counting bound often settle a goal
without a program, and the rest is solved exactly with HiGHS (scipy.optimize.milp).

The search has a time budget (:data:`DEFAULT_BUDGET`). Official-size boards finish well
inside it; when a program does hit the budget (huge boards, huge areas), the goal keeps
the range it proved: ``moves`` is then a lower bound and ``at_most`` the best plan found,
and reports say these are bounds.
Keer op Keer 2's special die is not modelled: its actions need boxes and can only
shorten the bound, which is stated with the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import cast

import numpy as np
from scipy.sparse import csr_matrix

from kok_layouts.analysis.area_options import AreaOption, area_options, fewest_pieces
from kok_layouts.analysis.program import Optimum, Program
from kok_layouts.analysis.special_bound import min_moves_with_special
from kok_layouts.analysis.steiner import (
    MERGE_NODES,
    all_paths,
    dominated,
    hub_graph,
    steiner_tree,
)
from kok_layouts.editions import edition_of, part_for
from kok_layouts.model.grid import cells_of, column_letter
from kok_layouts.model.sheet import Kok2Sheet, Sheet
from kok_layouts.rules.board import MAX_MOVE, Board, board_for

DEFAULT_BUDGET = 8.0
"""Seconds the exact search may take in all (and the special-die bound as much again)."""
MAX_OPTIONS = 1000
"""Above this many options no program is built: the goals keep cheap bounds."""
CACHED_PATH_NODES = 700
"""Up to this many nodes the Steiner graph's path table is computed once per sheet."""
BIG_STEINER_SECONDS = 2.0
"""A Steiner tree over more than ``CACHED_PATH_NODES`` nodes starts only with this much
time left in the budget (it can take a second or two)."""
MAX_STEINER_NODES = 1300
"""Above this many nodes the Steiner programme's table of path costs would take too long."""


@dataclass(frozen=True)
class Goal:
    """Something to complete: a colour (animal), a column, a row, or the end of the game."""

    kind: str
    name: str
    cells: int
    moves: int | None
    """The exact fewest moves (a lower bound when ``at_most`` is set), or ``None`` when it
    cannot be completed."""
    unreachable: tuple[str, ...] = ()
    with_special: int | None = None
    """Keer op Keer 2, when asked for: a lower bound that lets the special die play too."""
    at_most: int | None = None
    """Set only when the search stopped at its budget: the fewest moves lie in
    ``moves..at_most``."""

    @property
    def exact(self) -> bool:
        return self.at_most is None

    def moves_text(self) -> str:
        """``7``, ``-`` (impossible) or ``7..9`` (bounds)."""
        if self.moves is None:
            return "-"
        return str(self.moves) if self.exact else f"{self.moves}..{self.at_most}"


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
    budget: float = DEFAULT_BUDGET

    @property
    def solvable(self) -> bool:
        return not self.unreachable and self.end.moves is not None

    @property
    def exact(self) -> bool:
        """Whether every figure is exact (not a range left by the time budget)."""
        return self.end.exact and all(g.exact for g in self.goals)

    def of_kind(self, kind: str) -> list[Goal]:
        return [g for g in self.goals if g.kind == kind]

    def verdict(self) -> str:
        if self.solvable and self.end.exact:
            return (f"{self.layout} is solvable: every cell can be reached, and the game can "
                    f"end after {self.end.moves} moves at the fewest ({self.end.name}).")
        if self.solvable:
            return (f"{self.layout} is solvable: every cell can be reached, and the game can "
                    f"end after {self.end.moves_text()} moves at the fewest ({self.end.name}; "
                    f"bounds: the exact search stopped at its {self.budget:g} s budget).")
        reasons = list(self.problems)
        return f"{self.layout} cannot be finished: " + "; ".join(reasons) + "."


@dataclass(frozen=True)
class Pieces:
    """What one move may cross on a board, as the search sees it (each edition names its
    own: :data:`MOVE_PIECES`)."""

    options: list[AreaOption]
    """The ways worth considering to cross cells of each area."""
    caps: dict[int, int]
    """For an area: at most this many options that cross only part of it."""
    roots: int
    """The cells a game starts from."""
    per_move: int
    """The most cells one move crosses."""
    partial: bool
    """Whether a move may cross part of an area (a piece of fewer than the most cells can
    then grow inside its area)."""


def area_pieces(board: Board) -> Pieces:
    """A connected group of 1 to 5 cells inside one area, linked to the start columns."""
    options, caps = area_options(board)
    return Pieces(options, caps, board.start_mask, MAX_MOVE, True)


def enclosure_pieces(board: Board) -> Pieces:
    """Kids: one whole enclosure, linked to the star cells."""
    options = [AreaOption(m, 1, i, True) for i, m in enumerate(board.area_masks)]
    return Pieces(options, {}, board.star_mask, max(m.bit_count() for m in board.area_masks),
                  False)


MOVE_PIECES: dict[str, Callable[[Board], Pieces]] = {
    "classic": area_pieces, "kok2": area_pieces, "kids": enclosure_pieces}
"""What one move may cross, for the fewest-moves search, by edition name: a connected
group of 1 to 5 cells inside one area (docs/rules.md section 1.5), or Kids' whole
enclosure (section 3.5)."""


class _Search:
    """The options of a sheet (see :mod:`~kok_layouts.analysis.area_options`) and the
    fewest-moves search over them."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.board: Board = board_for(sheet)
        board = self.board
        pieces = part_for(MOVE_PIECES, edition_of(sheet), "fewest-moves search")(board)
        self.options, self.caps = pieces.options, pieces.caps
        self.roots, self.per_move = pieces.roots, pieces.per_move
        self.masks = [o.mask for o in self.options]
        self.costs = [o.moves for o in self.options]
        self.area_masks = [board.area_masks[o.area] for o in self.options]
        self.cells = list(cells_of(board.full))
        self._neighbours: list[list[int]] | None = None
        self._paths: tuple[np.ndarray, np.ndarray] | None = None
        self._spare: np.ndarray | None = None
        self._relaxed: tuple[list[int], list[set[int]]] | None = None
        self._covering: dict[int, list[int]] = {c: [] for c in self.cells}
        for p, mask in enumerate(self.masks):
            for c in cells_of(mask):
                self._covering[c].append(p)
        # Whole enclosures (Kids) are never partial: nothing to saturate.
        self.saturate = pieces.partial
        self.pieces_union = 0
        for mask in self.masks:
            self.pieces_union |= mask
        # With at most one single piece per area beside its whole-area option, choosing
        # options freely (even overlapping ones of one area) never beats a real plan, so
        # the group Steiner programme is exact (see :meth:`_steiner`).
        self.steiner_exact = all(
            o.whole and (o.moves == 1 or self.caps.get(o.area) == 1) for o in self.options
            if o.whole) and all(
            a in self.caps or m.bit_count() <= self.per_move
            for a, m in enumerate(board.area_masks))
        self._whole = {o.area: o.moves for o in self.options if o.whole}
        self._by_area: dict[int, list[int]] = {}
        for p, option in enumerate(self.options):
            self._by_area.setdefault(option.area, []).append(p)

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
        """For every option, the disjoint options that touch it by a side."""
        if self._neighbours is None:
            result = []
            for mask in self.masks:
                near: set[int] = set()
                for c in cells_of(self.board.dilate(mask)):
                    near.update(self._covering[c])
                result.append(sorted(q for q in near if not self.masks[q] & mask))
            self._neighbours = result
        return self._neighbours

    def _distances(self, starts: list[int]) -> list[int]:
        """Chain lengths (in options) from ``starts`` to every option."""
        far = len(self.masks) + 1
        dist = [far] * len(self.masks)
        queue = list(starts)
        for p in queue:
            dist[p] = 1
        adjacency = self._adjacency()
        for p in queue:
            for q in adjacency[p]:
                if dist[q] == far:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return dist

    def greedy_plan(self, target: int) -> int | None:
        """A feasible plan's moves: repeatedly add the shortest chain to an uncovered target,
        ending in the option that covers the most targets per move."""
        crossed, count, remaining = 0, 0, target
        adjacency = self._adjacency()
        while remaining:
            reach = self.roots | self.board.dilate(crossed)
            starts = [p for p, m in enumerate(self.masks) if m & reach and not m & crossed]
            parent: dict[int, int | None] = {p: None for p in starts}
            chain = {p: self.masks[p] for p in starts}  # cells of the chain ending at p
            layer = list(starts)
            best: int | None = None
            while layer:
                hits = [p for p in layer if self.masks[p] & remaining]
                if hits:
                    # an option that leaves no target of its area behind (options are
                    # not all pieces: a 6-cell area has no 1-cell piece to finish with)
                    best = max(hits, key=lambda p: (
                        not self.area_masks[p] & remaining & ~self.masks[p],
                        (self.masks[p] & remaining).bit_count() / self.costs[p], -p))
                    break
                following = []
                for p in layer:
                    for q in adjacency[p]:
                        if (not self.masks[q] & (crossed | chain[p]) and q not in parent):
                            parent[q] = p
                            chain[q] = chain[p] | self.masks[q]
                            following.append(q)
                layer = following
            if best is None:
                return None
            node: int | None = best
            while node is not None:
                if self.masks[node] & crossed:
                    return None
                crossed |= self.masks[node]
                count += self.costs[node]
                node = parent[node]
            remaining &= ~crossed
        return count

    def path_plan(self, target: int) -> int:
        """A feasible plan built cell by cell, cheap on any board: walk the shortest path
        of cells to the nearest uncovered target and cross it in runs of at most 5
        consecutive cells of one area (a run is connected, inside one area, and touches
        what was crossed before it), or the whole area when all of it is target."""
        board, crossed, count = self.board, 0, 0
        neighbours = self.sheet.geometry.neighbours
        while target & ~crossed:
            reach = (self.roots | board.dilate(crossed)) & board.full & ~crossed
            parent: dict[int, int | None] = {c: None for c in cells_of(reach)}
            queue = list(parent)
            goal = None
            for c in queue:
                if target >> c & 1 and not crossed >> c & 1:
                    goal = c
                    break
                for n in neighbours[c]:
                    if board.full >> n & 1 and not crossed >> n & 1 and n not in parent:
                        parent[n] = c
                        queue.append(n)
            if goal is None:
                return len(self.cells)
            path: list[int] = []
            node: int | None = goal
            while node is not None:
                path.append(node)
                node = parent[node]
            path.reverse()
            run_area, run_length = -2, 0
            for c in path:
                if crossed >> c & 1:  # taken with its whole area just before
                    continue
                area = board.area_of[c]
                whole = board.area_masks[area]
                if area in self._whole and not whole & ~target and not whole & crossed:
                    # an area that is all target is crossed whole, in its fewest moves
                    count += self._whole[area]
                    crossed |= whole
                    run_area, run_length = -2, 0
                    continue
                if area != run_area or run_length == MAX_MOVE:
                    count += 1
                    run_area, run_length = area, 0
                run_length += 1
                crossed |= 1 << c
        return count

    def lower_bound(self, target: int, from_start: list[int] | None) -> int:
        """No plan is shorter than one move per ``per_move`` target cells of each area, nor
        than the chain of options that reaches the farthest target cell."""
        areas = sum(-(-(area & target).bit_count() // self.per_move)
                    for area in self.board.area_masks if area & target)
        if from_start is None:
            return areas
        far = max((min(from_start[p] for p in self._covering[c])
                   for c in cells_of(target)), default=0)
        return max(areas, far)

    def search(self, target: int, deadline: float | None = None,
               seconds: float | None = None) -> Optimum | None:
        """The fewest moves covering ``target``, all linked to the start; ``None`` if
        impossible. Exact unless ``deadline`` (a ``time.time()``) comes first or the
        integer program needs more than ``seconds``: then the range proven so far.

        A greedy plan bounds the answer; only options that lie on a chain from the start
        to a target option within that bound can be in a fewest-moves plan (any other
        option of a plan could be left out), so the integer program is built on those.
        """
        if not target:
            return Optimum(0, 0)
        if target & ~self.pieces_union or target & ~self.reachable():
            return None
        if deadline is not None and time.time() >= deadline:
            greedy = None if len(self.masks) > MAX_OPTIONS else self.greedy_plan(target)
            return Optimum(self.lower_bound(target, None),
                           self.path_plan(target) if greedy is None else greedy)
        big = len(self._relaxed_graph()[0]) > CACHED_PATH_NODES
        if big and deadline is not None and deadline - time.time() < BIG_STEINER_SECONDS:
            tree: tuple[int, list[int]] | None = (-1, [])  # no time left for a big tree
        else:
            tree = self._steiner(target)
        steiner = None if tree is None or tree[0] < 0 else tree[0]
        repaired = None
        if tree is not None and steiner is not None:
            if self.steiner_exact:
                return Optimum(steiner, steiner)
            repaired = self._repair(tree[1])
            if repaired == steiner:
                return Optimum(steiner, steiner)
        if len(self.masks) > MAX_OPTIONS:
            high = self.path_plan(target)
            return Optimum(max(self.lower_bound(target, None), steiner or 0),
                           high if repaired is None else min(high, repaired))
        greedy = self.greedy_plan(target)
        bound = self.path_plan(target) if greedy is None else greedy
        if repaired is not None:
            bound = min(bound, repaired)
        from_start = self._distances([p for p, m in enumerate(self.masks) if m & self.roots])
        low = self.lower_bound(target, from_start)
        if steiner is not None:  # overlapping pieces allowed: a bound
            low = max(low, steiner)
        if bound <= low:
            return Optimum(bound, bound)
        to_target = self._distances([p for p, m in enumerate(self.masks) if m & target])
        keep = [p for p in range(len(self.masks)) if from_start[p] + to_target[p] - 1 <= bound]
        if deadline is not None:
            left = deadline - time.time()
            seconds = left if seconds is None else min(seconds, left)
        if seconds is not None and seconds <= 0:
            return Optimum(low, bound)
        found = self._solve(target, bound, keep, seconds)
        if found is None:  # cannot be: the greedy plan is feasible; keep what is known
            return Optimum(low, bound)
        high = bound if found.high is None else min(bound, found.high)
        return Optimum(max(low, found.low), high)

    def _steiner(self, target: int) -> tuple[int, list[int]] | None:
        """The fewest moves as a group Steiner tree over the options, and the options it
        takes: one group per target area (the options that cross all its target cells;
        for a big area that several pieces may share, one group per target cell) and the
        start; ``(-1, [])`` when there are too many groups for that.

        Options may overlap in the tree, so its weight is a lower bound; it is exact when
        every area is crossed whole or by at most one single piece (a tree with several
        overlapping options of one area costs at least the whole area's moves, and
        crossing the whole area instead is a real plan as short), and otherwise whenever
        :meth:`_repair` turns the tree into a real plan of the same moves. Only 5-cell
        pieces and whole areas are nodes: with overlaps allowed, a smaller piece of a big
        area is never better than a 5-cell piece around it.
        """
        nodes, adjacency = self._relaxed_graph()
        if len(nodes) > MAX_STEINER_NODES:
            return -1, []
        start = len(nodes)
        position = {p: i for i, p in enumerate(nodes)}
        groups = [[start]]
        for area, mask in enumerate(self.board.area_masks):
            wanted = mask & target
            if not wanted:
                continue
            members = [p for p in self._by_area.get(area, ()) if p in position]
            if mask.bit_count() <= self.per_move or self.caps.get(area) == 1 or (
                    wanted == mask and area in self.caps):
                groups.append([position[p] for p in members
                               if self.masks[p] & wanted == wanted])
            else:  # several pieces may share the area's targets: one group per cell
                groups.extend([position[p] for p in members if self.masks[p] >> c & 1]
                              for c in cells_of(wanted))
        weights = [*(self.costs[p] for p in nodes), 0]
        if len(weights) > MERGE_NODES:
            if self._paths is None:
                self._paths = all_paths(self._hub_graph(nodes, weights), len(weights))
                self._spare = dominated(weights, adjacency)
            found = steiner_tree(weights, adjacency, groups, None, self.path_plan(target),
                                 self._paths, self.lower_bound(target, None), self._spare)
        else:
            found = steiner_tree(weights, adjacency, groups)
        if found is None:
            return None
        moves, chosen = found
        return moves, [nodes[i] for i in chosen if i != start]

    def _hub_graph(self, nodes: list[int], weights: list[int]) -> csr_matrix:
        """The Steiner graph in sparse form: a weightless hub for every pair of
        neighbouring cells joins the options that hold either cell (so options that touch
        or overlap share a hub), and the start joins the options on a start cell."""
        position = {p: i for i, p in enumerate(nodes)}
        holding: dict[int, list[int]] = {c: [] for c in self.cells}
        for p in nodes:
            for c in cells_of(self.masks[p]):
                holding[c].append(position[p])
        hubs = []
        for a in self.cells:
            near = [b for b in self.sheet.geometry.neighbours[a] if b > a and b in holding]
            for b in near or [a]:
                members = sorted(set(holding[a]) | set(holding[b]))
                if len(members) > 1:
                    hubs.append(members)
        start = len(nodes)
        edges = [(start, position[p]) for p in nodes if self.masks[p] & self.roots]
        return hub_graph(weights, hubs, edges)

    def _relaxed_graph(self) -> tuple[list[int], list[set[int]]]:
        """The options that are nodes of the Steiner tree, and the graph over them with
        the start as the last node."""
        if self._relaxed is None:
            nodes = [p for p, o in enumerate(self.options)
                     if o.whole or o.mask.bit_count() >= MAX_MOVE]
            if len(nodes) > MAX_STEINER_NODES:  # too big to use: build nothing
                self._relaxed = (nodes, [])
                return self._relaxed
            position = {p: i for i, p in enumerate(nodes)}
            start = len(nodes)
            adjacency = [{position[q] for q in self._touching_one(p) if q in position}
                         for p in nodes]
            adjacency.append(set())
            for i, p in enumerate(nodes):
                if self.masks[p] & self.roots:
                    adjacency[i].add(start)
                    adjacency[start].add(i)
            self._relaxed = (nodes, adjacency)
        return self._relaxed

    def _repair(self, chosen: list[int]) -> int | None:
        """The moves of a real plan crossing what the options ``chosen`` cross (or more):
        overlapping options of one area become the whole area or a split of their cells
        into as few pieces; ``None`` if no such split is found."""
        by_area: dict[int, list[int]] = {}
        for p in chosen:
            by_area.setdefault(self.options[p].area, []).append(p)
        moves = 0
        for area, options in by_area.items():
            whole = [p for p in options if self.options[p].whole]
            count = sum(self.costs[p] for p in options)
            union = 0
            overlap = False
            for p in options:
                overlap = overlap or bool(union & self.masks[p])
                union |= self.masks[p]
            if whole:
                moves += min(count, self.costs[whole[0]])
                continue
            if not overlap:
                moves += count
                continue
            pieces = [self.masks[p] for p in self._by_area[area]
                      if not self.options[p].whole and self.masks[p] & union == self.masks[p]]
            pieces += [m for m in self._small_pieces(area) if m & union == m]
            options_whole = self._whole.get(area)
            best = options_whole
            for limit in range(max(1, -(-union.bit_count() // MAX_MOVE)), count + 1):
                if options_whole is not None and limit >= options_whole:
                    break
                if fewest_pieces(union, pieces, self.board, limit):
                    best = limit
                    break
            if best is None:
                return None
            moves += best
        return moves

    def _small_pieces(self, area: int) -> list[int]:
        """Every piece of an area (options of a two-move area keep only its 5-cell ones)."""
        return [m for shapes in self.board.shapes.values() for m in shapes
                if self.board.area_of[m.bit_length() - 1] == area]

    def _touching_one(self, p: int) -> set[int]:
        """The options whose cells touch or overlap the cells of option ``p``."""
        mask = self.masks[p]
        near: set[int] = set()
        for c in cells_of(self.board.dilate(mask) | mask):
            near.update(self._covering[c])
        near.discard(p)
        return near

    def _solve(self, target: int, budget: int, keep: list[int],
               seconds: float | None) -> Optimum | None:
        """The fewest moves (at most ``budget``) with options from ``keep``.

        Variables: one 0/1 per option, and a flow on every pair of neighbouring cells and
        from the start into every start cell. Each crossed cell takes one unit of flow, and
        flow only passes crossed cells, so every crossed cell is linked to the start. An
        option away from the start also needs a crossed cell on its border (a valid
        inequality that makes the relaxation much tighter).
        """
        pieces = [self.masks[p] for p in keep]
        costs = [self.costs[p] for p in keep]
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
        big = float(min(len(cells), budget * self.per_move))
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
        add_row([(p, float(costs[p])) for p in range(n_pieces)], 0.0, float(budget))
        # A best plan has fewer single pieces in an area than the moves that cross it whole.
        singles: dict[int, list[int]] = {}
        for p, original in enumerate(keep):
            option = self.options[original]
            if not option.whole and option.area in self.caps:
                singles.setdefault(option.area, []).append(p)
        for area, members in singles.items():
            if len(members) > self.caps[area]:
                add_row([(p, 1.0) for p in members], 0.0, float(self.caps[area]))
        # Some best plan uses only saturated pieces: a piece of fewer than the most cells
        # can take a neighbouring cell of its area that no other piece crosses, for free.
        if self.saturate:
            for p, mask in enumerate(pieces):
                if costs[p] > 1 or mask.bit_count() >= MAX_MOVE:
                    continue
                area = board.area_masks[board.area_of[mask.bit_length() - 1]]
                for c in cells_of(board.dilate(mask) & area & used):
                    add_row([(q, 1.0) for q in covering[c] if q != p] + [(p, -1.0)],
                            0.0, np.inf)
        cost = np.zeros(n_vars)
        cost[:n_pieces] = costs
        integral = np.zeros(n_vars)
        integral[:n_pieces] = 1
        upper = np.concatenate([np.ones(n_pieces), np.full(n_vars - n_pieces, big)])
        return program.minimise(cost, integral, upper, budget, seconds)


def _goals(sheet: Sheet) -> list[tuple[str, str, int]]:
    board = board_for(sheet)
    goals = [("colour", c.name, board.colour_masks[c.key]) for c in sheet.colours]
    goals += [("column", column_letter(i), m) for i, m in enumerate(board.column_masks) if m]
    rows = edition_of(sheet).goal_rows(sheet)
    if rows:
        goals += [("row", label, m) for label, m in zip(rows, board.row_masks, strict=True)
                  if m]
    return goals


@lru_cache(maxsize=8)
def _search_for(sheet: Sheet) -> _Search:
    return _Search(sheet)


def min_moves(sheet: Sheet, target: int) -> int | None:
    """The exact fewest moves (free choice of dice) to cross every cell of ``target``,
    however long that takes (``analyse`` keeps to a time budget instead)."""
    found = _search_for(sheet).search(target)
    return None if found is None else found.low


def special_bound(sheet: Kok2Sheet, target: int, deadline: float | None = None) -> int | None:
    """Keer op Keer 2: a lower bound on moves to cross ``target`` when the special die may
    play too (see :mod:`kok_layouts.analysis.special_bound`). If ``deadline`` comes first,
    the bound proven by then (still a true lower bound, only less tight)."""
    search = _search_for(sheet)
    if not target:
        return 0
    if target & ~search.pieces_union:
        return None
    if target & ~search.reachable():
        return None
    greedy = search.greedy_plan(target) if len(search.masks) <= MAX_OPTIONS else None
    budget = search.path_plan(target) if greedy is None else greedy
    seconds = None if deadline is None else deadline - time.time()
    if seconds is not None and seconds <= 0:
        return 0
    return min_moves_with_special(sheet, search.masks, search.costs, search.roots, target,
                                  budget, seconds)


def _task(job: tuple[Sheet, int, float | None, float | None]) -> Optimum | None:
    sheet, target, deadline, seconds = job
    return _search_for(sheet).search(target, deadline, seconds)


def _special_task(job: tuple[Kok2Sheet, int, float | None]) -> int | None:
    sheet, target, seconds = job
    deadline = None if seconds is None else time.time() + seconds
    return special_bound(sheet, target, deadline)


def _with_special(sheet: Kok2Sheet, executor: Executor | None, goals: list[Goal], end: Goal,
                  budget: float | None, chunk: int) -> tuple[list[Goal], Goal]:
    """Add the special-die lower bounds: for every colour, and for the end the least over
    the pairs of colours. A pair needs at least what each of its colours needs, so pairs
    whose bound cannot go below the least found are skipped. The colours may take 60% of
    ``budget``, the pairs up to 90% in all; a program stopped by its share of the time still gives
    a true lower bound, only a less tight one."""
    started = time.time()

    def run(targets: list[int], jobs_left: int, share: float) -> list[int | None]:
        seconds = None
        if budget is not None:
            # each round takes a part of what is left of its share of the budget, so the
            # rounds never overrun it however many there are
            rounds = min(3, max(1, -(-jobs_left // chunk)))
            seconds = max(0.05, (share * budget - (time.time() - started)) / rounds)
        jobs = [(sheet, t, seconds) for t in targets]
        found = list(executor.map(_special_task, jobs) if executor is not None
                     else map(_special_task, jobs))
        # any colour or pair needs at least one move
        return [None if f is None else max(1, f) for f in found]

    colours = [g for g in goals if g.kind == "colour"]
    pairs = [(a, b) for a, b in combinations(colours, 2)
             if a.moves is not None and b.moves is not None]
    own: list[int | None] = []
    for start in range(0, len(colours), chunk):
        batch = colours[start:start + chunk]
        own += run([g.cells for g in batch], len(colours) - start, 0.6)
    by_colour = {g.name: bound for g, bound in zip(colours, own, strict=True)}
    ranked = sorted((max(by_colour[a.name] or 0, by_colour[b.name] or 0), i)
                    for i, (a, b) in enumerate(pairs))
    least: int | None = None
    position = 0
    while position < len(ranked):
        if least is not None and ranked[position][0] >= least:
            break
        batch_pairs = [i for _, i in ranked[position:position + chunk]]
        found = run([pairs[i][0].cells | pairs[i][1].cells for i in batch_pairs],
                    len(ranked) - position, 0.9)
        for (low, _), bound in zip(ranked[position:position + chunk], found, strict=True):
            if bound is not None:
                bound = max(bound, low)
                least = bound if least is None else min(least, bound)
        position += chunk
    goals = [replace(g, with_special=by_colour[g.name]) if g.kind == "colour" else g
             for g in goals]
    if least is not None:
        end = replace(end, with_special=least)
    return goals, end


Progress = Callable[[int, int], None]


class _Runner:
    """Runs searches (in an executor if given) and reports each finished goal."""

    def __init__(self, sheet: Sheet, executor: Executor | None, deadline: float | None,
                 total: int, progress: Progress | None, workers: int) -> None:
        self.sheet, self.executor, self.deadline = sheet, executor, deadline
        self.workers = workers
        self.total, self.done, self.progress = total, 0, progress

    def tick(self, count: int = 1) -> None:
        self.done += count
        if self.progress is not None:
            self.progress(self.done, self.total)

    def run(self, targets: Sequence[int]) -> list[Optimum | None]:
        # a goal's integer program may take an equal share of the budget per worker
        share = (None if self.deadline is None else
                 max(0.1, (self.deadline - time.time()) * self.workers
                     / max(1, self.total - self.done)))
        jobs = [(self.sheet, t, self.deadline, share) for t in targets]
        results = (map(_task, jobs) if self.executor is None
                   else self.executor.map(_task, jobs))
        found = []
        for result in results:
            found.append(result)
            self.tick()
        return found


def _goal(kind: str, name: str, cells: int, found: Optimum | None,
          unreachable: tuple[str, ...] = ()) -> Goal:
    if found is None:
        return Goal(kind, name, cells, None, unreachable)
    return Goal(kind, name, cells, found.low, unreachable,
                at_most=None if found.exact else found.high)


def _best_pair(search: _Search, runner: _Runner, colours: list[Goal],
               chunk: int) -> Goal | None:
    """The pair of colours that ends the game soonest (the first such pair in listing
    order, as if every pair were solved), solving only pairs whose lower bound could
    still beat the best pair found: a pair needs at least what each of its colours needs,
    and one move per 5 target cells of every area of both."""
    pairs = [(a, b) for a, b in combinations(colours, 2)
             if a.moves is not None and b.moves is not None]
    runner.tick(len(list(combinations(colours, 2))) - len(pairs))
    bounds = []
    for index, (a, b) in enumerate(pairs):
        assert a.moves is not None and b.moves is not None
        low = max(a.moves, b.moves, search.lower_bound(a.cells | b.cells, None))
        bounds.append((low, index))
    bounds.sort()
    best: tuple[int, int, Goal] | None = None
    lowest = 10 ** 9  # the least lower bound of any pair solved
    position = 0
    while position < len(bounds):
        batch: list[int] = []
        while position < len(bounds) and len(batch) < chunk:
            low, index = bounds[position]
            position += 1
            if best is not None and (low > best[0] or (low == best[0] and index > best[1])):
                runner.tick()
                continue
            batch.append(index)
        found = runner.run([pairs[i][0].cells | pairs[i][1].cells for i in batch])
        for index, result in zip(batch, found, strict=True):
            if result is None:
                continue
            first, second = pairs[index]
            goal = _goal("end", f"{first.name} and {second.name}",
                         first.cells | second.cells, result)
            # rank by the best plan known, so that bounds never hide a shorter end
            rank = result.low if result.exact else (result.high or result.low)
            lowest = min(lowest, result.low)
            if best is None or (rank, index) < best[:2]:
                best = (rank, index, goal)
    if best is None:
        return None
    rank, _, goal = best
    if lowest < rank:  # a pair left as a range might still end the game sooner
        goal = replace(goal, moves=lowest, at_most=rank)
    return goal


def analyse(sheet: Sheet, executor: Executor | None = None, *,
            special_die: bool = False, progress: Progress | None = None,
            budget: float | None = DEFAULT_BUDGET) -> Solvability:
    """Reachability, the fewest moves for every goal and for the end of the game.

    The integer programs are independent: with an ``executor`` they run in parallel.
    ``special_die`` (Keer op Keer 2) adds, for the colours and the end, a lower bound that
    lets the special die play too. ``progress`` is called as ``(goals done, goals)``.
    ``budget`` caps the seconds the search may take (``None``: no cap); goals it cannot
    settle in time keep a range (see :attr:`Goal.at_most`).
    """
    started = time.time()
    deadline = None if budget is None else started + budget
    search = _search_for(sheet)
    reach = search.reachable()
    unreachable_mask = search.board.full & ~reach
    names = tuple(search.board.name_cells(unreachable_mask))
    listed = _goals(sheet)
    n_colours = sum(1 for kind, _, _ in listed if kind == "colour")
    chunk = 1 if executor is None else max(1, int(getattr(executor, "_max_workers", 2)))
    runner = _Runner(sheet, executor, deadline,
                     len(listed) + n_colours * (n_colours - 1) // 2, progress, chunk)
    results = runner.run([0 if mask & unreachable_mask else mask for _, _, mask in listed])
    goals: list[Goal] = []
    for (kind, name, mask), found in zip(listed, results, strict=True):
        missing = mask & unreachable_mask
        goals.append(_goal(kind, name, mask, None if missing else found,
                           tuple(search.board.name_cells(missing))))
    colours = [g for g in goals if g.kind == "colour"]
    end = _best_pair(search, runner, colours, chunk) or Goal("end", "no two colours", 0, None)
    edition = edition_of(sheet)
    if special_die and edition.special_die and not unreachable_mask:
        goals, end = _with_special(cast(Kok2Sheet, sheet), executor, goals, end, budget,
                                   chunk)
    noun = edition.colour_noun
    problems: list[str] = []
    if names:
        problems.append(f"{len(names)} cell(s) cannot be reached from the start "
                        f"({', '.join(names[:8])}{', ...' if len(names) > 8 else ''})")
    blocked = [g.name for g in colours if g.moves is None]
    if blocked:
        problems.append(f"{noun}(s) {', '.join(blocked)} can never be completed")
    if end.moves is None:
        problems.append(f"no two {noun}s can both be completed, so the game cannot end")
    note = edition.moves_note
    if not all(g.exact for g in goals) or not end.exact:
        note += (f" Figures shown as LOW..HIGH are bounds: the exact search stopped at its "
                 f"{budget or 0:g} s budget.")
    return Solvability(sheet.name, sheet.edition, names, tuple(goals), end, note,
                       tuple(problems), budget or 0.0)
