"""Keer op Keer 2, compiled: the special die's actions, boxes, hearts, rows and their
items, bombs, the score, the greedy bot's choice (``GreedyBot.choose_by_dice`` with the
special die and ``fill_bombs``) and whole games.

The ``GreedyBot`` methods the docstrings below name are those of the Python bot these
kernels replaced (``rules/bots.py`` at 396ecac; tests/data/bots_answers.json keeps its
answers): ``GreedyBot`` now decides with these kernels
(:func:`~kok_layouts.rules.engine.live.decide_greedy`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from kok_layouts.rules.engine.greedy import _expansions, _touching, note_crossed
from kok_layouts.rules.engine.kernels import (
    C_BOXES_GAINED,
    C_BOXES_USED,
    C_HEARTS,
    C_MARKS_USED,
    C_PASSES,
    KEY_BASE,
    OPEN_ROLLS,
    S_BOXES,
    S_HEARTS,
    S_ROWS,
    SCORE_LINES,
    SOLO_ROLLS,
    State,
    anchor_of,
    classic_score_into,
    cross_cells_into,
    group_done,
    kernel,
    legal_sets,
    plain_kernel,
    reset,
    roll_ends,
    taken_by_any,
)
from kok_layouts.rules.engine.tables import ITEM_BOMB, ITEM_BOX, ITEM_HEART, NO_ITEM

FACE_HEART, FACE_BOMB, FACE_STARS, FACE_ROW, FACE_BLOCK = 0, 1, 2, 3, 4
"""The special die's faces (:data:`~kok_layouts.rules.engine.tables.SPECIAL_FACE_CODES`)."""
STARS_AT_MOST = 2
ROW_AT_MOST = 3
SQUARE = 4

Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


class Kok2Scratch(NamedTuple):
    """Scratch arrays of :func:`kok2_play_into` and :func:`kok2_specials_into` (made by
    :func:`kok2_scratch`), so that a caller playing many moves allocates nothing."""

    new_columns: Bools
    new_colours: Bools
    fresh_rows: Bools
    squares: Int32s
    """(squares, 4): the distinct uncrossed parts of the squares (:func:`bomb_squares_into`)."""
    square_part: Int32s
    """Per square, its row of :attr:`squares` (-1: none)."""
    cell_part: Int32s
    """Per cell: -1 (:func:`bomb_squares_into` leaves it so)."""
    part_next: Int32s
    pool: Int32s
    """Per cell (the cells a stars or row action may cross)."""
    picks: Int64s
    """:data:`ROW_AT_MOST` (a combination being listed)."""


@kernel
def kok2_scratch(tables):  # type: ignore[no-untyped-def]
    """A :class:`Kok2Scratch` for ``tables``' sheet."""
    squares, size = tables.square_cells.shape[0], tables.width * tables.height
    return Kok2Scratch(np.zeros(tables.width, dtype=np.bool_),
                       np.zeros(tables.colours, dtype=np.bool_),
                       np.zeros(tables.height, dtype=np.bool_),
                       np.full((squares, SQUARE), -1, dtype=np.int32),
                       np.full(squares, -1, dtype=np.int32),
                       np.full(size, -1, dtype=np.int32),
                       np.full(squares, -1, dtype=np.int32),
                       np.empty(size, dtype=np.int32),
                       np.empty(ROW_AT_MOST, dtype=np.int64))


@plain_kernel
def _row_key(row):  # type: ignore[no-untyped-def]
    """A key of up to 4 distinct cells (ascending, -1 padded) in the order of the rules'
    bitmasks of any size: the cells descending, each plus one, 10 bits each, a missing
    cell 0."""
    key = np.int64(0)
    for i in range(row.shape[0] - 1, -1, -1):
        if row[i] >= 0:
            key = key * KEY_BASE + row[i] + 1
    for i in range(row.shape[0]):
        if row[i] < 0:
            key *= KEY_BASE
    return key


@kernel
def _in_bitmask_order(rows, count):  # type: ignore[no-untyped-def]
    """The first ``count`` rows (of cells, ascending from the first column, the first
    :data:`SQUARE` keyed) in the order of the rules' bitmasks (:func:`_row_key`)."""
    keys = np.empty(count, dtype=np.int64)
    for i in range(count):
        keys[i] = _row_key(rows[i, :SQUARE])
    order = np.argsort(keys, kind="mergesort")
    return rows[:count][order]


@kernel
def bomb_squares(square_cells, crossed):  # type: ignore[no-untyped-def]
    """Every distinct set of uncrossed cells of a 2 x 2 square, in bitmask order (the
    rules' ``bomb_masks``), as rows of 4 cells ascending, -1 padded."""
    count = square_cells.shape[0]
    rows = np.empty((count, SQUARE), dtype=np.int32)
    square_part = np.empty(count, dtype=np.int32)
    cell_part = np.full(crossed.shape[0], -1, dtype=np.int32)
    part_next = np.empty(count, dtype=np.int32)
    used = bomb_squares_into(rows, square_part, cell_part, part_next, square_cells, crossed)
    return _in_bitmask_order(rows, used)


@plain_kernel
def bomb_squares_into(rows, square_part, cell_part, part_next, square_cells, crossed):  # type: ignore[no-untyped-def]
    """Every distinct set of uncrossed cells of a 2 x 2 square (where a bomb may fall),
    written into ``rows`` (4 cells ascending, -1 padded; in the squares' order, each set
    where its first square is) and, per square, its row in ``square_part`` (-1 for a
    square crossed whole); returns how many. Sets are told apart by a list per cell of
    the sets starting there (``cell_part``: -1 per cell, as it is left; ``part_next``:
    scratch per square), not by sorting."""
    used = 0
    for square in range(square_cells.shape[0]):
        square_part[square] = -1
        k = 0
        for i in range(SQUARE):
            cell = square_cells[square, i]
            if cell >= 0 and not crossed[cell]:
                rows[used, k] = cell
                k += 1
        if k == 0:
            continue
        for i in range(k, SQUARE):
            rows[used, i] = -1
        part = cell_part[rows[used, 0]]
        while part >= 0:
            same = True
            for i in range(SQUARE):
                same = same and rows[part, i] == rows[used, i]
            if same:
                break
            part = part_next[part]
        if part >= 0:
            square_part[square] = part
        else:
            part_next[used] = cell_part[rows[used, 0]]
            cell_part[rows[used, 0]] = used
            square_part[square] = used
            used += 1
    for part in range(used):
        cell_part[rows[part, 0]] = -1
    return used


@kernel
def specials_room(tables):  # type: ignore[no-untyped-def]
    """The most rows :func:`kok2_specials_into` writes on ``tables``' sheet, whatever the
    face and the crosses: a row per square, per area, each pick of at most
    :data:`STARS_AT_MOST` stars and of at most :data:`ROW_AT_MOST` cells of each row
    (counted as wide as the sheet)."""
    stars = 0
    for cell in range(tables.cell_star.shape[0]):
        stars += tables.cell_star[cell]
    room = max(1, tables.square_cells.shape[0], tables.area_size.shape[0])
    room = max(room, _picks(stars, STARS_AT_MOST))
    rows = tables.height * _picks(tables.width, ROW_AT_MOST)
    return max(room, rows)


@kernel
def _picks(available, most):  # type: ignore[no-untyped-def]
    """How many ways there are to pick 1 to ``most`` of ``available`` things."""
    total = 0
    ways = 1
    for count in range(1, most + 1):
        ways = ways * (available - count + 1) // count
        total += max(ways, 0)
    return total


@kernel
def kok2_specials(tables, crossed, boxes_left, hearts, face):  # type: ignore[no-untyped-def]
    """Every legal action of a special die face, in the rules' order (``legal_specials``),
    as rows of cells (-1 padded; a colour block's row holds the uncrossed cells of its
    area, as wide as the largest area). None without an unused box."""
    out = np.empty((specials_room(tables), max(SQUARE, tables.area_cells.shape[1])),
                   dtype=np.int32)
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    count = kok2_specials_into(out, kok2_scratch(tables), tables, crossed, anchor,
                               boxes_left, hearts, face)
    if face == FACE_BOMB:
        return _in_bitmask_order(out, count)
    return out[:count].copy()


@plain_kernel
def kok2_specials_into(out, scratch, tables, crossed, anchor, boxes_left, hearts, face):  # type: ignore[no-untyped-def]
    """Every legal action of a special die face, written into the rows of ``out`` (at
    least :func:`specials_room` rows, at least as wide as a square and an area): its
    cells, -1 padded (a colour block's row holds the uncrossed cells of its area); returns
    how many. In the rules' order (``legal_specials``) but for the bombs, which are
    :func:`bomb_squares_into`'s (in the squares' order, each square's row in
    ``scratch.square_part``). ``anchor``: :func:`~kok_layouts.rules.engine.kernels.
    anchor_into` of ``crossed``. None without an unused box."""
    if boxes_left < 1:
        return 0
    if face == FACE_HEART:
        if hearts >= tables.heart_track:
            return 0
        out[0, :] = -1
        return 1
    if face == FACE_BOMB:
        count = bomb_squares_into(scratch.squares, scratch.square_part, scratch.cell_part,
                                  scratch.part_next, tables.square_cells, crossed)
        for row in range(count):
            out[row, :] = -1
            for i in range(SQUARE):
                out[row, i] = scratch.squares[row, i]
        return count
    size = crossed.shape[0]
    if face == FACE_BLOCK:
        count = 0
        for area in range(tables.area_size.shape[0]):
            free, touching = False, False
            for k in range(tables.area_size[area]):
                cell = tables.area_cells[area, k]
                free = free or not crossed[cell]
                touching = touching or anchor[cell] or crossed[cell]
            if free and touching:
                k = 0
                for i in range(tables.area_size[area]):
                    cell = tables.area_cells[area, i]
                    if not crossed[cell]:
                        out[count, k] = cell
                        k += 1
                out[count, k:] = -1
                count += 1
        return count
    # Stars and row: every combination of the reachable cells, as itertools lists them.
    groups = 1 if face == FACE_STARS else tables.height
    most = STARS_AT_MOST if face == FACE_STARS else ROW_AT_MOST
    pool, picks = scratch.pool, scratch.picks
    used = 0
    for group in range(groups):
        # The cells of the sheet, or of row ``group`` (cells are row * width + column).
        first, end = (0, size) if face == FACE_STARS else (group * tables.width,
                                                           (group + 1) * tables.width)
        available = 0
        for cell in range(first, end):
            if anchor[cell] and not crossed[cell] \
                    and (face != FACE_STARS or tables.cell_star[cell]):
                pool[available] = cell
                available += 1
        for count in range(1, most + 1):
            for i in range(count):
                picks[i] = i
            while count <= available:
                out[used, :] = -1
                for i in range(count):
                    out[used, i] = pool[picks[i]]
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
    return used


@plain_kernel
def _gain_boxes(tables, counters, seat, count):  # type: ignore[no-untyped-def]
    counters[seat, C_BOXES_GAINED] = min(tables.box_count,
                                         counters[seat, C_BOXES_GAINED] + count)


@kernel
def _kok2_cross(tables, state, seat, cells, taken_columns, taken_colours, taken_rows):  # type: ignore[no-untyped-def]
    """:func:`kok2_cross_into`, with scratch of its own."""
    return kok2_cross_into(kok2_scratch(tables), tables, state, seat, cells, taken_columns,
                           taken_colours, taken_rows)


@plain_kernel
def kok2_cross_into(scratch, tables, state, seat, cells, taken_columns, taken_colours,  # type: ignore[no-untyped-def]
                    taken_rows):
    """Cross ``cells`` and settle what they complete (``Kok2PlayerSheet._settle``): later
    values, boxes from box cells and box columns, the hearts under completed columns, row
    items for first completers (``scratch``: a :class:`Kok2Scratch`). Returns the bombs
    the rows' items owe."""
    fresh_rows, new_columns = scratch.fresh_rows, scratch.new_columns
    fresh_rows[:] = False
    new_columns[:] = False
    boxes = 0
    for k in range(cells.shape[0]):
        cell = cells[k]
        if cell >= 0 and not state.crossed[seat, cell]:
            fresh_rows[tables.cell_row[cell]] = True
            if tables.cell_box[cell]:
                boxes += 1
    cross_cells_into(new_columns, scratch.new_colours, tables, state, seat, cells,
                     taken_columns, taken_colours)
    _gain_boxes(tables, state.counters, seat, boxes)
    for column in range(tables.width):
        if new_columns[column]:
            state.column_heart[seat, column] = state.counters[seat, C_HEARTS]
            if tables.box_column[column]:
                _gain_boxes(tables, state.counters, seat, 1)
    bombs = 0
    for row in range(tables.height):
        if not fresh_rows[row] or taken_rows[row] \
                or not group_done(state.row_count, tables.row_size, seat, row):
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
    """Play a Keer op Keer 2 move (:func:`kok2_play_into`, with scratch of its own)."""
    return kok2_play_into(kok2_scratch(tables), tables, state, seat, cells, jokers, special,
                          face, bombs, taken_columns, taken_colours, taken_rows)


@plain_kernel
def kok2_play_into(scratch, tables, state, seat, cells, jokers, special, face, bombs,  # type: ignore[no-untyped-def]
                   taken_columns, taken_colours, taken_rows):
    """Play a Keer op Keer 2 move (``special`` False: a colour and number move costing
    ``jokers`` marks) or special action of ``face`` crossing ``cells``, then the bombs its
    rows' items owe, each on the square ``bombs[i]`` (rows of 4 cells, -1 padded), as
    ``Kok2PlayerSheet.push`` plays them (``scratch``: a :class:`Kok2Scratch`). Returns how
    many of ``bombs`` were used, -1 when a bomb was owed and none was left, -2 when a
    bomb is not the uncrossed part of a square (then the state is part played: the caller
    keeps a copy to restore)."""
    state.counters[seat, C_MARKS_USED] += jokers
    if special:
        state.counters[seat, C_BOXES_USED] += 1
        if face == FACE_HEART:
            state.counters[seat, C_HEARTS] += 1
    owed = kok2_cross_into(scratch, tables, state, seat, cells, taken_columns, taken_colours,
                       taken_rows)
    used = 0
    squares = scratch.squares
    while owed:
        owed -= 1
        count = bomb_squares_into(squares, scratch.square_part, scratch.cell_part,
                                  scratch.part_next, tables.square_cells, state.crossed[seat])
        if count == 0:
            continue
        if used == bombs.shape[0]:
            return -1
        known = False
        for square in range(count):
            same = True
            for i in range(SQUARE):
                same = same and squares[square, i] == bombs[used, i]
            known = known or same
        if not known:
            return -2
        owed += kok2_cross_into(scratch, tables, state, seat, bombs[used], taken_columns,
                            taken_colours, taken_rows)
        used += 1
    return used


@kernel
def kok2_score(tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """The Keer op Keer 2 score lines (:func:`kok2_score_into`)."""
    lines = np.zeros(SCORE_LINES, dtype=np.int32)
    kok2_score_into(lines, tables, state, seat, star_penalty, pass_penalty)
    return lines


@plain_kernel
def kok2_score_into(lines, tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """The Keer op Keer 2 score lines written into ``lines``: the classic ones, completed
    rows' points, the hearts under completed columns and each unused box's points."""
    classic_score_into(lines, tables, state, seat, star_penalty, pass_penalty)
    for row in range(tables.height):
        if group_done(state.row_count, tables.row_size, seat, row):
            lines[S_ROWS] += tables.row_points[row]
    for column in range(tables.width):
        if state.column_heart[seat, column] >= 0:
            lines[S_HEARTS] += state.column_heart[seat, column]
    boxes_left = state.counters[seat, C_BOXES_GAINED] - state.counters[seat, C_BOXES_USED]
    lines[S_BOXES] = boxes_left * tables.box_points


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


@plain_kernel
def bombs_owed_by(tables, state, seat, cells, n, taken_rows):  # type: ignore[no-untyped-def]
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
    scratch = kok2_scratch(tables)
    owed = kok2_cross_into(scratch, tables, trial, 0, cells, taken_columns, taken_colours,
                       taken_rows)
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
        owed += kok2_cross_into(scratch, tables, trial, 0, squares[best], taken_columns,
                            taken_colours, taken_rows)
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
            if completes and bombs_owed_by(tables, state, seat, cells, n, taken_rows):
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
            if completes and bombs_owed_by(tables, state, seat, cells, n, taken_rows):
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
              end_roll, max_rolls, loose, six, weights, crossed_at, game):
    """One Keer op Keer 2 game played by greedy bots in every seat, as ``play_game``
    plays a ``Kok2Game``: roll ``r`` also shows the special die's face
    ``dice_special[r]``; a passive seat may take the special die unless the active player
    took it (from the fourth roll, with ``open_rolls``). Notes in ``crossed_at[game]``
    the roll each cell was crossed in (bombs' squares too), while ``game`` is in its
    range. Returns the rolls played, -1 when the dice ran out."""
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
            taken_columns = taken_by_any(state.column_count, tables.column_size)
            taken_colours = taken_by_any(state.colour_count, tables.colour_size)
            taken_rows = taken_by_any(state.row_count, tables.row_size)
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
        if game < crossed_at.shape[0]:
            note_crossed(state.crossed, crossed_at[game], rolls)
        end_triggered, over = roll_ends(state.colour_count, tables.colour_size, end_triggered,
                                        solo or end_roll, active == seats - 1, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_kok2_games(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                    open_rolls, end_roll, max_rolls, loose, six, weights, star_penalty,
                    pass_penalty, crossed_at):
    """:func:`~kok_layouts.rules.engine.greedy.play_classic_games` for Keer op Keer 2, the
    special die's faces in ``dice_special``."""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_kok2(tables, state, dice_colours[game], dice_numbers[game],
                                dice_special[game], solo, open_rolls, end_roll, max_rolls,
                                loose, six, weights, crossed_at, game)
        for seat in range(seats):
            kok2_score_into(lines[game, seat], tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
