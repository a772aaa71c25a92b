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
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, WrongSheetError
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet
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
from kok_layouts.rules.engine.strong import (
    COMPENSATED_SUM,
    Seat,
    _weights_of,
    classic_choice,
    horizons,
    kids_choice,
    kok2_choice,
    seat_inputs,
)
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
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kinds import lineage
from kok_layouts.rules.kok2 import Kok2Game
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import checked_options
from kok_layouts.rules.strong import EDITIONS, StrongWeights
from kok_layouts.rules.value_network import network_totals

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
    them: the correction by numpy (``network_totals``), plus the strong values, plus the base."""
    recorded, lost = int(trace.used[0]), int(trace.used[1])
    if lost:
        raise BadArgumentError(f"the trace had no room for {lost} decisions")
    seats: dict[int, SeatTrace] = {}
    for at in range(recorded):
        found, chosen = int(trace.found[at]), int(trace.chosen[at])
        features = trace.features[at, :found]
        totals = network_totals(np.array(features.tolist()), correction)
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
    """What the compiled learned bot decided for one seat in one roll of a rules' game:
    its choice and every candidate it weighed (Keer op Keer 2 and the classic game:
    passing first; none when passing is all the seat can do)."""

    choice: Choice | None
    moves: Int64s
    """Per candidate (passing first) its listing: the index of its move in
    ``Game.move_options`` (Keer op Keer 2: then the special actions; Kids: the choices of
    the roll), -1 for passing."""
    features: Floats
    """Per candidate its features (:data:`~kok_layouts.rules.learned.FEATURES`)."""
    totals: Floats
    """Per candidate its strong value plus correction."""
    values: Floats
    """Per candidate its strong value (relative to passing; with its bombs)."""
    candidates: tuple[Choice | None, ...]
    """Per candidate its choice (``None``: passing), bombs' squares placed."""
    chosen: int
    """The candidate taken (-1: none weighed)."""
    base: float
    """The seat's score before the decision plus what its position can still be expected
    to earn: a trace keeps ``base`` plus the total of the candidate taken."""
    rows: Int64s = field(default_factory=lambda: np.empty((0, 3), dtype=np.int64))
    """Kids: per candidate its move as a row of ``kids_legal_moves`` (face, enclosure,
    chameleon enclosure); the other editions: none."""


def decide_learned(game: Game, seat: int, bot: LearnedBot | None = None) -> LearnedDecision:
    """The compiled learned bot's decision for ``seat`` in the current roll of the rules'
    ``game`` (the classic game, Keer op Keer 2, Kids, or an edition derived from one):
    ``bot.choose_by_dice`` (Kids: ``choose_enclosure``) is this decision's choice
    (``bot``: default ``LearnedBot()``), with its candidates."""
    seat, inputs = seat_inputs(game, seat, "the learned bot")
    sheet = game.sheet
    edition = edition_name(sheet)
    correction, candidates = correction_of(bot, edition)
    table = _weights_of(sheet, _checked_strong(bot, None, edition))
    tables = inputs.tables
    announce(tables.edition)
    left, horizon = horizons(game, table)
    if tables.edition == KIDS:
        return _decide_kids(game, seat, inputs, table, left, horizon, correction, candidates)
    if tables.edition == KOK2:
        return _decide_kok2(game, seat, inputs, table, left, horizon, correction, candidates)
    options = game.options
    star_penalty = game.sheets[seat].star_penalty
    work, _ = _scratch(sheet, tables)
    colour_die, number_die, row, moves, features, totals, values, rows, dice, chosen = \
        learned_kernels.learned_choice(
            tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.roll_numbers,
            inputs.colour_dice, inputs.number_dice, inputs.taken_columns,
            inputs.taken_colours, options.connect_through_crossed, options.number_joker_six,
            table, left, horizon, game.solo, star_penalty, options.pass_penalty,
            COMPENSATED_SUM, correction, candidates, work)
    found = len(moves)
    if found == 1:  # passing alone: nothing was weighed (as in the other editions)
        found = 0
        moves, features, totals, values = moves[:0], features[:0], totals[:0], values[:0]
    base = 0.0
    if found:
        base = learned_kernels.classic_base(
            tables.arrays, inputs.state, seat, inputs.taken_columns, inputs.taken_colours,
            table, left, horizon, star_penalty, options.pass_penalty, COMPENSATED_SUM, work)
    made = tuple(classic_choice(game, tables, int(dice[c, 0]), int(dice[c, 1]), rows[c])
                 for c in range(found))
    return LearnedDecision(classic_choice(game, tables, colour_die, number_die, row), moves,
                           features, totals, values, made, int(chosen) if found else -1,
                           float(base))


def _decide_kids(game: Game, seat: int, inputs: Seat, table: Floats, left: float,
                 horizon: float, correction: Floats, candidates: int) -> LearnedDecision:
    """:func:`decide_learned` in a Kids game: whole enclosures, chameleons, and for the
    active seat of a game with others what its die leaves them."""
    tables = inputs.tables
    deny = not game.solo and bool(table[strong_kernels.W_DENY]) and seat == game.active
    work, lw = _scratch(game.sheet, tables)
    die, move, found, chosen, base = learned_kids.kids_learned_choice(
        tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.colour_dice,
        inputs.taken_columns, inputs.taken_colours, table, left, horizon, game.solo, deny,
        COMPENSATED_SUM, correction, candidates, work, lw)
    made = tuple(kids_choice(game, tables, int(lw.choices[c, 0]), lw.choices[c, 1:4])
                 for c in range(found))
    return LearnedDecision(kids_choice(game, tables, die, move), lw.picked[:found].copy(),
                           lw.features[:found].copy(), lw.totals[:found].copy(),
                           lw.values[:found].copy(), made, int(chosen) if found else -1,
                           float(base), lw.choices[:found, 1:4].copy())


def _decide_kok2(game: Game, seat: int, inputs: Seat, table: Floats, left: float,
                 horizon: float, correction: Floats, candidates: int) -> LearnedDecision:
    """:func:`decide_learned` in a Keer op Keer 2 game: the special die and bombs too."""
    game = cast(Kok2Game, game)
    roll = game.roll
    assert roll is not None
    options, tables = game.options, inputs.tables
    special = SPECIAL_FACE_CODES[roll.special] if roll.special is not None else -1
    work, lw = _scratch(game.sheet, tables)
    kind, colour_die, number_die, cells, bombs, _, colour, number, found, chosen, base = \
        learned_kok2.kok2_learned_choice(
            tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.roll_numbers,
            special, inputs.colour_dice, inputs.number_dice, game.special_for(seat),
            inputs.taken_columns, inputs.taken_colours, inputs.taken_rows,
            options.connect_through_crossed, options.number_joker_six, table, left, horizon,
            game.solo, game.sheets[seat].star_penalty, options.pass_penalty,
            COMPENSATED_SUM, correction, candidates, work, lw)
    made = tuple(kok2_choice(game, tables, int(lw.choices[c, 0]), int(lw.choices[c, 1]),
                             int(lw.choices[c, 2]), lw.cells[c],
                             lw.bombs[c][lw.bombs[c, :, 0] >= 0],
                             int(lw.choices[c, 3]), int(lw.choices[c, 4]))
                 for c in range(found))
    return LearnedDecision(kok2_choice(game, tables, kind, colour_die, number_die, cells,
                                       bombs, colour, number),
                           lw.picked[:found].copy(), lw.features[:found].copy(),
                           lw.totals[:found].copy(), lw.values[:found].copy(), made,
                           int(chosen) if found else -1, float(base))
