"""Nothing ugly (issue 36, point 2): an improved board keeps every colour between half and
1.6 times the mean cell count and at least three cells, areas of the sizes the edition's
pads use, no new one-cell islands, at most a quarter of its cells repainted
(``max_changes`` to say otherwise), and an official board stays official."""

from __future__ import annotations

from typing import Any

import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.advice import Action, apply_action
from kok_layouts.analysis.improve import improve, profile_of
from kok_layouts.analysis.looks import (
    Looks,
    default_max_changes,
    largest_area,
    looks_problem,
    repainted,
)
from kok_layouts.model.sheet import Sheet

from .conftest import ROOT


def _paint(sheet: Sheet, cells: list[str], colour: str) -> Sheet:
    return apply_action(sheet, Action("repaint", "colour-easy", "", tuple(cells), colour))


def _near(sheet: Sheet, cell: int) -> list[int]:
    from kok_layouts.generator.draft import Draft

    return list(Draft.from_sheet(sheet).geometry.neighbours[cell])


def _cells_of(sheet: Sheet, name: str) -> list[str]:
    key = sheet.colour(name).key
    return [sheet.cell_name(c) for c in sheet.board_cells if sheet.cell_colours[c] == key]


def test_the_largest_area_is_the_pads_largest() -> None:
    assert largest_area("classic") == 6 and largest_area("kok2") == 6
    assert largest_area("kids") == 4


def test_at_most_a_quarter_of_the_cells_are_repainted_unless_told_otherwise() -> None:
    travel = load_layout("examples/travel.yaml")
    assert default_max_changes(travel) == 11  # 45 cells
    greens = _cells_of(travel, "green")
    many = _paint(travel, greens[:12] if len(greens) >= 12 else greens, "red")
    wide = _paint(many, _cells_of(travel, "blue")[:6], "yellow")
    assert repainted(travel, wide) > 11
    assert "repainted" in (looks_problem(travel, wide) or "")
    assert "repainted" not in (looks_problem(travel, wide, max_changes=45) or "")


def test_a_colour_keeps_at_least_half_the_mean_and_three_cells() -> None:
    black = load_layout("black")
    reds = _cells_of(black, "red")
    shrunk = _paint(black, reds[:12], "blue")  # red 21 -> 9 of a mean 21
    problem = looks_problem(black, shrunk, max_changes=105)
    assert problem is not None and "red" in problem and "fewer" in problem


def test_a_colour_never_grows_beyond_1_6_times_the_mean() -> None:
    black = load_layout("black")
    blob = _paint(black, _cells_of(black, "red")[:7] + _cells_of(black, "blue")[:7], "green")
    problem = looks_problem(black, blob, max_changes=105)
    assert problem is not None and "green" in problem and "more than" in problem


def test_no_area_grows_beyond_the_sizes_the_pads_use() -> None:
    black = load_layout("black")
    looks = Looks.of(black)
    assert max(looks.areas) == 6
    # Join a 6-cell area with a neighbour of another colour: a 7-cell (or larger) area.
    from kok_layouts.generator.draft import Draft

    draft = Draft.from_sheet(black)
    six = next(r for r in draft.regions if len(r) == 6)
    key = black.cell_colours[six[0]]
    neighbour = next(n for c in six for n in _near(black, c)
                     if black.cell_colours[n] not in (None, key))
    name = next(c.name for c in black.colours if c.key == key)
    joined = _paint(black, [black.cell_name(neighbour)], name)
    problem = looks_problem(black, joined)
    assert problem is not None and "largest (6)" in problem


def test_no_new_one_cell_island() -> None:
    black = load_layout("black")
    from kok_layouts.generator.draft import Draft

    draft = Draft.from_sheet(black)
    # A cell of a big area painted a colour none of its neighbours has: a new island.
    six = next(r for r in draft.regions if len(r) == 6)
    for cell in six:
        near = {black.cell_colours[n] for n in _near(black, cell)}
        other = next((c for c in black.colours if c.key not in near), None)
        if other is not None:
            break
    assert other is not None
    island = _paint(black, [black.cell_name(cell)], other.name)
    assert Looks.of(island).islands > Looks.of(black).islands
    problem = looks_problem(black, island)
    assert problem is not None and "island" in problem


def test_a_board_breaking_a_rule_already_may_keep_it_but_never_go_further() -> None:
    lopsided = load_layout(str(ROOT / "examples" / "lopsided.yaml"))
    assert looks_problem(lopsided, lopsided) is None
    looks = Looks.of(lopsided)
    assert looks.islands == 8  # more than the rules would let a change make
    # A change that removes an island is fine.
    from kok_layouts.generator.draft import Draft

    draft = Draft.from_sheet(lopsided)
    single = next(r for r in draft.regions if len(r) == 1)[0]
    near = next(n for n in _near(lopsided, single) if lopsided.cell_colours[n])
    name = next(c.name for c in lopsided.colours if c.key == lopsided.cell_colours[near])
    fewer = _paint(lopsided, [lopsided.cell_name(single)], name)
    problem = looks_problem(lopsided, fewer)
    assert problem is None or "island" not in problem


@pytest.fixture(scope="module")
def improved_lopsided() -> Any:
    sheet = load_layout(str(ROOT / "examples" / "lopsided.yaml"))
    return sheet, improve(sheet, games=300, time_limit=25, jobs=1)


def test_the_improved_lopsided_board_keeps_its_looks(improved_lopsided: Any) -> None:
    sheet, result = improved_lopsided
    assert looks_problem(sheet, result.sheet) is None
    assert repainted(sheet, result.sheet) <= default_max_changes(sheet)
    low, high = Looks.of(sheet).bounds()
    for key, count in Looks.of(result.sheet).colours.items():
        assert count >= min(low, Looks.of(sheet).colours[key])
        assert count <= max(high, Looks.of(sheet).colours[key])


def test_max_changes_zero_repaints_no_cell() -> None:
    sheet = load_layout(str(ROOT / "examples" / "lopsided.yaml"))
    result = improve(sheet, games=100, time_limit=8, jobs=1, max_changes=0)
    assert repainted(sheet, result.sheet) == 0


def test_an_official_board_stays_official() -> None:
    sheet = load_layout(str(ROOT / "examples" / "inside-out.yaml"))
    assert profile_of(sheet) == "official"
    result = improve(sheet, games=300, time_limit=15, jobs=1)
    assert profile_of(result.sheet) == "official"
    assert looks_problem(sheet, result.sheet) is None


def test_max_changes_below_zero_is_one_line_and_exit_2(kok: Any, tmp_path: Any) -> None:
    run = kok("improve", "examples/travel.yaml", "-o", str(tmp_path / "x.yaml"),
              "--max-changes", "-1")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
