"""``kok list``, ``kok show`` and ``kok validate`` as a user calls them."""

from __future__ import annotations

import json
from typing import Any

from .conftest import ROOT, kok_process


def test_list_names_every_built_in_with_edition_and_size(kok: Any) -> None:
    run = kok("list")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[1].split()[:3] == ["black", "classic", "15x7"]
    assert any(line.split()[:3] == ["kids", "kids", "13x5"] for line in lines)
    as_json = json.loads(kok("list", "--json").out)
    assert {entry["name"] for entry in as_json} >= {"black", "grey", "kids"}


def test_show_prints_the_grid_with_stars_and_points(kok: Any) -> None:
    run = kok("show", "black", "--colour", "never")
    assert run.code == 0
    lines = run.out.splitlines()
    assert "H^" in lines[1]
    assert lines[2].split()[0] == "1"
    assert lines[2].split()[1:9] == ["g", "g", "g", "y", "y", "y", "y", "G*"]
    assert "\x1b[" not in run.out


def test_show_colours_the_grid_when_asked(kok: Any) -> None:
    run = kok("show", "kids", "--colour", "always")
    assert "\x1b[48;2;" in run.out


def test_validate_exits_0_for_valid_layouts(kok: Any) -> None:
    run = kok("validate", "black", "red", "blue", "orange", "yellow", "grey", "kids",
              "--profile", "official")
    assert run.code == 0
    assert run.out.count(": valid") == 7


def test_validate_exits_1_for_structural_problems_and_2_for_unreadable(kok: Any) -> None:
    bad = ROOT / "tests" / "data" / "bad"
    assert kok("validate", str(bad / "ragged_grid.yaml")).code == 1
    assert kok("validate", str(bad / "ragged_grid.yaml"), str(bad / "empty.yaml")).code == 2
    assert kok("validate", "black", str(ROOT / "examples" / "donut.yaml"),
               "--profile", "official").code == 1


def test_validate_json_lists_every_problem_with_its_place(kok: Any) -> None:
    bad = ROOT / "tests" / "data" / "bad" / "same_colour_name.yaml"
    run = kok("validate", "black", str(bad), "--json")
    assert run.code == 1
    entries = json.loads(run.out)
    assert [e["valid"] for e in entries] == [True, False]
    problems = entries[1]["problems"]
    assert [(p["line"], p["column"]) for p in problems] == [(11, 3), (12, 3)]
    assert problems[0]["code"] == "colour-name-twice"


def test_an_unknown_layout_is_one_line_and_exit_2(kok: Any) -> None:
    run = kok("show", "violett")
    assert run.code == 2
    assert run.err.count("\n") == 1 and run.err.startswith("kok: unknown layout 'violett'")


def test_a_usage_error_is_one_line_and_exit_2() -> None:
    run = kok_process("validate", "black", "--profile", "strict")
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1
    assert "invalid choice" in run.err


def test_python_dash_m_runs_the_same_command() -> None:
    run = kok_process("list")
    assert run.code == 0 and "black" in run.out
