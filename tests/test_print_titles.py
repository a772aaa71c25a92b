"""Each sheet is titled as its edition is sold in the sheet's language: Schmidt Spiele's
German Noch mal!, Noch mal so gut! and Noch mal! Kids, the French Encore !, Encore et
encore ! and Encore ! Kids; Dutch and English keep the Dutch names (Keer op Keer ...).
Read back from the PDF, as a printer would see it."""

from __future__ import annotations

from functools import cache

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.render.document import PrintOptions, render_pdf
from kok_layouts.render.fonts import wrap
from kok_layouts.render.labels import GAME_NAMES, LANGUAGES, Language, game_name, title

NBSP = "\u00a0"

SOLD_AS = {
    ("black", "nl"): "Keer op Keer \u2013 zwart blok",
    ("black", "de"): "Noch mal! \u2013 Block Schwarz",
    ("black", "fr"): f"Encore{NBSP}! \u2013 bloc noir",
    ("black", "en"): "Keer op Keer \u2013 black pad",
    ("purple", "de"): "Noch mal! \u2013 Block Lila",
    ("purple", "fr"): f"Encore{NBSP}! \u2013 bloc violet",
    ("grey", "nl"): "Keer op Keer 2",
    ("grey", "de"): "Noch mal so gut!",
    ("grey", "fr"): f"Encore et encore{NBSP}!",
    ("grey", "en"): "Keer op Keer 2",
    ("kids", "nl"): "Keer op Keer Kids",
    ("kids", "de"): "Noch mal! Kids",
    ("kids", "fr"): f"Encore{NBSP}! Kids",
    ("kids", "en"): "Keer op Keer Kids",
}


@cache
def _pdf(name: str, lang: Language) -> bytes:
    return render_pdf([load_layout(name)], PrintOptions(lang=lang))


def _page_text(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    text = str(document[0].get_textpage().get_text_range())
    document.close()
    return text.replace(NBSP, " ")


@pytest.mark.parametrize(("name", "lang"), list(SOLD_AS))
def test_the_printed_title_is_the_name_the_edition_is_sold_under(name: str,
                                                                 lang: Language) -> None:
    """The title is the first text on the page, and the PDF's own title says the same."""
    data = _pdf(name, lang)
    expected = SOLD_AS[(name, lang)]
    assert _page_text(data).startswith(expected.replace(NBSP, " ") + ("\r\n" if name != "kids"
                                                                     else " "))
    document = pdfium.PdfDocument(data)
    assert document.get_metadata_dict()["Title"] == expected
    document.close()


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("name", ["black", "grey", "kids"])
def test_no_dutch_game_name_is_left_on_a_german_or_french_sheet(name: str,
                                                                lang: Language) -> None:
    """Footer included: the sheet names the game only as it is sold in that language."""
    text = _page_text(_pdf(name, lang))
    assert "Keer op Keer" not in text
    assert text.count(SOLD_AS[(name, lang)].replace(NBSP, " ")[:8]) >= 2  # title, footer


def test_dutch_and_english_keep_the_dutch_names() -> None:
    for dutch in GAME_NAMES:
        assert game_name(dutch, "nl") == dutch
        assert game_name(dutch, "en") == dutch


def test_the_french_exclamation_mark_never_starts_a_line() -> None:
    """French puts a space before "!"; it is a no-break one, so a narrow title wraps
    before "Encore !", never between its two parts."""
    for width in (5.0, 12.0, 20.0, 30.0):
        for line in wrap(title("Keer op Keer 2", "fr"), 4.4, width, "bold"):
            assert not line.startswith("!"), (width, line)


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=60), lang=st.sampled_from(LANGUAGES))
def test_a_title_the_table_does_not_know_is_printed_as_written(text: str,
                                                               lang: Language) -> None:
    if text in GAME_NAMES or (text.startswith("Keer op Keer \u2013 ")
                              and text.endswith(" pad")):
        return
    assert title(text, lang) == text


def test_a_custom_pad_colour_or_a_longer_title_is_not_translated() -> None:
    assert title("Keer op Keer \u2013 turquoise pad", "de") == \
        "Keer op Keer \u2013 turquoise pad"
    assert title("Keer op Keer 2 (my version)", "fr") == "Keer op Keer 2 (my version)"
    assert game_name("Qwixx", "de") == "Qwixx"
