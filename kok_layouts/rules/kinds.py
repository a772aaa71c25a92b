"""The rules of each edition, found by the edition's name: ``game_type_of("kok2")``.

An edition's rules are a small family of classes (its :class:`~kok_layouts.rules.game.Game`
subclass, whose class attributes say what the edition is, and its player's sheet), as
python-chess's variants are board classes found by name. The editions layer above
(:mod:`kok_layouts.editions`) adds what the other layers need; the rules find an edition's
classes here, by the name its sheet type carries. The three built-in editions are
registered below; another registers its game type from above with :func:`register_game`.

An edition that derives its game type from another's is a variant of it: the layers above
look their own per-edition parts up along :func:`lineage` (a classic variant prints, plays
at the terminal and generates boards as the classic game does, unless it says otherwise).
"""

from __future__ import annotations

from typing import TypeVar

from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.game import Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.kok2 import Kok2Game

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}
_LINEAGES: dict[type[Game], tuple[str, ...]] = {}


def register_game(game_type: G) -> G:
    """Make games of ``game_type.edition`` playable (usable as a class decorator); the
    name must be new and the game's sheet type must be of that edition."""
    if not (isinstance(game_type, type) and issubclass(game_type, Game)):
        raise KokTypeError(f"a Game subclass is registered, not {shown(repr(game_type), 60)}")
    name = game_type.edition
    if name in _GAMES:
        raise BadArgumentError(f"an edition {shown(name, 40)!r} is registered already")
    if game_type.sheet_kind.edition != name:
        raise BadArgumentError(f"{game_type.__name__} plays {game_type.sheet_kind.__name__}, a "
                               f"sheet of {game_type.sheet_kind.edition!r}, not of {name!r}")
    _GAMES[name] = game_type
    _LINEAGES.clear()
    return game_type


def game_types() -> tuple[str, ...]:
    """The names of every edition whose rules are registered, built-in ones first."""
    return tuple(_GAMES)


def game_type_of(thing: str | Sheet) -> type[Game]:
    """The game type of a sheet's edition, or of an edition's name."""
    if not isinstance(thing, str | Sheet):
        raise KokTypeError(f"a game is of a sheet's edition, not of {type(thing).__name__}")
    name = thing.edition if isinstance(thing, Sheet) else thing
    game_type = _GAMES.get(name)
    if game_type is None:
        raise BadArgumentError(f"no edition {shown(str(name), 40)!r}; the editions are "
                               f"{', '.join(_GAMES)}")
    return game_type


def lineage(thing: str | Sheet) -> tuple[str, ...]:
    """The edition and those it derives from, nearest first: ``("kok2", "classic")``."""
    found = game_type_of(thing)
    names = _LINEAGES.get(found)
    if names is None:
        names = _LINEAGES[found] = tuple(dict.fromkeys(
            cls.edition for cls in found.__mro__
            if isinstance(cls, type) and issubclass(cls, Game) and _GAMES.get(cls.edition) is cls))
    return names


for _builtin in (Game, Kok2Game, KidsGame):
    register_game(_builtin)
