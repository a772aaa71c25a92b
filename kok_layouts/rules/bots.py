"""Bots behind one small protocol: given the game and a seat, pick a choice or pass.

``RandomBot`` picks any legal choice; ``GreedyBot`` weighs each choice by what it earns
now and how far it brings columns, colours and (Keer op Keer 2) rows, spends jokers and
boxes only when they pay, takes hearts while many columns are still to come, and crosses
stars before they cost points.

A bot that weighs moves asks the game how (``game.bot_choice``, its edition's):
a Kids move crosses a whole enclosure with a die alone, every other edition's move a
colour and a number (:class:`WeighingBot`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.kok2 import Kok2PlayerSheet
from kok_layouts.rules.learned import LearnedBot
from kok_layouts.rules.levels import LEVEL_BOTS
from kok_layouts.rules.strong import ExpertBot, StrongBot
from kok_layouts.rules.turns import Turns
from kok_layouts.rules.weighing import WeighingBot

if TYPE_CHECKING:
    from kok_layouts.rules.engine.greedy import Greedy


@runtime_checkable
class Strategy(Protocol):
    """Anything that can play a seat: a bot, a network player, a person at a terminal."""

    name: str

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The choice of ``seat`` in the current roll; ``None`` passes."""
        ...


class RandomBot:
    """Any legal choice, uniformly; passes only when nothing is legal."""

    name = "random"

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        choices = game.choices_for(seat)
        if not choices:
            return None
        choice = choices[int(rng.integers(len(choices)))]

        def pick(sheet: Kok2PlayerSheet, options: list[int]) -> int:
            return options[int(rng.integers(len(options)))]

        return game.fill_bombs(seat, choice, pick)


class GreedyBot(WeighingBot):
    """One-move lookahead with a progress heuristic; a fair opponent for a casual player.

    Weights: the points a move earns now (columns, colours, rows, hearts under completed
    columns, stars avoided), plus progress toward a column, colour or row, growing with
    the square (``power``) of its filled share so the bot finishes what it starts, a little
    for each cell crossed and for each new cell it can reach next (``reach``). Each joker
    costs its mark plus a premium early in the game; a special action costs its box; a
    heart is worth the columns still likely to be completed after it.
    """

    name = "greedy"

    def __repr__(self) -> str:
        defaults = GreedyBot.__init__.__kwdefaults__ or {}
        changed = ", ".join(f"{key}={getattr(self, key)!r}" for key, value in defaults.items()
                            if getattr(self, key) != value)
        return f"{type(self).__name__}({changed})"

    def __init__(self, *, progress: float = 1.0, joker_premium: float = 2.5,
                 pass_below: float = 0.0, cell_weight: float = 0.15,
                 reach: float = 0.1, power: float = 2.0) -> None:
        self.progress = progress
        self.joker_premium = joker_premium
        self.pass_below = pass_below
        self.cell_weight = cell_weight
        self.reach = reach
        self.power = power

    def _engine_weights(self) -> Greedy:
        """The weights as the engine's greedy kernels read them."""
        from kok_layouts.rules.engine.greedy import Greedy

        return Greedy(self.progress, self.joker_premium, self.pass_below, self.cell_weight,
                      self.reach, self.power)

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The classic and Keer op Keer 2 choice: the best move (or special action, with
        the best squares for the bombs its rows give) by the weights above, or a pass when
        none is worth more than ``pass_below`` (decided in the engine)."""
        from kok_layouts.rules.engine.live import decide_greedy

        return decide_greedy(game, seat, self._engine_weights())

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the choice earning the most circles now plus progress toward columns and
        animals (decided in the engine); a player who can cross something must."""
        from kok_layouts.rules.engine.live import decide_greedy

        return decide_greedy(game, seat, self._engine_weights())


class FriendlyBot:
    """Plays like the greedy bot with probability ``skill`` and like the random bot
    otherwise: a fair game for a young child, who wins now and then."""

    name = "friendly"

    def __repr__(self) -> str:
        return f"FriendlyBot(skill={self.skill!r})"

    def __init__(self, skill: float = 0.1) -> None:
        if not 0.0 <= skill <= 1.0:
            raise BadArgumentError(f"skill is {skill}; use 0 to 1")
        self.skill = skill
        self._greedy = GreedyBot()
        self._random = RandomBot()

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        if rng.random() < self.skill:
            return self._greedy.choose(game, seat, rng)
        return self._random.choose(game, seat, rng)


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[FriendlyBot] | type[StrongBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "friendly": FriendlyBot}
BOTS["strong"] = StrongBot
BOTS["expert"] = ExpertBot
BOTS["learned"] = LearnedBot
BOTS.update({bot.name: bot for bot in LEVEL_BOTS.values()})
"""The bots by name: ``random``, ``greedy``, ``friendly``, ``strong``, ``expert``,
``learned`` and the levels for people, ``level-1`` to ``level-5``
(:mod:`kok_layouts.rules.levels`)."""


def make_bot(name: str) -> Strategy:
    """A bot by name (``random``, ``greedy``, ...); :class:`BadArgumentError` (a
    ``ValueError``) listing the known names."""
    try:
        return BOTS[name]()
    except (KeyError, TypeError):
        raise BadArgumentError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


def play_game(game: Game, strategies: Sequence[Strategy], rng: np.random.Generator,
              after_roll: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to its end, each seat choosing with its strategy; returns the game.

    ``after_roll`` is called after every finished roll (to follow the game as it goes).
    """
    if len(strategies) != len(game.players):
        raise BadArgumentError(f"{len(game.players)} players need {len(game.players)} "
                               "strategies")
    return Turns(game, rng).play(strategies, after_roll=after_roll)
