"""The suite's own tools: the shared games give what simulate gives, and the slowest tests
start first on every worker."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.analysis.simulate import simulate
from kok_layouts.errors import BadArgumentError, KokTypeError

from .conftest import ROOT
from .game_cache import GameCache
from .suite_order import SLOW, arrange, stretches


def test_games_asked_in_pieces_are_the_games_of_one_run(tmp_path: Path) -> None:
    travel = load_layout("examples/travel.yaml")
    games = GameCache(tmp_path / "games")
    assert games(travel, 6, 2, 3) == simulate(travel, 6, 2, 3)
    assert games.played == 6
    assert games(travel, 4, 2, 3) == simulate(travel, 4, 2, 3)  # a prefix: nothing played
    assert games(travel, 5, 2, 3, first=4) == simulate(travel, 5, 2, 3, first=4)
    assert games.played == 9  # games 6 to 8 only
    assert games(travel, 3, 2, 4) == simulate(travel, 3, 2, 4)  # another seed: its own run
    assert games(travel, 3, 1, 3) == simulate(travel, 3, 1, 3)  # solo: its own run
    assert games.played == 15


def test_another_worker_reads_the_games_from_the_folder(tmp_path: Path) -> None:
    travel = load_layout("examples/travel.yaml")
    GameCache(tmp_path / "games")(travel, 5, 2, 1)
    other = GameCache(tmp_path / "games")
    seen: list[tuple[int, int]] = []
    assert other(travel, 5, 2, 1, progress=lambda d, t: seen.append((d, t))) == simulate(
        travel, 5, 2, 1)
    assert other.played == 0 and seen == [(5, 5)]
    assert not list((tmp_path / "games").glob("*.part"))


def test_wrong_arguments_are_refused_as_simulate_refuses_them(tmp_path: Path) -> None:
    games = GameCache(tmp_path / "games")
    travel = load_layout("examples/travel.yaml")
    with pytest.raises(BadArgumentError):
        games(travel, -1)
    with pytest.raises(KokTypeError):
        games(travel, 2, 2, 1.5)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        games(travel, 2, 2, 1, ("nobody",))
    assert games.played == 0 and not list((tmp_path / "games").glob("*.pickle"))


@settings(max_examples=60, deadline=None)
@given(count=st.integers(0, 60), workers=st.integers(1, 5),
       slow=st.dictionaries(st.integers(0, 70), st.floats(0.5, 100), max_size=12))
def test_the_slowest_tests_head_the_workers_stretches_and_nothing_is_lost(
        count: int, workers: int, slow: dict[int, float]) -> None:
    names = [f"t{i}" for i in range(count)]
    seconds = {f"t{i}": s for i, s in slow.items()}
    ordered = arrange(list(range(count)), names, workers, seconds)
    assert sorted(ordered) == list(range(count))
    sizes = stretches(count, workers)
    assert sum(sizes) == count and max(sizes, default=0) - min(sizes, default=0) <= 1
    known = [i for i in range(count) if names[i] in seconds]
    if workers < 2:
        assert ordered == list(range(count))
        return
    assert [i for i in ordered if i not in known] == [i for i in range(count)
                                                      if i not in known]
    start = 0
    for size in sizes:
        stretch = ordered[start:start + size]
        start += size
        heads = [i for i in stretch if i in known]
        assert stretch[:len(heads)] == heads, "a stretch starts with its slow tests"
        assert [seconds[names[i]] for i in heads] == sorted(
            (seconds[names[i]] for i in heads), reverse=True)
    if len(known) >= workers and count >= 2 * workers * max(len(known), 1):
        # Every worker starts with one of them.
        assert all(ordered[sum(sizes[:w])] in known for w in range(workers))


def test_every_listed_slow_test_exists() -> None:
    for node in SLOW:
        path, name = node.split("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        function = re.sub(r"\[.*\]$", "", name)
        assert f"def {function}(" in source, node
