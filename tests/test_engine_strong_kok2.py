"""The strong bot of Keer op Keer 2 inside the engine values every move and special action as
the Python StrongBot did, places the bombs its rows give where it placed them, and plays
the rules' games roll for roll.

At every decision of seeded games played by the Python ``StrongBot`` tests/bots_answers.py
recorded the value it gave each colour-and-number move and each special action it weighs
(the row and stars actions at their fullest) and its choice, bombs' squares and all: the
compiled bot must give the same, to the last bit (tests/data/strong_answers.json). Whole
games of ``play_strong`` must end after the same roll with every cell crossed in the same
roll and the same scores as ``play_game`` with ``StrongBot`` (deciding with the compiled
bot) in every seat.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kok_layouts import limits, load_layout
from kok_layouts.analysis.simulate import goal_masks, in_engine, simulate
from kok_layouts.analysis.simulate import play_one as simulate_one
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine import strong_kok2
from kok_layouts.rules.engine.strong import (
    EngineStrongBot,
    first_completions,
    play_strong,
    play_strong_batch,
)
from kok_layouts.rules.engine.tables import tables_for
from kok_layouts.rules.game import Game
from kok_layouts.rules.kok2 import Kok2Game
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

from .bots_answers import OPTIONS, assert_strong_answers

LIMIT = Options(max_rolls=200)
MIRROR = str(Path(__file__).parent / "data" / "kok2_mirror.yaml")
"""A custom Keer op Keer 2 sheet: grey mirrored, other points, items, boxes and faces."""


# -- the decision ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_move_and_action_of_a_grey_game_is_valued_as_the_strong_bot_values_it(
        players: int) -> None:
    replayed = assert_strong_answers(f"grey-{players}")
    assert replayed.values > 20 * replayed.decisions
    taken = [choice for choice in replayed.choices if choice]
    assert any(choice[2].startswith("special") for choice in taken)  # the special die taken
    assert any(choice[3] for choice in taken)  # and bombs placed


@pytest.mark.parametrize("players", [1, 2])
def test_a_custom_keer_op_keer_2_sheet_is_valued_alike(players: int) -> None:
    """Other row items, box cells and columns, points, heart track and special faces."""
    assert_strong_answers(f"mirror-{players}")


@pytest.mark.parametrize("options", list(OPTIONS))
def test_the_options_are_valued_alike(options: str) -> None:
    assert_strong_answers(f"grey-{options}")


def test_cut_off_cells_are_counted_alike_by_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Areas of more than ``PATTERN_CELLS`` cells have their cut-off cells searched, not
    looked up by pattern: the same values (here every area is searched)."""
    from kok_layouts.rules.engine import strong

    monkeypatch.setattr(strong_kok2, "PATTERN_CELLS", 0)
    monkeypatch.setattr(strong, "_WORKSPACES", {})
    work = strong_kok2.new_kok2_workspace(tables_for(load_layout("grey")))
    assert work.pattern_shapes.shape[1] == 0
    assert_strong_answers("grey-search")


def test_other_weights_are_valued_alike() -> None:
    assert_strong_answers("kok2-other")


def test_a_move_that_ends_the_game_is_worth_its_final_score_and_a_share_of_the_lead() -> None:
    """With a heavy ``lead`` weight an ending move's value is mostly the lead it locks in:
    still the value StrongBot gave it (Keer op Keer 2's score: rows, hearts and boxes)."""
    assert_strong_answers("kok2-lead")


def test_the_compiled_bot_is_a_strategy_of_the_rules_keer_op_keer_2_games() -> None:
    sheet = load_layout("grey")
    for players in (1, 2):
        seed = [61, players]
        rules = play_game(Kok2Game(sheet, players, LIMIT, solo=players == 1),
                          [StrongBot() for _ in range(players)], np.random.default_rng(seed))
        engine = play_game(Kok2Game(sheet, players, LIMIT, solo=players == 1),
                           [EngineStrongBot() for _ in range(players)],
                           np.random.default_rng(seed))
        assert [entry.choices for entry in engine.log] == [entry.choices for entry in rules.log]


# -- whole games -----------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int],
               options: Options = LIMIT) -> tuple[Game, list[list[int]]]:
    """The game StrongBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = Kok2Game(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [StrongBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, crossed_at


def assert_same_games(sheet: Sheet, players: int, seeds: list[list[int]],
                      options: Options = LIMIT) -> None:
    games = play_strong(sheet, players, seeds, options, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed, options)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_whole_games_are_the_strong_bots_games_roll_for_roll(players: int) -> None:
    assert_same_games(load_layout("grey"), players, [[67, players, g] for g in range(8)])


def test_whole_games_on_a_custom_sheet_are_the_strong_bots_games() -> None:
    sheet = load_layout(MIRROR)
    assert_same_games(sheet, 1, [[69, 1, g] for g in range(4)])
    assert_same_games(sheet, 2, [[69, 2, g] for g in range(4)])


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, first_three_rolls_open=False, max_rolls=200),
    Options(end="roll", star_penalty=1, pass_penalty=2, max_rolls=200),
    Options(max_rolls=7),
], ids=["loose", "six-closed", "end-of-roll-penalties", "seven-rolls"])
def test_the_house_rules_play_the_same_whole_games(options: Options) -> None:
    sheet = load_layout("grey")
    assert_same_games(sheet, 1, [[71, 1, g] for g in range(2)], options)
    assert_same_games(sheet, 2, [[71, 2, g] for g in range(3)], options)


def test_play_strong_batch_throws_game_i_of_seed_s_from_default_rng_s_i() -> None:
    sheet = load_layout("grey")
    totals = play_strong_batch(sheet, 3, 2, 73)
    assert totals.shape == (3, 2)
    for game in range(3):
        rules, _ = rules_game(sheet, 2, [73, game], Options())
        assert list(totals[game]) == [score.total for score in rules.scores()]


# -- kok simulate and check ------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
def test_kok_simulate_plays_all_strong_keer_op_keer_2_games_in_the_engine(players: int) -> None:
    """Game ``i`` of ``kok simulate --seed 11`` (``SeedSequence(11, spawn_key=(i,))``, the
    roll cap ``GAME_ROLLS``) played in the engine: its length, scores, the roll each cell
    was crossed in and the first completion of every column, colour and row are those of
    the rules' game."""
    sheet = load_layout("grey")
    assert in_engine(sheet, ["strong"] * players) == "strong"
    seeds = [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(4)]
    games = play_strong(sheet, players, seeds, Options(max_rolls=limits.GAME_ROLLS),
                        keep_crossed_at=True)
    goals = goal_masks(sheet)
    expected = [simulate_one(sheet, players, ["strong"], seed, i)
                for i, seed in enumerate(seeds)]
    for i, recorded in enumerate(expected):
        assert games.rolls[i] == recorded.rolls
        assert [tuple(row) for row in games.crossed_at[i].tolist()] == \
            list(recorded.crossed_at)
        assert list(games.totals[i]) == [score["total"] for score in recorded.scores]
        assert first_completions(games.crossed_at[i], goals) == recorded.first
    assert simulate(sheet, 4, players, 11) == expected

