"""The structural checks: the basic profile for any sheet, the official one for real pads."""

from __future__ import annotations

from pathlib import Path

import pytest

from kok_layouts import LayoutError, parse_layout, validate_sheet
from kok_layouts.resources import layouts_dir


def variant(name: str, old: str, new: str) -> str:
    text = (layouts_dir() / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


def official_codes(text: str) -> set[str]:
    return {p.code for p in validate_sheet(parse_layout(text, "variant.yaml"), "official")}


def test_official_pad_has_21_cells_of_every_colour() -> None:
    # C1 green -> yellow: green 20, yellow 22.
    codes = official_codes(variant("black", "- gggyyyyGbbbOyyy", "- ggyyyyyGbbbOyyy"))
    assert "official-colour-cells" in codes


def test_official_pad_has_one_area_of_each_size_one_to_six() -> None:
    codes = official_codes(variant("black", "- gggyyyyGbbbOyyy", "- ggbyyyyGbbbOyyy"))
    assert "official-areas" in codes


def test_official_pad_has_fifteen_stars_one_per_column_three_per_colour() -> None:
    codes = official_codes(variant("black", "- gggyyyyGbbbOyyy", "- gggyyyygbbbOyyy"))
    assert {"official-stars", "official-column-stars", "official-colour-stars"} <= codes


def test_official_pad_has_at_most_one_star_per_area() -> None:
    # Black's blue area C7..F7 + B6/C6 already holds the star B6; starring D7 gives it two.
    text = variant("black", "- yybbbbryyyggGoo", "- yybBbbryyyggGoo")
    text = text.replace("- BgrgggGrrryyogg", "- bgrgggGrrryyogg")
    codes = official_codes(text)
    assert "official-area-stars" in codes


def test_official_pad_holds_every_colour_in_each_column_as_one_run() -> None:
    # Column A reads g o b b r r y; making A7 green splits green into two runs.
    codes = official_codes(variant("black", "- yybbbbryyyggGoo", "- gybbbbryyyggGoo"))
    assert "official-column-runs" in codes


def test_official_grey_sheet_has_a_box_cell_in_each_six_area() -> None:
    codes = official_codes(variant("grey", "cells: [B3, O3, E4, L5, F7]",
                                   "cells: [B3, O3, E4, L5, A1]"))
    assert "official-box-cells" in codes


def test_official_kids_sheet_has_enclosures_of_one_to_four_cells() -> None:
    # Joining two lion enclosures through an explicit label grid cannot grow an enclosure; make
    # a 5-cell crocodile enclosure by recolouring B1 (elephant) next to the B2..D2 crocodiles.
    codes = official_codes(variant("kids", "- eefcppPpelpll", "- ecfcppPpelpll"))
    assert "official-enclosure-size" in codes


def test_official_kids_sheet_has_stars_only_in_the_whole_middle_column() -> None:
    codes = official_codes(variant("kids", "- eefcppPpelpll", "- eefcppppelpll"))
    assert "official-star-column" in codes
    codes = official_codes(variant("kids", "- eefcppPpelpll", "- EefcppPpelpll"))
    assert "official-star-column" in codes


def test_official_kids_buckets_are_2_2_1_0_1_2_2() -> None:
    codes = official_codes(variant("kids", "buckets:  [2, 2, 1,", "buckets:  [2, 1, 1,"))
    assert "official-buckets" in codes


def test_explicit_enclosures_split_an_area_of_one_animal() -> None:
    # D1 and B2..D2 are one 4-cell crocodile area; labels a / b make D1 an enclosure of its own.
    labels = ["aaaaaaaaaaaaa", "abbbaaaaaaaaa", "aaaaaaaaaaaaa", "aaaaaaaaaaaaa", "aaaaaaaaaaaaa"]
    text = variant("kids", "buckets:", "enclosures:\n" + "".join(f"  - {row}\n" for row in labels)
                   + "buckets:")
    split = parse_layout(text, "split.yaml")
    whole = parse_layout((layouts_dir() / "kids.yaml").read_text(), "kids.yaml")
    assert len(split.areas) == len(whole.areas) + 1
    d1, b2 = split.geometry.parse("D1"), split.geometry.parse("B2")
    assert len(split.areas[split.area_of[d1] or 0]) == 1
    assert len(split.areas[split.area_of[b2] or 0]) == 3
    assert len(whole.areas[whole.area_of[d1] or 0]) == 4


def test_basic_profile_accepts_custom_boards(tmp_path: Path) -> None:
    for name in ("travel", "donut"):
        text = (layouts_dir().parent / "examples" / f"{name}.yaml").read_text()
        assert validate_sheet(parse_layout(text, f"{name}.yaml"), "basic") == []


def test_custom_sizes_from_5x3_to_26x20_load() -> None:
    base = (layouts_dir().parent / "examples" / "travel.yaml").read_text()
    head = base[: base.index("\ngrid:") + 1]
    for width, height in ((5, 3), (26, 20)):
        rows = ["".join("gyb"[(r + c) % 3] for c in range(width)) for r in range(height)]
        rows[0] = "G" + rows[0][1:]
        text = (head.replace("  r: {name: red", "#").replace("  o: {name: orange", "#")
                + "grid:\n" + "".join(f"  - {r}\n" for r in rows)
                + "start_columns: [A]\ncolumn_points:\n"
                + f"  first: {[1] * width}\n  later: {[0] * width}\n"
                + "colour_bonus: {first: 5, later: 3}\nexclamation_marks: 8\nstar_penalty: 2\n")
        sheet = parse_layout(text, "size.yaml")
        assert (sheet.width, sheet.height) == (width, height)
        assert validate_sheet(sheet) == []


def test_a_board_of_27_columns_is_refused() -> None:
    base = (layouts_dir().parent / "examples" / "travel.yaml").read_text()
    text = base.replace("- gGyybbBrr", "- gGyybbBrr" + "g" * 18)
    with pytest.raises(LayoutError) as caught:
        parse_layout(text, "wide.yaml")
    assert "at most 26 allowed" in str(caught.value)
