"""``kok simulate`` and everything built on it (``kok check``, ``kok improve``, the
generator's balanced search) play the strong bot's games of the classic game whole inside
the compiled engine: the same games, roll for roll, as the rules' ``StrongBot`` played
one by one (``analysis.simulate.play_one``), so every stored figure stays as it was."""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts.analysis.simulate import in_engine, play_one, simulate
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.options import Options


def _one_by_one(layout: str, games: int, players: int, seed: int,
                options: Options | None = None) -> list[object]:
    sheet = load_layout(layout)
    return [play_one(sheet, players, ["strong"], np.random.SeedSequence(seed, spawn_key=(i,)),
                     i, options) for i in range(games)]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_engine_games_are_the_rules_games_field_by_field(players: int) -> None:
    sheet = load_layout("black")
    assert in_engine(sheet, ["strong"] * players)
    assert simulate(sheet, 6, players, 11) == _one_by_one("black", 6, players, 11)


@pytest.mark.parametrize("options", [
    Options(end="roll", pass_penalty=2),
    Options(first_three_rolls_open=False, number_joker_six=True, star_penalty=1),
    Options(connect_through_crossed=True, max_rolls=12),
], ids=["end-of-roll-passes", "closed-start-six-stars", "loose-twelve-rolls"])
def test_the_house_rules_play_the_same_games_in_the_engine(options: Options) -> None:
    sheet = load_layout("black")
    assert simulate(sheet, 4, 2, 5, options=options) == _one_by_one("black", 4, 2, 5, options)


def test_a_run_continued_from_game_k_is_the_same_run() -> None:
    sheet = load_layout("black")
    whole = simulate(sheet, 8, 2, 3)
    assert simulate(sheet, 5, 2, 3, first=3) == whole[3:]


def test_other_bots_editions_and_variants_play_through_the_rules() -> None:
    black = load_layout("black")
    assert not in_engine(black, ["strong", "greedy"])
    assert not in_engine(load_layout("kids"), ["strong"])
    assert not in_engine(load_layout("grey"), ["strong"])
    # …and give what they gave before: the rules' games, one by one.
    assert simulate(black, 3, 2, 9, ("greedy",)) == [
        play_one(black, 2, ["greedy"], np.random.SeedSequence(9, spawn_key=(i,)), i)
        for i in range(3)]
