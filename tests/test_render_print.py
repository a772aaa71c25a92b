"""What a printed sheet must be for people: every word on the sheet, in every language,
legible at every size, dark enough to photocopy. Checked on the rasterised PDF."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import KidsSheet, load_layout
from kok_layouts.errors import KokError
from kok_layouts.model.loader import parse_layout
from kok_layouts.render import classic_layout, kids_layout
from kok_layouts.render.document import (
    MIN_TEXT_PT,
    PrintOptions,
    printed_scenes,
    render_pdf,
    sheet_scene,
)
from kok_layouts.render.fonts import text_bounds
from kok_layouts.render.labels import LANGUAGES, Language, title
from kok_layouts.render.marks import SheetMarks
from kok_layouts.render.page import Placement, layout_page
from kok_layouts.render.png import scene_png
from kok_layouts.render.scene import Scene, Text
from kok_layouts.render.visitors import visitor_kind, visitor_name, visitor_pictogram

from .conftest import ROOT
from .test_render import BUILT_INS, darkest, lightest, rasterise

CUSTOM = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
POINTS_PER_MM = 72 / 25.4
LINE_HEIGHT = 1.164
"""A loose character box (the font's ascent plus descent) is this many font sizes high."""


def contrast(value: float) -> float:
    """The contrast ratio of a grey level (0..255) against white paper (WCAG 2)."""
    c = value / 255
    linear = c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 1.05 / (linear + 0.05)


def char_boxes(data: bytes, page: int = 0) -> Iterator[tuple[str, tuple[float, ...]]]:
    """Every printed character with its loose box (left, top, right, bottom) in mm from
    the page's top left."""
    document = pdfium.PdfDocument(data)
    height = document[page].get_size()[1]
    text = document[page].get_textpage()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip():
            continue
        left, bottom, right, top = text.get_charbox(index, loose=True)
        yield char, (left / POINTS_PER_MM, (height - top) / POINTS_PER_MM,
                     right / POINTS_PER_MM, (height - bottom) / POINTS_PER_MM)
    document.close()


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 1), ("a4", 4), ("letter", 2)])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", [*BUILT_INS, *CUSTOM])
def test_every_character_lies_inside_the_sheet(name: str, lang: Language, paper: str,
                                               per_page: int) -> None:
    """Measured, not guessed: every character's box (as the PDF reader finds it) lies
    inside the box of the sheet it belongs to, and no ink at all lies outside them."""
    sheet = load_layout(name)
    options = PrintOptions(lang=lang, colorblind=True, per_page=per_page,
                           paper=paper)  # type: ignore[arg-type]
    data = render_pdf([sheet], options)
    (scene,), page = printed_scenes([sheet], options)
    boxes = list(char_boxes(data))
    assert len(boxes) > 100 * per_page
    sheets = []
    for index in range(per_page):
        place = page.placement(scene.width, scene.height, index)
        sheets.append((place.x, place.y, place.x + scene.width * place.scale,
                       place.y + scene.height * place.scale))
    for char, (x0, y0, x1, y1) in boxes:
        assert any(left - 0.05 <= x0 and x1 <= right + 0.05 and top - 0.05 <= y0
                   and y1 <= bottom + 0.05 for left, top, right, bottom in sheets), \
            (char, x0, y0, x1, y1)
    # And on the rasterised page, no ink outside the sheets' boxes but the cut lines.
    dpi = 100
    px = dpi / 25.4
    ink = darkest(rasterise(data, dpi=dpi)) < 230
    inside = np.zeros_like(ink)
    for left, top, right, bottom in sheets:
        inside[int(top * px) - 1: int(bottom * px) + 2,
               int(left * px) - 1: int(right * px) + 2] = True
    for x1, y1, x2, y2 in ((m.x1, m.y1, m.x2, m.y2) for m in page.cut_marks):
        inside[max(0, int(min(y1, y2) * px) - 2): int(max(y1, y2) * px) + 3,
               max(0, int(min(x1, x2) * px) - 2): int(max(x1, x2) * px) + 3] = True
    ys, xs = np.nonzero(ink & ~inside)
    assert len(xs) == 0, f"ink outside the sheet at {list(zip(xs, ys, strict=True))[:4]}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["black", "grey", "kids"])
def test_every_printed_character_is_dark_enough_to_photocopy(name: str, lang: Language) -> None:
    """Hints and side labels included: contrast of at least 4.5:1 against white."""
    dpi = 300
    px = dpi / 25.4
    data = render_pdf([load_layout(name)], PrintOptions(lang=lang, per_page=4))
    grey = darkest(rasterise(data, dpi=dpi))
    for char, (x0, y0, x1, y1) in char_boxes(data):
        box = grey[int(y0 * px): int(y1 * px) + 1, int(x0 * px): int(x1 * px) + 1]
        if char in ".,'·:_-\u2013\u2212":  # thin strokes that blur between pixel rows
            continue
        assert contrast(float(box.min())) >= 4.5, (char, x0, y0, box.min())


def test_contrast_of_white_and_black() -> None:
    assert contrast(255) == pytest.approx(1.0)
    assert contrast(0) == pytest.approx(21.0)


def test_the_sheet_stays_inside_with_long_labels(tmp_path: Path) -> None:
    """The labels left of the points are measured: the grid moves right to make room."""
    french = sheet_scene(load_layout("black"), "fr")
    english = sheet_scene(load_layout("black"), "en")
    assert min(x for x, _, _, _ in french.cell_boxes.values()) > \
        min(x for x, _, _, _ in english.cell_boxes.values())


ENGLISH_ONLY = {"pad", "first", "Colour", "complete", "Each", "unused", "scores",
                "Hearts", "Boxes", "Column", "below", "Food", "Circles", "Buckets",
                "Chameleons", "Purple", "photographer", "teacher", "the", "The"}


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
@pytest.mark.parametrize("name", ["black", "purple", "grey", "kids"])
def test_no_english_word_is_left_on_a_translated_sheet(name: str, lang: Language) -> None:
    data = render_pdf([load_layout(name)], PrintOptions(lang=lang))
    document = pdfium.PdfDocument(data)
    words = set(document[0].get_textpage().get_text_range().replace(".", " ").split())
    document.close()
    assert not words & ENGLISH_ONLY, words & ENGLISH_ONLY


@pytest.mark.parametrize(("lang", "black", "kids"), [
    ("nl", "Keer op Keer \u2013 zwart blok", ["de fotograaf", "opa en oma", "de tweeling"]),
    ("de", "Noch mal! \u2013 Block Schwarz", ["der Fotograf", "Opa und Oma",
                                             "die Zwillinge"]),
    ("fr", "Encore\u00a0! \u2013 bloc noir", ["le photographe", "papi et mamie",
                                              "les jumeaux"]),
    ("en", "Keer op Keer \u2013 black pad", ["the photographer", "grandpa and grandma",
                                            "the twins"]),
])
def test_titles_and_kids_visitors_are_printed_in_the_sheet_language(
        lang: Language, black: str, kids: list[str]) -> None:
    assert black in sheet_scene(load_layout("black"), lang).texts()
    printed = sheet_scene(load_layout("kids"), lang).texts()
    for visitor in kids:
        assert visitor in printed


def test_a_custom_title_is_the_layouts_own() -> None:
    assert title("Our holiday sheet", "de") == "Our holiday sheet"
    assert title("Keer op Keer \u2013 black pad", "nl") == "Keer op Keer \u2013 zwart blok"


def _picture(name: str) -> np.ndarray:
    scene = Scene(10.0, 10.0, visitor_pictogram(name, 5.0, 5.0, 8.0))
    return np.asarray(scene_png(scene, 200)).astype(int)


def test_every_kids_visitor_has_its_own_pictogram() -> None:
    """A child who cannot read tells the visitors apart: no two pictures alike, and none
    is the plain person drawn for a visitor the table does not know."""
    visitors = load_layout("kids").visitors  # type: ignore[attr-defined]
    pictures = {name: _picture(name) for name in visitors}
    pictures["someone unknown"] = _picture("someone unknown")
    names = list(pictures)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            differ = np.abs(pictures[first] - pictures[second]).max(axis=2) > 60
            assert differ.mean() > 0.05, (first, second)
    for lang in LANGUAGES:
        assert {visitor_kind(visitor_name(v, lang)) for v in visitors} == \
            {visitor_kind(v) for v in visitors}


# -- holes, stars, pictograms and symbols keep out of each other's way ---------------------

def _cell_pixels(image: np.ndarray, place: Placement, box: tuple[float, float, float, float],
                 px: float) -> tuple[np.ndarray, float]:
    """The pixels of one cell box (x, y, w, h in scene mm) and the pixels per scene mm."""
    x, y, w, h = box
    scale = place.scale * px
    left, top = round((place.x + x * place.scale) * px), round((place.y + y * place.scale) * px)
    return image[top: top + round(h * scale), left: left + round(w * scale)], scale


def _nearest(a: np.ndarray, b: np.ndarray) -> float:
    """The least distance in pixels between the True pixels of two masks."""
    ay, ax = np.nonzero(a)
    by, bx = np.nonzero(b)
    if len(ax) == 0 or len(bx) == 0:
        return float("inf")
    d = (ax[:, None] - bx[None, :]) ** 2 + (ay[:, None] - by[None, :]) ** 2
    return float(np.sqrt(d.min()))


def _render(name: str, lang: Language, colorblind: bool = False,
            dpi: int = 300) -> tuple[np.ndarray, Scene, Placement, float]:
    sheet = load_layout(name)
    data = render_pdf([sheet], PrintOptions(lang=lang, colorblind=colorblind))
    scene = sheet_scene(sheet, lang, colorblind)
    place = layout_page(scene.width, scene.height).placement(scene.width, scene.height)
    return lightest(rasterise(data, dpi=dpi)), scene, place, dpi / 25.4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_holes_are_drawn_hatched_never_like_a_blank_cell(lang: Language) -> None:
    sheet = load_layout(str(ROOT / "examples" / "donut.yaml"))
    image, scene, place, px = _render(str(ROOT / "examples" / "donut.yaml"), lang)
    cell_mm = next(iter(scene.cell_boxes.values()))[2]
    x0 = min(x for x, _, _, _ in scene.cell_boxes.values())
    y0 = min(y for _, y, _, _ in scene.cell_boxes.values())
    holes = [c for c in range(sheet.geometry.size) if sheet.cell_colours[c] is None]
    assert holes
    for cell in holes:
        column, row = cell % sheet.width, cell // sheet.width
        box = (x0 + column * cell_mm, y0 + row * cell_mm, cell_mm, cell_mm)
        pixels, _ = _cell_pixels(image, place, box, px)
        middle = pixels[pixels.shape[0] // 2, 3:-3] < 170
        assert np.count_nonzero(np.diff(middle.astype(int)) == 1) >= 3, cell
        assert pixels.mean() < 240, cell


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["black", "grey", "green", "kids"])
def test_stars_keep_clear_of_colour_blind_symbols_and_pictograms(name: str,
                                                                 lang: Language) -> None:
    """In every star cell the colour-blind symbol (and on Kids the animal's pictogram)
    stands apart from the star: no dark pixel of one within 0.3 mm of the other."""
    sheet = load_layout(name)
    image, scene, place, px = _render(name, lang, colorblind=True)
    kids = isinstance(sheet, KidsSheet)
    for cell in sheet.stars:
        pixels, scale = _cell_pixels(image, place, scene.cell_boxes[cell], px)
        inset = round((1.0 if kids else 0.7) * scale)
        dark = np.zeros_like(pixels, dtype=bool)
        dark[inset:-inset, inset:-inset] = pixels[inset:-inset, inset:-inset] < 110
        ys, xs = np.mgrid[0:pixels.shape[0], 0:pixels.shape[1]] / scale
        zones = []
        if kids:
            left, top, side = kids_layout.symbol_square(0.0)
            disc = kids_layout.PICTOGRAM_R + 0.1
            zones.append((xs - kids_layout.PICTOGRAM_AT) ** 2
                          + (ys - kids_layout.PICTOGRAM_AT) ** 2 <= disc ** 2)
        else:
            left, top, side = classic_layout.cell_marks(True).symbol
        zones.append((xs >= left - 0.1) & (xs <= left + side + 0.1) & (ys >= top - 0.1)
                     & (ys <= top + side + 0.1))
        clear = round(0.3 * scale)
        for zone in zones:
            assert (dark & zone).any(), (sheet.cell_name(cell), "nothing drawn")
            assert _nearest(dark & zone, dark & ~zone) > clear, sheet.cell_name(cell)


def font_sizes(data: bytes, page: int = 0) -> list[float]:
    """The font size (points) of every printed character: the PDF reader's loose box is
    one font size high (wide, for text written upwards), and glyphs advance less than
    that across."""
    return [max(x1 - x0, y1 - y0) * POINTS_PER_MM
            for _, (x0, y0, x1, y1) in char_boxes(data, page)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["black", "purple", "grey", "kids", *CUSTOM])
def test_no_printed_text_is_under_6_points_four_to_a_page(name: str, lang: Language,
                                                          paper: str) -> None:
    options = PrintOptions(lang=lang, per_page=4, paper=paper)  # type: ignore[arg-type]
    data = render_pdf([load_layout(name)], options)
    sizes = font_sizes(data)
    assert len(sizes) > 400
    assert min(sizes) >= MIN_TEXT_PT - 0.01


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_mixed_document_keeps_every_sheet_at_6_points_or_more(per_page: int) -> None:
    sheets = [load_layout(n) for n in ("black", "grey", "kids")]
    options = PrintOptions(per_page=per_page, lang="de")
    scenes, page = printed_scenes(sheets, options)
    for index, scene in enumerate(scenes):
        scale = page.placement(scene.width, scene.height, index).scale
        smallest = min(t.size for t in scene.items if isinstance(t, Text))
        assert smallest * scale * POINTS_PER_MM >= MIN_TEXT_PT - 1e-9
    data = render_pdf(sheets, options)
    for number in range(len(pdfium.PdfDocument(data))):
        sizes = font_sizes(data, number)
        assert min(sizes) >= MIN_TEXT_PT - 0.01


# -- hostile words: any title, colour, animal, visitor or player name stays on the sheet ----

LETTERS = st.characters(codec="latin-1", categories=("L", "N", "P", "Zs"))
NAME = st.from_regex(r"[A-Za-z][A-Za-z -]{0,19}", fullmatch=True)
ANIMAL = st.from_regex(r"[a-z][a-z -]{0,19}", fullmatch=True)


def _text_stays_inside(scene: Scene, min_text: float) -> None:
    for item in scene.items:
        if isinstance(item, Text):
            left, top, right, bottom = text_bounds(item)
            assert left >= -0.01 and right <= scene.width + 0.01, (item.text, left, right)
            assert top >= -0.01 and bottom <= scene.height + 0.01, (item.text, top, bottom)
            assert item.size >= min_text - 1e-9, item.text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title_text=st.text(LETTERS, min_size=1, max_size=80).filter(str.strip),
       colours=st.lists(NAME, min_size=5, max_size=5, unique_by=str.lower),
       player=st.text(LETTERS, min_size=1, max_size=60),
       lang=st.sampled_from(LANGUAGES), min_text=st.floats(0.0, 4.5))
def test_any_title_colour_and_player_name_stays_on_a_classic_sheet(
        title_text: str, colours: list[str], player: str, lang: Language,
        min_text: float) -> None:
    text = (ROOT / "examples" / "travel.yaml").read_text(encoding="utf-8")
    text = text.replace('"Travel board"', json.dumps(title_text))
    for old, new in zip(("green", "yellow", "blue", "red", "orange"), colours, strict=True):
        text = text.replace(f"{{name: {old},", f"{{name: {json.dumps(new)},")
    try:
        sheet = parse_layout(text)
    except KokError:  # a name the layout rules refuse (e.g. two alike): not a print matter
        return
    marks = SheetMarks(player=player, crossed=frozenset(), marks_used=0)
    _text_stays_inside(sheet_scene(sheet, lang, True, marks, min_text), min_text)
    _text_stays_inside(sheet_scene(sheet, lang, False, None, min_text), min_text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title_text=st.text(LETTERS, min_size=1, max_size=80).filter(str.strip),
       animals=st.lists(ANIMAL, min_size=5, max_size=5, unique_by=str.lower),
       visitors=st.lists(st.text(LETTERS, min_size=1, max_size=40).filter(str.strip),
                         min_size=13, max_size=13),
       lang=st.sampled_from(LANGUAGES), min_text=st.floats(0.0, 4.5))
def test_any_title_animal_and_visitor_name_stays_on_a_kids_sheet(
        title_text: str, animals: list[str], visitors: list[str], lang: Language,
        min_text: float) -> None:
    text = (ROOT / "layouts" / "kids.yaml").read_text(encoding="utf-8")
    text = text.replace('"Keer op Keer Kids"', json.dumps(title_text))
    for old, new in zip(("penguin", "lion", "crocodile", "elephant", "flamingo"), animals,
                        strict=True):
        text = text.replace(f"{{name: {old},", f"{{name: {json.dumps(new)},")
    head, _, _ = text.partition("visitors:\n")
    text = head + "visitors:\n" + "".join(f"  - {json.dumps(v)}\n" for v in visitors) + \
        text[text.index("food_boxes:"):]
    try:
        sheet = parse_layout(text)
    except KokError:
        return
    _text_stays_inside(sheet_scene(sheet, lang, True, None, min_text), min_text)
