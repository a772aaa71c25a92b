"""A griffe extension for the API reference: the docstrings name other objects with
Sphinx's roles (``:class:`Board```, ``:func:`~kok_layouts.limits.parse_whole```), which
Markdown would print as they are written; this turns each into inline code of the name
(the last part only after ``~``, as Sphinx shows it)."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:attr|class|data|func|meth|mod|exc|obj|const):`([^`]+)`")


def plain(text: str) -> str:
    """``text`` with every role replaced by inline code of the name it refers to."""
    def name(match: re.Match[str]) -> str:
        target = match.group(1).strip()
        if target.startswith("~"):
            target = target[1:].rsplit(".", 1)[-1]
        return f"`{target}`"

    return ROLE.sub(name, text)


class SphinxRoles(griffe.Extension):
    """Rewrites the roles of every docstring griffe reads."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain(obj.docstring.value)
