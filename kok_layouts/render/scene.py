"""The drawing description: primitives in millimetres, origin top left, y downwards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

RGB = tuple[float, float, float]
"""A colour as red, green, blue in 0..1."""

INK: RGB = (0.13, 0.13, 0.15)
WHITE: RGB = (1.0, 1.0, 1.0)
PAPER: RGB = (1.0, 1.0, 1.0)
GREY: RGB = (0.4, 0.4, 0.42)
"""Hints and side labels: light enough to read as secondary, dark enough to photocopy
(contrast 5.7:1 against white paper; 4.5:1 is the least that copies legibly)."""
LIGHT: RGB = (0.9, 0.9, 0.92)

Anchor = Literal["start", "middle", "end"]
Weight = Literal["regular", "bold"]


def rgb(hex_colour: str) -> RGB:
    """``"#4fa447"`` as an RGB triple."""
    value = hex_colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = INK
    width: float = 0.3
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: RGB | None = None
    stroke: RGB | None = INK
    width: float = 0.3


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: RGB = INK
    width: float = 0.3


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed path (``closed=True``) or an open polyline."""

    points: tuple[tuple[float, float], ...]
    fill: RGB | None = None
    stroke: RGB | None = INK
    width: float = 0.3
    closed: bool = True


@dataclass(frozen=True, slots=True)
class Text:
    """Text on a baseline at ``(x, y)``; ``size`` is the font size in millimetres.

    ``angle`` 90 writes upwards (for names above narrow columns).
    """

    x: float
    y: float
    text: str
    size: float
    fill: RGB = INK
    anchor: Anchor = "start"
    weight: Weight = "regular"
    angle: int = 0


Item = Rect | Circle | Line | Polygon | Text


def moved(item: Item, dx: float, dy: float) -> Item:
    """``item`` moved by (dx, dy) mm."""
    if isinstance(item, Rect | Text):
        return replace(item, x=item.x + dx, y=item.y + dy)
    if isinstance(item, Circle):
        return replace(item, cx=item.cx + dx, cy=item.cy + dy)
    if isinstance(item, Line):
        return replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx,
                       y2=item.y2 + dy)
    return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))


@dataclass
class Scene:
    """Everything drawn on one sheet, in drawing order, with the sheet's size in mm."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    cell_boxes: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)
    """Where each grid cell is drawn (x, y, w, h in mm): for tests, hit testing and apps."""

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def extend(self, items: Sequence[Item]) -> None:
        self.items.extend(items)

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Text)]
