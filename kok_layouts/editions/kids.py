"""Keer op Keer Kids (docs/rules.md section 3): animals in enclosures, colour dice only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kok_layouts import limits
from kok_layouts.editions.edition import Edition, Tracks

if TYPE_CHECKING:
    from kok_layouts.analysis.solvability import Pieces
    from kok_layouts.model.checks import Profile, Report
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.render.labels import Language
    from kok_layouts.render.marks import SheetMarks
    from kok_layouts.render.scene import Scene
    from kok_layouts.rules.board import Board
    from kok_layouts.rules.game import Game


class Kids(Edition):
    name = "kids"
    title = "Keer op Keer Kids"
    colour_noun = "animal"
    colour_nouns = "animals"
    palette_key = "animals"
    column_reward = "buckets"
    column_bounds = limits.BUCKETS
    column_field = "buckets"
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

    def check_profile(self, sheet: Sheet, report: Report, profile: Profile) -> None:
        from kok_layouts.model.checks import kids_checks

        kids_checks(sheet, report, profile)  # type: ignore[arg-type]

    @property
    def player_type(self) -> type[Any]:
        from kok_layouts.rules.kids import KidsPlayerSheet

        return KidsPlayerSheet

    def tracks(self, sheet: Sheet) -> Tracks:
        kids: Any = self.own_sheet(sheet)
        return Tracks(chameleon_every=kids.chameleon_every)

    @property
    def game_type(self) -> type[Game]:
        from kok_layouts.rules.kids import KidsGame

        return KidsGame

    # -- analysis -----------------------------------------------------------------------
    reference_pad = "kids"
    moves_note = "Moves with free choice of dice, one whole enclosure each: a lower bound."

    def column_points(self, sheet: Sheet) -> tuple[list[int], list[int]]:
        return list(sheet.buckets), []  # type: ignore[attr-defined]

    def start_columns_of(self, sheet: Sheet) -> frozenset[int]:
        return frozenset({sheet.middle_column})  # type: ignore[attr-defined]

    def move_pieces(self, board: Board) -> Pieces:
        """One whole enclosure (docs/rules.md section 3.5)."""
        from kok_layouts.analysis.solvability import enclosure_pieces

        return enclosure_pieces(board)

    # -- render -------------------------------------------------------------------------
    def print_scene(self, sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                    marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
        from kok_layouts.render.kids_layout import kids_scene

        return kids_scene(sheet, lang, colorblind, marks, min_text)  # type: ignore[arg-type]

    # -- generator ----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.generator.maker import BoardGenerator

    @property
    def generator(self) -> BoardGenerator:
        from kok_layouts.generator.maker import KIDS_GENERATOR

        return KIDS_GENERATOR

    # -- designer -----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.design.parts import DesignerParts

    @property
    def designer(self) -> DesignerParts:
        from kok_layouts.design.parts import KIDS_PARTS

        return KIDS_PARTS

    def layout_values(self, sheet: Sheet) -> dict[str, Any]:
        from kok_layouts.model.writer import kids_values

        return kids_values(sheet)  # type: ignore[arg-type]

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
