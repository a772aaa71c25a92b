"""Simulated games played once for the whole suite.

Several tests judge the same board with the same seed and bot: ``kok check kids --seed 2``
at 600 games is the first 600 of the 2,000 games another test plays, and a balanced
search's last candidate has already played the very games its ``kok check`` repeats.
:class:`GameCache` stands in for :func:`~kok_layouts.analysis.simulate.simulate` and
keeps, per board, players, seed and bots, the games ``0..n-1`` it has played; a run asks
for any stretch of them and plays only the games not yet played, continuing the run
(``simulate(first=n)`` gives games ``n..``, tested in tests/test_generate_cli.py and
tests/test_analysis.py: the same seed gives the same games however they are split).

With a folder, the games are also kept there, one pickle per run behind a lock, so that
every xdist worker of one pytest session shares them (the folder lives in the session's
temporary root and goes with it).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from kok_layouts.analysis import simulate as simulation
from kok_layouts.analysis.simulate import DEFAULT_BOT, GameResult
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.writer import dump_layout

Key = tuple[str, int, int, tuple[str, ...]]


class GameCache:
    """A drop-in :func:`simulate` that plays each game of a run once."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.runs: dict[Key, list[GameResult]] = {}
        self.played = 0
        """Games this cache had to play (the rest came from earlier runs)."""

    def __call__(self, sheet: Sheet, games: int, players: int = 2, seed: int = 1,
                 bots: Sequence[str] = (DEFAULT_BOT,), *, jobs: int = 1,
                 executor: Executor | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 options: Any = None, first: int = 0) -> list[GameResult]:
        plain = (isinstance(sheet, Sheet) and type(games) is int and type(players) is int
                 and type(seed) is int and type(first) is int and options is None
                 and isinstance(bots, (tuple, list))
                 and all(type(bot) is str for bot in bots))
        if not plain or games < 1 or first < 0:
            # Wrong arguments are the real function's to refuse, as the caller expects.
            return simulation.simulate(sheet, games, players, seed, bots, jobs=jobs,
                                       executor=executor, progress=progress,
                                       options=options, first=first)
        key: Key = (dump_layout(sheet), players, seed, tuple(bots))
        end = first + games
        run = self._run(key, end, jobs, executor, sheet)
        if progress is not None:
            progress(games, games)
        return run[first:end]

    def _run(self, key: Key, end: int, jobs: int, executor: Executor | None,
             sheet: Sheet) -> list[GameResult]:
        run = self.runs.get(key, [])
        if len(run) >= end:
            return run
        if self.folder is None:
            run = self._extend(run, key, end, jobs, executor, sheet)
        else:
            run = self._shared(key, end, jobs, executor, sheet)
        self.runs[key] = run
        return run

    def _extend(self, run: list[GameResult], key: Key, end: int, jobs: int,
                executor: Executor | None, sheet: Sheet) -> list[GameResult]:
        _, players, seed, bots = key
        more = simulation.simulate(sheet, end - len(run), players, seed, bots, jobs=jobs,
                                   executor=executor, first=len(run))
        self.played += len(more)
        return run + more

    def _shared(self, key: Key, end: int, jobs: int, executor: Executor | None,
                sheet: Sheet) -> list[GameResult]:
        assert self.folder is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256(repr(key).encode()).hexdigest()[:24]
        path = self.folder / f"{name}.pickle"
        with (self.folder / f"{name}.lock").open("w") as lock:
            # One worker plays a run's missing games; the others wait and read them.
            fcntl.flock(lock, fcntl.LOCK_EX)
            run: list[GameResult] = []
            if path.exists():
                stored_key, run = pickle.loads(path.read_bytes())
                assert stored_key == key, "two runs share a file name"
            if len(run) < end:
                run = self._extend(run, key, end, jobs, executor, sheet)
                part = path.with_suffix(f".{os.getpid()}.part")
                part.write_bytes(pickle.dumps((key, run)))
                part.replace(path)
        return run
