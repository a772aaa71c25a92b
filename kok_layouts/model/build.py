"""Turning a schema-valid layout mapping into a sheet.

What the schema cannot say (every row as long as the first, every letter a known colour,
one value per column, named cells on the board) is checked here; all problems are
collected and raised together, each at its place in the file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from kok_layouts import limits
from kok_layouts.errors import LayoutError, Problem
from kok_layouts.model.grid import Cell, Geometry, column_index, column_letter
from kok_layouts.model.sheet import (
    Colour,
    Points,
    RowRule,
    Sheet,
)
from kok_layouts.model.source import SourceMap, SourcePath


class _Collector:
    """The structural problems found so far.

    ``lenient`` is for a layout that broke its schema: the structural checks still run, so
    that every problem is reported at once, but a check whose values are missing or of the
    wrong kind (already reported by the schema) is skipped instead of failing.
    """

    def __init__(self, source: SourceMap, lenient: bool = False) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.lenient = lenient

    @contextmanager
    def part(self) -> Iterator[None]:
        """One check, skipped in a lenient pass where its values are not there."""
        try:
            yield
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            if not self.lenient:
                raise

    def add(self, code: str, path: SourcePath, message: str) -> None:
        self.problems.append(Problem(code, message, self.source.locate(path)))


def _grid(data: dict[str, Any], palette_key: str, out: _Collector,
          ) -> tuple[Geometry, list[str | None], set[Cell]]:
    rows: list[str] = data["grid"]
    width, height = len(rows[0]), len(rows)
    geometry = Geometry(width, height)
    palette = data.get(palette_key)
    known = set(palette) if isinstance(palette, dict) else None  # None: the schema said why
    cells: list[str | None] = []
    stars: set[Cell] = set()
    for r, row in enumerate(rows):
        if len(row) != width:
            out.add("grid-ragged", ("grid", r),
                    f"grid row {r + 1} has {len(row)} cells, but row 1 has {width}; "
                    "every row must be as long as the first")
        for c in range(width):
            letter = row[c] if c < len(row) else "."
            if letter == ".":
                cells.append(None)
                continue
            key = letter.lower()
            if known is not None and key not in known:
                out.add("grid-letter", ("grid", r, c),
                        f"grid row {r + 1} column {column_letter(c)}: letter {letter!r} is not a "
                        f"{palette_key[:-1]} of this layout (known: {', '.join(sorted(known))}); "
                        f"add it under {palette_key}: or fix the letter")
                cells.append(None)
                continue
            cells.append(key)
            if letter.isupper():
                stars.add(geometry.cell(c, r))
    if width not in limits.WIDTH or height not in limits.HEIGHT:
        out.add("grid-size", ("grid",), f"grid is {width} x {height}; a sheet has "
                f"{limits.WIDTH.low}..{limits.WIDTH.high} columns and "
                f"{limits.HEIGHT.low}..{limits.HEIGHT.high} rows")
    return geometry, cells, stars


def _per_column(values: Sequence[Any], path: SourcePath, width: int, what: str,
                out: _Collector) -> None:
    if len(values) != width:
        out.add("list-length", path, f"{what} has {len(values)} values, but the grid has "
                f"{width} columns; give one per column, left to right")


def _columns(letters: Sequence[str], path: SourcePath, width: int, out: _Collector) -> list[int]:
    columns = []
    for i, letter in enumerate(letters):
        column = column_index(letter)
        if column >= width:
            out.add("column-off-grid", (*path, i), f"column {letter} is off the grid, which has "
                    f"columns A..{column_letter(width - 1)}")
        else:
            columns.append(column)
    return columns


def _common(data: dict[str, Any], source: SourceMap, palette_key: str,
            out: _Collector) -> dict[str, Any]:
    geometry, cells, stars = _grid(data, palette_key, out)
    return {
        "name": data["name"],
        "title": data["title"],
        "aliases": tuple(data.get("aliases", ())),
        "description": data.get("description", ""),
        "geometry": geometry,
        "cell_colours": tuple(cells),
        "stars": frozenset(stars),
        "exclamation_marks": data["exclamation_marks"],
        "source": source,
    }


def classic_fields(data: dict[str, Any], common: dict[str, Any], out: _Collector,
                    ) -> dict[str, Any]:
    width = common["geometry"].width
    for key in ("first", "later"):
        with out.part():
            _per_column(data["column_points"][key], ("column_points", key), width,
                        f"column_points.{key}", out)
    starts: tuple[int, ...] = ()
    with out.part():
        starts = tuple(_columns(data["start_columns"], ("start_columns",), width, out))
    points = data["column_points"]
    return {
        **common,
        "colours": tuple(Colour(key, c["name"], c["print"]) for key, c in data["colours"].items()),
        "start_columns": starts,
        "column_points": tuple(Points(f, lt) for f, lt in zip(points["first"], points["later"],
                                                              strict=False)),
        "colour_bonus": Points(data["colour_bonus"]["first"], data["colour_bonus"]["later"]),
        "star_penalty": data["star_penalty"],
        "mark_points": data.get("mark_points", 1),
    }


def _board_cell(name: str, path: SourcePath, geometry: Geometry, cells: Sequence[str | None],
                out: _Collector) -> Cell | None:
    try:
        cell = geometry.parse(name)
    except ValueError as err:
        out.add("cell-off-grid", path, str(err))
        return None
    if cells[cell] is None:
        out.add("cell-hole", path, f"cell {name} is a hole, not part of the board")
        return None
    return cell


def kok2_fields(data: dict[str, Any], fields: dict[str, Any], out: _Collector) -> dict[str, Any]:
    geometry: Geometry = fields["geometry"]
    rows = data["rows"]
    height = geometry.height
    points = rows["points"]
    row_points = [points] * height if isinstance(points, int) else list(points)
    for key in ("labels", "items", "points"):
        with out.part():
            values = row_points if key == "points" else rows[key]
            if len(values) != height:
                out.add("list-length", ("rows", key), f"rows.{key} has {len(values)} values, "
                        f"but the grid has {height} rows; give one per row, top to bottom")
    boxes = data["boxes"]
    box_cells: list[Cell | None] = []
    for i, name in enumerate(boxes["cells"]):
        with out.part():
            box_cells.append(_board_cell(name, ("boxes", "cells", i), geometry,
                                         fields["cell_colours"], out))
    with out.part():
        if boxes["available_at_start"] > boxes["count"]:
            out.add("boxes-start", ("boxes", "available_at_start"),
                    f"{boxes['available_at_start']} boxes available at the start, but only "
                    f"{boxes['count']} are printed")
    return {
        **fields,
        "rows": tuple(RowRule(label, pts, item) for label, pts, item
                      in zip(rows["labels"], row_points, rows["items"], strict=False)),
        "box_cells": frozenset(c for c in box_cells if c is not None),
        "box_count": boxes["count"],
        "boxes_at_start": boxes["available_at_start"],
        "box_points": boxes["points"],
        "box_columns": tuple(_columns(boxes["columns"], ("boxes", "columns"), geometry.width, out)),
        "heart_track": data["hearts"]["track"],
        "column_hearts": data["hearts"]["under_columns"],
        "special_faces": tuple(data["special_die"]),
    }


def _enclosures(data: dict[str, Any], geometry: Geometry, cells: Sequence[str | None],
                out: _Collector) -> tuple[int | None, ...]:
    labels: list[str] | None = data.get("enclosures")
    if labels is not None and (len(labels) != geometry.height
                               or any(len(r) != geometry.width for r in labels)):
        bad = next((i for i, r in enumerate(labels) if len(r) != geometry.width), None)
        out.add("enclosures-shape", ("enclosures",) if bad is None else ("enclosures", bad),
                f"enclosures must have the grid's shape ({geometry.width} x {geometry.height})")
        labels = None
    index: list[int | None] = [None] * geometry.size
    count = 0
    for start in range(geometry.size):
        if cells[start] is None or index[start] is not None:
            continue
        index[start] = count
        stack = [start]
        while stack:
            here = stack.pop()
            for nxt in geometry.neighbours[here]:
                if index[nxt] is not None or cells[nxt] != cells[here]:
                    continue
                if labels is not None:
                    w = geometry.width
                    if labels[nxt // w][nxt % w] != labels[here // w][here % w]:
                        continue
                index[nxt] = count
                stack.append(nxt)
        count += 1
    return tuple(index)


def kids_fields(data: dict[str, Any], common: dict[str, Any], out: _Collector) -> dict[str, Any]:
    geometry: Geometry = common["geometry"]
    for key in ("buckets", "visitors"):
        with out.part():
            _per_column(data[key], (key,), geometry.width, key, out)
    return {
        **common,
        "colours": tuple(Colour(key, a["name"], a["print"], a["colour"])
                         for key, a in data["animals"].items()),
        "enclosure_of": _enclosures(data, geometry, common["cell_colours"], out),
        "buckets": tuple(data["buckets"]),
        "visitors": tuple(data["visitors"]),
        "food_boxes": data["food_boxes"],
        "chameleon_every": data["chameleon_every"],
    }


def structure_problems(data: Any, source: SourceMap) -> list[Problem]:
    """The structural problems of a layout that broke its schema, as far as they can be
    told (a ragged grid, an unknown letter, a list without one value per column), so that
    ``kok validate`` reports every problem at once; checks whose values the schema
    refused are skipped."""
    from kok_layouts.model.kinds import find_sheet_kind

    kind = find_sheet_kind(data.get("edition") if isinstance(data, dict) else None)
    out = _Collector(source, lenient=True)
    if kind is None:
        return []
    with out.part():
        geometry, cells, stars = _grid(data, kind.palette_key, out)
        common = {"geometry": geometry, "cell_colours": tuple(cells), "stars": stars}
        kind.fields(data, common, out)
    return out.problems


def build_sheet(data: dict[str, Any], source: SourceMap) -> Sheet:
    """The sheet described by ``data``, which has passed its edition's schema."""
    from kok_layouts.model.kinds import sheet_kind

    out = _Collector(source)
    kind = sheet_kind(data["edition"])
    fields = kind.fields(data, _common(data, source, kind.palette_key, out), out)
    if out.problems:
        raise LayoutError("structure", out.problems)
    return kind.sheet_type(**fields)
