"""The learned bot inside the engine: the typed door to
:mod:`~kok_layouts.rules.engine.learned_kernels` (the classic game).

:func:`play_learned` plays whole classic games with the compiled learned bot in every seat:
game ``g`` throws its dice from ``numpy.random.default_rng(seeds[g])`` as the rules'
``play_game`` would, so it is the game ``LearnedBot`` plays in every seat, roll for roll
(the learned bot draws nothing from the generator; the kernels weigh the same candidates
with the same features). :func:`decide_learned` is one decision of a rules' game, with
every candidate's features and total. Keer op Keer 2 and Kids learned games play through
the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from kok_layouts import limits
from kok_layouts.errors import KokTypeError, WrongSheetError
from kok_layouts.model.sheet import ClassicSheet, Sheet
from kok_layouts.rules.dice import JOKER_COLOUR
from kok_layouts.rules.engine import compiling, kernels, learned_kernels, strong_kernels
from kok_layouts.rules.engine.batch import EngineGames, checked_solo, play_in_rounds
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS
from kok_layouts.rules.engine.strong import COMPENSATED_SUM, _weights_of, state_of
from kok_layouts.rules.engine.strong_kernels import NO_LIMIT
from kok_layouts.rules.engine.tables import CLASSIC, Int32s, tables_for
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import checked_options
from kok_layouts.rules.strong import StrongWeights

Floats = npt.NDArray[np.float64]
Int64s = npt.NDArray[np.int64]

assert len(FEATURES) == learned_kernels.FEATURE_COUNT
assert limits.LEARNED_CANDIDATES.high <= learned_kernels.MOST_CANDIDATES


def announce() -> None:
    """Say once per process, before the first learned kernel runs, that the engine is being
    compiled, when numba's cache does not hold the learned bot's kernels."""
    compiling.announce(learned_kernels.play_learned_games, learned_kernels.learned_choice,
                       seconds=COMPILE_SECONDS["learned"])


def _classic_sheet(sheet: object, what: str) -> Sheet:
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"{what} plays on a sheet (load_layout(...)), not "
                           f"{type(sheet).__name__}")
    if not isinstance(sheet, ClassicSheet) or tables_for(sheet).edition != CLASSIC:
        raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet; the engine's learned "
                              "bot plays the classic game")
    return sheet


def correction_of(bot: LearnedBot | None) -> tuple[Floats, int]:
    """The classic correction and the count of candidates of ``bot`` (default: the learned
    bot with the shipped weights), as the kernels read them."""
    if bot is None:
        bot = LearnedBot()
    if not isinstance(bot, LearnedBot):
        raise KokTypeError(f"bot is a LearnedBot, not {type(bot).__name__}")
    correction = np.ascontiguousarray(bot.corrections["classic"], dtype=np.float64)
    return correction, bot.candidates


def _checked_strong(bot: LearnedBot | None, weights: StrongWeights | None) -> StrongWeights | None:
    """The strong weights the learned bot corrects: ``weights``, else ``bot``'s classic
    ones (``None``: the tuned set)."""
    if weights is not None:
        return weights
    if bot is not None:
        found = bot.weights.get("classic")
        if isinstance(found, StrongWeights):
            return found
    return None


def play_learned(sheet: Sheet, players: int, seeds: Sequence[Any],
                 options: Options | None = None, *, solo: bool | None = None,
                 bot: LearnedBot | None = None, keep_crossed_at: bool = False) -> EngineGames:
    """Classic games on ``sheet`` for ``players`` seats of the compiled learned bot (as
    ``bot``, default ``LearnedBot()``: its classic correction, candidates and strong
    weights), game ``g`` throwing its dice from ``numpy.random.default_rng(seeds[g])`` as
    the rules' ``play_game`` would (``solo``, default one player: the solo rules). A game
    that has not ended after ``options.max_rolls`` (default
    :data:`kok_layouts.limits.GAME_ROLLS`) rolls stops there."""
    sheet = _classic_sheet(sheet, "play_learned")
    limits.PLAYERS.check(players, "players")
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence):
        raise KokTypeError(f"seeds are a list of seeds for default_rng, not "
                           f"{type(seeds).__name__}")
    solo = checked_solo(sheet, players, solo)
    if type(keep_crossed_at) is not bool:
        raise KokTypeError(f"keep_crossed_at is True or False, not {keep_crossed_at!r}")
    options = checked_options(options)
    correction, candidates = correction_of(bot)
    table = _weights_of(sheet, _checked_strong(bot, None))
    tables = tables_for(sheet)
    announce()
    max_rolls = options.max_rolls if options.max_rolls is not None else limits.GAME_ROLLS
    roll_limit = options.max_rolls if options.max_rolls is not None else NO_LIMIT
    dice = 2 if solo else 3
    stars = tables.star_penalty if options.star_penalty is None else options.star_penalty
    state = kernels.new_state(players, tables.size, tables.width, tables.height,
                              tables.colours, tables.boxes_at_start)
    arrays, open_rolls = tables.arrays, options.first_three_rolls_open
    end_roll, loose = options.end == "roll", options.connect_through_crossed
    six, passes = options.number_joker_six, options.pass_penalty
    budget = kernels.SOLO_ROLLS if solo else min(64, max_rolls)
    work = strong_kernels.new_workspace(tables)
    learned = learned_kernels.new_learned_work(tables, work.moves.rows.shape[0])

    def play(colours: Int32s, numbers: Int32s, special: Int32s,
             kept: Int32s) -> tuple[Int64s, Int32s, Int32s]:
        played: tuple[Int64s, Int32s, Int32s] = learned_kernels.play_learned_games(
            arrays, state, colours, numbers, solo, open_rolls, end_roll, max_rolls,
            roll_limit, loose, six, table, stars, passes, COMPENSATED_SUM, correction,
            candidates, kept, work, learned)
        return played

    return play_in_rounds(tables, seeds, players, budget, dice, dice, keep_crossed_at, play)


def play_learned_batch(sheet: Sheet, n_games: int, players: int, seed: int, *,
                       options: Options | None = None, solo: bool | None = None,
                       bot: LearnedBot | None = None) -> Int32s:
    """The final totals of ``n_games`` classic games for ``players`` seats of the compiled
    learned bot, as an ``(n_games, players)`` array: game ``i`` throws its dice from
    ``numpy.random.default_rng([seed, i])``."""
    limits.GAMES.check(n_games, "n_games")
    limits.SEED.check(seed, "seed")
    return play_learned(sheet, players, [[seed, game] for game in range(n_games)], options,
                        solo=solo, bot=bot).totals


@dataclass(frozen=True)
class LearnedDecision:
    """What the compiled learned bot decided for one seat in one roll of a rules' game."""

    choice: Choice | None
    moves: Int64s
    """Per candidate (passing first) the index of its move in ``Game.move_options``, -1
    for passing."""
    features: Floats
    """Per candidate its features (``LearnedBot.features``)."""
    totals: Floats
    """Per candidate its strong value plus correction."""


def decide_learned(game: Game, seat: int, bot: LearnedBot | None = None) -> LearnedDecision:
    """The compiled learned bot's decision for ``seat`` in the current roll of the rules'
    classic ``game``: the choice ``bot.choose_by_dice`` makes (``bot``: default
    ``LearnedBot()``) and its candidates."""
    if not isinstance(game, Game):
        raise KokTypeError(f"decide_learned needs a rules' Game, not {type(game).__name__}")
    if type(game) is not Game:
        raise WrongSheetError("the engine's learned bot decides in the classic game")
    sheet = _classic_sheet(game.sheet, "the learned bot")
    seat = game.seat_of(seat)
    colour_dice, number_dice = game.dice_for(seat)
    roll = game.roll
    assert roll is not None
    correction, candidates = correction_of(bot)
    table = _weights_of(sheet, _checked_strong(bot, None))
    tables = tables_for(sheet)
    announce()
    keys = list(tables.colour_keys)
    roll_colours = np.array([tables.colours if face == JOKER_COLOUR else keys.index(face)
                             for face in roll.colours], dtype=np.int32)
    roll_numbers = np.array(roll.numbers, dtype=np.int32)
    state = state_of(game, tables)
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_columns[list(game.taken_columns)] = True
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    taken_colours[[keys.index(k) for k in game.taken_colours]] = True
    roll_limit = game.roll_limit if game.roll_limit is not None else NO_LIMIT
    left = strong_kernels.rolls_left(table, game.solo, roll_limit, game.rolls_done,
                                     game.end_triggered, game.options.end == "roll",
                                     len(game.players), game.active)
    horizon = strong_kernels.horizon_of(table, game.solo, roll_limit)
    options = game.options
    colour_die, number_die, row, moves, features, totals = learned_kernels.learned_choice(
        tables.arrays, state, seat, roll_colours, roll_numbers,
        np.array(colour_dice, dtype=np.int64), np.array(number_dice, dtype=np.int64),
        taken_columns, taken_colours, options.connect_through_crossed,
        options.number_joker_six, table, left, horizon, game.solo,
        game.sheets[seat].star_penalty, options.pass_penalty, COMPENSATED_SUM, correction,
        candidates, strong_kernels.new_workspace(tables))
    if colour_die < 0:
        return LearnedDecision(None, moves, features, totals)
    cells = sum(1 << int(cell) for cell in row[kernels.M_CELLS:] if cell >= 0)
    made = Move(keys[row[kernels.M_COLOUR]], int(row[kernels.M_NUMBER]), cells,
                bool(row[kernels.M_COLOUR_JOKER]), bool(row[kernels.M_NUMBER_JOKER]),
                sheet.width)
    return LearnedDecision(Choice(int(colour_die), int(number_die), made), moves, features,
                           totals)

