"""A player's marks on a printed sheet: what a filled-in sheet shows.

Built from a finished (or running) game, so that a game can be printed or shared as the
sheet the player would have filled in with a pen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from kok_layouts.editions import edition_of, part_for
from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.grid import Cell, cells_of
from kok_layouts.rules.game import Game

Claim = Literal["first", "later", "taken"]
"""``first``: the upper value circled; ``later``: the lower value circled and the upper one
struck; ``taken``: another player completed it first, so the upper value is struck."""


@dataclass(frozen=True)
class SheetMarks:
    """Everything a player wrote on a sheet."""

    player: str
    crossed: frozenset[Cell]
    marks_used: int
    columns: Mapping[int, Claim] = field(default_factory=dict)
    colours: Mapping[str, Claim] = field(default_factory=dict)
    score: Mapping[str, int] = field(default_factory=dict)
    """Score lines by key (``colours``, ``columns``, ``jokers``, ``stars``, ``total``;
    Keer op Keer 2 adds ``rows``, ``hearts``, ``boxes``; Kids has ``total`` circles)."""
    rows: Mapping[int, Claim] = field(default_factory=dict)
    """Keer op Keer 2: ``first`` the row and its item, ``later`` the row only, ``taken`` the
    item struck (another player completed the row first)."""
    hearts_under: Mapping[int, int] = field(default_factory=dict)
    hearts: int = 0
    boxes_gained: int = 0
    boxes_used: int = 0


def marks_from_game(game: Game, player: str) -> SheetMarks:
    """The marks of ``player`` in ``game``: crosses, used marks, claims and the score box,
    and what else the edition's sheet has (:data:`EXTRA_MARKS`)."""
    if not isinstance(game, Game):
        raise KokTypeError(f"marks come from a Game, not {type(game).__name__}")
    if not isinstance(player, str):
        raise KokTypeError(f"a player is named by text, not {type(player).__name__}")
    if player not in game.players:
        raise BadArgumentError(f"no player {shown(player, 40)!r} in the game; players: "
                               f"{', '.join(game.players)}")
    seat = game.players.index(player)
    mine: Any = game.sheets[seat]
    taken_columns = {c for s in game.sheets for c in s.completed_columns()}
    taken_colours = {k for s in game.sheets for k in s.completed_colours()}
    columns: dict[int, Claim] = {}
    for column in taken_columns:
        if column in mine.completed_columns():
            columns[column] = "later" if column in mine.later_columns else "first"
        elif not game.solo:
            columns[column] = "taken"
    colours: dict[str, Claim] = {}
    later_colours: frozenset[str] = getattr(mine, "later_colours", frozenset())
    for key in taken_colours:
        if key in mine.completed_colours():
            colours[key] = "later" if key in later_colours else "first"
        elif not game.solo:
            colours[key] = "taken"
    extra = part_for(EXTRA_MARKS, edition_of(game.sheet), "marks")(game, seat)
    return SheetMarks(player=player, crossed=frozenset(cells_of(mine.crossed)),
                      marks_used=mine.marks_used, columns=columns, colours=colours,
                      score=mine.score().as_dict(), **extra)


def kok2_marks(game: Game, seat: int) -> dict[str, Any]:
    """Keer op Keer 2: the rows claimed (``taken`` when another player completed the row
    first), the hearts under the columns, the heart track and the boxes, as
    :class:`SheetMarks` fields."""
    mine: Any = game.sheets[seat]
    rows: dict[int, Claim] = {}
    sheets: list[Any] = list(game.sheets)
    for other in sheets:
        for row in other.completed_rows():
            rows[row] = "taken"
    for row in mine.completed_rows():
        rows[row] = "first" if row in mine.row_items else "later"
    return {"rows": rows, "hearts_under": dict(mine.column_hearts), "hearts": mine.hearts,
            "boxes_gained": mine.boxes_gained, "boxes_used": mine.boxes_used}


def no_extra_marks(game: Game, seat: int) -> dict[str, Any]:
    """An edition whose sheet has nothing to fill in beyond crosses, claims and score."""
    return {}


EXTRA_MARKS: dict[str, Callable[[Game, int], dict[str, Any]]] = {
    "classic": no_extra_marks, "kok2": kok2_marks, "kids": no_extra_marks}
"""What a player of each edition writes beyond crosses, claims and the score box, as
:class:`SheetMarks` fields, by edition name."""
