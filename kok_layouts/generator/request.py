"""What a user asks the generator for, and why some requests are impossible."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from kok_layouts.errors import GenerateError, KokTypeError, shown
from kok_layouts.model.checks import OFFICIAL_CLASSIC_SIZE, OFFICIAL_KIDS_SIZE, Profile
from kok_layouts.model.grid import MAX_COLUMNS
from kok_layouts.model.sheet import EditionName

EDITIONS: tuple[EditionName, ...] = ("classic", "kok2", "kids")
MIN_SIZE = (5, 3)
MAX_SIZE = (MAX_COLUMNS, 20)
MIN_COLOURS, MAX_COLOURS = 2, 8
OFFICIAL_COLOURS = 5


@dataclass(frozen=True)
class Request:
    """A board to make: edition, seed and the options of ``kok generate``."""

    edition: EditionName
    seed: int = 1
    width: int = 15
    height: int = 7
    colours: int = OFFICIAL_COLOURS
    holes: int = 0
    profile: Profile = "official"

    def options_text(self) -> str:
        """The options as the header comment and ``kok generate`` write them."""
        return (f"edition {self.edition}, size {self.width}x{self.height}, colours "
                f"{self.colours}, holes {self.holes}, profile {self.profile}")


def official_size(edition: str) -> tuple[int, int]:
    return OFFICIAL_KIDS_SIZE if edition == "kids" else OFFICIAL_CLASSIC_SIZE


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
            and all(isinstance(n, int) and not isinstance(n, bool) for n in size)):
        return int(size[0]), int(size[1])
    raise KokTypeError(f"a size is (width, height) or text like '9x5', not {size!r:.40}")


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KokTypeError(f"{what} is a whole number, not {value!r:.40}")
    return value


def make_request(edition: str, *, seed: int = 1,
                 size: tuple[int, int] | str | None = None,
                 colours: int | None = None, holes: int = 0,
                 profile: str = "official") -> Request:
    """A checked request; ``GenerateError`` with one sentence when it cannot be met.

    Without a size or colour count the official ones of the edition are used.
    """
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise GenerateError(f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
    if not isinstance(profile, str) or profile not in ("official", "basic"):
        raise GenerateError(f"unknown profile {profile!r}; choose official or basic")
    width, height = official_size(edition) if size is None else parse_size(size)
    count = OFFICIAL_COLOURS if colours is None else _whole(colours, "colours")
    seed, holes = _whole(seed, "seed"), _whole(holes, "holes")
    if not 0 <= seed < 2 ** 63:
        raise GenerateError(f"seed {seed} is out of range; use 0 to {2 ** 63 - 1}")
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise GenerateError(f"size {width}x{height} is out of range; boards are "
                            f"{MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    if not MIN_COLOURS <= count <= MAX_COLOURS:
        raise GenerateError(f"{count} colours is out of range; use {MIN_COLOURS} to "
                            f"{MAX_COLOURS}")
    if profile == "official":
        wanted = official_size(edition)
        if (width, height) != wanted or count != OFFICIAL_COLOURS or holes:
            raise GenerateError(
                f"the official {edition} profile needs a {wanted[0]}x{wanted[1]} board with "
                f"{OFFICIAL_COLOURS} colours and no holes, not {width}x{height} with {count} "
                f"colours and {holes} holes; use --profile basic for other boards")
    cells = width * height
    # Holes may take at most a third of the board, so that it stays a board.
    most = cells // 3
    if not 0 <= holes <= most:
        raise GenerateError(f"{holes} holes on a {width}x{height} board is too many; "
                            f"use 0 to {most}")
    if cells - holes < 2 * count:
        raise GenerateError(f"{count} colours need at least {2 * count} board cells; "
                            f"a {width}x{height} board with {holes} holes has {cells - holes}")
    return Request(edition, seed, width, height, count, holes,
                   cast(Profile, profile))
