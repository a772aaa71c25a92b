"""Issue 34, third round: a stopped ``kok table`` (and ``kok design``) says how it stopped
and keeps its files; a failed start leaves none; one game is served by one table; a
damaged or tampered state file is refused in one line (or its mode repaired, said)."""

from __future__ import annotations

import json
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import load_layout
from kok_layouts.errors import RecordError
from kok_layouts.rules import load_and_replay
from kok_layouts.table.session import TableSession

from .conftest import ROOT, ended, interruptible
from .timing import slowness

LINES = {signal.SIGTERM: "kok: terminated (SIGTERM)", signal.SIGHUP: "kok: hung up (SIGHUP)",
         signal.SIGINT: "kok: interrupted"}


def start(folder: Path, command: str, *args: str) -> tuple[subprocess.Popen[str], str]:
    process = interruptible(
        [sys.executable, "-m", "kok_layouts", command, *args, "--no-browser"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": str(folder)})
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def kok(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kok_layouts", *args, "--no-browser"],
                          cwd=folder, capture_output=True, text=True, timeout=60 * slowness(),
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("command", ["table", "design"])
def test_a_stopped_server_exits_with_the_code_of_its_signal_and_says_it_in_one_line(
        tmp_path: Path, command: str, stop: signal.Signals) -> None:
    process, url = start(tmp_path, command)
    assert url.startswith("http://127.0.0.1:")
    process.send_signal(stop)
    _, err = ended(process)
    assert process.returncode == 128 + stop, err
    assert err.strip().splitlines()[-1] == LINES[stop]
    assert "Traceback" not in err
    assert not list(tmp_path.glob("*.lock"))


def test_two_stop_signals_fifty_milliseconds_apart_keep_the_record(tmp_path: Path) -> None:
    process, _ = start(tmp_path, "table", "--bots", "greedy", "--seed", "4", "--state",
                       "state.json", "--save", "game.json")
    process.send_signal(signal.SIGTERM)
    time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    out, err = ended(process)
    assert process.returncode == 143, err
    assert "wrote the game record game.json" in out and "Traceback" not in err
    assert load_and_replay(tmp_path / "game.json").players == ("player 1", "greedy")
    assert json.loads((tmp_path / "state.json").read_text())["kok_table"] == 1


def taken_port() -> tuple[socket.socket, int]:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder, holder.getsockname()[1]


@pytest.mark.parametrize("where", ["taken", "192.0.2.1", "no-such-host.invalid", "bad host"])
def test_a_failed_start_is_one_line_and_leaves_no_state_file(tmp_path: Path, where: str) -> None:
    holder, port = taken_port()
    try:
        args = (["--port", str(port)] if where == "taken" else ["--host", where])
        run = kok(tmp_path, "table", *args, "--state", "state.json")
    finally:
        holder.close()
    assert run.returncode == 2 and "cannot listen" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_resumed_game_whose_port_is_taken_takes_another_and_says_so(tmp_path: Path) -> None:
    first, url = start(tmp_path, "table", "--state", "state.json")
    first.send_signal(signal.SIGTERM)
    ended(first)
    port = int(url.split(":")[2].split("/")[0])
    holder = socket.socket()
    holder.bind(("127.0.0.1", port))
    holder.listen()
    try:
        again, other = start(tmp_path, "table", "--resume", "state.json")
        again.send_signal(signal.SIGTERM)
        _, err = ended(again)
    finally:
        holder.close()
    assert f"port {port} is taken" in err and other != url and again.returncode == 143


@pytest.mark.parametrize("save", ["state.json", "./state.json", "sub/../state.json"])
def test_save_naming_the_state_file_is_refused_and_the_state_is_kept(tmp_path: Path,
                                                                     save: str) -> None:
    (tmp_path / "sub").mkdir()
    first, _ = start(tmp_path, "table", "--state", "state.json")
    first.send_signal(signal.SIGTERM)
    ended(first)
    before = (tmp_path / "state.json").read_bytes()
    for args in (["--resume", "state.json"], ["--state", "new.json"]):
        name = save if args[0] == "--resume" else save.replace("state", "new")
        run = kok(tmp_path, "table", *args, "--save", name)
        assert run.returncode == 2 and "names the state file" in run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
    assert (tmp_path / "state.json").read_bytes() == before
    assert not (tmp_path / "new.json").exists()


def test_save_naming_the_default_state_file_is_refused(tmp_path: Path) -> None:
    run = kok(tmp_path, "table", "--save", "kok-table-1.json")
    assert run.returncode == 2 and "names the state file" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_one_game_is_served_by_one_table(tmp_path: Path) -> None:
    first, url = start(tmp_path, "table", "--state", "state.json")
    try:
        run = kok(tmp_path, "table", "--resume", "state.json")
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
        assert "in use by another kok table" in run.stderr
        assert f"process {first.pid}" in run.stderr
        port = url.split(":")[2].split("/")[0]
        assert f":{port}/" in run.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        ended(first)
    again, same = start(tmp_path, "table", "--resume", "state.json")
    again.send_signal(signal.SIGTERM)
    ended(again)
    assert same == url and again.returncode == 143


def test_the_lock_of_a_table_that_was_killed_is_taken_over(tmp_path: Path) -> None:
    first, url = start(tmp_path, "table", "--state", "state.json")
    first.kill()
    ended(first)
    assert (tmp_path / "state.json.lock").exists()
    again, same = start(tmp_path, "table", "--resume", "state.json")
    again.send_signal(signal.SIGTERM)
    ended(again)
    assert same == url and not (tmp_path / "state.json.lock").exists()


# -- damaged or tampered state files ------------------------------------------------------

def saved_state(tmp_path: Path) -> Path:
    path = tmp_path / "state.json"
    session = TableSession(load_layout("black"), "black", ["Ann", "Bob"], seed=1,
                           state_path=path)
    session.begin()
    return path


def tampered(path: Path, change: dict[str, Any]) -> None:
    data = json.loads(path.read_text())
    for key, value in change.items():
        if key == "tokens":
            for seat, token in zip(data["seats"], value, strict=False):
                seat["token"] = token
        else:
            data[key] = value
    path.write_text(json.dumps(data))
    path.chmod(0o600)


@pytest.mark.parametrize(("change", "words"), [
    ({"away_seconds": -5}, "away_seconds"),
    ({"away_seconds": 1e308}, "away_seconds"),
    ({"away_seconds": "60"}, "away_seconds"),
    ({"away_seconds": True}, "away_seconds"),
    ({"port": "8000"}, "port"),
    ({"port": -1}, "port"),
    ({"port": 70000}, "port"),
    ({"port": 80.0}, "port"),
    ({"host_token": ""}, "token"),
    ({"tokens": ["", "x" * 24]}, "token"),
    ({"tokens": ["short"]}, "token"),
    ({"tokens": ["a" * 24, "a" * 24]}, "share a token"),
    ({"tokens": ["ä" * 24]}, "token"),
    ({"kok_table": True}, "not a kok table state file"),
    ({"feed": [{"kind": 1, "text": "x"}]}, "feed line"),
    ({"feed": [{"kind": "seat", "text": "x", "extra": 1}]}, "feed line"),
    ({"feed": "xy"}, "feed line"),
])
def test_a_tampered_state_file_is_refused_in_one_line(tmp_path: Path, change: dict[str, Any],
                                                      words: str) -> None:
    path = saved_state(tmp_path)
    tampered(path, change)
    with pytest.raises(RecordError, match=words) as caught:
        TableSession.resume(path)
    assert "\n" not in str(caught.value)


def test_a_host_token_shared_with_a_seat_is_refused(tmp_path: Path) -> None:
    path = saved_state(tmp_path)
    data = json.loads(path.read_text())
    tampered(path, {"host_token": data["seats"][1]["token"]})
    with pytest.raises(RecordError, match="share a token"):
        TableSession.resume(path)


def test_nan_as_away_time_is_refused_on_the_command_line(tmp_path: Path) -> None:
    path = saved_state(tmp_path)
    path.write_text(path.read_text().replace('"away_seconds": 60.0', '"away_seconds": NaN'))
    run = kok(tmp_path, "table", "--resume", "state.json")
    assert run.returncode == 2 and "NaN" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_state_file_open_to_others_is_made_private_again_and_it_is_said(tmp_path: Path) -> None:
    path = saved_state(tmp_path)
    path.chmod(0o644)
    session = TableSession.resume(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "mode 644" in session.notes[0] and "readable by you only" in session.notes[0]
    again = TableSession.resume(path)
    assert again.notes == []


def test_the_command_line_says_that_it_made_the_state_file_private(tmp_path: Path) -> None:
    path = saved_state(tmp_path)
    path.chmod(0o666)
    process, _ = start(tmp_path, "table", "--resume", "state.json")
    process.send_signal(signal.SIGTERM)
    _, err = ended(process)
    assert "kok: note: " in err and "mode 666" in err
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
