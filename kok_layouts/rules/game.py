"""The game flow of classic Keer op Keer: rolls, who may take which dice, the end.

A roll goes: the chance step (:meth:`Game.throw` with a seeded generator, or
:meth:`Game.set_roll` to replay one), the active player's choice, every passive player's
choice, then :meth:`Game.finish_roll`. Solo is the same flow with 2 colour and 2 number
dice, 30 rolls and every column and colour scoring its first value.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, cast

import numpy as np

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokError, KokTypeError
from kok_layouts.limits import Bounds
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import ClassicSheet, Sheet
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    Roll,
    check_roll,
    colour_faces,
    expansions,
    parse_colour_face,
    parse_number_face,
    throw_faces,
)
from kok_layouts.rules.moves import CellNames, Move, cell_names, mask_names, mask_of_names
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet, checked_options, checked_sheet
from kok_layouts.rules.scoring import Score

if TYPE_CHECKING:
    from kok_layouts.rules.kids import KidsMove
    from kok_layouts.rules.kok2 import Kok2PlayerSheet, Special

MAX_PLAYERS = limits.PLAYERS.high
"""The most players a game of any edition has (:data:`kok_layouts.limits.PLAYERS`)."""
SOLO_ROLLS = 30
COLOURS_TO_END = 2
"""A player who has completed this many colours (Kids: animals) ends the game
(docs/rules.md sections 1.8 and 3.9)."""
OPEN_ROLLS = 3
"""With ``first_three_rolls_open``, passive players choose from all dice in these rolls."""


SPECIAL_DIE = -1
"""The die index of a Keer op Keer 2 choice of the special die (no colour or number die)."""

MoveOption = tuple[int, int, str, int, int, bool, bool]
"""A colour-and-number choice as a plain tuple (:meth:`Game.move_options`): colour die,
number die, colour key, number, cells (a mask), colour joker, number joker."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A player's pick: which colour die and number die, and the cells crossed with them.

    In Keer op Keer 2 ``move`` may be a special action (both die indices
    :data:`SPECIAL_DIE`), and ``bombs`` holds the squares of bombs a row's item gives at
    once, in order (cell masks; :meth:`of` takes them by name). In Kids ``number_die`` is
    ``-1``: there are no number dice. Every kind of move has ``cells``, ``jokers``,
    ``width`` and ``describe(sheet)``.
    """

    colour_die: int
    number_die: int
    move: Move | Special | KidsMove
    bombs: tuple[int, ...] = ()

    @classmethod
    def of(cls, colour_die: int, number_die: int, move: Move | Special | KidsMove,
           bombs: Iterable[CellNames] = ()) -> Choice:
        """The choice with the bombs' squares given by cell name (on the move's sheet):
        ``Choice.of(0, 1, move, bombs=[["C3", "C4", "D3", "D4"]])``."""
        return cls(colour_die, number_die, move,
                   tuple(mask_of_names(square, move.width) for square in bombs))

    @classmethod
    def of_option(cls, option: MoveOption, width: int) -> Choice:
        """The choice of a :meth:`Game.move_options` tuple, on a sheet ``width`` wide."""
        colour_die, number_die, colour, number, cells, colour_joker, number_joker = option
        return cls(colour_die, number_die,
                   Move(colour, number, cells, colour_joker, number_joker, width))

    @property
    def is_special(self) -> bool:
        return self.colour_die == SPECIAL_DIE

    def describe(self, sheet: Sheet) -> str:
        """The choice as people say it: ``yellow 2: H6 H7 (number joker)``, ``special
        bomb: C3 C4 D3 D4``, with ``+ bomb ...`` for each bomb a row's item gave."""
        bombs = "".join(f" + bomb {' '.join(mask_names(square, sheet.width) or [])}"
                        for square in self.bombs)
        return self.move.describe(sheet) + bombs

    def __repr__(self) -> str:
        fields = (f"colour_die={self.colour_die!r}, number_die={self.number_die!r}, "
                  f"move={self.move!r}")
        if not self.bombs:
            return f"Choice({fields})"
        width = getattr(self.move, "width", 0)
        named = [mask_names(square, width) for square in self.bombs]
        if all(names is not None for names in named):
            return f"Choice.of({fields}, bombs={named!r})"
        return f"Choice({fields}, bombs={self.bombs!r})"


BombPicker = Callable[["Kok2PlayerSheet", list[int]], int]
"""Picks the square of a bomb a row's item gives: from the player's sheet as it is at that
moment (the move crossed) and the cell masks of the squares it may bomb."""


@dataclass(frozen=True)
class RollLog:
    """One finished roll: who threw, the faces, and every player's choice (``None``: pass)."""

    active: int
    roll: Roll
    choices: tuple[Choice | None, ...]


class Phase(Enum):
    ROLL = "roll"
    """Waiting for the dice to be thrown."""
    CHOOSE = "choose"
    """Waiting for players' choices: the active player first, then the passive ones."""
    OVER = "over"


def check_rng(rng: object) -> None:
    """:class:`KokTypeError` unless ``rng`` is a ``numpy.random.Generator`` (the dice come
    from a seeded generator, never from global state)."""
    if not isinstance(rng, np.random.Generator):
        raise KokTypeError(f"the dice need a numpy.random.Generator "
                           f"(numpy.random.default_rng(seed)), not {type(rng).__name__}")


def check_player_name(name: object) -> str:
    """``name`` if it can name a player: text of 1 to :data:`limits.PLAYER_NAME_LENGTH
    <kok_layouts.limits.PLAYER_NAME_LENGTH>` printable characters on one line, not blank
    (it is printed in every prompt and kept in the game record); the rule is
    :func:`kok_layouts.limits.check_text`, which records and the command line also use."""
    return limits.check_text(name, "a player's name", limits.PLAYER_NAME_LENGTH)


def player_names(players: object) -> list[str]:
    """The seats' names from a count or a list of names: :class:`BadArgumentError` for
    none, more than :data:`MAX_PLAYERS`, a repeated name or one that
    :func:`check_player_name` refuses, :class:`KokTypeError` for anything but a whole
    number or a list of texts."""
    if type(players) is int:
        if players not in limits.PLAYERS:
            raise BadArgumentError(f"a game has {limits.PLAYERS.low} to "
                                   f"{limits.PLAYERS.high} players, not {players}")
        return [f"player {i + 1}" for i in range(players)]
    if not isinstance(players, (list, tuple)):
        raise KokTypeError(f"players are a list of names or a count, not "
                           f"{type(players).__name__}")
    names = [check_player_name(name) for name in players]
    if len(names) not in limits.PLAYERS:
        raise BadArgumentError(f"a game has {limits.PLAYERS.low} to {limits.PLAYERS.high} "
                               f"players, not {len(names)}")
    # One name per player as people read them: "Ann" and "ANN" (or Ann in full-width
    # letters) are one name twice.
    keys = [unicodedata.normalize("NFKC", name).upper().casefold() for name in names]
    if len(set(keys)) != len(keys):
        first = next(i for i, key in enumerate(keys) if keys.count(key) > 1)
        again = keys.index(keys[first], first + 1)
        if names[first] == names[again]:
            raise BadArgumentError(f"two players have the same name {names[first]!r}")
        raise BadArgumentError(f"two players have the names {names[first]!r} and "
                               f"{names[again]!r}, which differ only in case; give each "
                               "player a name of their own")
    return names


class Game:
    """A classic game for 1 to 6 players, or a solo game (``solo=True``).

    The game of another edition (:class:`~kok_layouts.rules.kok2.Kok2Game`,
    :class:`~kok_layouts.rules.kids.KidsGame`) answers the same questions; what only some
    editions have is answered with its neutral value (no rows taken, no special die).
    """

    # -- the edition: what a game of it is, as python-chess's variants say it ------------
    edition: ClassVar[str] = "classic"
    """The edition's name (:mod:`kok_layouts.rules.kinds` finds the game type by it)."""
    title: ClassVar[str] = "Keer op Keer"
    """The edition's name as printed in Dutch, the pads' own language."""
    sheet_kind: ClassVar[type[Sheet]] = ClassicSheet
    """The sheets this game is played on; others are refused at construction."""
    player_type: ClassVar[type[Any]] = PlayerSheet
    """The type of one player's sheet in this game."""
    player_counts: ClassVar[Bounds] = limits.PLAYERS
    """How many players a game with others may have (solo is always one)."""
    extra_colour_face: ClassVar[str] = JOKER_COLOUR
    """The colour die's face beside the colours: the X joker (any colour, for an
    exclamation mark), or Kids' purple cross."""
    uses_number_dice: ClassVar[bool] = True
    """Whether a roll has number dice (Kids has colour dice only)."""
    scores_rows: ClassVar[bool] = False
    """Whether completed rows score (Keer op Keer 2's P..V)."""
    colours_to_end: ClassVar[int] = COLOURS_TO_END
    """A player who has completed this many colours (Kids: animals) ends the game."""

    def __init__(self, sheet: Sheet, players: Sequence[str] | int,
                 options: Options | None = None, *, solo: bool = False) -> None:
        checked = checked_sheet(sheet, self.sheet_kind,
                                f"a {type(self).__name__} needs a {self.sheet_kind.__name__}")
        self.sheet = cast(ClassicSheet, checked)
        names = player_names(players)
        if type(solo) is not bool:
            raise KokTypeError(f"solo is True or False, not {solo!r}")
        if solo and len(names) != 1:
            raise BadArgumentError("a solo game has exactly one player")
        counts = self.player_counts
        if not solo and len(names) not in counts:
            raise BadArgumentError(f"a game of {self.title} has {counts.low} to "
                                   f"{counts.high} players, not {len(names)}")
        self.options = checked_options(options)
        self.solo = solo
        self.players: tuple[str, ...] = tuple(names)
        self.sheets = [self._new_sheet() for _ in names]
        self.colour_dice = 2 if solo else 3
        self.number_dice = 2 if solo else 3
        self.roll_limit = SOLO_ROLLS if solo else self.options.max_rolls
        self.log: list[RollLog] = []
        self.active = 0
        self.roll: Roll | None = None
        self.phase = Phase.ROLL
        self.end_triggered = False
        self._choices: dict[int, Choice | None] = {}
        self._taken_columns: frozenset[int] = frozenset()
        self._taken_colours: frozenset[str] = frozenset()
        self._faces = colour_faces(self.sheet)
        """The faces of a colour die (:func:`~kok_layouts.rules.dice.colour_faces`)."""

    def _new_sheet(self) -> PlayerSheet:
        new: PlayerSheet = self.player_type(self.sheet, self.options)
        return new

    def bot_choice(self, bot: Any, seat: int, rng: Any) -> Choice | None:
        """The choice of a bot that weighs moves (:class:`~kok_layouts.rules.weighing.
        WeighingBot`: greedy, strong, expert) for ``seat``: here it weighs colour-and-number
        moves and special actions (``bot.choose_by_dice``)."""
        choice: Choice | None = bot.choose_by_dice(self, seat, rng)
        return choice

    def __repr__(self) -> str:
        if self.phase is Phase.OVER:
            state = "over"
        elif self.phase is Phase.ROLL:
            state = f"{self.players[self.active]} to throw"
        else:
            waiting = ", ".join(self.players[s] for s in self.waiting_for())
            state = f"{self.roll!r}, waiting for {waiting}"
        return (f"<{type(self).__name__} {self.sheet.name}{' solo' if self.solo else ''}: "
                f"{', '.join(self.players)}; roll {self.rolls_done + 1}, {state}>")

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the game's position, for comparing states."""
        return (self.phase, self.active, self.rolls_done, self.roll, self.end_triggered,
                tuple(self._choices.items()), tuple(s.state_key() for s in self.sheets))

    def seat_of(self, seat: int | str) -> int:
        """The seat index of ``seat`` (an index or a player's name); refused if not in the
        game."""
        if isinstance(seat, str):
            if seat not in self.players:
                raise BadArgumentError(f"no player {seat!r}; the players are "
                                       f"{', '.join(self.players)}")
            return self.players.index(seat)
        if type(seat) is not int:
            raise KokTypeError(f"a seat is an index or a player's name, not "
                               f"{type(seat).__name__}")
        if not 0 <= seat < len(self.players):
            raise BadArgumentError(f"seat {seat} is not in this game (0 to "
                                   f"{len(self.players) - 1})")
        return seat

    # -- the chance step ---------------------------------------------------------------
    @property
    def rolls_done(self) -> int:
        return len(self.log)

    def throw(self, rng: np.random.Generator) -> Roll:
        """Throw the dice from ``rng`` and start the roll."""
        check_rng(rng)
        self._check_roll_phase()
        roll = throw_faces(self._faces, rng, self.colour_dice, self.number_dice)
        self._begin_roll(roll)
        return roll

    def set_roll(self, roll: Roll) -> None:
        """Start a roll with these faces (a replay, a test or a physical throw)."""
        if not isinstance(roll, Roll) or not isinstance(roll.colours, (tuple, list)) \
                or not isinstance(roll.numbers, (tuple, list)):
            raise KokTypeError(f"a roll is a Roll(colours=(...), numbers=(...)), not {roll!r}")
        self._check_roll_phase()
        roll = self._keyed(roll)
        self._check_roll(roll)
        self._begin_roll(roll)

    def _check_roll_phase(self) -> None:
        if self.phase is not Phase.ROLL:
            raise IllegalMoveError(f"cannot throw now: the game is in phase {self.phase.value}")

    def _begin_roll(self, roll: Roll) -> None:
        """Start the roll ``roll`` (checked by :meth:`set_roll`, or thrown by the rules)."""
        self.roll = roll
        self._choices = {}
        if not self.solo:
            self._remember_taken()
        self.phase = Phase.CHOOSE

    def _keyed(self, roll: Roll) -> Roll:
        """``roll`` with faces given by name (``"green"``, ``"joker"``, ``"?"``) turned into
        the keys the rules use; a face that is no face is left for :meth:`_check_roll`."""
        faces = colour_faces(self.sheet)

        def colour(face: Any) -> Any:
            if face in faces or not isinstance(face, str):
                return face
            try:
                return parse_colour_face(self.sheet, face)
            except KokError:
                return face

        def number(face: Any) -> Any:
            if type(face) is int:
                return face
            try:
                return parse_number_face(face)
            except KokError:
                return face

        keyed = Roll(tuple(colour(f) for f in roll.colours),
                     tuple(number(n) for n in roll.numbers), roll.special)
        return roll if keyed == roll else keyed

    def _check_roll(self, roll: Roll) -> None:
        try:
            check_roll(self.sheet, roll, self.colour_dice, self.number_dice)
        except (ValueError, TypeError) as err:
            raise IllegalMoveError(str(err)) from None

    def _remember_taken(self) -> None:
        """What was completed before this roll: completing it now scores the lower value."""
        self._taken_columns = frozenset(c for s in self.sheets for c in s.completed_columns())
        self._taken_colours = frozenset(k for s in self.sheets for k in s.completed_colours())

    @property
    def taken_columns(self) -> frozenset[int]:
        """The columns some player completed before the current roll: completing one now
        scores its later value (solo: none)."""
        return self._taken_columns

    @property
    def taken_colours(self) -> frozenset[str]:
        """The colours (keys) some player completed before the current roll."""
        return self._taken_colours

    @property
    def taken_rows(self) -> frozenset[int]:
        """The scoring rows some player completed before the current roll: their item goes
        to the first completers only (Keer op Keer 2; none in other editions)."""
        return frozenset()

    # -- who may take which dice -----------------------------------------------------
    def waiting_for(self) -> list[int]:
        """The seats whose choice the roll still needs (the active player first, alone)."""
        return [s for s in range(len(self.players)) if self._may_choose(s)]

    def _may_choose(self, seat: int) -> bool:
        """Whether ``seat`` may choose now: the active player first, then every seat that
        has not chosen in this roll."""
        if self.phase is not Phase.CHOOSE:
            return False
        if self.active not in self._choices:
            return seat == self.active
        return seat not in self._choices

    def dice_for(self, seat: int) -> tuple[list[int], list[int]]:
        """The colour and number dice (indices into the roll) ``seat`` may choose from."""
        seat = self.seat_of(seat)
        roll = self._current_roll()
        colours, numbers = list(range(len(roll.colours))), list(range(len(roll.numbers)))
        if seat == self.active or self.solo:
            return colours, numbers
        taken = self._choices.get(self.active)
        if taken is None or (self.options.first_three_rolls_open
                             and self.rolls_done < OPEN_ROLLS):
            return colours, numbers
        return ([i for i in colours if i != taken.colour_die],
                [i for i in numbers if i != taken.number_die])

    def special_for(self, seat: int) -> bool:
        """Whether ``seat`` may take the special die in the current roll (a game without
        one: never)."""
        return False

    def _current_roll(self) -> Roll:
        if self.roll is None or self.phase is not Phase.CHOOSE:
            raise IllegalMoveError("no roll is waiting for choices; throw the dice first")
        return self.roll

    def choices_for(self, seat: int) -> list[Choice]:
        """Every legal choice of ``seat`` for the current roll (passing is always allowed):
        the colour-and-number moves of :meth:`move_options`, then the special actions of
        :meth:`special_choices`."""
        width = self.sheet.width
        return ([Choice.of_option(option, width) for option in self.move_options(seat)]
                + self.special_choices(seat))

    def move_options(self, seat: int) -> list[MoveOption]:
        """The colour-and-number choices of :meth:`choices_for` (in its order) as plain
        tuples ``(colour_die, number_die, colour, number, cells, colour_joker,
        number_joker)``: the fast path for a bot that weighs many moves and makes a
        :class:`Choice` only of the one it takes (:meth:`Choice.of_option`)."""
        seat = self.seat_of(seat)
        roll = self._current_roll()
        player = self.sheets[seat]
        colour_keys = player.board.colour_keys
        marks_left = player.marks_left
        colours, numbers = self.dice_for(seat)
        house = player.options.number_joker_six
        seen: set[tuple[str, int]] = set()
        found: list[MoveOption] = []
        for ci in colours:
            colour_face = roll.colours[ci]
            colour_joker = colour_face == JOKER_COLOUR
            for ni in numbers:
                number_face = roll.numbers[ni]
                faces = (colour_face, number_face)
                if faces in seen:
                    continue
                seen.add(faces)
                number_joker = number_face == JOKER_NUMBER
                meanings = expansions(colour_face, number_face, colour_keys)
                if house:
                    meanings += tuple(player.house_faces(colour_face, number_face))
                for key, n, cost in meanings:
                    if cost > marks_left:
                        continue
                    found += [(ci, ni, key, n, mask, colour_joker, number_joker)
                              for mask in player.legal_masks(key, n)]
        return found

    def special_choices(self, seat: int) -> list[Choice]:
        """The choices of the special die ``seat`` may take in the current roll (Keer op
        Keer 2; none in a game without one)."""
        self.seat_of(seat)
        self._current_roll()
        return []

    def fill_bombs(self, seat: int, choice: Choice, pick: BombPicker) -> Choice:
        """``choice`` with the square of every bomb its rows' items give, each chosen by
        ``pick`` (Keer op Keer 2); in a game without bombs ``choice`` itself."""
        return choice

    def next_bomb_squares(self, seat: int, choice: Choice,
                          bombs: Sequence[int] = ()) -> list[int]:
        """Where the next bomb of ``choice`` may fall once ``bombs`` (cell masks, in
        order) have: the uncrossed parts of the 2 x 2 squares it may take, as cell masks.
        Empty when ``choice`` with ``bombs`` owes no more (a row's item gives a bomb at
        once in Keer op Keer 2, docs/rules.md section 2.5; never in other editions). The
        step by step form of :meth:`fill_bombs`, for a caller that asks for one square at
        a time (an environment)."""
        self._bomb_request(seat, choice, bombs)
        return []

    def bomb_squares(self, seat: int, choice: Choice,
                     bombs: Sequence[int] = ()) -> dict[str, int]:
        """Where the next bomb of ``choice`` may fall once ``bombs`` have, as a person names
        it: the top-left cell of each 2x2 square with an uncrossed cell, and those cells.
        Empty when ``choice`` with ``bombs`` owes no more (never a bomb in most editions;
        :class:`~kok_layouts.rules.turns.Turns` asks it for the bomb step)."""
        self._bomb_request(seat, choice, bombs)
        return {}

    def _bomb_request(self, seat: int, choice: Choice, bombs: Sequence[int],
                      ) -> tuple[int, list[int]]:
        """:meth:`next_bomb_squares`'s arguments checked: the seat index and the bombs."""
        index = self.seat_of(seat)
        if not isinstance(choice, Choice):
            raise KokTypeError(f"a choice is a Choice, not {type(choice).__name__}")
        if isinstance(bombs, str | bytes) or not isinstance(bombs, Sequence):
            raise KokTypeError(f"bombs are a list of cell masks, not {type(bombs).__name__}")
        for square in bombs:
            if type(square) is not int or square < 0:
                raise KokTypeError(f"a bomb is the cell mask of its square, not {square!r}")
        return index, list(bombs)

    def choice_for_cells(self, seat: int | str, cells: CellNames, *,
                         special: str | None = None) -> Choice:
        """The choice ``seat`` means by naming the cells to cross (``"H6 H7"``): the colour
        and the number follow from the cells, the dice from those ``seat`` may take, a
        joker die only when no plain die fits. ``special`` names a face of the Keer op
        Keer 2 special die instead (this game has none).

        Checked like :meth:`check_choice`, but for the bombs a row's item gives
        (:meth:`fill_bombs` asks for those); :class:`IllegalMoveError` says what does not
        fit.
        """
        roll, seat, mask = self._named_cells(seat, cells, special)
        player = self.sheets[seat]
        sheet = self.sheet
        keys = {sheet.cell_colours[c] for c in cells_of(mask)}
        if len(keys) != 1:
            raise IllegalMoveError("the cells have different colours; a move crosses one "
                                   "colour")
        key = keys.pop() or ""
        count = mask.bit_count()
        colours, numbers = self.dice_for(seat)
        colour_die = next((i for i in colours if roll.colours[i] == key), None)
        colour_joker = colour_die is None
        if colour_die is None:
            colour_die = next((i for i in colours if roll.colours[i] == JOKER_COLOUR), None)
        number_die = next((i for i in numbers if roll.numbers[i] == count), None)
        number_joker = number_die is None
        if number_die is None:
            number_die = next((i for i in numbers if roll.numbers[i] == JOKER_NUMBER), None)
        name = sheet.colour_by_key[key].name
        if colour_die is None:
            raise IllegalMoveError(f"no colour die you may take shows {name} or the X joker")
        if number_die is None:
            raise IllegalMoveError(f"no number die you may take shows {count} or the ? joker")
        choice = Choice(colour_die, number_die,
                        Move(key, count, mask, colour_joker, number_joker, sheet.width))
        player.check(self._check_dice(seat, roll, choice))
        return choice

    def _named_cells(self, seat: int | str, cells: CellNames,
                     special: str | None) -> tuple[Roll, int, int]:
        """What :meth:`choice_for_cells` starts from in every edition without a special
        die: the roll, ``seat``'s index once it may choose, and the mask of ``cells``."""
        roll = self._current_roll()
        index = self._check_turn(seat)
        if special is not None:
            raise IllegalMoveError(f"{special} is a face of the Keer op Keer 2 special die; "
                                   f"{self.sheet.name} has no special die")
        return roll, index, self._named_mask(self.sheets[index].board.parse_cells, cells)

    @staticmethod
    def _named_mask(parse: Callable[[list[str]], int], cells: CellNames) -> int:
        """The mask of ``cells`` (names) by ``parse``; :class:`IllegalMoveError` for none
        or a name that is no cell of the board."""
        try:
            names = cell_names(cells)
        except BadArgumentError as err:
            raise IllegalMoveError(str(err)) from None
        if not names:
            raise IllegalMoveError("name the cells to cross, like H6 H7")
        try:
            return parse(names)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None

    # -- choosing ----------------------------------------------------------------------
    def make_choice(self, colour_die: int, number_die: int, cells: Iterable[str],
                    colour: str | None = None) -> Choice:
        """The choice of crossing ``cells`` with these dice of the current roll.

        The colour and number come from the dice; for the X joker the colour is ``colour``
        (a name) or that of the cells, for the ? joker the number is the count of cells.
        Legality is checked when the choice is made (:meth:`choose`).
        """
        roll = self._current_roll()
        if type(colour_die) is not int or type(number_die) is not int:
            raise KokTypeError(f"dice are indices into the roll, not {colour_die!r} and "
                               f"{number_die!r}")
        if not (0 <= colour_die < len(roll.colours) and 0 <= number_die < len(roll.numbers)):
            raise IllegalMoveError(f"the roll has {len(roll.colours)} colour and "
                                   f"{len(roll.numbers)} number dice")
        board = self.sheets[0].board
        try:
            mask = board.parse_cells(cell_names(cells))
        except KokTypeError:
            raise
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        colour_face, number_face = roll.colours[colour_die], roll.numbers[number_die]
        if colour_face != JOKER_COLOUR:
            key = colour_face
        elif colour is not None:
            try:
                key = self.sheet.colour(colour).key
            except ValueError as err:
                raise IllegalMoveError(str(err)) from None
        else:
            first = mask.bit_length() - 1
            key = self.sheet.cell_colours[first] or "" if mask else board.colour_keys[0]
        number = mask.bit_count() if number_face == JOKER_NUMBER else number_face
        return Choice(colour_die, number_die, Move(key, number, mask, colour_face == JOKER_COLOUR,
                                                   number_face == JOKER_NUMBER, self.sheet.width))

    def check_choice(self, seat: int, choice: Choice | None, *, dry_run: bool = True) -> None:
        """Raise :class:`IllegalMoveError` if ``seat`` may not make ``choice`` now.
        (``dry_run=False``: leave out what only playing the choice on a copy tells, in an
        edition where that matters: Keer op Keer 2's bombs.)"""
        roll = self._current_roll()
        seat = self._check_turn(seat, choice)
        if choice is None:
            return
        self.sheets[seat].check(self._check_dice(seat, roll, choice))

    def _check_turn(self, seat: int | str, choice: object = None) -> int:
        """``seat`` may choose now: the active player first, everyone once. Also refuses a
        ``choice`` that is not a :class:`Choice` (or ``None``). Returns the seat index."""
        seat = self.seat_of(seat)
        if choice is not None and (not isinstance(choice, Choice)
                                   or type(choice.colour_die) is not int
                                   or type(choice.number_die) is not int):
            raise KokTypeError(f"a choice is a Choice(colour_die, number_die, move) or None "
                               f"to pass, not {choice!r}")
        if not self._may_choose(seat):
            if seat in self._choices:
                raise IllegalMoveError(f"{self.players[seat]} has already chosen in this roll")
            raise IllegalMoveError(f"the active player {self.players[self.active]} chooses "
                                   "first")
        return seat

    def _check_dice(self, seat: int, roll: Roll, choice: Choice) -> Move:
        """The dice of ``choice`` are available to ``seat`` and match its move, which is
        returned."""
        colours, numbers = self.dice_for(seat)
        if choice.colour_die not in colours or choice.number_die not in numbers:
            raise IllegalMoveError(
                f"{self.players[seat]} may not take colour die {choice.colour_die + 1} and "
                f"number die {choice.number_die + 1}: the active player took "
                "one of them (passive players choose from the dice left)")
        colour_face = roll.colours[choice.colour_die]
        number_face = roll.numbers[choice.number_die]
        move = choice.move
        if not isinstance(move, Move):
            raise IllegalMoveError("a colour and a number die cross a colour and number move")
        if colour_face == JOKER_COLOUR:
            if not move.colour_joker:
                raise IllegalMoveError("a colour taken with the X die is a joker move")
        elif move.colour_joker or move.colour != colour_face:
            name = self.sheet.colour_by_key[colour_face].name
            raise IllegalMoveError(f"the colour die shows {name}; the move must be {name}")
        if number_face == JOKER_NUMBER:
            if not move.number_joker:
                raise IllegalMoveError("a number taken with the ? die is a joker move")
        elif move.number_joker or move.number != number_face:
            raise IllegalMoveError(f"the number die shows {number_face}; the move must cross "
                                   f"{number_face} cells")
        return move

    def choose(self, seat: int, choice: Choice | None) -> None:
        """``seat`` takes ``choice`` (``None`` passes); the move is crossed at once."""
        self.check_choice(seat, choice)
        seat = self.seat_of(seat)
        if choice is not None:
            self._apply(seat, choice)
        self._count_pass(seat, choice, 1)
        self._choices[seat] = choice

    def _count_pass(self, seat: int, choice: Choice | None, step: int) -> None:
        """The house rule ``pass_penalty`` counts the rolls an active player passes."""
        if choice is None and seat == self.active:
            sheet: Any = self.sheets[seat]
            sheet.passes += step

    def _apply(self, seat: int, choice: Choice) -> None:
        # check_choice made sure the move is a Move.
        self.sheets[seat].push(cast(Move, choice.move), taken_columns=self._taken_columns,
                               taken_colours=self._taken_colours)

    def choice_in_roll(self, seat: int | str) -> Choice | None:
        """The choice ``seat`` made in the current roll (``None``: passed, or not chosen
        yet: :attr:`chosen` tells which)."""
        return self._choices.get(self.seat_of(seat))

    @property
    def chosen(self) -> tuple[int, ...]:
        """The seats that have chosen in the current roll, in the order they chose."""
        return tuple(self._choices)

    def undo(self) -> tuple[int, Choice | None]:
        """Take back the last choice of the current roll (before :meth:`finish_roll`):
        returns its seat and choice; that seat chooses again. The choices of a roll are
        taken back last first, so the dice others could take stay consistent."""
        self._current_roll()
        if not self._choices:
            raise IllegalMoveError("no choice to take back in this roll")
        seat = next(reversed(self._choices))
        choice = self._choices.pop(seat)
        if choice is not None:
            self.sheets[seat].pop()
        self._count_pass(seat, choice, -1)
        return seat, choice

    def finish_roll(self) -> RollLog:
        """Close the roll once everyone has chosen: log it, check the end, pass the dice."""
        roll = self._current_roll()
        missing = self.waiting_for()
        if missing:
            raise IllegalMoveError(f"{self.players[missing[0]]} has not chosen yet")
        entry = RollLog(self.active, roll,
                        tuple(self._choices[s] for s in range(len(self.players))))
        self.log.append(entry)
        self.roll = None
        if any(len(s.completed_colours()) >= self.colours_to_end for s in self.sheets):
            self.end_triggered = True
        last_of_round = self.active == len(self.players) - 1
        finished = self.end_triggered and (self.solo or self.options.end == "roll"
                                           or last_of_round)
        out_of_rolls = self.roll_limit is not None and self.rolls_done >= self.roll_limit
        if finished or out_of_rolls:
            self.phase = Phase.OVER
        else:
            self.phase = Phase.ROLL
        self.active = (self.active + 1) % len(self.players)
        return entry

    def play_roll(self, entry: RollLog) -> RollLog:
        """Play a logged roll again on this game (another game's ``log``, or a record's):
        its dice, every seat's choice in the order the rules ask for them, then the end
        of the roll. Refused like the same calls by hand (:class:`IllegalMoveError`) when
        this game is elsewhere, so a log replays only from the position it was made in."""
        if not isinstance(entry, RollLog):
            raise KokTypeError(f"play a RollLog (from a game's log), not "
                               f"{type(entry).__name__}")
        if len(entry.choices) != len(self.players):
            raise IllegalMoveError(f"the roll has choices for {len(entry.choices)} players; "
                                   f"this game has {len(self.players)}")
        from kok_layouts.rules.turns import Turns

        return Turns(self).replay_roll(entry)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    # -- results -----------------------------------------------------------------------
    def scores(self) -> list[Score]:
        return [s.score() for s in self.sheets]

    def winner_seats(self) -> list[int]:
        """The winning seats: highest total, then most marks left; still tied, all share."""
        return winning_seats([score.total for score in self.scores()],
                             [sheet.marks_left for sheet in self.sheets])

    def winners(self) -> list[str]:
        """The winners' names, in seat order (:meth:`winner_seats` gives their seats)."""
        return [self.players[seat] for seat in self.winner_seats()]


def winning_seats(totals: Sequence[int], marks_left: Sequence[int]) -> list[int]:
    """The winners of the classic game by seat: the highest total, then the most marks
    left; still tied, all share (docs/rules.md)."""
    ranked = list(zip(totals, marks_left, strict=True))
    best = max(ranked)
    return [seat for seat, key in enumerate(ranked) if key == best]


def new_game(sheet: Sheet, players: Sequence[str] | int, options: Options | None = None, *,
             solo: bool = False) -> Game:
    """A game of the sheet's edition (``Game``, ``Kok2Game``, ``KidsGame`` or a registered
    one's: :func:`kok_layouts.rules.kinds.game_type_of`)."""
    from kok_layouts.rules.kinds import game_type_of

    return game_type_of(sheet)(sheet, players, options, solo=solo)


SOLO_BANDS: tuple[str, ...] = ("below 0", "0", *(f"{lo}-{lo + 3}" for lo in range(1, 41, 4)),
                               "above 40")


def solo_band(total: int) -> str:
    """The rating band of the printed solo table: below 0, 0, 1-4, 5-8, ..., 37-40, above 40."""
    if total < 0:
        return SOLO_BANDS[0]
    if total == 0:
        return SOLO_BANDS[1]
    if total > 40:
        return SOLO_BANDS[-1]
    return SOLO_BANDS[2 + (total - 1) // 4]
