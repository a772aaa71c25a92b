"""A game review (``kok review -o REVIEW.pdf``) as a document: the player, the total lost,
the costliest rolls in sentences, then every roll with the choice played, the points it
lost (a bar) and the strong bot's choice, on upright A4 pages.

Drawn from the JSON form of a review (:meth:`kok_layouts.analysis.review.Review.as_dict`),
as the balance report is drawn from a check's; the PDF and PNG backends draw the same pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kok_layouts.render.fonts import cut_to, wrap
from kok_layouts.render.page import page_size
from kok_layouts.render.pdf import Metadata, document_pdf
from kok_layouts.render.png import png_bytes, scene_png
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
"""Millimetres per point."""
MARGIN = 18.0
BODY = 10.0 * PT
SMALL = 9.0 * PT
TITLE = 18.0 * PT
HEADING = 13.0 * PT
LEADING = 1.35
RED: RGB = (0.75, 0.15, 0.15)
PALE_RED: RGB = (0.95, 0.8, 0.8)
FOOTER = 12.0
"""The footer's baseline above the page's bottom edge."""


class _Pages:
    """Lines poured down upright A4 pages."""

    def __init__(self) -> None:
        self.width, self.height = page_size("a4", False)
        self.pages: list[list[Item]] = []
        self.y = 0.0
        self.new_page()

    @property
    def room(self) -> float:
        return self.width - 2 * MARGIN

    def new_page(self) -> None:
        self.pages.append([Rect(0.0, 0.0, self.width, self.height, WHITE, None)])
        self.y = MARGIN

    def need(self, height: float) -> None:
        if self.y + height > self.height - FOOTER - 2 * SMALL and self.y > MARGIN:
            self.new_page()

    def add(self, item: Item) -> None:
        self.pages[-1].append(item)

    def paragraph(self, text: str, size: float = BODY, *, indent: float = 0.0,
                  fill: RGB = INK, bold: bool = False, mark: str = "",
                  after: float = 0.6) -> None:
        weight: Weight = "bold" if bold else "regular"
        lines = wrap(text, size, self.room - indent, weight) or [""]
        step = size * LEADING
        self.need(step * min(2, len(lines)))
        for number, line in enumerate(lines):
            self.need(step)
            self.y += step
            if number == 0 and mark:
                self.add(Text(MARGIN, self.y, mark, size, RED, weight="bold"))
            self.add(Text(MARGIN + indent, self.y, line, size, fill, weight=weight))
        self.y += size * after


def _loss(value: Any) -> str:
    return "\u2013" if value is None else f"{float(value):.2f}"


def review_pages(review: Mapping[str, Any]) -> list[Scene]:
    """Every page of ``review`` (its JSON form)."""
    flow = _Pages()
    rolls = list(review.get("rolls") or [])
    total = float(review.get("total") or 0.0)
    best = sum(1 for r in rolls if r.get("loss") == 0)
    flow.paragraph(f"Game review: {review.get('player', '?')}", TITLE, bold=True, after=0.3)
    flow.paragraph(f"{review.get('layout', '?')} ({review.get('edition', '?')}), players "
                   f"{', '.join(str(p) for p in review.get('players') or [])}; final score "
                   f"{review.get('score', '?')}", BODY, fill=GREY, after=0.8)
    flow.paragraph(f"{total:.2f} points lost against the strong bot in {len(rolls)} "
                   f"choices; its choice (or one as good) in {best} of them.", HEADING,
                   bold=True, after=0.6)
    if review.get("rollouts"):
        flow.paragraph(f"By {review['rollouts']} games the strong bot played on from each "
                       f"costly choice and from its own, on common dice: "
                       f"{float(review.get('rollout_total') or 0.0):.2f} points lost.", BODY,
                       after=0.6)
    flow.paragraph("The loss of a choice is what the strong bot expects the final score to "
                   "drop by, against its own best choice in the same position (the engine's "
                   "valuation; passing counts as a roll's worth of cells).", SMALL, fill=GREY,
                   after=1.0)
    worst = list(review.get("worst") or [])
    if worst:
        flow.paragraph("The costliest rolls", HEADING, bold=True, after=0.3)
        for entry in worst:
            flow.paragraph(str(entry.get("sentence", "")), BODY, indent=5.0, mark="!",
                           after=0.5)
        flow.y += 2.0
    _table(flow, rolls)
    pages = flow.pages
    footer = f"kok review: {review.get('player', '?')} \u00b7 kok_layouts"
    for number, items in enumerate(pages, 1):
        items.append(Text(MARGIN, flow.height - FOOTER, footer, SMALL, GREY))
        items.append(Text(flow.width - MARGIN, flow.height - FOOTER,
                          f"page {number} of {len(pages)}", SMALL, GREY, anchor="end"))
    return [Scene(flow.width, flow.height, items) for items in pages]


def _table(flow: _Pages, rolls: list[Mapping[str, Any]]) -> None:
    """Every roll: its number (bold when the player threw), the choice played, the loss
    with a bar, the strong bot's choice where it differs."""
    step = SMALL * LEADING
    top = max([float(r.get("loss") or 0.0) for r in rolls] + [0.5])
    roll_w, loss_w, bar_w = 11.0, 11.0, 16.0
    played_w = (flow.room - roll_w - loss_w - bar_w) * 0.5
    best_w = flow.room - roll_w - loss_w - bar_w - played_w
    xs = (MARGIN, MARGIN + roll_w, MARGIN + roll_w + played_w,
          MARGIN + roll_w + played_w + loss_w + 1.5, MARGIN + roll_w + played_w + loss_w + bar_w)

    def header() -> None:
        flow.y += step
        for x, label, anchor in ((xs[0] + roll_w - 3, "roll", "end"), (xs[1], "played", "start"),
                                 (xs[2] + loss_w - 1, "loss", "end"),
                                 (xs[4], "the strong bot's choice", "start")):
            flow.add(Text(x, flow.y, label, SMALL, GREY, anchor,  # type: ignore[arg-type]
                          "bold"))
        flow.y += 1.2

    flow.paragraph("Every choice (roll number in bold: the player threw the dice)", HEADING,
                   bold=True, after=0.3)
    header()
    for index, entry in enumerate(rolls):
        if flow.y + step > flow.height - FOOTER - 2 * SMALL:
            flow.new_page()
            header()
        flow.y += step
        loss = entry.get("loss")
        if index % 2:
            flow.add(Rect(MARGIN - 1, flow.y - step + 0.9, flow.room + 2, step, LIGHT, None))
        weight = "bold" if entry.get("active") else "regular"
        flow.add(Text(xs[0] + roll_w - 3, flow.y, str(entry.get("roll", "")), SMALL, INK,
                      "end", weight))  # type: ignore[arg-type]
        flow.add(Text(xs[1], flow.y, cut_to(str(entry.get("played", "")), SMALL,
                                            played_w - 2), SMALL, INK))
        lost = float(loss or 0.0)
        flow.add(Text(xs[2] + loss_w - 1, flow.y, _loss(loss), SMALL,
                      RED if lost > 0 else GREY, "end"))
        if lost > 0:
            flow.add(Rect(xs[3], flow.y - SMALL * 0.8, max(0.4, (bar_w - 3) * lost / top),
                          SMALL * 0.8, RED, None))
        if lost > 0 or loss is None:
            flow.add(Text(xs[4], flow.y, cut_to(str(entry.get("best", "")), SMALL, best_w),
                          SMALL, INK))


def review_strip(review: Mapping[str, Any]) -> Scene:
    """Every page one under the other on a grey ground, for a PNG."""
    pages = review_pages(review)
    gap = 6.0
    width = max(scene.width for scene in pages)
    height = sum(scene.height for scene in pages) + gap * (len(pages) - 1)
    items: list[Item] = [Rect(0.0, 0.0, width, height, LIGHT, None)]
    y = 0.0
    for scene in pages:
        items.extend(moved(item, 0.0, y) for item in scene.items)
        y += scene.height + gap
    return Scene(width, height, items)


def render_review(review: Mapping[str, Any], png: bool = False, dpi: float = 110) -> bytes:
    """The review (its JSON form) as a PDF of upright A4 pages, or a PNG of them all."""
    if png:
        return png_bytes(scene_png(review_strip(review), dpi), dpi)
    pages = review_pages(review)
    metadata = Metadata(title=f"Game review: {review.get('player', '?')}",
                        subject=f"kok review of a game on {review.get('layout', '?')}",
                        keywords=("Keer op Keer", "review", str(review.get("edition", ""))))
    size = page_size("a4", False)
    return document_pdf([(scene, size) for scene in pages], metadata)

