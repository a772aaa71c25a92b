"""``kok simulate`` and everything built on it (``kok check``, ``kok improve``, the
generator's balanced search) play whole inside the compiled engine the games whose every
seat is the strong bot, or every seat the greedy bot, on a sheet of any built-in edition:
the same games, roll for roll, as the rules' bots played one by one
(``analysis.simulate.play_one``), with the same results field by field, so every stored
figure stays as it was."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kok_layouts import limits
from kok_layouts.analysis.simulate import GameResult, in_engine, play_one, simulate
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.options import Options

EDITIONS = {"classic": "black", "kok2": "grey", "kids": "kids"}
"""A sheet of each edition the engine's greedy games play."""
KIDS_PLAYERS = [1, *range(limits.KIDS_PLAYERS.low, limits.KIDS_PLAYERS.high + 1)]
"""Solo and every count of players a Kids game has."""


def _one_by_one(layout: str, games: int, players: int, seed: int,
                options: Options | None = None, bots: tuple[str, ...] = ("strong",),
                first: int = 0) -> list[GameResult]:
    sheet = load_layout(layout)
    return [play_one(sheet, players, bots, np.random.SeedSequence(seed, spawn_key=(i,)),
                     i, options) for i in range(first, first + games)]


def assert_same_results(got: list[GameResult], expected: list[GameResult]) -> None:
    """Field by field first (a failure names the field), then whole."""
    assert len(got) == len(expected)
    for mine, theirs in zip(got, expected, strict=True):
        for field in ("game", "players", "rolls", "ended", "winners", "scores", "first",
                      "crossed_at"):
            assert getattr(mine, field) == getattr(theirs, field), (mine.game, field)
    assert got == expected


@pytest.mark.parametrize("players", [1, 2, 3])
def test_engine_games_are_the_rules_games_field_by_field(players: int) -> None:
    sheet = load_layout("black")
    assert in_engine(sheet, ["strong"] * players) == "strong"
    assert simulate(sheet, 6, players, 11) == _one_by_one("black", 6, players, 11)


@pytest.mark.parametrize(("edition", "players"), [
    *(("classic", players) for players in (1, 2, 3)),
    *(("kok2", players) for players in (1, 2, 3)),
    *(("kids", players) for players in KIDS_PLAYERS)])
def test_greedy_games_of_every_edition_are_the_rules_games_field_by_field(
        edition: str, players: int) -> None:
    """Scores as the edition's score class gives them (``Score``, ``Kok2Score``,
    ``KidsScore``), winners by its tie-break (marks left; none in Kids), what was first
    completed when, and the roll each cell was crossed in."""
    layout = EDITIONS[edition]
    sheet = load_layout(layout)
    assert in_engine(sheet, ["greedy"] * players) == "greedy"
    got = simulate(sheet, 6, players, 11, ("greedy",))
    assert_same_results(got, _one_by_one(layout, 6, players, 11, bots=("greedy",)))
    assert any(result.first for result in got)


@pytest.mark.parametrize(("layout", "first", "shared"), [
    ("black", 255, False), ("grey", 69, False), ("kids", 2, True)])
def test_greedy_games_level_on_points_have_the_rules_winners(layout: str, first: int,
                                                              shared: bool) -> None:
    """Games of seed 3 that end level on points: in the classic game and Keer op Keer 2
    the most marks left wins, in Kids the seats share the win."""
    got = simulate(load_layout(layout), 4, 2, 3, ("greedy",), first=first)
    assert_same_results(got, _one_by_one(layout, 4, 2, 3, bots=("greedy",), first=first))
    level = [result for result in got if len({s["total"] for s in result.scores}) == 1]
    assert level
    assert all((len(result.winners) > 1) == shared for result in level)


@pytest.mark.parametrize("options", [
    Options(end="roll", pass_penalty=2),
    Options(first_three_rolls_open=False, number_joker_six=True, star_penalty=1),
    Options(connect_through_crossed=True, max_rolls=12),
], ids=["end-of-roll-passes", "closed-start-six-stars", "loose-twelve-rolls"])
def test_the_house_rules_play_the_same_games_in_the_engine(options: Options) -> None:
    sheet = load_layout("black")
    assert simulate(sheet, 4, 2, 5, options=options) == _one_by_one("black", 4, 2, 5, options)


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("options", [
    Options(end="roll", pass_penalty=2),
    Options(first_three_rolls_open=False, number_joker_six=True, star_penalty=1),
    Options(connect_through_crossed=True, max_rolls=12),
    Options(max_rolls=5),
], ids=["end-of-roll-passes", "closed-start-six-stars", "loose-twelve-rolls", "five-rolls"])
def test_the_house_rules_play_the_same_greedy_games_in_the_engine(edition: str,
                                                                  options: Options) -> None:
    layout = EDITIONS[edition]
    sheet = load_layout(layout)
    for players in (1, 2):
        got = simulate(sheet, 4, players, 5, ("greedy",), options=options)
        assert_same_results(got, _one_by_one(layout, 4, players, 5, options, ("greedy",)))


def test_a_run_continued_from_game_k_is_the_same_run() -> None:
    sheet = load_layout("black")
    whole = simulate(sheet, 8, 2, 3)
    assert simulate(sheet, 5, 2, 3, first=3) == whole[3:]


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_continued_greedy_run_is_the_same_run(edition: str) -> None:
    layout = EDITIONS[edition]
    sheet = load_layout(layout)
    whole = simulate(sheet, 8, 2, 3, ("greedy",))
    later = simulate(sheet, 5, 2, 3, ("greedy",), first=3)
    assert later == whole[3:]
    assert_same_results(later, _one_by_one(layout, 5, 2, 3, bots=("greedy",), first=3))


def test_other_bots_editions_and_variants_play_through_the_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import kok_layouts.analysis.simulate as simulate_module

    black = load_layout("black")
    assert in_engine(black, ["strong", "greedy"]) is None
    assert in_engine(black, ["greedy", "random"]) is None
    assert in_engine(black, ["friendly"]) is None
    assert in_engine(load_layout("kids"), ["strong", "greedy"]) is None
    assert in_engine(load_layout("grey"), ["strong", "greedy"]) is None

    def refused(job: Any) -> Any:
        raise AssertionError("mixed bots were played in the engine")

    # …and give what they gave before: the rules' games, one by one.
    monkeypatch.setattr(simulate_module, "_engine_chunk", refused)
    for layout in ("black", "kids"):
        assert simulate(load_layout(layout), 3, 2, 9, ("greedy", "strong")) == _one_by_one(
            layout, 3, 2, 9, bots=("greedy", "strong"))


@pytest.mark.parametrize("bots", [("strong",), ("greedy",)])
def test_workers_and_clusters_get_the_engine_games_in_batches(
        monkeypatch: pytest.MonkeyPatch, bots: tuple[str, ...]) -> None:
    """A run too big for one process hands out batches of ENGINE_CHUNK games to the
    executor (a process pool for ``--jobs``, a Dask client's for ``--scheduler``): the same
    games as played in one process, in game order."""
    from concurrent.futures import ThreadPoolExecutor

    import kok_layouts.analysis.simulate as simulate_module

    sheet = load_layout("black")
    alone = simulate(sheet, 7, 2, 4, bots)
    monkeypatch.setattr(simulate_module, "ENGINE_ALONE", 0)
    monkeypatch.setattr(simulate_module, "ENGINE_CHUNK", 3)
    handed_out: list[tuple[int, int]] = []
    real_chunk = simulate_module._chunk

    def counted(job: Any) -> Any:
        handed_out.append((job[4], job[5]))
        return real_chunk(job)

    monkeypatch.setattr(simulate_module, "_chunk", counted)
    with ThreadPoolExecutor(2) as pool:
        assert simulate(sheet, 7, 2, 4, bots, executor=pool) == alone
    assert sorted(handed_out) == [(0, 3), (3, 6), (6, 7)]


@pytest.mark.parametrize("edition", ["kok2", "kids"])
def test_greedy_batches_of_every_edition_through_an_executor_are_the_rules_games(
        monkeypatch: pytest.MonkeyPatch, edition: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import kok_layouts.analysis.simulate as simulate_module

    layout = EDITIONS[edition]
    monkeypatch.setattr(simulate_module, "ENGINE_ALONE", 0)
    monkeypatch.setattr(simulate_module, "ENGINE_CHUNK", 2)
    with ThreadPoolExecutor(2) as pool:
        got = simulate(load_layout(layout), 5, 2, 6, ("greedy",), executor=pool)
    assert_same_results(got, _one_by_one(layout, 5, 2, 6, bots=("greedy",)))


@pytest.mark.parametrize("bots", [("strong",), ("greedy",)])
def test_a_small_engine_run_stays_in_its_own_process(bots: tuple[str, ...]) -> None:
    """Starting workers would cost more than the games: a run of at most ENGINE_ALONE
    games times seats never reaches the executor."""
    from concurrent.futures import Executor

    class Refusing(Executor):
        def submit(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
            raise AssertionError("the games were handed out")

        def map(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
            raise AssertionError("the games were handed out")

    sheet = load_layout("black")
    assert simulate(sheet, 5, 2, 4, bots, executor=Refusing()) == simulate(sheet, 5, 2, 4,
                                                                           bots)


def test_a_keer_op_keer_2_run_reaches_the_workers_sooner_its_games_weighing_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same number of games times seats stays in the process on black and is handed
    out on grey, whose engine games cost several classic ones (ENGINE_WEIGHT)."""
    from concurrent.futures import Executor, Future

    import kok_layouts.analysis.simulate as simulate_module

    handed: list[str] = []

    class Counting(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            handed.append("job")
            future: Future[Any] = Future()
            future.set_result(fn(*args, **kwargs))
            return future

    monkeypatch.setattr(simulate_module, "ENGINE_ALONE", 4 * 2 * 2)   # 4 games of 2, twice
    black, grey = load_layout("black"), load_layout("grey")
    simulate(black, 4, 2, 1, ("greedy",), executor=Counting())
    assert handed == []
    simulate(grey, 4, 2, 1, ("greedy",), executor=Counting())
    assert handed
