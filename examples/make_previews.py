"""Write the PNG previews under examples/output/: every built-in layout, 1-up and 4-up,
on A4 and Letter, plus a sheet-only preview of each.

    python examples/make_previews.py [FOLDER]
"""

from __future__ import annotations

import sys
from pathlib import Path

from kok_layouts import list_layouts, load_layout
from kok_layouts.output import write_atomically
from kok_layouts.render.document import PrintOptions, render_png
from kok_layouts.render.page import Paper

PAGE_DPI = 60
SHEET_DPI = 110


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
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
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "output")
