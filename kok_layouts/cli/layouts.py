"""``kok list``, ``kok show`` and ``kok validate``: the layouts themselves."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from kok_layouts.errors import LayoutError, Problem, UnknownLayoutError
from kok_layouts.model.checks import PROFILES, check_sheet
from kok_layouts.model.grid import column_letter
from kok_layouts.model.loader import list_layouts, load_layout
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet

EXIT_PROBLEMS = 1
EXIT_UNREADABLE = 2


def register(commands: Any) -> None:
    listing = commands.add_parser("list", help="list the built-in layouts")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(run=run_list)

    show = commands.add_parser("show", help="print a layout's grid in the terminal")
    show.add_argument("layout", metavar="LAYOUT", help="a built-in name or a .yaml path")
    show.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the grid (default: when printing to a terminal)")
    show.set_defaults(run=run_show)

    validate = commands.add_parser(
        "validate", help="check layouts: exit 0 valid, 1 structural problems, 2 unreadable",
        description="Check layout files and built-in layouts, listing every problem as "
                    "FILE:LINE:COLUMN: message.")
    validate.add_argument("layouts", metavar="LAYOUT", nargs="+",
                          help="built-in names or .yaml paths")
    validate.add_argument("--profile", choices=PROFILES, default="basic",
                          help="'official' adds the invariants of the printed pads")
    validate.add_argument("--json", action="store_true", help="print one JSON array")
    validate.set_defaults(run=run_validate)


def run_list(args: argparse.Namespace) -> int:
    infos = list_layouts()
    if args.json:
        print(json.dumps([{"name": i.name, "edition": i.edition, "width": i.width,
                           "height": i.height, "title": i.title, "aliases": list(i.aliases)}
                          for i in infos], indent=2))
        return 0
    print(f"{'NAME':<8} {'EDITION':<8} {'SIZE':<6} TITLE (ALIASES)")
    for i in infos:
        size = f"{i.width}x{i.height}"
        print(f"{i.name:<8} {i.edition:<8} {size:<6} {i.title} ({', '.join(i.aliases)})")
    return 0


def _wants_colour(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _ansi_cell(rgb: str, text: str) -> str:
    r, g, b = (int(rgb[i: i + 2], 16) for i in (1, 3, 5))
    ink = "30" if (r * 299 + g * 587 + b * 114) / 1000 > 140 else "97"
    return f"\x1b[48;2;{r};{g};{b}m\x1b[{ink}m{text}\x1b[0m"


def render_text(sheet: Sheet, colour: bool) -> str:
    """The grid as text: a letter per cell (UPPERCASE and ``*`` for stars), or coloured."""
    lines = [f"{sheet.title} ({sheet.name}, {sheet.edition}, {sheet.width} x {sheet.height})"]
    starts: set[int] = set()
    if isinstance(sheet, ClassicSheet):
        starts = set(sheet.start_columns)
    elif isinstance(sheet, KidsSheet):
        starts = {sheet.middle_column}
    header = "".join(f"{column_letter(c) + ('^' if c in starts else ''):<3}"
                     for c in range(sheet.width))
    lines.append("    " + header.rstrip())
    for row in range(sheet.height):
        label = f"{row + 1:>2}"
        cells = []
        for column in range(sheet.width):
            cell = sheet.geometry.cell(column, row)
            key = sheet.cell_colours[cell]
            if key is None:
                cells.append("   ")
                continue
            star = cell in sheet.stars
            mark = "*" if star else ("#" if isinstance(sheet, Kok2Sheet) and cell in sheet.box_cells
                                     else " ")
            text = f"{key.upper() if star else key}{mark} "
            cells.append(_ansi_cell(sheet.colour_by_key[key].rgb, text) if colour else text)
        line = f"{label}  " + "".join(cells)
        if isinstance(sheet, Kok2Sheet):
            rule = sheet.rows[row]
            line += f"  row {rule.label}: {rule.points} {rule.item or ''}"
        lines.append(line.rstrip())
    if isinstance(sheet, ClassicSheet):
        lines.append("    " + "".join(f"{p.first:<3}" for p in sheet.column_points).rstrip()
                     + "   first")
        lines.append("    " + "".join(f"{p.later:<3}" for p in sheet.column_points).rstrip()
                     + "   later")
        legend = "; ".join(f"{c.key} {c.name}" for c in sheet.colours)
        extra = " # box cell;" if isinstance(sheet, Kok2Sheet) else ""
        lines.append(f"    {legend}; UPPERCASE* star;{extra} ^ start column")
    elif isinstance(sheet, KidsSheet):
        lines.append("    " + "".join(f"{b:<3}" for b in sheet.buckets).rstrip() + "   buckets")
        legend = "; ".join(f"{c.key} {c.name} ({c.die_name})" for c in sheet.colours)
        lines.append(f"    {legend}; UPPERCASE* star")
    return "\n".join(lines)


def run_show(args: argparse.Namespace) -> int:
    sheet = load_layout(args.layout)
    print(render_text(sheet, _wants_colour(args.colour)))
    return 0


def _validate_one(name: str, profile: str) -> tuple[int, dict[str, Any]]:
    entry: dict[str, Any] = {"layout": name, "edition": None, "valid": False, "problems": []}
    try:
        sheet = load_layout(name)
    except UnknownLayoutError as err:
        entry["problems"] = [Problem("unknown-layout", str(err)).as_dict()]
        return EXIT_UNREADABLE, entry
    except LayoutError as err:
        entry["problems"] = [p.as_dict() for p in err.problems]
        return (EXIT_PROBLEMS if err.kind == "structure" else EXIT_UNREADABLE), entry
    entry["edition"] = sheet.edition
    entry["layout"] = sheet.name
    problems = check_sheet(sheet, profile)  # type: ignore[arg-type]
    entry["problems"] = [p.as_dict() for p in problems]
    entry["valid"] = not problems
    return (EXIT_PROBLEMS if problems else 0), entry


def _line(problem: dict[str, Any]) -> str:
    where = (f"{problem['file']}:{problem['line']}:{problem['column']}: "
             if problem["file"] else "")
    return f"{where}{problem['message']}"


def run_validate(args: argparse.Namespace) -> int:
    worst = 0
    entries = []
    for name in args.layouts:
        code, entry = _validate_one(name, args.profile)
        worst = max(worst, code)
        entries.append(entry)
    if args.json:
        print(json.dumps(entries, indent=2))
        return worst
    for entry in entries:
        if entry["valid"]:
            print(f"{entry['layout']}: valid ({entry['edition']}, profile {args.profile})")
        for problem in entry["problems"]:
            print(_line(problem))
    return worst
