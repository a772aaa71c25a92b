"""The strong bot of Keer op Keer Kids inside the engine values every enclosure, purple mark
and chameleon as the Python StrongBot did, weighs what the active seat's die leaves the
others as it did, and plays the rules' games roll for roll.

At every decision of seeded games played by the Python ``StrongBot`` tests/bots_answers.py
recorded the value ``StrongBot._valued_enclosures`` gave each choice of
``KidsGame.choices_for`` and its choice: the compiled bot must give the same, to the last
bit (tests/data/strong_answers.json). Whole games of ``play_strong`` must end after the
same roll with every cell crossed in the same roll and the same circles as ``play_game``
with ``StrongBot`` (deciding with the compiled bot) in every seat.
"""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.simulate import in_engine, simulate
from kok_layouts.analysis.simulate import play_one as simulate_one
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.strong import EngineStrongBot, play_strong
from kok_layouts.rules.game import Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

from .bots_answers import KIDS_PLAYERS, assert_strong_answers

LIMIT = Options(max_rolls=200)
PLAYERS = KIDS_PLAYERS
"""Solo and every count of players a Kids game has."""


# -- the decision ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_choice_of_a_kids_game_is_valued_as_the_strong_bot_values_it(
        players: int) -> None:
    choices = assert_strong_answers(f"kids-{players}").choices
    assert any(choice and choice[2].split(" ")[3] != "0" for choice in choices)  # chameleons


def test_other_weights_are_valued_alike() -> None:
    """No denial weight, a heavy lead, other hopes; a heavy denial: still StrongBot's
    values."""
    assert_strong_answers("kids-other")


def test_a_roll_limit_is_valued_alike() -> None:
    assert_strong_answers("kids-roll-limit")


def test_the_compiled_bot_is_a_strategy_of_the_rules_kids_games() -> None:
    sheet = load_layout("kids")
    for players in (1, 3):
        seed = [61, players]
        rules = play_game(KidsGame(sheet, players, LIMIT, solo=players == 1),
                          [StrongBot() for _ in range(players)], np.random.default_rng(seed))
        engine = play_game(KidsGame(sheet, players, LIMIT, solo=players == 1),
                           [EngineStrongBot() for _ in range(players)],
                           np.random.default_rng(seed))
        assert [entry.choices for entry in engine.log] == [entry.choices for entry in rules.log]


# -- whole games -----------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int],
               options: Options = LIMIT) -> tuple[Game, list[list[int]]]:
    """The game StrongBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = KidsGame(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [StrongBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, crossed_at


@pytest.mark.parametrize("players", PLAYERS)
def test_whole_games_are_the_strong_bots_games_roll_for_roll(players: int) -> None:
    sheet = load_layout("kids")
    seeds = [[67, players, g] for g in range(8)]
    games = play_strong(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_kok_simulate_plays_all_strong_kids_games_in_the_engine(players: int) -> None:
    """Every field of game ``i`` of ``kok simulate --seed 11`` (the rules' game, one by
    one) from the engine's games: length, circles, winners, first completions, crosses."""
    sheet = load_layout("kids")
    assert in_engine(sheet, ["strong"] * players) == "strong"
    expected = [simulate_one(sheet, players, ["strong"],
                             np.random.SeedSequence(11, spawn_key=(i,)), i)
                for i in range(5)]
    got = simulate(sheet, 5, players, 11)
    for mine, theirs in zip(got, expected, strict=True):
        for field in ("rolls", "ended", "winners", "scores", "first", "crossed_at"):
            assert getattr(mine, field) == getattr(theirs, field), (mine.game, field)
    assert got == expected
