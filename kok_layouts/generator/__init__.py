"""Board generator: new boards for the three editions that pass the project's own checks.

Sits beside analysis: it uses the sheet model (to load and check what it makes) and the
analysis (to balance), never the CLI.
"""

from kok_layouts.generator.board import GENERATOR_VERSION, GeneratedBoard, generate
from kok_layouts.generator.request import Request, make_request

__all__ = ["GENERATOR_VERSION", "GeneratedBoard", "Request", "generate", "make_request"]
