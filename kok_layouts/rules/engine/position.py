"""A position of the engine: every seat's sheet of one game as arrays, with the rules'
own values (``Move``, ``KidsMove``, ``Score``, ``KidsScore``) at its doors.

:class:`Position` checks its arguments and turns names into indices once, then calls the
compiled kernels (:mod:`kok_layouts.rules.engine.kernels`). The rules' player sheets
(``PlayerSheet``, ``Kok2PlayerSheet``, ``KidsPlayerSheet``) are views over a position of
one seat: they keep the readable API and the bookkeeping (history, messages) and ask the
position for every rule, through its methods for one seat (:meth:`Position.open_groups`,
:meth:`Position.recross`, :meth:`Position.snapshot`, ...), which take the rules' cell
masks and give them back.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError, WrongSheetError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import SPECIAL_FACES, ClassicSheet, Kok2Sheet, Sheet, SpecialFace
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    PURPLE,
    parse_colour_face,
    parse_number_face,
)
from kok_layouts.rules.engine import kernels, views
from kok_layouts.rules.engine import kids as kids_kernels
from kok_layouts.rules.engine import kok2 as kok2_kernels
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS, announce
from kok_layouts.rules.engine.kernels import (
    M_CELLS,
    M_COLOUR,
    M_COLOUR_JOKER,
    M_NUMBER,
    M_NUMBER_JOKER,
    MOVE_WIDTH,
    S_COLOURS,
    S_COLUMNS,
    S_JOKERS,
    S_PASSES,
    S_STARS,
    State,
)
from kok_layouts.rules.engine.tables import (
    CLASSIC,
    KIDS,
    KOK2,
    SPECIAL_FACE_CODES,
    Bools,
    Int32s,
    Tables,
    tables_for,
)
from kok_layouts.rules.kids import KidsMove, KidsScore
from kok_layouts.rules.kok2 import Kok2Score, Special
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import checked_options
from kok_layouts.rules.scoring import Score

MoveRows = Int32s
"""Moves as rows of ``int32`` (:data:`~kok_layouts.rules.engine.kernels.MOVE_WIDTH` wide)."""


class Position:
    """Every seat's sheet of one game on ``sheet``, under ``options`` (the rules' defaults
    for ``None``), of any edition: colour-and-number moves on classic and Keer op Keer 2
    sheets, the special die's actions on Keer op Keer 2 sheets, enclosures on Kids
    sheets (the ``kids_*`` methods)."""

    def __init__(self, sheet: Sheet, seats: int = 1, options: Options | None = None) -> None:
        if not isinstance(sheet, Sheet):
            raise KokTypeError(f"a position is on a sheet (load_layout(...)), not "
                               f"{type(sheet).__name__}")
        if type(seats) is not int or not 1 <= seats <= 6:
            raise BadArgumentError(f"a position has 1 to 6 seats, not {seats!r}")
        self.sheet = sheet
        self.options = checked_options(options)
        self.tables: Tables = tables_for(sheet)
        self.arrays = self.tables.arrays
        tables = self.tables
        fresh = kernels.new_state(seats, tables.size, tables.width, tables.height,
                                  tables.colours, tables.boxes_at_start)
        self._flags, self._counts, self._layout = _packed(fresh)
        self.state: State = _carve(self._flags, self._counts, self._layout)
        masks = self._sheet_masks = sheet_masks(tables)
        self._colour_index = masks.colour_index
        self._entries = entries_of(tables)
        self._counters_at = self._layout[list(State.__annotations__).index("counters")][1]
        """Where the first seat's counters are in the counts."""
        _announce(tables.edition)

    def _run(self, kernel: Callable[..., Any], *args: Any) -> Any:
        """``kernel(*args)``, from the second call on through its compiled entry point
        for these argument types (:func:`entry_point`): a sheet's view calls kernels one
        question at a time, where choosing the compiled version costs more than the
        work."""
        entry = self._entries.get(kernel)
        if entry is not None:
            return entry(*args)
        result = kernel(*args)
        self._entries[kernel] = entry_point(kernel, args)
        return result

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled entry points (which cannot be) and the views of
        the state (made again from its buffers)."""
        kept = dict(self.__dict__)
        del kept["_entries"], kept["state"]
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__dict__.update(kept)
        self._entries = entries_of(self.tables)
        self.state = _carve(self._flags, self._counts, self._layout)

    def copy(self) -> Position:
        """An independent copy (the sheet's tables shared)."""
        other = object.__new__(Position)
        other.__dict__.update(self.__dict__)
        other._flags, other._counts = self._flags.copy(), self._counts.copy()
        other.state = _carve(other._flags, other._counts, self._layout)
        return other

    def __repr__(self) -> str:
        crossed = [int(row.sum()) for row in self.state.crossed]
        return f"<Position {self.sheet.name}: crossed per seat {crossed}>"

    @property
    def seats(self) -> int:
        return self._layout[0][2][0]

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise BadArgumentError(f"seat {seat!r} is not in this position (0 to "
                                   f"{self.seats - 1})")
        return seat

    def _classic(self) -> None:
        """Refuse a Kids sheet: colour and number moves are classic and Keer op Keer 2."""
        if self.tables.edition not in (CLASSIC, KOK2):
            raise WrongSheetError(f"{self.sheet.name} is a {self.sheet.edition} sheet; this "
                                  "asks a classic or Keer op Keer 2 one")

    def _kok2(self) -> None:
        if self.tables.edition != KOK2:
            raise WrongSheetError(f"{self.sheet.name} is a {self.sheet.edition} sheet; this "
                                  "asks a Keer op Keer 2 one")

    def _kids(self) -> None:
        if self.tables.edition != KIDS:
            raise WrongSheetError(f"{self.sheet.name} is a {self.sheet.edition} sheet; this "
                                  "asks a Kids one")

    # -- cells -------------------------------------------------------------------------
    def crossed(self, seat: int) -> int:
        """The crossed cells of ``seat`` as the rules' bitmask."""
        return mask_of(self.state.crossed[self._seat(seat)])

    def set_crossed(self, seat: int, mask: int, marks_used: int = 0) -> None:
        """Put ``seat``'s sheet in a position: these crosses and marks used, nothing
        completed later than another seat (a position read from the rules' sheet)."""
        seat = self._seat(seat)
        if type(mask) is not int or mask < 0 or mask >> self.tables.size:
            raise BadArgumentError("the crosses are a cell mask of the sheet")
        if type(marks_used) is not int or not 0 <= marks_used <= self.tables.exclamation_marks:
            raise BadArgumentError(f"marks used are 0 to {self.tables.exclamation_marks}, not "
                                   f"{marks_used!r}")
        cells = np.array(list(cells_of(mask)), dtype=np.int32)
        if cells.size and (self.tables.cell_colour[cells] < 0).any():
            raise BadArgumentError("a crossed cell is a hole, not part of the board")
        for array in self.state:
            array[seat] = -1 if array is self.state.column_heart else 0
        self.state.counters[seat, kernels.C_BOXES_GAINED] = self.tables.boxes_at_start
        self.state.counters[seat, kernels.C_MARKS_USED] = marks_used
        none_columns = np.zeros(self.tables.width, dtype=np.bool_)
        none_colours = np.zeros(self.tables.colours, dtype=np.bool_)
        kernels.cross_cells(self.arrays, self.state, seat, cells, none_columns, none_colours)

    def marks_left(self, seat: int) -> int:
        used = int(self.state.counters[self._seat(seat), kernels.C_MARKS_USED])
        return self.tables.exclamation_marks - used

    def completed_columns(self, seat: int) -> list[int]:
        done = kernels.completed_columns(self.arrays, self.state, self._seat(seat))
        return [int(c) for c in np.flatnonzero(done)]

    def completed_colours(self, seat: int) -> list[str]:
        done = kernels.completed_colours(self.arrays, self.state, self._seat(seat))
        return [self.tables.colour_keys[int(c)] for c in np.flatnonzero(done)]

    def ends_game(self) -> bool:
        """Whether a seat has completed two colours (Kids: animals): the game ends after
        this roll (or, by the classic rule ``end = "round"``, this round)."""
        return bool(kernels.game_ends(self.arrays, self.state))

    def _taken(self, columns: Iterable[int], colours: Iterable[str]) -> tuple[Bools, Bools]:
        """``taken_columns`` and ``taken_colours`` as boolean arrays."""
        if isinstance(columns, (str, int)) or isinstance(colours, str):
            raise KokTypeError("taken_columns and taken_colours are collections of column "
                               "indices and colours")
        taken_columns = np.zeros(self.tables.width, dtype=np.bool_)
        for column in columns:
            if type(column) is not int or not 0 <= column < self.tables.width:
                raise BadArgumentError(f"taken_columns holds {column!r}; columns are 0.."
                                       f"{self.tables.width - 1}")
            taken_columns[column] = True
        taken_colours = np.zeros(self.tables.colours, dtype=np.bool_)
        for colour in colours:
            taken_colours[self._colour_of(colour)] = True
        return taken_columns, taken_colours

    def _colour_of(self, colour: object) -> int:
        if isinstance(colour, str) and colour in self._colour_index:
            return self._colour_index[colour]
        if not isinstance(colour, str):
            raise KokTypeError(f"a colour is a name or key, not {type(colour).__name__}")
        key = parse_colour_face(self.sheet, colour)
        if key not in self._colour_index:
            raise BadArgumentError(f"{colour!r} is a joker, not a colour of {self.sheet.name}")
        return self._colour_index[key]

    # -- classic -----------------------------------------------------------------------
    def legal_rows(self, seat: int, colour_face: str = JOKER_COLOUR,
                   number_face: int | str = JOKER_NUMBER) -> MoveRows:
        """Every legal move of a colour face and a number face for ``seat``, as rows, in
        the order of the rules' ``PlayerSheet.legal_moves``."""
        self._classic()
        seat = self._seat(seat)
        face = parse_colour_face(self.sheet, colour_face)
        colour = self.tables.colours if face == JOKER_COLOUR else self._colour_index[face]
        number = parse_number_face(number_face)
        rows: MoveRows = kernels.legal_moves(
            self.arrays, self.state.crossed[seat], self.marks_left(seat), colour, number,
            self.options.connect_through_crossed, self.options.number_joker_six)
        return rows

    def legal_moves(self, seat: int, colour_face: str = JOKER_COLOUR,
                    number_face: int | str = JOKER_NUMBER) -> list[Move]:
        """:meth:`legal_rows` as the rules' moves."""
        return [self.move_of(row) for row in self.legal_rows(seat, colour_face, number_face)]

    def move_of(self, row: MoveRows) -> Move:
        """The rules' move of a move row."""
        mask = 0
        for cell in row[M_CELLS:]:
            if cell >= 0:
                mask |= 1 << int(cell)
        return Move(self.tables.colour_keys[int(row[M_COLOUR])], int(row[M_NUMBER]), mask,
                    bool(row[M_COLOUR_JOKER]), bool(row[M_NUMBER_JOKER]), self.tables.width)

    def row_of(self, move: Move) -> MoveRows:
        """The move row of the rules' ``move`` (not checked for legality)."""
        if not isinstance(move, Move):
            raise KokTypeError(f"a move is a Move(...), not {type(move).__name__}")
        cells = list(cells_of(move.cells)) if type(move.cells) is int and move.cells >= 0 \
            else None
        if cells is None or len(cells) > MOVE_WIDTH - M_CELLS:
            raise BadArgumentError(f"{move!r} crosses 1 to {MOVE_WIDTH - M_CELLS} cells")
        row = np.full(MOVE_WIDTH, -1, dtype=np.int32)
        row[M_COLOUR] = self._colour_of(move.colour)
        row[M_NUMBER] = move.number
        row[M_COLOUR_JOKER] = int(move.colour_joker)
        row[M_NUMBER_JOKER] = int(move.number_joker)
        row[M_CELLS:M_CELLS + len(cells)] = cells
        return row

    def push(self, seat: int, move: Move | Special, *, taken_columns: Iterable[int] = (),
             taken_colours: Iterable[str] = (), taken_rows: Iterable[int] = (),
             bombs: Iterable[int] = ()) -> tuple[list[int], list[str]]:
        """Play the legal ``move`` (Keer op Keer 2: or special action, and ``bombs``, the
        squares of the bombs its rows' items give at once, as cell masks) on ``seat``'s
        sheet, ``taken_*`` as the rules' ``push``; returns the columns and colours it
        completed. An illegal move raises :class:`IllegalMoveError` and changes nothing."""
        self._classic()
        seat = self._seat(seat)
        columns, colours = self._taken(taken_columns, taken_colours)
        rows = self._taken_rows(taken_rows)
        squares = self._bombs(bombs)
        row = np.full(MOVE_WIDTH, -1, dtype=np.int32)
        if isinstance(move, Special):
            self._kok2()
            cells, jokers, face = self._special_cells(seat, move), 0, SPECIAL_FACE_CODES[move.face]
        else:
            row = self._legal_row(seat, move)
            cells, face = row[M_CELLS:], -1
            jokers = int(row[M_COLOUR_JOKER] + row[M_NUMBER_JOKER])
        columns_before = set(self.completed_columns(seat))
        colours_before = set(self.completed_colours(seat))
        if self.tables.edition == KOK2:
            kept = self.snapshot(seat)
            used = self._run(kok2_kernels.kok2_play, self.arrays, self.state, seat, cells,
                             jokers, face >= 0, face, squares, columns, colours, rows)
            if used != len(squares):
                self.restore(seat, kept)
                raise IllegalMoveError(
                    "a row's item gives a bomb at once: name its 2x2 square" if used == -1
                    else "a bomb is not the uncrossed part of a 2x2 square" if used == -2
                    else f"{len(squares) - used} bomb(s) named, but no row item gives them")
        else:
            if len(squares):
                raise IllegalMoveError("bombs are Keer op Keer 2's; this sheet has none")
            kernels.play_move(self.arrays, self.state, seat, row, columns, colours)
        return ([c for c in self.completed_columns(seat) if c not in columns_before],
                [k for k in self.completed_colours(seat) if k not in colours_before])

    def _legal_row(self, seat: int, move: Move) -> MoveRows:
        """The row of ``move``, refused unless it is legal."""
        row = self.row_of(move)
        colour_face = self.tables.colours if move.colour_joker else int(row[M_COLOUR])
        number_face = JOKER_NUMBER if move.number_joker else move.number
        if number_face not in range(6):
            raise IllegalMoveError(f"{move!r} is not a legal move")
        legal = self.legal_rows(seat, self._face_name(colour_face), number_face)
        if not (legal == row).all(axis=1).any():
            raise IllegalMoveError(f"{move!r} is not a legal move")
        return row

    def _taken_rows(self, rows: Iterable[int]) -> Bools:
        if isinstance(rows, (str, int)):
            raise KokTypeError("taken_rows is a collection of row indices")
        taken = np.zeros(self.tables.height, dtype=np.bool_)
        for row in rows:
            if type(row) is not int or not 0 <= row < self.tables.height:
                raise BadArgumentError(f"taken_rows holds {row!r}; rows are 0.."
                                       f"{self.tables.height - 1}")
            taken[row] = True
        return taken

    def _bombs(self, bombs: Iterable[int]) -> Int32s:
        """The squares of ``bombs`` (cell masks) as rows of 4 cells, -1 padded."""
        if isinstance(bombs, (str, int)):
            raise KokTypeError("bombs are a collection of cell masks")
        masks = list(bombs)
        rows = np.full((len(masks), kok2_kernels.SQUARE), -1, dtype=np.int32)
        for index, mask in enumerate(masks):
            if type(mask) is not int or mask <= 0 or mask >> self.tables.size:
                raise KokTypeError(f"a bomb is the cell mask of its square, not {mask!r}")
            cells = list(cells_of(mask))
            if len(cells) > kok2_kernels.SQUARE:
                raise IllegalMoveError("a bomb is the uncrossed part of a 2x2 square")
            rows[index, :len(cells)] = cells
        return rows

    # -- Keer op Keer 2 ----------------------------------------------------------------
    def special_rows(self, seat: int, face: SpecialFace) -> MoveRows:
        """Every legal action of the special die's ``face`` for ``seat`` as rows of cells
        (-1 padded), in the rules' order (``legal_specials``)."""
        self._kok2()
        seat = self._seat(seat)
        sheet = self.sheet
        assert isinstance(sheet, Kok2Sheet)
        if face not in SPECIAL_FACES or face not in sheet.special_faces:
            raise BadArgumentError(f"the special die has the faces "
                                   f"{', '.join(dict.fromkeys(sheet.special_faces))}, "
                                   f"not {face!r}")
        counters = self.state.counters[seat]
        rows: MoveRows = kok2_kernels.kok2_specials(
            self.arrays, self.state.crossed[seat],
            int(counters[kernels.C_BOXES_GAINED] - counters[kernels.C_BOXES_USED]),
            int(counters[kernels.C_HEARTS]), SPECIAL_FACE_CODES[face])
        return rows

    def specials(self, seat: int, face: SpecialFace) -> list[Special]:
        """:meth:`special_rows` as the rules' special actions."""
        return [Special(face, sum(1 << int(c) for c in row if c >= 0), self.tables.width)
                for row in self.special_rows(seat, face)]

    def _special_cells(self, seat: int, action: Special) -> Int32s:
        """The cells of the legal ``action`` (-1 padded); refused unless legal."""
        if not isinstance(action.face, str) or type(action.cells) is not int \
                or action.cells < 0:
            raise KokTypeError(f"{action!r}: a special action has a face name and a "
                               "non-negative cell mask")
        for row in self.special_rows(seat, action.face):
            if sum(1 << int(c) for c in row if c >= 0) == action.cells:
                return np.ascontiguousarray(row, dtype=np.int32)
        raise IllegalMoveError(f"{action!r} is not a legal action")

    def boxes_left(self, seat: int) -> int:
        gained, used = self.boxes(self._seat(seat))
        return gained - used

    def hearts(self, seat: int) -> int:
        return self._counter(self._seat(seat), kernels.C_HEARTS)

    def _counter(self, seat: int, which: int) -> int:
        """One of ``seat``'s counters (``kernels.C_*``), read from the counts directly
        (the sheets read them at every step)."""
        return int(self._counts[self._counters_at + seat * kernels.COUNTERS + which])

    def column_hearts(self, seat: int) -> dict[int, int]:
        """The hearts written under each completed column (Keer op Keer 2)."""
        row = self.state.column_heart[self._seat(seat)]
        return {int(c): int(row[c]) for c in np.flatnonzero(row >= 0)}

    def row_items(self, seat: int) -> frozenset[int]:
        """The rows whose item ``seat`` received as first completer."""
        return frozenset(int(r) for r in np.flatnonzero(self.state.row_item[self._seat(seat)]))

    def _face_name(self, colour: int) -> str:
        return JOKER_COLOUR if colour == self.tables.colours else self.tables.colour_keys[colour]

    def score(self, seat: int, options: Options | None = None) -> Score:
        """The rules' score box of ``seat`` (the house rules ``star_penalty`` and
        ``pass_penalty`` of the options, or of ``options``, included)."""
        self._classic()
        seat = self._seat(seat)
        sheet = self.sheet
        assert isinstance(sheet, ClassicSheet)
        options = options or self.options
        stars = sheet.star_penalty if options.star_penalty is None else options.star_penalty
        if self.tables.edition == KOK2:
            lines = self._run(kok2_kernels.kok2_score, self.arrays, self.state, seat, stars,
                                       options.pass_penalty)
            return Kok2Score(colours=int(lines[S_COLOURS]), columns=int(lines[S_COLUMNS]),
                             jokers=int(lines[S_JOKERS]), stars=int(lines[S_STARS]),
                             rows=int(lines[kernels.S_ROWS]),
                             hearts=int(lines[kernels.S_HEARTS]),
                             boxes=int(lines[kernels.S_BOXES]),
                             passes=int(lines[S_PASSES]) if options.pass_penalty else None)
        lines = self._run(kernels.classic_score, self.arrays, self.state, seat, stars,
                                      options.pass_penalty)
        return Score(colours=int(lines[S_COLOURS]), columns=int(lines[S_COLUMNS]),
                     jokers=int(lines[S_JOKERS]), stars=int(lines[S_STARS]),
                     passes=int(lines[S_PASSES]) if options.pass_penalty else None)

    def count_pass(self, seat: int) -> None:
        """``seat``, active, crossed nothing this roll (the house rule ``pass_penalty``)."""
        self.state.counters[self._seat(seat), kernels.C_PASSES] += 1

    # -- one seat's sheet, as the rules' player sheets ask ----------------------------------
    # The sheets check every argument and move themselves; these take indices and the rules'
    # cell masks as they are and check nothing more.
    def snapshot(self, seat: int) -> Snapshot:
        """``seat``'s sheet as it is now, for :meth:`restore`."""
        if self.seats == 1:
            return (self._flags.copy(), self._counts.copy())
        return tuple(array[seat].copy() for array in self.state)

    def restore(self, seat: int, snapshot: Snapshot) -> None:
        """Put ``seat``'s sheet back as it was at :meth:`snapshot`."""
        if self.seats == 1:
            self._flags[:] = snapshot[0]
            self._counts[:] = snapshot[1]
            return
        for array, old in zip(self.state, snapshot, strict=True):
            array[seat] = old

    def fingerprint(self, seat: int) -> tuple[bytes, ...]:
        """``seat``'s whole sheet as bytes: equal for equal sheets."""
        if self.seats == 1:
            return (self._flags.tobytes(), self._counts.tobytes())
        return tuple(array[seat].tobytes() for array in self.state)

    def recross(self, seat: int, mask: int) -> None:
        """Put the crosses ``mask`` on ``seat``'s sheet (holes left out), keeping its marks,
        later completions, boxes, hearts and row items as they are."""
        self._run(views.recross, self.arrays, self.state, seat,
                  flags_of(mask, self.tables.size))

    def marks_used(self, seat: int) -> int:
        return self._counter(seat, kernels.C_MARKS_USED)

    def set_marks_used(self, seat: int, used: int) -> None:
        self.state.counters[seat, kernels.C_MARKS_USED] = used

    def passes(self, seat: int) -> int:
        """The rolls ``seat``, active, crossed nothing in (the house rule
        ``pass_penalty``)."""
        return self._counter(seat, kernels.C_PASSES)

    def set_passes(self, seat: int, passes: int) -> None:
        self.state.counters[seat, kernels.C_PASSES] = passes

    def later(self, seat: int) -> tuple[frozenset[int], frozenset[str]]:
        """The columns and colours ``seat`` completed after another seat had, in an earlier
        roll (they score their later value)."""
        keys = self.tables.colour_keys
        return (frozenset(np.flatnonzero(self.state.later_column[seat]).tolist()),
                frozenset(keys[c] for c in np.flatnonzero(self.state.later_colour[seat])))

    def set_later(self, seat: int, columns: Iterable[int], colours: Iterable[str]) -> None:
        self.state.later_column[seat] = flags_at(columns, self.tables.width)
        self.state.later_colour[seat] = flags_at((self._colour_index[k] for k in colours),
                                                 self.tables.colours)

    def boxes(self, seat: int) -> tuple[int, int]:
        """The boxes ``seat`` has gained (the first included) and used (Keer op Keer 2)."""
        return (self._counter(seat, kernels.C_BOXES_GAINED),
                self._counter(seat, kernels.C_BOXES_USED))

    def set_boxes(self, seat: int, gained: int, used: int) -> None:
        self.state.counters[seat, kernels.C_BOXES_GAINED] = gained
        self.state.counters[seat, kernels.C_BOXES_USED] = used

    def set_hearts(self, seat: int, hearts: int) -> None:
        self.state.counters[seat, kernels.C_HEARTS] = hearts

    def set_column_hearts(self, seat: int, hearts: dict[int, int]) -> None:
        row = self.state.column_heart[seat]
        row[:] = -1
        for column, count in hearts.items():
            row[column] = count

    def set_row_items(self, seat: int, rows: Iterable[int]) -> None:
        self.state.row_item[seat] = flags_at(rows, self.tables.height)

    def open_groups(self, seat: int) -> list[int]:
        """The groups of cells (indices into :meth:`group_masks`) a colour and number move
        may cross now, ascending: the sets of every colour and number (1 to 5) at once."""
        groups: list[int] = self._run(views.open_groups, self.arrays,
                                      self.state.crossed[seat]).tolist()
        return groups

    def group_masks(self) -> SheetMasks:
        """The sheet's groups of cells, areas and squares as the rules' masks."""
        return self._sheet_masks

    def cell_sets(self, seat: int, colour: str, n: int, loose: bool) -> list[int]:
        """The sets of ``n`` cells of ``colour`` (a key) a move may cross under the house
        rules (``loose``: ``connect_through_crossed``; ``n`` 6: the ? as six), ascending."""
        rows = self._run(views.cell_sets, self.arrays, self.state.crossed[seat],
                         self._colour_index[colour], n, bool(loose))
        return masks_of_rows(rows)

    def anchor(self, seat: int) -> int:
        """The cells a move may start from: the start column(s) and every uncrossed
        neighbour of a cross."""
        return mask_of(self._run(kernels.anchor_of, self.tables.cell_start,
                                 self.tables.neighbours, self.state.crossed[seat]))

    def completed(self, seat: int) -> tuple[list[int], list[str], list[int]]:
        """The columns, colours and rows all of whose cells ``seat`` has crossed (the rows
        score in Keer op Keer 2)."""
        return self._done(self._run(views.completed, self.arrays, self.state, seat))

    def _done(self, found: tuple[int, int, int]) -> tuple[list[int], list[str], list[int]]:
        columns, colours, rows = found
        keys = self.tables.colour_keys
        return list(cells_of(columns)), [keys[c] for c in cells_of(colours)], list(cells_of(rows))

    def play(self, seat: int, move: Move, taken_columns: Iterable[int],
             taken_colours: Iterable[str]) -> tuple[tuple[list[int], list[str], list[int]],
                                                    list[int]]:
        """Play the legal colour and number ``move`` by the classic rules; what it completes
        that is in ``taken_*`` (indices, keys) scores its later value. Returns what
        ``seat`` has completed then (as :meth:`completed`) and the groups open to it (as
        :meth:`open_groups`)."""
        cells = list(cells_of(move.cells))
        index = self._colour_index
        row = np.array([index[move.colour], move.number, move.colour_joker,
                        move.number_joker, *cells, *_PADDING[len(cells):]], dtype=np.int32)
        columns, colours, rows, groups = self._run(
            views.play, self.arrays, self.state, seat, row,
            flags_at(taken_columns, self.tables.width),
            flags_at([index[k] for k in taken_colours], self.tables.colours))
        return self._done((columns, colours, rows)), groups.tolist()

    def play_kok2(self, seat: int, move: Move | Special, face: SpecialFace | None,
                  bombs: list[int], taken_columns: Iterable[int], taken_colours: Iterable[str],
                  taken_rows: Iterable[int]) -> tuple[int, tuple[list[int], list[str], list[int]],
                                                      list[int]]:
        """Play the legal Keer op Keer 2 ``move`` (or the special action of ``face``), then
        the bombs its rows' items owe on the squares ``bombs``, each the uncrossed part of a
        2x2 square (``taken_*``: indices, keys). Returns how many bombs it used (-1: a bomb
        was owed and none was named; -2: a bomb is not such a part), and, as
        :meth:`play`, what ``seat`` has completed and the groups open to it. Unless it used
        every bomb the sheet is part played: :meth:`restore` it."""
        squares = np.full((len(bombs), kok2_kernels.SQUARE), -1, dtype=np.int32)
        for row, mask in enumerate(bombs):
            found = list(cells_of(mask)) if 0 < mask < 1 << self.tables.size else []
            if len(found) <= kok2_kernels.SQUARE:  # (a refused square stays all -1)
                squares[row, :len(found)] = found
        index = self._colour_index
        used, columns, colours, rows, groups = self._run(
            views.play_kok2, self.arrays, self.state, seat,
            np.array(list(cells_of(move.cells)), dtype=np.int32), move.jokers, face is not None,
            -1 if face is None else SPECIAL_FACE_CODES[face], squares,
            flags_at(taken_columns, self.tables.width),
            flags_at([index[k] for k in taken_colours], self.tables.colours),
            flags_at(taken_rows, self.tables.height))
        return used, self._done((columns, colours, rows)), groups.tolist()

    def bomb_masks(self, seat: int) -> list[int]:
        """Every distinct uncrossed part of a 2x2 square, in the rules' order."""
        rows = self._run(kok2_kernels.bomb_squares, self.tables.square_cells,
                         self.state.crossed[seat])
        return masks_of_rows(rows)

    def special_masks(self, seat: int, face: SpecialFace, boxes_left: int) -> list[int]:
        """The cells of every legal action of the special die's ``face`` (none for a
        heart), in the rules' order, as if ``seat`` had ``boxes_left`` unused boxes."""
        rows = self._run(kok2_kernels.kok2_specials, self.arrays, self.state.crossed[seat],
                         boxes_left, int(self.state.counters[seat, kernels.C_HEARTS]),
                         SPECIAL_FACE_CODES[face])
        return masks_of_rows(rows)

    def square_parts(self, seat: int) -> list[int]:
        """Per 2 x 2 square of :meth:`group_masks` (``squares``), its uncrossed cells."""
        parts = self._run(views.square_parts, self.tables.square_cells,
                          self.state.crossed[seat])
        return masks_of_rows(parts)

    def bombs_owed(self, seat: int, cells: int, taken_rows: Iterable[int]) -> int:
        """How many bombs crossing ``cells`` earns at once from the rows it completes
        first (no chaining)."""
        owed: int = self._run(views.bombs_owed, self.arrays, self.state, seat,
                              np.array(list(cells_of(cells)), dtype=np.int32),
                              flags_at(taken_rows, self.tables.height))
        return owed

    def open_enclosures(self, seat: int, animal: str | None) -> list[int]:
        """The enclosures ``seat`` may cross, of ``animal`` (a key; any for ``None``), as
        the rules' masks in enclosure order."""
        index = -1 if animal is None else self._colour_index[animal]
        found = self._run(kids_kernels.kids_open_enclosures, self.arrays,
                          self.state.crossed[seat], index)
        areas = self._sheet_masks.areas
        return [areas[area] for area in found.tolist()]

    def kids_moves(self, seat: int, die: str) -> list[tuple[int, int]]:
        """The legal Kids moves of ``die`` (an animal's key or purple) for ``seat``, each as
        the masks of its enclosure and its chameleon's (0 where there is none)."""
        face = self.tables.colours if die == PURPLE else self._colour_index[die]
        rows = self._run(kids_kernels.kids_legal_moves, self.arrays, self.state.crossed[seat],
                         self.marks_used(seat), face)
        areas = self._sheet_masks.areas
        return [(areas[area] if area >= 0 else 0, areas[chameleon] if chameleon >= 0 else 0)
                for _, area, chameleon in rows.tolist()]

    def chameleon_next(self, seat: int) -> bool:
        """Whether ``seat``'s next exclamation mark is a chameleon (Kids)."""
        return bool(self._run(views.chameleon_next, self.tables.chameleon_every,
                              self.marks_used(seat)))

    def kids_play(self, seat: int, move: KidsMove, taken_columns: Iterable[int],
                  ) -> tuple[list[int], list[str], list[int]]:
        """Play the legal Kids ``move``; what it completes that is in ``taken_columns`` loses
        its visitor. Returns what ``seat`` has completed then, as :meth:`completed`."""
        area = self.tables.cell_area
        row = np.array([self.tables.colours if move.die == PURPLE
                        else self._colour_index[move.die],
                        area[move.cells.bit_length() - 1] if move.cells else -1,
                        area[move.chameleon.bit_length() - 1] if move.chameleon else -1],
                       dtype=np.int32)
        found = self._run(views.play_kids, self.arrays, self.state, seat, row,
                          flags_at(taken_columns, self.tables.width))
        return self._done(found)

    # -- Kids --------------------------------------------------------------------------
    def kids_legal_rows(self, seat: int, face: str) -> MoveRows:
        """Every legal Kids move of a die face (an animal or purple) for ``seat``, as rows
        (face, enclosure, chameleon enclosure), in the rules' order."""
        self._kids()
        seat = self._seat(seat)
        key = parse_colour_face(self.sheet, face)
        index = self.tables.colours if key == PURPLE else self._colour_index[key]
        rows: MoveRows = kids_kernels.kids_legal_moves(
            self.arrays, self.state.crossed[seat],
            int(self.state.counters[seat, kernels.C_MARKS_USED]), index)
        return rows

    def kids_move_of(self, row: MoveRows) -> KidsMove:
        tables = self.tables
        die = PURPLE if row[0] == tables.colours else tables.colour_keys[int(row[0])]

        def mask(area: int) -> int:
            if area < 0:
                return 0
            return sum(1 << int(c) for c in tables.area_cells[area, :tables.area_size[area]])

        return KidsMove(die, mask(int(row[1])), mask(int(row[2])), tables.width)

    def kids_legal_moves(self, seat: int, face: str) -> list[KidsMove]:
        return [self.kids_move_of(row) for row in self.kids_legal_rows(seat, face)]

    def kids_push(self, seat: int, move: KidsMove, *,
                  taken_columns: Iterable[int] = ()) -> list[int]:
        """Play the legal Kids ``move``; returns the columns it completed."""
        self._kids()
        seat = self._seat(seat)
        if not isinstance(move, KidsMove):
            raise KokTypeError(f"a Kids move is a KidsMove(...), not {type(move).__name__}")
        rows = self.kids_legal_rows(seat, move.die)
        for row in rows:
            if self.kids_move_of(row) == move:
                columns, _ = self._taken(taken_columns, ())
                done = kids_kernels.kids_play(self.arrays, self.state, seat, row, columns)
                return [int(c) for c in np.flatnonzero(done)]
        raise IllegalMoveError(f"{move!r} is not a legal move")

    def kids_score(self, seat: int) -> KidsScore:
        self._kids()
        buckets, visitors, food = self._run(kids_kernels.kids_score, self.arrays, self.state,
                                            self._seat(seat))
        return KidsScore(buckets=int(buckets), visitors=int(visitors), food=int(food))



Snapshot = tuple[npt.NDArray[Any], ...]
"""One seat's sheet as it was (:meth:`Position.snapshot`)."""
Layout = tuple[tuple[int, int, tuple[int, ...]], ...]
"""Where each array of a :class:`State` lies: in the flags (0) or the counts (1), from
which index, in which shape."""


def _packed(state: State) -> tuple[Bools, Int32s, Layout]:
    """``state``'s arrays in two buffers, the flags and the counts, each array a block of
    its own (so that a position of one seat is copied, kept and put back in two steps)."""
    layout: list[tuple[int, int, tuple[int, ...]]] = []
    ends = [0, 0]
    array: npt.NDArray[Any]
    for array in state:
        which = 0 if array.dtype == np.bool_ else 1
        assert which == 0 or array.dtype == np.int32
        layout.append((which, ends[which], array.shape))
        ends[which] += array.size
    flags = np.empty(ends[0], dtype=np.bool_)
    counts = np.empty(ends[1], dtype=np.int32)
    for array, (which, start, _) in zip(state, layout, strict=True):
        (counts if which else flags)[start:start + array.size] = array.ravel()
    return flags, counts, tuple(layout)


def _carve(flags: Bools, counts: Int32s, layout: Layout) -> State:
    """The :class:`State` whose arrays are the blocks of ``flags`` and ``counts``."""
    arrays: list[Any] = []
    for which, start, shape in layout:
        size = shape[0] * shape[1]
        buffer: npt.NDArray[Any] = counts if which else flags
        arrays.append(buffer[start:start + size].reshape(shape))
    return State(*arrays)


_CHECKED: set[int] = set()


def _announce(edition: int) -> None:
    """Say, once per process and edition, that the kernels a position calls are being
    compiled when numba's cache does not hold them."""
    if edition in _CHECKED:
        return
    _CHECKED.add(edition)
    shared = (kernels.completed_columns, kernels.completed_colours, kernels.game_ends,
              views.open_groups, views.recross, views.completed)
    seconds = COMPILE_SECONDS["position"]
    if edition == KIDS:
        announce(*shared, kids_kernels.kids_legal_moves, kids_kernels.kids_play,
                 kids_kernels.kids_score, kids_kernels.kids_open_enclosures, views.play_kids,
                 views.chameleon_next, seconds=seconds)
    else:
        kok2 = (kok2_kernels.kok2_specials, kok2_kernels.kok2_play, kok2_kernels.kok2_score,
                views.play_kok2, views.square_parts, kok2_kernels.bomb_squares,
                views.bombs_owed) if edition == KOK2 else ()
        announce(*shared, kernels.legal_moves, kernels.play_move, kernels.classic_score,
                 *kok2, seconds=seconds)


def entry_point(kernel: Callable[..., Any], args: tuple[Any, ...]) -> Callable[..., Any]:
    """The compiled function numba chose for ``kernel`` on ``args``: called directly, it
    takes arguments of those types (and no others) without numba's dispatch, which looks
    at the type of every array of a sheet's tables at every call (some microseconds). The
    kernel itself where numba does not say."""
    try:
        types = tuple(kernel.typeof_pyval(arg) for arg in args)  # type: ignore[attr-defined]
        entry: Callable[..., Any] = kernel.overloads[types].entry_point  # type: ignore[attr-defined]
    except (AttributeError, KeyError):
        return kernel
    return entry


def mask_of(flags: Bools) -> int:
    """The rules' cell mask of one flag per cell."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def flags_of(mask: int, size: int) -> Bools:
    """One flag per cell of ``size`` cells, from the rules' cell mask (cells beyond left
    out)."""
    data = (mask & ((1 << size) - 1)).to_bytes((size + 7) // 8, "little")
    flags: Bools = np.unpackbits(np.frombuffer(data, dtype=np.uint8), count=size,
                                 bitorder="little").view(np.bool_)
    return flags


_PADDING = (-1,) * (MOVE_WIDTH - M_CELLS)
_FLAGS: dict[tuple[int, frozenset[int]], Bools] = {}


def flags_at(indices: Iterable[int], size: int) -> Bools:
    """``size`` flags, set at ``indices`` (the same flags for the same indices: remembered,
    so the caller only reads them)."""
    key = (size, indices if type(indices) is frozenset else frozenset(indices))
    flags = _FLAGS.get(key)
    if flags is None:
        if len(_FLAGS) > 4096:
            _FLAGS.clear()
        flags = np.zeros(size, dtype=np.bool_)
        flags[list(key[1])] = True
        _FLAGS[key] = flags
    return flags


def masks_of_rows(rows: Int32s) -> list[int]:
    """The rules' cell mask of each row of a matrix of cells (-1 padded)."""
    masks = []
    for row in rows.tolist():
        mask = 0
        for cell in row:
            if cell >= 0:
                mask |= 1 << cell
        masks.append(mask)
    return masks


def _corners(tables: Tables) -> list[int]:
    """The top-left cell of every 2x2 square holding a board cell, in the order of
    ``tables.square_cells``."""
    width, on_board = tables.width, tables.cell_colour >= 0
    corners = [top for top in range(tables.size - width) if top % width < width - 1
               and on_board[[top, top + 1, top + width, top + width + 1]].any()]
    assert len(corners) == len(tables.square_cells)
    return corners


class SheetMasks(NamedTuple):
    """A sheet's groups of cells, areas and 2 x 2 squares as the rules' masks, in the
    order of its tables."""

    groups: list[int]
    """Every group of ``tables.group_cells``."""
    offsets: list[list[int]]
    """``offsets[colour][n - 1]`` to ``offsets[colour][n]``: the groups of ``n`` cells of
    ``colour`` (an index)."""
    areas: list[int]
    squares: list[int]
    """The board cells of each 2 x 2 square holding one (``tables.square_cells``)."""
    corners: list[int]
    """The top-left cell of each of those squares (how a person names one)."""
    colour_index: dict[str, int]
    """The index of each colour key."""


_MASKS: weakref.WeakKeyDictionary[Tables, SheetMasks] = weakref.WeakKeyDictionary()


def sheet_masks(tables: Tables) -> SheetMasks:
    """The :class:`SheetMasks` of ``tables`` (made once per sheet)."""
    found = _MASKS.get(tables)
    if found is None:
        found = _MASKS[tables] = SheetMasks(
            groups=masks_of_rows(tables.group_cells),
            offsets=tables.group_offsets.tolist(),
            areas=masks_of_rows(tables.area_cells),
            squares=masks_of_rows(tables.square_cells),
            corners=_corners(tables),
            colour_index={key: i for i, key in enumerate(tables.colour_keys)})
    return found


_ENTRIES: weakref.WeakKeyDictionary[Tables, dict[Callable[..., Any], Callable[..., Any]]] = \
    weakref.WeakKeyDictionary()


def entries_of(tables: Tables) -> dict[Callable[..., Any], Callable[..., Any]]:
    """The compiled entry point of each kernel a position on ``tables`` has called
    (:meth:`Position._run`), shared by every position on them."""
    found = _ENTRIES.get(tables)
    if found is None:
        found = _ENTRIES[tables] = {}
    return found
