"""The learned bot of the classic game as compiled kernels:
:class:`kok_layouts.rules.learned.LearnedBot` inside the engine (issue 33).

The learned bot is the strong bot's valuation of a decision plus a linear correction of its
few best moves. :func:`learned_pick` takes over where the strong bot's
:func:`~kok_layouts.rules.engine.strong_kernels.choose` leaves a decision (every move of
``Game.move_options`` in its order with its strong value, the distinct sets of cells, the
position's groups and the cells next to a cross in the :class:`Workspace`) and does what
``LearnedBot.choose_by_dice`` does after ``StrongBot._best_few``: one candidate per cells
and jokers (the best valued, the first of equals), the ``count`` best of them by value (the
first listed of equals, as Python's stable sort keeps them), passing before them; per
candidate the 32 features of ``LearnedBot.features`` with the same operations in the same
order; and the first of the highest strong value plus correction. :func:`play_learned_games`
plays whole classic games with it in every seat, as ``play_game`` plays them.

The correction's dot product is a plain sum in feature order, where the rules' bot asks
numpy (a BLAS matrix-vector product, whose order of additions depends on the machine): the
totals may differ in their last bit, which changes a choice only between two candidates
within about 1e-15 of each other, and there the kernel asks numpy (:func:`numpy_pick`;
tests/test_learned_answers.py replays the Python bot's recorded decisions).

Kept apart from :mod:`~kok_layouts.rules.engine.strong_kernels`: the strong bot's games
(``kok check``'s) do not compile the learned bot.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numba
import numpy as np

from kok_layouts.rules.engine.kernels import (
    C_MARKS_USED,
    C_PASSES,
    M_CELLS,
    M_COLOUR_JOKER,
    M_NUMBER_JOKER,
    MOVE_WIDTH,
    OPEN_ROLLS,
    SCORE_LINES,
    SOLO_ROLLS,
    Floats,
    Int64s,
    classic_score,
    kernel,
    plain_kernel,
    reset,
    roll_ends,
    taken_into,
)
from kok_layouts.rules.engine.strong_kernels import (
    W_PASS_COST,
    all_but,
    choose,
    horizon_of,
    house_sets_of,
    moves_room,
    play_row,
    prepare,
    rolls_left,
)
from kok_layouts.rules.engine.tables import Tables
from kok_layouts.rules.value_network import network_totals

FEATURE_COUNT = 32
"""``len(kok_layouts.rules.learned.FEATURES)``."""
MOST_CANDIDATES = 64
"""Room for this many candidates besides passing (``limits.LEARNED_CANDIDATES``' most)."""
JOKER_KINDS = 3
"""A move uses 0, 1 or 2 exclamation marks."""
MOST_HIDDEN = 64
"""The most units of a hidden layer of the value network (``limits.LEARNED_HIDDEN``)."""


class LearnedWork(NamedTuple):
    """The arrays a learned decision works in, besides the strong bot's
    :class:`~kok_layouts.rules.engine.strong_kernels.Workspace` (:func:`new_learned_work`)."""

    slot_of: Int64s
    """Per distinct set of cells and jokers: its candidate slot, -1 between decisions."""
    slot_move: Int64s
    """Per slot (in the order its cells and jokers were first listed): its best move."""
    slot_value: Floats
    taken: Int64s
    """Per slot: the decision that took it among the best (a stamp)."""
    canon: Int64s
    """Per distinct set: the first distinct set with the same cells (the house rules may
    list a set twice)."""
    stamp: Int64s
    """Per cell: the last candidate that crossed it (a stamp)."""
    ring: Int64s
    """Per cell: the last candidate whose new neighbour it was counted as (a stamp)."""
    marks: Int64s
    """The last stamps used: [candidates, decisions]."""
    column_hits: Int64s
    colour_hits: Int64s
    picked: Int64s
    """Per candidate (passing first): its move (-1: passing)."""
    features: Floats
    """Per candidate its features (the rules' bot's ``Candidate.features``)."""
    totals: Floats
    values: Floats
    """Per candidate its strong value."""
    hidden: Floats
    """The value network's first hidden layer (:func:`network_value`)."""


class TraceArrays(NamedTuple):
    """Room for every learned decision of one game (:func:`new_trace`): what
    ``LearnedBot.trace`` records, with every candidate, so that the rules' sums
    (``features @ correction`` by numpy) can be made again after the game."""

    seat: Int64s
    found: Int64s
    """Per decision: how many candidates were weighed."""
    chosen: Int64s
    """Per decision: the candidate taken."""
    base: Floats
    """Per decision: the seat's score before it plus the future total of its position
    (``pos.score_before + StrongBot._future_total``)."""
    features: Floats
    """Per decision and candidate its features."""
    values: Floats
    """Per decision and candidate its strong value."""
    used: Int64s
    """[decisions recorded, decisions that found no room]."""


def new_trace(decisions: int, candidates: int) -> TraceArrays:
    """Room for ``decisions`` decisions of up to ``candidates`` candidates besides
    passing (0 decisions: nothing is recorded)."""
    return TraceArrays(
        seat=np.zeros(decisions, dtype=np.int64), found=np.zeros(decisions, dtype=np.int64),
        chosen=np.zeros(decisions, dtype=np.int64), base=np.zeros(decisions),
        features=np.zeros((decisions, candidates + 1, FEATURE_COUNT)),
        values=np.zeros((decisions, candidates + 1)), used=np.zeros(2, dtype=np.int64))


@plain_kernel
def record_decision(trace, seat, found, chosen, base, lw):  # type: ignore[no-untyped-def]
    """Keep one decision of ``seat`` (its ``found`` candidates in ``lw``) in ``trace``, if
    it has room (else counts it as lost)."""
    at = trace.used[0]
    if at >= trace.seat.shape[0] or found > trace.values.shape[1]:
        trace.used[1] += 1
        return
    trace.used[0] = at + 1
    trace.seat[at], trace.found[at], trace.chosen[at], trace.base[at] = seat, found, chosen, \
        base
    for c in range(found):
        trace.values[at, c] = lw.values[c]
        for j in range(FEATURE_COUNT):
            trace.features[at, c, j] = lw.features[c, j]


@plain_kernel
def group_features(missing, column_hits, colour_hits, points, colour_size, taken_columns,  # type: ignore[no-untyped-def]
                   taken_colours):
    """The features of the columns and colours after a move (``LearnedBot.features``):
    per group its cells ``missing`` before less those the move crosses (``column_hits``,
    ``colour_hits``, set back to 0 here; the colours' groups after the columns' in
    ``missing``). Returns the columns done, one, two and three cells from done, the points
    (``points``: a column's when first completed) of those one or two from done, the
    columns claimed by others one to three from done; the best two colours' shares done,
    the colours done, one or two from done and at least half done, and the colours claimed
    by others five or fewer from done."""
    width = column_hits.shape[0]
    done_columns = one = two = three = 0
    near_points = 0.0
    claimed_columns = claimed_colours = 0
    for g in range(width):
        remaining = missing[g] - column_hits[g]
        column_hits[g] = 0
        if remaining == 0:
            done_columns += 1
        elif remaining == 1:
            one += 1
            near_points += float(points[g])
        elif remaining == 2:
            two += 1
            near_points += float(points[g])
        elif remaining == 3:
            three += 1
        if 0 < remaining <= 3 and taken_columns[g]:
            claimed_columns += 1
    share_best = share_second = 0.0
    colours_done = near_colours = halfway = 0
    for colour in range(colour_hits.shape[0]):
        colour_cells = colour_size[colour]
        remaining = missing[width + colour] - colour_hits[colour]
        colour_hits[colour] = 0
        share = 1.0 - remaining / colour_cells if colour_cells else 1.0
        # The best two of the shares (``sorted(shares, reverse=True)[:2]``).
        if colour == 0 or share > share_best:
            if colour > 0:
                share_second = share_best
            share_best = share
        elif colour == 1 or share > share_second:
            share_second = share
        if remaining == 0:
            colours_done += 1
        elif remaining <= 2:
            near_colours += 1
        elif remaining <= colour_cells // 2:
            halfway += 1
        if 0 < remaining <= 5 and taken_colours[colour]:
            claimed_colours += 1
    return done_columns, one, two, three, near_points, claimed_columns, share_best, \
        share_second, colours_done, near_colours, halfway, claimed_colours


@plain_kernel
def network_value(correction, features, c, hidden):  # type: ignore[no-untyped-def]
    """The value network's output for the features of candidate ``c`` (row ``c`` of
    ``features``): 0 when ``correction`` is the linear weights alone. After the
    :data:`FEATURE_COUNT` linear weights ``correction`` holds the network
    (``kok_layouts.rules.learned.network_vector``): its two hidden sizes ``h1`` and
    ``h2``, then ``W1`` (``h1`` rows of the features' weights), ``b1``, ``W2`` (``h2`` rows
    of ``h1``), ``b2``, the output's weights ``w3`` (``h2``) and its bias; both hidden
    layers are ``tanh``. ``hidden`` holds the first layer (room for ``h1``)."""
    if correction.shape[0] <= FEATURE_COUNT:
        return 0.0
    h1 = int(correction[FEATURE_COUNT])
    h2 = int(correction[FEATURE_COUNT + 1])
    w1 = FEATURE_COUNT + 2
    b1 = w1 + h1 * FEATURE_COUNT
    w2 = b1 + h1
    b2 = w2 + h2 * h1
    w3 = b2 + h2
    for i in range(h1):
        total = correction[b1 + i]
        row = w1 + i * FEATURE_COUNT
        for j in range(FEATURE_COUNT):
            total += correction[row + j] * features[c, j]
        hidden[i] = math.tanh(total)
    out = correction[w3 + h2]
    for k in range(h2):
        total = correction[b2 + k]
        row = w2 + k * h1
        for i in range(h1):
            total += correction[row + i] * hidden[i]
        out += correction[w3 + k] * math.tanh(total)
    return out


TIE = 1e-9
"""Totals this close (relative to the sum of their terms' sizes) are counted again as the
rules' bot counts them (:func:`numpy_pick`)."""


def new_learned_work(tables: Tables, moves: int) -> LearnedWork:
    """Room for a learned decision of up to ``moves`` moves on ``tables``' sheet."""
    size = tables.size
    return LearnedWork(
        slot_of=np.full(moves * JOKER_KINDS, -1, dtype=np.int64),
        slot_move=np.zeros(moves, dtype=np.int64), slot_value=np.zeros(moves),
        taken=np.zeros(moves, dtype=np.int64), canon=np.zeros(moves, dtype=np.int64),
        stamp=np.zeros(size, dtype=np.int64), ring=np.zeros(size, dtype=np.int64),
        marks=np.zeros(2, dtype=np.int64),
        column_hits=np.zeros(tables.width, dtype=np.int64),
        colour_hits=np.zeros(tables.colours, dtype=np.int64),
        picked=np.zeros(MOST_CANDIDATES + 1, dtype=np.int64),
        features=np.zeros((MOST_CANDIDATES + 1, FEATURE_COUNT)),
        totals=np.zeros(MOST_CANDIDATES + 1), values=np.zeros(MOST_CANDIDATES + 1),
        hidden=np.zeros(MOST_HIDDEN))


@plain_kernel
def learned_pick(tables, state, seat, rows, values, valued_as, set_groups, sets, counts,  # type: ignore[no-untyped-def]
                 count, taken_columns, taken_colours, weights, left, horizon, correction,
                 candidates, work, learned):
    """``LearnedBot.choose_by_dice`` after the strong bot's valuation of ``count`` moves
    (``rows`` and their ``values``, in the order of ``Game.move_options``; ``valued_as``:
    per move its distinct set, ``sets[k, :counts[k]]`` with ``set_groups[k]`` its group
    of the tables or -1): the candidates of ``_best_few`` (one per cells and jokers, the
    best valued and the first of equals; the ``candidates`` best by value, the first
    listed of equals) after passing, their features (``LearnedBot.features``: the same
    operations on the same floats in the same order; a classic sheet has no boxes, hearts
    or scoring rows, whose features are zero as the rules' bot counts them), and the
    first of the highest strong value plus ``correction``. Returns its move (-1: a pass;
    -2: two totals within a hair, for :func:`numpy_pick` to tell) and how many candidates
    were weighed; each candidate's move, features, strong value and total are in
    ``learned.picked``, ``features``, ``values`` and ``totals``. (A plain kernel: it
    allocates nothing.)"""
    crossed = state.crossed[seat]
    size = crossed.shape[0]
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    frac = min(1.0, left / horizon) if horizon > 0 else 0.0
    missing, near = work.missing, work.near
    open_before = crossed_count = stars_before = 0
    for cell in range(size):
        if crossed[cell]:
            crossed_count += 1
        else:
            if near[cell]:
                open_before += 1
            if tables.cell_star[cell]:
                stars_before += 1
    # One slot per cells and jokers, in the order first listed: the best valued move.
    distinct = 0
    for m in range(count):
        distinct = max(distinct, valued_as[m] + 1)
    canon = learned.canon
    stamp, marks = learned.stamp, learned.marks
    for k in range(distinct):
        canon[k] = k
        if set_groups[k] >= 0:
            continue  # a group of the tables: its cells are no other set's
        marks[0] += 1
        token = marks[0]
        for i in range(counts[k]):
            stamp[sets[k, i]] = token
        for other in range(k):
            if set_groups[other] >= 0 or canon[other] != other or counts[other] != counts[k]:
                continue
            same = True
            for i in range(counts[other]):
                if stamp[sets[other, i]] != token:
                    same = False
                    break
            if same:
                canon[k] = other
                break
    slot_of, slot_move, slot_value = learned.slot_of, learned.slot_move, learned.slot_value
    slots = 0
    for m in range(count):
        key = canon[valued_as[m]] * JOKER_KINDS + rows[m, M_COLOUR_JOKER] \
            + rows[m, M_NUMBER_JOKER]
        slot = slot_of[key]
        if slot < 0:
            slot_of[key] = slots
            slot_move[slots], slot_value[slots] = m, values[m]
            slots += 1
        elif slot_value[slot] < values[m]:
            slot_move[slot], slot_value[slot] = m, values[m]
    for m in range(count):  # (-1 again for the next decision)
        slot_of[canon[valued_as[m]] * JOKER_KINDS + rows[m, M_COLOUR_JOKER]
                + rows[m, M_NUMBER_JOKER]] = -1
    # Passing, then the best few by value.
    pass_value = -weights[W_PASS_COST] if left > 0 else 0.0
    picked, taken = learned.picked, learned.taken
    marks[1] += 1
    decision = marks[1]
    picked[0] = -1
    found = 1
    for _ in range(min(candidates, slots)):
        best = -1
        for slot in range(slots):
            if taken[slot] != decision and (best < 0 or slot_value[slot] > slot_value[best]):
                best = slot
        taken[best] = decision
        picked[found] = slot_move[best]
        found += 1
    # Per candidate the features of ``LearnedBot.features`` (written out here: a call per
    # candidate passing the tables cost more than its sums).
    cell_column, cell_colour = tables.cell_column, tables.cell_colour
    neighbours, cell_star = tables.neighbours, tables.cell_star
    column_hits, colour_hits = learned.column_hits, learned.colour_hits
    ring = learned.ring
    for out in range(found):
        m = picked[out]
        value = pass_value if out == 0 else values[m]
        marks[0] += 1
        token = marks[0]
        # The move's cells not crossed yet (``cells & ~player.crossed``), each once.
        fresh = 0
        fresh_stars = 0
        left_near = 0
        jokers = 0
        if m >= 0:
            jokers = rows[m, M_COLOUR_JOKER] + rows[m, M_NUMBER_JOKER]
            for k in range(M_CELLS, MOVE_WIDTH):
                cell = rows[m, k]
                if cell < 0 or crossed[cell] or stamp[cell] == token:
                    continue
                stamp[cell] = token
                fresh += 1
                column_hits[cell_column[cell]] += 1
                colour_hits[cell_colour[cell]] += 1
                if cell_star[cell]:
                    fresh_stars += 1
                if near[cell]:
                    left_near += 1
        # The cells reachable after it (``board.dilate(after) & ~after``): those of before,
        # less the ones crossed, plus the new neighbours of its cells, each once.
        opened = 0
        if fresh:
            for k in range(M_CELLS, MOVE_WIDTH):
                cell = rows[m, k]
                if cell < 0 or stamp[cell] != token:
                    continue
                for j in range(neighbours.shape[1]):
                    other = neighbours[cell, j]
                    if other >= 0 and not crossed[other] and not near[other] \
                            and stamp[other] != token and ring[other] != token:
                        ring[other] = token
                        opened += 1
        reachable = open_before - left_near + opened
        done_columns, one, two, three, near_points, claimed_columns, share_best, \
            share_second, colours_done, near_colours, halfway, claimed_colours = \
            group_features(missing, column_hits, colour_hits, tables.column_first,
                           tables.colour_size, taken_columns, taken_colours)
        marks_after = max(0, marks_left - jokers)
        stars = stars_before - fresh_stars
        strong = value / 20.0
        passed = m < 0
        f = learned.features[out]
        f[0], f[1], f[2], f[3], f[4] = 1.0, frac, frac * frac, strong, strong * frac
        f[5] = 1.0 if passed else 0.0
        f[6] = frac if passed else 0.0
        f[7], f[8], f[9] = share_best, share_second, float(colours_done)
        f[10], f[11] = near_colours / 3.0, halfway / 3.0
        f[12], f[13], f[14], f[15] = done_columns / 5.0, one / 5.0, two / 5.0, three / 5.0
        f[16], f[17] = one * frac / 5.0, two * frac / 5.0
        f[18], f[19] = near_points / 10.0, near_points * frac / 10.0
        f[20], f[21] = claimed_columns / 5.0, claimed_colours / 3.0
        f[22], f[23] = marks_after / 8.0, marks_after * frac / 8.0
        f[24], f[25] = stars / 5.0, stars * frac / 5.0
        f[26], f[27] = reachable / 20.0, reachable * frac / 20.0
        f[28] = (crossed_count + fresh) / 100.0
        f[29], f[30], f[31] = 0.0 / 8.0, 0.0 / 5.0, 0.0 / 5.0
    # The first of the highest strong value plus correction.
    features, totals, worth = learned.features, learned.totals, learned.values
    chosen = 0
    scale = 1.0
    for c in range(found):
        worth[c] = pass_value if c == 0 else values[picked[c]]
        total = 0.0
        magnitude = abs(worth[c])
        for j in range(FEATURE_COUNT):
            term = features[c, j] * correction[j]
            total += term
            magnitude += abs(term)
        network = network_value(correction, features, c, learned.hidden)
        total += network
        magnitude += abs(network)
        total += worth[c]
        totals[c] = total
        scale = max(scale, 1.0 + magnitude)
        if total > totals[chosen]:
            chosen = c
    # Another total within a hair of the best: the rules' bot's rounding tells them apart.
    tie = False
    for c in range(found):
        if c != chosen and totals[chosen] - totals[c] <= TIE * scale:
            tie = True
    return -2 if tie else picked[chosen], found


def numpy_totals(features: Floats, correction: Floats, values: Floats) -> int:
    """The candidate ``LearnedBot._pick`` takes: the first of the highest of ``features @
    correction + values``, counted by numpy (a BLAS matrix-vector product, whose order of
    additions, and so the last bit of a total, depends on the machine and on the row).
    Asked by the kernels (in object mode) only where two totals are within a hair of each
    other: two candidates alike in value and features (symmetric moves) are told apart
    only by how the rules' bot rounds."""
    totals = network_totals(np.array(features.tolist()), correction)
    totals += np.array(values.tolist())
    return int(np.argmax(totals))


@kernel
def numpy_pick(learned, found, correction):  # type: ignore[no-untyped-def]
    """:func:`numpy_totals` of the first ``found`` candidates of ``learned``: their move."""
    features = learned.features[:found]
    values = learned.values[:found]
    with numba.objmode(chosen="int64"):
        chosen = numpy_totals(features, correction, values)
    return learned.picked[chosen]


@kernel
def valued_moves(tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,  # type: ignore[no-untyped-def]
                 taken_columns, taken_colours, loose, six, weights, left, horizon, solo,
                 star_penalty, pass_penalty, compensated, work, moves):
    """The strong bot's valuation (``strong_kernels.choose``) of every move of any house
    rules: returns the moves (``moves``, or larger ones when the house rules list more than
    it holds) and how many there are. (``strong_kernels.strong_choice`` keeps the moves'
    distinct sets to itself; the learned bot reads them.)"""
    cells, where = work.no_cells, work.no_sets
    if loose or six:
        marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
        cells, where = house_sets_of(tables, state.crossed[seat], roll_colours, roll_numbers,
                                     colour_dice, number_dice, marks_left, loose, six, work)
    while True:
        count = choose(tables, state, seat, roll_colours, roll_numbers, colour_dice,
                       number_dice, taken_columns, taken_colours, loose, six, cells, where,
                       weights, left, horizon, solo, star_penalty, pass_penalty, compensated,
                       work, moves)[3]
        if count >= 0:
            return moves, count
        moves = moves_room(2 * moves.rows.shape[0])


@kernel
def learned_choice(tables, state, seat, roll_colours, roll_numbers, colour_dice,  # type: ignore[no-untyped-def]
                   number_dice, taken_columns, taken_colours, loose, six, weights, left,
                   horizon, solo, star_penalty, pass_penalty, compensated, correction,
                   candidates, work):
    """One learned decision with room for every move (for a rules' game, and the tests):
    returns (its move's colour die and number die, -1 for a pass; its row; per candidate,
    passing first, its move's index among the moves (-1: passing), features, total,
    strong value, row and dice (-1 for passing); the candidate taken)."""
    moves, count = valued_moves(
        tables, state, seat, roll_colours, roll_numbers, colour_dice, number_dice,
        taken_columns, taken_colours, loose, six, weights, left, horizon, solo, star_penalty,
        pass_penalty, compensated, work, work.moves)
    learned = _learned_work(state.crossed.shape[1], tables.width, tables.colours, count)
    best, found = learned_pick(
        tables, state, seat, moves.rows, moves.values, moves.valued_as, moves.groups,
        moves.sets, moves.counts, count, taken_columns, taken_colours, weights, left,
        horizon, correction, candidates, work, learned)
    if best == -2:
        best = numpy_pick(learned, found, correction)
    colour_die = number_die = -1
    row = np.full(MOVE_WIDTH, -1, dtype=np.int32)
    if best >= 0:
        colour_die, number_die = moves.dice[best, 0], moves.dice[best, 1]
        row[:] = moves.rows[best]
    rows = np.full((found, MOVE_WIDTH), -1, dtype=np.int32)
    dice = np.full((found, 2), -1, dtype=np.int64)
    for c in range(found):
        m = learned.picked[c]
        if m >= 0:
            rows[c] = moves.rows[m]
            dice[c, 0], dice[c, 1] = moves.dice[m, 0], moves.dice[m, 1]
    chosen = 0
    while chosen < found and learned.picked[chosen] != best:
        chosen += 1
    return colour_die, number_die, row, learned.picked[:found].copy(), \
        learned.features[:found].copy(), learned.totals[:found].copy(), \
        learned.values[:found].copy(), rows, dice, chosen


@kernel
def _learned_work(size, width, colours, moves):  # type: ignore[no-untyped-def]
    moves = max(moves, 1)
    return LearnedWork(
        np.full(moves * JOKER_KINDS, -1, dtype=np.int64), np.zeros(moves, dtype=np.int64),
        np.zeros(moves), np.zeros(moves, dtype=np.int64), np.zeros(moves, dtype=np.int64),
        np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64),
        np.zeros(2, dtype=np.int64), np.zeros(width, dtype=np.int64),
        np.zeros(colours, dtype=np.int64), np.zeros(MOST_CANDIDATES + 1, dtype=np.int64),
        np.zeros((MOST_CANDIDATES + 1, FEATURE_COUNT)), np.zeros(MOST_CANDIDATES + 1),
        np.zeros(MOST_CANDIDATES + 1), np.zeros(MOST_HIDDEN))


@kernel
def classic_base(tables, state, seat, taken_columns, taken_colours, weights, left, horizon,  # type: ignore[no-untyped-def]
                 star_penalty, pass_penalty, compensated, work):
    """What a trace's value of a classic decision adds its total to: the seat's score
    before it plus the future total of its position (``pos.score_before +
    StrongBot._future_total``), the strong bot's ``prepare`` made again."""
    crossed = state.crossed[seat]
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    _, _, future_total = prepare(
        tables.cell_column, tables.cell_area, tables.cell_star, tables.neighbours,
        tables.area_colour, tables.column_size, tables.colour_size, tables.column_first,
        tables.column_later, tables.colour_first, tables.colour_later, crossed,
        state.column_count[seat], state.colour_count[seat], 0, marks_left, taken_columns,
        taken_colours, weights, left, horizon, star_penalty, compensated, work.points,
        work.scale, work.rate, work.piece_rate, work.missing, work.pieces, work.hope,
        work.area_left, work.part_left, work.shapes, work.near, work.flags, work.stack,
        work.cell_bit, work.area_pattern, work.pattern_shapes)
    score = 0
    for line in classic_score(tables, state, seat, star_penalty, pass_penalty):
        score += line
    return float(score) + future_total


# == whole games ===========================================================================
@kernel
def play_learned_classic(tables, state, dice_colours, dice_numbers, solo, open_rolls,  # type: ignore[no-untyped-def]
                         end_roll, max_rolls, roll_limit, loose, six, weights, star_penalty,
                         pass_penalty, compensated, correction, candidates, crossed_at, game,
                         work, learned, trace):
    """One classic game played by the learned bot in every seat, as ``play_game`` plays
    it: the flow of ``strong_kernels.play_strong_classic`` (see there), each decision the
    strong bot's valuation (``choose``) and :func:`learned_pick`; every decision is kept in
    ``trace`` (:class:`TraceArrays`, while it has room). Returns the rolls played,
    or -1 when the dice ran out before the end."""
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
    tracing = trace.seat.shape[0] > 0
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        if not solo:
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
                _, _, _, count = choose(
                    tables, state, seat, roll_colours, roll_numbers, colour_dice,
                    number_dice, taken_columns, taken_colours, loose, six, work.no_cells,
                    work.no_sets, weights, left, horizon, solo, star_penalty, pass_penalty,
                    compensated, work, moves)
            else:
                moves, count = valued_moves(
                    tables, state, seat, roll_colours, roll_numbers, colour_dice,
                    number_dice, taken_columns, taken_colours, loose, six, weights, left,
                    horizon, solo, star_penalty, pass_penalty, compensated, work, moves)
                if count > learned.slot_move.shape[0]:
                    learned = _learned_work(state.crossed.shape[1], tables.width, tables.colours,
                                            2 * count)
            best, found = learned_pick(
                tables, state, seat, moves.rows, moves.values, moves.valued_as, moves.groups,
                moves.sets, moves.counts, count, taken_columns, taken_colours, weights, left,
                horizon, correction, candidates, work, learned)
            if best == -2:
                best = numpy_pick(learned, found, correction)
            if tracing and count > 0:
                chosen = 0
                while learned.picked[chosen] != best:
                    chosen += 1
                base = classic_base(tables, state, seat, taken_columns, taken_colours,
                                    weights, left, horizon, star_penalty, pass_penalty,
                                    compensated, work)
                record_decision(trace, seat, found, chosen, base, learned)
            if best >= 0:
                play_row(moves.rows, best, seat, counters, crossed_at, game, rolls + 1,
                         cell_column, cell_colour, cell_row, column_size, colour_size, crossed,
                         column_count, colour_count, row_count, later_column, later_colour,
                         taken_columns, taken_colours, new_columns, new_colours)
            elif turn == 0:
                counters[seat, C_PASSES] += 1
            if turn == 0 and best >= 0 and not (open_rolls and rolls < OPEN_ROLLS):
                others_take_all = False
                all_but(others_colours, all_colours, moves.dice[best, 0])
                all_but(others_numbers, all_numbers, moves.dice[best, 1])
        rolls += 1
        end_triggered, over = roll_ends(colour_count, colour_size, end_triggered,
                                        solo or end_roll, active == seats - 1, rolls, limit)
        if over:
            return rolls
        active = (active + 1) % seats


@kernel
def play_learned_games(tables, state, dice_colours, dice_numbers, solo, open_rolls, end_roll,  # type: ignore[no-untyped-def]
                       max_rolls, roll_limit, loose, six, weights, star_penalty, pass_penalty,
                       compensated, correction, candidates, crossed_at, work, learned, trace):
    """Many learned games one after the other on ``state`` (reset before each): game ``g``
    throws ``dice_colours[g]`` and ``dice_numbers[g]``. Returns the rolls of each game (-1:
    its dice ran out), each seat's score lines and marks used. (``trace``: empty, or room
    for one game's decisions.)"""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        trace.used[:] = 0
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_learned_classic(
            tables, state, dice_colours[game], dice_numbers[game], solo, open_rolls,
            end_roll, max_rolls, roll_limit, loose, six, weights, star_penalty, pass_penalty,
            compensated, correction, candidates, crossed_at, game, work, learned, trace)
        for seat in range(seats):
            lines[game, seat] = classic_score(tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
