"""The strong bot's evaluation as compiled kernels: :class:`kok_layouts.rules.strong.StrongBot`
inside the engine (issue 33).

For one seat's decision :func:`strong_choice` values every legal move with the sums of
``StrongBot._prepare``, ``_cells_value``, ``_ending_value`` and ``_future_total``, in the
same order on the same floats, and keeps the first of the highest value above passing, as
``StrongBot.choose_by_dice`` does; :func:`play_strong_games` plays whole classic games with
it in every seat, as ``play_game`` plays them. The typed door is
:mod:`kok_layouts.rules.engine.strong`.

The weights come as one float array in the order of :data:`WEIGHT_NAMES` (the fields of
``StrongWeights``, looked up by name). The kernels of :mod:`~kok_layouts.rules.engine.kernels`
list the moves (``_expansions``, the group tables, ``legal_sets``), find the cells next to
crosses (``anchor_of``, ``_touching``), cross cells (``cross_on_arrays``) and count scores
(``classic_score``); this module adds only the evaluation and its game loop.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from kok_layouts.rules.engine.greedy import expansions_into
from kok_layouts.rules.engine.kernels import (
    C_MARKS_USED,
    C_PASSES,
    COLOURS_TO_END,
    JOKER_SIX,
    M_CELLS,
    M_COLOUR,
    M_COLOUR_JOKER,
    M_NUMBER,
    M_NUMBER_JOKER,
    MOVE_WIDTH,
    OPEN_ROLLS,
    SCORE_LINES,
    SOLO_ROLLS,
    Bools,
    Floats,
    Int32s,
    Int64s,
    anchor_of,
    classic_score,
    classic_score_into,
    cross_into,
    kernel,
    legal_sets,
    plain_kernel,
    reset,
    roll_ends,
    taken_into,
)
from kok_layouts.rules.engine.tables import MOVE_CELLS, Tables

WEIGHT_NAMES = (
    "column_scale", "column_decay", "column_slack", "colour_scale", "colour_decay",
    "colour_slack", "second_colour", "star_hope", "open_cell", "mark_hope", "cell", "horizon",
    "lead", "row_scale", "row_decay", "heart", "box_hope", "bomb_item", "purple",
    "column_piece", "colour_piece", "row_piece", "isolated", "paired", "pass_cost", "deny",
    "triple",
)
"""The strong bot's weights in the order the kernels read them (``StrongWeights``' fields)."""
(W_COLUMN_SCALE, W_COLUMN_DECAY, W_COLUMN_SLACK, W_COLOUR_SCALE, W_COLOUR_DECAY,
 W_COLOUR_SLACK, W_SECOND_COLOUR, W_STAR_HOPE, W_OPEN_CELL, W_MARK_HOPE, W_CELL, W_HORIZON,
 W_LEAD, W_ROW_SCALE, W_ROW_DECAY, W_HEART, W_BOX_HOPE, W_BOMB_ITEM, W_PURPLE,
 W_COLUMN_PIECE, W_COLOUR_PIECE, W_ROW_PIECE, W_ISOLATED, W_PAIRED, W_PASS_COST, W_DENY,
 W_TRIPLE) = range(len(WEIGHT_NAMES))

NO_LIMIT = -1
"""``roll_limit`` of a game without one (``Options.max_rolls`` None)."""


# == the time left =========================================================================
@kernel
def rolls_left(weights, solo, roll_limit, rolls_done, end_triggered, end_roll, seats, active):  # type: ignore[no-untyped-def]
    """``StrongBot._rolls_left``: the rolls this seat will still act in after the current
    one (an estimate in a game with others)."""
    done = rolls_done + 1
    if solo:  # a solo game has its fixed count of rolls, whatever the options
        return float(max(0, SOLO_ROLLS - done))
    if end_triggered:
        if end_roll:
            return 0.0
        return float(seats - 1 - active)
    left = max(1.0, weights[W_HORIZON] - done)
    if roll_limit != NO_LIMIT:
        left = min(left, float(roll_limit - done))
    return max(0.0, left)


@kernel
def horizon_of(weights, solo, roll_limit):  # type: ignore[no-untyped-def]
    """The rolls the share of the game still to come is counted against."""
    if solo:
        return float(SOLO_ROLLS)
    return weights[W_HORIZON]


# == the position before the move ==========================================================
@plain_kernel
def prepare(cell_column, cell_area, cell_star, neighbours, area_colour, column_size,  # type: ignore[no-untyped-def]
            colour_size, column_first, column_later, colour_first, colour_later, crossed,
            column_count, colour_count, hearts, marks_left, taken_columns, taken_colours,
            weights, left, horizon, star_penalty, compensated, points, scale, rate,
            piece_rate, missing, pieces, hope, area_left, part_left, shapes, near, seen,
            stack, cell_bit, area_pattern, pattern_shapes):
    """``StrongBot._prepare`` for one seat: per group (the columns, then the colours) its
    points, hope scale, rates, missing cells, pieces and hope; per area its uncrossed cells
    and cut-off cells (alone, pairs, threes: ``_Groups.shape``); per area and column its
    uncrossed cells; the cells next to a cross; the share of the game to come; the
    colours completed; and the future total (``_future_total``). Writes the arrays (of a
    :class:`Workspace`: a decision allocates nothing) and returns (share of the game to
    come, colours completed, future total). (It takes the tables' arrays, not the tables:
    numba counts the references of every array of a struct passed to a call.)"""
    width, colours = column_size.shape[0], colour_size.shape[0]
    groups = width + colours
    size = crossed.shape[0]
    frac = min(1.0, left / horizon) if horizon > 0 else 0.0
    done_colours = 0
    for colour in range(colours):
        if colour_size[colour] > 0 and colour_count[colour] == colour_size[colour]:
            done_colours += 1
    ending = done_colours >= 1
    # Per kind of group: its scale and rates.
    time = max(left + weights[W_COLUMN_SLACK], 0.5)
    column_scale = 0.0 if left <= 0 else weights[W_COLUMN_SCALE]
    column_rate = weights[W_COLUMN_DECAY] / time
    column_piece = weights[W_COLUMN_PIECE] / time
    time = max(left + weights[W_COLOUR_SLACK], 0.5)
    colour_scale = weights[W_COLOUR_SCALE] * (weights[W_SECOND_COLOUR] if ending else 1.0)
    if left <= 0:
        colour_scale = 0.0
    colour_rate = weights[W_COLOUR_DECAY] / time
    colour_piece = weights[W_COLOUR_PIECE] / time
    pieces[:] = 0
    hope[:] = 0.0
    for column in range(width):
        value = column_later[column] if taken_columns[column] else column_first[column]
        points[column] = float(value) + hearts
        scale[column], rate[column] = column_scale, column_rate
        piece_rate[column] = column_piece
        missing[column] = column_size[column] - column_count[column]
    for colour in range(colours):
        g = width + colour
        value = colour_later[colour] if taken_colours[colour] else colour_first[colour]
        points[g] = float(value)
        scale[g], rate[g], piece_rate[g] = colour_scale, colour_rate, colour_piece
        missing[g] = colour_size[colour] - colour_count[colour]
    # Uncrossed cells per area and per area and column: the pieces of every group.
    area_left[:] = 0
    part_left[:] = 0
    area_pattern[:] = 0
    for cell in range(size):
        area = cell_area[cell]
        if area < 0 or crossed[cell]:
            continue
        column = cell_column[cell]
        if part_left[area, column] == 0:
            pieces[column] += 1
        part_left[area, column] += 1
        if area_left[area] == 0:
            pieces[width + area_colour[area]] += 1
        area_left[area] += 1
        area_pattern[area] |= np.int64(1) << cell_bit[cell]
    for g in range(groups):
        if missing[g]:
            hope[g] = scale[g] * math.exp(-rate[g] * missing[g] - piece_rate[g] * pieces[g])
    # Cut-off cells of every area as it stands: its uncrossed cells in pieces of 1 to 3
    # (looked up by the pattern of its uncrossed cells where the sheet's areas are small).
    cut_off_shapes(cell_area, neighbours, crossed, area_pattern, pattern_shapes, seen, stack,
                   shapes)
    open_before = near_cells(neighbours, crossed, near)
    total = python_sum(points, hope, groups, compensated)
    if star_penalty:
        total += star_penalty * stars_open(cell_star, crossed) * weights[W_STAR_HOPE] * frac
    total += weights[W_OPEN_CELL] * frac * open_before
    total += weights[W_MARK_HOPE] * frac * marks_left
    return frac, done_colours, total


@plain_kernel
def cut_off_shapes(cell_area, neighbours, crossed, area_pattern, pattern_shapes, seen, stack,  # type: ignore[no-untyped-def]
                   shapes):
    """Per area its uncrossed cells cut off from the rest of the area, in pieces of one, two
    and three cells (``shapes[area, k]``: the cells of the pieces of ``k + 1`` cells): looked
    up by the pattern of the area's uncrossed cells (``area_pattern``) where the sheet's
    areas are small (``pattern_shapes`` not empty), else found by a flood fill (``seen``,
    ``stack``: scratch of a cell each)."""
    if pattern_shapes.shape[1] > 0:
        for area in range(shapes.shape[0]):
            for k in range(3):
                shapes[area, k] = pattern_shapes[area, area_pattern[area], k]
        return
    shapes[:] = 0
    seen[:] = False
    for cell in range(crossed.shape[0]):
        area = cell_area[cell]
        if area < 0 or crossed[cell] or seen[cell]:
            continue
        seen[cell] = True
        stack[0] = cell
        top, head = 1, 0
        while head < top:
            here = stack[head]
            head += 1
            for j in range(neighbours.shape[1]):
                other = neighbours[here, j]
                if other >= 0 and cell_area[other] == area and not crossed[other] \
                        and not seen[other]:
                    seen[other] = True
                    stack[top] = other
                    top += 1
        if top <= 3:
            shapes[area, top - 1] += top


@plain_kernel
def near_cells(neighbours, crossed, near):  # type: ignore[no-untyped-def]
    """Marks in ``near`` the uncrossed cells next to a cross (``kernels._touching``) and
    returns how many there are."""
    count = 0
    for cell in range(crossed.shape[0]):
        near[cell] = False
        if crossed[cell]:
            continue
        for j in range(neighbours.shape[1]):
            other = neighbours[cell, j]
            if other >= 0 and crossed[other]:
                near[cell] = True
                count += 1
                break
    return count


@plain_kernel
def python_sum(points, hope, groups, compensated):  # type: ignore[no-untyped-def]
    """``sum(points[g] * hope[g] for g in range(groups))`` as Python's ``sum()`` adds
    floats: Neumaier's compensated sum from Python 3.12 on (``compensated``), plain
    additions before."""
    total = 0.0
    compensation = 0.0
    for g in range(groups):
        x = points[g] * hope[g]
        if g == 0 or not compensated:
            total = total + x
        else:
            t = total + x
            if abs(total) >= abs(x):
                compensation += (total - t) + x
            else:
                compensation += (x - t) + total
            total = t
    if compensated and compensation != 0.0 and np.isfinite(compensation):
        total += compensation
    return total


@plain_kernel
def stars_open(cell_star, crossed):  # type: ignore[no-untyped-def]
    """How many starred cells are not crossed yet."""
    stars = 0
    for cell in range(crossed.shape[0]):
        if cell_star[cell] and not crossed[cell]:
            stars += 1
    return stars


# == the value of crossing cells ===========================================================
@plain_kernel
def crossing_values(cell_column, cell_colour, cell_area, cell_star, neighbours, area_cells,  # type: ignore[no-untyped-def]
                    area_size, crossed, near, sets, counts, points, scale, rate, piece_rate,
                    missing, pieces, hope, area_left, part_left, shapes, weights, frac,
                    star_penalty, gained_of, future_of, colours_of, stamp, seen, stack, fresh,
                    terms, term_marks, marks, keys, order, area_of, move_areas, inside,
                    cell_bit, area_pattern, pattern_shapes, set_groups, group_facts, items):
    """``StrongBot._cells_value`` of crossing each set of cells ``sets[m, :counts[m]]``:
    per set (score gained now, change of the future, colours completed). The same sums in
    the same order as the rules' bot: the groups in order (columns from the left, then the
    colours), each completed one its points less its hope, each other its hope's change;
    then the cut-off cells, the cells, the stars and the cells reachable next.

    A set that is a group of the tables (``set_groups[m] >= 0``: every move of the plain
    rules) whose cells lie in one area is read from its facts (``group_facts``,
    :func:`group_facts`: its columns in order, its bits in its area's pattern, its stars,
    its ring of neighbours, worked out once per sheet); any other set (the house rules')
    has its cells stamped, sorted and searched here.

    One call values every move of a decision, written out in one loop: numba counts the
    references of every array passed to a call, and passes every array as seven words,
    which would cost more than a move's sums (and it takes the tables' arrays, not the
    tables). Writes ``gained_of``, ``future_of`` and ``colours_of``; the other arrays are
    its scratch (of a :class:`Workspace`), and ``marks`` the last stamps it used in
    ``stamp``, ``seen`` and ``term_marks`` (which says which ``terms`` this call has
    weighed)."""
    moves = sets.shape[0]
    width = part_left.shape[1]
    sides = neighbours.shape[1]
    isolated_cost = weights[W_ISOLATED] * frac
    paired_cost = weights[W_PAIRED] * frac
    triple_cost = weights[W_TRIPLE] * frac
    open_cost = weights[W_OPEN_CELL] * frac
    star_hope = weights[W_STAR_HOPE]
    cell_weight = weights[W_CELL]
    shapes_count = weights[W_ISOLATED] != 0.0 or weights[W_PAIRED] != 0.0 \
        or weights[W_TRIPLE] != 0.0
    patterns = pattern_shapes.shape[1] > 0
    token, visit = marks[0], marks[1]
    marks[2] += 1
    call = marks[2]
    for m in range(moves):
        # The groups the move crosses cells of, in order (``items``: per group its index,
        # the cells the move crosses of it, the pieces of it the move finishes), and its
        # areas; from the facts of a group of the tables, else from its cells.
        group = set_groups[m]
        area = group_facts[group, F_AREA] if group >= 0 else -1
        known = area >= 0 and (patterns or not shapes_count)
        n = 0
        count = 0
        areas_here = 0
        if known:
            n = counts[m]
            columns = group_facts[group, F_COLUMNS_N]
            for j in range(columns):
                key = group_facts[group, F_COLUMNS + j]
                here_count = group_facts[group, F_COUNTS + j]
                items[0, j], items[1, j] = key, here_count
                items[2, j] = 1 if here_count == part_left[area, key] else 0
            items[0, columns] = width + cell_colour[sets[m, 0]]
            items[1, columns] = n
            items[2, columns] = 1 if n == area_left[area] else 0
            count = columns + 1
        else:
            # The cells the move crosses that are not crossed yet, stamped with its token.
            token += 1
            for k in range(counts[m]):
                cell = sets[m, k]
                if not crossed[cell] and stamp[cell] != token:
                    stamp[cell] = token
                    fresh[n] = cell
                    n += 1
            # Per fresh cell its column, colour and area (an index into the move's areas).
            for i in range(n):
                cell = fresh[i]
                keys[0, i], keys[1, i] = cell_column[cell], cell_colour[cell]
                cell_in = cell_area[cell]
                which = -1
                for j in range(areas_here):
                    if move_areas[j] == cell_in:
                        which = j
                if which < 0:
                    move_areas[areas_here] = cell_in
                    which = areas_here
                    areas_here += 1
                area_of[i] = which
            for kind in range(2):  # the columns from the left, then the colours
                # The move's cells in the order of their column (colour): an insertion sort.
                for i in range(n):
                    j = i
                    while j > 0 and keys[kind, order[j - 1]] > keys[kind, i]:
                        order[j] = order[j - 1]
                        j -= 1
                    order[j] = i
                r = 0
                while r < n:
                    key = keys[kind, order[r]]
                    for j in range(areas_here):
                        inside[j] = 0
                    here_count = 0
                    while r < n and keys[kind, order[r]] == key:
                        inside[area_of[order[r]]] += 1
                        here_count += 1
                        r += 1
                    # Only the parts in the areas of the move can be finished by it.
                    finished = 0
                    for j in range(areas_here):
                        part = move_areas[j]
                        if part < 0 or inside[j] == 0:
                            continue
                        whole = part_left[part, key] if kind == 0 else area_left[part]
                        if inside[j] == whole:
                            finished += 1
                    items[0, count] = key if kind == 0 else width + key
                    items[1, count], items[2, count] = here_count, finished
                    count += 1
        gained = 0.0
        future = 0.0
        new_colours = 0
        for t in range(count):
            g, here_count = items[0, t], items[1, t]
            now = missing[g] - here_count
            if now == 0:
                gained += points[g]
                future -= points[g] * hope[g]
                if g >= width:
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
        if shapes_count:
            # Cut-off cells change only in the areas the move crosses cells of.
            alone = pairs = threes = 0
            if known:  # its one area, looked up by pattern
                pattern = area_pattern[area] & ~group_facts[group, F_AREA_BITS]
                alone = pattern_shapes[area, pattern, 0] - shapes[area, 0]
                pairs = pattern_shapes[area, pattern, 1] - shapes[area, 1]
                threes = pattern_shapes[area, pattern, 2] - shapes[area, 2]
            for i in range(n if not known else 0):
                if cell_area[fresh[i]] < 0:
                    alone -= 1  # a cell in no area is a region of its own: alone, then gone
            for j in range(areas_here):
                part = move_areas[j]
                if part < 0:
                    continue
                alone -= shapes[part, 0]
                pairs -= shapes[part, 1]
                threes -= shapes[part, 2]
                if patterns:  # the sheet's areas are small: look it up
                    pattern = area_pattern[part]
                    for i in range(n):
                        if cell_area[fresh[i]] == part:
                            pattern &= ~(np.int64(1) << cell_bit[fresh[i]])
                    alone += pattern_shapes[part, pattern, 0]
                    pairs += pattern_shapes[part, pattern, 1]
                    threes += pattern_shapes[part, pattern, 2]
                    continue
                visit += 1
                for k in range(area_size[part]):
                    cell = area_cells[part, k]
                    if crossed[cell] or stamp[cell] == token or seen[cell] == visit:
                        continue
                    seen[cell] = visit
                    stack[0] = cell
                    top, head = 1, 0
                    while head < top:
                        here = stack[head]
                        head += 1
                        for side in range(sides):
                            other = neighbours[here, side]
                            if other >= 0 and cell_area[other] == part and not crossed[other] \
                                    and stamp[other] != token and seen[other] != visit:
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
        gained += cell_weight * n
        if star_penalty:
            stars = 0
            if known:
                stars = group_facts[group, F_STARS]
            for i in range(n if not known else 0):
                if cell_star[fresh[i]]:
                    stars += 1
            gained += star_penalty * stars
            future -= star_penalty * stars * star_hope * frac
        # The cells reachable next: those of before, less the ones crossed, plus the new.
        opened = 0
        if known:  # its ring of neighbours, each once
            for i in range(n):
                if near[sets[m, i]]:
                    opened -= 1
            for k in range(group_facts[group, F_RING_N]):
                other = group_facts[group, F_RING + k]
                if not crossed[other] and not near[other]:
                    opened += 1
        else:
            visit += 1
            for i in range(n):
                if near[fresh[i]]:
                    opened -= 1
                for j in range(sides):
                    other = neighbours[fresh[i], j]
                    if other >= 0 and not crossed[other] and not near[other] \
                            and stamp[other] != token and seen[other] != visit:
                        seen[other] = visit
                        opened += 1
        future += open_cost * opened
        gained_of[m], future_of[m], colours_of[m] = gained, future, new_colours
    marks[0], marks[1] = token, visit


# == a decision ============================================================================
@plain_kernel
def _seat_total(tables, state, seat, star_penalty, pass_penalty, lines):  # type: ignore[no-untyped-def]
    classic_score_into(lines, tables, state, seat, star_penalty, pass_penalty)
    return float(np.sum(lines))


@plain_kernel
def _others_best(tables, state, seat, star_penalty, pass_penalty, lines):  # type: ignore[no-untyped-def]
    """The best score of the seats other than ``seat``."""
    best = -np.inf
    for other in range(state.crossed.shape[0]):
        if other != seat:
            best = max(best, _seat_total(tables, state, other, star_penalty, pass_penalty,
                                         lines))
    return best


class Moves(NamedTuple):
    """The moves of one decision and what they are worth (per move, or per distinct set
    of cells), in arrays made before the decision (:func:`new_moves`)."""

    rows: Int32s
    """Per move its row (``kernels.MOVE_WIDTH``: colour, number, jokers, cells)."""
    dice: Int64s
    """Per move its colour die, number die and group of the tables (-1: a set of the
    house rules)."""
    valued_as: Int64s
    """Per move the distinct set of cells it crosses."""
    firsts: Int64s
    """Per distinct set the first move that crosses it."""
    sets: Int32s
    counts: Int64s
    groups: Int64s
    """Per distinct set the group of the tables it is, -1 for a set of the house rules."""
    gained: Floats
    future: Floats
    new_colours: Int64s
    values: Floats
    """Per move its value."""


def new_moves(count: int) -> Moves:
    """Room for ``count`` moves."""
    moves: Moves = moves_room(count)
    return moves


@kernel
def moves_room(count):  # type: ignore[no-untyped-def]
    """:func:`new_moves` inside the engine (a decision whose house rules list more moves
    than its workspace holds grows it)."""
    return Moves(np.full((count, MOVE_WIDTH), -1, dtype=np.int32),
                 np.zeros((count, 3), dtype=np.int64), np.zeros(count, dtype=np.int64),
                 np.zeros(count, dtype=np.int64), np.zeros((count, MOVE_CELLS), dtype=np.int32),
                 np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64),
                 np.zeros(count), np.zeros(count),
                 np.zeros(count, dtype=np.int64), np.zeros(count))


class Workspace(NamedTuple):
    """The arrays one decision works in, made once per sheet and batch
    (:func:`new_workspace`), so that a decision allocates nothing but where the house
    rules list more moves than it holds."""

    points: Floats
    scale: Floats
    rate: Floats
    piece_rate: Floats
    hope: Floats
    missing: Int64s
    pieces: Int64s
    area_left: Int64s
    part_left: Int64s
    shapes: Int64s
    near: Bools
    anchor: Bools
    flags: Bools
    face_pairs: Bools
    stamp: Int64s
    seen: Int64s
    stack: Int64s
    marks: Int64s
    """The last stamps used in ``stamp``, ``seen`` and ``term_marks`` (they only grow)."""
    terms: Floats
    term_marks: Int64s
    keys: Int64s
    order: Int64s
    area_of: Int64s
    move_areas: Int64s
    inside: Int64s
    no_cells: Int32s
    """No sets of cells of the house rules (:func:`choose` under the plain rules)."""
    no_sets: Int64s
    cell_bit: Int64s
    """Per cell: its place in its area's cells (``area_cells``), a bit of a pattern."""
    area_pattern: Int64s
    """Per area: its uncrossed cells as a pattern of those bits."""
    pattern_shapes: Int64s
    """Per area and pattern of its uncrossed cells: the cells alone, in pairs and in
    threes (``_Groups.shape``); empty (width 0) on a sheet with an area of more than
    :data:`PATTERN_CELLS` cells, whose cut-off cells are found by search."""
    expansions: Int64s
    row_of_group: Int64s
    """Per group of the tables the distinct set it was valued as in this decision, -1
    between decisions (a decision puts back the ones it set)."""
    fresh: Int64s
    lines: Int32s
    """A seat's score lines (the lead a move that ends the game locks in)."""
    moves: Moves
    """Room for every move the plain rules may list (:data:`DICE_PAIRS` times the tables'
    groups and some)."""
    group_bits: Int64s
    """Per group of the tables: its cells as bits of :data:`WORD_BITS`-cell words (cell
    ``c`` is bit ``c % 64`` of word ``c // 64``)."""
    crossed_bits: Int64s
    """The seat's crossed cells as such words."""
    group_facts: Int64s
    """Per group of the tables what valuing it needs (:func:`group_facts`)."""
    items: Int64s
    """Per group a move crosses cells of: its index, the cells, the pieces it finishes."""
    anchor_bits: Int64s
    """The uncrossed cells a move may start from as such words."""


PATTERN_CELLS = 12
"""Areas of at most this many cells have their cut-off cells looked up by pattern."""


@kernel
def pattern_shapes(area_cells, area_size, neighbours, cell_area):  # type: ignore[no-untyped-def]
    """Per area and pattern of its uncrossed cells (bit ``k``: ``area_cells[area, k]``),
    how many of them lie alone, in pairs and in threes (``_Groups.shape``)."""
    areas = area_size.shape[0]
    most = 0
    for area in range(areas):
        most = max(most, area_size[area])
    table = np.zeros((areas, 1 << most, 3), dtype=np.int64)
    place = np.full(neighbours.shape[0], -1, dtype=np.int64)
    stack = np.empty(max(most, 1), dtype=np.int64)
    for area in range(areas):
        for k in range(area_size[area]):
            place[area_cells[area, k]] = k
        for pattern in range(1 << area_size[area]):
            seen = 0
            for k in range(area_size[area]):
                if not pattern >> k & 1 or seen >> k & 1:
                    continue
                seen |= 1 << k
                stack[0] = k
                top, head = 1, 0
                while head < top:
                    here = area_cells[area, stack[head]]
                    head += 1
                    for side in range(neighbours.shape[1]):
                        other = neighbours[here, side]
                        if other < 0 or cell_area[other] != area:
                            continue
                        bit = place[other]
                        if pattern >> bit & 1 and not seen >> bit & 1:
                            seen |= 1 << bit
                            stack[top] = bit
                            top += 1
                if top <= 3:
                    table[area, pattern, top - 1] += top
    return table


DICE_PAIRS = 9
"""The most pairs of a colour die and a number die a seat may take (3 x 3)."""


def new_workspace(tables: Tables) -> Workspace:
    """The arrays a decision on ``tables``' sheet works in."""
    size, width, colours = tables.size, tables.width, tables.colours
    groups = width + colours
    areas = len(tables.area_size)
    moves = DICE_PAIRS * (len(tables.group_size) + 8)
    words = (size + WORD_BITS - 1) // WORD_BITS
    cell_bit = np.zeros(size, dtype=np.int64)
    for area, count in enumerate(tables.area_size):
        cell_bit[tables.area_cells[area, :count]] = np.arange(count)
    shapes_by_pattern = np.zeros((areas, 0, 3), dtype=np.int64)
    if areas and int(tables.area_size.max()) <= PATTERN_CELLS:
        shapes_by_pattern = pattern_shapes(tables.area_cells, tables.area_size,
                                           tables.neighbours, tables.cell_area)
    return Workspace(
        points=np.zeros(groups), scale=np.zeros(groups), rate=np.zeros(groups),
        piece_rate=np.zeros(groups), hope=np.zeros(groups),
        missing=np.zeros(groups, dtype=np.int64), pieces=np.zeros(groups, dtype=np.int64),
        area_left=np.zeros(areas, dtype=np.int64),
        part_left=np.zeros((areas, width), dtype=np.int64),
        shapes=np.zeros((areas, 3), dtype=np.int64),
        near=np.zeros(size, dtype=np.bool_), anchor=np.zeros(size, dtype=np.bool_),
        flags=np.zeros(size, dtype=np.bool_),
        face_pairs=np.zeros((colours + 1) * (MOVE_CELLS + 1), dtype=np.bool_),
        stamp=np.zeros(size, dtype=np.int64),
        seen=np.zeros(size, dtype=np.int64), stack=np.zeros(size, dtype=np.int64),
        marks=np.zeros(3, dtype=np.int64),
        terms=np.zeros((groups, MOVE_CELLS + 1, MOVE_CELLS + 1)),
        term_marks=np.zeros((groups, MOVE_CELLS + 1, MOVE_CELLS + 1), dtype=np.int64),
        keys=np.zeros((2, MOVE_CELLS), dtype=np.int64),
        order=np.zeros(MOVE_CELLS, dtype=np.int64),
        area_of=np.zeros(MOVE_CELLS, dtype=np.int64),
        move_areas=np.zeros(MOVE_CELLS, dtype=np.int64),
        inside=np.zeros(MOVE_CELLS, dtype=np.int64),
        no_cells=np.zeros((0, MOVE_CELLS), dtype=np.int32),
        no_sets=np.zeros((0, JOKER_SIX + 1, 2), dtype=np.int64),
        cell_bit=cell_bit, area_pattern=np.zeros(areas, dtype=np.int64),
        pattern_shapes=shapes_by_pattern,
        expansions=np.zeros((DICE_PAIRS * colours * (MOVE_CELLS + 1), 6), dtype=np.int64),
        row_of_group=np.full(len(tables.group_size), -1, dtype=np.int64),
        fresh=np.zeros(MOVE_CELLS, dtype=np.int64),
        lines=np.zeros(SCORE_LINES, dtype=np.int32), moves=new_moves(moves),
        group_bits=group_bits(tables.group_cells, size),
        crossed_bits=np.zeros(words, dtype=np.int64),
        anchor_bits=np.zeros(words, dtype=np.int64),
        group_facts=group_facts(tables, cell_bit),
        items=np.zeros((3, 2 * MOVE_CELLS), dtype=np.int64),
    )


WORD_BITS = 64
"""Cells per word of a set of cells as bits."""

F_AREA, F_COLUMNS_N, F_AREA_BITS, F_STARS, F_RING_N, F_COLUMNS = range(6)
"""The facts of a group (:func:`group_facts`): its area (-1: its cells lie in more than one
area, or in none), how many columns it has cells in, its cells as bits of its area's
pattern, its stars, the size of its ring; from ``F_COLUMNS`` on its columns from the left,
from :data:`F_COUNTS` on its cells in each, from :data:`F_RING` on its ring."""
F_COUNTS = F_COLUMNS + MOVE_CELLS
F_RING = F_COUNTS + MOVE_CELLS


def group_facts(tables: Tables, cell_bit: Int64s) -> Int64s:
    """Per group of the tables, as a row of :data:`F_AREA` ... :data:`F_RING` (what
    :func:`crossing_values` reads to value crossing it, worked out once per sheet): its
    area, its columns from the left with its cells in each, its cells as bits of its area's
    pattern (``cell_bit``), its stars, and its ring: the cells next to it, each once."""
    sides = tables.neighbours.shape[1]
    groups = len(tables.group_size)
    facts = np.full((groups, F_RING + MOVE_CELLS * sides), -1, dtype=np.int64)
    for g in range(groups):
        cells = [int(c) for c in tables.group_cells[g, :tables.group_size[g]]]
        areas = {int(tables.cell_area[c]) for c in cells}
        area = areas.pop() if len(areas) == 1 else -1
        facts[g, F_AREA] = area if area >= 0 else -1
        columns = sorted({int(tables.cell_column[c]) for c in cells})
        facts[g, F_COLUMNS_N] = len(columns)
        for j, column in enumerate(columns):
            facts[g, F_COLUMNS + j] = column
            facts[g, F_COUNTS + j] = sum(1 for c in cells if tables.cell_column[c] == column)
        facts[g, F_AREA_BITS] = sum(1 << int(cell_bit[c]) for c in cells)
        facts[g, F_STARS] = sum(1 for c in cells if tables.cell_star[c])
        ring = sorted({int(o) for c in cells for o in tables.neighbours[c]
                       if o >= 0 and o not in cells})
        facts[g, F_RING_N] = len(ring)
        facts[g, F_RING:F_RING + len(ring)] = ring
    return facts


def group_bits(group_cells: Int32s, size: int) -> Int64s:
    """Every group's cells (a row of cell indices, -1 padded) as bits of words."""
    words = (size + WORD_BITS - 1) // WORD_BITS
    bits = np.zeros((len(group_cells), words), dtype=np.uint64)
    for k in range(group_cells.shape[1]):
        cells = group_cells[:, k].astype(np.int64)
        rows = np.flatnonzero(cells >= 0)
        np.bitwise_or.at(bits, (rows, cells[rows] // WORD_BITS),
                         np.left_shift(np.uint64(1), (cells[rows] % WORD_BITS).astype(np.uint64)))
    result: Int64s = bits.view(np.int64)
    return result


@plain_kernel
def choose(tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,  # type: ignore[no-untyped-def]
           taken_columns, taken_colours, loose, six, house_cells, house_sets, weights, left,
           horizon, solo, star_penalty, pass_penalty, compensated, work, moves):
    """StrongBot's choice for ``seat`` among the dice it may take (``colour_dice``,
    ``number_dice``: indices into the roll): every legal move in the order of
    ``Game.move_options``, valued as ``StrongBot.choose_by_dice`` values it (``left``:
    the rolls left, :func:`rolls_left`; ``horizon``: :func:`horizon_of`); the first of the
    highest value above passing. ``work``: a :class:`Workspace` of the sheet; ``moves``:
    :class:`Moves` to list them in. The sets of cells of the house rules (a move through
    crossed cells, the ? as six) come listed by :func:`house_sets_of`: per colour and
    number, rows ``house_sets[colour, n, 0]`` to ``house_sets[colour, n, 1]`` of
    ``house_cells``. Returns (colour die, number die, the index of its move, the number
    of moves), die -1 (and index -1) for a pass; the moves and their values are the first
    rows of ``moves``. The number of moves is -1 when ``moves`` has no room for them all.

    A plain kernel (:func:`kernels.plain_kernel`): the game loop passes it the tables and
    the workspace without numba counting references to their arrays at every decision."""
    crossed = state.crossed[seat]
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    cell_column, cell_colour, cell_area = tables.cell_column, tables.cell_colour, \
        tables.cell_area
    cell_star, neighbours = tables.cell_star, tables.neighbours
    points, scale, rate, piece_rate, hope = work.points, work.scale, work.rate, \
        work.piece_rate, work.hope
    missing, pieces, area_left, part_left = work.missing, work.pieces, work.area_left, \
        work.part_left
    shapes, near, stack = work.shapes, work.near, work.stack
    frac, done_colours, future_total = prepare(
        cell_column, cell_area, cell_star, neighbours, tables.area_colour, tables.column_size,
        tables.colour_size, tables.column_first, tables.column_later, tables.colour_first,
        tables.colour_later, crossed, state.column_count[seat], state.colour_count[seat], 0,
        marks_left, taken_columns, taken_colours, weights, left, horizon, star_penalty,
        compensated, points, scale, rate, piece_rate, missing, pieces, hope, area_left,
        part_left, shapes, near, work.flags, stack, work.cell_bit, work.area_pattern,
        work.pattern_shapes)
    # The cells a move may start from (``kernels.anchor_of``), as flags and as bits.
    anchor = work.anchor
    size = crossed.shape[0]
    crossed_bits, anchor_bits, masks = work.crossed_bits, work.anchor_bits, work.group_bits
    crossed_bits[:] = 0
    anchor_bits[:] = 0
    for cell in range(size):
        starts = tables.cell_start[cell] or near[cell]
        anchor[cell] = starts
        bit = np.int64(1) << (cell & 63)
        if crossed[cell]:
            crossed_bits[cell >> 6] |= bit
        elif starts:
            anchor_bits[cell >> 6] |= bit
    words = crossed_bits.shape[0]
    # Every legal move of the dice, in the order of ``Game.move_options``: per row its
    # colour die, number die and group of the tables (-1 for a set of cells of the house
    # rules). Written out here: a call passing the tables costs more than listing them.
    group_cells, group_offsets = tables.group_cells, tables.group_offsets
    expansions = work.expansions
    found = expansions_into(expansions, work.face_pairs, tables.colours, roll_colours,
                             roll_numbers, colour_dice, number_dice, marks_left, six)
    rows, dice = moves.rows, moves.dice
    used = 0
    for e in range(found):
        colour, n = expansions[e, 2], expansions[e, 3]
        plain = not loose and n != JOKER_SIX
        if plain:  # the groups of the tables, read in place
            start = group_offsets[colour, n - 1]
            total = group_offsets[colour, n] - start
        else:
            start = house_sets[colour, n, 0]
            total = house_sets[colour, n, 1] - start
        for index in range(total):
            if plain:  # the group's cells as bits: none crossed, one a start
                free, touches = True, False
                for w in range(words):
                    bits = masks[start + index, w]
                    if bits & crossed_bits[w]:
                        free = False
                        break
                    if bits & anchor_bits[w]:
                        touches = True
            else:
                free, touches = True, False
                for k in range(n):
                    cell = house_cells[start + index, k]
                    free = free and not crossed[cell]
                    touches = touches or anchor[cell]
            if not (free and touches):
                continue
            if used == rows.shape[0]:  # only the house rules list this many
                return -1, -1, -1, -1
            rows[used, M_COLOUR], rows[used, M_NUMBER] = colour, n
            rows[used, M_COLOUR_JOKER] = expansions[e, 4]
            rows[used, M_NUMBER_JOKER] = expansions[e, 5]
            for k in range(MOVE_CELLS):  # (element by element: numba's slices cost more)
                if k >= n:
                    rows[used, M_CELLS + k] = -1
                elif plain:
                    rows[used, M_CELLS + k] = group_cells[start + index, k]
                else:
                    rows[used, M_CELLS + k] = house_cells[start + index, k]
            dice[used, 0], dice[used, 1] = expansions[e, 0], expansions[e, 1]
            dice[used, 2] = start + index if plain else -1
            used += 1
    count = used
    # Each set of cells once: the same group of the tables recurs with other dice.
    row_of_group = work.row_of_group
    valued_as, firsts = moves.valued_as, moves.firsts
    distinct = 0
    for m in range(count):
        group = dice[m, 2]
        if group >= 0 and row_of_group[group] >= 0:
            valued_as[m] = row_of_group[group]
            continue
        valued_as[m] = distinct
        firsts[distinct] = m
        if group >= 0:
            row_of_group[group] = distinct
        distinct += 1
    for k in range(distinct):  # (-1 again for the next decision)
        group = dice[firsts[k], 2]
        if group >= 0:
            row_of_group[group] = -1
    sets, counts, set_groups = moves.sets, moves.counts, moves.groups
    for k in range(distinct):
        for i in range(MOVE_CELLS):
            sets[k, i] = rows[firsts[k], M_CELLS + i]
        counts[k] = rows[firsts[k], M_NUMBER]
        set_groups[k] = dice[firsts[k], 2]
    gained, future, new_colours = moves.gained, moves.future, moves.new_colours
    crossing_values(
        cell_column, cell_colour, cell_area, cell_star, neighbours, tables.area_cells,
        tables.area_size, crossed, near, sets[:distinct], counts, points, scale, rate,
        piece_rate, missing, pieces, hope, area_left, part_left, shapes, weights, frac,
        star_penalty, gained, future, new_colours, work.stamp, work.seen, stack, work.fresh,
        work.terms, work.term_marks, work.marks, work.keys, work.order, work.area_of,
        work.move_areas, work.inside, work.cell_bit, work.area_pattern, work.pattern_shapes,
        set_groups, work.group_facts, work.items)
    joker_cost = float(tables.mark_points) + weights[W_MARK_HOPE] * frac
    values = moves.values
    scores_known = False
    score_before = others_best = 0.0
    best_value = -weights[W_PASS_COST] if left > 0 else 0.0
    best = -1
    for m in range(count):
        k = valued_as[m]
        if new_colours[k] and done_colours + new_colours[k] >= COLOURS_TO_END:
            # The game ends: what is left of the future is lost.
            value = gained[k] - future_total
            # With others, plus a share of the lead it locks in. (A game of one seat that
            # is not solo has no others: the rules' bot fails there, max() of nothing.)
            if not solo and state.crossed.shape[0] > 1:
                if not scores_known:
                    scores_known = True
                    score_before = _seat_total(tables, state, seat, star_penalty,
                                               pass_penalty, work.lines)
                    others_best = _others_best(tables, state, seat, star_penalty,
                                               pass_penalty, work.lines)
                value += weights[W_LEAD] * (score_before + gained[k] - others_best)
        else:
            value = gained[k] + future[k]
        jokers = rows[m, M_COLOUR_JOKER] + rows[m, M_NUMBER_JOKER]
        if jokers:
            value -= jokers * joker_cost
        values[m] = value
        if value > best_value:
            best_value, best = value, m
    if best < 0:
        return -1, -1, -1, count
    return dice[best, 0], dice[best, 1], best, count


@kernel
def house_sets_of(tables, crossed, roll_colours, roll_numbers, colour_dice, number_dice,  # type: ignore[no-untyped-def]
                  marks_left, loose, six, work):
    """The sets of cells the house rules let the dice cross (``kernels.legal_sets``), for
    :func:`choose`: every set as a row of cells, and per colour and number the first row
    and the row after its last. (``choose`` lists the plain rules' moves from the tables'
    groups; a move through crossed cells or a ? as six needs sets of its own.)"""
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    found = expansions_into(work.expansions, work.face_pairs, tables.colours, roll_colours,
                            roll_numbers, colour_dice, number_dice, marks_left, six)
    where = np.zeros((tables.colours, JOKER_SIX + 1, 2), dtype=np.int64)
    listed = np.zeros((tables.colours, JOKER_SIX + 1), dtype=np.bool_)
    parts = []
    rows = 0
    for e in range(found):
        colour, n = work.expansions[e, 2], work.expansions[e, 3]
        if (not loose and n != JOKER_SIX) or listed[colour, n]:
            continue
        listed[colour, n] = True
        sets = legal_sets(tables, crossed, anchor, colour, n, loose)
        where[colour, n, 0], where[colour, n, 1] = rows, rows + sets.shape[0]
        rows += sets.shape[0]
        parts.append(sets)
    cells = np.full((rows, MOVE_CELLS), -1, dtype=np.int32)
    row = 0
    for sets in parts:
        cells[row:row + sets.shape[0]] = sets
        row += sets.shape[0]
    return cells, where


@kernel
def strong_choice(tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,  # type: ignore[no-untyped-def]
                  taken_columns, taken_colours, loose, six, weights, left, horizon, solo,
                  star_penalty, pass_penalty, compensated, work):
    """:func:`choose` for any house rules, with room for every move: returns (colour die,
    number die, the index of its move in the moves, every move's row and value); die -1
    (and index -1) for a pass. The moves and values are views of ``work`` (or, when the
    house rules list more moves than it holds, arrays of their own)."""
    cells, where = work.no_cells, work.no_sets
    if loose or six:
        marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
        cells, where = house_sets_of(tables, state.crossed[seat], roll_colours, roll_numbers,
                                     colour_dice, number_dice, marks_left, loose, six, work)
    moves = work.moves
    while True:
        colour_die, number_die, best, count = choose(
            tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,
            taken_columns, taken_colours, loose, six, cells, where, weights, left, horizon,
            solo, star_penalty, pass_penalty, compensated, work, moves)
        if count >= 0:
            return colour_die, number_die, best, moves.rows[:count], moves.values[:count]
        moves = moves_room(2 * moves.rows.shape[0])


# == whole games ===========================================================================
@plain_kernel
def play_row(rows, m, seat, counters, crossed_at, game, roll, cell_column, cell_colour,  # type: ignore[no-untyped-def]
             cell_row, column_size, colour_size, crossed, column_count, colour_count,
             row_count, later_column, later_colour, taken_columns, taken_colours,
             new_columns, new_colours):
    """Play move row ``rows[m]`` on ``seat``'s sheet (``kernels.cross_into`` on the state's
    rows of the seat, without allocating; ``new_columns`` and ``new_colours`` are its
    scratch), noting the roll its cells were crossed in (in ``crossed_at[game, seat]``,
    while ``game`` is in its range). For the game loops of the compiled bots."""
    counters[seat, C_MARKS_USED] += rows[m, M_COLOUR_JOKER] + rows[m, M_NUMBER_JOKER]
    if game < crossed_at.shape[0]:
        for k in range(M_CELLS, MOVE_WIDTH):
            if rows[m, k] >= 0:
                crossed_at[game, seat, rows[m, k]] = roll
    cross_into(new_columns, new_colours, rows[m, M_CELLS:], cell_column, cell_colour,
               cell_row, column_size, colour_size, crossed[seat], column_count[seat],
               colour_count[seat], row_count[seat], later_column[seat], later_colour[seat],
               taken_columns, taken_colours)


@plain_kernel
def all_but(out, dice, die):  # type: ignore[no-untyped-def]
    """``out``: ``dice`` without ``die`` (one shorter)."""
    j = 0
    for d in dice:
        if d != die:
            out[j] = d
            j += 1


@kernel
def play_strong_classic(tables, state, dice_colours, dice_numbers, solo, open_rolls, end_roll,  # type: ignore[no-untyped-def]
                        max_rolls, roll_limit, loose, six, weights, star_penalty,
                        pass_penalty, compensated, crossed_at, game, work):
    """One classic game played by the strong bot in every seat, as ``play_game`` plays it
    (the flow of ``kernels.play_classic``): roll ``r`` shows ``dice_colours[r]`` and
    ``dice_numbers[r]``; ``roll_limit`` is the game's (:data:`NO_LIMIT` for none) as the
    bot sees it, ``max_rolls`` where the loop stops. Notes in ``crossed_at[game]`` the
    roll (from 1) each cell was crossed in, while ``game`` is in its range. Returns the
    rolls played, or -1 when the dice ran out before the end. (A roll allocates nothing:
    the dice left to the others and the columns and colours taken are written in place.)"""
    seats = state.crossed.shape[0]
    all_colours = np.arange(dice_colours.shape[1])
    all_numbers = np.arange(dice_numbers.shape[1])
    others_colours = np.empty(max(dice_colours.shape[1] - 1, 0), dtype=all_colours.dtype)
    others_numbers = np.empty(max(dice_numbers.shape[1] - 1, 0), dtype=all_numbers.dtype)
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    new_columns = np.zeros(tables.width, dtype=np.bool_)
    new_colours = np.zeros(tables.colours, dtype=np.bool_)
    cell_column, cell_colour, cell_row = tables.cell_column, tables.cell_colour, tables.cell_row
    column_size, colour_size = tables.column_size, tables.colour_size
    crossed, counters = state.crossed, state.counters
    column_count, colour_count, row_count = state.column_count, state.colour_count, \
        state.row_count
    later_column, later_colour = state.later_column, state.later_colour
    limit = SOLO_ROLLS if solo else max_rolls
    horizon = horizon_of(weights, solo, roll_limit)
    house = loose or six
    moves = work.moves
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        if not solo:  # (a solo game takes nothing from others: the arrays stay False)
            taken_into(taken_columns, column_count, column_size)
            taken_into(taken_colours, colour_count, colour_size)
        left = rolls_left(weights, solo, roll_limit, rolls, end_triggered, end_roll, seats,
                          active)
        others_take_all = True
        for turn in range(seats):  # the active seat, then the others in order
            seat = active if turn == 0 else turn - 1 if turn - 1 < active else turn
            colour_dice = all_colours if turn == 0 or others_take_all else others_colours
            number_dice = all_numbers if turn == 0 or others_take_all else others_numbers
            if not house:  # (the plain rules' moves always fit the workspace)
                colour_die, number_die, best, _ = choose(
                    tables, state, seat, roll_colours, roll_numbers, colour_dice,
                    number_dice, taken_columns, taken_colours, loose, six, work.no_cells,
                    work.no_sets, weights, left, horizon, solo, star_penalty, pass_penalty,
                    compensated, work, moves)
                rows = moves.rows
            else:
                colour_die, number_die, best, rows, _ = strong_choice(
                    tables, state, seat, roll_colours, roll_numbers, colour_dice,
                    number_dice, taken_columns, taken_colours, loose, six, weights, left,
                    horizon, solo, star_penalty, pass_penalty, compensated, work)
            if colour_die >= 0:
                play_row(rows, best, seat, counters, crossed_at, game, rolls + 1, cell_column,
                         cell_colour, cell_row, column_size, colour_size, crossed,
                         column_count, colour_count, row_count, later_column, later_colour,
                         taken_columns, taken_colours, new_columns, new_colours)
            elif turn == 0:
                counters[seat, C_PASSES] += 1
            if turn == 0 and colour_die >= 0 and not (open_rolls and rolls < OPEN_ROLLS):
                others_take_all = False
                all_but(others_colours, all_colours, colour_die)
                all_but(others_numbers, all_numbers, number_die)
        rolls += 1
        end_triggered, over = roll_ends(colour_count, colour_size, end_triggered,
                                        solo or end_roll, active == seats - 1, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_strong_games(tables, state, dice_colours, dice_numbers, solo, open_rolls, end_roll,  # type: ignore[no-untyped-def]
                      max_rolls, roll_limit, loose, six, weights, star_penalty, pass_penalty,
                      compensated, crossed_at, work):
    """Many strong games one after the other on ``state`` (reset before each): game ``g``
    throws ``dice_colours[g]`` and ``dice_numbers[g]``. Returns the rolls of each game (-1:
    its dice ran out), each seat's score lines and marks used."""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_strong_classic(
            tables, state, dice_colours[game], dice_numbers[game], solo, open_rolls,
            end_roll, max_rolls, roll_limit, loose, six, weights, star_penalty, pass_penalty,
            compensated, crossed_at, game, work)
        for seat in range(seats):
            lines[game, seat] = classic_score(tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
