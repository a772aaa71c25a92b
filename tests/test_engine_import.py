"""The engine's place: only importing it imports numba, it sits in the rules layer, and
a cold compile cache is announced once."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.rules.engine import cold_kernels, play_batch
from kok_layouts.rules.engine.tables import tables_for

from .conftest import ROOT

ENGINE = ROOT / "kok_layouts" / "rules" / "engine"
ALLOWED = ("kok_layouts.errors", "kok_layouts.limits", "kok_layouts.stop_signals",
           "kok_layouts.model", "kok_layouts.rules")


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={**os.environ, **env}, check=False)


def test_importing_the_package_or_the_rules_does_not_import_numba() -> None:
    done = run("import kok_layouts, kok_layouts.rules, sys; "
               "assert 'numba' not in sys.modules, 'numba was imported'")
    assert done.returncode == 0, done.stderr


def test_importing_the_engine_imports_numba() -> None:
    done = run("import kok_layouts.rules.engine, sys; assert 'numba' in sys.modules")
    assert done.returncode == 0, done.stderr


def test_the_engine_imports_only_the_layers_below_and_the_rules() -> None:
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.startswith("kok_layouts"):
                    assert name.startswith(ALLOWED), f"{path.name} imports {name}"


def test_a_cold_cache_is_announced_once_before_anything_compiles(tmp_path: Path) -> None:
    done = run("from kok_layouts.rules.engine import announce, cold_kernels\n"
               "assert 'play_classic_games' in cold_kernels()\n"
               "announce(); announce()", NUMBA_CACHE_DIR=str(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("kok:")]
    assert len(lines) == 1
    assert lines[0].startswith("kok: compiling the rules engine, once (about ")
    assert not list(tmp_path.rglob("*.nbi")), "announcing compiled nothing"


def test_a_warm_cache_is_not_announced() -> None:
    play_batch(load_layout("black"), 1, 1, 0)
    assert "play_classic_games" not in cold_kernels()


def test_after_the_warm_up_a_player_sheet_of_every_edition_compiles_nothing() -> None:
    """The kernels a sheet's position names when it checks the compile cache are all
    compiled by ``warm_up`` (which the test session runs first), so no process that plays
    says it compiles."""
    done = run("from kok_layouts import load_layout\n"
               "from kok_layouts.rules import KidsPlayerSheet, Kok2PlayerSheet, PlayerSheet\n"
               "for kind, name in ((PlayerSheet, 'black'), (Kok2PlayerSheet, 'grey'),\n"
               "                   (KidsPlayerSheet, 'kids')):\n"
               "    kind(load_layout(name)).score()\n")
    assert done.returncode == 0, done.stderr
    assert "compiling" not in done.stderr


def _kernel_decorated(node: ast.FunctionDef) -> bool:
    names = {getattr(d.func if isinstance(d, ast.Call) else d, "id", None)
             for d in node.decorator_list}
    return bool(names & {"kernel", "plain_kernel", "inline_kernel", "njit"})


def _names_outside_kernels(tree: ast.AST) -> set[str]:
    """Every name and attribute a module's Python code mentions (imports aside), outside
    the bodies of its kernels."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef) and _kernel_decorated(node):
            return
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") \
                == "INTERNAL_KERNELS":  # the list itself
            return
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)  # getattr(module, "name")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_an_internal_kernel_is_a_kernel_that_no_python_code_names() -> None:
    """A kernel of kernels.INTERNAL_KERNELS has no entry from Python: Python code that
    named one (the package, its tests, benchmarks and examples) would meet a TypeError."""
    from kok_layouts.rules.engine import kernels

    internal = {name for names in kernels.INTERNAL_KERNELS.values() for name in names}
    for module, names in kernels.INTERNAL_KERNELS.items():
        tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body
                   if isinstance(node, ast.FunctionDef) and _kernel_decorated(node)}
        assert set(names) <= defined, (module, set(names) - defined)
    for folder in ("kok_layouts", "tests", "benchmarks", "examples"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__):  # this test calls one, to see it refused
                continue
            named = _names_outside_kernels(ast.parse(path.read_text(encoding="utf-8")))
            assert not named & internal, (path.relative_to(ROOT), sorted(named & internal))


def test_python_calling_an_internal_kernel_gets_a_type_error() -> None:
    from kok_layouts.rules.engine import kernels

    with pytest.raises(TypeError, match=r"kernels\.cross_into is called only by other "
                                        r"kernels"):
        kernels.cross_into()
    options: dict[str, Any] = {name: vars(kernels)[name].targetoptions
                               for name in ("legal_moves", "cross_into")}
    assert options["legal_moves"]["no_cpython_wrapper"] is False
    assert options["cross_into"]["no_cpython_wrapper"] is True


_LINKED = """
import numpy as np
from kok_layouts import load_layout
from kok_layouts.rules.engine import kernels
from kok_layouts.rules.engine.tables import tables_for

tables = tables_for(load_layout("black"))
crossed = np.zeros(tables.cell_start.shape[0], dtype=np.bool_)
anchor = kernels.anchor_of(tables.cell_start, tables.neighbours, crossed)
(inner,) = kernels.anchor_into.overloads.values()
assert isinstance(inner.library, kernels._LinkedOnly), type(inner.library)
# numba sets _compiled when it makes a library's machine code
assert not getattr(inner.library, "_compiled", False)
print(sum(kernels.anchor_into._cache_hits.values()), np.flatnonzero(anchor).tolist())
"""


@pytest.mark.slow
def test_an_internal_kernel_is_compiled_and_cached_without_machine_code(
        tmp_path: Path) -> None:
    # anchor_of (called from Python) calls the internal anchor_into: the first process
    # compiles both; the second, with anchor_of's cache entry gone, compiles anchor_of
    # again from the anchor_into the cache kept, and gets the same cells.
    first = run(_LINKED, NUMBA_CACHE_DIR=str(tmp_path))
    assert first.returncode == 0, first.stderr
    hits, cells = first.stdout.split(" ", 1)
    start = np.flatnonzero(tables_for(load_layout("black")).cell_start).tolist()
    assert hits == "0" and cells == f"{start}\n"  # nothing crossed: the start column
    entries = list(tmp_path.rglob("kernels.anchor_of-*"))
    assert entries and list(tmp_path.rglob("kernels.anchor_into-*.nbc"))
    for path in entries:
        path.unlink()
    second = run(_LINKED, NUMBA_CACHE_DIR=str(tmp_path))
    assert second.returncode == 0, second.stderr
    assert second.stdout == "1 " + cells


def test_a_cache_entry_of_another_kind_is_compiled_again() -> None:
    from kok_layouts.rules.engine import kernels

    internal: Any = kernels.anchor_into
    cache = kernels._LinkedOnlyCacheImpl(internal.py_func)
    payload = (("anchor_into", "object", b"machine code"), *([None] * 7), ())
    assert cache.rebuild(None, payload) is None
