"""The editions of the game family as values: ``EDITIONS["kok2"]``, ``edition_of(sheet)``.

>>> from kok_layouts.editions import EDITIONS
>>> list(EDITIONS)
['classic', 'kok2', 'kids']
>>> EDITIONS["kids"].players.high
4

Adding an edition: see the README, "Adding an edition" (:func:`register_edition`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kok_layouts.editions.classic import CLASSIC
from kok_layouts.editions.edition import Edition, Tracks, part_for
from kok_layouts.editions.kids import KIDS
from kok_layouts.editions.kok2 import KOK2
from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.kinds import find_sheet_kind

_EDITIONS: dict[str, Edition] = {}

EDITIONS: Mapping[str, Edition] = MappingProxyType(_EDITIONS)
"""Every edition by name, the built-in ones first in a fixed order: classic, kok2, kids."""

EDITION_NAMES: tuple[str, ...] = ("classic", "kok2", "kids")
"""The built-in editions."""


def register_edition(edition: Edition) -> Edition:
    """Add ``edition`` to :data:`EDITIONS`: a new name whose model parts
    (:func:`kok_layouts.model.kinds.register_sheet_kind`) are registered already, as its
    rules must be (:func:`kok_layouts.rules.kinds.register_game`) before it is played."""
    if not isinstance(edition, Edition):
        raise KokTypeError(f"an Edition is registered, not {type(edition).__name__}")
    name = edition.name
    if name in _EDITIONS:
        raise BadArgumentError(f"an edition {shown(name, 40)!r} is registered already")
    if find_sheet_kind(name) is None:
        raise BadArgumentError(f"register the sheet kind of {shown(name, 40)!r} before the "
                               "edition")
    _EDITIONS[name] = edition
    return edition


for _builtin in (CLASSIC, KOK2, KIDS):
    register_edition(_builtin)


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


__all__ = ["EDITIONS", "EDITION_NAMES", "Edition", "Tracks", "edition_of", "get_edition",
           "part_for", "register_edition"]
