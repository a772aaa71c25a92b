"""docs/rules.md section 3 (Keer op Keer Kids), one test per rule sentence, on the built-in sheet.

    A B C D E F G H I J K L M      e elephant  f flamingo  c crocodile  l lion  p penguin
 1  e e f c p p P p e l p l l
 2  l c c c e l L l e f p e e      Enclosures: neighbouring cells of one animal.
 3  f f l l f f E e p f l c c      The middle column G holds a star in every cell.
 4  l c c e p p C e p l l f p
 5  p p e e e f F f f c c f p
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from kok_layouts import KidsSheet, load_layout
from kok_layouts.errors import IllegalMoveError
from kok_layouts.rules.dice import PURPLE, Roll
from kok_layouts.rules.game import Choice
from kok_layouts.rules.kids import NO_DIE, KidsGame, KidsMove, KidsPlayerSheet


def kids() -> KidsSheet:
    sheet = load_layout("kids")
    assert isinstance(sheet, KidsSheet)
    return sheet


def sheet_with(crossed: str = "", marks: int = 0) -> KidsPlayerSheet:
    player = KidsPlayerSheet(kids())
    player.crossed = player.board.parse_cells(crossed.split())
    player.marks_used = marks
    return player


def cells(player: KidsPlayerSheet, names: str) -> int:
    return player.board.parse_cells(names.split())


def enclosure(player: KidsPlayerSheet, animal: str, names: str) -> KidsMove:
    return KidsMove(player.sheet.colour(animal).key, cells(player, names))


def roll(game: KidsGame, faces: str) -> Roll:
    return Roll(tuple(PURPLE if f == "purple" else game.sheet.colour(f).key
                      for f in faces.split()), ())


def take(game: KidsGame, die: int, animal: str, names: str) -> Choice:
    return Choice(die, NO_DIE, enclosure(game.sheets[0], animal, names))


COLUMN_G = {"penguin": "E1 F1 G1 H1", "lion": "F2 G2 H2", "elephant": "G3 H3 H4",
            "crocodile": "G4", "flamingo": "F5 G5 H5 I5"}

# -- The sheet and the dice --------------------------------------------------------------


def test_the_sheet_is_13_columns_by_5_rows_of_five_animals_in_enclosures_of_1_to_4() -> None:
    sheet = kids()
    assert (sheet.width, sheet.height) == (13, 5)
    assert len(sheet.animals) == 5
    assert {len(e) for e in sheet.enclosures} <= {1, 2, 3, 4}


def test_every_cell_of_the_middle_column_holds_a_star() -> None:
    sheet = kids()
    assert set(sheet.column_cells(6)) == set(sheet.stars)


def test_three_dice_show_the_five_animal_colours_and_a_purple_cross() -> None:
    game = KidsGame(kids(), 2)
    rng = np.random.default_rng(4)
    faces: Counter[str] = Counter()
    for _ in range(600):
        thrown = game.throw(rng)
        assert len(thrown.colours) == 3 and thrown.numbers == ()
        faces.update(thrown.colours)
        game.phase = game.phase.ROLL
    assert set(faces) == {"p", "l", "c", "e", "f", PURPLE}
    assert min(faces.values()) > 220


def test_two_to_four_players() -> None:
    for count in (2, 3, 4):
        assert len(KidsGame(kids(), count).players) == count
    for count in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            KidsGame(kids(), count)


# -- A roll ------------------------------------------------------------------------------


def test_the_active_player_keeps_one_die_and_the_others_choose_from_the_two_left() -> None:
    game = KidsGame(kids(), 3)
    game.set_roll(roll(game, "crocodile elephant flamingo"))
    assert game.dice_for(0) == ([0, 1, 2], [])
    game.choose(0, take(game, 0, "crocodile", "G4"))
    assert game.dice_for(1) == ([1, 2], []) and game.dice_for(2) == ([1, 2], [])
    with pytest.raises(IllegalMoveError, match="kept it"):
        game.choose(1, take(game, 0, "crocodile", "G4"))


def test_both_other_players_may_pick_the_same_die() -> None:
    game = KidsGame(kids(), 3)
    game.set_roll(roll(game, "crocodile elephant flamingo"))
    game.choose(0, take(game, 0, "crocodile", "G4"))
    game.choose(1, take(game, 1, "elephant", "G3 H3 H4"))
    game.choose(2, take(game, 1, "elephant", "G3 H3 H4"))
    game.finish_roll()


def test_there_is_no_first_rolls_rule() -> None:
    game = KidsGame(kids(), 2)
    game.set_roll(roll(game, "crocodile elephant flamingo"))
    game.choose(0, take(game, 2, "flamingo", "F5 G5 H5 I5"))
    assert game.dice_for(1) == ([0, 1], [])


# -- A move ------------------------------------------------------------------------------


def test_a_move_crosses_one_whole_enclosure_of_the_chosen_colour() -> None:
    player = sheet_with()
    with pytest.raises(IllegalMoveError, match="whole"):
        player.push(enclosure(player, "penguin", "G1 H1"))
    with pytest.raises(IllegalMoveError, match="no elephants"):
        player.push(KidsMove("e", cells(player, "E1 F1 G1 H1")))
    player.push(enclosure(player, "penguin", "E1 F1 G1 H1"))


def test_the_enclosure_holds_a_star_or_shares_a_side_with_a_crossed_enclosure() -> None:
    player = sheet_with()
    assert {m.cells for m in player.legal_moves("e")} == {cells(player, "G3 H3 H4")}
    player.push(enclosure(player, "elephant", "G3 H3 H4"))
    # I3 I4 (penguin) shares a side with H3/H4 now.
    assert cells(player, "I3 I4") in {m.cells for m in player.legal_moves("p")}


def test_touching_at_a_corner_does_not_count() -> None:
    # With crocodile G4 crossed, the flamingo enclosure E3 F3 touches it only at the
    # corner of F3 and G4.
    player = sheet_with("G4")
    assert cells(player, "E3 F3") not in {m.cells for m in player.legal_moves("f")}
    with pytest.raises(IllegalMoveError, match="corner does not count"):
        player.push(enclosure(player, "flamingo", "E3 F3"))


def test_one_side_contact_by_one_cell_is_enough_for_the_whole_enclosure() -> None:
    player = sheet_with("E1 F1 G1 H1")
    # B2 C2 D2 D1 (crocodile) touches E1 only by D1's side.
    player.push(enclosure(player, "crocodile", "B2 C2 D2 D1"))
    assert player.crossed & cells(player, "B2") == cells(player, "B2")


# -- Purple ------------------------------------------------------------------------------


def test_purple_crosses_the_next_exclamation_mark_one_per_move() -> None:
    player = sheet_with()
    assert player.legal_moves(PURPLE) == [KidsMove(PURPLE)]
    player.push(KidsMove(PURPLE))
    assert player.marks_used == 1 and player.crossed == 0


def test_every_second_mark_gives_a_chameleon_that_crosses_any_enclosure_at_once() -> None:
    player = sheet_with(marks=1)
    moves = player.legal_moves(PURPLE)
    assert all(m.chameleon for m in moves)
    # any animal, under the star-or-side rule: exactly the five star enclosures
    assert {m.chameleon for m in moves} == {cells(player, c) for c in COLUMN_G.values()}
    player.push(KidsMove(PURPLE, 0, cells(player, "F5 G5 H5 I5")))
    assert player.marks_used == 2 and player.crossed == cells(player, "F5 G5 H5 I5")


def test_a_chameleon_follows_the_star_or_side_rule() -> None:
    player = sheet_with(marks=1)
    with pytest.raises(IllegalMoveError, match="star or shares a side"):
        player.push(KidsMove(PURPLE, 0, cells(player, "A1 B1")))


def test_with_no_marks_left_purple_cannot_be_chosen() -> None:
    player = sheet_with(marks=6)
    assert player.legal_moves(PURPLE) == []
    with pytest.raises(IllegalMoveError, match="no exclamation mark left"):
        player.push(KidsMove(PURPLE))


def test_a_player_must_cross_something_if_any_die_they_may_take_allows_it() -> None:
    game = KidsGame(kids(), 2)
    game.set_roll(roll(game, "crocodile elephant flamingo"))
    with pytest.raises(IllegalMoveError, match="must cross something"):
        game.choose(0, None)


def test_only_if_no_die_allows_a_move_the_player_skips() -> None:
    game = KidsGame(kids(), 2)
    game.sheets[0].crossed = cells(game.sheets[0], "G4")  # crocodile star enclosure done
    game.sheets[0].marks_used = 6
    game.set_roll(roll(game, "crocodile crocodile purple"))
    # D... crocodile enclosures near G4? none share a side with G4; purple has no marks.
    assert game.choices_for(0) == []
    game.choose(0, None)


def test_there_are_no_minus_points() -> None:
    assert sheet_with().score().total == 0


# -- Circles -----------------------------------------------------------------------------


def _complete_column_a_in_game(game: KidsGame, seats: list[int]) -> None:
    # Column A: A1 (e, with B1), A2 (l), A3 (f, with B3), A4 (l), A5 (p, with B5).
    for seat in seats:
        player = game.sheets[seat]
        player.crossed = cells(player, "A1 B1 A2 A3 B3 A4 B2 C2 D2 D1 E1 F1 G1 H1")
    game.set_roll(roll(game, "penguin penguin penguin"))
    while waiting := game.waiting_for():
        for seat in waiting:
            if seat in seats:
                die = game.dice_for(seat)[0][0]
                game.choose(seat, take(game, die, "penguin", "A5 B5"))
            else:
                options = game.choices_for(seat)
                game.choose(seat, options[0] if options else None)
    game.finish_roll()


def test_a_completed_column_circles_its_buckets_for_everyone_who_completes_it() -> None:
    game = KidsGame(kids(), 3)
    _complete_column_a_in_game(game, [0, 1])
    assert [s.score().buckets for s in game.sheets[:2]] == [2, 2]


def test_the_first_to_complete_a_column_circles_its_visitor_same_roll_ties_both() -> None:
    game = KidsGame(kids(), 3)
    _complete_column_a_in_game(game, [0, 1])
    assert [s.score().visitors for s in game.sheets[:2]] == [1, 1]


def test_later_completers_cross_the_visitor_out_but_keep_the_buckets() -> None:
    game = KidsGame(kids(), 2)
    _complete_column_a_in_game(game, [0])
    player = game.sheets[1]
    player.crossed = cells(player, "A1 B1 A2 A3 B3 A4 B2 C2 D2 D1 E1 F1 G1 H1")
    game.set_roll(roll(game, "penguin penguin penguin"))
    game.choose(1, take(game, 0, "penguin", "A5 B5"))
    options = game.choices_for(0)
    game.choose(0, options[0] if options else None)
    game.finish_roll()
    assert player.later_columns == frozenset({0})
    assert (player.score().buckets, player.score().visitors) == (2, 0)


def test_all_cells_of_one_animal_circle_its_two_food_boxes() -> None:
    player = sheet_with()
    croc = " ".join(player.sheet.cell_name(c) for c in player.sheet.cells_of_colour("c"))
    player.crossed = cells(player, croc)
    assert player.score().food == 2


def test_the_game_stops_after_the_roll_in_which_a_player_completes_two_animals() -> None:
    game = KidsGame(kids(), 3)
    sheet = game.sheet
    two = [sheet.cell_name(c) for c in sheet.cells_of_colour("c") + sheet.cells_of_colour("f")]
    game.sheets[1].crossed = cells(game.sheets[1], " ".join(n for n in two if n != "G4"))
    game.set_roll(roll(game, "elephant elephant elephant"))
    for seat in (0, 1, 2):
        game.choose(seat, take(game, game.dice_for(seat)[0][0], "elephant", "G3 H3 H4"))
    game.finish_roll()
    assert not game.over
    game.set_roll(roll(game, "crocodile elephant flamingo"))
    game.choose(1, take(game, 0, "crocodile", "G4"))  # seat 1 throws and completes two
    for seat in game.waiting_for():
        options = game.choices_for(seat)
        game.choose(seat, options[0] if options else None)
    game.finish_roll()
    assert game.over and game.rolls_done == 2  # seat 2 does not throw: no round finishing


def test_most_circles_wins_and_a_tie_is_a_shared_win() -> None:
    game = KidsGame(kids(), 3)
    assert game.winner_seats() == [0, 1, 2]
    _complete_column_a_in_game(game, [2])
    assert game.winner_seats() == [2]
    assert game.winners() == [game.players[2]]


def test_buckets_are_2_under_the_two_outermost_columns_0_under_the_star_column() -> None:
    assert list(kids().buckets) == [2, 2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 2, 2]


def test_green_the_crocodile_has_the_fewest_cells_penguin_and_elephant_the_most() -> None:
    sheet = kids()
    counts = {a.name: len(sheet.cells_of_colour(a.key)) for a in sheet.animals}
    assert counts["crocodile"] == min(counts.values())
    assert counts["penguin"] == counts["elephant"] == max(counts.values())
    assert sheet.colour("green").name == "crocodile"


def test_solo_kids_is_30_rolls_of_three_dice_or_until_two_animals_are_complete() -> None:
    game = KidsGame(kids(), ["me"], solo=True)
    rng = np.random.default_rng(2)
    while not game.over:
        game.throw(rng)
        options = game.choices_for(0)
        game.choose(0, options[0] if options else None)
        game.finish_roll()
    done = len(game.sheets[0].completed_colours())
    assert game.rolls_done == 30 or done >= 2
