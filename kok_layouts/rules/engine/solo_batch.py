"""N solo games in lockstep, compiled: the legal actions of every game of a batch, one
action played in each, their scores (what :class:`kok_layouts.env.batch.BatchSolo` runs).

Every game of the batch is one seat of a single :class:`~kok_layouts.rules.engine.
kernels.State`: the kernels here loop over the games and call the rules' kernels for each
(:func:`~kok_layouts.rules.engine.greedy.expansions_into` and
:func:`~kok_layouts.rules.engine.kernels.group_is_open` for colour-and-number moves,
:func:`~kok_layouts.rules.engine.kok2.kok2_specials` and
:func:`~kok_layouts.rules.engine.kok2.bomb_squares` for Keer op Keer 2's special die and
the bombs of row items, :func:`~kok_layouts.rules.engine.kids.kids_legal_moves` for Kids;
``play_move``, ``kok2_play`` (with ``_bombs_owed``) and ``kids_play`` to play;
``most_completed`` for the end of a game; the editions' score kernels).
Nothing of the rules is written here: what is here maps the engine's moves onto a
layout's fixed action space and back, through the arrays of :class:`SoloActions`, which
the environment builds from its action table (the engine knows nothing of the
environment's numbering).
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
    anchor_of,
    classic_score,
    group_is_open,
    inline_kernel,
    kernel,
    most_completed,
    play_move,
)
from kok_layouts.rules.engine.kids import kids_legal_moves, kids_play, kids_score
from kok_layouts.rules.engine.kok2 import (
    FACE_BLOCK,
    FACE_BOMB,
    FACE_HEART,
    SQUARE,
    _bombs_owed,
    bomb_squares,
    kok2_play,
    kok2_score,
    kok2_specials,
)
from kok_layouts.rules.engine.tables import KIDS, KOK2

Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

PLAY_PASS, PLAY_PAIR, PLAY_SPECIAL, PLAY_ROW_BOMB, PLAY_KIDS = 0, 1, 2, 3, 4
"""What playing an action is, in :attr:`SoloActions.play`: nothing, a colour-and-number
move, an action of Keer op Keer 2's special die, a bomb a row's item gave, a Kids move."""
FACE_SPAN = np.int64(1) << 50
"""The keys of :attr:`SoloActions.special_keys`: a face's code times this, plus the key of
the cells (:func:`cells_key`, at most 4 cells of 10 bits)."""
COMPILE_SECONDS = 30
"""About how many CPU seconds compiling these kernels takes (with the rules' kernels they
call), measured with an empty ``NUMBA_CACHE_DIR``."""


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
    """Sorted keys of the stars and row actions (:data:`FACE_SPAN`)."""
    special_ids: Int32s
    """The action of each key of :attr:`special_keys`."""


# -- narrow views of the sheet and the state ------------------------------------------------
# The batch calls the rules' kernels for every game at every step, and numba copies and
# counts the references of every array of a struct at each call: with the whole
# SheetArrays (some 30 arrays) and State (9) that costs more than the rules' work on a
# small sheet. These structs hold the same arrays (views, nothing copied), only those the
# kernels they are passed to read, so numba compiles the same kernels for them; a field
# the kernels read and the view lacks is a compile error, never a wrong value. (Numba's
# cache records these types with the rules' kernels compiled for them: renaming one needs
# the cache cleared, as renaming SheetArrays or State would.)

class EnclosureSheet(NamedTuple):
    """What ``kids_legal_moves`` reads of the sheet."""

    colours: int
    exclamation_marks: int
    chameleon_every: int
    area_size: Int32s
    area_colour: Int32s
    area_cells: Int32s
    cell_star: Bools
    neighbours: Int32s


class SpecialSheet(NamedTuple):
    """What ``kok2_specials`` reads of the sheet."""

    height: int
    heart_track: int
    area_size: Int32s
    area_cells: Int32s
    square_cells: Int32s
    cell_start: Bools
    cell_star: Bools
    cell_row: Int32s
    neighbours: Int32s


class ClassicCross(NamedTuple):
    """What ``play_move`` reads of the sheet."""

    width: int
    colours: int
    cell_column: Int32s
    cell_colour: Int32s
    cell_row: Int32s
    column_size: Int32s
    colour_size: Int32s


class KidsCross(NamedTuple):
    """What ``kids_play`` reads of the sheet."""

    width: int
    colours: int
    cell_column: Int32s
    cell_colour: Int32s
    cell_row: Int32s
    column_size: Int32s
    colour_size: Int32s
    area_cells: Int32s
    area_size: Int32s


class Kok2Cross(NamedTuple):
    """What ``kok2_play`` and ``_bombs_owed`` read of the sheet."""

    width: int
    height: int
    colours: int
    box_count: int
    heart_track: int
    cell_column: Int32s
    cell_colour: Int32s
    cell_row: Int32s
    cell_box: Bools
    column_size: Int32s
    colour_size: Int32s
    row_size: Int32s
    row_item: Int32s
    box_column: Bools
    square_cells: Int32s


class ClassicScoring(NamedTuple):
    """What ``classic_score`` reads of the sheet."""

    width: int
    height: int
    colours: int
    exclamation_marks: int
    mark_points: int
    cell_star: Bools
    column_size: Int32s
    colour_size: Int32s
    column_first: Int32s
    column_later: Int32s
    colour_first: Int32s
    colour_later: Int32s


class Kok2Scoring(NamedTuple):
    """What ``kok2_score`` reads of the sheet."""

    width: int
    height: int
    colours: int
    exclamation_marks: int
    mark_points: int
    box_points: int
    cell_star: Bools
    column_size: Int32s
    colour_size: Int32s
    column_first: Int32s
    column_later: Int32s
    colour_first: Int32s
    colour_later: Int32s
    row_size: Int32s
    row_points: Int32s


class KidsScoring(NamedTuple):
    """What ``kids_score`` reads of the sheet."""

    width: int
    colours: int
    food_boxes: int
    column_size: Int32s
    colour_size: Int32s
    buckets: Int32s


class ClassicScoreState(NamedTuple):
    """What ``classic_score`` reads of the state."""

    crossed: Bools
    counters: Int32s
    column_count: Int32s
    colour_count: Int32s
    later_column: Bools
    later_colour: Bools


class KidsScoreState(NamedTuple):
    """What ``kids_score`` reads of the state."""

    column_count: Int32s
    colour_count: Int32s
    later_column: Bools


@inline_kernel
def _enclosure_sheet(tables):  # type: ignore[no-untyped-def]
    return EnclosureSheet(tables.colours, tables.exclamation_marks, tables.chameleon_every,
                          tables.area_size, tables.area_colour, tables.area_cells,
                          tables.cell_star, tables.neighbours)


@inline_kernel
def _special_sheet(tables):  # type: ignore[no-untyped-def]
    return SpecialSheet(tables.height, tables.heart_track, tables.area_size, tables.area_cells,
                        tables.square_cells, tables.cell_start, tables.cell_star,
                        tables.cell_row, tables.neighbours)


@inline_kernel
def _crossings(tables):  # type: ignore[no-untyped-def]
    """The views ``play_move``, ``kids_play`` and ``kok2_play`` are called with."""
    classic = ClassicCross(tables.width, tables.colours, tables.cell_column,
                           tables.cell_colour, tables.cell_row, tables.column_size,
                           tables.colour_size)
    kids = KidsCross(tables.width, tables.colours, tables.cell_column, tables.cell_colour,
                     tables.cell_row, tables.column_size, tables.colour_size,
                     tables.area_cells, tables.area_size)
    kok2 = Kok2Cross(tables.width, tables.height, tables.colours, tables.box_count,
                     tables.heart_track, tables.cell_column, tables.cell_colour,
                     tables.cell_row, tables.cell_box, tables.column_size, tables.colour_size,
                     tables.row_size, tables.row_item, tables.box_column, tables.square_cells)
    return classic, kids, kok2


@inline_kernel
def _scorers(tables, state):  # type: ignore[no-untyped-def]
    """The views the editions' score kernels are called with."""
    classic = ClassicScoring(tables.width, tables.height, tables.colours,
                             tables.exclamation_marks, tables.mark_points, tables.cell_star,
                             tables.column_size, tables.colour_size, tables.column_first,
                             tables.column_later, tables.colour_first, tables.colour_later)
    kok2 = Kok2Scoring(tables.width, tables.height, tables.colours, tables.exclamation_marks,
                       tables.mark_points, tables.box_points, tables.cell_star,
                       tables.column_size, tables.colour_size, tables.column_first,
                       tables.column_later, tables.colour_first, tables.colour_later,
                       tables.row_size, tables.row_points)
    kids = KidsScoring(tables.width, tables.colours, tables.food_boxes, tables.column_size,
                       tables.colour_size, tables.buckets)
    classic_state = ClassicScoreState(state.crossed, state.counters, state.column_count,
                                      state.colour_count, state.later_column,
                                      state.later_colour)
    kids_state = KidsScoreState(state.column_count, state.colour_count, state.later_column)
    return classic, kok2, kids, classic_state, kids_state


@inline_kernel
def cells_key(cells):  # type: ignore[no-untyped-def]
    """A key of a set of at most 6 distinct cells (-1 padded, in any order): its cells
    ascending, each plus one, 10 bits each; equal sets, equal keys. (Picked smallest
    first rather than sorted: a sort would allocate, and this runs for every bomb square
    of every game.)"""
    key = np.int64(0)
    last = -1
    while True:
        low = KEY_BASE
        for i in range(cells.shape[0]):
            if last < cells[i] < low:
                low = cells[i]
        if low == KEY_BASE:
            return key
        key = key * KEY_BASE + low + 1
        last = low


@kernel
def cells_keys(rows):  # type: ignore[no-untyped-def]
    """:func:`cells_key` of every row of a -1 padded matrix."""
    keys = np.empty(rows.shape[0], dtype=np.int64)
    for row in range(rows.shape[0]):
        keys[row] = cells_key(rows[row])
    return keys


@inline_kernel
def _squares_into(found, count, square_cells, crossed, parts, actions):  # type: ignore[no-untyped-def]
    """Append to ``found`` (from ``count`` on) the actions (one per square, ``actions``)
    of the squares whose uncrossed part is a row of ``parts``: the rules list a bomb by the
    cells it crosses, so squares with the same uncrossed part are one choice of the rules
    and one action each here. Returns the new count."""
    keys = np.sort(cells_keys(parts))
    part = np.empty(SQUARE, dtype=np.int32)
    for square in range(square_cells.shape[0]):
        part[:] = -1
        for i in range(SQUARE):
            cell = square_cells[square, i]
            if cell >= 0 and not crossed[cell]:
                part[i] = cell
        key = cells_key(part)
        at = np.searchsorted(keys, key)
        if at < keys.shape[0] and keys[at] == key:
            found[count] = actions[square]
            count += 1
    return count


@inline_kernel
def _game_legal(tables, enclosures, specials_sheet, state, acts, game, colour_roll,  # type: ignore[no-untyped-def]
                number_roll, special_roll, bombs_owed, found, expansions, seen, ways,
                scanned, open_groups, all_colours, all_numbers):
    """The legal actions of ``game`` into ``found``; returns how many. The
    engine lists each move once, and each move is one action (a bomb one per square), so
    no action comes twice."""
    crossed = state.crossed[game]
    count = 0
    if tables.edition == KIDS:
        marks_used = state.counters[game, C_MARKS_USED]
        seen[:] = False
        for die in range(colour_roll.shape[1]):
            face = colour_roll[game, die]
            if seen[face]:
                continue
            seen[face] = True
            moves = kids_legal_moves(enclosures, crossed, marks_used, face)
            for m in range(moves.shape[0]):
                if moves[m, 1] >= 0:
                    found[count] = acts.enclosure[moves[m, 1]]
                elif moves[m, 2] >= 0:
                    found[count] = acts.chameleon[moves[m, 2]]
                else:
                    found[count] = acts.purple
                count += 1
        if count == 0:  # crossing is compulsory when a die allows it
            found[0] = 0
            count = 1
        return count
    if bombs_owed[game] > 0:  # the bombs a row's item gave fall before anything else
        squares = bomb_squares(tables.square_cells, crossed)
        return _squares_into(found, 0, tables.square_cells, crossed, squares, acts.row_bomb)
    found[0] = 0  # a pass
    count = 1
    marks_left = tables.exclamation_marks - state.counters[game, C_MARKS_USED]
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    rows = expansions_into(expansions, seen, tables.colours, colour_roll[game],
                           number_roll[game], all_colours, all_numbers, marks_left, False)
    # What the dice stand for, by way of taking them (plain, ?, X, both) and colour and
    # size; each colour and size's open groups are found once (legal_sets' plain case,
    # read in place), then listed way by way, colour by colour, size by size: in the
    # order of the action ids, so that they need no sort.
    ways[:] = False
    scanned[:] = False
    for e in range(rows):
        colour, n = expansions[e, 2], expansions[e, 3]
        if not scanned[colour, n]:
            scanned[colour, n] = True
            for group in range(tables.group_offsets[colour, n - 1],
                               tables.group_offsets[colour, n]):
                open_groups[group] = group_is_open(tables, crossed, anchor, group)
        ways[2 * expansions[e, 4] + expansions[e, 5], colour, n] = True
    pair = acts.pair
    for way in range(ways.shape[0]):
        for colour in range(ways.shape[1]):
            for n in range(1, ways.shape[2]):
                if ways[way, colour, n]:
                    for group in range(tables.group_offsets[colour, n - 1],
                                       tables.group_offsets[colour, n]):
                        if open_groups[group]:
                            found[count] = pair[way, group]
                            count += 1
    if tables.edition == KOK2 and tables.special_faces.shape[0]:
        counters = state.counters[game]
        face = tables.special_faces[special_roll[game]]
        specials = kok2_specials(specials_sheet, crossed, counters[C_BOXES_GAINED]
                                 - counters[C_BOXES_USED], counters[C_HEARTS], face)
        if face == FACE_HEART:
            if specials.shape[0]:
                found[count] = acts.heart
                count += 1
        elif face == FACE_BOMB:
            count = _squares_into(found, count, tables.square_cells, crossed, specials,
                                  acts.bomb)
        elif face == FACE_BLOCK:
            for s in range(specials.shape[0]):
                found[count] = acts.block[tables.cell_area[specials[s, 0]]]
                count += 1
        else:  # stars, row
            for s in range(specials.shape[0]):
                key = face * FACE_SPAN + cells_key(specials[s])
                at = np.searchsorted(acts.special_keys, key)
                if at < acts.special_keys.shape[0] and acts.special_keys[at] == key:
                    found[count] = acts.special_ids[at]
                    count += 1
    return count


@kernel
def solo_legal(tables, state, acts, colour_roll, number_roll, special_roll, bombs_owed):  # type: ignore[no-untyped-def]
    """The legal actions of every game (a seat of ``state`` each) for its roll
    (``colour_roll``: colour faces, the joker or purple last; ``number_roll``: number
    faces, 0 the ? joker; ``special_roll``: index into ``tables.special_faces``), and,
    while ``bombs_owed``, only where the next bomb may fall. Returns the positions in the
    flattened (games, actions) mask, game by game and ascending, and how many per game."""
    games, size = colour_roll.shape[0], acts.play.shape[0]
    enclosures, specials_sheet = _enclosure_sheet(tables), _special_sheet(tables)
    counts = np.zeros(games, dtype=np.int64)
    legal = np.empty(16 * games + size, dtype=np.int64)
    used = 0
    dice = colour_roll.shape[1] * max(1, number_roll.shape[1])
    expansions = np.empty((dice * (tables.colours + 1) * 6, 6), dtype=np.int64)
    seen = np.zeros((tables.colours + 1) * 6, dtype=np.bool_)
    ways = np.zeros((acts.pair.shape[0], tables.colours, 6), dtype=np.bool_)
    scanned = np.zeros((tables.colours, 6), dtype=np.bool_)
    open_groups = np.zeros(tables.group_size.shape[0], dtype=np.bool_)
    all_colours = np.arange(colour_roll.shape[1])
    all_numbers = np.arange(number_roll.shape[1])
    for game in range(games):
        if used + size > legal.shape[0]:  # room for every action of the game
            bigger = np.empty(2 * legal.shape[0] + size, dtype=np.int64)
            bigger[:used] = legal[:used]
            legal = bigger
        count = _game_legal(tables, enclosures, specials_sheet, state, acts, game,
                            colour_roll, number_roll, special_roll, bombs_owed, legal[used:],
                            expansions, seen, ways, scanned, open_groups, all_colours,
                            all_numbers)
        mine = legal[used:used + count]
        for i in range(1, count):
            if mine[i] < mine[i - 1]:  # (Kids' dice and the special die's actions)
                mine.sort()
                break
        mine += game * size
        used += count
        counts[game] = count
    return legal[:used], counts


@inline_kernel
def _score(edition, scorers, state, star_penalty, game):  # type: ignore[no-untyped-def]
    """The total of ``game`` by its edition's score kernel (the solo rules: no pass
    penalty, the sheet's star penalty); ``scorers``: :func:`_scorers`."""
    classic, kok2, kids, classic_state, kids_state = scorers
    if edition == KIDS:
        buckets, visitors, food = kids_score(kids, kids_state, game)
        return np.int64(buckets + visitors + food)
    if edition == KOK2:
        return np.int64(kok2_score(kok2, state, game, star_penalty, 0).sum())
    return np.int64(classic_score(classic, classic_state, game, star_penalty, 0).sum())


@kernel
def solo_scores(tables, state):  # type: ignore[no-untyped-def]
    """The total of every game."""
    scorers = _scorers(tables, state)
    scores = np.empty(state.crossed.shape[0], dtype=np.int64)
    for game in range(scores.shape[0]):
        scores[game] = _score(tables.edition, scorers, state, tables.star_penalty, game)
    return scores


@inline_kernel
def _kok2_step(crossing, state, acts, game, action, bombs_owed, fresh, no_columns,  # type: ignore[no-untyped-def]
               no_colours, no_rows, no_bombs):
    """Play a Keer op Keer 2 action (legal) in ``game``: its move or special action, then
    the bombs its row items give are owed, one action each, unless no square is left for
    them (then they are lost, as ``kok2_play`` loses them). ``fresh``: scratch as wide as
    an action's cells."""
    cells = acts.cells[action]
    crossed = state.crossed[game]
    n = 0
    for i in range(cells.shape[0]):
        if cells[i] >= 0 and not crossed[cells[i]]:
            fresh[n] = cells[i]
            n += 1
    owed = _bombs_owed(crossing, state, game, fresh, n, no_rows)
    how = acts.play[action]
    jokers = 0
    if how == PLAY_PAIR:
        jokers = acts.move[action, M_COLOUR_JOKER] + acts.move[action, M_NUMBER_JOKER]
    # With no squares named, kok2_play stops at the first bomb owed that has a square to
    # fall on (-1; its move played), and loses those that have none.
    placed = kok2_play(crossing, state, game, fresh[:n], jokers, how == PLAY_SPECIAL,
                       acts.face[action], no_bombs, no_columns, no_colours, no_rows)
    if how == PLAY_ROW_BOMB:
        bombs_owed[game] -= 1
    bombs_owed[game] += owed
    if bombs_owed[game] > 0 and placed != -1 \
            and bomb_squares(crossing.square_cells, crossed).shape[0] == 0:
        bombs_owed[game] = 0


@kernel
def solo_step(tables, state, acts, legal, actions, bombs_owed, rolls_done, roll_limit):  # type: ignore[no-untyped-def]
    """Play ``actions[game]`` in every game, if each is legal (in ``legal``, as
    :func:`solo_legal` returns it); a game whose roll is over (no bomb owed) counts it, and
    ends when it completed enough colours (``most_completed``) or reached ``roll_limit``
    rolls. Returns the first game whose action is not legal (then nothing changed) or -1,
    the games that ended and every game's score now."""
    games, size = actions.shape[0], acts.play.shape[0]
    done = np.zeros(games, dtype=np.bool_)
    scores = np.empty(games, dtype=np.int64)
    for game in range(games):
        wanted = game * size + actions[game]
        at = np.searchsorted(legal, wanted)
        if at == legal.shape[0] or legal[at] != wanted:
            return game, done, scores
    classic_cross, kids_cross, kok2_cross = _crossings(tables)
    scorers = _scorers(tables, state)
    edition = tables.edition
    no_columns = np.zeros(tables.width, dtype=np.bool_)
    no_colours = np.zeros(tables.colours, dtype=np.bool_)
    no_rows = np.zeros(tables.height, dtype=np.bool_)
    no_bombs = np.full((0, SQUARE), -1, dtype=np.int32)
    fresh = np.empty(acts.cells.shape[1], dtype=np.int32)
    for game in range(games):
        action = actions[game]
        how = acts.play[action]
        if how == PLAY_KIDS:
            kids_play(kids_cross, state, game, acts.kids_move[action], no_columns)
        elif how != PLAY_PASS:
            if edition == KOK2:
                _kok2_step(kok2_cross, state, acts, game, action, bombs_owed, fresh,
                           no_columns, no_colours, no_rows, no_bombs)
            else:
                play_move(classic_cross, state, game, acts.move[action], no_columns,
                          no_colours)
        if bombs_owed[game] == 0:
            rolls_done[game] += 1
            colours = most_completed(state.colour_count[game:game + 1], tables.colour_size)
            done[game] = colours >= COLOURS_TO_END or rolls_done[game] >= roll_limit
        scores[game] = _score(edition, scorers, state, tables.star_penalty, game)
    return -1, done, scores
