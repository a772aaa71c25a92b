"""kok_layouts: score sheets, custom boards and rules for the Keer op Keer dice games.

>>> import kok_layouts
>>> sheet = kok_layouts.load_layout("black")
>>> sheet.width, sheet.height, len(sheet.stars)
(15, 7, 15)

The names below are imported when first used (PEP 562), so that ``import kok_layouts``
and ``kok --version`` cost next to nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kok_layouts.analysis.improve import Improved, improve
    from kok_layouts.editions import EDITIONS, Edition, edition_of
    from kok_layouts.errors import (
        BadArgumentError,
        IllegalMoveError,
        KokError,
        KokTypeError,
        LayoutError,
        Location,
        OutputError,
        Problem,
        UnknownLayoutError,
        WrongSheetError,
    )
    from kok_layouts.generator import GeneratedBoard, generate
    from kok_layouts.model.checks import check_sheet, validate_sheet
    from kok_layouts.model.grid import Cell, Geometry
    from kok_layouts.model.loader import (
        LayoutInfo,
        list_layouts,
        load_classic,
        load_file,
        load_kids,
        load_kok2,
        load_layout,
        parse_layout,
    )
    from kok_layouts.model.sheet import (
        Area,
        ClassicSheet,
        Colour,
        KidsSheet,
        Kok2Sheet,
        Points,
        RowRule,
        Sheet,
    )
    from kok_layouts.model.writer import dump_layout

__version__ = "0.1.0"

_HOMES = {
    "kok_layouts.analysis.improve": ("Improved", "improve"),
    "kok_layouts.editions": ("EDITIONS", "Edition", "edition_of"),
    "kok_layouts.errors": ("BadArgumentError", "IllegalMoveError", "KokError", "KokTypeError",
                           "LayoutError", "Location", "OutputError", "Problem",
                           "UnknownLayoutError", "WrongSheetError"),
    "kok_layouts.generator": ("GeneratedBoard", "generate"),
    "kok_layouts.model.checks": ("check_sheet", "validate_sheet"),
    "kok_layouts.model.grid": ("Cell", "Geometry"),
    "kok_layouts.model.loader": ("LayoutInfo", "list_layouts", "load_classic", "load_file",
                                 "load_kids", "load_kok2", "load_layout", "parse_layout"),
    "kok_layouts.model.sheet": ("Area", "ClassicSheet", "Colour", "KidsSheet", "Kok2Sheet",
                                "Points", "RowRule", "Sheet"),
    "kok_layouts.model.writer": ("dump_layout",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "EDITIONS",
    "Area",
    "BadArgumentError",
    "Cell",
    "ClassicSheet",
    "Colour",
    "Edition",
    "GeneratedBoard",
    "Geometry",
    "IllegalMoveError",
    "Improved",
    "KidsSheet",
    "Kok2Sheet",
    "KokError",
    "KokTypeError",
    "LayoutError",
    "LayoutInfo",
    "Location",
    "OutputError",
    "Points",
    "Problem",
    "RowRule",
    "Sheet",
    "UnknownLayoutError",
    "WrongSheetError",
    "check_sheet",
    "dump_layout",
    "edition_of",
    "generate",
    "improve",
    "list_layouts",
    "load_classic",
    "load_file",
    "load_kids",
    "load_kok2",
    "load_layout",
    "parse_layout",
    "validate_sheet",
]


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'kok_layouts' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME_OF])
