"""A position of the engine: every seat's sheet of one game as arrays, with the rules'
own values (``Move``, ``KidsMove``, ``Score``, ``KidsScore``) at its doors.

:class:`Position` checks its arguments and turns names into indices once, then calls the
compiled kernels (:mod:`kok_layouts.rules.engine.kernels`). It is what the rules'
``PlayerSheet`` and ``Game`` can become views over; for now it stands beside them and
the tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

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
from kok_layouts.rules.engine import kernels
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
        self.state: State = kernels.new_state(seats, tables.size, tables.width,
                                              tables.height, tables.colours,
                                              tables.boxes_at_start)
        self._colour_index = {key: i for i, key in enumerate(tables.colour_keys)}
        shared = (kernels.completed_columns, kernels.completed_colours, kernels.game_ends)
        seconds = COMPILE_SECONDS["position"]
        if tables.edition == KIDS:
            announce(*shared, kids_kernels.kids_legal_moves, kids_kernels.kids_play,
                     kids_kernels.kids_score, seconds=seconds)
        else:
            kok2 = (kok2_kernels.kok2_specials, kok2_kernels.kok2_play,
                    kok2_kernels.kok2_score) if tables.edition == KOK2 else ()
            announce(*shared, kernels.legal_moves, kernels.play_move, kernels.classic_score,
                     *kok2, seconds=seconds)

    def __repr__(self) -> str:
        crossed = [int(row.sum()) for row in self.state.crossed]
        return f"<Position {self.sheet.name}: crossed per seat {crossed}>"

    @property
    def seats(self) -> int:
        return int(self.state.crossed.shape[0])

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
        row = self.state.crossed[self._seat(seat)]
        return sum(1 << int(c) for c in np.flatnonzero(row))

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
            kept = [array[seat].copy() for array in self.state]
            used = kok2_kernels.kok2_play(self.arrays, self.state, seat, cells, jokers, face >= 0,
                                     face, squares, columns, colours, rows)
            if used != len(squares):
                for array, old in zip(self.state, kept, strict=True):
                    array[seat] = old
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
        counters = self.state.counters[self._seat(seat)]
        return int(counters[kernels.C_BOXES_GAINED] - counters[kernels.C_BOXES_USED])

    def hearts(self, seat: int) -> int:
        return int(self.state.counters[self._seat(seat), kernels.C_HEARTS])

    def column_hearts(self, seat: int) -> dict[int, int]:
        """The hearts written under each completed column (Keer op Keer 2)."""
        row = self.state.column_heart[self._seat(seat)]
        return {int(c): int(row[c]) for c in np.flatnonzero(row >= 0)}

    def row_items(self, seat: int) -> frozenset[int]:
        """The rows whose item ``seat`` received as first completer."""
        return frozenset(int(r) for r in np.flatnonzero(self.state.row_item[self._seat(seat)]))

    def _face_name(self, colour: int) -> str:
        return JOKER_COLOUR if colour == self.tables.colours else self.tables.colour_keys[colour]

    def score(self, seat: int) -> Score:
        """The rules' score box of ``seat`` (the house rules ``star_penalty`` and
        ``pass_penalty`` of the options included)."""
        self._classic()
        seat = self._seat(seat)
        sheet = self.sheet
        assert isinstance(sheet, ClassicSheet)
        options = self.options
        stars = sheet.star_penalty if options.star_penalty is None else options.star_penalty
        if self.tables.edition == KOK2:
            lines = kok2_kernels.kok2_score(self.arrays, self.state, seat, stars,
                                       options.pass_penalty)
            return Kok2Score(colours=int(lines[S_COLOURS]), columns=int(lines[S_COLUMNS]),
                             jokers=int(lines[S_JOKERS]), stars=int(lines[S_STARS]),
                             rows=int(lines[kernels.S_ROWS]),
                             hearts=int(lines[kernels.S_HEARTS]),
                             boxes=int(lines[kernels.S_BOXES]),
                             passes=int(lines[S_PASSES]) if options.pass_penalty else None)
        lines = kernels.classic_score(self.arrays, self.state, seat, stars,
                                      options.pass_penalty)
        return Score(colours=int(lines[S_COLOURS]), columns=int(lines[S_COLUMNS]),
                     jokers=int(lines[S_JOKERS]), stars=int(lines[S_STARS]),
                     passes=int(lines[S_PASSES]) if options.pass_penalty else None)

    def count_pass(self, seat: int) -> None:
        """``seat``, active, crossed nothing this roll (the house rule ``pass_penalty``)."""
        self.state.counters[self._seat(seat), kernels.C_PASSES] += 1

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
        buckets, visitors, food = kids_kernels.kids_score(self.arrays, self.state, self._seat(seat))
        return KidsScore(buckets=int(buckets), visitors=int(visitors), food=int(food))

