"""The expert bot's look at the next roll, compiled: ``ExpertBot._next_roll`` on the strong
bot's valuation (:mod:`~kok_layouts.rules.engine.strong_kok2`'s ``kok2_prepare`` and
``cells_value``, which value a classic sheet as ``StrongBot`` does too: its rows score
nothing and give no items).

For each of a decision's candidate moves :func:`next_rolls` crosses its cells (and its
bombs' squares) and marks on the seat's sheet, as the Python bot did on the player's sheet
(the cells and marks only: no completion is scored, no item given), values the position one
roll later, and takes the expected value of the best move (or a pass) of the next roll over
all 1,296 throws of 2 colour and 2 number dice: per colour and number the best of the moves
without jokers, a joker die standing for the best colour (number) at its cost. The mean adds
the throws as numpy's ``mean`` does (pairwise), so the values are the Python bot's to the
last bit. :func:`candidate_bombs` places the bombs a candidate's rows give, as
``StrongBot._with_bombs`` does.

In Kids :func:`kids_next_rolls` does the same over every throw of the three dice: a
candidate's enclosures crossed (and its purple mark used), each die face's best move
valued as the strong bot values Kids moves (``strong_kids.kids_strong_choice``), the best
die of each throw taken (a seat that is not the active one: the best of the two dice the
active seat leaves, each die equally likely kept).
"""

from __future__ import annotations

import numpy as np

from kok_layouts.rules.engine.kernels import (
    C_MARKS_USED,
    COLOURS_TO_END,
    anchor_of,
    colours_done,
    group_is_open,
    kernel,
    legal_sets,
    plain_kernel,
)
from kok_layouts.rules.engine.kids import kids_legal_moves
from kok_layouts.rules.engine.strong_kernels import W_MARK_HOPE, W_PURPLE
from kok_layouts.rules.engine.strong_kids import _enclosures_into as enclosures_into
from kok_layouts.rules.engine.strong_kok2 import (
    P_FRAC,
    cells_value,
    kok2_prepare,
    with_bombs,
)

FACES = 6
"""Faces of a die; the last one of a colour or number die is its joker."""
LOOKED_AT_COLOURS = 5
"""The colours a colour die shows (the rest of a sheet's colours are never thrown)."""
IMPOSSIBLE = -1e9
"""The value of a colour and number no move takes."""
BLOCK = 128
"""numpy's pairwise summation adds blocks of up to this many values in eight lanes."""


@kernel
def _block_sum(values, start, count):  # type: ignore[no-untyped-def]
    """The sum of at most :data:`BLOCK` values as numpy adds them: in eight lanes."""
    if count < 8:
        total = 0.0
        for i in range(count):
            total += values[start + i]
        return total
    lanes = values[start:start + 8].copy()
    i = 8
    while i < count - count % 8:
        for j in range(8):
            lanes[j] += values[start + i + j]
        i += 8
    total = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) \
        + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
    while i < count:
        total += values[start + i]
        i += 1
    return total


@kernel
def pairwise_sum(values):  # type: ignore[no-untyped-def]
    """The sum of ``values`` as numpy's ``add.reduce`` adds a contiguous float64 array:
    halves (a multiple of eight first) added pairwise down to blocks of
    :func:`_block_sum` (the recursion kept on a stack of its own: numba's cache does not
    keep recursive kernels)."""
    starts = np.empty(64, dtype=np.int64)
    counts = np.empty(64, dtype=np.int64)
    stages = np.empty(64, dtype=np.int64)
    sums = np.empty(64)
    frames, done = 1, 0
    starts[0], counts[0], stages[0] = 0, values.shape[0], 0
    while frames:
        top = frames - 1
        start, count = starts[top], counts[top]
        if count <= BLOCK:
            frames -= 1
            sums[done] = _block_sum(values, start, count)
            done += 1
            continue
        half = count // 2
        half -= half % 8
        if stages[top] == 0:  # the first half
            stages[top] = 1
            starts[frames], counts[frames], stages[frames] = start, half, 0
            frames += 1
        elif stages[top] == 1:  # then the second
            stages[top] = 2
            starts[frames], counts[frames], stages[frames] = start + half, count - half, 0
            frames += 1
        else:  # both done: their sum
            frames -= 1
            done -= 1
            sums[done - 1] = sums[done - 1] + sums[done]
    return sums[0]


@kernel
def _best_of_throws(table):  # type: ignore[no-untyped-def]
    """The mean over every throw of 2 colour and 2 number dice (in the order of
    ``numpy.meshgrid(..., indexing="ij")`` raveled) of the best of ``table``'s four
    pairings, a pass (0) at worst."""
    best = np.empty(FACES ** 4)
    i = 0
    for c1 in range(FACES):
        for c2 in range(FACES):
            for n1 in range(FACES):
                for n2 in range(FACES):
                    value = max(max(table[c1, n1], table[c1, n2]),
                                max(table[c2, n1], table[c2, n2]))
                    best[i] = max(value, 0.0)
                    i += 1
    return pairwise_sum(best) / best.shape[0]


@kernel
def _expected_next(tables, state, seat, loose, weights, star_penalty, pass_penalty, solo,  # type: ignore[no-untyped-def]
                   work):
    """The expected value of the best move of the next roll in the prepared position of
    ``seat`` (``work``)."""
    crossed = state.crossed[seat]
    table = np.full((FACES, FACES), IMPOSSIBLE)
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    colours = min(LOOKED_AT_COLOURS, tables.colours)
    cells = np.empty(FACES - 1, dtype=np.int32)
    for colour in range(colours):
        for n in range(1, FACES):
            best = IMPOSSIBLE
            if loose:
                sets = legal_sets(tables, crossed, anchor, colour, n, loose)
                for s in range(sets.shape[0]):
                    value, _ = cells_value(tables, state, seat, sets[s, :n], n, work,
                                           weights, star_penalty, pass_penalty, solo, False)
                    if value > best:
                        best = value
            else:  # the open groups of the tables, read in place (legal_sets' own)
                for group in range(tables.group_offsets[colour, n - 1],
                                   tables.group_offsets[colour, n]):
                    if not group_is_open(tables, crossed, anchor, group):
                        continue
                    for k in range(n):
                        cells[k] = tables.group_cells[group, k]
                    value, _ = cells_value(tables, state, seat, cells, n, work, weights,
                                           star_penalty, pass_penalty, solo, False)
                    if value > best:
                        best = value
            table[colour, n - 1] = best
    joker = float(tables.mark_points) + weights[W_MARK_HOPE] * work.pos[P_FRAC]
    marks = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    plain = FACES - 1
    if marks >= 1:
        for colour in range(plain):
            table[colour, plain] = table[colour, :plain].max() - joker
        for n in range(plain):
            table[plain, n] = table[:plain, n].max() - joker
    if marks >= 2:
        table[plain, plain] = table[:plain, :plain].max() - 2 * joker
    expected: float = _best_of_throws(table)
    return expected


@plain_kernel
def _cross_on_trial(tables, state, seat, cell, fresh, count):  # type: ignore[no-untyped-def]
    """Cross ``cell`` on ``seat``'s sheet for a look ahead (its column, colour and row
    counts too, nothing scored) unless it is crossed already, noting it in
    ``fresh[count]``; returns how many ``fresh`` holds now (:func:`_uncross` undoes them)."""
    if state.crossed[seat, cell]:
        return count
    state.crossed[seat, cell] = True
    state.column_count[seat, tables.cell_column[cell]] += 1
    state.colour_count[seat, tables.cell_colour[cell]] += 1
    state.row_count[seat, tables.cell_row[cell]] += 1
    fresh[count] = cell
    return count + 1


@plain_kernel
def _uncross(tables, state, seat, fresh, count):  # type: ignore[no-untyped-def]
    """Undo :func:`_cross_on_trial` for the first ``count`` cells of ``fresh``."""
    for i in range(count):
        cell = fresh[i]
        state.crossed[seat, cell] = False
        state.column_count[seat, tables.cell_column[cell]] -= 1
        state.colour_count[seat, tables.cell_colour[cell]] -= 1
        state.row_count[seat, tables.cell_row[cell]] -= 1


@kernel
def next_rolls(tables, state, seat, cells, jokers, taken_columns, taken_colours, taken_rows,  # type: ignore[no-untyped-def]
               loose, weights, left, horizon, solo, star_penalty, pass_penalty, compensated,
               work):
    """``ExpertBot._next_roll`` of every candidate: row ``k`` of ``cells`` (-1 padded) and
    ``jokers[k]`` marks crossed on ``seat``'s sheet, the expected value of the best move of
    the next roll (0 once the candidate completes a second colour). ``left``: the rolls
    the seat acts in after the next one; the state is left as it was."""
    counters = state.counters[seat]
    expected = np.zeros(cells.shape[0])
    fresh = np.empty(cells.shape[1], dtype=np.int64)
    for k in range(cells.shape[0]):
        count = 0
        for i in range(cells.shape[1]):
            cell = cells[k, i]
            if cell >= 0:
                count = _cross_on_trial(tables, state, seat, cell, fresh, count)
        counters[C_MARKS_USED] += jokers[k]
        if colours_done(tables, state, seat) < COLOURS_TO_END:
            kok2_prepare(tables, state, seat, taken_columns, taken_colours, taken_rows,
                         weights, left, horizon, star_penalty, compensated, False, work)
            expected[k] = _expected_next(tables, state, seat, loose, weights, star_penalty,
                                         pass_penalty, solo, work)
        counters[C_MARKS_USED] -= jokers[k]
        _uncross(tables, state, seat, fresh, count)
    return expected


@kernel
def candidate_bombs(tables, state, seat, cells, jokers, special, face, taken_columns,  # type: ignore[no-untyped-def]
                    taken_colours, taken_rows, weights, left, horizon, solo, star_penalty,
                    pass_penalty, compensated, work):
    """``StrongBot._with_bombs`` of one candidate in the position of the decision: the
    squares of the bombs its rows give and its value with them."""
    kok2_prepare(tables, state, seat, taken_columns, taken_colours, taken_rows, weights, left,
                 horizon, star_penalty, compensated, False, work)
    return with_bombs(tables, state, seat, cells, jokers, special, face, taken_columns,
                      taken_colours, taken_rows, weights, star_penalty, pass_penalty, solo,
                      work)


# == Kids ==================================================================================
@kernel
def _kids_face_values(tables, state, seat, weights, solo, work, values):  # type: ignore[no-untyped-def]
    """Into ``values[face]``: the best value, as the strong bot values Kids moves
    (``kids_strong_choice`` without the denial), of the moves of each die face (an animal,
    then purple) in the prepared position of ``seat`` (``work``); :data:`IMPOSSIBLE` for a
    face without a legal move."""
    crossed = state.crossed[seat]
    marks_used = state.counters[seat, C_MARKS_USED]
    chameleon_soon = weights[W_PURPLE] * work.pos[P_FRAC]
    together = work.together
    for face in range(tables.colours + 1):
        moves = kids_legal_moves(tables, crossed, marks_used, face)
        best = IMPOSSIBLE
        for m in range(moves.shape[0]):
            used = enclosures_into(tables, together, 0, moves[m, 1:])
            value, _ = cells_value(tables, state, seat, together, used, work, weights, 0, 0,
                                   solo, True)
            if face == tables.colours and moves[m, 2] < 0:  # purple, no chameleon
                value += chameleon_soon
            if value > best:
                best = value
        values[face] = best


@kernel
def _best_of(first, second):  # type: ignore[no-untyped-def]
    """The better of two faces' values; 0 (nothing to cross) when neither has a move."""
    best = max(first, second)
    return best if best > IMPOSSIBLE else 0.0


@kernel
def kids_best_of_throws(values, kept_by_other):  # type: ignore[no-untyped-def]
    """The mean over every throw of the three Kids dice (each face equally likely) of the
    best value the seat can take: the best of the three dice, or (``kept_by_other``: another
    seat is the active one) the best of the two the active seat leaves, each of the three
    dice equally likely kept; 0 for a throw with no legal move (a Kids player passes only
    then)."""
    faces = values.shape[0]
    total = 0.0
    for a in range(faces):
        for b in range(faces):
            for c in range(faces):
                if kept_by_other:
                    total += (_best_of(values[b], values[c]) + _best_of(values[a], values[c])
                              + _best_of(values[a], values[b])) / 3.0
                else:
                    total += _best_of(max(values[a], values[b]), values[c])
    return total / faces ** 3


@kernel
def kids_next_rolls(tables, state, seat, moves, taken_columns, weights, left, horizon, solo,  # type: ignore[no-untyped-def]
                    kept_by_other, compensated, work):
    """The expected best value of the next roll after each of a Kids decision's candidate
    moves (rows of ``moves`` as ``kids_legal_moves`` gives them): the move's enclosures
    crossed and its purple mark used on ``seat``'s sheet (no circle scored), the position
    valued one roll later (``left``: the rolls the seat acts in after the next one), and the
    best move of every throw of the next roll (:func:`kids_best_of_throws`); 0 once the move
    completes a second animal. The state is left as it was."""
    counters = state.counters[seat]
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    no_rows = np.zeros(tables.height, dtype=np.bool_)
    values = np.empty(tables.colours + 1)
    expected = np.zeros(moves.shape[0])
    fresh = np.empty(state.crossed.shape[1], dtype=np.int64)
    for k in range(moves.shape[0]):
        count = 0
        for j in (1, 2):
            area = moves[k, j]
            if area < 0:
                continue
            for i in range(tables.area_size[area]):
                count = _cross_on_trial(tables, state, seat, tables.area_cells[area, i],
                                        fresh, count)
        purple = 1 if moves[k, 0] == tables.colours else 0
        counters[C_MARKS_USED] += purple
        if colours_done(tables, state, seat) < COLOURS_TO_END:
            kok2_prepare(tables, state, seat, taken_columns, no_colours, no_rows, weights,
                         left, horizon, 0, compensated, True, work)
            _kids_face_values(tables, state, seat, weights, solo, work, values)
            expected[k] = kids_best_of_throws(values, kept_by_other)
        counters[C_MARKS_USED] -= purple
        _uncross(tables, state, seat, fresh, count)
    return expected
