"""No generated board may copy a printed pad: not as printed, nor mirrored or turned."""

from __future__ import annotations

from functools import cache

from kok_layouts.model.loader import list_layouts, load_layout

Pattern = tuple[tuple[int, ...], ...]


def _pattern(rows: list[str]) -> Pattern:
    """The grid with colours renamed by first appearance, so recolouring does not hide a copy."""
    names: dict[str, int] = {}
    return tuple(tuple(names.setdefault(ch.lower(), len(names)) for ch in row) for row in rows)


def _variants(rows: list[str]) -> set[Pattern]:
    mirrored = [row[::-1] for row in rows]
    return {_pattern(rows), _pattern(mirrored), _pattern(rows[::-1]), _pattern(mirrored[::-1])}


@cache
def _printed() -> frozenset[Pattern]:
    # Every built-in layout: a pattern only matches a board of its own size, so the Kids
    # sheet never matches a classic board.
    patterns: set[Pattern] = set()
    for info in list_layouts():
        sheet = load_layout(info.name)
        rows = ["".join(sheet.cell_colours[c] or "." for c in sheet.geometry.row_cells(r))
                for r in range(sheet.height)]
        patterns |= _variants(rows)
    return frozenset(patterns)


def copies_printed_pad(rows: list[str]) -> bool:
    """Whether the colours of ``rows`` are those of a printed pad, its mirror image, upside
    down or turned, under any renaming of the colours (stars are ignored)."""
    return bool(_variants(rows) & _printed())
