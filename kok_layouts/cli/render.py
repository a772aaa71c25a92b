"""``kok render`` (PDF pads) and ``kok preview`` (PNG images)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from kok_layouts import limits
from kok_layouts.cli.args import decimal, integer, output_file, output_path, written
from kok_layouts.cli.commands import add_command
from kok_layouts.errors import UsageError, shown
from kok_layouts.model.loader import load_layout
from kok_layouts.output import words_for, write_atomically
from kok_layouts.render.document import PrintOptions, render_page_png, render_pdf, render_png
from kok_layouts.render.labels import LANGUAGES
from kok_layouts.render.marks import SheetMarks, marks_from_game
from kok_layouts.render.page import PAPER_SIZES, PER_PAGE
from kok_layouts.rules.record import load_and_replay


def _print_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=tuple(PAPER_SIZES), default="a4",
                        help="paper size (default: a4)")
    turn = parser.add_mutually_exclusive_group()
    turn.add_argument("--landscape", dest="landscape", action="store_const", const=True,
                      default=None, help="landscape pages (default: the orientation that "
                                         "shows the sheets upright and largest)")
    turn.add_argument("--portrait", dest="landscape", action="store_const", const=False,
                      help="portrait pages")
    parser.add_argument("--per-page", type=integer, choices=PER_PAGE, default=1,
                        help="sheets per page, with cut marks between them (default: 1)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of the printed labels (default: en)")
    parser.add_argument("--colorblind", "--colourblind", action="store_true",
                        help="add a distinct symbol to every colour")


def register(commands: Any) -> None:
    render = add_command(commands, "render")
    render.add_argument("layouts", metavar="LAYOUT", nargs="+",
                        help="built-in names or .yaml paths, placed in turn")
    render.add_argument("-o", "--output", metavar="OUT.pdf", required=True, type=output_file,
                        help="a .pdf file, or a .png file for a one-page document")
    render.add_argument("--dpi", type=decimal, default=150,
                        help="resolution of a .png output (default: 150)")
    _print_options(render)
    render.add_argument("--pages", type=integer, metavar="N", default=None,
                        help="pages to print, e.g. 100 for a pad (default: one per sheet)")
    render.add_argument("--record", metavar="RECORD", type=Path,
                        help="a game record: print the sheet as a player filled it in")
    render.add_argument("--player", metavar="NAME", help="the player of --record")
    render.set_defaults(run=run_render)

    preview = add_command(commands, "preview")
    preview.add_argument("layout", metavar="LAYOUT")
    preview.add_argument("-o", "--output", metavar="OUT.png", required=True,
                         type=output_file)
    preview.add_argument("--dpi", type=decimal, default=150, help="resolution (default: 150)")
    preview.add_argument("--page", action="store_true",
                         help="show the first printed page instead of the sheet alone "
                              "(implied by --paper, --landscape, --portrait and --per-page)")
    _print_options(preview)
    preview.add_argument("--record", metavar="RECORD", type=Path)
    preview.add_argument("--player", metavar="NAME")
    preview.set_defaults(run=run_preview)


def _options(args: argparse.Namespace) -> PrintOptions:
    pages = getattr(args, "pages", None)
    if pages is not None and pages not in limits.PAGES:
        raise UsageError(f"--pages is {pages}; use {limits.PAGES}")
    return PrintOptions(paper=args.paper, landscape=args.landscape, per_page=args.per_page,
                        pages=getattr(args, "pages", None), lang=args.lang,
                        colorblind=args.colorblind)


def _marks(args: argparse.Namespace, layout_names: list[str]) -> SheetMarks | None:
    if args.record is None:
        if args.player is not None:
            raise UsageError("--player goes with --record")
        return None
    if args.player is None:
        raise UsageError("--record needs --player NAME: whose sheet to print")
    game = load_and_replay(args.record)
    wanted = {load_layout(name).name for name in layout_names}
    if wanted != {game.sheet.name}:
        raise UsageError(f"the record was played on {game.sheet.name}, not "
                         f"{', '.join(sorted(wanted))}")
    return marks_from_game(game, args.player)


def _format(output: Path, allowed: tuple[str, ...]) -> str:
    """The format an output name promises by its suffix; a name never lies about it.

    A name without a suffix, or a special file such as ``/dev/null`` or a pipe, gets the
    command's own format (the first of ``allowed``)."""
    suffix = output.suffix.lower()
    if not output.suffix or (output.exists() and not output.is_file()):
        return allowed[0]  # a folder is refused by the write itself
    if suffix not in allowed:
        raise UsageError(f"{shown(str(output))}: the name ends in {output.suffix!r}; this "
                         f"command writes {' or '.join(allowed)} files")
    return suffix


def _check_dpi(dpi: float) -> None:
    if not limits.DPI.low <= dpi <= limits.DPI.high:
        raise UsageError(f"--dpi is {written(dpi)}; use {limits.DPI}")


def run_render(args: argparse.Namespace) -> int:
    output_path(args.output, inputs=[*args.layouts, args.record])
    options = _options(args)
    options.check()
    kind = _format(args.output, (".pdf", ".png"))
    sheets = [load_layout(name) for name in args.layouts]
    marks = _marks(args, args.layouts)
    pages = options.pages or -(-len(sheets) // options.per_page)
    if kind == ".png":
        _check_dpi(args.dpi)
        if pages > 1:
            raise UsageError(f"{args.output}: a PNG holds one page and this document has "
                             f"{pages}; write a .pdf, or fewer sheets (--per-page)")
        data = render_page_png(sheets, args.dpi, options, marks)
        words = words_for(args.output)
        write_atomically(args.output, data)
        print(f"wrote {args.output}: 1 page as PNG at {args.dpi:g} dpi, {len(data):,} bytes",
              file=words)
        return 0
    data = render_pdf(sheets, options, marks)
    words = words_for(args.output)
    write_atomically(args.output, data)
    print(f"wrote {args.output}: {pages} page{'s' if pages > 1 else ''}, "
          f"{options.per_page} sheet{'s' if options.per_page > 1 else ''} per page, "
          f"{len(data):,} bytes", file=words)
    return 0


def run_preview(args: argparse.Namespace) -> int:
    output_path(args.output, inputs=[args.layout, args.record])
    _check_dpi(args.dpi)
    _format(args.output, (".png",))
    sheet = load_layout(args.layout)
    marks = _marks(args, [args.layout])
    options = _options(args)
    whole_page = (args.page or args.per_page != 1 or args.landscape is not None
                  or args.paper != "a4")
    data = render_png(sheet, args.dpi, options, marks, page=whole_page)
    words = words_for(args.output)
    write_atomically(args.output, data)
    print(f"wrote {args.output}: {len(data):,} bytes at {args.dpi:g} dpi", file=words)
    return 0
