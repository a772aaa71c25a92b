"""One game driven by action numbers: the rules' game flow under both environments.

The driver plays through the rules' one turn driver (:class:`~kok_layouts.rules.turns.
Turns`): it throws the dice (the chance step, from the generator the environment was reset
with), asks the rules for the legal choices of the player whose turn it is, maps them onto
the fixed action space (:mod:`kok_layouts.env.actions`) and plays the chosen one. A Keer op
Keer 2 choice that completes a row with a bomb as its item is followed by the turns' bomb
step: one more action of the same player per bomb, where to place it (docs/rules.md section
2.5).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import replace

import gymnasium
import numpy as np

from kok_layouts import limits
from kok_layouts.editions import edition_of
from kok_layouts.env.actions import (
    K_ROW_BOMB,
    ActionTable,
    action_table,
    as_mask,
    bomb_squares,
    legal_choices,
)
from kok_layouts.env.observe import SCORE_BOUND
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError, shown, shown_repr
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules import Choice, Game, Options, new_game
from kok_layouts.rules.turns import BombStep, Turns


class ResetNeededError(KokError, gymnasium.error.ResetNeeded):
    """An environment used out of Gymnasium's order: a step (or an observation) before the
    first ``reset``, or a step after the episode ended. Both the project's error and
    Gymnasium's own ``ResetNeeded``, so either ``except`` catches it."""


def sheet_of(layout: object) -> Sheet:
    """A layout's sheet from a built-in name, a file path or a sheet itself."""
    if isinstance(layout, Sheet):
        return layout
    if isinstance(layout, os.PathLike):
        layout = os.fspath(layout)
    if not isinstance(layout, str):
        raise KokTypeError(f"a layout is a name like 'black', a path or a sheet, not "
                           f"{type(layout).__name__}")
    return load_layout(layout)


def checked_action(action: object, size: int) -> int:
    """``action`` as an index of the action space of ``size`` actions: a whole number
    (numpy's too), never a float, text or bool read as one."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int:
        raise KokTypeError(f"an action is a whole number, not {type(action).__name__} "
                           f"{shown_repr(action, 40)}")
    if not 0 <= action < size:
        raise BadArgumentError(f"an action is 0 to {size - 1}, not {shown_repr(action, 40)}")
    return action


def checked_seed(seed: object) -> int | None:
    """A ``reset`` seed: ``None`` or a whole number of :data:`kok_layouts.limits.SEED`."""
    if seed is None:
        return None
    if isinstance(seed, np.integer):
        seed = int(seed)
    return limits.SEED.check(seed, "a reset's seed")


def checked_reward(value: object) -> float:
    """``illegal_reward``: a finite number."""
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer
                                                 | np.floating):
        raise KokTypeError(f"illegal_reward is a number, not {type(value).__name__}")
    try:
        reward = float(value)
    except OverflowError:  # a whole number beyond any float
        reward = math.inf
    if not np.isfinite(reward):
        raise BadArgumentError(f"illegal_reward is a finite number, not {reward}")
    return reward


class Driver:
    """A game of ``players`` seats on ``layout`` (solo: one seat, the solo rules)."""

    def __init__(self, layout: object, players: int, options: Options | None = None, *,
                 solo: bool = False) -> None:
        self.sheet = sheet_of(layout)
        if isinstance(players, np.integer):
            players = int(players)
        if type(players) is not int:
            raise KokTypeError(f"players is a whole number of seats, not "
                               f"{type(players).__name__}")
        if options is not None and not isinstance(options, Options):
            raise KokTypeError(f"options are Options, not {type(options).__name__}")
        if options is not None and options.number_joker_six:
            raise BadArgumentError("the environments' actions cross 1 to 5 cells: the house "
                                   "rule number_joker_six (a ? as six) is not played there")
        self.capped = not solo and (options is None or options.max_rolls is None)
        """Whether the game ends after limits.GAME_ROLLS rolls by this driver's cap (a
        truncation), not by a rule the options name."""
        if self.capped:
            # As kok simulate: a game of passes ends after limits.GAME_ROLLS rolls.
            options = replace(options or Options(), max_rolls=limits.GAME_ROLLS)
        # Made once here, so that a bad player count or options fail at construction.
        self.game: Game = new_game(self.sheet, players, options, solo=solo)
        rolls = self.game.roll_limit or limits.GAME_ROLLS
        stars = getattr(self.game.sheets[0], "star_penalty", 0) * len(self.sheet.stars)
        passes = self.game.options.pass_penalty * rolls
        if rolls > SCORE_BOUND or stars + passes > SCORE_BOUND:
            raise BadArgumentError(
                f"{shown(self.sheet.name, 40)}: {rolls:,} rolls, stars that can cost "
                f"{stars:,} points and passes {passes:,}: beyond the +-{SCORE_BOUND:,} an "
                "observation holds")
        self.options = options
        self.solo = solo
        self.players = players
        self.table: ActionTable = action_table(self.sheet, self.game.options)
        self.rng = np.random.default_rng()
        self.roller: Callable[[Game], None] | None = None
        self.turns = Turns(self.game, self.rng)
        self._pending: BombStep | None = None
        self._legal: dict[int, object] | None = None
        self.started = False
        """Whether :meth:`start` has dealt a game: before it there is no seeded game to
        play or to observe."""

    def require_start(self, what: str) -> None:
        """:class:`ResetNeededError` when ``what`` (``"step()"``, ``"observe()"``, ...)
        comes before the first reset."""
        if not self.started:
            raise ResetNeededError(f"{what} before reset(): call reset() first, as "
                                   "Gymnasium's order asks")

    def require_play(self) -> None:
        """:class:`ResetNeededError` when a step comes before the first reset or after the
        game ended."""
        self.require_start("step()")
        if self.over:
            raise ResetNeededError("step() after the episode ended: call reset() for a new "
                                   "game, as Gymnasium's order asks")

    def start(self, rng: np.random.Generator,
              roller: Callable[[Game], None] | None = None) -> None:
        """A new game, its first roll thrown from ``rng``; ``roller``, if given, sets every
        roll instead (``game.set_roll(...)``: a replay, or another engine's dice)."""
        self.game = new_game(self.sheet, self.players, self.options, solo=self.solo)
        self.rng = rng
        self.turns = Turns(self.game, rng)
        self.roller = roller
        self._pending = None
        self._legal = None
        self.started = True
        self._throw()

    def _throw(self) -> None:
        if self.roller is None:
            self.turns.throw()
        else:
            self.roller(self.game)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def seat(self) -> int | None:
        """The seat whose action the game needs now (``None`` once it is over)."""
        if self._pending is not None:
            return self._pending.seat
        waiting = self.game.waiting_for()
        return waiting[0] if waiting else None

    @property
    def bombs_owed(self) -> int:
        """1 while the player places a bomb a row's item gave, else 0."""
        return int(self._pending is not None)

    @property
    def pending_crossed(self) -> int | None:
        """While a bomb is placed: the player's crosses with the choice (and the bombs so
        far) made, which the rules cross once the last bomb is placed."""
        return None if self._pending is None else self._pending.crossed

    def legal(self) -> dict[int, object]:
        """The legal actions of :attr:`seat`: each with its choice (``None`` passes) or,
        while a bomb is placed, the cells it crosses."""
        if self._legal is None:
            seat = self.seat
            if seat is None:
                self._legal = {}
            elif self._pending is not None:
                squares = bomb_squares(self.table, self._pending.crossed, K_ROW_BOMB)
                self._legal = {a: part for part, actions in squares.items() for a in actions}
            else:
                self._legal = dict(legal_choices(self.table, self.game, seat))
        return self._legal

    def mask(self) -> np.ndarray:
        """:meth:`legal` as a 0/1 vector over the action space."""
        return as_mask(self.table, self.legal())

    def score(self, seat: int) -> int:
        return int(self.game.sheets[seat].score().total)

    def play(self, action: int) -> bool:
        """Play ``action`` for :attr:`seat`; ``False`` (and nothing changes) if it is not
        legal now. :class:`ResetNeededError` before the first :meth:`start` or once the
        game is over."""
        self.require_play()
        legal = self.legal()
        seat = self.seat
        if seat is None or action not in legal:
            return False
        self._legal = None
        if self._pending is not None:
            part = legal[action]
            assert isinstance(part, int)
            self._pending = self.turns.bomb(seat, part)
        else:
            choice = legal[action]
            assert choice is None or isinstance(choice, Choice)
            self._pending = self.turns.choose(seat, choice)
        if self._pending is None:
            self._after_choice()
        return True

    def _after_choice(self) -> None:
        """Close the roll once everyone chose, and throw the next one."""
        if not self.game.waiting_for():
            self.turns.finish_roll()
            if not self.game.over:
                self._throw()

    def describe(self) -> str:
        """The game as text: every player's sheet and the roll."""
        game = self.game
        parts = [f"{game!r}"]
        for name, player in zip(game.players, game.sheets, strict=True):
            parts.append(f"{name}:\n{player}")
        if game.roll is not None:
            parts.append(f"roll: {game.roll.describe(self.sheet)}")
        return "\n".join(parts)


def edition_players(layout: object) -> tuple[int, int]:
    """The fewest and most players a game of the layout's edition has."""
    bounds = edition_of(sheet_of(layout)).players
    return bounds.low, bounds.high
