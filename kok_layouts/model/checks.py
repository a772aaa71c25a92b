"""Structural checks of a sheet: every problem at once, like a status flag set.

Two profiles: ``basic`` holds for any sheet that can be played; ``official`` adds the
invariants every official printed pad of the edition holds (official-sheets.md), so a
designer can make a custom board "like the real ones".
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, Problem, shown, shown_repr
from kok_layouts.model.grid import Cell, column_letter
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.model.source import SourcePath

Profile = Literal["basic", "official"]
PROFILES: tuple[Profile, ...] = ("basic", "official")

OFFICIAL_CLASSIC_SIZE = (15, 7)
OFFICIAL_AREA_SIZES = [1, 2, 3, 4, 5, 6]
OFFICIAL_KIDS_SIZE = (13, 5)


class Report:
    """The problems found so far, each located in the sheet's file where it has one."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.problems: list[Problem] = []

    def add(self, code: str, path: SourcePath, message: str, *, key: bool = False) -> None:
        source = self.sheet.source
        where = None
        if source is not None:
            where = source.locate_key(path) if key else source.locate(path)
        self.problems.append(Problem(code, message, where))

    def at_cell(self, code: str, cell: Cell, message: str) -> None:
        width = self.sheet.width
        self.add(code, ("grid", cell // width, cell % width), message)


def _palette_key(sheet: Sheet) -> str:
    from kok_layouts.model.kinds import sheet_kind

    return sheet_kind(sheet).palette_key


def printed_numbers(sheet: Sheet) -> tuple[SourcePath, str] | None:
    """The first printed number of ``sheet`` (column points, Kids buckets, colour bonus)
    that is not a whole number within its bounds (:mod:`kok_layouts.limits`), as (where,
    what is wrong); ``None`` when all are. A layout file cannot hold such a number (its
    schema refuses it); a sheet made in code can, and no game can be scored with it."""
    from kok_layouts.model.kinds import sheet_kind

    kind = sheet_kind(sheet)
    first, later = kind.column_rewards(sheet)
    bounds, field = kind.column_bounds, kind.column_field
    bonus = getattr(sheet, "colour_bonus", None)
    checks: list[tuple[SourcePath, limits.Bounds, object]] = [
        ((field, index), bounds, value) for index, value in enumerate(first)]
    checks += [((field, index), bounds, value) for index, value in enumerate(later)]
    if bonus is not None:
        checks += [(("colour_bonus", "first"), limits.POINTS, getattr(bonus, "first", None)),
                   (("colour_bonus", "later"), limits.POINTS, getattr(bonus, "later", None))]
    for name in ("star_penalty", "mark_points"):  # (the schema's 0 to 99, as points)
        if hasattr(sheet, name):
            checks.append(((name,), limits.POINTS, getattr(sheet, name)))
    for where, limit, value in checks:
        if type(value) is not int or not limit.low <= value <= limit.high:
            return where, f"{limit.what} is {limit}, not {shown_repr(value, 40)}"
    return None


def refuse_unprintable(sheet: Sheet) -> None:
    """:class:`BadArgumentError` for a sheet with a :func:`printed_numbers` problem: the
    check of everything that plays or scores a sheet made in code."""
    wrong = printed_numbers(sheet)
    if wrong is not None:
        raise BadArgumentError(f"{shown(sheet.name, 40)}: {wrong[1]} (at "
                               f"{'.'.join(str(part) for part in wrong[0])})")


def _basic(sheet: Sheet, report: Report) -> None:
    wrong = printed_numbers(sheet)
    if wrong is not None:
        report.add("number-range", wrong[0], wrong[1])
    used = Counter(key for key in sheet.cell_colours if key is not None)
    names = Counter(colour.name.lower() for colour in sheet.colours)
    for colour in sheet.colours:
        if not used[colour.key]:
            report.add("colour-unused", (_palette_key(sheet), colour.key),
                       f"{colour.name} ({colour.key}) is declared but no cell of the grid has it; "
                       "use it in the grid or remove it", key=True)
        if names[colour.name.lower()] > 1:
            report.add("colour-name-twice", (_palette_key(sheet), colour.key),
                       f"two colours are called {colour.name!r}; names must differ", key=True)


def classic_checks(sheet: ClassicSheet, report: Report, profile: Profile) -> None:
    """What a classic sheet adds to the basic checks, and the official classic pads'
    invariants."""
    for index, column in enumerate(sheet.start_columns):
        if not sheet.column_cells(column):
            report.add("start-empty", ("start_columns", index),
                       f"start column {column_letter(column)} has no board cells")
    if profile == "official":
        _official_classic(sheet, report)


def kok2_checks(sheet: Kok2Sheet, report: Report, profile: Profile) -> None:
    """The classic checks, then what boxes and the official Keer op Keer 2 sheet add."""
    classic_checks(sheet, report, profile)
    if sheet.box_columns and not sheet.box_count:
        report.add("boxes-none", ("boxes", "count"), "columns give boxes, but no box is printed")
    if profile == "official":
        _official_kok2(sheet, report)


def kids_checks(sheet: KidsSheet, report: Report, profile: Profile) -> None:
    """What a Kids sheet needs to be played (a star, a reachable chameleon), and the
    official Kids sheet's invariants."""
    if not sheet.stars:
        report.add("no-star", ("grid",), "no cell has a star, so no enclosure can be crossed "
                   "first; write the start cells in UPPERCASE")
    if sheet.exclamation_marks and sheet.chameleon_every > sheet.exclamation_marks:
        report.add("no-chameleon", ("chameleon_every",),
                   f"a chameleon needs {sheet.chameleon_every} marks but the sheet has only "
                   f"{sheet.exclamation_marks}")
    if profile == "official":
        _official_kids(sheet, report)


def _official_classic(sheet: ClassicSheet, report: Report) -> None:
    width, height = OFFICIAL_CLASSIC_SIZE
    if (sheet.width, sheet.height) != (width, height):
        report.add("official-size", ("grid",), f"grid is {sheet.width} x {sheet.height}; "
                   f"official sheets are {width} x {height}")
        return
    if len(sheet.board_cells) != sheet.geometry.size:
        report.at_cell("official-holes", next(c for c, k in enumerate(sheet.cell_colours) if not k),
                       "official sheets have no holes")
    if len(sheet.colours) != 5:
        report.add("official-colours", ("colours",),
                   f"{len(sheet.colours)} colours; official sheets have 5")
    for colour in sheet.colours:
        cells = sheet.cells_of_colour(colour.key)
        path: SourcePath = ("colours", colour.key)
        if len(cells) != 21:
            report.add("official-colour-cells", path, f"{colour.name} has {len(cells)} cells; "
                       "official sheets have 21 of every colour", key=True)
        areas = [a for a in sheet.areas if a.colour == colour.key]
        sizes = sorted(len(a) for a in areas)
        if sizes != OFFICIAL_AREA_SIZES:
            report.add("official-areas", path, f"{colour.name} areas have sizes "
                       f"{', '.join(map(str, sizes))}; official sheets have one area of each "
                       "size 1, 2, 3, 4, 5 and 6", key=True)
        stars = [c for c in cells if c in sheet.stars]
        if len(stars) != 3:
            report.add("official-colour-stars", path, f"{colour.name} has {len(stars)} stars; "
                       "official sheets have 3 per colour", key=True)
        for area in areas:
            in_area = sorted(area.cells & sheet.stars)
            if len(in_area) > 1:
                report.at_cell("official-area-stars", in_area[1],
                               f"{colour.name} area at {sheet.cell_name(min(area.cells))} has "
                               f"{len(in_area)} stars; official sheets have at most one per area")
    if len(sheet.stars) != 15:
        report.add("official-stars", ("grid",),
                   f"{len(sheet.stars)} stars; official sheets have 15")
    for column in range(sheet.width):
        cells = sheet.column_cells(column)
        letter = column_letter(column)
        top: Cell = sheet.geometry.cell(column, 0)
        stars = [c for c in cells if c in sheet.stars]
        if len(stars) != 1:
            report.at_cell("official-column-stars", top, f"column {letter} has {len(stars)} stars; "
                           "official sheets have one per column")
        keys = [sheet.cell_colours[c] for c in cells]
        runs = [k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k]
        if len(set(keys)) != len(sheet.colours) or len(runs) != len(set(runs)):
            report.at_cell("official-column-runs", top, f"column {letter} has colours "
                           f"{''.join(k or '.' for k in keys)}; official sheets hold every colour "
                           "in each column, each colour as one vertical run")


def _official_kok2(sheet: Kok2Sheet, report: Report) -> None:
    for colour in sheet.colours:
        six = [a for a in sheet.areas if a.colour == colour.key and len(a) == 6]
        boxes = [c for area in six for c in area.cells & sheet.box_cells]
        if len(boxes) != 1:
            report.add("official-box-cells", ("boxes", "cells"),
                       f"{colour.name}'s 6-cell area has {len(boxes)} box cells; the official "
                       "sheet has one box cell in each colour's 6-cell area")
    outside = [c for c in sheet.box_cells
               if len(sheet.areas[sheet.area_of[c] or 0]) != 6]
    for cell in outside:
        report.at_cell("official-box-cells", cell, f"box cell {sheet.cell_name(cell)} is not in a "
                       "6-cell area")


def official_buckets(width: int) -> list[int]:
    """The bucket rule of docs/rules.md section 3: 2, 2, 1, ..., 1, 0 (star column), 1, ...,
    2, 2."""
    buckets = [1] * width
    buckets[0] = buckets[1] = buckets[-1] = buckets[-2] = 2
    buckets[width // 2] = 0
    return buckets


def _official_kids(sheet: KidsSheet, report: Report) -> None:
    width, height = OFFICIAL_KIDS_SIZE
    if (sheet.width, sheet.height) != (width, height):
        report.add("official-size", ("grid",), f"grid is {sheet.width} x {sheet.height}; "
                   f"the Kids sheet is {width} x {height}")
        return
    for area in sheet.enclosures:
        if not 1 <= len(area) <= 4:
            report.at_cell("official-enclosure-size", min(area.cells),
                           f"enclosure at {sheet.cell_name(min(area.cells))} has "
                           f"{len(area)} cells; enclosures have 1 to 4")
    middle = set(sheet.column_cells(sheet.middle_column))
    if len(middle) != height or not middle <= sheet.stars:
        report.add("official-star-column", ("grid",), f"every cell of the middle column "
                   f"{column_letter(sheet.middle_column)} must hold a star")
    for cell in sorted(sheet.stars - middle):
        report.at_cell("official-star-column", cell, f"star at {sheet.cell_name(cell)} is outside "
                       "the middle column")
    if list(sheet.buckets) != official_buckets(sheet.width):
        expected = " ".join(map(str, official_buckets(sheet.width)))
        report.add("official-buckets", ("buckets",), f"buckets must be {expected} (2 under the two "
                   "outermost columns on each side, 0 under the star column, 1 under the others)")


def validate_sheet(sheet: Sheet, profile: Profile = "basic") -> list[Problem]:
    """Every structural problem of ``sheet`` under ``profile``, in file order: what
    ``kok validate`` prints. (``kok check`` is the solvability and balance report,
    :func:`kok_layouts.analysis.check.check`.)"""
    from kok_layouts.model.kinds import sheet_kind

    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"validate_sheet validates a sheet, not {type(sheet).__name__}")
    if profile not in PROFILES:
        raise BadArgumentError(f"profile is one of {', '.join(PROFILES)}, not {profile!r:.40}")
    report = Report(sheet)
    _basic(sheet, report)
    sheet_kind(sheet).checks(sheet, report, profile)
    return sorted(report.problems, key=lambda p: (p.location.line, p.location.column)
                  if p.location else (0, 0))


check_sheet = validate_sheet
"""The former name of :func:`validate_sheet`, kept so that older code runs."""
