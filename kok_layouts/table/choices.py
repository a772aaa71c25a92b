"""The legal choices of a seat as a person reads them: each move once, with the fewest
jokers, and the cells it crosses.

The game lists a choice for every pair of dice that allows a move, so one move can come
up four times (two yellow dice, a joker, two number dice); a person wants each move once,
taken with the dice that cost the fewest exclamation marks.
"""

from __future__ import annotations

from typing import Any

from kok_layouts.rules import Choice, Game


def crossed_by(choice: Choice) -> int:
    """The mask of every cell ``choice`` crosses (a Kids chameleon's enclosure too)."""
    move: Any = choice.move
    return int(move.cells) | int(getattr(move, "chameleon", 0))


def choice_key(choice: Choice) -> tuple[str, str, int]:
    """What tells two choices apart for a person: the kind of move, the special die's face
    or the die's colour, and the cells."""
    move: Any = choice.move
    face = str(getattr(move, "face", "") or getattr(move, "die", "") or "")
    return type(move).__name__, face, crossed_by(choice)


def distinct_choices(game: Game, seat: int) -> list[Choice]:
    """The legal choices of ``seat`` in the current roll, each move once: of the choices
    that cross the same cells the same way, the one with the fewest jokers (the first die
    pair among equals), in the game's order."""
    best: dict[tuple[str, str, int], Choice] = {}
    for choice in game.choices_for(seat):
        key = choice_key(choice)
        kept = best.get(key)
        if kept is None or choice.move.jokers < kept.move.jokers:
            best[key] = choice
    return list(best.values())
