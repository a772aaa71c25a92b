"""What the sheet model needs of each edition, by the edition's name: ``sheet_kind("kok2")``.

The model sits below the rules and the editions, so it cannot ask an edition
(:mod:`kok_layouts.editions`) how to build, check or write a sheet; each edition's model
parts are a :class:`SheetKind` here instead, found by the name a layout's ``edition:`` key
gives. The three built-in editions are registered below; another edition registers its
kind from above with :func:`register_sheet_kind` (often a copy of a built-in one with
:func:`dataclasses.replace`), before its first layout is read.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.limits import Bounds
from kok_layouts.model import build, checks, writer
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.resources import schema_file

Fields = Callable[[dict[str, Any], dict[str, Any], Any], dict[str, Any]]
"""``fields(data, common, out)``: the sheet type's fields from a layout mapping that passed
the schema, beyond the ``common`` ones; problems go to ``out`` (:mod:`.build`)."""


@dataclass(frozen=True)
class SheetKind:
    """The model's parts of one edition: how a layout becomes a sheet and back."""

    name: str
    """The edition's name, as a layout's ``edition:`` key and the sheet type give it."""
    sheet_type: type[Sheet]
    palette_key: str
    """The layout key that declares the grid's colours (``colours``, Kids' ``animals``)."""
    column_field: str
    """The layout key of the column rewards (``column_points``, Kids' ``buckets``)."""
    column_bounds: Bounds
    """What one printed column reward may be."""
    fields: Fields
    checks: Callable[[Any, checks.Report, checks.Profile], None]
    """What this edition checks beyond every sheet's basic checks, and under the
    ``official`` profile the printed pads' invariants (:func:`.checks.validate_sheet`)."""
    values: Callable[[Any], dict[str, Any]]
    """The layout keys of a sheet after its name and title, as YAML reads them
    (:func:`.writer.layout_mapping`)."""
    column_rewards: Callable[[Any], tuple[list[int], list[int]]]
    """The printed reward of every column, first and later (later empty where a column
    has one reward)."""
    schema_file: str
    """The file under ``schemas/`` whose schema a layout of this edition satisfies, with
    its ``edition`` set to :attr:`name` (a variant may read its base edition's)."""

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of this edition's layouts: its file's, naming this edition."""
        document = copy.deepcopy(schema_file(self.schema_file))
        edition = document.get("properties", {}).get("edition")
        if isinstance(edition, dict) and "const" in edition:
            edition["const"] = self.name
        return document


_KINDS: dict[str, SheetKind] = {}


def register_sheet_kind(kind: SheetKind) -> SheetKind:
    """Make layouts of ``kind.name`` readable; the name must be new and the sheet type's
    ``edition`` must be that name."""
    if not isinstance(kind, SheetKind):
        raise KokTypeError(f"a SheetKind is registered, not {type(kind).__name__}")
    if kind.name in _KINDS:
        raise BadArgumentError(f"an edition {shown(kind.name, 40)!r} is registered already")
    if kind.sheet_type.edition != kind.name:
        raise BadArgumentError(f"the sheet type {kind.sheet_type.__name__} is of the edition "
                               f"{kind.sheet_type.edition!r}, not {kind.name!r}")
    _KINDS[kind.name] = kind
    return kind


def sheet_kinds() -> tuple[str, ...]:
    """The names of every edition the model reads, built-in ones first."""
    return tuple(_KINDS)


def find_sheet_kind(name: object) -> SheetKind | None:
    """The kind called ``name``, or ``None``."""
    return _KINDS.get(name) if isinstance(name, str) else None


def sheet_kind(thing: str | Sheet) -> SheetKind:
    """The kind of a sheet, or of an edition's name."""
    if not isinstance(thing, str | Sheet):
        raise KokTypeError(f"an edition is named by text or a sheet, not {type(thing).__name__}")
    name = thing.edition if isinstance(thing, Sheet) else thing
    kind = find_sheet_kind(name)
    if kind is None:
        raise BadArgumentError(f"no edition {shown(str(name), 40)!r}; the editions are "
                               f"{', '.join(_KINDS)}")
    return kind


def _classic_rewards(sheet: ClassicSheet) -> tuple[list[int], list[int]]:
    return [p.first for p in sheet.column_points], [p.later for p in sheet.column_points]


def _kids_rewards(sheet: KidsSheet) -> tuple[list[int], list[int]]:
    return list(sheet.buckets), []


def _kok2_fields(data: dict[str, Any], common: dict[str, Any], out: Any) -> dict[str, Any]:
    return build.kok2_fields(data, build.classic_fields(data, common, out), out)


CLASSIC_KIND = register_sheet_kind(SheetKind(
    "classic", ClassicSheet, "colours", "column_points", limits.POINTS, build.classic_fields,
    checks.classic_checks, writer.classic_values, _classic_rewards, "classic.schema.json"))
KOK2_KIND = register_sheet_kind(SheetKind(
    "kok2", Kok2Sheet, "colours", "column_points", limits.POINTS, _kok2_fields,
    checks.kok2_checks, writer.kok2_values, _classic_rewards, "kok2.schema.json"))
KIDS_KIND = register_sheet_kind(SheetKind(
    "kids", KidsSheet, "animals", "buckets", limits.BUCKETS, build.kids_fields,
    checks.kids_checks, writer.kids_values, _kids_rewards, "kids.schema.json"))
