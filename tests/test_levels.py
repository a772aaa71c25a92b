"""Bots of five strengths for people: ``level-1`` to ``level-5``.

Their solo means on the black pad rise level by level through five consecutive bands of the
rulebook's solo table (5-8, 9-12, 13-16, 17-20, 21-24), the last the strongest bot's (the
expert, at the band's top); a level bot plays legal moves of every edition, the same game
for the same seed, and is offered wherever a bot is named.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import BadArgumentError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import BOTS, Strategy, make_bot, play_game
from kok_layouts.rules.game import new_game
from kok_layouts.rules.levels import LEVEL_BANDS, LEVEL_BOTS, LevelBot
from kok_layouts.rules.strong import ExpertBot

GAMES = 100
SEED = 4101


def solo_mean(sheet: Sheet, bot: Strategy, games: int = GAMES, seed: int = SEED) -> float:
    return float(np.mean([play_game(new_game(sheet, 1, solo=True), [bot],
                                    np.random.default_rng([seed, i])).scores()[0].total
                          for i in range(games)]))


@pytest.fixture(scope="module")
def means() -> dict[int, float]:
    black = load_layout("black")
    return {level: solo_mean(black, LEVEL_BOTS[level]()) for level in LEVEL_BOTS}


def test_the_levels_are_bots_by_name() -> None:
    for level, bot_type in LEVEL_BOTS.items():
        assert BOTS[f"level-{level}"] is bot_type
        bot = make_bot(f"level-{level}")
        assert isinstance(bot, bot_type)
        assert bot.name == f"level-{level}"
    assert isinstance(make_bot("level-5"), ExpertBot)  # the strongest bot
    with pytest.raises(BadArgumentError, match="level-1"):
        make_bot("level-6")


def test_each_level_plays_in_its_band_of_the_solo_table(means: dict[int, float]) -> None:
    """Over 100 seeded solo games on black, each level's mean lies in its band of the
    rulebook's solo table (a band ``a``-``b`` of whole scores holds the means from ``a`` up
    to ``b + 1``), give or take a point below (the calibration's games were others;
    measured: 7.11, 10.89, 14.40, 18.79, 24.04)."""
    for level, mean in means.items():
        low, high = LEVEL_BANDS[level]
        assert low - 1 <= mean < high + 1, f"level-{level}: {mean}"


def test_the_levels_rise_one_band_at_a_time(means: dict[int, float]) -> None:
    ordered = [means[level] for level in sorted(means)]
    assert all(b - a >= 2.0 for a, b in itertools.pairwise(ordered)), ordered


def test_a_level_plays_the_same_game_for_the_same_seed() -> None:
    sheet = load_layout("black")
    first = play_game(new_game(sheet, 2), [LEVEL_BOTS[2](), LEVEL_BOTS[3]()],
                      np.random.default_rng(7))
    again = play_game(new_game(sheet, 2), [LEVEL_BOTS[2](), LEVEL_BOTS[3]()],
                      np.random.default_rng(7))
    assert first.log == again.log
    assert [s.total for s in first.scores()] == [s.total for s in again.scores()]


@pytest.mark.parametrize("layout", ["grey", "kids", "tests/data/kok2_mirror.yaml"])
@pytest.mark.parametrize("level", [1, 3])
def test_a_level_plays_whole_games_of_every_edition(layout: str, level: int) -> None:
    """Every choice is one the rules take (the game refuses any other), Keer op Keer 2's
    bombs placed, in games with others and solo."""
    from tests.rules_answers import sheet_named

    sheet = sheet_named(layout) if layout.endswith(".yaml") else load_layout(layout)
    for players, seed in ((1, 1), (3, 2)):
        game = play_game(new_game(sheet, players, solo=players == 1),
                         [LEVEL_BOTS[level]() for _ in range(players)],
                         np.random.default_rng([SEED, seed]))
        assert game.over


def test_a_colder_level_plays_better() -> None:
    """The temperature is what makes a level: cooler odds favour the better moves more."""
    black = load_layout("black")
    scores = [solo_mean(black, LevelBot(temperature), 30) for temperature in (2.0, 0.5, 0.05)]
    assert scores[0] < scores[1] < scores[2]


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                 st.integers(-10**30, 10**30), st.text(max_size=5), st.none()))
def test_a_temperature_is_a_positive_finite_number(temperature: object) -> None:
    if temperature is None:  # a bare LevelBot has no level to take its temperature from
        with pytest.raises(BadArgumentError):
            LevelBot()
        return
    ok = (not isinstance(temperature, bool) and isinstance(temperature, int | float)
          and math.isfinite(temperature) and 0 < temperature <= 1000)
    if ok:
        assert LevelBot(temperature).temperature == float(temperature)  # type: ignore[arg-type]
    else:
        with pytest.raises(BadArgumentError):
            LevelBot(temperature)  # type: ignore[arg-type]
