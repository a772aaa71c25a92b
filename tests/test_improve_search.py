"""kok improve: a search from the user's own board, every change in the header, what
``keep`` names kept, the profile kept, one clear line for every bad argument."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import kok_layouts
from kok_layouts import KokError, load_layout, parse_layout
from kok_layouts.analysis.advice import Action, apply_action
from kok_layouts.analysis.improve import Improved, changes_between, improve, profile_of

from .conftest import ROOT

LOPSIDED = ROOT / "examples" / "lopsided.yaml"


def test_changes_name_every_cell_star_and_point_that_differs() -> None:
    sheet = load_layout("examples/travel.yaml")
    star = min(sheet.stars)
    free = next(c for c in sheet.column_cells(star % sheet.width) if c not in sheet.stars)
    changed = apply_action(sheet, Action("repaint", "colour-easy", "", ("A1",), "red"))
    changed = apply_action(changed, Action("move_star", "score", "", (
        sheet.cell_name(star), sheet.cell_name(free))))
    changed = apply_action(changed, Action("set_colour_bonus", "score", "", first=(3,),
                                           later=(1,)))
    found = changes_between(sheet, changed)
    assert "A1: green -> red" in found
    assert f"star: {sheet.cell_name(star)} -> none" in found
    assert f"star: none -> {sheet.cell_name(free)}" in found
    assert "colour bonus: 4/2 -> 3/1" in found
    assert changes_between(sheet, sheet) == []


def test_the_profile_kept_is_the_strictest_the_board_satisfies() -> None:
    assert profile_of(load_layout("black")) == "official"
    assert profile_of(load_layout(LOPSIDED)) == "basic"


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"seed": -1}, KokError), ({"seed": "1"}, TypeError), ({"time_limit": 0}, KokError),
    ({"time_limit": float("nan")}, KokError), ({"time_limit": "60"}, TypeError),
    ({"keep": "grid"}, TypeError), ({"keep": ["colours"]}, KokError),
    ({"profile": "strict"}, KokError), ({"profile": "official"}, KokError),
    ({"games": 0}, KokError), ({"jobs": 10**6}, KokError)])
def test_bad_arguments_are_refused_before_any_game(kwargs: dict[str, Any],
                                                   error: type[Exception]) -> None:
    with pytest.raises(error):
        improve(load_layout(LOPSIDED), **kwargs)
    with pytest.raises(TypeError):
        improve("black")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def searched() -> Improved:
    """A short search on the lopsided board, the points kept."""
    return kok_layouts.improve(load_layout(LOPSIDED), time_limit=10, games=40, jobs=1,
                               keep=["points"])


def test_a_short_search_plays_candidates_and_lists_every_change(searched: Improved) -> None:
    original = load_layout(LOPSIDED)
    assert searched.candidates >= 2
    assert list(searched.changes) == changes_between(original, searched.sheet)
    header = [line[2:] for line in searched.text.splitlines() if line.startswith("# ")]
    for change in searched.changes:
        assert f"  {change}" in header
    assert any(line.startswith("kok check (") for line in header)
    again = parse_layout(searched.text)
    assert again.cell_colours == searched.sheet.cell_colours
    assert searched.profile == "basic" and not kok_layouts.validate_sheet(again, "basic")


def test_keep_points_changes_no_point(searched: Improved) -> None:
    original = load_layout(LOPSIDED)
    assert searched.sheet.column_points == original.column_points  # type: ignore[attr-defined]
    assert not any(c.startswith(("column ", "colour bonus")) for c in searched.changes)


def test_the_search_says_what_it_reached(searched: Improved) -> None:
    # 40 games cannot fix the length of a 9 x 5 board against the 15 x 7 pads.
    assert not searched.passes and searched.failing
    assert searched.seconds < 10 + 15
    reached = searched.text.splitlines()[0]
    assert "stopped by the time limit (10 s)" in reached or "no better board found" in reached


@pytest.mark.parametrize("args", [
    ["improve", "examples/lopsided.yaml", "-o", "out.txt"],
    ["improve", "examples/lopsided.yaml", "-o", "x.yaml", "--time-limit", "0"],
    ["improve", "examples/lopsided.yaml", "-o", "x.yaml", "--time-limit", "nan"],
    ["improve", "examples/lopsided.yaml", "-o", "x.yaml", "--keep", "colours"],
    ["improve", "examples/lopsided.yaml", "-o", "x.yaml", "--profile", "official"],
    ["improve", "examples/lopsided.yaml", "-o", "x.yaml", "--report", "r.svg"],
    ["improve", "nope", "-o", "x.yaml"],
    ["improve", "examples/lopsided.yaml", "-o", "examples/lopsided.yaml"],
    ["improve", "examples/lopsided.yaml"]])
def test_bad_command_lines_are_one_line_and_exit_2(kok: Any, args: list[str],
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = [a if a not in ("x.yaml", "out.txt", "r.svg") else str(tmp_path / a) for a in args]
    run = kok(*args)
    assert run.code == 2, run.err
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err
    assert not list(tmp_path.iterdir())


def test_the_command_writes_the_board_and_the_header(kok: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "better.yaml"
    import kok_layouts.analysis.improve as module

    real = module.improve

    def quick(sheet: Any, **kwargs: Any) -> Improved:
        return real(sheet, **{**kwargs, "time_limit": 25, "games": 40, "jobs": 1})

    monkeypatch.setattr(module, "improve", quick)
    run = kok("improve", "examples/lopsided.yaml", "-o", str(out), "--time-limit", "25",
              "--keep", "grid", "--quiet")
    assert run.code in (0, 1)
    text = out.read_text()
    assert text.startswith("# Improved by kok improve from lopsided (basic profile, kept: "
                           "grid)")
    assert yaml.safe_load(text)["grid"] == yaml.safe_load(LOPSIDED.read_text())["grid"]
    assert f"{out}: " in run.out and run.err == ""
