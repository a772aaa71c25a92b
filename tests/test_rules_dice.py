"""The dice: every face equally likely, and a throw drawn from the seeded generator in a
fixed way, so that a seed gives the same game on every machine and in every version."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.rules.dice import NUMBER_FACES, colour_faces, throw, throw_faces


def _two_draws(faces: tuple[str, ...], rng: np.random.Generator, colour_dice: int,
               number_dice: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The throw as the rules define it: the colour dice, then the number dice."""
    colours = rng.integers(0, len(faces), size=colour_dice).tolist()
    numbers = rng.integers(0, len(NUMBER_FACES), size=number_dice).tolist()
    return tuple(faces[i] for i in colours), tuple(NUMBER_FACES[i] for i in numbers)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from([(3, 3), (2, 2), (3, 0)]),
       st.sampled_from(["black", "kids"]), st.integers(0, 5))
def test_a_throw_is_the_colour_dice_then_the_number_dice_from_the_generator(
        seed: int, dice: tuple[int, int], layout: str, extra: int) -> None:
    faces = colour_faces(load_layout(layout))
    fast, plain = np.random.default_rng(seed), np.random.default_rng(seed)
    for index in range(40):
        roll = throw_faces(faces, fast, *dice)
        assert (roll.colours, roll.numbers) == _two_draws(faces, plain, *dice)
        if index % 7 == extra:  # another draw in between (the special die) keeps in step
            assert fast.integers(6) == plain.integers(6)
    assert fast.integers(2**62) == plain.integers(2**62)


def test_six_faced_dice_and_other_dice_throw_alike() -> None:
    # Six colour faces (five colours and the joker) take the one-draw path, seven the other.
    black = colour_faces(load_layout("black"))
    assert len(black) == len(NUMBER_FACES)
    seven = (*black, "q")
    for faces in (black, seven):
        for number_dice in (3, 0):  # (Kids throws three colour dice and no number die)
            fast, plain = np.random.default_rng(5), np.random.default_rng(5)
            for _ in range(100):
                roll = throw_faces(faces, fast, 3, number_dice)
                assert (roll.colours, roll.numbers) == _two_draws(faces, plain, 3,
                                                                  number_dice)
            assert fast.integers(2**62) == plain.integers(2**62)


def test_every_face_comes_up_about_equally_often() -> None:
    sheet = load_layout("black")
    rng = np.random.default_rng(11)
    counts: dict[object, int] = {}
    for _ in range(6000):
        roll = throw(sheet, rng)
        for face in (*roll.colours, *roll.numbers):
            counts[face] = counts.get(face, 0) + 1
    assert set(counts) == set(colour_faces(sheet)) | set(NUMBER_FACES)
    # 18,000 throws of each die kind over 6 faces: 3,000 expected, sd about 50.
    assert all(2750 < n < 3250 for n in counts.values()), counts
