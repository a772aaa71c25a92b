"""The balance report as a page of charts (a scene: PDF or PNG like the sheets).

It draws from the JSON form of a ``kok check`` report, so any saved report can be drawn.
"""

from __future__ import annotations

from typing import Any

from kok_layouts.render.fonts import fit_size, wrap
from kok_layouts.render.scene import GREY, INK, LIGHT, WHITE, Item, Line, Rect, Scene, Text, rgb

PAGE_W, PAGE_H = 297.0, 210.0
BAR = (0.35, 0.5, 0.75)


def _axes(items: list[Item], x: float, y: float, w: float, h: float, title: str) -> None:
    items.append(Text(x, y - 2.0, title, 3.4, weight="bold"))
    items.append(Rect(x, y, w, h, None, LIGHT, 0.3))
    items.append(Line(x, y + h, x + w, y + h, INK, 0.3))


def _histogram(items: list[Item], report: dict[str, Any], x: float, y: float, w: float,
               h: float) -> None:
    histogram = {int(k): v for k, v in report["simulation"]["score_histogram"].items()}
    _axes(items, x, y, w, h, "Scores (all seats)")
    low, high = min(histogram), max(histogram)
    span = max(1, high - low + 1)
    peak = max(histogram.values())
    step = w / span
    for score, count in histogram.items():
        bh = h * 0.9 * count / peak
        items.append(Rect(x + (score - low) * step, y + h - bh, max(step * 0.9, 0.2), bh, BAR,
                          None))
    for value in (low, (low + high) // 2, high):
        items.append(Text(x + (value - low + 0.5) * step, y + h + 4.0, str(value), 2.6,
                          anchor="middle"))


def _columns(items: list[Item], report: dict[str, Any], x: float, y: float, w: float,
             h: float) -> None:
    goals = [g for g in report["simulation"]["goals"] if g["name"].startswith("column ")]
    moves = {g["name"]: g["moves"] for g in report["fewest_moves"]["goals"]
             if g["kind"] == "column"}
    points = report.get("column_points", [])
    _axes(items, x, y, w, h, "Columns: completed in (bars), fewest moves, printed points")
    step = w / max(1, len(goals))
    for i, goal in enumerate(goals):
        letter = goal["name"].split()[-1]
        bh = h * 0.85 * goal["completed"]
        cx = x + i * step
        items.append(Rect(cx + step * 0.15, y + h - bh, step * 0.7, bh, BAR, None))
        items.append(Text(cx + step / 2, y + h + 4.0, letter, 2.8, anchor="middle",
                          weight="bold"))
        items.append(Text(cx + step / 2, y + h + 8.0, str(moves.get(letter, "-")), 2.4,
                          GREY, anchor="middle"))
        if i < len(points):
            items.append(Text(cx + step / 2, y + h + 11.8, str(points[i]), 2.4, INK,
                              anchor="middle"))
    items.append(Text(x - 1.0, y + h + 8.0, "moves", 2.2, GREY, anchor="end"))
    items.append(Text(x - 1.0, y + h + 11.8, "points", 2.2, GREY, anchor="end"))


def _colours(items: list[Item], report: dict[str, Any], x: float, y: float, w: float,
             h: float) -> None:
    prints = report.get("print_colours", {})
    goals = [g for g in report["simulation"]["goals"]
             if g["name"].startswith(("colour ", "animal "))]
    _axes(items, x, y, w, h, "Colours completed in")
    step = w / max(1, len(goals))
    for i, goal in enumerate(goals):
        name = goal["name"].split(" ", 1)[1]
        bh = h * 0.85 * goal["completed"]
        cx = x + i * step
        items.append(Rect(cx + step * 0.2, y + h - bh, step * 0.6, bh,
                          rgb(prints.get(name, "#5a7fbf")), INK, 0.2))
        items.append(Text(cx + step / 2, y + h - bh - 1.5, f"{goal['completed']:.0%}", 2.6,
                          anchor="middle"))
        items.append(Text(cx + step / 2, y + h + 4.0, name, fit_size(name, 2.6, step - 1),
                          anchor="middle"))


def report_scene(report: dict[str, Any]) -> Scene:
    """One landscape page: the verdicts and three charts."""
    items: list[Item] = [Rect(0, 0, PAGE_W, PAGE_H, WHITE, None)]
    items.append(Text(14, 16, f"kok check: {report['layout']} ({report['edition']})", 6.0,
                      weight="bold"))
    y = 24.0
    lines = [report["verdict"]]
    lines += [("ok: " if v["ok"] else "!! ") + v["text"] for v in report["verdicts"]]
    for line in lines:
        for part in wrap(line, 2.8, PAGE_W - 28):
            items.append(Text(14, y, part, 2.8))
            y += 3.8
        y += 0.8
    if report.get("simulation"):
        sim = report["simulation"]
        items.append(Text(14, y + 2, f"{sim['games']:,} games, {sim['players']} player(s), "
                          f"seed {report['seed']}: {sim['mean_rolls']:.1f} rolls, mean score "
                          f"{sim['mean_score']:.1f}", 2.8, GREY))
        top = y + 16
        height = PAGE_H - top - 22
        _histogram(items, report, 14, top, 80, height)
        _columns(items, report, 112, top, 100, height)
        _colours(items, report, 224, top, 60, height)
    items.append(Text(PAGE_W - 14, PAGE_H - 6, "kok_layouts", 2.4, GREY, anchor="end"))
    return Scene(PAGE_W, PAGE_H, items)
