"""Helpers for rules tests: positions and rolls written the way the rules speak."""

from __future__ import annotations

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.rules.dice import Roll
from kok_layouts.rules.game import Game
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet


def black() -> ClassicSheet:
    sheet = load_layout("black")
    assert isinstance(sheet, ClassicSheet)
    return sheet


def player_with(crossed: str = "", sheet: ClassicSheet | None = None,
                options: Options | None = None) -> PlayerSheet:
    player = PlayerSheet(sheet or black(), options)
    player.crossed = player.board.parse_cells(crossed.split())
    return player


def move(player: PlayerSheet, colour: str, cells: str, *, colour_joker: bool = False,
         number_joker: bool = False) -> Move:
    mask = player.board.parse_cells(cells.split())
    return Move(player.sheet.colour(colour).key, mask.bit_count(), mask, colour_joker,
                number_joker)


def roll(sheet: ClassicSheet, colours: str, numbers: str) -> Roll:
    """``roll(sheet, "green yellow X", "3 ? 1")``."""
    faces = tuple("X" if c == "X" else sheet.colour(c).key for c in colours.split())
    values = tuple(0 if n == "?" else int(n) for n in numbers.split())
    return Roll(faces, values)


def names(player: PlayerSheet, mask: int) -> str:
    return " ".join(player.board.name_cells(mask))


def new_game(players: int = 2, options: Options | None = None, *, solo: bool = False) -> Game:
    if solo:
        return Game(black(), ["solo"], options, solo=True)
    return Game(black(), [f"p{i}" for i in range(players)], options)


def everyone_passes(game: Game) -> None:
    while waiting := game.waiting_for():
        for seat in waiting:
            game.choose(seat, None)
