"""kok_layouts: score sheets, custom boards and rules for the Keer op Keer dice games.

>>> import kok_layouts
>>> sheet = kok_layouts.load_layout("black")
>>> sheet.width, sheet.height, len(sheet.stars)
(15, 7, 15)
"""

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
from kok_layouts.model.checks import check_sheet
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

__version__ = "0.1.0"

__all__ = [
    "Area",
    "BadArgumentError",
    "Cell",
    "ClassicSheet",
    "Colour",
    "GeneratedBoard",
    "Geometry",
    "IllegalMoveError",
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
    "generate",
    "list_layouts",
    "load_classic",
    "load_file",
    "load_kids",
    "load_kok2",
    "load_layout",
    "parse_layout",
]
