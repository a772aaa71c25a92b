"""kok design survives its server: the port and token of the last session in a folder are
remembered (readable by the user only), so `kok design` started again answers the page
left open at the same address; anything odd in the remembered file is ignored."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.cli.design import open_server
from kok_layouts.design.server import Designer, Session, state_folder
from tests.conftest import interruptible


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(home))
    return home


TOKEN = "t" * 43


def test_a_session_kept_is_recalled_for_its_folder_only(state: Path, tmp_path: Path) -> None:
    folder, other = tmp_path / "boards", tmp_path / "other"
    folder.mkdir()
    other.mkdir()
    assert Session.recall(folder) is None
    assert Session(40123, TOKEN).keep(folder) is None
    assert Session.recall(folder) == Session(40123, TOKEN)
    assert Session.recall(other) is None
    assert state_folder() == state / "kok_layouts" / "design"


def test_the_remembered_token_is_readable_by_its_user_only(state: Path, tmp_path: Path) -> None:
    Session(40123, TOKEN).keep(tmp_path)
    mode = stat.S_IMODE(Session.file(tmp_path).stat().st_mode)
    assert mode == 0o600
    assert not [p for p in Session.file(tmp_path).parent.iterdir() if p.suffix == ".part"]


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(str.encode),
    st.sampled_from([b"[]", b'{"port": 0, "token": "' + b"t" * 43 + b'"}',
                     b'{"port": 70000, "token": "' + b"t" * 43 + b'"}',
                     b'{"port": true, "token": "' + b"t" * 43 + b'"}',
                     b'{"port": 4000, "token": "short"}',
                     b'{"port": 4000, "token": "' + b"t" * 43 + b'"}',  # no folder
                     b"[" * 100_000, b" " * 10_000])))
def test_a_remembered_file_that_is_not_ours_is_ignored(state: Path, tmp_path: Path,
                                                       content: bytes) -> None:
    path = Session.file(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert Session.recall(tmp_path) is None


def test_a_folder_or_a_pipe_in_place_of_the_file_is_ignored(state: Path,
                                                            tmp_path: Path) -> None:
    path = Session.file(tmp_path)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # nobody writes: reading it must not wait
    assert Session.recall(tmp_path) is None
    path.unlink()
    path.mkdir()
    assert Session.recall(tmp_path) is None
    warning = Session(40123, TOKEN).keep(tmp_path)
    assert warning is not None and "\n" not in warning and "cannot remember" in warning


def test_an_unwritable_state_folder_is_one_warning_line(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))  # a file, not a folder
    warning = Session(40123, TOKEN).keep(tmp_path)
    assert warning is not None and warning.startswith("cannot remember this session in ")


def _start(folder: Path, state: Path) -> tuple[subprocess.Popen[str], str]:
    process = interruptible([sys.executable, "-m", "kok_layouts", "design", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=folder, env={**os.environ, "XDG_STATE_HOME": str(state)})
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def _stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGINT)
    process.wait(10)


def test_kok_design_started_again_in_a_folder_takes_the_same_address(state: Path,
                                                                      tmp_path: Path) -> None:
    first, url = _start(tmp_path, state)
    _stop(first)
    second, again = _start(tmp_path, state)
    try:
        assert again == url
    finally:
        _stop(second)


def test_a_taken_port_gives_another_address_with_a_note(state: Path, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        Session(port, TOKEN).keep(tmp_path)
        server, notes = open_server(Designer.open(None, tmp_path), "127.0.0.1", None, tmp_path)
        server.server_close()
    assert server.port != port and server.url.endswith(f"token={TOKEN}")
    assert len(notes) == 1
    assert notes[0].startswith(f"kok: note: port {port} of the last session here is taken")
    assert Session.recall(tmp_path) == Session(server.port, TOKEN)


def test_a_port_named_on_the_command_line_wins(state: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    Session(port + 1 if port < 65535 else port - 1, TOKEN).keep(tmp_path)
    server, notes = open_server(Designer.open(None, tmp_path), "127.0.0.1", port, tmp_path)
    server.server_close()
    assert (server.port, notes) == (port, [])
    assert server.url == f"http://127.0.0.1:{port}/?token={TOKEN}"


def test_without_a_session_any_port_and_a_new_token(state: Path, tmp_path: Path) -> None:
    designer = Designer.open(None, tmp_path)
    token = designer.token
    server, notes = open_server(designer, "127.0.0.1", None, tmp_path)
    server.server_close()
    assert notes == [] and designer.token == token
    assert Session.recall(tmp_path) == Session(server.port, token)
