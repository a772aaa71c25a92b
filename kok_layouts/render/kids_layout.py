"""The printed layout of a Keer op Keer Kids sheet, as a scene.

Visitors above the columns (written upwards, with a person to circle or strike), the
column letters with the star column marked, the animal grid with a pictogram in every
cell and thick borders around enclosures, buckets below each column; on the right the
food boxes of every animal, the chameleons with their exclamation marks and the circle
count.
"""

from __future__ import annotations

from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import KidsSheet
from kok_layouts.render.fonts import cut_to, fit_size, text_width, wrapped
from kok_layouts.render.frame import framed
from kok_layouts.render.labels import Language, label, title, word
from kok_layouts.render.marks import SheetMarks
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
    bucket,
    chameleon,
    colour_symbol,
    cross_mark,
    exclamation_mark,
    hole,
    pictogram,
    star,
    star_clear_of,
    strike,
)
from kok_layouts.render.visitors import visitor_name, visitor_pictogram

CELL = 12.0
ROW_LABELS = 7.0
PANEL_W = 48.0
NAME_SIZE = 2.4
NAME_MAX = 24.0
PICTOGRAM_AT, PICTOGRAM_R = 3.4, 2.9
"""The animal's pictogram: a white disc in the cell's top left corner (mm)."""
STAR_AT, STAR_R = 0.7, 0.25
"""A star's centre and outer radius as parts of the cell: bottom right, clear of the
pictogram."""
SYMBOL_SIZE, SYMBOL_MAX, SYMBOL_INSET = 3.2, 4.4, 0.5
"""The colour-blind symbol: a square in the cell's top right corner, clear of pictogram
and star; its side (mm) on a sheet printed large, a tenth larger than the sheet's least
text size when printed smaller (so at least 2.3 mm four to a page), at most the room
there is."""
SYMBOL_PER_TEXT = 1.1


def symbol_size(min_text: float) -> float:
    """The side (mm) of the colour-blind symbols on a sheet whose least text size is
    ``min_text`` mm."""
    return min(max(SYMBOL_SIZE, min_text * SYMBOL_PER_TEXT), SYMBOL_MAX)


def symbol_square(min_text: float) -> tuple[float, float, float]:
    """Where a cell's colour-blind symbol goes: left, top and side in mm from the cell's
    top left."""
    side = symbol_size(min_text)
    return CELL - SYMBOL_INSET - side, SYMBOL_INSET, side


def star_place(colorblind: bool, min_text: float = 0.0) -> tuple[float, float, float]:
    """A star's centre and outer radius in mm from the cell's top left: bottom right, and
    with a colour-blind symbol moved down and made smaller only as far as needed to keep
    clear of it and of the pictogram."""
    centre, radius = CELL * STAR_AT, CELL * STAR_R
    if not colorblind:
        return centre, centre, radius
    left, top, side = symbol_square(min_text)
    disc = (PICTOGRAM_AT - PICTOGRAM_R, PICTOGRAM_AT - PICTOGRAM_R,
            PICTOGRAM_AT + PICTOGRAM_R, PICTOGRAM_AT + PICTOGRAM_R)
    return star_clear_of(centre, centre, radius, (0.0, 0.0, CELL, CELL),
                         ((left, top, left + side, top + side), disc))


def kids_scene(sheet: KidsSheet, lang: Language = "en", colorblind: bool = False,
               marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
    """The whole printed Kids sheet; with ``marks`` filled in as the player left it.
    ``min_text`` is the smallest font size (mm) allowed, as for the classic sheet."""
    items: list[Item] = []
    grid_x = ROW_LABELS
    grid_w, grid_h = sheet.width * CELL, sheet.height * CELL
    crossed = marks.crossed if marks else frozenset()
    claims = marks.columns if marks else {}

    # Visitors: a person to circle (first to complete the column) or strike (too late).
    # Each name written upwards, in up to two lines side by side when it is long.
    names = [_name_lines(visitor_name(v, lang), min_text) for v in sheet.visitors]
    names_bottom = 9.0 + max(text_width(line, size) for lines, size in names for line in lines)
    for column, (written, (lines, size)) in enumerate(zip(sheet.visitors, names, strict=True)):
        cx = grid_x + column * CELL + CELL / 2
        for number, line in enumerate(lines):
            offset = (number - (len(lines) - 1) / 2) * size * 1.15
            items.append(Text(cx + size * 0.36 + offset, names_bottom, line, size, angle=90))
        vy = names_bottom + 5.0
        items.extend(visitor_pictogram(written, cx, vy, 7.0))
        claim = claims.get(column)
        if claim == "first":
            items.append(Circle(cx, vy, 4.4, None, INK, 0.5))
        elif claim in ("later", "taken"):
            items.append(strike(cx - 4.0, vy - 4.0, 8.0, 8.0))
    letters_y = names_bottom + 10.5
    for column in range(sheet.width):
        x = grid_x + column * CELL
        middle = column == sheet.middle_column
        items.append(Rect(x + 1.0, letters_y, CELL - 2.0, 6.0, INK if middle else WHITE, INK,
                          0.25, radius=1.0))
        items.append(Text(x + CELL / 2, letters_y + 4.5, column_letter(column), 3.6,
                          WHITE if middle else INK, anchor="middle", weight="bold"))
    grid_y = letters_y + 7.0
    for row in range(sheet.height):
        items.append(Text(ROW_LABELS / 2, grid_y + row * CELL + CELL / 2 + 1.1, str(row + 1),
                          3.0, GREY, anchor="middle"))

    # The animal grid: colour, pictogram, star; white lines inside an enclosure.
    animal_index = {a.key: i for i, a in enumerate(sheet.animals)}
    for cell, key in enumerate(sheet.cell_colours):
        x = grid_x + (cell % sheet.width) * CELL
        y = grid_y + (cell // sheet.width) * CELL
        if key is None:
            items.extend(hole(x, y, CELL))
            continue
        animal = sheet.colour_by_key[key]
        items.append(Rect(x, y, CELL, CELL, rgb(animal.rgb), WHITE, 0.5))
        items.append(Circle(x + PICTOGRAM_AT, y + PICTOGRAM_AT, PICTOGRAM_R, WHITE, None))
        items.extend(pictogram(animal.name, x + PICTOGRAM_AT, y + PICTOGRAM_AT, 5.0))
        if cell in sheet.stars:
            sx, sy, sr = star_place(colorblind, min_text)
            items.append(star(x + sx, y + sy, sr))
        if colorblind:
            left, top, side = symbol_square(min_text)
            items.extend(colour_symbol(animal_index[key], x + left + side / 2,
                                       y + top + side / 2, side))
        if cell in crossed:
            items.extend(cross_mark(x, y, CELL, CELL, 0.8))
    # Enclosure borders: thick wherever two neighbouring cells are in different enclosures.
    for cell, index in enumerate(sheet.enclosure_of):
        if index is None:
            continue
        x = grid_x + (cell % sheet.width) * CELL
        y = grid_y + (cell // sheet.width) * CELL
        if cell % sheet.width < sheet.width - 1 and sheet.enclosure_of[cell + 1] != index:
            items.append(Line(x + CELL, y, x + CELL, y + CELL, INK, 0.8))
        below = cell + sheet.width
        if below < len(sheet.enclosure_of) and sheet.enclosure_of[below] != index:
            items.append(Line(x, y + CELL, x + CELL, y + CELL, INK, 0.8))
    items.append(Rect(grid_x, grid_y, grid_w, grid_h, None, INK, 0.9))

    # Buckets under each column: 0, 1 or 2 to circle when the column is complete.
    buckets_y = grid_y + grid_h + 1.5
    for column, count in enumerate(sheet.buckets):
        x = grid_x + column * CELL
        items.append(Rect(x + 0.8, buckets_y, CELL - 1.6, 8.0, WHITE, INK, 0.25, radius=1.0))
        for i in range(count):
            items.extend(bucket(x + CELL / 2 + (i - (count - 1) / 2) * 4.6, buckets_y + 3.8, 4.6))
        if count == 0:
            items.append(Text(x + CELL / 2, buckets_y + 5.5, "0", 3.2, GREY, anchor="middle"))
        if claims.get(column) in ("first", "later"):
            items.append(Circle(x + CELL / 2, buckets_y + 4.0, 4.6, None, INK, 0.5))
    label_size = max(2.6, min_text)
    items.append(Text(grid_x, buckets_y + 9.6 + label_size, label("buckets", lang), label_size,
                      GREY))
    bottom = buckets_y + 10.0 + label_size * 1.3

    panel_x = grid_x + grid_w + 5.0
    panel_bottom = _panel(sheet, panel_x, letters_y, lang, colorblind, marks, items, min_text)
    width = panel_x + PANEL_W + 1.5
    boxes = {cell: (grid_x + (cell % sheet.width) * CELL, grid_y + (cell // sheet.width) * CELL,
                    CELL, CELL) for cell in sheet.board_cells}
    printed_title = title(sheet.title, lang)
    player = f"{label('player', lang)}: {marks.player}" if marks is not None else None
    return framed(items, width, max(bottom, panel_bottom), printed_title, player,
                  grid_x + grid_w, f"{printed_title} · {sheet.name} · kok_layouts", boxes,
                  min_text)


def _name_lines(name: str, min_text: float) -> tuple[list[str], float]:
    """A visitor's name as lines to write upwards, and their size: one line if it fits in
    :data:`NAME_MAX` at a size of at least ``min_text``, else two."""
    size = max(fit_size(name, NAME_SIZE, NAME_MAX), min_text)
    words = name.split()
    if text_width(name, size) <= NAME_MAX or len(words) < 2:
        return [name], size
    best = min(range(1, len(words)),
               key=lambda cut: max(text_width(" ".join(words[:cut]), NAME_SIZE),
                                   text_width(" ".join(words[cut:]), NAME_SIZE)))
    lines = [" ".join(words[:best]), " ".join(words[best:])]
    widest = max(text_width(line, NAME_SIZE) for line in lines)
    return lines, max(min(NAME_SIZE, NAME_SIZE * NAME_MAX / widest), min_text)


def _panel(sheet: KidsSheet, x: float, top: float, lang: Language, colorblind: bool,
           marks: SheetMarks | None, items: list[Item], min_text: float) -> float:
    y = top
    items.append(Text(x, y + 3.6, label("food", lang), 3.4, weight="bold"))
    y += 6.0
    fed = marks.colours if marks else {}
    # With colour-blind symbols, each animal's symbol stands between its swatch and its
    # food boxes, as large as in the grid.
    side = symbol_size(min_text) if colorblind else 0.0
    shift = side + 1.2 if colorblind else 0.0
    for index, animal in enumerate(sheet.animals):
        items.append(Rect(x, y, 8.0, 8.0, rgb(animal.rgb), INK, 0.25, radius=1.0))
        items.extend(pictogram(animal.name, x + 4.0, y + 4.0, 6.6))
        if colorblind:
            items.extend(colour_symbol(index, x + 9.0 + side / 2, y + 4.0, side))
        for box in range(sheet.food_boxes):
            bx = x + 10.5 + shift + box * 7.0
            items.append(Rect(bx, y + 1.2, 5.6, 5.6, WHITE, INK, 0.3, radius=0.6))
            if fed.get(animal.key) in ("first", "later"):
                items.append(Circle(bx + 2.8, y + 4.0, 3.4, None, INK, 0.5))
        name = word(animal.name, lang)
        start = x + 11.0 + shift + sheet.food_boxes * 7.0
        room = x + PANEL_W - start
        size = max(fit_size(name, 2.7, room), min_text)
        items.append(Text(start, y + 5.3, cut_to(name, size, room), size))
        y += 9.5
    y += 1.5
    items.append(Text(x, y + 3.6, label("chameleons", lang), 3.4, weight="bold"))
    y += 5.5
    used = marks.marks_used if marks else 0
    every = max(1, sheet.chameleon_every)
    for i in range(sheet.exclamation_marks):
        cx = x + 3.2 + (i % 6) * 7.6
        cy = y + 3.2 + (i // 6) * 11.0
        items.extend(exclamation_mark(cx, cy, 2.8, i < used))
        if (i + 1) % every == 0:
            items.extend(chameleon(cx, cy + 6.2, 5.6))
    y += (-(-sheet.exclamation_marks // 6)) * 11.0 + 0.5
    y = wrapped(label("chameleon_hint", lang), x, y, max(2.2, min_text), PANEL_W, items)
    y += 3.0
    items.append(Line(x, y, x + PANEL_W, y, INK, 0.4))
    items.append(Circle(x + 3.0, y + 5.0, 2.6, None, INK, 0.4))
    items.append(Text(x + 7.5, y + 6.2, label("circles", lang), 3.4, weight="bold"))
    items.append(Rect(x + PANEL_W - 14.0, y + 1.5, 14.0, 7.0, WHITE, INK, 0.5, radius=1.0))
    total = marks.score.get("total") if marks else None
    if total is not None:
        items.append(Text(x + PANEL_W - 7.0, y + 6.8, str(total), 4.0, anchor="middle",
                          weight="bold"))
    items.append(Rect(x - 1.0, top - 1.0, PANEL_W + 2.0, y + 11.0 - top, None, LIGHT, 0.3,
                      radius=1.5))
    return y + 10.0
