"""Hostile input to ``kok play`` (issue 10, point 5's play part): unknown cells, stray
characters and bytes at the prompt are one ``not allowed`` line and change nothing; bad
command-line values are one ``kok:`` line and exit 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.cli.play import ClassicTable, Terminal
from kok_layouts.rules import RandomBot, new_game

from .conftest import ROOT, script


def first_prompt(layout: str, line: str) -> tuple[list[str], tuple[object, ...]]:
    """Type ``line`` at the first prompt of a 2-person game, then quit: the output and
    the game's state after the typed line (the state before it is the fresh roll's)."""
    game = new_game(load_layout(layout), ["Ann", "Bob"])
    out: list[str] = []
    table = ClassicTable(game, {}, np.random.default_rng(5), False,
                         Terminal(script([line]), out.append))
    game.throw(np.random.default_rng(5))
    before = game.state_key()
    table.command(0, line)
    return out, (before, game.state_key())


BAD_LINES = ["bomb Z9", ",", "²", "H²", "Z9", "H0", "H99", "A1 A1", "cross", "cross Z9",
             "cross ,", "H1 H2 H3 H4 H5 H6", "\ufffd\ufffd", "🎲", "H" * 500, "h1h2",
             "heart", "block", "stars Z1", "row", "1", "-1", "\x00", "\t", "cross H1;rm",
             "cross H1 H1"]


@pytest.mark.parametrize("layout", ["black", "grey"])
@pytest.mark.parametrize("line", BAD_LINES)
def test_a_bad_line_at_the_prompt_is_refused_and_changes_nothing(layout: str,
                                                                 line: str) -> None:
    out, (before, after) = first_prompt(layout, line)
    assert before == after, line
    assert len(out) == 1 and (out[0].startswith("not allowed: ") or out[0].startswith("type ")
                              or "legal move" in out[0]), out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(
    st.text(max_size=12),
    st.sampled_from(["pass", "undo", "moves", "hint", "sheet", "help", "", "cross H1",
                     "H6 H7", "bomb C3", "heart", "G2,H2", "quit"])), max_size=12))
def test_any_typed_lines_end_in_a_game_state_never_an_exception(lines: list[str]) -> None:
    game = new_game(load_layout("grey"), ["Ann", "Bob", "random"])
    out: list[str] = []
    table = ClassicTable(game, {2: RandomBot()}, np.random.default_rng(1), False,
                         Terminal(script(lines), out.append))
    table.run()
    table.final()
    assert out[-1].startswith(("Game over", "Stopped after"))


def _kok(*args: str, stdin: bytes = b"quit\n",
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "kok_layouts", *args], capture_output=True,
                          input=stdin, timeout=120, cwd=ROOT, check=False,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("data", [b"\xff\xfe\n", b"H6 \xc3\n", b"\x80\x80\x80\n",
                                  b"cross \xed\xa0\x80\n"])
def test_invalid_utf8_on_stdin_under_a_strict_locale_is_a_bad_command(data: bytes) -> None:
    done = _kok("play", "--solo", "--seed", "1", "--colour", "never",
                stdin=data + b"quit\n", env={"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"not allowed" in done.stdout


BAD_ARGUMENTS = [
    ("--bots", "nope"), ("--bots", "greedy,,nope"), ("--players", "0"),
    ("--players", "-1"), ("--players", "7"), ("--players", "2", "--bots", "greedy,greedy,"
                                              "greedy,greedy,greedy"),
    ("--solo", "--bots", "greedy"), ("--players", "2", "--names", "Ann"),
    ("--players", "1", "--names", "A" * 41), ("--names", "Ann\u0007", "--players", "1"),
    ("--save", "/nonexistent-folder/g.json", "--solo"), ("--save", "/tmp", "--solo"),
    ("--layout", "kids", "--players", "3", "--bots", "greedy,random"),
    ("--layout", "kids", "--solo", "--bots", "greedy"), ("--layout", "kids", "--players", "²"),
    ("--layout", "nope", "--solo"),
    (), ("--players", "²"),
]


@pytest.mark.parametrize("args", BAD_ARGUMENTS)
def test_a_bad_command_line_is_one_line_and_exit_2(kok: Any, args: tuple[str, ...]) -> None:
    run = kok("play", *args)
    assert run.code == 2, (args, run.err)
    assert len(run.err.strip().splitlines()) == 1 and run.err.startswith("kok"), run.err


def test_a_save_path_that_fails_late_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "sub"
    target.mkdir()
    record = target / "g.json"
    target.chmod(0o500)
    try:
        done = _kok("play", "--solo", "--seed", "1", "--colour", "never", "--save", str(record),
                    stdin=b"quit\n")
    finally:
        target.chmod(0o700)
    if os.geteuid() == 0:
        assert done.returncode == 0 and record.is_file()       # root may write anyway
    else:
        assert done.returncode == 2 and not record.exists()
        assert done.stderr.decode().startswith("kok: ")
