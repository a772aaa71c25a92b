"""The built-in layouts carry exactly the data of the printed sheets (official-sheets.md)."""

from __future__ import annotations

import pytest

from kok_layouts import ClassicSheet, Kok2Sheet, check_sheet, load_layout

# Transcribed from the reference data, independently of layouts/*.yaml.
CLASSIC_GRIDS = {
    "black": """gggyyyyGbbbOyyy ogYgYyoorBboogg BgrgggGrrryyogg brrgoObbggyyoRb
                roooorbbooorrrr rBbRrrryYoRbbbO yybbbbryyyggGoo""",
    "red": """gGooOrrrYbbbbbr rooygGbyyyGooOr BbbRggByrrrogoo bbrrrggOoRygggg
              brrbbbobboyyyyB oyggboogbooYRry yyYgyyygggorrry""",
    "blue": """rrggyyYggrrrroo OrrBbGyggRgYroo bOobgggroggggGy bbooogrrooooBby
               gbbrrrbBbbObyyG ggYyrbbyyybboyb yyyyRoooRyyborr""",
    "orange": """OoYorrRgoRggggg boooGrggYrrGbyy ybbggrgyyyrrbyO yYbyyyyBbyyrooo
                 rygBbGyobbbbobb gggrbbboggOyyBb grrrooorroooRrr""",
    "yellow": """rggYyyyorrgggbY rgrrryyorrggbbb bRrbbGggggRbOBr oooobbbBgYybrrr
                 ybboorrrbbbRroo yyBggoOyyobyyyo GyygGooyOoooygg""",
    "green": """OgbbrrrgggYyyrr ggggrygRggryyry bboGyyGbrrrrooy booooggbbbboRoo
                bROrboooBYoorYO rrrrbbbyyyoBggg yyyyGByyooggbbb""",
    "purple": """yyOooGbbbyyrrgg obbbrrrRryYbrRo oobbYrOooBbbrbB oGyyyyogobbObbr
                 gggRyoggYooooor Bgrggogygrryyyr rrrgbbyyggggGyy""",
}
# The pad names in the four print languages (nl, de, fr), as `kok` accepts them.
CLASSIC_ALIASES = {
    "black": ["zwart", "schwarz", "noir"], "red": ["rood", "rot", "rouge"],
    "blue": ["blauw", "blau", "bleu"], "orange": ["oranje"],
    "yellow": ["geel", "gelb", "jaune"], "green": ["groen", "gruen", "vert"],
    "purple": ["paars", "lila", "violet"],
}
GREY_GRID = """rrOyyRrggyYOoob byyyoorrbByyroo bybbbooObggyrro oBbGbyybooggGrr
               oorrgbbbyooryyY ggroggGyyrrrbBg YggoRggyRrbbbgg"""
CLASSIC_FIRST = [5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5]
CLASSIC_LATER = [3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3]
GREY_FIRST = [5, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 5]


def grid_text(sheet: ClassicSheet) -> list[str]:
    rows = []
    for row in range(sheet.height):
        text = ""
        for column in range(sheet.width):
            cell = sheet.geometry.cell(column, row)
            key = sheet.cell_colours[cell] or "."
            text += key.upper() if cell in sheet.stars else key
        rows.append(text)
    return rows


@pytest.mark.parametrize("name", sorted(CLASSIC_GRIDS))
def test_classic_pad_grid_and_stars_equal_the_printed_pad(name: str) -> None:
    sheet = load_layout(name)
    assert isinstance(sheet, ClassicSheet) and sheet.edition == "classic"
    assert grid_text(sheet) == CLASSIC_GRIDS[name].split()


@pytest.mark.parametrize("name", sorted(CLASSIC_GRIDS))
def test_classic_pad_points_marks_and_start_equal_the_printed_pad(name: str) -> None:
    sheet = load_layout(name)
    assert isinstance(sheet, ClassicSheet)
    assert [p.first for p in sheet.column_points] == CLASSIC_FIRST
    assert [p.later for p in sheet.column_points] == CLASSIC_LATER
    assert (sheet.colour_bonus.first, sheet.colour_bonus.later) == (5, 3)
    assert [c.name for c in sheet.colours] == ["green", "yellow", "blue", "red", "orange"]
    assert sheet.exclamation_marks == 8
    assert sheet.star_penalty == 2
    assert sheet.mark_points == 1
    assert [sheet.cell_name(sheet.geometry.cell(c, 0))[0] for c in sheet.start_columns] == ["H"]


def test_grey_sheet_equals_the_printed_keer_op_keer_2_sheet() -> None:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet) and sheet.edition == "kok2"
    assert grid_text(sheet) == GREY_GRID.split()
    assert [p.first for p in sheet.column_points] == GREY_FIRST
    assert [p.later for p in sheet.column_points] == CLASSIC_LATER
    assert [r.label for r in sheet.rows] == list("PQRSTUV")
    assert [r.points for r in sheet.rows] == [5] * 7
    assert [r.item for r in sheet.rows] == ["box", "bomb", "heart", "bomb", "box", "heart", "bomb"]
    assert sorted(sheet.cell_name(c) for c in sheet.box_cells) == ["B3", "E4", "F7", "L5", "O3"]
    assert (sheet.box_count, sheet.boxes_at_start, sheet.box_points) == (9, 1, 2)
    assert [sheet.cell_name(c)[0] for c in (sheet.geometry.cell(col, 0)
                                            for col in sheet.box_columns)] == ["H"]
    assert (sheet.heart_track, sheet.column_hearts) == (5, True)
    assert sheet.exclamation_marks == 6
    faces = ["heart", "heart", "bomb", "stars", "row", "block"]
    assert sorted(sheet.special_faces) == sorted(faces)


def test_each_grey_box_cell_has_the_colour_the_reference_gives() -> None:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    colours = {sheet.cell_name(c): sheet.colour_by_key[sheet.cell_colours[c] or ""].name
               for c in sheet.box_cells}
    assert colours == {"B3": "yellow", "O3": "orange", "E4": "blue", "L5": "red", "F7": "green"}


@pytest.mark.parametrize("name", sorted(CLASSIC_GRIDS))
def test_every_classic_pad_answers_to_its_name_in_each_language(name: str) -> None:
    for alias in CLASSIC_ALIASES[name]:
        assert load_layout(alias).name == name
        assert load_layout(alias.upper()).name == name


@pytest.mark.parametrize("name", [*sorted(CLASSIC_GRIDS), "grey", "kids"])
def test_every_built_in_layout_passes_the_official_profile(name: str) -> None:
    assert check_sheet(load_layout(name), "official") == []
