"""Keer op Keer 2 (Noch mal so gut!): the special die, boxes, hearts, rows and bombs.

Everything of the classic game holds (docs/rules.md section 2 builds on section 1); this
module adds the sequel's state to a player's sheet and the seventh die to the game. The
rules themselves are the engine's (:mod:`kok_layouts.rules.engine.kok2`); the player's
sheet is a view over them.

Decisions where docs/rules.md is silent: a special action needs at least one cell to cross
(bomb, stars, row, block); the heart number under a column is written with the hearts
circled when the move that completes it is made, before that move's row items arrive;
boxes beyond the nine printed ones are lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError
from kok_layouts.model.sheet import SPECIAL_FACES, Kok2Sheet, RowRule, Sheet, SpecialFace
from kok_layouts.rules.board import split_cells
from kok_layouts.rules.dice import Roll, check_roll, throw_faces
from kok_layouts.rules.drawing import COMPLETE
from kok_layouts.rules.game import OPEN_ROLLS, SPECIAL_DIE, BombPicker, Choice, Game, check_rng
from kok_layouts.rules.moves import CellNames, Move, mask_names, mask_of_names
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet, check_indices, checked_sheet
from kok_layouts.rules.scoring import Score

STARS_AT_MOST = 2
"""The most stars the special die's star face crosses (docs/rules.md section 2.4)."""
ROW_AT_MOST = 3
"""The most cells of one row the special die's row face crosses."""


@dataclass(frozen=True, slots=True, order=True)
class Special:
    """An action of the special die: ``face`` and the cells it crosses (none for a heart).

    :meth:`of` makes one from cell names: ``Special.of("bomb", "C3 C4 D3 D4", width=15)``.
    """

    face: SpecialFace
    cells: int = 0
    width: int = field(default=0, compare=False, repr=False)
    """The sheet's width, only for the ``repr`` to name the cells."""

    @classmethod
    def of(cls, face: SpecialFace, cells: CellNames = (), *, width: int) -> Special:
        """The action of ``face`` crossing the named ``cells`` on a sheet ``width`` wide."""
        return cls(face, mask_of_names(cells, width), width)

    @property
    def jokers(self) -> int:
        return 0

    def describe(self, sheet: Sheet) -> str:
        """The action as people say it: ``special bomb: C3 C4 D3 D4``, ``special heart``."""
        names = " ".join(mask_names(self.cells, sheet.width) or [])
        return f"special {self.face}" + (f": {names}" if names else "")

    def __repr__(self) -> str:
        if not self.cells:
            return f"Special({self.face!r})"
        names = mask_names(self.cells, self.width)
        if names is None:  # made from a bare mask without the sheet's width
            return f"Special({self.face!r}, {self.cells!r})"
        return f"Special.of({self.face!r}, {names!r}, width={self.width})"


Action = Move | Special


@dataclass(frozen=True)
class Kok2Score(Score):
    """The Keer op Keer 2 score lines: classic ones plus rows P-V, hearts and boxes (+2)."""

    rows: int
    hearts: int
    boxes: int

    @property
    def total(self) -> int:
        return (self.colours + self.columns + self.rows + self.hearts + self.jokers
                + self.boxes + self.stars + (self.passes or 0))

    def as_dict(self) -> dict[str, int]:
        lines = {key: value for key, value in asdict(self).items() if value is not None}
        return {**lines, "total": self.total}


class Kok2PlayerSheet(PlayerSheet):
    """A player's Keer op Keer 2 sheet: crosses, marks, boxes, hearts and row items.

    A view over the rules engine, as :class:`~kok_layouts.rules.player.PlayerSheet`: the
    special die's actions, bombs, boxes, hearts and rows come from its kernels. Boxes,
    hearts, the hearts under the columns and the row items may be set directly (a position
    read from paper); ``column_hearts`` is then set whole, not changed in place.
    """

    sheet: Kok2Sheet

    def __init__(self, sheet: Sheet, options: Options | None = None) -> None:
        sheet = checked_sheet(sheet, Kok2Sheet, "a Kok2PlayerSheet needs a Keer op Keer 2 sheet")
        super().__init__(sheet, options)
        self._specials_for: tuple[int, int, int] = (-1, -1, -1)
        self._specials: dict[str, tuple[list[int], frozenset[int]]] = {}
        """The legal special actions' cells by face, for the crosses, hearts and boxes left
        ``_specials_for``."""
        self._owed_for: tuple[int, int, frozenset[int]] | None = None
        self._owed = 0
        self._squares_for = -1
        self._squares: tuple[list[int], list[int]] = ([], [])
        """The bombs' squares (distinct, and per square) for the crosses ``_squares_for``."""

    # -- state -------------------------------------------------------------------------
    @property
    def boxes_gained(self) -> int:
        """Boxes gained, the first one included (boxes beyond the printed ones are lost)."""
        return self._position.boxes(0)[0]

    @boxes_gained.setter
    def boxes_gained(self, gained: int) -> None:
        self._position.set_boxes(0, gained, self.boxes_used)

    @property
    def boxes_used(self) -> int:
        """Boxes spent on the special die."""
        return self._position.boxes(0)[1]

    @boxes_used.setter
    def boxes_used(self, used: int) -> None:
        self._position.set_boxes(0, self.boxes_gained, used)

    @property
    def hearts(self) -> int:
        """Hearts circled on the heart track."""
        return self._position.hearts(0)

    @hearts.setter
    def hearts(self, hearts: int) -> None:
        self._position.set_hearts(0, hearts)

    @property
    def column_hearts(self) -> dict[int, int]:
        """The hearts written under each completed column (a new dict each time)."""
        return self._position.column_hearts(0)

    @column_hearts.setter
    def column_hearts(self, hearts: dict[int, int]) -> None:
        self._position.set_column_hearts(0, dict(hearts))

    @property
    def row_items(self) -> frozenset[int]:
        """Rows whose item this player received (as first completer)."""
        return self._position.row_items(0)

    @row_items.setter
    def row_items(self, rows: Iterable[int]) -> None:
        self._position.set_row_items(0, rows)

    def state_key(self) -> Any:
        later_columns, later_colours = self._position.later(0)
        gained, used = self._position.boxes(0)
        return (self.crossed, self.marks_used, later_columns, later_colours, gained, used,
                self.hearts, tuple(sorted(self.column_hearts.items())), self.row_items)

    def _footer(self) -> str:
        return (f"marks left {self.marks_left}, boxes left {self.boxes_left}, hearts "
                f"{self.hearts}/{self.sheet.heart_track}, score {self.score().total}")

    def _row_notes(self) -> list[str]:
        """Beside each row: its label, points and item, ``#`` once completed."""
        done = set(self.completed_rows())
        return [f"{rule.label} {rule.points:>2}{' ' + rule.item if rule.item else ''}"
                f"{' ' + COMPLETE if row in done else ''}"
                for row, rule in enumerate(self.sheet.rows)]

    @property
    def boxes_left(self) -> int:
        gained, used = self._position.boxes(0)
        return gained - used

    @property
    def box_room(self) -> int:
        return self.sheet.box_count - self.boxes_gained

    @property
    def box_points(self) -> int:
        return self.sheet.box_points

    @property
    def box_columns(self) -> tuple[int, ...]:
        return self.sheet.box_columns

    @property
    def heart_room(self) -> bool:
        return self.hearts < self.sheet.heart_track

    @property
    def row_rules(self) -> tuple[RowRule, ...]:
        return self.sheet.rows

    @property
    def history(self) -> tuple[Any, ...]:
        return tuple(move for move, *_ in self._history)

    def completed_rows(self) -> list[int]:
        return self._completed()[2][:]

    # -- special actions ---------------------------------------------------------------
    def _square_parts(self) -> tuple[list[int], list[int]]:
        """Where a bomb may fall: every distinct uncrossed part of a 2x2 square (the rules'
        order), and the uncrossed part of each square (:meth:`Position.group_masks`'
        ``squares``), for the crosses now."""
        if self._squares_for != self.crossed:
            position = self._engine()
            self._squares = (position.bomb_masks(0), position.square_parts(0))
            self._squares_for = self.crossed
        return self._squares

    def bomb_at(self, name: str) -> int:
        """The uncrossed cells of the 2x2 square whose top-left cell is ``name`` (how a
        person names a bomb); :class:`IllegalMoveError` for a cell with no such square."""
        sheet = self.sheet
        if not isinstance(name, str):
            raise KokTypeError(f"a cell name is text like 'C3', not {type(name).__name__}")
        try:
            cell = sheet.geometry.parse(name)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        if cell % sheet.width == sheet.width - 1 or cell // sheet.width == sheet.height - 1:
            raise IllegalMoveError(f"{name.strip().upper()} is on the last row or column; name "
                                   "the top-left cell of a 2x2 square")
        corners = self._masks.corners
        parts = self._square_parts()[1]
        return parts[corners.index(cell)] if cell in corners else 0

    def block_at(self, name: str) -> int:
        """The uncrossed cells of the area of the cell ``name`` (how a person names a
        colour block); :class:`IllegalMoveError` for a name that is no cell of the board."""
        if not isinstance(name, str):
            raise KokTypeError(f"a cell name is text like 'H1', not {type(name).__name__}")
        try:
            cell = self.sheet.parse_cell(name)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        return self.board.area_masks[self.board.area_of[cell]] & ~self.crossed

    def bomb_squares(self) -> dict[str, int]:
        """Where a bomb may fall now, as a person names it: the top-left cell of every 2x2
        square with an uncrossed board cell, and those uncrossed cells (the squares that
        would cross the same cells are each listed under their own name; the values are
        :meth:`bomb_masks`)."""
        name = self.sheet.cell_name
        return {name(corner): part
                for corner, part in zip(self._masks.corners, self._square_parts()[1],
                                        strict=True) if part}

    def bomb_masks(self) -> list[int]:
        """Every distinct set of uncrossed cells of a 2x2 square of the sheet."""
        return self._square_parts()[0][:]

    def _special_masks(self, face: SpecialFace) -> tuple[list[int], frozenset[int]]:
        """The cells of every legal action of ``face`` (a face of the sheet's die), as a
        list in the rules' order and as a set, remembered for the crosses, hearts and boxes
        left they are of."""
        key = (self.crossed, self.hearts, self.boxes_left)
        if self._specials_for != key:
            self._specials_for, self._specials = key, {}
        found = self._specials.get(face)
        if found is None:
            masks = self._engine().special_masks(0, face, key[2])
            found = self._specials[face] = (masks, frozenset(masks))
        return found

    def legal_specials(self, face: SpecialFace) -> list[Special]:
        """Every legal action of a special die face (none without an unused box)."""
        if face not in self.sheet.special_faces:
            raise BadArgumentError(f"the special die has the faces "
                                   f"{', '.join(dict.fromkeys(self.sheet.special_faces))}, "
                                   f"not {face!r}")
        width = self.sheet.width
        return [Special(face, mask, width) for mask in self._special_masks(face)[0]]

    def why_illegal_special(self, action: Special) -> str | None:
        if not isinstance(action.face, str) or type(action.cells) is not int or action.cells < 0:
            raise KokTypeError(f"{action!r}: a special action has a face name and a "
                               "non-negative cell mask")
        if action.face not in self.sheet.special_faces:
            return f"the special die has no face {action.face!r}"
        if action.cells in self._special_masks(action.face)[1]:
            return None
        if self.boxes_left < 1:
            return "no unused box: the special die needs one"
        names = " ".join(self.board.name_cells(action.cells)) or "nothing"
        reasons = {
            "heart": f"the heart track is full ({self.sheet.heart_track} hearts)",
            "bomb": f"{names} is not the uncrossed part of a 2x2 square",
            "stars": (f"{names}: up to {STARS_AT_MOST} uncrossed stars, each in the start "
                      "column or next to a crossed cell"),
            "row": (f"{names}: up to {ROW_AT_MOST} uncrossed cells of one row, each in the start "
                    "column or next to a crossed cell"),
            "block": (f"{names} is not all that is left of one area touching the start "
                      "column or a crossed cell"),
        }
        return reasons[action.face]

    # -- playing -----------------------------------------------------------------------
    def why_illegal(self, move: Any) -> str | None:
        if isinstance(move, Special):
            return self.why_illegal_special(move)
        return super().why_illegal(move)

    def push(self, move: Any, *, taken_columns: Iterable[int] = (),
             taken_colours: Iterable[str] = (), taken_rows: Iterable[int] = (),
             bombs: Iterable[int] = ()) -> None:
        """Play a move or special action; ``bombs``: the squares of bombs that row items
        give at once, in order. Illegal input raises and changes nothing."""
        columns, colours = self.checked_taken(taken_columns, taken_colours)
        rows, queue = self._checked_rows_and_bombs(taken_rows, bombs)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        position = self._engine()
        snapshot = position.snapshot(0)
        face = move.face if isinstance(move, Special) else None
        used, done, groups = position.play_kok2(0, move, face, queue, columns, colours, rows)
        if used != len(queue):
            position.restore(0, snapshot)
            raise IllegalMoveError(self._bomb_error(used, move, queue, (columns, colours,
                                                                         rows)))
        self._played(move, snapshot, done)
        self._legal_crossed, self._legal_options = self.crossed, self.options
        self._legal, self._groups = {}, groups

    def next_bomb_owed(self, move: Any, *, taken_columns: Iterable[int] = (),
                       taken_colours: Iterable[str] = (), taken_rows: Iterable[int] = (),
                       bombs: Iterable[int] = ()) -> bool:
        """Whether playing ``move`` with ``bombs`` (as :meth:`push` would) leaves a bomb
        owed that has a square to fall on: the next square to name. Any other fault raises
        as :meth:`push` raises it; the sheet does not change."""
        columns, colours = self.checked_taken(taken_columns, taken_colours)
        rows, queue = self._checked_rows_and_bombs(taken_rows, bombs)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        if not queue and not self.bombs_owed(move, rows):
            return False  # (without a first bomb no row item gives one)
        position = self._engine()
        snapshot = position.snapshot(0)
        face = move.face if isinstance(move, Special) else None
        used = position.play_kok2(0, move, face, queue, columns, colours, rows)[0]
        position.restore(0, snapshot)
        if used == -1:
            return True
        if used != len(queue):
            raise IllegalMoveError(self._bomb_error(used, move, queue, (columns, colours,
                                                                         rows)))
        return False

    def _bomb_error(self, used: int, move: Any, queue: list[int],
                    taken: tuple[set[int], set[str], list[int]]) -> str:
        """What is wrong with the bombs ``queue`` of ``move``, which the engine played
        up to the ``used`` result it returned."""
        if used == -1:
            return "a row's item gives a bomb at once: name its 2x2 square"
        if used >= 0:
            return f"{len(queue) - used} bomb(s) named, but no row item gives them"
        # A square is not the uncrossed part of one: the first bomb the engine refuses
        # when the bombs end with it.
        position = self._position
        face = move.face if isinstance(move, Special) else None
        snapshot = position.snapshot(0)
        bad = len(queue) - 1
        for end in range(1, len(queue)):
            result = position.play_kok2(0, move, face, queue[:end], *taken)[0]
            position.restore(0, snapshot)
            if result == -2:
                bad = end - 1
                break
        names = " ".join(self.board.name_cells(queue[bad])) or "nothing"
        return f"bomb {names} is not the uncrossed part of a 2x2 square"

    def pop(self) -> Any:
        """Undo the last move or action (with its bombs), restoring the exact state
        before it."""
        return self._undo()

    def _checked_rows_and_bombs(self, rows: Iterable[int], bombs: Iterable[int],
                                ) -> tuple[list[int], list[int]]:
        """``taken_rows`` and ``bombs`` of :meth:`push`, refused before anything changes
        unless they are row indices and non-negative cell masks."""
        try:
            row_list, bomb_list = list(rows), list(bombs)
        except TypeError:
            raise KokTypeError("taken_rows and bombs are collections of row indices and "
                               "cell masks") from None
        check_indices(row_list, "taken_rows", "rows", self.sheet.height)
        for square in bomb_list:
            if type(square) is not int or square < 0:
                raise KokTypeError(f"a bomb is the cell mask of its square, not {square!r}")
        return row_list, bomb_list

    def bombs_owed(self, move: Any, taken_rows: Iterable[int] = ()) -> int:
        """How many bombs ``move`` earns at once from first-completed rows (no chaining)."""
        height = self.sheet.height
        rows = frozenset(r for r in taken_rows if type(r) is int and 0 <= r < height)
        cells = move.cells & self.board.full & ~self.crossed
        key = (self.crossed, cells, rows)
        if self._owed_for != key:  # (the game and then the bot ask about the same move)
            self._owed = self._engine().bombs_owed(0, cells, rows)
            self._owed_for = key
        return self._owed

    def score(self) -> Kok2Score:
        score = super().score()
        assert isinstance(score, Kok2Score)
        return score


class Kok2Game(Game):
    """A Keer op Keer 2 game: the classic flow with a seventh, special die."""

    sheet: Kok2Sheet
    sheets: list[Kok2PlayerSheet]  # type: ignore[assignment]
    edition = "kok2"
    title = "Keer op Keer 2"
    sheet_kind = Kok2Sheet
    player_type = Kok2PlayerSheet
    scores_rows = True

    def __init__(self, sheet: Sheet, players: Any, options: Options | None = None, *,
                 solo: bool = False) -> None:
        self._taken_rows: frozenset[int] = frozenset()
        super().__init__(sheet, players, options, solo=solo)

    @property
    def taken_rows(self) -> frozenset[int]:
        return self._taken_rows

    def _new_sheet(self) -> Kok2PlayerSheet:
        return Kok2PlayerSheet(self.sheet, self.options)

    def throw(self, rng: np.random.Generator) -> Roll:
        check_rng(rng)
        self._check_roll_phase()
        roll = throw_faces(self._faces, rng, self.colour_dice, self.number_dice)
        faces = self.sheet.special_faces
        roll = Roll(roll.colours, roll.numbers, faces[int(rng.integers(len(faces)))])
        self._begin_roll(roll)
        return roll

    def _check_roll(self, roll: Roll) -> None:
        try:
            check_roll(self.sheet, roll, self.colour_dice, self.number_dice,
                       self.sheet.special_faces)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None

    def _remember_taken(self) -> None:
        super()._remember_taken()
        self._taken_rows = frozenset(r for s in self.sheets for r in s.completed_rows())

    def special_for(self, seat: int) -> bool:
        """Whether ``seat`` may take the special die in the current roll."""
        seat = self.seat_of(seat)
        self._current_roll()
        if seat == self.active or self.solo:
            return True
        taken = self._choices.get(self.active)
        if taken is None or (self.options.first_three_rolls_open
                             and self.rolls_done < OPEN_ROLLS):
            return True
        return not taken.is_special

    def fill_bombs(self, seat: int, choice: Choice, pick: BombPicker) -> Choice:
        return fill_bombs(self, seat, choice, pick)

    def next_bomb_squares(self, seat: int, choice: Choice,
                          bombs: Sequence[int] = ()) -> list[int]:
        probe = _bomb_probe(self, *self._bomb_request(seat, choice, bombs), choice=choice)
        return [] if probe is None else probe.bomb_masks()

    def bomb_squares(self, seat: int, choice: Choice,
                     bombs: Sequence[int] = ()) -> dict[str, int]:
        probe = _bomb_probe(self, *self._bomb_request(seat, choice, bombs), choice=choice)
        return {} if probe is None else probe.bomb_squares()

    def choice_for_cells(self, seat: int | str, cells: CellNames, *,
                         special: str | None = None) -> Choice:
        """As for the classic game; with ``special`` the action of that face of the
        special die, its cells named as a person says them: none for ``heart``, the
        top-left cell of the square for ``bomb`` (``C3``), one cell of the area for
        ``block``, the cells themselves for ``stars`` and ``row``."""
        if special is None:
            return super().choice_for_cells(seat, cells)
        roll = self._current_roll()
        seat = self._check_turn(seat)
        if special not in SPECIAL_FACES:
            raise BadArgumentError(f"the special die has the faces "
                                   f"{', '.join(dict.fromkeys(SPECIAL_FACES))}, not {special!r}")
        if roll.special != special:
            raise IllegalMoveError(f"the special die shows {roll.special}, not {special}")
        player = self.sheets[seat]
        names = split_cells(cells)
        if special == "heart":
            mask = 0
        elif special == "bomb":
            if len(names) != 1:
                raise IllegalMoveError("name the top-left cell of the bomb's 2x2 square, "
                                       "like C3")
            mask = player.bomb_at(names[0])
        elif special == "block":
            if len(names) != 1:
                raise IllegalMoveError("name one cell of the area, like H1")
            mask = player.block_at(names[0])
        else:
            try:
                mask = player.board.parse_cells(names)
            except ValueError as err:
                raise IllegalMoveError(str(err)) from None
        action = Special(special, mask, self.sheet.width)
        reason = player.why_illegal(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        if not self.special_for(seat):
            raise IllegalMoveError("the active player took the special die (passive "
                                   "players choose from the dice left)")
        return Choice(SPECIAL_DIE, SPECIAL_DIE, action)

    def special_choices(self, seat: int) -> list[Choice]:
        """The special die's actions, when ``seat`` may take it in the current roll
        (:meth:`choices_for` gives them without their bombs, see :meth:`complete_choice`)."""
        index = self.seat_of(seat)
        roll = self._current_roll()
        if roll.special is None or not self.special_for(index):
            return []
        return [Choice(SPECIAL_DIE, SPECIAL_DIE, action)
                for action in self.sheets[index].legal_specials(roll.special)]  # type: ignore[arg-type]

    def check_choice(self, seat: int, choice: Choice | None, *, dry_run: bool = True) -> None:
        """As for the classic game, plus the special die; ``dry_run`` also plays the choice
        (with its bombs) on a copy of the player's sheet to check every rule."""
        roll = self._current_roll()
        seat = self._check_turn(seat, choice)
        if choice is None:
            return
        if choice.is_special:
            if not self.special_for(seat):
                raise IllegalMoveError("the active player took the special die (passive "
                                       "players choose from the dice left)")
            if not isinstance(choice.move, Special) or choice.move.face != roll.special:
                raise IllegalMoveError(f"the special die shows {roll.special}")
        else:
            if not isinstance(choice.move, Move):
                raise IllegalMoveError("a colour and a number die cross a colour and number "
                                       "move")
            self._check_dice(seat, roll, choice)
        if dry_run:
            self._dry_run(seat, choice)

    def choose(self, seat: int, choice: Choice | None) -> None:
        # The push itself checks every rule and changes nothing when one is broken.
        self.check_choice(seat, choice, dry_run=False)
        seat = self.seat_of(seat)
        if choice is not None:
            self._apply(seat, choice)
        self._count_pass(seat, choice, 1)
        self._choices[seat] = choice

    def _dry_run(self, seat: int, choice: Choice) -> None:
        """Refuse ``choice`` as playing it would."""
        if self.sheets[seat].next_bomb_owed(
                choice.move, taken_columns=self._taken_columns,
                taken_colours=self._taken_colours, taken_rows=self._taken_rows,
                bombs=choice.bombs):
            raise IllegalMoveError("a row's item gives a bomb at once: name its 2x2 square")

    def _push(self, player: Kok2PlayerSheet, choice: Choice) -> None:
        player.push(choice.move, taken_columns=self._taken_columns,
                    taken_colours=self._taken_colours, taken_rows=self._taken_rows,
                    bombs=choice.bombs)

    def _apply(self, seat: int, choice: Choice) -> None:
        self._push(self.sheets[seat], choice)


def fill_bombs(game: Kok2Game, seat: int, choice: Choice, pick: BombPicker) -> Choice:
    """``choice`` with every bomb its row items owe, each square chosen by ``pick``."""
    bombs: list[int] = []
    while True:
        probe = _bomb_probe(game, seat, bombs, choice=choice)
        if probe is None:
            return Choice(choice.colour_die, choice.number_die, choice.move, tuple(bombs))
        bombs.append(pick(probe, probe.bomb_masks()))


def _bomb_probe(game: Kok2Game, seat: int, bombs: list[int], *,
                choice: Choice) -> Kok2PlayerSheet | None:
    """The player's sheet at the moment the next bomb of ``choice`` falls, after
    ``bombs``; ``None`` when the choice with those bombs owes no more."""
    if not game.sheets[seat].next_bomb_owed(
            choice.move, taken_columns=game.taken_columns, taken_colours=game.taken_colours,
            taken_rows=game.taken_rows, bombs=bombs):
        return None
    # Replay up to the owed bomb to know the options at that moment.
    probe = game.sheets[seat].copy()
    probe.crossed |= choice.move.cells
    for square in bombs:
        probe.crossed |= square
    return probe
