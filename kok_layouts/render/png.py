"""The Pillow backend: a scene or a whole page as a PNG image at a chosen resolution."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from kok_layouts.render.fonts import font_path
from kok_layouts.render.page import PageLayout
from kok_layouts.render.scene import (
    PAPER,
    RGB,
    Circle,
    Line,
    Polygon,
    Rect,
    Scene,
    Text,
    Weight,
)

SUPERSAMPLE = 2
"""Drawn at twice the size and scaled down, for smooth edges."""
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


def _colour(colour: RGB) -> tuple[int, int, int]:
    return (round(colour[0] * 255), round(colour[1] * 255), round(colour[2] * 255))


@cache
def _font(weight: Weight, pixels: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(weight)), max(1, pixels))


def _draw_text(image: Image.Image, draw: ImageDraw.ImageDraw, item: Text, px: float) -> None:
    font = _font(item.weight, round(item.size * px))
    x, y = item.x * px, item.y * px
    if item.angle == 0:
        draw.text((x, y), item.text, fill=_colour(item.fill), font=font,
                  anchor=_ANCHORS[item.anchor])
        return
    ascent, descent = font.getmetrics()
    width = max(1, round(font.getlength(item.text)))
    label = Image.new("RGBA", (width, ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(label).text((0, ascent), item.text, fill=(*_colour(item.fill), 255),
                               font=font, anchor="ls")
    turned = label.rotate(90, expand=True)
    along = {"start": 0.0, "middle": width / 2, "end": float(width)}[item.anchor]
    image.alpha_composite(turned, (round(x - ascent), round(y - width + along)))


def draw_scene(scene: Scene, px: float) -> Image.Image:
    """``scene`` as an RGBA image with ``px`` pixels per millimetre (no supersampling)."""
    size = (max(1, round(scene.width * px)), max(1, round(scene.height * px)))
    image = Image.new("RGBA", size, (*_colour(PAPER), 255))
    draw = ImageDraw.Draw(image)

    def width_of(mm: float) -> int:
        return max(1, round(mm * px))

    for item in scene.items:
        if isinstance(item, Rect):
            box = (item.x * px, item.y * px, (item.x + item.w) * px, (item.y + item.h) * px)
            fill = _colour(item.fill) if item.fill else None
            outline = _colour(item.stroke) if item.stroke else None
            draw.rounded_rectangle(box, radius=item.radius * px, fill=fill, outline=outline,
                                   width=width_of(item.width) if outline else 0)
        elif isinstance(item, Circle):
            box = ((item.cx - item.r) * px, (item.cy - item.r) * px,
                   (item.cx + item.r) * px, (item.cy + item.r) * px)
            draw.ellipse(box, fill=_colour(item.fill) if item.fill else None,
                         outline=_colour(item.stroke) if item.stroke else None,
                         width=width_of(item.width) if item.stroke else 0)
        elif isinstance(item, Line):
            draw.line((item.x1 * px, item.y1 * px, item.x2 * px, item.y2 * px),
                      fill=_colour(item.stroke), width=width_of(item.width))
        elif isinstance(item, Polygon):
            points = [(x * px, y * px) for x, y in item.points]
            if item.closed:
                draw.polygon(points, fill=_colour(item.fill) if item.fill else None,
                             outline=_colour(item.stroke) if item.stroke else None,
                             width=width_of(item.width) if item.stroke else 0)
            elif item.stroke:
                draw.line(points, fill=_colour(item.stroke), width=width_of(item.width),
                          joint="curve")
        else:
            _draw_text(image, draw, item, px)
    return image


def scene_png(scene: Scene, dpi: float = 150) -> Image.Image:
    """One sheet as an RGB image at ``dpi``."""
    px = dpi / 25.4
    big = draw_scene(scene, px * SUPERSAMPLE)
    size = (max(1, round(scene.width * px)), max(1, round(scene.height * px)))
    return big.resize(size, Image.Resampling.LANCZOS).convert("RGB")


def page_png(scenes: Sequence[Scene], page: PageLayout, dpi: float = 100) -> Image.Image:
    """One page: ``scenes`` placed as ``page`` says (cycling if fewer), with cut marks."""
    px = dpi / 25.4
    image = Image.new("RGB", (round(page.width * px), round(page.height * px)), _colour(PAPER))
    for index in range(len(page.slots)):
        scene = scenes[index % len(scenes)]
        placement = page.placement(scene.width, scene.height, index)
        sheet = scene_png(scene, dpi * placement.scale)
        if placement.rotated:
            sheet = sheet.rotate(90, expand=True)
        image.paste(sheet, (round(placement.x * px), round(placement.y * px)))
    draw = ImageDraw.Draw(image)
    for mark in page.cut_marks:
        draw.line((mark.x1 * px, mark.y1 * px, mark.x2 * px, mark.y2 * px),
                  fill=_colour(mark.stroke), width=max(1, round(mark.width * px)))
    return image


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The image as PNG file content, with its resolution recorded."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=True)
    return out.getvalue()
