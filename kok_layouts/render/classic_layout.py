"""The printed layout of a classic or Keer op Keer 2 sheet, as a scene.

Left to right: row numbers, the grid under its column letters (start column marked) with
the column points below; for Keer op Keer 2 the rows' points and items, hearts under the
columns and the boxes; on the right the colour bonuses, the exclamation marks and the
score box.
"""

from __future__ import annotations

from dataclasses import dataclass

from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import ClassicSheet, Kok2Sheet
from kok_layouts.render.fonts import cut_to, fit_size, text_width, wrap, wrapped
from kok_layouts.render.frame import framed
from kok_layouts.render.labels import Language, label, title, word
from kok_layouts.render.marks import Claim, SheetMarks
from kok_layouts.render.scene import (
    GREY,
    INK,
    LIGHT,
    WHITE,
    Circle,
    Item,
    Line,
    Rect,
    Scene,
    Text,
    rgb,
)
from kok_layouts.render.shapes import (
    Box,
    bomb,
    box_icon,
    colour_symbol,
    cross_mark,
    exclamation_mark,
    heart,
    hole,
    star,
    star_clear_of,
    strike,
)

CELL = 9.0
ROW_LABELS = 7.0
LETTERS_TOP = 8.5
LETTERS_H = 6.0
PANEL_W = 50.0
EN_DASH = " \u2013 "
MINUS = "\u2212"
ROW_PANEL_W = 21.0
STAR_R = 0.34
"""A star's outer radius, as a part of the cell; it sits in the cell's centre."""
SYMBOL_SIZE = 2.8
"""The colour-blind symbol's side (mm) on a sheet printed large; printed smaller, it is
a tenth larger than the sheet's least text size, so that it prints at least 2.3 mm
across (6 pt is 2.1 mm), four to a page too."""
SYMBOL_PER_TEXT = 1.1
SYMBOL_MAX = 4.5
SYMBOL_INSET = 0.5
"""The symbol sits in the cell's top left corner, this far in from its edges."""
BOX_AT, BOX_SIZE = (0.22, 0.78), 0.32
"""A Keer op Keer 2 box cell's box: centre and size as parts of the cell (bottom left)."""
SIDE_SIZE = 2.2
"""The size of the "first"/"later" labels left of the column points."""


def symbol_size(min_text: float) -> float:
    """The side (mm) of a grid cell's colour-blind symbol on a sheet whose least text size
    is ``min_text`` mm: :data:`SYMBOL_SIZE`, or a tenth more than ``min_text`` when that
    is larger (up to half the cell)."""
    return min(max(SYMBOL_SIZE, min_text * SYMBOL_PER_TEXT), SYMBOL_MAX)


@dataclass(frozen=True)
class CellMarks:
    """Where a grid cell's marks go, in mm from the cell's top left: the colour-blind
    symbol's square (left, top, side), the star's centre and outer radius. With a large
    symbol the star moves towards the bottom right and shrinks as far as needed to keep
    clear of it (and of a box cell's box)."""

    symbol: tuple[float, float, float]
    star: tuple[float, float, float]


def cell_marks(colorblind: bool, min_text: float = 0.0, box_cell: bool = False) -> CellMarks:
    """The marks of a grid cell (see :class:`CellMarks`)."""
    side = symbol_size(min_text) if colorblind else 0.0
    keep_out: list[Box] = []
    if colorblind:
        keep_out.append((SYMBOL_INSET, SYMBOL_INSET, SYMBOL_INSET + side, SYMBOL_INSET + side))
    if box_cell:
        half = CELL * BOX_SIZE / 2
        bx, by = CELL * BOX_AT[0], CELL * BOX_AT[1]
        keep_out.append((bx - half, by - half, bx + half, by + half))
    star_at = star_clear_of(CELL / 2, CELL / 2, CELL * STAR_R, (0.0, 0.0, CELL, CELL),
                            tuple(keep_out)) if keep_out else (CELL / 2, CELL / 2,
                                                               CELL * STAR_R)
    return CellMarks((SYMBOL_INSET, SYMBOL_INSET, side), star_at)


def _value_box(x: float, y: float, w: float, h: float, value: int, size: float,
               claim: Claim | None, upper: bool, bold: bool = False,
               with_box: bool = False) -> list[Item]:
    """A printed value; a claim circles or strikes it as the player would. ``with_box``
    adds the special-die box symbol (Keer op Keer 2's column H)."""
    centre = x + w / 2 - (w * 0.16 if with_box else 0.0)
    items: list[Item] = [Rect(x, y, w, h, WHITE, INK, 0.25, radius=1.0),
                         Text(centre, y + h / 2 + size * 0.36, str(value), size,
                              anchor="middle", weight="bold" if bold else "regular")]
    if with_box:
        items.extend(box_icon(x + w * 0.78, y + h / 2, min(w * 0.3, h * 0.5)))
    circled = (claim == "first" and upper) or (claim == "later" and not upper)
    if circled:
        items.append(Circle(x + w / 2, y + h / 2, min(w, h) * 0.45, None, INK, 0.5))
    if upper and claim in ("later", "taken"):
        items.append(strike(x, y, w, h))
    return items


def _score_line(x: float, y: float, w: float, text: str, value: int | None,
                icon: list[Item] | None = None, bold: bool = False,
                min_text: float = 0.0) -> list[Item]:
    box_w = 13.0
    items: list[Item] = []
    text_x = x
    size = max(2.7, min_text)
    if icon:
        items.extend(icon)
        text_x = x + 4.2 + size * 0.15
    items.append(Text(text_x, y + 4.0, text, size, weight="bold" if bold else "regular"))
    items.append(Rect(x + w - box_w, y + 0.3, box_w, 5.2, WHITE, INK, 0.4 if bold else 0.25,
                      radius=0.8))
    if value is not None:
        items.append(Text(x + w - box_w / 2, y + 4.1, str(value), 3.2, anchor="middle",
                          weight="bold"))
    return items


def classic_scene(sheet: ClassicSheet, lang: Language = "en", colorblind: bool = False,
                  marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
    """The whole printed classic sheet; with ``marks`` filled in as the player left it.

    ``min_text`` is the smallest font size (mm) allowed on the sheet: a sheet printed
    small (four to a page) gets larger text, and hints wrap to make room for it.
    """
    return _scene(sheet, None, lang, colorblind, marks, min_text)


def kok2_scene(sheet: Kok2Sheet, lang: Language = "en", colorblind: bool = False,
               marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
    """The whole printed Keer op Keer 2 sheet: the classic one with box cells, box
    columns, hearts under the columns, the rows and the boxes and heart track below."""
    return _scene(sheet, sheet, lang, colorblind, marks, min_text)


def _scene(sheet: ClassicSheet, kok2: Kok2Sheet | None, lang: Language, colorblind: bool,
           marks: SheetMarks | None, min_text: float) -> Scene:
    items: list[Item] = []
    # The grid starts right of the widest "first"/"later" label, measured in the font.
    side_labels = (label("first", lang), label("later", lang))
    side_size = max(SIDE_SIZE, min_text)
    grid_x = max(ROW_LABELS, max(text_width(t, side_size) for t in side_labels) + 1.6)
    grid_y = LETTERS_TOP + LETTERS_H + 1.0
    grid_w, grid_h = sheet.width * CELL, sheet.height * CELL
    crossed = marks.crossed if marks else frozenset()
    colour_index = {c.key: i for i, c in enumerate(sheet.colours)}

    # Title and column letters, the start column(s) marked.
    for column in range(sheet.width):
        x = grid_x + column * CELL
        start = column in sheet.start_columns
        items.append(Rect(x + 0.6, LETTERS_TOP, CELL - 1.2, LETTERS_H, INK if start else WHITE,
                          INK, 0.25, radius=1.0))
        items.append(Text(x + CELL / 2, LETTERS_TOP + 4.5, column_letter(column), 3.6,
                          WHITE if start else INK, anchor="middle", weight="bold"))
    # Row numbers, so that cells can be named (H3) as in records and the CLI.
    for row in range(sheet.height):
        items.append(Text(grid_x / 2, grid_y + row * CELL + CELL / 2 + 1.1, str(row + 1),
                          3.0, GREY, anchor="middle"))

    # The grid.
    for cell, key in enumerate(sheet.cell_colours):
        x = grid_x + (cell % sheet.width) * CELL
        y = grid_y + (cell // sheet.width) * CELL
        if key is None:
            items.extend(hole(x, y, CELL))
            continue
        colour = sheet.colour_by_key[key]
        items.append(Rect(x, y, CELL, CELL, rgb(colour.rgb), WHITE, 0.6))
        box_cell = kok2 is not None and cell in kok2.box_cells
        if cell in sheet.stars:
            sx, sy, sr = cell_marks(colorblind, min_text, box_cell).star
            items.append(star(x + sx, y + sy, sr))
        if box_cell:
            items.extend(box_icon(x + CELL * BOX_AT[0], y + CELL * BOX_AT[1], CELL * BOX_SIZE))
        if colorblind:
            left, top, side = cell_marks(True, min_text).symbol
            items.extend(colour_symbol(colour_index[key], x + left + side / 2,
                                       y + top + side / 2, side))
        if cell in crossed:
            items.extend(cross_mark(x, y, CELL, CELL))
    # Thin separators between areas make the areas readable in grey print too.
    for cell, key in enumerate(sheet.cell_colours):
        if key is None:
            continue
        x = grid_x + (cell % sheet.width) * CELL
        y = grid_y + (cell // sheet.width) * CELL
        right = cell + 1 if cell % sheet.width < sheet.width - 1 else None
        below = cell + sheet.width if cell // sheet.width < sheet.height - 1 else None
        if right is not None and sheet.area_of[right] not in (None, sheet.area_of[cell]):
            items.append(Line(x + CELL, y, x + CELL, y + CELL, INK, 0.45))
        if below is not None and sheet.area_of[below] not in (None, sheet.area_of[cell]):
            items.append(Line(x, y + CELL, x + CELL, y + CELL, INK, 0.45))
    items.append(Rect(grid_x, grid_y, grid_w, grid_h, None, INK, 0.5))

    # Column points: first (upper) and later (lower).
    points_y = grid_y + grid_h + 1.5
    claims = marks.columns if marks else {}
    for column, points in enumerate(sheet.column_points):
        x = grid_x + column * CELL
        claim = claims.get(column)
        box = kok2 is not None and column in kok2.box_columns
        items.extend(_value_box(x + 0.8, points_y, CELL - 1.6, 6.0, points.first, 3.4,
                                claim, True, bold=True, with_box=box))
        items.extend(_value_box(x + 1.1 if box else x + 1.6, points_y + 6.6,
                                CELL - (2.2 if box else 3.2), 4.6, points.later, 2.6,
                                claim, False, with_box=box))
    items.append(Text(grid_x - 0.8, points_y + 3.0 + side_size * 0.36, side_labels[0],
                      side_size, GREY, anchor="end"))
    items.append(Text(grid_x - 0.8, points_y + 8.9 + side_size * 0.36, side_labels[1],
                      side_size, GREY, anchor="end"))
    bottom = points_y + 11.5
    if kok2 and kok2.column_hearts:
        written = marks.hearts_under if marks else {}
        for column in range(sheet.width):
            cx = grid_x + column * CELL + CELL / 2
            items.append(heart(cx, bottom + 4.2, 6.6, WHITE))
            if column in written:
                items.append(Text(cx, bottom + 5.0, str(written[column]), 2.8, anchor="middle",
                                  weight="bold"))
        hint_size = max(2.2, min_text)
        bottom += 8.6
        for line in wrap(label("heart_hint", lang), hint_size, grid_w):
            bottom += hint_size * 1.3
            items.append(Text(grid_x, bottom, line, hint_size, GREY))
        bottom += 0.9

    # Keer op Keer 2: rows with their points and items, right of the grid.
    panel_x = grid_x + grid_w + 4.0
    if kok2:
        items.extend(_rows_panel(kok2, panel_x, grid_y, marks))
        panel_x += ROW_PANEL_W
    panel_bottom = _right_panel(sheet, kok2, panel_x, lang, colorblind, marks, items,
                                min_text)
    if kok2:
        bottom = max(bottom, _kok2_bottom(kok2, lang, grid_x, bottom + 1.5, panel_x - 2.0, items,
                                          marks, min_text))
    width = panel_x + PANEL_W + 1.5
    printed_title = title(sheet.title, lang)
    boxes = {cell: (grid_x + (cell % sheet.width) * CELL, grid_y + (cell // sheet.width) * CELL,
                    CELL, CELL) for cell in sheet.board_cells}
    player = f"{label('player', lang)}: {marks.player}" if marks is not None else None
    return framed(items, width, max(bottom, panel_bottom), printed_title, player,
                  grid_x + grid_w, f"{printed_title} · {sheet.name} · kok_layouts", boxes,
                  min_text)


def _rows_panel(sheet: Kok2Sheet, x: float, grid_y: float,
                marks: SheetMarks | None) -> list[Item]:
    items: list[Item] = []
    claims = marks.rows if marks else {}
    for row, rule in enumerate(sheet.rows):
        y = grid_y + row * CELL
        items.append(Rect(x, y + 1.2, 5.5, CELL - 2.4, INK, INK, 0.25, radius=0.8))
        items.append(Text(x + 2.75, y + CELL / 2 + 1.3, rule.label, 3.4, WHITE,
                          anchor="middle", weight="bold"))
        items.append(Circle(x + 9.5, y + CELL / 2, 3.0, WHITE, INK, 0.3))
        items.append(Text(x + 9.5, y + CELL / 2 + 1.2, str(rule.points), 3.2,
                          anchor="middle", weight="bold"))
        cx, cy = x + 16.5, y + CELL / 2
        claim = claims.get(row)
        if claim in ("first", "later"):
            items.append(Circle(x + 9.5, y + CELL / 2, 3.7, None, INK, 0.5))
        if claim == "first":
            items.append(Circle(cx, cy, 3.9, None, INK, 0.5))
        elif claim in ("later", "taken") and rule.item:
            items.append(strike(cx - 3.2, cy - 3.2, 6.4, 6.4))
        if rule.item == "box":
            items.extend(box_icon(cx, cy, 4.6))
        elif rule.item == "bomb":
            items.extend(bomb(cx, cy, 6.4))
        elif rule.item == "heart":
            items.append(heart(cx, cy, 5.6, (0.9, 0.25, 0.35)))
    return items


def _kok2_bottom(sheet: Kok2Sheet, lang: Language, x: float, y: float, right: float,
                 items: list[Item], marks: SheetMarks | None, min_text: float) -> float:
    """The boxes along the bottom (the first already circled) and the heart track; filled
    in, gained boxes are circled, used ones crossed and circled hearts filled."""
    heading = max(3.0, min_text)
    items.append(Text(x, y + 4.2, label("boxes", lang), heading, weight="bold"))
    start = x + text_width(label("boxes", lang), heading, "bold") + 3.0
    gained = marks.boxes_gained if marks else sheet.boxes_at_start
    used = marks.boxes_used if marks else 0
    for i in range(sheet.box_count):
        cx = start + i * 8.0 + 3.0
        items.extend(box_icon(cx, y + 3.0, 5.0))
        if i < gained:
            items.append(Circle(cx, y + 3.0, 3.6, None, INK, 0.5))
        if i < used:
            items.extend(cross_mark(cx - 3.0, y, 6.0, 6.0, 0.5))
    hint_x = start + sheet.box_count * 8.0 + 1.0
    hint_size = max(2.2, min_text)
    lines = wrap(label("box_hint", lang), hint_size, right - hint_x)
    for number, line in enumerate(lines):
        items.append(Text(hint_x, y + 4.2 + (number - (len(lines) - 1) / 2) * hint_size * 1.2,
                          line, hint_size, GREY))
    y += max(8.0, 3.0 + len(lines) * hint_size * 1.2)
    items.append(Text(x, y + 4.2, label("hearts", lang), heading, weight="bold"))
    start = x + text_width(label("hearts", lang), heading, "bold") + 3.0
    circled = marks.hearts if marks else 0
    for i in range(sheet.heart_track):
        fill = (0.9, 0.25, 0.35) if i < circled else WHITE
        items.append(heart(start + i * 7.5 + 3.0, y + 3.2, 6.0, fill))
    return y + 7.5


def _right_panel(sheet: ClassicSheet, kok2: Kok2Sheet | None, x: float, lang: Language,
                 colorblind: bool, marks: SheetMarks | None, items: list[Item],
                 min_text: float) -> float:
    """Colour bonuses, exclamation marks and the score box (with Keer op Keer 2's rows,
    hearts and boxes when ``kok2`` is the sheet); returns the bottom y."""
    y = LETTERS_TOP
    items.append(Text(x, y + 3.6, label("bonus", lang), 3.4, weight="bold"))
    hint = label("colour_bonus", lang)
    room = PANEL_W - text_width(label("bonus", lang), 3.4, "bold") - 3.0
    hint_size = max(fit_size(hint, 2.3, min(room, 28.0)), min_text)
    if text_width(hint, hint_size) <= room:
        items.append(Text(x + PANEL_W, y + 3.6, hint, hint_size, GREY, anchor="end"))
    else:  # too long beside the heading at this size: under it
        for line in wrap(hint, hint_size, PANEL_W):
            y += hint_size * 1.25
            items.append(Text(x, y + 3.6, line, hint_size, GREY))
    y += 6.0
    claims = marks.colours if marks else {}
    for index, colour in enumerate(sheet.colours):
        items.append(Rect(x, y, 6.5, 6.0, rgb(colour.rgb), INK, 0.25, radius=0.8))
        if colorblind:  # alone on the swatch: as large as the grid's, up to 4.4 mm
            items.extend(colour_symbol(index, x + 3.25, y + 3.0,
                                       min(symbol_size(min_text), 4.4)))
        claim = claims.get(colour.key)
        items.extend(_value_box(x + 8.5, y + 0.2, 7.0, 5.6, sheet.colour_bonus.first, 3.2,
                                claim, True, bold=True))
        items.extend(_value_box(x + 17.0, y + 0.7, 5.6, 4.6, sheet.colour_bonus.later, 2.6,
                                claim, False))
        name = word(colour.name, lang)
        size = max(fit_size(name, 2.7, PANEL_W - 25.0), min_text)
        items.append(Text(x + 24.5, y + 4.1, cut_to(name, size, PANEL_W - 25.0), size))
        y += 7.0
    y += 2.0
    # Exclamation marks with the joker hint.
    items.append(Text(x, y + 3.6, label("jokers", lang), 3.4, weight="bold"))
    y += 5.5
    used = marks.marks_used if marks else 0
    per_row = 8
    for i in range(sheet.exclamation_marks):
        cx = x + 3.0 + (i % per_row) * 6.2
        cy = y + 3.0 + (i // per_row) * 6.4
        items.extend(exclamation_mark(cx, cy, 2.6, i < used))
    rows = max(1, -(-sheet.exclamation_marks // per_row))
    y += rows * 6.4 + 0.5
    y = wrapped(label("joker_hint", lang), x, y, max(2.2, min_text), PANEL_W, items)
    y += 2.0
    # The score box.
    items.append(Text(x, y + 3.6, label("score", lang), 3.4, weight="bold"))
    y += 5.0
    score = marks.score if marks else {}
    last = column_letter(sheet.width - 1)
    lines: list[tuple[str, str, list[Item] | None]] = [
        ("colours", label("bonus", lang), None),
        ("columns", f"A{EN_DASH}{last}", None),
    ]
    if kok2 is not None:
        lines.append(("rows", f"{kok2.rows[0].label}{EN_DASH}{kok2.rows[-1].label}", None))
        lines.append(("hearts", label("hearts", lang), [heart(x + 1.8, y, 3.4, WHITE)]))
    lines.append(("jokers", f"! (+{sheet.mark_points})", None))
    if kok2 is not None:
        lines.append(("boxes", f"(+{kok2.box_points})", None))
    lines.append(("stars", f"({MINUS}{sheet.star_penalty})", None))
    for key, text, _ in lines:
        icon: list[Item] | None = None
        if key == "stars":
            icon = [star(x + 1.9, y + 2.9, 2.0)]
        elif key == "hearts":
            icon = [heart(x + 1.9, y + 2.9, 3.6, WHITE)]
        elif key == "boxes" and kok2 is not None:
            icon = box_icon(x + 1.9, y + 2.9, 3.2)
        items.extend(_score_line(x, y, PANEL_W, text, score.get(key), icon, min_text=min_text))
        y += 6.0
    items.append(Line(x, y + 0.2, x + PANEL_W, y + 0.2, INK, 0.4))
    items.extend(_score_line(x, y + 0.8, PANEL_W, label("total", lang), score.get("total"),
                             bold=True))
    items.append(Rect(x - 1.0, LETTERS_TOP - 1.0, PANEL_W + 2.0, y + 8.0 - LETTERS_TOP, None,
                      LIGHT, 0.3, radius=1.5))
    return y + 7.0
