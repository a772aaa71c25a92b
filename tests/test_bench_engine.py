"""The engine benchmark's harness works and cleans up after itself: the CPU of a whole
process tree is counted, a failing child is one line, the baseline worktree is gone
afterwards whatever happened, and a tiny run gives every figure. No speed is
asserted (benchmarks/bench_engine.py measures it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .timing import slowness

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_engine

SCRIPT = ROOT / "benchmarks" / "bench_engine.py"


def _is_checkout() -> bool:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--show-toplevel"],
                              capture_output=True, text=True)
    except OSError:  # no git at all
        return False
    return done.returncode == 0


needs_git = pytest.mark.skipif(not _is_checkout(),
                               reason="the baseline worktree needs git and a git checkout")


def _under(folder: Path, paths: list[Path]) -> list[Path]:
    """The worktrees in ``folder``: the repository is shared with other developers'
    worktrees, and with other tests of this file running at the same time, so each test
    looks at its own only."""
    return [p for p in paths if p.is_relative_to(folder.resolve())]


def _script_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose temporary folders (the baseline worktree's, the compile
    cache's) are made in a folder of the test's own."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    return dict(os.environ, TMPDIR=str(scratch)), scratch


def test_the_cpu_of_a_grandchild_counts_toward_its_process_tree() -> None:
    # The child waits for a grandchild that burns CPU and reports its own clock.
    grandchild = ("import time; sum(range(3 * 10**6)) ; sum(range(3 * 10**6)); "
                  "print(time.process_time())")
    child = textwrap.dedent(f"""\
        import subprocess, sys
        done = subprocess.run([sys.executable, "-c", {grandchild!r}], capture_output=True,
                              text=True, check=True)
        print(done.stdout.strip())
        """)
    run = bench_engine.run_process([sys.executable, "-c", child], "a tiny tree")
    grandchild_cpu = float(run.stdout.split()[-1])
    assert grandchild_cpu > 0
    assert run.cpu >= grandchild_cpu
    assert run.wall > 0


def test_a_failing_child_is_one_line_with_its_last_error_line() -> None:
    code = "import sys; sys.stderr.write('first line\\nthe real reason\\n\\n'); sys.exit(3)"
    with pytest.raises(bench_engine.BenchError) as raised:
        bench_engine.run_process([sys.executable, "-c", code], "the failing step")
    message = str(raised.value)
    assert "\n" not in message
    assert message == "the failing step failed (exit status 3): the real reason"


def test_the_json_is_written_whole_and_replaces_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    out.write_text("old", encoding="utf-8")
    bench_engine.write_json(out, {"ratio": 1.5, "games": [1, 2]})
    assert json.loads(out.read_text(encoding="utf-8")) == {"ratio": 1.5, "games": [1, 2]}
    assert [p.name for p in tmp_path.iterdir()] == ["figures.json"]


def test_an_unwritable_json_is_a_bench_error(tmp_path: Path) -> None:
    with pytest.raises(bench_engine.BenchError, match="cannot write"):
        bench_engine.write_json(tmp_path / "no folder" / "figures.json", {})
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("code", "expected"), [
    ("pass", {"numba": False, "llvmlite": False}),
    ("import llvmlite.binding", {"numba": False, "llvmlite": True}),
])
def test_the_import_log_tells_whether_a_compiler_was_imported(
        code: str, expected: dict[str, bool]) -> None:
    run = bench_engine.run_process([sys.executable, "-X", "importtime", "-c", code],
                                   "an import log")
    assert bench_engine.compilers_in(run.stderr) == expected


FAKE_SIMULATE = """\
import os, sys
from pathlib import Path

class Result:
    def __init__(self, players, game):
        self.scores = tuple({"total": 20 + game + seat} for seat in range(players))

def simulate(sheet, games, players=2, seed=1, bots=("strong",)):
    cache = Path(os.environ["NUMBA_CACHE_DIR"])
    if not any(cache.iterdir()):
        print("kok: compiling the rules engine, once", file=sys.stderr)
        (cache / "kernels.nbc").write_text("compiled")
    return [Result(players, game) for game in range(games)]
"""


def _fake_tree(tmp_path: Path) -> Path:
    """A tree whose ``kok_layouts`` compiles an "engine" into NUMBA_CACHE_DIR on its
    first run: it shadows the installed package only if the tree comes first."""
    tree = tmp_path / "fake"
    (tree / "kok_layouts" / "analysis").mkdir(parents=True)
    (tree / "kok_layouts" / "__init__.py").write_text(
        "def load_layout(name):\n    return name\n", encoding="utf-8")
    (tree / "kok_layouts" / "analysis" / "__init__.py").write_text("", encoding="utf-8")
    (tree / "kok_layouts" / "analysis" / "simulate.py").write_text(FAKE_SIMULATE,
                                                                   encoding="utf-8")
    return tree


def test_the_first_run_compiles_into_the_empty_cache_and_the_second_does_not(
        tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    bench = bench_engine.Bench(bench_engine.Version("current", _fake_tree(tmp_path), "f"),
                               cache)
    bench.prepare()  # the fake package is the one imported
    first = bench.first_runs()
    assert (first["cold"]["compiling_message"], first["cold"]["cache_files"]) == (True, 1)
    assert (first["warm"]["compiling_message"], first["warm"]["cache_files"]) == (False, 1)
    games = bench.games(3, 2)
    assert games["mean_score"] == 21.5  # seats 20 + game + seat over games 0 to 2
    assert games["cpu_s"] >= games["games_cpu_s"] >= 0


def test_a_tree_whose_package_is_not_imported_is_refused(tmp_path: Path) -> None:
    tree = tmp_path / "elsewhere"
    (tree / "kok_layouts").mkdir(parents=True)  # a folder, but no package to import
    bench = bench_engine.Bench(bench_engine.Version("baseline", tree, "e"), tmp_path)
    with pytest.raises(bench_engine.BenchError,
                       match=r"^the baseline run imported .*, not the package in "):
        bench.prepare()


@needs_git
def test_the_baseline_worktree_is_head_and_is_removed_afterwards() -> None:
    repo = bench_engine.repository_root(ROOT)
    head = bench_engine.git(repo, "rev-parse", "HEAD")
    with bench_engine.baseline_worktree(repo, "HEAD") as version:
        assert version.commit == head
        assert (version.tree / "kok_layouts" / "__init__.py").is_file()
        assert version.tree in bench_engine.worktrees(repo)
        assert bench_engine.git(version.tree, "rev-parse", "HEAD") == head
    assert not version.tree.parent.exists()
    assert version.tree not in bench_engine.worktrees(repo)


@needs_git
def test_the_baseline_worktree_is_removed_when_the_run_is_interrupted() -> None:
    repo = bench_engine.repository_root(ROOT)
    with pytest.raises(KeyboardInterrupt), \
            bench_engine.baseline_worktree(repo, "HEAD") as version:
        raise KeyboardInterrupt
    assert not version.tree.parent.exists()
    assert version.tree not in bench_engine.worktrees(repo)


@needs_git
def test_an_unknown_baseline_is_one_line_and_no_worktree(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--baseline", "no-such-revision-x",
                           "--json", str(tmp_path / "out.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"bench_engine: error: baseline revision unknown: 'no-such-revision-x' is no commit "
        f"of {bench_engine.repository_root(ROOT)}"]
    assert not (tmp_path / "out.json").exists()


def test_outside_a_git_checkout_the_script_says_so(tmp_path: Path) -> None:
    copy = tmp_path / "benchmarks" / "bench_engine.py"
    copy.parent.mkdir()
    copy.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=str(tmp_path.parent))
    done = subprocess.run([sys.executable, str(copy), "--quick"], capture_output=True,
                          text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"bench_engine: error: not a git checkout: {tmp_path.resolve()} (the baseline is "
        f"checked out with git worktree)"]


def test_the_same_games_are_compared_over_the_baselines_games_only() -> None:
    # The current code plays the baseline's seeds first, then more games.
    same = bench_engine.same_games([20, 24, 19], [20, 24, 19, 30, 31])
    assert same == {"baseline_mean": 21.0, "current_mean": 21.0, "identical": True}
    other = bench_engine.same_games([20, 24, 19], [20, 25, 19, 30])
    assert other["identical"] is False
    assert other["current_mean"] == pytest.approx(64 / 3)


FAKE_MAIN = """\
import sys
args = sys.argv[1:]
if args == ["--version"]:
    print("kok 0.0")
elif args[:2] == ["render", "black"]:
    open(args[args.index("-o") + 1], "w").write("%PDF")
elif args[:2] == ["check", "black"]:
    games = int(args[args.index("--games") + 1]) if "--games" in args else 2000
    print(f"Simulation: {games:,} games, 1 player(s)")
else:
    sys.exit(f"kok: error: {args}")
"""


def _fake_repository(tmp_path: Path) -> tuple[Path, str]:
    """A git checkout of its own holding a copy of the benchmark script and a fake
    ``kok_layouts`` (:func:`_fake_tree`, with a ``kok`` command: ``--version``, ``render``
    and ``check``) in two commits; the checkout and its first commit (the baseline)."""
    repo = _fake_tree(tmp_path)
    (repo / "kok_layouts" / "__main__.py").write_text(FAKE_MAIN, encoding="utf-8")
    (repo / "benchmarks").mkdir()
    (repo / "benchmarks" / "bench_engine.py").write_text(SCRIPT.read_text(encoding="utf-8"),
                                                         encoding="utf-8")
    (repo / ".gitignore").write_text("__pycache__/\n", encoding="utf-8")

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), "-c", "user.name=kok tests", "-c",
                               "user.email=tests@kok.invalid", *args], capture_output=True,
                              text=True, check=True).stdout.strip()

    git("init", "--quiet")
    git("add", "--all")
    git("commit", "--quiet", "-m", "the baseline")
    baseline = git("rev-parse", "HEAD")
    (repo / "kok_layouts" / "later.py").write_text("", encoding="utf-8")
    git("add", "--all")
    git("commit", "--quiet", "-m", "the current code")
    return repo, baseline


@needs_git
def test_a_tiny_run_gives_every_figure_and_leaves_no_worktree(tmp_path: Path) -> None:
    """The whole script, measuring a fake package in a checkout of its own (its real
    engine would compile for minutes in measurement 5's empty cache: the harness is what
    this test is about; the script's game code and compiling message are checked against
    the real package below)."""
    repo, baseline = _fake_repository(tmp_path)
    env, scratch = _script_env(tmp_path)
    out = tmp_path / "figures.json"
    done = subprocess.run([sys.executable, str(repo / "benchmarks" / "bench_engine.py"),
                           "--quick", "--games-scale", "0.1", "--repeat", "2", "--baseline",
                           baseline, "--json", str(out)],
                          capture_output=True, text=True, timeout=120 * slowness(), env=env)
    assert done.returncode == 0, done.stderr
    assert _under(scratch, bench_engine.worktrees(repo)) == []
    assert bench_engine.worktrees(repo) == [repo.resolve()]
    assert list(scratch.iterdir()) == []
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["baseline"]["commit"] == baseline
    assert figures["current"]["commit"] == bench_engine.git(repo, "rev-parse", "HEAD")
    assert figures["sizes"] == {"solo": 3, "duo": 2, "check": 10, "repeat": 2}
    measured = figures["measurements"]
    for key, games in (("solo", 3), ("duo", 2)):
        assert measured[key]["games"] == games
        for label, played in (("baseline", games),
                              ("current", games * bench_engine.CURRENT_FACTOR)):
            entry = measured[key][label]
            assert entry["cpu_s"] >= entry["games_cpu_s"] >= 0
            if entry["games_cpu_s"] > 0:
                assert entry["games_per_cpu_s"] == pytest.approx(
                    played / entry["games_cpu_s"])
            assert len(entry["rounds_games_cpu_s"]) == len(entry["rounds_cpu_s"]) == 2
            assert entry["games_cpu_s"] == min(entry["rounds_games_cpu_s"])
    assert measured["check"]["arguments"] == ["check", "black", "--games", "10"]
    assert measured["check"]["baseline"]["games"] == measured["check"]["current"]["games"] == 10
    # The fake package imports no compiler.
    assert figures["compilers_imported"] == {
        command: {"numba": False, "llvmlite": False}
        for command in ("kok --version", "kok render black")}
    # The fake engine compiles into the empty cache once: the cold run says so, the warm
    # one finds it.
    first = figures["first_run"]
    assert (first["cold"]["compiling_message"], first["cold"]["cache_files"]) == (True, 1)
    assert (first["warm"]["compiling_message"], first["warm"]["cache_files"]) == (False, 1)
    assert figures["machine"]["sum_range_s_start"] > 0
    # The fake's game g of seat s ends on 20 + g + s, in both versions.
    assert figures["same_games"] == {"baseline_mean": 21.0, "current_mean": 21.0,
                                     "identical": True}
    table = done.stdout
    assert table.startswith("machine: sum(range(10**6)) in ")
    for text in ("1 and 2: 3 solo and 2 2-player games for the baseline, 10 times as many",
                 "1. strong solo games", "2. strong 2-player games",
                 "3. kok check black --games 10", "4. kok --version imports a compiler: no",
                 "5. one solo game, empty compile cache",
                 "solo mean score: baseline 21.000, current 21.000; the same scores"):
        assert text in table


@pytest.mark.slow  # a script of its own, or games
def test_the_scripts_game_code_plays_the_real_package() -> None:
    """Measurements 1, 2 and 5 run :data:`bench_engine.GAMES_CODE` in the current code:
    it plays there (the engine's compile cache warm, as the suite leaves it) and prints its
    figures."""
    run = bench_engine.run_process([sys.executable, "-c", bench_engine.GAMES_CODE, "2", "2"],
                                   "two games", cwd=ROOT)
    inside = bench_engine._last_json(run, "the games")
    assert len(inside["totals"]) == 4  # two games of two seats
    assert all(isinstance(total, int) and total > 0 for total in inside["totals"])
    assert inside["games_cpu"] >= 0 and inside["startup_cpu"] > 0


def test_the_engines_compiling_message_is_the_one_the_script_looks_for(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from kok_layouts.rules.engine import compiling

    monkeypatch.setattr(compiling, "_announced", False)
    monkeypatch.setattr(compiling, "cold_kernels", lambda *entries: True)
    compiling.announce()
    assert bench_engine.COMPILING in capsys.readouterr().err.lower()


@pytest.mark.slow  # a script of its own, or games
def test_the_default_check_games_are_read_from_the_real_report(kok: Any) -> None:
    """Measurement 3 without ``--quick`` reads how many games ``kok check black`` played
    from its report."""
    done = kok("check", "black", "--games", "12", "--jobs", "1")
    assert bench_engine._default_check_games(done.out) == 12


@needs_git
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_removes_the_worktree_and_exits_with_one_line(
        stop: int, tmp_path: Path) -> None:
    repo = bench_engine.repository_root(ROOT)
    env, scratch = _script_env(tmp_path)
    process = subprocess.Popen([sys.executable, str(SCRIPT), "--quick", "--games-scale", "0.1",
                                "--baseline", "HEAD", "--repeat", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stderr is not None
        seen = []
        for line in process.stderr:  # wait until the worktree exists and a game runs
            seen.append(line)
            if line.startswith("bench_engine: 5."):
                break
        assert len(_under(scratch, bench_engine.worktrees(repo))) == 1, seen
        process.send_signal(stop)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 128 + stop, stderr
    assert stderr.splitlines() == ["bench_engine: stopped; the temporary worktree is removed"]
    assert stdout == ""
    assert _under(scratch, bench_engine.worktrees(repo)) == []
    assert list(scratch.iterdir()) == []
