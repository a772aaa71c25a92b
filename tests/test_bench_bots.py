"""The bots' benchmark: its hindsight search plays the dice the bots see, by the rules, and
scores at least what the strong bot scores with them; the markdown table says what was
measured and under which rules."""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import new_game
from kok_layouts.rules.strong import StrongBot

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_bots
import hindsight


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_the_hindsight_search_knows_the_dice_a_bot_is_thrown(layout: str) -> None:
    sheet = load_layout(layout)
    game = play_game(new_game(sheet, 1, solo=True), [StrongBot()],
                     np.random.default_rng([7, 0]))
    thrown = [entry.roll for entry in game.log]
    assert thrown == hindsight.dice_of(sheet, [7, 0])[:len(thrown)]


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["black", "grey"])
def test_knowing_the_dice_scores_at_least_what_the_strong_bot_scores(layout: str) -> None:
    sheet = load_layout(layout)
    for i in range(3):
        strong = play_game(new_game(sheet, 1, solo=True), [StrongBot()],
                           np.random.default_rng([7, i])).scores()[0].total
        found, _ = hindsight.hindsight_game(sheet, hindsight.dice_of(sheet, [7, i]), beam=8)
        assert found >= strong, (i, found, strong)


def test_the_hindsight_score_is_the_score_of_its_path_by_the_rules() -> None:
    sheet = load_layout("black")
    rolls = hindsight.dice_of(sheet, [7, 1])
    found, path = hindsight.hindsight_game(sheet, rolls, beam=2, moves=2)
    assert hindsight.replayed_total(sheet, rolls, path) == found
    with pytest.raises(AssertionError, match="ends before the game"):
        hindsight.replayed_total(sheet, rolls, path[:5])


def test_the_markdown_table_gives_every_bots_figures_and_the_rules() -> None:
    rows: list[dict[str, float | str]] = [
        {"bot": "hindsight", "edition": "classic", "solo_mean": 32.0, "solo_low": 31.0,
         "solo_high": 33.0, "games_per_second": 1.0},
        {"bot": "expert", "edition": "classic", "solo_mean": 24.4, "solo_low": 23.9,
         "solo_high": 24.9, "games_per_second": 61.2, "hindsight_share": 0.7625,
         "strong_rate": 0.6, "strong_low": 0.53, "strong_high": 0.67}]
    args = argparse.Namespace(games=300, seed=41, duels=200, beam=128, hindsight=200)
    table = bench_bots.markdown(rows, args).splitlines()
    assert "Keer op Keer (black pad)" in table[2]
    assert "| `expert` | 24.4 (23.9 to 24.9) | 76% | 60% (53 to 67%) | 61 |" in table
    assert "| hindsight search | 32.0 (31.0 to 33.0) |  |  | 1 |" in table
    assert "Options(" in table[0] and "default_rng([41, i])" in table[0]


def test_the_markdown_names_no_hindsight_search_when_none_ran() -> None:
    rows: list[dict[str, float | str]] = [
        {"bot": "strong", "edition": "kids", "solo_mean": 25.8, "solo_low": 25.6,
         "solo_high": 26.0, "games_per_second": 266.0}]
    args = argparse.Namespace(games=1000, seed=4242, duels=400, beam=128, hindsight=0)
    table = bench_bots.markdown(rows, args).splitlines()
    assert "Hindsight" not in table[0] and "Rules: the library's defaults" in table[0]
    assert "Kids: 30 rolls of its three dice" in table[0]
    assert "| `strong` | 25.8 (25.6 to 26.0) |  |  | 266 |" in table
