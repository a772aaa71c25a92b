"""The kernels the rules' player sheets call, beside the engine's own: each answers one
question a sheet asks about one seat, through the rules of
:mod:`~kok_layouts.rules.engine.kernels`, :mod:`~kok_layouts.rules.engine.kok2` and
:mod:`~kok_layouts.rules.engine.kids` (no rule is written here again), in the form the
sheet reads fastest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from kok_layouts.rules.engine.kernels import (
    anchor_of,
    completed_colours,
    completed_columns,
    cross_on_arrays,
    group_is_open,
    kernel,
    legal_sets,
    play_move,
)
from kok_layouts.rules.engine.kids import kids_legal_moves, kids_open_enclosures, kids_play
from kok_layouts.rules.engine.kok2 import bomb_squares, bombs_owed_by, kok2_play

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet


@kernel
def open_groups(tables, crossed):  # type: ignore[no-untyped-def]
    """Every group of cells (``tables.group_cells``) a colour and number move may cross
    now, ascending: the legal sets of every colour and number at once, by the rule of
    :func:`~kok_layouts.rules.engine.kernels.legal_sets`."""
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    found = np.empty(tables.group_size.shape[0], dtype=np.int32)
    count = 0
    for group in range(tables.group_size.shape[0]):
        if group_is_open(tables, crossed, anchor, group):
            found[count] = group
            count += 1
    return found[:count]


@kernel
def cell_sets(tables, crossed, colour, n, loose):  # type: ignore[no-untyped-def]
    """:func:`~kok_layouts.rules.engine.kernels.legal_sets` from the crosses alone (the
    house rules' sets: ``connect_through_crossed``, the ? as six)."""
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    return legal_sets(tables, crossed, anchor, colour, n, loose)


@kernel
def recross(tables, state, seat, crossed):  # type: ignore[no-untyped-def]
    """Put the crosses ``crossed`` (one flag per cell) on ``seat``'s sheet, its counts of
    crosses per column, colour and row with them; the rest of its sheet (marks, later
    completions, boxes, hearts, items) stays. A hole's flag is left out."""
    state.crossed[seat, :] = False
    state.column_count[seat, :] = 0
    state.colour_count[seat, :] = 0
    state.row_count[seat, :] = 0
    cells = np.empty(crossed.shape[0], dtype=np.int32)
    count = 0
    for cell in range(crossed.shape[0]):
        if crossed[cell] and tables.cell_colour[cell] >= 0:
            cells[count] = cell
            count += 1
    none_columns = np.zeros(tables.width, dtype=np.bool_)
    none_colours = np.zeros(tables.colours, dtype=np.bool_)
    cross_on_arrays(cells[:count], tables.cell_column, tables.cell_colour, tables.cell_row,
                    tables.column_size, tables.colour_size, state.crossed[seat],
                    state.column_count[seat], state.colour_count[seat], state.row_count[seat],
                    state.later_column[seat], state.later_colour[seat], none_columns,
                    none_colours)


@kernel
def completed(tables, state, seat):  # type: ignore[no-untyped-def]
    """What ``seat`` has completed, each as bits (bit ``i`` for index ``i``: a sheet has at
    most 26 columns, 20 rows and a few colours): the columns and colours
    (:func:`~kok_layouts.rules.engine.kernels.completed_columns`, ``completed_colours``)
    and the rows all of whose board cells it has crossed (Keer op Keer 2's scoring rows)."""
    return (_bits(completed_columns(tables, state, seat)),
            _bits(completed_colours(tables, state, seat)),
            _bits(_completed_rows(tables, state, seat)))


@kernel
def _completed_rows(tables, state, seat):  # type: ignore[no-untyped-def]
    rows = np.zeros(tables.height, dtype=np.bool_)
    for row in range(tables.height):
        rows[row] = tables.row_size[row] > 0 \
            and state.row_count[seat, row] == tables.row_size[row]
    return rows


@kernel
def _bits(flags):  # type: ignore[no-untyped-def]
    bits = np.int64(0)
    for i in range(flags.shape[0]):
        if flags[i]:
            bits |= np.int64(1) << i
    return bits


@kernel
def play(tables, state, seat, move, taken_columns, taken_colours):  # type: ignore[no-untyped-def]
    """:func:`~kok_layouts.rules.engine.kernels.play_move`, then what ``seat`` has
    completed (:func:`completed`) and the groups open to it next (:func:`open_groups`):
    what its sheet is asked next, in the same call."""
    play_move(tables, state, seat, move, taken_columns, taken_colours)
    columns, colours, rows = completed(tables, state, seat)
    return columns, colours, rows, open_groups(tables, state.crossed[seat])


@kernel
def play_kok2(tables, state, seat, cells, jokers, special, face, bombs, taken_columns,  # type: ignore[no-untyped-def]
              taken_colours, taken_rows):
    """:func:`~kok_layouts.rules.engine.kok2.kok2_play` (its result first), then what
    ``seat`` has completed (:func:`completed`) and the groups open to it next
    (:func:`open_groups`). When it did not use every bomb, the sheet is part played: the
    caller puts it back."""
    used = kok2_play(tables, state, seat, cells, jokers, special, face, bombs, taken_columns,
                     taken_colours, taken_rows)
    columns, colours, rows = completed(tables, state, seat)
    return used, columns, colours, rows, open_groups(tables, state.crossed[seat])


@kernel
def play_kids(tables, state, seat, move, taken_columns):  # type: ignore[no-untyped-def]
    """:func:`~kok_layouts.rules.engine.kids.kids_play`, then what ``seat`` has completed
    (:func:`completed`)."""
    kids_play(tables, state, seat, move, taken_columns)
    return completed(tables, state, seat)


@kernel
def chameleon_next(chameleon_every, marks_used):  # type: ignore[no-untyped-def]
    """Whether the next exclamation mark a Kids player crosses with purple is a
    chameleon: every ``chameleon_every``-th (the rule
    :func:`~kok_layouts.rules.engine.kids.kids_legal_moves` applies to purple)."""
    return (marks_used + 1) % chameleon_every == 0


@kernel
def square_parts(square_cells, crossed):  # type: ignore[no-untyped-def]
    """Per 2 x 2 square (``tables.square_cells``, in order), its uncrossed board cells,
    -1 padded: what a bomb on it crosses (the special die's bomb and a row's bomb item
    take one of these, :func:`~kok_layouts.rules.engine.kok2.bomb_squares`)."""
    parts = np.full(square_cells.shape, -1, dtype=np.int32)
    for square in range(square_cells.shape[0]):
        k = 0
        for i in range(square_cells.shape[1]):
            cell = square_cells[square, i]
            if cell >= 0 and not crossed[cell]:
                parts[square, k] = cell
                k += 1
    return parts


@kernel
def bombs_owed(tables, state, seat, cells, taken_rows):  # type: ignore[no-untyped-def]
    """How many bombs crossing ``cells`` earns at once from the rows it completes first
    (no chaining)."""
    return bombs_owed_by(tables, state, seat, cells, cells.shape[0], taken_rows)


ENTRIES = (open_groups, cell_sets, recross, completed, play, play_kok2, square_parts,
           bombs_owed, bomb_squares, play_kids, chameleon_next, kids_legal_moves,
           kids_open_enclosures)
"""The kernels here a player's sheet calls (the others are compiled into these)."""


def warm_views(classic: Sheet, kok2: Sheet, kids: Sheet) -> None:
    """Compile (or load) the kernels the player sheets call, by playing a move on a
    sheet of each edition and asking what they ask."""
    from kok_layouts.rules.engine.position import Position
    from kok_layouts.rules.options import Options
    from kok_layouts.rules.player import PlayerSheet

    Position(classic, 2).ends_game()

    for options in (Options(), Options(connect_through_crossed=True, number_joker_six=True)):
        player = PlayerSheet(classic, options)
        player.push(player.legal_moves()[0])
        player.score()
        player.anchor()
        player.completed_columns()
        player.pop()
        player.crossed = player.legal_moves()[0].cells
        player.score()
        player.completed_columns()
    from kok_layouts.rules.kok2 import Kok2PlayerSheet

    second = Kok2PlayerSheet(kok2)
    for face in dict.fromkeys(second.sheet.special_faces):
        second.legal_specials(face)
    second.bomb_squares()
    move = second.legal_moves()[0]
    second.bombs_owed(move)
    second.push(move)
    second.push(second.legal_specials("bomb")[0])
    second.score()
    from kok_layouts.rules.kids import KidsPlayerSheet

    third = KidsPlayerSheet(kids)
    third.open_enclosures()
    third.next_mark_is_chameleon()
    third.push(third.legal_moves(kids.colours[0].key)[0])
    third.push(third.legal_moves("purple")[0])
    third.score()
