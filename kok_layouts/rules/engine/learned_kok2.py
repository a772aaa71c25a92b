"""The learned bot of Keer op Keer 2 as compiled kernels: ``LearnedBot.choose_by_dice`` on a
sequel's sheet inside the engine, and what the learned bot of Kids shares with it.

The learned bot is the strong bot's valuation of a decision plus a linear correction of its
few best moves. :func:`kok2_learned_choice` values every colour-and-number move (in the
order of ``Game.move_options``) and every special action at its fullest as
:func:`~kok_layouts.rules.engine.strong_kok2.kok2_strong_choice` values them, then does
what ``LearnedBot.choose_by_dice`` does with ``StrongBot._best_few``: one candidate per
cells, jokers and kind (a move or the special die; the best valued, the first listed of
equals), the ``count`` best by value (the first listed of equals, as Python's stable sort
keeps them), passing before them; a candidate whose rows owe bombs gets its squares as
``StrongBot._with_bombs`` picks them (:func:`~kok_layouts.rules.engine.strong_kok2.
with_bombs`) and its value with them; per candidate the 32 features of
``LearnedBot.features`` (:func:`features_into`: the same operations on the same floats in
the same order); and the first of the highest strong value plus correction.
:func:`play_learned_kok2_games` plays whole games with it in every seat, as ``play_game``
plays a ``Kok2Game``, and can keep every decision's candidates for training
(:class:`TraceArrays`).

The correction's dot product is a plain sum in feature order, where the rules' bot asks
numpy: where two totals are within a hair of each other the choice is counted again as
numpy counts it (:func:`pick_index`, as ``learned_kernels.numpy_pick`` does).
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from kok_layouts.rules.engine.greedy import _expansions, note_crossed
from kok_layouts.rules.engine.kernels import (
    C_BOXES_GAINED,
    C_BOXES_USED,
    C_HEARTS,
    C_MARKS_USED,
    C_PASSES,
    OPEN_ROLLS,
    SCORE_LINES,
    SOLO_ROLLS,
    Floats,
    Int64s,
    anchor_of,
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
    kok2_play,
    kok2_score,
    kok2_specials,
)
from kok_layouts.rules.engine.learned_kernels import (
    FEATURE_COUNT,
    MOST_CANDIDATES,
    MOST_HIDDEN,
    TIE,
    group_features,
    network_value,
    record_decision,
)
from kok_layouts.rules.engine.strong_kernels import (
    W_MARK_HOPE,
    W_PASS_COST,
    horizon_of,
    rolls_left,
)
from kok_layouts.rules.engine.strong_kok2 import (
    KIND_MOVE,
    KIND_PASS,
    KIND_SPECIAL,
    P_BOX_WORTH,
    P_FRAC,
    P_FUTURE,
    P_HEART_WORTH,
    _total,
    cells_value,
    kok2_prepare,
    with_bombs,
)
from kok_layouts.rules.engine.tables import Int32s, Tables
from kok_layouts.rules.value_network import network_totals

ZOBRIST_SEED = 20_251_205
"""The seed of the random words that hash a set of cells (:func:`new_edition_work`)."""


GOLDEN = np.int64(0x9E3779B97F4A7C15 - (1 << 64))
"""A large odd word: a set's key (its jokers, its kind) is hashed as its multiple."""


class EditionWork(NamedTuple):
    """The arrays a learned decision of Keer op Keer 2 or Kids works in, besides the
    strong bot's :class:`~kok_layouts.rules.engine.strong_kok2.Kok2Work`
    (:func:`new_edition_work`)."""

    zobrist: Int64s
    """Per cell a random word: a set of cells hashes to the sum of its cells' words."""
    stamp: Int64s
    """Per cell: the last candidate (or set compared) that crossed it (a stamp)."""
    ring: Int64s
    """Per cell: the last candidate whose new neighbour it was counted as (a stamp)."""
    marks: Int64s
    """The last stamp used."""
    column_hits: Int64s
    colour_hits: Int64s
    row_hits: Int64s
    before: Int64s
    """The seat's cells crossed, uncrossed next to a cross, stars uncrossed before the
    decision."""
    column_points: Floats
    """Per column what completing it first scores (``player.column_value``)."""
    picked: Int64s
    """Per candidate (passing first): the move it is, in the order listed (-1: passing)."""
    features: Floats
    """Per candidate its features (the rules' bot's ``Candidate.features``)."""
    totals: Floats
    values: Floats
    """Per candidate its strong value (with its bombs)."""
    choices: Int64s
    """Per candidate what it is: Keer op Keer 2 its kind (``KIND_PASS``, ``KIND_MOVE``,
    ``KIND_SPECIAL``), colour die, number die, colour and number (-1: a special action);
    Kids its die and move row (face, enclosure, chameleon enclosure)."""
    cells: Int32s
    """Per candidate of Keer op Keer 2 its move's cells (-1 padded; bombs apart)."""
    bombs: Int32s
    """Per candidate of Keer op Keer 2 its bombs' squares (rows of cells, -1 padded)."""
    hidden: Floats
    """The value network's first hidden layer (``learned_kernels.network_value``)."""


def new_edition_work(tables: Tables, column_points: Floats) -> EditionWork:
    """Room for a learned decision on ``tables``' sheet (Keer op Keer 2 or Kids), whose
    columns score ``column_points`` when first completed."""
    size = tables.size
    rng = np.random.default_rng(ZOBRIST_SEED)
    return EditionWork(
        zobrist=rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, size=size,
                             dtype=np.int64),
        stamp=np.zeros(size, dtype=np.int64), ring=np.zeros(size, dtype=np.int64),
        marks=np.zeros(1, dtype=np.int64),
        column_hits=np.zeros(tables.width, dtype=np.int64),
        colour_hits=np.zeros(tables.colours, dtype=np.int64),
        row_hits=np.zeros(tables.height, dtype=np.int64),
        before=np.zeros(3, dtype=np.int64),
        column_points=np.ascontiguousarray(column_points, dtype=np.float64),
        picked=np.zeros(MOST_CANDIDATES + 1, dtype=np.int64),
        features=np.zeros((MOST_CANDIDATES + 1, FEATURE_COUNT)),
        totals=np.zeros(MOST_CANDIDATES + 1), values=np.zeros(MOST_CANDIDATES + 1),
        choices=np.full((MOST_CANDIDATES + 1, 5), -1, dtype=np.int64),
        cells=np.full((MOST_CANDIDATES + 1, size), -1, dtype=np.int32),
        bombs=np.full((MOST_CANDIDATES + 1, tables.height, SQUARE), -1, dtype=np.int32),
        hidden=np.zeros(MOST_HIDDEN))


# == the features of a position after a move ===============================================
@plain_kernel
def decision_counts(tables, crossed, near, lw):  # type: ignore[no-untyped-def]
    """What every candidate's features start from: the seat's crossed cells, its uncrossed
    cells next to a cross (``near``) and its uncrossed stars, into ``lw.before``."""
    crossed_count = open_before = stars_before = 0
    for cell in range(crossed.shape[0]):
        if crossed[cell]:
            crossed_count += 1
        else:
            if near[cell]:
                open_before += 1
            if tables.cell_star[cell]:
                stars_before += 1
    lw.before[0], lw.before[1], lw.before[2] = crossed_count, open_before, stars_before


@plain_kernel
def features_into(tables, state, seat, cells, n, value, jokers, box, heart, passed,  # type: ignore[no-untyped-def]
                  taken_columns, taken_colours, kids, work, lw, out):
    """``LearnedBot.features`` of ``seat``'s position after crossing ``cells[:n]`` (any
    cells; one crossed already or listed twice counts once) with ``jokers`` marks (``box``:
    a special action; ``heart``: one more heart), whose strong value relative to passing is
    ``value``, into ``lw.features[out]``: the same operations on the same floats in the
    same order. ``work``: the seat's position (``kok2_prepare``), ``lw.before``:
    :func:`decision_counts` of it. (``kids``: a Kids sheet, no rows.)"""
    crossed = state.crossed[seat]
    counters = state.counters[seat]
    width, colours = tables.width, tables.colours
    height = 0 if kids else tables.height
    first_row = width + colours
    missing, near = work.missing, work.near
    frac = work.pos[P_FRAC]
    stamp, ring, marks = lw.stamp, lw.ring, lw.marks
    column_hits, colour_hits, row_hits = lw.column_hits, lw.colour_hits, lw.row_hits
    neighbours = tables.neighbours
    marks[0] += 1
    token = marks[0]
    fresh = fresh_stars = left_near = 0
    for k in range(n):
        cell = cells[k]
        if cell < 0 or crossed[cell] or stamp[cell] == token:
            continue
        stamp[cell] = token
        fresh += 1
        column_hits[tables.cell_column[cell]] += 1
        colour_hits[tables.cell_colour[cell]] += 1
        if not kids:
            row_hits[tables.cell_row[cell]] += 1
        if tables.cell_star[cell]:
            fresh_stars += 1
        if near[cell]:
            left_near += 1
    # The cells reachable after it (``board.dilate(after) & ~after``): those of before,
    # less the ones crossed, plus the new neighbours of its cells, each once.
    opened = 0
    if fresh:
        for k in range(n):
            cell = cells[k]
            if cell < 0 or stamp[cell] != token or ring[cell] == -token:
                continue
            ring[cell] = -token  # (each fresh cell's neighbours once)
            for j in range(neighbours.shape[1]):
                other = neighbours[cell, j]
                if other >= 0 and not crossed[other] and not near[other] \
                        and stamp[other] != token and ring[other] != token:
                    ring[other] = token
                    opened += 1
    reachable = lw.before[1] - left_near + opened
    done_columns, one, two, three, near_points, claimed_columns, share_best, share_second, \
        colours_done, near_colours, halfway, claimed_colours = group_features(
            missing, column_hits, colour_hits, lw.column_points, tables.colour_size,
            taken_columns, taken_colours)
    rows_done = 0
    for row in range(height):
        if missing[first_row + row] - row_hits[row] == 0:
            rows_done += 1
        row_hits[row] = 0
    marks_after = max(0, tables.exclamation_marks - counters[C_MARKS_USED] - jokers)
    stars = lw.before[2] - fresh_stars
    boxes = max(0, counters[C_BOXES_GAINED] - counters[C_BOXES_USED] - (1 if box else 0))
    hearts = counters[C_HEARTS] + (1 if heart else 0)
    strong = value / 20.0
    f = lw.features[out]
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
    f[28] = (lw.before[0] + fresh) / 100.0
    f[29], f[30], f[31] = boxes / 8.0, hearts / 5.0, rows_done / 5.0


# == choosing among the candidates ==========================================================
def numpy_index(features: Floats, correction: Floats, values: Floats) -> int:
    """The candidate ``LearnedBot._pick`` takes: the first of the highest of ``features @
    correction + values``, counted by numpy (see ``learned_kernels.numpy_totals``)."""
    totals = network_totals(np.array(features.tolist()), correction)
    totals += np.array(values.tolist())
    return int(np.argmax(totals))


@kernel
def pick_index(lw, found, correction):  # type: ignore[no-untyped-def]
    """The candidate of the first ``found`` of ``lw`` with the highest strong value plus
    correction (the first of equals); where another total is within a hair of it, the
    one numpy's sums pick (:func:`numpy_index`). Writes every candidate's total."""
    features, totals, values = lw.features, lw.totals, lw.values
    chosen = 0
    scale = 1.0
    for c in range(found):
        total = 0.0
        magnitude = abs(values[c])
        for j in range(FEATURE_COUNT):
            term = features[c, j] * correction[j]
            total += term
            magnitude += abs(term)
        network = network_value(correction, features, c, lw.hidden)
        total += network
        magnitude += abs(network)
        total += values[c]
        totals[c] = total
        scale = max(scale, 1.0 + magnitude)
        if total > totals[chosen]:
            chosen = c
    for c in range(found):
        if c != chosen and totals[chosen] - totals[c] <= TIE * scale:
            part_features = features[:found]
            part_values = values[:found]
            with numba.objmode(chosen="int64"):
                chosen = numpy_index(part_features, correction, part_values)
            break
    return chosen


@kernel
def best_slots(values, slot_of, listed, count):  # type: ignore[no-untyped-def]
    """The ``count`` best of the distinct choices by value, best first (the first listed of
    equals, as a stable sort by value keeps them): ``slot_of[k]`` is the choice listed
    ``k``-th's distinct choice (its first listing), ``values`` their best values. Returns
    the listing of each (the first listed of the best valued of its kind)."""
    slots = 0
    slot_entry = np.empty(listed, dtype=np.int64)
    slot_value = np.empty(listed)
    slot_index = np.full(listed, -1, dtype=np.int64)
    for k in range(listed):
        first = slot_of[k]
        if first < 0:
            continue
        if slot_index[first] < 0:
            slot_index[first] = slots
            slot_entry[slots], slot_value[slots] = k, values[k]
            slots += 1
        elif slot_value[slot_index[first]] < values[k]:
            slot_entry[slot_index[first]], slot_value[slot_index[first]] = k, values[k]
    taken = np.zeros(slots, dtype=np.bool_)
    best = np.empty(min(count, slots), dtype=np.int64)
    for out in range(best.shape[0]):
        top = -1
        for slot in range(slots):
            if not taken[slot] and (top < 0 or slot_value[slot] > slot_value[top]):
                top = slot
        taken[top] = True
        best[out] = slot_entry[top]
    return best


@kernel
def distinct_of(flat, start, size, key, listed, lw):  # type: ignore[no-untyped-def]
    """Per listed choice (cells ``flat[start[k]:start[k] + size[k]]``, and a ``key`` that
    tells choices of the same cells apart: jokers, kind) the first listed one of the same
    cells and key; -1 for a choice not weighed (``size`` -1)."""
    room = 16
    while room < 2 * listed:
        room *= 2
    table = np.full(room, -1, dtype=np.int64)
    hashes = np.zeros(listed, dtype=np.int64)
    first = np.full(listed, -1, dtype=np.int64)
    zobrist, stamp, marks = lw.zobrist, lw.stamp, lw.marks
    for k in range(listed):
        if size[k] < 0:
            continue
        h = key[k] * GOLDEN
        for i in range(size[k]):
            h += zobrist[flat[start[k] + i]]
        hashes[k] = h
        marks[0] += 1
        token = marks[0]
        for i in range(size[k]):
            stamp[flat[start[k] + i]] = token
        at = h & (room - 1)
        while True:
            other = table[at]
            if other < 0:
                table[at] = k
                first[k] = k
                break
            if hashes[other] == h and key[other] == key[k] and size[other] == size[k]:
                same = True
                for i in range(size[other]):
                    if stamp[flat[start[other] + i]] != token:
                        same = False
                        break
                if same:
                    first[k] = other
                    break
            at = (at + 1) & (room - 1)
    return first


# == a decision ============================================================================
@kernel
def kok2_learned_choice(tables, state, seat, roll_colours, roll_numbers, roll_special,  # type: ignore[no-untyped-def]
                        colour_dice, number_dice, special_ok, taken_columns, taken_colours,
                        taken_rows, loose, six, weights, left, horizon, solo, star_penalty,
                        pass_penalty, compensated, correction, candidates, work, lw):
    """``LearnedBot.choose_by_dice`` of a Keer op Keer 2 seat (see the module docstring;
    the arguments as :func:`~kok_layouts.rules.engine.strong_kok2.kok2_strong_choice`
    takes them, and the ``correction`` and count of ``candidates``). Returns (kind:
    ``KIND_PASS``, ``KIND_MOVE`` or ``KIND_SPECIAL``; colour die; number die; cells; bombs'
    squares; jokers; the move's colour and number, -1 for a special action; how many
    candidates were weighed (0: nothing to weigh, a pass); the candidate taken; the base
    of its value for a trace: score before plus future total). Per candidate (passing
    first) its listing (the moves in the order of ``Game.move_options``, then the special
    actions in the order of ``special_choices``; -1: passing), features, strong value and
    total are in ``lw``."""
    kok2_prepare(tables, state, seat, taken_columns, taken_colours, taken_rows, weights, left,
                 horizon, star_penalty, compensated, False, work)
    crossed = state.crossed[seat]
    counters = state.counters[seat]
    frac = work.pos[P_FRAC]
    marks_left = tables.exclamation_marks - counters[C_MARKS_USED]
    joker_cost = float(tables.mark_points) + weights[W_MARK_HOPE] * frac
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    no_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    room = 64
    flat = np.empty(8 * room, dtype=np.int64)
    start = np.empty(room, dtype=np.int64)
    size = np.empty(room, dtype=np.int64)
    key = np.empty(room, dtype=np.int64)
    values = np.empty(room)
    bomb_rows = np.empty(room, dtype=np.bool_)
    dice = np.empty((room, 4), dtype=np.int64)  # colour die, number die, colour, number
    listed = used = 0
    expansions = _expansions(tables.colours, roll_colours, roll_numbers, colour_dice,
                             number_dice, marks_left, six)
    actions = np.empty((0, 1), dtype=np.int32)
    special_at = -1
    if special_ok and roll_special >= 0:
        actions = kok2_specials(tables, crossed, counters[C_BOXES_GAINED]
                                - counters[C_BOXES_USED], counters[C_HEARTS], roll_special)
    for e in range(expansions.shape[0] + 1):
        if e < expansions.shape[0]:
            colour, n = expansions[e, 2], expansions[e, 3]
            sets = legal_sets(tables, crossed, anchor, colour, n, loose)
            jokers = expansions[e, 4] + expansions[e, 5]
        else:
            sets = actions
            colour, n, jokers = -1, 0, 0
            special_at = listed
        for s in range(sets.shape[0]):
            if listed == start.shape[0]:
                bigger = 2 * listed
                start2, size2, key2 = np.empty(bigger, dtype=np.int64), \
                    np.empty(bigger, dtype=np.int64), np.empty(bigger, dtype=np.int64)
                values2, bomb2 = np.empty(bigger), np.empty(bigger, dtype=np.bool_)
                dice2 = np.empty((bigger, 4), dtype=np.int64)
                start2[:listed], size2[:listed], key2[:listed] = start, size, key
                values2[:listed], bomb2[:listed], dice2[:listed] = values, bomb_rows, dice
                start, size, key, values, bomb_rows, dice = start2, size2, key2, values2, \
                    bomb2, dice2
            count = n
            if e == expansions.shape[0]:
                while count < sets.shape[1] and sets[s, count] >= 0:
                    count += 1
            if used + count > flat.shape[0]:
                flat2 = np.empty(2 * (used + count), dtype=np.int64)
                flat2[:used] = flat[:used]
                flat = flat2
            for i in range(count):
                flat[used + i] = sets[s, i]
            start[listed], size[listed] = used, count
            used += count
            if e < expansions.shape[0]:
                key[listed] = jokers
                dice[listed, 0], dice[listed, 1] = expansions[e, 0], expansions[e, 1]
                dice[listed, 2], dice[listed, 3] = colour, n
            else:
                key[listed] = 3  # (a special action: another kind than any jokers)
                dice[listed, 0] = dice[listed, 1] = dice[listed, 2] = dice[listed, 3] = -1
            listed += 1
    # The row and stars actions at their fullest only (``fullest_specials``).
    if special_at >= 0 and roll_special in (FACE_ROW, FACE_STARS):
        fullest = np.zeros(tables.height + 1, dtype=np.int64)
        for k in range(special_at, listed):
            group = tables.cell_row[flat[start[k] + size[k] - 1]] \
                if roll_special == FACE_ROW and size[k] else 0
            fullest[group] = max(fullest[group], size[k])
        for k in range(special_at, listed):
            group = tables.cell_row[flat[start[k] + size[k] - 1]] \
                if roll_special == FACE_ROW and size[k] else 0
            if size[k] < fullest[group]:
                size[k] = -1  # not weighed
    box_worth, heart_worth = work.pos[P_BOX_WORTH], work.pos[P_HEART_WORTH]
    for k in range(listed):
        if size[k] < 0:
            continue
        value, bomb_row = cells_value(tables, state, seat, flat[start[k]:], size[k], work,
                                      weights, star_penalty, pass_penalty, solo, False)
        if key[k] == 3:
            value -= box_worth
            if roll_special == FACE_HEART:
                value += heart_worth
        elif key[k]:
            value -= key[k] * joker_cost
        values[k], bomb_rows[k] = value, bomb_row
    first = distinct_of(flat, start, size, key, listed, lw)
    best = best_slots(values, first, listed, candidates)
    # Passing, then the best few (with their bombs).
    pass_value = -weights[W_PASS_COST] if left > 0 else 0.0
    decision_counts(tables, crossed, work.near, lw)
    found = 0
    if listed > 0:
        lw.picked[0], lw.values[0] = -1, pass_value
        lw.choices[0, 0] = KIND_PASS
        features_into(tables, state, seat, flat, 0, pass_value, 0, False, False, True,
                      taken_columns, taken_colours, False, work, lw, 0)
        found = 1
    for k in best:
        value = values[k]
        together = flat[start[k]:start[k] + size[k]]
        special = key[k] == 3
        jokers = 0 if special else key[k]
        lw.choices[found, 0] = KIND_SPECIAL if special else KIND_MOVE
        for i in range(4):
            lw.choices[found, 1 + i] = dice[k, i]
        lw.cells[found, :] = -1
        lw.cells[found, :size[k]] = together
        lw.bombs[found, :, :] = -1
        if bomb_rows[k]:
            bombs, value = with_bombs(tables, state, seat, together, jokers, special,
                                      roll_special, taken_columns, taken_colours, taken_rows,
                                      weights, star_penalty, pass_penalty, solo, work)
            lw.bombs[found, :bombs.shape[0], :] = bombs
            if bombs.shape[0]:
                more = np.empty(size[k] + bombs.shape[0] * SQUARE, dtype=np.int64)
                more[:size[k]] = together
                for b in range(bombs.shape[0]):
                    for i in range(SQUARE):
                        more[size[k] + b * SQUARE + i] = bombs[b, i]
                together = more
        lw.picked[found], lw.values[found] = k, value
        features_into(tables, state, seat, together, together.shape[0], value, jokers,
                      special, special and roll_special == FACE_HEART, False, taken_columns,
                      taken_colours, False, work, lw, found)
        found += 1
    if found == 0:
        return KIND_PASS, -1, -1, np.full(0, -1, dtype=np.int32), no_bombs, 0, -1, -1, 0, 0, \
            0.0
    chosen = pick_index(lw, found, correction)
    # The score before and the future total: what a trace's value adds the total to.
    base = _total(tables, state, seat, star_penalty, pass_penalty, work.lines, False) \
        + work.pos[P_FUTURE]
    k = lw.picked[chosen]
    if k < 0:
        return KIND_PASS, -1, -1, np.full(0, -1, dtype=np.int32), no_bombs, 0, -1, -1, found, \
            chosen, base
    cells = flat[start[k]:start[k] + size[k]].astype(np.int32)
    special = key[k] == 3
    jokers = 0 if special else key[k]
    bombs = no_bombs
    if bomb_rows[k]:
        bombs, _ = with_bombs(tables, state, seat, cells, jokers, special, roll_special,
                              taken_columns, taken_colours, taken_rows, weights, star_penalty,
                              pass_penalty, solo, work)
    return (KIND_SPECIAL if special else KIND_MOVE), dice[k, 0], dice[k, 1], cells, bombs, \
        jokers, dice[k, 2], dice[k, 3], found, chosen, base


# == whole games ===========================================================================
@kernel
def play_learned_kok2(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                      open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights,
                      star_penalty, pass_penalty, compensated, correction, candidates,
                      crossed_at, game, work, lw, trace):
    """One Keer op Keer 2 game played by the learned bot in every seat, as ``play_game``
    plays a ``Kok2Game``: the flow of ``strong_kok2.play_strong_kok2`` (see there), each
    decision :func:`kok2_learned_choice`; every decision is kept in ``trace`` (while it has
    room). Returns the rolls played, -1 when the dice ran out."""
    seats = state.crossed.shape[0]
    all_colours = np.arange(dice_colours.shape[1])
    all_numbers = np.arange(dice_numbers.shape[1])
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    taken_rows = np.zeros(tables.height, dtype=np.bool_)
    limit = SOLO_ROLLS if solo else max_rolls
    horizon = horizon_of(weights, solo, roll_limit)
    tracing = trace.seat.shape[0] > 0
    active = 0
    rolls = 0
    end_triggered = False
    while True:
        if rolls >= dice_colours.shape[0]:
            return -1
        roll_colours, roll_numbers = dice_colours[rolls], dice_numbers[rolls]
        roll_special = dice_special[rolls]
        if not solo:
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
            kind, colour_die, number_die, cells, bombs, jokers, _, _, found, chosen, base = \
                kok2_learned_choice(
                    tables, state, seat, roll_colours, roll_numbers, roll_special,
                    colour_dice, number_dice, special_ok, taken_columns, taken_colours,
                    taken_rows, loose, six, weights, left, horizon, solo, star_penalty,
                    pass_penalty, compensated, correction, candidates, work, lw)
            if tracing and found:
                record_decision(trace, seat, found, chosen, base, lw)
            if kind == KIND_PASS:
                if turn == 0:
                    state.counters[seat, C_PASSES] += 1
            else:
                kok2_play(tables, state, seat, cells, jokers, kind == KIND_SPECIAL,
                          roll_special, bombs, taken_columns, taken_colours, taken_rows)
            if turn == 0:
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
def play_learned_kok2_games(tables, state, dice_colours, dice_numbers, dice_special, solo,  # type: ignore[no-untyped-def]
                            open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights,
                            star_penalty, pass_penalty, compensated, correction, candidates,
                            crossed_at, work, lw, trace):
    """Many learned Keer op Keer 2 games one after the other on ``state`` (reset before
    each): game ``g`` throws ``dice_colours[g]``, ``dice_numbers[g]`` and
    ``dice_special[g]``. Returns the rolls of each game (-1: its dice ran out), each seat's
    score lines and marks used. (``trace``: empty, or room for one game's decisions.)"""
    games, seats = dice_colours.shape[0], state.crossed.shape[0]
    rolls = np.empty(games, dtype=np.int64)
    lines = np.zeros((games, seats, SCORE_LINES), dtype=np.int32)
    marks_used = np.zeros((games, seats), dtype=np.int32)
    for game in range(games):
        reset(state, tables.boxes_at_start)
        trace.used[:] = 0
        if game < crossed_at.shape[0]:
            crossed_at[game] = 0
        rolls[game] = play_learned_kok2(
            tables, state, dice_colours[game], dice_numbers[game], dice_special[game], solo,
            open_rolls, end_roll, max_rolls, roll_limit, loose, six, weights, star_penalty,
            pass_penalty, compensated, correction, candidates, crossed_at, game, work, lw,
            trace)
        for seat in range(seats):
            lines[game, seat] = kok2_score(tables, state, seat, star_penalty, pass_penalty)
            marks_used[game, seat] = state.counters[seat, C_MARKS_USED]
    return rolls, lines, marks_used
