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
    if TYPE_CHECKING:
        from kok_layouts.generator.maker import BoardGenerator

    @property
    def generator(self) -> BoardGenerator:
        from kok_layouts.generator.maker import KOK2_GENERATOR

        return KOK2_GENERATOR

    # -- designer -----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.design.parts import DesignerParts

    @property
    def designer(self) -> DesignerParts:
        from kok_layouts.design.parts import KOK2_PARTS

        return KOK2_PARTS

    def layout_values(self, sheet: Sheet) -> dict[str, Any]:
        from kok_layouts.model.writer import kok2_values

        return kok2_values(sheet)  # type: ignore[arg-type]

    # -- terminal play ------------------------------------------------------------------

    # -- bots ---------------------------------------------------------------------------


KOK2 = Kok2()
