"""Outputs (issue 34, class 3, and the words-to-stderr change).

- A name ending as a folder's (``NEWDIR/``, ``NEWDIR/.``) is refused by every command that
  writes, and by the library's writers: ``Path`` would drop the slash and write a file
  named NEWDIR. ``kok generate -o DIR/`` writes into an existing folder, and makes a new
  one only with ``--count`` over 1 (it makes one without a slash too).
- A FIFO nobody reads is refused at once, never waited on.
- When ``-o`` is the process's standard output (``-o /dev/stdout``, or ``-o out.pdf >
  out.pdf``) the command's words go to standard error, never into the file.
- A decimal argument has at most 40 characters, and a range message quotes the number as
  given, never rounded into the range.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts.cli.args import DECIMAL_LENGTH, decimal, output_file
from kok_layouts.errors import OutputError
from kok_layouts.output import (
    check_all_or_nothing,
    check_destination,
    names_a_folder,
    write_all_or_nothing,
    write_atomically,
)

from .conftest import ROOT
from .hostile_helpers import assert_refused, run_kok, snapshot
from .timing import Stopwatch

WRITERS = [
    ["render", "black", "-o", "{}"],
    ["preview", "black", "-o", "{}"],
    ["check", "black", "--games", "10", "--jobs", "1", "--quiet", "--report", "{}"],
    ["simulate", "black", "--games", "2", "--jobs", "1", "-o", "{}"],
    ["improve", "black", "-o", "{}"],
    ["improve", "black", "-o", "fine.yaml", "--report", "{}"],
    ["generate", "classic", "-o", "{}"],
    ["generate", "classic", "--render", "{}"],
]
FOLDER_NAMES = ["NEWDIR/", "NEWDIR//", "NEWDIR/.", "NEWDIR/..", "deep/NEWDIR/"]


def _ids(command: list[str]) -> str:
    return " ".join(command[:1] + [w for w in command if w.startswith("-")][-1:])


@pytest.mark.parametrize("name", FOLDER_NAMES)
@pytest.mark.parametrize("command", WRITERS, ids=_ids)
def test_a_name_ending_as_a_folder_is_refused_by_every_command_that_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], name: str) -> None:
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    run = run_kok(*(word.format(name) for word in command))
    assert_refused(run, name, before, tmp_path)
    assert "names a folder" in run.err


@pytest.mark.parametrize("command", WRITERS[:6], ids=_ids)
def test_an_existing_folder_with_a_slash_is_still_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "DIR").mkdir()
    before = snapshot(tmp_path)
    assert_refused(run_kok(*(word.format("DIR/") for word in command)), "DIR/", before,
                   tmp_path)


def test_generate_writes_into_an_existing_folder_named_with_a_slash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boards").mkdir()
    run = run_kok("generate", "classic", "-o", "boards/")
    assert run.code == 0, run.err
    assert sorted(p.name for p in (tmp_path / "boards").iterdir()) == ["generated-classic-1.yaml"]


def test_generate_count_makes_the_new_folder_its_slash_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = run_kok("generate", "kids", "--count", "2", "-o", "new/")
    assert run.code == 0, run.err
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [
        "generated-kids-1.yaml", "generated-kids-2.yaml"]


@pytest.mark.parametrize("name", FOLDER_NAMES)
def test_the_library_writers_refuse_a_folder_name_too(tmp_path: Path, name: str) -> None:
    given_name = f"{tmp_path}/{name}"  # (tmp_path / name would drop the slash)
    with pytest.raises(OutputError, match="names a folder"):
        write_atomically(given_name, b"x")  # type: ignore[arg-type]
    with pytest.raises(OutputError, match="names a folder"):
        check_destination(given_name)  # type: ignore[arg-type]
    with pytest.raises(OutputError, match="names a folder"):
        write_all_or_nothing({given_name: b"x"})  # type: ignore[dict-item]
    with pytest.raises(OutputError, match="names a folder"):
        check_all_or_nothing([given_name])  # type: ignore[list-item]
    assert list(tmp_path.iterdir()) == []


SEGMENT = st.text(st.characters(exclude_characters="/\0", exclude_categories=["Cs"]),
                  min_size=1, max_size=20).filter(lambda s: s not in (".", ".."))


@settings(max_examples=80, deadline=None)
@given(st.lists(SEGMENT, min_size=1, max_size=3), st.sampled_from(["/", "//", "/.", "/.."]))
def test_any_name_ending_as_a_folder_is_refused_and_any_other_is_a_file(
        parts: list[str], ending: str) -> None:
    name = "/".join(parts)
    assert not names_a_folder(name)
    assert names_a_folder(name + ending)
    with pytest.raises(Exception, match="names a folder"):
        output_file(name + ending)


# -- special files ------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["check", "black", "--games", "10", "--jobs", "1", "--quiet", "--report", "{}"],
    ["simulate", "black", "--games", "2", "--jobs", "1", "-o", "{}"],
    ["render", "black", "-o", "{}"], ["preview", "black", "-o", "{}"],
    ["improve", "black", "-o", "{}"], ["generate", "classic", "-o", "{}"]], ids=_ids)
def test_a_fifo_nobody_reads_is_refused_at_once_in_one_line(
        tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / ("out.yaml" if command[0] in ("improve", "generate") else
                       "out.png" if command[0] == "preview" else "out.pdf")
    os.mkfifo(fifo)
    with Stopwatch() as watch:
        done = subprocess.run([sys.executable, "-m", "kok_layouts",
                               *(word.format(fifo) for word in command)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and str(fifo) in done.stderr
    watch.check(30, what="the refusal")  # not the 10 s a reader is waited for, thrice
    assert [p.name for p in tmp_path.iterdir()] == [fifo.name]


# -- words beside an output that is standard output ---------------------------------------

def _into(stdout_file: Path, *args: str) -> subprocess.CompletedProcess[str]:
    with stdout_file.open("w") as out:
        return subprocess.run([sys.executable, "-m", "kok_layouts", *args], cwd=ROOT,
                              stdout=out, stderr=subprocess.PIPE, text=True, timeout=120,
                              check=False)


@pytest.mark.parametrize("target", ["/dev/stdout", "same"])
def test_render_into_standard_output_keeps_its_words_out_of_the_file(
        tmp_path: Path, target: str) -> None:
    out = tmp_path / "out.pdf"
    done = _into(out, "render", "black", "-o", str(out) if target == "same" else target)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    assert b"wrote" not in data
    assert "wrote" in done.stderr


def test_simulate_into_standard_output_gives_only_the_games(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    done = _into(out, "simulate", "black", "--games", "3", "--jobs", "1", "-o", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 3 and "games in" in done.stderr


def test_a_check_report_into_standard_output_gets_no_text_report(tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"  # --report report.pdf > report.pdf
    done = _into(out, "check", "kids", "--games", "30", "--jobs", "1", "--quiet", "--report",
                 str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF") and b"Solvability" not in out.read_bytes()
    assert "Solvability" in done.stderr


def test_words_stay_on_standard_output_when_the_file_is_another(tmp_path: Path) -> None:
    out = tmp_path / "words.txt"
    done = _into(out, "render", "black", "-o", str(tmp_path / "black.pdf"))
    assert done.returncode == 0 and "wrote" in out.read_text() and done.stderr == ""


# -- decimals -----------------------------------------------------------------------------

def test_a_decimal_of_forty_characters_is_read_and_of_forty_one_refused() -> None:
    assert decimal("1" * 20 + "." + "5" * 19) == float("1" * 20 + "." + "5" * 19)
    with pytest.raises(Exception, match="at most 40"):
        decimal("1" * 21 + "." + "5" * 19)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5000))
def test_a_decimal_longer_than_the_limit_is_refused_in_a_short_line(length: int) -> None:
    text = "9" * length
    if length <= DECIMAL_LENGTH:
        assert decimal(text) == float(text)
    else:
        with pytest.raises(Exception, match="at most 40") as refused:
            decimal(text)
        assert len(str(refused.value)) < 120


@pytest.mark.parametrize("text", ["nan", "inf", "1e3", "-5", "٣", "1.", ".5", "", " "])
def test_what_is_no_plain_decimal_is_refused(text: str) -> None:
    with pytest.raises(Exception, match="not a number"):
        decimal(text)


def test_a_range_message_quotes_the_number_as_given(tmp_path: Path) -> None:
    run = run_kok("improve", "black", "-o", str(tmp_path / "x.yaml"), "--time-limit",
                  "86400.0000001")
    assert run.code == 2 and "86400.0000001" in run.err
    run = run_kok("preview", "black", "-o", str(tmp_path / "x.png"), "--dpi", "1200.5")
    assert run.code == 2 and "1200.5" in run.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["play", "--solo"], ["table", "--solo"]])
def test_save_naming_a_folder_that_is_not_there_is_refused(command: list[str],
                                                          tmp_path: Path) -> None:
    from .conftest import kok_process

    wanted = tmp_path / "NEWDIR"
    done = kok_process(*command, "--save", f"{wanted}/")
    assert done.code == 2 and not wanted.exists()
    assert len(done.err.strip().splitlines()) == 1
