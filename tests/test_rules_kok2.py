"""docs/rules.md section 2 (Keer op Keer 2), one test per rule sentence, on the grey sheet.

    A B C D E F G H I J K L M N O
 1  r r O y y R r g g y Y O o o b    P  box
 2  b y y y o o r r b B y y r o o    Q  bomb
 3  b y b b b o o O b g g y r r o    R  heart
 4  o B b G b y y b o o g g G r r    S  bomb
 5  o o r r g b b b y o o r y y Y    T  box
 6  g g r o g g G y y r r r b B g    U  heart
 7  Y g g o R g g y R r b b b g g    V  bomb
Box cells: B3 O3 E4 L5 F7.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from kok_layouts import Kok2Sheet, load_layout
from kok_layouts.errors import IllegalMoveError
from kok_layouts.rules.dice import Roll
from kok_layouts.rules.game import SPECIAL_DIE, Choice
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet, Special
from kok_layouts.rules.moves import Move

from .rules_helpers import pass_rolls


def grey() -> Kok2Sheet:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    return sheet


def sheet_with(crossed: str = "") -> Kok2PlayerSheet:
    player = Kok2PlayerSheet(grey())
    player.crossed = player.board.parse_cells(crossed.split())
    return player


def cells(player: Kok2PlayerSheet, names: str) -> int:
    return player.board.parse_cells(names.split())


def names(player: Kok2PlayerSheet, mask: int) -> str:
    return " ".join(player.board.name_cells(mask))


def move(player: Kok2PlayerSheet, colour: str, where: str) -> Move:
    mask = cells(player, where)
    return Move(player.sheet.colour(colour).key, mask.bit_count(), mask)


def roll(game: Kok2Game, colours: str, numbers: str, special: str) -> Roll:
    faces = tuple(game.sheet.colour(c).key for c in colours.split())
    return Roll(faces, tuple(int(n) for n in numbers.split()), special)


def special(face: str, mask: int = 0) -> Choice:
    return Choice(SPECIAL_DIE, SPECIAL_DIE, Special(face, mask))  # type: ignore[arg-type]


ROW_P = "A1 B1 C1 D1 E1 F1 G1 H1 I1 J1 K1 L1 M1 N1 O1"
COLUMN_H = "H1 H2 H3 H4 H5 H6 H7"

# -- The special die ---------------------------------------------------------------------


def test_a_seventh_die_shows_heart_heart_bomb_two_stars_three_in_a_row_colour_block() -> None:
    game = Kok2Game(grey(), 2)
    rng = np.random.default_rng(3)
    faces: Counter[str | None] = Counter()
    for _ in range(1200):
        faces[game.throw(rng).special] += 1
        game.phase = game.phase.ROLL  # only the dice matter here
    assert set(faces) == {"heart", "bomb", "stars", "row", "block"}
    assert faces["heart"] > 1.5 * faces["bomb"]  # two faces of six
    assert sorted(grey().special_faces) == ["block", "bomb", "heart", "heart", "row", "stars"]


def test_a_player_may_take_the_special_die_instead_of_a_pair_and_it_spends_a_box() -> None:
    game = Kok2Game(grey(), 2)
    game.set_roll(roll(game, "red red red", "1 1 1", "heart"))
    game.choose(0, special("heart"))
    assert game.sheets[0].boxes_left == 0 and game.sheets[0].hearts == 1
    assert game.sheets[0].crossed == 0


def test_the_special_die_needs_an_unused_box() -> None:
    player = sheet_with()
    player.push(Special("heart"))
    assert player.boxes_left == 0
    assert player.legal_specials("heart") == []
    with pytest.raises(IllegalMoveError, match="no unused box"):
        player.push(Special("heart"))


def test_passive_players_take_the_special_die_only_if_the_active_player_left_it() -> None:
    game = Kok2Game(grey(), 2)
    pass_rolls(game, roll(game, "red red red", "5 5 5", "heart"))  # the open rolls
    game.set_roll(roll(game, "red red red", "5 5 5", "heart"))
    active = game.active
    game.choose(active, special("heart"))
    assert not game.special_for(1 - active)
    with pytest.raises(IllegalMoveError, match="took the special die"):
        game.choose(1 - active, special("heart"))


def test_passive_players_may_take_the_special_die_when_the_active_player_took_a_pair() -> None:
    game = Kok2Game(grey(), 2)
    pass_rolls(game, roll(game, "red red red", "5 5 5", "heart"))  # the open rolls
    game.set_roll(roll(game, "yellow red red", "2 5 5", "heart"))
    game.choose(game.active, game.make_choice(0, 0, ["H6", "H7"]))
    assert game.special_for(1 - game.active)
    game.choose(1 - game.active, special("heart"))


# -- Boxes -------------------------------------------------------------------------------


def test_nine_boxes_are_printed_and_the_first_is_available() -> None:
    player = sheet_with()
    assert player.sheet.box_count == 9 and player.boxes_left == 1


def test_crossing_a_box_cell_gains_a_box() -> None:
    player = sheet_with("F6 G6 G7")
    player.push(move(player, "green", "F7"))
    assert player.boxes_left == 2


def test_completing_column_h_gains_a_box_for_everyone_who_completes_it() -> None:
    game = Kok2Game(grey(), 3)
    for seat in (0, 1):
        game.sheets[seat].crossed = cells(game.sheets[seat], "H1 H2 H3 H4 H5 H6")
    game.set_roll(roll(game, "yellow yellow yellow", "1 1 1", "heart"))
    game.choose(0, game.make_choice(0, 0, ["H7"]))
    game.choose(1, game.make_choice(0, 0, ["H7"]))
    game.choose(2, None)
    game.finish_roll()
    assert [s.boxes_left for s in game.sheets] == [2, 2, 1]
    assert [s.score().columns for s in game.sheets] == [2, 2, 0]  # H is 2 here


def test_rows_p_and_t_give_a_box_to_their_first_completers_only() -> None:
    game = Kok2Game(grey(), 2)
    for seat in (0, 1):
        game.sheets[seat].crossed = cells(game.sheets[seat], ROW_P.replace(" O1", ""))
    game.set_roll(roll(game, "blue blue blue", "1 1 1", "heart"))
    game.choose(0, game.make_choice(0, 0, ["O1"]))
    game.choose(1, None)
    game.finish_roll()
    game.set_roll(roll(game, "blue blue blue", "1 1 1", "heart"))
    game.choose(1, game.make_choice(0, 0, ["O1"]))
    game.choose(0, None)
    game.finish_roll()
    assert [s.boxes_left for s in game.sheets] == [2, 1]
    assert [s.score().rows for s in game.sheets] == [5, 5]


def test_each_unused_box_scores_2() -> None:
    player = sheet_with()
    player.boxes_gained = 4
    player.boxes_used = 1
    assert player.score().boxes == 6


def test_boxes_beyond_the_nine_printed_are_lost() -> None:
    player = sheet_with("F6 G6 G7")
    player.boxes_gained = 9
    player.push(move(player, "green", "F7"))
    assert player.boxes_gained == 9


# -- The faces ---------------------------------------------------------------------------


def test_a_bomb_crosses_any_2x2_square_with_no_adjacency_needed() -> None:
    player = sheet_with()
    square = cells(player, "M6 N6 M7 N7")
    assert Special("bomb", square) in player.legal_specials("bomb")
    player.push(Special("bomb", square))
    assert names(player, player.crossed) == "M6 M7 N6 N7"


def test_a_bomb_crosses_only_the_uncrossed_cells_of_its_square() -> None:
    player = sheet_with("M6")
    assert Special("bomb", cells(player, "N6 M7 N7")) in player.legal_specials("bomb")
    with pytest.raises(IllegalMoveError, match="2x2 square"):
        player.push(Special("bomb", cells(player, "M6 N6 M7 N7")))


def test_a_heart_circles_the_next_heart_five_at_most() -> None:
    player = sheet_with()
    player.boxes_gained = 9
    for _ in range(5):
        player.push(Special("heart"))
    assert player.hearts == 5
    assert player.legal_specials("heart") == []
    with pytest.raises(IllegalMoveError, match="heart track is full"):
        player.push(Special("heart"))


def test_two_stars_cross_up_to_two_stars_each_in_h_or_next_to_a_crossed_cell() -> None:
    player = sheet_with("H2 K2")  # H3 is in column H; K1 and J2 are next to K2
    options = {names(player, a.cells) for a in player.legal_specials("stars")}
    assert options == {"H3", "K1", "J2", "H3 K1", "H3 J2", "J2 K1"}
    with pytest.raises(IllegalMoveError):
        player.push(Special("stars", cells(player, "C1")))  # a star out of reach


def test_three_in_a_row_crosses_up_to_three_cells_of_one_row_that_need_not_touch() -> None:
    player = sheet_with("A2 E2")  # A1 and E1 are next to crossed cells, H1 is in column H
    action = Special("row", cells(player, "A1 E1 H1"))
    assert action in player.legal_specials("row")
    player.push(action)
    assert names(player, player.crossed) == "A1 A2 E1 E2 H1"


def test_three_in_a_row_cells_must_be_reachable_before_the_move() -> None:
    player = sheet_with()
    with pytest.raises(IllegalMoveError, match="one row"):
        player.push(Special("row", cells(player, "H1 I1 J1")))  # I1 only next to H1 after


def test_three_in_a_row_stays_in_one_row() -> None:
    player = sheet_with()
    with pytest.raises(IllegalMoveError):
        player.push(Special("row", cells(player, "H1 H2")))


def test_a_colour_block_crosses_the_rest_of_one_area_touching_h_or_a_crossed_cell() -> None:
    player = sheet_with("E2")
    area = cells(player, "E2 F2 F3 G3 H3")  # orange, reaching into column H
    assert Special("block", area & ~player.crossed) in player.legal_specials("block")
    far = cells(player, "M1 N1 N2 O2")  # orange area far from H and from any cross
    far_area = player.board.area_masks[player.board.area_of[player.sheet.parse_cell("N1")]]
    assert Special("block", far_area) not in player.legal_specials("block")
    assert far & far_area
    player.push(Special("block", area & ~player.crossed))
    assert names(player, player.crossed) == "E2 F2 F3 G3 H3"


# -- Rows --------------------------------------------------------------------------------


def test_completing_a_row_gives_5_points_to_everyone_who_completes_it() -> None:
    player = sheet_with(ROW_P)
    assert player.score().rows == 5


def test_a_row_item_goes_to_the_first_completers_with_same_roll_ties() -> None:
    game = Kok2Game(grey(), 3)
    # Row U (heart): everyone but one cell; seats 0 and 1 complete it together.
    for seat in range(3):
        game.sheets[seat].crossed = cells(game.sheets[seat],
                                          "A6 B6 C6 D6 E6 F6 G6 H6 I6 J6 K6 L6 M6 N6")
    game.set_roll(roll(game, "green green green", "1 1 1", "heart"))
    game.choose(0, game.make_choice(0, 0, ["O6"]))
    game.choose(1, game.make_choice(0, 0, ["O6"]))
    game.choose(2, None)
    game.finish_roll()
    game.set_roll(roll(game, "green green green", "1 1 1", "heart"))
    game.choose(1, None)
    game.choose(0, None)
    game.choose(2, game.make_choice(0, 0, ["O6"]))
    game.finish_roll()
    assert [s.hearts for s in game.sheets] == [1, 1, 0]
    assert [s.score().rows for s in game.sheets] == [5, 5, 5]


def test_a_bomb_item_is_used_at_once() -> None:
    player = sheet_with("A2 B2 C2 D2 E2 F2 G2 H2 I2 J2 K2 L2 M2 N2")  # row Q but O2
    completing = move(player, "orange", "O2")
    assert player.bombs_owed(completing) == 1
    with pytest.raises(IllegalMoveError, match="gives a bomb at once"):
        player.push(completing)
    assert player.crossed == cells(player, "A2 B2 C2 D2 E2 F2 G2 H2 I2 J2 K2 L2 M2 N2")
    player.push(completing, bombs=[cells(player, "A6 B6 A7 B7")])
    assert player.crossed & cells(player, "A6 B6 A7 B7") == cells(player, "A6 B6 A7 B7")
    assert player.boxes_left == 1  # items cost no box


# -- Hearts ------------------------------------------------------------------------------


def test_completing_a_column_writes_the_circled_hearts_under_it_and_they_score() -> None:
    player = sheet_with("H1 H2 H3 H4 H5 H6")
    player.boxes_gained = 3
    player.push(Special("heart"))
    player.push(Special("heart"))
    player.push(move(player, "yellow", "H7"))
    assert player.column_hearts == {7: 2}
    player.push(Special("heart"))
    assert player.column_hearts == {7: 2}
    assert player.score().hearts == 2


# -- The sheet, the score, the end -------------------------------------------------------


def test_six_exclamation_marks_and_column_h_scores_2_or_0() -> None:
    sheet = grey()
    assert sheet.exclamation_marks == 6
    assert (sheet.column_points[7].first, sheet.column_points[7].later) == (2, 0)


def test_the_score_adds_colours_columns_rows_hearts_marks_boxes_and_stars() -> None:
    player = sheet_with(ROW_P + " H2 H3 H4 H5 H6 H7")
    player.column_hearts = {7: 3}
    player.marks_used = 2
    score = player.score()
    stars_left = 15 - len({"C1", "F1", "K1", "L1", "H3"})
    assert score.as_dict() == {"colours": 0, "columns": 2, "jokers": 4, "stars": -2 * stars_left,
                               "rows": 5, "hearts": 3, "boxes": 2,
                               "total": 2 + 4 - 2 * stars_left + 5 + 3 + 2}


def test_the_game_ends_as_the_classic_game_does() -> None:
    game = Kok2Game(grey(), 2)
    sheet = game.sheet
    cross = [sheet.cell_name(c) for c in sheet.cells_of_colour("y") + sheet.cells_of_colour("g")]
    game.sheets[1].crossed = cells(game.sheets[1], " ".join(n for n in cross if n != "H7"))
    game.set_roll(roll(game, "yellow yellow yellow", "1 1 1", "heart"))
    game.choose(0, None)
    game.choose(1, game.make_choice(0, 0, ["H7"]))
    game.finish_roll()
    assert game.end_triggered and not game.over
    game.set_roll(roll(game, "yellow yellow yellow", "1 1 1", "heart"))
    game.choose(1, None)
    game.choose(0, None)
    game.finish_roll()
    assert game.over


def test_solo_is_30_rolls_of_2_colour_2_number_dice_and_the_special_die() -> None:
    game = Kok2Game(grey(), ["me"], solo=True)
    rng = np.random.default_rng(8)
    while not game.over:
        thrown = game.throw(rng)
        assert (len(thrown.colours), len(thrown.numbers)) == (2, 2)
        assert thrown.special in grey().special_faces
        game.choose(0, None)
        game.finish_roll()
    assert game.rolls_done == 30


def test_an_illegal_special_action_leaves_the_sheet_unchanged() -> None:
    player = sheet_with("H1")
    before = player.state_key()
    with pytest.raises(IllegalMoveError):
        player.push(Special("block", cells(player, "A1")))
    assert player.state_key() == before
