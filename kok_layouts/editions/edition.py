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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from kok_layouts import limits
from kok_layouts.errors import KokTypeError, WrongSheetError
from kok_layouts.limits import Bounds

if TYPE_CHECKING:
    from collections.abc import Iterable

    from kok_layouts.analysis.solvability import Pieces
    from kok_layouts.model.checks import Profile, Report
    from kok_layouts.model.sheet import Sheet
    from kok_layouts.render.labels import Language
    from kok_layouts.render.marks import SheetMarks
    from kok_layouts.render.scene import Scene
    from kok_layouts.rules.board import Board
    from kok_layouts.rules.game import Game
    from kok_layouts.rules.options import Options


@dataclass(frozen=True)
class Tracks:
    """What a sheet prints beside its grid that the rules count, under one name for every
    edition (zero or empty where the edition has none): code for every edition (the
    environments, the batched engine) asks :meth:`Edition.tracks` instead of reading one
    edition's sheet fields."""

    boxes: int = 0
    """The boxes printed (Keer op Keer 2; docs/rules.md section 2.3)."""
    boxes_at_start: int = 0
    """The boxes a player may use from the start."""
    hearts: int = 0
    """The length of the heart track (Keer op Keer 2, section 2.6)."""
    special_faces: tuple[str, ...] = ()
    """The faces of the special die, if a roll has one (Keer op Keer 2, section 2.4)."""
    chameleon_every: int = 0
    """Every how many exclamation marks the purple cross is a chameleon (Kids, section
    3.6); 0: never."""


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
    column_bounds: ClassVar[Bounds] = limits.POINTS
    """What one printed column reward may be (:meth:`column_points`)."""
    column_field: ClassVar[str] = "column_points"
    """The layout key of the column rewards."""
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

    def check_profile(self, sheet: Sheet, report: Report, profile: Profile) -> None:
        """Add to ``report`` what this edition checks beyond every sheet's basic checks,
        and under ``profile="official"`` the printed pads' invariants
        (:func:`kok_layouts.model.checks.check_sheet`)."""
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

    def tracks(self, sheet: Sheet) -> Tracks:
        """The boxes, the heart track, the special die and the chameleon of ``sheet``,
        edition-neutral (see :class:`Tracks`)."""
        self.own_sheet(sheet)
        return Tracks()

    def own_sheet(self, sheet: object) -> Sheet:
        """``sheet`` if it is a sheet of this edition; :class:`~kok_layouts.errors.
        WrongSheetError` naming both editions if it is another's."""
        from kok_layouts.model.sheet import Sheet

        if not isinstance(sheet, Sheet):
            raise KokTypeError(f"a {self.name} sheet is needed, not {type(sheet).__name__}")
        if sheet.edition != self.name:
            raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet, not a "
                                  f"{self.name} one")
        return sheet

    # -- analysis -----------------------------------------------------------------------
    reference_pad: ClassVar[str]
    """The official pad a balance report compares a board with by default (``kok check
    --reference``)."""
    widening_edition: ClassVar[str] = "classic"
    """The edition whose official pads show how far good pads differ from each other: an
    edition with too few pads of its own widens its spreads by theirs (see
    :class:`kok_layouts.analysis.balance.Widening`)."""
    moves_note: ClassVar[str] = "Moves with free choice of dice: a lower bound for real play."
    """What the fewest moves of :func:`kok_layouts.analysis.solvability.analyse` count."""

    def official_pads(self) -> tuple[str, ...]:
        """The built-in pads of this edition, in their printed order."""
        from kok_layouts.model.loader import list_layouts

        return tuple(info.name for info in list_layouts() if info.edition == self.name)

    def column_points(self, sheet: Sheet) -> tuple[list[int], list[int]]:
        """The printed points of every column, first and later (empty when the edition's
        columns carry none)."""
        return [], []

    def start_columns_of(self, sheet: Sheet) -> frozenset[int]:
        """The columns the game starts from, whose printed points advice leaves alone."""
        return frozenset()

    def goal_rows(self, sheet: Sheet) -> tuple[str, ...]:
        """The labels of the rows that score when completed, one per row from the top
        (none unless the edition has such rows)."""
        return ()

    def solo_bands(self, totals: Iterable[int]) -> dict[str, int]:
        """How many of the solo ``totals`` fall in each band of the printed solo rating
        table, every band listed (empty for an edition without such a table)."""
        return {}

    def move_pieces(self, board: Board) -> Pieces:
        """What one move may cross, for the fewest-moves search: a connected group of 1 to
        5 cells inside one area (docs/rules.md section 1.5)."""
        from kok_layouts.analysis.solvability import area_pieces

        return area_pieces(board)

    # -- render -------------------------------------------------------------------------
    def print_scene(self, sheet: Sheet, lang: Language = "en", colorblind: bool = False,
                    marks: SheetMarks | None = None, min_text: float = 0.0) -> Scene:
        """The printed sheet as a scene, filled in with ``marks`` if given, with no text
        smaller than ``min_text`` mm (see :func:`kok_layouts.render.document.sheet_scene`)."""
        raise NotImplementedError

    def player_marks(self, game: Game, seat: int) -> dict[str, Any]:
        """What the player in ``seat`` wrote beyond crosses, claims and the score box, as
        :class:`~kok_layouts.render.marks.SheetMarks` fields (none unless the edition's
        sheet has more to fill in)."""
        return {}

    # -- generator ----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.generator.maker import BoardGenerator

    official_colours: ClassVar[int] = 5
    """How many colours (animals) the printed pads have: ``kok generate``'s official
    profile makes boards of :attr:`official_size` with this many."""

    @property
    def generator(self) -> BoardGenerator:
        """How ``kok generate`` makes this edition's boards: official and custom boards,
        the checks they pass, and the moves and budget of the balancing search."""
        raise NotImplementedError

    # -- designer -----------------------------------------------------------------------
    if TYPE_CHECKING:
        from kok_layouts.design.parts import DesignerParts

    @property
    def designer(self) -> DesignerParts:
        """What ``kok design``'s page shows and edits for this edition: the template a
        new board starts from, the palette's legend, the tools, the fields and their
        limits."""
        raise NotImplementedError

    def layout_values(self, sheet: Sheet) -> dict[str, Any]:
        """The layout keys of ``sheet`` after its name and title, as YAML reads them: the
        document ``kok design``'s page edits, and what
        :func:`kok_layouts.model.writer.dump_layout` writes."""
        raise NotImplementedError

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
