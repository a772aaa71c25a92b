"""Writing layout YAML: the one writer of the format.

A layout has two shapes here: a :class:`~kok_layouts.model.sheet.Sheet` (a board that
passed every check) and its *layout mapping*, the values of the file as YAML reads them
(what ``kok design``'s page edits, a board with problems included). One writer turns the
mapping into text, key by key in the style of the built-in layouts: grids a row a line,
per-column numbers lined up under a ruler of column letters, small values in flow style,
a comment beside the keys whose meaning is not obvious.

* :func:`dump_layout` writes a sheet; the text loads back to an equal sheet
  (:func:`kok_layouts.parse_layout`). ``kok generate`` writes its boards with it.
* :func:`layout_mapping` is a sheet's mapping; :func:`dump_mapping` writes any mapping so
  that YAML reads it back to the same values; :func:`key_lines` writes one key of it (the
  designer rewrites the keys that changed and keeps the rest of a file as it was).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from kok_layouts.errors import KokTypeError
from kok_layouts.model.grid import COLUMN_LETTERS, column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet

LayoutMapping = dict[str, Any]
"""A layout mapping: the values of a layout file as YAML reads them."""

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}
_LABELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _yaml_safe(char: str) -> bool:
    """Whether ``char`` may stand as it is inside a double-quoted YAML scalar: printable to
    YAML (no C0/C1 controls, surrogates or non-characters) and no line break of its own."""
    code = ord(char)
    if char in '\\"' or code < 0x20 or 0x7F <= code <= 0x9F:
        return False
    if char in "\u2028\u2029\ufeff" or 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF):
        return False
    return unicodedata.category(char) != "Cn"


def quoted(text: str) -> str:
    """``text`` as a double-quoted YAML scalar that reads back to the same string."""
    out = []
    for char in text:
        if _yaml_safe(char):
            out.append(char)
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) <= 0xFFFF:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    return '"' + "".join(out) + '"'


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _-]*[A-Za-z0-9]|[A-Za-z]")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null"}
"""Words YAML reads as something else than text (the reader of layouts, PyYAML, takes
``y`` and ``n`` as letters: the Keer op Keer 2 row ``Y`` stays plain)."""
_GRID_ROW = re.compile(r"[A-Za-z.]+")
_SPECIAL_FLOAT = re.compile(r"\.(inf|nan)", re.IGNORECASE)


def scalar(text: str) -> str:
    """``text`` as it is when YAML reads a plain word or words back the same (``dark
    blue``), else :func:`quoted`."""
    if _PLAIN.fullmatch(text) and text.lower() not in _YAML_WORDS:
        return text
    return quoted(text)


def _grid_row(text: str) -> str:
    """A row of a grid: plain letters and dots when YAML reads them back as text."""
    if (_GRID_ROW.fullmatch(text) and text.lower() not in _YAML_WORDS
            and not _SPECIAL_FLOAT.fullmatch(text)):
        return text
    return quoted(text)


def _number(value: float) -> str:
    """A float as YAML 1.1 reads it back (``1e+16`` alone would be text)."""
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "." not in text:
        mantissa, _, exponent = text.partition("e")
        text = f"{mantissa}.0" + (f"e{exponent}" if exponent else "")
    if "e" in text and text[text.index("e") + 1] not in "+-":
        text = text.replace("e", "e+")
    return text


def flow(value: Any) -> str:
    """Any value of a layout mapping (text, numbers, ``true``, ``null``, lists and
    mappings of them) in YAML flow style: ``[H]``, ``{first: 5, later: 3}``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, str):
        return scalar(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{scalar(str(k))}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    raise KokTypeError(f"a layout holds text, numbers, lists and mappings, not "
                       f"{type(value).__name__}")


def _whole_numbers(value: Any) -> bool:
    return (isinstance(value, list) and bool(value)
            and all(type(v) is int for v in value))


def _numbers(values: Sequence[int]) -> str:
    """A per-column list of numbers, lined up under a ruler of column letters."""
    return "[" + ", ".join(f"{v:>2}" if len(values) > 1 else str(v) for v in values) + "]"


def _ruler(count: int, indent: str) -> list[str]:
    """``#  A  B  C ...`` lined up with the numbers of a per-column list (none for a list
    longer than the alphabet)."""
    if count > len(COLUMN_LETTERS):
        return []
    letters = "".join(f"  {column_letter(c)}" for c in range(count))
    return [indent + "#" + " " * (8 - len(indent)) + letters]


# How each key of the format is written -----------------------------------------------

TOP_COMMENT_COLUMN = 26
NESTED_COMMENT_COLUMN = 28
_AFTER = 0
"""A comment written three spaces after a long line rather than at a column."""

_BLOCK_LISTS = {"grid": _grid_row, "enclosures": quoted, "visitors": quoted}
"""Keys whose list is written an item a line, and how each item is written."""
_QUOTED = {"title", "description"}
"""Keys whose text is always quoted, whatever it says."""
_BLOCK_MAPPINGS = {"colours", "animals", "column_points", "rows", "boxes", "hearts"}
"""Keys whose mapping is written an entry a line (the rest in flow style)."""
_TOP_COMMENTS = {
    "grid": "a letter per cell, UPPERCASE = star, '.' = hole",
    "enclosures": "same character = same enclosure",
    "food_boxes": "per animal, circled by everyone who completes it",
    "mark_points": "per unused exclamation mark",
}
_NESTED_COMMENTS: dict[tuple[str, str], tuple[str, int]] = {
    ("rows", "items"): ("for the first completer(s)", _AFTER),
    ("boxes", "cells"): ("crossing one of these gains a box", _AFTER),
    ("boxes", "points"): ("per unused box at the end", NESTED_COMMENT_COLUMN),
    ("boxes", "columns"): ("completing it gains a box", NESTED_COMMENT_COLUMN),
}
_ORDINALS = ("", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")


def _commented(line: str, comment: str | None, column: int = TOP_COMMENT_COLUMN) -> str:
    if not comment:
        return line
    gap = 3 if column == _AFTER else max(column - len(line), 2)
    return f"{line}{' ' * gap}# {comment}"


def _top_comment(key: str, value: Any, mapping: Mapping[str, Any]) -> str | None:
    if key == "exclamation_marks" and "chameleon_every" in mapping:
        return "by the chameleons"
    if key == "chameleon_every" and type(value) is int and 1 <= value <= len(_ORDINALS):
        return ("every mark is a chameleon" if value == 1
                else f"every {_ORDINALS[value - 1]} mark is a chameleon")
    return _TOP_COMMENTS.get(key)


def _nested_line(key: str, sub: str, value: Any) -> str:
    line = f"  {scalar(sub)}: "
    if key == "column_points" and _whole_numbers(value):
        return line + _numbers(value)
    line += flow(value)
    if (key, sub) == ("rows", "points") and type(value) is int:
        return _commented(line, "for everyone who completes the row", NESTED_COMMENT_COLUMN)
    comment, column = _NESTED_COMMENTS.get((key, sub), (None, 0))
    return _commented(line, comment, column)


def key_lines(key: str, value: Any, mapping: Mapping[str, Any] | None = None) -> list[str]:
    """The lines of one top-level ``key`` of a layout mapping (``mapping``, the whole of
    it, decides a comment or two: Kids' exclamation marks come by the chameleons)."""
    name = scalar(key)
    if key in _QUOTED and isinstance(value, str):
        return [f"{name}: {quoted(value)}"]
    item = _BLOCK_LISTS.get(key)
    if item is not None and isinstance(value, list) and value \
            and all(isinstance(v, str) for v in value):
        return [_commented(f"{name}:", _TOP_COMMENTS.get(key)),
                *(f"  - {item(v)}" for v in value)]
    if key == "buckets" and _whole_numbers(value):
        return [*_ruler(len(value), "         "), f"{name}:  {_numbers(value)}"]
    if key in _BLOCK_MAPPINGS and isinstance(value, Mapping) and value:
        lines = [f"{name}:"]
        first = value.get("first")
        if key == "column_points" and isinstance(first, list) and _whole_numbers(first):
            lines += _ruler(len(first), "  ")
        return lines + [_nested_line(key, str(sub), v) for sub, v in value.items()]
    return [_commented(f"{name}: {flow(value)}", _top_comment(key, value, mapping or {}))]


def dump_mapping(mapping: Mapping[str, Any], header: Sequence[str] = ()) -> str:
    """A layout mapping as YAML text that reads back to the same values, its keys in
    their order; ``header`` lines become the leading comment."""
    out = [f"# {line}" if line else "#" for line in header]
    for key, value in mapping.items():
        out += key_lines(str(key), value, mapping)
    return "\n".join(out) + "\n"


# A sheet's mapping ---------------------------------------------------------------------


def grid_rows(sheet: Sheet) -> list[str]:
    """The grid as a layout writes it: a letter per cell, UPPERCASE for a star, ``.`` for a
    hole."""
    rows = []
    for row in range(sheet.height):
        letters = []
        for column in range(sheet.width):
            cell = sheet.geometry.cell(column, row)
            key = sheet.cell_colours[cell]
            letters.append("." if key is None else key.upper() if cell in sheet.stars else key)
        rows.append("".join(letters))
    return rows


def _letters(columns: Sequence[int]) -> list[str]:
    return [column_letter(c) for c in columns]


def classic_values(sheet: ClassicSheet) -> LayoutMapping:
    """The keys of a classic layout after its title."""
    values: LayoutMapping = {
        "colours": {c.key: {"name": c.name, "print": c.rgb} for c in sheet.colours},
        "grid": grid_rows(sheet),
        "start_columns": _letters(sheet.start_columns),
        "column_points": {"first": [p.first for p in sheet.column_points],
                          "later": [p.later for p in sheet.column_points]},
        "colour_bonus": {"first": sheet.colour_bonus.first,
                         "later": sheet.colour_bonus.later},
        "exclamation_marks": sheet.exclamation_marks,
        "star_penalty": sheet.star_penalty,
    }
    if sheet.mark_points != 1:
        values["mark_points"] = sheet.mark_points
    return values


def kok2_values(sheet: Kok2Sheet) -> LayoutMapping:
    """The keys of a Keer op Keer 2 layout after its title: the classic ones, then rows,
    boxes, hearts and the special die."""
    points = [rule.points for rule in sheet.rows]
    box_cells = sorted(sheet.box_cells, key=lambda c: (c % sheet.width, c // sheet.width))
    return {
        **classic_values(sheet),
        "rows": {"labels": [rule.label for rule in sheet.rows],
                 "points": points[0] if len(set(points)) == 1 else points,
                 "items": [rule.item for rule in sheet.rows]},
        "boxes": {"cells": [sheet.cell_name(c) for c in box_cells],
                  "count": sheet.box_count, "available_at_start": sheet.boxes_at_start,
                  "points": sheet.box_points, "columns": _letters(sheet.box_columns)},
        "hearts": {"track": sheet.heart_track, "under_columns": sheet.column_hearts},
        "special_die": list(sheet.special_faces),
    }


def enclosure_rows(sheet: KidsSheet) -> list[str] | None:
    """The ``enclosures`` key's rows when the enclosures split an animal's area, else
    ``None``. An enclosure is ``0`` unless it touches one of the same animal already
    labelled (in reading order), so only the splits stand out: ``0001000``."""
    colour_areas = Sheet.areas.func(sheet)  # type: ignore[attr-defined]
    if len(colour_areas) == len(sheet.enclosures):
        return None
    label: dict[int, str] = {}
    for enclosure in sheet.enclosures:
        taken = {label[other] for cell in enclosure.cells
                 for next_cell in sheet.geometry.neighbours[cell]
                 if (other := sheet.enclosure_of[next_cell]) is not None and other in label
                 and sheet.cell_colours[next_cell] == enclosure.colour}
        label[enclosure.index] = next(c for c in _LABELS if c not in taken)
    return ["".join("." if (index := sheet.enclosure_of[sheet.geometry.cell(c, r)]) is None
                    else label[index] for c in range(sheet.width))
            for r in range(sheet.height)]


def kids_values(sheet: KidsSheet) -> LayoutMapping:
    """The keys of a Kids layout after its title."""
    values: LayoutMapping = {
        "animals": {a.key: {"name": a.name, "colour": a.die_name, "print": a.rgb}
                    for a in sheet.animals},
        "grid": grid_rows(sheet),
    }
    enclosures = enclosure_rows(sheet)
    if enclosures is not None:
        values["enclosures"] = enclosures
    values.update({"buckets": list(sheet.buckets), "visitors": list(sheet.visitors),
                   "food_boxes": sheet.food_boxes,
                   "exclamation_marks": sheet.exclamation_marks,
                   "chameleon_every": sheet.chameleon_every})
    return values


def _lines(values: Mapping[str, Any]) -> list[str]:
    return [line for key, value in values.items() for line in key_lines(key, value, values)]


def _check_sheet(sheet: object) -> Sheet:
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"a layout is written from a sheet, not {type(sheet).__name__}")
    return sheet


def _head(sheet: Sheet) -> LayoutMapping:
    head: LayoutMapping = {"format": 1, "edition": sheet.edition, "name": sheet.name}
    if sheet.aliases:
        head["aliases"] = list(sheet.aliases)
    head["title"] = sheet.title
    if sheet.description:
        head["description"] = sheet.description
    return head


def layout_mapping(sheet: Sheet) -> LayoutMapping:
    """The layout mapping of ``sheet``: the values YAML reads from :func:`dump_layout`."""
    from kok_layouts.model.kinds import sheet_kind

    sheet = _check_sheet(sheet)
    return {**_head(sheet), **sheet_kind(sheet).values(sheet)}


def dump_layout(sheet: Sheet, header: Sequence[str] = ()) -> str:
    """``sheet`` as layout YAML that :func:`kok_layouts.parse_layout` reads back to an
    equal sheet; ``header`` lines become the leading comment."""
    from kok_layouts.model.kinds import sheet_kind

    sheet = _check_sheet(sheet)
    out = [f"# {line}" if line else "#" for line in header]
    out += _lines(_head(sheet))
    out += _lines(sheet_kind(sheet).values(sheet))
    return "\n".join(out) + "\n"
