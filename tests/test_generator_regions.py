"""The region generator's shortcuts leave the random generator where the long way does, so
the same seed still gives the same boards."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts.generator.kids import (
    ENCLOSURE_SIZES,
    SIZE_WEIGHTS,
    animals_like_printed,
    enclosures_like_printed,
    like_printed,
)
from kok_layouts.generator.regions import colour_regions, partition, skip_colouring
from kok_layouts.model.grid import Geometry


def regions_of(seed: int, width: int, height: int) -> list[list[int]]:
    geometry = Geometry(width, height)
    rng = np.random.default_rng(seed)
    return partition(set(range(geometry.size)), geometry, ENCLOSURE_SIZES, SIZE_WEIGHTS, rng)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), width=st.integers(5, 15), height=st.integers(5, 9),
       colours=st.integers(2, 6))
def test_skipping_the_colouring_draws_what_colouring_draws(
        seed: int, width: int, height: int, colours: int) -> None:
    regions = regions_of(seed, width, height)
    geometry = Geometry(width, height)
    coloured, skipped = np.random.default_rng(seed + 1), np.random.default_rng(seed + 1)
    colour_regions(regions, geometry, colours, coloured, by_regions=True)
    skip_colouring(regions, colours, skipped)
    assert coloured.random(4).tolist() == skipped.random(4).tolist()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), animals=st.integers(2, 6))
def test_a_kids_layout_is_like_the_printed_one_when_its_enclosures_and_animals_are(
        seed: int, animals: int) -> None:
    regions = regions_of(seed, 13, 5)
    colour = colour_regions(regions, Geometry(13, 5), animals, np.random.default_rng(seed),
                            by_regions=True)
    per_animal = [sum(len(r) for r, c in zip(regions, colour, strict=True) if c == a)
                  for a in range(animals)]
    assert like_printed(regions, per_animal) == (
        enclosures_like_printed(regions) and animals_like_printed(regions, per_animal))


def test_the_built_in_shape_counts_are_what_the_printed_sheet_has() -> None:
    # 30 enclosures on 65 cells, 6 of them one cell: like the printed sheet
    regions = [[0]] * 6 + [[0, 1]] * 17 + [[0, 1, 2]] * 3 + [[0, 1, 2, 3]] * 4
    assert enclosures_like_printed(regions)
    assert not enclosures_like_printed([[0]] * 10 + [[0, 1]] * 20)  # too many ones
    assert not enclosures_like_printed([[0, 1, 2, 3]] * 16)         # too few enclosures
