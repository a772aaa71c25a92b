"""The strong bot inside the engine values every move as the Python StrongBot did, chooses
the move it chose, and plays the rules' games roll for roll.

tests/bots_answers.py recorded, at every decision of seeded games played by the Python
``StrongBot`` (on layouts, house options and weights of every kind), the value it gave
each move of ``Game.move_options`` (``_prepare`` and ``_cells_value``, less the jokers'
cost) and its choice: the compiled bot must give the same (tests/data/strong_answers.json).
Whole games of ``play_strong`` must end after the same roll with every cell crossed in the
same roll and the same scores as ``play_game`` with ``StrongBot`` (which decides with the
compiled bot, one decision at a time) in every seat.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kok_layouts import limits, load_layout
from kok_layouts.analysis.simulate import goal_masks
from kok_layouts.analysis.simulate import play_one as simulate_one
from kok_layouts.errors import BadArgumentError, KokTypeError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.strong import (
    EngineStrongBot,
    decide,
    first_completions,
    play_strong,
    play_strong_batch,
    weight_array,
)
from kok_layouts.rules.engine.strong_kernels import WEIGHT_NAMES
from kok_layouts.rules.game import Game
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot, StrongWeights
from kok_layouts.rules.strong_weights import TUNED

from .bots_answers import OPTIONS, assert_strong_answers
from .test_engine_tables import CLASSIC_LAYOUTS, DONUT

LIMIT = Options(max_rolls=200)
RELATIVE = 1e-9


# -- step 1: the evaluation ----------------------------------------------------------------
def test_the_kernels_read_the_weights_in_the_order_of_strong_weights() -> None:
    assert list(WEIGHT_NAMES) == StrongWeights.names()
    assert list(weight_array(TUNED["classic"])) == TUNED["classic"].as_vector()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_move_of_a_black_game_is_valued_as_the_strong_bot_values_it(players: int) -> None:
    replayed = assert_strong_answers(f"black-{players}")
    assert replayed.values > 20 * replayed.decisions  # jokers and all: many moves weighed


@pytest.mark.parametrize("layout", [*CLASSIC_LAYOUTS[1:], DONUT])
def test_every_move_on_the_other_classic_layouts_is_valued_alike(layout: str) -> None:
    assert_strong_answers(f"layout-{Path(layout).stem}")


@pytest.mark.parametrize("size", [(15, 7), (20, 12)], ids=["small-areas", "large-areas"])
def test_cut_off_cells_are_counted_alike_by_pattern_and_by_search(size: tuple[int, int]) -> None:
    """Areas of up to 12 cells have their cut-off cells looked up by pattern, larger ones
    searched (a generated board has areas of 10 and of 29 cells): both as StrongBot."""
    assert_strong_answers(f"grid-{size[0]}x{size[1]}")


@pytest.mark.parametrize("options", list(OPTIONS))
def test_the_options_are_valued_alike(options: str) -> None:
    assert_strong_answers(f"black-{options}")


@pytest.mark.parametrize("options", ["plain", "loose", "six"])
def test_a_workspace_too_small_for_the_moves_makes_room_and_values_them_alike(
        options: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The house rules may list more moves than a workspace holds: the decision then lists
    them in arrays of their own, with the same values as in a workspace with room."""
    from kok_layouts.rules.engine import strong, strong_kernels

    full = strong_kernels.new_workspace
    monkeypatch.setattr(strong, "_WORKSPACES", {})
    monkeypatch.setattr(strong_kernels, "new_workspace",
                        lambda tables: full(tables)._replace(moves=strong_kernels.new_moves(1)))
    assert_strong_answers(f"black-workspace-{options}")


def test_other_weights_are_valued_alike() -> None:
    assert_strong_answers("classic-other")


def test_a_move_that_ends_the_game_is_worth_its_final_score_and_a_share_of_the_lead() -> None:
    """With a heavy ``lead`` weight an ending move's value is mostly the lead it locks in:
    still the value StrongBot gave it."""
    assert_strong_answers("classic-lead")


def test_the_compiled_bot_is_a_strategy_of_the_rules_games() -> None:
    sheet = load_layout("black")
    for players in (1, 2):
        seed = [61, players]
        rules = play_game(Game(sheet, players, LIMIT, solo=players == 1),
                          [StrongBot() for _ in range(players)], np.random.default_rng(seed))
        engine = play_game(Game(sheet, players, LIMIT, solo=players == 1),
                           [EngineStrongBot() for _ in range(players)],
                           np.random.default_rng(seed))
        assert [entry.choices for entry in engine.log] == [entry.choices for entry in rules.log]


def test_decide_refuses_what_is_no_classic_game_waiting_for_a_choice() -> None:
    with pytest.raises(KokTypeError):
        decide("a game", 0)  # type: ignore[arg-type]
    game = Game(load_layout("black"), 2)
    with pytest.raises(BadArgumentError):
        decide(game, 5)
    with pytest.raises(Exception, match="throw the dice first"):
        decide(game, 0)


# -- step 2: whole games -------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int],
               options: Options = LIMIT) -> tuple[Game, list[list[int]]]:
    """The game StrongBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = Game(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [StrongBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, crossed_at


@pytest.mark.parametrize("players", [1, 2, 3])
def test_whole_games_are_the_strong_bots_games_roll_for_roll(players: int) -> None:
    sheet = load_layout("black")
    seeds = [[67, players, g] for g in range(6)]
    games = play_strong(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


def test_play_strong_batch_throws_game_i_of_seed_s_from_default_rng_s_i() -> None:
    sheet = load_layout("yellow")
    totals = play_strong_batch(sheet, 4, 2, 71)
    assert totals.shape == (4, 2)
    for game in range(4):
        rules, _ = rules_game(sheet, 2, [71, game], Options())
        assert list(totals[game]) == [score.total for score in rules.scores()]


def test_the_solo_mean_of_kok_simulate_is_reproduced() -> None:
    """``kok simulate black --players 1 --bots strong --games 3000 --seed 11`` plays game
    ``i`` with ``SeedSequence(11, spawn_key=(i,))``: its mean, 21.84 (bot version
    2-...), within the 95% interval of the engine's 3,000 games (the same games)."""
    seeds = [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(3000)]
    totals = play_strong(load_layout("black"), 1, seeds,
                         Options(max_rolls=200)).totals[:, 0]
    half_width = 1.96 * totals.std(ddof=1) / np.sqrt(len(totals))
    assert abs(totals.mean() - 21.84) <= half_width
    assert round(float(totals.mean()), 2) == 21.84  # the same games: the same mean


def test_a_game_of_one_seat_that_is_not_solo_ends_without_a_lead_to_weigh() -> None:
    """The Python StrongBot asked the best score of no other seat there (``max()`` of
    nothing raised); the engine weighs an ending move by its final score alone, as solo,
    and the rules' StrongBot, deciding in the engine, plays such a game as it does."""
    sheet = load_layout("black")
    game = play_game(Game(sheet, 1), [StrongBot()], np.random.default_rng([73, 0]))
    games = play_strong(sheet, 1, [[73, g] for g in range(5)], solo=False)
    assert games.totals[0, 0] == game.scores()[0].total
    assert (games.rolls > 0).all()
    assert ((games.lines[:, 0, 0] >= 10) | (games.rolls == limits.GAME_ROLLS)).all()


def test_play_strong_batch_refuses_wrong_arguments() -> None:
    black = load_layout("black")
    with pytest.raises(KokTypeError):
        play_strong_batch("black", 1, 1, 0)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):  # a Kids game has 2 to 4 players, or is solo
        play_strong_batch(load_layout("kids"), 1, 6, 0)
    with pytest.raises(BadArgumentError):
        play_strong_batch(black, 0, 1, 0)
    with pytest.raises(BadArgumentError):
        play_strong_batch(black, 1, 7, 0)
    with pytest.raises(BadArgumentError):
        play_strong_batch(black, 1, 1, -1)
    with pytest.raises(BadArgumentError):
        play_strong_batch(black, 1, 2, 0, solo=True)
    with pytest.raises(KokTypeError):
        play_strong_batch(black, 1, 1, 0, solo="yes")  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_strong_batch(black, 1, 1, 0, weights=[1.0])  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_strong(black, 1, 11)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_strong_batch(black, 1, 1, 0, options="fast")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 2])
def test_the_games_give_what_kok_simulate_records_of_each_game(players: int) -> None:
    """Game ``i`` of ``kok simulate --seed 11`` (``SeedSequence(11, spawn_key=(i,))``, the
    roll cap ``GAME_ROLLS``): its length, scores, the roll each cell was crossed in and the
    first completion of every column and colour, from the engine's games."""
    sheet = load_layout("black")
    seeds = [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(4)]
    games = play_strong(sheet, players, seeds, Options(max_rolls=limits.GAME_ROLLS),
                        keep_crossed_at=True)
    goals = goal_masks(sheet)
    for i, seed in enumerate(seeds):
        recorded = simulate_one(sheet, players, ["strong"], seed, i)
        assert games.rolls[i] == recorded.rolls
        assert [tuple(row) for row in games.crossed_at[i].tolist()] == \
            list(recorded.crossed_at)
        assert list(games.totals[i]) == [score["total"] for score in recorded.scores]
        assert first_completions(games.crossed_at[i], goals) == recorded.first
