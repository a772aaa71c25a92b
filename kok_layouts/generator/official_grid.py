"""The official classic grid, built column by column.

Every official pad (official-sheets.md) holds every colour in every column as one vertical
run. So a colour's cells in two neighbouring columns touch exactly when their runs overlap,
and each colour's areas are runs in consecutive columns: a colour's 15 runs split into six
stretches of columns, one per area. The search picks, column after column, an order of the
five colours and a run length for each (a composition of 7 rows into five runs); a run that
does not overlap the same colour's run in the previous column closes that colour's area,
whose size must be one still missing from 1..6. Counting arguments on the remaining columns
prune the search; all 1,800 possible columns are tested at once with numpy.

Stars are then placed by a small matching: one per column, three per colour, at most one per
area.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise, permutations

import numpy as np

COLOURS = 5
ROWS = 7
COLUMNS = 15
AREA_SIZES = (1, 2, 3, 4, 5, 6)
STARS_PER_COLOUR = 3

ColumnRuns = tuple[tuple[int, int], ...]
"""One column: for every colour index, its run as (top row, length)."""


@cache
def _candidates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All possible columns: tops, bottoms (inclusive) and lengths, each (N, 5) by colour."""
    compositions = [
        (a, b, c, d, ROWS - a - b - c - d)
        for a in range(1, 4) for b in range(1, 4) for c in range(1, 4) for d in range(1, 4)
        if 1 <= ROWS - a - b - c - d <= 3]
    tops, lengths = [], []
    for order in permutations(range(COLOURS)):
        for parts in compositions:
            top = [0] * COLOURS
            length = [0] * COLOURS
            row = 0
            for colour, part in zip(order, parts, strict=True):
                top[colour], length[colour] = row, part
                row += part
            tops.append(top)
            lengths.append(length)
    top_array = np.array(tops, dtype=np.int8)
    length_array = np.array(lengths, dtype=np.int8)
    return top_array, top_array + length_array - 1, length_array


@cache
def _mask_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every subset of the sizes 1..6 (bit s = size s): its sum, count and largest."""
    total = np.zeros(128, dtype=np.int16)
    count = np.zeros(128, dtype=np.int16)
    largest = np.zeros(128, dtype=np.int16)
    for mask in range(128):
        sizes = [s for s in AREA_SIZES if mask >> s & 1]
        total[mask], count[mask], largest[mask] = sum(sizes), len(sizes), max(sizes, default=0)
    return total, count, largest


@cache
def _packed_tables() -> np.ndarray:
    """:func:`_mask_tables` in one int32 per subset: sum << 16 | count << 8 | largest."""
    total, count, largest = _mask_tables()
    packed: np.ndarray = ((total.astype(np.int32) << 16) | (count.astype(np.int32) << 8)
                          | largest.astype(np.int32))
    return packed


@cache
def _by_colour() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The candidates' tops, bottoms and lengths colour by colour, (5, N): each colour's
    row is contiguous, so the tests of all five colours of a candidate are five quick
    row operations (a reduction along a short last axis is slow in numpy)."""
    tops, bottoms, lengths = _candidates()
    return (np.ascontiguousarray(tops.T), np.ascontiguousarray(bottoms.T),
            np.ascontiguousarray(lengths.T.astype(np.int16)))


def _every(rows: np.ndarray) -> np.ndarray:
    """For every candidate (column), whether its row holds in all colours (rows)."""
    result: np.ndarray = rows[0].copy()
    for row in rows[1:]:
        result &= row
    return result


FULL_SIZES = sum(1 << s for s in AREA_SIZES)
PACING = 3.0
"""How strongly the search prefers columns that close areas at the pace the board needs
(weight ``exp(-PACING * |closings - pace|)``)."""


class _Search:
    """Depth-first search over columns with a node budget (a restart uses a new seed)."""

    def __init__(self, rng: np.random.Generator, budget: int) -> None:
        self.rng = rng
        self.budget = budget
        self.chosen: list[int] = []

    def feasible(self, column: int, state: tuple[np.ndarray, np.ndarray] | None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
        """Candidate indices allowed in ``column``, the state after each (the open cells
        and unused area sizes of every colour: ``open_cells[:, i]`` for the ``i``-th
        allowed candidate), how many areas each closes and how many closings per column
        the rest of the board needs.

        The test of the areas a column closes comes first, on all candidates: it keeps
        about one in eight, and the other tests run on those only."""
        count = _mask_tables()[1]
        tops, bottoms, lengths = _by_colour()
        n = lengths.shape[1]
        if state is None:
            kept = np.arange(n)
            open_cells = lengths
            unused = np.full((COLOURS, n), FULL_SIZES, dtype=np.int16)
            closings = np.zeros(n, dtype=np.int16)
            pace = 0.0
        else:
            open_before, unused_before = state
            previous = self.chosen[-1]
            overlap = ((tops <= bottoms[:, previous, None])
                       & (tops[:, previous, None] <= bottoms))
            closing_bit = np.left_shift(np.int16(1), open_before[:, None]) * ~overlap
            kept = np.flatnonzero(_every((unused_before[:, None] & closing_bit)
                                         == closing_bit))
            overlap, closing_bit = overlap[:, kept], closing_bit[:, kept]
            unused = unused_before[:, None] & ~closing_bit
            open_cells = lengths[:, kept] + open_before[:, None] * overlap
            closings = (~overlap).sum(axis=0, dtype=np.int16)
            pace = float((count[unused_before] - 1).sum()) / (COLUMNS - column)
        remaining = COLUMNS - 1 - column
        # The three tables packed in one (one lookup instead of three: the lookups were a
        # third of the search's time).
        looked = np.take(_packed_tables(), unused)
        have, sizes_left, most = looked >> 16, (looked >> 8) & 255, looked & 255
        still = have - open_cells
        fits = ((open_cells <= most) & (still >= remaining) & (still <= 3 * remaining)
                & (sizes_left - 1 <= remaining))
        if remaining == 0:
            fits &= (sizes_left == 1) & (have == open_cells)
        ok = np.flatnonzero(_every(fits))
        return kept[ok], open_cells[:, ok], unused[:, ok], closings[ok], pace

    def order(self, allowed: np.ndarray, closings: np.ndarray, pace: float) -> np.ndarray:
        """The positions in ``allowed`` in random order, the candidates that close about as
        many areas as the pace needs first (a weighted shuffle; ``closings`` per allowed
        candidate). A plain shuffle closes most areas in the first columns, which leaves
        column A with three or four one-cell areas and makes it far harder to complete
        than any printed pad's edge column."""
        weight = np.exp(-PACING * np.abs(closings - pace))
        keys = self.rng.random(len(allowed)) ** (1.0 / weight)
        result: np.ndarray = np.argsort(-keys, kind="stable")
        return result

    def run(self, column: int, state: tuple[np.ndarray, np.ndarray] | None) -> bool:
        if column == COLUMNS:
            return True
        allowed, open_cells, unused, closings, pace = self.feasible(column, state)
        for at in (self.order(allowed, closings, pace) if column else
                   self.rng.permutation(len(allowed))):
            if self.budget <= 0:
                return False
            self.budget -= 1
            self.chosen.append(int(allowed[at]))
            if self.run(column + 1, (open_cells[:, at], unused[:, at])):
                return True
            self.chosen.pop()
        return False


@cache
def _index_of() -> dict[tuple[tuple[int, int], ...], int]:
    """The candidate index of every possible column, by its runs."""
    tops, _, lengths = _candidates()
    return {tuple((int(tops[i, c]), int(lengths[i, c])) for c in range(COLOURS)): i
            for i in range(len(tops))}


def colour_columns(rng: np.random.Generator, budget: int = 40,
                   keep: list[ColumnRuns] | None = None) -> list[ColumnRuns] | None:
    """Fifteen columns whose colour runs give every colour six areas of sizes 1..6, or
    ``None`` when the search ran out of ``budget`` nodes (retry with another generator).
    ``keep`` fixes the first columns (the search grows the rest anew; ``None`` when they
    leave no way to finish).

    Most searches succeed within 20 nodes; a small budget with restarts keeps the slow
    tail short (p99 about 0.25 s instead of 1.3 s with a budget of 400)."""
    search = _Search(rng, budget)
    state: tuple[np.ndarray, np.ndarray] | None = None
    for column, runs in enumerate(keep or []):
        allowed, open_cells, unused, _, _ = search.feasible(column, state)
        index = _index_of().get(runs)
        if index is None:
            return None
        at = np.flatnonzero(allowed == index)
        if not len(at):
            return None
        search.chosen.append(index)
        state = (open_cells[:, at[0]], unused[:, at[0]])
    if not search.run(len(search.chosen), state):
        return None
    tops, _, lengths = _candidates()
    return [tuple((int(tops[i, c]), int(lengths[i, c])) for c in range(COLOURS))
            for i in search.chosen]


def area_ids(columns: list[ColumnRuns]) -> list[list[int]]:
    """For every column and colour, the index of the colour's area holding that run."""
    ids = [[0] * COLOURS]
    for previous, here in pairwise(columns):
        row = []
        for colour in range(COLOURS):
            (top_a, len_a), (top_b, len_b) = previous[colour], here[colour]
            touches = top_b <= top_a + len_a - 1 and top_a <= top_b + len_b - 1
            row.append(ids[-1][colour] + (0 if touches else 1))
        ids.append(row)
    return ids


def star_colours(columns: list[ColumnRuns], rng: np.random.Generator) -> list[int] | None:
    """A colour for each column's star: three per colour, at most one per area."""
    ids = area_ids(columns)
    per_colour = [0] * COLOURS
    starred: set[tuple[int, int]] = set()
    choice: list[int] = []
    order = [list(rng.permutation(COLOURS)) for _ in range(COLUMNS)]

    def place(column: int) -> bool:
        if column == COLUMNS:
            return True
        left = COLUMNS - column
        if sum(STARS_PER_COLOUR - n for n in per_colour) != left:
            return False
        for colour in order[column]:
            area = (int(colour), ids[column][colour])
            if per_colour[colour] == STARS_PER_COLOUR or area in starred:
                continue
            per_colour[colour] += 1
            starred.add(area)
            choice.append(int(colour))
            if place(column + 1):
                return True
            choice.pop()
            starred.discard(area)
            per_colour[colour] -= 1
        return False

    return choice if place(0) else None
