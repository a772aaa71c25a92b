"""A player's marks on a printed sheet: what a filled-in sheet shows.

Built from a finished (or running) game, so that a game can be printed or shared as the
sheet the player would have filled in with a pen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from kok_layouts.errors import KokError
from kok_layouts.model.grid import Cell, cells_of
from kok_layouts.rules.game import Game
from kok_layouts.rules.kok2 import Kok2PlayerSheet

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
    """The marks of ``player`` in ``game``: crosses, used marks, claims and the score box."""
    if player not in game.players:
        raise KokError(f"no player {player!r} in the game; players: {', '.join(game.players)}")
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
    extra: dict[str, Any] = {}
    if isinstance(mine, Kok2PlayerSheet):
        rows: dict[int, Claim] = {}
        for other in game.sheets:
            if isinstance(other, Kok2PlayerSheet):
                for row in other.completed_rows():
                    rows[row] = "taken"
        for row in mine.completed_rows():
            rows[row] = "first" if row in mine.row_items else "later"
        extra = {"rows": rows, "hearts_under": dict(mine.column_hearts),
                 "hearts": mine.hearts, "boxes_gained": mine.boxes_gained,
                 "boxes_used": mine.boxes_used}
    return SheetMarks(player=player, crossed=frozenset(cells_of(mine.crossed)),
                      marks_used=mine.marks_used, columns=columns, colours=colours,
                      score=mine.score().as_dict(), **extra)
