"""The rules' edition-neutral names the environments use (issue 24): the sheet's tracks,
what a mark is worth, later colours, and a row's bombs placed one square at a time."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.editions import EDITIONS, Tracks, edition_of
from kok_layouts.errors import KokError, KokTypeError, WrongSheetError
from kok_layouts.rules import COLOURS_TO_END, Choice, Game, Roll, new_game

LAYOUTS = ["black", "grey", "kids", "examples/travel.yaml"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_tracks_are_what_a_new_player_has_and_can_gain(layout: str) -> None:
    sheet = load_layout(layout)
    tracks = edition_of(sheet).tracks(sheet)
    player = new_game(sheet, ["solo"], solo=True).sheets[0]
    assert tracks.boxes_at_start == player.boxes_left
    assert tracks.boxes == player.boxes_left + player.box_room
    assert bool(tracks.hearts) == player.heart_room
    assert bool(tracks.special_faces) == edition_of(sheet).special_die


def test_only_keer_op_keer_2_prints_boxes_hearts_and_a_special_die() -> None:
    grey, black, kids = (load_layout(name) for name in ("grey", "black", "kids"))
    assert EDITIONS["classic"].tracks(black) == Tracks()
    tracks = EDITIONS["kok2"].tracks(grey)
    assert (tracks.boxes, tracks.hearts, tracks.chameleon_every) == (
        grey.box_count, grey.heart_track, 0)  # type: ignore[attr-defined]
    assert tracks.special_faces == tuple(grey.special_faces)  # type: ignore[attr-defined]
    assert EDITIONS["kids"].tracks(kids) == Tracks(chameleon_every=kids.chameleon_every)  # type: ignore[attr-defined]


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("thing", ["grey", None, 7, b"kids", "\u202e\x00", [1]])
def test_tracks_need_a_sheet(edition: str, thing: object) -> None:
    with pytest.raises(KokTypeError, match=f"a {edition} sheet is needed"):
        EDITIONS[edition].tracks(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize(("edition", "layout"), [("classic", "grey"), ("kok2", "black"),
                                                 ("kids", "grey"), ("kok2", "kids")])
def test_tracks_of_another_editions_sheet_are_refused_naming_both(edition: str,
                                                                  layout: str) -> None:
    sheet = load_layout(layout)
    with pytest.raises(WrongSheetError, match=f"{sheet.edition} sheet, not a {edition} one"):
        EDITIONS[edition].tracks(sheet)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_thrown_special_face_is_on_the_tracks(seed: int) -> None:
    sheet = load_layout("grey")
    roll = new_game(sheet, ["solo"], solo=True).throw(np.random.default_rng(seed))
    assert roll.special in EDITIONS["kok2"].tracks(sheet).special_faces


def test_kids_chameleon_comes_every_so_many_marks() -> None:
    sheet = load_layout("kids")
    every = EDITIONS["kids"].tracks(sheet).chameleon_every
    player: Any = new_game(sheet, ["solo"], solo=True).sheets[0]
    for used in range(player.marks_left):
        player.marks_used = used
        assert player.next_mark_is_chameleon() == ((used + 1) % every == 0)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("used", [0, 1, 3])
def test_each_unused_mark_scores_its_mark_value(layout: str, used: int) -> None:
    player = new_game(load_layout(layout), ["solo"], solo=True).sheets[0]
    empty = player.score().total
    player.marks_used = used
    assert empty - player.score().total == used * player.mark_value


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_player_names_its_later_colours(layout: str) -> None:
    player = new_game(load_layout(layout), ["solo"], solo=True).sheets[0]
    assert player.later_colours == frozenset()


# -- a row's bombs, one square at a time (docs/rules.md section 2.5) -------------------
def almost_bombed() -> tuple[Game, Choice]:
    """A solo grey game whose first row with a bomb lacks one cell, and the choice that
    crosses it (one cell of its colour with a 1)."""
    sheet = load_layout("grey")
    game = new_game(sheet, ["solo"], solo=True)
    player = game.sheets[0]
    board = player.board
    row = [rule.item for rule in sheet.rows].index("bomb")  # type: ignore[attr-defined]
    last = board.row_masks[row] & -board.row_masks[row]  # its first cell
    player.crossed = board.row_masks[row] & ~last
    colour = sheet.cell_colours[last.bit_length() - 1]
    assert colour is not None
    game.set_roll(Roll((colour, colour), (1, 1), "heart"))
    choice = next(c for c in game.choices_for(0) if c.move.cells == last)
    return game, choice


def test_a_choice_completing_a_bomb_row_waits_for_its_square() -> None:
    game, choice = almost_bombed()
    probe: Any = game.sheets[0].copy()
    probe.crossed |= choice.move.cells
    squares = game.next_bomb_squares(0, choice)
    assert squares == probe.bomb_masks() and squares
    # With its square named the choice owes nothing more, and is what fill_bombs makes.
    assert game.next_bomb_squares(0, choice, [squares[-1]]) == []
    filled = game.fill_bombs(0, choice, lambda _, options: options[-1])
    assert filled.bombs == (squares[-1],)
    game.choose(0, filled)
    assert game.sheets[0].crossed & squares[-1] == squares[-1]


def test_asking_for_bomb_squares_changes_nothing() -> None:
    game, choice = almost_bombed()
    before = game.sheets[0].state_key()
    game.next_bomb_squares(0, choice)
    game.next_bomb_squares(0, choice, [game.next_bomb_squares(0, choice)[0]])
    assert game.sheets[0].state_key() == before


@pytest.mark.parametrize("layout", ["black", "kids", "grey"])
def test_a_choice_without_a_bomb_row_owes_no_squares(layout: str) -> None:
    game = new_game(load_layout(layout), ["solo"], solo=True)
    game.throw(np.random.default_rng(5))
    for choice in game.choices_for(0)[:20]:
        assert game.next_bomb_squares(0, choice) == []


@pytest.mark.parametrize("bombs", [["A1"], [-4], [1.5], 7])
def test_bombs_that_are_not_cell_masks_are_refused(bombs: object) -> None:
    game, choice = almost_bombed()
    with pytest.raises(KokTypeError):
        game.next_bomb_squares(0, choice, bombs)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [1, -1, 10**9, "nobody"])
def test_a_seat_that_is_not_in_the_game_is_refused(seat: object) -> None:
    for game in (almost_bombed()[0], new_game(load_layout("black"), ["solo"], solo=True)):
        with pytest.raises(KokError):
            game.next_bomb_squares(seat, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("complete", [COLOURS_TO_END - 1, COLOURS_TO_END])
def test_a_solo_game_ends_with_the_roll_that_completes_colours_to_end(layout: str,
                                                                     complete: int) -> None:
    game = new_game(load_layout(layout), ["solo"], solo=True)
    player = game.sheets[0]
    masks = list(player.board.colour_masks.values())
    for mask in masks[:complete]:
        player.crossed |= mask
    game.throw(np.random.default_rng(1))
    game.choose(0, None if not game.choices_for(0) else game.choices_for(0)[0])
    game.finish_roll()
    assert game.over == (len(player.completed_colours()) >= COLOURS_TO_END)
    assert game.over or complete < COLOURS_TO_END


@pytest.mark.parametrize("layout", ["grey", "black", "examples/donut.yaml"])
def test_a_bomb_falls_on_the_board_cells_of_a_two_by_two_square(layout: str) -> None:
    sheet = load_layout(layout)
    board = new_game(sheet, ["solo"], solo=True).sheets[0].board
    width = sheet.width
    for square in board.square_masks:
        assert square & ~board.full == 0 and 1 <= square.bit_count() <= 4
        cells = [c for c in range(sheet.width * sheet.height) if square >> c & 1]
        rows, columns = {c // width for c in cells}, {c % width for c in cells}
        assert max(rows) - min(rows) <= 1 and max(columns) - min(columns) <= 1
    holes = (1 << (sheet.width * sheet.height)) - 1 != board.full
    assert holes or len(board.square_masks) == (sheet.width - 1) * (sheet.height - 1)


def test_on_an_empty_sheet_every_square_is_a_bomb_option() -> None:
    game, _ = almost_bombed()
    player: Any = new_game(load_layout("grey"), ["solo"], solo=True).sheets[0]
    assert player.bomb_masks() == sorted(set(player.board.square_masks))
    assert game.sheets[0].board is player.board
