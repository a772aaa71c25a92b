"""Keer op Keer Kids, compiled: enclosures, the purple cross and chameleons, circles, the
greedy bot's choice (``GreedyBot.choose_enclosure``) and whole games.

The ``GreedyBot`` methods the docstrings below name are those of the Python bot these
kernels replaced (``rules/bots.py`` at 396ecac; tests/data/bots_answers.json keeps its
answers): ``GreedyBot`` now decides with these kernels
(:func:`~kok_layouts.rules.engine.live.decide_greedy`)."""

from __future__ import annotations

import numpy as np

from kok_layouts.rules.engine.greedy import _touching, note_crossed
from kok_layouts.rules.engine.kernels import (
    C_MARKS_USED,
    S_COLOURS,
    S_COLUMNS,
    S_JOKERS,
    SCORE_LINES,
    SOLO_ROLLS,
    colours_done,
    cross_cells_into,
    group_done,
    kernel,
    plain_kernel,
    reset,
    roll_ends,
    taken_by_any,
)

S_FOOD, S_BUCKETS, S_VISITORS = S_COLOURS, S_COLUMNS, S_JOKERS
"""Where a Kids sheet's circles are in the score lines
(:data:`~kok_layouts.rules.engine.kernels.SCORE_LINES`): food in the colours' line,
buckets in the columns', visitors in the line a classic sheet gives its marks (Kids' marks
score nothing)."""


@plain_kernel
def enclosure_open(tables, crossed, animal, area):  # type: ignore[no-untyped-def]
    """Whether enclosure ``area`` may be crossed by ``animal`` (any with -1): uncrossed, of
    that animal, holding a star or sharing a side with a crossed cell."""
    if animal >= 0 and tables.area_colour[area] != animal:
        return False
    if crossed[tables.area_cells[area, 0]]:
        return False
    for k in range(tables.area_size[area]):
        cell = tables.area_cells[area, k]
        if tables.cell_star[cell]:
            return True
        for j in range(tables.neighbours.shape[1]):
            other = tables.neighbours[cell, j]
            if other >= 0 and crossed[other]:
                return True
    return False


@kernel
def kids_open_enclosures(tables, crossed, animal):  # type: ignore[no-untyped-def]
    """The enclosures that may be crossed (:func:`enclosure_open`), in enclosure order."""
    out = np.empty(tables.area_size.shape[0], dtype=np.int32)
    count = 0
    for area in range(tables.area_size.shape[0]):
        if enclosure_open(tables, crossed, animal, area):
            out[count] = area
            count += 1
    return out[:count].copy()


@kernel
def kids_legal_moves(tables, crossed, marks_used, face):  # type: ignore[no-untyped-def]
    """Every legal Kids move of a die face (:func:`kids_legal_moves_into`, in an array of
    its own)."""
    out = np.empty((tables.area_size.shape[0] + 1, 3), dtype=np.int32)
    count = kids_legal_moves_into(out, tables, crossed, marks_used, face)
    return out[:count].copy()


@plain_kernel
def kids_legal_moves_into(out, tables, crossed, marks_used, face):  # type: ignore[no-untyped-def]
    """Every legal Kids move of a die face (``tables.colours`` = purple), written into the
    rows of ``out`` (at least one more than the enclosures): die face, enclosure,
    chameleon enclosure, -1 where there is none; returns how many. An animal crosses one
    open enclosure of its own; purple crosses the next mark, and every
    ``chameleon_every``-th mark also crosses any open enclosure (or nothing, with none
    left)."""
    purple = face == tables.colours
    if purple and tables.exclamation_marks - marks_used < 1:
        return 0
    if purple and (marks_used + 1) % tables.chameleon_every != 0:
        out[0, 0], out[0, 1], out[0, 2] = face, -1, -1
        return 1
    count = 0
    for area in range(tables.area_size.shape[0]):
        if enclosure_open(tables, crossed, -1 if purple else face, area):
            out[count, 0] = face
            out[count, 1] = -1 if purple else area
            out[count, 2] = area if purple else -1
            count += 1
    if purple and count == 0:  # the purple cross alone
        out[0, 0], out[0, 1], out[0, 2] = face, -1, -1
        count = 1
    return count


@kernel
def kids_play(tables, state, seat, move, taken_columns):  # type: ignore[no-untyped-def]
    """Play a Kids move row (see :func:`kids_legal_moves`). Returns the columns it
    completed (a boolean array)."""
    done_columns = np.zeros(tables.width, dtype=np.bool_)
    done_colours = np.zeros(tables.colours, dtype=np.bool_)
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    kids_play_into(done_columns, done_colours, no_colours, tables, state, seat, move,
                   taken_columns)
    return done_columns


@plain_kernel
def kids_play_into(done_columns, done_colours, no_colours, tables, state, seat, move,  # type: ignore[no-untyped-def]
                   taken_columns):
    """:func:`kids_play`, the columns and animals completed set in ``done_columns`` and
    ``done_colours`` (``no_colours``: all False; an animal has no later value)."""
    if move[0] == tables.colours:
        state.counters[seat, C_MARKS_USED] += 1
    for k in (1, 2):
        area = move[k]
        if area >= 0:
            cross_cells_into(done_columns, done_colours, tables, state, seat,
                             tables.area_cells[area, :tables.area_size[area]],
                             taken_columns, no_colours)


@kernel
def kids_score(tables, state, seat):  # type: ignore[no-untyped-def]
    """Kids circles: (buckets, visitors, food) of ``seat`` (:func:`kids_score_into`)."""
    lines = np.zeros(SCORE_LINES, dtype=np.int32)
    kids_score_into(lines, tables, state, seat)
    return lines[S_BUCKETS], lines[S_VISITORS], lines[S_FOOD]


@plain_kernel
def kids_score_into(lines, tables, state, seat):  # type: ignore[no-untyped-def]
    """Kids circles of ``seat`` written into ``lines`` (:data:`S_BUCKETS`,
    :data:`S_VISITORS`, :data:`S_FOOD`; the other lines 0): each completed column's
    buckets, a visitor for each column it completed first, each completed animal's
    food."""
    lines[:] = 0
    for column in range(tables.width):
        if group_done(state.column_count, tables.column_size, seat, column):
            lines[S_BUCKETS] += tables.buckets[column]
            if not state.later_column[seat, column]:
                lines[S_VISITORS] += 1
    lines[S_FOOD] = tables.food_boxes * colours_done(tables, state, seat)


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
def play_kids(tables, state, dice, solo, max_rolls, weights, crossed_at, game):  # type: ignore[no-untyped-def]
    """One Kids game played by greedy bots in every seat, as ``play_game`` plays a
    ``KidsGame``: the active player keeps a die, the others choose from the two left (all
    three if the active player crossed nothing); the game stops after the roll in which
    a seat completes two animals. Notes in ``crossed_at[game]`` the roll each cell was
    crossed in, while ``game`` is in its range. Returns the rolls played, -1 when the
    dice ran out."""
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
        taken_columns = (no_columns if solo
                         else taken_by_any(state.column_count, tables.column_size))
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
        if game < crossed_at.shape[0]:
            note_crossed(state.crossed, crossed_at[game], rolls)
        _, over = roll_ends(state.colour_count, tables.colour_size, False, True, True, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_kids_games(tables, state, dice, solo, max_rolls, weights, crossed_at):  # type: ignore[no-untyped-def]
    """:func:`~kok_layouts.rules.engine.greedy.play_classic_games` for Kids: the lines hold
    food, buckets and visitors (:data:`S_FOOD`, :data:`S_BUCKETS`, :data:`S_VISITORS`)."""
    games, seats = dice.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_kids(tables, state, dice[game], solo, max_rolls, weights,
                                crossed_at, game)
        for seat in range(seats):
            kids_score_into(lines[game, seat], tables, state, seat)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
