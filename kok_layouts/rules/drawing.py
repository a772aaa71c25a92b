"""A player's sheet drawn as plain text, for ``str(sheet)`` at the prompt.

One character pair per cell: the colour key (UPPERCASE on a star), ``X`` over a crossed
cell, blank for a hole; completed columns and colours are flagged with ``#`` under the
grid and in the legend, so nothing depends on colour. Beside each row goes what the sheet
prints there (Keer op Keer 2: the row's label, points and item, ``#`` once completed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import Sheet

CROSSED = "X"
COMPLETE = "#"


def draw_sheet(sheet: Sheet, crossed: int, completed_columns: Iterable[int] = (),
               completed_colours: Iterable[str] = (), footer: str = "",
               row_notes: Sequence[str] = ()) -> str:
    """The grid with crosses, a ``#`` under each completed column, and a legend that
    flags completed colours; ``row_notes`` (one per row, if any) are written beside the
    rows and ``footer`` is added as the last line."""
    columns, colours = set(completed_columns), set(completed_colours)
    lines = ["    " + " ".join(column_letter(c) for c in range(sheet.width))]
    for row in range(sheet.height):
        cells = []
        for column in range(sheet.width):
            cell = sheet.geometry.cell(column, row)
            key = sheet.cell_colours[cell]
            if key is None:
                cells.append(" ")
            elif crossed >> cell & 1:
                cells.append(CROSSED)
            else:
                cells.append(key.upper() if cell in sheet.stars else key)
        note = f"   {row_notes[row]}" if row < len(row_notes) and row_notes[row] else ""
        lines.append(f"{row + 1:>2}  " + " ".join(cells) + note)
    if columns:
        lines.append("    " + " ".join(COMPLETE if c in columns else " "
                                       for c in range(sheet.width)).rstrip())
    legend = ", ".join(f"{c.key} {c.name}{' ' + COMPLETE if c.key in colours else ''}"
                       for c in sheet.colours)
    lines.append(f"    {legend}; UPPERCASE star, {CROSSED} crossed, {COMPLETE} complete")
    if footer:
        lines.append(f"    {footer}")
    return "\n".join(lines)
