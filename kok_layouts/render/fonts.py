"""The shipped font (DejaVu Sans Condensed, freely licensed) for both backends."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kok_layouts.render.scene import GREY, Item, Text, Weight

FONT_FILES: dict[Weight, str] = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
}
PDF_NAMES: dict[Weight, str] = {"regular": "KokSans", "bold": "KokSans-Bold"}
MM = 72 / 25.4
"""Points per millimetre."""


def font_path(weight: Weight) -> Path:
    return Path(str(resources.files("kok_layouts.render") / "fonts" / FONT_FILES[weight]))


@cache
def register_pdf_fonts() -> None:
    """Register the TrueType fonts with reportlab (embedded, subset, in every PDF)."""
    for weight, name in PDF_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_path(weight))))


def text_width(text: str, size: float, weight: Weight = "regular") -> float:
    """The width in mm of ``text`` at font size ``size`` mm."""
    register_pdf_fonts()
    return float(pdfmetrics.stringWidth(text, PDF_NAMES[weight], size * MM)) / MM


_SPACES = re.compile(r"[ \t\n\r\f\v]+")
"""Where a line may break: not at a no-break space (U+00A0)."""


def wrap(text: str, size: float, width: float, weight: Weight = "regular") -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm (long words stay whole; a
    no-break space keeps its neighbours on one line)."""
    lines: list[str] = []
    current = ""
    for word in _SPACES.split(text):
        if not word:
            continue
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, weight) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def wrapped(text: str, x: float, y: float, size: float, width: float,
            items: list[Item]) -> float:
    """``text`` in grey lines of ``size`` mm at most ``width`` wide from ``x``, ``y`` (the
    top of the first line) added to ``items``; the ``y`` below the last line."""
    for line in wrap(text, size, width):
        items.append(Text(x, y + size * 1.05, line, size, GREY))
        y += size * 1.3
    return y


def fit_size(text: str, size: float, width: float, weight: Weight = "regular") -> float:
    """``size``, shrunk so that ``text`` fits in ``width`` mm."""
    measured = text_width(text, size, weight)
    return size if measured <= width else size * width / measured


def at_least(items: list[Item], size: float) -> list[Item]:
    """``items`` with every text at least ``size`` mm: the last guard of a minimum size
    (layouts that wrap or move text for a larger size do so before)."""
    return [replace(item, size=size) if isinstance(item, Text) and item.size < size else item
            for item in items]


ASCENT, DESCENT = 0.93, 0.24
"""How far the font's glyphs reach above and below the baseline, in font sizes (accented
capitals included)."""


def text_bounds(item: Text) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom in mm) that ``item``'s glyphs can cover."""
    width = text_width(item.text, item.size, item.weight)
    before = {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
    up, down = ASCENT * item.size, DESCENT * item.size
    if item.angle == 90:  # written upwards: along -y, ascent towards -x
        return (item.x - up, item.y - width + before, item.x + down, item.y + before)
    return (item.x - before, item.y - up, item.x - before + width, item.y + down)


def cut_to(text: str, size: float, width: float, weight: Weight = "regular") -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width`` mm at ``size``:
    the last resort when text may not shrink below a legible size."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "\u2026", size, weight) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"
