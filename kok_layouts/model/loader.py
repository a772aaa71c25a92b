"""Loading sheets: from a YAML file or text, or by the name of a built-in layout."""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import yaml

from kok_layouts.errors import (
    KokTypeError,
    LayoutError,
    Problem,
    UnknownLayoutError,
    UnreadableFileError,
    WrongSheetError,
    shown,
)
from kok_layouts.input_file import read_input
from kok_layouts.model.build import build_sheet, structure_problems
from kok_layouts.model.schema_check import schema_problems
from kok_layouts.model.sheet import ClassicSheet, EditionName, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.model.source import MAX_FILE_BYTES, SourceMap, parse_yaml
from kok_layouts.resources import layouts_dir

S = TypeVar("S", bound=Sheet)


def parse_layout(data: bytes | str, file: str = "<layout>") -> Sheet:
    """The sheet written in ``data`` (YAML text); ``file`` names it in error messages."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    value, source = parse_yaml(raw, file)
    problems = schema_problems(value, source)
    if problems:
        # Every problem at once: the structural ones too, where the schema said nothing.
        named = {p.location for p in problems}
        problems += [p for p in structure_problems(value, source) if p.location not in named]
        raise LayoutError("schema", problems)
    return build_sheet(value, source)


def load_file(path: str | Path) -> Sheet:
    """The sheet in the YAML file at ``path``."""
    name = shown(str(path))
    try:
        data = read_input(path, MAX_FILE_BYTES)
    except UnreadableFileError as err:
        raise LayoutError("read", [Problem("read", f"cannot read: {err.reason}",
                                           SourceMap(name).at(1, 1))]) from None
    return parse_layout(data, name)


@dataclass(frozen=True)
class LayoutInfo:
    """A built-in layout as ``kok list`` shows it."""

    name: str
    edition: EditionName
    width: int
    height: int
    title: str
    aliases: tuple[str, ...]
    path: Path


@cache
def _builtin_index() -> dict[str, tuple[Path, tuple[str, ...]]]:
    """Every built-in layout's name, file and aliases, read from the files' top-level keys
    alone: finding ``black`` need not parse and check all nine sheets."""
    index: dict[str, tuple[Path, tuple[str, ...]]] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(layouts_dir().glob("*.yaml")):
        data = yaml.load(path.read_bytes(), Loader=loader)
        index[str(data["name"])] = (path, tuple(str(a) for a in data.get("aliases", ())))
    return index


@cache
def _builtin(name: str) -> Sheet:
    return load_file(_builtin_index()[name][0])


def _builtins() -> dict[str, Sheet]:
    return {name: _builtin(name) for name in _builtin_index()}


def builtin_names() -> list[str]:
    return list(_builtin_index())


def list_layouts() -> list[LayoutInfo]:
    """The built-in layouts: the seven classic pads, the Keer op Keer 2 sheet and Kids."""
    index = _builtin_index()
    infos = [LayoutInfo(s.name, s.edition, s.width, s.height, s.title, s.aliases,
                        index[s.name][0]) for s in _builtins().values()]
    return sorted(infos, key=_listing_order)


# The printed pads in the order of their levels, then the sequel and Kids.
_PRINTED_ORDER = ("black", "red", "blue", "orange", "yellow", "green", "purple", "grey", "kids")


def _listing_order(info: LayoutInfo) -> tuple[int, str]:
    if info.name in _PRINTED_ORDER:
        return _PRINTED_ORDER.index(info.name), ""
    return len(_PRINTED_ORDER), info.name


def _looks_like_path(text: str) -> bool:
    if text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text:
        return True
    try:  # anything that exists is read as a file, so a FIFO or a loop gets its own message
        return os.path.lexists(text)
    except (OSError, ValueError):  # a name too long for the system: not a layout name either
        return True


def load_layout(name_or_path: str | Path) -> Sheet:
    """A built-in layout by name or alias (``"black"``, ``"zwart"``), or a YAML file by path.

    Raises :class:`UnknownLayoutError` for a name that is neither, and
    :class:`LayoutError` for a file that is not a valid layout.
    """
    if isinstance(name_or_path, Path):
        return load_file(name_or_path)
    if not isinstance(name_or_path, str):
        raise KokTypeError(f"a layout is a name or a path, not {type(name_or_path).__name__}")
    text = name_or_path.strip()
    wanted = text.lower()
    index = _builtin_index()
    for name, (_, aliases) in index.items():
        if wanted == name or wanted in aliases:
            return _builtin(name)
    if _looks_like_path(text):
        return load_file(text)
    names = list(index)
    close = difflib.get_close_matches(wanted, names + [a for _, aliases in index.values()
                                                        for a in aliases], n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise UnknownLayoutError(f"unknown layout '{shown(text, 60)}': {hint}built-in layouts are "
                             f"{', '.join(names)}; or give the path of a .yaml file")


# -- typed loaders: the sheet kind known to the type checker -------------------------------
def _load_kind(name_or_path: str | Path, kind: type[S], wanted: str) -> S:
    if not isinstance(name_or_path, (str, Path)):
        raise KokTypeError(f"a layout is a name or a path, not {type(name_or_path).__name__}")
    sheet = load_layout(name_or_path)
    if not isinstance(sheet, kind):
        raise WrongSheetError(f"{sheet.name} is a {sheet.edition} sheet, not {wanted}")
    return sheet


def load_classic(name_or_path: str | Path) -> ClassicSheet:
    """:func:`load_layout` for a classic (or Keer op Keer 2) sheet; any other kind is
    refused with :class:`~kok_layouts.errors.WrongSheetError`."""
    return _load_kind(name_or_path, ClassicSheet, "a classic or Keer op Keer 2 sheet")


def load_kok2(name_or_path: str | Path) -> Kok2Sheet:
    """:func:`load_layout` for a Keer op Keer 2 sheet, refusing any other kind."""
    return _load_kind(name_or_path, Kok2Sheet, "a Keer op Keer 2 sheet")


def load_kids(name_or_path: str | Path) -> KidsSheet:
    """:func:`load_layout` for a Kids sheet, refusing any other kind."""
    return _load_kind(name_or_path, KidsSheet, "a Kids sheet")
