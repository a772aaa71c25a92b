"""Hostile command-line arguments to every command: one line, exit 2, nothing written.

Class 5 of issue 10 (and class 3 for arguments): negative seeds, digits that are not ASCII
(``int()`` reads ``٣`` as 3; ``"²".isdigit()`` is true but ``int("²")`` fails), unknown
cells, zero, negative and huge counts, text that cannot be printed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.limits import SEED

from .conftest import ROOT
from .hostile_helpers import assert_refused, run_kok, snapshot

MAX_SEED = SEED.high

TRAVEL = str(ROOT / "examples" / "travel.yaml")
HUGE = "1" + "0" * 30

# (arguments, what the one line must name)
CASES: list[tuple[tuple[str, ...], str]] = [
    # negative, non-ASCII and huge seeds
    (("simulate", "black", "--games", "1", "--seed", "-1"), "'-1'"),
    (("check", TRAVEL, "--games", "1", "--seed", "-5"), "'-5'"),
    (("play", "--solo", "--seed", "-1"), "'-1'"),
    (("simulate", "black", "--games", "1", "--seed", "٣"), "'٣'"),
    (("simulate", "black", "--games", "1", "--seed", "²"), "'²'"),
    (("simulate", "black", "--games", "1", "--seed", str(MAX_SEED + 1)), str(MAX_SEED + 1)),
    (("simulate", "black", "--games", "1", "--seed", HUGE * 200), "far too large"),
    (("play", "--solo", "--seed", "1e3"), "'1e3'"),
    # counts: zero, negative, huge, non-ASCII
    (("simulate", "black", "--games", "0"), "--games is 0"),
    (("simulate", "black", "--games", "-1"), "--games is -1"),
    (("simulate", "black", "--games", HUGE), "far too large"),
    (("simulate", "black", "--games", "²"), "'²'"),
    (("simulate", "black", "--games", "٣"), "'٣'"),
    (("simulate", "black", "--games", "1_000"), "'1_000'"),
    (("simulate", "black", "--games", " "), "' '"),
    (("simulate", "black", "--players", "0"), "--players is 0"),
    (("simulate", "black", "--players", "7"), "--players is 7"),
    (("simulate", "black", "--players", "٢"), "'٢'"),
    (("simulate", "black", "--jobs", "0"), "--jobs is 0"),
    (("simulate", "black", "--jobs", "65"), "--jobs is 65"),
    (("check", TRAVEL, "--games", "-3"), "--games is -3"),
    (("check", TRAVEL, "--jobs", "-1"), "--jobs is -1"),
    (("play", "--players", "٢", "--layout", "kids"), "'٢'"),
    (("render", "black", "-o", "out.pdf", "--pages", "0"), "--pages is 0"),
    (("render", "black", "-o", "out.pdf", "--pages", "-1"), "--pages is -1"),
    (("render", "black", "-o", "out.pdf", "--pages", HUGE), "far too large"),
    (("render", "black", "-o", "out.pdf", "--pages", "10001"), "--pages is 10001"),
    (("render", "black", "-o", "out.pdf", "--pages", "³"), "'³'"),
    (("render", "black", "-o", "out.pdf", "--per-page", "3"), "3"),
    (("render", "black", "-o", "out.pdf", "--per-page", "٢"), "'٢'"),
    (("preview", "black", "-o", "out.png", "--dpi", "0"), "--dpi is 0"),
    (("preview", "black", "-o", "out.png", "--dpi", "5"), "--dpi is 5"),
    (("preview", "black", "-o", "out.png", "--dpi", "100000"), "--dpi is 100000"),
    (("preview", "black", "-o", "out.png", "--dpi", "nan"), "'nan'"),
    (("preview", "black", "-o", "out.png", "--dpi", "inf"), "'inf'"),
    (("preview", "black", "-o", "out.png", "--dpi", "-150"), "'-150'"),
    (("preview", "black", "-o", "out.png", "--dpi", "1e2"), "'1e2'"),
    (("preview", "black", "-o", "out.png", "--dpi", "\u0661\u0665\u0660"), "'\u0661\u0665\u0660'"),
    (("moves", "black", "--colour", "green", "--number", "3", "--jokers-left", "-1"),
     "--jokers-left is -1"),
    (("moves", "black", "--colour", "green", "--number", "3", "--jokers-left", "²"), "'²'"),
    (("moves", "grey", "--special", "row", "--boxes-left", "-2"), "--boxes-left is -2"),
    (("moves", "grey", "--special", "heart", "--hearts", "99"), "--hearts is 99"),
    (("moves", "kids", "--colour", "purple", "--marks-used", "-1"), "--marks-used is -1"),
    (("score", "black", "--jokers-used", "99"), "--jokers-used is 99"),
    (("score", "black", "--jokers-used", "٣"), "'٣'"),
    (("score", "grey", "--boxes-left", "-1"), "--boxes-left is -1"),
    (("simulate", "black", "--option", "max_rolls=²"), "'²'"),
    (("simulate", "black", "--option", "max_rolls=٣"), "'٣'"),
    (("simulate", "black", "--option", "max_rolls=0"), "'0'"),
    (("simulate", "black", "--option", f"max_rolls={HUGE}"), HUGE),
    (("simulate", "black", "--option", "first_three_rolls_open=maybe"), "'maybe'"),
    (("simulate", "black", "--option", "nonsense=1"), "nonsense"),
    (("simulate", "black", "--option", "end"), "'end'"),
    (("simulate", "black", "--bots", "greedy,nope"), "'nope'"),
    # cells and faces
    (("moves", "black", "--crossed", "Z9", "--colour", "green", "--number", "1"), "Z9"),
    (("moves", "black", "--crossed", "H8", "--colour", "green", "--number", "1"), "H8"),
    (("moves", "black", "--crossed", "H0", "--colour", "green", "--number", "1"), "H0"),
    (("moves", "black", "--crossed", "H²", "--colour", "green", "--number", "1"), "'H²'"),
    (("moves", "black", "--crossed", "H٣", "--colour", "green", "--number", "1"), "'H٣'"),
    (("moves", "black", "--crossed", "²", "--colour", "green", "--number", "1"), "'²'"),
    (("moves", "black", "--crossed", "A1,A1", "--colour", "green", "--number", "1"), "A1"),
    (("moves", "black", "--crossed", "H1H2", "--colour", "green", "--number", "1"), "'H1H2'"),
    (("moves", "black", "--crossed", "H-1", "--colour", "green", "--number", "1"), "'H-1'"),
    (("moves", "black", "--crossed", "H" + "1" * 5000, "--colour", "green", "--number", "1"),
     "'H1111"),
    (("moves", "black", "--colour", "green", "--number", "²"), "'²'"),
    (("moves", "black", "--colour", "green", "--number", "٣"), "'٣'"),
    (("moves", "black", "--colour", "green", "--number", "6"), "6"),
    (("moves", "black", "--colour", "green", "--number", "-1"), "-1"),
    (("moves", "black", "--colour", "purple", "--number", "1"), "purple"),
    (("moves", "black", "--colour", "", "--number", "1"), "--colour"),
    (("moves", "kids", "--crossed", "Z1", "--colour", "purple"), "Z1"),
    (("score", "black", "--crossed", "A1,,Z1"), "Z1"),
    (("score", "black", "--crossed", "A1", "--later", "Q"), "Q"),
    (("score", "grey", "--hearts-under", "H=²"), "'H=²'"),
    (("score", "grey", "--hearts-under", "H=٣"), "'H=٣'"),
    (("score", "grey", "--hearts-under", "H=-1"), "H"),
    (("score", "grey", "--hearts-under", f"H={HUGE}"), "H="),
    (("score", "grey", "--hearts-under", "Z=2"), "Z"),
    (("score", "kids", "--later", "²"), "'²'"),
    # names: unknown, huge, unprintable
    (("show", "nope"), "'nope'"),
    (("show", ""), "''"),
    (("show", "x" * 5000), "'xxxx"),
    (("show", "bl\x1back"), "bl\\x1back"),
    (("show", "bl\ud800ck"), "bl\\ud800ck"),
    (("render", "nope", "-o", "out.pdf"), "'nope'"),
    (("check", "nope"), "'nope'"),
    (("play", "--solo", "--layout", "nope"), "'nope'"),
    (("moves", "black", "--colour", "gr\ud800een", "--number", "1"), "gr\\ud800een"),
    (("render", "black", "-o", "out.pdf", "--record", "none.json"), "--player"),
    (("render", "black", "-o", "out.pdf", "--player", "Ann"), "--record"),
    (("validate", "black", "--profile", "nope"), "'nope'"),
    (("simulate", "black", "--format", "xml"), "'xml'"),
]


@pytest.mark.parametrize(("args", "naming"), CASES,
                         ids=[" ".join(a)[:50].encode("ascii", "replace").decode() for a, _ in
                              CASES])
def test_a_bad_argument_is_one_line_exit_2_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...],
        naming: str) -> None:
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    assert_refused(run_kok(*args), naming, before, tmp_path)


# Digits of other scripts, superscripts, signs, spaces and letters.
NUMBERISH = st.text(alphabet="0123456789-+ ²³¹٣٢١५০௫𝟓.,eE_x", min_size=0, max_size=25)
ASCII_INTEGER = re.compile(r"[+-]?[0-9]{1,20}")


def _expected(text: str, low: int, high: int) -> bool:
    return bool(ASCII_INTEGER.fullmatch(text.strip())) and low <= int(text) <= high


def _check(args: list[str], valid: bool) -> None:
    run = run_kok(*args)
    if valid:
        assert run.code == 0, run.err
        return
    assert run.code == 2, (args, run.err)
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kok") and "Traceback" not in run.err


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NUMBERISH)
def test_any_seed_text_is_a_seed_or_one_line(text: str) -> None:
    _check(["simulate", "black", "--games", "1", "--seed", text],
           _expected(text, 0, MAX_SEED))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NUMBERISH)
def test_any_count_text_is_a_count_or_one_line(text: str) -> None:
    _check(["moves", "black", "--colour", "green", "--number", "2", "--jokers-left", text],
           _expected(text, 0, 10**20))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NUMBERISH)
def test_any_games_text_is_a_number_of_games_or_one_line(text: str) -> None:
    valid = _expected(text, 1, 3)
    if ASCII_INTEGER.fullmatch(text.strip()) and 3 < int(text) <= 1_000_000:
        return  # valid but slow: the range check itself is a fixed case
    _check(["simulate", "black", "--games", text, "--players", "1"], valid)


CELL_TEXT = st.text(alphabet="AHOZahz0123789,- ²٣", max_size=12)
CELL = re.compile(r"[A-Oa-o][1-7]")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CELL_TEXT)
def test_any_crossed_text_is_cells_or_one_line(text: str) -> None:
    items = [i for i in re.split(r"[ ,]", text) if i]
    names = [i.upper() for i in items]
    valid = all(CELL.fullmatch(i) for i in items) and len(set(names)) == len(names)
    _check(["moves", "black", "--crossed", text, "--colour", "green", "--number", "1"], valid)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_any_layout_name_is_a_layout_or_one_line(name: str) -> None:
    run = run_kok("show", "--colour", "never", name)
    if run.code == 0:
        return
    assert run.code == 2
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kok") and "Traceback" not in run.err


HOSTILE_VALUES = ["", " ", "-1", "0", "1", "2", "3", "²", "٣", "1e3", "nan", HUGE, "H1",
                  "Z9", ",", "H1,H1", "joker", "green", "purple", "bomb", "kids", "grey",
                  "black", "nope", "x" * 300, "a\x1bb", "\ud800", "out.pdf", "out.png",
                  "/dev/null", ".", "--", "-o", "--json", "H=2", "max_rolls=2",
                  "first_three_rolls_open=no"]
COMMANDS: dict[str, list[str]] = {
    "show": ["--colour"],
    "validate": ["--profile", "--json"],
    "moves": ["--crossed", "--colour", "--number", "--special", "--jokers-left",
              "--boxes-left", "--hearts", "--marks-used", "--json"],
    "score": ["--crossed", "--jokers-used", "--later", "--hearts-under", "--boxes-left",
              "--json"],
    "render": ["-o", "--paper", "--per-page", "--lang", "--colorblind", "--player"],
    "preview": ["-o", "--dpi", "--page", "--per-page", "--lang"],
    "simulate": ["--seed", "--players", "--option", "--bots", "--format"],
    "replay": ["--json"],
}


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_command_line_ends_in_an_answer_or_one_line(
        data: st.DataObject, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    command = data.draw(st.sampled_from(sorted(COMMANDS)))
    options = data.draw(st.lists(st.sampled_from(COMMANDS[command]), max_size=4))
    args = [command, data.draw(st.sampled_from(["black", "grey", "kids", TRAVEL, "nope",
                                                "\ud800", "x" * 300]))]
    for option in options:
        args += [option, data.draw(st.sampled_from(HOSTILE_VALUES))]
    if command == "simulate":
        args += ["--games", "1"]  # any count is covered above; keep each run short
    if command in ("render", "preview"):
        args += ["--pages" if command == "render" else "--dpi", "20"]
    run = run_kok(*args)
    assert run.code in (0, 1, 2), (args, run.err)
    assert "Traceback" not in run.err
    if run.code == 2 and command != "validate":
        lines = run.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("kok"), (args, run.err)
