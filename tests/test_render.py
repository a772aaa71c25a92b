"""Printed sheets: rasterised with a real PDF renderer and checked cell by cell."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from kok_layouts import KidsSheet, load_layout
from kok_layouts.render import classic_layout, kids_layout
from kok_layouts.render.document import (
    PrintOptions,
    printed_scenes,
    render_pdf,
    render_png,
    sheet_scene,
)
from kok_layouts.render.page import MARGIN, layout_page, page_for
from kok_layouts.render.scene import Scene, rgb
from kok_layouts.render.visitors import visitor_name

BUILT_INS = ["black", "red", "blue", "orange", "yellow", "green", "purple", "grey",
             "kids"]
DPI = 110
POINTS_PER_MM = 72 / 25.4


def rasterise(data: bytes, page: int = 0, dpi: int = DPI) -> Image.Image:
    document = pdfium.PdfDocument(data)
    image: Image.Image = document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image


def darkest(image: Image.Image | np.ndarray) -> np.ndarray:
    """Per pixel, its darkest channel (``min(axis=2)``, which numpy does slowly along so
    short an axis; a page has millions of pixels)."""
    pixels = np.asarray(image)
    result: np.ndarray = np.minimum(np.minimum(pixels[..., 0], pixels[..., 1]), pixels[..., 2])
    return result


def lightest(image: Image.Image | np.ndarray) -> np.ndarray:
    """Per pixel, its lightest channel (``max(axis=2)``, see :func:`darkest`)."""
    pixels = np.asarray(image)
    result: np.ndarray = np.maximum(np.maximum(pixels[..., 0], pixels[..., 1]), pixels[..., 2])
    return result


def page_text(data: bytes, page: int = 0) -> str:
    document = pdfium.PdfDocument(data)
    text = document[page].get_textpage().get_text_range()
    document.close()
    return str(text)


def to_pixels(scene: Scene, options: PrintOptions, x: float, y: float) -> tuple[int, int]:
    """Where the scene point (x, y) mm lands on the rasterised first page."""
    page = layout_page(scene.width, scene.height, options.paper, options.landscape,
                       options.per_page)
    place = page.placement(scene.width, scene.height, 0)
    assert not place.rotated
    px = DPI / 25.4
    return (round((place.x + x * place.scale) * px), round((place.y + y * place.scale) * px))


def close(pixel: Any, colour: tuple[float, float, float], tolerance: int = 12) -> bool:
    return all(abs(int(p) - round(c * 255)) <= tolerance for p, c in zip(pixel, colour,
                                                                         strict=False))


LANDSCAPE = PrintOptions(landscape=True)


@pytest.mark.parametrize("name", BUILT_INS)
def test_every_cell_centre_has_its_colour_and_every_star_cell_shows_a_star(name: str) -> None:
    sheet = load_layout(name)
    image = np.asarray(rasterise(render_pdf([sheet], LANDSCAPE)))
    scene = sheet_scene(sheet)
    assert set(scene.cell_boxes) == set(sheet.board_cells)
    for cell, (x, y, w, h) in scene.cell_boxes.items():
        colour = rgb(sheet.colour_by_key[sheet.cell_colours[cell] or ""].rgb)
        at = kids_layout.STAR_AT if isinstance(sheet, KidsSheet) else 0.5
        cx, cy = to_pixels(scene, LANDSCAPE, x + at * w, y + at * h)
        ex, ey = to_pixels(scene, LANDSCAPE, x + 0.9 * w, y + 0.45 * h)
        where = sheet.cell_name(cell)
        assert close(image[ey, ex], colour), f"{name} {where} edge {image[ey, ex]} vs {colour}"
        if cell in sheet.stars:
            assert close(image[cy, cx], (1, 1, 1)), f"{name} {where}: no star at the centre"
        else:
            assert close(image[cy, cx], colour), f"{name} {where}: centre {image[cy, cx]}"


@pytest.mark.parametrize("name", BUILT_INS)
def test_the_text_holds_column_letters_points_and_labels(name: str) -> None:
    sheet = load_layout(name)
    text = page_text(render_pdf([sheet], LANDSCAPE))
    words = set(re.findall(r"\S+", text))
    for letter in sheet.column_letters():
        assert letter in words
    if isinstance(sheet, KidsSheet):
        assert {"Food", "Chameleons", "Circles", "Buckets"} <= words
        assert all(visitor_name(v, "en").split()[-1] in words for v in sheet.visitors)
    else:
        assert {"BONUS", "SCORE", "TOTAL", "5", "3", "2", "1", "0"} <= words


@pytest.mark.parametrize(("lang", "expected"), [
    ("nl", ["TOTAAL", "eerst", "Kleur", "groen", "Doosjes", "Harten"]),
    ("de", ["GESAMT", "WERTUNG", "zuerst", "später", "grün", "Kästchen", "Herzen"]),
    ("fr", ["TOTAL", "premier", "ensuite", "vert", "Cases", "Cœurs"]),
    ("en", ["TOTAL", "first", "later", "green", "Boxes", "Hearts"]),
])
def test_every_printed_word_is_translated(lang: str, expected: list[str]) -> None:
    text = page_text(render_pdf([load_layout("grey")], PrintOptions(lang=lang)))  # type: ignore[arg-type]
    for word in expected:
        assert word in text, (lang, word)


@pytest.mark.parametrize(("lang", "expected"), [
    ("nl", ["Voer", "Kameleons", "Rondjes", "Emmers", "pinguïn", "olifant"]),
    ("de", ["Futter", "Chamäleons", "Kreise", "Eimer", "Löwe", "Elefant"]),
    ("fr", ["Nourriture", "Caméléons", "Cercles", "Seaux", "éléphant", "manchot"]),
])
def test_the_kids_sheet_is_translated(lang: str, expected: list[str]) -> None:
    text = page_text(render_pdf([load_layout("kids")], PrintOptions(lang=lang)))  # type: ignore[arg-type]
    for word in expected:
        assert word in text, (lang, word)


@pytest.mark.parametrize(("paper", "landscape", "size"), [
    ("a4", False, (595.28, 841.89)), ("a4", True, (841.89, 595.28)),
    ("letter", False, (612.0, 792.0)), ("letter", True, (792.0, 612.0)),
])
def test_page_size_follows_paper_and_orientation(paper: str, landscape: bool,
                                                 size: tuple[float, float]) -> None:
    data = render_pdf([load_layout("black")], PrintOptions(paper=paper, landscape=landscape))  # type: ignore[arg-type]
    document = pdfium.PdfDocument(data)
    width, height = document[0].get_size()
    assert abs(width - size[0]) < 0.1 and abs(height - size[1]) < 0.1


def _forms_per_page(data: bytes) -> list[int]:
    document = pdfium.PdfDocument(data)
    counts = [sum(1 for obj in page.get_objects() if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM)
              for page in document]
    document.close()
    return counts


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_pad_has_the_asked_pages_and_sheets_per_page(per_page: int) -> None:
    data = render_pdf([load_layout("black")], PrintOptions(per_page=per_page, pages=3))
    cut_lines = 1 if per_page > 1 else 0  # drawn once as a form, placed on every page
    assert _forms_per_page(data) == [per_page + cut_lines] * 3
    assert data.count(b"/Subtype /Form") == 1 + cut_lines


def test_several_layouts_fill_the_slots_in_turn() -> None:
    data = render_pdf([load_layout("black"), load_layout("kids"), load_layout("grey")],
                      PrintOptions(per_page=2))
    assert _forms_per_page(data) == [3, 3]
    assert "Keer op Keer Kids" in page_text(data, 0) and "Keer op Keer 2" in page_text(data, 1)


def test_a_100_page_pad_draws_the_sheet_once_and_stays_under_1_mb() -> None:
    data = render_pdf([load_layout("black")], PrintOptions(pages=100))
    assert len(data) < 1_000_000
    assert data.count(b"/Subtype /Form") == 1
    assert len(pdfium.PdfDocument(data)) == 100


def test_the_fonts_are_embedded_and_no_other_font_is_used() -> None:
    data = render_pdf([load_layout("grey")], PrintOptions(lang="fr"))
    fonts = set(re.findall(rb"/BaseFont /([^\s/]+)", data))
    assert fonts and all(b"+DejaVuSansCondensed" in f for f in fonts)
    assert data.count(b"/FontFile2") == len(fonts)


def test_the_same_input_gives_the_same_bytes() -> None:
    options = PrintOptions(per_page=4, pages=2, lang="de", colorblind=True)
    first = render_pdf([load_layout("kids"), load_layout("grey")], options)
    again = render_pdf([load_layout("kids"), load_layout("grey")], options)
    assert first == again


def test_the_pdf_carries_metadata() -> None:
    document = pdfium.PdfDocument(render_pdf([load_layout("black")]))
    meta = document.get_metadata_dict()
    assert meta["Title"] == "Keer op Keer \u2013 black pad"
    assert meta["Author"] == "kok_layouts" and "black" in meta["Subject"]


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_content_stays_at_least_8_mm_inside_every_cut(per_page: int, paper: str) -> None:
    options = PrintOptions(paper=paper, per_page=per_page)  # type: ignore[arg-type]
    image = np.asarray(rasterise(render_pdf([load_layout("grey")], options)))
    scene = sheet_scene(load_layout("grey"))
    page = layout_page(scene.width, scene.height, options.paper, None, per_page)
    assert abs(image.shape[1] - page.width * DPI / 25.4) <= 1
    px = DPI / 25.4
    ink = darkest(image) < 200
    band = round(8 * px)
    for x0, y0, w, h in page.slots:
        left, top = round(x0 * px), round(y0 * px)
        right, bottom = round((x0 + w) * px), round((y0 + h) * px)
        slot = ink[top:bottom, left:right]
        inner = np.zeros_like(slot)
        inner[band:-band, band:-band] = True
        stray = slot & ~inner
        # Cut marks are allowed in the band; they are thin lines on the cut itself.
        ys, xs = np.nonzero(stray)
        on_cut = (abs(xs - (slot.shape[1] / 2)) < 2) | (abs(ys - (slot.shape[0] / 2)) < 2) | \
            (xs < 3) | (ys < 3) | (xs > slot.shape[1] - 4) | (ys > slot.shape[0] - 4)
        assert np.all(on_cut), f"ink within 8 mm of a cut at {list(zip(xs, ys, strict=True))[:3]}"
    assert MARGIN >= 8


def test_colour_blind_mode_adds_a_symbol_to_every_cell() -> None:
    sheet = load_layout("black")
    plain = np.asarray(rasterise(render_pdf([sheet], LANDSCAPE)))
    marked = np.asarray(rasterise(render_pdf([sheet], PrintOptions(landscape=True,
                                                                   colorblind=True))))
    scene = sheet_scene(sheet)
    left, top, side = classic_layout.cell_marks(True).symbol
    for cell, (x, y, _, _) in scene.cell_boxes.items():
        sx, sy = to_pixels(scene, LANDSCAPE, x + left + side / 2, y + top + side / 2)
        colour = rgb(sheet.colour_by_key[sheet.cell_colours[cell] or ""].rgb)
        assert close(plain[sy, sx], colour), sheet.cell_name(cell)
        symbol_ink = marked[sy - 1: sy + 2, sx - 1: sx + 2].max(axis=2).min()
        assert int(symbol_ink) < 90, sheet.cell_name(cell)


def test_png_preview_comes_from_the_same_drawing() -> None:
    sheet = load_layout("orange")
    dpi = 100
    image = np.asarray(Image.open(io.BytesIO(render_png(sheet, dpi))).convert("RGB"))
    scene = sheet_scene(sheet)
    assert image.shape[1] == round(scene.width * dpi / 25.4)
    for cell, (x, y, w, h) in scene.cell_boxes.items():
        px, py = round((x + w / 2) * dpi / 25.4), round((y + h / 2) * dpi / 25.4)
        colour = rgb(sheet.colour_by_key[sheet.cell_colours[cell] or ""].rgb)
        expected = (1.0, 1.0, 1.0) if cell in sheet.stars else colour
        assert close(image[py, px], expected), sheet.cell_name(cell)


def test_sheets_show_themselves_in_notebooks() -> None:
    data = load_layout("kids")._repr_png_()
    assert data.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(data)).size[0] > 500


def test_a_filled_in_sheet_shows_the_crosses_marks_and_score(tmp_path: Path) -> None:
    from kok_layouts.render.marks import marks_from_game
    from kok_layouts.rules.bots import GreedyBot, play_game
    from kok_layouts.rules.game import Game

    sheet = load_layout("black")
    game = play_game(Game(sheet, ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                     np.random.default_rng(4))
    marks = marks_from_game(game, "Ann")
    data = render_pdf([sheet], LANDSCAPE, marks)
    image = np.asarray(rasterise(data))
    scene = sheet_scene(sheet, marks=marks)
    for cell, (x, y, w, h) in scene.cell_boxes.items():
        cx, cy = to_pixels(scene, LANDSCAPE, x + w / 2, y + h / 2)
        centre = image[cy - 1: cy + 2, cx - 1: cx + 2].max(axis=2).min()
        if cell in marks.crossed:
            assert centre < 90, sheet.cell_name(cell)
    text = page_text(data)
    assert "Ann" in text and str(game.scores()[0].total) in text.split()


def test_filled_in_kok2_and_kids_sheets_show_their_editions_marks() -> None:
    from kok_layouts.render.marks import marks_from_game
    from kok_layouts.rules.bots import GreedyBot, play_game
    from kok_layouts.rules.kids import KidsGame
    from kok_layouts.rules.kok2 import Kok2Game

    grey = load_layout("grey")
    game = play_game(Kok2Game(grey, ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                     np.random.default_rng(3))
    marks = marks_from_game(game, "Ann")
    assert marks.hearts_under and marks.boxes_used >= 1
    text = page_text(render_pdf([grey], LANDSCAPE, marks))
    for value in marks.hearts_under.values():
        assert str(value) in text.split()
    assert str(game.scores()[0].total) in text.split()
    kids = load_layout("kids")
    played = play_game(KidsGame(kids, ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                       np.random.default_rng(3))
    kid_marks = marks_from_game(played, "Bob")
    words = page_text(render_pdf([kids], LANDSCAPE, kid_marks)).split()
    assert "Bob" in words and str(played.scores()[1].total) in words


def test_a_mixed_document_sizes_each_sheet_for_itself() -> None:
    sheets = [load_layout("black"), load_layout("grey"), load_layout("kids")]
    options = PrintOptions(per_page=4)
    image = np.asarray(rasterise(render_pdf(sheets, options)))
    scenes, page = printed_scenes(sheets, options)
    assert page == page_for([(s.width, s.height) for s in scenes], "a4", None, 4)
    px = DPI / 25.4
    for index, (sheet, scene) in enumerate(zip(sheets, scenes, strict=True)):
        place = page.placement(scene.width, scene.height, index)
        alone = layout_page(scene.width, scene.height, "a4", page.width > page.height, 4)
        assert place.scale == alone.placement(scene.width, scene.height, index).scale
        _, _, sw, sh = place.slot
        # The sheet fills its slot to the margin in one direction at least.
        assert min(sw - scene.width * place.scale, sh - scene.height * place.scale) \
            == pytest.approx(2 * MARGIN)
        for cell, (x, y, w, h) in scene.cell_boxes.items():
            if cell in sheet.stars:
                continue
            cx = round((place.x + (x + 0.9 * w) * place.scale) * px)
            cy = round((place.y + (y + 0.5 * h) * place.scale) * px)
            colour = rgb(sheet.colour_by_key[sheet.cell_colours[cell] or ""].rgb)
            assert close(image[cy, cx], colour, 30), (sheet.name, sheet.cell_name(cell))
    kids, black = (page.placement(s.width, s.height, 0) for s in (scenes[2], scenes[0]))
    assert kids.scale != black.scale


@pytest.mark.parametrize("per_page", [2, 4])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cuts_between_sheets_are_dashed_lines_with_crop_marks_that_print(
        per_page: int, paper: str) -> None:
    options = PrintOptions(paper=paper, per_page=per_page)  # type: ignore[arg-type]
    data = render_pdf([load_layout("black")], options)
    dpi = 200
    image = darkest(rasterise(data, dpi=dpi))
    height, width = image.shape
    px = dpi / 25.4
    scene = sheet_scene(load_layout("black"))
    page = layout_page(scene.width, scene.height, options.paper, None, per_page)
    cuts = []
    if per_page == 4 or page.width >= page.height:
        cuts.append(image[:, round(width / 2) - 2: round(width / 2) + 3].min(axis=1))
    if per_page == 4 or page.width < page.height:
        cuts.append(image[round(height / 2) - 2: round(height / 2) + 3, :].min(axis=0))
    assert cuts
    for along in cuts:
        dark = along < 120
        mm = len(along) / px
        # Crop marks: solid from 5 to 12 mm in from each page edge, where printers print.
        for start in (5.5, mm - 11.5):
            assert dark[round(start * px): round((start + 6) * px)].all()
        # The cut between the sheets: dashed along the whole length.
        middle = dark[round(15 * px): round((mm - 15) * px)]
        assert 0.4 < middle.mean() < 0.8
        assert np.count_nonzero(np.diff(middle.astype(int)) == 1) > (mm - 30) / 6
