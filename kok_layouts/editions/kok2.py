"""Keer op Keer 2, Noch mal so gut! (docs/rules.md section 2): the classic game with a
special die, boxes, hearts, bombs and rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kok_layouts.editions.classic import Classic
from kok_layouts.editions.edition import Tracks

if TYPE_CHECKING:
    from kok_layouts.model.checks import Profile, Report
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.render.labels import Language
    from kok_layouts.render.marks import SheetMarks
    from kok_layouts.render.scene import Scene
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

    def check_profile(self, sheet: Sheet, report: Report, profile: Profile) -> None:
        from kok_layouts.model.checks import kok2_checks

        kok2_checks(sheet, report, profile)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.kok2 import Kok2PlayerSheet

        return Kok2PlayerSheet

    def tracks(self, sheet: Sheet) -> Tracks:
        kok2: Any = self.own_sheet(sheet)
        return Tracks(boxes=kok2.box_count, boxes_at_start=kok2.boxes_at_start,
                      hearts=kok2.heart_track, special_faces=tuple(kok2.special_faces))

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.kok2 import Kok2Game

        return Kok2Game

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "grey"
    moves_note = ("Keer op Keer 2: counted with colour and number dice only; the special "
                  "die can shorten these (--special-die bounds that).")

    def goal_rows(self, sheet: Sheet) -> tuple[str, ...]:
        return tuple(rule.label for rule in sheet.rows)  # type: ignore[attr-defined]

    # -- render -------------------------------------------------------------------------
    def print_scene(self, sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                    marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
        from kok_layouts.render.classic_layout import kok2_scene

        return kok2_scene(sheet, lang, colorblind, marks, min_text)  # type: ignore[arg-type]

    def player_marks(self, game: Game, seat: int) -> dict[str, Any]:
        from kok_layouts.render.marks import kok2_marks

        return kok2_marks(game, seat)

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
