"""Hostile paths as input and as output, and standard streams that fail.

Class 4 of issue 10 (and class 3 for names): a FIFO, a folder, a device, a symlink loop, a
name too long, an unreadable file, bytes that are not UTF-8; /dev/full, a closed standard
output or input, a broken pipe. Never block, never replace a special file, never leave a
partial file: one line and exit 2.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from kok_layouts.errors import OutputError
from kok_layouts.output import write_atomically

from .conftest import ROOT
from .hostile_helpers import assert_refused, finished_record, run_kok, run_process, snapshot

# Commands that read a file: the argument where the file goes, as a template.
READERS = [
    ("show", "IN"),
    ("moves", "IN", "--colour", "green", "--number", "1"),
    ("score", "IN"),
    ("render", "IN", "-o", "OUT/x.pdf"),
    ("preview", "IN", "-o", "OUT/x.png"),
    ("check", "IN", "--games", "1"),
    ("simulate", "IN", "--games", "1"),
    ("replay", "IN"),
    ("render", "black", "-o", "OUT/x.pdf", "--record", "IN", "--player", "Ann"),
]
# Commands that write a file: the argument where the output goes.
WRITERS = [
    ("render", "black", "-o", "OUT"),
    ("preview", "black", "-o", "OUT", "--dpi", "20"),
    ("simulate", "black", "--games", "1", "-o", "OUT"),
    ("check", "examples/travel.yaml", "--games", "2", "--report", "OUT"),
]


def _args(template: tuple[str, ...], value: str, folder: Path) -> list[str]:
    return [a.replace("IN", value).replace("OUT", value if a == "OUT" else str(folder))
            for a in template]


def _bad_inputs(folder: Path) -> dict[str, Path]:
    """Paths of every kind that is not a readable regular file."""
    fifo = folder / "pipe.yaml"
    os.mkfifo(fifo)
    (folder / "dir.yaml").mkdir()
    (folder / "loop1.yaml").symlink_to("loop2.yaml")
    (folder / "loop2.yaml").symlink_to("loop1.yaml")
    return {"fifo": fifo, "folder": folder / "dir.yaml", "device": Path("/dev/zero"),
            "loop": folder / "loop1.yaml", "long": folder / ("x" * 300 + ".yaml"),
            "missing": folder / "missing.yaml", "nul": folder / "a\0b.yaml"}


REASONS = {"fifo": "pipe", "folder": "folder", "device": "device", "loop": "symbolic links",
           "long": "too long", "missing": "No such file", "nul": "NUL"}


@pytest.mark.parametrize("kind", list(REASONS))
@pytest.mark.parametrize("template", READERS, ids=lambda t: " ".join(t[:3]))
def test_an_input_that_is_not_a_regular_file_is_one_line(tmp_path: Path, kind: str,
                                                         template: tuple[str, ...],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.chdir(ROOT)
    path = _bad_inputs(tmp_path)[kind]
    before = snapshot(tmp_path)
    run = run_kok(*_args(template, str(path), tmp_path))
    shown = str(path).replace("\0", "\\x00")[:60]
    assert_refused(run, shown, before, tmp_path)
    assert REASONS[kind] in run.err


@pytest.mark.parametrize("kind", list(REASONS))
def test_validate_reports_an_unreadable_input_in_one_line_with_exit_2(
        tmp_path: Path, kind: str) -> None:
    path = _bad_inputs(tmp_path)[kind]
    before = snapshot(tmp_path)
    run = run_kok("validate", str(path))
    assert run.code == 2 and run.err == ""
    lines = run.out.strip().splitlines()
    assert len(lines) == 1 and REASONS[kind] in lines[0]
    assert snapshot(tmp_path) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_layout_is_one_line(tmp_path: Path) -> None:
    layout = tmp_path / "secret.yaml"
    layout.write_text((ROOT / "examples" / "travel.yaml").read_text(encoding="utf-8"))
    layout.chmod(0)
    before = snapshot(tmp_path)
    assert_refused(run_kok("show", str(layout)), f"{layout}:1:1: cannot read", before, tmp_path)


def _bad_outputs(folder: Path) -> dict[str, Path]:
    (folder / "dir.out").mkdir()
    (folder / "loop1.out").symlink_to("loop2.out")
    (folder / "loop2.out").symlink_to("loop1.out")
    return {"folder": folder / "dir.out", "loop": folder / "loop1.out",
            "long": folder / ("x" * 300 + ".out"), "no folder": folder / "none" / "x.out",
            "nul": folder / "a\0b.out", "full": Path("/dev/full"), "empty": Path()}


OUT_REASONS = {"folder": "folder", "loop": "symbolic links", "long": "too long",
               "no folder": "No such file", "nul": "NUL", "full": "No space left",
               "empty": "folder"}


@pytest.mark.parametrize("kind", list(OUT_REASONS))
@pytest.mark.parametrize("template", WRITERS, ids=lambda t: " ".join(t[:1] + t[-2:-1]))
def test_an_output_that_cannot_be_written_is_one_line_and_changes_nothing(
        tmp_path: Path, kind: str, template: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    path = _bad_outputs(tmp_path)[kind]
    suffix = ".pdf" if "--report" in template else ""
    target = str(path) + suffix if kind in ("long", "no folder", "folder") and suffix else str(
        path)
    if kind == "folder" and suffix:
        target = str(path)
    before = snapshot(tmp_path)
    run = run_kok(*_args(template, target, tmp_path))
    if "--report" in template and kind in ("loop", "nul", "full", "empty"):
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1
        assert snapshot(tmp_path) == before
        return
    assert_refused(run, target.replace("\0", "\\x00")[:40], before, tmp_path)
    assert OUT_REASONS[kind] in run.err


def test_dev_null_as_output_is_written_into_never_replaced(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.chdir(ROOT)
    status = Path("/dev/null").stat()
    for template in WRITERS[:3]:
        run = run_kok(*_args(template, "/dev/null", tmp_path))
        assert run.code == 0, run.err
    after = Path("/dev/null").stat()
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == status.st_ino


def test_a_pipe_nobody_reads_is_refused_at_once_never_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    before = snapshot(tmp_path)
    run = run_process("render", "black", "-o", str(fifo), timeout=30)
    assert_refused(run, f"{fifo}: cannot write: it is a pipe that no process reads", before,
                   tmp_path)


def test_a_pipe_with_a_reader_gets_the_whole_file(tmp_path: Path) -> None:
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    reader = subprocess.Popen([sys.executable, "-c",
                               f"import sys; sys.stdout.write(str(len(open({str(fifo)!r}, "
                               "'rb').read())))"], stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(100):  # the writer needs the reader to have opened the pipe
            run = run_kok("render", "black", "-o", str(fifo))
            if run.code == 0:
                break
            import time

            time.sleep(0.05)
        out, _ = reader.communicate(timeout=30)
    finally:
        reader.kill()
    assert run.code == 0 and int(out) > 1000
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_symlinked_output_keeps_its_link_and_updates_the_target(tmp_path: Path) -> None:
    target = tmp_path / "real.pdf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link.pdf"
    link.symlink_to("real.pdf")
    assert run_kok("render", "black", "-o", str(link)).code == 0
    assert link.is_symlink() and target.read_bytes().startswith(b"%PDF")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pdf", "real.pdf"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_part_file(tmp_path: Path) -> None:
    out = tmp_path / "keep.pdf"
    out.write_bytes(b"old")
    before = snapshot(tmp_path)
    with pytest.raises(OutputError):
        write_atomically(tmp_path / "none" / "x.pdf", b"new")
    assert snapshot(tmp_path) == before


def test_a_block_device_or_socket_is_never_written(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "sock.pdf"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        before = snapshot(tmp_path)
        run = run_kok("render", "black", "-o", str(path))
        assert_refused(run, f"{path}: cannot write: it is a socket", before, tmp_path)
    finally:
        server.close()


def test_a_file_name_that_is_not_utf8_is_read_written_and_shown_escaped(tmp_path: Path
                                                                         ) -> None:
    name = os.fsencode(tmp_path) + b"/board\xff.pdf"
    run = run_process("render", "black", "-o", name)
    assert run.code == 0 and "board\\xff.pdf" in run.out
    assert Path(os.fsdecode(name)).exists()
    missing = os.fsencode(tmp_path) + b"/none\xfe.yaml"
    before = snapshot(tmp_path)
    run = run_process("show", missing)
    assert_refused(run, "none\\xfe.yaml:1:1: cannot read", before, tmp_path)


def test_a_full_disk_on_standard_output_is_one_line(tmp_path: Path) -> None:
    with Path("/dev/full").open("wb") as full:
        done = subprocess.run([sys.executable, "-m", "kok_layouts", "simulate", "black",
                               "--games", "3"], stdout=full, stderr=subprocess.PIPE,
                              cwd=ROOT, timeout=60, check=False)
    lines = done.stderr.decode().strip().splitlines()
    assert done.returncode == 2 and lines == [
        "kok: cannot write to standard output: No space left on device"]


@pytest.mark.parametrize(("args", "closed", "which"), [
    (("list",), "stdout", "output"), (("show", "black"), "stdout", "output"),
    (("play", "--solo", "--seed", "1"), "stdin", "input")])
def test_a_closed_standard_stream_is_one_line(args: tuple[str, ...], closed: str,
                                             which: str) -> None:
    shut = "sys.stdout = None" if closed == "stdout" else "sys.stdin = None"
    code = ("import sys; " + shut + "; from kok_layouts.cli.main import main; "
            f"sys.exit(main({list(args)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"kok: standard {which} is closed; run kok with it open "
                                   "(or redirect it to a file)")


def test_a_closed_standard_output_descriptor_is_one_line() -> None:
    done = subprocess.run(f"{sys.executable} -m kok_layouts list >&-", shell=True,
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [("list",), ("show", "black"),
                                  ("simulate", "black", "--games", "2")])
def test_a_broken_pipe_is_one_line_and_no_second_message(args: tuple[str, ...]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: every write fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "kok_layouts", *args], stdout=write_end,
                              stderr=subprocess.PIPE, cwd=ROOT, timeout=60, check=False)
    finally:
        os.close(write_end)
    assert done.returncode == 2
    assert done.stderr.decode().strip().splitlines() == [
        "kok: standard output was closed before everything was written (broken pipe)"]


def test_standard_input_that_is_not_utf8_is_one_line() -> None:
    run = run_process("play", "--solo", "--seed", "1", stdin=b"\xff\xfe H1\n",
                      env={"PYTHONIOENCODING": "utf-8:strict"})
    # kok play reads its commands as UTF-8 with bad bytes replaced: a stray byte is a bad
    # command, answered in one line like any other, and the game goes on to the end of input.
    assert "Traceback" not in run.err and run.err == ""
    assert run.out.count("not allowed") == 1 and "is not a cell name" in run.out


def test_a_record_as_a_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    before = snapshot(tmp_path)
    run = run_process("replay", str(fifo), timeout=30)
    assert_refused(run, f"{fifo}: cannot read: is a pipe", before, tmp_path)


def test_a_record_too_large_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    big = tmp_path / "game.json"
    record = finished_record("black", 2)
    big.write_text('{"padding": "' + "x" * 20_000_001 + '"}')
    before = snapshot(tmp_path)
    assert_refused(run_kok("replay", str(big)), f"{big}: over 20,000,000 bytes", before,
                   tmp_path)
    assert record["format"] == 1


def test_a_file_without_read_permission_is_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    layout = tmp_path / "secret.yaml"
    layout.write_text("format: 1\n")
    real_open = os.open

    def refuse(path: str, flags: int, *rest: int) -> int:
        if str(path) == str(layout):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *rest)

    monkeypatch.setattr(os, "open", refuse)  # as root every file is readable
    before = snapshot(tmp_path)
    for args in (("show", str(layout)), ("replay", str(layout))):
        run = run_kok(*args)
        assert_refused(run, f"{layout}", before, tmp_path)
        assert "cannot read: Permission denied" in run.err


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, OSError(28, "No space left")])
def test_an_interrupted_write_keeps_the_old_file_and_leaves_no_part_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        interruption: BaseException | type[BaseException]) -> None:
    out = tmp_path / "pad.pdf"
    out.write_bytes(b"old")
    before = snapshot(tmp_path)

    def stop(_: int) -> None:
        raise interruption

    monkeypatch.setattr(os, "fsync", stop)
    run = run_kok("render", "black", "-o", str(out))
    expected = "interrupted" if interruption is KeyboardInterrupt else "No space left"
    assert_refused(run, expected, before, tmp_path,
                   code=130 if interruption is KeyboardInterrupt else 2)


@pytest.mark.parametrize("template", [
    ("render", "LAYOUT", "-o", "OUT"), ("preview", "LAYOUT", "-o", "OUT", "--dpi", "20"),
    ("simulate", "LAYOUT", "--games", "1", "-o", "OUT"),
    ("check", "LAYOUT", "--games", "1", "--report", "OUT")], ids=lambda t: t[0])
@pytest.mark.parametrize("through", ["same name", "symlink"])
def test_the_output_is_never_one_of_the_inputs(tmp_path: Path, template: tuple[str, ...],
                                              through: str) -> None:
    layout = tmp_path / "board.yaml"
    layout.write_text((ROOT / "examples" / "travel.yaml").read_text(encoding="utf-8"))
    out = layout
    if through == "symlink":
        out = tmp_path / ("link.pdf" if "--report" in template else "link.yaml")
        out.symlink_to("board.yaml")
    before = snapshot(tmp_path)
    args = [str(layout) if a == "LAYOUT" else str(out) if a == "OUT" else a for a in template]
    run = run_kok(*args)
    assert_refused(run, "that is an input of this command", before, tmp_path)


def test_a_built_in_name_as_output_is_not_taken_for_the_input(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run_kok("render", "black", "-o", "black").code == 0
    assert run_kok("render", "black", "-o", "black").code == 0  # replacing its own output
    assert (tmp_path / "black").read_bytes().startswith(b"%PDF")
