"""What the rules remember to answer fast (legal masks, open enclosures, scores per
position) is always what they would count afresh, whatever is crossed, taken back, copied
or set by hand; and the plain-tuple choices of ``Game.move_options`` are ``choices_for``'s."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import IllegalMoveError, KokError
from kok_layouts.rules.bots import make_bot
from kok_layouts.rules.dice import expand_faces
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame, KidsPlayerSheet
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.record import new_game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def fresh_masks(player: PlayerSheet, colour: str, number: int) -> list[int]:
    """The legal masks counted from the board's shapes, nothing remembered."""
    anchor = player.board.start_mask | player.board.dilate(player.crossed)
    return [s for s in player.board.shapes.get((colour, number), ())
            if not s & player.crossed and s & anchor]


def fresh_open(player: KidsPlayerSheet, animal: str) -> list[int]:
    board = player.board
    reach = board.star_mask | board.dilate(player.crossed)
    colour = board.colour_masks[animal]
    return [m for m in board.area_masks
            if m & colour == m and not m & player.crossed and m & reach]


def played(layout: str, players: int, seed: int, rolls: int) -> Game:
    """A game of strong bots, ``rolls`` rolls in (or over)."""
    game = new_game(load_layout(layout), [f"P{i}" for i in range(players)])
    bots = [make_bot("strong") for _ in range(players)]
    rng = np.random.default_rng(seed)
    while not game.over and game.rolls_done < rolls:
        game.throw(rng)
        while waiting := game.waiting_for():
            game.choose(waiting[0], bots[waiting[0]].choose(game, waiting[0], rng))
        game.finish_roll()
    return game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, rolls=st.integers(0, 25), layout=st.sampled_from(["black", "grey"]))
def test_remembered_legal_masks_are_the_ones_counted_afresh(seed: int, rolls: int,
                                                            layout: str) -> None:
    game = played(layout, 2, seed, rolls)
    for player in game.sheets:
        assert isinstance(player, PlayerSheet)
        copy = player.copy()
        for colour in player.board.colour_keys:
            for number in range(1, 6):
                assert player.legal_masks(colour, number) == fresh_masks(player, colour, number)
        # A change by hand (an editor, a test) and a copy that moves on are seen too.
        player.crossed |= player.board.start_mask
        for colour in player.board.colour_keys:
            assert player.legal_masks(colour, 2) == fresh_masks(player, colour, 2)
            assert copy.legal_masks(colour, 2) == fresh_masks(copy, colour, 2)


def test_a_caller_that_changes_the_answer_does_not_change_the_next_one() -> None:
    player = PlayerSheet(load_layout("black"))
    first = player.legal_masks("y", 2)
    first.clear()
    assert player.legal_masks("y", 2) == fresh_masks(player, "y", 2) != []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, rolls=st.integers(0, 20), players=st.integers(2, 4))
def test_remembered_open_enclosures_and_kids_scores_are_counted_afresh(
        seed: int, rolls: int, players: int) -> None:
    game = played("kids", players, seed, rolls)
    assert isinstance(game, KidsGame)
    for player in game.sheets:
        for animal in player.board.colour_masks:
            assert player.open_enclosures(animal) == fresh_open(player, animal)
        recount = KidsPlayerSheet(player.sheet)
        recount.crossed, recount.later_columns = player.crossed, player.later_columns
        assert player.score() == recount.score()
        player.crossed = 0
        assert player.score().total == 0
        assert all(player.open_enclosures(a) == fresh_open(player, a)
                   for a in player.board.colour_masks)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, rolls=st.integers(0, 25))
def test_a_remembered_score_follows_every_change_of_the_sheet(seed: int, rolls: int) -> None:
    game = played("black", 2, seed, rolls)
    for player in game.sheets:
        assert isinstance(player, PlayerSheet)
        before = player.score()
        player.marks_used += 1
        assert player.score().jokers == before.jokers - player.sheet.mark_points
        player.marks_used -= 1
        player.later_columns = frozenset(range(player.sheet.width))
        player.later_colours = frozenset(player.board.colour_keys)
        assert player.score() == player.copy().score()
        assert player.score().columns <= before.columns


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, rolls=st.integers(0, 25), layout=st.sampled_from(["black", "grey"]))
def test_move_options_are_choices_for_as_plain_tuples(seed: int, rolls: int,
                                                      layout: str) -> None:
    game = played(layout, 2, seed, rolls)
    if game.over:
        return
    rng = np.random.default_rng(seed)
    game.throw(rng)
    for seat in (game.active, (game.active + 1) % 2):
        options = game.move_options(seat)
        choices = game.choices_for(seat)
        width = game.sheet.width
        assert [Choice.of_option(o, width) for o in options] + game.special_choices(seat) \
            == choices
        if seat == game.active and choices:
            # A Keer op Keer 2 row's bombs are placed with the move (the first square each).
            game.choose(seat, game.fill_bombs(seat, choices[0],
                                              lambda probe, squares: squares[0]))


def test_move_options_refuse_what_choices_for_refuses() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    for call in (game.move_options, game.special_choices, game.choices_for):
        try:
            call(0)
        except IllegalMoveError as err:
            assert "throw the dice first" in str(err)
        else:
            raise AssertionError(f"{call.__name__} answered before a roll")
    game.throw(np.random.default_rng(1))
    for bad in (7, -3, "nobody", 2**70):
        for call in (game.move_options, game.special_choices):
            try:
                call(bad)  # type: ignore[arg-type]
            except KokError:
                pass
            else:
                raise AssertionError(f"{call.__name__}({bad!r}) answered")


def test_a_throw_in_the_wrong_phase_draws_no_dice() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    rng = np.random.default_rng(5)
    game.throw(rng)
    state = rng.bit_generator.state
    try:
        game.throw(rng)
    except IllegalMoveError:
        pass
    else:
        raise AssertionError("a second throw in one roll was taken")
    assert rng.bit_generator.state == state


def test_joker_faces_stand_for_the_same_whatever_kind_of_sequence_names_the_colours() -> None:
    keys = ("g", "y", "b")
    assert expand_faces("X", 0, keys) == expand_faces("X", 0, list(keys))
    assert expand_faces("X", 2, keys) == [("g", 2, 1), ("y", 2, 1), ("b", 2, 1)]
    assert len(expand_faces("X", 0, keys)) == 15
    # A face that is no face is answered as before, not refused by the memo.
    assert expand_faces(["odd"], 3, keys) == [(["odd"], 3, 0)]  # type: ignore[arg-type,comparison-overlap]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, st.integers(0, 30), st.sampled_from(["black", "grey", "kids"]))
def test_a_move_found_legal_is_checked_again_once_the_sheet_changes(
        seed: int, rolls: int, layout: str) -> None:
    # A sheet remembers the last move it found legal (a game checks a choice, then the push
    # checks it again): any change of crosses or marks, even by hand, asks afresh.
    game = played(layout, 2, seed, rolls)
    if game.over:
        return
    game.throw(np.random.default_rng(seed))
    seat = game.waiting_for()[0]
    choices = [c for c in game.choices_for(seat) if not c.is_special]
    if not choices:
        return
    player: Any = game.sheets[seat]  # a classic, Keer op Keer 2 or Kids sheet
    move: Any = choices[0].move
    player.check(move)  # legal, and remembered
    cells = getattr(move, "all_cells", move.cells)
    if cells:
        player.crossed |= cells  # by hand: now every cell of it is crossed
        with pytest.raises(IllegalMoveError):
            player.check(move)
        player.crossed &= ~cells
        player.check(move)
    if move.jokers or getattr(move, "die", None) == "+":
        player.marks_used = player.sheet.exclamation_marks  # no mark left for its joker
        with pytest.raises(IllegalMoveError):
            player.check(move)
