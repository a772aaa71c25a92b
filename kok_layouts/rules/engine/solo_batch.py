"""N solo games in lockstep, compiled: the legal actions of every game of a batch, one
action played in each, their scores (what :class:`kok_layouts.env.batch.BatchSolo` runs).

Every game of the batch is one seat of a single :class:`~kok_layouts.rules.engine.
kernels.State`: the kernels here loop over the games and call the rules' kernels for each
(:func:`~kok_layouts.rules.engine.greedy.expansions_into`,
:func:`~kok_layouts.rules.engine.kernels.anchor_into` and
:func:`~kok_layouts.rules.engine.kernels.group_is_open` for colour-and-number moves,
:func:`~kok_layouts.rules.engine.kok2.kok2_specials_into` and
:func:`~kok_layouts.rules.engine.kok2.bomb_squares_into` for Keer op Keer 2's special die
and the bombs of row items, :func:`~kok_layouts.rules.engine.kids.kids_legal_moves_into`
for Kids; ``play_move_into``, ``kok2_play_into`` (with ``bombs_owed_by``) and
``kids_play_into`` to play; ``colours_done`` for the end of a game; the editions'
``*_score_into``). Nothing of the rules is written here: what is here maps the engine's
moves onto a layout's fixed action space and back, through the arrays of
:class:`SoloActions`, which the environment builds from its action table (the engine knows
nothing of the environment's numbering).

The work for one game is done by plain kernels (:func:`~kok_layouts.rules.engine.kernels.
plain_kernel`: no reference counts) in scratch arrays made once per call
(:class:`SoloWork`): a game's legal actions, move and score allocate nothing, and the
rules' kernels are passed the sheet's tables and the state whole at no cost.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from kok_layouts.rules.engine.greedy import expansions_into
from kok_layouts.rules.engine.kernels import (
    C_BOXES_GAINED,
    C_BOXES_USED,
    C_HEARTS,
    C_MARKS_USED,
    COLOURS_TO_END,
    KEY_BASE,
    M_COLOUR_JOKER,
    M_NUMBER_JOKER,
    MOVE_WIDTH,
    SCORE_LINES,
    anchor_into,
    classic_score_into,
    colours_done,
    group_is_open,
    inline_kernel,
    kernel,
    new_state,
    plain_kernel,
    play_move_into,
)
from kok_layouts.rules.engine.kids import kids_legal_moves_into, kids_play_into, kids_score_into
from kok_layouts.rules.engine.kok2 import (
    FACE_BLOCK,
    FACE_BOMB,
    FACE_HEART,
    SQUARE,
    Kok2Scratch,
    bomb_squares_into,
    bombs_owed_by,
    kok2_play_into,
    kok2_score_into,
    kok2_scratch,
    kok2_specials_into,
    specials_room,
)
from kok_layouts.rules.engine.tables import KIDS, KOK2, Tables

Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

PLAY_PASS, PLAY_PAIR, PLAY_SPECIAL, PLAY_ROW_BOMB, PLAY_KIDS = 0, 1, 2, 3, 4
"""What playing an action is, in :attr:`SoloActions.play`: nothing, a colour-and-number
move, an action of Keer op Keer 2's special die, a bomb a row's item gave, a Kids move."""
FACE_SPAN = np.int64(1) << 50
"""The keys of :attr:`SoloActions.special_keys`: a face's code times this, plus the key of
the cells (:func:`cells_key`, at most 4 cells of 10 bits)."""
WAYS = 4
"""The ways of taking a colour-and-number move's dice (:attr:`SoloActions.pair`)."""
DIE_FACES = np.intp
"""The type of the faces of a batch's rolls (``colour_roll``, ``number_roll``,
``special_roll``); ``bombs_owed`` and ``rolls_done`` are :data:`GAME_COUNTS`."""
GAME_COUNTS = np.int16


class SoloActions(NamedTuple):
    """A layout's fixed action space as the kernels read it: how to play each action, and
    the action of each of the engine's moves. Per action (first axis: the actions):"""

    play: Int32s
    """What playing it is (``PLAY_*``)."""
    move: Int32s
    """A colour-and-number move's row (:data:`~kok_layouts.rules.engine.kernels.
    MOVE_WIDTH` wide, as ``legal_moves`` writes it); -1 for other actions."""
    cells: Int32s
    """The cells it crosses, -1 padded (a bomb's square or a block's area whole: crossed
    cells are left as they are)."""
    face: Int32s
    """A special die action's face (:data:`~kok_layouts.rules.engine.tables.
    SPECIAL_FACE_CODES`), -1 for others."""
    kids_move: Int32s
    """A Kids move's row (die face, enclosure, chameleon enclosure; ``kids_legal_moves``),
    -1 for others."""
    # The action of each move:
    pair: Int32s
    """Per way of taking the dice (plain, the ? joker, the X joker, both: ``2 * colour
    joker + number joker``) and group of the tables (``tables.group_cells``)."""
    heart: int
    purple: int
    bomb: Int32s
    """The special die's bomb on each square (``tables.square_cells``)."""
    row_bomb: Int32s
    """A row item's bomb on each square."""
    block: Int32s
    """The colour block of each area."""
    enclosure: Int32s
    """Kids: each enclosure crossed with its animal's die."""
    chameleon: Int32s
    """Kids: the purple cross whose chameleon crosses each enclosure."""
    special_keys: Int64s
    """The keys of the stars and row actions (:data:`FACE_SPAN`) in a hash table
    (:func:`special_table`; -1 in an empty slot)."""
    special_ids: Int32s
    """The action of each slot of :attr:`special_keys`."""


class SoloWork(NamedTuple):
    """The scratch arrays of the per-game kernels (:func:`solo_work`), made once per
    call of :func:`solo_legal`, :func:`solo_step` or :func:`solo_scores`."""

    expansions: Int64s
    """What the dice stand for (``expansions_into``)."""
    seen: Bools
    ways: Bools
    """Per way of taking the dice (:attr:`SoloActions.pair`), colour and size: whether
    the dice stand for it."""
    scanned: Bools
    """Per colour and size: whether its groups were looked at this roll."""
    open_list: Int32s
    """The open groups of the colours and sizes looked at, those of each from
    :attr:`open_from` to :attr:`open_to`."""
    open_from: Int32s
    open_to: Int32s
    all_colours: Int64s
    all_numbers: Int64s
    anchor: Bools
    kids_moves: Int32s
    """A Kids face's moves (``kids_legal_moves_into``)."""
    specials: Int32s
    """The special die's actions (``kok2_specials_into``; no rows but on a Keer op Keer 2
    sheet)."""
    kok2: Kok2Scratch
    lines: Int32s
    """A game's score lines."""
    new_columns: Bools
    new_colours: Bools
    """What a move completed (written, never read)."""
    no_columns: Bools
    no_colours: Bools
    no_rows: Bools
    """All False: in a solo game no other seat has completed anything."""
    no_bombs: Int32s
    """No squares named for a move's bombs (``kok2_play_into`` stops at the first one owed
    that has a square to fall on: each is an action of its own)."""
    fresh: Int32s
    """A Keer op Keer 2 action's cells not crossed yet."""


@kernel
def solo_work(tables, acts, colour_dice, number_dice):  # type: ignore[no-untyped-def]
    """A :class:`SoloWork` for ``tables``' sheet, its action space ``acts`` and rolls of
    ``colour_dice`` and ``number_dice`` dice (none: for a step, which lists no actions)."""
    dice = colour_dice * max(1, number_dice)
    room = specials_room(tables) if tables.edition == KOK2 and dice else 0
    width = max(SQUARE, tables.area_cells.shape[1])
    return SoloWork(
        np.empty((dice * (tables.colours + 1) * 6, 6), dtype=np.int64),
        np.zeros((tables.colours + 1) * 6, dtype=np.bool_),
        np.zeros((acts.pair.shape[0], tables.colours, 6), dtype=np.bool_),
        np.zeros((tables.colours, 6), dtype=np.bool_),
        np.empty(tables.group_size.shape[0], dtype=np.int32),
        np.zeros((tables.colours, 6), dtype=np.int32),
        np.zeros((tables.colours, 6), dtype=np.int32),
        np.arange(colour_dice),
        np.arange(number_dice),
        np.zeros(tables.width * tables.height, dtype=np.bool_),
        np.empty((tables.area_size.shape[0] + 1, 3), dtype=np.int32),
        np.empty((room, width), dtype=np.int32),
        kok2_scratch(tables),
        np.zeros(SCORE_LINES, dtype=np.int32),
        np.zeros(tables.width, dtype=np.bool_),
        np.zeros(tables.colours, dtype=np.bool_),
        np.zeros(tables.width, dtype=np.bool_),
        np.zeros(tables.colours, dtype=np.bool_),
        np.zeros(tables.height, dtype=np.bool_),
        np.full((0, SQUARE), -1, dtype=np.int32),
        np.empty(acts.cells.shape[1], dtype=np.int32))


@inline_kernel
def cells_key(cells):  # type: ignore[no-untyped-def]
    """A key of a set of at most 6 distinct cells listed ascending (-1 padded): each cell
    plus one, 10 bits each, in order; equal sets, equal keys. (The special die's actions
    list their cells ascending, as the action table does.)"""
    key = np.int64(0)
    for i in range(cells.shape[0]):
        if cells[i] >= 0:
            key = key * KEY_BASE + cells[i] + 1
    return key


@kernel
def cells_keys(rows):  # type: ignore[no-untyped-def]
    """:func:`cells_key` of every row of a -1 padded matrix."""
    keys = np.empty(rows.shape[0], dtype=np.int64)
    for row in range(rows.shape[0]):
        keys[row] = cells_key(rows[row])
    return keys


@inline_kernel
def _index_of(keys, key):  # type: ignore[no-untyped-def]
    """Where ``key`` is in ``keys`` (sorted, distinct), -1 if it is not: a binary search
    whose steps do not branch on the keys (a mispredicted branch per step costs more than
    the step)."""
    size = keys.shape[0]
    if size == 0:
        return -1
    low = 0
    while size > 1:
        half = size // 2
        low += half * (keys[low + half] <= key)
        size -= half
    return low if keys[low] == key else -1


HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""Keys are spread over a hash table's slots by the high bits of key times this (odd)."""


@inline_kernel
def _slot(key, slots):  # type: ignore[no-untyped-def]
    """The slot where a table of ``slots`` (a power of two, up to 2**32) starts looking
    for ``key``."""
    spread = np.uint64(key) * HASH_MULTIPLIER
    return np.int64((spread >> np.uint64(32)) & np.uint64(slots - 1))


@kernel
def special_table(keys, ids):  # type: ignore[no-untyped-def]
    """Distinct ``keys`` (not negative) and their ``ids`` as a hash table: keys (-1 in an
    empty slot) and ids by slot, at least twice as many slots as keys (a power of two),
    a key in the first free slot from :func:`_slot` on."""
    slots = 1
    while slots < 2 * keys.shape[0]:
        slots *= 2
    table_keys = np.full(slots, -1, dtype=np.int64)
    table_ids = np.full(slots, -1, dtype=np.int32)
    for i in range(keys.shape[0]):
        slot = _slot(keys[i], slots)
        while table_keys[slot] >= 0:
            slot = (slot + 1) & (slots - 1)
        table_keys[slot], table_ids[slot] = keys[i], ids[i]
    return table_keys, table_ids


@inline_kernel
def _looked_up(table_keys, table_ids, key):  # type: ignore[no-untyped-def]
    """The id of ``key`` in a :func:`special_table`, -1 if it is not there."""
    slots = table_keys.shape[0]
    slot = _slot(key, slots)
    while table_keys[slot] >= 0:
        if table_keys[slot] == key:
            return table_ids[slot]
        slot = (slot + 1) & (slots - 1)
    return -1


@inline_kernel
def _sort_run(values, start, count):  # type: ignore[no-untyped-def]
    """Sort ``values[start:start + count]`` in place (an insertion sort: the runs here are
    short and mostly in order already)."""
    for i in range(start + 1, start + count):
        value = values[i]
        j = i
        while j > start and values[j - 1] > value:
            values[j] = values[j - 1]
            j -= 1
        values[j] = value


@inline_kernel
def _squares_into(found, count, square_part, actions):  # type: ignore[no-untyped-def]
    """Append to ``found`` (from ``count`` on) the action of each square (``actions``)
    whose uncrossed part is a set of cells a bomb may cross (``square_part``, from
    ``bomb_squares_into``): the rules list a bomb by the cells it crosses, so squares with
    the same uncrossed part are one choice of the rules and one action each here. Returns
    the new count."""
    for square in range(square_part.shape[0]):
        if square_part[square] >= 0:
            found[count] = actions[square]
            count += 1
    return count


@inline_kernel
def _game_legal(found, at, tables, state, acts, work, game, colour_roll, number_roll,  # type: ignore[no-untyped-def]
                special_roll, bombs_owed):
    """The legal actions of ``game``, ascending, into ``found`` from ``at`` on; returns
    how many. The engine lists each move once, and each move is one action (a bomb one
    per square), so no action comes twice."""
    crossed = state.crossed[game]
    count = 0
    if tables.edition == KIDS:
        marks_used = state.counters[game, C_MARKS_USED]
        seen = work.seen
        seen[:] = False
        moves = work.kids_moves
        for die in range(colour_roll.shape[1]):
            face = colour_roll[game, die]
            if seen[face]:
                continue
            seen[face] = True
            listed = kids_legal_moves_into(moves, tables, crossed, marks_used, face)
            for m in range(listed):
                if moves[m, 1] >= 0:
                    found[at + count] = acts.enclosure[moves[m, 1]]
                elif moves[m, 2] >= 0:
                    found[at + count] = acts.chameleon[moves[m, 2]]
                else:
                    found[at + count] = acts.purple
                count += 1
        if count == 0:  # crossing is compulsory when a die allows it
            found[at] = 0
            count = 1
        _sort_run(found, at, count)
        return count
    scratch = work.kok2
    if bombs_owed[game] > 0:  # the bombs a row's item gave fall before anything else
        bomb_squares_into(scratch.squares, scratch.square_part, scratch.cell_part,
                          scratch.part_next, tables.square_cells, crossed)
        count = _squares_into(found[at:], 0, scratch.square_part, acts.row_bomb)
        _sort_run(found, at, count)
        return count
    found[at] = 0  # a pass
    count = 1
    marks_left = tables.exclamation_marks - state.counters[game, C_MARKS_USED]
    anchor = work.anchor
    anchor_into(anchor, tables.cell_start, tables.neighbours, crossed)
    expansions = work.expansions
    rows = expansions_into(expansions, work.seen, tables.colours, colour_roll[game],
                           number_roll[game], work.all_colours, work.all_numbers, marks_left,
                           False)
    # What the dice stand for, by way of taking them (plain, ?, X, both) and colour and
    # size; each colour and size's open groups are found once (legal_sets' plain case,
    # read in place) and listed, then their actions written way by way, colour by colour,
    # size by size: in the order of the action ids, so that they need no sort.
    ways, scanned, open_list = work.ways, work.scanned, work.open_list
    open_from, open_to = work.open_from, work.open_to
    ways[:] = False
    scanned[:] = False
    listed = 0
    for e in range(rows):
        colour, n = expansions[e, 2], expansions[e, 3]
        if not scanned[colour, n]:
            scanned[colour, n] = True
            open_from[colour, n] = listed
            for group in range(tables.group_offsets[colour, n - 1],
                               tables.group_offsets[colour, n]):
                open_list[listed] = group  # kept if open (no branch on the crosses)
                listed += group_is_open(tables, crossed, anchor, group)
            open_to[colour, n] = listed
        ways[2 * expansions[e, 4] + expansions[e, 5], colour, n] = True
    pair = acts.pair
    for way in range(ways.shape[0]):
        for colour in range(ways.shape[1]):
            for n in range(1, ways.shape[2]):
                if ways[way, colour, n]:
                    for i in range(open_from[colour, n], open_to[colour, n]):
                        found[at + count] = pair[way, open_list[i]]
                        count += 1
    if tables.edition == KOK2 and tables.special_faces.shape[0]:
        counters = state.counters[game]
        face = tables.special_faces[special_roll[game]]
        specials = work.specials
        listed = kok2_specials_into(specials, scratch, tables, crossed, anchor,
                                    counters[C_BOXES_GAINED] - counters[C_BOXES_USED],
                                    counters[C_HEARTS], face)
        if face == FACE_HEART:
            if listed:
                found[at + count] = acts.heart
                count += 1
        elif face == FACE_BOMB:
            if listed:
                count = _squares_into(found[at:], count, scratch.square_part, acts.bomb)
        elif face == FACE_BLOCK:
            for s in range(listed):
                found[at + count] = acts.block[tables.cell_area[specials[s, 0]]]
                count += 1
        else:  # stars, row
            for s in range(listed):
                action = _looked_up(acts.special_keys, acts.special_ids,
                                    face * FACE_SPAN + cells_key(specials[s]))
                if action >= 0:
                    found[at + count] = action
                    count += 1
        _sort_run(found, at, count)  # (the special die's actions come after the moves)
    return count


@plain_kernel
def _list_legal(legal, used, counts, first, tables, state, acts, work, colour_roll,  # type: ignore[no-untyped-def]
                number_roll, special_roll, bombs_owed):
    """:func:`solo_legal`'s loop over the games, from ``first`` on, their legal actions
    written into ``legal`` from ``used`` on: stops before a game for whose every action
    ``legal`` has no room. Returns the next game and how much of ``legal`` is used. (One
    call for the games: a call that passes the tables, the state and the scratch costs
    more than the work of a game.)"""
    size = acts.play.shape[0]
    for game in range(first, counts.shape[0]):
        if used + size > legal.shape[0]:
            return game, used
        count = _game_legal(legal, used, tables, state, acts, work, game, colour_roll,
                            number_roll, special_roll, bombs_owed)
        offset = game * size
        for i in range(used, used + count):
            legal[i] += offset
        used += count
        counts[game] = count
    return counts.shape[0], used


@kernel
def solo_legal(tables, state, acts, colour_roll, number_roll, special_roll, bombs_owed):  # type: ignore[no-untyped-def]
    """The legal actions of every game (a seat of ``state`` each) for its roll
    (``colour_roll``: colour faces, the joker or purple last; ``number_roll``: number
    faces, 0 the ? joker; ``special_roll``: index into ``tables.special_faces``), and,
    while ``bombs_owed``, only where the next bomb may fall. Returns the positions in the
    flattened (games, actions) mask, game by game and ascending, and how many per game."""
    games, size = colour_roll.shape[0], acts.play.shape[0]
    work = solo_work(tables, acts, colour_roll.shape[1], number_roll.shape[1])
    counts = np.zeros(games, dtype=np.int64)
    legal = np.empty(16 * games + size, dtype=np.int64)
    game, used = _list_legal(legal, 0, counts, 0, tables, state, acts, work, colour_roll,
                             number_roll, special_roll, bombs_owed)
    while game < games:  # room for every action of the next game
        bigger = np.empty(2 * legal.shape[0] + size, dtype=np.int64)
        bigger[:used] = legal[:used]
        legal = bigger
        game, used = _list_legal(legal, used, counts, game, tables, state, acts, work,
                                 colour_roll, number_roll, special_roll, bombs_owed)
    return legal[:used], counts


@inline_kernel
def _game_score(lines, tables, state, game):  # type: ignore[no-untyped-def]
    """The total of ``game`` by its edition's score kernel (the solo rules: no pass
    penalty, the sheet's star penalty), its lines written into ``lines``."""
    if tables.edition == KIDS:
        kids_score_into(lines, tables, state, game)
    elif tables.edition == KOK2:
        kok2_score_into(lines, tables, state, game, tables.star_penalty, 0)
    else:
        classic_score_into(lines, tables, state, game, tables.star_penalty, 0)
    total = np.int64(0)
    for line in range(lines.shape[0]):
        total += lines[line]
    return total


@plain_kernel
def _score_games(scores, lines, tables, state):  # type: ignore[no-untyped-def]
    """:func:`solo_scores`' loop over the games."""
    for game in range(scores.shape[0]):
        scores[game] = _game_score(lines, tables, state, game)


@kernel
def solo_scores(tables, state):  # type: ignore[no-untyped-def]
    """The total of every game."""
    scores = np.empty(state.crossed.shape[0], dtype=np.int64)
    _score_games(scores, np.zeros(SCORE_LINES, dtype=np.int32), tables, state)
    return scores


@inline_kernel
def _kok2_step(tables, state, acts, work, game, action, bombs_owed):  # type: ignore[no-untyped-def]
    """Play a Keer op Keer 2 action (legal) in ``game``: its move or special action, then
    the bombs its row items give are owed, one action each, unless no square is left for
    them (then they are lost, as ``kok2_play`` loses them)."""
    cells = acts.cells[action]
    crossed = state.crossed[game]
    fresh = work.fresh
    n = 0
    for i in range(cells.shape[0]):
        if cells[i] >= 0 and not crossed[cells[i]]:
            fresh[n] = cells[i]
            n += 1
    owed = bombs_owed_by(tables, state, game, fresh, n, work.no_rows)
    how = acts.play[action]
    jokers = 0
    if how == PLAY_PAIR:
        jokers = acts.move[action, M_COLOUR_JOKER] + acts.move[action, M_NUMBER_JOKER]
    # With no squares named, kok2_play stops at the first bomb owed that has a square to
    # fall on (-1; its move played), and loses those that have none.
    scratch = work.kok2
    placed = kok2_play_into(scratch, tables, state, game, fresh[:n], jokers,
                            how == PLAY_SPECIAL, acts.face[action], work.no_bombs,
                            work.no_columns, work.no_colours, work.no_rows)
    if how == PLAY_ROW_BOMB:
        bombs_owed[game] -= 1
    bombs_owed[game] += owed
    if bombs_owed[game] > 0 and placed != -1 \
            and bomb_squares_into(scratch.squares, scratch.square_part, scratch.cell_part,
                                  scratch.part_next, tables.square_cells, crossed) == 0:
        bombs_owed[game] = 0


@inline_kernel
def _game_step(tables, state, acts, work, game, action, bombs_owed, rolls_done, roll_limit):  # type: ignore[no-untyped-def]
    """Play ``action`` (legal) in ``game``; a game whose roll is over (no bomb owed)
    counts it. Returns whether the game ended: it completed enough colours or reached
    ``roll_limit`` rolls."""
    how = acts.play[action]
    if how == PLAY_KIDS:
        kids_play_into(work.new_columns, work.new_colours, work.no_colours, tables, state,
                       game, acts.kids_move[action], work.no_columns)
    elif how != PLAY_PASS:
        if tables.edition == KOK2:
            _kok2_step(tables, state, acts, work, game, action, bombs_owed)
        else:
            play_move_into(work.new_columns, work.new_colours, tables, state, game,
                           acts.move[action], work.no_columns, work.no_colours)
    if bombs_owed[game] > 0:
        return False
    rolls_done[game] += 1
    return colours_done(tables, state, game) >= COLOURS_TO_END or rolls_done[game] >= roll_limit


@inline_kernel
def _copy_row(target, row, source):  # type: ignore[no-untyped-def]
    """``target[row] = source[0]``, cell by cell (a plain kernel copies no array whole)."""
    for i in range(source.shape[1]):
        target[row, i] = source[0, i]


@inline_kernel
def _restart(state, empty, game):  # type: ignore[no-untyped-def]
    """``game``'s sheet as ``empty``'s (a one-seat state): every array of the state."""
    _copy_row(state.crossed, game, empty.crossed)
    _copy_row(state.counters, game, empty.counters)
    _copy_row(state.column_count, game, empty.column_count)
    _copy_row(state.colour_count, game, empty.colour_count)
    _copy_row(state.row_count, game, empty.row_count)
    _copy_row(state.later_column, game, empty.later_column)
    _copy_row(state.later_colour, game, empty.later_colour)
    _copy_row(state.column_heart, game, empty.column_heart)
    _copy_row(state.row_item, game, empty.row_item)


@plain_kernel
def _play_games(done, scores, tables, state, empty, acts, work, actions, bombs_owed,  # type: ignore[no-untyped-def]
                rolls_done, roll_limit):
    """:func:`solo_step`'s loop over the games (their actions legal)."""
    for game in range(actions.shape[0]):
        done[game] = _game_step(tables, state, acts, work, game, actions[game], bombs_owed,
                                rolls_done, roll_limit)
        scores[game] = _game_score(work.lines, tables, state, game)
        if done[game]:
            _restart(state, empty, game)
            rolls_done[game] = 0


@kernel
def solo_step(tables, state, empty, acts, legal, actions, bombs_owed, rolls_done, roll_limit):  # type: ignore[no-untyped-def]
    """Play ``actions[game]`` in every game, if each is legal (in ``legal``, as
    :func:`solo_legal` returns it); a game whose roll is over (no bomb owed) counts it, and
    ends when it completed enough colours (``colours_done``) or reached ``roll_limit``
    rolls: then it starts again on the sheet of ``empty`` (a one-seat state), no roll
    done. Returns the first game whose action is not legal (then nothing changed) or -1,
    the games that ended and every game's score after its action."""
    games, size = actions.shape[0], acts.play.shape[0]
    done = np.zeros(games, dtype=np.bool_)
    scores = np.empty(games, dtype=np.int64)
    for game in range(games):
        if _index_of(legal, game * size + actions[game]) < 0:
            return game, done, scores
    _play_games(done, scores, tables, state, empty, acts, solo_work(tables, acts, 0, 0),
                actions, bombs_owed, rolls_done, roll_limit)
    return -1, done, scores


def warm_up_solo(tables: Tables) -> None:
    """Compile (or load from numba's cache) :func:`solo_legal`, :func:`solo_step`,
    :func:`solo_scores`, :func:`cells_keys` and :func:`special_table` for arrays of the
    types a batch passes them
    (:class:`~kok_layouts.env.batch.BatchSolo`; one compiled kernel serves every sheet):
    one game on ``tables``' sheet whose only action is the pass (every move of the engine
    maps to no action: the rules know no environment's action table), a step and its
    score."""
    none = np.full(1, -1, dtype=np.int32)
    groups, areas = len(tables.group_size), len(tables.area_size)
    squares = len(tables.square_cells)
    special_keys, special_ids = special_table(cells_keys(np.full((0, 1), -1, dtype=np.int32)),
                                              np.zeros(0, dtype=np.int32))
    acts = SoloActions(
        play=np.full(1, PLAY_PASS, dtype=np.int32),
        move=np.full((1, MOVE_WIDTH), -1, dtype=np.int32),
        cells=np.full((1, 1), -1, dtype=np.int32), face=none.copy(),
        kids_move=np.full((1, 3), -1, dtype=np.int32),
        pair=np.full((WAYS, groups), -1, dtype=np.int32), heart=-1, purple=-1,
        bomb=np.full(squares, -1, dtype=np.int32), row_bomb=np.full(squares, -1, dtype=np.int32),
        block=np.full(areas, -1, dtype=np.int32), enclosure=np.full(areas, -1, dtype=np.int32),
        chameleon=np.full(areas, -1, dtype=np.int32), special_keys=special_keys,
        special_ids=special_ids)
    state, empty = (new_state(1, tables.size, tables.width, tables.height, tables.colours,
                              tables.boxes_at_start) for _ in range(2))
    legal, _ = solo_legal(tables.arrays, state, acts, np.zeros((1, 1), dtype=DIE_FACES),
                          np.zeros((1, 1), dtype=DIE_FACES), np.zeros(1, dtype=DIE_FACES),
                          np.zeros(1, dtype=GAME_COUNTS))
    solo_step(tables.arrays, state, empty, acts, legal, np.zeros(1, dtype=np.int64),
              np.zeros(1, dtype=GAME_COUNTS), np.zeros(1, dtype=GAME_COUNTS), 1)
    solo_scores(tables.arrays, state)
