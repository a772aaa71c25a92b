"""``kok table`` on the command line: one-line usage errors, and a running table that
every signal stops cleanly, leaving a complete state file and the record, and that
``--resume`` continues with the same links."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kok_layouts.rules import load_and_replay

from .conftest import ROOT, ended, interruptible


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "9"], "a game of"),
    (["kids", "--players", "5"], "a game of"),
    (["--bots", "nobot"], "--bots"),
    (["--option", "pass_penalty=99"], "--option"),
    (["--resume", "missing.json"], "cannot read"),
    (["--resume", "x.json", "--players", "2"], "--resume continues"),
    (["--dice", "loaded"], "invalid choice"),
    (["--away", "1"], "--away"),
])
def test_a_wrong_table_command_is_one_line_and_a_non_zero_exit(
        kok: object, args: list[str], message: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = kok("table", *args, "--no-browser")  # type: ignore[operator]
    assert run.code != 0
    assert message in run.err and len(run.err.strip().splitlines()) == 1
    assert not list(tmp_path.glob("kok-table-*.json"))


def start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    process = interruptible(
        [sys.executable, "-m", "kok_layouts", "table", *args, "--no-browser"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_every_signal_stops_the_table_leaving_the_state_the_record_and_the_same_links(
        tmp_path: Path, stop: signal.Signals) -> None:
    process, url = start(tmp_path, "black", "--bots", "greedy", "--seed", "2",
                         "--state", "state.json", "--save", "game.json")
    assert url.startswith("http://127.0.0.1:") and "token=" in url
    process.send_signal(stop)
    out, err = ended(process, 20)
    assert process.returncode == 128 + stop, err     # as every command: 130, 143, 129
    assert "wrote the game record game.json" in out
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["host_token"] == url.split("token=")[1]
    assert load_and_replay(tmp_path / "game.json").players == ("player 1", "greedy")
    assert not list(tmp_path.glob(".*.part"))
    if stop == signal.SIGTERM:                       # --resume: the same links again
        again, same = start(tmp_path, "--resume", "state.json")
        again.send_signal(signal.SIGTERM)
        ended(again, 20)
        assert same == url


def said_about_phones(process: subprocess.Popen[str]) -> str:
    """The table's standard error up to its line about the phones (the line follows the
    links: waiting for it, a stop signal cannot come before it is written)."""
    assert process.stderr is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith(("kok: phones", "kok: note: ")):
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
    return "".join(lines)


def test_by_default_phones_on_the_network_can_join_and_the_terminal_names_the_address(
        tmp_path: Path) -> None:
    process, url = start(tmp_path, "black", "--players", "2", "--seed", "2")
    assert process.stdout is not None
    links = [process.stdout.readline().strip() for _ in range(2)]
    err = said_about_phones(process)
    process.send_signal(signal.SIGTERM)
    ended(process, 20)
    assert url.startswith("http://127.0.0.1:")          # the host's own browser
    hosts = {link.split("//")[1].split(":")[0] for link in links}
    assert len(hosts) == 1 and all(link.startswith("player ") for link in links)
    (address,) = hosts
    if address == "127.0.0.1":                          # a machine on no network
        assert "no network address found" in err
    else:
        assert f"phones on this network join at {address}" in err


def test_host_127_keeps_the_table_on_this_computer_and_the_terminal_says_so(
        tmp_path: Path) -> None:
    process, url = start(tmp_path, "black", "--host", "127.0.0.1", "--seed", "2")
    assert process.stdout is not None
    link = process.stdout.readline().strip()
    err = said_about_phones(process)
    process.send_signal(signal.SIGTERM)
    ended(process, 20)
    assert url.startswith("http://127.0.0.1:") and "http://127.0.0.1:" in link
    assert "phones cannot join" in err
