"""Vector symbols: stars, hearts, bombs, boxes, colour-blind marks, animal pictograms.

Every symbol is built from scene primitives (paths, circles, lines), never font glyphs,
so it prints the same everywhere. Each function takes a centre and a size in mm.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from kok_layouts.render.scene import INK, RGB, WHITE, Circle, Item, Line, Polygon, Rect, Text

Point = tuple[float, float]


def _ring(cx: float, cy: float, rx: float, ry: float, steps: int = 28,
          start: float = 0.0, end: float = 2 * math.pi) -> tuple[Point, ...]:
    return tuple((cx + rx * math.cos(start + (end - start) * i / steps),
                  cy + ry * math.sin(start + (end - start) * i / steps))
                 for i in range(steps + (0 if end - start >= 2 * math.pi else 1)))


def star(cx: float, cy: float, r: float, fill: RGB = WHITE, stroke: RGB = INK,
         width: float = 0.35) -> Polygon:
    """A five-pointed star, point up."""
    return Polygon(star_points(cx, cy, r), fill, stroke, width)


def heart(cx: float, cy: float, size: float, fill: RGB | None = None, stroke: RGB = INK,
          width: float = 0.3) -> Polygon:
    """A heart ``size`` mm wide."""
    scale = size / 34
    points = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * scale, cy - (y + 2.5) * scale))
    return Polygon(tuple(points), fill, stroke, width)


def bomb(cx: float, cy: float, size: float) -> list[Item]:
    """A round bomb with a lit fuse."""
    r = size * 0.34
    body_y = cy + size * 0.1
    return [
        Circle(cx, body_y, r, fill=INK, stroke=INK, width=0.2),
        Line(cx + r * 0.5, body_y - r * 0.85, cx + r * 0.95, body_y - r * 1.35, INK, size * 0.06),
        star(cx + r * 1.1, body_y - r * 1.55, size * 0.14, fill=WHITE, stroke=INK, width=0.2),
        Circle(cx - r * 0.35, body_y - r * 0.35, r * 0.18, fill=WHITE, stroke=None),
    ]


def box_icon(cx: float, cy: float, size: float, fill: RGB | None = WHITE) -> list[Item]:
    """The special-die box: a rounded square with three pips, like a die."""
    half = size / 2
    pip = size * 0.1
    items: list[Item] = [Rect(cx - half, cy - half, size, size, fill, INK, size * 0.07,
                              radius=size * 0.18)]
    for k in (-1, 0, 1):
        items.append(Circle(cx + k * size * 0.24, cy + k * size * 0.24, pip, fill=INK,
                            stroke=None))
    return items


HATCH: RGB = (0.45, 0.45, 0.47)


def hole(x: float, y: float, size: float, spacing: float = 1.6) -> list[Item]:
    """A hole in the board (no cell): a pale square outlined and hatched diagonally, so it
    never looks like a blank cell waiting for a cross."""
    items: list[Item] = [Rect(x, y, size, size, (0.93, 0.93, 0.94), HATCH, 0.3)]
    inset = 0.35
    low, high = x + inset, x + size - inset
    bottom = y + size - inset
    span = high - low
    offset = spacing
    while offset < 2 * span:
        # The line x + y = const inside the inner square, from its lower left end.
        a = max(0.0, offset - span)
        b = min(span, offset)
        if b - a > 0.2:
            items.append(Line(low + a, bottom - (offset - a), low + b, bottom - (offset - b),
                              HATCH, 0.25))
        offset += spacing
    return items


def cross_mark(x: float, y: float, w: float, h: float, width: float = 0.7) -> list[Item]:
    """A hand-drawn-looking X over a box: the mark of a crossed cell."""
    inset = min(w, h) * 0.18
    return [Line(x + inset, y + inset, x + w - inset, y + h - inset, INK, width),
            Line(x + w - inset, y + inset, x + inset, y + h - inset, INK, width)]


def strike(x: float, y: float, w: float, h: float, width: float = 0.5) -> Line:
    """A single stroke through a printed value (taken by another player)."""
    return Line(x + w * 0.1, y + h * 0.85, x + w * 0.9, y + h * 0.15, INK, width)


def exclamation_mark(cx: float, cy: float, r: float, crossed: bool) -> list[Item]:
    """An exclamation mark to cross (a joker, a chameleon): a circled "!", crossed out
    once used."""
    items: list[Item] = [Circle(cx, cy, r, WHITE, INK, 0.3),
                         Text(cx, cy + 1.25, "!", 3.4, anchor="middle", weight="bold")]
    if crossed:
        items.extend(cross_mark(cx - r, cy - r, 2 * r, 2 * r, 0.5))
    return items


# -- colour-blind symbols -----------------------------------------------------------------
# Each symbol fills a square of side ``size`` centred on (cx, cy), ink to ink (round line
# caps included), so that one size means the same for every symbol; only the bar is
# flatter than it is wide.


def _triangle(cx: float, cy: float, size: float) -> list[Item]:
    h = size / 2
    return [Polygon(((cx, cy - h), (cx + h, cy + h), (cx - h, cy + h)), INK, None)]


def _dot(cx: float, cy: float, size: float) -> list[Item]:
    return [Circle(cx, cy, size / 2, INK, None)]


def _square(cx: float, cy: float, size: float) -> list[Item]:
    return [Rect(cx - size / 2, cy - size / 2, size, size, INK, None)]


def _diamond(cx: float, cy: float, size: float) -> list[Item]:
    h = size / 2
    return [Polygon(((cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)), INK, None)]


def _x(cx: float, cy: float, size: float) -> list[Item]:
    w = size * 0.22
    h = size / 2 - w / 2
    return [Line(cx - h, cy - h, cx + h, cy + h, INK, w),
            Line(cx + h, cy - h, cx - h, cy + h, INK, w)]


def _plus(cx: float, cy: float, size: float) -> list[Item]:
    w = size * 0.24
    h = size / 2 - w / 2
    return [Line(cx - h, cy, cx + h, cy, INK, w), Line(cx, cy - h, cx, cy + h, INK, w)]


def _ring_symbol(cx: float, cy: float, size: float) -> list[Item]:
    w = size * 0.2
    return [Circle(cx, cy, (size - w) / 2, None, INK, w)]


def _bar(cx: float, cy: float, size: float) -> list[Item]:
    return [Rect(cx - size / 2, cy - size * 0.19, size, size * 0.38, INK, None)]


COLOUR_SYMBOLS: tuple[Callable[[float, float, float], list[Item]], ...] = (
    _triangle, _dot, _square, _diamond, _bar, _plus, _ring_symbol, _x)
"""One distinct symbol per colour, by the colour's position in the layout."""


def colour_symbol(index: int, cx: float, cy: float, size: float) -> list[Item]:
    """The symbol of the colour at ``index``, filling a ``size`` mm square centred on
    (cx, cy)."""
    return COLOUR_SYMBOLS[index % len(COLOUR_SYMBOLS)](cx, cy, size)


# -- keeping a star clear of a cell's other marks -----------------------------------------

Box = tuple[float, float, float, float]
"""A rectangle: left, top, right, bottom in mm."""


def star_points(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """The ten corners of :func:`star`, point up."""
    return tuple((cx + (r if i % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
                  cy + (r if i % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5))
                 for i in range(10))


_UNIT_STAR = star_points(0.0, 0.0, 1.0)


def _reach(angle: float) -> float:
    """How far a unit star (outer radius 1, point up) reaches from its centre along
    ``angle`` (radians, y downwards): the ray meets the edge of its sector."""
    sector = (angle + math.pi / 2) % (2 * math.pi) / (math.pi / 5)
    i = int(sector) % 10
    (ax, ay), (bx, by) = _UNIT_STAR[i], _UNIT_STAR[(i + 1) % 10]
    dx, dy = math.cos(angle), math.sin(angle)
    # The ray t * (dx, dy) meets the edge a + u * (b - a) where t = (a x (b - a)) / (d x (b - a)).
    ex, ey = bx - ax, by - ay
    return (ax * ey - ay * ex) / (dx * ey - dy * ex)


def _largest_radius(cx: float, cy: float, box: Box, step: float = 0.12) -> float:
    """The largest outer radius of a star at (cx, cy) that keeps out of ``box``: the least
    over the box's outline of (distance / the star's reach that way)."""
    left, top, right, bottom = box
    if left < cx < right and top < cy < bottom:
        return 0.0
    points: list[Point] = []
    for (x1, y1), (x2, y2) in (((left, top), (right, top)), ((right, top), (right, bottom)),
                               ((right, bottom), (left, bottom)), ((left, bottom), (left, top))):
        count = max(1, math.ceil(max(abs(x2 - x1), abs(y2 - y1)) / step))
        points += [(x1 + (x2 - x1) * k / count, y1 + (y2 - y1) * k / count)
                   for k in range(count)]
    return min(math.hypot(x - cx, y - cy) / _reach(math.atan2(y - cy, x - cx))
               for x, y in points)


def _room(cx: float, cy: float, cell: Box, margin: float) -> float:
    """The largest outer radius of a star at (cx, cy) that stays ``margin`` inside ``cell``."""
    left, top, right, bottom = cell
    corners = _UNIT_STAR
    limits = [(right - margin - cx) / x for x, _ in corners if x > 1e-9]
    limits += [(cx - left - margin) / -x for x, _ in corners if x < -1e-9]
    limits += [(bottom - margin - cy) / y for _, y in corners if y > 1e-9]
    limits += [(cy - top - margin) / -y for _, y in corners if y < -1e-9]
    return max(0.0, min(limits))


@lru_cache(maxsize=512)  # one entry per cell kind and print scale
def star_clear_of(cx: float, cy: float, r: float, cell: Box, keep_out: tuple[Box, ...],
                  gap: float = 0.6, margin: float = 0.6) -> tuple[float, float, float]:
    """The star at (cx, cy) with outer radius ``r``, moved away from the boxes in
    ``keep_out`` and made smaller only as far as needed to keep ``gap`` mm (outline to
    box) from each and ``margin`` mm inside ``cell``: the centre and radius of the largest
    such star, the least moved of nearly equal ones."""
    away_x = sum(cx - (b[0] + b[2]) / 2 for b in keep_out)
    away_y = sum(cy - (b[1] + b[3]) / 2 for b in keep_out)
    length = math.hypot(away_x, away_y) or 1.0
    ux, uy = away_x / length, away_y / length
    grown = tuple((b[0] - gap, b[1] - gap, b[2] + gap, b[3] + gap) for b in keep_out)
    reach = min(cell[2] - cell[0], cell[3] - cell[1]) * 0.3
    best = (cx, cy, 0.0)
    for step in range(31):
        d = reach * step / 30
        x, y = cx + ux * d, cy + uy * d
        radius = min([r, _room(x, y, cell, margin), *(_largest_radius(x, y, b) for b in grown)])
        if radius > best[2] * 1.01:
            best = (x, y, radius)
        if radius >= r:
            break
    return best


# -- Kids pictograms ----------------------------------------------------------------------


def _penguin(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    return [
        Polygon(_ring(cx, cy + s * 0.05, s * 0.3, s * 0.44), INK, INK, w),
        Polygon(_ring(cx, cy + s * 0.12, s * 0.19, s * 0.32), WHITE, None),
        Circle(cx - s * 0.08, cy - s * 0.2, s * 0.045, INK, None),
        Circle(cx + s * 0.08, cy - s * 0.2, s * 0.045, INK, None),
        Polygon(((cx - s * 0.07, cy - s * 0.12), (cx + s * 0.07, cy - s * 0.12),
                 (cx, cy - s * 0.02)), (0.97, 0.62, 0.1), INK, w * 0.5),
        Polygon(((cx - s * 0.2, cy + s * 0.47), (cx - s * 0.03, cy + s * 0.47),
                 (cx - s * 0.1, cy + s * 0.4)), (0.97, 0.62, 0.1), INK, w * 0.5),
        Polygon(((cx + s * 0.03, cy + s * 0.47), (cx + s * 0.2, cy + s * 0.47),
                 (cx + s * 0.1, cy + s * 0.4)), (0.97, 0.62, 0.1), INK, w * 0.5),
    ]


def _lion(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    mane = []
    for i in range(24):
        radius = s * (0.47 if i % 2 == 0 else 0.36)
        angle = 2 * math.pi * i / 24
        mane.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return [
        Polygon(tuple(mane), (0.75, 0.45, 0.12), INK, w),
        Circle(cx, cy, s * 0.27, (0.98, 0.85, 0.45), INK, w),
        Circle(cx - s * 0.1, cy - s * 0.06, s * 0.04, INK, None),
        Circle(cx + s * 0.1, cy - s * 0.06, s * 0.04, INK, None),
        Polygon(((cx - s * 0.06, cy + s * 0.05), (cx + s * 0.06, cy + s * 0.05),
                 (cx, cy + s * 0.12)), INK, None),
        Polygon(((cx - s * 0.09, cy + s * 0.17), (cx, cy + s * 0.13),
                 (cx + s * 0.09, cy + s * 0.17)), None, INK, w * 0.7, closed=False),
    ]


def _crocodile(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    top = cy - s * 0.12
    bottom = cy + s * 0.14
    head = ((cx - s * 0.46, top), (cx + s * 0.1, top - s * 0.02), (cx + s * 0.46, top + s * 0.04),
            (cx + s * 0.46, bottom), (cx - s * 0.46, bottom))
    teeth = [(cx - s * 0.38 + i * s * 0.1, cy + (0.0 if i % 2 == 0 else s * 0.07))
             for i in range(8)]
    return [
        Polygon(head, (0.35, 0.62, 0.3), INK, w),
        Polygon(tuple(teeth), None, INK, w * 0.8, closed=False),
        Circle(cx - s * 0.18, top - s * 0.06, s * 0.11, WHITE, INK, w),
        Circle(cx - s * 0.18, top - s * 0.06, s * 0.045, INK, None),
        Circle(cx + s * 0.38, top + s * 0.1, s * 0.025, INK, None),
    ]


def _elephant(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    grey = (0.72, 0.72, 0.75)
    trunk = [(cx + s * 0.02 * math.sin(i), cy + s * 0.05 + i * s * 0.065) for i in range(6)]
    trunk.append((cx + s * 0.12, cy + s * 0.38))
    return [
        Circle(cx - s * 0.3, cy - s * 0.02, s * 0.2, grey, INK, w),
        Circle(cx + s * 0.3, cy - s * 0.02, s * 0.2, grey, INK, w),
        Circle(cx, cy - s * 0.08, s * 0.24, grey, INK, w),
        Polygon(tuple(trunk), None, INK, s * 0.1, closed=False),
        Circle(cx - s * 0.09, cy - s * 0.14, s * 0.035, INK, None),
        Circle(cx + s * 0.09, cy - s * 0.14, s * 0.035, INK, None),
    ]


def _flamingo(cx: float, cy: float, s: float) -> list[Item]:
    w = s * 0.06
    pink = (0.96, 0.55, 0.72)
    neck = ((cx + s * 0.05, cy + s * 0.02), (cx + s * 0.16, cy - s * 0.12),
            (cx + s * 0.1, cy - s * 0.26), (cx + s * 0.0, cy - s * 0.34),
            (cx + s * 0.06, cy - s * 0.42))
    return [
        Line(cx - s * 0.05, cy + s * 0.12, cx - s * 0.05, cy + s * 0.48, INK, w),
        Line(cx - s * 0.05, cy + s * 0.3, cx + s * 0.06, cy + s * 0.22, INK, w * 0.8),
        Polygon(_ring(cx - s * 0.1, cy + s * 0.06, s * 0.27, s * 0.14), pink, INK, w),
        Polygon(neck, None, INK, s * 0.07, closed=False),
        Circle(cx + s * 0.09, cy - s * 0.42, s * 0.07, pink, INK, w * 0.8),
        Polygon(((cx + s * 0.15, cy - s * 0.44), (cx + s * 0.27, cy - s * 0.38),
                 (cx + s * 0.15, cy - s * 0.36)), INK, None),
    ]


PICTOGRAMS: dict[str, Callable[[float, float, float], list[Item]]] = {
    "penguin": _penguin, "lion": _lion, "crocodile": _crocodile, "elephant": _elephant,
    "flamingo": _flamingo,
}


def pictogram(animal: str, cx: float, cy: float, size: float) -> list[Item]:
    """The pictogram of an animal; other animals get their initial in a circle."""
    draw = PICTOGRAMS.get(animal.lower())
    if draw is not None:
        return draw(cx, cy, size)
    return [Circle(cx, cy, size * 0.42, WHITE, INK, size * 0.06),
            Text(cx, cy + size * 0.17, animal[:1].upper(), size * 0.5, anchor="middle",
                 weight="bold")]


def bucket(cx: float, cy: float, size: float) -> list[Item]:
    """A bucket with a handle."""
    w = size * 0.07
    top, bottom = cy - size * 0.15, cy + size * 0.38
    body = ((cx - size * 0.35, top), (cx + size * 0.35, top), (cx + size * 0.25, bottom),
            (cx - size * 0.25, bottom))
    handle = _ring(cx, top, size * 0.3, size * 0.32, 12, math.pi, 2 * math.pi)
    return [Polygon(handle, None, INK, w, closed=False),
            Polygon(body, (0.62, 0.78, 0.92), INK, w)]


def chameleon(cx: float, cy: float, size: float) -> list[Item]:
    """A chameleon with a curled tail."""
    w = size * 0.07
    green = (0.55, 0.8, 0.35)
    spiral = tuple((cx - size * 0.25 + size * 0.04 * (6 - t / 2) * math.cos(t),
                    cy + size * 0.05 + size * 0.04 * (6 - t / 2) * math.sin(t))
                   for t in (i * 0.45 for i in range(20)))
    return [
        Polygon(spiral, None, INK, w, closed=False),
        Polygon(_ring(cx + size * 0.08, cy - size * 0.05, size * 0.3, size * 0.18), green, INK, w),
        Circle(cx + size * 0.28, cy - size * 0.1, size * 0.07, WHITE, INK, w * 0.7),
        Circle(cx + size * 0.28, cy - size * 0.1, size * 0.03, INK, None),
        Line(cx - size * 0.05, cy + size * 0.1, cx - size * 0.1, cy + size * 0.3, INK, w),
        Line(cx + size * 0.2, cy + size * 0.1, cx + size * 0.25, cy + size * 0.3, INK, w),
    ]


def visitor(cx: float, cy: float, size: float) -> list[Item]:
    """A person: the visitor above a Kids column."""
    w = size * 0.07
    shoulders = _ring(cx, cy + size * 0.42, size * 0.3, size * 0.32, 14, math.pi, 2 * math.pi)
    return [Circle(cx, cy - size * 0.16, size * 0.17, WHITE, INK, w),
            Polygon(shoulders, WHITE, INK, w)]
