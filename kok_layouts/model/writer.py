"""Writing a sheet as layout YAML: the one writer of the format.

:func:`dump_layout` is the inverse of :func:`kok_layouts.parse_layout`: the text it writes
loads back to an equal sheet. It writes the keys in the order of the built-in layouts, with
the same comments, so that a generated or designed board reads like a printed pad's file.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from kok_layouts.errors import KokTypeError
from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}
_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


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
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def scalar(text: str) -> str:
    """``text`` as it is when YAML reads a plain word or words back the same (``dark
    blue``), else :func:`quoted`."""
    if _PLAIN.fullmatch(text) and text.lower() not in _YAML_WORDS:
        return text
    return quoted(text)


def _numbers(values: Sequence[int]) -> str:
    return "[" + ", ".join(f"{v:>2}" if len(values) > 1 else str(v) for v in values) + "]"


def _names(values: Sequence[str]) -> str:
    return "[" + ", ".join(values) + "]"


def _letters_comment(width: int, indent: str) -> str:
    """``#  A  B  C ...`` lined up with the numbers of a per-column list."""
    letters = "".join(f"  {column_letter(c)}" for c in range(width))
    return indent + "#" + " " * (8 - len(indent)) + letters


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


def _head(sheet: Sheet, header: Sequence[str]) -> list[str]:
    out = [f"# {line}" if line else "#" for line in header]
    out += ["format: 1", f"edition: {sheet.edition}", f"name: {sheet.name}"]
    if sheet.aliases:
        out.append(f"aliases: {_names(sheet.aliases)}")
    out.append(f"title: {quoted(sheet.title)}")
    if sheet.description:
        out.append(f"description: {quoted(sheet.description)}")
    return out


def classic_body(sheet: ClassicSheet) -> list[str]:
    out = ["colours:                  # grid letter: name and print colour"]
    out += [f"  {c.key}: {{name: {scalar(c.name)}, print: \"{c.rgb}\"}}" for c in sheet.colours]
    out.append("grid:                     # a letter per cell, UPPERCASE = star, '.' = hole")
    out += [f"  - {row}" for row in grid_rows(sheet)]
    out.append(f"start_columns: {_names([column_letter(c) for c in sheet.start_columns])}")
    out.append("column_points:")
    out.append(_letters_comment(sheet.width, "  "))
    out.append(f"  first: {_numbers([p.first for p in sheet.column_points])}")
    out.append(f"  later: {_numbers([p.later for p in sheet.column_points])}")
    bonus = sheet.colour_bonus
    out.append(f"colour_bonus: {{first: {bonus.first}, later: {bonus.later}}}")
    out.append(f"exclamation_marks: {sheet.exclamation_marks}")
    out.append(f"star_penalty: {sheet.star_penalty}")
    if sheet.mark_points != 1:
        out.append(f"mark_points: {sheet.mark_points}      # per unused exclamation mark")
    return out


def kok2_body(sheet: Kok2Sheet) -> list[str]:
    out = classic_body(sheet)
    points = [rule.points for rule in sheet.rows]
    same = len(set(points)) == 1
    out.append("rows:")
    out.append(f"  labels: {_names([rule.label for rule in sheet.rows])}")
    out.append(f"  points: {points[0] if same else _numbers(points)}"
               + ("                 # for everyone who completes the row" if same else ""))
    items = [rule.item or "null" for rule in sheet.rows]
    out.append(f"  items: {_names(items)}   # for the first completer(s) only")
    out.append("boxes:")
    box_cells = sorted(sheet.box_cells, key=lambda c: (c % sheet.width, c // sheet.width))
    out.append(f"  cells: {_names([sheet.cell_name(c) for c in box_cells])}"
               "   # crossing one of these gains a box")
    out.append(f"  count: {sheet.box_count}")
    out.append(f"  available_at_start: {sheet.boxes_at_start}")
    out.append(f"  points: {sheet.box_points}                 # per unused box at the end")
    out.append(f"  columns: {_names([column_letter(c) for c in sheet.box_columns])}"
               "              # completing it gains a box")
    out.append("hearts:")
    out.append(f"  track: {sheet.heart_track}")
    out.append(f"  under_columns: {'true' if sheet.column_hearts else 'false'}")
    out.append(f"special_die: {_names(sheet.special_faces)}")
    return out


def enclosure_rows(sheet: KidsSheet) -> list[str] | None:
    """The ``enclosures`` key's rows when the enclosures split an animal's area (two
    neighbouring enclosures of one animal get different characters), else ``None``."""
    colour_areas = Sheet.areas.func(sheet)  # type: ignore[attr-defined]
    if len(colour_areas) == len(sheet.enclosures):
        return None
    label: dict[int, str] = {}
    for enclosure in sheet.enclosures:
        taken = {label[other] for cell in enclosure.cells
                 for next_cell in sheet.geometry.neighbours[cell]
                 if (other := sheet.enclosure_of[next_cell]) is not None and other in label}
        label[enclosure.index] = next(c for c in _LABELS if c not in taken)
    return ["".join("." if (index := sheet.enclosure_of[sheet.geometry.cell(c, r)]) is None
                    else label[index] for c in range(sheet.width))
            for r in range(sheet.height)]


def kids_body(sheet: KidsSheet) -> list[str]:
    out = ["animals:                  # grid letter: animal, its die colour, print colour"]
    out += [f"  {a.key}: {{name: {scalar(a.name)}, colour: {scalar(a.die_name)}, "
            f"print: \"{a.rgb}\"}}" for a in sheet.animals]
    out.append("grid:                     # neighbouring cells of one animal form one "
               "enclosure; UPPERCASE = star")
    out += [f"  - {row}" for row in grid_rows(sheet)]
    enclosures = enclosure_rows(sheet)
    if enclosures is not None:
        out.append("enclosures:               # same character = same enclosure")
        out += [f"  - {quoted(row)}" for row in enclosures]
    out.append(_letters_comment(sheet.width, "         "))
    out.append(f"buckets:  {_numbers(sheet.buckets)}")
    out.append("visitors:")
    out += [f"  - {quoted(v)}" for v in sheet.visitors]
    out.append(f"food_boxes: {sheet.food_boxes}             # per animal, circled by everyone "
               "who completes it")
    out.append(f"exclamation_marks: {sheet.exclamation_marks}      # by the chameleons")
    out.append(f"chameleon_every: {sheet.chameleon_every}        # every this many marks, "
               "a chameleon")
    return out


def dump_layout(sheet: Sheet, header: Sequence[str] = ()) -> str:
    """``sheet`` as layout YAML that :func:`kok_layouts.parse_layout` reads back to an
    equal sheet; ``header`` lines become the leading comment."""
    from kok_layouts.editions import edition_of

    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"dump_layout writes a sheet, not {type(sheet).__name__}")
    body = edition_of(sheet).layout_body(sheet)
    return "\n".join([*_head(sheet, header), *body]) + "\n"
