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

from kok_layouts.render.fonts import wrap
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
    Scene,
    Text,
    rgb,
)

PAGE_W, PAGE_H = 297.0, 210.0
BAR = (0.35, 0.5, 0.75)
FONT = 2.5
"""Chart label size in millimetres (the drawings are laid out in millimetres)."""

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


def _points_table(report: dict[str, Any], x: float, y: float, width: float) -> list[Item]:
    advice = report.get("advice") or {}
    points = advice.get("column_points") or {}
    letters = [chr(ord("A") + i) for i in range(len(points.get("printed_first", [])))]
    if not letters:
        return []
    items: list[Item] = [Text(x, y, "Column points: printed and suggested (first/later)", 3.0,
                              weight="bold")]
    step = (width - 24) / len(letters)
    size = min(FONT, step * 0.42)
    later = points.get("later") or []
    printed_later = points.get("printed_later") or []
    for row, (label, first, second) in enumerate(
            (("printed", points["printed_first"], printed_later),
             ("suggested", points["first"], later))):
        ty = y + 5.0 + row * 4.2
        items.append(Text(x, ty + 4.5, label, FONT, GREY))
        for i, letter in enumerate(letters):
            value = f"{first[i]}" + (f"/{second[i]}" if second else "")
            changed = row == 1 and first[i] != points["printed_first"][i]
            items.append(Text(x + 24 + step * (i + 0.5), ty + 4.5, value, size,
                              (0.75, 0.15, 0.15) if changed else INK, "middle",
                              "bold" if changed else "regular"))
            if row == 0:
                items.append(Text(x + 24 + step * (i + 0.5), y + 5.0, letter, size, GREY,
                                  "middle", "bold"))
    return items


def _heat_map(report: dict[str, Any], x: float, y: float, width: float,
              height: float) -> list[Item]:
    heat = report.get("heat_map")
    if not heat:
        return []
    items: list[Item] = [Text(x, y, "Heat map: shade = how often a cell is crossed, number = "
                              "mean roll when crossed", 3.0, weight="bold")]
    columns, rows = heat["width"], heat["height"]
    size = min(width / columns, (height - 6) / rows)
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


def _text_page(report: dict[str, Any], y0: float) -> list[Item]:
    items: list[Item] = [Rect(0, y0, PAGE_W, PAGE_H, WHITE, None)]
    items.append(Text(14, y0 + 14, f"kok check: {report['layout']} ({report['edition']})", 6.0,
                      weight="bold"))
    sim = report.get("simulation")
    if sim:
        items.append(Text(14, y0 + 20, f"{sim['games']:,} games, {sim['players']} player(s), "
                          f"{report.get('bot', 'greedy')} bots, seed {report['seed']}: "
                          f"{sim['mean_rolls']:.1f} rolls, mean score {sim['mean_score']:.1f}",
                          2.8, GREY))
    y = y0 + 27.0
    marks = {True: "ok", False: "!!", None: "??"}
    lines = [("", report["verdict"])]
    lines += [(marks[v["ok"]], v["text"]) for v in report["verdicts"]]
    advice = report.get("advice") or {}
    if advice.get("sentences"):
        lines.append(("head", "Advice"))
        lines += [("-", s) for s in advice["sentences"]]
    size = 2.6
    bottom = y0 + PAGE_H - 10
    for mark, line in lines:
        if mark == "head":
            y += 2.0
            items.append(Text(14, y, line, 3.4, weight="bold"))
            y += 4.6
            continue
        colour = {"!!": (0.75, 0.15, 0.15), "??": GREY}.get(mark, INK)
        if mark:
            items.append(Text(14, y, mark, size, colour, weight="bold"))
        for part in wrap(line, size, PAGE_W - 36):
            if y > bottom:
                items.append(Text(20, y, "... (the rest is in the JSON report)", size, GREY))
                return items
            items.append(Text(20, y, part, size))
            y += size * 1.35
        y += 1.0
    return items


def _chart_page(report: dict[str, Any], y0: float) -> list[Item]:
    items: list[Item] = [Rect(0, y0, PAGE_W, PAGE_H, WHITE, None)]
    items.append(Text(14, y0 + 12, f"{report['layout']}: simulation charts", 5.0,
                      weight="bold"))
    items += drawing_items(_histogram(report, 84, 80), 12, y0 + 18)
    items += drawing_items(_colours(report, 84, 80), 104, y0 + 18)
    items += drawing_items(_columns(report, 96, 80), 196, y0 + 18)
    items.append(Text(14, y0 + 101, "Bars: share of games; whiskers: 95% intervals; red "
                      "lines: the range of the official pads.", 2.6, GREY))
    items += _points_table(report, 196, y0 + 110, 88)
    items += _heat_map(report, 18, y0 + 110, 166, 88)
    items.append(Text(PAGE_W - 14, y0 + PAGE_H - 6, "kok_layouts", 2.4, GREY, anchor="end"))
    return items


def report_scenes(report: dict[str, Any]) -> list[Scene]:
    """Landscape pages: the verdicts and advice, then the charts and the heat map."""
    pages = [Scene(PAGE_W, PAGE_H, _text_page(report, 0.0))]
    if report.get("simulation") and report.get("measures"):
        pages.append(Scene(PAGE_W, PAGE_H, _chart_page(report, 0.0)))
    return pages


def report_scene(report: dict[str, Any]) -> Scene:
    """Every page of the report one under the other, for a PNG."""
    items = _text_page(report, 0.0)
    if report.get("simulation") and report.get("measures"):
        items += _chart_page(report, PAGE_H)
        return Scene(PAGE_W, 2 * PAGE_H, items)
    return Scene(PAGE_W, PAGE_H, items)
