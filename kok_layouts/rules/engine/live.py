"""The live bots' decisions inside the engine: one seat's choice in the current roll of a
rules' game, as the greedy and expert bots make it (the strong bot's is
:func:`kok_layouts.rules.engine.strong.decide`).

:func:`decide_greedy` asks the greedy kernels the whole games play with
(:func:`~kok_layouts.rules.engine.greedy.greedy_choice`, ``kok2_greedy_choice``,
``kids_greedy_choice``); :func:`decide_expert` weighs the strong bot's few best moves
again by the expected best value of the next roll (:mod:`~kok_layouts.rules.engine.expert`;
Kids too, its three dice's throws).
Both are the choices ``GreedyBot`` and ``ExpertBot`` made in Python, bombs' squares and
all (tests/test_bots_answers.py holds them to their recorded answers).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.engine import compiling, expert, greedy, kids, kok2, strong_kok2
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS
from kok_layouts.rules.engine.greedy import Greedy
from kok_layouts.rules.engine.kernels import C_MARKS_USED
from kok_layouts.rules.engine.strong import (
    COMPENSATED_SUM,
    Decision,
    Seat,
    classic_choice,
    decide_seat,
    horizons,
    kept_workspace,
    kids_choice,
    kok2_choice,
    seat_inputs,
    weight_array,
)
from kok_layouts.rules.engine.tables import KIDS, KOK2, MOVE_CELLS, SPECIAL_FACE_CODES
from kok_layouts.rules.game import Choice, Game, MoveOption, new_game
from kok_layouts.rules.kok2 import Special
from kok_layouts.rules.strong import StrongWeights

if TYPE_CHECKING:
    from kok_layouts.rules.engine.learned import LearnedDecision
    from kok_layouts.rules.kok2 import Kok2PlayerSheet
    from kok_layouts.rules.learned import LearnedBot


_LOOKED: set[str] = set()
"""The kernels :func:`_announce` has looked for in numba's cache, by what they compile."""


def _announce(entry: Callable[..., Any], what: str) -> None:
    """Say that the engine is being compiled (:func:`~kok_layouts.rules.engine.compiling.
    announce`) when numba's cache does not hold ``entry``; looked for once a process."""
    if entry.__name__ not in _LOOKED:
        _LOOKED.add(entry.__name__)
        compiling.announce(entry, seconds=COMPILE_SECONDS[what])


def decide_greedy(game: Game, seat: int, weights: Greedy | None = None) -> Choice | None:
    """The greedy bot's choice for ``seat`` in the current roll of the rules' ``game``
    (every edition; ``None``: a pass), as ``GreedyBot`` with ``weights`` (default: its
    defaults) makes it."""
    seat, inputs = seat_inputs(game, seat, "the greedy bot")
    weights = weights if weights is not None else Greedy()
    tables, state, options = inputs.tables, inputs.state, game.options
    if tables.edition == KIDS:
        _announce(kids.kids_greedy_choice, "kids")
        die, move = kids.kids_greedy_choice(tables.arrays, state, seat, inputs.roll_colours,
                                            inputs.colour_dice, inputs.taken_columns,
                                            weights)
        return kids_choice(game, tables, die, move)
    if tables.edition == KOK2:
        _announce(kok2.kok2_greedy_choice, "kok2")
        roll = game.roll
        assert roll is not None
        special = SPECIAL_FACE_CODES[roll.special] if roll.special is not None else -1
        kind, colour_die, number_die, cells, bombs, colour, number, _ = \
            kok2.kok2_greedy_choice(
                tables.arrays, state, seat, inputs.roll_colours, inputs.roll_numbers,
                special, inputs.colour_dice, inputs.number_dice,
                game.special_for(seat), game.rolls_done, inputs.taken_columns,
                inputs.taken_colours, inputs.taken_rows, options.connect_through_crossed,
                options.number_joker_six, weights)
        return kok2_choice(game, tables, kind, colour_die, number_die, cells, bombs, colour,
                           number)
    _announce(greedy.greedy_choice, "classic")
    colour_die, number_die, move = greedy.greedy_choice(
        tables.arrays, state, seat, inputs.roll_colours, inputs.roll_numbers,
        inputs.colour_dice, inputs.number_dice, game.rolls_done, inputs.taken_columns,
        inputs.taken_colours, options.connect_through_crossed, options.number_joker_six,
        weights)
    return classic_choice(game, tables, colour_die, number_die, move)


def decide_expert(game: Game, seat: int, weights: StrongWeights, *, candidates: int = 8,
                  lookahead: float = 2.0, margin: float = 1.5,
                  pass_below: float = 0.0) -> Choice | None:
    """The expert bot's choice for ``seat`` in the current roll of the rules' ``game``
    (``None``: a pass): of the strong bot's ``candidates`` best moves (one per cells,
    jokers and kind, bombs then placed; none more than ``margin`` below the best), the one
    whose value plus ``lookahead`` times the expected best value of the next roll after it
    is highest; a pass (the next roll after passing) is weighed too when the best move is
    worth less than ``pass_below`` (not in Kids: a Kids player must move when it can)."""
    seat, inputs = seat_inputs(game, seat, "the expert bot")
    table = weight_array(weights)
    decision = decide_seat(game, seat, inputs, table)
    tables = inputs.tables
    if tables.edition == KIDS:
        return _decide_expert_kids(game, seat, inputs, table, decision, candidates, lookahead,
                                   margin)
    values = decision.values
    if not values.shape[0]:  # (no move and no special action: a pass)
        return None
    _announce(expert.next_rolls, "expert")
    options = game.move_options(seat)
    best = _candidates(game, seat, options, values, candidates, margin)
    width = game.sheet.width
    work = kept_workspace(tables, strong_kok2.new_kok2_workspace)
    left, horizon = horizons(game, table)
    player = game.sheets[seat]
    chosen: list[tuple[float, Choice]] = []
    for value, made in best:
        choice = made if isinstance(made, Choice) else Choice.of_option(made, width)
        if tables.edition == KOK2 and _owes_bombs(game, player, choice, inputs, seat):
            choice, value = _with_bombs(game, seat, inputs, choice, table, left, horizon,
                                        work)
        chosen.append((value, choice))
    weigh_pass = not chosen or chosen[0][0] < pass_below
    if not weigh_pass and len(chosen) == 1:
        return chosen[0][1]
    if left <= 0:
        ahead = np.zeros(len(chosen) + 1)
    else:
        rows, jokers = _looked_rows([None, *(choice for _, choice in chosen)])
        left_ahead, _ = horizons(game, table, ahead=1)
        skip = 0 if weigh_pass else 1
        ahead = expert.next_rolls(
            tables.arrays, inputs.state, seat, rows[skip:], jokers[skip:], inputs.taken_columns,
            inputs.taken_colours, inputs.taken_rows, game.options.connect_through_crossed,
            table, left_ahead, horizon, game.solo, player.star_penalty,
            game.options.pass_penalty, COMPENSATED_SUM, work)
        if skip:
            ahead = np.concatenate([[-1e9], ahead])
    best_choice: Choice | None = None
    best_value = lookahead * float(ahead[0])
    for k, (value, choice) in enumerate(chosen, start=1):
        total = value + lookahead * float(ahead[k])
        if total > best_value:
            best_choice, best_value = choice, total
    return best_choice


@dataclass(frozen=True)
class Searched:
    """A learned decision with the look at the next roll (:func:`searched`)."""

    choices: tuple[Choice | None, ...]
    """The candidates looked at (``None``: passing)."""
    features: np.ndarray
    """Per candidate its features."""
    totals: np.ndarray
    """Per candidate its total: strong value, correction and network, and the look."""
    ahead: np.ndarray
    """Per candidate the expected best value of the next roll after it."""
    chosen: int
    choice: Choice | None
    """The choice made (when no candidate was weighed, the compiled bot's)."""


def decide_searched(game: Game, seat: int, bot: LearnedBot, lookahead: float,
                    margin: float = 1.5, pass_below: float = 0.0) -> Choice | None:
    """The learned bot's choice with its look at the next roll (:func:`searched`)."""
    return searched(game, seat, bot, lookahead, margin, pass_below).choice


def searched(game: Game, seat: int, bot: LearnedBot, lookahead: float,
             margin: float = 1.5, pass_below: float = 0.0) -> Searched:
    """The learned bot's decision with its look at the next roll: of the candidates the
    compiled learned bot weighs (:func:`~kok_layouts.rules.engine.learned.decide_learned`:
    the strong bot's best few, one per cells and jokers, passing first; none more than
    ``margin`` below the best; passing only when no move is worth ``pass_below``), the one
    whose total (strong value plus the learned correction and value network) plus
    ``lookahead`` times the expected best value of the next roll after it (the expert's
    look, :func:`~kok_layouts.rules.engine.expert.next_rolls`; Kids:
    :func:`~kok_layouts.rules.engine.expert.kids_next_rolls`) is highest."""
    from kok_layouts.rules.engine.learned import _checked_strong, decide_learned, edition_name
    from kok_layouts.rules.engine.strong import _weights_of

    decision = decide_learned(game, seat, bot)
    found = len(decision.candidates)
    nothing = np.zeros(0)
    if not found:
        return Searched((), decision.features, nothing, nothing, -1, decision.choice)
    values = decision.values
    moves = [k for k in range(found) if decision.candidates[k] is not None]
    if not moves:
        return Searched((None,), decision.features[:1], decision.totals[:1], np.zeros(1), 0,
                        None)
    top = float(values[moves].max())
    keep = [k for k in moves if values[k] >= top - margin]
    if len(keep) < found and any(c is None for c in decision.candidates) and top < pass_below:
        keep = [0, *keep]
    seat, inputs = seat_inputs(game, seat, "the learned bot")
    table = _weights_of(game.sheet, _checked_strong(bot, None, edition_name(game.sheet)))
    left, horizon = horizons(game, table)
    if len(keep) == 1 or left <= 0:
        ahead = np.zeros(len(keep))
    else:
        ahead = _looked(game, seat, inputs, decision, keep, table, horizon)
    totals = decision.totals[keep] + lookahead * ahead
    chosen = int(np.argmax(totals))
    return Searched(tuple(decision.candidates[k] for k in keep), decision.features[keep],
                    totals, ahead, chosen, decision.candidates[keep[chosen]])


def _looked(game: Game, seat: int, inputs: Seat, decision: LearnedDecision, keep: list[int],
            table: np.ndarray, horizon: float) -> np.ndarray:
    """The expected best value of the next roll after each kept candidate of
    ``decision``."""
    tables = inputs.tables
    work = kept_workspace(tables, strong_kok2.new_kok2_workspace)
    left_ahead, _ = horizons(game, table, ahead=1)
    if tables.edition == KIDS:
        _announce(expert.kids_next_rolls, "expert")
        rows = np.ascontiguousarray(decision.rows[keep], dtype=np.int32)
        ahead = expert.kids_next_rolls(
            tables.arrays, inputs.state, seat, rows, inputs.taken_columns, table, left_ahead,
            horizon, game.solo, _kept_by_other(game, seat), COMPENSATED_SUM, work)
    else:
        _announce(expert.next_rolls, "expert")
        rows, jokers = _looked_rows([decision.candidates[k] for k in keep])
        player = game.sheets[seat]
        ahead = expert.next_rolls(
            tables.arrays, inputs.state, seat, rows, jokers, inputs.taken_columns,
            inputs.taken_colours, inputs.taken_rows, game.options.connect_through_crossed,
            table, left_ahead, horizon, game.solo, player.star_penalty,
            game.options.pass_penalty, COMPENSATED_SUM, work)
    found: np.ndarray = ahead
    return found


def _candidates(game: Game, seat: int, options: list[MoveOption], values: np.ndarray,
                candidates: int, margin: float) -> list[tuple[float, Choice | MoveOption]]:
    """The strong bot's ``candidates`` best moves and special actions by ``values`` (in
    the order of ``options``, then of ``game.special_choices``; NaN: not weighed), best
    first, one per cells, jokers and kind (the first of the highest value), none more than
    ``margin`` below the best."""
    specials: list[Choice] | None = None
    seen: set[tuple[int, int, bool]] = set()
    best: list[tuple[float, Choice | MoveOption]] = []
    order = np.argsort(-values, kind="stable").tolist()
    top = float(values[order[0]])
    for index in order:
        value = float(values[index])
        if math.isnan(value):  # (sorted last: a row or stars action short of its fullest)
            break
        if value < top - margin or len(best) >= candidates:
            break
        made: Choice | MoveOption
        if index < len(options):
            option = made = options[index]
            key = (option[4], option[5] + option[6], False)
        else:
            if specials is None:
                specials = game.special_choices(seat)
            special = made = specials[index - len(options)]
            key = (special.move.cells, 0, True)
        if key not in seen:
            seen.add(key)
            best.append((value, made))
    return best


def _cells_of(mask: int) -> list[int]:
    """The cells of ``mask`` in order."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def _owes_bombs(game: Game, player: object, choice: Choice, inputs: Seat, seat: int) -> bool:
    """Whether ``choice`` earns bombs at once (Keer op Keer 2): only a move that completes
    a row can, and the rules say whether it does."""
    tables, crossed = inputs.tables.arrays, inputs.state.crossed[seat]
    row_count = inputs.state.row_count[seat]
    fresh: dict[int, int] = {}
    for cell in _cells_of(choice.move.cells):
        if not crossed[cell]:
            row = int(tables.cell_row[cell])
            fresh[row] = fresh.get(row, 0) + 1
    if not any(row_count[row] + count >= tables.row_size[row] for row, count in fresh.items()):
        return False
    sheet: Kok2PlayerSheet = player  # type: ignore[assignment]
    return bool(sheet.bombs_owed(choice.move, game.taken_rows))


def _with_bombs(game: Game, seat: int, inputs: object, choice: Choice, table: np.ndarray,
                left: float, horizon: float, work: strong_kok2.Kok2Work,
                ) -> tuple[Choice, float]:
    """``choice`` with its bombs' squares placed as the strong bot places them, and its
    value with them."""
    assert isinstance(inputs, Seat)
    move = choice.move
    special = isinstance(move, Special)
    face = SPECIAL_FACE_CODES[move.face] if isinstance(move, Special) else -1
    cells = np.array(_cells_of(move.cells), dtype=np.int32)
    bombs, value = expert.candidate_bombs(
        inputs.tables.arrays, inputs.state, seat, cells, 0 if special else move.jokers,
        special, face, inputs.taken_columns, inputs.taken_colours, inputs.taken_rows, table,
        left, horizon, game.solo, game.sheets[seat].star_penalty, game.options.pass_penalty,
        COMPENSATED_SUM, work)
    squares = tuple(sum(1 << int(cell) for cell in square if cell >= 0) for square in bombs)
    return Choice(choice.colour_die, choice.number_die, move, squares), float(value)


def warm_live(*sheets: Sheet) -> None:
    """Compile (or load from the cache) the live bots' kernels: the first roll of a
    two-seat game on each of ``sheets`` decided by the greedy, learned and expert bots, and a
    candidate's bombs on a Keer op Keer 2 sheet."""
    from kok_layouts.rules.engine.learned import decide_learned
    from kok_layouts.rules.strong import edition_of
    from kok_layouts.rules.strong_weights import TUNED

    for sheet in sheets:
        game = new_game(sheet, 2)
        game.throw(np.random.default_rng(0))
        decide_greedy(game, 0)
        decide_learned(game, 0)
        weights = TUNED[edition_of(game)]
        decide_expert(game, 0, weights)
        seat, inputs = seat_inputs(game, 0, "the expert bot")
        if inputs.tables.edition == KOK2:
            table = weight_array(weights)
            expert.candidate_bombs(
                inputs.tables.arrays, inputs.state, seat, np.full(1, -1, dtype=np.int32), 0,
                False, -1, inputs.taken_columns, inputs.taken_colours, inputs.taken_rows,
                table, 1.0, 1.0, False, 0, 0, COMPENSATED_SUM,
                strong_kok2.new_kok2_workspace(inputs.tables))


def _decide_expert_kids(game: Game, seat: int, inputs: Seat, table: np.ndarray,
                        decision: Decision, candidates: int, lookahead: float,
                        margin: float) -> Choice | None:
    """:func:`decide_expert` in a Kids game: of the strong bot's ``candidates`` best moves
    (none more than ``margin`` below the best), the one whose value plus ``lookahead``
    times the expected best value of the next roll after it
    (:func:`~kok_layouts.rules.engine.expert.kids_next_rolls`, every throw of the three
    dice) is highest. No pass to weigh: a Kids player must move when it can."""
    values = decision.values
    if not values.shape[0]:  # (no legal move: a pass)
        return decision.choice
    tables = inputs.tables
    rows, dice = _kids_moves(inputs, seat)
    if rows.shape[0] != values.shape[0]:  # the kernels disagree: a bug, said plainly
        raise BadArgumentError(f"the strong bot valued {values.shape[0]} Kids moves, but "
                               f"the roll allows {rows.shape[0]}")
    order = np.argsort(-values, kind="stable").tolist()
    top = float(values[order[0]])
    best: list[int] = []
    seen: set[tuple[int, int, int]] = set()
    for index in order:
        if float(values[index]) < top - margin or len(best) >= candidates:
            break
        key = (int(rows[index, 0] == tables.arrays.colours), int(rows[index, 1]),
               int(rows[index, 2]))
        if key not in seen:
            seen.add(key)
            best.append(index)
    left, horizon = horizons(game, table)
    if len(best) == 1 or left <= 0:
        return kids_choice(game, tables, dice[best[0]], rows[best[0]])
    _announce(expert.kids_next_rolls, "expert")
    left_ahead, _ = horizons(game, table, ahead=1)
    ahead = expert.kids_next_rolls(
        tables.arrays, inputs.state, seat, rows[best], inputs.taken_columns, table,
        left_ahead, horizon, game.solo, _kept_by_other(game, seat), COMPENSATED_SUM,
        kept_workspace(tables, strong_kok2.new_kok2_workspace))
    totals = values[best] + lookahead * ahead
    chosen = best[int(np.argmax(totals))]
    return kids_choice(game, tables, dice[chosen], rows[chosen])


def _kept_by_other(game: Game, seat: int) -> bool:
    """Whether in Kids ``seat`` gets the dice the active seat leaves, not the whole throw:
    in a game with others, unless it is the active seat."""
    seats = len(game.players)
    return not game.solo and seats > 1 and (game.active + 1) % seats != seat


def _looked_rows(choices: list[Choice | None]) -> tuple[np.ndarray, np.ndarray]:
    """The rows of cells ``next_rolls`` crosses for ``choices`` (a move's cells and its
    bombs' squares in order, -1 padded; ``None``, a pass: none) and the marks each uses."""
    listed: list[list[int]] = []
    for choice in choices:
        cells = 0 if choice is None else choice.move.cells
        for square in () if choice is None else choice.bombs:
            cells |= square
        listed.append(_cells_of(cells))
    rows = np.full((len(choices), max(MOVE_CELLS, *(len(c) for c in listed))), -1,
                   dtype=np.int32)
    jokers = np.zeros(len(choices), dtype=np.int64)
    for i, (choice, crossed) in enumerate(zip(choices, listed, strict=True)):
        rows[i, :len(crossed)] = crossed
        if choice is not None and not choice.is_special:
            jokers[i] = choice.move.jokers
    return rows, jokers


def _kids_moves(inputs: Seat, seat: int) -> tuple[np.ndarray, list[int]]:
    """Every legal Kids move of ``seat``'s dice as rows of ``kids_legal_moves`` and the die
    each is made with, in the order the strong bot values them (``kids_strong_choice``: the
    dice in turn, a face once)."""
    tables, state = inputs.tables.arrays, inputs.state
    crossed, marks_used = state.crossed[seat], state.counters[seat, C_MARKS_USED]
    found: list[np.ndarray] = []
    dice: list[int] = []
    faces: set[int] = set()
    for die in inputs.colour_dice.tolist():
        face = int(inputs.roll_colours[die])
        if face in faces:
            continue
        faces.add(face)
        moves = kids.kids_legal_moves(tables, crossed, marks_used, face)
        found.append(moves)
        dice += [die] * moves.shape[0]
    rows = np.concatenate(found) if found else np.empty((0, 3), dtype=np.int32)
    return rows, dice
