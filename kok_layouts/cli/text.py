"""Sheets as text for the terminal: letters, or coloured cells when the terminal allows.

The grid is drawn the same way for every edition; what goes around it (the start columns,
box cells, the rows' rules, the points under the columns, the legend) is the edition's:
:data:`TEXT_NOTES` gives it, from :func:`classic_notes`, :func:`kok2_notes` or
:func:`kids_notes`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kok_layouts.editions import edition_of, part_for
from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.render.scene import rgb


@dataclass(frozen=True)
class TextNotes:
    """What the terminal writes around a sheet's grid."""

    starts: frozenset[int]
    """Columns marked ``^`` above the grid (where moves start)."""
    boxes: frozenset[int] = frozenset()
    """Cells marked ``#`` (Keer op Keer 2's box cells)."""
    rows: tuple[str, ...] = ()
    """Beside each row, if anything (Keer op Keer 2: the row's rule)."""
    footer: tuple[str, ...] = ()
    """The lines under the grid: the points of the columns and the legend."""


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


def classic_notes(sheet: ClassicSheet, box_cell: str = "") -> TextNotes:
    """The classic sheet's notes: start columns, first and later points, the legend."""
    legend = "; ".join(f"{c.key} {c.name}" for c in sheet.colours)
    return TextNotes(
        starts=frozenset(sheet.start_columns),
        footer=("    " + "".join(f"{p.first:<3}" for p in sheet.column_points).rstrip()
                + "   first",
                "    " + "".join(f"{p.later:<3}" for p in sheet.column_points).rstrip()
                + "   later",
                f"    {legend}; UPPERCASE* star;{box_cell} ^ start column"))


def kok2_notes(sheet: Kok2Sheet) -> TextNotes:
    """The classic notes, plus the box cells and each row's label, points and item."""
    classic = classic_notes(sheet, " # box cell;")
    return TextNotes(starts=classic.starts, boxes=frozenset(sheet.box_cells),
                     rows=tuple(f"row {rule.label}: {rule.points} {rule.item or ''}"
                                for rule in sheet.rows),
                     footer=classic.footer)


def kids_notes(sheet: KidsSheet) -> TextNotes:
    """The Kids sheet's notes: the star column, the buckets, the animals and their dice."""
    legend = "; ".join(f"{c.key} {c.name} ({c.die_name})" for c in sheet.colours)
    return TextNotes(
        starts=frozenset({sheet.middle_column}),
        footer=("    " + "".join(f"{b:<3}" for b in sheet.buckets).rstrip() + "   buckets",
                f"    {legend}; UPPERCASE* star"))


TEXT_NOTES: dict[str, Callable[[Any], TextNotes]] = {
    "classic": classic_notes, "kok2": kok2_notes, "kids": kids_notes}
"""What the terminal writes around the grid of each edition's sheet, by edition name:
marked columns and cells, notes beside the rows, lines under the grid."""


def render_text(sheet: Sheet, colour: bool, crossed: int = 0) -> str:
    """The grid as text: a letter per cell (UPPERCASE and ``*`` for stars), or coloured.

    Cells in the bitmask ``crossed`` show an ``X``.
    """
    notes: TextNotes = part_for(TEXT_NOTES, edition_of(sheet), "terminal notes")(sheet)
    lines = [f"{sheet.title} ({sheet.name}, {sheet.edition}, {sheet.width} x {sheet.height})"]
    header = "".join(f"{column_letter(c) + ('^' if c in notes.starts else ''):<3}"
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
            mark = "*" if star else ("#" if cell in notes.boxes else " ")
            letter = key.upper() if star else key
            text = f"{letter}{mark} " if not crossed >> cell & 1 else f"X{letter} "
            cells.append(_ansi_cell(sheet.colour_by_key[key].rgb, text,
                                    bool(crossed >> cell & 1)) if colour else text)
        line = f"{label}  " + "".join(cells)
        if row < len(notes.rows):
            line += f"  {notes.rows[row]}"
        lines.append(line.rstrip())
    lines.extend(notes.footer)
    return "\n".join(lines)
