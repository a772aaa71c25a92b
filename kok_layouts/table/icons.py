"""The pictograms of the printed sheet as inline SVG for the table's page.

The page draws the Kids animals, the chameleon, the buckets, the visitors and the Keer op
Keer 2 hearts, boxes and bombs from the same scene items as the PDF (``render.shapes`` and
``render.visitors``), turned into SVG markup here: one description, printed or on a phone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from kok_layouts.render.scene import RGB, Circle, Item, Line, Polygon, Rect
from kok_layouts.render.shapes import bomb, box_icon, bucket, chameleon, heart, pictogram, star
from kok_layouts.render.visitors import visitor_pictogram

SIZE = 10.0
"""Each icon is drawn in a box of SIZE x SIZE (the scene's millimetres), centred."""


def _paint(colour: RGB | None) -> str:
    if colour is None:
        return "none"
    r, g, b = (round(max(0.0, min(1.0, c)) * 255) for c in colour)
    return f"#{r:02x}{g:02x}{b:02x}"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _stroke(colour: RGB | None, width: float) -> str:
    if colour is None:
        return 'stroke="none"'
    return f'stroke="{_paint(colour)}" stroke-width="{_num(width)}"'


def item_svg(item: Item) -> str:
    """One scene item as an SVG element."""
    if isinstance(item, Rect):
        return (f'<rect x="{_num(item.x)}" y="{_num(item.y)}" width="{_num(item.w)}" '
                f'height="{_num(item.h)}" rx="{_num(item.radius)}" fill="{_paint(item.fill)}" '
                f'{_stroke(item.stroke, item.width)}/>')
    if isinstance(item, Circle):
        return (f'<circle cx="{_num(item.cx)}" cy="{_num(item.cy)}" r="{_num(item.r)}" '
                f'fill="{_paint(item.fill)}" {_stroke(item.stroke, item.width)}/>')
    if isinstance(item, Line):
        return (f'<line x1="{_num(item.x1)}" y1="{_num(item.y1)}" x2="{_num(item.x2)}" '
                f'y2="{_num(item.y2)}" {_stroke(item.stroke, item.width)} '
                'stroke-linecap="round"/>')
    if isinstance(item, Polygon):
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in item.points)
        tag = "polygon" if item.closed else "polyline"
        return (f'<{tag} points="{points}" fill="{_paint(item.fill)}" '
                f'{_stroke(item.stroke, item.width)} stroke-linejoin="round"/>')
    anchor = {"start": "start", "middle": "middle", "end": "end"}[item.anchor]
    weight = "bold" if item.weight == "bold" else "normal"
    return (f'<text x="{_num(item.x)}" y="{_num(item.y)}" font-size="{_num(item.size)}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{_paint(item.fill)}" '
            f'font-family="sans-serif">{escape(item.text)}</text>')


def svg(items: Sequence[Item]) -> str:
    """``items`` drawn in a box of SIZE x SIZE as an SVG element."""
    body = "".join(item_svg(i) for i in items)
    return (f'<svg viewBox="0 0 {_num(SIZE)} {_num(SIZE)}" xmlns="http://www.w3.org/2000/svg" '
            f'aria-hidden="true" focusable="false">{body}</svg>')


def _centred(draw: Callable[[float, float, float], list[Item]], size: float = 9.0) -> str:
    return svg(draw(SIZE / 2, SIZE / 2, size))


def icons(animals: Sequence[str] = (), visitors: Sequence[str] = ()) -> dict[str, str]:
    """The page's icons by name: ``animal:<name>`` for each animal, ``visitor:<i>`` for
    the visitor above column i, and the chameleon, bucket, heart, box, bomb and star."""
    found = {
        "chameleon": _centred(chameleon),
        "bucket": _centred(bucket),
        "heart": svg([heart(SIZE / 2, SIZE / 2, 8.5, fill=(0.86, 0.15, 0.25))]),
        "heart_open": svg([heart(SIZE / 2, SIZE / 2, 8.5)]),
        "box": _centred(lambda x, y, s: box_icon(x, y, s), 7.5),
        "bomb": _centred(bomb),
        "star": svg([star(SIZE / 2, SIZE / 2, 4.5)]),
    }
    for name in animals:
        found[f"animal:{name}"] = svg(pictogram(name, SIZE / 2, SIZE / 2, 9.0))
    for index, name in enumerate(visitors):
        found[f"visitor:{index}"] = svg(visitor_pictogram(name, SIZE / 2, SIZE / 2, 9.0))
    return found
