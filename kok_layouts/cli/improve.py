"""``kok improve``: a board that passes every verdict of ``kok check``, with the fewest
changes to the user's own board."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from kok_layouts import limits
from kok_layouts.cli.args import (
    decimal,
    integer,
    output_file,
    output_path,
    same_file,
    seed,
    written,
)
from kok_layouts.cli.commands import add_command
from kok_layouts.errors import UsageError, shown

PROGRESS_EVERY = 10.0
"""Seconds between progress lines on a stderr that is not a terminal."""


def register(commands: Any) -> None:
    cmd = add_command(commands, "improve")
    cmd.add_argument("layout", metavar="LAYOUT")
    cmd.add_argument("-o", "--output", type=output_file, required=True, metavar="OUT.yaml",
                     help="write the improved layout here (its header lists every change)")
    cmd.add_argument("--seed", type=seed, default=1,
                     help="the seed of the search's own random moves (default 1)")
    cmd.add_argument("--time-limit", type=decimal, default=120.0, metavar="SECONDS",
                     help="stop after this many seconds with the best board found "
                          "(default 120)")
    cmd.add_argument("--keep", action="append", default=[], choices=("grid", "points", "stars"),
                     help="never change the cells' colours, the points or the stars "
                          "(repeatable)")
    cmd.add_argument("--profile", choices=("basic", "official"),
                     help="the profile to keep (default: the strictest the board satisfies)")
    cmd.add_argument("--max-changes", type=integer, metavar="CELLS",
                     help="repaint at most this many cells (default: a quarter of the "
                          "board's cells)")
    cmd.add_argument("--report", type=output_file, metavar="OUT.pdf",
                     help="also write the improved board's kok check report (.pdf or .png)")
    cmd.add_argument("--quiet", action="store_true", help="no progress on stderr")
    cmd.set_defaults(run=run_improve)


class _Progress:
    """A tqdm bar on a terminal; one line every :data:`PROGRESS_EVERY` seconds otherwise."""

    def __init__(self, quiet: bool) -> None:
        self.quiet, self.terminal = quiet, sys.stderr.isatty()
        self.bar: Any = None
        self.started = self.said = time.monotonic()

    def __call__(self, fraction: float, status: str) -> None:
        if self.quiet:
            return
        if self.terminal:
            if self.bar is None:
                from tqdm import tqdm

                self.bar = tqdm(total=100, desc="improving", file=sys.stderr,
                                bar_format="{desc}: {bar} {percentage:3.0f}% {elapsed} "
                                           "{postfix}")
            self.bar.n = round(100 * min(1.0, fraction))
            self.bar.set_postfix_str(status)
            if fraction >= 1:
                self.bar.close()
            return
        now = time.monotonic()
        if now - self.said >= PROGRESS_EVERY or fraction >= 1:
            self.said = now
            print(f"kok improve: {fraction:.0%} of the time limit, {now - self.started:.0f} s: "
                  f"{status}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_improve(args: argparse.Namespace) -> int:
    from kok_layouts.analysis.check import text_report
    from kok_layouts.analysis.improve import improve
    from kok_layouts.model.loader import load_layout
    from kok_layouts.output import check_all_or_nothing, words_for, write_all_or_nothing

    if not limits.IMPROVE_SECONDS.low <= args.time_limit <= limits.IMPROVE_SECONDS.high:
        raise UsageError(f"--time-limit is {written(args.time_limit)}; use "
                         f"{limits.IMPROVE_SECONDS.low} to {limits.IMPROVE_SECONDS.high} seconds")
    if args.max_changes is not None and args.max_changes < 0:
        raise UsageError(f"--max-changes is {args.max_changes}; give 0 or more cells")
    output_path(args.output, "-o", inputs=[args.layout])
    output_path(args.report, "--report", inputs=[args.layout])
    if args.output.suffix.lower() not in (".yaml", ".yml"):
        raise UsageError(f"-o {shown(str(args.output))}: write a .yaml file")
    if args.report is not None and args.report.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--report {shown(str(args.report))}: write a .pdf or a .png")
    outputs = [args.output] + ([args.report] if args.report is not None else [])
    if args.report is not None and same_file(args.output, args.report):
        raise UsageError(f"-o and --report both name {shown(str(args.output))}; give each "
                         "output its own file")
    # The layout and its report are written together or not at all, so each is a regular
    # file or a new name: known now, not after the search.
    check_all_or_nothing(outputs)
    sheet = load_layout(args.layout)
    progress = _Progress(args.quiet)
    try:
        result = improve(sheet, seed=args.seed, time_limit=args.time_limit, keep=args.keep,
                         profile=args.profile, progress=progress,
                         max_changes=args.max_changes)
    finally:
        progress.close()
    files = {args.output: result.text.encode("utf-8")}
    if args.report is not None:
        from kok_layouts.render.document import render_report

        files[args.report] = render_report(result.report.as_dict(),
                                           png=args.report.suffix.lower() == ".png")
    words = words_for(*outputs)
    write_all_or_nothing(files)
    print(text_report(result.report), file=words)
    print(file=words)
    print(f"{shown(str(args.output))}: {result.state} after {result.candidates} candidate"
          f"{'s' if result.candidates != 1 else ''} in "
          f"{result.seconds:.0f} s; {len(result.changes)} change"
          f"{'s' if len(result.changes) != 1 else ''}"
          + (":" if result.changes else "."), file=words)
    for change in result.changes:
        print(f"  {change}", file=words)
    if result.failing:
        print(f"still failing or undecided: {', '.join(result.failing)}", file=words)
    return 0 if result.passes else 1
