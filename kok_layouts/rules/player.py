"""One player's sheet in a classic game: crossed cells, marks, claims; legal moves; score.

The readable API (:meth:`PlayerSheet.legal_moves`, :meth:`push`, :meth:`pop`,
:meth:`score`) sits on bitmask work done with the sheet's compiled :class:`Board`.
"""

from __future__ import annotations

from collections.abc import Iterable

from kok_layouts.errors import IllegalMoveError
from kok_layouts.model.grid import cells_of, column_letter
from kok_layouts.model.sheet import ClassicSheet
from kok_layouts.rules.board import MAX_MOVE, Board, board_for
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, NUMBERS, expand_faces
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.scoring import Score

StateKey = tuple[int, int, frozenset[int], frozenset[str]]


class PlayerSheet:
    """A player's marks on a classic sheet.

    ``later_columns`` / ``later_colours`` hold what this player completed after another
    player had completed it in an earlier roll: those score the lower value. The game sets
    them through :meth:`push`; a lone sheet may set them directly.
    """

    def __init__(self, sheet: ClassicSheet, options: Options | None = None) -> None:
        self.sheet = sheet
        self.board: Board = board_for(sheet)
        self.options = options or Options()
        self.crossed = 0
        self.marks_used = 0
        self.later_columns: frozenset[int] = frozenset()
        self.later_colours: frozenset[str] = frozenset()
        self._history: list[tuple[Move, frozenset[int], frozenset[str]]] = []

    # -- state -------------------------------------------------------------------------
    def copy(self) -> PlayerSheet:
        """An independent copy, history included (for search)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        return other

    def state_key(self) -> StateKey:
        """Everything that makes up the position, for comparing states."""
        return (self.crossed, self.marks_used, self.later_columns, self.later_colours)

    @property
    def marks_left(self) -> int:
        return self.sheet.exclamation_marks - self.marks_used

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(move for move, _, _ in self._history)

    def is_crossed(self, name: str) -> bool:
        return bool(self.crossed >> self.sheet.parse_cell(name) & 1)

    def anchor(self) -> int:
        """Cells a move may start from: the start column(s) and every neighbour of a cross."""
        return self.board.start_mask | self.board.dilate(self.crossed)

    # -- completion --------------------------------------------------------------------
    def completed_columns(self) -> list[int]:
        crossed = self.crossed
        return [i for i, mask in enumerate(self.board.column_masks)
                if mask and mask & crossed == mask]

    def completed_colours(self) -> list[str]:
        crossed = self.crossed
        return [key for key, mask in self.board.colour_masks.items()
                if mask and mask & crossed == mask]

    # -- moves -------------------------------------------------------------------------
    def legal_masks(self, colour: str, number: int) -> list[int]:
        """Every set of cells a move of ``number`` cells of colour ``colour`` may cross."""
        crossed = self.crossed
        anchor = self.anchor()
        if self.options.connect_through_crossed:
            return self._loose_masks(colour, number, anchor)
        return [s for s in self.board.shapes.get((colour, number), ())
                if not s & crossed and s & anchor]

    def _loose_masks(self, colour: str, number: int, anchor: int) -> list[int]:
        """Option ``connect_through_crossed``: the cells may link through crossed cells."""
        board, crossed = self.board, self.crossed
        found: set[int] = set()
        for area in board.area_masks:
            if not area & board.colour_masks.get(colour, 0):
                continue
            free, linked = area & ~crossed, area & crossed
            layer = {1 << c for c in cells_of(free)}
            for _ in range(number - 1):
                grown: set[int] = set()
                for subset in layer:
                    closure = subset
                    while True:
                        more = board.dilate(closure) & linked
                        if not more:
                            break
                        closure |= more
                    for cell in cells_of(board.dilate(closure) & free & ~subset):
                        grown.add(subset | (1 << cell))
                layer = grown
            found.update(s for s in layer if s & anchor)
        return sorted(found)

    def legal_moves(self, colour: str = JOKER_COLOUR, number: int = JOKER_NUMBER,
                    *, marks_left: int | None = None) -> list[Move]:
        """Every legal move for a colour face and a number face (jokers expand).

        ``colour`` is a colour key or ``X``; ``number`` 1..5 or 0 (``?``). Moves whose
        jokers cost more marks than are left are not legal.
        """
        budget = self.marks_left if marks_left is None else marks_left
        moves = []
        for key, n, cost in expand_faces(colour, number, self.board.colour_keys):
            if cost > budget:
                continue
            for mask in self.legal_masks(key, n):
                moves.append(Move(key, n, mask, colour == JOKER_COLOUR, number == JOKER_NUMBER))
        return moves

    def why_illegal(self, move: Move) -> str | None:
        """The rule ``move`` breaks, or ``None`` when it is legal."""
        sheet, board = self.sheet, self.board
        if move.jokers > self.marks_left:
            return (f"the move needs {move.jokers} exclamation mark(s) for its joker(s), "
                    f"but {self.marks_left} are left")
        if move.colour not in board.colour_masks:
            return f"{sheet.name} has no colour {move.colour!r}"
        colour_name = sheet.colour_by_key[move.colour].name
        count = move.cells.bit_count()
        if move.number not in NUMBERS:
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
        if (not self.options.connect_through_crossed and move.cells & self.anchor()
                and move.cells in board.shape_sets[(move.colour, move.number)]):
            return None
        areas = {board.area_of[c] for c in cells_of(move.cells)}
        if len(areas) > 1:
            return f"the cells lie in {len(areas)} {colour_name} areas; a move stays in one area"
        if move.cells not in self.legal_masks(move.colour, move.number):
            if not move.cells & self.anchor():
                starts = "/".join(column_letter(c) for c in sheet.start_columns)
                return (f"no cell is in the start column {starts} or next to a crossed cell")
            if self.options.connect_through_crossed:
                return "the cells do not link up, even through crossed cells of their area"
            return ("the cells are not one orthogonally connected group "
                    "(diagonal contact does not count)")
        return None

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` naming the broken rule, if ``move`` is illegal."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)

    def push(self, move: Move, *, taken_columns: Iterable[int] = (),
             taken_colours: Iterable[str] = ()) -> None:
        """Play ``move``. ``taken_*``: what other players completed in earlier rolls, so
        that completing it now scores the lower value. Illegal moves raise and change nothing.
        """
        self.check(move)
        self._history.append((move, self.later_columns, self.later_colours))
        before_columns = set(self.completed_columns())
        before_colours = set(self.completed_colours())
        self.crossed |= move.cells
        self.marks_used += move.jokers
        taken_cols, taken_cols_set = set(taken_columns), set(taken_colours)
        new_columns = set(self.completed_columns()) - before_columns
        new_colours = set(self.completed_colours()) - before_colours
        if new_columns & taken_cols:
            self.later_columns = self.later_columns | (new_columns & taken_cols)
        if new_colours & taken_cols_set:
            self.later_colours = self.later_colours | (new_colours & taken_cols_set)

    def pop(self) -> Move:
        """Undo the last move, restoring the exact state before it."""
        if not self._history:
            raise IllegalMoveError("there is no move to undo")
        move, later_columns, later_colours = self._history.pop()
        self.crossed &= ~move.cells
        self.marks_used -= move.jokers
        self.later_columns, self.later_colours = later_columns, later_colours
        return move

    # -- scoring -----------------------------------------------------------------------
    def score(self) -> Score:
        """The score box: colours, columns, unused marks and the star penalty."""
        sheet = self.sheet
        columns = sum(sheet.column_points[i].later if i in self.later_columns
                      else sheet.column_points[i].first for i in self.completed_columns())
        colours = sum(sheet.colour_bonus.later if key in self.later_colours
                      else sheet.colour_bonus.first for key in self.completed_colours())
        stars_left = (self.board.star_mask & ~self.crossed).bit_count()
        return Score(colours=colours, columns=columns,
                     jokers=self.marks_left * sheet.mark_points,
                     stars=-stars_left * sheet.star_penalty)
