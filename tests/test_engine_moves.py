"""The engine's moves, crosses, completions, scores and end against the rules' own.

A game is played by the rules (random and greedy bots, seeded); the engine follows it
move for move, and at every choice the two must list the same legal moves for every pair
of faces, and after it hold the same crosses, completions and score.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import ClassicSheet, KidsSheet, load_layout
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError, WrongSheetError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, PURPLE
from kok_layouts.rules.engine import Position
from kok_layouts.rules.game import COLOURS_TO_END, Game
from kok_layouts.rules.kids import KidsGame, KidsMove, KidsPlayerSheet
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet

from .test_engine_tables import CLASSIC_LAYOUTS, DONUT, EXAMPLES, grid_sheet

NUMBER_FACES = (1, 2, 3, 4, 5, JOKER_NUMBER)


def classic(name: str) -> ClassicSheet:
    sheet = load_layout(name)
    assert isinstance(sheet, ClassicSheet)
    return sheet


def kids() -> KidsSheet:
    sheet = load_layout("kids")
    assert isinstance(sheet, KidsSheet)
    return sheet


def faces(sheet: Sheet) -> list[str]:
    return [c.key for c in sheet.colours] + [JOKER_COLOUR]


def assert_same_legal_moves(player: PlayerSheet, position: Position, seat: int) -> None:
    """For every colour face and number face: the same moves, in the same order."""
    for colour in faces(player.sheet):
        for number in NUMBER_FACES:
            assert position.legal_moves(seat, colour, number) \
                == player.legal_moves(colour, number), (colour, number)


def assert_same_sheet(player: PlayerSheet, position: Position, seat: int) -> None:
    """The same crosses, marks, completions and score."""
    assert position.crossed(seat) == player.crossed
    assert position.marks_left(seat) == player.marks_left
    assert position.completed_columns(seat) == player.completed_columns()
    assert position.completed_colours(seat) == player.completed_colours()
    assert position.score(seat) == player.score()


def follow(game: Game, rng: np.random.Generator, bots: list[Strategy], position: Position,
           *, every_face: bool = True) -> int:
    """Play ``game`` to its end with ``bots``, the engine's ``position`` following; returns
    how many choices were compared."""
    compared = 0
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                player = game.sheets[seat]
                if every_face:
                    assert_same_legal_moves(player, position, seat)
                choice = bots[seat].choose(game, seat, rng)
                game.choose(seat, choice)
                if choice is None:
                    if seat == game.active:
                        position.count_pass(seat)
                else:
                    assert isinstance(choice.move, Move)
                    position.push(seat, choice.move, taken_columns=game.taken_columns,
                                  taken_colours=game.taken_colours)
                assert_same_sheet(player, position, seat)
                compared += 1
        game.finish_roll()
        ends = any(len(s.completed_colours()) >= COLOURS_TO_END for s in game.sheets)
        assert position.ends_game() == ends
    return compared


def bots_for(kinds: str) -> list[Strategy]:
    return [GreedyBot() if kind == "g" else RandomBot() for kind in kinds]


# -- classic, on every layout --------------------------------------------------------------
@pytest.mark.parametrize("layout", CLASSIC_LAYOUTS + EXAMPLES)
def test_every_position_of_a_random_and_a_greedy_game_has_the_same_moves(layout: str) -> None:
    sheet = classic(layout)
    options = Options(max_rolls=60)
    # Seeds from the layout's own name, never from where the checkout lies; games until
    # enough positions were compared (a small board's game is short).
    name = zlib.crc32(Path(layout).name.encode())
    positions = 0
    for game_number in range(6):
        game = Game(sheet, 2, options)
        position = Position(sheet, 2, options)
        positions += follow(game, np.random.default_rng([name, game_number]), bots_for("rg"),
                            position)
        if positions > 40:
            break
    assert positions > 20


@pytest.mark.parametrize("layout", ["black", "green", *EXAMPLES])
def test_a_solo_game_follows_the_rules_to_its_end(layout: str) -> None:
    sheet = classic(layout)
    game = Game(sheet, ["solo"], solo=True)
    position = Position(sheet, 1)
    follow(game, np.random.default_rng(3), bots_for("g"), position)
    assert game.over


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=40),
    Options(number_joker_six=True, max_rolls=40),
    Options(connect_through_crossed=True, number_joker_six=True, max_rolls=40),
    Options(first_three_rolls_open=False, end="roll", max_rolls=40),
    Options(star_penalty=3, pass_penalty=1, max_rolls=40),
], ids=["loose", "six", "loose-six", "closed-roll", "house-penalties"])
def test_the_options_that_change_legality_or_score_change_them_alike(options: Options) -> None:
    for layout in ("black", DONUT):
        sheet = classic(layout)
        game = Game(sheet, 3, options)
        position = Position(sheet, 3, options)
        follow(game, np.random.default_rng(11), bots_for("rgr"), position)


def test_a_board_of_520_cells_follows_the_rules() -> None:
    sheet = grid_sheet(26, 20)
    options = Options(max_rolls=25)
    game = Game(sheet, 2, options)
    position = Position(sheet, 2, options)
    follow(game, np.random.default_rng(5), bots_for("rg"), position)


def test_a_board_of_seven_colours_follows_the_rules() -> None:
    sheet = grid_sheet(15, 7, colours=7, start="H")
    options = Options(max_rolls=40, connect_through_crossed=True)
    game = Game(sheet, 2, options)
    position = Position(sheet, 2, options)
    follow(game, np.random.default_rng(8), bots_for("gr"), position)


# -- the rules in sentences -------------------------------------------------------------------
def test_the_first_move_of_a_game_always_touches_the_start_column() -> None:
    sheet = classic("black")
    position = Position(sheet)
    moves = position.legal_moves(0, JOKER_COLOUR, JOKER_NUMBER)
    assert moves
    start = PlayerSheet(sheet).board.start_mask
    assert all(move.cells & start for move in moves)


def test_each_joker_costs_a_mark_and_with_none_left_there_are_no_joker_moves() -> None:
    sheet = classic("black")
    position = Position(sheet)
    position.set_crossed(0, 0, marks_used=sheet.exclamation_marks - 1)
    assert position.legal_moves(0, JOKER_COLOUR, 2)
    assert position.legal_moves(0, "g", JOKER_NUMBER)
    assert position.legal_moves(0, JOKER_COLOUR, JOKER_NUMBER) == []
    position.set_crossed(0, 0, marks_used=sheet.exclamation_marks)
    assert position.legal_moves(0, JOKER_COLOUR, 2) == []
    assert position.legal_moves(0, "g", 2) == PlayerSheet(sheet).legal_moves("g", 2)


def test_a_move_crosses_exactly_n_connected_cells_of_one_area() -> None:
    sheet = classic("black")
    player = PlayerSheet(sheet)
    position = Position(sheet)
    for number in range(1, 6):
        for move in position.legal_moves(0, JOKER_COLOUR, number):
            assert move.cells.bit_count() == number
            assert len({sheet.area_of[c] for c in range(sheet.geometry.size)
                        if move.cells >> c & 1}) == 1
            assert player.why_illegal(move) is None or move.jokers > player.marks_left


def test_crossing_a_cell_twice_is_refused_and_changes_nothing() -> None:
    sheet = classic("black")
    position = Position(sheet)
    move = position.legal_moves(0, "y", 1)[0]
    position.push(0, move)
    crossed = position.crossed(0)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        position.push(0, move)
    assert position.crossed(0) == crossed


def test_completing_what_another_seat_completed_before_scores_the_later_value() -> None:
    sheet = classic("black")
    column_h = [c for c in range(sheet.geometry.size) if c % sheet.width == 7]
    player = PlayerSheet(sheet)
    player.crossed = sum(1 << c for c in column_h[1:])
    position = Position(sheet, 2)
    position.set_crossed(0, player.crossed)
    last = 1 << column_h[0]
    key = sheet.cell_colours[column_h[0]] or ""
    move = Move(key, 1, last, width=sheet.width)
    assert position.push(0, move, taken_columns=[7]) == ([7], [])
    player.push(move, taken_columns=[7])
    assert position.score(0) == player.score()
    assert position.score(0).columns == sheet.column_points[7].later


# -- Kids ----------------------------------------------------------------------------------
def assert_same_kids_sheet(player: KidsPlayerSheet, position: Position, seat: int) -> None:
    assert position.crossed(seat) == player.crossed
    assert position.marks_left(seat) == player.marks_left
    assert position.completed_columns(seat) == player.completed_columns()
    assert position.completed_colours(seat) == player.completed_colours()
    assert position.kids_score(seat) == player.score()


def follow_kids(game: KidsGame, rng: np.random.Generator, bots: list[Strategy],
                position: Position) -> None:
    sheet = game.sheet
    kids_faces = [c.key for c in sheet.colours] + [PURPLE]
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                player = game.sheets[seat]
                for face in kids_faces:
                    assert position.kids_legal_moves(seat, face) == player.legal_moves(face)
                choice = bots[seat].choose(game, seat, rng)
                game.choose(seat, choice)
                if choice is not None:
                    assert isinstance(choice.move, KidsMove)
                    position.kids_push(seat, choice.move, taken_columns=game.taken_columns)
                assert_same_kids_sheet(player, position, seat)
        game.finish_roll()
        ends = any(len(s.completed_colours()) >= COLOURS_TO_END for s in game.sheets)
        assert position.ends_game() == ends


@pytest.mark.parametrize(("players", "kinds", "seed"), [(2, "rg", 1), (3, "grr", 2),
                                                         (4, "gggg", 3), (2, "rr", 4)])
def test_kids_games_follow_the_rules(players: int, kinds: str, seed: int) -> None:
    sheet = kids()
    game = KidsGame(sheet, players, Options(max_rolls=80))
    position = Position(sheet, players)
    follow_kids(game, np.random.default_rng(seed), bots_for(kinds), position)


def test_kids_purple_crosses_a_mark_and_every_second_one_is_a_chameleon() -> None:
    sheet = kids()
    assert sheet.chameleon_every == 2
    position = Position(sheet)
    [plain] = position.kids_legal_moves(0, "purple")
    assert (plain.cells, plain.chameleon) == (0, 0)
    position.kids_push(0, plain)
    chameleons = position.kids_legal_moves(0, "purple")
    player = KidsPlayerSheet(sheet)
    player.marks_used = 1
    assert chameleons == player.legal_moves(PURPLE)
    assert chameleons and all(move.chameleon and not move.cells for move in chameleons)
    position.kids_push(0, chameleons[0])
    assert position.crossed(0) == chameleons[0].chameleon
    assert position.marks_left(0) == sheet.exclamation_marks - 2


# -- wrong arguments ------------------------------------------------------------------------
def test_wrong_arguments_raise_the_projects_errors() -> None:
    sheet = classic("black")
    position = Position(sheet, 2)
    with pytest.raises(BadArgumentError):
        position.legal_moves(2, "g", 1)
    with pytest.raises(BadArgumentError):
        position.legal_moves(0, "purple", 1)
    with pytest.raises(BadArgumentError):
        position.legal_moves(0, "g", 7)
    with pytest.raises(KokTypeError):
        position.legal_moves(0, 3, 1)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        position.push(0, "H6")  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        Position(sheet, 0)
    with pytest.raises(KokTypeError):
        Position("black")  # type: ignore[arg-type]
    with pytest.raises(WrongSheetError):
        Position(load_layout("grey")).kids_legal_moves(0, "green")
    with pytest.raises(WrongSheetError):
        position.kids_legal_moves(0, "green")
    with pytest.raises(WrongSheetError):
        Position(kids()).legal_moves(0, "green", 1)
    with pytest.raises(BadArgumentError):
        position.push(0, position.legal_moves(0, "g", 1)[0], taken_columns=[99])


# -- properties ------------------------------------------------------------------------------
LAYOUTS = ["black", "red", "purple", *EXAMPLES]
positions = st.tuples(
    st.sampled_from(LAYOUTS), st.integers(1, 3), st.integers(0, 2**32 - 1),
    st.integers(0, 50), st.booleans(), st.booleans(), st.booleans())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_any_reachable_position_has_the_rules_moves_and_sheet(
        spec: tuple[str, int, int, int, bool, bool, bool]) -> None:
    """Play a seeded random game some rolls in, under random options; then the engine
    and the rules agree on every seat's moves for every face, and on its sheet."""
    layout, players, seed, rolls, loose, six, open_ = spec
    sheet = classic(layout)
    options = Options(connect_through_crossed=loose, number_joker_six=six,
                      first_three_rolls_open=open_, max_rolls=rolls + 1)
    game = Game(sheet, players, options)
    position = Position(sheet, players, options)
    follow(game, np.random.default_rng(seed), bots_for("rgr"[:players]), position,
           every_face=False)
    for seat in range(players):
        assert_same_legal_moves(game.sheets[seat], position, seat)
        assert_same_sheet(game.sheets[seat], position, seat)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 8))
def test_any_crosses_and_marks_give_the_rules_moves(seed: int, marks: int) -> None:
    """Crosses anywhere (not only reachable ones): the moves still agree."""
    sheet = classic("black")
    rng = np.random.default_rng(seed)
    board = [c for c in range(sheet.geometry.size) if sheet.cell_colours[c] is not None]
    chosen = rng.choice(board, size=int(rng.integers(0, len(board))), replace=False)
    crossed = sum(1 << int(c) for c in chosen)
    player = PlayerSheet(sheet)
    player.crossed, player.marks_used = crossed, marks
    position = Position(sheet)
    position.set_crossed(0, crossed, marks)
    assert_same_legal_moves(player, position, 0)
    assert position.score(0) == player.score()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 6))
def test_any_crossed_enclosures_and_marks_give_the_rules_kids_moves(seed: int,
                                                                     marks: int) -> None:
    """Enclosures crossed anywhere, any marks used: every face's moves agree."""
    sheet = kids()
    rng = np.random.default_rng(seed)
    enclosures = sheet.enclosures
    chosen = rng.choice(len(enclosures), size=int(rng.integers(0, len(enclosures))),
                        replace=False)
    crossed = sum(1 << c for i in chosen for c in enclosures[int(i)].cells)
    player = KidsPlayerSheet(sheet)
    player.crossed, player.marks_used = crossed, marks
    position = Position(sheet)
    position.set_crossed(0, crossed, marks)
    for face in [c.key for c in sheet.colours] + [PURPLE]:
        assert position.kids_legal_moves(0, face) == player.legal_moves(face)
    assert position.kids_score(0) == player.score()
