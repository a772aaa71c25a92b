"""``kok generate``: new boards from a seed, written as layout files (and a PDF)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kok_layouts import limits
from kok_layouts.cli import args as arg_types
from kok_layouts.cli.commands import add_command
from kok_layouts.editions import EDITION_NAMES
from kok_layouts.errors import OutputError, UsageError, shown
from kok_layouts.output import folder_ending, names_a_folder, write_all_or_nothing

if TYPE_CHECKING:
    from kok_layouts.generator import GeneratedBoard

# The generator, the checks and the renderer are imported when the outputs have been
# checked: a bad path is refused at once, not after scipy and numpy have loaded.

BALANCE_SECONDS = 110.0
"""Time for ``--balanced`` search, so that the whole command stays within two minutes."""


def register(commands: Any) -> None:
    cmd = add_command(commands, "generate")
    cmd.add_argument("edition", metavar="EDITION", choices=EDITION_NAMES,
                     help=", ".join(EDITION_NAMES))
    cmd.add_argument("--seed", type=arg_types.seed, default=1, help="the seed (default 1)")
    cmd.add_argument("--size", metavar="WxH",
                     help=f"a custom size, {limits.WIDTH.low}x{limits.HEIGHT.low} to "
                          f"{limits.WIDTH.high}x{limits.HEIGHT.high} (profile basic)")
    cmd.add_argument("--colours", "--colors", type=arg_types.within(limits.COLOURS), metavar="K",
                     help=f"{limits.COLOURS} colours (animals in Kids); profile basic")
    cmd.add_argument("--holes", type=arg_types.integer, default=0, metavar="N",
                     help="cells left out of the board (profile basic)")
    cmd.add_argument("--profile", choices=("official", "basic"),
                     help="official: the printed sheets' invariants (default without custom "
                          "options); basic: any playable, solvable board")
    cmd.add_argument("--balanced", action="store_true",
                     help="improve the board by search scored by kok check (at most 2 minutes)")
    cmd.add_argument("--count", type=arg_types.within(limits.GENERATE_COUNT), default=1,
                     metavar="K",
                     help="boards to make, seeds SEED, SEED+1, ... (default 1)")
    cmd.add_argument("-o", "--output", type=arg_types.output_file_or_folder, metavar="FILE|DIR",
                     help="write the layout to FILE, or each to DIR/NAME.yaml (default: "
                          "print); a name ending in / is a folder")
    cmd.add_argument("--render", type=arg_types.output_file, metavar="OUT.pdf",
                     help="also print the boards as a PDF, one sheet a page")
    cmd.set_defaults(run=run_generate)


class _Bar:
    """A tqdm progress bar on stderr for the balancing search (percent done and status)."""

    def __init__(self, seed: int) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=100, desc=f"balancing seed {seed}", file=sys.stderr,
                        bar_format="{desc}: {bar} {percentage:3.0f}% {elapsed} {postfix}")

    def __call__(self, fraction: float, status: str) -> None:
        self.bar.n = round(100 * min(1.0, fraction))
        self.bar.set_postfix_str(status)
        if fraction >= 1:
            self.bar.close()


def _check_outputs(args: argparse.Namespace, folder: bool) -> None:
    """Every output path is checked before any board is made: a search of two minutes
    must not end in "cannot write"."""
    if args.render is not None:
        if args.render.suffix.lower() != ".pdf":
            raise UsageError(f"--render {shown(str(args.render))}: give a .pdf file name")
        arg_types.output_path(args.render, "--render")
    if args.output is None:
        return
    if not str(args.output).strip():
        raise UsageError("-o: give a file or folder name")
    if folder:
        if args.output.exists() and not args.output.is_dir():
            raise OutputError(f"{shown(str(args.output))}: is a file; --count {args.count} "
                              "needs a folder")
        if not args.output.exists():
            arg_types.output_path(args.output, "-o")  # its parent must take a new folder
        from kok_layouts.generator.request import make_request

        for seed in range(args.seed, args.seed + args.count):
            # The boards' names are known before they are made: generated-EDITION-SEED.
            name = make_request(args.edition, seed=seed, size=args.size,
                                colours=args.colours, holes=args.holes,
                                profile=_profile(args)).name
            if args.output.is_dir():
                arg_types.output_path(args.output / f"{name}.yaml", "-o")
    else:
        arg_types.output_path(args.output, "-o")
        if args.render is not None and arg_types.same_file(args.output, args.render):
            raise UsageError(f"-o and --render both name {shown(str(args.output))}; give "
                             "each output its own file")


def _profile(args: argparse.Namespace) -> str:
    custom = args.size is not None or args.colours is not None or args.holes
    return str(args.profile or ("basic" if custom else "official"))


def _output(args: argparse.Namespace) -> bool:
    """``-o`` as a path, and whether it is a folder: with ``--count`` over 1 (made if it is
    new), an existing folder, or a name ending in a slash. A slash with one board names a
    folder that must exist: ``-o NEWDIR/`` never writes a file named NEWDIR."""
    text = args.output
    if text is None:
        return False
    args.output = Path(text)
    slash = names_a_folder(text)
    if slash and args.count == 1 and not args.output.is_dir():
        raise OutputError(f"{shown(text)}: cannot write: the name ends in "
                          f"{folder_ending(text)!r}, so it names a folder, and there is no "
                          "such folder; make it first, or give the name of a file")
    return args.count > 1 or slash or args.output.is_dir()


def run_generate(args: argparse.Namespace) -> int:
    folder = _output(args)
    _check_outputs(args, folder)
    from kok_layouts.analysis.check import text_report
    from kok_layouts.generator import generate
    from kok_layouts.generator.balance import PASSES
    from kok_layouts.render.document import render_pdf

    boards: list[GeneratedBoard] = []
    for seed in range(args.seed, args.seed + args.count):
        board = generate(args.edition, seed=seed, size=args.size, colours=args.colours,
                         holes=args.holes, profile=args.profile, balanced=args.balanced,
                         time_limit=BALANCE_SECONDS,
                         progress=_Bar(seed) if args.balanced else None)
        if board.report is not None:
            print(text_report(board.report), file=sys.stderr)
            if board.time_limit_hit:
                print(f"kok: seed {seed}: the balancing search stopped at the time limit "
                      f"after {board.seconds:.0f} s: {board.state}", file=sys.stderr)
            elif board.state != PASSES:
                print(f"kok: seed {seed}: the balancing search ended after "
                      f"{board.candidates} candidates: {board.state}", file=sys.stderr)
        boards.append(board)
    files: dict[Path, bytes] = {}
    if args.render is not None:
        files[args.render] = render_pdf([b.sheet for b in boards])
    if args.output is None:
        write_all_or_nothing(files)
        sys.stdout.write("---\n".join(b.text for b in boards))
        return 0
    if not folder:
        files[args.output] = boards[0].text.encode("utf-8")
        write_all_or_nothing(files)
        return 0
    for board in boards:
        files[args.output / f"{board.sheet.name}.yaml"] = board.text.encode("utf-8")
    made = not args.output.exists()
    try:
        if made:
            args.output.mkdir()
        write_all_or_nothing(files)
    except OSError as err:
        raise OutputError(f"{shown(str(args.output))}: cannot make the folder: "
                          f"{err.strerror or type(err).__name__}") from None
    except BaseException:
        if made:  # a folder this run made leaves with it
            with contextlib.suppress(OSError):
                args.output.rmdir()
        raise
    for board in boards:
        print(args.output / f"{board.sheet.name}.yaml", file=sys.stderr)
    return 0
