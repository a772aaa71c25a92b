"""kok improve agrees with kok check, and its output is reproducible (issue 34, class 1).

One rule decides whether a board can be finished: :attr:`Solvability.solvable`, which
``kok check`` turns into its verdict and exit 1. A board with cells cut off from the start
still ends (two colours can be completed), so ``kok check`` plays its games, yet calls it
"cannot be finished": ``kok improve`` refuses it with the same sentence. The improved
layout says what the search reached, never the seconds it took: the same input, seed and
options give the same bytes, and the seconds are said on the terminal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from kok_layouts.analysis.improve import improve
from kok_layouts.analysis.solvability import analyse
from kok_layouts.errors import BadArgumentError
from kok_layouts.model.loader import load_layout

from .hostile_helpers import assert_refused, run_process, snapshot

CUT_OFF = """\
format: 1
edition: classic
name: cut-off
title: "Cut off"
colours:
  g: {name: green, print: "#4fa447"}
  y: {name: yellow, print: "#f4cf1d"}
  b: {name: blue, print: "#3b83c6"}
grid:
  - gGbb.y
  - gbBb.Y
  - Ggbg.y
start_columns: [A]
column_points:
  first: [1, 1, 1, 1, 1, 1]
  later: [0, 0, 0, 0, 0, 0]
colour_bonus: {first: 5, later: 3}
exclamation_marks: 5
star_penalty: 2
"""
"""Column F is cut off by the holes of column E: yellow can never be completed, but green
and blue can, so the game can end."""

SECONDS = re.compile(r"\d+(?:\.\d+)? s\b")


@pytest.fixture
def cut_off(tmp_path: Path) -> Path:
    path = tmp_path / "cut-off.yaml"
    path.write_text(CUT_OFF)
    return path


def test_a_board_with_cells_cut_off_can_end_yet_cannot_be_finished(cut_off: Path) -> None:
    solvability = analyse(load_layout(str(cut_off)))
    assert solvability.end.moves is not None  # the game can end: kok check plays it
    assert not solvability.solvable
    assert "cannot be finished" in solvability.verdict()


def test_kok_improve_refuses_what_kok_check_calls_cannot_be_finished(cut_off: Path) -> None:
    sheet = load_layout(str(cut_off))
    with pytest.raises(BadArgumentError) as refused:
        improve(sheet, time_limit=60, jobs=1)
    assert str(refused.value).startswith(analyse(sheet).verdict())
    assert "\n" not in str(refused.value)


def test_the_command_line_says_the_same_with_check_exit_1_and_improve_exit_2(
        cut_off: Path, tmp_path: Path) -> None:
    checked = run_process("check", str(cut_off), "--games", "30", "--jobs", "1", "--quiet")
    assert checked.code == 1
    verdict = next(line for line in checked.out.splitlines()
                   if line.startswith("Solvability: "))
    before = snapshot(tmp_path)
    refused = run_process("improve", str(cut_off), "-o", str(tmp_path / "fixed.yaml"))
    assert_refused(refused, verdict.removeprefix("Solvability: "), before, tmp_path)


@pytest.fixture(scope="module")
def kept_kids() -> dict[str, Any]:
    """The same search twice: Kids with everything kept, so that it ends after the board's
    own games whatever the machine's speed."""
    runs = [improve(load_layout("kids"), games=100, jobs=1, time_limit=60,
                    keep=["grid", "points", "stars"], seed=5) for _ in range(2)]
    return {"runs": runs}


def test_the_improved_layout_holds_no_seconds(kept_kids: dict[str, Any]) -> None:
    first = kept_kids["runs"][0]
    header = [line for line in first.text.splitlines() if line.startswith("#")]
    assert header and first.seconds > 0
    for line in header:
        assert not SECONDS.search(line.replace("time limit (60 s)", "time limit")), line


def test_the_same_input_seed_and_options_give_the_same_bytes(
        kept_kids: dict[str, Any]) -> None:
    first, second = kept_kids["runs"]
    assert first.text.encode("utf-8") == second.text.encode("utf-8")


def test_the_time_limit_named_in_the_state_is_the_option_given() -> None:
    # (games enough that one second cannot finish the search on any machine)
    stopped = improve(load_layout("kids"), games=20000, jobs=1, time_limit=1)
    assert "stopped by the time limit (1 s)" in stopped.state
    assert stopped.state in stopped.text.splitlines()[0]


def test_the_command_line_gives_equal_files_and_says_the_seconds(tmp_path: Path) -> None:
    outputs = []
    for name in ("a.yaml", "b.yaml"):
        done = run_process("improve", "kids", "-o", str(tmp_path / name), "--keep", "grid",
                           "--keep", "points", "--keep", "stars", "--quiet", timeout=300)
        assert done.code in (0, 1), done.err
        last = [line for line in done.out.splitlines() if line.startswith(str(tmp_path))]
        assert last and SECONDS.search(last[0]), done.out  # the seconds: on the terminal
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]
