"""The strong bot inside the engine: the typed door to
:mod:`~kok_layouts.rules.engine.strong_kernels`.

:func:`play_strong_batch` plays whole games with the compiled strong bot in every seat;
game ``i`` of seed ``s`` throws its dice from ``numpy.random.default_rng([s, i])`` in the
order the rules throw them (as :func:`~kok_layouts.rules.engine.play_batch` draws them), so
it is the game ``play_game(new_game(sheet, players, options, solo=players == 1),
[StrongBot()] * players, default_rng([s, i]))`` plays, roll for roll: the strong bot draws
nothing from the generator, and the kernels value the moves with the same sums of the same
floats in the same order as ``StrongBot``. :func:`play_strong` takes any seeds
``default_rng`` takes (``kok simulate``'s ``SeedSequence(seed, spawn_key=(i,))``) and
keeps the roll each cell was crossed in. :class:`EngineStrongBot` is the compiled bot as a
strategy of the rules' ``play_game``, deciding each roll from the rules' game.

Every edition: classic games (:mod:`~kok_layouts.rules.engine.strong_kernels`), Keer op
Keer 2 games (:mod:`~kok_layouts.rules.engine.strong_kok2`: rows, boxes, hearts, the special
die and bombs) and Kids games (:mod:`~kok_layouts.rules.engine.strong_kids`: enclosures,
chameleons, what the active seat's die leaves the others).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, cast

import numpy as np
import numpy.typing as npt

from kok_layouts import limits
from kok_layouts.errors import KokTypeError, WrongSheetError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet, SpecialFace
from kok_layouts.rules.dice import JOKER_COLOUR, PURPLE
from kok_layouts.rules.engine import (
    compiling,
    kernels,
    strong_kernels,
    strong_kids,
    strong_kok2,
)
from kok_layouts.rules.engine.batch import KIDS_DICE, EngineGames, checked_solo, play_in_rounds
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS
from kok_layouts.rules.engine.kernels import State
from kok_layouts.rules.engine.strong_kernels import NO_LIMIT, WEIGHT_NAMES
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
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import SheetView, checked_options
from kok_layouts.rules.strong import StrongWeights
from kok_layouts.rules.weighing import WeighingBot

Floats = npt.NDArray[np.float64]
Int64s = npt.NDArray[np.int64]
W = TypeVar("W")

COMPENSATED_SUM = sys.version_info >= (3, 12)
"""Whether Python's ``sum()`` of floats is compensated (Neumaier, from Python 3.12): the
strong bot's future total is one such sum, and the kernels add it as Python does."""




_LOOKED: set[int] = set()
"""The editions whose strong kernels :func:`announce` has looked for in numba's cache."""


def announce(edition: int = CLASSIC) -> None:
    """Say once per process, before the first strong kernel runs, that the engine is being
    compiled, when numba's cache does not hold the strong bot's kernels of ``edition`` (the
    tables' code: :data:`~kok_layouts.rules.engine.tables.CLASSIC`, ``KOK2``, ``KIDS``;
    :func:`~kok_layouts.rules.engine.compiling.announce`; once a process has looked, the
    kernels are compiled and it looks no more)."""
    if edition in _LOOKED:
        return
    _LOOKED.add(edition)
    if edition == KOK2:
        compiling.announce(strong_kok2.play_strong_kok2_games, strong_kok2.kok2_strong_choice,
                           seconds=COMPILE_SECONDS["strong_kok2"])
    elif edition == KIDS:
        compiling.announce(strong_kids.play_strong_kids_games, strong_kids.kids_strong_choice,
                           seconds=COMPILE_SECONDS["strong_kids"])
    else:
        compiling.announce(strong_kernels.play_strong_games, strong_kernels.strong_choice,
                           seconds=COMPILE_SECONDS["strong"])


def weight_array(weights: StrongWeights | None = None) -> Floats:
    """``weights`` (default: the tuned classic set) as the float array the kernels read, in
    the order of :data:`~kok_layouts.rules.engine.strong_kernels.WEIGHT_NAMES`."""
    if weights is None:
        from kok_layouts.rules.strong_weights import TUNED

        weights = TUNED["classic"]
    if not isinstance(weights, StrongWeights):
        raise KokTypeError(f"the strong bot's weights are a StrongWeights, not "
                           f"{type(weights).__name__}")
    return np.array([float(getattr(weights, name)) for name in WEIGHT_NAMES],
                    dtype=np.float64)


def _engine_sheet(sheet: object, what: str) -> Sheet:
    """``sheet`` if it is one the engine's strong bot plays on: a classic, Keer op Keer 2
    or Kids sheet."""
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"{what} plays on a sheet (load_layout(...)), not "
                           f"{type(sheet).__name__}")
    if not isinstance(sheet, ClassicSheet | KidsSheet):
        raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet; the engine's strong "
                              "bot plays the classic game, Keer op Keer 2 and Kids")
    return sheet


def _weights_of(sheet: Sheet, weights: StrongWeights | None) -> Floats:
    """``weights`` (default: the tuned set of ``sheet``'s edition, or of the nearest one it
    derives from, as ``StrongBot`` picks it) as the kernels read them."""
    if weights is None:
        from kok_layouts.rules.strong_weights import TUNED

        names = lineage(sheet)
        weights = TUNED[next((name for name in names if name in TUNED), names[-1])]
    return weight_array(weights)


# -- whole games ---------------------------------------------------------------------------
StrongGames = EngineGames
"""The games of :func:`play_strong`."""


def play_strong(sheet: Sheet, players: int, seeds: Sequence[Any], options: Options | None = None,
                *, solo: bool | None = None, weights: StrongWeights | None = None,
                keep_crossed_at: bool = False) -> StrongGames:
    """Games on ``sheet`` (classic, Keer op Keer 2 or Kids) for ``players`` seats of the
    compiled strong bot, game ``g`` throwing its dice from
    ``numpy.random.default_rng(seeds[g])`` as the rules' ``play_game`` would (``solo``,
    default one player: the solo rules). A game that has not ended after
    ``options.max_rolls`` (default :data:`kok_layouts.limits.GAME_ROLLS`) rolls stops
    there; the bot sees the game's own roll limit (``options.max_rolls``). ``weights``:
    the edition's tuned set by default."""
    sheet = _engine_sheet(sheet, "play_strong")
    limits.PLAYERS.check(players, "players")
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence):
        raise KokTypeError(f"seeds are a list of seeds for default_rng, not "
                           f"{type(seeds).__name__}")
    solo = checked_solo(sheet, players, solo)
    if type(keep_crossed_at) is not bool:
        raise KokTypeError(f"keep_crossed_at is True or False, not {keep_crossed_at!r}")
    options = checked_options(options)
    table = _weights_of(sheet, weights)
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
    if tables.edition == KIDS:
        kids_work = strong_kok2.new_kok2_workspace(tables)

        def play_kids(colours: Int32s, numbers: Int32s, special: Int32s,
                      kept: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = strong_kids.play_strong_kids_games(
                arrays, state, colours, solo, max_rolls, roll_limit, table, COMPENSATED_SUM,
                kept, kids_work)
            return played

        return play_in_rounds(tables, seeds, players, budget, KIDS_DICE, 0, keep_crossed_at,
                              play_kids)
    if tables.edition == KOK2:
        second = strong_kok2.new_kok2_workspace(tables)

        def play(colours: Int32s, numbers: Int32s, special: Int32s,
                 kept: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = strong_kok2.play_strong_kok2_games(
                arrays, state, colours, numbers, special, solo, open_rolls, end_roll,
                max_rolls, roll_limit, loose, six, table, stars, passes, COMPENSATED_SUM,
                kept, second)
            return played
    else:
        work = strong_kernels.new_workspace(tables)

        def play(colours: Int32s, numbers: Int32s, special: Int32s,
                 kept: Int32s) -> tuple[Int64s, Int32s, Int32s]:
            played: tuple[Int64s, Int32s, Int32s] = strong_kernels.play_strong_games(
                arrays, state, colours, numbers, solo, open_rolls, end_roll, max_rolls,
                roll_limit, loose, six, table, stars, passes, COMPENSATED_SUM, kept, work)
            return played

    return play_in_rounds(tables, seeds, players, budget, dice, dice, keep_crossed_at, play)


def play_strong_batch(sheet: Sheet, n_games: int, players: int, seed: int, *,
                      options: Options | None = None, solo: bool | None = None,
                      weights: StrongWeights | None = None) -> Int32s:
    """The final totals of ``n_games`` games on ``sheet`` (any edition) for ``players``
    seats of the compiled strong bot, as an ``(n_games, players)`` array: game ``i``
    throws its dice from ``numpy.random.default_rng([seed, i])`` and is the game the rules'
    ``play_game`` plays with ``StrongBot`` and the same generator (see the module's
    docstring)."""
    limits.GAMES.check(n_games, "n_games")
    limits.SEED.check(seed, "seed")
    return play_strong(sheet, players, [[seed, game] for game in range(n_games)], options,
                       solo=solo, weights=weights).totals


def first_completions(crossed_at: Int32s, goals: Mapping[str, int],
                      ) -> dict[str, tuple[int, tuple[int, ...]]]:
    """For each goal (name: cell mask, as ``analysis.simulate.goal_masks`` gives them) that
    some seat completed, the roll it was first completed in and the seats that completed it
    in that roll, from one game's ``crossed_at`` (seats x cells, :class:`StrongGames`): what
    ``kok simulate``'s ``GameResult.first`` holds, in its order (by roll, then goal)."""
    return first_completions_of_games(crossed_at[np.newaxis], goals)[0]


def first_completions_of_games(crossed_at: Int32s, goals: Mapping[str, int],
                               ) -> list[dict[str, tuple[int, tuple[int, ...]]]]:
    """:func:`first_completions` of every game of ``crossed_at`` (games x seats x cells)
    at once."""
    found: list[list[tuple[int, int, str, tuple[int, ...]]]] = [[] for _ in crossed_at]
    for order, (name, mask) in enumerate(goals.items()):
        cells = list(cells_of(mask))
        if not cells:
            continue
        rolls = crossed_at[:, :, cells]
        # The roll each seat completed the goal in (0: never).
        done = np.where((rolls > 0).all(axis=2), rolls.max(axis=2), 0)
        first = np.where(done > 0, done, np.iinfo(np.int32).max).min(axis=1)
        for game in np.flatnonzero(done.any(axis=1)).tolist():
            roll = int(first[game])
            seats = tuple(np.flatnonzero(done[game] == roll).tolist())
            found[game].append((roll, order, name, seats))
    return [{name: (roll, seats) for roll, _, name, seats in sorted(listed)}
            for listed in found]


# -- one decision of a rules' game -----------------------------------------------------------
def state_of(game: Game, tables: Tables) -> State:
    """The engine's state of every seat of the rules' ``game`` (Keer op Keer 2's boxes,
    hearts, the hearts under completed columns and the rows' items too): each player's
    sheet is a view over a position of its own, whose one seat is copied (the passes as
    the game counts them)."""
    seats = len(game.sheets)
    state = kernels.new_state(seats, tables.size, tables.width, tables.height,
                              tables.colours, tables.boxes_at_start)
    for seat, player in enumerate(game.sheets):
        own = cast(SheetView, player).engine_state()
        for mine, theirs in zip(state, own, strict=True):
            mine[seat] = theirs[0]
        state.counters[seat, kernels.C_PASSES] = getattr(player, "passes", 0)
    return state


@dataclass(frozen=True)
class Decision:
    """What the compiled strong bot decided for one seat in one roll of a rules' game."""

    choice: Choice | None
    """The move it takes (``None``: a pass), with its bombs' squares in Keer op Keer 2."""
    values: Floats
    """The value of every move of ``Game.move_options`` (in its order), passing aside; in
    Keer op Keer 2 then of every action of ``special_choices`` (NaN for a row or stars
    action short of its fullest, which the bot never weighs), bombs not yet placed."""


_WORKSPACES: dict[tuple[int, Any], tuple[Tables, Any]] = {}
"""The workspaces of the last sheets decided on, by the tables' identity and maker."""


def kept_workspace(tables: Tables, make: Callable[[Tables], W]) -> W:
    """The workspace ``make`` makes for ``tables``, made once and kept for the decisions
    that follow (a decision's kernels work in it; making one costs more than deciding)."""
    key = (id(tables), make)
    found = _WORKSPACES.get(key)
    if found is None or found[0] is not tables:
        if len(_WORKSPACES) >= 16:
            _WORKSPACES.clear()
        found = _WORKSPACES[key] = (tables, make(tables))
    work: W = found[1]
    return work


class Seat(NamedTuple):
    """What a decision of one seat in the current roll of a rules' game gives the kernels
    (:func:`seat_inputs`): the sheet's tables, every seat's state, the roll's faces, the
    dice the seat may take and what is taken (rows: Keer op Keer 2)."""

    tables: Tables
    state: State
    roll_colours: Int32s
    roll_numbers: Int32s
    colour_dice: Int64s
    number_dice: Int64s
    taken_columns: npt.NDArray[np.bool_]
    taken_colours: npt.NDArray[np.bool_]
    taken_rows: npt.NDArray[np.bool_]


_COLOUR_INDEX: dict[int, tuple[Tables, dict[str, int]]] = {}


def _colour_index(tables: Tables) -> dict[str, int]:
    """Each colour's index in ``tables`` by its key; the joker colour and Kids' purple die
    the index after the colours (kept per tables)."""
    found = _COLOUR_INDEX.get(id(tables))
    if found is None or found[0] is not tables:
        if len(_COLOUR_INDEX) >= 16:
            _COLOUR_INDEX.clear()
        index = {key: k for k, key in enumerate(tables.colour_keys)}
        index[JOKER_COLOUR] = index[PURPLE] = tables.colours
        found = _COLOUR_INDEX[id(tables)] = (tables, index)
    return found[1]


def seat_inputs(game: Game, seat: int, what: str = "the strong bot") -> tuple[int, Seat]:
    """``seat`` checked (an index or a name) and what its decision in the current roll of
    the rules' ``game`` gives the kernels; refuses a game that is not waiting for a
    choice, or on a sheet the engine's bots do not play."""
    if not isinstance(game, Game):
        raise KokTypeError(f"{what} decides in a rules' Game, not {type(game).__name__}")
    _engine_sheet(game.sheet, what)
    seat = game.seat_of(seat)
    colour_dice, number_dice = game.dice_for(seat)  # refuses a game waiting for no roll
    roll = game.roll
    assert roll is not None
    tables = tables_for(game.sheet)
    index = _colour_index(tables)
    roll_colours = np.array([index[face] for face in roll.colours], dtype=np.int32)
    taken_columns = np.zeros(tables.width, dtype=np.bool_)
    taken_colours = np.zeros(tables.colours, dtype=np.bool_)
    taken_rows = np.zeros(tables.height, dtype=np.bool_)
    if game.taken_columns:
        taken_columns[list(game.taken_columns)] = True
    if game.taken_colours:
        taken_colours[[index[k] for k in game.taken_colours]] = True
    if game.taken_rows:
        taken_rows[list(game.taken_rows)] = True
    return seat, Seat(tables, state_of(game, tables), roll_colours,
                      np.array(roll.numbers, dtype=np.int32),
                      np.array(colour_dice, dtype=np.int64),
                      np.array(number_dice, dtype=np.int64), taken_columns, taken_colours,
                      taken_rows)


def classic_choice(game: Game, tables: Tables, colour_die: int, number_die: int,
                   move: Int32s) -> Choice | None:
    """The rules' choice of a kernel's classic move row (``None``: a pass, die -1)."""
    if colour_die < 0:
        return None
    cells = sum(1 << int(cell) for cell in move[kernels.M_CELLS:] if cell >= 0)
    made = Move(tables.colour_keys[move[kernels.M_COLOUR]], int(move[kernels.M_NUMBER]),
                cells, bool(move[kernels.M_COLOUR_JOKER]), bool(move[kernels.M_NUMBER_JOKER]),
                game.sheet.width)
    return Choice(int(colour_die), int(number_die), made)


def kok2_choice(game: Game, tables: Tables, kind: int, colour_die: int, number_die: int,
                cells: Int32s, bombs: Int32s, colour: int, number: int) -> Choice | None:
    """The rules' choice of a kernel's Keer op Keer 2 decision: ``kind``
    (:data:`~kok_layouts.rules.engine.strong_kok2.KIND_PASS`, ``KIND_MOVE`` or
    ``KIND_SPECIAL``), the dice, the cells, the bombs' squares (rows of cells, -1 padded),
    the move's colour and number."""
    if kind == strong_kok2.KIND_PASS:
        return None
    roll = game.roll
    assert roll is not None
    width = game.sheet.width
    mask = sum(1 << int(cell) for cell in cells if cell >= 0)
    squares = tuple(sum(1 << int(cell) for cell in square if cell >= 0) for square in bombs)
    if kind == strong_kok2.KIND_SPECIAL:
        assert roll.special is not None
        action = Special(cast(SpecialFace, roll.special), mask, width)
        return Choice(SPECIAL_DIE, SPECIAL_DIE, action, squares)
    made = Move(tables.colour_keys[colour], int(number), mask,
                roll.colours[colour_die] == JOKER_COLOUR, roll.numbers[number_die] == 0, width)
    return Choice(int(colour_die), int(number_die), made, squares)


def kids_choice(game: Game, tables: Tables, die: int, move: Int32s) -> Choice | None:
    """The rules' choice of a kernel's Kids move row (die face, enclosure, chameleon
    enclosure; ``None``: nothing legal, die -1)."""
    if die < 0:
        return None
    roll = game.roll
    assert roll is not None

    def cells(area: int) -> int:
        if area < 0:
            return 0
        return sum(1 << int(cell) for cell in tables.area_cells[area, :tables.area_size[area]])

    made = KidsMove(roll.colours[die], cells(int(move[1])), cells(int(move[2])),
                    game.sheet.width)
    return Choice(int(die), NO_DIE, made)


def horizons(game: Game, table: Floats, ahead: int = 0) -> tuple[float, float]:
    """The rolls ``game``'s current seat will still act in after this one (as seen
    ``ahead`` rolls later) and the horizon they are a share of, as the strong bot weighs
    them (``StrongBot._rolls_left``)."""
    roll_limit = game.roll_limit if game.roll_limit is not None else NO_LIMIT
    left = strong_kernels.rolls_left(table, game.solo, roll_limit, game.rolls_done + ahead,
                                     game.end_triggered, game.options.end == "roll",
                                     len(game.players), game.active)
    return float(left), float(strong_kernels.horizon_of(table, game.solo, roll_limit))


def decide(game: Game, seat: int, weights: StrongWeights | None = None) -> Decision:
    """The compiled strong bot's decision for ``seat`` in the current roll of the rules'
    ``game`` (the choice ``StrongBot().choose_by_dice`` or, in Kids,
    ``choose_enclosure`` makes, and every move's value); ``weights``: the edition's tuned
    set by default."""
    seat, inputs = seat_inputs(game, seat)
    return decide_seat(game, seat, inputs, _weights_of(game.sheet, weights))


def decide_seat(game: Game, seat: int, inputs: Seat, table: Floats) -> Decision:
    """:func:`decide` for the checked ``seat`` and its inputs (:func:`seat_inputs`), with
    the weights as the kernels read them."""
    tables = inputs.tables
    announce(tables.edition)
    left, horizon = horizons(game, table)
    options = game.options
    if tables.edition == KIDS:
        return _decide_kids(game, seat, inputs, table, left, horizon)
    if tables.edition == KOK2:
        return _decide_kok2(game, seat, inputs, table, left, horizon)
    colour_die, number_die, best, rows, values = strong_kernels.strong_choice(
        tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.roll_numbers,
        inputs.colour_dice, inputs.number_dice, inputs.taken_columns, inputs.taken_colours,
        options.connect_through_crossed, options.number_joker_six, table, left, horizon,
        game.solo, game.sheets[seat].star_penalty, options.pass_penalty, COMPENSATED_SUM,
        kept_workspace(tables, strong_kernels.new_workspace))
    move = rows[best] if colour_die >= 0 else rows[:0]
    return Decision(classic_choice(game, tables, colour_die, number_die, move), values.copy())


def _decide_kok2(game: Game, seat: int, inputs: Seat, table: Floats, left: float,
                 horizon: float) -> Decision:
    """:func:`decide` in a Keer op Keer 2 game: the special die and bombs too."""
    game = cast(Kok2Game, game)
    roll = game.roll
    assert roll is not None
    options, tables = game.options, inputs.tables
    special = SPECIAL_FACE_CODES[roll.special] if roll.special is not None else -1
    kind, colour_die, number_die, cells, bombs, _, values, colour, number = \
        strong_kok2.kok2_strong_choice(
            tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.roll_numbers,
            special, inputs.colour_dice, inputs.number_dice, game.special_for(seat),
            inputs.taken_columns, inputs.taken_colours, inputs.taken_rows,
            options.connect_through_crossed, options.number_joker_six, table, left, horizon,
            game.solo, game.sheets[seat].star_penalty, options.pass_penalty,
            COMPENSATED_SUM, kept_workspace(tables, strong_kok2.new_kok2_workspace))
    return Decision(kok2_choice(game, tables, kind, colour_die, number_die, cells, bombs,
                                colour, number), values.copy())


def _decide_kids(game: Game, seat: int, inputs: Seat, table: Floats, left: float,
                 horizon: float) -> Decision:
    """:func:`decide` in a Kids game: whole enclosures, chameleons, and for the active seat
    of a game with others what its die leaves them."""
    deny = not game.solo and bool(table[strong_kernels.W_DENY]) and seat == game.active
    tables = inputs.tables
    die, move, values = strong_kids.kids_strong_choice(
        tables.arrays, inputs.state, seat, inputs.roll_colours, inputs.colour_dice,
        inputs.taken_columns, table, left, horizon, game.solo, deny, COMPENSATED_SUM,
        kept_workspace(tables, strong_kok2.new_kok2_workspace))
    return Decision(kids_choice(game, tables, die, move), values.copy())


class EngineStrongBot(WeighingBot):
    """The compiled strong bot as a strategy of the rules' ``play_game`` (every edition):
    each decision is :func:`decide` on the rules' game, the choice ``StrongBot`` makes."""

    name = "strong"

    def __init__(self, weights: StrongWeights | None = None) -> None:
        self.weights = weight_array(weights)  # checked once
        self._weights = weights

    def __repr__(self) -> str:
        return f"EngineStrongBot({self._weights!r})" if self._weights else "EngineStrongBot()"

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        return decide(game, seat, self._weights).choice

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        return decide(game, seat, self._weights).choice
