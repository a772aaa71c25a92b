"""The strong bot of Keer op Keer Kids as compiled kernels: ``StrongBot.choose_enclosure``
inside the engine (issue 33).

For one seat's decision :func:`kids_strong_choice` values every choice of
``KidsGame.choices_for`` (an animal's open enclosure, the purple mark, a chameleon's
enclosure) as ``StrongBot._valued_enclosures`` does: the evaluation of the position after it
(:func:`~kok_layouts.rules.engine.strong_kok2.cells_value` on the columns and animals of
the sheet), plus the hope of the next chameleon for a plain purple mark, less, for the
active seat of a game with others, what the die it keeps leaves the other seats
(``StrongBot._denial``: for each other seat the best of the two dice left, each die's best
move valued in that seat's own position). It takes the first of the best, as ``max`` does;
a Kids player may not pass while a move is legal. :func:`play_strong_kids_games` plays
whole games with it in every seat, as ``play_game`` plays a ``KidsGame``.
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
    kids_open_enclosures,
    kids_play,
    kids_score,
)
from kok_layouts.rules.engine.strong_kernels import (
    W_DENY,
    W_PURPLE,
    horizon_of,
    rolls_left,
)
from kok_layouts.rules.engine.strong_kok2 import P_FRAC, cells_value, kok2_prepare


@kernel
def _enclosures_into(tables, out, first, areas):  # type: ignore[no-untyped-def]
    """The cells of the enclosures ``areas`` (-1: none) into ``out`` from ``first`` on;
    returns where they end."""
    used = first
    for area in areas:
        if area >= 0:
            for k in range(tables.area_size[area]):
                out[used] = tables.area_cells[area, k]
                used += 1
    return used


@kernel
def kids_denial(tables, state, seat, roll, taken_columns, no_rows, weights, left, horizon,  # type: ignore[no-untyped-def]
                compensated, work):
    """``StrongBot._denial``: for each die of ``roll`` the active ``seat`` may keep, what
    the other seats can still do with the two dice left, added up over them (each seat the
    best of the two dice's faces, a face's best the best value of its moves in that seat's
    own position; 0 for a face without one)."""
    dice = roll.shape[0]
    denial = np.zeros(dice)
    best_by_face = np.zeros(tables.colours + 1)
    no_colours = np.zeros(tables.colours, dtype=np.bool_)  # (an animal's food is everyone's)
    together = work.together
    for other in range(state.crossed.shape[0]):
        if other == seat:
            continue
        kok2_prepare(tables, state, other, taken_columns, no_colours, no_rows, weights, left,
                     horizon, 0, compensated, True, work)
        crossed = state.crossed[other]
        for d in range(dice):
            face = roll[d]
            seen = False
            for e in range(d):
                seen = seen or roll[e] == face
            if seen:
                continue
            if face < tables.colours:
                areas = kids_open_enclosures(tables, crossed, face)
                moves = np.full((areas.shape[0], 3), -1, dtype=np.int32)
                moves[:, 1] = areas
            else:
                moves = kids_legal_moves(tables, crossed, state.counters[other, C_MARKS_USED],
                                         face)
            best = 0.0
            for m in range(moves.shape[0]):
                used = _enclosures_into(tables, together, 0, moves[m, 1:])
                value, _ = cells_value(tables, state, other, together, used, work, weights, 0,
                                       0, False, True)
                if m == 0 or value > best:
                    best = value
            best_by_face[face] = best
        for kept in range(dice):
            rest = 0.0
            found = False
            for d in range(dice):
                if d == kept:
                    continue
                if not found or best_by_face[roll[d]] > rest:
                    rest = best_by_face[roll[d]]
                    found = True
            denial[kept] += rest
    return denial


@kernel
def kids_strong_choice(tables, state, seat, roll, dice, taken_columns, weights, left,  # type: ignore[no-untyped-def]
                       horizon, solo, deny, compensated, work):
    """StrongBot's Kids choice for ``seat`` among the dice ``dice`` (indices into
    ``roll``): every legal move in the order of ``KidsGame.choices_for`` valued as
    ``_valued_enclosures`` values it (``deny``: weigh what the kept die leaves the others,
    as the active seat of a game with others does), the first of the best. Returns (die,
    move row as ``kids_legal_moves`` gives it, every move's value); die -1 when nothing
    is legal."""
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
    values = np.empty(16)
    listed = 0
    best_value = 0.0
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
            used = _enclosures_into(tables, together, 0, moves[m, 1:])
            value, _ = cells_value(tables, state, seat, together, used, work, weights, 0, 0,
                                   solo, True)
            if face == tables.colours and moves[m, 2] < 0:  # purple, no chameleon
                value += chameleon_soon
            if deny:
                value -= weights[W_DENY] * denial[die]
            if listed == values.shape[0]:
                bigger = np.empty(2 * listed)
                bigger[:listed] = values
                values = bigger
            values[listed] = value
            listed += 1
            if best_die < 0 or value > best_value:
                best_value, best_die = value, die
                best[:] = moves[m]
    return best_die, best, values[:listed]


# == whole games ===========================================================================
@kernel
def play_strong_kids(tables, state, dice, solo, max_rolls, roll_limit, weights, compensated,  # type: ignore[no-untyped-def]
                     crossed_at, game, work):
    """One Kids game played by the strong bot in every seat, as ``play_game`` plays a
    ``KidsGame`` (the flow of ``kids.play_kids``): the active player keeps a die, the others
    choose from the two left (all three if the active player crossed nothing); the game
    stops after the roll in which a seat completes two animals. ``roll_limit`` is the
    game's (``NO_LIMIT`` for none) as the bot sees it, ``max_rolls`` where the loop stops.
    Notes in ``crossed_at[game]`` the roll each cell was crossed in, while ``game`` is in
    its range. Returns the rolls played, -1 when the dice ran out."""
    seats = state.crossed.shape[0]
    all_dice = np.arange(dice.shape[1])
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    horizon = horizon_of(weights, solo, roll_limit)
    deny = not solo and weights[W_DENY] != 0.0
    active = 0
    rolls = 0
    while True:
        if rolls >= dice.shape[0]:
            return -1
        roll = dice[rolls]
        if not solo:
            taken_into(taken_columns, state.column_count, tables.column_size)
        # (A Kids game ends in the roll a seat completes its second animal.)
        left = rolls_left(weights, solo, roll_limit, rolls, False, True, seats, active)
        die, move, _ = kids_strong_choice(tables, state, active, roll, all_dice, taken_columns,
                                          weights, left, horizon, solo, deny, compensated,
                                          work)
        others = all_dice
        if die >= 0:
            kids_play(tables, state, active, move, taken_columns)
            others = all_dice[all_dice != die]
        for seat in range(seats):
            if seat == active:
                continue
            other, move, _ = kids_strong_choice(tables, state, seat, roll, others,
                                                taken_columns, weights, left, horizon, solo,
                                                False, compensated, work)
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
def play_strong_kids_games(tables, state, dice, solo, max_rolls, roll_limit, weights,  # type: ignore[no-untyped-def]
                           compensated, crossed_at, work):
    """Many strong Kids games one after the other on ``state`` (reset before each): game
    ``g`` throws ``dice[g]``. Returns the rolls of each game (-1: its dice ran out), each
    seat's score lines (food, buckets, visitors as ``kids.S_FOOD`` and its neighbours say)
    and marks used."""
    games, seats = dice.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_strong_kids(tables, state, dice[game], solo, max_rolls, roll_limit,
                                       weights, compensated, crossed_at, game, work)
        for seat in range(seats):
            buckets, visitors, food = kids_score(tables, state, seat)
            lines[game, seat, S_BUCKETS] = buckets
            lines[game, seat, S_VISITORS] = visitors
            lines[game, seat, S_FOOD] = food
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
