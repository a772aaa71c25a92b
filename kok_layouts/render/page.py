"""Putting sheets on paper: 1, 2 or 4 per page, margins that survive a laminator, cut marks.

The same page description drives the PDF and the PNG backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kok_layouts.render.scene import GREY, Line

Paper = Literal["a4", "letter"]
PAPER_SIZES: dict[Paper, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PER_PAGE = (1, 2, 4)
MARGIN = 10.0
"""Millimetres between a sheet's content and every cut (page edge or cut line): at least
8 mm are needed so that a laminating pouch seals around the content."""
CUT_TICK = 5.0


@dataclass(frozen=True)
class Placement:
    """Where one sheet goes on a page: the top left of its box in mm, its scale, whether
    it is turned a quarter (then its top faces left), and the slot it was fitted into."""

    x: float
    y: float
    scale: float
    rotated: bool
    slot: tuple[float, float, float, float]


@dataclass(frozen=True)
class PageLayout:
    width: float
    height: float
    placements: tuple[Placement, ...]
    cut_marks: tuple[Line, ...]


def page_size(paper: Paper, landscape: bool) -> tuple[float, float]:
    width, height = PAPER_SIZES[paper]
    return (height, width) if landscape else (width, height)


def _slots(width: float, height: float, per_page: int) -> list[tuple[float, float, float, float]]:
    if per_page == 1:
        return [(0.0, 0.0, width, height)]
    if per_page == 2:
        if width >= height:
            return [(0.0, 0.0, width / 2, height), (width / 2, 0.0, width / 2, height)]
        return [(0.0, 0.0, width, height / 2), (0.0, height / 2, width, height / 2)]
    if per_page == 4:
        w, h = width / 2, height / 2
        return [(0.0, 0.0, w, h), (w, 0.0, w, h), (0.0, h, w, h), (w, h, w, h)]
    raise ValueError(f"{per_page} sheets per page; use 1, 2 or 4")


def _cut_marks(width: float, height: float, per_page: int) -> tuple[Line, ...]:
    marks: list[Line] = []
    if per_page == 1:
        return ()
    vertical = per_page == 4 or (per_page == 2 and width >= height)
    horizontal = per_page == 4 or (per_page == 2 and width < height)
    ink, thin = GREY, 0.25
    if vertical:
        x = width / 2
        marks += [Line(x, 0, x, CUT_TICK, ink, thin),
                  Line(x, height - CUT_TICK, x, height, ink, thin)]
    if horizontal:
        y = height / 2
        marks += [Line(0, y, CUT_TICK, y, ink, thin),
                  Line(width - CUT_TICK, y, width, y, ink, thin)]
    if vertical and horizontal:
        x, y = width / 2, height / 2
        marks += [Line(x - CUT_TICK / 2, y, x + CUT_TICK / 2, y, ink, thin),
                  Line(x, y - CUT_TICK / 2, x, y + CUT_TICK / 2, ink, thin)]
    return tuple(marks)


def fit(sheet_w: float, sheet_h: float, slot: tuple[float, float, float, float]) -> Placement:
    """The largest placement of a sheet in a slot with :data:`MARGIN` all round."""
    sx, sy, sw, sh = slot
    room_w, room_h = sw - 2 * MARGIN, sh - 2 * MARGIN
    straight = min(room_w / sheet_w, room_h / sheet_h)
    turned = min(room_w / sheet_h, room_h / sheet_w)
    rotated = turned > straight * 1.02
    scale = turned if rotated else straight
    w, h = (sheet_h * scale, sheet_w * scale) if rotated else (sheet_w * scale, sheet_h * scale)
    return Placement(sx + (sw - w) / 2, sy + (sh - h) / 2, scale, rotated, slot)


def layout_page(sheet_w: float, sheet_h: float, paper: Paper = "a4", landscape: bool = False,
                per_page: int = 1) -> PageLayout:
    """Where ``per_page`` sheets of ``sheet_w`` x ``sheet_h`` mm go on one page."""
    width, height = page_size(paper, landscape)
    placements = tuple(fit(sheet_w, sheet_h, slot) for slot in _slots(width, height, per_page))
    return PageLayout(width, height, placements, _cut_marks(width, height, per_page))
