"""kok_layouts: score sheets, custom boards and rules for the Keer op Keer dice games.

>>> import kok_layouts
>>> sheet = kok_layouts.load_layout("black")
>>> sheet.width, sheet.height, len(sheet.stars)
(15, 7, 15)
"""

from kok_layouts.errors import (
    KokError,
    LayoutError,
    Location,
    OutputError,
    Problem,
    UnknownLayoutError,
)
from kok_layouts.generator import GeneratedBoard, generate
from kok_layouts.model.checks import check_sheet
from kok_layouts.model.grid import Cell, Geometry
from kok_layouts.model.loader import LayoutInfo, list_layouts, load_file, load_layout, parse_layout
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
    "Cell",
    "ClassicSheet",
    "Colour",
    "GeneratedBoard",
    "Geometry",
    "KidsSheet",
    "Kok2Sheet",
    "KokError",
    "LayoutError",
    "LayoutInfo",
    "Location",
    "OutputError",
    "Points",
    "Problem",
    "RowRule",
    "Sheet",
    "UnknownLayoutError",
    "check_sheet",
    "generate",
    "list_layouts",
    "load_file",
    "load_layout",
    "parse_layout",
]
