"""The sheet model: cell names, areas, loading by name, alias or path."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from kok_layouts import (
    ClassicSheet,
    KidsSheet,
    UnknownLayoutError,
    list_layouts,
    load_layout,
)
from kok_layouts.model.kinds import sheet_kind
from kok_layouts.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent


def test_cells_are_named_by_column_letter_and_row_number_from_the_top() -> None:
    sheet = load_layout("black")
    h1 = sheet.parse_cell("H1")
    assert sheet.cell_name(h1) == "H1"
    assert sheet.geometry.column_of(h1) == 7 and sheet.geometry.row_of(h1) == 0
    assert sheet.parse_cell(" o7 ") == sheet.geometry.size - 1
    for bad in ("P1", "A8", "A0", "11", "H"):
        with pytest.raises(ValueError):
            sheet.parse_cell(bad)


def test_an_area_is_a_maximal_orthogonally_connected_group_of_one_colour() -> None:
    sheet = load_layout("black")
    area = sheet.areas[sheet.area_of[sheet.parse_cell("A1")] or 0]
    assert sorted(sheet.cell_name(c) for c in area.cells) == ["A1", "B1", "B2", "B3", "C1"]
    assert len(sheet.areas) == 30
    assert sum(len(a) for a in sheet.areas) == 105


def test_diagonal_contact_does_not_join_areas() -> None:
    sheet = load_layout("black")
    # C1 and D2 are both green and touch only at a corner.
    c1, d2 = sheet.parse_cell("C1"), sheet.parse_cell("D2")
    assert sheet.cell_colours[c1] == sheet.cell_colours[d2] == "g"
    assert sheet.area_of[c1] != sheet.area_of[d2]


def test_holes_are_not_part_of_the_board() -> None:
    sheet = load_layout(str(ROOT / "examples" / "donut.yaml"))
    assert isinstance(sheet, ClassicSheet)
    assert len(sheet.board_cells) == 77 - 22
    with pytest.raises(ValueError, match="hole"):
        sheet.parse_cell("A1")
    assert [sheet.cell_name(c) for c in sheet.column_cells(5)] == ["F1", "F2", "F6", "F7"]
    assert sheet.start_cells == frozenset(sheet.column_cells(4) + sheet.column_cells(6))


def test_built_in_layouts_load_by_name_alias_or_path() -> None:
    assert load_layout("zwart") is load_layout("black")
    assert load_layout("KOK2").name == "grey"
    assert load_layout(str(ROOT / "layouts" / "red.yaml")).name == "red"
    kids = load_layout("kids")
    assert isinstance(kids, KidsSheet)
    assert [a.name for a in kids.animals] == ["penguin", "lion", "crocodile", "elephant",
                                              "flamingo"]


def test_an_unknown_layout_name_suggests_the_closest_one() -> None:
    with pytest.raises(UnknownLayoutError, match="did you mean 'black'"):
        load_layout("blak")


def test_list_layouts_gives_every_built_in_with_edition_and_size() -> None:
    infos = {i.name: i for i in list_layouts()}
    assert sorted(infos) == ["black", "blue", "green", "grey", "kids", "orange",
                            "purple", "red", "yellow"]
    assert (infos["grey"].edition, infos["grey"].width, infos["grey"].height) == ("kok2", 15, 7)
    assert (infos["kids"].edition, infos["kids"].width, infos["kids"].height) == ("kids", 13, 5)
    assert list_layouts()[0].name == "black"


def test_the_kids_layout_has_the_fewest_crocodiles_and_the_most_penguins_and_elephants() -> None:
    kids = load_layout("kids")
    counts = {c.name: len(kids.cells_of_colour(c.key)) for c in kids.colours}
    assert counts == {"crocodile": 11, "lion": 13, "flamingo": 13, "penguin": 14, "elephant": 14}
    assert kids.colour("green").name == "crocodile"


@pytest.mark.parametrize("edition", ["classic", "kok2", "kids"])
def test_each_edition_schema_is_a_valid_draft_2020_12_schema_with_an_id(edition: str) -> None:
    loaded = sheet_kind(edition).schema()
    jsonschema.Draft202012Validator.check_schema(loaded)
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert loaded["$id"] == f"urn:kok-layouts:schema:{edition}:1"
    on_disk = json.loads((ROOT / "schemas" / f"{edition}.schema.json").read_text())
    assert loaded == on_disk
    assert (data_dir("schemas") / f"{edition}.schema.json").is_file()


def test_sheets_are_frozen_values() -> None:
    sheet = load_layout("black")
    with pytest.raises(AttributeError):
        sheet.name = "other"  # type: ignore[misc]
    assert repr(sheet) == "<ClassicSheet 'black' 15x7>"
