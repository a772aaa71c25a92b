"""One game's turns: what the game waits for, and the acts that move it on.

Every way of playing goes through this driver: bot games and simulations, record replay,
the learned bot's training, the environments, ``kok play`` at the terminal and ``kok
table`` on the phones. A roll goes:

1. :attr:`Step.THROW`: the active player's dice are thrown (:meth:`Turns.throw`: from the
   driver's generator, or the faces of real dice, or a recorded roll);
2. :attr:`Step.CHOOSE`: the active player chooses first, then every passive player
   (:meth:`Turns.choose`; ``None`` passes);
3. :attr:`Step.BOMB`: a follow-up step of a choice: in Keer op Keer 2 a row's item gives a
   bomb at once, and the player names the top-left cell of its 2x2 square
   (:meth:`Turns.bomb`) before the choice is made (docs/rules.md section 2.5);
4. :attr:`Step.FINISH`: everyone chose, and :meth:`Turns.finish_roll` ends the roll (a
   table may wait until every person says they are done);
5. :attr:`Step.OVER` once the game's end rule says so.

A step is a value the caller can show and answer at its own pace (a phone taps a square, a
terminal asks for a cell, an environment offers actions); nothing is asked through a
callback. Bots answer whole rolls (:meth:`Turns.play_roll`, :meth:`Turns.play`): a bot's
choice comes with the squares of its bombs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

import numpy as np

from kok_layouts.errors import IllegalMoveError, KokTypeError, shown
from kok_layouts.rules.dice import Roll
from kok_layouts.rules.game import Choice, Game, RollLog, check_rng


class Step(Enum):
    """What a game waits for."""

    THROW = "throw"
    CHOOSE = "choose"
    BOMB = "bomb"
    FINISH = "finish"
    OVER = "over"


@dataclass(frozen=True)
class BombStep:
    """A choice that owes the square of a bomb before it is made."""

    seat: int
    choice: Choice
    """The choice, with the bombs placed before this one (``choice.bombs``)."""
    squares: Mapping[str, int]
    """Where this bomb may fall: the top-left cell of every 2x2 square with an uncrossed
    cell, and the cells it crosses."""
    crossed: int
    """The player's crosses as they are when this bomb falls: the choice's move and the
    bombs before it crossed."""


class Chooser(Protocol):
    """A bot: its whole choice of a roll, bombs included."""

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None: ...


class Turns:
    """The driver of one game (see the module's text)."""

    def __init__(self, game: Game, rng: np.random.Generator | None = None) -> None:
        if not isinstance(game, Game):
            raise KokTypeError(f"the turns of a Game, not of {type(game).__name__}")
        if rng is not None:
            check_rng(rng)
        self.game = game
        self.rng = rng
        """Where virtual dice (and, unless told otherwise, the bots) draw from."""
        self._bombs: dict[int, BombStep] = {}

    def __repr__(self) -> str:
        return f"<Turns {self.step.value}: {self.game!r}>"

    # -- what the game waits for ------------------------------------------------------
    @property
    def step(self) -> Step:
        game = self.game
        if game.over:
            return Step.OVER
        if game.roll is None:
            return Step.THROW
        if self._bombs:
            return Step.BOMB
        return Step.CHOOSE if game.waiting_for() else Step.FINISH

    def waiting(self) -> list[int]:
        """The seats that may choose now (a seat placing a bomb among them)."""
        return [] if self.game.roll is None else self.game.waiting_for()

    def bomb_step(self, seat: int | str) -> BombStep | None:
        """The bomb ``seat`` is placing, if any."""
        return self._bombs.get(self.game.seat_of(seat))

    # -- the acts ---------------------------------------------------------------------
    def throw(self, roll: Roll | None = None) -> Roll:
        """Throw the active player's dice: from the driver's generator, or ``roll`` (real
        dice, a record, another engine's dice)."""
        if roll is not None:
            self.game.set_roll(roll)
            return roll
        if self.rng is None:
            raise IllegalMoveError("these turns have no generator to throw virtual dice; "
                                   "give the roll")
        return self.game.throw(self.rng)

    def choose(self, seat: int | str, choice: Choice | None) -> BombStep | None:
        """``seat`` takes ``choice`` (``None`` passes). A choice whose move earns a bomb
        that ``choice.bombs`` does not place yet is not made: its :class:`BombStep` is
        returned, and :meth:`bomb` places the bomb. A seat placing a bomb may choose again
        instead."""
        index = self.game.seat_of(seat)
        self._bombs.pop(index, None)
        if choice is not None and self._may_owe_bombs(index, choice):
            self.game.check_choice(index, choice, dry_run=False)
            step = self._next_bomb(index, choice)
            if step is not None:
                return step
        self.game.choose(index, choice)
        return None

    def bomb(self, seat: int | str, square: str | int) -> BombStep | None:
        """Place the bomb ``seat`` owes: ``square`` names the top-left cell of its 2x2
        square (``C3``), or is the cells it crosses (a value of :attr:`BombStep.squares`).
        Returns the next bomb's step, or ``None`` once the choice is made."""
        index = self.game.seat_of(seat)
        step = self._bombs.get(index)
        if step is None:
            raise IllegalMoveError(f"{self.game.players[index]} has no bomb to place")
        part = self._square(step, square)
        del self._bombs[index]
        choice = replace(step.choice, bombs=(*step.choice.bombs, part))
        following = self._next_bomb(index, choice)
        if following is None:
            self.game.choose(index, choice)
        return following

    def drop_bomb(self, seat: int | str) -> None:
        """Take back a choice whose bomb is still to be placed (nothing was crossed)."""
        self._bombs.pop(self.game.seat_of(seat), None)

    def finish_roll(self) -> RollLog:
        """End the roll once everyone has chosen."""
        if self._bombs:
            seat = next(iter(self._bombs))
            raise IllegalMoveError(f"{self.game.players[seat]} has not placed their bomb yet")
        return self.game.finish_roll()

    def replay_roll(self, entry: RollLog) -> RollLog:
        """Play a logged roll again: its dice, every seat's choice in the order the rules
        ask for them, then the end of the roll (:meth:`Game.play_roll`)."""
        self.throw(entry.roll)
        while waiting := self.game.waiting_for():
            for seat in waiting:
                if self.choose(seat, entry.choices[seat]) is not None:
                    self._bombs.pop(seat, None)
                    raise IllegalMoveError(f"the logged choice of {self.game.players[seat]} "
                                           "leaves a bomb unplaced")
        return self.finish_roll()

    # -- bots -------------------------------------------------------------------------
    def let_choose(self, seat: int, bot: Chooser,
                   rng: np.random.Generator | None = None) -> Choice | None:
        """``bot``'s choice for ``seat``, made; returned."""
        choice = bot.choose(self.game, seat, self._rng(rng))
        if self.choose(seat, choice) is not None:
            self._bombs.pop(seat, None)
            raise IllegalMoveError(f"the bot of {self.game.players[seat]} left a bomb of its "
                                   "move unplaced")
        return choice

    def play_roll(self, bots: Sequence[Chooser] | Mapping[int, Chooser],
                  rng: np.random.Generator | None = None) -> RollLog:
        """Throw (unless thrown), let every seat's bot choose, and finish the roll."""
        if self.game.roll is None:
            self.throw()
        while waiting := self.game.waiting_for():
            for seat in waiting:
                self.let_choose(seat, bots[seat], rng)
        return self.finish_roll()

    def play(self, bots: Sequence[Chooser], rng: np.random.Generator | None = None,
             after_roll: Callable[[Game], None] | None = None) -> Game:
        """Play the game to its end, each seat choosing with its bot; ``after_roll`` is
        called after every finished roll. Returns the game."""
        while not self.game.over:
            self.play_roll(bots, rng)
            if after_roll is not None:
                after_roll(self.game)
        return self.game

    # -- inside -----------------------------------------------------------------------
    def _rng(self, rng: np.random.Generator | None) -> np.random.Generator:
        chosen = rng if rng is not None else self.rng
        if chosen is None:
            raise IllegalMoveError("a bot needs a generator to choose with")
        return chosen

    def _may_owe_bombs(self, seat: int, choice: Choice) -> bool:
        """Whether ``choice`` may earn a bomb it does not place (a cheap test first: a move
        that completes no row with a bomb owes none)."""
        if not isinstance(choice, Choice):
            return False           # game.choose refuses it in one line
        player = self.game.sheets[seat]
        try:
            owed = player.bombs_owed(choice.move, self.game.taken_rows)
        except (AttributeError, TypeError):
            return False           # not a move of this game: game.choose says why
        return bool(owed)

    def _next_bomb(self, seat: int, choice: Choice) -> BombStep | None:
        squares = self.game.bomb_squares(seat, choice, choice.bombs)
        if not squares:
            return None
        crossed = self.game.sheets[seat].crossed | choice.move.cells
        for part in choice.bombs:
            crossed |= part
        step = BombStep(seat, choice, squares, crossed)
        self._bombs[seat] = step
        return step

    def _square(self, step: BombStep, square: str | int) -> int:
        if isinstance(square, str):
            sheet = self.game.sheet
            try:
                name = sheet.cell_name(sheet.geometry.parse(square))
            except ValueError as err:
                raise IllegalMoveError(str(err)) from None
            part = step.squares.get(name)
            if part is None:
                raise IllegalMoveError(f"no 2x2 square with an uncrossed cell has its top-left "
                                       f"cell at {shown(name, 10)}; name one of "
                                       f"{', '.join(step.squares)}")
            return part
        if type(square) is not int:
            raise KokTypeError(f"a bomb's square is a cell name like 'C3' or its cells' mask, "
                               f"not {type(square).__name__}")
        if square not in step.squares.values():
            raise IllegalMoveError("those cells are not the uncrossed part of a 2x2 square")
        return square
