"""Sheets as text for the terminal: letters, or coloured cells when the terminal allows."""

from __future__ import annotations

import os
import sys

from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.render.scene import rgb


def wants_colour(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _ansi_cell(hex_colour: str, text: str, crossed: bool = False) -> str:
    r, g, b = (round(part * 255) for part in rgb(hex_colour))
    if crossed:  # a crossed cell: its colour darkened and a bold X, so colour and symbol say it
        r, g, b = (round(part * 0.45) for part in (r, g, b))
        return f"\x1b[48;2;{r};{g};{b}m\x1b[1;97m{text}\x1b[0m"
    ink = "30" if (r * 299 + g * 587 + b * 114) / 1000 > 140 else "97"
    return f"\x1b[48;2;{r};{g};{b}m\x1b[{ink}m{text}\x1b[0m"


def render_text(sheet: Sheet, colour: bool, crossed: int = 0) -> str:
    """The grid as text: a letter per cell (UPPERCASE and ``*`` for stars), or coloured.

    Cells in the bitmask ``crossed`` show an ``X``.
    """
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
            letter = key.upper() if star else key
            text = f"{letter}{mark} " if not crossed >> cell & 1 else f"X{letter} "
            cells.append(_ansi_cell(sheet.colour_by_key[key].rgb, text,
                                    bool(crossed >> cell & 1)) if colour else text)
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
