"""A thin, quick command line: a command's module is imported only when it runs.

Speed is measured by benchmarks/bench_cli.py; these tests check the mechanism: what
``kok --version`` and ``kok --help`` import, and that every listed command is the one its
module defines.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from kok_layouts.cli.commands import COMMANDS
from kok_layouts.cli.main import build_parser

HEAVY = ("numpy", "scipy", "reportlab", "PIL", "jsonschema", "yaml", "kok_layouts.rules",
         "kok_layouts.analysis", "kok_layouts.render", "kok_layouts.generator")


def _imported_by(*args: str) -> set[str]:
    code = ("import sys\nfrom kok_layouts.cli.main import main\n"
            f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    return set(done.stdout.split()[-1].split()) | set(done.stdout.split())


@pytest.mark.parametrize("args", [("--version",), ("--help",)])
def test_version_and_help_import_nothing_heavy(args: tuple[str, ...]) -> None:
    imported = _imported_by(*args)
    assert not [m for m in imported if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]


def test_validate_imports_no_rules_analysis_or_printing() -> None:
    imported = _imported_by("validate", "black")
    assert not [m for m in imported if m.startswith((
        "kok_layouts.rules", "kok_layouts.analysis", "kok_layouts.generator",
        "kok_layouts.render.document", "reportlab", "PIL", "scipy", "numpy"))]


def test_check_without_a_report_imports_no_printing_statistics_or_solver() -> None:
    # scipy.stats (about a second), reportlab (a report only) and scipy.optimize (a search
    # that needs an integer program only) are paid for by the runs that use them.
    imported = _imported_by("check", "black", "--games", "5", "--json")
    assert "kok_layouts.analysis.balance" in imported
    assert not [m for m in imported if m.startswith((
        "scipy.stats", "scipy.optimize", "reportlab", "kok_layouts.render.document"))]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a.choices, dict))
    return dict(action.choices)  # type: ignore[arg-type]


def test_the_help_lists_every_command_in_order_with_its_line() -> None:
    parser = build_parser(None)
    assert list(_subcommands(parser)) == list(COMMANDS)
    text = parser.format_help()
    for name, (_, line) in COMMANDS.items():
        assert name in text and line.split()[0] in text


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_is_defined_by_the_module_the_table_names(name: str) -> None:
    real = _subcommands(build_parser(name))[name]
    placeholder = _subcommands(build_parser(""))[name]
    assert real.add_help and not placeholder.add_help
    assert len(real._actions) > len(placeholder._actions)
