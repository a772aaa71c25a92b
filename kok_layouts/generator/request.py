"""What a user asks the generator for, and why some requests are impossible."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kok_layouts import limits
from kok_layouts.editions import EDITION_NAMES, EDITIONS, Edition, part_for
from kok_layouts.errors import GenerateError, KokTypeError, shown, shown_repr
from kok_layouts.limits import Bounds
from kok_layouts.model.checks import PROFILES, Profile
from kok_layouts.model.sheet import EditionName

if TYPE_CHECKING:
    from kok_layouts.generator.maker import BoardGenerator

__all__ = ["EDITIONS", "EDITION_NAMES", "Request", "make_request", "parse_size"]
# ``EDITIONS`` (name -> edition) is :data:`kok_layouts.editions.EDITIONS`, named here for
# the command line's choices.


@dataclass(frozen=True)
class Request:
    """A board to make: edition, seed and the options of ``kok generate``."""

    edition: EditionName
    seed: int = 1
    width: int = 15
    height: int = 7
    colours: int = 5
    holes: int = 0
    profile: Profile = "official"

    def options_text(self) -> str:
        """The options as the header comment and ``kok generate`` write them."""
        return (f"edition {self.edition}, size {self.width}x{self.height}, colours "
                f"{self.colours}, holes {self.holes}, profile {self.profile}")

    @property
    def generator(self) -> BoardGenerator:
        """The edition's generator, which makes the board."""
        from kok_layouts.generator.maker import GENERATORS

        return part_for(GENERATORS, EDITIONS[self.edition], "board generator")

    @property
    def name(self) -> str:
        """The generated layout's name: ``generated-classic-7``."""
        return f"generated-{self.edition}-{self.seed}"

    @property
    def title(self) -> str:
        return f"Generated {self.edition} board {self.seed}"

    @property
    def description(self) -> str:
        return (f"A {self.width} x {self.height} board made by kok generate from seed "
                f"{self.seed} (profile {self.profile}).")


def parse_size(size: object) -> tuple[int, int]:
    """A board size given as ``(width, height)`` or as text ``"WIDTHxHEIGHT"`` (``"9x5"``);
    :class:`GenerateError` (or :class:`KokTypeError` for a wrong type) otherwise."""
    if isinstance(size, str):
        match = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX]\s*([0-9]{1,3})\s*", size)
        if not match:
            raise GenerateError(f"size {shown(size, 40)!r}: write it as WIDTHxHEIGHT, "
                                "such as 9x5")
        return int(match[1]), int(match[2])
    if (isinstance(size, tuple | list) and len(size) == 2
            and all(type(n) is int for n in size)):
        return int(size[0]), int(size[1])
    raise KokTypeError(f"a size is (width, height) or text like '9x5', not "
                       f"{shown_repr(size, 40)}")


def _whole(value: object, what: str) -> int:
    if type(value) is not int:
        raise KokTypeError(f"{what} is a whole number, not {shown_repr(value, 40)}")
    return value


def _within(bounds: Bounds, value: object, what: str) -> int:
    number = _whole(value, what)
    if number not in bounds:
        raise GenerateError(f"{what} {number} is out of range; use {bounds}")
    return number


def _edition(name: object) -> Edition:
    if not isinstance(name, str):
        raise KokTypeError(f"an edition is named by text ({', '.join(EDITIONS)}), not "
                           f"{type(name).__name__}")
    if name not in EDITIONS:
        raise GenerateError(f"unknown edition {shown(name, 40)!r}; choose one of "
                            f"{', '.join(EDITIONS)}")
    return EDITIONS[name]


def make_request(edition: str, *, seed: int = 1,
                 size: tuple[int, int] | str | None = None,
                 colours: int | None = None, holes: int = 0,
                 profile: str = "official") -> Request:
    """A checked request; ``GenerateError`` with one sentence when it cannot be met
    (:class:`KokTypeError` for an argument of the wrong type).

    Without a size or colour count the official ones of the edition are used.
    """
    chosen = _edition(edition)
    if not isinstance(profile, str):
        raise KokTypeError(f"a profile is named by text ({', '.join(PROFILES)}), not "
                           f"{type(profile).__name__}")
    if profile not in PROFILES:
        raise GenerateError(f"unknown profile {shown(profile, 40)!r}; choose "
                            f"{' or '.join(PROFILES)}")
    width, height = chosen.official_size if size is None else parse_size(size)
    count = chosen.official_colours if colours is None else _whole(colours, "colours")
    seed = _within(limits.SEED, seed, "seed")
    holes = _whole(holes, "holes")
    if width not in limits.WIDTH or height not in limits.HEIGHT:
        raise GenerateError(
            f"size {width}x{height} is out of range; boards are {limits.WIDTH.low}x"
            f"{limits.HEIGHT.low} to {limits.WIDTH.high}x{limits.HEIGHT.high}")
    if count not in limits.COLOURS:
        raise GenerateError(f"{count} colours is out of range; use {limits.COLOURS}")
    if profile == "official":
        wanted = chosen.official_size
        if (width, height) != wanted or count != chosen.official_colours or holes:
            raise GenerateError(
                f"the official {chosen.name} profile needs a {wanted[0]}x{wanted[1]} board "
                f"with {chosen.official_colours} colours and no holes, not {width}x{height} "
                f"with {count} colours and {holes} holes; the basic profile makes other "
                "boards")
    cells = width * height
    # Holes may take at most a third of the board, so that it stays a board.
    most = cells // 3
    if not 0 <= holes <= most:
        raise GenerateError(f"{holes} holes on a {width}x{height} board is too many; "
                            f"use 0 to {most}")
    if cells - holes < 2 * count:
        raise GenerateError(f"{count} colours need at least {2 * count} board cells; "
                            f"a {width}x{height} board with {holes} holes has {cells - holes}")
    return Request(chosen.name, seed, width, height, count, holes,
                   profile)

