"""``kok check`` (solvability and balance) and ``kok simulate`` (raw game results)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from kok_layouts.analysis.check import check, text_report
from kok_layouts.analysis.simulate import iter_rows, simulate
from kok_layouts.cli.args import integer, output_path, seed
from kok_layouts.errors import UsageError
from kok_layouts.model.loader import load_layout
from kok_layouts.output import write_atomically
from kok_layouts.render.document import render_report
from kok_layouts.rules.bots import BOTS
from kok_layouts.rules.options import Options

MAX_GAMES = 1_000_000


def _common(parser: argparse.ArgumentParser, games: int) -> None:
    parser.add_argument("layout", metavar="LAYOUT")
    parser.add_argument("--games", type=integer, default=games, help=f"games (default {games})")
    parser.add_argument("--players", type=integer, default=2, help="1 (solo) to 6 (default 2)")
    parser.add_argument("--seed", type=seed, default=1, help="the seed (default 1)")
    parser.add_argument("--jobs", type=integer, default=1, help="processes (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rules option, repeatable: first_three_rolls_open=off, "
                             "connect_through_crossed=on, end=roll, max_rolls=N")


def register(commands: Any) -> None:
    check_cmd = commands.add_parser(
        "check", help="is a layout solvable and balanced? exact bounds and simulation")
    _common(check_cmd, 2000)
    check_cmd.add_argument("--json", action="store_true", help="print the report as JSON")
    check_cmd.add_argument("--report", metavar="OUT.pdf", type=Path,
                           help="also write the report with charts (.pdf or .png)")
    check_cmd.add_argument("--special-die", action="store_true",
                           help="Keer op Keer 2: also bound the colours and the end with the "
                                "special die playing (slower)")
    check_cmd.set_defaults(run=run_check)
    sim = commands.add_parser("simulate", help="play bot games and print raw results")
    _common(sim, 100)
    sim.add_argument("--bots", default="greedy",
                     help=f"comma-separated bots per seat, in turn ({', '.join(BOTS)})")
    sim.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    sim.add_argument("-o", "--output", type=Path, help="write to a file instead")
    sim.set_defaults(run=run_simulate)


def _options(args: argparse.Namespace) -> Options:
    try:
        return Options.parse(args.option)
    except (TypeError, ValueError) as err:
        raise UsageError(f"--option: {err}") from None


def _check_numbers(args: argparse.Namespace) -> None:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games is {args.games}; use 1 to {MAX_GAMES:,}")
    if not 1 <= args.players <= 6:
        raise UsageError(f"--players is {args.players}; use 1 (solo) to 6")
    if not 1 <= args.jobs <= 64:
        raise UsageError(f"--jobs is {args.jobs}; use 1 to 64")


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_check(args: argparse.Namespace) -> int:
    _check_numbers(args)
    output_path(args.report, "--report", inputs=[args.layout])
    sheet = load_layout(args.layout)
    if args.report is not None and args.report.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--report {args.report}: write a .pdf or a .png")
    if sheet.edition == "kids" and args.players > 4:
        raise UsageError("Kids is for 1 (solo) to 4 players")
    progress = _progress if sys.stderr.isatty() and not args.json else None
    if args.special_die and sheet.edition != "kok2":
        raise UsageError("--special-die is for Keer op Keer 2 layouts")
    report = check(sheet, args.games, args.players, args.seed, jobs=args.jobs,
                   progress=progress, options=_options(args), special_die=args.special_die)
    data = report.as_dict()
    if args.report is not None:
        if report.summary is None:
            raise UsageError("the layout cannot end, so there is no simulation to chart")
        write_atomically(args.report, render_report(data, png=args.report.suffix.lower()
                                                     == ".png"))
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print(text_report(report))
    return 0 if report.solvability.solvable else 1


def run_simulate(args: argparse.Namespace) -> int:
    _check_numbers(args)
    output_path(args.output, inputs=[args.layout])
    sheet = load_layout(args.layout)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        raise UsageError(f"--bots: unknown bot {unknown[0] if unknown else '(none)'!r}; known: "
                         f"{', '.join(BOTS)}")
    if sheet.edition == "kids" and args.players > 4:
        raise UsageError("Kids is for 1 (solo) to 4 players")
    progress = _progress if sys.stderr.isatty() and args.output is not None else None
    results = simulate(sheet, args.games, args.players, args.seed, bots, jobs=args.jobs,
                       progress=progress, options=_options(args))
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
        write_atomically(args.output, out.getvalue().encode("utf-8"))
    else:
        sys.stdout.write(out.getvalue())
    return 0
