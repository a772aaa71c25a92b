"""The package's layers: a module imports only from its own layer or below.

Bottom to top: the base modules; the sheet model; the rules (engine and bots); the
editions; what works on sheets and games (printing, analysis, the generator, the
environments, the local web server); the table and the designer; the command line. An
edition plugs in from above: the layers below find its parts by name in their own tables,
so the edition never reaches down into a layer that would have to know it first. Imports
for type checking only are free, as are the display hooks listed below.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kok_layouts"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "limits", "input_file", "output", "resources", "stop_signals",
               "__version__"}),
    frozenset({"model"}),
    frozenset({"rules"}),
    frozenset({"editions"}),
    frozenset({"render", "analysis", "generator", "env", "web"}),
    frozenset({"table", "design"}),
    frozenset({"cli"}),
    frozenset({"__init__", "__main__"}),
)
"""The layers, bottom to top, by the name under ``kok_layouts`` (``__version__`` is the
package's own, read by the command line and the reports)."""

DISPLAY_HOOKS = {("kok_layouts.model.sheet", "kok_layouts.render.document")}
"""Imports up the layers that only serve a notebook's display (``Sheet._repr_png_``):
at most two, each named here."""


def layer_of(module: str) -> int:
    """The layer of a module named ``kok_layouts.X...``."""
    top = module.split(".")[1] if "." in module else "__init__"
    for index, names in enumerate(LAYERS):
        if top in names:
            return index
    raise AssertionError(f"{module} is in no layer: add its folder to LAYERS")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts == ["kok_layouts", "__init__"]:
        return "kok_layouts.__init__"
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for part in node.body:
                inside.update(id(sub) for sub in ast.walk(part))
    return inside


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every project module ``path`` imports at run time (at the top or in a function), with
    the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: relative imports are not used"
            if node.module == "kok_layouts":
                found += [(f"kok_layouts.{alias.name}", node.lineno) for alias in node.names]
            elif node.module and node.module.startswith("kok_layouts."):
                found.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names
                      if alias.name.startswith("kok_layouts.")]
    return found


def upward_imports() -> list[str]:
    """``module:line -> imported`` for every import that points up the layers."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for imported, line in imports_of(path):
            if layer_of(imported) > layer_of(module) \
                    and (module, imported) not in DISPLAY_HOOKS:
                found.append(f"{module}:{line} -> {imported}")
    return found


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    assert upward_imports() == []


def test_at_most_two_display_hooks_reach_up() -> None:
    assert len(DISPLAY_HOOKS) <= 2
    for module, imported in DISPLAY_HOOKS:
        path = PACKAGE.parent / (module.replace(".", "/") + ".py")
        assert (imported, ) in {(name,) for name, _ in imports_of(path)}, \
            f"{module} no longer imports {imported}: drop the hook"


def test_every_folder_of_the_package_is_in_a_layer() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer_of(module_name(path))


@pytest.mark.parametrize(("source", "upward"), [
    ("from kok_layouts.cli.play import ClassicTable\n", True),
    ("def f():\n    from kok_layouts.render.document import render_png\n", True),
    ("from kok_layouts import limits\n", False),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from kok_layouts.cli.play import ClassicTable\n", False),
])
def test_the_walk_sees_every_kind_of_import(tmp_path: Path, source: str,
                                            upward: bool) -> None:
    path = tmp_path / "probe.py"
    path.write_text(source)
    layers = {layer_of(name) for name, _ in imports_of(path)}
    assert (max(layers, default=0) > layer_of("kok_layouts.model.x")) is upward
