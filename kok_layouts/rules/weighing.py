"""The base of the bots that weigh moves (greedy, strong, expert): what a move is depends on
the edition, so the edition picks how such a bot chooses.

In the classic game and Keer op Keer 2 a move is a colour die and a number die (or the
special die) crossing cells: :meth:`WeighingBot.choose_by_dice`. In Kids a move crosses a
whole enclosure with a die alone and must be made if it can: :meth:`choose_enclosure`.
The game's ``bot_choice`` calls one of them (:meth:`kok_layouts.rules.game.Game.bot_choice`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from kok_layouts.rules.game import Choice, Game
    from kok_layouts.rules.kids import KidsGame


class WeighingBot:
    """A bot that values each legal choice and takes the best."""

    name: str

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The choice of ``seat`` in the current roll; ``None`` passes."""
        choice: Choice | None = game.bot_choice(self, seat, rng)
        return choice

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The choice among colour-and-number moves and special actions (classic, Keer op
        Keer 2)."""
        raise NotImplementedError

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """The choice among whole enclosures (Kids)."""
        raise NotImplementedError
