"""Keer op Keer 2 in the engine against the rules: the special die's actions, boxes,
hearts, rows and their items, bombs, and the score.

A game is played by the rules' bots (seeded); the engine follows it choice for choice,
and at every choice the two list the same colour-and-number moves and special actions
for every face, and after it hold the same sheet.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import Kok2Sheet, load_layout
from kok_layouts.errors import BadArgumentError, IllegalMoveError, WrongSheetError
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy
from kok_layouts.rules.engine import Position
from kok_layouts.rules.engine.kernels import C_BOXES_GAINED, C_HEARTS
from kok_layouts.rules.engine.kok2 import (
    SQUARE,
    bomb_squares,
    bomb_squares_into,
    kok2_specials,
    specials_room,
)
from kok_layouts.rules.engine.tables import SPECIAL_FACE_CODES, tables_for
from kok_layouts.rules.game import COLOURS_TO_END
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet, Special
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options

from .test_engine_moves import assert_same_legal_moves


def grey() -> Kok2Sheet:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    return sheet


def assert_same_kok2_sheet(player: Kok2PlayerSheet, position: Position, seat: int) -> None:
    assert position.crossed(seat) == player.crossed
    assert position.marks_left(seat) == player.marks_left
    assert position.boxes_left(seat) == player.boxes_left
    assert position.hearts(seat) == player.hearts
    assert position.column_hearts(seat) == player.column_hearts
    assert position.row_items(seat) == player.row_items
    assert position.completed_columns(seat) == player.completed_columns()
    assert position.completed_colours(seat) == player.completed_colours()
    assert position.score(seat) == player.score()


def assert_same_specials(player: Kok2PlayerSheet, position: Position, seat: int) -> None:
    for face in dict.fromkeys(player.sheet.special_faces):
        assert position.specials(seat, face) == player.legal_specials(face), face


def follow(game: Kok2Game, rng: np.random.Generator, bots: list[Strategy],
           position: Position) -> int:
    """Play ``game`` with ``bots``, the engine following; returns the special actions
    and bombs seen."""
    specials = 0
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                player = game.sheets[seat]
                assert_same_legal_moves(player, position, seat)
                assert_same_specials(player, position, seat)
                choice = bots[seat].choose(game, seat, rng)
                taken = (game.taken_columns, game.taken_colours, game.taken_rows)
                game.choose(seat, choice)
                if choice is None:
                    if seat == game.active:
                        position.count_pass(seat)
                else:
                    assert isinstance(choice.move, (Move, Special))
                    specials += isinstance(choice.move, Special) + len(choice.bombs)
                    position.push(seat, choice.move, taken_columns=taken[0],
                                  taken_colours=taken[1], taken_rows=taken[2],
                                  bombs=choice.bombs)
                assert_same_kok2_sheet(player, position, seat)
        game.finish_roll()
        ends = any(len(s.completed_colours()) >= COLOURS_TO_END for s in game.sheets)
        assert position.ends_game() == ends
    return specials


@pytest.mark.parametrize(("players", "kinds", "seed"), [
    (2, "rg", 1), (3, "rrg", 2), (2, "rr", 3), (4, "grrr", 4), (1, "r", 5)])
def test_a_game_follows_the_rules_choice_for_choice(players: int, kinds: str,
                                                    seed: int) -> None:
    sheet = grey()
    options = Options(max_rolls=70)
    game = Kok2Game(sheet, players, options)
    position = Position(sheet, players, options)
    bots: list[Strategy] = [GreedyBot() if k == "g" else RandomBot() for k in kinds]
    assert follow(game, np.random.default_rng(seed), bots, position) > 0


def test_a_solo_game_follows_the_rules() -> None:
    sheet = grey()
    game = Kok2Game(sheet, ["solo"], solo=True)
    position = Position(sheet)
    follow(game, np.random.default_rng(7), [GreedyBot()], position)


def test_the_special_die_needs_an_unused_box_and_spends_it() -> None:
    sheet = grey()
    position = Position(sheet)
    assert position.boxes_left(0) == sheet.boxes_at_start == 1
    [heart] = position.specials(0, "heart")
    position.push(0, heart)
    assert (position.boxes_left(0), position.hearts(0)) == (0, 1)
    assert position.specials(0, "heart") == []
    assert position.specials(0, "bomb") == []


def test_a_bomb_crosses_the_uncrossed_part_of_any_2x2_square() -> None:
    sheet = grey()
    position = Position(sheet)
    bombs = position.specials(0, "bomb")
    assert bombs == Kok2PlayerSheet(sheet).legal_specials("bomb")
    assert all(bomb.cells.bit_count() == 4 for bomb in bombs)
    position.push(0, bombs[-1])
    assert position.crossed(0) == bombs[-1].cells


def test_an_illegal_action_or_a_wrong_bomb_changes_nothing() -> None:
    sheet = grey()
    position = Position(sheet)
    with pytest.raises(IllegalMoveError):
        position.push(0, Special("row", 1 << 0, sheet.width))
    move = position.legal_moves(0, "X", 1)[0]
    with pytest.raises(IllegalMoveError, match="no row item"):
        position.push(0, move, bombs=[0b11])
    assert position.crossed(0) == 0 and position.marks_left(0) == sheet.exclamation_marks
    with pytest.raises(BadArgumentError):
        position.specials(0, "dragon")  # type: ignore[arg-type]
    with pytest.raises(WrongSheetError):
        Position(load_layout("black")).specials(0, "heart")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 5), st.integers(0, 3))
def test_any_crosses_hearts_and_boxes_give_the_rules_special_actions(
        seed: int, hearts: int, boxes: int) -> None:
    """Crosses anywhere (not only reachable ones): every face's actions still agree."""
    sheet = grey()
    rng = np.random.default_rng(seed)
    board = [c for c in range(sheet.geometry.size) if sheet.cell_colours[c] is not None]
    chosen = rng.choice(board, size=int(rng.integers(0, len(board))), replace=False)
    crossed = sum(1 << int(c) for c in chosen)
    player = Kok2PlayerSheet(sheet)
    player.crossed, player.hearts, player.boxes_gained = crossed, hearts, boxes
    position = Position(sheet)
    position.set_crossed(0, crossed)
    position.state.counters[0, C_HEARTS] = hearts
    position.state.counters[0, C_BOXES_GAINED] = boxes
    assert_same_specials(player, position, 0)
    assert_same_legal_moves(player, position, 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_bomb_squares_into_names_each_squares_uncrossed_part_once(seed: int) -> None:
    """The allocation-free list of where a bomb may fall: each distinct uncrossed part of
    a square once, cells ascending, each square's part named, the rules' bomb masks; the
    list per cell left empty for the next call."""
    sheet = grey()
    tables = tables_for(sheet)
    rng = np.random.default_rng(seed)
    crossed = (rng.random(tables.size) < rng.random()) & (tables.cell_colour >= 0)
    squares = len(tables.square_cells)
    rows = np.full((squares, SQUARE), -7, dtype=np.int32)
    square_part = np.full(squares, -7, dtype=np.int32)
    cell_part = np.full(tables.size, -1, dtype=np.int32)
    part_next = np.zeros(squares, dtype=np.int32)
    count = bomb_squares_into(rows, square_part, cell_part, part_next, tables.square_cells,
                              crossed)
    parts = [[int(c) for c in row if c >= 0] for row in rows[:count]]
    assert all(part == sorted(part) and len(part) + (row == -1).sum() == SQUARE
               for part, row in zip(parts, rows[:count], strict=True))
    masks = [sum(1 << c for c in part) for part in parts]
    player = Kok2PlayerSheet(sheet)
    player.crossed = sum(1 << int(c) for c in np.flatnonzero(crossed))
    assert sorted(masks) == player.bomb_masks() and len(set(masks)) == count
    for square, cells in enumerate(tables.square_cells):
        part = [int(c) for c in cells if c >= 0 and not crossed[c]]
        assert (parts[square_part[square]] if square_part[square] >= 0 else []) == part
    assert (cell_part == -1).all()
    assert np.array_equal(bomb_squares(tables.square_cells, crossed),
                          np.array([rows[masks.index(m)] for m in sorted(masks)],
                                   dtype=np.int32).reshape(-1, SQUARE))


@pytest.mark.parametrize("rows", ["even", "odd", "none"])
def test_the_special_actions_fit_the_room_kept_for_them(rows: str) -> None:
    """kok2_specials_into writes as many rows as it finds: the room the sheet keeps for
    them (specials_room) holds them when every cell of every other row can be reached."""
    sheet = grey()
    tables = tables_for(sheet)
    crossed = np.zeros(tables.size, dtype=bool)
    first = {"even": 0, "odd": 1, "none": tables.height}[rows]
    for row in range(first, tables.height, 2):
        crossed[row * tables.width:(row + 1) * tables.width] = tables.cell_colour[
            row * tables.width:(row + 1) * tables.width] >= 0
    room = specials_room(tables.arrays)
    for face in range(len(SPECIAL_FACE_CODES)):
        found = kok2_specials(tables.arrays, crossed, 1, 0, face)
        assert 0 < len(found) <= room
