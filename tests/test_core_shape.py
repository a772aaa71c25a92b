"""The shape of the code itself: editions are asked, not switched on; errors are the
project's own; private names stay in their module; the code map matches the tree.

These read the package's source (the AST), so they fail as soon as a change brings back
what the core redesign removed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "kok_layouts"
EDITION_TYPES = {"ClassicSheet", "Kok2Sheet", "KidsSheet", "PlayerSheet", "Kok2PlayerSheet",
                 "KidsPlayerSheet", "Kok2Game", "KidsGame"}
EDITION_NAMES = {"classic", "kok2", "kids"}
MAX_EDITION_SWITCHES = 10


def modules(*, outside: str | None = None) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if outside and outside in path.relative_to(PACKAGE).parts:
            continue
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _names(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Tuple):
        return {n for element in node.elts for n in _names(element)}
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.BinOp):  # A | B
        return _names(node.left) | _names(node.right)
    return set()


def _mentions_edition(node: ast.expr) -> bool:
    return any((isinstance(n, ast.Name) and "edition" in n.id)
               or (isinstance(n, ast.Attribute) and "edition" in n.attr)
               for n in ast.walk(node))


def edition_switches() -> list[str]:
    """Every ``isinstance`` on an edition's sheet, player or game type and every
    comparison of an edition with an edition's name, outside ``editions/``."""
    found = []
    for path, tree in modules(outside="editions"):
        for node in ast.walk(tree):
            where = f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance" and len(node.args) == 2
                    and _names(node.args[1]) & EDITION_TYPES):
                found.append(where)
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                named = any(isinstance(s, ast.Constant) and s.value in EDITION_NAMES
                            for s in sides)
                if named and any(_mentions_edition(s) for s in sides
                                 if not isinstance(s, ast.Constant)):
                    found.append(where)
    return found


def test_code_outside_the_editions_asks_the_edition_instead_of_switching_on_types() -> None:
    switches = edition_switches()
    assert len(switches) <= MAX_EDITION_SWITCHES, "\n".join(switches)


def test_the_designer_page_does_not_switch_on_edition_names() -> None:
    for path in (PACKAGE / "design" / "static").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        hits = [m.group(0) for m in re.finditer(r"""["'](classic|kok2|kids)["']""", text)]
        assert not hits, f"{path.name} names editions: {hits}"


def _defined_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _is_self(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "super")


def private_reads_across_modules() -> list[str]:
    """Every ``something._name`` read where ``_name`` is not defined in the same module
    (a subclass's own ``self._name`` is its business)."""
    found = []
    for path, tree in modules():
        own = _defined_names(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__") and node.attr not in own
                    and not _is_self(node.value)):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
    return found


def test_no_module_reads_another_modules_private_names() -> None:
    assert private_reads_across_modules() == []


BARE = {"ValueError", "TypeError", "KokError"}


def _raised(node: ast.Raise) -> str | None:
    exc = node.exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    return exc.id if isinstance(exc, ast.Name) else None


def bare_raises() -> list[str]:
    """Every ``raise ValueError(...)``, ``raise TypeError(...)`` or ``raise KokError(...)``
    in the library: each should be one of the project's precise errors."""
    return [f"{path.relative_to(PACKAGE)}:{node.lineno} {_raised(node)}"
            for path, tree in modules() for node in ast.walk(tree)
            if isinstance(node, ast.Raise) and _raised(node) in BARE]


def test_the_library_raises_only_the_projects_precise_errors() -> None:
    assert bare_raises() == []


FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]+")


def flags_in_library_messages() -> list[str]:
    """Command-line flags named in the text of errors the library raises (outside cli/):
    the library does not know how it was called; the CLI maps its errors to flags."""
    found = []
    for path, tree in modules(outside="cli"):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            for part in ast.walk(node.exc):
                if (isinstance(part, ast.Constant) and isinstance(part.value, str)
                        and FLAG.search(part.value)):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} "
                                 f"{FLAG.search(part.value).group(0)}")  # type: ignore[union-attr]
    return found


def test_library_errors_do_not_name_command_line_flags() -> None:
    assert flags_in_library_messages() == []


CODE_MAP = PACKAGE.parent / "docs" / "development" / "index.md"
"""The development guide's page that holds the code map, under its heading ``## Code map``."""


def code_map() -> set[str]:
    """The files and folders the code map names, as paths from the repository's top
    (``kok_layouts/model/grid.py``)."""
    text = CODE_MAP.read_text(encoding="utf-8")
    block = text.split("## Code map", 1)[1].split("```", 2)[1]
    named: set[str] = set()
    stack: list[str] = []
    for line in block.splitlines():
        if not line.strip() or line.strip() == "```":
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        entry = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        del stack[depth:]
        for name in (part.strip() for part in entry.split(",")):
            named.add("/".join([*stack, name.rstrip("/")]))
        if entry.endswith("/"):
            stack.append(entry.rstrip("/"))
    return named


def test_the_code_map_names_every_module_and_only_modules_that_exist() -> None:
    named = code_map()
    modules_on_disk = {str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                       if path.name not in ("__init__.py", "__main__.py")}
    assert modules_on_disk - named == set(), \
        "modules missing from the code map (docs/development/index.md, ## Code map)"
    missing = {name for name in named if not (PACKAGE.parent / name).exists()}
    assert missing == set(), "the code map names files that do not exist"
