"""Colour-blind symbols a player can tell apart on paper: at least 2 mm across one, two
and four sheets to a page, different in shape from each other, and clear of the cell's
star. Measured on the rasterised PDF."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import KidsSheet, Sheet, load_layout
from kok_layouts.render import classic_layout, kids_layout
from kok_layouts.render.document import PrintOptions, printed_scenes, render_pdf
from kok_layouts.render.page import Placement
from kok_layouts.render.scene import INK, Rect, Scene, rgb
from kok_layouts.render.shapes import star_clear_of, star_points

from .test_render import lightest, rasterise

DPI = 300
PX_PER_MM = DPI / 25.4
INK_LEVEL = max(INK) * 255
LEAST_MM = 2.0
"""The least printed size (ink to ink, mm) at which symbols are told apart at a glance."""


@cache
def _printed(name: str, paper: str, per_page: int) -> tuple[np.ndarray, Sheet, Scene,
                                                           Placement, float]:
    """The rasterised first page (darkest channel), the sheet, its scene, where its first
    copy went, and the least text size it was drawn with (mm)."""
    sheet = load_layout(name)
    options = PrintOptions(paper=paper, per_page=per_page,  # type: ignore[arg-type]
                           colorblind=True)
    (scene,), page = printed_scenes([sheet], options)
    place = page.placement(scene.width, scene.height, 0)
    assert not place.rotated
    image = lightest(rasterise(render_pdf([sheet], options), dpi=DPI))
    smallest = min(getattr(item, "size", math.inf) for item in scene.items)
    return image, sheet, scene, place, smallest


def _symbol_region(sheet: Sheet) -> tuple[float, float, float, float]:
    """Where in a cell (mm from its top left) the symbol and nothing else may be: the top
    left of a classic cell, the top right of a Kids cell (the pictogram is top left), clear
    of the thick enclosure borders."""
    if isinstance(sheet, KidsSheet):
        cell = kids_layout.CELL
        return cell / 2 + 0.6, 0.48, cell - 0.48, cell / 2
    return 0.35, 0.35, classic_layout.CELL * 0.55, classic_layout.CELL * 0.55


def _symbol_masks(name: str, paper: str, per_page: int) -> dict[str, np.ndarray]:
    """The dark pixels of one plain cell's symbol per colour (no star, no box)."""
    image, sheet, scene, place, _ = _printed(name, paper, per_page)
    left, top, right, bottom = _symbol_region(sheet)
    boxes = scene.cell_boxes
    plain = set(boxes) - set(sheet.stars) - set(getattr(sheet, "box_cells", ()))
    masks: dict[str, np.ndarray] = {}
    for cell in sorted(plain):
        colour = sheet.cell_colours[cell] or ""
        if colour in masks:
            continue
        x, y, _, _ = boxes[cell]
        k = place.scale * PX_PER_MM
        x0, y0 = (place.x + (x + left) * place.scale) * PX_PER_MM, \
            (place.y + (y + top) * place.scale) * PX_PER_MM
        region = image[round(y0): round(y0 + (bottom - top) * k),
                       round(x0): round(x0 + (right - left) * k)]
        # Ink where a pixel is darker than halfway between the ink and the cell's colour
        # (antialiased edges count as far as they are covered).
        ground = max(rgb(sheet.colour_by_key[colour].rgb)) * 255
        masks[colour] = region < (INK_LEVEL + ground) / 2
    assert len(masks) == len(sheet.colours)
    return masks


def _extent_mm(mask: np.ndarray) -> float:
    ys, xs = np.nonzero(mask)
    assert len(xs), "no symbol drawn"
    return float(max(xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)) / PX_PER_MM


CASES = [(name, paper, per_page) for name in ("black", "grey", "kids")
         for paper, per_page in (("a4", 1), ("a4", 2), ("a4", 4), ("letter", 4))]


@pytest.mark.parametrize(("name", "paper", "per_page"), CASES)
def test_every_colour_blind_symbol_prints_at_least_2_mm_across(name: str, paper: str,
                                                               per_page: int) -> None:
    """Classic, Keer op Keer 2 and Kids, one, two and four sheets to a page: every
    colour's symbol in the grid measures at least 2 mm ink to ink."""
    for colour, mask in _symbol_masks(name, paper, per_page).items():
        assert _extent_mm(mask) >= LEAST_MM, (colour, _extent_mm(mask))


@pytest.mark.parametrize(("name", "paper", "per_page"), [c for c in CASES if c[2] == 4])
def test_the_colour_key_beside_the_grid_shows_the_same_symbols_at_least_2_mm(
        name: str, paper: str, per_page: int) -> None:
    """The bonus (Kids: food) panel's colour swatches carry their symbol too, as large:
    on the swatch of a classic sheet, beside it on a Kids sheet."""
    image, sheet, scene, place, _ = _printed(name, paper, per_page)
    kids = isinstance(sheet, KidsSheet)
    swatch = (8.0, 8.0) if kids else (6.5, 6.0)
    fills = {rgb(colour.rgb) for colour in sheet.colours}
    swatches = [item for item in scene.items if isinstance(item, Rect)
                and (item.w, item.h) == swatch and item.fill in fills]
    assert len(swatches) == len(sheet.colours)
    k = place.scale * PX_PER_MM
    for item in swatches:
        assert item.fill is not None
        if kids:  # beside the swatch, on the white panel
            left, top, right, bottom = item.x + 8.3, item.y + 0.3, item.x + 13.5, item.y + 7.7
            ground = 255.0
        else:
            left, top = item.x + 0.35, item.y + 0.35
            right, bottom = item.x + item.w - 0.35, item.y + item.h - 0.35
            ground = max(item.fill) * 255
        x0, y0 = (place.x + left * place.scale) * PX_PER_MM, \
            (place.y + top * place.scale) * PX_PER_MM
        region = image[round(y0): round(y0 + (bottom - top) * k),
                       round(x0): round(x0 + (right - left) * k)]
        assert _extent_mm(region < (INK_LEVEL + ground) / 2) >= LEAST_MM, item.fill


@pytest.mark.parametrize(("name", "paper", "per_page"), [c for c in CASES if c[2] == 4])
def test_the_symbols_differ_in_shape_four_to_a_page(name: str, paper: str,
                                                    per_page: int) -> None:
    """Laid over each other at the same place in their cells, any two colours' symbols
    differ in at least a fifth of the ink they cover together."""
    masks = list(_symbol_masks(name, paper, per_page).items())
    for i, (first, a) in enumerate(masks):
        for second, b in masks[i + 1:]:
            h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
            a2, b2 = a[:h, :w], b[:h, :w]
            assert (a2 ^ b2).sum() >= 0.2 * (a2 | b2).sum(), (first, second)


@pytest.mark.parametrize(("name", "paper", "per_page"), [c for c in CASES if c[2] == 4])
def test_a_symbol_is_never_smaller_than_the_least_text_on_its_sheet(
        name: str, paper: str, per_page: int) -> None:
    """The rule behind the size: a symbol's side is at least the sheet's smallest font
    size (a tenth more), which prints at least 6 pt (2.1 mm) at any scale."""
    _, sheet, _, place, smallest = _printed(name, paper, per_page)
    layout = kids_layout if isinstance(sheet, KidsSheet) else classic_layout
    side = layout.symbol_size(smallest)
    assert side >= smallest - 1e-9
    assert side * place.scale >= 6 * 25.4 / 72 - 1e-6


def _star_mask_distance(name: str, paper: str, per_page: int) -> tuple[float, float]:
    """Over every star cell: the least gap (mm, printed) between the symbol's ink and the
    star's, and the star's least printed width."""
    image, sheet, scene, place, smallest = _printed(name, paper, per_page)
    kids = isinstance(sheet, KidsSheet)
    if kids:
        left, top, side = kids_layout.symbol_square(smallest)
        sx, sy, sr = kids_layout.star_place(True, smallest)
    else:
        left, top, side = classic_layout.cell_marks(True, smallest).symbol
        sx, sy, sr = classic_layout.cell_marks(True, smallest).star
    k = place.scale * PX_PER_MM
    least_gap, least_star = math.inf, math.inf
    boxes = scene.cell_boxes
    for cell in sheet.stars:
        x, y, w, _ = boxes[cell]
        x0, y0 = round((place.x + x * place.scale) * PX_PER_MM), \
            round((place.y + y * place.scale) * PX_PER_MM)
        pixels = image[y0: y0 + round(w * k), x0: x0 + round(w * k)]
        dark = pixels < 100
        ys, xs = np.mgrid[0:pixels.shape[0], 0:pixels.shape[1]] / k
        symbol = dark & (xs >= left - 0.15) & (xs <= left + side + 0.15) & \
            (ys >= top - 0.15) & (ys <= top + side + 0.15)
        star_zone = (xs - sx) ** 2 + (ys - sy) ** 2 <= (sr + 0.2) ** 2
        star = dark & star_zone & ~symbol
        ay, ax = np.nonzero(symbol)
        by, bx = np.nonzero(star)
        assert len(ax) and len(bx), sheet.cell_name(cell)
        gap = np.sqrt(((ax[:, None] - bx[None, :]) ** 2
                       + (ay[:, None] - by[None, :]) ** 2).min()) / PX_PER_MM
        least_gap = min(least_gap, float(gap))
        least_star = min(least_star, float((bx.max() - bx.min() + 1) / PX_PER_MM))
    return least_gap, least_star


@pytest.mark.parametrize(("name", "paper", "per_page"),
                         [("black", "a4", 4), ("grey", "letter", 4), ("kids", "letter", 4)])
def test_a_large_symbol_leaves_the_star_whole_and_apart(name: str, paper: str,
                                                        per_page: int) -> None:
    """Four to a page the star moves aside and shrinks as far as needed: it stays wider
    than the symbol (over 2 mm) and at least 0.15 mm of paper shows between them."""
    gap, width = _star_mask_distance(name, paper, per_page)
    assert gap >= 0.15, gap
    assert width >= 2.2, width


def test_without_colour_blind_symbols_the_star_keeps_its_place() -> None:
    """Only a symbol moves a star: a plain sheet's stars sit where they always did."""
    centre = classic_layout.CELL / 2
    assert classic_layout.cell_marks(False).star == (centre, centre,
                                                     classic_layout.CELL * classic_layout.STAR_R)
    kids_at = kids_layout.CELL * kids_layout.STAR_AT
    assert kids_layout.star_place(False) == (kids_at, kids_at,
                                             kids_layout.CELL * kids_layout.STAR_R)


def _box_distance(point: tuple[float, float], box: tuple[float, float, float, float]) -> float:
    x, y = point
    left, top, right, bottom = box
    return math.hypot(max(left - x, 0.0, x - right), max(top - y, 0.0, y - bottom))


def _outline(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    corners = star_points(cx, cy, r)
    return [(ax + (bx - ax) * t / 40, ay + (by - ay) * t / 40)
            for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True)
            for t in range(40)]


BOX = st.tuples(st.floats(0.0, 8.0), st.floats(0.0, 8.0), st.floats(0.3, 4.5),
                st.floats(0.3, 4.5)).map(lambda b: (b[0], b[1], min(9.0, b[0] + b[2]),
                                                    min(9.0, b[1] + b[3])))


@settings(max_examples=40, deadline=None)
@given(boxes=st.lists(BOX, min_size=1, max_size=2))
def test_a_moved_star_keeps_its_gap_from_every_box_and_stays_in_its_cell(
        boxes: list[tuple[float, float, float, float]]) -> None:
    """Whatever boxes a cell holds, the star found keeps (within the outline sampling's
    0.2 mm) its 0.6 mm gap from each, stays 0.6 mm inside the cell and never grows."""
    cell = (0.0, 0.0, 9.0, 9.0)
    cx, cy, r = star_clear_of(4.5, 4.5, 3.06, cell, tuple(boxes))
    assert 0.0 <= r <= 3.06
    if r == 0.0:
        return
    outline = _outline(cx, cy, r)
    for box in boxes:
        assert min(_box_distance(p, box) for p in outline) >= 0.6 - 0.2, (box, cx, cy, r)
    assert all(0.6 - 1e-6 <= x <= 9.0 - 0.6 + 1e-6 and 0.6 - 1e-6 <= y <= 9.0 - 0.6 + 1e-6
               for x, y in star_points(cx, cy, r))


def test_a_star_far_from_every_box_is_left_as_it_is() -> None:
    assert star_clear_of(4.5, 4.5, 3.06, (0.0, 0.0, 9.0, 9.0), ((20.0, 20.0, 21.0, 21.0),)) \
        == (4.5, 4.5, 3.06)
