"""Keer op Keer Kids: whole enclosures, the purple cross and chameleons, circles.

docs/rules.md section 3. A move crosses one whole enclosure of the chosen animal that holds a
star or shares a side with an enclosure already crossed. Purple crosses the next
exclamation mark; every second one is a chameleon that crosses any enclosure at once.
A player must cross something whenever a die they may take allows it. The rules themselves
are the engine's (:mod:`kok_layouts.rules.engine.kids`); the player's sheet is a view over
them.

Decisions where docs/rules.md is silent: an active player who can cross nothing takes no die,
so the others choose from all three; a chameleon with no enclosure left to cross is lost;
solo Kids (not in the rules) is 30 rolls of three dice, ending early once two animals are
complete, and every column completed scores its visitor.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import Any, cast

import numpy as np

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError
from kok_layouts.model.sheet import KidsSheet, Sheet
from kok_layouts.rules.board import Board, board_for
from kok_layouts.rules.dice import (
    PURPLE,
    Roll,
    check_roll,
    face_name,
    parse_colour_face,
    throw_faces,
)
from kok_layouts.rules.drawing import draw_sheet
from kok_layouts.rules.game import Choice, Game, check_rng
from kok_layouts.rules.moves import CellNames, mask_names, mask_of_names
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import (
    LegalCheck,
    SheetExtras,
    SheetView,
    checked_options,
    checked_sheet,
)

NO_DIE = -1


@dataclass(frozen=True, slots=True, order=True)
class KidsMove:
    """Cross the enclosure ``cells`` with an animal die, or (``die`` purple) cross the next
    exclamation mark, plus ``chameleon``: the enclosure a chameleon mark crosses at once.

    :meth:`of` makes one from cell names: ``KidsMove.of("c", ["G4"], width=13)``.
    """

    die: str
    cells: int = 0
    chameleon: int = 0
    width: int = field(default=0, compare=False, repr=False)
    """The sheet's width, only for the ``repr`` to name the cells."""

    @classmethod
    def of(cls, die: str, cells: CellNames = (), *, chameleon: CellNames = (),
           width: int) -> KidsMove:
        """The move of ``die`` (an animal's key, or purple ``"+"``) crossing the named
        ``cells`` (and, for a chameleon mark, the ``chameleon`` enclosure) on a sheet
        ``width`` wide."""
        return cls(die, mask_of_names(cells, width), mask_of_names(chameleon, width), width)

    def __repr__(self) -> str:
        cells = mask_names(self.cells, self.width) if self.cells else []
        chameleon = mask_names(self.chameleon, self.width) if self.chameleon else []
        if not self.cells and not self.chameleon:
            return f"KidsMove({self.die!r})"
        if cells is None or chameleon is None:  # a bare mask without the sheet's width
            return f"KidsMove({self.die!r}, {self.cells!r}, {self.chameleon!r})"
        named = f", {cells!r}" if cells else ""
        extra = f", chameleon={chameleon!r}" if chameleon else ""
        return f"KidsMove.of({self.die!r}{named}{extra}, width={self.width})"

    def describe(self, sheet: Sheet) -> str:
        """The move as people say it: ``crocodile B2 C2 D2`` or ``purple (an exclamation
        mark) + chameleon H3``."""
        if self.die == PURPLE:
            text = "purple (an exclamation mark)"
            if self.chameleon:
                text += " + chameleon " + " ".join(mask_names(self.chameleon, sheet.width) or [])
            return text
        return (f"{sheet.colour_by_key[self.die].name} "
                + " ".join(mask_names(self.cells, sheet.width) or []))

    @property
    def jokers(self) -> int:
        return 0

    @property
    def all_cells(self) -> int:
        return self.cells | self.chameleon


@dataclass(frozen=True)
class KidsScore:
    """Circles: buckets of completed columns, visitors, food boxes of completed animals."""

    buckets: int
    visitors: int
    food: int

    @property
    def total(self) -> int:
        return self.buckets + self.visitors + self.food

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "total": self.total}


class KidsPlayerSheet(SheetView, SheetExtras, LegalCheck):
    """One player's Kids sheet: crossed enclosures, exclamation marks, lost visitors.

    A view over the rules engine, as :class:`~kok_layouts.rules.player.PlayerSheet`: open
    enclosures, the purple cross and its chameleons, crossing and circles come from its
    kernels (:mod:`kok_layouts.rules.engine.kids`). What only Keer op Keer 2 has (hearts,
    boxes, rows) it answers with the neutral value
    (:class:`~kok_layouts.rules.player.SheetExtras`).
    """

    sheet: KidsSheet

    def __init__(self, sheet: Sheet, options: Options | None = None) -> None:
        self.sheet = checked_sheet(sheet, KidsSheet, "a KidsPlayerSheet needs a Kids sheet")
        self.board: Board = board_for(self.sheet)
        self.options = checked_options(options)
        self._start_view()
        self._moves_for: tuple[int, int] = (-1, -1)
        self._moves: dict[str, list[KidsMove]] = {}
        """The legal moves by die face, for the crosses and marks used ``_moves_for``."""
        self._open_for = -1
        self._open: dict[str | None, list[int]] = {}
        self._score_for: tuple[object, ...] = ()
        self._score: KidsScore | None = None

    def __repr__(self) -> str:
        return (f"<KidsPlayerSheet {self.sheet.name}: {self.crossed.bit_count()} crossed, "
                f"{self.marks_left} marks left, {self.score().total} circles>")

    def __str__(self) -> str:
        """The sheet as text: crosses, completed columns and animals, the circles."""
        return draw_sheet(self.sheet, self.crossed, self.completed_columns(),
                          self.completed_colours(),
                          f"exclamation marks left {self.marks_left}, "
                          f"circles {self.score().total}")

    @property
    def later_columns(self) -> frozenset[int]:
        """Columns this player completed after another player: the visitor is lost."""
        return self._position.later(0)[0]

    @later_columns.setter
    def later_columns(self, columns: Iterable[int]) -> None:
        self._position.set_later(0, columns, ())

    def state_key(self) -> tuple[int, int, frozenset[int]]:
        return (self.crossed, self.marks_used, self.later_columns)

    @property
    def marks_left(self) -> int:
        return self.sheet.exclamation_marks - self.marks_used

    @property
    def mark_value(self) -> int:
        """Unused purple crosses score nothing in Kids."""
        return 0

    @property
    def star_penalty(self) -> int:
        """Stars cost nothing in Kids: they are where enclosures may start."""
        return 0

    def column_value(self, column: int, *, later: bool = False) -> int:
        """What completing ``column`` earns in circles: its buckets, and its visitor unless
        another player completed it in an earlier roll (``later``)."""
        return self.sheet.buckets[column] + (0 if later else 1)

    def colour_value(self, key: str, *, later: bool = False) -> int:
        """What completing the animal ``key`` earns: its food boxes (for everyone)."""
        return self.sheet.food_boxes

    def open_enclosures(self, animal: str | None = None) -> list[int]:
        """Enclosures that may be crossed: uncrossed, of ``animal`` (any if ``None``), holding
        a star or sharing a side with a crossed enclosure."""
        board = self.board
        if animal is not None and animal not in board.colour_masks:
            animal = parse_colour_face(self.sheet, animal)
            if animal not in board.colour_masks:
                raise BadArgumentError(f"{animal!r} is no animal of {self.sheet.name}")
        # Remembered for the crosses they were found for (a roll asks for the same animal
        # for every seat's choice and check); a new position starts a new table.
        if self._open_for != self.crossed:
            self._open_for, self._open = self.crossed, {}
        found = self._open.get(animal)
        if found is None:
            found = self._open[animal] = self._engine().open_enclosures(0, animal)
        return found[:]

    def next_mark_is_chameleon(self) -> bool:
        return self._engine().chameleon_next(0)

    def legal_moves(self, die: str) -> list[KidsMove]:
        """Every legal move with a die face: an animal (``"crocodile"``), its colour or key,
        or ``"purple"`` / ``"+"``."""
        if die != PURPLE and die not in self.board.colour_masks:  # a key is the hot path
            die = parse_colour_face(self.sheet, die)
        key = (self.crossed, self.marks_used)
        if self._moves_for != key:
            self._moves_for, self._moves = key, {}
        found = self._moves.get(die)
        if found is None:
            width = self.sheet.width
            found = self._moves[die] = [KidsMove(die, cells, chameleon, width)
                                        for cells, chameleon in self._engine().kids_moves(0, die)]
        return found[:]

    def why_illegal(self, move: KidsMove) -> str | None:
        if not isinstance(move, KidsMove) or not isinstance(move.die, str) \
                or type(move.cells) is not int or type(move.chameleon) is not int \
                or move.cells < 0 or move.chameleon < 0:
            raise KokTypeError(f"a Kids move is a KidsMove(die, cells, chameleon) with "
                               f"non-negative cell masks, not {move!r}")
        if move.die == PURPLE:
            if move.cells:
                return "purple crosses an exclamation mark, not an enclosure"
            if self.marks_left < 1:
                return "no exclamation mark left: purple cannot be chosen"
            if move in self.legal_moves(PURPLE):
                return None
            if not self.next_mark_is_chameleon():
                return "this exclamation mark is no chameleon: no enclosure to cross with it"
            return ("the chameleon crosses one whole enclosure that holds a star or shares a "
                    "side with a crossed enclosure")
        if move.die not in self.board.colour_masks:
            return f"{self.sheet.name} has no animal {move.die!r}"
        if move.chameleon:
            return "only a chameleon mark crosses an extra enclosure"
        if move in self.legal_moves(move.die):
            return None
        animal = self.sheet.colour_by_key[move.die].name
        if move.cells not in self.board.area_masks:
            return f"the cells are not one whole enclosure; a move crosses a whole {animal} " \
                   "enclosure"
        if move.cells & ~self.board.colour_masks[move.die]:
            return f"that enclosure holds no {animal}s"
        if move.cells & self.crossed:
            return "that enclosure is already crossed"
        return ("the enclosure holds no star and shares no side with a crossed enclosure "
                "(touching at a corner does not count)")

    def push(self, move: KidsMove, *, taken_columns: frozenset[int] = frozenset()) -> None:
        """Play ``move``; ``taken_columns``: completed by others in earlier rolls (their
        visitor is lost). Illegal moves raise and change nothing."""
        if isinstance(taken_columns, (str, int)):
            raise KokTypeError("taken_columns is a collection of column indices")
        try:
            taken_columns = frozenset(taken_columns)
        except TypeError:
            raise KokTypeError("taken_columns is a collection of column indices") from None
        for column in taken_columns:
            if type(column) is not int or not 0 <= column < self.sheet.width:
                raise BadArgumentError(f"taken_columns holds {column!r}; columns are 0.."
                                       f"{self.sheet.width - 1}")
        self.check(move)
        position = self._engine()
        snapshot = position.snapshot(0)
        done = position.kids_play(0, move, taken_columns)
        self._played(move, snapshot, done, move.all_cells)

    def score(self) -> KidsScore:
        # Remembered for the state it was counted in, as the classic sheet's.
        position = self._engine()
        key = position.fingerprint(0)
        if self._score is not None and key == self._score_for:
            return self._score
        self._score, self._score_for = position.kids_score(0), key
        return self._score

    @property
    def history(self) -> tuple[KidsMove, ...]:
        return tuple(move for move, *_ in self._history)

    def pop(self) -> KidsMove:
        """Undo the last move, restoring the exact state before it."""
        move: KidsMove = self._undo()
        return move


class KidsGame(Game):
    """A Kids game for 2 to 4 players (or solo): 3 dice; the active player keeps one and
    the others choose from the two left. The game stops after the roll in which a player
    completes two animals."""

    sheet: KidsSheet  # type: ignore[assignment]
    sheets: list[KidsPlayerSheet]  # type: ignore[assignment]
    edition = "kids"
    title = "Keer op Keer Kids"
    sheet_kind = KidsSheet
    player_type = KidsPlayerSheet
    player_counts = limits.KIDS_PLAYERS
    extra_colour_face = PURPLE
    uses_number_dice = False

    def __init__(self, sheet: Sheet, players: Any, options: Options | None = None, *,
                 solo: bool = False) -> None:
        options = replace(checked_options(options), end="roll", first_three_rolls_open=False)
        super().__init__(sheet, players, options, solo=solo)
        self.colour_dice, self.number_dice = 3, 0

    def _new_sheet(self) -> KidsPlayerSheet:  # type: ignore[override]
        return KidsPlayerSheet(self.sheet, self.options)

    def bot_choice(self, bot: Any, seat: int, rng: Any) -> Any:
        """Kids: the bot weighs whole enclosures (``bot.choose_enclosure``)."""
        return bot.choose_enclosure(self, seat, rng)

    def throw(self, rng: np.random.Generator) -> Roll:
        check_rng(rng)
        self._check_roll_phase()
        roll = throw_faces(self._faces, rng, 3, 0)
        self._begin_roll(roll)
        return roll

    def _check_roll(self, roll: Roll) -> None:
        try:
            check_roll(self.sheet, roll, 3, 0)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None

    def dice_for(self, seat: int) -> tuple[list[int], list[int]]:
        """The dice ``seat`` may choose from: all three for the active player, the two the
        active player left for the others (all three if the active player took none)."""
        seat = self.seat_of(seat)
        roll = self._current_roll()
        dice = list(range(len(roll.colours)))
        if seat == self.active or self.solo:
            return dice, []
        kept = self._choices.get(self.active)
        if kept is None:
            return dice, []
        return [i for i in dice if i != kept.colour_die], []

    def choices_for(self, seat: int) -> list[Choice]:
        seat = self.seat_of(seat)
        roll = self._current_roll()
        player = self.sheets[seat]
        found: list[Choice] = []
        seen: set[str] = set()
        for die in self.dice_for(seat)[0]:
            face = roll.colours[die]
            if face in seen:
                continue
            seen.add(face)
            found += [Choice(die, NO_DIE, move) for move in player.legal_moves(face)]
        return found

    def check_choice(self, seat: int, choice: Choice | None, *, dry_run: bool = True) -> None:
        roll = self._current_roll()
        seat = self._check_turn(seat, choice)
        if choice is None:
            if self.choices_for(seat):
                raise IllegalMoveError(f"{self.players[seat]} must cross something: a die they "
                                       "may take allows a move")
            return
        dice = self.dice_for(seat)[0]
        if choice.colour_die not in dice:
            raise IllegalMoveError(f"{self.players[seat]} may not take die "
                                   f"{choice.colour_die + 1}: the active player kept it")
        move = choice.move
        face = roll.colours[choice.colour_die]
        if not isinstance(move, KidsMove) or move.die != face:
            raise IllegalMoveError(f"die {choice.colour_die + 1} shows "
                                   f"{face_name(self.sheet, face)}")
        self.sheets[seat].check(move)

    def choice_for_cells(self, seat: int | str, cells: CellNames, *,
                         special: str | None = None) -> Choice:
        """The choice crossing the enclosure of the named cells (all of them): with a die
        ``seat`` may take showing its animal, else with the purple die as the chameleon
        mark; checked like :meth:`check_choice`."""
        roll, seat, mask = self._named_cells(seat, cells, special)
        player = self.sheets[seat]
        key = self.sheet.cell_colours[mask.bit_length() - 1] or ""
        dice = self.dice_for(seat)[0]
        die = next((d for d in dice if roll.colours[d] == key), None)
        if die is None:
            chameleon = next((c for c in self.choices_for(seat)
                              if isinstance(c.move, KidsMove) and c.move.chameleon == mask), None)
            if chameleon is not None:
                return chameleon
            raise IllegalMoveError(f"no die you may take shows "
                                   f"{face_name(self.sheet, key)}")
        move = KidsMove(key, mask, 0, self.sheet.width)
        player.check(move)
        return Choice(die, NO_DIE, move)

    def _apply(self, seat: int, choice: Choice) -> None:
        # check_choice made sure the move is a KidsMove.
        self.sheets[seat].push(cast(KidsMove, choice.move), taken_columns=self._taken_columns)

    def winner_seats(self) -> list[int]:
        """Most circles wins; a tie is a shared win."""
        totals = [s.score().total for s in self.sheets]
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def scores(self) -> list[Any]:
        return [s.score() for s in self.sheets]


def describe_move(sheet: KidsSheet, move: KidsMove) -> str:
    """A move as people say it: ``crocodile B2 C2 D2`` or ``purple + chameleon H3``
    (:meth:`KidsMove.describe`)."""
    return move.describe(sheet)

