"""The dice: colour dice (the sheet's colours and the X joker) and number dice (1..5 and ?).

A roll is an explicit chance step: :func:`throw` draws it from a seeded
``numpy.random.Generator``; a replay sets the recorded roll instead.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError
from kok_layouts.model.sheet import Sheet

JOKER_COLOUR = "X"
"""The black X face of a colour die: any colour, for one exclamation mark."""
JOKER_NUMBER = 0
"""The ? face of a number die: any number 1..5, for one exclamation mark."""
NUMBERS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Roll:
    """The faces of one throw: colour dice (colour keys or ``X``), number dice (0 = ``?``)
    and, in Keer op Keer 2, the special die's face."""

    colours: tuple[str, ...]
    numbers: tuple[int, ...]
    special: str | None = None

    def describe(self, sheet: Sheet) -> str:
        """The roll as people say it: ``green yellow X / 3 ? 1``."""
        colours = " ".join(face_name(sheet, face) for face in self.colours)
        numbers = " ".join("?" if n == JOKER_NUMBER else str(n) for n in self.numbers)
        special = f" / special: {self.special}" if self.special else ""
        return f"{colours} / {numbers}{special}"

    def __repr__(self) -> str:
        special = f", special={self.special!r}" if self.special is not None else ""
        return f"Roll(colours={self.colours!r}, numbers={self.numbers!r}{special})"


PURPLE = "+"
"""The purple cross of a Kids die: cross an exclamation mark by the chameleons."""


def face_name(sheet: Sheet, face: str) -> str:
    """The name of a colour die face: the colour's (Kids: animal's) name, joker or purple."""
    if face == JOKER_COLOUR:
        return "joker"
    if face == PURPLE:
        return "purple"
    return sheet.colour_by_key[face].name


def colour_faces(sheet: Sheet) -> tuple[str, ...]:
    """The faces of a colour die for this sheet: each colour once and the X joker (Kids:
    each animal's colour and the purple cross)."""
    from kok_layouts.rules.kinds import game_type_of

    return (*(c.key for c in sheet.colours), game_type_of(sheet).extra_colour_face)


NUMBER_FACES = (*NUMBERS, JOKER_NUMBER)


def throw(sheet: Sheet, rng: np.random.Generator, colour_dice: int = 3,
          number_dice: int = 3) -> Roll:
    """Throw the dice: every face of every die equally likely."""
    return throw_faces(colour_faces(sheet), rng, colour_dice, number_dice)


def throw_faces(faces: Sequence[str], rng: np.random.Generator, colour_dice: int = 3,
                number_dice: int = 3) -> Roll:
    """:func:`throw` with the colour die's faces (:func:`colour_faces`) known already: the
    same draws from ``rng``, for a game that throws many times."""
    if len(faces) == len(NUMBER_FACES):
        # Dice with as many faces: one draw of them all is the same stream as a draw of the
        # colour dice, then one of the number dice (numpy draws each die on its own; tested
        # in tests/test_rules_dice.py), at half the cost.
        drawn = rng.integers(0, len(faces), size=colour_dice + number_dice).tolist()
        colours, numbers = drawn[:colour_dice], drawn[colour_dice:]
    else:
        colours = rng.integers(0, len(faces), size=colour_dice).tolist()
        numbers = (rng.integers(0, len(NUMBER_FACES), size=number_dice).tolist()
                   if number_dice else [])  # (Kids has no number dice)
    return Roll(tuple(faces[i] for i in colours), tuple(NUMBER_FACES[i] for i in numbers))


def parse_colour_face(sheet: Sheet, text: str) -> str:
    """A colour die face from its name (``green``), letter (``g``) or ``joker`` / ``X``
    (Kids: an animal, its colour, or ``purple``).

    :class:`~kok_layouts.errors.KokTypeError` for a value that is not text,
    :class:`~kok_layouts.errors.BadArgumentError` for a face the sheet's dice do not have.
    """
    if not isinstance(text, str):
        raise KokTypeError(f"a colour is a name like 'yellow', a key like 'y' or 'joker', "
                           f"not {type(text).__name__} {text!r}")
    word = text.strip().lower()
    from kok_layouts.rules.kinds import game_type_of

    extra = game_type_of(sheet).extra_colour_face
    if word in (face_name(sheet, extra), extra.lower()):
        return extra
    try:
        return sheet.colour(text).key
    except ValueError as err:
        raise BadArgumentError(str(err)) from None


def parse_number_face(text: str | int) -> int:
    """A number die face from ``1``..``5`` (number or text) or ``joker`` / ``?`` / ``0``
    (returned as 0). Only ASCII digits count: ``"²"`` is no number."""
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise KokTypeError(f"a number die face is 1..5 or 'joker', not {type(text).__name__} "
                           f"{text!r}")
    if isinstance(text, int):
        value = text
    elif text.strip().lower() in ("joker", "?"):
        return JOKER_NUMBER
    else:
        value = -1
        if not text.strip().startswith(("+", "-")):  # a face has no sign: "-0" is no joker
            with contextlib.suppress(KokError):
                value = limits.parse_whole(text, "a number die face")
        if value < 0:
            raise BadArgumentError(f"{text!r} is not a number die face; use 1..5 or joker")
    if value == JOKER_NUMBER:
        return JOKER_NUMBER
    if value not in NUMBERS:
        raise BadArgumentError(f"{value} is not a number die face; use 1..5 or joker")
    return value


def check_roll(sheet: Sheet, roll: Roll, colour_dice: int, number_dice: int,
               special_faces: Sequence[str] = ()) -> None:
    """:class:`BadArgumentError` unless every face exists and the dice count is right."""
    faces = set(colour_faces(sheet))
    if special_faces and roll.special not in special_faces:
        raise BadArgumentError(f"the special die shows one of "
                               f"{', '.join(sorted(set(special_faces)))}, not {roll.special!r}")
    if not special_faces and roll.special is not None:
        raise BadArgumentError("this game has no special die")
    if len(roll.colours) != colour_dice or len(roll.numbers) != number_dice:
        raise BadArgumentError(f"a roll has {colour_dice} colour and {number_dice} number dice, "
                         f"not {len(roll.colours)} and {len(roll.numbers)}")
    for face in roll.colours:
        if face not in faces:
            raise BadArgumentError(f"{face!r} is not a colour die face of {sheet.name}")
    for number in roll.numbers:
        if number not in NUMBER_FACES:
            raise BadArgumentError(f"{number!r} is not a number die face")


def expand_faces(colour: str, number: int, colour_keys: Sequence[str],
                 ) -> list[tuple[str, int, int]]:
    """The concrete (colour key, number, jokers spent) a pair of faces can stand for."""
    keys = colour_keys if type(colour_keys) is tuple else tuple(colour_keys)
    try:
        return list(expansions(colour, number, keys))
    except TypeError:  # a face that is no face (unhashable): worked out, not remembered
        return list(expansions.__wrapped__(colour, number, keys))


@functools.lru_cache(maxsize=4096)
def expansions(colour: str, number: int, colour_keys: tuple[str, ...],
               ) -> tuple[tuple[str, int, int], ...]:
    """:func:`expand_faces` for faces of a thrown roll (hashable) and the board's tuple of
    colour keys, remembered: the fast path of a game's move list."""
    colours = list(colour_keys) if colour == JOKER_COLOUR else [colour]
    numbers = list(NUMBERS) if number == JOKER_NUMBER else [number]
    cost = (colour == JOKER_COLOUR) + (number == JOKER_NUMBER)
    return tuple((c, n, cost) for c in colours for n in numbers)
