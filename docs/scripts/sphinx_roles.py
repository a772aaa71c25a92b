"""A griffe extension for the API reference: the docstrings name other objects with
Sphinx's roles (``:class:`Board```, ``:func:`~kok_layouts.limits.parse_whole```), which
Markdown would print as they are written; this turns each into inline code of the name
(the last part only after ``~``, as Sphinx shows it), and fences their doctests."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:attr|class|data|func|meth|mod|exc|obj|const):`([^`]+)`")


def plain(text: str) -> str:
    """``text`` with every role replaced by inline code of the name it refers to, and
    every doctest (lines from ``>>>`` to the next blank line) in a fenced code block."""
    def name(match: re.Match[str]) -> str:
        target = match.group(1).strip()
        if target.startswith("~"):
            target = target[1:].rsplit(".", 1)[-1]
        return f"`{target}`"

    lines: list[str] = []
    in_doctest = False
    for line in ROLE.sub(name, text).splitlines():
        if line.lstrip().startswith(">>>") and not in_doctest:
            lines.append("```pycon")
            in_doctest = True
        elif in_doctest and not line.strip():
            lines.append("```")
            in_doctest = False
        lines.append(line)
    if in_doctest:
        lines.append("```")
    return "\n".join(lines)


class SphinxRoles(griffe.Extension):
    """Rewrites the roles of every docstring griffe reads."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain(obj.docstring.value)
