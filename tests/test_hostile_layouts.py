"""Hostile layout files: scalars YAML resolves by itself, numbers of the wrong kind and text
that cannot be printed. Each ends in one located line FILE:LINE:COLUMN and exit 2.

Classes 1 to 3 of issue 10, for layouts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.errors import LayoutError
from kok_layouts.model.loader import parse_layout
from kok_layouts.model.sheet import ClassicSheet

from .conftest import ROOT
from .hostile_helpers import assert_refused, run_kok, snapshot

TRAVEL = (ROOT / "examples" / "travel.yaml").read_text(encoding="utf-8")
HUGE_INTEGER = "1" * 5000


def _with(line_start: str, value: str) -> str:
    """travel.yaml with the value of the line starting ``line_start`` replaced."""
    pattern = re.compile(rf"(?m)^({re.escape(line_start)}\s*).*$")
    assert pattern.search(TRAVEL), line_start
    return pattern.sub(lambda m: m.group(1) + value, TRAVEL, count=1)


def _line_of(text: str, line_start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(line_start))


def _refused(tmp_path: Path, text: str, line_start: str, command: str = "show",
             *extra: str) -> None:
    layout = tmp_path / "board.yaml"
    layout.write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_kok(command, str(layout), *(a.replace("OUT", str(tmp_path)) for a in extra))
    line = _line_of(text, line_start)
    assert_refused(run, f"{layout}:{line}:", before, tmp_path)


# Class 1: scalars PyYAML would resolve or construct by itself.
EXPLICIT_TAGS = [
    "!!bool maybe", "!!float abc", "!!int 0xZZ", "!!int 12abc", "!!timestamp foo",
    "!!timestamp 2001-13-45", "!!binary aGk=", "!!python/name:os.system", "!!null x",
    "!!set {a: 1}", "!!omap [a: 1]", "!!pairs [a: 1]", "!mytag 3", "!!float", "!!int",
    f"!!int {HUGE_INTEGER}", "!!float 1e99999x",
]


@pytest.mark.parametrize("value", EXPLICIT_TAGS, ids=lambda v: v[:24])
@pytest.mark.parametrize("key", ["title:", "star_penalty:"])
def test_an_explicit_tag_is_one_located_problem(tmp_path: Path, key: str, value: str) -> None:
    _refused(tmp_path, _with(key, value), key)


@pytest.mark.parametrize("key", ["star_penalty:", "exclamation_marks:", "format:"])
def test_an_integer_beyond_the_digit_limit_is_one_located_problem(tmp_path: Path,
                                                                  key: str) -> None:
    _refused(tmp_path, _with(key, HUGE_INTEGER), key)


@pytest.mark.parametrize("value", ["2001-13-45", "2001-02-03", "2001-02-03 04:05:06", "=",
                                   "1_000", "0b101", "0o17", "+.inf", ".nan", "1:20"])
def test_a_title_that_looks_like_a_date_or_number_is_text_or_refused(tmp_path: Path,
                                                                      value: str) -> None:
    text = _with("title:", value)
    try:
        sheet = parse_layout(text, "board.yaml")
    except LayoutError as err:
        assert err.kind == "schema" and len(err.problems) == 1
        assert str(err).startswith("board.yaml:5:")
        return
    assert sheet.title == value  # no timestamp resolver: a date stays the text written


def test_an_impossible_date_as_a_title_prints_as_written(tmp_path: Path) -> None:
    layout = tmp_path / "board.yaml"
    layout.write_text(_with("title:", "2001-13-45"), encoding="utf-8")
    run = run_kok("show", str(layout))
    assert run.code == 0 and run.out.startswith("2001-13-45 (travel")


# Class 2: numbers of the wrong kind. Every integer of a layout must be written as one.
INTEGER_FIELDS = [
    ("format:", "1.0"), ("star_penalty:", "2.0"), ("exclamation_marks:", "5.0"),
    ("exclamation_marks:", "5.5"), ("star_penalty:", "1e1"), ("star_penalty:", ".inf"),
    ("star_penalty:", ".nan"), ("star_penalty:", "true"), ("star_penalty:", '"2"'),
    ("colour_bonus:", "{first: 4.0, later: 2}"), ("colour_bonus:", "{first: 4, later: 2.0}"),
    ("  first:", "[4, 3, 2, 1, 1.0, 1, 2, 3, 4]"), ("  later:", "[2, 2, 1, 1, 0, 1, 1, 2, 2.0]"),
    ("exclamation_marks:", "-0.0"),
]


@pytest.mark.parametrize(("key", "value"), INTEGER_FIELDS, ids=lambda v: v.strip(": "))
def test_a_float_where_an_integer_is_meant_is_refused_where_it_is_written(
        tmp_path: Path, key: str, value: str) -> None:
    _refused(tmp_path, _with(key, value), key)


@pytest.mark.parametrize("command", [("show",), ("score",), ("moves", "--colour", "green"),
                                     ("preview", "-o", "OUT/board.png"),
                                     ("render", "-o", "OUT/board.pdf"),
                                     ("check", "--games", "1")], ids=lambda c: c[0])
def test_five_point_zero_never_reaches_the_score(tmp_path: Path,
                                                 command: tuple[str, ...]) -> None:
    _refused(tmp_path, _with("star_penalty:", "5.0"), "star_penalty:", *command)


# Class 3: text that cannot be printed or encoded.
UNPRINTABLE = ['"\\ud800"', '"a\\udfffb"', '"\\0"', '"a\\x00b"', '"\\e[31mred"', '"\\x7f"',
               '"\\x9b"', '"bell\\a"', '"\\N"']


@pytest.mark.parametrize("value", UNPRINTABLE)
@pytest.mark.parametrize("key", ["title:", "description:", "  g:"])
def test_text_that_cannot_be_printed_is_one_located_problem(tmp_path: Path, key: str,
                                                            value: str) -> None:
    if key == "  g:":
        value = "{name: " + value + ', print: "#4fa447"}'
    _refused(tmp_path, _with(key, value), key)


@pytest.mark.parametrize("key", ["title:", "description:", "name:"])
def test_a_name_of_thousands_of_characters_is_one_located_problem(tmp_path: Path,
                                                                   key: str) -> None:
    _refused(tmp_path, _with(key, "x" * 5000), key)


def test_an_unprintable_key_is_one_located_problem(tmp_path: Path) -> None:
    _refused(tmp_path, TRAVEL.replace("star_penalty:", '"star\\ud800":'), '"star')


SCALARS = st.one_of(
    st.text(max_size=30).map(lambda t: '"' + t.encode("unicode_escape").decode("ascii")
                             .replace('"', '\\"') + '"'),
    st.from_regex(r"!![a-z]{1,10} [ -~]{0,20}", fullmatch=True),
    st.from_regex(r"[0-9][0-9:._eE+-]{0,30}", fullmatch=True),
    st.sampled_from(["~", "null", "yes", "No", "on", ".inf", "-.NaN", "0x1F", "0o7", "=",
                     "<<", "*a", "&a x", "[]", "{}"]),
)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(["title:", "star_penalty:", "exclamation_marks:", "name:",
                            "start_columns:", "description:"]),
       value=SCALARS)
def test_any_scalar_in_any_field_ends_in_a_sheet_or_located_problems(key: str,
                                                                     value: str) -> None:
    text = _with(key, value)
    try:
        sheet = parse_layout(text, "board.yaml")
    except LayoutError as err:
        for problem in err.problems:
            assert problem.location is not None and problem.location.file == "board.yaml"
            assert "\n" not in problem.message
        return
    str(sheet).encode("utf-8")  # whatever was accepted can be printed
    assert isinstance(sheet, ClassicSheet)
    assert type(sheet.star_penalty) is int and type(sheet.exclamation_marks) is int
