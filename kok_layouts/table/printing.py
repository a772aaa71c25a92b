"""The filled-in sheets of a table's game as one PDF: each player's sheet as
``kok render --record`` prints it, one to a page."""

from __future__ import annotations

from kok_layouts.errors import BadArgumentError
from kok_layouts.render.document import PrintOptions, printed_scenes
from kok_layouts.render.labels import LANGUAGES, Language
from kok_layouts.render.marks import marks_from_game
from kok_layouts.render.pdf import Metadata, pdf_bytes
from kok_layouts.rules import Game


def sheets_pdf(game: Game, lang: str = "en", colorblind: bool = False) -> bytes:
    """Every player's sheet, filled in as they played it, one page each."""
    if lang not in LANGUAGES:
        raise BadArgumentError(f"the sheets print in {', '.join(LANGUAGES)}, not {lang[:20]!r}")
    language: Language = lang
    options = PrintOptions(lang=language, colorblind=colorblind)
    scenes = []
    page = None
    for player in game.players:
        drawn, page = printed_scenes([game.sheet], options, marks_from_game(game, player))
        scenes.extend(drawn)
    assert page is not None
    metadata = Metadata(title=f"{game.sheet.title}: {', '.join(game.players)}",
                        subject=f"Score sheets: {game.sheet.name}",
                        keywords=("Keer op Keer", "Noch mal!", "Encore!", game.sheet.edition))
    return pdf_bytes(scenes, page, len(scenes), metadata)
