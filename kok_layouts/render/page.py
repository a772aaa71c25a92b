"""Putting sheets on paper: 1, 2 or 4 per page, margins that survive a laminator, cut marks.

The page turns to show sheets upright at their largest (a classic sheet is wider than
high, so it gets a landscape page one-up); every sheet is fitted into its own slot, so a
mixed document sizes each sheet for itself. The same page description drives the PDF and
the PNG backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from kok_layouts.errors import BadArgumentError
from kok_layouts.render.scene import INK, Line

Paper = Literal["a4", "letter"]
PAPER_SIZES: dict[Paper, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PER_PAGE = (1, 2, 4)
MARGIN = 10.0
"""Millimetres between a sheet's content and every cut (page edge or cut line): at least
8 mm are needed so that a laminating pouch seals around the content."""
CROP_FROM, CROP_TO = 5.0, 12.0
"""Crop marks run from 5 to 12 mm in from the page edge: home printers leave the outer
3..5 mm blank, so a mark on the edge itself would not print."""
DASH, GAP = 3.0, 2.0
"""The dashed cut line between sheets: 3 mm drawn, 2 mm left out."""
CUT_WIDTH = 0.25

Slot = tuple[float, float, float, float]
"""A part of the page for one sheet: x, y, width, height in mm."""


@dataclass(frozen=True)
class Placement:
    """Where one sheet goes on a page: the top left of its box in mm, its scale, whether
    it is turned a quarter (then its top faces left), and the slot it was fitted into."""

    x: float
    y: float
    scale: float
    rotated: bool
    slot: Slot


@dataclass(frozen=True)
class PageLayout:
    """A page's size, its slots in filling order and its cut marks. ``turn`` allows a
    sheet to be turned a quarter when that makes it bigger (only when the orientation was
    chosen by hand; by default the page itself turns and sheets stay upright)."""

    width: float
    height: float
    slots: tuple[Slot, ...]
    cut_marks: tuple[Line, ...]
    turn: bool = False
    margin: float = MARGIN

    def placement(self, sheet_w: float, sheet_h: float, index: int = 0) -> Placement:
        """Where a sheet of ``sheet_w`` x ``sheet_h`` mm goes in slot ``index``."""
        return fit(sheet_w, sheet_h, self.slots[index % len(self.slots)], self.turn,
                   self.margin)


def page_size(paper: Paper, landscape: bool) -> tuple[float, float]:
    width, height = PAPER_SIZES[paper]
    return (height, width) if landscape else (width, height)


def _slots(width: float, height: float, per_page: int) -> tuple[Slot, ...]:
    if per_page == 1:
        return ((0.0, 0.0, width, height),)
    if per_page == 2:
        if width >= height:
            return ((0.0, 0.0, width / 2, height), (width / 2, 0.0, width / 2, height))
        return ((0.0, 0.0, width, height / 2), (0.0, height / 2, width, height / 2))
    if per_page == 4:
        w, h = width / 2, height / 2
        return ((0.0, 0.0, w, h), (w, 0.0, w, h), (0.0, h, w, h), (w, h, w, h))
    raise BadArgumentError(f"per_page is 1, 2 or 4, not {per_page!r}")


def _dashes(x1: float, y1: float, x2: float, y2: float) -> list[Line]:
    """A dashed line from (x1, y1) to (x2, y2), as short solid pieces (both backends draw
    them alike)."""
    length = abs(x2 - x1) + abs(y2 - y1)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    lines: list[Line] = []
    at = 0.0
    while at < length:
        end = min(at + DASH, length)
        lines.append(Line(x1 + dx * at, y1 + dy * at, x1 + dx * end, y1 + dy * end, INK,
                          CUT_WIDTH))
        at += DASH + GAP
    return lines


def _cut_marks(width: float, height: float, per_page: int) -> tuple[Line, ...]:
    """A dashed line along every cut between sheets, and solid crop marks where each cut
    meets the page's printable area (5..12 mm in from the edge)."""
    if per_page == 1:
        return ()
    marks: list[Line] = []
    vertical = per_page == 4 or (per_page == 2 and width >= height)
    horizontal = per_page == 4 or (per_page == 2 and width < height)
    if vertical:
        x = width / 2
        marks += _dashes(x, 0.0, x, height)
        marks += [Line(x, CROP_FROM, x, CROP_TO, INK, CUT_WIDTH * 2),
                  Line(x, height - CROP_TO, x, height - CROP_FROM, INK, CUT_WIDTH * 2)]
    if horizontal:
        y = height / 2
        marks += _dashes(0.0, y, width, y)
        marks += [Line(CROP_FROM, y, CROP_TO, y, INK, CUT_WIDTH * 2),
                  Line(width - CROP_TO, y, width - CROP_FROM, y, INK, CUT_WIDTH * 2)]
    return tuple(marks)


def fit(sheet_w: float, sheet_h: float, slot: Slot, turn: bool = False,
        margin: float = MARGIN) -> Placement:
    """The largest placement of a sheet in a slot with ``margin`` all round; turned a
    quarter only if ``turn`` allows it and that makes the sheet bigger."""
    sx, sy, sw, sh = slot
    room_w, room_h = sw - 2 * margin, sh - 2 * margin
    straight = min(room_w / sheet_w, room_h / sheet_h)
    turned = min(room_w / sheet_h, room_h / sheet_w)
    rotated = turn and turned > straight * 1.02
    scale = turned if rotated else straight
    w, h = (sheet_h * scale, sheet_w * scale) if rotated else (sheet_w * scale, sheet_h * scale)
    return Placement(sx + (sw - w) / 2, sy + (sh - h) / 2, scale, rotated, slot)


def upright_landscape(sizes: Sequence[tuple[float, float]], paper: Paper,
                      per_page: int) -> bool:
    """Whether landscape pages show these sheets upright at a larger size than portrait
    pages do (the smallest sheet's scale decides; a tie stays portrait)."""
    def smallest(landscape: bool) -> float:
        slot = _slots(*page_size(paper, landscape), per_page)[0]
        return min(fit(w, h, slot).scale for w, h in sizes)
    return smallest(True) > smallest(False) * 1.001


def page_for(sizes: Sequence[tuple[float, float]], paper: Paper = "a4",
             landscape: bool | None = None, per_page: int = 1) -> PageLayout:
    """The page for sheets of these sizes: ``landscape`` None picks the orientation that
    shows them upright and largest; True or False forces it (sheets may then turn)."""
    chosen = upright_landscape(sizes, paper, per_page) if landscape is None else landscape
    width, height = page_size(paper, chosen)
    return PageLayout(width, height, _slots(width, height, per_page),
                      _cut_marks(width, height, per_page), turn=landscape is not None)


def layout_page(sheet_w: float, sheet_h: float, paper: Paper = "a4",
                landscape: bool | None = None, per_page: int = 1) -> PageLayout:
    """The page for ``per_page`` sheets of ``sheet_w`` x ``sheet_h`` mm."""
    return page_for([(sheet_w, sheet_h)], paper, landscape, per_page)
