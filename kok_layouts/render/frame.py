"""What frames every printed sheet: the title (and a filled-in sheet's player) across the
top, and the footer line at the bottom.

Both are measured against the sheet's width: a long title shrinks, then wraps onto more
lines (the sheet grows downwards), and is cut short only as the last resort, so no word
reaches past the sheet's edge at any size.
"""

from __future__ import annotations

from kok_layouts.render.fonts import at_least, cut_to, fit_size, text_width, wrap
from kok_layouts.render.scene import GREY, Item, Scene, Text, moved

TITLE_SIZE = 4.4
TITLE_BASELINE = 5.6
PLAYER_SIZE = 3.2
FOOTER_SIZE = 2.0


def framed(body: list[Item], width: float, height: float, title: str, player: str | None,
           player_right: float, footer: str,
           boxes: dict[int, tuple[float, float, float, float]], min_text: float) -> Scene:
    """The sheet: ``body`` (drawn for a one-line title) under the title, over the footer;
    no text smaller than ``min_text`` mm."""
    items: list[Item] = []
    room = width
    if player is not None:
        size = max(fit_size(player, PLAYER_SIZE, player_right / 2), min_text)
        shown = cut_to(player, size, player_right / 2)
        items.append(Text(player_right, TITLE_BASELINE, shown, size, anchor="end"))
        room = player_right - text_width(shown, size) - 4.0
    size = max(fit_size(title, TITLE_SIZE, room, "bold"), min(min_text * 1.3, TITLE_SIZE),
               min_text)
    lines = [cut_to(line, size, room, "bold") for line in wrap(title, size, room, "bold")]
    step = size * 1.2
    for number, line in enumerate(lines):
        items.append(Text(0, TITLE_BASELINE + number * step, line, size, weight="bold"))
    # The first line's baseline is fixed; further lines, or a larger title, push the body
    # down.
    extra = (len(lines) - 1) * step + max(0.0, size - TITLE_SIZE)
    if extra:
        body = [moved(item, 0.0, extra) for item in body]
        boxes = {cell: (x, y + extra, w, h) for cell, (x, y, w, h) in boxes.items()}
    items.extend(body)
    height += extra
    footer_size = max(fit_size(footer, FOOTER_SIZE, width), min_text)
    height += 2.5 + footer_size * 1.2
    items.append(Text(width, height - footer_size * 0.3, cut_to(footer, footer_size, width),
                      footer_size, GREY, anchor="end"))
    return Scene(width, height, at_least(items, min_text), boxes)
