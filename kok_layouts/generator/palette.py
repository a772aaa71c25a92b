"""The colours and animals a generated board may use, in the order they are taken."""

from __future__ import annotations

CLASSIC_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("g", "green", "#4fa447"),
    ("y", "yellow", "#f4cf1d"),
    ("b", "blue", "#3b83c6"),
    ("r", "red", "#e24a6a"),
    ("o", "orange", "#f18a2a"),
    ("p", "purple", "#8e5bb5"),
    ("t", "turquoise", "#2bb3a8"),
    ("n", "brown", "#8b5a2b"),
)
"""Letter, name and print colour; the first five are those of the printed pads."""

KIDS_ANIMALS: tuple[tuple[str, str, str, str], ...] = (
    ("p", "penguin", "blue", "#3d7cc9"),
    ("l", "lion", "yellow", "#f2c318"),
    ("c", "crocodile", "green", "#45a046"),
    ("e", "elephant", "grey", "#9a9a9a"),
    ("f", "flamingo", "pink", "#ef6fa6"),
    ("m", "monkey", "brown", "#8b5a2b"),
    ("z", "zebra", "black", "#333333"),
    ("s", "seal", "turquoise", "#2bb3a8"),
)
"""Letter, animal, die colour and print colour; the first five are the Kids sheet's."""

VISITORS: tuple[str, ...] = (
    "de fotograaf", "de ijsverkoper", "de juf met de klas", "de dierenarts", "opa en oma",
    "de man met de kruiwagen", "de dierenverzorger", "de ballonnenman", "de tekenaar",
    "de tweeling", "de postbode", "de schoolreis", "de burgemeester",
)
"""The Kids sheet's visitors, used in turn for the columns of a generated board."""
