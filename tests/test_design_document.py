"""The board document kok design edits: written back as the layout files are written (their
comments kept), resized with every per-column list following, new boards for each edition,
and checked exactly as ``kok validate`` checks a file."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import limits
from kok_layouts.design.document import (
    DesignError,
    builtin_document,
    new_document,
    read_document,
    resize,
    to_yaml,
    validate,
)
from kok_layouts.editions import EDITION_NAMES
from tests.conftest import ROOT

FILES = sorted((ROOT / "layouts").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))


def opened(path: Path) -> tuple[dict[str, Any], str]:
    return read_document(path.read_bytes(), str(path))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_an_unchanged_board_is_written_back_byte_for_byte(path: Path) -> None:
    doc, text = opened(path)
    assert to_yaml(doc, text) == text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_board_written_without_its_file_reads_back_the_same(path: Path) -> None:
    doc, _ = opened(path)
    assert yaml.safe_load(to_yaml(doc)) == doc


def test_a_changed_key_keeps_the_comments_above_and_beside_it() -> None:
    doc, text = opened(ROOT / "examples" / "travel.yaml")
    doc["exclamation_marks"] = 7
    doc["grid"][0] = doc["grid"][0].lower()
    out = to_yaml(doc, text)
    assert "exclamation_marks: 7      # jokers: each unused one is worth mark_points" in out
    assert "grid:                     # one string per row, top first" in out
    assert "  - ggyybbbrr\n" in out
    assert "\nformat: 1                 # the layout format version\n" in out
    changed = [a for a, b in zip(text.splitlines(), out.splitlines(), strict=True) if a != b]
    assert len(changed) == 2


def test_a_ruler_of_column_letters_goes_when_its_list_changes() -> None:
    doc, text = opened(ROOT / "layouts" / "kids.yaml")
    out = to_yaml(resize(doc, 14, 5), text)
    assert "#          A  B  C" not in out
    # The writer lines the new list up under a ruler that fits it.
    assert ("         #  A  B  C  D  E  F  G  H  I  J  K  L  M  N\n"
            "buckets:  [ 2,  2,  1,  1,  1,  1,  0,  1,  1,  1,  1,  2,  2,  1]\n") in out


def test_a_removed_key_is_gone_and_a_new_key_comes_last() -> None:
    doc, text = opened(ROOT / "examples" / "travel.yaml")
    del doc["description"]
    doc["mark_points"] = 2
    out = to_yaml(doc, text)
    assert "description" not in out
    assert out.endswith("mark_points: 2            # per unused exclamation mark\n")


def test_resizing_carries_every_per_column_and_per_row_list() -> None:
    doc, _ = builtin_document("grey")
    small = resize(doc, 9, 5)
    assert small["grid"] == [row[:9] for row in doc["grid"][:5]]
    assert len(small["column_points"]["first"]) == len(small["column_points"]["later"]) == 9
    assert small["start_columns"] == ["H"]
    assert small["rows"]["labels"] == ["P", "Q", "R", "S", "T"]
    assert len(small["rows"]["items"]) == 5
    assert small["boxes"]["cells"] == ["B3", "E4"]  # O3, L5 and F7 fall off
    big = resize(small, 12, 8)
    assert all(len(row) == 12 for row in big["grid"]) and len(big["grid"]) == 8
    assert big["grid"][0][9:] == big["grid"][0][8].lower() * 3
    assert big["rows"]["items"][5:] == [None, None, None]
    assert len(set(big["rows"]["labels"])) == 8


def test_resizing_kids_carries_buckets_visitors_and_enclosures() -> None:
    doc, _ = builtin_document("kids")
    doc["enclosures"] = ["a" * 13] * 5
    wide = resize(doc, 15, 5)
    assert len(wide["buckets"]) == len(wide["visitors"]) == 15
    assert wide["visitors"][-1] == "visitor O"
    assert all(len(row) == 15 for row in wide["enclosures"])


def test_a_start_column_cut_off_moves_to_the_middle() -> None:
    doc, _ = builtin_document("black")
    assert resize(doc, 5, 7)["start_columns"] == ["C"]


@pytest.mark.parametrize(("width", "height"), [(4, 7), (27, 7), (15, 2), (15, 21)])
def test_a_size_off_the_limits_is_refused(width: int, height: int) -> None:
    doc, _ = builtin_document("black")
    with pytest.raises(DesignError, match="5 to 26 columns wide and 3 to 20 rows high"):
        resize(doc, width, height)
    with pytest.raises(DesignError, match="5 to 26 columns wide and 3 to 20 rows high"):
        new_document("classic", width, height)


def test_the_designer_offers_the_sizes_layouts_allow() -> None:
    """A board the designer makes at its smallest and largest size is a valid layout."""
    for edition in EDITION_NAMES:
        for size in ((limits.WIDTH.low, limits.HEIGHT.low),
                     (limits.WIDTH.high, limits.HEIGHT.high)):
            assert validate(to_yaml(new_document(edition, *size)), "new.yaml").valid
    with pytest.raises(DesignError):
        new_document("classic", 4, 3)


@pytest.mark.parametrize("value", ["9", 9.0, True, None])
def test_a_size_of_the_wrong_type_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        new_document("classic", value, 5)  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", EDITION_NAMES)
@pytest.mark.parametrize(("width", "height"), [(5, 3), (9, 5), (15, 7), (26, 20)])
def test_a_new_board_of_any_size_is_valid_from_the_start(edition: str, width: int,
                                                         height: int) -> None:
    doc = new_document(edition, width, height)
    assert (len(doc["grid"][0]), len(doc["grid"])) == (width, height)
    result = validate(to_yaml(doc), "new.yaml")
    assert result.lines == ()
    assert result.sheet is not None and result.sheet.edition == edition


@pytest.mark.parametrize("width", range(limits.WIDTH.low, limits.WIDTH.high + 1))
def test_a_new_kids_boards_buckets_follow_its_star_column(width: int) -> None:
    """0 under the star column, 2 2 at both edges, as on the built-in sheet, for any width
    (a 15-wide board once had its 0 under G and its stars in H)."""
    doc = new_document("kids", width, 5)
    stars = {column for row in doc["grid"] for column, char in enumerate(row)
             if char.isupper()}
    assert stars == {width // 2}
    buckets = doc["buckets"]
    assert len(buckets) == width and buckets.index(0) == width // 2 and buckets.count(0) == 1
    assert buckets[:2] == buckets[-2:] == [2, 2]
    official = validate(to_yaml(doc), "new.yaml", "official").lines
    assert not [line for line in official if "buckets" in line], official


def test_a_built_in_start_is_renamed_so_it_never_shadows_the_original() -> None:
    doc, text = builtin_document("zwart")
    assert doc["name"] == "my-black" and "aliases" not in doc
    assert text.startswith("# The black classic pad")


@pytest.mark.parametrize("bad", [[], "grid", {"edition": "chess", "grid": ["ab"]},
                                 {"edition": "classic", "grid": ["abc", "ab"]},
                                 {"edition": "classic", "grid": ["abc"], "colours": {}}])
def test_a_document_the_designer_cannot_draw_is_refused_in_one_line(bad: Any) -> None:
    with pytest.raises(DesignError) as caught:
        resize(bad, 5, 5)
    assert "\n" not in str(caught.value)


def test_validation_gives_the_lines_of_kok_validate(tmp_path: Path, kok: Any) -> None:
    doc, text = opened(ROOT / "examples" / "travel.yaml")
    doc["grid"][2] = "z" + doc["grid"][2][1:]
    doc["colour_bonus"] = {"first": 4}
    doc["column_points"]["later"].pop()
    path = tmp_path / "bad.yaml"
    out = to_yaml(doc, text)
    path.write_text(out)
    for profile in ("basic", "official"):
        result = validate(out, str(path), profile)
        run = kok("validate", str(path), "--profile", profile)
        assert list(result.lines) == run.out.splitlines()
        assert not result.valid


# Any edit the page can make writes a file that reads back as the same board.

_cells = st.tuples(st.integers(0, 14), st.integers(0, 6))
_letters = st.sampled_from("gybroGYBRO.")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_cells, _letters), max_size=30),
       st.integers(limits.WIDTH.low, limits.WIDTH.high),
       st.integers(limits.HEIGHT.low, limits.HEIGHT.high), st.integers(0, 30))
def test_any_painting_and_resizing_reads_back_as_drawn(
        paints: list[tuple[tuple[int, int], str]], width: int, height: int, marks: int) -> None:
    doc, text = opened(ROOT / "layouts" / "grey.yaml")
    for (column, row), letter in paints:
        line = doc["grid"][row]
        doc["grid"][row] = line[:column] + letter + line[column + 1:]
    doc["exclamation_marks"] = marks
    doc = resize(doc, width, height)
    out = to_yaml(doc, text)
    assert yaml.safe_load(out) == doc
    validate(out, "grey.yaml")  # problems or none, never an exception


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=string.printable + "ßé€\u2028", max_size=40))
def test_any_title_is_written_as_yaml_that_reads_back(title: str) -> None:
    doc, text = opened(ROOT / "examples" / "travel.yaml")
    doc["title"] = title
    assert yaml.safe_load(to_yaml(doc, text))["title"] == title
