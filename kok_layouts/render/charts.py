"""The balance report: verdicts and advice, then charts and the heat map (PDF or PNG).

The charts are drawn with reportlab's chart library (``reportlab.graphics.charts``: axes,
scales, grid lines, labels) and turned into scene primitives, so the PDF and the PNG
renderers draw them like the sheets. The 95% intervals are error bars; the range of the
official pads is a dashed band. Everything comes from the JSON form of a ``kok check``
report, so any saved report can be drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Circle as RLCircle
from reportlab.graphics.shapes import Drawing, Group, PolyLine, String
from reportlab.graphics.shapes import Line as RLLine
from reportlab.graphics.shapes import Polygon as RLPolygon
from reportlab.graphics.shapes import Rect as RLRect
from reportlab.lib import colors

from kok_layouts.render.scene import (
    GREY,
    INK,
    RGB,
    WHITE,
    Circle,
    Item,
    Line,
    Polygon,
    Rect,
    Text,
    rgb,
)

PAGE_W, PAGE_H = 297.0, 210.0
BAR = (0.35, 0.5, 0.75)
FONT = 2.8
"""Chart label size in millimetres (8 pt; the drawings are laid out in millimetres)."""
CAPTION = 3.0
"""Captions and the heat map's heading (8.5 pt)."""

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m: Matrix, n: Sequence[float]) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _colour(value: Any) -> RGB | None:
    if value is None or getattr(value, "alpha", 1) == 0:
        return None
    return (float(value.red), float(value.green), float(value.blue))


def drawing_items(drawing: Drawing, x: float, y: float) -> list[Item]:
    """The shapes of a reportlab ``drawing`` (charts expanded) as scene items, with the
    drawing's bottom-left corner at ``(x, y + drawing.height)`` of the scene."""
    items: list[Item] = []
    height = float(drawing.height)

    def point(m: Matrix, px: float, py: float) -> tuple[float, float]:
        a, b, c, d, e, f = m
        return x + a * px + c * py + e, y + height - (b * px + d * py + f)

    def walk(node: Any, m: Matrix) -> None:
        if hasattr(node, "provideNode"):  # a chart or another user node: its shapes
            walk(node.provideNode(), m)
        elif isinstance(node, Group):
            inner = _times(m, node.transform) if getattr(node, "transform", None) else m
            for child in node.contents:
                walk(child, inner)
        elif isinstance(node, RLRect):
            x0, y0 = point(m, node.x, node.y)
            x1, y1 = point(m, node.x + node.width, node.y + node.height)
            width = float(node.strokeWidth or 0) * 0.35 if node.strokeColor else 0.0
            items.append(Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0),
                              _colour(node.fillColor), _colour(node.strokeColor),
                              max(width, 0.1)))
        elif isinstance(node, RLLine):
            stroke = _colour(node.strokeColor)
            if stroke is not None:
                x0, y0 = point(m, node.x1, node.y1)
                x1, y1 = point(m, node.x2, node.y2)
                items.append(Line(x0, y0, x1, y1, stroke, float(node.strokeWidth or 1) * 0.35))
        elif isinstance(node, RLPolygon | PolyLine):
            coords = list(node.points)
            points = tuple(point(m, coords[i], coords[i + 1]) for i in range(0, len(coords), 2))
            closed = isinstance(node, RLPolygon)
            items.append(Polygon(points, _colour(getattr(node, "fillColor", None))
                                 if closed else None, _colour(node.strokeColor),
                                 float(node.strokeWidth or 1) * 0.35, closed))
        elif isinstance(node, RLCircle):
            cx, cy = point(m, node.cx, node.cy)
            items.append(Circle(cx, cy, float(node.r), _colour(node.fillColor),
                                _colour(node.strokeColor)))
        elif isinstance(node, String):
            sx, sy = point(m, node.x, node.y)
            anchor = {"middle": "middle", "end": "end", "numeric": "end"}.get(
                node.textAnchor, "start")
            weight = "bold" if "Bold" in str(node.fontName) else "regular"
            items.append(Text(sx, sy, str(node.text), float(node.fontSize),
                              _colour(node.fillColor) or INK, anchor,  # type: ignore[arg-type]
                              weight))  # type: ignore[arg-type]

    walk(drawing, IDENTITY)
    return items


def _nice_step(top: float) -> float:
    """A round step that divides 0..top into about five parts."""
    raw = max(top, 1e-9) / 5
    power = 10.0 ** math.floor(math.log10(raw))
    return next(float(s) * power for s in (1, 2, 2.5, 5, 10) if s * power >= raw)


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float], *, width: float,
              height: float, axis_title: str, percent: bool = False,
              intervals: Sequence[tuple[float, float]] | None = None,
              band: tuple[float, float] | None = None,
              fills: Sequence[RGB] | None = None, top: float | None = None,
              x_title: str = "") -> Drawing:
    """A bar chart with axes, a scale, grid lines, error bars and the pads' band."""
    drawing = Drawing(width, height)
    chart = VerticalBarChart()
    chart.x, chart.y = 14.0, 9.0
    chart.width, chart.height = width - 17.0, height - 18.0
    chart.data = [list(values)]
    highest = max([*values, *(hi for _, hi in intervals or ()), *(band or ()), 1e-9])
    ceiling = top if top is not None else highest * 1.05
    step = _nice_step(ceiling)
    chart.valueAxis.valueMin = 0.0
    chart.valueAxis.valueMax = math.ceil(ceiling / step - 1e-9) * step
    chart.valueAxis.valueStep = step
    chart.valueAxis.labels.fontSize = FONT
    chart.valueAxis.labels.dx = -0.8
    chart.valueAxis.strokeWidth = 0.6
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.Color(0.85, 0.85, 0.87)
    chart.valueAxis.gridStrokeWidth = 0.4
    chart.valueAxis.tickLeft = 1.2
    if percent:
        chart.valueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    chart.categoryAxis.categoryNames = [str(label) for label in labels]
    chart.categoryAxis.labels.fontSize = FONT
    chart.categoryAxis.labels.dy = -0.8
    chart.categoryAxis.strokeWidth = 0.6
    chart.categoryAxis.tickDown = 1.0
    chart.barSpacing = 0.0
    chart.groupSpacing = max(0.4, chart.width / max(1, len(values)) * 0.25)
    chart.bars[0].fillColor = colors.Color(*BAR)
    chart.bars[0].strokeColor = None
    for i, fill in enumerate(fills or ()):
        chart.bars[(0, i)].fillColor = colors.Color(*fill)
        chart.bars[(0, i)].strokeColor = colors.Color(*INK)
        chart.bars[(0, i)].strokeWidth = 0.4
    drawing.add(chart)
    scale_max = float(chart.valueAxis.valueMax)

    def y_of(value: float) -> float:
        return float(chart.y) + float(chart.height) * max(0.0, min(value, scale_max)) / scale_max

    if band is not None:
        for edge in band:
            line = RLLine(chart.x, y_of(edge), chart.x + chart.width, y_of(edge),
                          strokeColor=colors.Color(0.8, 0.2, 0.2), strokeWidth=0.8,
                          strokeDashArray=[2, 1])
            drawing.add(line)
    slot = float(chart.width) / max(1, len(values))
    for i, (low, high) in enumerate(intervals or ()):
        cx = float(chart.x) + slot * (i + 0.5)
        ink = colors.Color(*INK)
        drawing.add(RLLine(cx, y_of(low), cx, y_of(high), strokeColor=ink, strokeWidth=0.9))
        for edge in (low, high):
            drawing.add(RLLine(cx - slot * 0.15, y_of(edge), cx + slot * 0.15, y_of(edge),
                               strokeColor=ink, strokeWidth=0.9))
    drawing.add(String(0.0, height - 3.0, title, fontSize=3.4, fontName="Helvetica-Bold"))
    if x_title:
        drawing.add(String(chart.x + chart.width / 2, 1.0, x_title, fontSize=FONT,
                           fillColor=colors.Color(*GREY), textAnchor="middle"))
    label = String(2.0, chart.y + chart.height / 2, axis_title, fontSize=FONT,
                   fillColor=colors.Color(*GREY), textAnchor="middle")
    drawing.add(Group(label, transform=(0, 1, -1, 0, 2.0 + chart.y + chart.height / 2,
                                        chart.y + chart.height / 2 - 2.0)))
    return drawing


def _estimate_rows(report: dict[str, Any], table: str) -> tuple[list[str], list[float],
                                                                   list[tuple[float, float]]]:
    rows = report["measures"][table]
    names = list(rows)
    return names, [rows[n][0] for n in names], [(rows[n][1], rows[n][2]) for n in names]


def _pad_band(report: dict[str, Any], table: str) -> tuple[float, float] | None:
    pads = report.get("reference_pads") or {}
    values = [v for pad in pads.values() for v in pad[table].values()]
    if not values:
        return None
    return min(v[1] for v in values), max(v[2] for v in values)


def _histogram(report: dict[str, Any], width: float, height: float) -> Drawing:
    histogram = {int(k): v for k, v in report["simulation"]["score_histogram"].items()}
    low, high = min(histogram), max(histogram)
    scores = list(range(low, high + 1))
    every = max(1, len(scores) // 12)
    labels = [str(s) if (s - low) % every == 0 else "" for s in scores]
    return bar_chart("Scores (all seats)", labels, [histogram.get(s, 0) for s in scores],
                     width=width, height=height, axis_title="games", x_title="score")


def _colours(report: dict[str, Any], width: float, height: float) -> Drawing:
    names, values, intervals = _estimate_rows(report, "colour_rates")
    prints = report.get("print_colours", {})
    noun = "Animals" if report["edition"] == "kids" else "Colours"
    return bar_chart(f"{noun} completed", names,
                     values, width=width, height=height, axis_title="games", percent=True,
                     intervals=intervals, band=_pad_band(report, "colour_rates"),
                     fills=[rgb(prints.get(n, "#5a7fbf")) for n in names], top=1.0)


def _columns(report: dict[str, Any], width: float, height: float) -> Drawing:
    names, values, intervals = _estimate_rows(report, "column_rates")
    return bar_chart("Columns completed", names,
                     values, width=width, height=height, axis_title="games", percent=True,
                     intervals=intervals, band=_pad_band(report, "column_rates"), top=1.0)


def _heat_map(report: dict[str, Any], x: float, y: float, width: float,
              height: float) -> list[Item]:
    heat = report.get("heat_map")
    if not heat:
        return []
    items: list[Item] = [Text(x, y, "Heat map: shade = how often a cell is crossed, number = "
                              "mean roll when crossed", CAPTION, weight="bold")]
    columns, rows = heat["width"], heat["height"]
    size = min(width / columns, (height - 6) / rows)
    x += (width - columns * size) / 2  # centred under the charts
    prints = report.get("print_colours", {})
    top = y + 3.0
    for r in range(rows):
        for c in range(columns):
            share = heat["crossed"][r][c]
            if share is None:
                continue
            name = heat["colours"][r][c] if heat.get("colours") else None
            base = rgb(prints.get(name, "#5a7fbf")) if name else BAR
            strength = 0.12 + 0.88 * float(share)
            fill: RGB = (1.0 - (1.0 - base[0]) * strength, 1.0 - (1.0 - base[1]) * strength,
                         1.0 - (1.0 - base[2]) * strength)
            cx, cy = x + c * size, top + r * size
            items.append(Rect(cx, cy, size, size, fill, INK, 0.15))
            roll = heat["mean_roll"][r][c]
            if roll is not None:
                items.append(Text(cx + size / 2, cy + size * 0.62, f"{roll:.0f}",
                                  min(FONT, size * 0.4), INK, "middle"))
    for c in range(columns):
        items.append(Text(x + (c + 0.5) * size, top + rows * size + 3.0, chr(ord("A") + c),
                          min(FONT, size * 0.45), GREY, "middle"))
    for r in range(rows):
        items.append(Text(x - 1.0, top + (r + 0.62) * size, str(r + 1), min(FONT, size * 0.45),
                          GREY, "end"))
    return items


def chart_page(report: dict[str, Any], y0: float = 0.0) -> list[Item]:
    """The page of charts (landscape, :data:`PAGE_W` x :data:`PAGE_H` mm, from ``y0``):
    scores, colours and columns completed, and the heat map across the bottom."""
    items: list[Item] = [Rect(0, y0, PAGE_W, PAGE_H, WHITE, None)]
    items.append(Text(14, y0 + 12, f"{report['layout']}: simulation charts", 5.0,
                      weight="bold"))
    items += drawing_items(_histogram(report, 84, 80), 12, y0 + 18)
    items += drawing_items(_colours(report, 84, 80), 104, y0 + 18)
    items += drawing_items(_columns(report, 96, 80), 196, y0 + 18)
    items.append(Text(14, y0 + 102, "Bars: share of games; whiskers: 95% intervals; red "
                      "lines: the range of the official pads.", CAPTION, GREY))
    items += _heat_map(report, 20, y0 + 112, 262, 86)
    items.append(Text(PAGE_W - 14, y0 + PAGE_H - 5, "kok_layouts", CAPTION, GREY,
                      anchor="end"))
    return items
