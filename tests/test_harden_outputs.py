"""Outputs: all or nothing, checked before the long work, bounded in time (issue 20,
classes 4, 6, 7 and 12's broken pipe)."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kok_layouts import limits
from kok_layouts.errors import OutputError
from kok_layouts.output import write_all_or_nothing, write_atomically

from .conftest import ROOT
from .hostile_helpers import assert_refused, run_kok, run_process, snapshot
from .timing import Stopwatch, slowness

PROGRESS = re.compile(r"kok simulate: .+ \(\d+%\), \d+ s")


def _limited_to(kilobytes: int) -> None:  # in the child: files may grow to this size
    resource.setrlimit(resource.RLIMIT_FSIZE, (kilobytes * 1024, kilobytes * 1024))


def test_a_full_disk_while_generating_leaves_the_folder_and_the_pdf_as_they_were(
        tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "generated-classic-2.yaml").write_text("an older board\n")
    before = snapshot(tmp_path)
    # The YAML files fit, the PDF (about 70 KB) does not: nothing may be written at all.
    done = subprocess.run([sys.executable, "-m", "kok_layouts", "generate", "classic",
                           "--count", "3", "-o", str(folder), "--render",
                           str(tmp_path / "boards.pdf")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          preexec_fn=lambda: _limited_to(20))
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"kok: {tmp_path / 'boards.pdf'}: cannot write: File too large"]
    assert snapshot(tmp_path) == before


def test_a_full_disk_in_a_new_folder_leaves_no_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "kok_layouts", "generate", "classic",
                           "--count", "2", "-o", str(tmp_path / "new"), "--render",
                           str(tmp_path / "new.pdf")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          preexec_fn=lambda: _limited_to(20))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_board_name_taken_by_a_folder_is_refused_before_any_board_is_made(
        tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    (folder / "generated-kids-5.yaml").mkdir(parents=True)
    before = snapshot(tmp_path)
    run = run_kok("generate", "kids", "--seed", "4", "--count", "3", "-o", str(folder))
    assert_refused(run, "generated-kids-5.yaml", before, tmp_path)


@pytest.mark.parametrize("render", ["x.pdf", "./x.pdf", "sub/../x.pdf"])
def test_two_outputs_with_one_path_are_refused_before_any_work(tmp_path: Path,
                                                              render: str) -> None:
    (tmp_path / "sub").mkdir()
    before = snapshot(tmp_path)
    os.chdir(tmp_path)
    try:
        run = run_kok("generate", "classic", "-o", "x.pdf", "--render", render)
    finally:
        os.chdir(ROOT)
    assert_refused(run, "x.pdf", before, tmp_path)
    assert "-o and --render" in run.err


@pytest.mark.parametrize("args", [
    ("generate", "kids", "--balanced", "-o", "/no/such/x.yaml"),
    ("generate", "kok2", "--balanced", "--render", "/no/such/x.pdf"),
    ("generate", "classic", "--balanced", "--count", "3", "-o", "/no/such/dir/boards"),
    ("generate", "kids", "--balanced", "--render", "x.png"),
])
def test_generate_checks_its_outputs_before_the_search(tmp_path: Path,
                                                      args: tuple[str, ...]) -> None:
    before = snapshot(tmp_path)
    with Stopwatch() as watch:
        run = run_process(*args, cwd=tmp_path)
    watch.check(20, what="the refusal")  # the balancing search takes up to two minutes
    assert_refused(run, args[-1], before, tmp_path)


def test_generate_count_writes_every_board_and_the_pdf_together(tmp_path: Path) -> None:
    run = run_kok("generate", "kok2", "--count", "2", "-o", str(tmp_path / "b"),
                  "--render", str(tmp_path / "b.pdf"))
    assert run.code == 0, run.err
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        "generated-kok2-1.yaml", "generated-kok2-2.yaml"]
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith((".part", ".old"))]


def test_all_or_nothing_puts_back_what_was_there_when_a_rename_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("old a\n")
    second.write_text("old b\n")
    real = Path.replace
    calls = []

    def failing(self: Path, target: str | os.PathLike[str]) -> Path:
        calls.append(target)
        if Path(target) == second and self.suffix == ".part":  # the new b, not the old
            raise OSError(28, "No space left on device")
        return real(self, target)

    monkeypatch.setattr(Path, "replace", failing)
    with pytest.raises(OutputError, match="No space left"):
        write_all_or_nothing({first: b"new a\n", second: b"new b\n"})
    monkeypatch.undo()
    assert first.read_text() == "old a\n" and second.read_text() == "old b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "b.yaml"]


def test_a_fifo_whose_reader_never_reads_is_refused_after_the_stated_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader that takes nothing
    monkeypatch.setattr(limits, "PIPE_WRITE_SECONDS", 0.5)
    try:
        with Stopwatch() as watch, pytest.raises(OutputError,
                                                  match=r"its reader took nothing for 0.5 s"):
            write_atomically(fifo, b"x" * (1 << 20))  # more than a pipe holds
        watch.check(5, waits=0.5, what="the refusal")
    finally:
        os.close(reader)
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


def test_a_fifo_with_a_slow_reader_gets_everything(tmp_path: Path) -> None:
    fifo = tmp_path / "out.bin"
    os.mkfifo(fifo)
    got = bytearray()

    def read() -> None:
        with fifo.open("rb") as pipe:
            while chunk := pipe.read(65536):
                got.extend(chunk)
                time.sleep(0.01)

    thread = threading.Thread(target=read)
    thread.start()
    time.sleep(0.2)
    write_atomically(fifo, b"y" * (1 << 20))
    thread.join(10)
    assert bytes(got) == b"y" * (1 << 20)


def test_kok_show_into_head_ends_quietly() -> None:
    done = subprocess.run(f"{sys.executable} -m kok_layouts show grey | head -2", shell=True,
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert done.stdout.splitlines()[0].startswith("Keer op Keer 2 (grey")
    assert done.stderr == ""


def test_a_reader_that_closes_after_some_output_ends_quietly_with_141() -> None:
    process = subprocess.Popen([sys.executable, "-m", "kok_layouts", "simulate", "black",
                                "--games", "150", "--bots", "random"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    process.wait(timeout=60 * slowness())
    assert first.startswith(b'{"game": 0')
    # Nothing but the progress line a run that lasts 10 s (a loaded machine's) says on a
    # stderr that is not a terminal: no broken pipe, no traceback.
    assert process.returncode == 141
    assert all(PROGRESS.fullmatch(line) for line in err.decode().splitlines()), err
