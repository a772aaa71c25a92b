"""The balance report as a document: the verdicts, the advice and the column points as
text on upright pages (at reading size, flowing onto as many pages as they need), then
the page of charts and the heat map.

Everything comes from the JSON form of a ``kok check`` report, so any saved report can
be drawn; the PDF and the PNG backends draw the same pages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kok_layouts.render.charts import PAGE_H, PAGE_W, chart_page
from kok_layouts.render.fonts import text_width, wrap
from kok_layouts.render.page import Paper, page_size
from kok_layouts.render.scene import (
    GREY,
    INK,
    LIGHT,
    RGB,
    WHITE,
    Item,
    Rect,
    Scene,
    Text,
    Weight,
    moved,
)

PT = 25.4 / 72
"""Millimetres per point: the text pages are set in points, like any document."""
BODY_PT = 10.0
"""The body text; nothing on a text page is smaller than :data:`LEAST_PT`."""
LEAST_PT = 9.0
HEADING_PT, TITLE_PT = 13.0, 18.0
LEADING = 1.3
"""Line height as a multiple of the font size."""
MARGIN_MM = 20.0
FOOTER_MM = 12.0
"""The footer's baseline, this far above the page's bottom edge."""
MARK_W = 9.0
"""The column of "ok", "!!" and "??" marks left of each verdict."""
RED: RGB = (0.75, 0.15, 0.15)
GAP_MM = 6.0
"""Between pages in a PNG of the whole report."""


@dataclass
class _Flow:
    """Text poured onto pages: lines go down the page and onto a new one at the bottom
    margin."""

    width: float
    height: float
    pages: list[list[Item]] = field(default_factory=list)
    y: float = 0.0

    def __post_init__(self) -> None:
        self.new_page()

    @property
    def bottom(self) -> float:
        return self.height - FOOTER_MM - BODY_PT * PT * 2

    @property
    def room(self) -> float:
        return self.width - 2 * MARGIN_MM

    def new_page(self) -> None:
        self.pages.append([Rect(0.0, 0.0, self.width, self.height, WHITE, None)])
        self.y = MARGIN_MM

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` mm fit above the bottom margin."""
        if self.y + height > self.bottom and self.y > MARGIN_MM:
            self.new_page()

    def add(self, item: Item) -> None:
        self.pages[-1].append(item)

    def paragraph(self, text: str, size_pt: float = BODY_PT, *, indent: float = 0.0,
                  fill: RGB = INK, weight: Weight = "regular", mark: str = "",
                  mark_fill: RGB = INK, after: float = 0.6, keep: int = 1) -> None:
        """``text`` wrapped to the page's width (less ``indent``), with ``mark`` in the
        margin column of its first line; ``keep`` lines stay together with the first."""
        size = size_pt * PT
        step = size * LEADING
        lines = wrap(_breakable(text, size, self.room - indent, weight), size,
                     self.room - indent, weight) or [""]
        self.need(step * min(keep, len(lines)))
        for number, line in enumerate(lines):
            self.need(step)
            self.y += step
            if number == 0 and mark:
                self.add(Text(MARGIN_MM, self.y, mark, size, mark_fill, weight="bold"))
            self.add(Text(MARGIN_MM + indent, self.y, line, size, fill, weight=weight))
        self.y += size * after

    def heading(self, text: str) -> None:
        """A heading, kept on the page of the two lines that follow it."""
        self.need(HEADING_PT * PT * LEADING + 2 * BODY_PT * PT * LEADING + 3.0)
        self.y += 3.0
        self.paragraph(text, HEADING_PT, weight="bold", after=0.4)


def _breakable(text: str, size: float, width: float, weight: Weight) -> str:
    """``text`` with every word too wide for a line cut into pieces that fit (a report
    quotes names and numbers, and a line never reaches past the margin)."""
    words = []
    for word in text.split(" "):
        while len(word) > 1 and text_width(word, size, weight) > width:
            low, high = 1, len(word) - 1  # the longest start of the word that fits
            while low < high:
                middle = (low + high + 1) // 2
                if text_width(word[:middle], size, weight) <= width:
                    low = middle
                else:
                    high = middle - 1
            words.append(word[:low])
            word = word[low:]
        words.append(word)
    return " ".join(words)


def _subtitle(report: Mapping[str, Any]) -> str:
    sim = report.get("simulation")
    if not sim:
        return f"seed {report.get('seed', '?')}; no games simulated"
    return (f"{sim['games']:,} games, {sim['players']} player(s), "
            f"{report.get('bot', 'greedy')} bots, seed {report.get('seed', '?')}: "
            f"{sim['mean_rolls']:.1f} rolls, mean score {sim['mean_score']:.1f}")


MARKS = {True: ("ok", INK), False: ("!!", RED), None: ("??", GREY)}


def _points_table(flow: _Flow, report: Mapping[str, Any]) -> None:
    """The printed and the suggested column points (first/later), in bands of as many
    columns as fit across the page at body size; changed values in bold red."""
    advice = report.get("advice") or {}
    points = advice.get("column_points") or {}
    printed = list(points.get("printed_first") or [])
    if not printed:
        return
    suggested = list(points.get("first") or printed)
    printed_later = list(points.get("printed_later") or [])
    later = list(points.get("later") or [])

    def value(first: list[Any], second: list[Any], i: int) -> str:
        shown = str(first[i]) if i < len(first) else ""
        return shown + (f"/{second[i]}" if i < len(second) else "")

    size = BODY_PT * PT
    labels = ("", "printed", "suggested")
    label_w = max(text_width(t, size) for t in labels) + 4.0
    cells = [(chr(ord("A") + i) if i < 26 else str(i + 1), value(printed, printed_later, i),
              value(suggested, later, i)) for i in range(len(printed))]
    cell_w = max(max(text_width(t, size, "bold") for t in cell) for cell in cells) + 2.5
    cell_w = max(cell_w, min(12.0, (flow.room - label_w) / len(cells)))  # spread out
    per_band = max(1, int((flow.room - label_w) / cell_w + 1e-6))
    flow.heading("Column points: printed and suggested (first/later)")
    step = size * LEADING
    for start in range(0, len(cells), per_band):
        band = cells[start:start + per_band]
        flow.need(step * 3 + 1.5)
        for row, label in enumerate(labels):
            flow.y += step
            flow.add(Text(MARGIN_MM, flow.y, label, size, GREY))
            for column, cell in enumerate(band):
                x = MARGIN_MM + label_w + cell_w * (column + 0.5)
                changed = row == 2 and cell[2] != cell[1]
                weight = "bold" if row == 0 or changed else "regular"
                colour = GREY if row == 0 else RED if changed else INK
                flow.add(Text(x, flow.y, cell[row], size, colour, "middle",
                              weight))  # type: ignore[arg-type]
        flow.y += 2.0


def text_pages(report: Mapping[str, Any], paper: Paper = "a4") -> list[Scene]:
    """The verdicts, the advice and the column points on upright pages of ``paper``, in
    :data:`BODY_PT` point type, each page footed with its number."""
    width, height = page_size(paper, False)
    flow = _Flow(width, height)
    flow.paragraph(f"kok check: {report.get('layout', '?')} ({report.get('edition', '?')})",
                   TITLE_PT, weight="bold", after=0.3)
    flow.paragraph(_subtitle(report), BODY_PT, fill=GREY, after=1.2)
    if report.get("verdict"):
        flow.paragraph(str(report["verdict"]), after=1.0)
    verdicts = list(report.get("verdicts") or [])
    if verdicts:
        flow.heading("Verdicts")
        for verdict in verdicts:
            mark, colour = MARKS.get(verdict.get("ok"), MARKS[None])
            flow.paragraph(str(verdict.get("text", "")), indent=MARK_W, mark=mark,
                           mark_fill=colour, keep=2)
    sentences = list((report.get("advice") or {}).get("sentences") or [])
    if sentences:
        flow.heading("Advice")
        for sentence in sentences:
            flow.paragraph(str(sentence), indent=MARK_W, mark="\u2013", keep=2)
    _points_table(flow, report)
    pages = flow.pages
    footer = f"kok check: {report.get('layout', '?')} \u00b7 kok_layouts"
    total = len(pages) + (1 if has_charts(report) else 0)
    size = LEAST_PT * PT
    for number, items in enumerate(pages, 1):
        items.append(Text(MARGIN_MM, height - FOOTER_MM, footer, size, GREY))
        items.append(Text(width - MARGIN_MM, height - FOOTER_MM, f"page {number} of {total}",
                          size, GREY, anchor="end"))
    return [Scene(width, height, items) for items in pages]


def has_charts(report: Mapping[str, Any]) -> bool:
    """Whether the report has games to chart (a search-only report has none)."""
    return bool(report.get("simulation") and report.get("measures"))


def report_pages(report: Mapping[str, Any], paper: Paper = "a4") -> list[Scene]:
    """Every page of the report: the text pages (upright), then the charts (across)."""
    pages = text_pages(report, paper)
    if has_charts(report):
        pages.append(Scene(PAGE_W, PAGE_H, chart_page(dict(report), 0.0)))
    return pages


def page_sizes(pages: Sequence[Scene], paper: Paper = "a4") -> list[tuple[float, float]]:
    """The paper each page prints on: ``paper`` upright for text, turned for the charts."""
    return [page_size(paper, scene.width > scene.height) for scene in pages]


def report_strip(report: Mapping[str, Any], paper: Paper = "a4") -> Scene:
    """Every page of the report one under the other on a grey ground, for a PNG."""
    pages = report_pages(report, paper)
    width = max(scene.width for scene in pages)
    height = sum(scene.height for scene in pages) + GAP_MM * (len(pages) - 1)
    items: list[Item] = [Rect(0.0, 0.0, width, height, LIGHT, None)]
    y = 0.0
    for scene in pages:
        x = (width - scene.width) / 2
        items.append(Rect(x, y, scene.width, scene.height, WHITE, None))
        items.extend(moved(item, x, y) for item in scene.items)
        y += scene.height + GAP_MM
    return Scene(width, height, items)

