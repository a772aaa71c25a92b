"""kok generate on the command line, and the --balanced search."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import kok_layouts
import kok_layouts.analysis.check
from kok_layouts import check_sheet, load_file
from kok_layouts.analysis.simulate import simulate
from kok_layouts.generator import balance as balancing
from kok_layouts.generator.board import build
from kok_layouts.generator.classic import grid_columns
from kok_layouts.generator.invariants import official_invariants
from kok_layouts.generator.maker import GENERATORS, Balancing
from kok_layouts.generator.moves import regrow_near
from kok_layouts.generator.request import make_request

from .game_cache import GameCache


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
    draft, board = build(make_request(edition, seed=11))
    rng = np.random.default_rng(5)
    kept = 0
    for _ in range(60):
        moved = GENERATORS[edition].neighbour(draft, "official", rng)
        if moved is None:
            continue
        assert official_invariants(moved)
        sheet = balancing.candidate_sheet(moved, board)
        assert sheet is not None and check_sheet(sheet, "official") == []
        draft, kept = moved, kept + 1
    assert kept >= 5, "the moves must actually change boards"


def test_kids_balancing_moves_keep_the_kids_profile() -> None:
    draft, board = build(make_request("kids", seed=2))
    rng = np.random.default_rng(1)
    kept = 0
    for _ in range(40):
        moved = GENERATORS["kids"].neighbour(draft, "official", rng)
        if moved is None:
            continue
        sheet = balancing.candidate_sheet(moved, board)
        assert sheet is not None and check_sheet(sheet, "official") == []
        draft, kept = moved, kept + 1
    assert kept >= 30


def test_balanced_board_records_the_final_check_in_its_header(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balancing, "STAGES", (4, 8))
    monkeypatch.setattr(balancing, "FINAL_GAMES", 8)
    monkeypatch.setattr(GENERATORS["kids"], "balancing",
                        Balancing(candidates=3, restart_after=4, fresh_share=0.8))
    seen: list[float] = []
    board = kok_layouts.generate("kids", seed=4, balanced=True,
                                 progress=lambda fraction, _: seen.append(fraction))
    assert board.report is not None and board.report.verdicts
    assert "# Balanced:" in board.text and "# kok check (8 games" in board.text
    assert f"# Balanced: {board.candidates} candidates searched" in board.text
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert check_sheet(board.sheet, "official") == []
    again = kok_layouts.generate("kids", seed=4, balanced=True)
    assert again.text == board.text, "the same seed balances to the same board"


@pytest.mark.parametrize("edition", ["classic", "kok2"])
def test_a_column_out_of_line_regrows_the_board_from_it_out_to_the_edge(edition: str) -> None:
    draft, _ = build(make_request(edition, seed=3))
    rng = np.random.default_rng(9)
    before = grid_columns(draft)
    for aimed in (0, 1, 13, 14):
        changed = 0
        for _ in range(12):
            moved = regrow_near(draft, [aimed], rng)
            if moved is None:
                continue
            assert official_invariants(moved)
            after = grid_columns(moved)
            # Columns from the aimed one (or a few nearer the start, when the edge alone
            # has no other way) out to the edge change; the start column's side stays.
            kept = range(7, 15) if aimed < 7 else range(0, 8)
            assert all(after[c] == before[c] for c in kept)
            changed += after != before
        assert changed >= 10, f"regrowing from {aimed} must change the board"


def test_balancing_screens_on_the_first_games_of_the_final_check() -> None:
    sheet = kok_layouts.generate("kids", seed=3).sheet
    whole = simulate(sheet, 40, 2, 1, ("strong",))
    start = simulate(sheet, 15, 2, 1, ("strong",))
    rest = simulate(sheet, 25, 2, 1, ("strong",), first=15)
    assert [r.game for r in start + rest] == list(range(40))
    assert start + rest == whole


def test_balanced_search_reaches_a_board_on_which_every_verdict_passes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 8's first Kids board does not pass, so the search moves on from it; the limit is
    # generous so that a slow machine gives the same board.
    # The search and the check below play through one GameCache: the check gets the
    # games the search played (a game is the same game however a run is split, see
    # test_balancing_screens_on_the_first_games_of_the_final_check) and plays none anew
    # unless the two differ in board, seed, players or bot.
    games = GameCache()
    monkeypatch.setattr(balancing, "simulate", games)
    monkeypatch.setattr(kok_layouts.analysis.check, "simulate", games)
    first = kok_layouts.generate("kids", seed=8)
    board = kok_layouts.generate("kids", seed=8, balanced=True, time_limit=900)
    assert board.sheet.cell_colours != first.sheet.cell_colours
    assert board.report is not None and board.report.summary is not None
    assert board.report.summary.games == balancing.FINAL_GAMES == 2000
    assert [v.code for v in board.report.verdicts if v.ok is not True] == []
    assert "stopped at the time limit" not in board.text
    verdict_line = next(line for line in board.text.splitlines() if "# kok check (" in line)
    assert "FAILS" not in verdict_line and "not enough" not in verdict_line
    # The header's check is the board's own kok check: the same games, the same verdicts.
    played = games.played
    again = kok_layouts.analysis.check.check(board.sheet, jobs=2)
    assert games.played == played, "the check plays the games of the search's last stage"
    assert [v.text for v in again.verdicts] == [v.text for v in board.report.verdicts]
