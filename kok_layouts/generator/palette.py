"""The colours and animals a generated board may use, in the order they are taken."""

from __future__ import annotations

from kok_layouts.model.sheet import Colour

CLASSIC_COLOURS: tuple[Colour, ...] = (
    Colour("g", "green", "#4fa447"),
    Colour("y", "yellow", "#f4cf1d"),
    Colour("b", "blue", "#3b83c6"),
    Colour("r", "red", "#e24a6a"),
    Colour("o", "orange", "#f18a2a"),
    Colour("p", "purple", "#8e5bb5"),
    Colour("t", "turquoise", "#2bb3a8"),
    Colour("n", "brown", "#8b5a2b"),
)
"""Letter, name and print colour; the first five are those of the printed pads."""

KIDS_ANIMALS: tuple[Colour, ...] = (
    Colour("p", "penguin", "#3d7cc9", "blue"),
    Colour("l", "lion", "#f2c318", "yellow"),
    Colour("c", "crocodile", "#45a046", "green"),
    Colour("e", "elephant", "#9a9a9a", "grey"),
    Colour("f", "flamingo", "#ef6fa6", "pink"),
    Colour("m", "monkey", "#8b5a2b", "brown"),
    Colour("z", "zebra", "#333333", "black"),
    Colour("s", "seal", "#2bb3a8", "turquoise"),
)
"""Letter, animal, print colour and die colour; the first five are the Kids sheet's."""

VISITORS: tuple[str, ...] = (
    "de fotograaf", "de ijsverkoper", "de juf met de klas", "de dierenarts", "opa en oma",
    "de man met de kruiwagen", "de dierenverzorger", "de ballonnenman", "de tekenaar",
    "de tweeling", "de postbode", "de schoolreis", "de burgemeester",
)
"""The Kids sheet's visitors, used in turn for the columns of a generated board."""
