"""The learned bot of Keer op Keer Kids as compiled kernels: ``LearnedBot.choose_enclosure``
inside the engine.

:func:`kids_learned_choice` values every choice of ``KidsGame.choices_for`` as
:func:`~kok_layouts.rules.engine.strong_kids.kids_strong_choice` does (an animal's open
enclosure, the purple mark, a chameleon's enclosure; for the active seat of a game with
others less what its die leaves them), then does what ``LearnedBot.choose_enclosure`` does:
one candidate per cells and use of the purple die as purple (the best valued, the first
listed of equals), the ``count`` best by value (no passing: a Kids player may not pass while
a move is legal), their features (:func:`~kok_layouts.rules.engine.learned_kok2.
features_into`) and the first of the highest strong value plus correction.
:func:`play_learned_kids_games` plays whole games with it in every seat, as ``play_game``
plays a ``KidsGame``, and can keep every decision for training.
"""

from __future__ import annotations

import numpy as np

from kok_layouts.rules.engine.greedy import note_crossed
from kok_layouts.rules.engine.kernels import (
    C_MARKS_USED,
    SCORE_LINES,
    SOLO_ROLLS,
    kernel,
    reset,
    roll_ends,
    taken_into,
)
from kok_layouts.rules.engine.kids import (
    S_BUCKETS,
    S_FOOD,
    S_VISITORS,
    kids_legal_moves,
    kids_play,
    kids_score,
)
from kok_layouts.rules.engine.learned_kernels import record_decision
from kok_layouts.rules.engine.learned_kok2 import (
    best_slots,
    decision_counts,
    distinct_of,
    features_into,
    pick_index,
)
from kok_layouts.rules.engine.strong_kernels import (
    W_DENY,
    W_PURPLE,
    horizon_of,
    rolls_left,
)
from kok_layouts.rules.engine.strong_kids import _enclosures_into, kids_denial
from kok_layouts.rules.engine.strong_kok2 import (
    P_FRAC,
    P_FUTURE,
    cells_value,
    kids_total,
    kok2_prepare,
)


@kernel
def kids_learned_choice(tables, state, seat, roll, dice, taken_columns, taken_colours,  # type: ignore[no-untyped-def]
                        weights, left, horizon, solo, deny, compensated, correction,
                        candidates, work, lw):
    """``LearnedBot.choose_enclosure`` of a Kids seat among the dice ``dice`` (indices into
    ``roll``; ``deny``: weigh what the kept die leaves the others, as the active seat of a
    game with others does). Returns (die, move row as ``kids_legal_moves`` gives it, how
    many candidates were weighed, the candidate taken, the base of its value for a trace:
    score before plus future total); die -1 when nothing is legal. Per candidate its
    listing (in the order of ``KidsGame.choices_for``), features, strong value and total
    are in ``lw``."""
    no_rows = np.zeros(tables.height, dtype=np.bool_)
    denial = np.zeros(roll.shape[0])
    if deny:
        denial = kids_denial(tables, state, seat, roll, taken_columns, no_rows, weights, left,
                             horizon, compensated, work)
    kok2_prepare(tables, state, seat, taken_columns, np.zeros(tables.colours, dtype=np.bool_),
                 no_rows, weights, left, horizon, 0, compensated, True, work)
    chameleon_soon = weights[W_PURPLE] * work.pos[P_FRAC]
    crossed = state.crossed[seat]
    together = work.together
    room = 16
    flat = np.empty(room * tables.area_cells.shape[1] * 2, dtype=np.int64)
    start = np.empty(room, dtype=np.int64)
    size = np.empty(room, dtype=np.int64)
    key = np.empty(room, dtype=np.int64)
    values = np.empty(room)
    rows = np.empty((room, 4), dtype=np.int32)  # die, then the move's row
    listed = used = 0
    seen = np.zeros(tables.colours + 1, dtype=np.bool_)
    for die in dice:
        face = roll[die]
        if seen[face]:
            continue
        seen[face] = True
        moves = kids_legal_moves(tables, crossed, state.counters[seat, C_MARKS_USED], face)
        for m in range(moves.shape[0]):
            count = _enclosures_into(tables, together, 0, moves[m, 1:])
            value, _ = cells_value(tables, state, seat, together, count, work, weights, 0, 0,
                                   solo, True)
            purple = face == tables.colours and moves[m, 2] < 0  # purple, no chameleon
            if purple:
                value += chameleon_soon
            if deny:
                value -= weights[W_DENY] * denial[die]
            if listed == start.shape[0]:
                bigger = 2 * listed
                start2, size2, key2 = np.empty(bigger, dtype=np.int64), \
                    np.empty(bigger, dtype=np.int64), np.empty(bigger, dtype=np.int64)
                values2, rows2 = np.empty(bigger), np.empty((bigger, 4), dtype=np.int32)
                start2[:listed], size2[:listed], key2[:listed] = start, size, key
                values2[:listed], rows2[:listed] = values, rows
                start, size, key, values, rows = start2, size2, key2, values2, rows2
            if used + count > flat.shape[0]:
                flat2 = np.empty(2 * (used + count), dtype=np.int64)
                flat2[:used] = flat[:used]
                flat = flat2
            for i in range(count):
                flat[used + i] = together[i]
            start[listed], size[listed], key[listed] = used, count, 1 if purple else 0
            used += count
            values[listed] = value
            rows[listed, 0] = die
            rows[listed, 1:] = moves[m]
            listed += 1
    best_move = np.full(3, -1, dtype=np.int32)
    if listed == 0:
        return -1, best_move, 0, 0, 0.0
    first = distinct_of(flat, start, size, key, listed, lw)
    best = best_slots(values, first, listed, candidates)
    decision_counts(tables, crossed, work.near, lw)
    found = 0
    for k in best:
        lw.picked[found], lw.values[found] = k, values[k]
        for i in range(4):
            lw.choices[found, i] = rows[k, i]
        features_into(tables, state, seat, flat[start[k]:], size[k], values[k], 0, False,
                      False, False, taken_columns, taken_colours, True, work, lw, found)
        found += 1
    chosen = pick_index(lw, found, correction)
    base = kids_total(tables, state, seat) + work.pos[P_FUTURE]
    k = lw.picked[chosen]
    best_move[:] = rows[k, 1:]
    return rows[k, 0], best_move, found, chosen, base


# == whole games ===========================================================================
@kernel
def play_learned_kids(tables, state, dice, solo, max_rolls, roll_limit, weights, compensated,  # type: ignore[no-untyped-def]
                      correction, candidates, crossed_at, game, work, lw, trace):
    """One Kids game played by the learned bot in every seat, as ``play_game`` plays a
    ``KidsGame``: the flow of ``strong_kids.play_strong_kids`` (see there), each decision
    :func:`kids_learned_choice`; every decision is kept in ``trace`` (while it has room).
    Returns the rolls played, -1 when the dice ran out."""
    seats = state.crossed.shape[0]
    all_dice = np.arange(dice.shape[1])
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    horizon = horizon_of(weights, solo, roll_limit)
    deny = not solo and weights[W_DENY] != 0.0
    tracing = trace.seat.shape[0] > 0
    active = 0
    rolls = 0
    while True:
        if rolls >= dice.shape[0]:
            return -1
        roll = dice[rolls]
        if not solo:
            taken_into(taken_columns, state.column_count, tables.column_size)
            taken_into(taken_colours, state.colour_count, tables.colour_size)
        left = rolls_left(weights, solo, roll_limit, rolls, False, True, seats, active)
        die, move, found, chosen, base = kids_learned_choice(
            tables, state, active, roll, all_dice, taken_columns, taken_colours, weights,
            left, horizon, solo, deny, compensated, correction, candidates, work, lw)
        if tracing and found:
            record_decision(trace, active, found, chosen, base, lw)
        others = all_dice
        if die >= 0:
            kids_play(tables, state, active, move, taken_columns)
            others = all_dice[all_dice != die]
        for seat in range(seats):
            if seat == active:
                continue
            other, move, found, chosen, base = kids_learned_choice(
                tables, state, seat, roll, others, taken_columns, taken_colours, weights,
                left, horizon, solo, False, compensated, correction, candidates, work, lw)
            if tracing and found:
                record_decision(trace, seat, found, chosen, base, lw)
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
def play_learned_kids_games(tables, state, dice, solo, max_rolls, roll_limit, weights,  # type: ignore[no-untyped-def]
                            compensated, correction, candidates, crossed_at, work, lw, trace):
    """Many learned Kids games one after the other on ``state`` (reset before each): game
    ``g`` throws ``dice[g]``. Returns the rolls of each game (-1: its dice ran out), each
    seat's score lines and marks used. (``trace``: empty, or room for one game's
    decisions.)"""
    games, seats = dice.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        trace.used[:] = 0
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_learned_kids(tables, state, dice[game], solo, max_rolls,
                                        roll_limit, weights, compensated, correction,
                                        candidates, crossed_at, game, work, lw, trace)
        for seat in range(seats):
            buckets, visitors, food = kids_score(tables, state, seat)
            lines[game, seat, S_BUCKETS] = buckets
            lines[game, seat, S_VISITORS] = visitors
            lines[game, seat, S_FOOD] = food
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
