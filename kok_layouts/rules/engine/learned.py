"""The learned bot inside the engine: the typed door to
:mod:`~kok_layouts.rules.engine.learned_kernels` (the classic game),
:mod:`~kok_layouts.rules.engine.learned_kok2` (Keer op Keer 2) and
:mod:`~kok_layouts.rules.engine.learned_kids` (Kids).

:func:`play_learned` plays whole games of every edition with the compiled learned bot in
every seat: game ``g`` throws its dice from ``numpy.random.default_rng(seeds[g])`` as the
rules' ``play_game`` would, so it is the game ``LearnedBot`` plays in every seat, roll for
roll (the learned bot draws nothing from the generator; the kernels weigh the same
candidates with the same features). With a trace (:func:`new_trace`) it keeps every
decision of a game, which :func:`traces_of` turns into what ``LearnedBot.trace`` records
(training, :mod:`kok_layouts.rules.learned_training`). :func:`decide_learned` is one
decision of a rules' game, with every candidate's features and total.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, WrongSheetError
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet, SpecialFace
from kok_layouts.rules.dice import JOKER_COLOUR, PURPLE
from kok_layouts.rules.engine import (
    compiling,
    kernels,
    learned_kernels,
    learned_kids,
    learned_kok2,
    strong_kernels,
    strong_kok2,
)
from kok_layouts.rules.engine.batch import KIDS_DICE, EngineGames, checked_solo, play_in_rounds
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS
from kok_layouts.rules.engine.kernels import State
from kok_layouts.rules.engine.strong import COMPENSATED_SUM, _weights_of, state_of
from kok_layouts.rules.engine.strong_kernels import NO_LIMIT
from kok_layouts.rules.engine.tables import (
    CLASSIC,
    KIDS,
    KOK2,
    SPECIAL_FACE_CODES,
    Int32s,
    Tables,
    tables_for,
)
from kok_layouts.rules.game import SPECIAL_DIE, Choice, Game
from kok_layouts.rules.kids import NO_DIE, KidsGame, KidsMove
from kok_layouts.rules.kinds import lineage
from kok_layouts.rules.kok2 import Kok2Game, Special
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import checked_options
from kok_layouts.rules.strong import EDITIONS, StrongWeights

Floats = npt.NDArray[np.float64]
Int64s = npt.NDArray[np.int64]

assert len(FEATURES) == learned_kernels.FEATURE_COUNT
assert limits.LEARNED_CANDIDATES.high <= learned_kernels.MOST_CANDIDATES


def announce(edition: int = CLASSIC) -> None:
    """Say once per process, before the first learned kernel runs, that the engine is being
    compiled, when numba's cache does not hold the learned bot's kernels of ``edition``
    (the tables' code)."""
    if edition == KOK2:
        compiling.announce(learned_kok2.play_learned_kok2_games,
                           learned_kok2.kok2_learned_choice,
                           seconds=COMPILE_SECONDS["learned_kok2"])
    elif edition == KIDS:
        compiling.announce(learned_kids.play_learned_kids_games,
                           learned_kids.kids_learned_choice,
                           seconds=COMPILE_SECONDS["learned_kids"])
    else:
        compiling.announce(learned_kernels.play_learned_games, learned_kernels.learned_choice,
                           seconds=COMPILE_SECONDS["learned"])


def _learned_sheet(sheet: object, what: str) -> Sheet:
    """``sheet`` if the engine's learned bot plays on it: a classic, Keer op Keer 2 or Kids
    sheet."""
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"{what} plays on a sheet (load_layout(...)), not "
                           f"{type(sheet).__name__}")
    if not isinstance(sheet, ClassicSheet | KidsSheet):
        raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet; the engine's learned "
                              "bot plays the classic game, Keer op Keer 2 and Kids")
    return sheet


def edition_name(sheet: Sheet) -> str:
    """The learned bot's name of the weights that play on ``sheet`` (``edition_of``: its
    edition's, or the nearest one's it derives from)."""
    names = lineage(sheet)
    return next((name for name in names if name in EDITIONS), names[-1])


def correction_of(bot: LearnedBot | None, edition: str = "classic") -> tuple[Floats, int]:
    """The correction of ``edition`` (``classic``, ``kok2``, ``kids``) and the count of
    candidates of ``bot`` (default: the learned bot with the shipped weights), as the
    kernels read them."""
    if bot is None:
        bot = LearnedBot()
    if not isinstance(bot, LearnedBot):
        raise KokTypeError(f"bot is a LearnedBot, not {type(bot).__name__}")
    correction = np.ascontiguousarray(bot.corrections[edition], dtype=np.float64)
    return correction, bot.candidates


def _checked_strong(bot: LearnedBot | None, weights: StrongWeights | None,
                    edition: str = "classic") -> StrongWeights | None:
    """The strong weights the learned bot corrects: ``weights``, else ``bot``'s of
    ``edition`` (``None``: the tuned set)."""
    if weights is not None:
        return weights
    if bot is not None:
        found = bot.weights.get(edition)
        if isinstance(found, StrongWeights):
            return found
    return None


def column_points(sheet: Sheet, tables: Tables) -> Floats:
    """Per column what completing it first scores (``player.column_value(g)``, a feature
    of the learned bot): Kids' buckets and visitor, the others' first points."""
    if tables.edition == KIDS:
        points: Floats = tables.buckets.astype(np.float64) + 1.0
        return points
    return tables.column_first.astype(np.float64)


def new_trace(sheet: Sheet, players: int, solo: bool, options: Options,
              candidates: int) -> learned_kernels.TraceArrays:
    """Room for every decision of one learned game on ``sheet``: each seat decides once a
    roll, and the game stops after at most its roll limit."""
    max_rolls = options.max_rolls if options.max_rolls is not None else limits.GAME_ROLLS
    rolls = kernels.SOLO_ROLLS if solo else max_rolls
    return learned_kernels.new_trace(rolls * players, candidates)


NO_TRACE = learned_kernels.new_trace(0, 0)
"""A trace that records nothing."""

_SCRATCH = threading.local()
"""Per thread: the workspaces of the last sheets played (making one costs more than a
short game: a training run plays one game a call)."""
SCRATCH_KEPT = 4
"""Sheets whose workspaces a thread keeps."""


def _scratch(sheet: Sheet, tables: Tables) -> tuple[Any, Any]:
    """The strong bot's and the learned bot's workspaces of ``tables``' sheet for this
    thread (scratch: every call overwrites what it reads), made once per sheet."""
    kept: dict[int, tuple[Tables, Any, Any]] | None = getattr(_SCRATCH, "kept", None)
    if kept is None:
        kept = _SCRATCH.kept = {}
    found = kept.get(id(tables))
    if found is not None and found[0] is tables:
        return found[1], found[2]
    if tables.edition == CLASSIC:
        work: Any = strong_kernels.new_workspace(tables)
        learned: Any = learned_kernels.new_learned_work(tables, work.moves.rows.shape[0])
    else:
        work = strong_kok2.new_kok2_workspace(tables)
        learned = learned_kok2.new_edition_work(tables, column_points(sheet, tables))
    if len(kept) >= SCRATCH_KEPT:
        kept.clear()
    kept[id(tables)] = (tables, work, learned)
    return work, learned


def play_learned(sheet: Sheet, players: int, seeds: Sequence[Any],
                 options: Options | None = None, *, solo: bool | None = None,
                 bot: LearnedBot | None = None, keep_crossed_at: bool = False,
                 trace: learned_kernels.TraceArrays | None = None) -> EngineGames:
    """Games on ``sheet`` (classic, Keer op Keer 2 or Kids) for ``players`` seats of the
    compiled learned bot (as ``bot``, default ``LearnedBot()``: its correction, candidates
    and strong weights of the sheet's edition), game ``g`` throwing its dice from
    ``numpy.random.default_rng(seeds[g])`` as the rules' ``play_game`` would (``solo``,
    default one player: the solo rules). A game that has not ended after
    ``options.max_rolls`` (default :data:`kok_layouts.limits.GAME_ROLLS`) rolls stops
    there. ``trace`` (:func:`new_trace`; one game only): filled with every decision of
    the game, as ``LearnedBot.trace`` records them (:func:`traces_of`)."""
    sheet = _learned_sheet(sheet, "play_learned")
    limits.PLAYERS.check(players, "players")
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence):
        raise KokTypeError(f"seeds are a list of seeds for default_rng, not "
                           f"{type(seeds).__name__}")
    solo = checked_solo(sheet, players, solo)
    if type(keep_crossed_at) is not bool:
        raise KokTypeError(f"keep_crossed_at is True or False, not {keep_crossed_at!r}")
    if trace is not None and (not isinstance(trace, learned_kernels.TraceArrays)
                              or len(seeds) != 1):
        raise KokTypeError("a trace (new_trace) records one game")
    options = checked_options(options)
    edition = edition_name(sheet)
    correction, candidates = correction_of(bot, edition)
    table = _weights_of(sheet, _checked_strong(bot, None, edition))
    tables = tables_for(sheet)
    announce(tables.edition)
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
    kept = NO_TRACE if trace is None else trace
    if tables.edition != CLASSIC:
        second, lw = _scratch(sheet, tables)
    if tables.edition == KIDS:
        def play_kids(colours: Int32s, numbers: Int32s, special: Int32s,
                      crossed_at: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = learned_kids.play_learned_kids_games(
                arrays, state, colours, solo, max_rolls, roll_limit, table, COMPENSATED_SUM,
                correction, candidates, crossed_at, second, lw, kept)
            return played

        return play_in_rounds(tables, seeds, players, budget, KIDS_DICE, 0, keep_crossed_at,
                              play_kids)
    if tables.edition == KOK2:
        def play(colours: Int32s, numbers: Int32s, special: Int32s,
                 crossed_at: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = learned_kok2.play_learned_kok2_games(
                arrays, state, colours, numbers, special, solo, open_rolls, end_roll,
                max_rolls, roll_limit, loose, six, table, stars, passes, COMPENSATED_SUM,
                correction, candidates, crossed_at, second, lw, kept)
            return played
    else:
        work, learned = _scratch(sheet, tables)

        def play(colours: Int32s, numbers: Int32s, special: Int32s,
                 crossed_at: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = learned_kernels.play_learned_games(
                arrays, state, colours, numbers, solo, open_rolls, end_roll, max_rolls,
                roll_limit, loose, six, table, stars, passes, COMPENSATED_SUM, correction,
                candidates, crossed_at, work, learned, kept)
            return played

    return play_in_rounds(tables, seeds, players, budget, dice, dice, keep_crossed_at, play)


@dataclass(frozen=True)
class SeatTrace:
    """One seat's decisions of a traced game, as ``LearnedBot.trace`` records them: per
    decision the features of the candidate taken and its value (the score before plus the
    future total plus its strong value and correction, numpy's sums)."""

    features: list[list[float]]
    values: list[float]


def traces_of(trace: learned_kernels.TraceArrays, correction: Floats) -> dict[int, SeatTrace]:
    """Per seat (in the order of their first decision) the decisions of a traced game
    (:func:`play_learned` with a trace), their values summed as ``LearnedBot._pick`` sums
    them: ``features @ correction`` by numpy, plus the strong values, plus the base."""
    recorded, lost = int(trace.used[0]), int(trace.used[1])
    if lost:
        raise BadArgumentError(f"the trace had no room for {lost} decisions")
    seats: dict[int, SeatTrace] = {}
    for at in range(recorded):
        found, chosen = int(trace.found[at]), int(trace.chosen[at])
        features = trace.features[at, :found]
        totals = np.array(features.tolist()) @ correction
        totals += np.array(trace.values[at, :found].tolist())
        seat = seats.setdefault(int(trace.seat[at]), SeatTrace([], []))
        seat.features.append(features[chosen].tolist())
        seat.values.append(float(float(trace.base[at]) + totals[chosen]))
    return seats


def play_learned_batch(sheet: Sheet, n_games: int, players: int, seed: int, *,
                       options: Options | None = None, solo: bool | None = None,
                       bot: LearnedBot | None = None) -> Int32s:
    """The final totals of ``n_games`` games on ``sheet`` (any edition) for ``players``
    seats of the compiled learned bot, as an ``(n_games, players)`` array: game ``i``
    throws its dice from ``numpy.random.default_rng([seed, i])``."""
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
    ``game`` (classic, Keer op Keer 2 or Kids): the choice ``bot.choose_by_dice`` (Kids:
    ``choose_enclosure``) makes (``bot``: default ``LearnedBot()``) and its candidates."""
    if not isinstance(game, Game):
        raise KokTypeError(f"decide_learned needs a rules' Game, not {type(game).__name__}")
    sheet = _learned_sheet(game.sheet, "the learned bot")
    if type(game) not in (Game, Kok2Game, KidsGame):
        raise WrongSheetError("the engine's learned bot decides in the classic game, Keer op "
                              "Keer 2 and Kids")
    seat = game.seat_of(seat)
    colour_dice, number_dice = game.dice_for(seat)
    roll = game.roll
    assert roll is not None
    edition = edition_name(sheet)
    correction, candidates = correction_of(bot, edition)
    table = _weights_of(sheet, _checked_strong(bot, None, edition))
    tables = tables_for(sheet)
    announce(tables.edition)
    keys = list(tables.colour_keys)
    roll_colours = np.array([tables.colours if face in (JOKER_COLOUR, PURPLE)
                             else keys.index(face) for face in roll.colours], dtype=np.int32)
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
    if tables.edition == KIDS:
        deny = not game.solo and bool(table[strong_kernels.W_DENY]) and seat == game.active
        lw = learned_kok2.new_edition_work(tables, column_points(sheet, tables))
        die, move, found, _, _ = learned_kids.kids_learned_choice(
            tables.arrays, state, seat, roll_colours, np.array(colour_dice, dtype=np.int64),
            taken_columns, taken_colours, table, left, horizon, game.solo, deny,
            COMPENSATED_SUM, correction, candidates, strong_kok2.new_kok2_workspace(tables),
            lw)
        picked = lw.picked[:found].copy()
        features, totals = lw.features[:found].copy(), lw.totals[:found].copy()
        if die < 0:
            return LearnedDecision(None, picked, features, totals)

        enclosure = _area_mask(tables, int(move[1]))
        chameleon = _area_mask(tables, int(move[2]))
        kids_move = KidsMove(roll.colours[die], enclosure, chameleon, sheet.width)
        return LearnedDecision(Choice(int(die), NO_DIE, kids_move), picked, features,
                               totals)
    if tables.edition == KOK2:
        return _decide_kok2(cast(Kok2Game, game), seat, tables, state, roll_colours,
                            roll_numbers, colour_dice, number_dice, taken_columns,
                            taken_colours, table, left, horizon, correction, candidates)
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


def _area_mask(tables: Tables, area: int) -> int:
    """The cells of an enclosure as a mask (0: none, ``area`` -1)."""
    if area < 0:
        return 0
    return sum(1 << int(cell) for cell in tables.area_cells[area, :tables.area_size[area]])


def _decide_kok2(game: Kok2Game, seat: int, tables: Tables, state: State,
                 roll_colours: Int32s, roll_numbers: Int32s, colour_dice: list[int],
                 number_dice: list[int], taken_columns: npt.NDArray[np.bool_],
                 taken_colours: npt.NDArray[np.bool_], table: Floats, left: float,
                 horizon: float, correction: Floats, candidates: int) -> LearnedDecision:
    """:func:`decide_learned` in a Keer op Keer 2 game: the special die and bombs too."""
    roll = game.roll
    assert roll is not None
    options, sheet = game.options, game.sheet
    taken_rows = np.zeros(tables.height, dtype=np.bool_)
    taken_rows[list(game.taken_rows)] = True
    special = SPECIAL_FACE_CODES[roll.special] if roll.special is not None else -1
    lw = learned_kok2.new_edition_work(tables, column_points(sheet, tables))
    kind, colour_die, number_die, cells, bombs, _, colour, number, found, _, _ = \
        learned_kok2.kok2_learned_choice(
            tables.arrays, state, seat, roll_colours, roll_numbers, special,
            np.array(colour_dice, dtype=np.int64), np.array(number_dice, dtype=np.int64),
            game.special_for(seat), taken_columns, taken_colours, taken_rows,
            options.connect_through_crossed, options.number_joker_six, table, left, horizon,
            game.solo, game.sheets[seat].star_penalty, options.pass_penalty,
            COMPENSATED_SUM, correction, candidates, strong_kok2.new_kok2_workspace(tables),
            lw)
    picked = lw.picked[:found].copy()
    features, totals = lw.features[:found].copy(), lw.totals[:found].copy()
    if kind == strong_kok2.KIND_PASS:
        return LearnedDecision(None, picked, features, totals)
    mask = sum(1 << int(cell) for cell in cells if cell >= 0)
    squares = tuple(sum(1 << int(cell) for cell in square if cell >= 0) for square in bombs)
    if kind == strong_kok2.KIND_SPECIAL:
        assert roll.special is not None
        action = Special(cast(SpecialFace, roll.special), mask, sheet.width)
        return LearnedDecision(Choice(SPECIAL_DIE, SPECIAL_DIE, action, squares), picked,
                               features, totals)
    made = Move(tables.colour_keys[colour], int(number), mask,
                roll.colours[colour_die] == JOKER_COLOUR, roll.numbers[number_die] == 0,
                sheet.width)
    return LearnedDecision(Choice(int(colour_die), int(number_die), made, squares), picked,
                           features, totals)
