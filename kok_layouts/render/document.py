"""Printable documents: a sheet's scene, a whole PDF pad, a PNG preview."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kok_layouts.errors import KokError
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet
from kok_layouts.render.charts import report_scene, report_scenes
from kok_layouts.render.classic_layout import classic_scene
from kok_layouts.render.kids_layout import kids_scene
from kok_layouts.render.labels import Language
from kok_layouts.render.marks import SheetMarks
from kok_layouts.render.page import PER_PAGE, PageLayout, Paper, page_for
from kok_layouts.render.pdf import Metadata, pdf_bytes
from kok_layouts.render.png import page_png, png_bytes, scene_png
from kok_layouts.render.scene import Scene

MAX_PAGES = 10_000
MIN_TEXT_PT = 6.0
"""No printed text is smaller than this (points), whatever the size of the sheet."""
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72


def sheet_scene(sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
    """The drawing of ``sheet`` for its edition, optionally filled in with ``marks``, with
    no text smaller than ``min_text`` mm."""
    if isinstance(sheet, KidsSheet):
        return kids_scene(sheet, lang, colorblind, marks, min_text)
    if isinstance(sheet, ClassicSheet):
        return classic_scene(sheet, lang, colorblind, marks, min_text)
    raise KokError(f"no printed layout for {type(sheet).__name__}")


@dataclass(frozen=True)
class PrintOptions:
    """How sheets go on paper."""

    paper: Paper = "a4"
    landscape: bool | None = None
    """None: the orientation that shows the sheets upright and largest; True or False
    forces landscape or portrait pages."""
    per_page: int = 1
    pages: int | None = None
    """Pages to print; by default just enough for every sheet once."""
    lang: Language = "en"
    colorblind: bool = False

    def check(self) -> None:
        if self.per_page not in PER_PAGE:
            raise KokError(f"{self.per_page} sheets per page; use 1, 2 or 4")
        if self.pages is not None and not 1 <= self.pages <= MAX_PAGES:
            raise KokError(f"--pages is {self.pages}; print 1 to {MAX_PAGES:,} pages")


def printed_scenes(sheets: Sequence[Sheet], options: PrintOptions,
                   marks: SheetMarks | None = None) -> tuple[list[Scene], PageLayout]:
    """The drawings of ``sheets`` as they print, and the page they go on.

    One page size serves the whole document; each sheet is fitted into its slot for
    itself, and drawn with text large enough to print at least :data:`MIN_TEXT_PT` at the
    scale it gets (larger text makes the sheet a little larger, so this settles in a few
    rounds).
    """
    floors = [0.0] * len(sheets)
    for _ in range(6):
        scenes = [sheet_scene(s, options.lang, options.colorblind, marks, floor)
                  for s, floor in zip(sheets, floors, strict=True)]
        page = page_for([(s.width, s.height) for s in scenes], options.paper,
                        options.landscape, options.per_page)
        needed = [MIN_TEXT_MM / page.placement(s.width, s.height, i).scale
                  for i, s in enumerate(scenes)]
        if all(need <= floor for need, floor in zip(needed, floors, strict=True)):
            break
        floors = [max(floor, need * 1.02) for need, floor in zip(needed, floors, strict=True)]
    return scenes, page


def render_pdf(sheets: Sequence[Sheet], options: PrintOptions = PrintOptions(),
               marks: SheetMarks | None = None) -> bytes:
    """A PDF with ``sheets`` (cycled to fill every slot), laid out as ``options`` say."""
    options.check()
    if not sheets:
        raise KokError("no sheet to print")
    scenes, page = printed_scenes(sheets, options, marks)
    pages = options.pages or -(-len(scenes) // options.per_page)
    names = ", ".join(dict.fromkeys(s.name for s in sheets))
    title = sheets[0].title if len(sheets) == 1 else f"Keer op Keer sheets: {names}"
    if marks is not None:
        title += f" ({marks.player})"
    metadata = Metadata(title=title, subject=f"Score sheets: {names}",
                        keywords=("Keer op Keer", "Noch mal!", "Encore!",
                                  *dict.fromkeys(s.edition for s in sheets)))
    return pdf_bytes(scenes, page, pages, metadata)


def render_png(sheet: Sheet, dpi: float = 150, options: PrintOptions = PrintOptions(),
               marks: SheetMarks | None = None, *, page: bool = False) -> bytes:
    """A PNG of the sheet alone, or (``page=True``) of the first page as it prints."""
    from kok_layouts.render.resolution import check_dpi  # refuses dpi outside 10..1200
    check_dpi(dpi)
    options.check()
    if not page:
        scene = sheet_scene(sheet, options.lang, options.colorblind, marks)
        return png_bytes(scene_png(scene, dpi), dpi)
    return render_page_png([sheet], dpi, options, marks)


def render_page_png(sheets: Sequence[Sheet], dpi: float = 150,
                    options: PrintOptions = PrintOptions(),
                    marks: SheetMarks | None = None) -> bytes:
    """The first page of the document :func:`render_pdf` makes, as a PNG."""
    options.check()
    if not sheets:
        raise KokError("no sheet to print")
    scenes, layout = printed_scenes(sheets, options, marks)
    return png_bytes(page_png(scenes, layout, dpi), dpi)


def render_report(report: dict[str, Any], png: bool = False, dpi: float = 110) -> bytes:
    """A ``kok check`` report (its JSON form) as a PDF (verdicts and advice, then the
    charts), or a PNG of both pages one under the other."""
    if png:
        return png_bytes(scene_png(report_scene(report), dpi), dpi)
    scenes = report_scenes(report)
    scene = scenes[0]
    page = PageLayout(scene.width, scene.height, ((0.0, 0.0, scene.width, scene.height),), (),
                      margin=0.0)
    metadata = Metadata(title=f"Balance report: {report['layout']}",
                        subject=f"kok check of {report['layout']}",
                        keywords=("Keer op Keer", "balance", str(report["edition"])))
    return pdf_bytes(scenes, page, len(scenes), metadata)
