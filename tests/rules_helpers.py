"""Helpers for rules tests: positions and rolls written the way the rules speak."""

from __future__ import annotations

from typing import Any

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


def pass_rolls(game: Game, thrown: Roll, count: int = 3) -> None:
    """``count`` rolls of ``thrown`` in which everyone passes (by default: the open rolls)."""
    for _ in range(count):
        game.set_roll(thrown)
        everyone_passes(game)
        game.finish_roll()


def states_of_seat_0(game: Game, fresh: Game) -> list[Any]:
    """Replay ``game``'s log on ``fresh``: every state seat 0 passes through, from the start."""
    states = [fresh.sheets[0].state_key()]
    for entry in game.log:
        fresh.play_roll(entry)
        if entry.choices[0] is not None:
            states.append(fresh.sheets[0].state_key())
    return states


def assert_undo_walks_back(player: Any, states: list[Any]) -> None:
    """Popping every move of ``player`` passes through ``states`` in reverse."""
    assert player.state_key() == states[-1]
    for expected in reversed(states[:-1]):
        player.pop()
        assert player.state_key() == expected
