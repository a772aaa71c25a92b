"""Whole games played inside the compiled engine by greedy bots: :func:`play_batch` (their
totals) and :func:`play_greedy` (their score lines, marks used and, when asked, the roll
each cell was crossed in: what ``kok simulate`` keeps of a game).

Game ``i`` of a batch with seed ``s`` throws its dice from
``numpy.random.default_rng([s, i])`` (the convention of
:mod:`kok_layouts.rules.learned_training`), in the order ``rules.dice.throw_faces`` draws
them, and every seat plays the choice rule of :class:`~kok_layouts.rules.bots.GreedyBot`.
So a game of the batch is the game ``play_game(new_game(sheet, players, options),
[GreedyBot()] * players, default_rng([s, i]))`` plays, roll for roll:

- the greedy bot draws nothing from the generator, so the generator's stream is the
  dice alone; the dice of every roll are drawn up front in the same calls and order
  (``throw_faces`` draws a roll of dice with as many faces in one call, and numpy's
  generator keeps the stream of 32-bit draws across calls, so rolls drawn at once are
  the rolls drawn one by one);
- the kernels list the moves in the order ``Game.move_options`` does (dice, then the
  colours and numbers a joker stands for, then the groups by bitmask; Keer op Keer 2's
  special actions after them, as ``legal_specials`` lists them; Kids' enclosures as
  ``KidsGame.choices_for``), weigh each with the same sums of the same floats in the
  same order as ``GreedyBot`` (``pow`` where Python squares with ``**``: it is not
  always ``x * x``), and keep the first of the highest worth, as ``choose_by_dice`` does
  with its strict ``>`` and ``choose_enclosure`` with ``max``; a Keer op Keer 2 move
  whose rows owe bombs gets them as ``fill_bombs`` with the bot's pick does.

tests/test_engine_games.py holds whole seeded games of the two equal, every edition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet
from kok_layouts.rules.dice import NUMBER_FACES
from kok_layouts.rules.engine import greedy, kernels
from kok_layouts.rules.engine import kids as kids_kernels
from kok_layouts.rules.engine import kok2 as kok2_kernels
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS, announce
from kok_layouts.rules.engine.greedy import Greedy
from kok_layouts.rules.engine.kernels import SCORE_LINES, Int64s, State
from kok_layouts.rules.engine.tables import KOK2, Int32s, Tables, tables_for
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import checked_options
from kok_layouts.stop_signals import held_signals

BOTS = ("greedy",)
"""The bots :func:`play_batch` plays."""
KIDS_DICE = 3
NUMBER_CODES = np.array(NUMBER_FACES, dtype=np.int32)
"""The engine's code of each number die face by its index on the die: 1..5, and 0 for
the ? joker (as the rules code it)."""


@dataclass(frozen=True)
class GameResult:
    """One game played in the engine: its rolls and every seat's final sheet."""

    rolls: int
    state: State
    lines: Int32s
    """Score lines per seat (:data:`~kok_layouts.rules.engine.kernels.SCORE_LINES`)."""
    totals: Int32s


def throw_dice(tables: Tables, rng: np.random.Generator, rolls: int, colour_dice: int,
               number_dice: int) -> tuple[Int32s, Int32s, Int32s]:
    """``rolls`` rolls drawn from ``rng`` as the rules' games draw them
    (``rules.dice.throw_faces``, then in Keer op Keer 2 the special die): colour faces by
    index (the colours, then the joker or purple), number faces coded 1..5 and 0 for the
    ? joker, special faces by their code (-1 without a special die)."""
    faces = tables.colours + 1
    specials = len(tables.special_faces)
    special = np.full(rolls, -1, dtype=np.int32)
    if faces == len(NUMBER_FACES) and not specials:
        drawn = rng.integers(0, faces, size=rolls * (colour_dice + number_dice))
        table = drawn.reshape(rolls, colour_dice + number_dice)
        colours, numbers = table[:, :colour_dice], table[:, colour_dice:]
    else:
        colours = np.empty((rolls, colour_dice), dtype=np.int64)
        numbers = np.empty((rolls, number_dice), dtype=np.int64)
        for roll in range(rolls):
            if faces == len(NUMBER_FACES):
                both = rng.integers(0, faces, size=colour_dice + number_dice)
                colours[roll], numbers[roll] = both[:colour_dice], both[colour_dice:]
            else:
                colours[roll] = rng.integers(0, faces, size=colour_dice)
                if number_dice:
                    numbers[roll] = rng.integers(0, len(NUMBER_FACES), size=number_dice)
            if specials:
                special[roll] = tables.special_faces[int(rng.integers(specials))]
    return (np.ascontiguousarray(colours, dtype=np.int32),
            np.ascontiguousarray(NUMBER_CODES[numbers], dtype=np.int32), special)


def throw_games(tables: Tables, seeds: Sequence[Any], rolls: int, colour_dice: int,
                number_dice: int) -> tuple[Int32s, Int32s, Int32s]:
    """:func:`throw_dice` for one game per seed, each from ``default_rng(seed)``: colour
    faces, number faces and special die, each with a first axis of the games."""
    colours = np.empty((len(seeds), rolls, colour_dice), dtype=np.int32)
    numbers = np.empty((len(seeds), rolls, number_dice), dtype=np.int32)
    special = np.empty((len(seeds), rolls), dtype=np.int32)
    for row, seed in enumerate(seeds):
        colours[row], numbers[row], special[row] = throw_dice(
            tables, np.random.default_rng(seed), rolls, colour_dice, number_dice)
    return colours, numbers, special


@dataclass(frozen=True)
class EngineGames:
    """Games played whole in the engine (greedy or strong bots): per game its rolls, and
    per game and seat its score lines, marks used and (when kept) the roll each cell was
    crossed in."""

    rolls: Int64s
    """(games,): the rolls each game lasted."""
    lines: Int32s
    """(games, seats, :data:`~kok_layouts.rules.engine.kernels.SCORE_LINES`); Kids' circles
    as :data:`~kok_layouts.rules.engine.kids.S_FOOD` and its neighbours say."""
    marks_used: Int32s
    """(games, seats): exclamation marks used (the tie-break: fewer used wins; Kids:
    purple crosses)."""
    crossed_at: Int32s
    """(games, seats, cells): the roll (from 1) each cell was crossed in, 0 if never;
    empty (0, seats, cells) unless asked for."""

    @property
    def totals(self) -> Int32s:
        """(games, seats): every seat's final score."""
        totals: Int32s = self.lines.sum(axis=2).astype(np.int32)
        return totals


GreedyGames = EngineGames
"""The games of :func:`play_greedy`."""

PlayGames = Callable[[Int32s, Int32s, Int32s, Int32s], tuple[Int64s, Int32s, Int32s]]
"""A compiled batch of games: (colour faces, number faces, special die, the roll each
cell was crossed in, to fill) -> (rolls, score lines, marks used)."""


def play_in_rounds(tables: Tables, seeds: Sequence[Any], players: int, budget: int,
                   colour_dice: int, number_dice: int, keep_crossed_at: bool,
                   play: PlayGames) -> EngineGames:
    """Games ``play`` plays, game ``g`` throwing its dice from ``default_rng(seeds[g])``:
    every game still waiting throws ``budget`` rolls (:func:`throw_games`); one whose dice
    ran out (rolls -1) throws again from the start of its stream with twice as many. Each
    compiled call holds the stop signals until it returns (stop_signals)."""
    games = len(seeds)
    rolls = np.full(games, -1, dtype=np.int64)
    lines = np.zeros((games, players, SCORE_LINES), dtype=np.int32)
    marks = np.zeros((games, players), dtype=np.int32)
    crossed_at = np.zeros((games if keep_crossed_at else 0, players, tables.size),
                          dtype=np.int32)
    waiting = list(range(games))
    while waiting:
        colours, numbers, special = throw_games(tables, [seeds[g] for g in waiting], budget,
                                                colour_dice, number_dice)
        kept = np.zeros((len(waiting) if keep_crossed_at else 0, players, tables.size),
                        dtype=np.int32)
        with held_signals():
            played, scored, used = play(colours, numbers, special, kept)
        rolls[waiting], lines[waiting], marks[waiting] = played, scored, used
        if keep_crossed_at:
            crossed_at[waiting] = kept
        waiting = [game for game in waiting if rolls[game] < 0]
        budget *= 2
    return EngineGames(rolls, lines, marks, crossed_at)


def _play(sheet: Sheet, players: int, seeds: Sequence[Any], options: Options, solo: bool,
          weights: Greedy, keep_crossed_at: bool = False) -> tuple[GreedyGames, State]:
    """Games on ``sheet`` for ``players`` greedy seats, game ``g`` throwing its dice from
    ``default_rng(seeds[g])``: the games (the roll each cell was crossed in only with
    ``keep_crossed_at``) and the final state of the last one played. A game that has not
    ended after ``options.max_rolls`` (default :data:`kok_layouts.limits.GAME_ROLLS`)
    rolls stops there."""
    tables = tables_for(sheet)
    max_rolls = options.max_rolls if options.max_rolls is not None else limits.GAME_ROLLS
    kids = isinstance(sheet, KidsSheet)
    colour_dice = KIDS_DICE if kids else (2 if solo else 3)
    number_dice = 0 if kids else colour_dice
    stars = sheet.star_penalty if isinstance(sheet, ClassicSheet) else 0
    if options.star_penalty is not None:
        stars = options.star_penalty
    state = kernels.new_state(players, tables.size, tables.width, tables.height,
                              tables.colours, tables.boxes_at_start)
    announce(kids_kernels.play_kids_games if kids else kok2_kernels.play_kok2_games
             if tables.edition == KOK2 else greedy.play_classic_games,
             seconds=COMPILE_SECONDS[sheet.edition])
    arrays, open_rolls = tables.arrays, options.first_three_rolls_open
    end_roll, loose = options.end == "roll", options.connect_through_crossed
    six, passes = options.number_joker_six, options.pass_penalty

    def play(colours: Int32s, numbers: Int32s, special: Int32s,
             kept: Int32s) -> tuple[Int64s, Int32s, Int32s]:
        played: tuple[Int64s, Int32s, Int32s]
        if kids:
            played = kids_kernels.play_kids_games(arrays, state, colours, solo, max_rolls,
                                                  weights, kept)
        elif tables.edition == KOK2:
            played = kok2_kernels.play_kok2_games(
                arrays, state, colours, numbers, special, solo, open_rolls, end_roll,
                max_rolls, loose, six, weights, stars, passes, kept)
        else:
            played = greedy.play_classic_games(
                arrays, state, colours, numbers, solo, open_rolls, end_roll, max_rolls,
                loose, six, weights, stars, passes, kept)
        return played

    budget = kernels.SOLO_ROLLS if solo else min(64, max_rolls)
    return play_in_rounds(tables, seeds, players, budget, colour_dice, number_dice,
                          keep_crossed_at, play), state


def _checked_sheet(sheet: object, what: str) -> Sheet:
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"{what} plays on a sheet (load_layout(...)), not "
                           f"{type(sheet).__name__}")
    return sheet


def checked_solo(sheet: Sheet, players: int, solo: bool | None) -> bool:
    """``solo`` (default: one player) if ``players`` seats may play so on ``sheet``."""
    if solo is None:
        solo = players == 1
    if type(solo) is not bool:
        raise KokTypeError(f"solo is True or False, not {solo!r}")
    if solo and players != 1:
        raise BadArgumentError("a solo game has exactly one player")
    if isinstance(sheet, KidsSheet) and not solo and players not in limits.KIDS_PLAYERS:
        raise BadArgumentError(f"a Kids game has {limits.KIDS_PLAYERS} players or is solo, "
                               f"not {players}")
    return solo


def play_one(sheet: Sheet, players: int, rng_seed: list[int], options: Options | None = None,
             *, solo: bool = False, weights: Greedy | None = None) -> GameResult:
    """One game on ``sheet`` for ``players`` greedy seats, the dice from
    ``default_rng(rng_seed)``, with its final sheets."""
    games, state = _play(sheet, players, [rng_seed], checked_options(options), solo,
                         weights or Greedy())
    lines = games.lines[0]
    return GameResult(int(games.rolls[0]), state, lines, lines.sum(axis=1).astype(np.int32))


def play_greedy(sheet: Sheet, players: int, seeds: Sequence[Any],
                options: Options | None = None, *, solo: bool | None = None,
                weights: Greedy | None = None, keep_crossed_at: bool = False) -> GreedyGames:
    """Games on ``sheet`` (any edition the engine plays) for ``players`` greedy seats,
    game ``g`` throwing its dice from ``numpy.random.default_rng(seeds[g])`` as the rules'
    ``play_game`` would (``solo``, default one player: the solo rules): the games
    ``play_game`` plays with ``GreedyBot`` in every seat and the same generator (see the
    module's docstring). ``keep_crossed_at`` keeps the roll each cell was crossed in
    (``kok simulate``'s seeds and its ``GameResult.crossed_at``)."""
    sheet = _checked_sheet(sheet, "play_greedy")
    limits.PLAYERS.check(players, "players")
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence):
        raise KokTypeError(f"seeds are a list of seeds for default_rng, not "
                           f"{type(seeds).__name__}")
    solo = checked_solo(sheet, players, solo)
    if weights is not None and not isinstance(weights, Greedy):
        raise KokTypeError(f"the greedy bot's weights are a Greedy, not "
                           f"{type(weights).__name__}")
    if type(keep_crossed_at) is not bool:
        raise KokTypeError(f"keep_crossed_at is True or False, not {keep_crossed_at!r}")
    games, _ = _play(sheet, players, seeds, checked_options(options), solo,
                     weights or Greedy(), keep_crossed_at)
    return games


def play_batch(sheet: Sheet, n_games: int, players: int, seed: int, bot: str = "greedy", *,
               options: Options | None = None, solo: bool | None = None) -> Int32s:
    """The final totals of ``n_games`` games on ``sheet`` (any edition) for ``players``
    seats played by ``bot``, as an ``(n_games, players)`` array: game ``i`` throws its dice
    from ``numpy.random.default_rng([seed, i])`` and is the game the rules' ``play_game``
    plays with the same generator (see the module's docstring). ``solo`` (default: one
    player) plays the solo rules."""
    sheet = _checked_sheet(sheet, "play_batch")
    limits.GAMES.check(n_games, "n_games")
    limits.PLAYERS.check(players, "players")
    limits.SEED.check(seed, "seed")
    if bot not in BOTS:
        raise BadArgumentError(f"the engine plays the bots {', '.join(BOTS)}, not {bot!r}")
    solo = checked_solo(sheet, players, solo)
    games, _ = _play(sheet, players, [[seed, game] for game in range(n_games)],
                     checked_options(options), solo, Greedy())
    return games.totals
