"""kok generate on the command line, and the --balanced search."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kok_layouts
from kok_layouts import check_sheet, load_file
from kok_layouts.generator import balance as balancing
from kok_layouts.generator.board import build
from kok_layouts.generator.invariants import official_invariants
from kok_layouts.generator.request import make_request


def test_generate_prints_the_layout_that_loads(kok: Any, tmp_path: Path) -> None:
    run = kok("generate", "classic", "--seed", "9")
    assert run.code == 0
    assert run.out == kok_layouts.generate("classic", seed=9).text
    path = tmp_path / "board.yaml"
    path.write_text(run.out, encoding="utf-8")
    assert check_sheet(load_file(path), "official") == []


def test_generate_writes_a_file_that_validates_under_the_official_profile(
        kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "kok2.yaml"
    assert kok("generate", "kok2", "--seed", "5", "-o", str(out)).code == 0
    run = kok("validate", "--profile", "official", str(out))
    assert run.code == 0, run.err
    assert "valid" in run.out


def test_count_writes_one_file_per_seed_into_a_folder_and_renders_them(
        kok: Any, tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    pdf = tmp_path / "boards.pdf"
    run = kok("generate", "kids", "--seed", "3", "--count", "3", "-o", str(folder),
              "--render", str(pdf))
    assert run.code == 0, run.err
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"generated-kids-{s}.yaml" for s in (3, 4, 5)]
    assert pdf.read_bytes().startswith(b"%PDF")
    for path in folder.iterdir():
        assert check_sheet(load_file(path), "official") == []


def test_count_into_an_existing_file_is_refused_and_writes_nothing(kok: Any,
                                                                  tmp_path: Path) -> None:
    target = tmp_path / "file.yaml"
    target.write_text("keep", encoding="utf-8")
    run = kok("generate", "classic", "--count", "2", "-o", str(target))
    assert run.code == 2 and run.err.count("\n") == 1
    assert target.read_text(encoding="utf-8") == "keep"


@pytest.mark.parametrize("edition", ["classic", "kok2"])
def test_balancing_moves_keep_every_official_invariant(edition: str) -> None:
    design, board = build(make_request(edition, seed=11))
    rng = np.random.default_rng(5)
    kept = 0
    for _ in range(60):
        moved = balancing._neighbour(design, "official", rng)
        if moved is None:
            continue
        assert official_invariants(moved)
        sheet = balancing._sheet(moved, board)
        assert sheet is not None and check_sheet(sheet, "official") == []
        design, kept = moved, kept + 1
    assert kept >= 5, "the moves must actually change boards"


def test_kids_balancing_moves_keep_the_kids_profile() -> None:
    design, board = build(make_request("kids", seed=2))
    rng = np.random.default_rng(1)
    kept = 0
    for _ in range(40):
        moved = balancing._neighbour(design, "official", rng)
        if moved is None:
            continue
        sheet = balancing._sheet(moved, board)
        assert sheet is not None and check_sheet(sheet, "official") == []
        design, kept = moved, kept + 1
    assert kept >= 30


def test_balanced_board_records_the_final_check_in_its_header(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balancing, "SEARCH_GAMES", {"kids": 8})
    monkeypatch.setattr(balancing, "FINAL_GAMES", 8)
    monkeypatch.setattr(balancing, "CANDIDATES", {"kids": 3})
    seen: list[float] = []
    board = kok_layouts.generate("kids", seed=4, balanced=True,
                                 progress=lambda fraction, _: seen.append(fraction))
    assert board.report is not None and board.report.verdicts
    assert "# Balanced:" in board.text and "# kok check (8 games" in board.text
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert check_sheet(board.sheet, "official") == []
    again = kok_layouts.generate("kids", seed=4, balanced=True)
    assert again.text == board.text, "the same seed balances to the same board"
