"""What ``kok design``'s page shows and edits for each edition, as values.

Each edition has its :class:`DesignerParts` (``DESIGNER_PARTS["kok2"]``); the server
hands the page every edition's parts, with their limits, as JSON
(:meth:`DesignerParts.as_dict`), and the page draws from them: it knows no edition by
name. What a field may hold comes from :mod:`kok_layouts.limits`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kok_layouts import limits
from kok_layouts.limits import Bounds
from kok_layouts.model.sheet import ROW_ITEMS

if TYPE_CHECKING:
    from kok_layouts.editions import Edition

TOOLS = ("star", "hole", "erase", "fill")
"""The tools every edition has, besides painting (fill: paint a whole area at once)."""


@dataclass(frozen=True)
class Field:
    """One value of the layout that the page edits in a field: a number (within
    ``bounds``), true or false, or text (a list of words for a list)."""

    label: str
    path: tuple[str, ...]
    """The keys leading to the value in the layout: ``("boxes", "count")``."""
    bounds: Bounds | None = None
    default: Any = None
    """Shown (and written when changed) when the layout leaves the key out."""

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"label": self.label, "path": list(self.path)}
        if self.bounds is not None:
            data.update(self.bounds.as_dict())
        if self.default is not None:
            data["default"] = self.default
        return data


@dataclass(frozen=True)
class Fieldset:
    """A group of fields under a legend; or, with ``per_column``, a text for every
    column (the layout key of the list: Kids' visitors), each called ``item``."""

    legend: str
    fields: tuple[Field, ...] = ()
    per_column: str | None = None
    item: str = ""

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legend": self.legend,
                                "fields": [f.as_dict() for f in self.fields]}
        if self.per_column is not None:
            data.update(per_column=self.per_column, item=self.item)
        return data


@dataclass(frozen=True)
class ColumnRow:
    """A row of numbers under the grid, one per column (column points, buckets)."""

    label: str
    """The row's heading, and its fields' name for a screen reader (``first points A``)."""
    path: tuple[str, ...]
    bounds: Bounds
    key: str
    """What the page calls the row's fields (``data-points="first-A"``)."""
    aria: str

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "path": list(self.path), "key": self.key,
                "aria": self.aria, **self.bounds.as_dict()}


@dataclass(frozen=True)
class DesignerParts:
    """What the page offers for one edition."""

    template: str
    """The built-in layout a new board starts from: its colours, points and extras."""
    palette_legend: str
    tools: tuple[str, ...]
    """The tools besides painting: ``star``, ``hole``, ``erase``, ``box``, ``enclosure``."""
    start_columns: bool
    """Whether a column's letter toggles a start column."""
    column_rows: tuple[ColumnRow, ...]
    fieldsets: tuple[Fieldset, ...]
    row_items: tuple[str, ...] = ()
    """The items a row of the grid may carry (Keer op Keer 2)."""
    palette_texts: tuple[tuple[str, str], ...] = (("name", "name"),)
    """The text keys of a palette entry besides its print colour, with their labels
    (Kids: the animal's name and the colour of its die face)."""
    spare_names: tuple[str, ...] = ()
    """Names for a colour (animal) added to the palette, in the order they are offered."""

    def as_dict(self, edition: Edition) -> dict[str, Any]:
        """The parts as the page reads them, with the edition's name and limits."""
        return {
            "name": edition.name, "title": edition.title,
            "palette_key": edition.palette_key, "palette_legend": self.palette_legend,
            "tools": list(self.tools), "start_columns": self.start_columns,
            "column_rows": [row.as_dict() for row in self.column_rows],
            "fieldsets": [fieldset.as_dict() for fieldset in self.fieldsets],
            "row_items": list(self.row_items),
            "palette_texts": [list(pair) for pair in self.palette_texts],
            "spare_names": list(self.spare_names),
            "palette_size": limits.COLOURS.as_dict(),
            "players": {"min": 1, "max": edition.players.high},
            "official_size": list(edition.official_size),
        }


_COLUMN_POINTS = (
    ColumnRow("first", ("column_points", "first"), limits.POINTS, "first", "first points"),
    ColumnRow("later", ("column_points", "later"), limits.POINTS, "later", "later points"),
)
_BOARD = Fieldset("Board", (Field("description", ("description",), default=""),))
_COLOUR_NAMES = ("purple", "brown", "pink", "cyan", "grey", "white", "black", "teal")
_CLASSIC_FIELDSETS = (
    _BOARD,
    Fieldset("Colour bonus", (Field("first", ("colour_bonus", "first"), limits.POINTS),
                              Field("later", ("colour_bonus", "later"), limits.POINTS))),
    Fieldset("Marks", (
        Field("exclamation marks", ("exclamation_marks",), limits.EXCLAMATION_MARKS),
        Field("points each", ("mark_points",), limits.POINTS, default=1),
        Field("star penalty", ("star_penalty",), limits.POINTS))),
)

CLASSIC_PARTS = DesignerParts(
    template="black", palette_legend="Colours", tools=TOOLS, start_columns=True,
    column_rows=_COLUMN_POINTS, fieldsets=_CLASSIC_FIELDSETS, spare_names=_COLOUR_NAMES)

KOK2_PARTS = DesignerParts(
    template="grey", palette_legend="Colours", tools=(*TOOLS, "box"), start_columns=True,
    column_rows=_COLUMN_POINTS, row_items=ROW_ITEMS, spare_names=_COLOUR_NAMES,
    fieldsets=(
        *_CLASSIC_FIELDSETS,
        Fieldset("Rows", (Field("points", ("rows", "points"), limits.POINTS),
                          Field("labels", ("rows", "labels")))),
        Fieldset("Boxes", (Field("printed", ("boxes", "count"), limits.BOXES),
                           Field("at start", ("boxes", "available_at_start"),
                                 limits.BOXES_AT_START),
                           Field("points", ("boxes", "points"), limits.POINTS),
                           Field("columns", ("boxes", "columns")))),
        Fieldset("Hearts", (Field("track", ("hearts", "track"), limits.HEART_TRACK),
                            Field("under columns", ("hearts", "under_columns")))),
        Fieldset("Special die", (Field("faces", ("special_die",)),)),
    ))

KIDS_PARTS = DesignerParts(
    template="kids", palette_legend="Animals", tools=(*TOOLS, "enclosure"),
    start_columns=False, palette_texts=(("name", "animal"), ("colour", "die colour")),
    spare_names=("monkey", "zebra", "giraffe", "bear", "parrot", "seal", "tiger", "panda"),
    column_rows=(ColumnRow("buckets", ("buckets",), limits.BUCKETS, "buckets", "buckets"),),
    fieldsets=(
        _BOARD,
        Fieldset("Marks", (
            Field("exclamation marks", ("exclamation_marks",), limits.EXCLAMATION_MARKS),
            Field("chameleon every", ("chameleon_every",), limits.CHAMELEON_EVERY),
            Field("food boxes", ("food_boxes",), limits.FOOD_BOXES))),
        Fieldset("Visitors", per_column="visitors", item="visitor"),
    ))

DESIGNER_PARTS: dict[str, DesignerParts] = {
    "classic": CLASSIC_PARTS, "kok2": KOK2_PARTS, "kids": KIDS_PARTS}
"""What ``kok design``'s page shows and edits for each edition, by edition name: the
template a new board starts from, the palette's legend, the tools, the fields and their
limits (an edition registered from above is edited as the one it derives from)."""


def parts_of(edition: Edition) -> DesignerParts:
    """The designer's parts of ``edition``: its own, or those of the edition it derives
    from."""
    from kok_layouts.editions import part_for

    return part_for(DESIGNER_PARTS, edition, "designer parts")
