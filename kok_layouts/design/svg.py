"""A drawing description (:class:`kok_layouts.render.scene.Scene`) as SVG text: how
``kok design`` offers the check report's charts as a vector file beside the PNG."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from kok_layouts.render.scene import RGB, Circle, Line, Polygon, Rect, Scene, Text

_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def _colour(value: RGB | None) -> str:
    if value is None:
        return "none"
    red, green, blue = (max(0, min(255, round(part * 255))) for part in value)
    return f"#{red:02x}{green:02x}{blue:02x}"


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def _paint(fill: RGB | None, stroke: RGB | None, width: float) -> str:
    line = f'fill="{_colour(fill)}" stroke="{_colour(stroke)}"'
    return line + (f' stroke-width="{_number(width)}"' if stroke is not None else "")


def scene_svg(scene: Scene) -> str:
    """``scene`` as a standalone SVG document, in millimetres like the scene."""
    n = _number
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(scene.width)}mm" '
           f'height="{n(scene.height)}mm" viewBox="0 0 {n(scene.width)} {n(scene.height)}" '
           'font-family="DejaVu Sans, sans-serif">',
           f'<rect width="{n(scene.width)}" height="{n(scene.height)}" fill="#ffffff"/>']
    for item in scene.items:
        if isinstance(item, Rect):
            radius = f' rx="{n(item.radius)}"' if item.radius else ""
            out.append(f'<rect x="{n(item.x)}" y="{n(item.y)}" width="{n(item.w)}" '
                       f'height="{n(item.h)}"{radius} '
                       f'{_paint(item.fill, item.stroke, item.width)}/>')
        elif isinstance(item, Circle):
            out.append(f'<circle cx="{n(item.cx)}" cy="{n(item.cy)}" r="{n(item.r)}" '
                       f'{_paint(item.fill, item.stroke, item.width)}/>')
        elif isinstance(item, Line):
            out.append(f'<line x1="{n(item.x1)}" y1="{n(item.y1)}" x2="{n(item.x2)}" '
                       f'y2="{n(item.y2)}" stroke="{_colour(item.stroke)}" '
                       f'stroke-width="{n(item.width)}"/>')
        elif isinstance(item, Polygon):
            points = " ".join(f"{n(x)},{n(y)}" for x, y in item.points)
            tag = "polygon" if item.closed else "polyline"
            fill = item.fill if item.closed else None
            out.append(f'<{tag} points="{points}" {_paint(fill, item.stroke, item.width)}/>')
        elif isinstance(item, Text):
            turn = (f' transform="rotate({-item.angle} {n(item.x)} {n(item.y)})"'
                    if item.angle else "")
            bold = ' font-weight="bold"' if item.weight == "bold" else ""
            out.append(f'<text x="{n(item.x)}" y="{n(item.y)}" font-size="{n(item.size)}" '
                       f'fill="{_colour(item.fill)}" text-anchor='
                       f'{quoteattr(_ANCHORS[item.anchor])}{bold}{turn}>'
                       f"{escape(item.text)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
