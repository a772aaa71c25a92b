"""What an edition is: its rule classes and the metadata the layers above ask for.

The pattern of python-chess's variants and pgx's ``make(name)``: an edition is found by
name, and code that works for every edition asks it for what it needs instead of switching
on sheet types. The editions sit above the model and the rules and below everything
else: the model's parts of an edition are its :class:`~kok_layouts.model.kinds.SheetKind`,
its rules are its :class:`~kok_layouts.rules.game.Game` subclass (found by
:func:`~kok_layouts.rules.kinds.game_type_of`), and an :class:`Edition` adds what the
analysis, the environments, the table and the designer want to know. The layers above keep
their own per-edition parts (print scenes, generators, designer parts, the terminal's
tables) in tables keyed by edition name, looked up along :attr:`Edition.lineage`
(:func:`part_for`).

Each built-in edition is a subclass in a module of its own (``classic.py``, ``kok2.py``,
``kids.py``) that overrides what differs; another edition is registered from above with
:func:`kok_layouts.editions.register_edition` (README, "Adding an edition").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from kok_layouts.errors import BadArgumentError, KokTypeError, WrongSheetError
from kok_layouts.limits import Bounds
from kok_layouts.model.kinds import SheetKind, sheet_kind
from kok_layouts.model.sheet import Sheet

if TYPE_CHECKING:
    from kok_layouts.rules.game import Game
    from kok_layouts.rules.options import Options

T = TypeVar("T")


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
    """One edition of the game family: its names, its rules and what the layers above ask."""

    # -- names --------------------------------------------------------------------------
    name: ClassVar[str]
    """The key used in layouts, records and on the command line: ``classic``."""
    colour_noun: ClassVar[str] = "colour"
    """What a colour of the grid is called: ``colour``, or ``animal`` in Kids."""
    colour_nouns: ClassVar[str] = "colours"
    column_reward: ClassVar[str] = "points"
    """What a completed column earns, as the advice names it: ``points`` or ``buckets``."""
    official_size: ClassVar[tuple[int, int]] = (15, 7)
    """The printed pads' width and height."""
    official_colours: ClassVar[int] = 5
    """How many colours (animals) the printed pads have: ``kok generate``'s official
    profile makes boards of :attr:`official_size` with this many."""

    # -- what the edition's sheet has ---------------------------------------------------
    special_die: ClassVar[bool] = False
    """A die of special actions (Keer op Keer 2)."""
    boxes: ClassVar[bool] = False
    hearts: ClassVar[bool] = False
    start_columns: ClassVar[bool] = True
    """Whether a sheet has start columns and column points (Kids has a star column and
    buckets)."""

    def __repr__(self) -> str:
        return f"EDITIONS[{self.name!r}]"

    # -- the model and the rules, as the layers below know them -------------------------
    @property
    def sheet_kind(self) -> SheetKind:
        """The model's parts of this edition: how its layouts are read, checked, written."""
        return sheet_kind(self.name)

    @property
    def game_type(self) -> type[Game]:
        """The rules: the game of this edition, whose class says what the edition is (the
        rules are imported when first asked for, so that ``kok --help`` costs nothing)."""
        from kok_layouts.rules.kinds import game_type_of

        return game_type_of(self.name)

    @property
    def lineage(self) -> tuple[str, ...]:
        """This edition and those it derives from, nearest first: a table keyed by
        edition serves a variant with its base's part (:func:`part_for`)."""
        from kok_layouts.rules.kinds import lineage

        return lineage(self.name)

    @property
    def title(self) -> str:
        """The edition's name as printed in Dutch, the pads' own language."""
        return self.game_type.title

    @property
    def players(self) -> Bounds:
        """How many players a game with others may have (solo is always one)."""
        return self.game_type.player_counts

    @property
    def rows(self) -> bool:
        """Rows that score when completed (Keer op Keer 2's P..V)."""
        return self.game_type.scores_rows

    @property
    def number_dice(self) -> bool:
        """Whether a roll has number dice (Kids has colour dice only)."""
        return self.game_type.uses_number_dice

    @property
    def extra_colour_face(self) -> str:
        """The colour die's face beside the colours: the X joker (any colour, for an
        exclamation mark), or Kids' purple cross."""
        return self.game_type.extra_colour_face

    @property
    def sheet_type(self) -> type[Sheet]:
        return self.sheet_kind.sheet_type

    @property
    def schema_name(self) -> str:
        """The file under ``schemas/`` that a layout of this edition must satisfy."""
        return self.sheet_kind.schema_file

    @property
    def palette_key(self) -> str:
        """The layout key that declares the grid's colours."""
        return self.sheet_kind.palette_key

    @property
    def column_bounds(self) -> Bounds:
        """What one printed column reward may be (:meth:`column_points`)."""
        return self.sheet_kind.column_bounds

    @property
    def column_field(self) -> str:
        """The layout key of the column rewards."""
        return self.sheet_kind.column_field

    @property
    def player_type(self) -> type[Any]:
        """The type of one player's sheet in a game (``PlayerSheet`` and its kin)."""
        return self.game_type.player_type

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
        if not isinstance(sheet, Sheet):
            raise KokTypeError(f"a {self.name} sheet is needed, not {type(sheet).__name__}")
        if sheet.edition != self.name:
            raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet, not a "
                                  f"{self.name} one")
        return sheet

    def column_points(self, sheet: Sheet) -> tuple[list[int], list[int]]:
        """The printed reward of every column, first and later (later empty when a
        column has one reward: Kids' buckets)."""
        return self.sheet_kind.column_rewards(sheet)

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
    solo_rating: ClassVar[bool] = False
    """Whether the edition's printed pads carry the solo rating table (the classic ones)."""

    def official_pads(self) -> tuple[str, ...]:
        """The built-in pads of this edition, in their printed order."""
        from kok_layouts.model.loader import list_layouts

        return tuple(info.name for info in list_layouts() if info.edition == self.name)

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


def part_for(table: Mapping[str, T], edition: Edition, what: str) -> T:
    """``table``'s part for ``edition``: its own, or that of the nearest edition it derives
    from (:attr:`Edition.lineage`); :class:`BadArgumentError` naming ``what`` when none
    has one."""
    for name in edition.lineage:
        if name in table:
            return table[name]
    raise BadArgumentError(f"the edition {edition.name!r} has no {what}")
