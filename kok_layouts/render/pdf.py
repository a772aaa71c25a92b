"""The reportlab backend: scenes as vector PDF, each distinct sheet drawn once as a form.

A 100-page pad places one form XObject 100 times (or 400 times four-up), so it stays
small. Fonts are the shipped TrueType font, embedded as a subset. Invariant mode makes the
bytes depend on the input only (no dates, no random document id).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kok_layouts.render.fonts import MM, PDF_NAMES, register_pdf_fonts
from kok_layouts.render.page import PageLayout
from kok_layouts.render.scene import Circle, Line, Polygon, Rect, Scene, Text


@dataclass(frozen=True)
class Metadata:
    title: str
    subject: str
    keywords: tuple[str, ...] = ()
    author: str = "kok_layouts"


def _draw(canvas: Canvas, scene: Scene) -> None:
    height = scene.height

    def y_of(y: float) -> float:
        return (height - y) * MM

    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for item in scene.items:
        if isinstance(item, Text):
            canvas.setFillColorRGB(*item.fill)
            canvas.setFont(PDF_NAMES[item.weight], item.size * MM)
            canvas.saveState()
            canvas.translate(item.x * MM, y_of(item.y))
            if item.angle:
                canvas.rotate(item.angle)
            if item.anchor == "middle":
                canvas.drawCentredString(0, 0, item.text)
            elif item.anchor == "end":
                canvas.drawRightString(0, 0, item.text)
            else:
                canvas.drawString(0, 0, item.text)
            canvas.restoreState()
            continue
        stroke = getattr(item, "stroke", None)
        fill = getattr(item, "fill", None)
        if stroke is not None:
            canvas.setStrokeColorRGB(*stroke)
            canvas.setLineWidth(item.width * MM)
        if fill is not None:
            canvas.setFillColorRGB(*fill)
        do_stroke, do_fill = int(stroke is not None), int(fill is not None)
        if isinstance(item, Rect):
            x, y, w, h = item.x * MM, y_of(item.y + item.h), item.w * MM, item.h * MM
            if item.radius:
                canvas.roundRect(x, y, w, h, item.radius * MM, stroke=do_stroke, fill=do_fill)
            else:
                canvas.rect(x, y, w, h, stroke=do_stroke, fill=do_fill)
        elif isinstance(item, Circle):
            canvas.circle(item.cx * MM, y_of(item.cy), item.r * MM, stroke=do_stroke,
                          fill=do_fill)
        elif isinstance(item, Line):
            canvas.line(item.x1 * MM, y_of(item.y1), item.x2 * MM, y_of(item.y2))
        elif isinstance(item, Polygon):
            path = canvas.beginPath()
            first, *rest = item.points
            path.moveTo(first[0] * MM, y_of(first[1]))
            for x, y in rest:
                path.lineTo(x * MM, y_of(y))
            if item.closed:
                path.close()
            canvas.drawPath(path, stroke=do_stroke, fill=do_fill if item.closed else 0)


def _canvas(out: io.BytesIO, width: float, height: float, metadata: Metadata) -> Canvas:
    """A reportlab canvas for pages of ``width`` x ``height`` mm, fonts registered,
    metadata set, bytes depending on the input only."""
    register_pdf_fonts()
    canvas = Canvas(out, pagesize=(width * MM, height * MM), invariant=1,
                    pageCompression=1, initialFontName=PDF_NAMES["regular"])
    canvas.setTitle(metadata.title)
    canvas.setAuthor(metadata.author)
    canvas.setSubject(metadata.subject)
    canvas.setCreator("kok_layouts")
    canvas.setKeywords(", ".join(metadata.keywords))
    return canvas


def document_pdf(pages: Sequence[tuple[Scene, tuple[float, float]]],
                 metadata: Metadata) -> bytes:
    """A PDF with one page per scene, each on its own paper size (width, height in mm),
    scaled down if it is larger and centred: a document whose pages differ in size or
    orientation, such as a report of text pages and a page of charts."""
    out = io.BytesIO()
    first = pages[0][1] if pages else (210.0, 297.0)
    canvas = _canvas(out, *first, metadata)
    for scene, (width, height) in pages:
        canvas.setPageSize((width * MM, height * MM))
        scale = min(1.0, width / scene.width, height / scene.height)
        canvas.saveState()
        canvas.translate((width - scene.width * scale) / 2 * MM,
                         (height - scene.height * scale) / 2 * MM)
        canvas.scale(scale, scale)
        _draw(canvas, scene)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def pdf_bytes(scenes: Sequence[Scene], page: PageLayout, pages: int, metadata: Metadata) -> bytes:
    """A PDF of ``pages`` pages laid out as ``page``, filled with ``scenes`` in turn."""
    out = io.BytesIO()
    canvas = _canvas(out, page.width, page.height, metadata)
    distinct: dict[int, str] = {}
    for scene in scenes:
        if id(scene) in distinct:
            continue
        name = f"sheet{len(distinct)}"
        distinct[id(scene)] = name
        canvas.beginForm(name, 0, 0, scene.width * MM, scene.height * MM)
        _draw(canvas, scene)
        canvas.endForm()
    if page.cut_marks:  # the same on every page: drawn once, placed on each
        canvas.beginForm("cuts", 0, 0, page.width * MM, page.height * MM)
        _draw(canvas, Scene(page.width, page.height, list(page.cut_marks)))
        canvas.endForm()
    slot = 0
    for _ in range(pages):
        for index in range(len(page.slots)):
            scene = scenes[slot % len(scenes)]
            slot += 1
            placement = page.placement(scene.width, scene.height, index)
            canvas.saveState()
            if placement.rotated:
                bottom = page.height - placement.y - scene.width * placement.scale
                canvas.translate((placement.x + scene.height * placement.scale) * MM,
                                 bottom * MM)
                canvas.rotate(90)
            else:
                bottom = page.height - placement.y - scene.height * placement.scale
                canvas.translate(placement.x * MM, bottom * MM)
            canvas.scale(placement.scale, placement.scale)
            canvas.doForm(distinct[id(scene)])
            canvas.restoreState()
        if page.cut_marks:
            canvas.doForm("cuts")
        canvas.showPage()
    canvas.save()
    return out.getvalue()
