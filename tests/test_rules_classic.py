"""docs/rules.md section 1, one test per rule sentence, on the black pad.

The black pad (rows top to bottom, UPPERCASE = star):
    A B C D E F G H I J K L M N O
 1  g g g y y y y G b b b O y y y
 2  o g Y g Y y o o r B b o o g g
 3  B g r g g g G r r r y y o g g
 4  b r r g o O b b g g y y o R b
 5  r o o o o r b b o o o r r r r
 6  r B b R r r r y Y o R b b b O
 7  y y b b b b r y y y g g G o o
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from kok_layouts.errors import IllegalMoveError
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, throw
from kok_layouts.rules.game import Game, Phase, solo_band
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options

from .rules_helpers import (
    black,
    everyone_passes,
    move,
    names,
    new_game,
    pass_rolls,
    player_with,
    roll,
)

# -- Dice --------------------------------------------------------------------------------


def test_three_colour_dice_show_the_five_colours_and_the_x_joker() -> None:
    sheet = black()
    rng = np.random.default_rng(1)
    faces: Counter[str] = Counter()
    for _ in range(3000):
        r = throw(sheet, rng)
        assert len(r.colours) == 3
        faces.update(r.colours)
    assert set(faces) == {"g", "y", "b", "r", "o", JOKER_COLOUR}
    assert min(faces.values()) > 1300  # each face about 1/6 of 9000


def test_three_number_dice_show_1_to_5_and_the_question_mark_joker() -> None:
    rng = np.random.default_rng(2)
    faces: Counter[int] = Counter()
    for _ in range(3000):
        r = throw(black(), rng)
        assert len(r.numbers) == 3
        faces.update(r.numbers)
    assert set(faces) == {1, 2, 3, 4, 5, JOKER_NUMBER}
    assert min(faces.values()) > 1300


def test_a_game_has_one_to_six_players() -> None:
    for count in range(1, 7):
        assert len(Game(black(), count).players) == count
    for count in (0, 7):
        with pytest.raises(ValueError, match="1 to 6 players"):
            Game(black(), count)


# -- A roll ------------------------------------------------------------------------------


def test_the_active_player_throws_and_chooses_first() -> None:
    game = new_game(3)
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    assert game.waiting_for() == [0]
    with pytest.raises(IllegalMoveError, match="chooses first"):
        game.choose(1, None)


def test_the_active_player_picks_one_colour_die_and_one_number_die_or_passes() -> None:
    game = new_game(2)
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    game.choose(0, game.make_choice(0, 0, ["H6", "H7"]))
    assert names(game.sheets[0], game.sheets[0].crossed) == "H6 H7"
    game.choose(1, None)
    assert game.sheets[1].crossed == 0
    game.finish_roll()


def test_passive_players_choose_independently_and_may_pick_the_same_dice() -> None:
    game = new_game(3)
    pass_rolls(game, roll(game.sheet, "green green green", "5 5 5"))  # the open rolls
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    active = game.active
    game.choose(active, game.make_choice(2, 2, ["H3"]))
    passive = [s for s in range(3) if s != active]
    assert game.waiting_for() == passive
    for seat in passive:
        game.choose(seat, game.make_choice(0, 0, ["H6", "H7"]))
    assert all(names(game.sheets[s], game.sheets[s].crossed) == "H6 H7" for s in passive)


def test_from_the_fourth_roll_passive_players_choose_only_from_the_four_dice_left() -> None:
    game = new_game(2)
    pass_rolls(game, roll(game.sheet, "green green green", "5 5 5"))  # the open rolls
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    active = game.active
    game.choose(active, game.make_choice(0, 0, ["H6", "H7"]))
    other = 1 - active
    assert game.dice_for(other) == ([1, 2], [1, 2])
    with pytest.raises(IllegalMoveError, match="dice left"):
        game.choose(other, game.make_choice(0, 0, ["H6", "H7"]))


def test_in_the_first_three_rolls_passive_players_choose_from_all_six_dice() -> None:
    game = new_game(2)
    for _ in range(3):
        game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
        game.choose(game.active, game.make_choice(0, 0, ["H6", "H7"])
                    if not game.sheets[game.active].crossed else None)
        other = 1 - game.active
        assert game.dice_for(other) == ([0, 1, 2], [0, 1, 2])
        game.choose(other, None)
        game.finish_roll()


def test_option_first_three_rolls_open_off_limits_passive_players_from_the_first_roll() -> None:
    game = new_game(2, Options(first_three_rolls_open=False))
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    game.choose(0, game.make_choice(0, 0, ["H6", "H7"]))
    assert game.dice_for(1) == ([1, 2], [1, 2])


def test_if_the_active_player_passed_passive_players_choose_from_all_six() -> None:
    game = new_game(2)
    pass_rolls(game, roll(game.sheet, "green green green", "5 5 5"))  # the open rolls
    game.set_roll(roll(game.sheet, "yellow blue red", "2 3 1"))
    game.choose(game.active, None)
    assert game.dice_for(1 - game.active) == ([0, 1, 2], [0, 1, 2])


def test_the_turn_to_throw_passes_to_the_left() -> None:
    game = new_game(3)
    actives = []
    for _ in range(4):
        game.set_roll(roll(game.sheet, "green green green", "5 5 5"))
        actives.append(game.active)
        everyone_passes(game)
        game.finish_roll()
    assert actives == [0, 1, 2, 0]


# -- A move ------------------------------------------------------------------------------


def test_a_move_crosses_exactly_n_cells() -> None:
    player = player_with()
    two_cells = player.board.parse_cells(["H6", "H7"])
    with pytest.raises(IllegalMoveError, match="a 3 crosses exactly 3 cells, not 2"):
        player.push(Move("y", 3, two_cells))
    assert all(m.cells.bit_count() == 2 for m in player.legal_moves("y", 2))


def test_a_move_crosses_only_uncrossed_cells() -> None:
    player = player_with("H6")
    with pytest.raises(IllegalMoveError, match="H6 already crossed"):
        player.push(move(player, "yellow", "H6 H7"))


def test_a_move_crosses_cells_of_the_chosen_colour() -> None:
    player = player_with()
    with pytest.raises(IllegalMoveError, match="H5 is blue, not yellow"):
        player.push(Move("y", 2, player.board.parse_cells(["H5", "H6"])))


def test_the_x_joker_stands_for_any_colour() -> None:
    player = player_with()
    moves = player.legal_moves(JOKER_COLOUR, 1)
    assert {m.colour for m in moves} == {"g", "o", "r", "b", "y"}  # column H has all five
    assert all(m.colour_joker and m.jokers == 1 for m in moves)


def test_all_cells_of_a_move_lie_inside_one_area() -> None:
    # C1 (green, area A1 B1 C1 B2 B3) and D2 (green, area D2 D3 ...) are different areas.
    player = player_with("H1 G1 F1 E1 D1")
    with pytest.raises(IllegalMoveError, match="2 green areas"):
        player.push(move(player, "green", "C1 D2"))


def test_a_six_cell_area_takes_at_most_five_the_rest_stays_for_later() -> None:
    # Blue area B6 C6 C7 D7 E7 F7; start from G7 crossed (red, next to F7).
    player = player_with("G7")
    assert [names(player, m) for m in player.legal_masks("b", 5)] == ["C6 C7 D7 E7 F7"]
    player.push(move(player, "blue", "C6 C7 D7 E7 F7"))
    area = player.board.area_masks[player.board.area_of[player.sheet.parse_cell("B6")]]
    assert [names(player, m) for m in player.legal_masks("b", 1) if m & area] == ["B6"]


def test_the_cells_are_orthogonally_connected_diagonal_contact_never_counts() -> None:
    # Green area A1 B1 C1 B2 B3; A2 crossed makes A1 reachable. A1 and B2 touch at a corner.
    player = player_with("A2")
    with pytest.raises(IllegalMoveError, match="not one orthogonally connected group"):
        player.push(move(player, "green", "A1 B2"))
    player.push(move(player, "green", "A1 B1"))


def test_a_move_touches_the_start_column_h_or_a_crossed_cell() -> None:
    player = player_with()
    with pytest.raises(IllegalMoveError, match="start column H or next to a crossed cell"):
        player.push(move(player, "yellow", "I7 J7"))
    player.crossed = player.board.parse_cells(["H7"])
    player.push(move(player, "yellow", "I7 J7"))


def test_next_to_a_crossed_cell_of_any_colour_counts() -> None:
    player = player_with("H3")  # red
    assert "I3 J3" in [names(player, m) for m in player.legal_masks("r", 2)]
    assert "G3" in [names(player, m) for m in player.legal_masks("g", 1)]


def test_the_first_move_of_a_game_always_touches_column_h() -> None:
    player = player_with()
    column_h = player.board.column_masks[7]
    for colour in "gybro":
        for number in range(1, 6):
            assert all(mask & column_h for mask in player.legal_masks(colour, number))


def test_option_connect_through_crossed_links_new_cells_through_crossed_cells() -> None:
    strict = player_with("A2 B1")
    loose = player_with("A2 B1", options=Options(connect_through_crossed=True))
    with pytest.raises(IllegalMoveError):
        strict.push(move(strict, "green", "A1 C1"))
    loose.push(move(loose, "green", "A1 C1"))
    assert names(loose, loose.crossed) == "A1 A2 B1 C1"


# -- Jokers ------------------------------------------------------------------------------


def test_each_joker_used_costs_one_exclamation_mark_of_eight() -> None:
    player = player_with()
    assert player.marks_left == 8
    player.push(move(player, "yellow", "H6 H7", colour_joker=True))
    assert player.marks_left == 7


def test_using_both_jokers_in_one_move_costs_two() -> None:
    player = player_with()
    player.push(move(player, "yellow", "H6 H7", colour_joker=True, number_joker=True))
    assert player.marks_left == 6


def test_with_no_marks_left_a_player_cannot_use_jokers() -> None:
    player = player_with()
    player.marks_used = 8
    assert player.legal_moves(JOKER_COLOUR, 2) == []
    assert player.legal_moves("y", JOKER_NUMBER) == []
    with pytest.raises(IllegalMoveError, match="0 are left"):
        player.push(move(player, "yellow", "H6 H7", colour_joker=True))
    player.marks_used = 7
    assert player.legal_moves(JOKER_COLOUR, JOKER_NUMBER) == []
    assert player.legal_moves(JOKER_COLOUR, 2)


# -- Scoring -----------------------------------------------------------------------------

COLUMN_H = "H1 H2 H3 H4 H5 H6 H7"
COLUMN_A = "A1 A2 A3 A4 A5 A6 A7"


def test_a_completed_column_scores_its_upper_value_for_the_first() -> None:
    player = player_with(COLUMN_A)
    assert player.score().columns == 5


def test_a_column_completed_later_scores_its_lower_value() -> None:
    player = player_with(COLUMN_A)
    player.later_columns = frozenset({0})
    assert player.score().columns == 3


def _complete_h_in_game(game: Game, seats: list[int]) -> None:
    """Give ``seats`` all of column H but H7, then let them cross H7 in one roll."""
    for seat in seats:
        game.sheets[seat].crossed = game.sheets[seat].board.parse_cells(COLUMN_H.split()[:-1])
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    while waiting := game.waiting_for():
        for seat in waiting:
            game.choose(seat, game.make_choice(0, 0, ["H7"]) if seat in seats else None)
    game.finish_roll()


def test_everyone_completing_a_column_in_the_same_roll_as_the_first_gets_the_upper_value() -> None:
    game = new_game(3)
    _complete_h_in_game(game, [0, 1])
    assert [s.score().columns for s in game.sheets] == [1, 1, 0]


def test_a_column_completed_in_a_later_roll_gets_the_lower_value() -> None:
    game = new_game(2)
    _complete_h_in_game(game, [0])
    game.sheets[1].crossed = game.sheets[1].board.parse_cells(COLUMN_H.split()[:-1])
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(game.active, game.make_choice(0, 0, ["H7"]))
    game.choose(0, None)
    game.finish_roll()
    assert game.sheets[1].later_columns == frozenset({7})
    assert [s.score().columns for s in game.sheets] == [1, 0]


def test_a_completed_colour_scores_5_first_same_roll_ties_5_and_3_later() -> None:
    game = new_game(3)
    yellow = [game.sheet.cell_name(c) for c in game.sheet.cells_of_colour("y")]
    last = "H7"
    for seat in (0, 1, 2):
        game.sheets[seat].crossed = game.sheets[seat].board.parse_cells(
            [n for n in yellow if n != last])
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(0, game.make_choice(0, 0, [last]))
    game.choose(1, game.make_choice(0, 0, [last]))
    game.choose(2, None)
    game.finish_roll()
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(1, None)
    game.choose(0, None)
    game.choose(2, game.make_choice(0, 0, [last]))
    game.finish_roll()
    assert [s.score().colours for s in game.sheets] == [5, 5, 3]


def test_each_unused_exclamation_mark_scores_one_and_each_uncrossed_star_loses_two() -> None:
    player = player_with("H1 L1")  # two stars crossed
    player.marks_used = 3
    score = player.score()
    assert score.jokers == 5
    assert score.stars == -2 * 13
    assert score.total == 5 - 26


def test_the_highest_total_wins() -> None:
    game = new_game(2)
    game.sheets[1].crossed = game.sheets[1].board.parse_cells(COLUMN_A.split())
    assert game.winner_seats() == [1]
    assert game.winners() == [game.players[1]]


def test_on_a_tie_the_player_who_used_fewer_jokers_wins() -> None:
    game = new_game(2)
    # Seat 0: 5 points for column A, 2 marks used (-2); seat 1: nothing but 2 stars...
    game.sheets[0].crossed = game.sheets[0].board.parse_cells(["H1"])  # a star: +2
    game.sheets[0].marks_used = 2  # -2: same total as seat 1, fewer marks left
    assert game.scores()[0].total == game.scores()[1].total
    assert game.winner_seats() == [1]


def test_still_tied_players_share_the_win() -> None:
    game = new_game(3)
    assert game.winner_seats() == [0, 1, 2]
    assert game.winners() == list(game.players)


# -- The end -----------------------------------------------------------------------------


def _two_colours_but_one_cell(game: Game, seat: int) -> None:
    sheet = game.sheet
    cells = [sheet.cell_name(c) for c in sheet.cells_of_colour("y") + sheet.cells_of_colour("g")]
    game.sheets[seat].crossed = game.sheets[seat].board.parse_cells(
        [n for n in cells if n != "H7"])


def test_after_a_roll_in_which_a_player_completes_two_colours_the_round_is_finished() -> None:
    game = new_game(3)
    everyone_passes_roll = [roll(game.sheet, "blue blue blue", "5 5 5")]
    _two_colours_but_one_cell(game, 1)
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(0, None)
    game.choose(1, game.make_choice(0, 0, ["H7"]))
    game.choose(2, None)
    game.finish_roll()
    assert game.end_triggered and not game.over  # seat 0 threw; seats 1 and 2 still throw
    for _ in range(2):
        game.set_roll(everyone_passes_roll[0])
        everyone_passes(game)
        game.finish_roll()
    assert game.over and game.phase is Phase.OVER
    assert [len(log.choices) for log in game.log] == [3, 3, 3]


def test_option_end_roll_ends_right_after_that_roll() -> None:
    game = new_game(3, Options(end="roll"))
    _two_colours_but_one_cell(game, 2)
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(0, None)
    game.choose(1, None)
    game.choose(2, game.make_choice(0, 0, ["H7"]))
    game.finish_roll()
    assert game.over


def test_no_roll_can_be_thrown_once_the_game_is_over() -> None:
    game = new_game(1, Options(end="roll"))
    _two_colours_but_one_cell(game, 0)
    game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))
    game.choose(0, game.make_choice(0, 0, ["H7"]))
    game.finish_roll()
    with pytest.raises(IllegalMoveError, match="phase over"):
        game.set_roll(roll(game.sheet, "yellow yellow yellow", "1 1 1"))


# -- Solo --------------------------------------------------------------------------------


def test_solo_is_30_rolls_of_2_colour_and_2_number_dice() -> None:
    game = new_game(solo=True)
    rng = np.random.default_rng(5)
    while not game.over:
        thrown = game.throw(rng)
        assert (len(thrown.colours), len(thrown.numbers)) == (2, 2)
        game.choose(0, None)
        game.finish_roll()
    assert game.rolls_done == 30


def test_solo_columns_score_their_upper_value_and_colours_5() -> None:
    game = new_game(solo=True)
    _two_colours_but_one_cell(game, 0)
    game.sheets[0].crossed |= game.sheets[0].board.parse_cells(COLUMN_A.split())
    game.set_roll(roll(game.sheet, "yellow green", "1 1"))
    game.choose(0, game.make_choice(0, 0, ["H7"]))
    game.finish_roll()
    score = game.scores()[0]
    assert score.colours == 10
    assert score.columns == 5  # column A's upper value


def test_solo_ends_once_two_colours_are_complete() -> None:
    game = new_game(solo=True)
    _two_colours_but_one_cell(game, 0)
    game.set_roll(roll(game.sheet, "yellow green", "1 1"))
    game.choose(0, game.make_choice(0, 0, ["H7"]))
    game.finish_roll()
    assert game.over and game.rolls_done == 1


@pytest.mark.parametrize(("total", "band"), [(-3, "below 0"), (0, "0"), (1, "1-4"), (4, "1-4"),
                                             (5, "5-8"), (36, "33-36"), (40, "37-40"),
                                             (41, "above 40")])
def test_the_solo_table_rates_scores_in_bands_of_four(total: int, band: str) -> None:
    assert solo_band(total) == band
