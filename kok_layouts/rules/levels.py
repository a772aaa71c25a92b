"""Bots of five strengths for people: ``level-1`` to ``level-5``.

A level bot weighs every move of a roll as the strong bot does (in the engine,
:func:`kok_layouts.rules.engine.strong.decide`: the value of the position after the move,
relative to leaving the sheet as it is), then draws its move at random with the odds of a
softmax over those values: ``exp(value / temperature)``, passing among them (worth minus the
strong bot's ``pass_cost``; Kids has no passing while a move is legal). A low temperature
plays nearly as the strong bot, a high one nearly at random among the legal moves, and the
odds always favour the better moves, as a person's do. The draws come from the ``rng`` the
game hands its strategies, so a seeded game is the same game every time.

The temperatures of levels 1 to 4 were calibrated on the black pad
(``benchmarks/calibrate_levels.py``: the solo mean of seeded games against the temperature,
bisected) so that their solo means fall in the middle of four consecutive bands of the
rulebook's solo table (5-8, 9-12, 13-16, 17-20); ``level-5`` is the strongest bot,
``ExpertBot``, in the band 21-24: its mean, 24.5, is at the band's top (a band of whole
scores ``a``-``b`` holds the means from ``a`` up to ``b + 1``: 24.5 is not yet a 25). Five
levels rising to the strongest bot, rather than a weakened expert inside 21-24 or every
level a band up with the expert short of 25-28. :data:`LEVEL_MEANS` records what was
measured.
"""

from __future__ import annotations

import math
from typing import ClassVar

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.strong import (
    ExpertBot,
    StrongBot,
    StrongWeights,
    edition_of,
    valued_choices,
)

LEVEL_BANDS: dict[int, tuple[int, int]] = {1: (5, 8), 2: (9, 12), 3: (13, 16), 4: (17, 20),
                                           5: (21, 24)}
"""Per level the band of the rulebook's solo table its solo mean on the black pad falls in."""

LEVEL_TEMPERATURES: dict[int, float] = {1: 0.743, 2: 0.6079, 3: 0.4673, 4: 0.2953}
"""Per level below the strongest its softmax temperature (points of the strong bot's value),
calibrated by ``benchmarks/calibrate_levels.py``."""

LEVEL_MEANS: dict[int, float] = {1: 6.52, 2: 10.63, 3: 14.35, 4: 18.31, 5: 24.52}
"""Per level the solo mean on black over 300 fresh games of the calibration (seeds
``[38, i]``; 95% intervals about +-0.7; ``--games 300 --seed 37``, 2026-12-05; level 5
measured again on the same games when the expert's search changed, issue 37)."""


class LevelBot(StrongBot):
    """A bot of one of the levels 1 to 4 (see the module docstring); ``temperature``: its
    own softmax temperature instead of the level's (a calibration's trial)."""

    name = "level"
    level: ClassVar[int] = 0

    def __init__(self, temperature: float | None = None, *,
                 weights: dict[str, StrongWeights] | StrongWeights | None = None) -> None:
        super().__init__(weights)
        if temperature is None:
            temperature = LEVEL_TEMPERATURES.get(self.level)
            if temperature is None:
                raise BadArgumentError("a LevelBot plays at a temperature: name one, or take "
                                       "Level1Bot to Level4Bot")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) or \
                not math.isfinite(temperature) or not 0.0 < temperature <= 1000.0:
            raise BadArgumentError(f"temperature is {temperature!r}; use a number above 0 "
                                   "and at most 1000")
        self.temperature = float(temperature)

    def __repr__(self) -> str:
        if self.temperature == LEVEL_TEMPERATURES.get(self.level):
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}(temperature={self.temperature!r})"

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        return self._drawn(game, seat, rng)

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        return self._drawn(game, seat, rng)

    def _drawn(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """A move drawn with the softmax odds of the strong bot's values
        (:func:`~kok_layouts.rules.strong.valued_choices`)."""
        best_choice, valued = valued_choices(game, seat, self.weights[edition_of(game)])
        kept = [(value, choice) for choice, value in valued if math.isfinite(value)]
        if not kept:
            return best_choice
        best = max(value for value, _ in kept)
        odds = np.array([math.exp((value - best) / self.temperature) for value, _ in kept])
        drawn = kept[int(rng.choice(len(kept), p=odds / odds.sum()))][1]
        if drawn is None:
            return drawn
        if best_choice is not None and drawn.move == best_choice.move:
            return best_choice  # (its bombs placed as the strong bot places them)
        fill_bombs = getattr(game, "fill_bombs", None)  # (an edition with bombs)
        if fill_bombs is None:
            return drawn
        filled: Choice = fill_bombs(seat, drawn, lambda probe, squares: squares[0])
        return filled


class Level1Bot(LevelBot):
    """Solo on black in the band 5-8."""

    name = "level-1"
    level = 1


class Level2Bot(LevelBot):
    """Solo on black in the band 9-12."""

    name = "level-2"
    level = 2


class Level3Bot(LevelBot):
    """Solo on black in the band 13-16."""

    name = "level-3"
    level = 3


class Level4Bot(LevelBot):
    """Solo on black in the band 17-20."""

    name = "level-4"
    level = 4


class Level5Bot(ExpertBot):
    """The strongest bot (``ExpertBot``): solo on black in the band 21-24, at its top."""

    name = "level-5"
    level: ClassVar[int] = 5

    def __repr__(self) -> str:
        return "Level5Bot()"


LEVEL_BOTS: dict[int, type[LevelBot] | type[Level5Bot]] = {
    1: Level1Bot, 2: Level2Bot, 3: Level3Bot, 4: Level4Bot, 5: Level5Bot}
"""The level bots by level."""
