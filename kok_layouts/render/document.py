"""Printable documents: a sheet's scene, a whole PDF pad, a PNG preview."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kok_layouts import limits
from kok_layouts.editions import edition_of, part_for
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError, shown, shown_repr
from kok_layouts.model.sheet import Sheet
from kok_layouts.render.classic_layout import classic_scene, kok2_scene
from kok_layouts.render.kids_layout import kids_scene
from kok_layouts.render.labels import LANGUAGES, Language
from kok_layouts.render.labels import title as printed_title
from kok_layouts.render.marks import SheetMarks
from kok_layouts.render.page import PAPER_SIZES, PER_PAGE, PageLayout, Paper, page_for
from kok_layouts.render.pdf import Metadata, document_pdf, pdf_bytes
from kok_layouts.render.png import page_png, png_bytes, scene_png
from kok_layouts.render.report import page_sizes, report_pages, report_strip
from kok_layouts.render.resolution import check_dpi
from kok_layouts.render.scene import Scene

MIN_TEXT_PT = 6.0
"""No printed text is smaller than this (points), whatever the size of the sheet."""
MIN_TEXT_MM = MIN_TEXT_PT * 25.4 / 72


SceneMaker = Callable[[Any, Language, bool, "SheetMarks | None", float], Scene]
"""``scene(sheet, lang, colorblind, marks, min_text)``: an edition's printed sheet."""

SCENES: dict[str, SceneMaker] = {"classic": classic_scene, "kok2": kok2_scene,
                                 "kids": kids_scene}
"""How each edition's sheet is printed, by edition name. An edition registered from above
adds its own here, or prints as the edition it derives from."""


def sheet_scene(sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
    """The drawing of ``sheet`` for its edition (:data:`SCENES`), optionally filled in
    with ``marks``, with no text smaller than ``min_text`` mm."""
    scene = part_for(SCENES, edition_of(_sheet(sheet)), "printed sheet")
    return scene(sheet, lang, colorblind, marks, min_text)


def _sheet(sheet: object) -> Sheet:
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"print a sheet (load_layout), not {type(sheet).__name__}")
    return sheet


def _sheets(sheets: object) -> Sequence[Sheet]:
    """``sheets`` if it is a non-empty sequence of sheets."""
    if isinstance(sheets, Sheet) or not isinstance(sheets, Sequence):
        raise KokTypeError(f"sheets is a list of sheets, not {type(sheets).__name__}")
    if not sheets:
        raise BadArgumentError("no sheet to print")
    for sheet in sheets:
        _sheet(sheet)
    return sheets


def _marks(marks: object) -> SheetMarks | None:
    if marks is not None and not isinstance(marks, SheetMarks):
        raise KokTypeError(f"marks are SheetMarks (marks_from_game), not "
                           f"{type(marks).__name__}")
    return marks


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

    def __post_init__(self) -> None:
        # Refused where it is made: PrintOptions(per_page=3) is no value to carry about.
        self.check()

    def check(self) -> None:
        """:class:`KokTypeError` or :class:`BadArgumentError` for an option that cannot
        be printed; ``pages`` is within :data:`kok_layouts.limits.PAGES`."""
        if type(self.per_page) is not int or self.per_page not in PER_PAGE:
            raise BadArgumentError(f"per_page is {_listed(PER_PAGE)}, not "
                                   f"{shown_repr(self.per_page, 40)}")
        if self.pages is not None:
            limits.PAGES.check(self.pages, "pages")
        if not isinstance(self.paper, str) or self.paper not in PAPER_SIZES:
            raise BadArgumentError(f"paper is {_listed(PAPER_SIZES)}, not "
                                   f"{shown_repr(self.paper, 40)}")
        if not isinstance(self.lang, str) or self.lang not in LANGUAGES:
            raise BadArgumentError(f"lang is {_listed(LANGUAGES)}, not "
                                   f"{shown_repr(self.lang, 40)}")
        for name in ("landscape", "colorblind"):
            value = getattr(self, name)
            if not isinstance(value, bool) and not (name == "landscape" and value is None):
                raise KokTypeError(f"{name} is true or false, not {type(value).__name__}")


def _listed(values: Iterable[object]) -> str:
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _options(options: object) -> PrintOptions:
    if not isinstance(options, PrintOptions):
        raise KokTypeError(f"options are PrintOptions, not {type(options).__name__}")
    return options


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
    sheets = _sheets(sheets)
    _options(options).check()
    marks = _marks(marks)
    scenes, page = printed_scenes(sheets, options, marks)
    pages = options.pages or -(-len(scenes) // options.per_page)
    names = ", ".join(dict.fromkeys(s.name for s in sheets))
    title = (printed_title(sheets[0].title, options.lang) if len(sheets) == 1
             else f"Keer op Keer sheets: {names}")
    if marks is not None:
        title += f" ({marks.player})"
    metadata = Metadata(title=title, subject=f"Score sheets: {names}",
                        keywords=("Keer op Keer", "Noch mal!", "Encore!",
                                  *dict.fromkeys(s.edition for s in sheets)))
    return pdf_bytes(scenes, page, pages, metadata)


def render_png(sheet: Sheet, dpi: float = 150, options: PrintOptions = PrintOptions(),
               marks: SheetMarks | None = None, *, page: bool = False) -> bytes:
    """A PNG of the sheet alone, or (``page=True``) of the first page as it prints."""
    _sheet(sheet)
    check_dpi(dpi)
    _options(options).check()
    marks = _marks(marks)
    if not page:
        scene = sheet_scene(sheet, options.lang, options.colorblind, marks)
        return png_bytes(scene_png(scene, dpi), dpi)
    return render_page_png([sheet], dpi, options, marks)


def render_page_png(sheets: Sequence[Sheet], dpi: float = 150,
                    options: PrintOptions = PrintOptions(),
                    marks: SheetMarks | None = None) -> bytes:
    """The first page of the document :func:`render_pdf` makes, as a PNG."""
    sheets = _sheets(sheets)
    check_dpi(dpi)
    _options(options).check()
    marks = _marks(marks)
    scenes, layout = printed_scenes(sheets, options, marks)
    return png_bytes(page_png(scenes, layout, dpi), dpi)


def render_report(report: dict[str, Any], png: bool = False, dpi: float = 110,
                  paper: Paper = "a4") -> bytes:
    """A ``kok check`` report (its JSON form) as a PDF: the verdicts, the advice and the
    column points on upright pages of ``paper`` at reading size (as many as they need),
    then the charts on a page turned across; or a PNG of every page one under the other."""
    if not isinstance(report, Mapping):
        raise KokTypeError(f"report is a check report's as_dict(), not {type(report).__name__}")
    check_dpi(dpi)
    if not isinstance(paper, str) or paper not in PAPER_SIZES:
        raise BadArgumentError(f"paper is {_listed(PAPER_SIZES)}, not {shown_repr(paper, 40)}")
    try:
        if png:
            return png_bytes(scene_png(report_strip(report, paper), dpi), dpi)
        pages = report_pages(report, paper)
    except KokError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        # A saved report edited by hand or from another version: one clear line.
        raise BadArgumentError(f"report is not a kok check report (its JSON form): "
                               f"{type(error).__name__} {shown(str(error), 80)}") from error
    metadata = Metadata(title=f"Balance report: {report.get('layout', '?')}",
                        subject=f"kok check of {report.get('layout', '?')}",
                        keywords=("Keer op Keer", "balance", str(report.get("edition", ""))))
    return document_pdf(list(zip(pages, page_sizes(pages, paper), strict=True)), metadata)
