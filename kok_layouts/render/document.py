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
from kok_layouts.render.page import PER_PAGE, PageLayout, Paper, Placement, layout_page
from kok_layouts.render.pdf import Metadata, pdf_bytes
from kok_layouts.render.png import page_png, png_bytes, scene_png
from kok_layouts.render.scene import Scene

MAX_PAGES = 10_000


def sheet_scene(sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                marks: SheetMarks | None = None) -> Scene:
    """The drawing of ``sheet`` for its edition, optionally filled in with ``marks``."""
    if isinstance(sheet, KidsSheet):
        return kids_scene(sheet, lang, colorblind, marks)
    if isinstance(sheet, ClassicSheet):
        return classic_scene(sheet, lang, colorblind, marks)
    raise KokError(f"no printed layout for {type(sheet).__name__}")


@dataclass(frozen=True)
class PrintOptions:
    """How sheets go on paper."""

    paper: Paper = "a4"
    landscape: bool = False
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


def render_pdf(sheets: Sequence[Sheet], options: PrintOptions = PrintOptions(),
               marks: SheetMarks | None = None) -> bytes:
    """A PDF with ``sheets`` (cycled to fill every slot), laid out as ``options`` say."""
    options.check()
    if not sheets:
        raise KokError("no sheet to print")
    scenes = [sheet_scene(s, options.lang, options.colorblind, marks) for s in sheets]
    # One layout for the whole document: fitted to the largest sheet.
    width = max(s.width for s in scenes)
    height = max(s.height for s in scenes)
    page = layout_page(width, height, options.paper, options.landscape, options.per_page)
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
    options.check()
    scene = sheet_scene(sheet, options.lang, options.colorblind, marks)
    if not page:
        return png_bytes(scene_png(scene, dpi), dpi)
    layout = layout_page(scene.width, scene.height, options.paper, options.landscape,
                         options.per_page)
    return png_bytes(page_png([scene], layout, dpi), dpi)


def render_report(report: dict[str, Any], png: bool = False, dpi: float = 110) -> bytes:
    """A ``kok check`` report (its JSON form) as a PDF (verdicts and advice, then the
    charts), or a PNG of both pages one under the other."""
    if png:
        return png_bytes(scene_png(report_scene(report), dpi), dpi)
    scenes = report_scenes(report)
    scene = scenes[0]
    page = PageLayout(scene.width, scene.height, (Placement(0.0, 0.0, 1.0, False,
                                                            (0.0, 0.0, scene.width,
                                                             scene.height)),), ())
    metadata = Metadata(title=f"Balance report: {report['layout']}",
                        subject=f"kok check of {report['layout']}",
                        keywords=("Keer op Keer", "balance", str(report["edition"])))
    return pdf_bytes(scenes, page, len(scenes), metadata)
