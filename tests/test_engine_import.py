"""The engine's place: only importing it imports numba, it sits in the rules layer, and
a cold compile cache is announced once."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from kok_layouts import load_layout
from kok_layouts.rules.engine import cold_kernels, play_batch

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
