"""Keer op Keer 2, Noch mal so gut! (docs/rules.md section 2): the classic game with a
special die, boxes, hearts, bombs and rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kok_layouts.editions.classic import Classic

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.rules.game import Game


class Kok2(Classic):
    name = "kok2"
    title = "Keer op Keer 2"
    special_die = True
    rows = True
    boxes = True
    hearts = True

    @property
    def sheet_type(self) -> type[Sheet]:
        from kok_layouts.model.sheet import Kok2Sheet

        return Kok2Sheet

    def build_fields(self, data: dict[str, Any], common: dict[str, Any],
                     out: Any) -> dict[str, Any]:
        from kok_layouts.model.build import classic_fields, kok2_fields

        return kok2_fields(data, classic_fields(data, common, out), out)

    def layout_body(self, sheet: Sheet) -> list[str]:
        from kok_layouts.model.writer import kok2_body

        return kok2_body(sheet)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.kok2 import Kok2PlayerSheet

        return Kok2PlayerSheet

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.kok2 import Kok2Game

        return Kok2Game

    # -- analysis -----------------------------------------------------------------------

    # -- render -------------------------------------------------------------------------

    # -- generator ----------------------------------------------------------------------

    # -- designer -----------------------------------------------------------------------

    # -- terminal play ------------------------------------------------------------------
    solo_rating = False

    @property
    def play_help(self) -> str:
        from kok_layouts.cli.play import HELP_KOK2

        return HELP_KOK2

    def text_notes(self, sheet: Sheet) -> Any:
        from kok_layouts.cli.text import kok2_notes

        return kok2_notes(sheet)  # type: ignore[arg-type]

    # -- bots ---------------------------------------------------------------------------


KOK2 = Kok2()
