"""Board generator: new boards for the three editions that pass the project's own checks.

Sits beside analysis: it uses the sheet model (a board is built as a :class:`Draft` and
turned into a sheet, which the one writer of the format writes) and the analysis (to
balance), never the CLI. Each edition has its generator (``GENERATORS["kok2"]``,
:mod:`kok_layouts.generator.maker`).
"""

from kok_layouts.generator.board import GENERATOR_VERSION, GeneratedBoard, generate
from kok_layouts.generator.draft import Draft
from kok_layouts.generator.request import Request, make_request

__all__ = ["GENERATOR_VERSION", "Draft", "GeneratedBoard", "Request", "generate",
           "make_request"]
