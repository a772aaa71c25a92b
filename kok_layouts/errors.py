"""Typed errors a user can cause, and where in a file they happened.

Every error the command line can show is a :class:`KokError`; its ``str`` is a single line
(or, for a layout with several problems, one line per problem) that names the place and
says how to fix it. The CLI prints it and exits non-zero; it never shows a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, order=True)
class Location:
    """A place in a text file, 1-based like every editor shows it."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a layout: what (``code``, ``message``) and where."""

    code: str
    message: str
    location: Location | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.message}"

    def as_dict(self) -> dict[str, object]:
        loc = self.location
        return {
            "file": loc.file if loc else None,
            "line": loc.line if loc else None,
            "column": loc.column if loc else None,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
        }


class KokError(ValueError):
    """Base of every error a user of the library or the CLI can cause."""


LayoutErrorKind = Literal["read", "syntax", "schema", "structure"]


class LayoutError(KokError):
    """A layout file that cannot be turned into a sheet, with every problem found in it.

    ``kind`` says at which stage loading stopped: ``read`` (the file cannot be read),
    ``syntax`` (not YAML), ``schema`` (YAML that breaks the JSON Schema) or ``structure``
    (valid against the schema but inconsistent, such as a ragged grid).
    """

    def __init__(self, kind: LayoutErrorKind, problems: Sequence[Problem]) -> None:
        if not problems:
            raise BadArgumentError("a LayoutError needs at least one problem")
        self.kind: LayoutErrorKind = kind
        # Each problem once, in the order found: two checks that notice one fault say it once.
        self.problems: tuple[Problem, ...] = tuple(dict.fromkeys(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class UnknownLayoutError(KokError):
    """A layout name that is neither a built-in layout nor an existing file."""


class OutputError(KokError):
    """An output file that cannot be written."""


class IllegalMoveError(KokError):
    """A move the rules do not allow; the message names the rule it breaks.

    The state it was tried on is left unchanged.
    """


class RecordError(KokError):
    """A game record that cannot be read or replayed; names the roll and player."""


class UsageError(KokError):
    """A command-line value that makes no sense (a bad cell name, an unknown colour)."""


def shown_repr(value: object, limit: int = 120) -> str:
    """``repr(value)`` as :func:`shown` prints it; a whole number too long for Python to
    write (over 4,300 digits) as its number of digits."""
    try:
        text = repr(value)
    except ValueError:
        if not isinstance(value, int):
            raise
        return f"a whole number of about {int(abs(value).bit_length() * 0.30103):,} digits"
    return shown(text, limit)


def shown(text: str, limit: int = 120) -> str:
    """``text`` (a path or an argument) as one printable line: bytes that were not UTF-8
    as ``\\xff``, control characters escaped, and at most ``limit`` characters."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate that did not come from a byte
        raw = text.encode("utf-8", "backslashreplace")
    clean = raw.decode("utf-8", "backslashreplace")
    clean = "".join(c if c.isprintable() else repr(c)[1:-1] for c in clean)
    return clean if len(clean) <= limit else clean[: limit - 3] + "..."


class UnreadableFileError(KokError):
    """An input file that cannot be read: missing, a folder, a FIFO or device, unreadable."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{shown(path)}: cannot read: {reason}")


class KokTypeError(KokError, TypeError):
    """An argument of the wrong type for the Python API: ``None``, a number where a colour
    name is wanted, a move that is not a :class:`Move`. Also a ``TypeError``."""


class WrongSheetError(KokTypeError):
    """A sheet of another edition than the object needs (a Kids sheet for a classic
    player's sheet); the message names both editions."""


class BadArgumentError(KokError):
    """An argument value the Python API does not know: an unknown colour, a die face that
    does not exist, an empty or repeated player list, a seat that is not in the game."""


class GenerateError(KokError):
    """A board request the generator cannot meet (say 8 colours on a 5 x 3 official board)."""


class ClusterError(KokError):
    """A Dask scheduler that cannot be used: not reachable, not a Dask scheduler, or
    without workers; the message states the time waited."""
