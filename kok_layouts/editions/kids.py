"""Keer op Keer Kids (docs/rules.md section 3): animals in enclosures, colour dice only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kok_layouts import limits
from kok_layouts.editions.edition import Edition

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.rules.game import Game


class Kids(Edition):
    name = "kids"
    title = "Keer op Keer Kids"
    colour_noun = "animal"
    colour_nouns = "animals"
    palette_key = "animals"
    column_reward = "buckets"
    players = limits.KIDS_PLAYERS
    official_size = (13, 5)
    number_dice = False
    start_columns = False

    @property
    def sheet_type(self) -> type[Sheet]:
        from kok_layouts.model.sheet import KidsSheet

        return KidsSheet

    def build_fields(self, data: dict[str, Any], common: dict[str, Any],
                     out: Any) -> dict[str, Any]:
        from kok_layouts.model.build import kids_fields

        return kids_fields(data, common, out)

    def layout_body(self, sheet: Sheet) -> list[str]:
        from kok_layouts.model.writer import kids_body

        return kids_body(sheet)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.kids import KidsPlayerSheet

        return KidsPlayerSheet

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.kids import KidsGame

        return KidsGame

    # -- analysis -----------------------------------------------------------------------

    # -- render -------------------------------------------------------------------------

    # -- generator ----------------------------------------------------------------------

    # -- designer -----------------------------------------------------------------------

    # -- terminal play ------------------------------------------------------------------
    @property
    def play_table(self) -> type[Any]:
        from kok_layouts.cli.play import KidsTable

        return KidsTable

    @property
    def play_help(self) -> str:
        from kok_layouts.cli.play import HELP_KIDS

        return HELP_KIDS

    def text_notes(self, sheet: Sheet) -> Any:
        from kok_layouts.cli.text import kids_notes

        return kids_notes(sheet)  # type: ignore[arg-type]

    @property
    def rules_commands(self) -> Any:
        from kok_layouts.cli.rules import KIDS_COMMANDS

        return KIDS_COMMANDS

    # -- bots ---------------------------------------------------------------------------
    def bot_choice(self, bot: Any, game: Game, seat: int, rng: Any) -> Any:
        """Kids: the bot weighs whole enclosures (``bot.choose_enclosure``)."""
        from kok_layouts.rules.kids import KidsGame

        assert isinstance(game, KidsGame)
        return bot.choose_enclosure(game, seat, rng)

    @property
    def extra_colour_face(self) -> str:
        from kok_layouts.rules.dice import PURPLE

        return PURPLE


KIDS = Kids()
