"""Shared test helpers: running the ``kok`` command in-process and as a real process."""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from kok_layouts.cli.main import main
from tests import server_helpers
from tests.game_cache import GameCache
from tests.suite_order import SLOW, arrange, is_slow, read_durations, slow_tests
from tests.timing import slowness

if TYPE_CHECKING:
    from kok_layouts.design.server import DesignServer

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def pytest_configure(config: pytest.Config) -> None:
    """Before any worker starts: load the compiled rules engine once (compiling it into
    numba's on-disk cache on a fresh checkout: minutes, its families side by side on the
    cores, :mod:`tests.warm_parallel`), so that the workers and the ``kok`` processes the
    tests start find it compiled, as a user's second run does, and no test's time limit
    pays for the compiler."""
    config.pluginmanager.register(_Arrange(), "kok-arrange")
    if hasattr(config, "workerinput"):   # an xdist worker: the controller did it
        return
    if os.environ.get("KOK_TEST_NO_WARM_UP") == "1":
        # A pytest that a test of the suite's own machinery starts, on tests that play
        # no game (tests/test_suite_layers.py): loading every kernel would be most of it.
        return
    from kok_layouts.analysis.workers import usable_cores
    from kok_layouts.rules.engine import cold_kernels, warm_up

    if usable_cores() > 1 and cold_kernels():
        # A fresh checkout: the kernel families compile side by side, one per core
        # (tests/warm_parallel.py); warm_up() then loads them and compiles what is left.
        from tests.warm_parallel import warm_up_in_parallel

        print("kok: compiling the rules engine's kernels in parallel processes, once",
              file=sys.stderr, flush=True)
        warm_up_in_parallel(usable_cores())
    warm_up()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores this process may use. A part of the
    suite waits (signal and timeout tests, servers and browsers starting, child
    processes): the extra worker keeps the cores busy meanwhile."""
    from kok_layouts.analysis.workers import usable_cores

    return usable_cores() + 1


def is_browser_test(item: pytest.Item) -> bool:
    """Whether ``item`` drives a headless Chromium: its module holds
    :func:`~tests.server_helpers.chromium` or
    :func:`~tests.server_helpers.skip_without_chromium`, as every browser module does."""
    module = getattr(item, "module", None)
    names = vars(module).values() if module is not None else ()
    return any(value is server_helpers.chromium or value is server_helpers.skip_without_chromium
               for value in names)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The layers, before ``-m`` picks tests by them: ``browser`` on every test that drives
    Chromium (skipped, one by one, where it is missing), ``slow`` on those and on every test
    measured at :data:`~tests.suite_order.SLOW_SECONDS` or more (tests/durations.txt), or
    in a module whose setup was."""
    slow = slow_tests(read_durations())
    missing = server_helpers.chromium_missing()
    for item in items:
        if is_browser_test(item):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
            if missing:
                item.add_marker(pytest.mark.skip(reason=server_helpers.MISSING_CHROMIUM))
        elif is_slow(item.nodeid, slow):
            item.add_marker(pytest.mark.slow)


class _Arrange:
    """In an xdist worker, once ``-m`` has picked the tests: the slowest first, spread over
    the workers (:mod:`tests.suite_order`). Every worker computes the same order from the
    same collection, as xdist requires."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        workerinput = getattr(config, "workerinput", None)
        if workerinput is None:
            return
        items[:] = arrange(items, [item.nodeid for item in items],
                           int(workerinput["workercount"]), SLOW)


def browser_skip_line(skipped: list[Any]) -> str | None:
    """The line that ends a run in which browser tests were skipped for want of Chromium
    (``skipped``: the run's skip reports), else ``None``."""
    count = 0
    for report in skipped:
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        if "browser" in getattr(report, "keywords", {}) and server_helpers.MISSING_CHROMIUM \
                in str(reason):
            count += 1
    if not count:
        return None
    return (f"kok: {count} browser test{'s' if count != 1 else ''} skipped: Chromium is "
            f"missing; install it with: {server_helpers.INSTALL_CHROMIUM}")


_END = pytest.StashKey[str]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            exitstatus: int, config: pytest.Config) -> None:
    """Keep :func:`browser_skip_line` for the very end of the run (pytest_unconfigure, after
    pytest's own count of the outcomes)."""
    line = browser_skip_line(terminalreporter.stats.get("skipped", []))
    if line:
        config.stash[_END] = line


def pytest_unconfigure(config: pytest.Config) -> None:
    line = config.stash.get(_END, None)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if line and reporter is not None:
        reporter.write_line(line)


@pytest.fixture(scope="session")
def shared_games(tmp_path_factory: pytest.TempPathFactory) -> GameCache:
    """Simulated games kept for the session, shared by every xdist worker through files in
    the session's temporary root (:mod:`tests.game_cache`)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the workers' folders sit in the session's root
    return GameCache(root / "kok-games")


@pytest.fixture
def checked_games(monkeypatch: pytest.MonkeyPatch, shared_games: GameCache) -> GameCache:
    """``kok_layouts.analysis.check.check`` plays its games through :func:`shared_games`:
    a board checked again with the same seed, bot and players, or with fewer games,
    replays nothing."""
    import kok_layouts.analysis.check

    monkeypatch.setattr(kok_layouts.analysis.check, "simulate", shared_games)
    return shared_games


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def kok(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> object:
    """Call ``kok ARGS...`` in-process; returns exit code and captured output. ``stdin``,
    if given, is what the command reads as its standard input (as :func:`kok_process`
    feeds it; use that where the test is about the process itself)."""

    def run(*args: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse usage errors
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def kok_process(*args: str, stdin: str | None = None) -> Run:
    """Run ``python -m kok_layouts ARGS...`` as a separate process."""
    done = subprocess.run([sys.executable, "-m", "kok_layouts", *args], capture_output=True,
                          text=True, input=stdin, timeout=120, cwd=ROOT, check=False)
    return Run(done.returncode, done.stdout, done.stderr)


def script(lines: list[str]) -> Callable[[str], str]:
    """A reader for ``kok play`` that answers prompts with ``lines``, then ends the input."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    return read


def _default_signals() -> None:
    # The tests send Ctrl-C to the processes they start: those must not inherit an ignored
    # SIGINT or SIGQUIT from the test process (a process started with SIGINT ignored keeps
    # ignoring it, as nohup and background jobs want; in the full suite the test workers
    # were seen to pass both on).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def interruptible(command: list[str], **kwargs: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen`` for a process the test will interrupt: Ctrl-C at its defaults,
    and Python's fault handler on, so that :func:`ended` can show where it hangs."""
    env = {**(kwargs.pop("env", None) or os.environ), "PYTHONFAULTHANDLER": "1"}
    process: subprocess.Popen[Any] = subprocess.Popen(
        command, preexec_fn=_default_signals, env=env, **kwargs)
    return process


def ended(process: subprocess.Popen[str], timeout: float = 10) -> tuple[str, str]:
    """The output of an :func:`interruptible` process once it has ended. One that has not
    ended within ``timeout`` seconds of an idle machine (stretched as much as this one is
    loaded: :mod:`tests.timing`) fails the test with every thread's stack (SIGABRT makes
    the fault handler print them), instead of only saying that it hung."""
    timeout *= slowness()
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        try:
            _, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
        pytest.fail(f"the process had not ended after {timeout:.1f} s; its threads:\n{err}")


@pytest.fixture
def travel(tmp_path: Path) -> Path:
    """A copy of ``examples/travel.yaml`` in the test's own folder."""
    path = tmp_path / "travel.yaml"
    shutil.copy(ROOT / "examples" / "travel.yaml", path)
    return path


@pytest.fixture
def server(travel: Path) -> Iterator[DesignServer]:
    """A designer server opened on :func:`travel`, serving in a thread (the table's suite
    has a ``server`` of its own)."""
    from kok_layouts.design.server import Designer, serve
    from tests.server_helpers import serving

    with serving(serve(Designer.open(str(travel), travel.parent))) as running_server:
        yield running_server
