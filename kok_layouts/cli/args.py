"""Parsing command-line values the same way in every command.

``int()`` and ``float()`` take more than a person means: ``int("٣")`` is 3 and
``"²".isdigit()`` is true but ``int("²")`` fails. Here a number is plain ASCII digits, a
seed is never negative, and a count has bounds, so every bad value ends in one line from
argparse (``kok render: error: argument --pages: ...``) and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from kok_layouts import limits
from kok_layouts.errors import KokError, UsageError, shown
from kok_layouts.model.loader import list_layouts
from kok_layouts.output import check_destination, refuse_folder_name

_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")
DECIMAL_LENGTH = 40
"""The most characters a decimal argument may have: more is no setting a person means."""


def _quoted(text: str) -> str:
    return f"'{shown(text, 40)}'"


def parse_integer(text: str) -> int:
    """A whole number written in ASCII digits (``-3``, ``12``), at most 20 digits
    (:func:`kok_layouts.limits.parse_whole`); :class:`BadArgumentError` otherwise."""
    return limits.parse_whole(text)


def integer(text: str) -> int:
    """argparse type: a whole number in ASCII digits; the command checks its range."""
    try:
        return limits.parse_whole(text)
    except KokError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def within(bounds: limits.Bounds) -> Callable[[str], int]:
    """argparse type: a whole number within ``bounds`` (one of :mod:`kok_layouts.limits`)."""

    def parse(text: str) -> int:
        value = integer(text)
        if value not in bounds:
            raise argparse.ArgumentTypeError(f"{_quoted(text)}: use {bounds}")
        return value

    parse.__name__ = "count"
    return parse


def count(low: int, high: int) -> Callable[[str], int]:
    """argparse type: a whole number from ``low`` to ``high``."""
    return within(limits.Bounds(low, high, "the value"))


seed = within(limits.SEED)
"""argparse type: a seed, 0 to 2**64 - 1 (numpy refuses negative seeds)."""
seed.__name__ = "seed"


def decimal(text: str) -> float:
    """argparse type: a plain decimal number such as ``150`` or ``72.5`` (no ``nan``,
    ``inf``, exponents or non-ASCII digits); the command checks its range."""
    plain = text.strip()
    if not _DECIMAL.fullmatch(plain):
        raise argparse.ArgumentTypeError(f"{_quoted(text)} is not a number like 150 or 72.5")
    if len(plain) > DECIMAL_LENGTH:
        raise argparse.ArgumentTypeError(f"{_quoted(text)} has {len(plain):,} characters; "
                                         f"a number here has at most {DECIMAL_LENGTH}")
    return float(plain)


def written(number: float) -> str:
    """``number`` as a range message quotes it: ``150``, ``72.5``, ``86400.0000001`` (never
    rounded to look like a number within the range, as ``:g`` would write it)."""
    text = repr(float(number))
    return text.removesuffix(".0")


def file_path(text: str) -> Path:
    """argparse type: the name of a file (``-o ''`` is no name, not the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name")
    return Path(text)


def output_file(text: str) -> Path:
    """argparse type of every option that names a file to write (``-o``, ``--report``,
    ``--render``, ``--save``): a name, and not one that ends as a folder's (``NEWDIR/``,
    which ``Path`` would turn into a file named NEWDIR)."""
    path = file_path(text)
    try:
        refuse_folder_name(text)
    except KokError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return path


def output_file_or_folder(text: str) -> str:
    """argparse type of ``kok generate -o FILE|DIR``: the text as given, so that the command
    still sees a trailing slash (a folder is meant; :func:`kok_layouts.output.names_a_folder`
    tells)."""
    file_path(text)
    return text


def same_file(one: Path, other: Path) -> bool:
    """Whether two output names land in one file (symlinks followed)."""
    return os.path.realpath(one) == os.path.realpath(other)


def output_path(path: Path | None, option: str = "-o",
                inputs: Iterable[str | Path | None] = ()) -> None:
    """Check before any long work that ``path`` can be written (see kok_layouts.output)
    and is none of the command's ``inputs``: ``-o board.yaml`` must not turn the layout
    being printed into a PDF."""
    if path is None:
        return
    if not str(path).strip():
        raise UsageError(f"{option}: give a file name")
    check_destination(path)
    builtin = {name for info in list_layouts() for name in (info.name, *info.aliases)}
    for given in inputs:
        if given is None or str(given).strip().lower() in builtin:
            continue  # a built-in layout is read from the package, not from this name
        try:
            same = Path(path).samefile(given)
        except (OSError, ValueError):  # one of them does not exist (or cannot)
            continue
        if same:
            raise UsageError(f"{option} {shown(str(path))}: that is an input of this command; "
                             "write the output to another file")
