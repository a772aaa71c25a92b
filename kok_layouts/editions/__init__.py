"""The editions of the game family as values: ``EDITIONS["kok2"]``, ``edition_of(sheet)``.

>>> from kok_layouts.editions import EDITIONS
>>> list(EDITIONS)
['classic', 'kok2', 'kids']
>>> EDITIONS["kids"].players.high
4

Adding an edition: see the README, "Adding an edition".
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kok_layouts.editions.classic import CLASSIC
from kok_layouts.editions.edition import Edition, Tracks
from kok_layouts.editions.kids import KIDS
from kok_layouts.editions.kok2 import KOK2
from kok_layouts.errors import BadArgumentError, KokTypeError, shown

EDITIONS: Mapping[str, Edition] = MappingProxyType(
    {edition.name: edition for edition in (CLASSIC, KOK2, KIDS)})
"""Every edition by name, in a fixed order: classic, kok2, kids."""

EDITION_NAMES: tuple[str, ...] = tuple(EDITIONS)


def get_edition(name: object) -> Edition:
    """The edition called ``name``; :class:`BadArgumentError` naming the known ones."""
    if not isinstance(name, str):
        raise KokTypeError(f"an edition is named by text ({', '.join(EDITIONS)}), not "
                           f"{type(name).__name__}")
    edition = EDITIONS.get(name.strip().lower())
    if edition is None:
        raise BadArgumentError(f"no edition {shown(name, 40)!r}; the editions are "
                               f"{', '.join(EDITIONS)}")
    return edition


def edition_of(thing: object) -> Edition:
    """The edition of a sheet, a player's sheet, a game, a board, or an edition's name."""
    if isinstance(thing, Edition):
        return thing
    if isinstance(thing, str):
        return get_edition(thing)
    name = getattr(thing, "edition", None)
    if not isinstance(name, str):
        sheet = getattr(thing, "sheet", None)
        name = getattr(sheet, "edition", None)
    if not isinstance(name, str) or name not in EDITIONS:
        raise KokTypeError(f"{type(thing).__name__} is not a sheet, a game or a player's "
                           "sheet of a known edition")
    return EDITIONS[name]


__all__ = ["EDITIONS", "EDITION_NAMES", "Edition", "Tracks", "edition_of", "get_edition"]
