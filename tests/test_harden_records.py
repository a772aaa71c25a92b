"""Game records: limits checked while reading, one rule for player names, layouts read
relative to the record (issue 20, classes 8, 10 and 11)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import limits
from kok_layouts.errors import KokError, KokTypeError
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.game import Game
from kok_layouts.rules.record import load_and_replay, save_record

from .conftest import ROOT
from .hostile_helpers import assert_refused, finished_record, run_kok, snapshot


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return finished_record("black", 3)


def _over_limit(record: dict[str, Any], kind: str) -> str:
    if kind == "rolls":  # 10,001 rolls, padded to 19.5 MB
        rolls = record["rolls"]
        big = {k: v for k, v in record.items() if k not in ("scores", "winners")}
        big["rolls"] = (rolls * (limits.RECORD_ROLLS // len(rolls) + 2))[:limits.RECORD_ROLLS + 1]
        text = json.dumps(big, indent=1)
        return text[:-1] + " " * max(0, 19_500_000 - len(text)) + "}"
    if kind == "values":
        return json.dumps({**record, "extra": [1] * (limits.RECORD_VALUES + 1)})
    if kind == "objects":
        return json.dumps({**record, "extra": [{}] * (limits.RECORD_OBJECTS + 1)})
    if kind == "strings":
        return json.dumps({**record, "extra": ["H1"] * 3_000_000})
    if kind == "players":
        return json.dumps({**record, "players": [f"p{i}" for i in range(100_000)]})
    return "[" * 200_000 + "]" * 200_000  # nesting


_MEASURE = """
import resource, sys, time
from kok_layouts.errors import RecordError
from kok_layouts.rules.record import load_and_replay
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
try:
    load_and_replay(sys.argv[1])
except RecordError as err:
    print(str(err).splitlines()[0])
print(time.process_time() - start)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024)
"""


@pytest.mark.parametrize("kind", ["rolls", "values", "objects", "strings", "players",
                                  "nesting"])
def test_a_record_over_a_limit_is_refused_within_a_second_and_100_mb(
        tmp_path: Path, record: dict[str, Any], kind: str) -> None:
    path = tmp_path / "big.json"
    path.write_text(_over_limit(record, kind))
    assert path.stat().st_size <= limits.RECORD_BYTES
    done = subprocess.run([sys.executable, "-c", _MEASURE, str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    message, seconds, megabytes = done.stdout.strip().splitlines()
    assert message.startswith(f"{path}: ") and ("more than" in message or "at most" in message
                                                 or "nested too deeply" in message), message
    assert float(seconds) < 1.0, seconds  # processor time: the machine may be busy
    assert float(megabytes) < 100, megabytes


def test_kok_replay_of_a_record_over_a_limit_is_one_line(tmp_path: Path,
                                                         record: dict[str, Any]) -> None:
    path = tmp_path / "big.json"
    path.write_text(_over_limit(record, "values"))
    before = snapshot(tmp_path)
    assert_refused(run_kok("replay", str(path)), str(path), before, tmp_path)


def _game(names: list[str]) -> Game:
    game = Game(load_layout("black"), names)
    play_game(game, [GreedyBot() for _ in names], np.random.default_rng(1))
    return game


_NAME = st.text(st.characters(codec="utf-8"), min_size=0, max_size=45)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=_NAME)
def test_a_name_game_accepts_is_saved_and_read_back_and_others_are_refused(
        tmp_path: Path, name: str) -> None:
    names = [name, "Bob" if name != "Bob" else "Ann"]
    try:
        limits.check_text(name, "a player's name", limits.PLAYER_NAME_LENGTH)
    except KokError:
        with pytest.raises(KokError):
            Game(load_layout("black"), names)
        return
    game = _game(names)
    path = tmp_path / "game.json"
    save_record(game, path, "black", 1)
    assert load_and_replay(path).players == tuple(names)


@pytest.mark.parametrize("name", ["a\nb", "a\u202eb", "zero\u200bwidth", "\ufeffAnn", " ",
                                  "x" * (limits.PLAYER_NAME_LENGTH + 1), "tab\there",
                                  "para\u2029graph", "nb\u00a0sp"])
def test_a_name_that_cannot_be_printed_is_refused_by_game_and_by_a_record(
        tmp_path: Path, record: dict[str, Any], name: str) -> None:
    with pytest.raises(KokError):
        Game(load_layout("black"), [name, "Bob"])
    bad = json.loads(json.dumps(record).replace('"Ann"', json.dumps(name)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(bad))
    before = snapshot(tmp_path)
    run = run_kok("replay", str(path))
    assert_refused(run, str(path), before, tmp_path)
    assert "$.players" in run.err


def test_the_longest_name_saves_and_loads_back(tmp_path: Path) -> None:
    name = "n" * limits.PLAYER_NAME_LENGTH
    save_record(_game([name, "Bob"]), tmp_path / "g.json", "black")
    assert load_and_replay(tmp_path / "g.json").players[0] == name


def test_a_relative_layout_path_is_read_relative_to_the_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = tmp_path / "games"
    boards = tmp_path / "boards"
    games.mkdir()
    boards.mkdir()
    (boards / "travel.yaml").write_bytes((ROOT / "examples" / "travel.yaml").read_bytes())
    monkeypatch.chdir(tmp_path)
    game = Game(load_layout("boards/travel.yaml"), ["Ann", "Bob"])
    play_game(game, [GreedyBot(), GreedyBot()], np.random.default_rng(2))
    save_record(game, games / "g.json", "boards/travel.yaml", 2)
    assert json.loads((games / "g.json").read_text())["layout"] == "../boards/travel.yaml"
    monkeypatch.chdir(ROOT)  # elsewhere: the record still finds its layout
    assert load_and_replay(games / "g.json").sheet.name == "travel"
    # A file of that name beside the working folder is not read instead.
    monkeypatch.chdir(boards)
    assert load_and_replay(games / "g.json").sheet.name == "travel"


def test_a_relative_layout_that_is_not_beside_the_record_is_one_line(
        tmp_path: Path, record: dict[str, Any]) -> None:
    data = {**record, "layout": "examples/travel.yaml"}  # exists from ROOT, not from tmp
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    before = snapshot(tmp_path)
    run = run_kok("replay", str(path))
    assert_refused(run, "$.layout", before, tmp_path)


@pytest.mark.parametrize(("args", "error"), [
    ((None, "g.json", "black"), KokTypeError),
    (("game", "g.json", 5), KokTypeError),
    (("game", 5, "black"), KokTypeError),
    (("game", "g.json", "  "), KokError),
    (("game", "g.json", "black", -1), KokError),
    (("game", "g.json", "black", "1"), KokTypeError),
    (("game", "g.json", "black", 2**64), KokError),
])
def test_save_record_checks_its_arguments_before_writing(
        tmp_path: Path, args: tuple[Any, ...], error: type[Exception],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = Game(load_layout("black"), ["Ann", "Bob"])
    values: list[Any] = [game if a == "game" else a for a in args]
    with pytest.raises(error):
        save_record(*values)
    assert list(tmp_path.iterdir()) == []


def test_the_record_limits_leave_room_for_the_longest_real_game() -> None:
    # 10,000 rolls of six players with bombs: about 100 values and 8 objects a roll.
    assert limits.RECORD_VALUES >= limits.RECORD_ROLLS * 100
    assert limits.RECORD_ROLLS * (2 + limits.PLAYERS.high) <= limits.RECORD_OBJECTS
