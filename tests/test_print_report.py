"""The balance report reads like a document: its text pages are upright, set at reading
size (no character under 9 pt, body 10 pt), fill the page from margin to margin and flow
onto as many pages as the text needs, nothing cut; the charts follow on a page turned
across. Read back from the PDF (pypdfium2: every character's box and size)."""

from __future__ import annotations

import re
from typing import Any

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.analysis.check import check
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError
from kok_layouts.render.document import render_report
from kok_layouts.render.report import BODY_PT, LEAST_PT, MARGIN_MM

from .test_render_print import POINTS_PER_MM, char_boxes

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
WORDS = ("column", "colour", "completed", "games", "against", "average", "official",
         "pads", "interval", "yellow", "orange", "start", "areas", "cells")


def sentence(seed: int, words: int = 40) -> str:
    """A verdict-like sentence of ``words`` words, different for every seed."""
    chosen = [WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(words)]
    return f"S{seed}: " + " ".join(chosen) + f" ({seed}%, 95% interval {seed - 1} to {seed + 1})."


def synthetic_report(verdicts: int = 9, advice: int = 5, columns: int = 15) -> dict[str, Any]:
    """A report shaped like ``kok check --json`` (the keys the drawing reads), with as
    many verdicts, pieces of advice and columns as asked."""
    colours = ["green", "yellow", "blue", "red", "orange"]
    rates = {name: [0.5, 0.4, 0.6] for name in colours}
    letters = [chr(ord("A") + i) for i in range(columns)]
    return {
        "layout": "synthetic", "edition": "classic", "seed": 1, "bot": "strong",
        "verdict": "synthetic is solvable: every cell can be reached.",
        "print_colours": {"green": "#4fa447", "yellow": "#f4cf1d", "blue": "#3b83c6",
                          "red": "#e24a6a", "orange": "#f18a2a"},
        "simulation": {"games": 200, "players": 2, "mean_rolls": 30.0, "mean_score": 25.0,
                       "score_histogram": {str(s): 10 + s % 7 for s in range(10, 40)}},
        "measures": {"colour_rates": rates,
                     "column_rates": {letter: [0.5, 0.4, 0.6] for letter in letters}},
        "reference_pads": {},
        "verdicts": [{"code": f"v{i}", "ok": (True, False, None)[i % 3],
                      "text": sentence(i)} for i in range(verdicts)],
        "advice": {"sentences": [sentence(100 + i, 60) for i in range(advice)],
                   "column_points": {"printed_first": [(5, 3, 3, 2, 2, 1)[i % 6]
                                                       for i in range(columns)],
                                     "first": [3] * columns, "printed_later": [2] * columns,
                                     "later": [1] * columns}},
        "heat_map": {"width": columns, "height": 3,
                     "crossed": [[0.5] * columns for _ in range(3)],
                     "mean_roll": [[10.0] * columns for _ in range(3)],
                     "colours": [[colours[(r + c) % 5] for c in range(columns)]
                                 for r in range(3)]},
    }


def _pages(data: bytes) -> list[tuple[tuple[float, float], str]]:
    document = pdfium.PdfDocument(data)
    pages = []
    for page in document:
        width, height = page.get_size()
        pages.append(((round(width, 2), round(height, 2)),
                      str(page.get_textpage().get_text_range())))
    document.close()
    return pages


def _sizes(data: bytes, page: int) -> list[float]:
    return [(y1 - y0) * POINTS_PER_MM for _, (_, y0, _, y1) in char_boxes(data, page)]


@pytest.fixture(scope="module")
def long_report() -> tuple[dict[str, Any], bytes]:
    report = synthetic_report(verdicts=30, advice=20)
    return report, render_report(report)


def test_the_text_pages_are_upright_and_the_charts_turned_across(
        long_report: tuple[dict[str, Any], bytes]) -> None:
    pages = _pages(long_report[1])
    assert len(pages) >= 3
    assert all(size == A4 for size, _ in pages[:-1])
    assert pages[-1][0] == (A4[1], A4[0])
    assert "Heat map" in pages[-1][1] and "Scores" in pages[-1][1]


def test_no_character_on_a_text_page_is_under_9_points_and_the_body_is_10(
        long_report: tuple[dict[str, Any], bytes]) -> None:
    data = long_report[1]
    for page in range(len(_pages(data)) - 1):
        sizes = _sizes(data, page)
        assert len(sizes) > 200
        assert min(sizes) >= LEAST_PT - 0.05, (page, min(sizes))
        body = sorted(sizes)[len(sizes) // 2]  # most characters are body text
        assert body == pytest.approx(BODY_PT, abs=0.1)


def test_the_first_page_is_filled_from_margin_to_margin_not_a_corner(
        long_report: tuple[dict[str, Any], bytes]) -> None:
    """Today's fault was a page of tiny text in one quarter: the text now spans the page's
    width between its margins and reaches down to its foot."""
    data = long_report[1]
    width, height = A4[0] / POINTS_PER_MM, A4[1] / POINTS_PER_MM
    boxes = [box for _, box in char_boxes(data, 0)]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    assert left >= MARGIN_MM - 0.5 and right <= width - MARGIN_MM + 0.5
    assert right - left >= 0.9 * (width - 2 * MARGIN_MM)
    assert top >= MARGIN_MM - 2 and bottom >= 0.9 * height and bottom <= height - 8
    assert right - left > width / 2 and bottom - top > height / 2


def test_every_verdict_and_piece_of_advice_is_printed_whole_in_order(
        long_report: tuple[dict[str, Any], bytes]) -> None:
    """The text flows onto more pages rather than being cut: every sentence is there,
    word for word, in order, and each page says which it is."""
    report, data = long_report
    pages = _pages(data)
    footer = re.compile(r"kok check: synthetic \u00b7 kok_layouts\s*page \d+ of \d+")
    text = " ".join(footer.sub(" ", t) for _, t in pages[:-1])
    flat = re.sub(r"\s+", " ", text)
    at = 0
    for piece in [v["text"] for v in report["verdicts"]] + report["advice"]["sentences"]:
        found = flat.find(re.sub(r"\s+", " ", piece), at)
        assert found >= 0, piece[:40]
        at = found
    assert "the rest is in the JSON" not in flat
    for number in range(1, len(pages)):
        assert f"page {number} of {len(pages)}" in pages[number - 1][1]


def test_a_short_report_is_one_text_page_and_the_charts() -> None:
    pages = _pages(render_report(synthetic_report(verdicts=4, advice=1)))
    assert len(pages) == 2 and "page 1 of 2" in pages[0][1]


def test_a_report_of_the_search_alone_has_no_chart_page() -> None:
    """A real report, from ``check`` with no games: the solvability on one page."""
    report = check(load_layout("examples/travel.yaml"), games=0).as_dict()
    pages = _pages(render_report(report))
    assert len(pages) == 1 and pages[0][0] == A4
    assert "travel is solvable" in pages[0][1].replace("\r\n", " ")


def test_letter_paper_gives_letter_pages() -> None:
    data = render_report(synthetic_report(), paper="letter")
    pages = _pages(data)
    assert [size for size, _ in pages] == [LETTER] * (len(pages) - 1) + [(LETTER[1], LETTER[0])]
    assert min(_sizes(data, 0)) >= LEAST_PT - 0.05


def test_fifteen_columns_of_points_fit_in_one_band() -> None:
    text = _pages(render_report(synthetic_report(verdicts=2, advice=0)))[0][1]
    assert text.count("suggested") == 2  # the heading and the one band's row


def test_the_column_points_table_wraps_into_bands_at_reading_size() -> None:
    """A 26-column board's points still print at body size, in two bands."""
    report = synthetic_report(verdicts=2, advice=0, columns=26)
    data = render_report(report)
    text = _pages(data)[0][1]
    assert "Z" in text
    assert text.count("suggested") >= 3  # the heading and one row per band
    assert min(_sizes(data, 0)) >= LEAST_PT - 0.05


def test_the_png_holds_every_page_one_under_the_other() -> None:
    from io import BytesIO

    from PIL import Image
    report = synthetic_report(verdicts=30, advice=20)
    pages = len(_pages(render_report(report)))
    image = Image.open(BytesIO(render_report(report, png=True, dpi=30)))
    mm = 25.4 / 30
    assert image.size[0] * mm == pytest.approx(297, abs=2)
    assert image.size[1] * mm == pytest.approx(297 * (pages - 1) + 210 + 6 * (pages - 1),
                                               abs=3)


UNICODE = st.text(st.characters(exclude_categories=["Cs"]), max_size=300)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=st.lists(UNICODE, min_size=1, max_size=6), long_word=st.integers(0, 400),
       ok=st.sampled_from([True, False, None, "yes", 3]))
def test_any_text_in_a_report_stays_between_the_margins(texts: list[str], long_word: int,
                                                        ok: object) -> None:
    """Odd Unicode, control characters, a word longer than a line: every character lies
    inside the page's margins (long words are cut across lines), nothing raises."""
    report = synthetic_report(verdicts=0, advice=0)
    report["verdicts"] = [{"ok": ok, "text": t} for t in texts]
    report["advice"]["sentences"] = ["x" * long_word, *texts]
    report["layout"] = texts[0][:40]
    data = render_report(report)
    width = A4[0] / POINTS_PER_MM
    pages = _pages(data)
    for page in range(len(pages) - 1):
        for _, (x0, _, x1, _) in char_boxes(data, page):
            assert x0 >= MARGIN_MM - 1.0 and x1 <= width - MARGIN_MM + 1.0, (x0, x1)


@pytest.mark.parametrize("report", [
    {"verdicts": "not a list of verdicts"}, {"simulation": {"games": 1}},
    {"advice": {"sentences": 5}}, {"heat_map": {"width": 3}, "simulation": {}},
])
def test_a_report_that_is_not_a_check_report_is_one_clear_error(report: dict[str, Any]) -> None:
    try:
        render_report(report)
    except BadArgumentError as error:
        assert "not a kok check report" in str(error) and "\n" not in str(error)
    else:  # drawn: then it is a whole PDF
        assert len(_pages(render_report(report))) >= 1


@pytest.mark.parametrize("paper", ["a3", "", None, 4])
def test_an_unknown_paper_is_refused(paper: object) -> None:
    with pytest.raises(KokError) as caught:
        render_report(synthetic_report(), paper=paper)  # type: ignore[arg-type]
    assert isinstance(caught.value, BadArgumentError | KokTypeError)
