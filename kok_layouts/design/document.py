"""The board being designed: a layout document (the YAML file's values) and what the page does
to it as a whole: start a new one, resize it, write it back as YAML with its comments kept,
and check it exactly as ``kok validate`` does.

The document is the layout mapping of :mod:`kok_layouts.model.writer`, not a sheet: a board
being drawn has problems (a letter that is no colour yet, a list one short), and the page
shows them while the designer works. It is written by the one writer of the format and read
by the one reader, so a saved board is what ``kok validate`` checks. The page edits cells,
stars and numbers itself; everything that needs the library (the schema, the checks, the
YAML text) happens here, so the designer and ``kok validate`` can never disagree.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from kok_layouts import limits
from kok_layouts.design.parts import parts_of
from kok_layouts.editions import EDITIONS, Edition
from kok_layouts.errors import (
    BadArgumentError,
    KokTypeError,
    LayoutError,
    Problem,
    UnknownLayoutError,
    shown,
    shown_repr,
)
from kok_layouts.model.checks import Profile, check_sheet, official_buckets
from kok_layouts.model.loader import list_layouts, load_layout, parse_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.source import parse_yaml
from kok_layouts.model.writer import dump_mapping, key_lines, layout_mapping

Document = dict[str, Any]
"""A layout as plain values: what ``yaml.safe_load`` gives for a layout file."""

_PER_COLUMN_DEFAULTS = {"first": 2, "later": 1}
_GRID_KEYS = ("grid", "enclosures")


class DesignError(BadArgumentError):
    """Something the designer cannot do with a board (a bad size, an unreadable document)."""


@dataclass(frozen=True)
class Validation:
    """The outcome of ``kok validate`` on the board as it would be saved."""

    lines: tuple[str, ...]
    """One line per problem, exactly as ``kok validate`` prints it; empty when valid."""
    sheet: Sheet | None
    """The sheet, when the document builds one (even with structural problems left)."""
    places: tuple[tuple[int | None, int | None], ...] = ()
    """Each problem's line and column in the YAML text (``None`` where it has none), so
    the page can point at the line and at the cells or the field it is about."""

    @property
    def valid(self) -> bool:
        return not self.lines


def grid_size(doc: Mapping[str, Any]) -> tuple[int, int]:
    """Width and height of the document's grid; :class:`DesignError` if it has no drawable grid."""
    grid = doc.get("grid")
    if (not isinstance(grid, list) or not grid
            or not all(isinstance(row, str) and row for row in grid)):
        raise DesignError("the board needs a 'grid': a list of rows of letters")
    widths = {len(row) for row in grid}
    if len(widths) != 1:
        raise DesignError("the grid's rows differ in length; make them equal (kok validate "
                          "says which row) before designing it")
    return len(grid[0]), len(grid)


def check_document(doc: Any) -> Document:
    """A copy of ``doc`` if the designer can draw it, else :class:`DesignError`."""
    if not isinstance(doc, Mapping):
        raise DesignError("a layout is a mapping of keys (format, edition, grid, ...)")
    edition = doc.get("edition")
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise DesignError(f"the board's edition must be one of {', '.join(EDITIONS)}")
    grid_size(doc)
    palette = doc.get(EDITIONS[edition].palette_key)
    if not isinstance(palette, Mapping) or not palette:
        raise DesignError("the board needs its colours (animals for Kids) to paint with")
    result: Document = json.loads(json.dumps(doc, default=str))
    return result


def read_document(data: bytes, file: str) -> tuple[Document, str]:
    """The document in a layout file's bytes and its text; :class:`LayoutError` if it is
    not YAML at all, :class:`DesignError` if it has no grid to draw."""
    value, _ = parse_yaml(data, file)
    text = data.decode("utf-8")
    return check_document(value), text


def builtin_document(name: str) -> tuple[Document, str]:
    """A built-in layout's document and text, renamed so a save never shadows the original.
    Only a built-in's name or alias: never a path, so the page cannot read other files."""
    if not isinstance(name, str):
        raise KokTypeError(f"a built-in layout is named by text, not {type(name).__name__}")
    wanted = name.strip().lower()
    infos = list_layouts()
    found = next((info for info in infos if wanted == info.name or wanted in info.aliases),
                 None)
    if found is None:
        names = [info.name for info in infos]
        close = difflib.get_close_matches(wanted, names, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise UnknownLayoutError(f"unknown layout '{shown(name, 40)}': {hint}built-in "
                                 f"layouts are {', '.join(names)}")
    doc, text = read_document(found.path.read_bytes(), f"{found.name}.yaml")
    doc["name"] = f"my-{found.name}"
    doc["title"] = f"{doc.get('title', found.title)} (my version)"[:limits.TITLE_LENGTH]
    doc.pop("aliases", None)
    return doc, text


def _fill_colours(keys: list[str], width: int, height: int) -> list[str]:
    """Rows of a fresh grid: each colour in turn in long vertical runs, so every colour
    is used and the designer repaints from there."""
    per = max(1, width * height // len(keys))
    columns = [[keys[min((column * height + row) // per, len(keys) - 1)]
                for row in range(height)] for column in range(width)]
    return ["".join(columns[column][row] for column in range(width)) for row in range(height)]


def _edition(name: object) -> Edition:
    if not isinstance(name, str):
        raise KokTypeError(f"an edition is named by text ({', '.join(EDITIONS)}), not "
                           f"{type(name).__name__}")
    if name not in EDITIONS:
        raise DesignError(f"unknown edition {shown(name, 40)!r}; use {', '.join(EDITIONS)}")
    return EDITIONS[name]


def new_document(edition: str, width: int, height: int) -> Document:
    """A fresh board of ``width`` x ``height`` cells for ``edition``, with the colours, points
    and extras of the edition's printed sheet and no stars (Kids: its star column)."""
    chosen = _edition(edition)
    _check_size(width, height)
    doc = layout_mapping(load_layout(parts_of(chosen).template))
    doc.update(name="my-board", title="My board", edition=chosen.name,
               description=f"A {width} x {height} board drawn in kok design.")
    doc.pop("aliases", None)
    doc.pop("enclosures", None)
    keys = list(doc[chosen.palette_key])
    resized = resize(doc, width, height)
    resized["grid"] = _fill_colours(keys, width, height)
    if chosen.start_columns:
        resized["start_columns"] = [string.ascii_uppercase[width // 2]]
        resized["column_points"] = _column_points(width)
        if isinstance(resized.get("boxes"), dict):
            resized["boxes"]["cells"] = []
    else:  # Kids: every cell of the middle column has a star, and the buckets follow it
        middle = width // 2
        resized["grid"] = [row[:middle] + row[middle].upper() + row[middle + 1:]
                           for row in resized["grid"]]
        if isinstance(resized.get("buckets"), list):
            resized["buckets"] = official_buckets(width)
    return resized


def _column_points(width: int) -> dict[str, list[int]]:
    """Column points like the printed pads': most at the edges, least in the middle."""
    middle = (width - 1) / 2
    first, later = [], []
    for column in range(width):
        away = abs(column - middle) / middle if middle else 0.0
        value = 5 if away == 1.0 else 3 if away > 0.5 else 2 if away > 0 else 1
        first.append(value)
        later.append(max(0, value - 2) if value != 5 else 3)
    return {"first": first, "later": later}


def _check_size(width: object, height: object) -> None:
    for value, what in ((width, "width"), (height, "height")):
        if type(value) is not int:
            raise KokTypeError(f"the {what} is a whole number, not "
                               f"{shown_repr(value, 40)}")
    if width not in limits.WIDTH or height not in limits.HEIGHT:
        raise DesignError(f"a board is {limits.WIDTH.low} to {limits.WIDTH.high} columns wide "
                          f"and {limits.HEIGHT.low} to {limits.HEIGHT.high} rows high, not "
                          f"{width} x {height}")


def _resize_list(values: list[Any], width: int, default: Any) -> list[Any]:
    """A per-column (or per-row) list cut or padded with ``default`` to ``width`` values."""
    return values[:width] + [default] * max(0, width - len(values))


def _resize_rows(rows: list[str], width: int, height: int) -> list[str]:
    """Rows cut or extended: a new column repeats its left neighbour (without a star),
    a new row repeats the row above."""
    out = []
    for row in rows[:height]:
        if len(row) >= width:
            out.append(row[:width])
        else:
            out.append(row + row[-1].lower() * (width - len(row)))
    while len(out) < height:
        out.append(out[-1].lower())
    return out


def _cell_inside(name: Any, width: int, height: int) -> bool:
    if not isinstance(name, str) or len(name) < 2 or not name[1:].isdigit():
        return True  # not ours to judge: kok validate names it
    column = string.ascii_uppercase.find(name[0].upper())
    return 0 <= column < width and 1 <= int(name[1:]) <= height


def resize(doc: Mapping[str, Any], width: int, height: int) -> Document:
    """The board cut or extended to ``width`` x ``height``, with every per-column and
    per-row list following (points, buckets, visitors, rows, start columns, box cells)."""
    _check_size(width, height)
    result = check_document(doc)
    for key in _GRID_KEYS:
        rows = result.get(key)
        if isinstance(rows, list) and rows and all(isinstance(r, str) and r for r in rows):
            result[key] = _resize_rows(rows, width, height)
    letters = string.ascii_uppercase[:width]
    points = result.get("column_points")
    if isinstance(points, dict):
        for which, default in _PER_COLUMN_DEFAULTS.items():
            if isinstance(points.get(which), list):
                points[which] = _resize_list(points[which], width, default)
    if isinstance(result.get("buckets"), list):
        result["buckets"] = _resize_list(result["buckets"], width, 1)
    visitors = result.get("visitors")
    if isinstance(visitors, list):
        result["visitors"] = visitors[:width] + [
            f"visitor {letters[i]}" for i in range(len(visitors), width)]
    starts = result.get("start_columns")
    if isinstance(starts, list):
        kept = [c for c in starts if not isinstance(c, str) or c.upper() in letters]
        result["start_columns"] = kept or [letters[width // 2]]
    boxes = result.get("boxes")
    if isinstance(boxes, dict):
        if isinstance(boxes.get("cells"), list):
            boxes["cells"] = [c for c in boxes["cells"] if _cell_inside(c, width, height)]
        if isinstance(boxes.get("columns"), list):
            boxes["columns"] = [c for c in boxes["columns"]
                                if not isinstance(c, str) or c.upper() in letters]
    rows = result.get("rows")
    if isinstance(rows, dict):
        labels = rows.get("labels")
        if isinstance(labels, list):
            spare = [c for c in string.ascii_uppercase[::-1] if c not in labels]
            rows["labels"] = labels[:height] + spare[: max(0, height - len(labels))]
        if isinstance(rows.get("items"), list):
            rows["items"] = _resize_list(rows["items"], height, None)
    return result


# Writing YAML -------------------------------------------------------------------------


def _dump_key(key: str, value: Any, doc: Mapping[str, Any]) -> str:
    """One top-level key as the one writer of the format writes it."""
    return "\n".join(key_lines(key, value, doc)) + "\n"


_RULER = re.compile(r"^\s*#[\sA-Z]*$")
_KEY_LINE = re.compile(r"^([A-Za-z_][\w-]*)\s*:")


@dataclass
class _Block:
    key: str | None
    lines: list[str]
    """The key's lines, comment lines written just above it first."""
    comment: str = ""
    comment_column: int = 0


def _comment_of(line: str) -> tuple[str, int]:
    """A trailing ``# comment`` on a key line (outside quotes), and the column it starts at."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#" and index > 0 and line[index - 1] in " \t":
            return line[index:].rstrip("\n"), index
    return "", 0


def _blocks(text: str) -> tuple[list[_Block], list[str]]:
    """The top-level keys of a layout file's text with the comments that belong to them,
    and the lines after the last key that belong to none."""
    blocks: list[_Block] = []
    pending: list[str] = []
    for line in text.splitlines(keepends=True):
        match = _KEY_LINE.match(line)
        if match:
            comment, column = _comment_of(line)
            blocks.append(_Block(match.group(1), [*pending, line], comment, column))
            pending = []
        elif not line.strip() or line.startswith("#"):
            pending.append(line)
        elif blocks:
            blocks[-1].lines.extend([*pending, line])
            pending = []
        else:
            pending.append(line)
    return blocks, pending


def _prefix(block: _Block) -> list[str]:
    """The comment and blank lines written above a block's key."""
    out = []
    for line in block.lines:
        if _KEY_LINE.match(line):
            break
        out.append(line)
    return out


def _with_comment(dumped: str, block: _Block) -> str:
    """The key's new text with the comment the file had beside the key (in place of the
    writer's own, if it wrote one)."""
    if not block.comment:
        return dumped
    lines = dumped.split("\n")
    at = next((i for i, line in enumerate(lines) if _KEY_LINE.match(line)), 0)
    line = lines[at]
    comment, column = _comment_of(line)
    if comment:
        line = line[:column].rstrip()
    padding = max(block.comment_column - len(line), 1)
    lines[at] = f"{line}{' ' * padding}{block.comment}"
    return "\n".join(lines)


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True,
                                                                    default=str)


def to_yaml(doc: Mapping[str, Any], original: str | None = None) -> str:
    """The document as layout YAML. With the ``original`` text of the opened file, every
    top-level key whose value did not change keeps its text and comments exactly, a
    changed key keeps the comments above it and on its line, and the order of keys stays."""
    if not original:
        return dump_mapping(doc)
    try:
        old = yaml.safe_load(original)
    except yaml.YAMLError:
        old = None
    if not isinstance(old, dict):
        return dump_mapping(doc)
    blocks, tail = _blocks(original)
    out: list[str] = []
    seen: set[str] = set()
    for block in blocks:
        key = block.key
        if key is None or key in seen:
            continue
        seen.add(key)
        if key not in doc:
            out.extend(line for line in _prefix(block) if line.strip())
            continue
        if key in old and _same(old[key], doc[key]):
            text = "".join(block.lines)
            out.append(text if text.endswith("\n") else text + "\n")
        else:
            # A ruler of column letters above a changed list may no longer fit it.
            out.extend(line for line in _prefix(block) if not _RULER.match(line))
            out.append(_with_comment(_dump_key(key, doc[key], doc), block))
    out.extend(_dump_key(key, value, doc) for key, value in doc.items() if key not in seen)
    out.extend(tail)
    return "".join(out)


# Checking --------------------------------------------------------------------------------


def validate(text: str, file: str, profile: Profile = "basic") -> Validation:
    """``kok validate FILE --profile PROFILE`` on ``text`` as if it were saved at ``file``:
    the same lines in the same order."""
    try:
        sheet = parse_layout(text, file)
    except LayoutError as err:
        return Validation(tuple(str(p) for p in err.problems), None, _places(err.problems))
    problems: list[Problem] = check_sheet(sheet, profile)
    return Validation(tuple(str(p) for p in problems), sheet, _places(problems))


def _places(problems: Sequence[Problem]) -> tuple[tuple[int | None, int | None], ...]:
    return tuple((p.location.line, p.location.column) if p.location else (None, None)
                 for p in problems)


def copy_document(doc: Mapping[str, Any]) -> Document:
    return copy.deepcopy(dict(doc))


# Editing the grid as a whole: rows and columns anywhere, mirror and rotate ---------------

EDITS = ("insert_column", "delete_column", "insert_row", "delete_row", "mirror_columns",
         "mirror_rows", "rotate_180", "rotate_90")
"""What :func:`edit` does to a board: insert or delete a column or a row at a position
(0 is column A or row 1), mirror left to right or top to bottom, turn it half or a quarter
round (clockwise)."""

_Map = Any  # a function of a position, or None when a thing has no place on the new board


def _letter_index(value: Any) -> int | None:
    if isinstance(value, str) and len(value) == 1 and value.upper() in string.ascii_uppercase:
        return string.ascii_uppercase.index(value.upper())
    return None


def _cell_position(value: Any) -> tuple[int, int] | None:
    if isinstance(value, str) and len(value) >= 2 and value[1:].isdigit() and value[1:].isascii():
        column = _letter_index(value[0])
        if column is not None:
            return int(value[1:]) - 1, column
    return None


def _cell_label(row: int, column: int) -> str:
    return f"{string.ascii_uppercase[column]}{row + 1}"


def _apply(doc: Document, width: int, height: int, source: _Map, forward: _Map,
           column_source: _Map, row_source: _Map, column_forward: _Map,
           fresh_column: int | None = None, fresh_row: int | None = None) -> Document:
    """The board rebuilt at ``width`` x ``height``: each new cell from ``source(row, col)``
    (``(row, col, fresh)`` on the old board; a fresh cell loses its star), cell names and
    column letters moved by ``forward`` (``None``: gone), per-column and per-row lists
    taken from ``column_source`` and ``row_source``, column letters (start columns, box
    columns) moved by ``column_forward``; ``fresh_column`` and ``fresh_row`` are new."""
    for key in _GRID_KEYS:
        rows = doc.get(key)
        if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)):
            continue
        built = []
        for row in range(height):
            line = []
            for column in range(width):
                old_row, old_column, fresh = source(row, column)
                char = rows[old_row][old_column] if old_column < len(rows[old_row]) else "."
                line.append(char.lower() if fresh else char)
            built.append("".join(line))
        doc[key] = built

    def listed(values: list[Any], count: int, taken: _Map) -> list[Any]:
        out = []
        for index in range(count):
            old = taken(index)
            out.append(values[min(old, len(values) - 1)] if values else None)
        return out

    points = doc.get("column_points")
    if isinstance(points, dict):
        for which in _PER_COLUMN_DEFAULTS:
            if isinstance(points.get(which), list):
                points[which] = listed(points[which], width, column_source)
    if isinstance(doc.get("buckets"), list):
        doc["buckets"] = listed(doc["buckets"], width, column_source)
    visitors = doc.get("visitors")
    if isinstance(visitors, list):
        moved = listed(visitors, width, column_source)
        if fresh_column is not None:  # a new column's visitor gets a name of its own
            moved[fresh_column] = f"visitor {string.ascii_uppercase[fresh_column]}"
        doc["visitors"] = moved

    def letters(values: list[Any]) -> list[Any]:
        out = []
        for value in values:
            column = _letter_index(value)
            if column is None:
                out.append(value)
                continue
            moved = column_forward(column)
            if moved is not None:
                out.append(string.ascii_uppercase[moved])
        return sorted(set(out), key=str)

    if isinstance(doc.get("start_columns"), list):
        doc["start_columns"] = letters(doc["start_columns"])
    boxes = doc.get("boxes")
    if isinstance(boxes, dict):
        if isinstance(boxes.get("columns"), list):
            boxes["columns"] = letters(boxes["columns"])
        if isinstance(boxes.get("cells"), list):
            cells = []
            for value in boxes["cells"]:
                position = _cell_position(value)
                if position is None:
                    cells.append(value)
                elif (place := forward(*position)) is not None:
                    cells.append(_cell_label(*place))
            boxes["cells"] = cells
    rows_part = doc.get("rows")
    if isinstance(rows_part, dict):
        labels = rows_part.get("labels")
        if isinstance(labels, list) and labels:
            moved = [None if i == fresh_row else labels[min(row_source(i), len(labels) - 1)]
                     for i in range(height)]
            moved = [None if label in moved[:i] else label for i, label in enumerate(moved)]
            free = iter(c for c in string.ascii_uppercase[::-1] if c not in moved)
            rows_part["labels"] = [label if label is not None else next(free, "A")
                                   for label in moved]
        for key in ("items", "points"):
            if isinstance(rows_part.get(key), list):
                rows_part[key] = listed(rows_part[key], height, row_source)
    return doc


def edit(doc: Mapping[str, Any], operation: str, at: int = 0) -> Document:
    """The board with one edit of :data:`EDITS` done, every per-column and per-row part
    following it (points, buckets, visitors, start columns, boxes, row labels and items).
    A new row or column repeats its neighbour without stars."""
    if operation not in EDITS:
        raise DesignError(f"unknown edit {shown(str(operation), 40)!r}; use "
                          f"{', '.join(EDITS)}")
    result = check_document(doc)
    width, height = grid_size(result)
    if type(at) is not int:
        raise KokTypeError(f"the position is a whole number, not {shown_repr(at, 40)}")
    limit = {"insert_column": width, "delete_column": width - 1,
             "insert_row": height, "delete_row": height - 1}.get(operation)
    if limit is not None and not 0 <= at <= limit:
        what = "column" if "column" in operation else "row"
        raise DesignError(f"there is no {what} at position {at + 1}; the board has "
                          f"{width if what == 'column' else height} {what}s")
    same = lambda index: index  # noqa: E731
    if operation == "insert_column":
        _check_size(width + 1, height)
        near = min(at, width - 1)
        return _apply(
            result, width + 1, height,
            lambda r, c: (r, near if c == at else c - (c > at), c == at),
            lambda r, c: (r, c + (c >= at)),
            lambda c: near if c == at else c - (c > at), same,
            lambda c: c + (c >= at), fresh_column=at)
    if operation == "delete_column":
        _check_size(width - 1, height)
        return _apply(
            result, width - 1, height, lambda r, c: (r, c + (c >= at), False),
            lambda r, c: None if c == at else (r, c - (c > at)),
            lambda c: c + (c >= at), same, lambda c: None if c == at else c - (c > at))
    if operation == "insert_row":
        _check_size(width, height + 1)
        near = min(at, height - 1)
        return _apply(
            result, width, height + 1,
            lambda r, c: (near if r == at else r - (r > at), c, r == at),
            lambda r, c: (r + (r >= at), c), same,
            lambda r: near if r == at else r - (r > at), same, fresh_row=at)
    if operation == "delete_row":
        _check_size(width, height - 1)
        return _apply(
            result, width, height - 1, lambda r, c: (r + (r >= at), c, False),
            lambda r, c: None if r == at else (r - (r > at), c), same,
            lambda r: r + (r >= at), same)
    if operation == "mirror_columns":
        return _apply(result, width, height, lambda r, c: (r, width - 1 - c, False),
                      lambda r, c: (r, width - 1 - c), lambda c: width - 1 - c, same,
                      lambda c: width - 1 - c)
    if operation == "mirror_rows":
        return _apply(result, width, height, lambda r, c: (height - 1 - r, c, False),
                      lambda r, c: (height - 1 - r, c), same, lambda r: height - 1 - r, same)
    if operation == "rotate_180":
        return _apply(result, width, height,
                      lambda r, c: (height - 1 - r, width - 1 - c, False),
                      lambda r, c: (height - 1 - r, width - 1 - c),
                      lambda c: width - 1 - c, lambda r: height - 1 - r,
                      lambda c: width - 1 - c)
    # A quarter turn clockwise: columns become rows, so the lists along them are cut or
    # padded to the new size as a resize does, and start columns start in the middle.
    _check_size(height, width)
    turned = _apply(result, height, width, lambda r, c: (height - 1 - c, r, False),
                    lambda r, c: (c, height - 1 - r),
                    lambda c: min(c, width - 1), lambda r: min(r, height - 1),
                    lambda c: None)
    return resize(turned, height, width)
