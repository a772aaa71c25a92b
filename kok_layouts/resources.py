"""Where the built-in layouts and the JSON Schemas are.

They live at the top of the repository (``layouts/``, ``schemas/``), where designers find
them. An installed wheel carries copies inside the package under ``_data/``; an editable
install or a source checkout reads the top-level folders directly.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

_PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``layouts`` or ``schemas``, inside the package if installed there."""
    packaged = resources.files("kok_layouts") / "_data" / name
    if packaged.is_dir():
        return Path(str(packaged))
    return _PACKAGE_DIR.parent / name


def layouts_dir() -> Path:
    return data_dir("layouts")


@cache
def schema_file(name: str) -> dict[str, Any]:
    """The JSON document ``schemas/NAME`` (a layout's schema is its edition's:
    :meth:`kok_layouts.model.kinds.SheetKind.schema`)."""
    path = data_dir("schemas") / name
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded
