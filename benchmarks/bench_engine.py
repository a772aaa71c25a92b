"""Speed of the rules engine against a baseline, in one run on one machine (issue 33,
point 3).

    python benchmarks/bench_engine.py [--quick] [--baseline REV] [--repeat K] [--json OUT]

Two versions of the code are measured side by side: the baseline (commit ddaa63c, the code
before the compiled engine, unless ``--baseline REV``), checked out by this script as a
temporary detached git worktree that is removed at the end, and the current code, the
checkout this script lives in (with its uncommitted changes). Every measurement is a new
process per version, run with that version's tree first on PYTHONPATH and as its working
directory (checked once per version: the ``kok_layouts`` imported lies in that tree).
Times are CPU seconds of the whole process tree, user + system of every waited-for
descendant (``--jobs`` workers included): wall time swings twofold on a shared machine, so
the ratios are on CPU; wall seconds are shown beside them.

1. strong-bot solo games on black, seed 11: 300 (``--quick`` 30; the current code plays
   :data:`CURRENT_FACTOR` times as many), after one untimed game (loading a compiled
   engine is start-up), CPU of the games alone (measured inside the process) and of the
   whole process; the ratio is of games per CPU second; the least of ``--repeat`` runs per
   version (default 3), the versions taking turns;
2. strong-bot 2-player games on black, the same way: 150 (15);
3. ``kok check black`` with its defaults, as a user types it (``--quick``: ``--games 100``);
4. current code only: whether ``kok --version`` and ``kok render black`` import a compiler
   (numba or llvmlite);
5. current code only: one solo game with an empty compile cache (``NUMBA_CACHE_DIR`` a new
   folder), and one more with the cache it left: the cost of the first run after install;
6. the machine: ``sum(range(10**6))``, best of 5, at the start and at the end; machines of
   this workplace differ by up to 1.7 times, so compare figures of two runs by it.

The later measurements use the compile cache that measurement 5 filled (and one game of
each kind per version, for a baseline with an engine of its own), so they show the engine
as a user sees it from the second run on. The solo games' mean score is compared
between the versions: a different mean is reported (a new engine may add up the strong
bot's values in another order), not an error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

DEFAULT_BASELINE = "ddaa63c"
HERE = Path(__file__).resolve().parent.parent
WORKTREE_PREFIX = "kok-bench-baseline-"
COMPILERS = ("numba", "llvmlite")
COMPILING = "compiling the rules engine"
CURRENT_FACTOR = 10
"""Measurements 1 and 2: the current code plays this many times the baseline's games (a
compiled engine's games take a few tenths of a second otherwise); their ratio is of games
per CPU second."""
SEED = 11


@dataclass(frozen=True)
class Sizes:
    """How many games each measurement plays."""

    solo: int
    duo: int
    check: int | None  # None: ``kok check``'s own default

    @classmethod
    def of(cls, quick: bool, scale: float = 1.0) -> Sizes:
        solo, duo, check = (30, 15, 100) if quick else (300, 150, None)
        return cls(_scaled(solo, scale), _scaled(duo, scale),
                   None if check is None and scale == 1.0
                   else _scaled(check if check is not None else 2000, scale))


def _scaled(games: int, scale: float) -> int:
    return max(1, round(games * scale))


class BenchError(Exception):
    """A failure the user can act on: printed as one line, exit status 1."""


class Stopped(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C, so every ``finally`` cleans up."""


@dataclass(frozen=True)
class Version:
    """One version of the code: its label, tree and commit."""

    label: str
    tree: Path
    commit: str


@dataclass(frozen=True)
class Run:
    """One finished process: CPU seconds of its whole tree, wall seconds, its output."""

    cpu: float
    wall: float
    stdout: str
    stderr: str


def machine_seconds() -> float:
    """Seconds of ``sum(range(10**6))``, the best of five: a fixed piece of plain Python
    to tell a slower machine from slower code."""
    times = []
    for _ in range(5):
        started = time.perf_counter()
        sum(range(10**6))
        times.append(time.perf_counter() - started)
    return min(times)


def children_cpu() -> float:
    """User + system CPU seconds of every child process this process has waited for (and
    of every descendant those children waited for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def run_process(argv: Sequence[str], what: str, cwd: Path | None = None,
                env: dict[str, str] | None = None) -> Run:
    """Run ``argv`` to its end and measure the CPU of its process tree and the wall time.

    The child runs in its own process group, so that Ctrl-C reaches this script only;
    if this script is interrupted, the whole group is stopped and waited for before the
    interruption goes on. A non-zero exit is a :class:`BenchError` naming ``what`` and
    the child's last line on standard error."""
    before = children_cpu()
    started = time.perf_counter()
    try:
        process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, process_group=0)
    except OSError as error:
        raise BenchError(f"{what}: cannot start {argv[0]}: {error.strerror}") from None
    try:
        stdout, stderr = process.communicate()
    except BaseException:
        with _signals_held():
            _stop_group(process)
        raise
    wall = time.perf_counter() - started
    cpu = children_cpu() - before
    if process.returncode != 0:
        raise BenchError(f"{what} failed (exit status {process.returncode}): "
                         f"{last_line(stderr)}")
    return Run(cpu, wall, stdout, stderr)


def _stop_group(process: subprocess.Popen[str]) -> None:
    """Stop a child's whole process group (its workers too) and wait for the child."""
    for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, None)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.communicate(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def git(repo: Path, *args: str) -> str:
    """Run git in ``repo``; its standard output, stripped. A failure is a BenchError with
    git's last line."""
    try:
        done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True,
                              text=True, stdin=subprocess.DEVNULL)
    except OSError as error:
        raise BenchError(f"cannot run git: {error.strerror}") from None
    if done.returncode != 0:
        raise BenchError(f"git {args[0]} failed: {last_line(done.stderr)}")
    return done.stdout.strip()


def repository_root(path: Path) -> Path:
    """The top of the git checkout ``path`` lies in."""
    try:
        return Path(git(path, "rev-parse", "--show-toplevel")).resolve()
    except BenchError:
        raise BenchError(f"not a git checkout: {path} (the baseline is checked out with git "
                         f"worktree)") from None


def resolve_commit(repo: Path, revision: str) -> str:
    """The full commit id of ``revision``."""
    try:
        return git(repo, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    except BenchError:
        raise BenchError(f"baseline revision unknown: {revision!r} is no commit of "
                         f"{repo}") from None


def worktrees(repo: Path) -> list[Path]:
    """The working trees git has registered for ``repo``'s repository."""
    listing = git(repo, "worktree", "list", "--porcelain")
    return [Path(line.removeprefix("worktree ")).resolve()
            for line in listing.splitlines() if line.startswith("worktree ")]


@contextlib.contextmanager
def baseline_worktree(repo: Path, revision: str) -> Iterator[Version]:
    """Check ``revision`` out as a detached worktree in a new temporary folder, and remove
    it (and the folder) on the way out, whatever happened meanwhile."""
    commit = resolve_commit(repo, revision)
    try:
        folder = Path(tempfile.mkdtemp(prefix=WORKTREE_PREFIX)).resolve()
    except OSError as error:
        raise BenchError(f"cannot make a temporary folder: {error.strerror}") from None
    tree = folder / "tree"
    try:
        git(repo, "worktree", "add", "--detach", "--quiet", str(tree), commit)
        yield Version("baseline", tree, commit)
    finally:
        with _signals_held():
            remove_worktree(repo, tree)
            shutil.rmtree(folder, ignore_errors=True)


def remove_worktree(repo: Path, tree: Path) -> None:
    """Unregister and delete the worktree at ``tree``; if git cannot remove it (it was
    half made, or its folder is gone), delete the folder and prune git's stale entries."""
    if tree.resolve() in worktrees(repo):
        with contextlib.suppress(BenchError):  # twice forced: also while git holds it locked
            git(repo, "worktree", "remove", "--force", "--force", str(tree))
    if tree.resolve() in worktrees(repo) or tree.exists():
        shutil.rmtree(tree, ignore_errors=True)
        with contextlib.suppress(BenchError):  # prune passes over locked entries
            git(repo, "worktree", "unlock", str(tree))
        git(repo, "worktree", "prune")


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ignore Ctrl-C and SIGTERM while cleaning up, so that a second one does not leave
    half a worktree behind (only the main thread can set signal handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT,
                                                                    signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as JSON atomically: to a temporary file beside ``path``, then
    renamed over it, so a reader never sees half a file."""
    path = path.resolve()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=path.parent)
    except OSError as error:
        raise BenchError(f"cannot write {path}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2)
            out.write("\n")
        Path(temporary).replace(path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            Path(temporary).unlink()
        if isinstance(error, OSError):
            raise BenchError(f"cannot write {path}: {error.strerror}") from None
        raise


class Bench:
    """Runs the measurements of one version: a new process each, with that version's tree
    first on PYTHONPATH and as the working directory, and one shared compile cache."""

    def __init__(self, version: Version, cache: Path) -> None:
        self.version = version
        self.cache = cache

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        before = env.get("PYTHONPATH")
        env["PYTHONPATH"] = str(self.version.tree) + (os.pathsep + before if before else "")
        env["NUMBA_CACHE_DIR"] = str(self.cache)
        return env

    def python(self, arguments: Sequence[str], what: str) -> Run:
        return run_process([sys.executable, *arguments], f"{what} ({self.version.label})",
                           cwd=self.version.tree, env=self.environment())

    def prepare(self) -> None:
        """Compile the tree's bytecode (a new worktree has none, which would count against
        the first measurement), then check that the tree's own package is the one imported."""
        self.python(["-m", "compileall", "-q", "kok_layouts"], "compiling the bytecode")
        found = self.python(["-c", "import kok_layouts; print(kok_layouts.__file__)"],
                            "importing kok_layouts")
        imported = Path(last_line(found.stdout)).resolve()
        if not imported.is_relative_to(self.version.tree.resolve()):
            raise BenchError(f"the {self.version.label} run imported {imported}, not the "
                             f"package in {self.version.tree}")

    def games(self, games: int, players: int) -> dict[str, Any]:
        """``games`` strong-bot games on black: CPU of the games alone and of the process."""
        run = self.python(["-c", GAMES_CODE, str(games), str(players)],
                          f"{games} strong-bot games with {players} player(s)")
        inside = _last_json(run, "the games")
        totals = [int(total) for total in inside["totals"]]
        games_cpu = float(inside["games_cpu"])
        return {"cpu_s": run.cpu, "wall_s": run.wall, "games_cpu_s": games_cpu,
                "games_wall_s": float(inside["games_wall"]),
                "startup_cpu_s": run.cpu - games_cpu,
                "games_per_cpu_s": games / games_cpu if games_cpu > 0 else None,
                "mean_score": statistics.fmean(totals), "totals": totals,
                "stderr": run.stderr}

    def first_runs(self) -> dict[str, dict[str, Any]]:
        """One solo game with the compile cache still empty ("cold"), then one more with
        what the first left in it ("warm"): whether each said it was compiling the engine,
        and how many files the cache holds after it."""
        first = {}
        for state in ("cold", "warm"):
            run = self.games(1, 1)
            first[state] = {"cpu_s": run["cpu_s"], "wall_s": run["wall_s"],
                            "games_cpu_s": run["games_cpu_s"],
                            "compiling_message": COMPILING in run["stderr"].lower(),
                            "cache_files": sum(1 for p in self.cache.rglob("*")
                                               if p.is_file())}
        return first

    def check(self, games: int | None) -> dict[str, Any]:
        """``kok check black`` as typed, with its defaults but for ``games``."""
        more = [] if games is None else ["--games", str(games)]
        run = self.python(["-m", "kok_layouts", "check", "black", *more], "kok check black")
        played = games if games is not None else _default_check_games(run.stdout)
        return {"cpu_s": run.cpu, "wall_s": run.wall, "games": played,
                "games_per_cpu_s": played / run.cpu if played and run.cpu > 0 else None}

    def compilers_imported(self, arguments: Sequence[str], what: str) -> dict[str, bool]:
        """Which of the compilers the command ``kok ARGUMENTS`` imports, from Python's
        import log (``-X importtime``), however the command exits."""
        run = self.python(["-X", "importtime", "-m", "kok_layouts", *arguments], what)
        return compilers_in(run.stderr)


def compilers_in(import_log: str) -> dict[str, bool]:
    """Whether each compiler's package appears in an ``-X importtime`` log."""
    modules = {line.rsplit("|", 1)[-1].strip().split(".")[0]
               for line in import_log.splitlines() if line.startswith("import time:")}
    return {name: name in modules for name in COMPILERS}


# Measurements 1, 2 and 5 inside the child: argv[1] games, argv[2] players. Start-up
# (imports, loading the sheet) is kept apart from the games by the process's own clock.
GAMES_CODE = f"""\
import json, sys, time
started = time.process_time()
from kok_layouts import load_layout
from kok_layouts.analysis.simulate import simulate
sheet = load_layout("black")
# One game first, untimed: a compiled engine loads its kernels then (start-up, not games).
simulate(sheet, 1, players=int(sys.argv[2]), seed={SEED} + 1, bots=("strong",))
ready, ready_wall = time.process_time(), time.perf_counter()
results = simulate(sheet, int(sys.argv[1]), players=int(sys.argv[2]), seed={SEED},
                   bots=("strong",))
done, done_wall = time.process_time(), time.perf_counter()
totals = [seat["total"] for result in results for seat in result.scores]
print(json.dumps({{"startup_cpu": ready - started, "games_cpu": done - ready,
                  "games_wall": done_wall - ready_wall, "totals": totals}}))
"""


def _last_json(run: Run, what: str) -> dict[str, Any]:
    try:
        data = json.loads(last_line(run.stdout))
    except json.JSONDecodeError:
        raise BenchError(f"{what} printed no result: {last_line(run.stdout)}") from None
    if not isinstance(data, dict):
        raise BenchError(f"{what} printed no result: {last_line(run.stdout)}")
    return data


def _default_check_games(report: str) -> int | None:
    """The games ``kok check`` played by default, from its report's line "Simulation:
    2,000 games, ..."."""
    for line in report.splitlines():
        if line.startswith("Simulation:"):
            words = line.split()
            if len(words) > 1:
                with contextlib.suppress(ValueError):
                    return int(words[1].replace(",", ""))
    return None


def ratio(baseline: float | None, current: float | None) -> float | None:
    """Baseline over current: above 1 the current code is faster."""
    if baseline is None or current is None or current <= 0:
        return None
    return baseline / current


def measure(repo: Path, revision: str, sizes: Sizes, repeat: int,
            say: Callable[[str], None]) -> dict[str, Any]:
    """Every measurement, as one JSON-ready dict. Measurements 1 and 2 run ``repeat``
    times per version and keep the run with the least CPU for the games. ``say`` reports
    progress."""
    machine_start = machine_seconds()
    current = Version("current", repo, git(repo, "rev-parse", "HEAD"))
    dirty = bool(git(repo, "status", "--porcelain"))
    with baseline_worktree(repo, revision) as baseline, \
            tempfile.TemporaryDirectory(prefix="kok-bench-cache-") as scratch:
        # Preparing gets a compile cache of its own: a package that compiles as it is
        # imported must not warm the cache that measurement 5 starts empty.
        for version in (baseline, current):
            say(f"preparing the {version.label} code ({version.commit[:7]})")
            Bench(version, Path(scratch) / "preparing-cache").prepare()
        cache = Path(scratch) / "numba-cache"
        cache.mkdir()
        benches = {v.label: Bench(v, cache) for v in (baseline, current)}
        now = benches["current"]

        say("5. the first run with an empty compile cache, then with a warm one")
        first = now.first_runs()

        say("4. compilers imported by kok --version and kok render black")
        pdf = Path(scratch) / "x.pdf"
        compilers = {
            "kok --version": now.compilers_imported(["--version"], "kok --version"),
            "kok render black": now.compilers_imported(["render", "black", "-o", str(pdf)],
                                                       "kok render black"),
        }

        # A baseline with a compiled engine of its own (a later step's) must not pay its
        # compiling in measurement 1: one game of each kind per version fills the cache.
        say("warming the compile cache: a solo and a 2-player game per version")
        for bench in benches.values():
            for players in (1, 2):
                bench.games(1, players)

        figures: dict[str, Any] = {}
        for key, games, players in (("solo", sizes.solo, 1), ("duo", sizes.duo, 2)):
            say(f"{1 if players == 1 else 2}. {games} strong-bot games (current code: "
                f"{games * CURRENT_FACTOR}), {players} player(s), on black, {repeat} time(s) "
                "each")
            rounds: dict[str, list[dict[str, Any]]] = {label: [] for label in benches}
            for _ in range(repeat):  # the versions take turns, so a busy spell hits both
                for label, bench in benches.items():
                    factor = CURRENT_FACTOR if label == "current" else 1
                    rounds[label].append(bench.games(games * factor, players))
            pair = {}
            for label, runs in rounds.items():
                best = min(runs, key=lambda run: float(run["games_cpu_s"]))
                del best["stderr"]
                pair[label] = {**best, "rounds_games_cpu_s": [r["games_cpu_s"] for r in runs],
                               "rounds_cpu_s": [r["cpu_s"] for r in runs]}
            figures[key] = {"games": games, "players": players, **pair,
                            "ratio": ratio(pair["current"]["games_per_cpu_s"],
                                           pair["baseline"]["games_per_cpu_s"]),
                            "ratio_process": ratio(pair["baseline"]["cpu_s"],
                                                   pair["current"]["cpu_s"])}
        say("3. kok check black" + ("" if sizes.check is None else f" --games {sizes.check}"))
        checks = {label: bench.check(sizes.check) for label, bench in benches.items()}
        figures["check"] = {"arguments": ["check", "black"] + (
            [] if sizes.check is None else ["--games", str(sizes.check)]), **checks,
            "ratio": ratio(checks["baseline"]["cpu_s"], checks["current"]["cpu_s"])}

    solo = figures["solo"]
    same = same_games(solo["baseline"]["totals"], solo["current"]["totals"])
    for key in ("solo", "duo"):
        for label in ("baseline", "current"):
            del figures[key][label]["totals"]
    return {
        "machine": {"sum_range_s_start": machine_start, "sum_range_s_end": machine_seconds()},
        "baseline": {"revision": revision, "commit": baseline.commit},
        "current": {"tree": str(repo), "commit": current.commit,
                    "uncommitted_changes": dirty},
        "sizes": {"solo": sizes.solo, "duo": sizes.duo, "check": sizes.check,
                  "repeat": repeat},
        "measurements": figures,
        "compilers_imported": compilers,
        "first_run": first,
        "same_games": same,
    }


def same_games(baseline: Sequence[int], current: Sequence[int]) -> dict[str, Any]:
    """The solo games' totals of the two versions side by side: the current code plays
    the baseline's games first (same seeds), then more. Their means over the baseline's
    games, and whether every one of those games ended on the same total."""
    common = list(current[:len(baseline)])
    return {"baseline_mean": statistics.fmean(baseline),
            "current_mean": statistics.fmean(common),
            "identical": list(baseline) == common}


def _seconds(value: float | None, width: int = 8) -> str:
    return f"{value:{width}.2f}" if value is not None else f"{'-':>{width}}"


def _times(value: float | None) -> str:
    return f"{value:5.2f}x" if value is not None else "    -"


def table(results: dict[str, Any]) -> str:
    """The figures as the other benchmark scripts print them."""
    machine = results["machine"]
    figures = results["measurements"]
    base, cur = results["baseline"], results["current"]
    lines = [
        f"machine: sum(range(10**6)) in {machine['sum_range_s_start']:.4f} s at the start, "
        f"{machine['sum_range_s_end']:.4f} s at the end (best of 5)",
        f"baseline: {base['revision']} ({base['commit'][:7]}); current: {cur['commit'][:7]}"
        + (" with changes not committed" if cur["uncommitted_changes"] else "")
        + f" ({cur['tree']})",
        "CPU seconds of the whole process tree; ratio = baseline / current CPU (above 1 the "
        "current code is faster); for the games of 1 and 2, of games per CPU second",
        f"1 and 2: {figures['solo']['games']} solo and {figures['duo']['games']} 2-player "
        f"games for the baseline, {CURRENT_FACTOR} times as many for the current code, after "
        "one untimed game (start-up)",
        f"1 and 2: the run with the least CPU for the games, of {results['sizes']['repeat']} "
        f"per version taken in turns",
        "",
        f"{'measurement':<38}{'CPU s':>16}{'ratio':>8}{'wall s':>16}{'games/CPU s':>16}",
        f"{'':<38}{'base':>8}{'current':>8}{'':>8}{'base':>8}{'current':>8}"
        f"{'base':>8}{'current':>8}",
    ]

    def row(name: str, pair: dict[str, Any], cpu: str, wall: str | None,
            rate: str | None, times: float | None) -> None:
        b, c = pair["baseline"], pair["current"]
        lines.append(
            f"{name:<38}{_seconds(b[cpu])}{_seconds(c[cpu])}{_times(times):>8}"
            + (f"{_seconds(b[wall])}{_seconds(c[wall])}" if wall else " " * 16)
            + (f"{_seconds(b[rate], 8)}{_seconds(c[rate], 8)}" if rate else ""))

    for key, number in (("solo", 1), ("duo", 2)):
        entry = figures[key]
        what = "solo" if entry["players"] == 1 else f"{entry['players']}-player"
        row(f"{number}. strong {what} games: games", entry, "games_cpu_s",
            "games_wall_s", "games_per_cpu_s", entry["ratio"])
        row("   whole process", entry, "cpu_s", "wall_s", None, entry["ratio_process"])
        row("   start-up (process - games)", entry, "startup_cpu_s", None, None,
            ratio(entry["baseline"]["startup_cpu_s"], entry["current"]["startup_cpu_s"]))
    check = figures["check"]
    row(f"3. kok {' '.join(check['arguments'])}", check, "cpu_s", "wall_s",
        "games_per_cpu_s", check["ratio"])
    lines.append("")
    for command, found in results["compilers_imported"].items():
        names = [name for name, imported in found.items() if imported]
        lines.append(f"4. {command} imports a compiler: "
                     + (f"yes ({', '.join(names)})" if names else "no"))
    first = results["first_run"]
    for state, words in (("cold", "empty compile cache"), ("warm", "warm compile cache")):
        entry = first[state]
        said = "printed" if entry["compiling_message"] else "not printed"
        lines.append(f"5. one solo game, {words}: {entry['cpu_s']:.2f} CPU s, "
                     f"{entry['wall_s']:.2f} wall s (the process; the compiling, if any, is "
                     "in its untimed first game)")
        lines.append(f"   \"{COMPILING}\" {said}; {entry['cache_files']} file(s) in the "
                     f"cache after it")
    if not first["cold"]["compiling_message"] and not first["cold"]["cache_files"]:
        lines.append("   no compile step: the current code compiled nothing into the cache")
    elif not first["cold"]["cache_files"]:
        lines.append("   the engine compiled, but left nothing in NUMBA_CACHE_DIR: the warm run "
                     "may not be warm")
    if first["warm"]["compiling_message"]:
        lines.append("   the engine compiled again with a warm cache: its cache is not reused")
    same = results["same_games"]
    lines.append("")
    lines.append(f"solo mean score: baseline {same['baseline_mean']:.3f}, current "
                 f"{same['current_mean']:.3f}"
                 + ("; the same scores game by game" if same["identical"] else ""))
    if same["baseline_mean"] != same["current_mean"]:
        lines.append(f"the versions play different games: mean {same['baseline_mean']:.3f} vs "
                     f"{same['current_mean']:.3f}")
    elif not same["identical"]:
        lines.append("the versions play different games: the same mean, other scores game by "
                     "game")
    return "\n".join(line.rstrip() for line in lines)


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to 100: {text}")
    return value


def _scale(text: str) -> float:
    value = float(text)
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"a share of the games, above 0 and at most 1: {text}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of the games, and kok check --games 100")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, metavar="REV",
                        help=f"the commit to compare with (default {DEFAULT_BASELINE})")
    parser.add_argument("--json", type=Path, metavar="OUT",
                        help="also write every figure to this JSON file")
    parser.add_argument("--repeat", type=_count, default=3, metavar="K",
                        help="run measurements 1 and 2 K times per version, taking turns, "
                             "and keep each version's least CPU (default 3)")
    # The smoke test's tiny run: a share of the games of the chosen mode.
    parser.add_argument("--games-scale", type=_scale, default=1.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started ignoring it

    def say(text: str) -> None:
        print(f"bench_engine: {text}", file=sys.stderr, flush=True)

    try:
        if args.json is not None and not args.json.resolve().parent.is_dir():
            raise BenchError(f"cannot write {args.json}: no folder {args.json.parent}")
        repo = repository_root(HERE)
        results = measure(repo, args.baseline, Sizes.of(args.quick, args.games_scale),
                          args.repeat, say)
        results["quick"] = args.quick
        if args.json is not None:
            write_json(args.json, results)
    except BenchError as error:
        print(f"bench_engine: error: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Stopped) as stop:
        print("bench_engine: stopped; the temporary worktree is removed", file=sys.stderr)
        return 128 + (stop.args[0] if isinstance(stop, Stopped) else signal.SIGINT)
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
