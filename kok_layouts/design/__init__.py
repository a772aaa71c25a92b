"""``kok design``: a board designer in the browser, served on loopback by the standard
library's HTTP server. A shell like the CLI: it calls the library for every check,
preview and file it writes; its page (plain HTML, JavaScript and CSS) ships in ``static/``."""

from kok_layouts.design.document import DesignError, new_document, resize, to_yaml, validate

__all__ = ["DesignError", "new_document", "resize", "to_yaml", "validate"]
