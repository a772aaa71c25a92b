"""The documentation site builds without a warning (``mkdocs build --strict``), as CI
builds it, and its generated pages are there: the schema reference and the API reference."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .docs_text import ROOT

pytestmark = pytest.mark.slow  # a whole site build, the API reference read from the source


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None
                    and os.environ.get("CI") != "true",
                    reason="the docs extra is not installed (pip install -e '.[docs]')")
def test_the_site_builds_strictly_with_the_generated_references(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    schema = (site / "format" / "schema-kok2" / "index.html").read_text(encoding="utf-8")
    assert "special_die" in schema and "available_at_start" in schema
    api = (site / "api" / "reference" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'id="kok_layouts.rules.player.PlayerSheet.legal_moves"' in api
    assert (site / "images" / "black.png").is_file()
