"""The classic game: Keer op Keer, Noch mal!, Encore! (docs/rules.md section 1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kok_layouts.editions.edition import Edition

if TYPE_CHECKING:
    from kok_layouts.model.checks import Profile, Report
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.render.labels import Language
    from kok_layouts.render.marks import SheetMarks
    from kok_layouts.render.scene import Scene
    from kok_layouts.rules.game import Game


class Classic(Edition):
    name = "classic"
    title = "Keer op Keer"

    @property
    def sheet_type(self) -> type[Sheet]:
        from kok_layouts.model.sheet import ClassicSheet

        return ClassicSheet

    def build_fields(self, data: dict[str, Any], common: dict[str, Any],
                     out: Any) -> dict[str, Any]:
        from kok_layouts.model.build import classic_fields

        return classic_fields(data, common, out)

    def check_profile(self, sheet: Sheet, report: Report, profile: Profile) -> None:
        from kok_layouts.model.checks import classic_checks

        classic_checks(sheet, report, profile)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.player import PlayerSheet

        return PlayerSheet

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.game import Game

        return Game

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "black"

    def column_points(self, sheet: Sheet) -> tuple[list[int], list[int]]:
        points = sheet.column_points  # type: ignore[attr-defined]
        return [p.first for p in points], [p.later for p in points]

    def start_columns_of(self, sheet: Sheet) -> frozenset[int]:
        return frozenset(sheet.start_columns)  # type: ignore[attr-defined]

    def solo_bands(self, totals: Iterable[int]) -> dict[str, int]:
        from kok_layouts.rules.game import SOLO_BANDS, solo_band

        counted = Counter(solo_band(total) for total in totals)
        return {band: counted.get(band, 0) for band in SOLO_BANDS}

    # -- render -------------------------------------------------------------------------
    def print_scene(self, sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                    marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
        from kok_layouts.render.classic_layout import classic_scene

        return classic_scene(sheet, lang, colorblind, marks,  # type: ignore[arg-type]
                             min_text)

    # -- generator ----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.generator.maker import BoardGenerator

    @property
    def generator(self) -> BoardGenerator:
        from kok_layouts.generator.maker import CLASSIC_GENERATOR

        return CLASSIC_GENERATOR

    # -- designer -----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.design.parts import DesignerParts

    @property
    def designer(self) -> DesignerParts:
        from kok_layouts.design.parts import CLASSIC_PARTS

        return CLASSIC_PARTS

    def layout_values(self, sheet: Sheet) -> dict[str, Any]:
        from kok_layouts.model.writer import classic_values

        return classic_values(sheet)  # type: ignore[arg-type]

    # -- terminal play ------------------------------------------------------------------
    solo_rating = True

    @property
    def play_table(self) -> type[Any]:
        from kok_layouts.cli.play import ClassicTable

        return ClassicTable

    @property
    def play_help(self) -> str:
        from kok_layouts.cli.play import HELP_CLASSIC

        return HELP_CLASSIC

    def text_notes(self, sheet: Sheet) -> Any:
        from kok_layouts.cli.text import classic_notes

        return classic_notes(sheet)  # type: ignore[arg-type]

    @property
    def rules_commands(self) -> Any:
        from kok_layouts.cli.rules import CLASSIC_COMMANDS

        return CLASSIC_COMMANDS

    # -- bots ---------------------------------------------------------------------------


CLASSIC = Classic()
