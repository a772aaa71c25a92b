"""The learned bot decides as the Python learned bot it replaced did (tests/learned_answers.py).

At every decision of the recorded games of every edition it weighs the same candidates
(passing, then the strong bot's best few, bombs' squares placed), with the same strong
values and features to the bit, keeps the same value in its trace and takes the same
choice; whole games end alike; a short training run gives the same weights.
"""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.learned import play_learned
from kok_layouts.rules.game import new_game
from kok_layouts.rules.learned_training import Plan, RolloutPlan, improve, solo_mean, train

from .learned_answers import (
    OPTIONS,
    bot_of,
    crossed_at,
    decision_games,
    digest,
    expected_ends,
    fixture,
    game_end,
    replay,
    whole_games,
)
from .rules_answers import sheet_named


@pytest.mark.parametrize("name", sorted(decision_games()))
def test_every_decision_weighs_the_candidates_the_python_bot_weighed(name: str) -> None:
    decisions, candidates = replay(name)
    assert candidates > decisions


@pytest.mark.parametrize("name", sorted(whole_games()))
def test_whole_games_end_as_the_python_bots_games(name: str) -> None:
    for layout, players, seed, options, bot, record in expected_ends(name):
        game = new_game(sheet_named(layout), players, OPTIONS[options], solo=players == 1)
        at, note = crossed_at(game)
        play_game(game, [bot] * players, np.random.default_rng(seed), note)
        assert game_end(game, at) == {key: record[key] for key in record if key != "seed"}


@pytest.mark.parametrize("name", sorted(whole_games()))
def test_whole_games_in_the_compiled_loop_end_as_the_python_bots_games(name: str) -> None:
    for layout, players, seed, options, bot, record in expected_ends(name):
        sheet = sheet_named(layout)
        games = play_learned(sheet, players, [seed], OPTIONS[options], bot=bot,
                             keep_crossed_at=True)
        assert int(games.rolls[0]) == record["rolls"]
        assert list(games.totals[0]) == record["totals"]
        assert list(games.marks_used[0]) == record["marks_used"]
        assert digest(games.crossed_at[0].tolist()) == record["crossed_at"]


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_training_gives_the_python_bots_weights(layout: str) -> None:
    """Self-play TD training (its games in the compiled loop and in the rules' turns), the
    mean of a training curve's solo games and a round of rollout policy iteration give the
    figures the Python learned bot gave, to the bit."""
    sheet = sheet_named(layout)
    recorded = fixture()["training"]
    plans = (Plan(games=3, seed=173), Plan(games=2, seed=179, players=2, candidates=3))
    for plan, expected in zip(plans, recorded[f"train-{layout}"], strict=True):
        assert train(sheet, plan).tolist() == expected
        assert train(sheet, plan, engine=False).tolist() == expected
    assert solo_mean(sheet, bot_of(None, 6), 6) == recorded[f"solo-mean-{layout}"]
    assert improve(sheet, RolloutPlan(rounds=1, games=2, seed=181, samples=2)).tolist() == \
        recorded[f"improve-{layout}"]
