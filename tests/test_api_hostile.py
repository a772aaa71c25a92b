"""Hostile arguments to the Python API (issue 10, point 7; point 8's first half).

Every bad argument raises one of the project's own errors (a :class:`KokError`, also a
``ValueError``, and a ``TypeError`` where the argument has the wrong type), and a failed
call leaves the state exactly as it was (``state_key()`` unchanged).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_classic, load_kids, load_kok2, load_layout
from kok_layouts.errors import (
    BadArgumentError,
    IllegalMoveError,
    KokError,
    KokTypeError,
    WrongSheetError,
)
from kok_layouts.render.document import render_png
from kok_layouts.rules import (
    Choice,
    Game,
    KidsGame,
    KidsMove,
    KidsPlayerSheet,
    Kok2PlayerSheet,
    Move,
    Options,
    PlayerSheet,
    Roll,
    Special,
    parse_cells,
)

BLACK = load_classic("black")
GREY = load_kok2("grey")
KIDS = load_kids("kids")


def started_player() -> PlayerSheet:
    """A black sheet with a move played, so undo history and crosses exist."""
    me = PlayerSheet(BLACK)
    me.push(me.move("yellow", "H6 H7"))
    return me


def started_game() -> Game:
    game = Game(BLACK, ["Ann", "Bob"])
    game.set_roll(Roll(("y", "b", "X"), (2, 1, 0)))
    return game


def assert_refused(state: Callable[[], Any], call: Callable[[], object],
                   error: type[Exception]) -> None:
    """``call`` raises ``error`` (a KokError) and ``state()`` is what it was before."""
    before = state()
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, KokError) and isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
    assert state() == before


# -- legal_moves and legal_masks: unknown faces ------------------------------------------

LEGAL_MOVES_CASES: list[tuple[Any, Any, dict[str, Any], type[Exception]]] = [
    ("q", 9, {}, BadArgumentError),                 # today: []
    ("q", 2, {}, BadArgumentError),
    ("y", 9, {}, BadArgumentError),
    ("y", 6, {}, BadArgumentError),
    ("y", -1, {}, BadArgumentError),
    ("y", 10**8, {}, BadArgumentError),
    ("y", "²", {}, BadArgumentError),
    ("y", "2.0", {}, BadArgumentError),
    ("y", "", {}, BadArgumentError),
    ("", 2, {}, BadArgumentError),
    ("purple", 2, {}, BadArgumentError),            # a Kids face, not a classic one
    (None, 2, {}, KokTypeError),
    ("y", None, {}, KokTypeError),
    ("y", 2.0, {}, KokTypeError),
    ("y", True, {}, KokTypeError),
    (3, 2, {}, KokTypeError),
    (["y"], 2, {}, KokTypeError),
    ("y", 2, {"marks_left": -1}, BadArgumentError),
    ("y", 2, {"marks_left": "3"}, KokTypeError),
    ("y", 2, {"marks_left": 2.5}, KokTypeError),
]


@pytest.mark.parametrize(("colour", "number", "extra", "error"), LEGAL_MOVES_CASES)
def test_legal_moves_refuses_unknown_faces(colour: Any, number: Any, extra: dict[str, Any],
                                           error: type[Exception]) -> None:
    me = started_player()
    assert_refused(me.state_key, lambda: me.legal_moves(colour, number, **extra), error)


@pytest.mark.parametrize(("colour", "number"), [("q", 1), ("y", 0), ("y", 6), ("joker", 2),
                                                ("g", 10**8), ("yellow", 2), ("y", True)])
def test_legal_masks_takes_only_keys_and_one_to_five(colour: str, number: int) -> None:
    me = started_player()
    assert_refused(me.state_key, lambda: me.legal_masks(colour, number), BadArgumentError)


def test_a_huge_number_is_refused_at_once_even_linking_through_crosses() -> None:
    me = PlayerSheet(BLACK, Options(connect_through_crossed=True))
    me.push(me.legal_moves("g", 1)[0])
    started = time.process_time()  # CPU seconds: the same on a busy machine
    for call in (lambda: me.legal_moves("g", 10**8), lambda: me.legal_masks("g", 10**8)):
        with pytest.raises(BadArgumentError):
            call()
    assert time.process_time() - started < 1.0


# -- push: everything is checked before anything changes ---------------------------------

def _good_move(me: PlayerSheet) -> Move:
    return me.legal_moves("b", 1)[0]


PUSH_CASES: list[tuple[Callable[[PlayerSheet], object], dict[str, Any], type[Exception]]] = [
    (lambda me: None, {}, KokTypeError),
    (lambda me: "H6 H7", {}, KokTypeError),
    (lambda me: Move("y", 2, -1), {}, KokTypeError),
    (lambda me: Move("y", "2", 3), {}, KokTypeError),   # type: ignore[arg-type]
    (lambda me: Move("y", 2, 3.0), {}, KokTypeError),   # type: ignore[arg-type]
    (lambda me: Move("q", 1, 1), {}, IllegalMoveError),
    (lambda me: Move("y", 2, 2**400), {}, IllegalMoveError),
    (_good_move, {"taken_columns": [99]}, BadArgumentError),   # today: applied, then raised
    (_good_move, {"taken_columns": [-1]}, BadArgumentError),
    (_good_move, {"taken_columns": ["H"]}, BadArgumentError),
    (_good_move, {"taken_columns": 3}, KokTypeError),
    (_good_move, {"taken_columns": None}, KokTypeError),
    (_good_move, {"taken_colours": "yellow"}, KokTypeError),
    (_good_move, {"taken_colours": ["purple"]}, BadArgumentError),
    (_good_move, {"taken_colours": ["X"]}, BadArgumentError),
    (_good_move, {"taken_colours": [None]}, KokTypeError),
]


@pytest.mark.parametrize(("make", "extra", "error"), PUSH_CASES)
def test_push_refuses_and_changes_nothing(make: Callable[[PlayerSheet], object],
                                          extra: dict[str, Any], error: type[Exception]) -> None:
    me = started_player()
    move = make(me)
    assert_refused(me.state_key, lambda: me.push(move, **extra), error)  # type: ignore[arg-type]
    assert len(me.history) == 1


def test_a_valid_taken_colour_by_name_counts_as_its_key() -> None:
    me = PlayerSheet(BLACK)
    me.push(_good_move(me), taken_colours=["blue"], taken_columns=[0])
    assert me.later_colours == frozenset()            # nothing completed yet


KOK2_CASES: list[tuple[Callable[[Kok2PlayerSheet], object], type[Exception]]] = [
    (lambda me: me.legal_specials("q"), BadArgumentError),  # type: ignore[arg-type]
    (lambda me: me.legal_specials(None), BadArgumentError),       # type: ignore[arg-type]
    (lambda me: me.push(Special("heart"), taken_rows=[99]), BadArgumentError),
    (lambda me: me.push(Special("heart"), taken_rows=None), KokTypeError),  # type: ignore[arg-type]
    (lambda me: me.push(Special("heart"), bombs=[-4]), KokTypeError),
    (lambda me: me.push(Special("bomb", -1)), KokTypeError),
    (lambda me: me.push(Special("nuke", 1)), IllegalMoveError),  # type: ignore[arg-type]
    (lambda me: me.push(Special("heart"), taken_columns=[15]), BadArgumentError),
]


@pytest.mark.parametrize(("call", "error"), KOK2_CASES)
def test_kok2_sheet_refuses_and_changes_nothing(call: Callable[[Kok2PlayerSheet], object],
                                                 error: type[Exception]) -> None:
    me = Kok2PlayerSheet(GREY)
    assert_refused(me.state_key, lambda: call(me), error)


KIDS_CASES: list[tuple[Callable[[KidsPlayerSheet], object], type[Exception]]] = [
    (lambda me: me.legal_moves("q"), BadArgumentError),
    (lambda me: me.legal_moves(None), KokTypeError),  # type: ignore[arg-type]
    (lambda me: me.push(None), KokTypeError),  # type: ignore[arg-type]
    (lambda me: me.push(KidsMove("c", -1)), KokTypeError),
    (lambda me: me.push(me.legal_moves("c")[0], taken_columns=frozenset({99})),
     BadArgumentError),
    (lambda me: me.push(me.legal_moves("c")[0], taken_columns=7), KokTypeError),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error"), KIDS_CASES)
def test_kids_sheet_refuses_and_changes_nothing(call: Callable[[KidsPlayerSheet], object],
                                                error: type[Exception]) -> None:
    me = KidsPlayerSheet(KIDS)
    assert_refused(me.state_key, lambda: call(me), error)


# -- games: players, seats, choices, rolls -------------------------------------------------

CONSTRUCTION_CASES: list[tuple[Callable[[], object], type[Exception]]] = [
    (lambda: Game(BLACK, []), BadArgumentError),
    (lambda: Game(BLACK, ["Ann", "Ann"]), BadArgumentError),
    (lambda: Game(BLACK, ["Ann", " "]), BadArgumentError),
    (lambda: Game(BLACK, 0), BadArgumentError),
    (lambda: Game(BLACK, 7), BadArgumentError),
    (lambda: Game(BLACK, [f"p{i}" for i in range(7)]), BadArgumentError),
    (lambda: Game(BLACK, None), KokTypeError),  # type: ignore[arg-type]
    (lambda: Game(BLACK, "Ann"), KokTypeError),
    (lambda: Game(BLACK, [1, 2]), KokTypeError),  # type: ignore[list-item]
    (lambda: Game(BLACK, True), KokTypeError),
    (lambda: Game(BLACK, ["Ann"], options="fast"), KokTypeError),  # type: ignore[arg-type]
    (lambda: Game(BLACK, ["Ann", "Bob"], solo=True), BadArgumentError),
    (lambda: Game(None, ["Ann"]), KokTypeError),  # type: ignore[arg-type]
    (lambda: Game(KIDS, ["Ann"]), WrongSheetError),
    (lambda: KidsGame(KIDS, ["Ann"]), BadArgumentError),
    (lambda: KidsGame(KIDS, 5), BadArgumentError),
    (lambda: PlayerSheet(None), KokTypeError),  # type: ignore[arg-type]
    (lambda: PlayerSheet(BLACK, options={}), KokTypeError),  # type: ignore[arg-type]
    (lambda: load_layout(None), KokTypeError),  # type: ignore[arg-type]
    (lambda: load_classic(5), KokTypeError),  # type: ignore[arg-type]
    (lambda: Options(end="sideways"), BadArgumentError),  # type: ignore[arg-type]
    (lambda: Options(first_three_rolls_open="no"), KokTypeError),  # type: ignore[arg-type]
    (lambda: Options(connect_through_crossed=1), KokTypeError),  # type: ignore[arg-type]
    (lambda: Options(max_rolls=0), BadArgumentError),
    (lambda: Options(max_rolls=2.5), BadArgumentError),  # type: ignore[arg-type]
    (lambda: Options.from_dict({"first_three_rolls_open": "no"}), KokTypeError),
]


@pytest.mark.parametrize(("make", "error"), CONSTRUCTION_CASES)
def test_construction_refuses_bad_arguments(make: Callable[[], object],
                                            error: type[Exception]) -> None:
    assert_refused(lambda: None, make, error)


GAME_CASES: list[tuple[Callable[[Game], object], type[Exception]]] = [
    (lambda g: g.choose(5, None), BadArgumentError),
    (lambda g: g.choose(-1, None), BadArgumentError),
    (lambda g: g.choose("Zed", None), BadArgumentError),  # type: ignore[arg-type]
    (lambda g: g.choose(None, None), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.choose(0, "H6 H7"), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.choose(0, Choice("0", 0, None)), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.choose(0, Choice(7, 0, Move("y", 2, 3))), IllegalMoveError),
    (lambda g: g.choose(1, None), IllegalMoveError),           # the active player first
    (lambda g: g.choices_for(9), BadArgumentError),
    (lambda g: g.dice_for(2.0), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.set_roll(None), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.undo(), IllegalMoveError),
    (lambda g: g.finish_roll(), IllegalMoveError),
    (lambda g: g.make_choice("0", 0, "H6"), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.make_choice(0, 0, None), KokTypeError),  # type: ignore[arg-type]
    (lambda g: g.make_choice(0, 0, "Z9"), IllegalMoveError),
    (lambda g: g.make_choice(0, 9, "H6"), IllegalMoveError),
]


@pytest.mark.parametrize("rng", [None, 42, "seed", np.random.RandomState(1)])
def test_the_dice_need_a_seeded_generator(rng: object) -> None:
    for game in (Game(BLACK, ["Ann"]), KidsGame(KIDS, ["Ann", "Bob"])):
        assert_refused(game.state_key, lambda g=game: g.throw(rng),  # type: ignore[misc]
                       KokTypeError)


def test_an_unknown_animal_is_refused_by_name() -> None:
    me = KidsPlayerSheet(KIDS)
    assert_refused(me.state_key, lambda: me.open_enclosures("zebra"), BadArgumentError)
    assert me.open_enclosures("crocodile") == me.open_enclosures("c")


@pytest.mark.parametrize(("call", "error"), GAME_CASES)
def test_game_refuses_and_changes_nothing(call: Callable[[Game], object],
                                          error: type[Exception]) -> None:
    game = started_game()
    assert_refused(game.state_key, lambda: call(game), error)


def test_a_bad_roll_is_refused_before_the_roll_starts() -> None:
    game = Game(BLACK, ["Ann", "Bob"])
    for roll in (Roll(("q", "y", "b"), (1, 2, 3)), Roll(("y",), (1,)),
                 Roll(("y", "b", "g"), (1, 2, 9)), Roll(None, None)):  # type: ignore[arg-type]
        assert_refused(game.state_key, lambda r=roll: game.set_roll(r),  # type: ignore[misc]
                       KokError)


# -- render_png's resolution; parse_cells --------------------------------------------------

@pytest.mark.parametrize(("dpi", "error"), [(0, BadArgumentError), (100000, BadArgumentError),
                                            (-5, BadArgumentError),
                                            (float("nan"), BadArgumentError),
                                            ("150", KokTypeError), (True, KokTypeError),
                                            (None, KokTypeError)])
def test_render_png_refuses_a_bad_resolution(dpi: Any, error: type[Exception]) -> None:
    assert_refused(lambda: None, lambda: render_png(BLACK, dpi), error)


@pytest.mark.parametrize(("names", "error"), [("Z9", BadArgumentError),
                                              ("H6 H6", BadArgumentError),
                                              ("²", BadArgumentError), (",", BadArgumentError),
                                              (None, KokTypeError), (5, KokTypeError),
                                              ([5], KokTypeError), (b"H6", KokTypeError)])
def test_parse_cells_refuses_unknown_cells(names: Any, error: type[Exception] | None) -> None:
    me = started_player()
    if error is None:
        assert parse_cells(me, names) == 0
    else:
        assert_refused(me.state_key, lambda: parse_cells(me, names), error)


# -- property-based: any argument at all ---------------------------------------------------

ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                     st.floats(allow_nan=True), st.text(max_size=8),
                     st.sampled_from(["y", "yellow", "X", "joker", "?", "0", "5", "purple"]),
                     st.lists(st.integers(-3, 20), max_size=3))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(colour=ANYTHING, number=ANYTHING)
def test_legal_moves_answers_or_refuses_with_a_project_error(colour: Any, number: Any) -> None:
    me = started_player()
    before = me.state_key()
    try:
        moves = me.legal_moves(colour, number)
    except KokError:
        pass
    else:
        assert all(me.why_illegal(m) is None for m in moves)
    assert me.state_key() == before


@settings(max_examples=300, deadline=None)
@given(colour=st.one_of(st.sampled_from(["g", "y", "b", "r", "o", "q", "X"]), ANYTHING),
       number=st.one_of(st.integers(-2, 7), ANYTHING),
       cells=st.one_of(st.integers(-5, 2**105), ANYTHING),
       taken_columns=st.lists(st.integers(-2, 17), max_size=2),
       taken_colours=st.lists(st.sampled_from(["g", "yellow", "q", "X"]), max_size=2))
def test_push_of_any_move_is_all_or_nothing(colour: Any, number: Any, cells: Any,
                                            taken_columns: list[int],
                                            taken_colours: list[str]) -> None:
    me = started_player()
    before = me.state_key()
    try:
        me.push(Move(colour, number, cells), taken_columns=taken_columns,
                taken_colours=taken_colours)
    except KokError:
        assert me.state_key() == before
    else:
        me.pop()
        assert me.state_key() == before


@settings(max_examples=150, deadline=None)
@given(seat=ANYTHING, pick=st.integers(0, 50), data=st.data())
def test_a_game_takes_any_seat_and_choice_or_refuses_them(seat: Any, pick: int,
                                                          data: st.DataObject) -> None:
    game = started_game()
    choices = game.choices_for(0)
    choice = data.draw(st.one_of(st.none(), st.sampled_from(choices), ANYTHING))
    before = game.state_key()
    try:
        game.choose(seat, choice)
    except KokError:
        assert game.state_key() == before
    else:
        assert game.state_key() != before


def test_every_game_of_random_play_stays_undoable() -> None:
    rng = np.random.default_rng(5)
    game = Game(BLACK, ["Ann", "Bob"])
    for _ in range(10):
        game.throw(rng)
        while waiting := game.waiting_for():
            seat = waiting[0]
            before = game.state_key()
            options = game.choices_for(seat)
            game.choose(seat, options[int(rng.integers(len(options)))] if options else None)
            game.undo()
            assert game.state_key() == before
            game.choose(seat, options[0] if options else None)
        game.finish_roll()
