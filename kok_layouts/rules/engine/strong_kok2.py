"""The strong bot of Keer op Keer 2 as compiled kernels: ``StrongBot`` with the sequel's
rows, boxes, hearts, special die and bombs, inside the engine (issue 33).

For one seat's decision :func:`kok2_strong_choice` values every colour-and-number move (in
the order of ``Game.move_options``) and then every special action (the row and stars
actions at their fullest only, ``fullest_specials``) with the sums of
``StrongBot._prepare``, ``_cells_value``, ``_ending_value`` and ``_future_total``, in the
same order on the same floats; a move whose rows owe bombs gets its squares as
``StrongBot._with_bombs`` picks them (each the best by the evaluation, weighed together
with the move and the bombs before it, against the position the decision started from)
and the value of the move with them. It keeps the first of the highest value above
passing, as ``StrongBot.choose_by_dice`` does. :func:`play_strong_kok2_games` plays whole
games with it in every seat, as ``play_game`` plays a ``Kok2Game``.

The groups are the columns, then the colours, then the rows (``_Groups``). The moves are
listed by the rules' kernels (``legal_sets``, ``kok2_specials``) and played by
``kok2_play``; this module adds the evaluation, the bombs' squares and the game loop. The
valuing kernels are plain (:func:`kernels.plain_kernel`: a decision calls them once per
move); they work in a :class:`Kok2Work` made once per sheet.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from kok_layouts.rules.engine.greedy import _expansions, note_crossed
from kok_layouts.rules.engine.kernels import (
    C_BOXES_GAINED,
    C_BOXES_USED,
    C_HEARTS,
    C_MARKS_USED,
    C_PASSES,
    COLOURS_TO_END,
    OPEN_ROLLS,
    SCORE_LINES,
    SOLO_ROLLS,
    Bools,
    Floats,
    Int32s,
    Int64s,
    anchor_of,
    classic_score_into,
    kernel,
    legal_sets,
    plain_kernel,
    reset,
    roll_ends,
    taken_into,
)
from kok_layouts.rules.engine.kok2 import (
    FACE_HEART,
    FACE_ROW,
    FACE_STARS,
    SQUARE,
    _kok2_cross,
    _seat_copy,
    bomb_squares,
    kok2_play,
    kok2_score,
    kok2_specials,
)
from kok_layouts.rules.engine.strong_kernels import (
    PATTERN_CELLS,
    W_BOMB_ITEM,
    W_BOX_HOPE,
    W_CELL,
    W_COLOUR_DECAY,
    W_COLOUR_PIECE,
    W_COLOUR_SCALE,
    W_COLOUR_SLACK,
    W_COLUMN_DECAY,
    W_COLUMN_PIECE,
    W_COLUMN_SCALE,
    W_COLUMN_SLACK,
    W_HEART,
    W_ISOLATED,
    W_LEAD,
    W_MARK_HOPE,
    W_OPEN_CELL,
    W_PAIRED,
    W_PASS_COST,
    W_ROW_DECAY,
    W_ROW_PIECE,
    W_ROW_SCALE,
    W_SECOND_COLOUR,
    W_STAR_HOPE,
    W_TRIPLE,
    cut_off_shapes,
    horizon_of,
    near_cells,
    pattern_shapes,
    python_sum,
    rolls_left,
    stars_open,
)
from kok_layouts.rules.engine.tables import ITEM_BOMB, ITEM_BOX, ITEM_HEART, NO_ITEM, Tables

P_FRAC, P_FUTURE, P_BOX_WORTH, P_HEART_WORTH, P_BOX_ROOM, P_DONE, P_SCORES, P_BEFORE, \
    P_OTHERS = range(9)
"""What :func:`kok2_prepare` keeps of the position in ``Kok2Work.pos``: the share of the
game to come, the future total, a box's worth, a heart's worth, the room for boxes, the
colours completed, whether the scores are counted yet (a move that ends the game wants
them), the seat's score and the others' best."""

KIND_PASS, KIND_MOVE, KIND_SPECIAL = 0, 1, 2
"""What a decision takes: nothing, a colour and number move, the special die."""


class Kok2Work(NamedTuple):
    """The arrays a Keer op Keer 2 decision works in, made once per sheet and batch
    (:func:`new_kok2_workspace`). Per group (the columns, the colours, the rows) what
    ``StrongBot._prepare`` keeps; per area its uncrossed cells, per area and column (row)
    its uncrossed cells of the column (row), its cut-off cells; the rest is scratch."""

    points: Floats
    scale: Floats
    rate: Floats
    piece_rate: Floats
    hope: Floats
    row_item: Floats
    """Per group: what a row's item is worth to its first completer (0 for the others)."""
    row_bomb: Bools
    missing: Int64s
    pieces: Int64s
    area_left: Int64s
    part_left: Int64s
    row_left: Int64s
    shapes: Int64s
    near: Bools
    flags: Bools
    stack: Int64s
    stamp: Int64s
    seen: Int64s
    marks: Int64s
    """The last stamps used in ``stamp``, ``seen`` and ``term_marks`` (they only grow)."""
    terms: Floats
    term_marks: Int64s
    keys: Int64s
    order: Int64s
    area_of: Int64s
    move_areas: Int64s
    inside: Int64s
    fresh: Int64s
    items: Int64s
    cell_bit: Int64s
    area_pattern: Int64s
    pattern_shapes: Int64s
    lines: Int32s
    pos: Floats
    """The position's numbers (``P_*``)."""
    together: Int64s
    """A move's cells and its bombs' squares, to weigh them at once."""


def new_kok2_workspace(tables: Tables) -> Kok2Work:
    """The arrays a decision on ``tables``' Keer op Keer 2 sheet works in."""
    size, width, colours, height = tables.size, tables.width, tables.colours, tables.height
    groups = width + colours + height
    areas = len(tables.area_size)
    largest = int(max(tables.column_size.max(initial=0), tables.colour_size.max(initial=0),
                      tables.row_size.max(initial=0)))
    cell_bit = np.zeros(size, dtype=np.int64)
    for area, count in enumerate(tables.area_size):
        cell_bit[tables.area_cells[area, :count]] = np.arange(count)
    shapes_by_pattern = np.zeros((areas, 0, 3), dtype=np.int64)
    if areas and int(tables.area_size.max()) <= PATTERN_CELLS:
        shapes_by_pattern = pattern_shapes(tables.area_cells, tables.area_size,
                                           tables.neighbours, tables.cell_area)
    return Kok2Work(
        points=np.zeros(groups), scale=np.zeros(groups), rate=np.zeros(groups),
        piece_rate=np.zeros(groups), hope=np.zeros(groups), row_item=np.zeros(groups),
        row_bomb=np.zeros(groups, dtype=np.bool_),
        missing=np.zeros(groups, dtype=np.int64), pieces=np.zeros(groups, dtype=np.int64),
        area_left=np.zeros(areas, dtype=np.int64),
        part_left=np.zeros((areas, width), dtype=np.int64),
        row_left=np.zeros((areas, height), dtype=np.int64),
        shapes=np.zeros((areas, 3), dtype=np.int64),
        near=np.zeros(size, dtype=np.bool_), flags=np.zeros(size, dtype=np.bool_),
        stack=np.zeros(size, dtype=np.int64), stamp=np.zeros(size, dtype=np.int64),
        seen=np.zeros(size, dtype=np.int64), marks=np.zeros(3, dtype=np.int64),
        terms=np.zeros((groups, largest + 1, largest + 1)),
        term_marks=np.zeros((groups, largest + 1, largest + 1), dtype=np.int64),
        keys=np.zeros((3, size), dtype=np.int64), order=np.zeros(size, dtype=np.int64),
        area_of=np.zeros(size, dtype=np.int64), move_areas=np.zeros(size, dtype=np.int64),
        inside=np.zeros(size, dtype=np.int64), fresh=np.zeros(size, dtype=np.int64),
        items=np.zeros((3, groups), dtype=np.int64), cell_bit=cell_bit,
        area_pattern=np.zeros(areas, dtype=np.int64), pattern_shapes=shapes_by_pattern,
        lines=np.zeros(SCORE_LINES, dtype=np.int32), pos=np.zeros(9),
        together=np.zeros(size, dtype=np.int64),
    )


# == the position before the move ==========================================================
@plain_kernel
def kok2_prepare(tables, state, seat, taken_columns, taken_colours, taken_rows, weights,  # type: ignore[no-untyped-def]
                 left, horizon, star_penalty, compensated, kids, work):
    """``StrongBot._prepare`` and ``_future_total`` of a Keer op Keer 2 seat: per group
    (the columns, the colours, the rows) its points (a column's with the hearts circled
    and, for a box column, a box's worth; a row's its printed points), its hope's scale
    and rates, missing cells, pieces and hope; each row's item's worth (a box's, a bomb's,
    a heart's) while no one has completed it; per area its uncrossed and cut-off cells;
    the cells next to a cross; and in ``work.pos`` the share of the game to come, a box's
    and a heart's worth, the colours completed and the future total.

    With ``kids`` the groups of a Kids sheet: the columns (their buckets and visitor) and
    the animals, no rows (a Kids sheet has no boxes, hearts or stars to weigh either)."""
    crossed = state.crossed[seat]
    width, colours = tables.width, tables.colours
    height = 0 if kids else tables.height
    first_row = width + colours
    groups = first_row + height
    size = crossed.shape[0]
    points, scale, rate, piece_rate = work.points, work.scale, work.rate, work.piece_rate
    hope, missing, pieces = work.hope, work.missing, work.pieces
    row_item, row_bomb = work.row_item, work.row_bomb
    area_left, part_left, row_left = work.area_left, work.part_left, work.row_left
    shapes, near, pos = work.shapes, work.near, work.pos
    frac = min(1.0, left / horizon) if horizon > 0 else 0.0
    done_colours = 0
    for colour in range(colours):
        if tables.colour_size[colour] > 0 \
                and state.colour_count[seat, colour] == tables.colour_size[colour]:
            done_colours += 1
    ending = done_colours >= 1
    box_worth = float(tables.box_points) + weights[W_BOX_HOPE] * frac
    box_room = tables.box_count - state.counters[seat, C_BOXES_GAINED]
    hearts = state.counters[seat, C_HEARTS]
    # Per kind of group: its scale and rates (rows count time as columns do).
    time = max(left + weights[W_COLUMN_SLACK], 0.5)
    column_scale = 0.0 if left <= 0 else weights[W_COLUMN_SCALE]
    column_rate = weights[W_COLUMN_DECAY] / time
    column_piece = weights[W_COLUMN_PIECE] / time
    row_scale = 0.0 if left <= 0 else weights[W_ROW_SCALE]
    row_rate = weights[W_ROW_DECAY] / time
    row_piece = weights[W_ROW_PIECE] / time
    time = max(left + weights[W_COLOUR_SLACK], 0.5)
    colour_scale = weights[W_COLOUR_SCALE] * (weights[W_SECOND_COLOUR] if ending else 1.0)
    if left <= 0:
        colour_scale = 0.0
    colour_rate = weights[W_COLOUR_DECAY] / time
    colour_piece = weights[W_COLOUR_PIECE] / time
    pieces[:] = 0
    hope[:] = 0.0
    missing[:] = 0
    row_item[:] = 0.0
    row_bomb[:] = False
    for column in range(width):
        value = tables.column_later[column] if taken_columns[column] \
            else tables.column_first[column]
        points[column] = float(value) + hearts
        if tables.box_column[column]:
            points[column] += box_worth if box_room > 0 else 0.0
        scale[column], rate[column] = column_scale, column_rate
        piece_rate[column] = column_piece
        missing[column] = tables.column_size[column] - state.column_count[seat, column]
    for colour in range(colours):
        g = width + colour
        value = tables.colour_later[colour] if taken_colours[colour] \
            else tables.colour_first[colour]
        points[g] = float(value)
        scale[g], rate[g], piece_rate[g] = colour_scale, colour_rate, colour_piece
        missing[g] = tables.colour_size[colour] - state.colour_count[seat, colour]
    for row in range(height):
        g = first_row + row
        points[g] = float(tables.row_points[row])
        scale[g], rate[g], piece_rate[g] = row_scale, row_rate, row_piece
        missing[g] = tables.row_size[row] - state.row_count[seat, row]
    # Uncrossed cells per area, per area and column, per area and row: every group's pieces.
    area_left[:] = 0
    part_left[:] = 0
    row_left[:] = 0
    area_pattern = work.area_pattern
    area_pattern[:] = 0
    for cell in range(size):
        area = tables.cell_area[cell]
        if area < 0 or crossed[cell]:
            continue
        column, row = tables.cell_column[cell], tables.cell_row[cell]
        if part_left[area, column] == 0:
            pieces[column] += 1
        part_left[area, column] += 1
        if area_left[area] == 0:
            pieces[width + tables.area_colour[area]] += 1
        area_left[area] += 1
        if not kids:
            if row_left[area, row] == 0:
                pieces[first_row + row] += 1
            row_left[area, row] += 1
        area_pattern[area] |= np.int64(1) << work.cell_bit[cell]
    for g in range(groups):
        if missing[g]:
            hope[g] = scale[g] * math.exp(-rate[g] * missing[g] - piece_rate[g] * pieces[g])
    heart_sum = 0.0
    for column in range(width):
        if missing[column]:
            heart_sum += hope[column]
    heart_worth = weights[W_HEART] * heart_sum if hearts < tables.heart_track else 0.0
    for row in range(height):
        item = tables.row_item[row]
        if item == NO_ITEM or taken_rows[row]:
            continue
        g = first_row + row
        if item == ITEM_BOX:
            row_item[g] = box_worth if box_room > 0 else 0.0
        elif item == ITEM_BOMB:
            row_item[g] = weights[W_BOMB_ITEM]
            row_bomb[g] = True
        elif item == ITEM_HEART:
            row_item[g] = heart_worth
    # Cut-off cells of every area as it stands (by pattern where the areas are small).
    cut_off_shapes(tables.cell_area, tables.neighbours, crossed, area_pattern,
                   work.pattern_shapes, work.flags, work.stack, shapes)
    open_before = near_cells(tables.neighbours, crossed, near)
    total = python_sum(points, hope, groups, compensated)
    if star_penalty:
        total += star_penalty * stars_open(tables.cell_star, crossed) * weights[W_STAR_HOPE] \
            * frac
    total += weights[W_OPEN_CELL] * frac * open_before
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    total += weights[W_MARK_HOPE] * frac * marks_left
    boxes_left = state.counters[seat, C_BOXES_GAINED] - state.counters[seat, C_BOXES_USED]
    if boxes_left:
        total += weights[W_BOX_HOPE] * frac * boxes_left
    pos[P_FRAC], pos[P_FUTURE], pos[P_BOX_WORTH] = frac, total, box_worth
    pos[P_HEART_WORTH], pos[P_BOX_ROOM], pos[P_DONE] = heart_worth, box_room, done_colours
    pos[P_SCORES] = 0.0
    work.marks[2] += 1  # a new position: the terms of the last one are stale


# == the value of crossing cells ===========================================================
@plain_kernel
def _crossing(tables, crossed, cells, n, work, weights, star_penalty, kids):  # type: ignore[no-untyped-def]
    """``StrongBot._cells_value`` of crossing ``cells[:n]`` (any cells: a crossed one or
    one listed twice counts once) before the ending: (score gained now, change of the
    future, colours completed, whether a row whose item is a bomb is completed). The
    groups in order (columns from the left, the colours, the rows from the top), each
    completed one its points (a row also its item) less its hope, each other its hope's
    change; then the cut-off cells, the cells, the stars, the boxes and the cells
    reachable next. (``kids``: no rows.)"""
    width, colours = tables.width, tables.colours
    first_row = width + colours
    sides = tables.neighbours.shape[1]
    points, scale, rate, piece_rate = work.points, work.scale, work.rate, work.piece_rate
    hope, missing, pieces = work.hope, work.missing, work.pieces
    area_left, part_left, row_left = work.area_left, work.part_left, work.row_left
    shapes, near, stamp, seen, stack = work.shapes, work.near, work.stamp, work.seen, \
        work.stack
    fresh, keys, order, area_of = work.fresh, work.keys, work.order, work.area_of
    move_areas, inside, items = work.move_areas, work.inside, work.items
    terms, term_marks, marks, pos = work.terms, work.term_marks, work.marks, work.pos
    frac = pos[P_FRAC]
    call = marks[2]
    marks[0] += 1
    token = marks[0]
    # The cells the move crosses that are not crossed yet, stamped with its token.
    count = 0
    for k in range(n):
        cell = cells[k]
        if not crossed[cell] and stamp[cell] != token:
            stamp[cell] = token
            fresh[count] = cell
            count += 1
    # Per fresh cell its column, colour, row and area (an index into the move's areas).
    areas_here = 0
    for i in range(count):
        cell = fresh[i]
        keys[0, i], keys[1, i] = tables.cell_column[cell], tables.cell_colour[cell]
        keys[2, i] = tables.cell_row[cell]
        cell_in = tables.cell_area[cell]
        which = -1
        for j in range(areas_here):
            if move_areas[j] == cell_in:
                which = j
        if which < 0:
            move_areas[areas_here] = cell_in
            which = areas_here
            areas_here += 1
        area_of[i] = which
    touched = 0
    for kind in range(2 if kids else 3):  # the columns, the colours, the rows from the top
        for i in range(count):  # the move's cells in the order of their group: insertion
            j = i
            while j > 0 and keys[kind, order[j - 1]] > keys[kind, i]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
        r = 0
        while r < count:
            key = keys[kind, order[r]]
            for j in range(areas_here):
                inside[j] = 0
            here_count = 0
            while r < count and keys[kind, order[r]] == key:
                inside[area_of[order[r]]] += 1
                here_count += 1
                r += 1
            # Only the parts in the areas of the move can be finished by it.
            finished = 0
            for j in range(areas_here):
                part = move_areas[j]
                if part < 0 or inside[j] == 0:
                    continue
                if kind == 0:
                    whole = part_left[part, key]
                elif kind == 1:
                    whole = area_left[part]
                else:
                    whole = row_left[part, key]
                if inside[j] == whole:
                    finished += 1
            items[0, touched] = key if kind == 0 else width + key if kind == 1 \
                else first_row + key
            items[1, touched], items[2, touched] = here_count, finished
            touched += 1
    gained = 0.0
    future = 0.0
    new_colours = 0
    bomb_row = False
    for t in range(touched):
        g, here_count = items[0, t], items[1, t]
        now = missing[g] - here_count
        if now == 0:
            gained += points[g]
            future -= points[g] * hope[g]
            if g >= first_row:
                gained += work.row_item[g]
                bomb_row = bomb_row or work.row_bomb[g]
            elif g >= width:
                new_colours += 1
            continue
        if scale[g] == 0.0:
            continue
        # The same cells of a group recur in many moves: its term is kept by how many
        # cells of it the move crosses and how many pieces it finishes.
        finished = items[2, t]
        if term_marks[g, here_count, finished] == call:
            term = terms[g, here_count, finished]
        else:
            term = points[g] * (scale[g] * math.exp(-rate[g] * now
                                                    - piece_rate[g] * (pieces[g] - finished))
                                - hope[g])
            terms[g, here_count, finished] = term
            term_marks[g, here_count, finished] = call
        future += term
    isolated_cost = weights[W_ISOLATED] * frac
    paired_cost = weights[W_PAIRED] * frac
    triple_cost = weights[W_TRIPLE] * frac
    if weights[W_ISOLATED] != 0.0 or weights[W_PAIRED] != 0.0 or weights[W_TRIPLE] != 0.0:
        # Cut-off cells change only in the areas the move crosses cells of.
        alone = pairs = threes = 0
        patterns = work.pattern_shapes.shape[1] > 0
        for i in range(count):
            if tables.cell_area[fresh[i]] < 0:
                alone -= 1  # a cell in no area is a region of its own: alone, then gone
        for j in range(areas_here):
            part = move_areas[j]
            if part < 0:
                continue
            alone -= shapes[part, 0]
            pairs -= shapes[part, 1]
            threes -= shapes[part, 2]
            if patterns:  # the sheet's areas are small: look it up
                pattern = work.area_pattern[part]
                for i in range(count):
                    if tables.cell_area[fresh[i]] == part:
                        pattern &= ~(np.int64(1) << work.cell_bit[fresh[i]])
                alone += work.pattern_shapes[part, pattern, 0]
                pairs += work.pattern_shapes[part, pattern, 1]
                threes += work.pattern_shapes[part, pattern, 2]
                continue
            marks[1] += 1
            visit = marks[1]
            for k in range(tables.area_size[part]):
                cell = tables.area_cells[part, k]
                if crossed[cell] or stamp[cell] == token or seen[cell] == visit:
                    continue
                seen[cell] = visit
                stack[0] = cell
                top, head = 1, 0
                while head < top:
                    here = stack[head]
                    head += 1
                    for side in range(sides):
                        other = tables.neighbours[here, side]
                        if other >= 0 and tables.cell_area[other] == part \
                                and not crossed[other] and stamp[other] != token \
                                and seen[other] != visit:
                            seen[other] = visit
                            stack[top] = other
                            top += 1
                if top == 1:
                    alone += 1
                elif top == 2:
                    pairs += 2
                elif top == 3:
                    threes += 3
        if isolated_cost:
            future -= isolated_cost * alone
        if paired_cost:
            future -= paired_cost * pairs
        if triple_cost:
            future -= triple_cost * threes
    gained += weights[W_CELL] * count
    stars = 0
    boxes = 0
    for i in range(count):
        if tables.cell_star[fresh[i]]:
            stars += 1
        if tables.cell_box[fresh[i]]:
            boxes += 1
    if star_penalty:
        gained += star_penalty * stars
        future -= star_penalty * stars * weights[W_STAR_HOPE] * frac
    box_room = int(pos[P_BOX_ROOM])
    if box_room > 0:
        gained += min(box_room, boxes) * pos[P_BOX_WORTH]
    # The cells reachable next: those of before, less the ones crossed, plus the new.
    opened = 0
    marks[1] += 1
    visit = marks[1]
    for i in range(count):
        if near[fresh[i]]:
            opened -= 1
        for j in range(sides):
            other = tables.neighbours[fresh[i], j]
            if other >= 0 and not crossed[other] and not near[other] \
                    and stamp[other] != token and seen[other] != visit:
                seen[other] = visit
                opened += 1
    future += weights[W_OPEN_CELL] * frac * opened
    return gained, future, new_colours, bomb_row


@plain_kernel
def kok2_total(tables, state, seat, star_penalty, pass_penalty, lines):  # type: ignore[no-untyped-def]
    """``seat``'s Keer op Keer 2 score (``kok2_score``'s lines added up) as a float,
    without allocating."""
    classic_score_into(lines, tables, state, seat, star_penalty, pass_penalty)
    total = 0
    for k in range(lines.shape[0]):
        total += lines[k]
    for row in range(tables.height):
        if tables.row_size[row] > 0 and state.row_count[seat, row] == tables.row_size[row]:
            total += tables.row_points[row]
    for column in range(tables.width):
        if state.column_heart[seat, column] >= 0:
            total += state.column_heart[seat, column]
    boxes_left = state.counters[seat, C_BOXES_GAINED] - state.counters[seat, C_BOXES_USED]
    total += boxes_left * tables.box_points
    return float(total)


@plain_kernel
def kids_total(tables, state, seat):  # type: ignore[no-untyped-def]
    """``seat``'s Kids circles (``kids_score`` added up) as a float, without allocating."""
    total = 0
    for column in range(tables.width):
        if tables.column_size[column] > 0 \
                and state.column_count[seat, column] == tables.column_size[column]:
            total += tables.buckets[column]
            if not state.later_column[seat, column]:
                total += 1
    for colour in range(tables.colours):
        if tables.colour_size[colour] > 0 \
                and state.colour_count[seat, colour] == tables.colour_size[colour]:
            total += tables.food_boxes
    return float(total)


@plain_kernel
def _total(tables, state, seat, star_penalty, pass_penalty, lines, kids):  # type: ignore[no-untyped-def]
    if kids:
        return kids_total(tables, state, seat)
    return kok2_total(tables, state, seat, star_penalty, pass_penalty, lines)


@plain_kernel
def cells_value(tables, state, seat, cells, n, work, weights, star_penalty, pass_penalty,  # type: ignore[no-untyped-def]
                solo, kids):
    """``StrongBot._cells_value`` of crossing ``cells[:n]``: (value relative to passing,
    whether it completes a row whose item is a bomb). A move that ends the game (a second
    colour) is worth its points less the whole future the position had and, with others,
    a share of the lead it locks in (``_ending_value``). ``kids``: on a Kids sheet (no
    rows; the score in circles)."""
    crossed = state.crossed[seat]
    gained, future, new_colours, bomb_row = _crossing(tables, crossed, cells, n, work,
                                                      weights, star_penalty, kids)
    pos = work.pos
    if new_colours and pos[P_DONE] + new_colours >= COLOURS_TO_END:
        # The game ends: what is left of the future is lost.
        value = gained - pos[P_FUTURE]
        if not solo and state.crossed.shape[0] > 1:
            if pos[P_SCORES] == 0.0:
                pos[P_SCORES] = 1.0
                lines = work.lines
                pos[P_BEFORE] = _total(tables, state, seat, star_penalty, pass_penalty,
                                       lines, kids)
                best = -np.inf
                for other in range(state.crossed.shape[0]):
                    if other != seat:
                        best = max(best, _total(tables, state, other, star_penalty,
                                                pass_penalty, lines, kids))
                pos[P_OTHERS] = best
            value += weights[W_LEAD] * (pos[P_BEFORE] + gained - pos[P_OTHERS])
        return value, bomb_row
    return gained + future, bomb_row


# == a decision ============================================================================
@kernel
def with_bombs(tables, state, seat, cells, jokers, special, face, taken_columns,  # type: ignore[no-untyped-def]
               taken_colours, taken_rows, weights, star_penalty, pass_penalty, solo, work):
    """``StrongBot._with_bombs``: the squares of the bombs a move's rows give (rows of 4
    cells), each the best by the evaluation as it falls (weighed with the move and the
    bombs before it, against the position the decision started from; the first of the
    best in the order of ``bomb_masks``), and the value of the move with those cells
    instead of the bombs' estimate."""
    trial = _seat_copy(state, seat)
    trial.counters[0, C_MARKS_USED] += jokers
    if special:
        trial.counters[0, C_BOXES_USED] += 1
        if face == FACE_HEART:
            trial.counters[0, C_HEARTS] += 1
    owed = _kok2_cross(tables, trial, 0, cells, taken_columns, taken_colours, taken_rows)
    together = work.together
    used = 0
    for k in range(cells.shape[0]):
        if cells[k] >= 0:
            together[used] = cells[k]
            used += 1
    picked = np.full((4, SQUARE), -1, dtype=np.int32)
    bombs = 0
    while owed:
        owed -= 1
        squares = bomb_squares(tables.square_cells, trial.crossed[0])
        if squares.shape[0] == 0:
            continue
        best, best_value = 0, -np.inf
        for square in range(squares.shape[0]):
            count = used
            for i in range(SQUARE):
                if squares[square, i] >= 0:
                    together[count] = squares[square, i]
                    count += 1
            value, _ = cells_value(tables, state, seat, together, count, work, weights,
                                   star_penalty, pass_penalty, solo, False)
            if value > best_value:
                best, best_value = square, value
        if bombs == picked.shape[0]:
            bigger = np.full((2 * bombs, SQUARE), -1, dtype=np.int32)
            bigger[:bombs] = picked
            picked = bigger
        picked[bombs] = squares[best]
        bombs += 1
        for i in range(SQUARE):
            if squares[best, i] >= 0:
                together[used] = squares[best, i]
                used += 1
        owed += _kok2_cross(tables, trial, 0, squares[best], taken_columns, taken_colours,
                            taken_rows)
    value, _ = cells_value(tables, state, seat, together, used, work, weights, star_penalty,
                           pass_penalty, solo, False)
    value -= weights[W_BOMB_ITEM] * bombs
    if special:
        value -= work.pos[P_BOX_WORTH]
    else:
        value -= jokers * (float(tables.mark_points) + weights[W_MARK_HOPE]
                           * work.pos[P_FRAC])
    return picked[:bombs], value


@kernel
def kok2_strong_choice(tables, state, seat, roll_colours, roll_numbers, roll_special,  # type: ignore[no-untyped-def]
                       colour_dice, number_dice, special_ok, taken_columns, taken_colours,
                       taken_rows, loose, six, weights, left, horizon, solo, star_penalty,
                       pass_penalty, compensated, work):
    """StrongBot's Keer op Keer 2 choice for ``seat`` among the dice it may take
    (``colour_dice``, ``number_dice``: indices into the roll; the special die's face
    ``roll_special`` when ``special_ok``). Returns (kind: :data:`KIND_PASS`,
    :data:`KIND_MOVE` or :data:`KIND_SPECIAL`; colour die; number die; cells; bombs'
    squares; jokers; the value of every colour-and-number move in the order of
    ``Game.move_options`` then of every special action in the order of ``legal_specials``
    (NaN for a row or stars action that is not at its fullest), bombs not yet placed;
    the move's colour and number, -1 for a special action)."""
    kok2_prepare(tables, state, seat, taken_columns, taken_colours, taken_rows, weights, left,
                 horizon, star_penalty, compensated, False, work)
    crossed = state.crossed[seat]
    counters = state.counters[seat]
    frac = work.pos[P_FRAC]
    marks_left = tables.exclamation_marks - counters[C_MARKS_USED]
    joker_cost = float(tables.mark_points) + weights[W_MARK_HOPE] * frac
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    no_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    values = np.empty(64)
    listed = 0
    best_value = -weights[W_PASS_COST] if left > 0 else 0.0
    best_kind, best_colour_die, best_number_die, best_jokers = KIND_PASS, -1, -1, 0
    best_colour, best_number = -1, -1
    best_cells = np.full(0, -1, dtype=np.int32)
    best_bombs = no_bombs
    expansions = _expansions(tables.colours, roll_colours, roll_numbers, colour_dice,
                             number_dice, marks_left, six)
    for e in range(expansions.shape[0]):
        colour, n = expansions[e, 2], expansions[e, 3]
        jokers = expansions[e, 4] + expansions[e, 5]
        sets = legal_sets(tables, crossed, anchor, colour, n, loose)
        for s in range(sets.shape[0]):
            cells = sets[s, :n]
            value, bomb_row = cells_value(tables, state, seat, cells, n, work, weights,
                                          star_penalty, pass_penalty, solo, False)
            if jokers:
                value -= jokers * joker_cost
            if listed == values.shape[0]:
                bigger = np.empty(2 * listed)
                bigger[:listed] = values
                values = bigger
            values[listed] = value
            listed += 1
            if value <= best_value:
                continue
            bombs = no_bombs
            if bomb_row:
                bombs, value = with_bombs(tables, state, seat, cells, jokers, False, -1,
                                          taken_columns, taken_colours, taken_rows, weights,
                                          star_penalty, pass_penalty, solo, work)
            if value > best_value:
                best_value, best_kind = value, KIND_MOVE
                best_colour_die, best_number_die = expansions[e, 0], expansions[e, 1]
                best_cells, best_bombs, best_jokers = cells.copy(), bombs, jokers
                best_colour, best_number = colour, n
    if special_ok and roll_special >= 0:
        face = roll_special
        actions = kok2_specials(tables, crossed, counters[C_BOXES_GAINED]
                                - counters[C_BOXES_USED], counters[C_HEARTS], face)
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
        box_worth, heart_worth = work.pos[P_BOX_WORTH], work.pos[P_HEART_WORTH]
        for a in range(actions.shape[0]):
            if listed == values.shape[0]:
                bigger = np.empty(2 * listed + 1)
                bigger[:listed] = values
                values = bigger
            n = sizes[a]
            if face in (FACE_ROW, FACE_STARS) and n < fullest[keys[a]]:
                values[listed] = np.nan
                listed += 1
                continue
            cells = actions[a, :n]
            value, bomb_row = cells_value(tables, state, seat, cells, n, work, weights,
                                          star_penalty, pass_penalty, solo, False)
            value -= box_worth
            if face == FACE_HEART:
                value += heart_worth
            values[listed] = value
            listed += 1
            if value <= best_value:
                continue
            bombs = no_bombs
            if bomb_row:
                bombs, value = with_bombs(tables, state, seat, cells, 0, True, face,
                                          taken_columns, taken_colours, taken_rows, weights,
                                          star_penalty, pass_penalty, solo, work)
            if value > best_value:
                best_value, best_kind = value, KIND_SPECIAL
                best_colour_die, best_number_die = -1, -1
                best_cells, best_bombs, best_jokers = cells.copy(), bombs, 0
                best_colour, best_number = -1, -1
    return (best_kind, best_colour_die, best_number_die, best_cells, best_bombs, best_jokers,
            values[:listed], best_colour, best_number)


# == whole games ===========================================================================
@kernel
def play_strong_kok2(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                     open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights,
                     star_penalty, pass_penalty, compensated, crossed_at, game, work):
    """One Keer op Keer 2 game played by the strong bot in every seat, as ``play_game``
    plays a ``Kok2Game`` (the flow of ``kok2.play_kok2``): roll ``r`` shows
    ``dice_colours[r]``, ``dice_numbers[r]`` and the special die's face
    ``dice_special[r]``; a passive seat may take the special die unless the active player
    took it (from the fourth roll, with ``open_rolls``). ``roll_limit`` is the game's
    (``NO_LIMIT`` for none) as the bot sees it, ``max_rolls`` where the loop stops. Notes in
    ``crossed_at[game]`` the roll each cell was crossed in (bombs' squares too), while
    ``game`` is in its range. Returns the rolls played, -1 when the dice ran out."""
    seats = state.crossed.shape[0]
    all_colours = np.arange(dice_colours.shape[1])
    all_numbers = np.arange(dice_numbers.shape[1])
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    taken_rows = np.zeros(tables.height, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    horizon = horizon_of(weights, solo, roll_limit)
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        roll_special = dice_special[rolls]
        if not solo:  # (a solo game takes nothing from others: the arrays stay False)
            taken_into(taken_columns, state.column_count, tables.column_size)
            taken_into(taken_colours, state.colour_count, tables.colour_size)
            taken_into(taken_rows, state.row_count, tables.row_size)
        left = rolls_left(weights, solo, roll_limit, rolls, end_triggered, end_roll, seats,
                          active)
        open_roll = open_rolls and rolls < OPEN_ROLLS
        colour_dice, number_dice = all_colours, all_numbers
        special_ok = True
        for turn in range(seats):  # the active seat, then the others in order
            seat = active if turn == 0 else turn - 1 if turn - 1 < active else turn
            kind, colour_die, number_die, cells, bombs, jokers, _, _, _ = kok2_strong_choice(
                tables, state, seat, roll_colours, roll_numbers, roll_special, colour_dice,
                number_dice, special_ok, taken_columns, taken_colours, taken_rows, loose, six,
                weights, left, horizon, solo, star_penalty, pass_penalty, compensated, work)
            if kind == KIND_PASS:
                if turn == 0:
                    state.counters[seat, C_PASSES] += 1
            else:
                kok2_play(tables, state, seat, cells, jokers, kind == KIND_SPECIAL,
                          roll_special, bombs, taken_columns, taken_colours, taken_rows)
            if turn == 0:
                # The dice the others may take: all of them after a pass, in an open roll
                # or when the active player took the special die (then gone, but in an
                # open roll).
                if kind == KIND_MOVE and not open_roll:
                    colour_dice = all_colours[all_colours != colour_die]
                    number_dice = all_numbers[all_numbers != number_die]
                special_ok = kind != KIND_SPECIAL or open_roll
        rolls += 1
        if game < crossed_at.shape[0]:
            note_crossed(state.crossed, crossed_at[game], rolls)
        end_triggered, over = roll_ends(state.colour_count, tables.colour_size, end_triggered,
                                        solo or end_roll, active == seats - 1, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_strong_kok2_games(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                           open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights,
                           star_penalty, pass_penalty, compensated, crossed_at, work):
    """Many strong Keer op Keer 2 games one after the other on ``state`` (reset before
    each): game ``g`` throws ``dice_colours[g]``, ``dice_numbers[g]`` and
    ``dice_special[g]``. Returns the rolls of each game (-1: its dice ran out), each seat's
    score lines and marks used."""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_strong_kok2(
            tables, state, dice_colours[game], dice_numbers[game], dice_special[game], solo,
            open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights, star_penalty,
            pass_penalty, compensated, crossed_at, game, work)
        for seat in range(seats):
            lines[game, seat] = kok2_score(tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
