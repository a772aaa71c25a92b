"""The greedy bot and whole classic games, compiled: GreedyBot's choice rule over the
engine's arrays (:mod:`kok_layouts.rules.engine.kernels`), weighing every move with the
same sums of the same floats in the same order as :class:`~kok_layouts.rules.bots.
GreedyBot`, and the game loop of ``play_game``.

The ``GreedyBot`` methods the docstrings below name are those of the Python bot these
kernels replaced (``rules/bots.py`` at 396ecac; tests/data/bots_answers.json keeps its
answers): ``GreedyBot`` now decides with these kernels
(:func:`~kok_layouts.rules.engine.live.decide_greedy`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from kok_layouts.rules.engine.kernels import (
    C_HEARTS,
    C_MARKS_USED,
    C_PASSES,
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
    anchor_of,
    classic_score,
    cross_on_arrays,
    kernel,
    legal_sets,
    reset,
    roll_ends,
    taken_by_any,
)
from kok_layouts.rules.engine.tables import MOVE_CELLS


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
def note_crossed(crossed, crossed_at, roll):  # type: ignore[no-untyped-def]
    """Note ``roll`` (from 1) in ``crossed_at`` (seats x cells) for every cell crossed
    (``crossed``, seats x cells) since the last note: the roll each cell was crossed in,
    0 if never, as ``kok simulate`` keeps it."""
    for seat in range(crossed.shape[0]):
        for cell in range(crossed.shape[1]):
            if crossed[seat, cell] and crossed_at[seat, cell] == 0:
                crossed_at[seat, cell] = roll


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
def expansions_into(out, seen, colours, roll_colours, roll_numbers, colour_dice,  # type: ignore[no-untyped-def]
                    number_dice, marks_left, six):
    """What the dice a seat may take can stand for, in the order of ``Game.move_options``:
    rows (colour die, number die, colour, number, colour joker, number joker), each pair
    of faces once, those whose jokers cost more marks than are left left out. Written into
    ``out`` (``seen``: scratch of (colours + 1) * 6 flags), so that the strong bot's
    decisions allocate nothing; returns how many rows."""
    count = 0
    seen[:] = False
    for ci in colour_dice:
        colour_face = roll_colours[ci]
        colour_joker = colour_face == colours
        for ni in number_dice:
            number_face = roll_numbers[ni]
            if seen[colour_face * 6 + number_face]:
                continue
            seen[colour_face * 6 + number_face] = True
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
                        out[count, 0], out[count, 1] = ci, ni
                        out[count, 2] = colour
                        out[count, 3] = JOKER_SIX if sixes else n
                        out[count, 4] = colour_joker
                        out[count, 5] = number_joker
                        count += 1
                        if sixes:
                            break
    return count


@kernel
def _expansions(colours, roll_colours, roll_numbers, colour_dice, number_dice, marks_left,  # type: ignore[no-untyped-def]
                six):
    """:func:`expansions_into` in arrays of its own: the rows it found."""
    found = np.empty((colour_dice.shape[0] * number_dice.shape[0] * colours * 6, 6),
                     dtype=np.int64)
    seen = np.zeros((colours + 1) * 6, dtype=np.bool_)
    count = expansions_into(found, seen, colours, roll_colours, roll_numbers, colour_dice,
                            number_dice, marks_left, six)
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
                 loose, six, weights, crossed_at, game):
    """One classic game played by greedy bots in every seat, as ``play_game`` plays it:
    roll ``r`` shows ``dice_colours[r]`` and ``dice_numbers[r]``; the active player
    chooses, then every other seat in seat order from the dice left (all of them in the
    first three rolls with ``open_rolls``, or when the active player passed); the game
    ends as ``Game.finish_roll`` decides. Notes in ``crossed_at[game]`` the roll each
    cell was crossed in, while ``game`` is in its range (:func:`note_crossed`). Returns
    the rolls played, or -1 when the dice ran out before the end (the caller throws
    more)."""
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
            taken_columns = taken_by_any(column_count, column_size)
            taken_colours = taken_by_any(colour_count, colour_size)
        colour_die, number_die, move = greedy_choice(
            tables, state, active, roll_colours, roll_numbers, all_colours, all_numbers, rolls,
            taken_columns, taken_colours, loose, six, weights)
        if colour_die >= 0:
            state.counters[active, C_MARKS_USED] += move[M_COLOUR_JOKER] + move[M_NUMBER_JOKER]
            cross_on_arrays(move[M_CELLS:], cell_column, cell_colour, cell_row, column_size,
                            colour_size, crossed[active], column_count[active],
                            colour_count[active], row_count[active], later_column[active],
                            later_colour[active], taken_columns, taken_colours)
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
                cross_on_arrays(move[M_CELLS:], cell_column, cell_colour, cell_row, column_size,
                                colour_size, crossed[seat], column_count[seat], colour_count[seat],
                                row_count[seat], later_column[seat], later_colour[seat],
                                taken_columns, taken_colours)
        rolls += 1
        if game < crossed_at.shape[0]:
            note_crossed(crossed, crossed_at[game], rolls)
        end_triggered, over = roll_ends(colour_count, colour_size, end_triggered,
                                        solo or end_roll, active == seats - 1, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_classic_games(tables, state, dice_colours, dice_numbers, solo, open_rolls,  # type: ignore[no-untyped-def]
                       end_roll, max_rolls, loose, six, weights, star_penalty, pass_penalty,
                       crossed_at):
    """Many classic games one after the other on ``state`` (reset before each): game
    ``g`` throws ``dice_colours[g]`` and ``dice_numbers[g]``. Returns the rolls of each
    game (-1: its dice ran out), each seat's score lines and marks used; notes the roll
    each cell was crossed in in ``crossed_at`` (games x seats x cells, zeros) when it has
    a row per game (none: nothing noted, the fast path). (One entry kernel per edition: a
    process compiles only the editions it plays.)"""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        rolls[game] = play_classic(tables, state, dice_colours[game], dice_numbers[game],
                                   solo, open_rolls, end_roll, max_rolls, loose, six, weights,
                                   crossed_at, game)
        for seat in range(seats):
            lines[game, seat] = classic_score(tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
