"""Training curves as a PNG (the learned bot's and its value network's recipes): one panel
per edition, the solo mean of the evaluation games against training games, the start
dashed."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO

Colour = tuple[int, int, int]
BLUE: Colour = (30, 90, 200)
ORANGE: Colour = (200, 90, 30)
GREY: Colour = (128, 128, 128)


@dataclass(frozen=True)
class Panel:
    """One edition's curve."""

    heading: str
    xs: list[float]
    ys: list[float]
    start: float
    """The height of the dashed line (the play before training)."""
    note: str
    """Grey words at the panel's top right (what the dashes and colours are)."""
    colours: list[Colour] = field(default_factory=list)
    """Per point its dot's colour (none given: blue)."""
    x_unit: str = ""


def curves_png(title: str, panels: list[Panel]) -> bytes:
    """The panels, one below the other, under ``title``, as PNG bytes."""
    from PIL import Image, ImageDraw, ImageFont

    width, height = 900, 300
    image = Image.new("RGB", (width, 40 + height * len(panels)), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=14)
    draw.text((20, 12), title, fill="black", font=font)
    for row, panel in enumerate(panels):
        top = 40 + row * height
        left, right, low, high = 80, width - 30, top + height - 45, top + 30
        y_min = min([*panel.ys, panel.start]) - 0.5
        y_max = max([*panel.ys, panel.start]) + 0.5
        x_max = max([*panel.xs, 1])

        def at(x: float, y: float, left: int = left, right: int = right, low: int = low,
               high: int = high, x_max: float = x_max, y_min: float = y_min,
               y_max: float = y_max) -> tuple[float, float]:
            return (left + (right - left) * x / x_max,
                    low - (low - high) * (y - y_min) / (y_max - y_min))

        draw.rectangle((left, high, right, low), outline="black")
        draw.text((left, top + 8), panel.heading, fill="black", font=font)
        draw.text((right - draw.textlength(panel.note, font=font), top + 8), panel.note,
                  fill="grey", font=font)
        for k in range(5):
            y = y_min + (y_max - y_min) * k / 4
            _, py = at(0, y)
            draw.line((left - 5, py, left, py), fill="black")
            draw.text((10, py - 8), f"{y:.1f}", fill="black", font=font)
            x = x_max * k / 4
            px, _ = at(x, y_min)
            draw.line((px, low, px, low + 5), fill="black")
            label = f"{x:,.0f}{panel.x_unit}"
            wide = draw.textlength(label, font=font)
            draw.text((min(max(px - wide / 2, 0), width - wide - 4), low + 8), label,
                      fill="black", font=font)
        start = at(0, panel.start)[1]
        for x in range(left, right, 12):
            draw.line((x, start, min(x + 6, right), start), fill="grey")
        line = [at(x, y) for x, y in zip(panel.xs, panel.ys, strict=True)]
        if len(line) > 1:
            draw.line(line, fill=BLUE, width=3)
        colours = panel.colours or [BLUE] * len(line)
        for (px, py), colour in zip(line, colours, strict=True):
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=colour)
    out = BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
