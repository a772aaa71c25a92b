"""The classic game: Keer op Keer, Noch mal!, Encore! (docs/rules.md section 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kok_layouts.editions.edition import Edition

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet
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

    def layout_body(self, sheet: Sheet) -> list[str]:
        from kok_layouts.model.writer import classic_body

        return classic_body(sheet)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.player import PlayerSheet

        return PlayerSheet

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.game import Game

        return Game

    # -- analysis -----------------------------------------------------------------------

    # -- render -------------------------------------------------------------------------

    # -- generator ----------------------------------------------------------------------

    # -- designer -----------------------------------------------------------------------

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
