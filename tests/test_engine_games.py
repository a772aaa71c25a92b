"""Whole games inside the engine are the games the rules' greedy bots play, roll for roll.

Game ``i`` of ``play_batch(sheet, n, players, seed)`` throws its dice from
``default_rng([seed, i])``; the rules' ``play_game`` with ``GreedyBot`` in every seat and
the same generator must end after the same roll with the same sheets and scores.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.errors import BadArgumentError, KokTypeError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.engine import GameResult, play_batch, play_one
from kok_layouts.rules.engine.batch import play_greedy
from kok_layouts.rules.engine.kids import S_BUCKETS, S_FOOD, S_VISITORS
from kok_layouts.rules.game import Game
from kok_layouts.rules.kids import KidsGame, KidsScore
from kok_layouts.rules.kok2 import Kok2Game
from kok_layouts.rules.options import Options

from .test_engine_tables import CLASSIC_LAYOUTS, DONUT, EXAMPLES, grid_sheet

LIMIT = Options(max_rolls=200)


def rules_game(sheet: Sheet, players: int, seed: list[int], options: Options = LIMIT,
               solo: bool = False) -> Game:
    """The game the rules' greedy bots play with the dice of ``default_rng(seed)``."""
    kinds: dict[str, type[Game]] = {"kids": KidsGame, "kok2": Kok2Game}
    game = kinds.get(sheet.edition, Game)(sheet, players, options, solo=solo)
    return play_game(game, [GreedyBot() for _ in range(players)], np.random.default_rng(seed))


def crossed_masks(result: GameResult) -> list[int]:
    return [sum(1 << int(c) for c in np.flatnonzero(row)) for row in result.state.crossed]


def assert_same_game(sheet: Sheet, players: int, seed: list[int], options: Options = LIMIT,
                     solo: bool = False) -> None:
    game = rules_game(sheet, players, seed, options, solo)
    result = play_one(sheet, players, seed, options, solo=solo)
    assert result.rolls == game.rolls_done
    assert crossed_masks(result) == [s.crossed for s in game.sheets]
    assert list(result.totals) == [score.total for score in game.scores()]


@pytest.mark.parametrize("layout", CLASSIC_LAYOUTS + EXAMPLES)
def test_a_solo_game_is_the_rules_game_roll_for_roll(layout: str) -> None:
    sheet = load_layout(layout)
    for game in range(4):
        assert_same_game(sheet, 1, [17, game], solo=True)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_multiplayer_game_is_the_rules_game_roll_for_roll(players: int) -> None:
    for layout in ("black", "yellow", DONUT):
        sheet = load_layout(layout)
        for game in range(2):
            assert_same_game(sheet, players, [players, game])


def test_a_one_seat_game_that_is_not_solo_has_three_dice_and_no_roll_limit() -> None:
    assert_same_game(load_layout("black"), 1, [5, 0], solo=False)


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, max_rolls=200),
    Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    Options(max_rolls=9),
], ids=["loose", "six", "closed-roll", "house-penalties", "nine-rolls"])
def test_the_options_play_alike(options: Options) -> None:
    sheet = load_layout("black")
    for game in range(2):
        assert_same_game(sheet, 3, [23, game], options)
        assert_same_game(sheet, 1, [23, game], options, solo=True)


def test_a_board_whose_colour_die_has_not_six_faces_throws_the_same_dice() -> None:
    """Seven colours and the X: the rules draw the colour dice and the number dice in two
    calls per roll, and so does the engine."""
    sheet = grid_sheet(15, 7, colours=7, start="H")
    for game in range(2):
        assert_same_game(sheet, 2, [3, game])
        assert_same_game(sheet, 1, [3, game], solo=True)


def test_a_board_of_520_cells_plays_alike() -> None:
    assert_same_game(grid_sheet(26, 20), 2, [1, 0], Options(max_rolls=40))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_kids_game_is_the_rules_game_roll_for_roll(players: int) -> None:
    sheet = load_layout("kids")
    for game in range(3):
        assert_same_game(sheet, players, [players, game])


def test_a_solo_kids_game_is_the_rules_game() -> None:
    sheet = load_layout("kids")
    for game in range(3):
        assert_same_game(sheet, 1, [9, game], solo=True)


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_a_keer_op_keer_2_game_is_the_rules_game_roll_for_roll(players: int) -> None:
    """The special die, boxes, hearts, rows and bombs: the greedy bot weighs them, picks
    the bombs' squares and plays them as the rules' GreedyBot does."""
    sheet = load_layout("grey")
    for game in range(3):
        assert_same_game(sheet, players, [11, game], solo=players == 1)


def test_keer_op_keer_2_options_play_alike() -> None:
    sheet = load_layout("grey")
    for options in (Options(connect_through_crossed=True, max_rolls=200),
                    Options(number_joker_six=True, first_three_rolls_open=False,
                            max_rolls=200)):
        assert_same_game(sheet, 2, [13, 0], options)


def test_play_batch_gives_each_games_totals_from_its_own_dice() -> None:
    sheet = load_layout("black")
    assert isinstance(sheet, ClassicSheet)
    totals = play_batch(sheet, 5, 2, seed=42)
    assert totals.shape == (5, 2)
    for game in range(5):
        expected = [s.total for s in rules_game(sheet, 2, [42, game]).scores()]
        assert list(totals[game]) == expected
    assert (play_batch(sheet, 5, 2, seed=42) == totals).all()
    solo = play_batch(sheet, 3, 1, seed=42)
    assert list(solo[:, 0]) == [rules_game(sheet, 1, [42, g], solo=True).scores()[0].total
                                for g in range(3)]


def test_play_batch_refuses_what_it_cannot_play() -> None:
    sheet = load_layout("black")
    with pytest.raises(BadArgumentError, match="greedy"):
        play_batch(sheet, 2, 2, 0, bot="random")
    with pytest.raises(BadArgumentError):
        play_batch(sheet, 0, 2, 0)
    with pytest.raises(BadArgumentError):
        play_batch(sheet, 2, 7, 0)
    with pytest.raises(KokTypeError):
        play_batch(sheet, 2.0, 2, 0)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        play_batch(sheet, 2, 2, -1)
    with pytest.raises(BadArgumentError, match="solo"):
        play_batch(sheet, 2, 2, 0, solo=True)
    with pytest.raises(KokTypeError):
        play_batch("black", 2, 2, 0)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError, match="Kids"):
        play_batch(load_layout("kids"), 2, 6, 0)


def rules_game_noted(sheet: Sheet, players: int, seed: list[int], solo: bool,
                     ) -> tuple[Game, npt.NDArray[np.int32]]:
    """:func:`rules_game`, and per seat the roll (from 1) each cell was crossed in, noted
    after every roll as ``kok simulate`` notes it."""
    kinds: dict[str, type[Game]] = {"kids": KidsGame, "kok2": Kok2Game}
    game = kinds.get(sheet.edition, Game)(sheet, players, LIMIT, solo=solo)
    noted = np.zeros((players, sheet.width * sheet.height), dtype=np.int32)

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in range(noted.shape[1]):
                if player.crossed >> cell & 1 and not noted[seat, cell]:
                    noted[seat, cell] = game.rolls_done

    play_game(game, [GreedyBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, noted


@pytest.mark.parametrize(("layout", "players"), [
    ("black", 1), ("black", 3), ("grey", 1), ("grey", 2), ("kids", 1), ("kids", 4)])
def test_play_greedy_keeps_the_roll_each_cell_was_crossed_in_and_the_marks_used(
        layout: str, players: int) -> None:
    """What ``kok simulate`` builds its results from: per seat the roll (from 1) each cell
    was crossed in (a Keer op Keer 2 bomb's square in the roll of the move that earned
    it), 0 if never, and the marks used (the classic tie-break)."""
    sheet = load_layout(layout)
    solo = players == 1
    seeds = [[31, game] for game in range(3)]
    games = play_greedy(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    assert games.crossed_at.shape == (3, players, sheet.width * sheet.height)
    for g, seed in enumerate(seeds):
        game, noted = rules_game_noted(sheet, players, seed, solo)
        assert games.rolls[g] == game.rolls_done
        assert (games.crossed_at[g] == noted).all()
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]
        assert list(games.totals[g]) == [score.total for score in game.scores()]
    # Without asking, nothing is kept, and the games are the same.
    plain = play_greedy(sheet, players, seeds, LIMIT)
    assert plain.crossed_at.shape == (0, players, sheet.width * sheet.height)
    assert (plain.lines == games.lines).all() and (plain.rolls == games.rolls).all()
    assert (plain.marks_used == games.marks_used).all()


def test_kids_lines_hold_buckets_visitors_and_food_apart() -> None:
    sheet = load_layout("kids")
    games = play_greedy(sheet, 3, [[8, game] for game in range(4)], LIMIT)
    for g in range(4):
        game = rules_game(sheet, 3, [8, g])
        for seat, player in enumerate(game.sheets):
            score = player.score()
            assert isinstance(score, KidsScore)
            lines = games.lines[g, seat]
            assert (lines[S_BUCKETS], lines[S_VISITORS], lines[S_FOOD]) == (
                score.buckets, score.visitors, score.food)


def test_play_greedy_refuses_what_it_cannot_play() -> None:
    sheet = load_layout("black")
    with pytest.raises(KokTypeError):
        play_greedy("black", 2, [[0, 0]])  # type: ignore[arg-type]
    with pytest.raises(KokTypeError, match="seeds"):
        play_greedy(sheet, 2, 5)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        play_greedy(sheet, 7, [[0, 0]])
    with pytest.raises(BadArgumentError, match="solo"):
        play_greedy(sheet, 2, [[0, 0]], solo=True)
    with pytest.raises(KokTypeError, match="keep_crossed_at"):
        play_greedy(sheet, 2, [[0, 0]], keep_crossed_at=1)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError, match="Greedy"):
        play_greedy(sheet, 2, [[0, 0]], weights=(1.0,))  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError, match="Kids"):
        play_greedy(load_layout("kids"), 5, [[0, 0]])
