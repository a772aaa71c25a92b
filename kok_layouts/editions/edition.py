"""What an edition is: one value that names every part the edition changes.

The pattern of python-chess's variants and pgx's ``make(name)``: code that works for every
edition asks the sheet's edition (:func:`kok_layouts.editions.edition_of`) for the part it
needs (the player-sheet type, the print scene, the generator, the designer's parts, ...)
instead of switching on sheet types. The parts are imported when first asked for, so that
reading the list of editions (``kok --help``) costs nothing.

Each edition is a subclass in a module of its own (``classic.py``, ``kok2.py``,
``kids.py``) that overrides what differs; the sections below group the parts by the layer
that uses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from kok_layouts import limits
from kok_layouts.limits import Bounds

if TYPE_CHECKING:
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.rules.game import Game
    from kok_layouts.rules.options import Options


class Edition:
    """One edition of the game family: its names, its limits and its parts."""

    # -- names --------------------------------------------------------------------------
    name: ClassVar[str]
    """The key used in layouts, records and on the command line: ``classic``."""
    title: ClassVar[str]
    """The edition's name as printed in Dutch, the pads' own language."""
    colour_noun: ClassVar[str] = "colour"
    """What a colour of the grid is called: ``colour``, or ``animal`` in Kids."""
    colour_nouns: ClassVar[str] = "colours"
    palette_key: ClassVar[str] = "colours"
    """The layout key that declares the grid's colours."""
    column_reward: ClassVar[str] = "points"
    """What a completed column earns, as the advice names it: ``points`` or ``buckets``."""

    # -- limits -------------------------------------------------------------------------
    players: ClassVar[Bounds] = limits.PLAYERS
    """How many players a game with others may have (solo is always one)."""
    official_size: ClassVar[tuple[int, int]] = (15, 7)
    """The printed pads' width and height."""

    # -- what the edition's sheet has ---------------------------------------------------
    special_die: ClassVar[bool] = False
    """A die of special actions (Keer op Keer 2)."""
    rows: ClassVar[bool] = False
    """Rows that score when completed (Keer op Keer 2's P..V)."""
    boxes: ClassVar[bool] = False
    hearts: ClassVar[bool] = False
    number_dice: ClassVar[bool] = True
    """Whether a roll has number dice (Kids has colour dice only)."""
    start_columns: ClassVar[bool] = True
    """Whether a sheet has start columns and column points (Kids has a star column and
    buckets)."""

    def __repr__(self) -> str:
        return f"EDITIONS[{self.name!r}]"

    # -- the sheet model ----------------------------------------------------------------
    @property
    def sheet_type(self) -> type[Sheet]:
        raise NotImplementedError

    @property
    def schema_name(self) -> str:
        """The file under ``schemas/`` that a layout of this edition must satisfy."""
        return f"{self.name}.schema.json"

    def build_fields(self, data: dict[str, Any], common: dict[str, Any],
                     out: Any) -> dict[str, Any]:
        """The sheet type's fields from a layout mapping that passed the schema, beyond
        the ``common`` ones; problems go to ``out`` (see :mod:`kok_layouts.model.build`)."""
        raise NotImplementedError

    def layout_body(self, sheet: Sheet) -> list[str]:
        """The layout YAML lines of ``sheet`` after its name and title (see
        :func:`kok_layouts.model.writer.dump_layout`)."""
        raise NotImplementedError

    # -- the rules ----------------------------------------------------------------------
    @property
    def player_type(self) -> type[Any]:
        """The type of one player's sheet in a game (``PlayerSheet`` and its kin)."""
        raise NotImplementedError

    @property
    def game_type(self) -> type[Game]:
        raise NotImplementedError

    def new_game(self, sheet: Sheet, players: Any, options: Options | None = None, *,
                 solo: bool = False) -> Game:
        """A game of this edition on ``sheet``."""
        return self.game_type(sheet, players, options, solo=solo)

    def new_player(self, sheet: Sheet, options: Options | None = None) -> Any:
        """One player's empty sheet, outside a game."""
        return self.player_type(sheet, options)

    # -- analysis -----------------------------------------------------------------------

    # -- render -------------------------------------------------------------------------

    # -- generator ----------------------------------------------------------------------

    # -- designer -----------------------------------------------------------------------

    # -- terminal play ------------------------------------------------------------------
    solo_rating: ClassVar[bool] = False
    """Whether the edition's printed pads carry the solo rating table (the classic ones)."""

    @property
    def play_table(self) -> type[Any]:
        """How ``kok play`` runs a game of this edition at one terminal: the table that
        shows the sheets and reads the people's moves (:mod:`kok_layouts.cli.play`)."""
        raise NotImplementedError

    @property
    def play_help(self) -> str:
        """The commands a person types at ``kok play``'s prompt, as ``help`` lists them."""
        raise NotImplementedError

    def text_notes(self, sheet: Sheet) -> Any:
        """What the terminal writes around the grid of ``sheet``: marked columns and cells,
        notes beside the rows, lines under the grid (:func:`kok_layouts.cli.text.render_text`)."""
        raise NotImplementedError

    @property
    def rules_commands(self) -> Any:
        """How ``kok moves`` and ``kok score`` read a position of this edition
        (:mod:`kok_layouts.cli.rules`)."""
        raise NotImplementedError

    # -- bots ---------------------------------------------------------------------------
    # (and the rules-level parts the bots and the dice share)
    def bot_choice(self, bot: Any, game: Game, seat: int, rng: Any) -> Any:
        """The choice of a bot that weighs moves (:class:`~kok_layouts.rules.weighing.
        WeighingBot`: greedy, strong, expert) for ``seat``: here it weighs colour-and-number
        moves and special actions (``bot.choose_by_dice``)."""
        return bot.choose_by_dice(game, seat, rng)

    @property
    def extra_colour_face(self) -> str:
        """The colour die's face beside the colours: the X joker (any colour, for an
        exclamation mark), or Kids' purple cross."""
        from kok_layouts.rules.dice import JOKER_COLOUR

        return JOKER_COLOUR
