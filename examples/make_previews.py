"""Write the PNG previews under examples/output/: every built-in layout, 1-up and 4-up,
on A4 and Letter, plus a sheet-only preview of each; and the before-and-after pictures of
``kok improve`` (``improve-NAME.png`` for every ``examples/NAME-improved.yaml``: the board
as given above, labelled "before", and as improved below, labelled "after", with every
repainted cell, moved star and re-dealt column's points ringed in red).

    python examples/make_previews.py [FOLDER]
    python examples/make_previews.py --improve [FOLDER]    # the improve pictures alone
"""

from __future__ import annotations

import sys
from pathlib import Path

from kok_layouts import Sheet, list_layouts, load_layout
from kok_layouts.analysis.improve import changes_between
from kok_layouts.editions import edition_of
from kok_layouts.output import write_atomically
from kok_layouts.render.document import PrintOptions, render_png, sheet_scene
from kok_layouts.render.page import Paper
from kok_layouts.render.png import png_bytes, scene_png
from kok_layouts.render.scene import GREY, INK, PAPER, Item, Rect, Scene, Text, moved

PAGE_DPI = 60
SHEET_DPI = 110
EXAMPLES = Path(__file__).parent
MARK = (0.86, 0.08, 0.12)
"""The red of the rings round what ``kok improve`` changed."""
LABEL = 7.0
"""Height of a "before" / "after" label, in mm."""
GAP = 8.0
MARGIN = 4.0


def _changed_columns(before: Sheet, after: Sheet) -> list[int]:
    """The columns whose points (Kids: buckets) differ."""
    old = edition_of(before).column_points(before)
    new = edition_of(after).column_points(after)
    return [c for c in range(before.width)
            if old[0][c] != new[0][c] or (old[1] and new[1] and old[1][c] != new[1][c])]


def _rings(scene: Scene, before: Sheet, after: Sheet) -> list[Item]:
    """Red rings round every cell whose colour or star changed and round every column's
    printed points (or bucket) that were dealt again."""
    rings: list[Item] = []
    cells = [c for c in after.board_cells
             if before.cell_colours[c] != after.cell_colours[c]
             or (c in before.stars) != (c in after.stars)]
    for cell in cells:
        x, y, w, h = scene.cell_boxes[cell]
        rings.append(Rect(x - 0.6, y - 0.6, w + 1.2, h + 1.2, None, MARK, 1.1, 1.0))
    if not scene.cell_boxes:
        return rings
    bottom = max(y + h for _, y, _, h in scene.cell_boxes.values())
    for column in _changed_columns(before, after):
        boxes = [scene.cell_boxes[c] for c in after.board_cells
                 if c % after.width == column and c in scene.cell_boxes]
        if not boxes:
            continue
        left = min(x for x, _, _, _ in boxes)
        right = max(x + w for x, _, w, _ in boxes)
        # The points are the boxes printed under the column, below the grid.
        under = [item for item in scene.items if isinstance(item, Rect)
                 and item.y >= bottom and item.y < bottom + 25
                 and left <= item.x + item.w / 2 <= right and item.w < right - left + 1]
        if under:
            top = min(item.y for item in under)
            low = max(item.y + item.h for item in under)
            rings.append(Rect(left - 0.4, top - 0.8, right - left + 0.8, low - top + 1.6,
                              None, MARK, 1.1, 1.0))
    return rings


def before_and_after(before: Sheet, after: Sheet) -> Scene:
    """The board as given above, labelled "before", and as ``kok improve`` left it below,
    labelled "after" with its changes ringed in red (and a change with no cell or column
    to ring, the colour bonus, named under the label): one drawing, as the sheets print."""
    top, bottom = sheet_scene(before), sheet_scene(after)
    changes = changes_between(before, after)
    unringed = [c for c in changes if c.startswith("colour bonus")]
    note = LABEL * 0.7 if unringed else 0.0
    width = max(top.width, bottom.width) + 2 * MARGIN
    scene = Scene(width, 2 * LABEL + note + top.height + GAP + bottom.height + MARGIN)
    scene.add(Rect(0, 0, width, scene.height, PAPER, None))
    scene.add(Text(MARGIN, LABEL - 1.2, "Before: the board as given", 5.0, INK,
                   weight="bold"))
    scene.extend([moved(item, MARGIN, LABEL) for item in top.items])
    y = LABEL + top.height + GAP
    scene.add(Rect(MARGIN, y - GAP / 2 - 0.2, width - 2 * MARGIN, 0.4, GREY, None))
    count = f"{len(changes)} change{'s' if len(changes) != 1 else ''}"
    scene.add(Text(MARGIN, y + LABEL - 1.2, f"After kok improve: {count}, ringed in red",
                   5.0, MARK, weight="bold"))
    if unringed:
        scene.add(Text(MARGIN, y + LABEL + note - 1.0, "and " + "; ".join(unringed), 3.5,
                       MARK))
    y += LABEL + note
    scene.extend([moved(item, MARGIN, y) for item in bottom.items])
    scene.extend([moved(item, MARGIN, y) for item in _rings(bottom, before, after)])
    return scene


def improve_pictures(folder: Path) -> None:
    """``improve-NAME.png`` for every ``examples/NAME-improved.yaml`` beside its
    ``NAME.yaml``."""
    for improved in sorted(EXAMPLES.glob("*-improved.yaml")):
        given = improved.with_name(improved.name.replace("-improved", ""))
        scene = before_and_after(load_layout(str(given)), load_layout(str(improved)))
        name = f"improve-{given.stem}.png"
        write_atomically(folder / name, png_bytes(scene_png(scene, SHEET_DPI), SHEET_DPI))
        print(name)


def main(folder: Path, improve_only: bool = False) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    improve_pictures(folder)
    if improve_only:
        return
    papers: tuple[Paper, ...] = ("a4", "letter")
    for info in list_layouts():
        sheet = load_layout(info.name)
        write_atomically(folder / f"{info.name}.png", render_png(sheet, SHEET_DPI))
        for paper in papers:
            for per_page in (1, 4):
                options = PrintOptions(paper=paper, per_page=per_page)
                name = f"{info.name}-{paper}-{per_page}up.png"
                write_atomically(folder / name, render_png(sheet, PAGE_DPI, options, page=True))
                print(name)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--improve"]
    main(Path(arguments[0]) if arguments else EXAMPLES / "output",
         improve_only="--improve" in sys.argv[1:])
