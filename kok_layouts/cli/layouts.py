"""``kok list``, ``kok show`` and ``kok validate``: the layouts themselves."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kok_layouts.cli.commands import add_command
from kok_layouts.cli.text import render_text, wants_colour
from kok_layouts.errors import LayoutError, Problem, UnknownLayoutError
from kok_layouts.model.checks import PROFILES, validate_sheet
from kok_layouts.model.loader import list_layouts, load_layout

EXIT_PROBLEMS = 1
EXIT_UNREADABLE = 2


def register(commands: Any) -> None:
    listing = add_command(commands, "list")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(run=run_list)

    show = add_command(commands, "show")
    show.add_argument("layout", metavar="LAYOUT", help="a built-in name or a .yaml path")
    show.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the grid (default: when printing to a terminal)")
    show.set_defaults(run=run_show)

    validate = add_command(commands, "validate",
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


def run_show(args: argparse.Namespace) -> int:
    sheet = load_layout(args.layout)
    print(render_text(sheet, wants_colour(args.colour)))
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
    problems = validate_sheet(sheet, profile)  # type: ignore[arg-type]
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
