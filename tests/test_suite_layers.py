"""The suite's layers (docs/development/testing.md): ``slow`` and ``browser`` marks from the
measured durations and the browser modules, the line that ends a run without Chromium, and
the load-proof time bounds of tests/timing.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from . import server_helpers
from .conftest import ROOT, browser_skip_line
from .suite_order import (
    DURATIONS,
    SLOW_SECONDS,
    is_slow,
    parse_durations,
    read_durations,
    slow_tests,
    write_durations,
)
from .timing import Stopwatch, slowness

LINE = ("kok: {} browser tests skipped: Chromium is missing; install it with: "
        "sudo apt-get install chromium chromium-driver")

REPORT = """\
============================= slowest durations ==============================
12.31s call     tests/test_a.py::test_long[kids]
0.52s setup    tests/test_a.py::test_long[kids]
0.40s call     tests/test_b.py::TestThing::test_short
0.01s teardown tests/test_b.py::TestThing::test_short
(2 durations < 0.005s hidden.  Use -vv to show these durations.)
=========================== 3 passed in 14.02s ===============================
"""


def test_a_durations_report_gives_each_test_its_setup_call_and_teardown() -> None:
    seconds = parse_durations(REPORT.splitlines())
    assert seconds == pytest.approx({"tests/test_a.py::test_long[kids]": 12.83,
                                     "tests/test_b.py::TestThing::test_short": 0.41,
                                     "tests/test_a.py": 0.52})
    assert slow_tests(seconds, threshold=0.6) == {"tests/test_a.py::test_long[kids]"}
    assert slow_tests(seconds, threshold=0.41) == set(seconds)
    # A module whose setup is slow is slow as a whole: its fixture moves to whichever
    # of its tests runs first.
    slow = slow_tests(seconds, threshold=0.5)
    assert is_slow("tests/test_a.py::test_other", slow)
    assert not is_slow("tests/test_b.py::TestThing::test_short", slow)
    assert slow_tests(seconds) == {node for node, value in seconds.items()
                                   if value >= SLOW_SECONDS}


def test_the_durations_file_reads_back_longest_first(tmp_path: Path) -> None:
    seconds = {"tests/t.py::test_x[a b]": 0.25, "tests/t.py::test_y": 3.5}
    path = tmp_path / "durations.txt"
    write_durations(seconds, path)
    assert path.read_text().splitlines() == ["3.50 tests/t.py::test_y",
                                             "0.25 tests/t.py::test_x[a b]"]
    assert read_durations(path) == seconds
    assert read_durations(tmp_path / "none.txt") == {}


@pytest.mark.slow  # a pytest or a script of its own
def test_the_script_writes_the_durations_file_from_a_report(tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    report.write_text("no durations here\n")
    done = subprocess.run([sys.executable, "-m", "tests.suite_order", "--from-durations",
                           str(report)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 1 and "no --durations report" in done.stderr
    assert DURATIONS.exists()  # untouched
    full, fast, out = (tmp_path / name for name in ("full.txt", "fast.txt", "out.txt"))
    full.write_text(REPORT)
    fast.write_text("2.00s setup    tests/test_b.py::TestThing::test_short\n"
                    "0.10s call     tests/test_a.py::test_long[kids]\n")
    done = subprocess.run([sys.executable, "-m", "tests.suite_order", "--from-durations",
                           str(full), str(fast), "--output", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert read_durations(out) == {"tests/test_a.py::test_long[kids]": 12.83,
                                   "tests/test_b.py::TestThing::test_short": 2.0,
                                   "tests/test_a.py": 0.52, "tests/test_b.py": 2.0}
    assert done.stdout.startswith("out.txt: 4 tests and modules, 4 of them slow")


def test_every_test_measured_slow_still_exists() -> None:
    """A renamed test would silently join the fast layer: measure again
    (``python -m tests.suite_order --from-durations``) when this fails."""
    slow = slow_tests(read_durations())
    assert len(slow) >= 100
    for node in slow:
        path, _, name = node.partition("::")
        if not name:  # a module whose setup is slow
            assert (ROOT / path).exists(), node
            continue
        function = re.sub(r"\[.*\]$", "", name.rpartition("::")[2])
        assert f"def {function}(" in (ROOT / path).read_text(encoding="utf-8"), node
    assert SLOW_SECONDS <= 2.0


def _skip(reason: str, keywords: dict[str, int]) -> SimpleNamespace:
    return SimpleNamespace(longrepr=("tests/x.py", 3, f"Skipped: {reason}"),
                           keywords=keywords)


def test_the_last_line_counts_only_browser_tests_skipped_for_chromium() -> None:
    missing = server_helpers.MISSING_CHROMIUM
    assert browser_skip_line([]) is None
    assert browser_skip_line([_skip("needs /proc", {"browser": 1})]) is None
    assert browser_skip_line([_skip(missing, {"test_x": 1})]) is None
    assert browser_skip_line([_skip(missing, {"browser": 1})] * 3) == LINE.format(3)
    assert browser_skip_line([_skip(missing, {"browser": 1})]) == LINE.format(1).replace(
        "tests skipped", "test skipped")


def _pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m pytest ARGS`` in a fresh process, away from this run's CI and xdist
    variables, without loading the rules engine first (the tests it runs play no game)."""
    clean = {name: value for name, value in os.environ.items()
             if name != "CI" and not name.startswith(("PYTEST_", "KOK_TEST_"))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**clean, "KOK_TEST_NO_WARM_UP": "1", **env}, check=False)


@pytest.mark.slow  # a pytest or a script of its own
@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_run_without_chromium_ends_with_how_many_browser_tests_it_skipped(
        workers: str) -> None:
    run = _pytest("-n", workers, "tests/test_harden4_table_browser.py",
                  "tests/test_suite_layers.py::test_the_durations_file_reads_back_longest_first",
                  KOK_TEST_NO_CHROMIUM="1")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[-1] == LINE.format(2), lines[-5:]
    assert re.search(r"\b1 passed, 2 skipped\b", lines[-2]), lines[-5:]
    assert sum(LINE.format(2) == line for line in lines) == 1


@pytest.mark.slow  # a pytest or a script of its own
def test_a_run_that_skips_no_browser_test_says_nothing_of_chromium() -> None:
    run = _pytest("-n", "0", "-m", "not browser", "tests/test_harden4_table_browser.py",
                  "tests/test_suite_layers.py::test_the_durations_file_reads_back_longest_first",
                  KOK_TEST_NO_CHROMIUM="1")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Chromium" not in run.stdout
    assert re.search(r"\b1 passed, 2 deselected\b", run.stdout), run.stdout


@pytest.mark.slow  # a pytest or a script of its own
def test_browser_tests_are_slow_and_browser_and_the_fast_layer_leaves_them_out() -> None:
    browser = _pytest("-n", "0", "--collect-only", "-q", "-m", "browser and slow",
                      "tests/test_harden4_table_browser.py", "tests/test_suite_layers.py")
    fast = _pytest("-n", "0", "--collect-only", "-q", "-m", "not slow",
                   "tests/test_harden4_table_browser.py")
    assert "2/" in browser.stdout and "test_harden4_table_browser.py::" in browser.stdout
    assert "test_suite_layers.py::" not in browser.stdout
    assert "test_harden4_table_browser.py::" not in fast.stdout


@pytest.mark.slow  # a pytest or a script of its own
def test_an_unknown_mark_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "test_typo.py").write_text(
        "import pytest\n\n@pytest.mark.slwo\ndef test_x():\n    pass\n")
    run = _pytest("-n", "0", "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"),
                  str(tmp_path / "test_typo.py"))
    assert run.returncode != 0 and "'slwo' not found in `markers`" in run.stdout + run.stderr


def test_slowness_is_one_or_more_and_a_stopwatch_stretches_only_the_work() -> None:
    assert 1.0 <= slowness() <= 20.0
    with Stopwatch() as watch:
        time.sleep(0.2)
    assert watch.seconds >= 0.2
    watch.slowness = 3.0
    assert watch.bound(15, waits=4) == pytest.approx(4 + 11 * 3)
    watch.seconds = 40.0
    with pytest.raises(AssertionError, match="more than 15 s of an idle machine"):
        watch.check(15, waits=4, what="x")
    watch.check(15)  # all of it work: 15 s of an idle machine are 45 s of this one
