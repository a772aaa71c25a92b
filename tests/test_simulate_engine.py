"""``kok simulate`` and everything built on it (``kok check``, ``kok improve``, the
generator's balanced search) play the strong bot's games of the classic game whole inside
the compiled engine: the same games, roll for roll, as the rules' ``StrongBot`` played
one by one (``analysis.simulate.play_one``), so every stored figure stays as it was."""

from __future__ import annotations

from typing import Any

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


def test_workers_and_clusters_get_the_engine_games_in_batches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A run too big for one process hands out batches of ENGINE_CHUNK games to the
    executor (a process pool for ``--jobs``, a Dask client's for ``--scheduler``): the same
    games as played in one process, in game order."""
    from concurrent.futures import ThreadPoolExecutor

    import kok_layouts.analysis.simulate as simulate_module

    sheet = load_layout("black")
    alone = simulate(sheet, 7, 2, 4)
    monkeypatch.setattr(simulate_module, "ENGINE_ALONE", 0)
    monkeypatch.setattr(simulate_module, "ENGINE_CHUNK", 3)
    handed_out: list[tuple[int, int]] = []
    real_chunk = simulate_module._chunk

    def counted(job: Any) -> Any:
        handed_out.append((job[4], job[5]))
        return real_chunk(job)

    monkeypatch.setattr(simulate_module, "_chunk", counted)
    with ThreadPoolExecutor(2) as pool:
        assert simulate(sheet, 7, 2, 4, executor=pool) == alone
    assert sorted(handed_out) == [(0, 3), (3, 6), (6, 7)]


def test_a_small_engine_run_stays_in_its_own_process() -> None:
    """Starting workers would cost more than the games: a run of at most ENGINE_ALONE
    games times seats never reaches the executor."""
    from concurrent.futures import Executor

    class Refusing(Executor):
        def submit(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
            raise AssertionError("the games were handed out")

        def map(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
            raise AssertionError("the games were handed out")

    sheet = load_layout("black")
    assert simulate(sheet, 5, 2, 4, executor=Refusing()) == simulate(sheet, 5, 2, 4)
