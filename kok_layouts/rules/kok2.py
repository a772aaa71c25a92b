"""Keer op Keer 2 (Noch mal so gut!): the special die, boxes, hearts, rows and bombs.

Everything of the classic game holds (docs/rules.md section 2 builds on section 1); this
module adds the sequel's state to a player's sheet and the seventh die to the game.

Decisions where docs/rules.md is silent: a special action needs at least one cell to cross
(bomb, stars, row, block); the heart number under a column is written with the hearts
circled when the move that completes it is made, before that move's row items arrive;
boxes beyond the nine printed ones are lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Self

import numpy as np

from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import SPECIAL_FACES, Kok2Sheet, RowRule, Sheet, SpecialFace
from kok_layouts.rules.board import newly_complete, split_cells
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
    """A player's Keer op Keer 2 sheet: crosses, marks, boxes, hearts and row items."""

    sheet: Kok2Sheet

    def __init__(self, sheet: Sheet, options: Options | None = None) -> None:
        sheet = checked_sheet(sheet, Kok2Sheet, "a Kok2PlayerSheet needs a Keer op Keer 2 sheet")
        super().__init__(sheet, options)
        self.boxes_gained = sheet.boxes_at_start
        self.boxes_used = 0
        self.hearts = 0
        self.column_hearts: dict[int, int] = {}
        self.row_items: frozenset[int] = frozenset()
        """Rows whose item this player received (as first completer)."""
        self._snapshots: list[tuple[Action, tuple[Any, ...]]] = []

    # -- state -------------------------------------------------------------------------
    def _state(self) -> tuple[Any, ...]:
        return (self.crossed, self.marks_used, self.later_columns, self.later_colours,
                self.boxes_gained, self.boxes_used, self.hearts, dict(self.column_hearts),
                self.row_items)

    def _restore(self, state: tuple[Any, ...]) -> None:
        (self.crossed, self.marks_used, self.later_columns, self.later_colours,
         self.boxes_gained, self.boxes_used, self.hearts, column_hearts,
         self.row_items) = state
        self.column_hearts = dict(column_hearts)

    def state_key(self) -> Any:
        state = self._state()
        return (*state[:7], tuple(sorted(state[7].items())), state[8])

    def copy(self) -> Self:
        other = super().copy()
        other.column_hearts = dict(self.column_hearts)
        other._snapshots = list(self._snapshots)
        return other

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
        return self.boxes_gained - self.boxes_used

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
        return tuple(action for action, _ in self._snapshots)

    def completed_rows(self) -> list[int]:
        crossed = self.crossed
        return [i for i, mask in enumerate(self.board.row_masks)
                if mask and mask & crossed == mask]

    # -- special actions ---------------------------------------------------------------
    def _reach(self) -> int:
        """Cells a star or row action may cross: in the start column or next to a cross."""
        return (self.board.start_mask | self.board.dilate(self.crossed)) & ~self.crossed

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
        square = sum(1 << c for c in (cell, cell + 1, cell + sheet.width, cell + sheet.width + 1))
        return square & self.board.full & ~self.crossed

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
        sheet, crossed = self.sheet, self.crossed
        width, full = sheet.width, self.board.full
        found: dict[str, int] = {}
        for row in range(sheet.height - 1):
            for column in range(width - 1):
                top = row * width + column
                square = (0b11 << top) | (0b11 << (top + width))
                part = square & full & ~crossed
                if part:
                    found[sheet.cell_name(top)] = part
        return found

    def bomb_masks(self) -> list[int]:
        """Every distinct set of uncrossed cells of a 2x2 square of the sheet."""
        crossed = self.crossed
        return sorted({square & ~crossed for square in self.board.square_masks
                       if square & ~crossed})

    def legal_specials(self, face: SpecialFace) -> list[Special]:
        """Every legal action of a special die face (none without an unused box)."""
        if face not in self.sheet.special_faces:
            raise BadArgumentError(f"the special die has the faces "
                                   f"{', '.join(dict.fromkeys(self.sheet.special_faces))}, "
                                   f"not {face!r}")
        if self.boxes_left < 1:
            return []
        width = self.sheet.width
        if face == "heart":
            return [Special("heart")] if self.hearts < self.sheet.heart_track else []
        if face == "bomb":
            return [Special("bomb", m, width) for m in self.bomb_masks()]
        reach = self._reach()
        if face == "stars":
            stars = list(cells_of(reach & self.board.star_mask))
            return [Special("stars", sum(1 << c for c in group), width)
                    for size in range(1, STARS_AT_MOST + 1) for group in combinations(stars, size)]
        if face == "row":
            found = []
            for row_mask in self.board.row_masks:
                free = list(cells_of(reach & row_mask))
                found += [Special("row", sum(1 << c for c in group), width)
                          for size in range(1, ROW_AT_MOST + 1)
                          for group in combinations(free, size)]
            return found
        touching = self.board.start_mask | self.board.dilate(self.crossed) | self.crossed
        return [Special("block", area & ~self.crossed, width) for area in self.board.area_masks
                if area & ~self.crossed and area & touching]

    def _special_is_legal(self, action: Special) -> bool:
        """The rule of each face, checked directly (without listing every action)."""
        cells, crossed = action.cells, self.crossed
        if action.face == "heart":
            return cells == 0 and self.hearts < self.sheet.heart_track
        if not cells or cells & crossed or cells & ~self.board.full:
            return False
        if action.face == "bomb":
            return cells in self.bomb_masks()
        if action.face == "block":
            area = self.board.area_masks[self.board.area_of[cells.bit_length() - 1]]
            touching = self.board.start_mask | self.board.dilate(crossed) | crossed
            return cells == area & ~crossed and bool(area & touching)
        if cells & ~self._reach():
            return False
        if action.face == "stars":
            return cells.bit_count() <= STARS_AT_MOST and not cells & ~self.board.star_mask
        return cells.bit_count() <= ROW_AT_MOST and any(
            not cells & ~row for row in self.board.row_masks)

    def why_illegal_special(self, action: Special) -> str | None:
        if not isinstance(action.face, str) or type(action.cells) is not int or action.cells < 0:
            raise KokTypeError(f"{action!r}: a special action has a face name and a "
                               "non-negative cell mask")
        if action.face not in self.sheet.special_faces:
            return f"the special die has no face {action.face!r}"
        if self.boxes_left < 1:
            return "no unused box: the special die needs one"
        if self._special_is_legal(action):
            return None
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

    def _gain_boxes(self, count: int) -> None:
        self.boxes_gained = min(self.sheet.box_count, self.boxes_gained + count)

    def _settle(self, before: int, taken_columns: frozenset[int], taken_colours: frozenset[str],
                taken_rows: frozenset[int]) -> int:
        """Score what the cells crossed since ``before`` completed; returns bombs owed."""
        board, sheet, after = self.board, self.sheet, self.crossed
        fresh = after & ~before
        new_columns = newly_complete(enumerate(board.column_masks), fresh, after)
        new_colours = newly_complete(board.colour_masks.items(), fresh, after)
        self.later_columns |= {c for c in new_columns if c in taken_columns}
        self.later_colours |= {k for k in new_colours if k in taken_colours}
        self._gain_boxes((fresh & board.box_mask).bit_count())
        for column in new_columns:
            self.column_hearts[column] = self.hearts
            if column in sheet.box_columns:
                self._gain_boxes(1)
        bombs = 0
        for row in newly_complete(enumerate(board.row_masks), fresh, after):
            if row in taken_rows:
                continue
            self.row_items |= {row}
            item = sheet.rows[row].item
            if item == "box":
                self._gain_boxes(1)
            elif item == "heart":
                self.hearts = min(sheet.heart_track, self.hearts + 1)
            elif item == "bomb":
                bombs += 1
        return bombs

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
        state = self._state()
        taken = (frozenset(columns), frozenset(colours), frozenset(rows))
        try:
            before = self.crossed
            self.crossed |= move.cells
            self.marks_used += move.jokers
            if isinstance(move, Special):
                self.boxes_used += 1
                if move.face == "heart":
                    self.hearts += 1
            owed = self._settle(before, *taken)
            while owed:
                owed -= 1
                options = self.bomb_masks()
                if not options:
                    continue
                if not queue:
                    raise IllegalMoveError("a row's item gives a bomb at once: name its 2x2 "
                                           "square")
                square = queue.pop(0)
                if square not in options:
                    names = " ".join(self.board.name_cells(square)) or "nothing"
                    raise IllegalMoveError(f"bomb {names} is not the uncrossed part of a 2x2 "
                                           "square")
                before = self.crossed
                self.crossed |= square
                owed += self._settle(before, *taken)
            if queue:
                raise IllegalMoveError(f"{len(queue)} bomb(s) named, but no row item gives them")
        except IllegalMoveError:
            self._restore(state)
            raise
        self._snapshots.append((move, state))

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

    def pop(self) -> Any:
        if not self._snapshots:
            raise IllegalMoveError("there is no move to undo")
        move, state = self._snapshots.pop()
        self._restore(state)
        return move

    def bombs_owed(self, move: Any, taken_rows: Iterable[int] = ()) -> int:
        """How many bombs ``move`` earns at once from first-completed rows (no chaining)."""
        after = self.crossed | move.cells
        taken = set(taken_rows)
        return sum(1 for i, m in enumerate(self.board.row_masks)
                   if m and m & after == m and m & ~self.crossed and i not in taken
                   and self.sheet.rows[i].item == "bomb")

    def score(self) -> Kok2Score:
        base = super().score()
        sheet = self.sheet
        rows = sum(sheet.rows[r].points for r in self.completed_rows())
        return Kok2Score(colours=base.colours, columns=base.columns, jokers=base.jokers,
                         stars=base.stars, rows=rows, hearts=sum(self.column_hearts.values()),
                         boxes=self.boxes_left * sheet.box_points, passes=base.passes)


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
        trial = self.sheets[seat].copy()
        self._push(trial, choice)

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
    trial = game.sheets[seat].copy()
    try:
        trial.push(choice.move, taken_columns=game.taken_columns,
                   taken_colours=game.taken_colours, taken_rows=game.taken_rows,
                   bombs=bombs)
        return None
    except IllegalMoveError as err:
        if "name its 2x2 square" not in str(err):
            raise
    # Replay up to the owed bomb to know the options at that moment.
    probe = game.sheets[seat].copy()
    probe.crossed |= choice.move.cells
    for square in bombs:
        probe.crossed |= square
    return probe
