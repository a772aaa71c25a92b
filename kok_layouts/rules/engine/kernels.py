"""The rules as compiled pure functions over a sheet's arrays and a game's state arrays.

Every function here is ``numba.njit(cache=True)``: compiled once per machine into numba's
on-disk cache, then loaded in a fraction of a second. They take the sheet as
:class:`~kok_layouts.rules.engine.tables.SheetArrays` (``tables``) and a game's state as
:class:`State` (``state``, one row per seat), and check nothing: the typed functions of
:mod:`kok_layouts.rules.engine` check arguments at the door and call them.

Sets of cells are lists of cell indices (at most 6: five cells, six with the house rule
``number_joker_six``); a set of cells being built is keyed by one ``int64`` (its cells
in descending order, 10 bits each), whose order is the order of the rules' bitmasks for
sets of one size. A move is one row of an ``int32`` matrix: colour, number, colour joker,
number joker, then its cells (-1 padded); see the ``M_*`` constants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from kok_layouts.rules.engine.tables import (
    ITEM_BOMB,
    ITEM_BOX,
    ITEM_HEART,
    MOVE_CELLS,
    NO_ITEM,
)

Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

# -- a move as a row of int32 -------------------------------------------------------------
M_COLOUR, M_NUMBER, M_COLOUR_JOKER, M_NUMBER_JOKER, M_CELLS = 0, 1, 2, 3, 4
MOVE_WIDTH = M_CELLS + MOVE_CELLS

# -- a seat's counters ---------------------------------------------------------------------
C_MARKS_USED, C_PASSES, C_BOXES_GAINED, C_BOXES_USED, C_HEARTS = 0, 1, 2, 3, 4
COUNTERS = 5

# -- the score lines -----------------------------------------------------------------------
S_COLOURS, S_COLUMNS, S_JOKERS, S_STARS, S_PASSES, S_ROWS, S_HEARTS, S_BOXES = range(8)
SCORE_LINES = 8
"""Classic: colours, columns, jokers (marks), stars, passes; Keer op Keer 2 adds rows,
hearts and boxes. Kids: colours = food, columns = buckets + visitors (see
:func:`kids_score`)."""



def kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """``numba.njit(cache=True)``: compiled on first use, then kept in numba's on-disk
    cache. (Typed here for mypy: numba's decorator is untyped.)"""
    compiled: Callable[..., Any] = njit(cache=True)(function)
    return compiled


def inline_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """:func:`kernel` for a small function called in the hot loops, inlined into its
    callers: a call that passes the sheet's tables (a struct of some 40 arrays) costs more
    than the work of such a function."""
    compiled: Callable[..., Any] = njit(cache=True, inline="always")(function)
    return compiled


KEY_BITS = 10
KEY_BASE = 1 << KEY_BITS
"""A cell index fits in 10 bits (a sheet has at most 26 x 20 = 520 cells)."""

JOKER_SIX = 6
OPEN_ROLLS = 3
COLOURS_TO_END = 2
SOLO_ROLLS = 30


class State(NamedTuple):
    """The state of every seat of one game, one row per seat (arrays the kernels change
    in place)."""

    crossed: Bools
    """(seats, cells)."""
    counters: Int32s
    """(seats, :data:`COUNTERS`): marks used, passes, boxes gained and used, hearts."""
    column_count: Int32s
    """Crossed cells per column."""
    colour_count: Int32s
    row_count: Int32s
    later_column: Bools
    """Columns completed after another seat had completed them in an earlier roll."""
    later_colour: Bools
    column_heart: Int32s
    """Keer op Keer 2: hearts written under each completed column (-1: not completed)."""
    row_item: Bools
    """Keer op Keer 2: rows whose item this seat received."""


def new_state(seats: int, size: int, width: int, height: int, colours: int,
              boxes_at_start: int = 0) -> State:
    """Empty sheets for ``seats`` seats."""
    counters = np.zeros((seats, COUNTERS), dtype=np.int32)
    counters[:, C_BOXES_GAINED] = boxes_at_start
    return State(
        crossed=np.zeros((seats, size), dtype=np.bool_),
        counters=counters,
        column_count=np.zeros((seats, width), dtype=np.int32),
        colour_count=np.zeros((seats, colours), dtype=np.int32),
        row_count=np.zeros((seats, height), dtype=np.int32),
        later_column=np.zeros((seats, width), dtype=np.bool_),
        later_colour=np.zeros((seats, colours), dtype=np.bool_),
        column_heart=np.full((seats, width), -1, dtype=np.int32),
        row_item=np.zeros((seats, height), dtype=np.bool_),
    )


# == cells and keys ========================================================================
@kernel
def anchor_of(cell_start, neighbours, crossed):  # type: ignore[no-untyped-def]
    """The cells a move may start from: the start column(s) and every uncrossed board cell
    next to a cross. (Kernels called often take arrays, not the tables: numba counts the
    references of every array of a struct passed to a call.)"""
    anchor = cell_start.copy()
    for cell in range(crossed.shape[0]):
        if crossed[cell]:
            for k in range(neighbours.shape[1]):
                other = neighbours[cell, k]
                if other >= 0 and not crossed[other]:
                    anchor[other] = True
    return anchor


@kernel
def key_of(cells, count):  # type: ignore[no-untyped-def]
    """The key of ``count`` distinct cells: sorted descending, 10 bits each."""
    ordered = np.sort(cells[:count])[::-1]
    key = np.int64(0)
    for i in range(count):
        key = key * KEY_BASE + ordered[i]
    return key


@kernel
def cells_of_key(key, count, out):  # type: ignore[no-untyped-def]
    """The cells of ``key`` (``count`` of them) into ``out``, ascending."""
    for i in range(count):
        out[i] = key % KEY_BASE
        key //= KEY_BASE


@kernel
def _grown(buffer, used, value):  # type: ignore[no-untyped-def]
    """``buffer`` with room for one more, ``value`` appended at ``used``."""
    if used == buffer.shape[0]:
        bigger = np.empty(max(16, 2 * used), dtype=buffer.dtype)
        bigger[:used] = buffer[:used]
        buffer = bigger
    buffer[used] = value
    return buffer


# == legal sets of cells ===================================================================
@inline_kernel
def group_is_open(tables, crossed, anchor, group):  # type: ignore[no-untyped-def]
    """Whether no cell of ``group`` is crossed and one is in ``anchor``."""
    touches = False
    for k in range(tables.group_size[group]):
        cell = tables.group_cells[group, k]
        if crossed[cell]:
            return False
        if anchor[cell]:
            touches = True
    return touches


@kernel
def _sets_from_keys(keys, count, n):  # type: ignore[no-untyped-def]
    """Sorted distinct keys as a matrix of cells (-1 padded to :data:`MOVE_CELLS`)."""
    unique = np.unique(keys[:count])
    out = np.full((unique.shape[0], MOVE_CELLS), -1, dtype=np.int32)
    for i in range(unique.shape[0]):
        cells_of_key(unique[i], n, out[i])
    return out


@kernel
def six_sets(tables, crossed, anchor, colour):  # type: ignore[no-untyped-def]
    """House rule ``number_joker_six``: the groups of six cells of ``colour`` a move may
    cross, each a group of five grown by a neighbour of its area (as the rules find them)."""
    keys = np.empty(64, dtype=np.int64)
    used = 0
    cells = np.empty(JOKER_SIX, dtype=np.int32)
    for group in range(tables.group_offsets[colour, 4], tables.group_offsets[colour, 5]):
        free = True
        for k in range(5):
            if crossed[tables.group_cells[group, k]]:
                free = False
        if not free:
            continue
        area = tables.group_area[group]
        for k in range(5):
            cells[k] = tables.group_cells[group, k]
        for k in range(5):
            for j in range(tables.neighbours.shape[1]):
                other = tables.neighbours[tables.group_cells[group, k], j]
                if other < 0 or tables.cell_area[other] != area or crossed[other]:
                    continue
                inside = False
                for i in range(5):
                    if cells[i] == other:
                        inside = True
                if inside:
                    continue
                cells[5] = other
                reaches = False
                for i in range(JOKER_SIX):
                    if anchor[cells[i]]:
                        reaches = True
                if reaches:
                    keys = _grown(keys, used, key_of(cells, JOKER_SIX))
                    used += 1
    return _sets_from_keys(keys, used, JOKER_SIX)


@kernel
def loose_sets(tables, crossed, anchor, colour, n):  # type: ignore[no-untyped-def]
    """Option ``connect_through_crossed``: the sets of ``n`` uncrossed cells of one area of
    ``colour`` that link up through crossed cells of that area, one in ``anchor``."""
    size = tables.width * tables.height
    stamp = np.zeros(size, dtype=np.int64)
    in_subset = np.zeros(size, dtype=np.int64)
    turn = np.int64(0)
    stack = np.empty(size, dtype=np.int32)
    cells = np.empty(MOVE_CELLS, dtype=np.int32)
    found = np.empty(64, dtype=np.int64)
    found_used = 0
    for area in range(tables.area_size.shape[0]):
        if tables.area_colour[area] != colour:
            continue
        layer = np.empty(tables.area_size[area], dtype=np.int64)
        layer_used = 0
        for k in range(tables.area_size[area]):
            cell = tables.area_cells[area, k]
            if not crossed[cell]:
                layer[layer_used] = cell
                layer_used += 1
        for step in range(1, n):
            grown = np.empty(64, dtype=np.int64)
            grown_used = 0
            for s in range(layer_used):
                cells_of_key(layer[s], step, cells)
                turn += 1
                # The closure: the subset and the crossed cells of the area linked to it.
                top = 0
                for i in range(step):
                    in_subset[cells[i]] = turn
                    stamp[cells[i]] = turn
                    stack[top] = cells[i]
                    top += 1
                closure_end = top
                head = 0
                while head < closure_end:
                    here = stack[head]
                    head += 1
                    for j in range(tables.neighbours.shape[1]):
                        other = tables.neighbours[here, j]
                        if other >= 0 and stamp[other] != turn and crossed[other] \
                                and tables.cell_area[other] == area:
                            stamp[other] = turn
                            stack[closure_end] = other
                            closure_end += 1
                # Every uncrossed cell of the area next to the closure extends the subset.
                for i in range(closure_end):
                    for j in range(tables.neighbours.shape[1]):
                        other = tables.neighbours[stack[i], j]
                        if other < 0 or crossed[other] or tables.cell_area[other] != area \
                                or in_subset[other] == turn:
                            continue
                        cells[step] = other
                        grown = _grown(grown, grown_used, key_of(cells, step + 1))
                        grown_used += 1
            layer = np.unique(grown[:grown_used])
            layer_used = layer.shape[0]
        for s in range(layer_used):
            cells_of_key(layer[s], n, cells)
            for i in range(n):
                if anchor[cells[i]]:
                    found = _grown(found, found_used, layer[s])
                    found_used += 1
                    break
    return _sets_from_keys(found, found_used, n)


@kernel
def legal_sets(tables, crossed, anchor, colour, n, loose):  # type: ignore[no-untyped-def]
    """Every set of cells a move of ``n`` cells of ``colour`` may cross, in the rules'
    order (by bitmask), as a -1 padded matrix."""
    if loose:
        return loose_sets(tables, crossed, anchor, colour, n)
    if n == JOKER_SIX:
        return six_sets(tables, crossed, anchor, colour)
    start, end = tables.group_offsets[colour, n - 1], tables.group_offsets[colour, n]
    count = 0
    for group in range(start, end):
        if group_is_open(tables, crossed, anchor, group):
            count += 1
    out = np.full((count, MOVE_CELLS), -1, dtype=np.int32)
    row = 0
    for group in range(start, end):
        if group_is_open(tables, crossed, anchor, group):
            for k in range(n):
                out[row, k] = tables.group_cells[group, k]
            row += 1
    return out


@kernel
def legal_moves(tables, crossed, marks_left, colour_face, number_face, loose, six):  # type: ignore[no-untyped-def]
    """Every legal move of a colour face (``tables.colours`` = the X joker) and a number face
    (0 = the ? joker), jokers expanded as the rules expand them: each colour it may stand
    for, then each number, then (house rule ``number_joker_six``) the ? as six; moves
    whose jokers cost more marks than ``marks_left`` are left out."""
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    colour_joker = colour_face == tables.colours
    number_joker = number_face == 0
    cost = int(colour_joker) + int(number_joker)
    first_colour = 0 if colour_joker else colour_face
    last_colour = tables.colours if colour_joker else colour_face + 1
    first_number = 1 if number_joker else number_face
    last_number = 5 if number_joker else number_face
    total = 0
    found = []
    if cost <= marks_left:
        for colour in range(first_colour, last_colour):
            for n in range(first_number, last_number + 1):
                sets = legal_sets(tables, crossed, anchor, colour, n, loose)
                found.append((colour, n, sets))
                total += sets.shape[0]
        if number_joker and six:
            for colour in range(first_colour, last_colour):
                sets = legal_sets(tables, crossed, anchor, colour, JOKER_SIX, loose)
                found.append((colour, JOKER_SIX, sets))
                total += sets.shape[0]
    out = np.full((total, MOVE_WIDTH), -1, dtype=np.int32)
    row = 0
    for colour, n, sets in found:
        for i in range(sets.shape[0]):
            out[row, M_COLOUR] = colour
            out[row, M_NUMBER] = n
            out[row, M_COLOUR_JOKER] = int(colour_joker)
            out[row, M_NUMBER_JOKER] = int(number_joker)
            out[row, M_CELLS:] = sets[i]
            row += 1
    return out


# == playing a move ========================================================================
@kernel
def cross_cells(tables, state, seat, cells, taken_columns, taken_colours):  # type: ignore[no-untyped-def]
    """Cross ``cells`` (-1 padded) on ``seat``'s sheet; what they complete that another seat
    completed in an earlier roll (``taken_*``) scores its later value. Returns the columns
    and colours they completed (boolean arrays)."""
    return _cross(cells, tables.cell_column, tables.cell_colour, tables.cell_row,
                  tables.column_size, tables.colour_size, state.crossed[seat],
                  state.column_count[seat], state.colour_count[seat], state.row_count[seat],
                  state.later_column[seat], state.later_colour[seat], taken_columns,
                  taken_colours)


@kernel
def _cross(cells, cell_column, cell_colour, cell_row, column_size, colour_size, crossed,  # type: ignore[no-untyped-def]
           column_count, colour_count, row_count, later_column, later_colour, taken_columns,
           taken_colours):
    """:func:`cross_cells` on one seat's rows. (Kernels called in the game loops take
    arrays, not the tables or the state: numba counts the references of every array of a
    struct passed to a call, which costs more than the work of a small kernel.)"""
    new_columns = np.zeros(column_size.shape[0], dtype=np.bool_)
    new_colours = np.zeros(colour_size.shape[0], dtype=np.bool_)
    for k in range(cells.shape[0]):
        cell = cells[k]
        if cell < 0 or crossed[cell]:
            continue
        crossed[cell] = True
        column, colour = cell_column[cell], cell_colour[cell]
        column_count[column] += 1
        colour_count[colour] += 1
        row_count[cell_row[cell]] += 1
        if column_count[column] == column_size[column]:
            new_columns[column] = True
        if colour_count[colour] == colour_size[colour]:
            new_colours[colour] = True
    for column in range(column_size.shape[0]):
        if new_columns[column] and taken_columns[column]:
            later_column[column] = True
    for colour in range(colour_size.shape[0]):
        if new_colours[colour] and taken_colours[colour]:
            later_colour[colour] = True
    return new_columns, new_colours


@kernel
def _taken_by_any(count, size):  # type: ignore[no-untyped-def]
    """The groups (columns or colours) some seat has completed: ``count`` crossed cells
    per seat and group, ``size`` board cells per group."""
    taken = np.zeros(size.shape[0], dtype=np.bool_)
    for seat in range(count.shape[0]):
        for group in range(size.shape[0]):
            if size[group] > 0 and count[seat, group] == size[group]:
                taken[group] = True
    return taken


@kernel
def _most_completed(count, size):  # type: ignore[no-untyped-def]
    """The most groups (colours) any one seat has completed."""
    most = 0
    for seat in range(count.shape[0]):
        done = 0
        for group in range(size.shape[0]):
            if size[group] > 0 and count[seat, group] == size[group]:
                done += 1
        most = max(most, done)
    return most


@kernel
def play_move(tables, state, seat, move, taken_columns, taken_colours):  # type: ignore[no-untyped-def]
    """Play a move row (see :func:`legal_moves`): its cells and the marks its jokers cost."""
    state.counters[seat, C_MARKS_USED] += move[M_COLOUR_JOKER] + move[M_NUMBER_JOKER]
    return cross_cells(tables, state, seat, move[M_CELLS:], taken_columns, taken_colours)


@kernel
def completed_columns(tables, state, seat):  # type: ignore[no-untyped-def]
    """The columns all of whose board cells ``seat`` has crossed."""
    done = np.zeros(tables.width, dtype=np.bool_)
    for column in range(tables.width):
        done[column] = tables.column_size[column] > 0 \
            and state.column_count[seat, column] == tables.column_size[column]
    return done


@kernel
def completed_colours(tables, state, seat):  # type: ignore[no-untyped-def]
    done = np.zeros(tables.colours, dtype=np.bool_)
    for colour in range(tables.colours):
        done[colour] = tables.colour_size[colour] > 0 \
            and state.colour_count[seat, colour] == tables.colour_size[colour]
    return done


@kernel
def colours_done(tables, state, seat):  # type: ignore[no-untyped-def]
    """How many colours (Kids: animals) ``seat`` has completed."""
    return np.sum(completed_colours(tables, state, seat))


@kernel
def game_ends(tables, state):  # type: ignore[no-untyped-def]
    """Whether a seat has completed enough colours to end the game (two)."""
    ends = False
    for seat in range(state.crossed.shape[0]):
        ends = ends or colours_done(tables, state, seat) >= COLOURS_TO_END
    return ends


@kernel
def classic_score(tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """The classic score lines of ``seat`` (:data:`SCORE_LINES`): each completed column
    and colour its first or later value, +mark points per unused mark, -``star_penalty``
    per uncrossed star, -``pass_penalty`` per passed roll."""
    lines = np.zeros(SCORE_LINES, dtype=np.int32)
    columns = completed_columns(tables, state, seat)
    for column in range(tables.width):
        if columns[column]:
            lines[S_COLUMNS] += (tables.column_later[column] if state.later_column[seat, column]
                                 else tables.column_first[column])
    colours = completed_colours(tables, state, seat)
    for colour in range(tables.colours):
        if colours[colour]:
            lines[S_COLOURS] += (tables.colour_later[colour] if state.later_colour[seat, colour]
                                 else tables.colour_first[colour])
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    lines[S_JOKERS] = marks_left * tables.mark_points
    stars_left = 0
    for cell in range(tables.width * tables.height):
        if tables.cell_star[cell] and not state.crossed[seat, cell]:
            stars_left += 1
    lines[S_STARS] = -stars_left * star_penalty
    lines[S_PASSES] = -state.counters[seat, C_PASSES] * pass_penalty
    return lines


# == Kids ==================================================================================
@kernel
def kids_open_enclosures(tables, crossed, animal):  # type: ignore[no-untyped-def]
    """The enclosures that may be crossed, in enclosure order: uncrossed, of ``animal``
    (any with -1), holding a star or sharing a side with a crossed cell."""
    count = 0
    chosen = np.zeros(tables.area_size.shape[0], dtype=np.bool_)
    for area in range(tables.area_size.shape[0]):
        if animal >= 0 and tables.area_colour[area] != animal:
            continue
        if crossed[tables.area_cells[area, 0]]:
            continue
        reach = False
        for k in range(tables.area_size[area]):
            cell = tables.area_cells[area, k]
            if tables.cell_star[cell]:
                reach = True
            for j in range(tables.neighbours.shape[1]):
                other = tables.neighbours[cell, j]
                if other >= 0 and crossed[other]:
                    reach = True
        if reach:
            chosen[area] = True
            count += 1
    out = np.empty(count, dtype=np.int32)
    row = 0
    for area in range(tables.area_size.shape[0]):
        if chosen[area]:
            out[row] = area
            row += 1
    return out


@kernel
def kids_legal_moves(tables, crossed, marks_used, face):  # type: ignore[no-untyped-def]
    """Every legal Kids move of a die face (``tables.colours`` = purple), as rows (die face,
    enclosure, chameleon enclosure), -1 where there is none: an animal crosses one open
    enclosure of its own; purple crosses the next mark, and every ``chameleon_every``-th
    mark also crosses any open enclosure (or nothing, with none left)."""
    if face < tables.colours:
        areas = kids_open_enclosures(tables, crossed, face)
        out = np.full((areas.shape[0], 3), -1, dtype=np.int32)
        out[:, 0] = face
        out[:, 1] = areas
        return out
    if tables.exclamation_marks - marks_used < 1:
        return np.full((0, 3), -1, dtype=np.int32)
    if (marks_used + 1) % tables.chameleon_every != 0:
        out = np.full((1, 3), -1, dtype=np.int32)
        out[0, 0] = face
        return out
    areas = kids_open_enclosures(tables, crossed, -1)
    out = np.full((max(1, areas.shape[0]), 3), -1, dtype=np.int32)
    out[:, 0] = face
    out[:areas.shape[0], 2] = areas
    return out


@kernel
def kids_play(tables, state, seat, move, taken_columns):  # type: ignore[no-untyped-def]
    """Play a Kids move row (see :func:`kids_legal_moves`)."""
    if move[0] == tables.colours:
        state.counters[seat, C_MARKS_USED] += 1
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    done_columns = np.zeros(tables.width, dtype=np.bool_)
    for k in (1, 2):
        area = move[k]
        if area >= 0:
            cells = tables.area_cells[area, :tables.area_size[area]]
            new_columns, _ = cross_cells(tables, state, seat, cells,
                                         taken_columns, no_colours)
            done_columns |= new_columns
    return done_columns


@kernel
def kids_score(tables, state, seat):  # type: ignore[no-untyped-def]
    """Kids circles: (buckets, visitors, food) of ``seat``."""
    columns = completed_columns(tables, state, seat)
    buckets = visitors = 0
    for column in range(tables.width):
        if columns[column]:
            buckets += tables.buckets[column]
            if not state.later_column[seat, column]:
                visitors += 1
    food = tables.food_boxes * colours_done(tables, state, seat)
    return buckets, visitors, food


# == the greedy bot ========================================================================
class Greedy(NamedTuple):
    """The weights of :class:`kok_layouts.rules.bots.GreedyBot`."""

    progress: float = 1.0
    joker_premium: float = 2.5
    pass_below: float = 0.0
    cell_weight: float = 0.15
    reach: float = 0.1
    power: float = 2.0
    kids_power: float = 2.0
    """The exponent of ``GreedyBot.kids_value``'s progress, written ``** 2`` there. Python
    takes it with the C library's ``pow``, which is not always ``x * x`` (33 / 41 is a
    case), so the engine calls ``pow`` too: a number numba cannot see turns ``** 2`` into
    a multiplication."""


@kernel
def _touching(neighbours, crossed):  # type: ignore[no-untyped-def]
    """Per cell: whether it is uncrossed and next to a cross (the cells a player can reach
    next)."""
    near = np.zeros(crossed.shape[0], dtype=np.bool_)
    for cell in range(crossed.shape[0]):
        if crossed[cell]:
            continue
        for j in range(neighbours.shape[1]):
            other = neighbours[cell, j]
            if other >= 0 and crossed[other]:
                near[cell] = True
                break
    return near


@kernel
def _group_worth(column_first, column_later, colour_first, colour_later, hearts,  # type: ignore[no-untyped-def]
                 taken_columns, taken_colours, progress):
    """Per column and colour: its worth when a crossing completes it, and the weight of
    progress toward it (``GreedyBot._group_worth`` for a classic sheet)."""
    width, colours = column_first.shape[0], colour_first.shape[0]
    column_worth = np.empty(width, dtype=np.float64)
    column_weight = np.empty(width, dtype=np.float64)
    for column in range(width):
        value = column_later[column] if taken_columns[column] else column_first[column]
        column_worth[column] = float(value + hearts)
        column_weight[column] = progress * (value + 0.5 + 0.5 * hearts)
    colour_worth = np.empty(colours, dtype=np.float64)
    colour_weight = np.empty(colours, dtype=np.float64)
    for colour in range(colours):
        bonus = colour_later[colour] if taken_colours[colour] else colour_first[colour]
        colour_worth[colour] = bonus
        colour_weight[colour] = progress * bonus
    return column_worth, column_weight, colour_worth, colour_weight


@kernel
def _expansions(colours, roll_colours, roll_numbers, colour_dice, number_dice, marks_left,  # type: ignore[no-untyped-def]
                six):
    """What the dice a seat may take can stand for, in the order of ``Game.move_options``:
    rows (colour die, number die, colour, number, colour joker, number joker), each pair
    of faces once, those whose jokers cost more marks than are left left out."""
    found = np.empty((colour_dice.shape[0] * number_dice.shape[0] * colours * 6, 6),
                     dtype=np.int64)
    count = 0
    seen = np.zeros((colours + 1, 6), dtype=np.bool_)
    for ci in colour_dice:
        colour_face = roll_colours[ci]
        colour_joker = colour_face == colours
        for ni in number_dice:
            number_face = roll_numbers[ni]
            if seen[colour_face, number_face]:
                continue
            seen[colour_face, number_face] = True
            number_joker = number_face == 0
            if int(colour_joker) + int(number_joker) > marks_left:
                continue
            first_colour = 0 if colour_joker else colour_face
            last_colour = colours if colour_joker else colour_face + 1
            first_number = 1 if number_joker else number_face
            last_number = 5 if number_joker else number_face
            for sixes in range(2):
                if sixes and not (number_joker and six):
                    break
                for colour in range(first_colour, last_colour):
                    for n in range(first_number, last_number + 1):
                        found[count, 0], found[count, 1] = ci, ni
                        found[count, 2] = colour
                        found[count, 3] = JOKER_SIX if sixes else n
                        found[count, 4] = colour_joker
                        found[count, 5] = number_joker
                        count += 1
                        if sixes:
                            break
    return found[:count]


@kernel
def greedy_choice(tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,  # type: ignore[no-untyped-def]
                  rolls_done, taken_columns, taken_colours, loose, six, weights):
    """GreedyBot's choice for ``seat`` among the dice it may take (``colour_dice`` and
    ``number_dice``: indices into the roll, in order): every legal move in the order of
    ``Game.move_options``, weighed with the same sums of the same floats in the same order
    as ``GreedyBot._cells_value`` and ``GreedyBot.value``; the first of the highest worth
    above ``pass_below``. Returns (colour die, number die, move row); die -1 for a pass.

    The weighing is written out in the loop over the moves, not called: numba counts the
    references of every array passed to a call, which costs more than the weighing."""
    crossed = state.crossed[seat]
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    near = _touching(tables.neighbours, crossed)
    column_worth, column_weight, colour_worth, colour_weight = _group_worth(
        tables.column_first, tables.column_later, tables.colour_first, tables.colour_later,
        state.counters[seat, C_HEARTS], taken_columns, taken_colours, weights.progress)
    early = max(0.0, 1.0 - rolls_done / 30)
    # The arrays and numbers the loop reads, taken out of the structs once.
    star_penalty, power = tables.star_penalty, weights.power
    cell_weight, reach = weights.cell_weight, weights.reach
    cell_column = tables.cell_column
    cell_star, neighbours = tables.cell_star, tables.neighbours
    column_size, colour_size = tables.column_size, tables.colour_size
    column_count, colour_count = state.column_count[seat], state.colour_count[seat]
    group_cells, group_offsets = tables.group_cells, tables.group_offsets
    width, sides = tables.width, neighbours.shape[1]
    stamp = np.zeros(crossed.shape[0], dtype=np.int64)
    token = 0
    best_value = weights.pass_below
    best = np.full(MOVE_WIDTH, -1, dtype=np.int32)
    best_dice = (-1, -1)
    cells = np.empty(MOVE_CELLS, dtype=np.int32)
    no_sets = np.empty((0, MOVE_CELLS), dtype=np.int32)
    expansions = _expansions(tables.colours, roll_colours, roll_numbers, colour_dice,
                             number_dice, marks_left, six)
    for e in range(expansions.shape[0]):
        ci, ni, colour, n = expansions[e, 0], expansions[e, 1], expansions[e, 2], expansions[e, 3]
        colour_joker, number_joker = expansions[e, 4], expansions[e, 5]
        jokers = colour_joker + number_joker
        cost = 0.0
        if jokers:
            cost = jokers * (tables.mark_points + weights.joker_premium * early + 0.3)
        plain = not loose and n != JOKER_SIX
        sets = no_sets
        if plain:  # the groups of the tables, read in place (the hot path)
            start = group_offsets[colour, n - 1]
            total = group_offsets[colour, n] - start
        else:
            sets = legal_sets(tables, crossed, anchor, colour, n, loose)
            start, total = 0, sets.shape[0]
        for index in range(total):
            if plain:
                free, touches = True, False
                for k in range(n):
                    cell = group_cells[start + index, k]
                    cells[k] = cell
                    free = free and not crossed[cell]
                    touches = touches or anchor[cell]
                if not (free and touches):
                    continue
            else:
                cells[:n] = sets[index, :n]
            value = 0.0
            # The columns touched from the left, then the colour (the bot's group order).
            column = -1
            while True:
                following = width
                for i in range(n):
                    here = cell_column[cells[i]]
                    if column < here < following:
                        following = here
                if following == width:
                    break
                column = following
                size = column_size[column]
                before = column_count[column]
                done = before
                for i in range(n):
                    if cell_column[cells[i]] == column:
                        done += 1
                if done == size:
                    value += column_worth[column]
                else:
                    value += column_weight[column] * ((done / size) ** power
                                                      - (before / size) ** power)
            size = colour_size[colour]
            before = colour_count[colour]
            done = before + n
            if done == size:
                value += colour_worth[colour]
            else:
                value += colour_weight[colour] * ((done / size) ** power
                                                  - (before / size) ** power)
            stars = 0
            for i in range(n):
                if cell_star[cells[i]]:
                    stars += 1
            value += star_penalty * stars
            value += cell_weight * n
            if reach:
                # The cells the player can reach next, after less before: uncrossed
                # neighbours newly next to a cross, less the cells crossed now that were.
                token += 1
                gain = 0
                for i in range(n):
                    stamp[cells[i]] = token
                    if near[cells[i]]:
                        gain -= 1
                for i in range(n):
                    for j in range(sides):
                        other = neighbours[cells[i], j]
                        if other >= 0 and not crossed[other] and not near[other] \
                                and stamp[other] != token:
                            stamp[other] = token
                            gain += 1
                value += reach * gain
            if jokers:
                value -= cost
            if value > best_value:
                best_value = value
                best_dice = (ci, ni)
                best[:] = -1
                best[M_COLOUR], best[M_NUMBER] = colour, n
                best[M_COLOUR_JOKER], best[M_NUMBER_JOKER] = colour_joker, number_joker
                best[M_CELLS:M_CELLS + n] = cells[:n]
    return best_dice[0], best_dice[1], best


@kernel
def play_classic(tables, state, dice_colours, dice_numbers, solo, open_rolls, end_roll, max_rolls,  # type: ignore[no-untyped-def]
                 loose, six, weights):
    """One classic game played by greedy bots in every seat, as ``play_game`` plays it:
    roll ``r`` shows ``dice_colours[r]`` and ``dice_numbers[r]``; the active player
    chooses, then every other seat in seat order from the dice left (all of them in the
    first three rolls with ``open_rolls``, or when the active player passed); the game
    ends as ``Game.finish_roll`` decides. Returns the rolls played, or -1 when the dice
    ran out before the end (the caller throws more)."""
    seats = state.crossed.shape[0]
    all_colours = np.arange(dice_colours.shape[1])
    all_numbers = np.arange(dice_numbers.shape[1])
    # The arrays the loop reads and changes, taken out of the structs once.
    cell_column, cell_colour, cell_row = tables.cell_column, tables.cell_colour, tables.cell_row
    column_size, colour_size = tables.column_size, tables.colour_size
    crossed, column_count, colour_count = state.crossed, state.column_count, state.colour_count
    row_count, later_column, later_colour = state.row_count, state.later_column, \
        state.later_colour
    no_columns = np.zeros(tables.width, dtype=np.bool_)
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        if solo:
            taken_columns, taken_colours = no_columns, no_colours
        else:
            taken_columns = _taken_by_any(column_count, column_size)
            taken_colours = _taken_by_any(colour_count, colour_size)
        colour_die, number_die, move = greedy_choice(
            tables, state, active, roll_colours, roll_numbers, all_colours, all_numbers, rolls,
            taken_columns, taken_colours, loose, six, weights)
        if colour_die >= 0:
            state.counters[active, C_MARKS_USED] += move[M_COLOUR_JOKER] + move[M_NUMBER_JOKER]
            _cross(move[M_CELLS:], cell_column, cell_colour, cell_row, column_size,
                   colour_size, crossed[active], column_count[active], colour_count[active],
                   row_count[active], later_column[active], later_colour[active],
                   taken_columns, taken_colours)
        else:
            state.counters[active, C_PASSES] += 1
        if colour_die < 0 or (open_rolls and rolls < OPEN_ROLLS):
            left_colours, left_numbers = all_colours, all_numbers
        else:
            left_colours = all_colours[all_colours != colour_die]
            left_numbers = all_numbers[all_numbers != number_die]
        for seat in range(seats):
            if seat == active:
                continue
            die, _, move = greedy_choice(
                tables, state, seat, roll_colours, roll_numbers, left_colours, left_numbers, rolls,
                taken_columns, taken_colours, loose, six, weights)
            if die >= 0:
                state.counters[seat, C_MARKS_USED] += move[M_COLOUR_JOKER] + move[M_NUMBER_JOKER]
                _cross(move[M_CELLS:], cell_column, cell_colour, cell_row, column_size,
                       colour_size, crossed[seat], column_count[seat], colour_count[seat],
                       row_count[seat], later_column[seat], later_colour[seat],
                       taken_columns, taken_colours)
        rolls += 1
        if _most_completed(colour_count, colour_size) >= COLOURS_TO_END:
            end_triggered = True
        finished = end_triggered and (solo or end_roll or active == seats - 1)
        if finished or (limit >= 0 and rolls >= limit):
            return rolls
        active = (active + 1) % seats


@kernel
def kids_value(tables, state, seat, move, near, taken_columns, weights):  # type: ignore[no-untyped-def]
    """GreedyBot's worth of a Kids move (``GreedyBot.kids_value``, the same sums in the
    same order)."""
    n = 0
    for k in (1, 2):
        if move[k] >= 0:
            n += tables.area_size[move[k]]
    cells = np.empty(n, dtype=np.int32)
    n = 0
    for k in (1, 2):
        area = move[k]
        if area >= 0:
            cells[n:n + tables.area_size[area]] = tables.area_cells[area, :tables.area_size[area]]
            n += tables.area_size[area]
    value = 0.0
    for column in range(tables.width):
        mine = 0
        for i in range(n):
            if tables.cell_column[cells[i]] == column:
                mine += 1
        if mine == 0:
            continue
        worth = tables.buckets[column] + (0 if taken_columns[column] else 1)
        size = tables.column_size[column]
        before = state.column_count[seat, column]
        done = before + mine
        if done == size:
            value += worth
        else:
            square = weights.kids_power
            value += weights.progress * (worth + 0.3) * ((done / size) ** square
                                                         - (before / size) ** square)
    for colour in range(tables.colours):
        mine = 0
        for i in range(n):
            if tables.cell_colour[cells[i]] == colour:
                mine += 1
        if mine == 0:
            continue
        size = tables.colour_size[colour]
        before = state.colour_count[seat, colour]
        done = before + mine
        if done == size:
            value += tables.food_boxes
        else:
            square = weights.kids_power
            value += weights.progress * tables.food_boxes * ((done / size) ** square
                                                             - (before / size) ** square)
    value += weights.cell_weight * n
    gain = 0
    if n:
        gain = _kids_reach_gain(tables, state.crossed[seat], near, cells)
    value += weights.reach * 3 * gain
    if move[0] == tables.colours and move[2] < 0:
        value += 0.9
    return value


@kernel
def _kids_reach_gain(tables, crossed, near, cells):  # type: ignore[no-untyped-def]
    """How many more cells the player can reach next after crossing ``cells`` (up to two
    enclosures): uncrossed neighbours newly next to a cross, less the cells crossed now
    that were."""
    size = tables.width * tables.height
    mine = np.zeros(size, dtype=np.bool_)
    for i in range(cells.shape[0]):
        mine[cells[i]] = True
    gain = 0
    counted = np.zeros(size, dtype=np.bool_)
    for i in range(cells.shape[0]):
        if near[cells[i]]:
            gain -= 1
        for j in range(tables.neighbours.shape[1]):
            other = tables.neighbours[cells[i], j]
            if other < 0 or crossed[other] or near[other] or mine[other] or counted[other]:
                continue
            counted[other] = True
            gain += 1
    return gain


@kernel
def kids_greedy_choice(tables, state, seat, roll, dice, taken_columns, weights):  # type: ignore[no-untyped-def]
    """GreedyBot's Kids choice: of every legal move of the dice ``seat`` may take (in the
    order of ``KidsGame.choices_for``), the first of the highest worth; (-1, ...) when
    nothing is legal."""
    crossed = state.crossed[seat]
    near = _touching(tables.neighbours, crossed)
    best_value = -np.inf
    best_die = -1
    best = np.full(3, -1, dtype=np.int32)
    seen = np.zeros(tables.colours + 1, dtype=np.bool_)
    for die in dice:
        face = roll[die]
        if seen[face]:
            continue
        seen[face] = True
        moves = kids_legal_moves(tables, crossed, state.counters[seat, C_MARKS_USED], face)
        for m in range(moves.shape[0]):
            value = kids_value(tables, state, seat, moves[m], near, taken_columns, weights)
            if best_die < 0 or value > best_value:
                best_value, best_die = value, die
                best[:] = moves[m]
    return best_die, best


@kernel
def play_kids(tables, state, dice, solo, max_rolls, weights):  # type: ignore[no-untyped-def]
    """One Kids game played by greedy bots in every seat, as ``play_game`` plays a
    ``KidsGame``: the active player keeps a die, the others choose from the two left (all
    three if the active player crossed nothing); the game stops after the roll in which
    a seat completes two animals. Returns the rolls played, -1 when the dice ran out."""
    seats = state.crossed.shape[0]
    all_dice = np.arange(dice.shape[1])
    no_columns = np.zeros(tables.width, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    active = 0
    rolls = 0
    while True:
        if rolls >= dice.shape[0]:
            return -1
        roll = dice[rolls]
        if solo:
            taken_columns = no_columns
        else:
            taken_columns = _taken_by_any(state.column_count, tables.column_size)
        die, move = kids_greedy_choice(tables, state, active, roll, all_dice, taken_columns,
                                       weights)
        if die >= 0:
            kids_play(tables, state, active, move, taken_columns)
            left = all_dice[all_dice != die]
        else:
            left = all_dice
        for seat in range(seats):
            if seat == active:
                continue
            other, move = kids_greedy_choice(tables, state, seat, roll, left, taken_columns,
                                             weights)
            if other >= 0:
                kids_play(tables, state, seat, move, taken_columns)
        rolls += 1
        ends = _most_completed(state.colour_count, tables.colour_size) >= COLOURS_TO_END
        if ends or (limit >= 0 and rolls >= limit):
            return rolls
        active = (active + 1) % seats



@kernel
def reset(state, boxes_at_start):  # type: ignore[no-untyped-def]
    """Every seat's sheet empty again, for the next game."""
    state.crossed[:] = False
    state.counters[:] = 0
    state.counters[:, C_BOXES_GAINED] = boxes_at_start
    state.column_count[:] = 0
    state.colour_count[:] = 0
    state.row_count[:] = 0
    state.later_column[:] = False
    state.later_colour[:] = False
    state.column_heart[:] = -1
    state.row_item[:] = False


@kernel
def play_classic_games(tables, state, dice_colours, dice_numbers, solo, open_rolls,  # type: ignore[no-untyped-def]
                       end_roll, max_rolls, loose, six, weights, star_penalty, pass_penalty):
    """Many classic games one after the other on ``state`` (reset before each): game
    ``g`` throws ``dice_colours[g]`` and ``dice_numbers[g]``. Returns the rolls of each
    game (-1: its dice ran out) and each seat's score lines. (One entry kernel per
    edition: a process compiles only the editions it plays.)"""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_classic(tables, state, dice_colours[game], dice_numbers[game],
                                   solo, open_rolls, end_roll, max_rolls, loose, six, weights)
        for seat in range(seats):
            lines[game, seat] = classic_score(tables, state, seat, star_penalty, pass_penalty)
    return rolls, lines


@kernel
def play_kids_games(tables, state, dice, solo, max_rolls, weights):  # type: ignore[no-untyped-def]
    """:func:`play_classic_games` for Kids: the lines hold buckets and visitors as
    columns, food as colours."""
    games, seats = dice.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_kids(tables, state, dice[game], solo, max_rolls, weights)
        for seat in range(seats):
            buckets, visitors, food = kids_score(tables, state, seat)
            lines[game, seat, S_COLUMNS] = buckets + visitors
            lines[game, seat, S_COLOURS] = food
    return rolls, lines


@kernel
def play_kok2_games(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                    open_rolls, end_roll, max_rolls, loose, six, weights, star_penalty,
                    pass_penalty):
    """:func:`play_classic_games` for Keer op Keer 2, the special die's faces in
    ``dice_special``."""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_kok2(tables, state, dice_colours[game], dice_numbers[game],
                                dice_special[game], solo, open_rolls, end_roll, max_rolls,
                                loose, six, weights)
        for seat in range(seats):
            lines[game, seat] = kok2_score(tables, state, seat, star_penalty, pass_penalty)
    return rolls, lines


# == Keer op Keer 2 ========================================================================
FACE_HEART, FACE_BOMB, FACE_STARS, FACE_ROW, FACE_BLOCK = 0, 1, 2, 3, 4
"""The special die's faces (:data:`~kok_layouts.rules.engine.tables.SPECIAL_FACE_CODES`)."""
STARS_AT_MOST = 2
ROW_AT_MOST = 3
SQUARE = 4


@kernel
def _any_size_key(cells):  # type: ignore[no-untyped-def]
    """A key of up to 4 distinct cells (-1 padded) in the order of the rules' bitmasks of
    any size: the cells descending, each plus one, 10 bits each, a missing cell 0."""
    ordered = np.sort(cells)[::-1]
    key = np.int64(0)
    for i in range(ordered.shape[0]):
        key = key * KEY_BASE + (ordered[i] + 1 if ordered[i] >= 0 else 0)
    return key


@kernel
def bomb_squares(square_cells, crossed):  # type: ignore[no-untyped-def]
    """Every distinct set of uncrossed cells of a 2 x 2 square, in bitmask order (the
    rules' ``bomb_masks``), as rows of 4 cells ascending, -1 padded."""
    count = square_cells.shape[0]
    keys = np.empty(count, dtype=np.int64)
    rows = np.full((count, SQUARE), -1, dtype=np.int32)
    used = 0
    for square in range(count):
        k = 0
        for i in range(SQUARE):
            cell = square_cells[square, i]
            if cell >= 0 and not crossed[cell]:
                rows[used, k] = cell
                k += 1
        if k == 0:
            continue
        rows[used, :k] = np.sort(rows[used, :k])
        key = _any_size_key(rows[used])
        known = False
        for j in range(used):
            known = known or keys[j] == key
        if known:
            rows[used] = -1
        else:
            keys[used] = key
            used += 1
    order = np.argsort(keys[:used], kind="mergesort")
    return rows[:used][order]


@kernel
def kok2_specials(tables, crossed, boxes_left, hearts, face):  # type: ignore[no-untyped-def]
    """Every legal action of a special die face, in the rules' order (``legal_specials``),
    as rows of cells (-1 padded; a colour block's row holds the uncrossed cells of its
    area, as wide as the largest area). None without an unused box."""
    width = max(SQUARE, tables.area_cells.shape[1])
    if boxes_left < 1:
        return np.full((0, width), -1, dtype=np.int32)
    if face == FACE_HEART:
        return np.full((1 if hearts < tables.heart_track else 0, width), -1, dtype=np.int32)
    if face == FACE_BOMB:
        squares = bomb_squares(tables.square_cells, crossed)
        out = np.full((squares.shape[0], width), -1, dtype=np.int32)
        out[:, :SQUARE] = squares
        return out
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    size = crossed.shape[0]
    if face == FACE_BLOCK:
        count = 0
        chosen = np.zeros(tables.area_size.shape[0], dtype=np.bool_)
        for area in range(tables.area_size.shape[0]):
            free, touching = False, False
            for k in range(tables.area_size[area]):
                cell = tables.area_cells[area, k]
                free = free or not crossed[cell]
                touching = touching or anchor[cell] or crossed[cell]
            if free and touching:
                chosen[area] = True
                count += 1
        out = np.full((count, width), -1, dtype=np.int32)
        row = 0
        for area in range(tables.area_size.shape[0]):
            if chosen[area]:
                k = 0
                for i in range(tables.area_size[area]):
                    cell = tables.area_cells[area, i]
                    if not crossed[cell]:
                        out[row, k] = cell
                        k += 1
                row += 1
        return out
    # Stars and row: every combination of the reachable cells, as itertools lists them.
    groups = 1 if face == FACE_STARS else tables.height
    most = STARS_AT_MOST if face == FACE_STARS else ROW_AT_MOST
    pool = np.empty(size, dtype=np.int32)
    found = np.full((64, width), -1, dtype=np.int32)
    used = 0
    for group in range(groups):
        available = 0
        for cell in range(size):
            reach = anchor[cell] and not crossed[cell]
            if face == FACE_STARS:
                wanted = reach and tables.cell_star[cell]
            else:
                wanted = reach and tables.cell_row[cell] == group
            if wanted:
                pool[available] = cell
                available += 1
        for count in range(1, most + 1):
            picks = np.arange(count)
            while count <= available:
                if used == found.shape[0]:
                    bigger = np.full((2 * used, width), -1, dtype=np.int32)
                    bigger[:used] = found
                    found = bigger
                for i in range(count):
                    found[used, i] = pool[picks[i]]
                used += 1
                # The next combination in lexicographic order, as itertools does.
                i = count - 1
                while i >= 0 and picks[i] == i + available - count:
                    i -= 1
                if i < 0:
                    break
                picks[i] += 1
                for j in range(i + 1, count):
                    picks[j] = picks[j - 1] + 1
    return found[:used]


@kernel
def _gain_boxes(tables, counters, seat, count):  # type: ignore[no-untyped-def]
    counters[seat, C_BOXES_GAINED] = min(tables.box_count,
                                         counters[seat, C_BOXES_GAINED] + count)


@kernel
def _kok2_cross(tables, state, seat, cells, taken_columns, taken_colours, taken_rows):  # type: ignore[no-untyped-def]
    """Cross ``cells`` and settle what they complete (``Kok2PlayerSheet._settle``): later
    values, boxes from box cells and box columns, the hearts under completed columns, row
    items for first completers. Returns the bombs the rows' items owe."""
    fresh_rows = np.zeros(tables.height, dtype=np.bool_)
    boxes = 0
    for k in range(cells.shape[0]):
        cell = cells[k]
        if cell >= 0 and not state.crossed[seat, cell]:
            fresh_rows[tables.cell_row[cell]] = True
            if tables.cell_box[cell]:
                boxes += 1
    new_columns, _ = cross_cells(tables, state, seat, cells, taken_columns, taken_colours)
    _gain_boxes(tables, state.counters, seat, boxes)
    for column in range(tables.width):
        if new_columns[column]:
            state.column_heart[seat, column] = state.counters[seat, C_HEARTS]
            if tables.box_column[column]:
                _gain_boxes(tables, state.counters, seat, 1)
    bombs = 0
    for row in range(tables.height):
        if not fresh_rows[row] or taken_rows[row] or tables.row_size[row] == 0 \
                or state.row_count[seat, row] != tables.row_size[row]:
            continue
        state.row_item[seat, row] = True
        item = tables.row_item[row]
        if item == ITEM_BOX:
            _gain_boxes(tables, state.counters, seat, 1)
        elif item == ITEM_HEART:
            state.counters[seat, C_HEARTS] = min(tables.heart_track,
                                                 state.counters[seat, C_HEARTS] + 1)
        elif item == ITEM_BOMB:
            bombs += 1
    return bombs


@kernel
def kok2_play(tables, state, seat, cells, jokers, special, face, bombs, taken_columns,  # type: ignore[no-untyped-def]
              taken_colours, taken_rows):
    """Play a Keer op Keer 2 move (``special`` False: a colour and number move costing
    ``jokers`` marks) or special action of ``face`` crossing ``cells``, then the bombs its
    rows' items owe, each on the square ``bombs[i]`` (rows of 4 cells, -1 padded), as
    ``Kok2PlayerSheet.push`` plays them. Returns how many of ``bombs`` were used, -1 when
    a bomb was owed and none was left, -2 when a bomb is not the uncrossed part of a
    square (then the state is part played: the caller keeps a copy to restore)."""
    state.counters[seat, C_MARKS_USED] += jokers
    if special:
        state.counters[seat, C_BOXES_USED] += 1
        if face == FACE_HEART:
            state.counters[seat, C_HEARTS] += 1
    owed = _kok2_cross(tables, state, seat, cells, taken_columns, taken_colours, taken_rows)
    used = 0
    while owed:
        owed -= 1
        squares = bomb_squares(tables.square_cells, state.crossed[seat])
        if squares.shape[0] == 0:
            continue
        if used == bombs.shape[0]:
            return -1
        known = False
        for square in range(squares.shape[0]):
            known = known or (squares[square] == bombs[used]).all()
        if not known:
            return -2
        owed += _kok2_cross(tables, state, seat, bombs[used], taken_columns, taken_colours,
                            taken_rows)
        used += 1
    return used


@kernel
def kok2_score(tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """The Keer op Keer 2 score lines: the classic ones, completed rows' points, the
    hearts under completed columns and each unused box's points."""
    lines = classic_score(tables, state, seat, star_penalty, pass_penalty)
    for row in range(tables.height):
        if tables.row_size[row] > 0 and state.row_count[seat, row] == tables.row_size[row]:
            lines[S_ROWS] += tables.row_points[row]
    for column in range(tables.width):
        if state.column_heart[seat, column] >= 0:
            lines[S_HEARTS] += state.column_heart[seat, column]
    boxes_left = state.counters[seat, C_BOXES_GAINED] - state.counters[seat, C_BOXES_USED]
    lines[S_BOXES] = boxes_left * tables.box_points
    return lines


# == Keer op Keer 2: the greedy bot and whole games =========================================
@kernel
def _kok2_worth(tables, hearts, taken_columns, taken_colours, taken_rows, progress):  # type: ignore[no-untyped-def]
    """Per group (the columns, the colours, then the rows): its worth when a crossing
    completes it and the weight of progress toward it (``GreedyBot._group_worth``)."""
    groups = tables.width + tables.colours + tables.height
    worth = np.empty(groups, dtype=np.float64)
    weight = np.empty(groups, dtype=np.float64)
    for column in range(tables.width):
        value = (tables.column_later[column] if taken_columns[column]
                 else tables.column_first[column])
        full = float(value + hearts)
        if tables.box_column[column]:
            full += tables.box_points + 0.5
        worth[column] = full
        weight[column] = progress * (value + 0.5 + 0.5 * hearts)
    for colour in range(tables.colours):
        bonus = (tables.colour_later[colour] if taken_colours[colour]
                 else tables.colour_first[colour])
        worth[tables.width + colour] = bonus
        weight[tables.width + colour] = progress * bonus
    for row in range(tables.height):
        item = 2.5 if tables.row_item[row] != NO_ITEM and not taken_rows[row] else 0.0
        worth[tables.width + tables.colours + row] = tables.row_points[row] + item
        weight[tables.width + tables.colours + row] = progress * (tables.row_points[row]
                                                                  + item)
    return worth, weight


@kernel
def kok2_cells_value(tables, crossed, column_count, colour_count, row_count, cells, n,  # type: ignore[no-untyped-def]
                     worth, weight, weights, near, has_boxes, stamp, token):
    """GreedyBot's worth of crossing ``cells`` (any ``n`` uncrossed cells) on a Keer op
    Keer 2 sheet: the same sums in the same order as ``GreedyBot._cells_value``. Returns
    the worth and whether the cells complete a row. ``near`` (:func:`_touching` of
    ``crossed``), ``has_boxes`` (the sheet has box cells) are the caller's, worked out
    once; ``stamp`` marks counted cells with ``token``, new for each call."""
    value = 0.0
    completes_row = False
    power = weights.power
    kinds = (tables.width, tables.colours, tables.height)
    first = 0
    for kind in range(3):
        for group in range(kinds[kind]):
            added = 0
            for i in range(n):
                cell = cells[i]
                if kind == 0:
                    added += tables.cell_column[cell] == group
                elif kind == 1:
                    added += tables.cell_colour[cell] == group
                else:
                    added += tables.cell_row[cell] == group
            if added == 0:
                continue
            if kind == 0:
                size, before = tables.column_size[group], column_count[group]
            elif kind == 1:
                size, before = tables.colour_size[group], colour_count[group]
            else:
                size, before = tables.row_size[group], row_count[group]
            done = before + added
            if done == size:
                value += worth[first + group]
                completes_row = completes_row or kind == 2
            else:
                value += weight[first + group] * ((done / size) ** power
                                                  - (before / size) ** power)
        first += kinds[kind]
    if has_boxes:
        boxes = 0
        for i in range(n):
            boxes += tables.cell_box[cells[i]]
        value += boxes * (tables.box_points + 0.5)
    stars = 0
    for i in range(n):
        stars += tables.cell_star[cells[i]]
    value += tables.star_penalty * stars
    value += weights.cell_weight * n
    if weights.reach:
        gain = 0
        for i in range(n):
            stamp[cells[i]] = token
            if near[cells[i]]:
                gain -= 1
        for i in range(n):
            for j in range(tables.neighbours.shape[1]):
                other = tables.neighbours[cells[i], j]
                if other >= 0 and not crossed[other] and not near[other] \
                        and stamp[other] != token:
                    stamp[other] = token
                    gain += 1
        value += weights.reach * gain
    return value, completes_row


@kernel
def _seat_copy(state, seat):  # type: ignore[no-untyped-def]
    """A one-seat copy of ``seat``'s sheet (to try a move on)."""
    return State(state.crossed[seat:seat + 1].copy(), state.counters[seat:seat + 1].copy(),
                 state.column_count[seat:seat + 1].copy(),
                 state.colour_count[seat:seat + 1].copy(),
                 state.row_count[seat:seat + 1].copy(),
                 state.later_column[seat:seat + 1].copy(),
                 state.later_colour[seat:seat + 1].copy(),
                 state.column_heart[seat:seat + 1].copy(),
                 state.row_item[seat:seat + 1].copy())


@kernel
def _bombs_owed(tables, state, seat, cells, n, taken_rows):  # type: ignore[no-untyped-def]
    """How many bombs crossing ``cells`` earns at once from rows it completes first
    (``Kok2PlayerSheet.bombs_owed``: no chaining)."""
    owed = 0
    for row in range(tables.height):
        if tables.row_item[row] != ITEM_BOMB or taken_rows[row] or tables.row_size[row] == 0:
            continue
        added = 0
        for i in range(n):
            added += tables.cell_row[cells[i]] == row
        if added and state.row_count[seat, row] + added == tables.row_size[row]:
            owed += 1
    return owed


@kernel
def _fill_bombs(tables, state, seat, cells, jokers, special, face, taken_columns,  # type: ignore[no-untyped-def]
                taken_colours, taken_rows, worth, weight, weights):
    """The squares of the bombs a move's rows give, each the one worth most to the bot
    at the moment it falls (``fill_bombs`` with ``GreedyBot``'s pick), as rows of 4."""
    trial = _seat_copy(state, seat)
    has_boxes = tables.cell_box.any()
    stamp = np.zeros(trial.crossed.shape[1], dtype=np.int64)
    token = 0
    no_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    picked = np.full((8, SQUARE), -1, dtype=np.int32)
    used = 0
    trial.counters[0, C_MARKS_USED] += jokers
    if special:
        trial.counters[0, C_BOXES_USED] += 1
        if face == FACE_HEART:
            trial.counters[0, C_HEARTS] += 1
    owed = _kok2_cross(tables, trial, 0, cells, taken_columns, taken_colours, taken_rows)
    while owed:
        owed -= 1
        squares = bomb_squares(tables.square_cells, trial.crossed[0])
        if squares.shape[0] == 0:
            continue
        best, best_value = 0, -np.inf
        near = _touching(tables.neighbours, trial.crossed[0])
        for square in range(squares.shape[0]):
            count = 0
            while count < SQUARE and squares[square, count] >= 0:
                count += 1
            token += 1
            value, _ = kok2_cells_value(tables, trial.crossed[0], trial.column_count[0],
                                        trial.colour_count[0], trial.row_count[0],
                                        squares[square], count, worth, weight, weights,
                                        near, has_boxes, stamp, token)
            if value > best_value:
                best, best_value = square, value
        if used == picked.shape[0]:
            bigger = np.full((2 * used, SQUARE), -1, dtype=np.int32)
            bigger[:used] = picked
            picked = bigger
        picked[used] = squares[best]
        used += 1
        owed += _kok2_cross(tables, trial, 0, squares[best], taken_columns, taken_colours,
                            taken_rows)
    if used == 0:
        return no_bombs
    return picked[:used]


@kernel
def kok2_greedy_choice(tables, state, seat, roll_colours, roll_numbers, roll_special,  # type: ignore[no-untyped-def]
                       colour_dice, number_dice, special_ok, rolls_done, taken_columns,
                       taken_colours, taken_rows, loose, six, weights):
    """GreedyBot's Keer op Keer 2 choice (``choose_by_dice``): every colour-and-number
    move in the order of ``Game.move_options``, then the special die's actions (row and
    stars actions only at their fullest), each with the bombs its rows give; the first of
    the highest worth above ``pass_below``. Returns (kind: 0 a pass, 1 a colour and
    number move, 2 a special action; colour die; number die; cells; bombs' squares;
    colour; number; jokers)."""
    crossed = state.crossed[seat]
    counters = state.counters[seat]
    marks_left = tables.exclamation_marks - counters[C_MARKS_USED]
    hearts = counters[C_HEARTS]
    worth, weight = _kok2_worth(tables, hearts, taken_columns, taken_colours, taken_rows,
                                weights.progress)
    early = max(0.0, 1.0 - rolls_done / 30)
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    column_count, colour_count = state.column_count[seat], state.colour_count[seat]
    row_count = state.row_count[seat]
    near = _touching(tables.neighbours, crossed)
    has_boxes = tables.cell_box.any()
    stamp = np.zeros(crossed.shape[0], dtype=np.int64)
    token = 0
    no_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    best_value = weights.pass_below
    best_kind, best_dice = 0, (-1, -1)
    best_cells = np.full(0, -1, dtype=np.int32)
    best_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    best_colour, best_number, best_jokers = -1, -1, 0
    expansions = _expansions(tables.colours, roll_colours, roll_numbers, colour_dice,
                             number_dice, marks_left, six)
    for e in range(expansions.shape[0]):
        colour, n = expansions[e, 2], expansions[e, 3]
        jokers = expansions[e, 4] + expansions[e, 5]
        sets = legal_sets(tables, crossed, anchor, colour, n, loose)
        for s in range(sets.shape[0]):
            cells = sets[s, :n]
            token += 1
            value, completes = kok2_cells_value(tables, crossed, column_count, colour_count,
                                                row_count, cells, n, worth, weight, weights,
                                                near, has_boxes, stamp, token)
            if jokers:
                value -= jokers * (tables.mark_points + weights.joker_premium * early + 0.3)
            bombs = no_bombs
            if completes and _bombs_owed(tables, state, seat, cells, n, taken_rows):
                bombs = _fill_bombs(tables, state, seat, cells, jokers, False, -1,
                                    taken_columns, taken_colours, taken_rows, worth, weight,
                                    weights)
                token += 1
                value = _with_bombs(tables, crossed, column_count, colour_count, row_count,
                                    cells, bombs, worth, weight, weights, near, has_boxes,
                                    stamp, token)
                if jokers:
                    value -= jokers * (tables.mark_points + weights.joker_premium * early
                                       + 0.3)
            if value > best_value:
                best_value, best_kind = value, 1
                best_dice = (expansions[e, 0], expansions[e, 1])
                best_cells, best_bombs = cells.copy(), bombs
                best_colour, best_number, best_jokers = colour, n, jokers
    if special_ok and roll_special >= 0:
        face = roll_special
        actions = kok2_specials(tables, crossed, counters[C_BOXES_GAINED]
                                - counters[C_BOXES_USED], hearts, face)
        sizes = np.zeros(actions.shape[0], dtype=np.int64)
        keys = np.zeros(actions.shape[0], dtype=np.int64)
        for a in range(actions.shape[0]):
            while sizes[a] < actions.shape[1] and actions[a, sizes[a]] >= 0:
                sizes[a] += 1
            if face == FACE_ROW and sizes[a]:
                keys[a] = tables.cell_row[actions[a, sizes[a] - 1]]
        fullest = np.zeros(tables.height + 1, dtype=np.int64)
        if face in (FACE_ROW, FACE_STARS):
            for a in range(actions.shape[0]):
                fullest[keys[a]] = max(fullest[keys[a]], sizes[a])
        left = 0
        for column in range(tables.width):
            if tables.column_size[column] and column_count[column] != tables.column_size[column]:
                left += 1
        for a in range(actions.shape[0]):
            n = sizes[a]
            if face in (FACE_ROW, FACE_STARS) and n < fullest[keys[a]]:
                continue
            cells = actions[a, :n]
            token += 1
            value, completes = kok2_cells_value(tables, crossed, column_count, colour_count,
                                                row_count, cells, n, worth, weight, weights,
                                                near, has_boxes, stamp, token)
            value = _special_cost(tables, value, face, left, rolls_done)
            bombs = no_bombs
            if completes and _bombs_owed(tables, state, seat, cells, n, taken_rows):
                bombs = _fill_bombs(tables, state, seat, cells, 0, True, face, taken_columns,
                                    taken_colours, taken_rows, worth, weight, weights)
                token += 1
                value = _with_bombs(tables, crossed, column_count, colour_count, row_count,
                                    cells, bombs, worth, weight, weights, near, has_boxes,
                                    stamp, token)
                value = _special_cost(tables, value, face, left, rolls_done)
            if value > best_value:
                best_value, best_kind, best_dice = value, 2, (-1, -1)
                best_cells, best_bombs = cells.copy(), bombs
                best_colour, best_number, best_jokers = -1, -1, 0
    return (best_kind, best_dice[0], best_dice[1], best_cells, best_bombs, best_colour,
            best_number, best_jokers)


@kernel
def _special_cost(tables, value, face, left, rolls_done):  # type: ignore[no-untyped-def]
    """``GreedyBot.value`` for a special action: its box spent, a heart's worth."""
    value -= tables.box_points + 0.8
    if face == FACE_HEART:
        value += 0.8 * min(left, 9) * max(0.0, 1.0 - rolls_done / 45)
    return value


@kernel
def _with_bombs(tables, crossed, column_count, colour_count, row_count, cells, bombs,  # type: ignore[no-untyped-def]
                worth, weight, weights, near, has_boxes, stamp, token):
    """The worth of a move's cells with its bombs' squares (``GreedyBot.value`` of a
    choice with bombs: one crossing of them all)."""
    size = crossed.shape[0]
    mine = np.zeros(size, dtype=np.bool_)
    for i in range(cells.shape[0]):
        mine[cells[i]] = True
    for b in range(bombs.shape[0]):
        for i in range(SQUARE):
            if bombs[b, i] >= 0:
                mine[bombs[b, i]] = True
    together = np.flatnonzero(mine).astype(np.int32)
    value, _ = kok2_cells_value(tables, crossed, column_count, colour_count, row_count,
                                together, together.shape[0], worth, weight, weights, near,
                                has_boxes, stamp, token)
    return value


@kernel
def play_kok2(tables, state, dice_colours, dice_numbers, dice_special, solo, open_rolls,  # type: ignore[no-untyped-def]
              end_roll, max_rolls, loose, six, weights):
    """One Keer op Keer 2 game played by greedy bots in every seat, as ``play_game``
    plays a ``Kok2Game``: roll ``r`` also shows the special die's face
    ``dice_special[r]``; a passive seat may take the special die unless the active player
    took it (from the fourth roll, with ``open_rolls``). Returns the rolls played, -1
    when the dice ran out."""
    seats = state.crossed.shape[0]
    all_colours = np.arange(dice_colours.shape[1])
    all_numbers = np.arange(dice_numbers.shape[1])
    no_columns = np.zeros(tables.width, dtype=np.bool_)
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    no_rows = np.zeros(tables.height, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        roll_special = dice_special[rolls]
        if solo:
            taken_columns, taken_colours, taken_rows = no_columns, no_colours, no_rows
        else:
            taken_columns = _taken_by_any(state.column_count, tables.column_size)
            taken_colours = _taken_by_any(state.colour_count, tables.colour_size)
            taken_rows = _taken_by_any(state.row_count, tables.row_size)
        open_roll = open_rolls and rolls < OPEN_ROLLS
        choice = kok2_greedy_choice(
            tables, state, active, roll_colours, roll_numbers, roll_special, all_colours,
            all_numbers, True, rolls, taken_columns, taken_colours, taken_rows, loose, six,
            weights)
        kind = choice[0]
        if kind == 0:
            state.counters[active, C_PASSES] += 1
        else:
            kok2_play(tables, state, active, choice[3], choice[7], kind == 2, roll_special,
                      choice[4], taken_columns, taken_colours, taken_rows)
        # The dice the others may take: all of them after a pass, in an open roll or when
        # the active player took the special die (which is then gone, but in an open roll).
        colour_dice, number_dice = all_colours, all_numbers
        if kind == 1 and not open_roll:
            colour_dice = all_colours[all_colours != choice[1]]
            number_dice = all_numbers[all_numbers != choice[2]]
        special_ok = kind != 2 or open_roll
        for seat in range(seats):
            if seat == active:
                continue
            other = kok2_greedy_choice(
                tables, state, seat, roll_colours, roll_numbers, roll_special, colour_dice,
                number_dice, special_ok, rolls, taken_columns, taken_colours, taken_rows,
                loose, six, weights)
            if other[0]:
                kok2_play(tables, state, seat, other[3], other[7], other[0] == 2,
                          roll_special, other[4], taken_columns, taken_colours, taken_rows)
        rolls += 1
        if _most_completed(state.colour_count, tables.colour_size) >= COLOURS_TO_END:
            end_triggered = True
        finished = end_triggered and (solo or end_roll or active == seats - 1)
        if finished or (limit >= 0 and rolls >= limit):
            return rolls
        active = (active + 1) % seats
