"""The strong bot: a tuned evaluation of the position after each move.

Where the greedy bot scores a move by what it earns now plus a fixed progress bonus, the
strong bot values a whole position as ``score now + what it can still earn``:

- every unfinished column, colour (Kids: animal) and Keer op Keer 2 row is worth its points
  times a chance of completing it, ``scale * exp(-decay * missing / (rolls left + slack))``,
  so the hope fades as cells are missing and the game runs out;
- uncrossed stars, unused exclamation marks (jokers), Keer op Keer 2 boxes and hearts, and
  the cells a player can reach next are worth a little more while rolls remain;
- uncrossed cells cut off from the rest of their area, alone, in pairs or (classic) in
  groups of three, count against a
  position: only a 1 (or a 2) crosses them later, so they are what leaves columns unfinished;
- a move that ends the game (a second colour or animal) is worth exactly its final score
  (in a game with others, plus a share of the lead it locks in), so the bot ends a solo game
  only when the rest of the game is worth less than the points the ending move brings.
- in Kids, the active player also weighs what the die it keeps leaves the others: the best
  they can do with the two dice left.

The weights of each edition were tuned by self-play with the cross-entropy method
(``benchmarks/tune_strong.py``, seeds and bot version in :mod:`kok_layouts.rules.strong_weights`).

``StrongBot``, ``ExpertBot`` and ``LearnedBot`` (:mod:`kok_layouts.rules.learned`) decide
inside the compiled engine (:func:`kok_layouts.rules.engine.strong.decide`,
:func:`kok_layouts.rules.engine.live.decide_expert`,
:func:`kok_layouts.rules.engine.learned.decide_learned`: the kernels of
:mod:`~kok_layouts.rules.engine.strong_kernels`, ``strong_kok2`` and ``strong_kids``), with
the same values to the last bit as the Python evaluation on the sheet's bitmasks they
replaced (``_prepare``, ``_cells_value``, ``_ending_value``, ``_future_total``,
``_best_few``, ``_with_bombs``, ``_valued_enclosures``, ``_denial``: deleted; its answers are
kept in tests/data/bots_answers.json, strong_answers.json and learned_answers.json). The
kernels' docstrings still name the Python functions they were written against.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.kinds import lineage
from kok_layouts.rules.weighing import WeighingBot

EDITIONS: tuple[str, ...] = ("classic", "kok2", "kids")
"""The editions the strong bot has a weight set for; an edition derived from one of them
(:func:`kok_layouts.rules.kinds.lineage`) plays with that one's."""


@dataclass(frozen=True)
class StrongWeights:
    """The tunable weights of the strong bot's evaluation (one set per edition)."""

    column_scale: float = 0.8
    """Share of a column's points an unfinished column is worth with time to spare."""
    column_decay: float = 3.0
    """How fast that hope fades per missing cell (divided by rolls left + slack)."""
    column_slack: float = 3.0
    colour_scale: float = 0.8
    colour_decay: float = 6.0
    colour_slack: float = 3.0
    second_colour: float = 0.5
    """Multiplier of a colour's hope when completing it would end the game."""
    star_hope: float = 0.4
    """Share of an uncrossed star's penalty still expected back (times time left)."""
    open_cell: float = 0.1
    """Per cell reachable next (times time left)."""
    mark_hope: float = 0.5
    """Per unused mark beyond its printed point (times time left)."""
    cell: float = 0.0
    """Per cell crossed."""
    horizon: float = 30.0
    """Expected rolls in a game with others (solo games have their fixed count)."""
    lead: float = 0.3
    """In a game with others: an ending move is worth this much per point of lead."""
    row_scale: float = 0.6
    """Keer op Keer 2: as ``column_scale`` for rows."""
    row_decay: float = 6.0
    heart: float = 0.6
    """Keer op Keer 2: a heart's worth per column still likely to be completed."""
    box_hope: float = 0.5
    """Keer op Keer 2: an unused box's worth beyond its points, times time left."""
    bomb_item: float = 2.0
    """Keer op Keer 2: a bomb a row's item gives, before its square is chosen."""
    purple: float = 0.8
    """Kids: a purple mark that brings the next chameleon closer (times time left)."""
    column_piece: float = 2.0
    """How fast a column's hope fades per area its missing cells lie in (each needs a move
    of its own), divided by rolls left + slack like ``column_decay``."""
    colour_piece: float = 1.0
    """As ``column_piece`` for colours (animals)."""
    row_piece: float = 1.0
    """As ``column_piece`` for Keer op Keer 2 rows."""
    isolated: float = 0.5
    """Per uncrossed cell cut off from the rest of its area (only a 1 crosses it later)."""
    paired: float = 0.0
    """Per uncrossed cell left in a pair cut off from the rest of its area."""
    pass_cost: float = 1.0
    """What passing a roll costs beyond the position it leaves (a roll's worth of cells)."""
    deny: float = 0.0
    """Kids, as the active player: weight of what the die kept leaves the other players."""
    triple: float = 0.0
    """Per uncrossed cell left in a group of three cut off from the rest of its area."""

    def as_vector(self) -> list[float]:
        return [float(getattr(self, f.name)) for f in fields(self)]

    @classmethod
    def from_vector(cls, values: Any) -> StrongWeights:
        return cls(*(float(v) for v in values))

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


def edition_of(game: Game) -> str:
    """``classic``, ``kok2`` or ``kids``: the name of the weight set that plays ``game``
    (its edition's, or the nearest one's it derives from)."""
    names = lineage(game.sheet)
    return next((name for name in names if name in EDITIONS), names[-1])


class StrongBot(WeighingBot):
    """The tuned evaluation bot for all three editions (see the module docstring).

    ``weights``: one :class:`StrongWeights` for every edition, or some editions' by name
    (the others keep their tuned set).
    """

    name = "strong"

    def __repr__(self) -> str:
        from kok_layouts.rules.strong_weights import TUNED

        changed = {name: weights for name, weights in self.weights.items()
                   if TUNED.get(name) != weights}
        return f"{type(self).__name__}({self._settings(changed)})"

    def _settings(self, changed: dict[str, StrongWeights]) -> str:
        return f"weights={changed!r}" if changed else ""

    @staticmethod
    def version() -> str:
        """The weights' version and a fingerprint of their values: figures measured with
        this bot (the balance references) are stale as soon as either changes."""
        from kok_layouts.rules.strong_weights import BOT_VERSION, TUNED

        digest = hashlib.sha256(repr(sorted(TUNED.items())).encode("utf-8")).hexdigest()
        return f"{BOT_VERSION}-{digest[:12]}"

    def __init__(self, weights: dict[str, StrongWeights] | StrongWeights | None = None) -> None:
        from kok_layouts.rules.strong_weights import TUNED

        if weights is None:
            self.weights = dict(TUNED)
        elif isinstance(weights, StrongWeights):
            self.weights = {edition: weights for edition in EDITIONS}
        else:
            self.weights = {**TUNED, **weights}

    # -- choosing ----------------------------------------------------------------------
    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The best move or special action by the evaluation (bombs' squares too), or a
        pass: decided in the engine (:func:`kok_layouts.rules.engine.strong.decide`)."""
        from kok_layouts.rules.engine.strong import decide

        return decide(game, seat, self.weights[edition_of(game)]).choice

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the best enclosure by the evaluation, decided in the engine."""
        from kok_layouts.rules.engine.strong import decide

        return decide(game, seat, self.weights[edition_of(game)]).choice


def valued_choices(game: Game, seat: int, weights: StrongWeights,
                   ) -> tuple[Choice | None, list[tuple[Choice | None, float]]]:
    """The strong bot's choice for ``seat`` in the current roll and every choice the roll
    allows with its value (passing too, when the rules allow it, worth minus
    ``pass_cost``; NaN for what the bot does not value), in the order of the rules'
    listing: what the level bots draw from and what ``kok review`` weighs a choice by."""
    from kok_layouts.rules.engine.strong import decide

    decision = decide(game, seat, weights)
    values = [float(v) for v in decision.values.tolist()]
    choices: list[Choice | None]
    if not game.uses_number_dice:  # (Kids: a die's enclosures, no passing)
        choices = list(game.choices_for(seat))
        if not choices:
            return decision.choice, [(None, 0.0)]
    else:
        width = game.sheet.width
        choices = [Choice.of_option(option, width) for option in game.move_options(seat)]
        choices += game.special_choices(seat)
        choices.append(None)
        values.append(-weights.pass_cost)
    if len(values) != len(choices):  # the engine and the rules disagree: a bug, said plainly
        raise BadArgumentError(f"the strong bot valued {len(values)} choices of "
                               f"{game.players[seat]}, but the roll allows {len(choices)}")
    return decision.choice, list(zip(choices, values, strict=True))


EXPERT_LOOKAHEAD: dict[str, float] = {"classic": 2.0, "kok2": 2.0, "kids": 1.0}
"""Per edition the weight of the expected next roll in the expert's choice (its
``lookahead`` unless one is given): see :class:`ExpertBot` for how they were chosen."""


class ExpertBot(StrongBot):
    """The strong bot with a look at the next roll, an expectimax over its throws: of the
    strong bot's ``candidates`` best moves (none more than ``margin`` points below the
    best), the one whose value plus ``lookahead`` (default: the edition's
    :data:`EXPERT_LOOKAHEAD`) times the expected value of the best move
    of the next roll after it (exact over all 1,296 throws of 2 colour and 2 number dice,
    :mod:`kok_layouts.rules.engine.expert`) is highest. A pass is weighed the same way when
    no move is worth ``pass_below``; otherwise passing is out. In Kids the same look covers
    every throw of the three dice (:func:`~kok_layouts.rules.engine.expert.kids_next_rolls`;
    a Kids player never passes while a move is legal).

    The defaults were chosen on 1,000 seeded solo games on black (seeds ``[500, i]``): the
    expectation's own weight, 1, scores 23.5, 2 scores 24.4 (the strong bot's values of the
    next roll's moves are a roll less hopeful than its values now), and weighing a pass
    again only when every move loses points plays better and faster. In Kids (1,000 solo
    games, seeds ``[500, i]``) the look plays 1.0 point above the strong bot at weights 1,
    2 and 3 alike (a margin of 0.75 gains only 0.6), but against the strong bot (800
    two-player games, seeds ``[500, 1, i]``) weight 1 won 55.6% (+0.52 points a game) where
    2 won 48.6% (-0.32): Kids weighs the next roll once. In Keer op Keer 2 the
    look leaves the special die out: weighing its throws too (each face's best action
    against each colour and number throw, the box a special action spends) scored +0.17
    (-0.86 to +1.20) over 1,500 paired solo games on grey at half the speed. Fresh games
    are ``benchmarks/bench_bots.py``'s."""

    name = "expert"

    def __init__(self, weights: dict[str, StrongWeights] | StrongWeights | None = None, *,
                 candidates: int = 8, lookahead: float | None = None, margin: float = 1.5,
                 pass_below: float = 0.0) -> None:
        super().__init__(weights)
        self.candidates = candidates
        self.lookahead = lookahead
        self.margin = margin
        self.pass_below = pass_below

    def _settings(self, changed: dict[str, StrongWeights]) -> str:
        settings = [super()._settings(changed)]
        settings += [f"{key}={getattr(self, key)!r}" for key, value
                     in (ExpertBot.__init__.__kwdefaults__ or {}).items()
                     if getattr(self, key) != value]
        return ", ".join(s for s in settings if s)

    def _lookahead(self, game: Game) -> float:
        """The weight of the expected next roll in ``game``: the bot's own, or its
        edition's."""
        if self.lookahead is not None:
            return self.lookahead
        return EXPERT_LOOKAHEAD.get(edition_of(game), EXPERT_LOOKAHEAD["classic"])

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The strong bot's few best moves weighed again by the next roll, decided in the
        engine (:func:`kok_layouts.rules.engine.live.decide_expert`)."""
        from kok_layouts.rules.engine.live import decide_expert

        return decide_expert(game, seat, self.weights[edition_of(game)],
                             candidates=self.candidates, lookahead=self._lookahead(game),
                             margin=self.margin, pass_below=self.pass_below)

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the strong bot's few best enclosures weighed again by the next roll's three
        dice, decided in the engine (:func:`kok_layouts.rules.engine.live.decide_expert`)."""
        from kok_layouts.rules.engine.live import decide_expert

        return decide_expert(game, seat, self.weights[edition_of(game)],
                             candidates=self.candidates, lookahead=self._lookahead(game),
                             margin=self.margin)
