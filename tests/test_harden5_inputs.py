"""Values refused where they are made (issue 34, class 3): players whose names differ only
in case, cell lists with a name left out between commas, and print options that cannot be
printed. Each is the project's error in one line; nothing is played or printed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokError, KokTypeError
from kok_layouts.model.loader import load_layout
from kok_layouts.render.document import PrintOptions
from kok_layouts.rules import Move, new_game
from kok_layouts.rules.moves import cell_names, mask_of_names

from .hostile_helpers import run_kok

NAME = st.text(st.characters(categories=("Lu", "Ll"), max_codepoint=0x24F),
               min_size=1, max_size=12)


# -- players ------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [["Ann", "ann"], ["Ann", "Bob", "ANN"], ["Straße", "STRASSE"],
                                   ["Ann", "\uff21nn"], ["\u0131lker", "Ilker"]])
def test_two_names_that_differ_only_in_case_are_one_name_twice(names: list[str]) -> None:
    with pytest.raises(BadArgumentError) as refused:
        new_game(load_layout("black"), names)
    assert "differ only in case" in str(refused.value) and "\n" not in str(refused.value)


@settings(max_examples=40, deadline=None)
@given(NAME)
def test_any_name_and_its_other_case_are_refused_together(name: str) -> None:
    other = name.swapcase()
    assume(other != name and other.strip() and name.strip())
    with pytest.raises(BadArgumentError):
        new_game(load_layout("black"), [name, other])


def test_names_that_differ_in_more_than_case_are_two_players() -> None:
    assert new_game(load_layout("black"), ["Ann", "Anne", "Bob"]).players == ("Ann", "Anne", "Bob")


def test_kok_play_refuses_names_that_differ_only_in_case_in_one_line() -> None:
    run = run_kok("play", "--players", "2", "--names", "Ann,ANN", "--seed", "1")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert "differ only in case" in run.err


# -- cells --------------------------------------------------------------------------------

@pytest.mark.parametrize("cells", ["H6,,H7", ",H6", "H6,", "H6, ,H7", "H6,\t,H7", ",", ",,"])
def test_a_cell_list_with_a_name_left_out_is_refused(cells: str) -> None:
    with pytest.raises(BadArgumentError, match="between commas"):
        cell_names(cells)
    with pytest.raises(BadArgumentError, match="between commas"):
        Move.of("y", cells, width=15, number=2)
    with pytest.raises(BadArgumentError, match="between commas"):
        mask_of_names(cells, 15)


@pytest.mark.parametrize("cells", ["H6,H7", "H6, H7", "H6 H7", " H6 ,H7 ", ["H6", "H7"]])
def test_the_ways_of_writing_two_cells_still_name_them(cells: Any) -> None:
    assert cell_names(cells) == ["H6", "H7"]


def test_a_game_refuses_a_choice_with_a_name_left_out_and_plays_nothing() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    game.throw(np.random.default_rng(1))
    key = game.state_key()
    makers: list[Callable[[], object]] = [lambda: game.choice_for_cells(0, "H4,,H5"),
                                          lambda: game.make_choice(0, 0, "H4,,H5")]
    for make in makers:
        with pytest.raises(IllegalMoveError, match="between commas") as refused:
            make()
        assert "\n" not in str(refused.value)
    assert game.state_key() == key


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["H6", "H7", "G6", ""]), min_size=2, max_size=5),
       st.sampled_from([",", ", ", " ,"]))
def test_a_list_joined_with_an_empty_name_is_refused_else_read(parts: list[str],
                                                                comma: str) -> None:
    text = comma.join(parts)
    if "" in parts:
        with pytest.raises(BadArgumentError):
            cell_names(text)
    else:
        assert cell_names(text) == parts


# -- print options ------------------------------------------------------------------------

@pytest.mark.parametrize(("options", "error"), [
    ({"per_page": 3}, BadArgumentError), ({"per_page": 0}, BadArgumentError),
    ({"per_page": -1}, BadArgumentError), ({"per_page": 10**30}, BadArgumentError),
    ({"per_page": True}, BadArgumentError), ({"per_page": 2.0}, BadArgumentError),
    ({"per_page": "2"}, BadArgumentError), ({"pages": 0}, KokError),
    ({"pages": -5}, KokError), ({"pages": 10**400}, KokError), ({"pages": 1.5}, KokError),
    ({"paper": "a٤"}, BadArgumentError), ({"paper": "A4"}, BadArgumentError),
    ({"paper": None}, BadArgumentError), ({"lang": "en\u202e"}, BadArgumentError),
    ({"lang": 1}, BadArgumentError), ({"landscape": "yes"}, KokTypeError),
    ({"colorblind": 1}, KokTypeError)])
def test_print_options_that_cannot_be_printed_are_refused_when_made(
        options: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error) as refused:
        PrintOptions(**options)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_replacing_an_option_checks_it_again() -> None:
    with pytest.raises(BadArgumentError, match="per_page"):
        dataclasses.replace(PrintOptions(), per_page=3)
    assert dataclasses.replace(PrintOptions(), per_page=4).per_page == 4


@settings(max_examples=60, deadline=None)
@given(st.integers(-10**6, 10**6))
def test_per_page_is_one_two_or_four(per_page: int) -> None:
    if per_page in (1, 2, 4):
        assert PrintOptions(per_page=per_page).per_page == per_page
    else:
        with pytest.raises(BadArgumentError):
            PrintOptions(per_page=per_page)


@pytest.mark.parametrize("cells", ["H6,,H7", ",H6", "H6,"])
def test_every_reader_of_cell_names_refuses_a_name_left_out(cells: str) -> None:
    """The one splitter of cell names refuses it, so the player's sheet, the board and the
    records (which read cells through it) do too."""
    from kok_layouts.errors import BadArgumentError
    from kok_layouts.model.loader import load_layout
    from kok_layouts.rules.board import board_for, split_cells
    from kok_layouts.rules.player import PlayerSheet

    sheet = load_layout("black")
    for read in (split_cells, board_for(sheet).parse_cells, PlayerSheet(sheet).parse_cells):
        with pytest.raises(BadArgumentError, match="leave a name out"):
            read(cells)
