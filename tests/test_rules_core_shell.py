"""A thin shell (issue 19, point 6): what ``kok play`` used to infer (the dice from the cells
a person types, the square of a bomb, the area of a block) is the game's, and the commands
speak one vocabulary (``--marks-left``/``--marks-used``, the old ``--jokers-...`` still read)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.cli.play import PLAY_HELP, PLAY_TABLES, ClassicTable, KidsTable, Terminal
from kok_layouts.errors import IllegalMoveError
from kok_layouts.rules import (
    NO_DIE,
    PURPLE,
    Choice,
    Game,
    KidsGame,
    KidsMove,
    Kok2Game,
    Move,
    Roll,
    Special,
    new_game,
)

from .conftest import script


def classic_game(colours: tuple[str, ...], numbers: tuple[int, ...]) -> Game:
    game = Game(load_layout("black"), ["Ann", "Bob"])
    game.set_roll(Roll(colours, numbers))
    return game


# -- the dice follow from the cells ------------------------------------------------------------


def test_the_colour_and_number_of_typed_cells_pick_plain_dice() -> None:
    game = classic_game(("g", "y", "X"), (3, 2, 0))
    choice = game.choice_for_cells(0, "H6 H7")
    assert choice == Choice(1, 1, Move.of("y", ["H6", "H7"], width=15))


def test_a_joker_die_only_when_no_plain_die_fits() -> None:
    game = classic_game(("g", "b", "X"), (3, 1, 0))
    choice = game.choice_for_cells(0, ["H6", "H7"])
    assert (choice.colour_die, choice.number_die) == (2, 2)
    assert isinstance(choice.move, Move)
    assert choice.move.colour_joker and choice.move.number_joker and choice.move.jokers == 2


@pytest.mark.parametrize(("colours", "numbers", "cells", "reason"), [
    (("g", "b", "o"), (2, 2, 2), "H6 H7", "no colour die you may take shows yellow"),
    (("y", "y", "y"), (1, 3, 4), "H6 H7", "no number die you may take shows 2"),
    (("y", "g", "X"), (2, 2, 2), "H1 H6", "different colours"),
    (("y", "g", "X"), (2, 2, 2), "", "name the cells"),
    (("y", "g", "X"), (2, 2, 2), "Z9", "Z9"),
    (("y", "g", "X"), (2, 2, 2), "M1 N1", "start column"),
])
def test_cells_that_no_die_or_rule_allows_are_refused_saying_why(
        colours: tuple[str, ...], numbers: tuple[int, ...], cells: str, reason: str) -> None:
    game = classic_game(colours, numbers)
    with pytest.raises(IllegalMoveError, match=reason):
        game.choice_for_cells(0, cells)
    assert game.sheets[0].crossed == 0 and not game.chosen


def test_a_passive_player_gets_the_dice_left() -> None:
    game = classic_game(("y", "y", "g"), (2, 2, 3))
    for _ in range(3):  # past the open rolls
        while waiting := game.waiting_for():
            for seat in waiting:
                game.choose(seat, None)
        game.finish_roll()
        game.set_roll(Roll(("y", "y", "g"), (2, 2, 3)))
    assert game.active == 1
    game.choose(1, game.choice_for_cells(1, "H6 H7"))   # Bob takes dice 1 and 1
    choice = game.choice_for_cells(0, "H6 H7")
    assert (choice.colour_die, choice.number_die) == (1, 1)


def test_a_game_without_a_special_die_refuses_its_faces() -> None:
    game = classic_game(("y", "g", "X"), (2, 2, 2))
    with pytest.raises(IllegalMoveError, match="black has no special die"):
        game.choice_for_cells(0, "C3", special="bomb")


# -- Keer op Keer 2: the special die as a person names it ----------------------------------


def grey_game(special: str) -> Kok2Game:
    game = new_game(load_layout("grey"), ["Ann"], solo=True)
    assert isinstance(game, Kok2Game)
    game.set_roll(Roll(("y", "g"), (2, 3), special))
    return game


def test_a_bomb_is_named_by_the_top_left_cell_of_its_square() -> None:
    game = grey_game("bomb")
    choice = game.choice_for_cells(0, "C3", special="bomb")
    assert choice == Choice(-1, -1, Special.of("bomb", "C3 C4 D3 D4", width=15))
    assert game.sheets[0].bomb_at("c3") == choice.move.cells
    with pytest.raises(IllegalMoveError, match="last row or column"):
        game.choice_for_cells(0, "O1", special="bomb")
    with pytest.raises(IllegalMoveError, match="top-left cell"):
        game.choice_for_cells(0, "C3 D3", special="bomb")


def test_a_block_is_named_by_one_cell_of_its_area() -> None:
    game = grey_game("block")
    player = game.sheets[0]
    choice = game.choice_for_cells(0, "H1", special="block")
    area = player.board.area_masks[player.board.area_of[player.sheet.parse_cell("H1")]]
    assert choice.move == Special("block", area) == Special("block", player.block_at("H1"))


def test_the_special_face_must_be_the_one_thrown() -> None:
    game = grey_game("bomb")
    with pytest.raises(IllegalMoveError, match="shows bomb, not heart"):
        game.choice_for_cells(0, "", special="heart")
    heart = grey_game("heart")
    assert heart.choice_for_cells(0, "", special="heart").move == Special("heart")


def test_the_bombs_a_row_gives_are_asked_for_once_the_move_is_chosen() -> None:
    game = grey_game("row")
    player = game.sheets[0]
    player.crossed = player.board.row_masks[1] & ~player.board.parse_cells("H2")
    player.crossed |= player.board.parse_cells("H1")
    choice = game.choice_for_cells(0, "H2", special="row")       # row Q: a bomb
    asked: list[list[int]] = []

    def pick(sheet: Any, options: list[int]) -> int:
        asked.append(options)
        return options[0]

    filled = game.fill_bombs(0, choice, pick)
    assert len(asked) == 1 and filled.bombs == (asked[0][0],)
    game.choose(0, filled)
    assert Game.fill_bombs(game, 0, choice, pick) is choice     # a game without bombs


# -- Kids ------------------------------------------------------------------------------------


def test_kids_cells_name_an_enclosure_and_the_die_showing_its_animal() -> None:
    game = new_game(load_layout("kids"), ["Sam", "Bo"])
    assert isinstance(game, KidsGame)
    game.set_roll(Roll(("l", "c", PURPLE), ()))
    choice = game.choice_for_cells(0, "G4")
    assert choice == Choice(1, NO_DIE, KidsMove.of("c", ["G4"], width=13))
    assert choice in game.choices_for(0)
    with pytest.raises(IllegalMoveError, match="no die you may take shows elephant"):
        game.choice_for_cells(0, "A1")


# -- the shell asks the edition ----------------------------------------------------------------


def test_each_edition_names_its_terminal_table_and_help() -> None:
    assert PLAY_TABLES["classic"] is ClassicTable
    assert PLAY_TABLES["kok2"] is ClassicTable
    assert PLAY_TABLES["kids"] is KidsTable
    assert "bomb C3" in PLAY_HELP["kok2"]
    assert "bomb" not in PLAY_HELP["classic"]
    assert "whole enclosure" in PLAY_HELP["kids"]


def test_typing_a_special_face_on_a_classic_sheet_is_refused_in_one_line() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    out: list[str] = []
    table = PLAY_TABLES[game.sheet.edition](game, {}, np.random.default_rng(1), False,
                                            Terminal(script(["bomb C3", "quit"]), out.append))
    table.run()
    assert any(line == "not allowed: bomb is a face of the Keer op Keer 2 special die; black "
               "has no special die" for line in out)


def test_a_kids_table_plays_numbered_moves() -> None:
    game = new_game(load_layout("kids"), ["Sam", "Bo"])
    out: list[str] = []
    table = KidsTable(game, {}, np.random.default_rng(2), False,
                      Terminal(script(["1"] * 200), out.append))
    table.run()
    table.final()
    assert game.over and out[-1].startswith("Game over: circles Sam ")


# -- one vocabulary: marks ----------------------------------------------------------------------


def _json(kok: Any, *args: str) -> Any:
    run = kok(*args, "--json")
    assert run.code == 0, run.err
    return json.loads(run.out)


def test_marks_left_and_marks_used_are_one_position(kok: Any) -> None:
    base = ("moves", "black", "--colour", "joker", "--number", "2")
    assert _json(kok, *base, "--marks-left", "1") == _json(kok, *base, "--jokers-left", "1") \
        == _json(kok, *base, "--marks-used", "7")
    assert _json(kok, *base, "--marks-left", "0") == []
    kids = ("moves", "kids", "--colour", "purple")
    assert _json(kok, *kids, "--marks-used", "1") == _json(kok, *kids, "--marks-left", "5")
    score = ("score", "black", "--crossed", "H1")
    assert _json(kok, *score, "--marks-used", "3") == _json(kok, *score, "--jokers-used", "3")


def test_the_old_spellings_are_read_but_not_shown(kok: Any) -> None:
    for command in ("moves", "score"):
        text = kok(command, "--help").out
        assert "--marks-used" in text and "--jokers" not in text
    assert "--marks-left" in kok("moves", "--help").out


@pytest.mark.parametrize(("args", "message"), [
    (("moves", "black", "--colour", "g", "--number", "1", "--marks-left", "1",
      "--marks-used", "1"), "give --marks-used or --marks-left, not both"),
    (("moves", "kids", "--colour", "purple", "--marks-left", "9"),
     "--marks-left is 9; the sheet has 6 exclamation marks"),
    (("score", "black", "--marks-used", "99"), "--marks-used is 99"),
    (("score", "black", "--jokers-used", "99"), "--jokers-used is 99"),
])
def test_a_bad_number_of_marks_names_the_flag_typed(kok: Any, args: tuple[str, ...],
                                                    message: str) -> None:
    run = kok(*args)
    assert run.code == 2 and message in run.err
