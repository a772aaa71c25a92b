"""Every malformed layout ends in one clear FILE:LINE:COLUMN line and exit 1 or 2.

The corpus lives in tests/data/bad/; each file's expected exit code, place and message are
listed here, and every file of the folder must be listed.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import LayoutError, load_file
from kok_layouts.model.source import MAX_FILE_BYTES

from .conftest import DATA, kok_process

BAD = DATA / "bad"

# file: (exit code, line, column, words the first line must contain)
EXPECTED: dict[str, tuple[int, int, int, str]] = {
    "alias_bomb.yaml": (2, 1, 1, "alias bomb"),
    "bad_indent.yaml": (2, 23, 4, "YAML syntax"),
    "bad_print_colour.yaml": (2, 10, 26, "#rrggbb"),
    "binary_junk.yaml": (2, 2, 118, "not UTF-8"),
    "colour_key_two_letters.yaml": (2, 11, 3, "single lowercase letter"),
    "column_points_length.yaml": (1, 22, 10, "one per column"),
    "comments_only.yaml": (2, 1, 1, "no YAML document"),
    "duplicate_key.yaml": (2, 27, 1, "duplicate key 'name'"),
    "empty.yaml": (2, 1, 1, "file is empty"),
    "grid_too_narrow.yaml": (2, 14, 5, "at least 5 needed"),
    "kids_animal_without_colour.yaml": (2, 11, 6, "missing key 'colour'"),
    "kids_buckets_length.yaml": (1, 23, 11, "buckets has 12 values"),
    "kids_enclosures_shape.yaml": (1, 25, 5, "grid's shape"),
    "kids_missing_visitors.yaml": (2, 4, 1, "missing key 'visitors'"),
    "kok2_box_cell_off_board.yaml": (1, 35, 27, "F9 is off the 15 x 7 grid"),
    "kok2_rows_length.yaml": (1, 31, 11, "one per row"),
    "kok2_unknown_face.yaml": (2, 43, 22, "'hearts'"),
    "latin1.yaml": (2, 5, 12, "not UTF-8"),
    "merge_key.yaml": (2, 26, 3, "merge keys"),
    "missing_edition.yaml": (2, 2, 1, "missing key 'edition'"),
    "missing_grid.yaml": (2, 2, 1, "missing key 'grid'"),
    "negative_bonus.yaml": (2, 24, 23, "minimum of 0"),
    "nul_bytes.yaml": (2, 2, 17, "not a text file"),
    "null_title.yaml": (2, 5, 7, "title must be of type string"),
    "python_tag.yaml": (2, 5, 8, "not allowed"),
    "ragged_grid.yaml": (1, 17, 5, "grid row 4 has 7 cells"),
    "recursive_alias.yaml": (2, 1, 1, "nested"),
    "same_colour_name.yaml": (1, 11, 3, "two colours are called 'red'"),
    "start_column_lowercase.yaml": (2, 19, 17, "'e'"),
    "start_column_off_grid.yaml": (1, 19, 17, "column Q is off the grid"),
    "tabs.yaml": (2, 8, 1, "tabs"),
    "too_many_rows.yaml": (2, 14, 3, "at most 20 allowed"),
    "top_level_list.yaml": (2, 1, 1, "must be a mapping"),
    "top_level_text.yaml": (2, 1, 1, "must be a mapping"),
    "two_documents.yaml": (2, 27, 1, "another document"),
    "unclosed_bracket.yaml": (2, 23, 8, "expected ',' or ']'"),
    "unknown_edition.yaml": (2, 3, 10, "edition is 'classik'"),
    "unknown_key.yaml": (2, 7, 1, "did you mean 'colours'"),
    "unknown_letter.yaml": (1, 16, 9, "letter 'x'"),
    "unused_colour.yaml": (1, 13, 3, "purple (p) is declared"),
    "whitespace_only.yaml": (2, 1, 1, "file is empty"),
    "wrong_format.yaml": (2, 2, 9, "format must be 1"),
    "wrong_type.yaml": (2, 25, 20, "must be of type integer"),
}

LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<message>.+)$")


def test_the_corpus_has_at_least_thirty_files_and_each_is_expected() -> None:
    files = sorted(p.name for p in BAD.iterdir())
    assert len(files) >= 30
    assert files == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_layout_is_reported_at_its_place(name: str, kok: Any) -> None:
    code, line, column, words = EXPECTED[name]
    path = BAD / name
    run = kok("validate", str(path))
    assert run.code == code
    lines = run.out.splitlines()
    assert lines, "validate printed nothing"
    for text in lines:
        assert LINE.match(text), text
    first = LINE.match(lines[0])
    assert first is not None
    assert first["file"] == str(path)
    assert (int(first["line"]), int(first["column"])) == (line, column), lines[0]
    assert words in first["message"]
    assert "Traceback" not in run.out + run.err


@pytest.mark.parametrize("name", ["alias_bomb.yaml", "binary_junk.yaml", "ragged_grid.yaml"])
def test_a_real_process_prints_no_traceback(name: str) -> None:
    run = kok_process("validate", str(BAD / name))
    assert run.code == EXPECTED[name][0]
    assert "Traceback" not in run.out + run.err
    assert LINE.match(run.out.splitlines()[0])


def test_a_file_over_one_megabyte_is_refused_quickly(tmp_path: Path, kok: Any) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("format: 1\n" + "# padding\n" * (MAX_FILE_BYTES // 10 + 10))
    started = time.process_time()  # CPU seconds: the same on a busy machine
    run = kok("validate", str(path))
    assert time.process_time() - started < 5
    assert run.code == 2
    assert run.out.startswith(f"{path}:1:1: file is ")
    assert "limit" in run.out


def test_all_problems_of_a_file_are_listed_at_once(tmp_path: Path) -> None:
    text = (BAD.parent.parent.parent / "examples" / "travel.yaml").read_text()
    text = text.replace("exclamation_marks: 5", "exclamation_marks: many")
    text = text.replace('print: "#3b83c6"', "print: blue").replace("title:", "titel:")
    path = tmp_path / "three.yaml"
    path.write_text(text)
    with pytest.raises(LayoutError) as caught:
        load_file(path)
    assert caught.value.kind == "schema"
    messages = [p.message for p in caught.value.problems]
    assert any("unknown key 'titel'" in m for m in messages)
    assert any("colours.b.print" in m for m in messages)
    assert any("exclamation_marks" in m for m in messages)
    assert "unknown key" in messages[0], "an unknown key is the most relevant problem"


def test_an_unreadable_path_is_one_line(kok: Any, tmp_path: Path) -> None:
    run = kok("validate", str(tmp_path / "missing.yaml"))
    assert run.code == 2
    missing = tmp_path / "missing.yaml"
    assert run.out.strip() == f"{missing}:1:1: cannot read: No such file or directory"
    run = kok("validate", str(tmp_path) + "/")
    assert run.code == 2
    assert "is a folder" in run.out
