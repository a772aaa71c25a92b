"""Solvability (exact fewest moves) and balance (simulation and verdicts)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from kok_layouts import Sheet, load_layout, parse_layout
from kok_layouts.analysis.check import check
from kok_layouts.analysis.simulate import simulate
from kok_layouts.analysis.solvability import analyse, min_moves
from kok_layouts.rules.board import board_for

from .conftest import ROOT

COLOURS = """colours:
  g: {name: green, print: "#4fa447"}
  b: {name: blue, print: "#3b83c6"}
  r: {name: red, print: "#e24a6a"}
"""


def board(rows: list[str], start: str = "A") -> Sheet:
    """A small hand-made classic board with colours g, b, r."""
    width = len(rows[0])
    text = ("format: 1\nedition: classic\nname: small\ntitle: Small\n" + COLOURS + "grid:\n"
            + "".join(f"  - {row}\n" for row in rows) + f"start_columns: [{start}]\n"
            + f"column_points:\n  first: {[1] * width}\n  later: {[0] * width}\n"
            + "colour_bonus: {first: 5, later: 3}\nexclamation_marks: 4\nstar_penalty: 2\n")
    return parse_layout(text, "small.yaml")


def moves_for(sheet: Sheet, kind: str, name: str) -> int | None:
    return next(g.moves for g in analyse(sheet).goals if g.kind == kind and g.name == name)


def test_a_five_cell_area_touching_the_start_takes_one_move() -> None:
    sheet = board(["ggggg", "bbbbb", "rrrrr"])
    assert moves_for(sheet, "colour", "green") == 1
    assert moves_for(sheet, "colour", "red") == 1


def test_a_column_needs_one_move_per_area_and_the_links_to_reach_it() -> None:
    sheet = board(["ggggg", "bbbbb", "rrrrr"])
    # E1, E2, E3 lie in three rows of five: each row is one move from column A.
    assert moves_for(sheet, "column", "E") == 3
    assert moves_for(sheet, "column", "A") == 3


def test_a_six_cell_area_takes_two_moves() -> None:
    sheet = board(["gggggg", "bbbbbb", "rrrrrr"])
    assert moves_for(sheet, "colour", "green") == 2


def test_the_end_needs_two_colours() -> None:
    sheet = board(["ggggg", "bbbbb", "rrrrr"])
    assert analyse(sheet).end.moves == 2


def test_a_far_cell_of_a_colour_needs_a_bridge() -> None:
    # Green A1 and E1; E1 is reached over red B1..D1 or over the blue row below.
    sheet = board(["grrrg", "bbbbb", "bbbbb"])
    assert moves_for(sheet, "colour", "green") == 3


def test_diagonal_cells_do_not_link() -> None:
    # Green C2 touches nothing green; to cross it the search must link it through crosses.
    sheet = board(["gbbbb", "rbgbb", "rrrrr"])
    assert min_moves(sheet, board_for(sheet).colour_masks["g"]) == 3  # A1, B2 (blue), C2


def test_an_unreachable_area_makes_the_sheet_unsolvable(kok: Any, tmp_path: Path) -> None:
    sheet = board(["gg.bb", "gg.bb", "gg.rr"])
    result = analyse(sheet)
    assert not result.solvable
    assert result.unreachable == ("D1", "D2", "D3", "E1", "E2", "E3")
    assert moves_for(sheet, "colour", "blue") is None
    assert "cannot be reached" in result.verdict()
    assert "cannot end" in result.verdict()
    path = tmp_path / "split.yaml"
    text = (ROOT / "examples" / "travel.yaml").read_text()
    text = text.replace("  - OogbyYgoo", "  - Ooo..Ygoo").replace("start_columns: [E]",
                                                                   "start_columns: [A]")
    text = text.replace("  - gGyybbBrr", "  - gGyy.bBrr").replace("  - oggYybrrO",
                                                                  "  - oggY.brrO")
    text = text.replace("  - roBbrygGy", "  - roBb.ygGy").replace("  - rrboRrygy",
                                                                  "  - rrbo.rygy")
    path.write_text(text)
    run = kok("check", str(path), "--games", "20", "--json")
    assert run.code == 1
    report = json.loads(run.out)
    assert report["solvable"] is False and report["unreachable"]


def test_built_in_layouts_are_solvable_with_their_fewest_moves() -> None:
    black = analyse(load_layout("black"))
    assert black.solvable
    assert {g.name: g.moves for g in black.of_kind("column")}["H"] == 5
    assert black.end.moves is not None and black.end.moves >= 14  # two colours, 12 areas
    kids = analyse(load_layout("kids"))
    assert kids.solvable
    assert {g.name: g.moves for g in kids.of_kind("colour")}["crocodile"] == 9


def test_the_same_seed_gives_the_same_results_with_one_or_two_jobs() -> None:
    sheet = load_layout("examples/travel.yaml")
    one = json.dumps(check(sheet, 60, 2, seed=7, jobs=1).as_dict(), sort_keys=True)
    two = json.dumps(check(sheet, 60, 2, seed=7, jobs=2).as_dict(), sort_keys=True)
    assert one == two
    other = json.dumps(check(sheet, 60, 2, seed=8, jobs=1).as_dict(), sort_keys=True)
    assert other != one


def test_an_executor_can_be_passed_in() -> None:
    from concurrent.futures import ThreadPoolExecutor

    sheet = load_layout("kids")
    with ThreadPoolExecutor(2) as pool:
        threaded = simulate(sheet, 30, 3, seed=2, executor=pool)
    assert threaded == simulate(sheet, 30, 3, seed=2)


def test_the_verdicts_flag_the_lopsided_example_board() -> None:
    report = check(load_layout(str(ROOT / "examples" / "lopsided.yaml")), 120, 2, seed=3)
    flags = {v.code: v.ok for v in report.verdicts}
    assert flags["colour-easy"] is False
    assert "yellow" in next(v.text for v in report.verdicts if v.code == "colour-easy")
    # The strong bot completes nearly every column of this small board (the easy middle
    # column E in every game), within the official pads' spread; the easy colour is the
    # flaw it shows, and the game length per cell, far from any printed pad's.
    assert flags["length"] is False


def test_solo_simulation_reports_rating_bands() -> None:
    report = check(load_layout("examples/travel.yaml"), 50, 1, seed=1)
    assert report.summary is not None
    assert sum(report.summary.bands.values()) == 50


def test_kok_check_prints_a_report_and_writes_charts(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "report.pdf"
    run = kok("check", "examples/donut.yaml", "--games", "40", "--report", str(out))
    assert run.code == 0
    assert "Solvability: donut is solvable" in run.out and "Verdicts:" in run.out
    text = pdfium.PdfDocument(out.read_bytes())[0].get_textpage().get_text_range()
    assert "donut is solvable" in text and "Advice" in text
    document = pdfium.PdfDocument(out.read_bytes())  # the text pages, then the charts
    charts = document[len(document) - 1].get_textpage().get_text_range()
    assert "Scores" in charts and "Columns completed" in charts and "Colours completed" in charts
    assert "Heat map" in charts and "100%" in charts  # a percent scale on the axes
    png = tmp_path / "report.png"
    assert kok("check", "kids", "--games", "30", "--report", str(png)).code == 0
    assert png.read_bytes().startswith(b"\x89PNG")


def test_kok_simulate_prints_one_json_line_per_game_or_csv(kok: Any) -> None:
    run = kok("simulate", "grey", "--games", "4", "--seed", "2")
    lines = run.out.splitlines()
    assert len(lines) == 4
    first = json.loads(lines[0])
    assert {"game", "rolls", "winners", "scores", "first"} <= set(first)
    assert "rows" in first["scores"][0]
    csv_run = kok("simulate", "kids", "--games", "3", "--players", "3", "--format", "csv",
                  "--bots", "greedy,friendly,random")
    rows = csv_run.out.splitlines()
    assert rows[0].startswith("game,seat,players,rolls,ended,won,buckets")
    assert len(rows) == 1 + 3 * 3


@pytest.mark.parametrize("args", [
    ("check", "black", "--games", "0"), ("check", "black", "--players", "7"),
    ("check", "black", "--report", "out.txt"), ("simulate", "black", "--bots", "clever"),
    ("simulate", "kids", "--players", "5"), ("check", "nope"),
])
def test_bad_input_to_check_and_simulate_is_one_line(kok: Any, args: tuple[str, ...]) -> None:
    run = kok(*args)
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1


def test_rules_options_reach_the_simulation(kok: Any) -> None:
    plain = kok("simulate", "examples/travel.yaml", "--games", "6", "--seed", "3")
    variant = kok("simulate", "examples/travel.yaml", "--games", "6", "--seed", "3",
                  "--option", "end=roll", "--option", "first_three_rolls_open=off")
    assert plain.code == variant.code == 0
    assert plain.out != variant.out
    bad = kok("check", "black", "--option", "end=never")
    assert bad.code == 2 and "use 'round' or 'roll'" in bad.err


def test_the_special_die_bound_is_never_above_the_plain_bound(kok: Any) -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        grey = analyse(load_layout("grey"), pool, special_die=True)
    for goal in grey.of_kind("colour"):
        assert goal.moves is not None and goal.with_special is not None
        assert 0 < goal.with_special <= goal.moves
    assert grey.end.with_special is not None and grey.end.moves is not None
    assert grey.end.with_special <= grey.end.moves
    bad = kok("check", "black", "--special-die", "--games", "5")
    assert bad.code == 2 and "Keer op Keer 2" in bad.err
