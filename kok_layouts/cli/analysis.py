"""``kok check`` (solvability and balance) and ``kok simulate`` (raw game results)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from kok_layouts import limits
from kok_layouts.analysis.balance import summarise
from kok_layouts.analysis.check import CHECK_GAMES, check, text_report
from kok_layouts.analysis.simulate import DEFAULT_BOT, iter_rows, simulate
from kok_layouts.analysis.workers import cluster_executor, usable_cores
from kok_layouts.cli.args import integer, output_file, output_path, seed
from kok_layouts.cli.commands import add_command
from kok_layouts.editions import edition_of
from kok_layouts.errors import ClusterError, UsageError, shown
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.output import words_for, write_atomically
from kok_layouts.rules.bots import BOTS
from kok_layouts.rules.options import Options
from kok_layouts.stop_signals import ignore_stop_signals


def _common(parser: argparse.ArgumentParser, games: int) -> None:
    parser.add_argument("layout", metavar="LAYOUT")
    parser.add_argument("--games", type=integer, default=games,
                        help=f"games, {limits.GAMES} (default {games})")
    parser.add_argument("--players", type=integer, default=2,
                        help=f"{limits.PLAYERS.low} (solo) to {limits.PLAYERS.high}, Kids "
                             f"{limits.KIDS_PLAYERS.high} (default 2)")
    parser.add_argument("--seed", type=seed, default=1, help="the seed (default 1)")
    parser.add_argument("--jobs", type=integer, default=usable_cores(),
                        help=f"processes (default: the usable cores, {usable_cores()})")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the games on a Dask distributed cluster (tcp://HOST:8786); "
                             "needs the dask extra")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (there is none when stderr is not a terminal)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rules option, repeatable: first_three_rolls_open=off, "
                             "connect_through_crossed=on, end=roll, max_rolls=N")


def register(commands: Any) -> None:
    check_cmd = add_command(commands, "check")
    _common(check_cmd, CHECK_GAMES)
    check_cmd.add_argument("--json", action="store_true", help="print the report as JSON")
    check_cmd.add_argument("--report", metavar="OUT.pdf", type=output_file,
                           help="also write the report with charts (.pdf or .png)")
    check_cmd.add_argument("--bot", "--bots", dest="bot", default=DEFAULT_BOT,
                           help=f"the bot every seat plays ({', '.join(BOTS)}; default "
                                f"{DEFAULT_BOT})")
    check_cmd.add_argument("--reference", metavar="LAYOUT|none", default="",
                           help="the pad the board is measured against in the 'how far "
                                "from' verdict (default: the edition's first pad)")
    check_cmd.add_argument("--strict", action="store_true",
                           help="exit 1 when any verdict fails (or cannot tell), 0 when "
                                "every verdict passes")
    check_cmd.add_argument("--special-die", action="store_true",
                           help="Keer op Keer 2: also bound the colours and the end with the "
                                "special die playing (slower)")
    check_cmd.set_defaults(run=_interruptible(run_check))
    sim = add_command(commands, "simulate")
    _common(sim, 100)
    sim.add_argument("--bots", "--bot", dest="bots", default=DEFAULT_BOT,
                     help=f"comma-separated bots per seat, in turn ({', '.join(BOTS)})")
    sim.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    sim.add_argument("-o", "--output", type=output_file, help="write to a file instead")
    sim.set_defaults(run=_interruptible(run_simulate))


def _interruptible(run: Callable[[argparse.Namespace], int],
                   ) -> Callable[[argparse.Namespace], int]:
    """Once Ctrl-C has stopped the workers, a second Ctrl-C must not break the goodbye."""

    def guarded(args: argparse.Namespace) -> int:
        from kok_layouts.cli.main import fewer_collections

        try:
            with fewer_collections():
                return run(args)
        except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP (see kok_layouts.cli.main)
            ignore_stop_signals()
            raise

    return guarded


def _options(args: argparse.Namespace) -> Options:
    try:
        return Options.parse(args.option)
    except (TypeError, ValueError) as err:
        raise UsageError(f"--option: {err}") from None


def _check_numbers(args: argparse.Namespace) -> None:
    if args.games not in limits.GAMES:
        raise UsageError(f"--games is {args.games}; use {limits.GAMES}")
    if args.players not in limits.PLAYERS:
        raise UsageError(f"--players is {args.players}; use {limits.PLAYERS.low} (solo) to "
                         f"{limits.PLAYERS.high}")
    if args.jobs not in limits.WORKERS:
        raise UsageError(f"--jobs is {args.jobs}; use {limits.WORKERS}")


def _check_edition(sheet: Sheet, args: argparse.Namespace) -> None:
    """What the sheet's edition allows: its player counts, the special die."""
    edition = edition_of(sheet)
    if args.players > 1 and args.players not in edition.players:
        raise UsageError(f"{edition.title} is for 1 (solo) or {edition.players} players, not "
                         f"{args.players}")
    if getattr(args, "special_die", False) and not edition.special_die:
        raise UsageError("--special-die is for layouts with a special die (Keer op Keer 2)")


def _terminal_size() -> tuple[int, int]:
    """The terminal's columns and lines; 80 x 24 where it says 0 (a fresh pseudo-terminal
    does, and tqdm then draws nothing)."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
        columns, lines = size.columns, size.lines
    except (OSError, ValueError):
        columns = lines = 0
    return min(columns, 120) or 80, lines or 24


PROGRESS_EVERY = 10.0
"""Seconds between the one-line progress reports on a stderr that is not a terminal."""


class _Bars:
    """Progress bars with rate and ETA on stderr (tqdm); on a stderr that is not a
    terminal (``lines``), one line every :data:`PROGRESS_EVERY` seconds of long work; or
    nothing."""

    def __init__(self, enabled: bool, lines: bool = False, command: str = "kok") -> None:
        self.enabled = enabled
        self.lines = lines
        self.command = command
        self._bars: dict[str, Any] = {}
        self._started = time.monotonic()
        self._said = self._started

    def _line(self, label: str, unit: str) -> Callable[[int, int], None]:
        def update(done: int, total: int) -> None:
            now = time.monotonic()
            if now - self._said < PROGRESS_EVERY or done >= total:
                return
            self._said = now
            print(f"{self.command}: {label}: {done:,} of {total:,} {unit}s "
                  f"({done / max(1, total):.0%}), {now - self._started:.0f} s", file=sys.stderr,
                  flush=True)

        return update

    def __call__(self, label: str, unit: str) -> Callable[[int, int], None] | None:
        if not self.enabled:
            return self._line(label, unit) if self.lines else None

        def update(done: int, total: int) -> None:
            from tqdm import tqdm

            bar = self._bars.get(label)
            if bar is None:
                bar = self._bars[label] = tqdm(total=total, desc=label, unit=unit,
                                               file=sys.stderr, ncols=_terminal_size()[0],
                                               nrows=_terminal_size()[1], leave=True)
            bar.total = total
            bar.update(done - bar.n)
            if done >= total:
                bar.close()

        return update

    def close(self) -> None:
        for bar in self._bars.values():
            bar.close()


def _bars(args: argparse.Namespace) -> _Bars:
    terminal = sys.stderr.isatty()
    return _Bars(terminal and not args.quiet, not terminal and not args.quiet,
                 f"kok {getattr(args, 'command', '') or ''}".strip())


@contextmanager
def _cluster(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The Dask cluster's executor for ``--scheduler``, else nothing."""
    if args.scheduler is None:
        yield None
        return
    try:
        with cluster_executor(args.scheduler) as executor:
            yield executor
    except ClusterError as err:
        raise UsageError(f"--scheduler {err}") from None


def run_check(args: argparse.Namespace) -> int:
    _check_numbers(args)
    output_path(args.report, "--report", inputs=[args.layout])
    sheet = load_layout(args.layout)
    if args.report is not None and args.report.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--report {args.report}: write a .pdf or a .png")
    _check_edition(sheet, args)
    if args.bot not in BOTS:
        raise UsageError(f"--bot: unknown bot {args.bot!r}; known: {', '.join(BOTS)}")
    reference: str | None = None if args.reference.lower() == "none" else args.reference
    if reference:
        load_layout(reference)  # an unknown name fails now, not after the games
    options = _options(args)
    bars = _bars(args)
    try:
        with _cluster(args) as cluster:
            report = check(sheet, args.games, args.players, args.seed, jobs=args.jobs,
                           executor=cluster, progress=bars("games", "game"),
                           options=options, special_die=args.special_die, bot=args.bot,
                           reference=reference,
                           search_progress=bars("exact search", "goal"),
                           reference_progress=bars("official pads", "game"))
    finally:
        bars.close()
    data = report.as_dict()
    words = words_for(args.report)
    if args.report is not None:
        if report.summary is None:
            raise UsageError("the layout cannot end, so there is no simulation to chart")
        from kok_layouts.render.document import render_report  # (reportlab: only for a report)

        write_atomically(args.report, render_report(data, png=args.report.suffix.lower()
                                                     == ".png"))
    if args.json:
        print(json.dumps(data, indent=1), file=words)
    else:
        print(text_report(report), file=words)
    if not report.solvability.solvable:
        return 1
    if args.strict and not all(v.ok is True for v in report.verdicts):
        return 1
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    _check_numbers(args)
    output_path(args.output, inputs=[args.layout])
    sheet = load_layout(args.layout)
    bots = [b.strip() for b in args.bots.split(",")]
    if not all(bots):
        raise UsageError(f"--bots {shown(args.bots, 60)}: a name is missing between the "
                         f"commas; name one bot per seat from {', '.join(BOTS)}")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise UsageError(f"--bots: unknown bot {shown(unknown[0], 40)!r}; known: "
                         f"{', '.join(BOTS)}")
    _check_edition(sheet, args)
    options = _options(args)
    bars = _bars(args)
    start = time.perf_counter()
    try:
        with _cluster(args) as cluster:
            results = simulate(sheet, args.games, args.players, args.seed, bots,
                               jobs=args.jobs, executor=cluster,
                               progress=bars("games", "game"), options=options)
    finally:
        bars.close()
    out = io.StringIO()
    if args.format == "jsonl":
        for result in results:
            out.write(json.dumps(result.as_dict()) + "\n")
    else:
        rows = list(iter_rows(results))
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    if args.output is not None:
        words = words_for(args.output)
        write_atomically(args.output, out.getvalue().encode("utf-8"))
        summary = summarise(sheet, results)
        wins = ", ".join(f"seat {i + 1} {w:.1%}" for i, w in enumerate(summary.win_rate))
        print(f"{args.output}: {summary.games:,} games in "
              f"{time.perf_counter() - start:.1f} s, mean score {summary.mean_score:.1f}, "
              f"win rates {wins}", file=words)
    else:
        sys.stdout.write(out.getvalue())
    return 0
