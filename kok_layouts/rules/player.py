"""One player's sheet in a classic game: crossed cells, marks, claims; legal moves; score.

The readable API (:meth:`PlayerSheet.legal_moves`, :meth:`push`, :meth:`pop`,
:meth:`score`) is a view over the rules engine (:mod:`kok_layouts.rules.engine`): a
position of one seat holds the sheet and its kernels answer every rule; cells come and go
as the rules' bitmasks over the sheet's compiled :class:`Board`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Self, TypeVar

from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError, WrongSheetError
from kok_layouts.model.grid import cells_of, column_letter
from kok_layouts.model.sheet import ClassicSheet, RowRule, Sheet
from kok_layouts.rules.board import MAX_MOVE, Board, board_for
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    NUMBERS,
    expand_faces,
    parse_colour_face,
    parse_number_face,
)
from kok_layouts.rules.drawing import draw_sheet
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.scoring import Score

if TYPE_CHECKING:
    from kok_layouts.rules.engine.kernels import State
    from kok_layouts.rules.engine.position import Position, Snapshot

StateKey = tuple[int, int, frozenset[int], frozenset[str]]
S = TypeVar("S", bound=Sheet)

JOKER_SIX = 6
"""House rule ``number_joker_six``: the number the ? may also stand for."""


def checked_options(options: object) -> Options:
    """``options`` itself, the defaults for ``None``; :class:`KokTypeError` otherwise."""
    if options is None:
        return Options()
    if not isinstance(options, Options):
        raise KokTypeError(f"options are an Options(...), not {type(options).__name__}")
    return options


def check_indices(values: Iterable[object], argument: str, noun: str, count: int) -> None:
    """Refuse an ``argument`` of :meth:`PlayerSheet.push` unless every value is a plain
    integer index from 0 to ``count - 1`` (of columns, rows, ...)."""
    for value in values:
        if type(value) is not int or not 0 <= value < count:
            raise BadArgumentError(f"{argument} holds {value!r}; {noun} are 0..{count - 1}")


def checked_sheet(sheet: object, kind: type[S], what: str) -> S:
    """``sheet`` if it is a ``kind``; :class:`WrongSheetError` naming both editions."""
    if not isinstance(sheet, kind):
        if isinstance(sheet, Sheet):
            raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet; {what}")
        raise KokTypeError(f"{what}, not {type(sheet).__name__}")
    return sheet


class SheetExtras:
    """What only some editions' sheets have (Keer op Keer 2's hearts, boxes and scoring
    rows), answered with its neutral value: a classic or Kids player has no hearts, no
    boxes and no rows. Code for every edition (the bots, the shells) asks these without
    switching on the sheet's type; :class:`~kok_layouts.rules.kok2.Kok2PlayerSheet`
    overrides them."""

    hearts: int = 0
    """Hearts circled on the heart track."""
    row_items: frozenset[int] = frozenset()
    """Rows whose item this player received (as first completer)."""
    later_colours: frozenset[str] = frozenset()
    """Colours this player completed after another player had, in an earlier roll (they
    score the lower bonus); none where colours have a single value (Kids' animals)."""
    passes: int = 0
    """Rolls in which this player, active, crossed nothing (the game counts them for the
    house rule ``pass_penalty``)."""

    @property
    def boxes_left(self) -> int:
        """Boxes gained and not yet used for the special die."""
        return 0

    @property
    def box_room(self) -> int:
        """Printed boxes this player can still gain."""
        return 0

    @property
    def box_points(self) -> int:
        """What each unused box scores at the end."""
        return 0

    @property
    def box_columns(self) -> tuple[int, ...]:
        """The columns whose completion gains a box."""
        return ()

    @property
    def heart_room(self) -> bool:
        """Whether the heart track has a heart left to circle."""
        return False

    @property
    def row_rules(self) -> tuple[RowRule, ...]:
        """The rows that score when completed (Keer op Keer 2's P..V), top to bottom."""
        return ()

    def completed_rows(self) -> list[int]:
        """The scoring rows all of whose cells are crossed."""
        return []

    def bombs_owed(self, move: object, taken_rows: Iterable[int] = ()) -> int:
        """How many bombs ``move`` earns at once from first-completed rows."""
        return 0


class LegalCheck:
    """:meth:`check` for a player's sheet of any edition, remembering the last move it
    found legal with the crosses, marks used and options it was legal for: a game checks a
    choice, then the push checks it again, and only a change of the sheet asks afresh."""

    crossed: int
    marks_used: int
    options: Options
    _checked: tuple[Any, int, int, Options] | None = None

    def why_illegal(self, move: Any) -> str | None:
        raise NotImplementedError

    def check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` naming the broken rule, if ``move`` is illegal."""
        checked = self._checked
        if checked is not None and checked[0] is move and checked[1] == self.crossed \
                and checked[2] == self.marks_used and checked[3] is self.options:
            return
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._checked = (move, self.crossed, self.marks_used, self.options)


class SheetView:
    """What every edition's player sheet shares as a view over the rules engine.

    The sheet is a position of one seat (:class:`~kok_layouts.rules.engine.position.
    Position`), which answers every rule; the view keeps the readable API, the history and
    the messages. :attr:`crossed` and :attr:`marks_used` are plain attributes (the bots
    read them at every step, and a search crosses cells by hand and puts them back): the
    position takes them over when it is next asked a rule (:meth:`_engine`).
    """

    sheet: Sheet
    options: Options
    crossed: int
    marks_used: int

    def _start_view(self) -> None:
        """An empty sheet: the position and the bookkeeping (call once ``sheet`` and
        ``options`` are set)."""
        self._position = engine_position(self.sheet, self.options)
        self._masks = self._position.group_masks()
        self.crossed = 0
        """The crossed cells (a mask)."""
        self.marks_used = 0
        """Exclamation marks spent (jokers; Kids: the purple cross)."""
        self._engine_crossed = self._engine_marks = 0
        """The crosses and marks the position holds (see :meth:`_engine`)."""
        self._history: list[tuple[Any, Snapshot, int, int]] = []
        """Each move played, with the sheet before it."""
        self._done_for = -1
        self._done: tuple[list[int], list[str], list[int]] = ([], [], [])
        """The completed columns, colours and rows, for the crosses ``_done_for``."""

    def _engine(self) -> Position:
        """The position this sheet is a view over, brought up to :attr:`crossed` and
        :attr:`marks_used`."""
        position = self._position
        if self.crossed != self._engine_crossed:
            position.recross(0, self.crossed)
            self._engine_crossed = self.crossed
        if self.marks_used != self._engine_marks:
            position.set_marks_used(0, self.marks_used)
            self._engine_marks = self.marks_used
        return position

    def engine_state(self) -> State:
        """The engine's state of this sheet (its one seat), brought up to :attr:`crossed`
        and :attr:`marks_used`: what a compiled bot reads of it (read it, do not change
        it)."""
        return self._engine().state

    def _played(self, move: Any, snapshot: Snapshot,
                done: tuple[list[int], list[str], list[int]], cells: int | None = None) -> None:
        """Note ``move``, played on the position from ``snapshot``, which left ``done``
        completed, having crossed ``cells`` (``None``: read them from the position)."""
        self._history.append((move, snapshot, self.crossed, self.marks_used))
        position = self._position
        if cells is None:
            cells = position.crossed(0)
        self.crossed = self._engine_crossed = self.crossed | cells
        self.marks_used = self._engine_marks = position.marks_used(0)
        self._done_for, self._done = self.crossed, done

    def _undo(self) -> Any:
        """Take back the last move (:meth:`pop`): the sheet as it was before it, but for the
        passes counted since (the game counts those apart from the moves)."""
        if not self._history:
            raise IllegalMoveError("there is no move to undo")
        move, snapshot, crossed, marks_used = self._history.pop()
        passes = self._position.passes(0)
        self._position.restore(0, snapshot)
        self._position.set_passes(0, passes)
        self.crossed = self._engine_crossed = crossed
        self.marks_used = self._engine_marks = marks_used
        return move

    def copy(self) -> Self:
        """An independent copy, history included (for search)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._position = self._position.copy()
        return other

    def _completed(self) -> tuple[list[int], list[str], list[int]]:
        """The completed columns, colours and rows, remembered for the crosses they are
        of."""
        if self._done_for != self.crossed:
            self._done = self._engine().completed(0)
            self._done_for = self.crossed
        return self._done

    def completed_columns(self) -> list[int]:
        return self._completed()[0][:]

    def completed_colours(self) -> list[str]:
        """The colours (Kids: animals) all of whose cells are crossed."""
        return self._completed()[1][:]


class PlayerSheet(SheetView, SheetExtras, LegalCheck):
    """A player's marks on a classic sheet.

    A view over the rules engine (:class:`SheetView`), which answers every rule (legal
    moves, crossing, completions, the score). Its crosses, marks and later completions may
    be set directly (``player.crossed = ...``), as a position read from paper.

    ``later_columns`` / ``later_colours`` hold what this player completed after another
    player had completed it in an earlier roll: those score the lower value. The game sets
    them through :meth:`push`; a lone sheet may set them directly.
    """

    sheet: ClassicSheet

    def __init__(self, sheet: Sheet, options: Options | None = None) -> None:
        self.sheet = checked_sheet(sheet, ClassicSheet,
                                   "a PlayerSheet needs a classic or Keer op Keer 2 sheet")
        self.board: Board = board_for(self.sheet)
        self.options = checked_options(options)
        self._start_view()
        self._legal_crossed = -1
        self._legal_options = self.options
        self._legal: dict[tuple[str, int], list[int]] = {}
        """The legal masks by colour and number, for the crosses ``_legal_crossed`` and the
        options ``_legal_options``."""
        self._groups: list[int] = []
        """The open groups of cells for those crosses."""
        self._score_for: tuple[object, ...] = ()
        self._score: Score | None = None
        self._plain_keys: frozenset[str] | None = None
        """The colour keys that :func:`parse_colour_face` reads as themselves."""

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.sheet.name}: "
                f"{self.crossed.bit_count()} crossed, {self.marks_left} marks left, "
                f"score {self.score().total}>")

    def __str__(self) -> str:
        """The sheet as text: crosses, completed columns, colours and rows, the score."""
        return draw_sheet(self.sheet, self.crossed, self.completed_columns(),
                          self.completed_colours(), self._footer(), self._row_notes())

    def _footer(self) -> str:
        return f"marks left {self.marks_left}, score {self.score().total}"

    def _row_notes(self) -> list[str]:
        """What is written beside each row of the grid (Keer op Keer 2: the row rules)."""
        return []

    # -- state -------------------------------------------------------------------------
    @property
    def later_columns(self) -> frozenset[int]:
        return self._position.later(0)[0]

    @later_columns.setter
    def later_columns(self, columns: Iterable[int]) -> None:
        self._position.set_later(0, columns, self.later_colours)

    @property
    def later_colours(self) -> frozenset[str]:
        return self._position.later(0)[1]

    @later_colours.setter
    def later_colours(self, colours: Iterable[str]) -> None:
        self._position.set_later(0, self.later_columns, colours)

    @property
    def passes(self) -> int:
        return self._position.passes(0)

    @passes.setter
    def passes(self, passes: int) -> None:
        self._position.set_passes(0, passes)

    def state_key(self) -> StateKey:
        """Everything that makes up the position, for comparing states."""
        return (self.crossed, self.marks_used, *self._position.later(0))

    @property
    def marks_left(self) -> int:
        return self.sheet.exclamation_marks - self.marks_used

    @property
    def mark_value(self) -> int:
        """What each unused exclamation mark scores at the end."""
        return self.sheet.mark_points

    @property
    def star_penalty(self) -> int:
        """What each uncrossed star costs at the end: the sheet's, or the house rule
        ``star_penalty``'s."""
        if self.options.star_penalty is not None:
            return self.options.star_penalty
        return self.sheet.star_penalty

    def column_value(self, column: int, *, later: bool = False) -> int:
        """What completing ``column`` scores: its first value, or its later one when
        another player completed it in an earlier roll (Keer op Keer 2 adds the hearts
        circled at that moment, see :attr:`hearts`)."""
        points = self.sheet.column_points[column]
        return points.later if later else points.first

    def colour_value(self, key: str, *, later: bool = False) -> int:
        """What completing the colour ``key`` scores: its first or its later bonus."""
        bonus = self.sheet.colour_bonus
        return bonus.later if later else bonus.first

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(move for move, *_ in self._history)

    def is_crossed(self, name: str) -> bool:
        return bool(self.crossed >> self.board.parse_cells([name]).bit_length() - 1 & 1)

    def parse_cells(self, names: str | Iterable[str]) -> int:
        """The mask of ``"H6 H7"``, ``"H6,H7"`` or ``["H6", "H7"]`` on this sheet."""
        return self.board.parse_cells(names)

    def move(self, colour: str, cells: str | Iterable[str], *, colour_joker: bool = False,
             number_joker: bool = False) -> Move:
        """The move crossing ``cells`` in ``colour`` (a name or key), its number the count
        of cells: ``me.move("yellow", "H6 H7")``. Not checked for legality (see
        :meth:`why_illegal`)."""
        key = parse_colour_face(self.sheet, colour)
        if key == JOKER_COLOUR:
            raise BadArgumentError("name the colour the joker stands for, with colour_joker="
                                   "True")
        mask = self.board.parse_cells(cells)
        return Move(key, mask.bit_count(), mask, colour_joker, number_joker, self.sheet.width)

    def anchor(self) -> int:
        """Cells a move may start from: the start column(s) and every neighbour of a cross."""
        return self._engine().anchor(0)

    # -- moves -------------------------------------------------------------------------
    def legal_masks(self, colour: str, number: int) -> list[int]:
        """Every set of cells a move of ``number`` cells of colour ``colour`` may cross
        (``colour`` a key, ``number`` 1..5: the hot path takes no names or jokers; 6 with
        the house rule ``number_joker_six``)."""
        if self._legal_crossed == self.crossed and self._legal_options is self.options:
            known = self._legal.get((colour, number))
            if known is not None:  # (asked and found before, so checked before)
                return known[:]
        six = (number == JOKER_SIX and self.options.number_joker_six
               and colour in self.board.colour_masks)
        if not six and (colour not in self.board.colour_masks or type(number) is not int
                        or not 1 <= number <= MAX_MOVE):
            raise BadArgumentError(f"legal_masks takes a colour key of {self.sheet.name} "
                                   f"({', '.join(self.board.colour_keys)}) and 1..{MAX_MOVE}, "
                                   f"not {colour!r} and {number!r}")
        # Remembered for the crosses they were found for: a roll asks for the same colour
        # and number several times (a die and a joker standing for it), and every seat's
        # choice is checked against them again. A new position starts a new table (never
        # cleared in place: a copy of this sheet may share the old one).
        crossed, options = self.crossed, self.options
        if self._legal_crossed != crossed or self._legal_options is not options:
            self._legal_crossed, self._legal_options, self._legal = crossed, options, {}
            self._groups = self._engine().open_groups(0)
        found = self._legal.get((colour, number))
        if found is None:
            if six or options.connect_through_crossed:
                found = self._engine().cell_sets(0, colour, number,
                                                 options.connect_through_crossed)
            else:
                masks, groups = self._masks, self._groups
                offsets = masks.offsets[masks.colour_index[colour]]
                low = bisect_left(groups, offsets[number - 1])
                high = bisect_left(groups, offsets[number], low)
                found = [masks.groups[g] for g in groups[low:high]]
            self._legal[(colour, number)] = found
        return found[:]

    def house_faces(self, colour_face: str, number_face: int) -> list[tuple[str, int, int]]:
        """What the house rules add to a pair of faces: the ? as 6 (``number_joker_six``),
        as (colour key, number, jokers spent) like :func:`~kok_layouts.rules.dice.
        expand_faces`."""
        if number_face != JOKER_NUMBER or not self.options.number_joker_six:
            return []
        keys = self.board.colour_keys if colour_face == JOKER_COLOUR else [colour_face]
        return [(key, JOKER_SIX, 1 + (colour_face == JOKER_COLOUR)) for key in keys]

    def legal_moves(self, colour: str = JOKER_COLOUR, number: int | str = JOKER_NUMBER,
                    *, marks_left: int | None = None) -> list[Move]:
        """Every legal move for a colour face and a number face (jokers expand).

        ``colour`` is a colour name or key (``"yellow"``, ``"y"``) or ``"joker"`` / ``"X"``;
        ``number`` 1..5 or ``"joker"`` / ``"?"`` / ``0``. Moves whose jokers cost more
        marks than are left are not legal. An unknown colour or number raises
        :class:`~kok_layouts.errors.BadArgumentError`.
        """
        # Keys and 0..5 (what bots and the CLI pass) need no parsing: the hot path.
        if not isinstance(colour, str) or not (colour in self.board.colour_masks
                                               or colour == JOKER_COLOUR):
            colour = parse_colour_face(self.sheet, colour)
        if type(number) is not int or not 0 <= number <= MAX_MOVE:
            number = parse_number_face(number)
        if marks_left is None:
            budget = self.marks_left
        elif type(marks_left) is not int:
            raise KokTypeError(f"marks_left is a whole number, not {type(marks_left).__name__}")
        elif marks_left < 0:
            raise BadArgumentError(f"marks_left is {marks_left}; it cannot be negative")
        else:
            budget = marks_left
        moves = []
        width = self.sheet.width
        for key, n, cost in (expand_faces(colour, number, self.board.colour_keys)
                             + self.house_faces(colour, number)):
            if cost > budget:
                continue
            for mask in self.legal_masks(key, n):
                moves.append(Move(key, n, mask, colour == JOKER_COLOUR, number == JOKER_NUMBER,
                                  width))
        return moves

    def check_move_type(self, move: object) -> None:
        """:class:`KokTypeError` unless ``move`` is a :class:`Move` with fields of the
        right types (the rules' own checks assume them)."""
        if not isinstance(move, Move):
            raise KokTypeError(f"a move is a Move(...), not {type(move).__name__}")
        if not isinstance(move.colour, str) or type(move.number) is not int \
                or type(move.cells) is not int or move.cells < 0 \
                or type(move.colour_joker) is not bool or type(move.number_joker) is not bool:
            raise KokTypeError(f"{move!r}: a move has a colour key, a whole number, a "
                               "non-negative cell mask and two True/False joker flags")

    def why_illegal(self, move: Move) -> str | None:
        """The rule ``move`` breaks, or ``None`` when it is legal."""
        self.check_move_type(move)
        sheet, board = self.sheet, self.board
        if move.jokers > self.marks_left:
            return (f"the move needs {move.jokers} exclamation mark(s) for its joker(s), "
                    f"but {self.marks_left} are left")
        if move.colour not in board.colour_masks:
            return f"{sheet.name} has no colour {move.colour!r}"
        colour_name = sheet.colour_by_key[move.colour].name
        count = move.cells.bit_count()
        six = (move.number == JOKER_SIX and move.number_joker
               and self.options.number_joker_six)
        if move.number not in NUMBERS and not six:
            return f"{move.number} is not a number of a die; moves cross 1 to {MAX_MOVE} cells"
        if count != move.number:
            return f"a {move.number} crosses exactly {move.number} cells, not {count}"
        if move.cells & ~board.full:
            return "a cell of the move is not on the board"
        twice = move.cells & self.crossed
        if twice:
            return f"{', '.join(board.name_cells(twice))} already crossed"
        other = move.cells & ~board.colour_masks[move.colour]
        if other:
            first = next(cells_of(other))
            actual = sheet.colour_by_key[sheet.cell_colours[first] or ""].name
            return f"{sheet.cell_name(first)} is {actual}, not {colour_name}"
        if move.cells in self.legal_masks(move.colour, move.number):
            return None
        # Illegal by the engine's rules: say which rule, for the readers.
        areas = {board.area_of[c] for c in cells_of(move.cells)}
        if len(areas) > 1:
            return f"the cells lie in {len(areas)} {colour_name} areas; a move stays in one area"
        if not move.cells & self.anchor():
            starts = "/".join(column_letter(c) for c in sheet.start_columns)
            return (f"no cell is in the start column {starts} or next to a crossed cell")
        if self.options.connect_through_crossed:
            return "the cells do not link up, even through crossed cells of their area"
        return ("the cells are not one orthogonally connected group "
                "(diagonal contact does not count)")

    def push(self, move: Move, *, taken_columns: Iterable[int] = (),
             taken_colours: Iterable[str] = ()) -> None:
        """Play ``move``. ``taken_*``: what other players completed in earlier rolls, so
        that completing it now scores the lower value. Illegal moves raise and change nothing.
        """
        columns, colours = self.checked_taken(taken_columns, taken_colours)
        self.check(move)
        position = self._engine()
        snapshot = position.snapshot(0)
        done, groups = position.play(0, move, columns, colours)
        self._played(move, snapshot, done, move.cells)
        self._legal_crossed, self._legal_options = self.crossed, self.options
        self._legal, self._groups = {}, groups

    def checked_taken(self, columns: Iterable[int], colours: Iterable[str],
                      ) -> tuple[set[int], set[str]]:
        """The ``taken_*`` arguments of :meth:`push` as sets (colour names become keys),
        refused before anything changes if a column or colour is not on the sheet."""
        if type(columns) is frozenset and type(colours) is frozenset:
            # A game's own record of what was taken: checked once, read as it is.
            plain = self._plain_keys
            if plain is None:
                plain = self._plain_keys = frozenset(
                    key for key in self.board.colour_keys
                    if key != JOKER_COLOUR and parse_colour_face(self.sheet, key) == key)
            width = self.sheet.width
            if colours <= plain and all(type(c) is int and 0 <= c < width for c in columns):
                return set(columns), set(colours)
        if isinstance(columns, (str, int)) or isinstance(colours, str):
            raise KokTypeError("taken_columns and taken_colours are collections of column "
                               "indices and colours")
        try:
            column_list, colour_list = list(columns), list(colours)
        except TypeError:
            raise KokTypeError("taken_columns and taken_colours are collections of column "
                               "indices and colours") from None
        check_indices(column_list, "taken_columns", "columns", self.sheet.width)
        keys = set()
        for colour in colour_list:
            key = parse_colour_face(self.sheet, colour)
            if key == JOKER_COLOUR:
                raise BadArgumentError("taken_colours holds the joker, not a colour")
            keys.add(key)
        return set(column_list), keys

    def pop(self) -> Move:
        """Undo the last move, restoring the exact state before it."""
        move: Move = self._undo()
        return move

    # -- scoring -----------------------------------------------------------------------
    def score(self) -> Score:
        """The score box: colours, columns, unused marks and the star penalty."""
        # Remembered for the state it was counted in (the bots ask every seat's score at
        # every decision); Score is immutable, so the same one may be handed out again.
        position = self._engine()
        key = (position.fingerprint(0), self.options)
        if self._score is not None and key == self._score_for:
            return self._score
        self._score, self._score_for = position.score(0, self.options), key
        return self._score


def engine_position(sheet: Sheet, options: Options) -> Position:
    """A position of one seat on ``sheet``: what a player's sheet is a view over. (The
    engine is imported here, with the first sheet: importing the rules imports no
    compiler.)"""
    from kok_layouts.rules.engine.position import Position

    return Position(sheet, 1, options)
