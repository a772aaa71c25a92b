"""One set of input rules, every problem once, arguments checked at the door (issue 20,
classes 8, 9, 11 and 12, and the four cases of the earlier suite)."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import limits, load_layout, parse_layout, validate_sheet
from kok_layouts.analysis.check import check
from kok_layouts.analysis.simulate import simulate
from kok_layouts.errors import KokError, KokTypeError, LayoutError
from kok_layouts.generator import generate
from kok_layouts.render.document import render_pdf, render_png
from kok_layouts.rules import Game

from .conftest import ROOT
from .hostile_helpers import assert_refused, run_kok, snapshot

TRAVEL = (ROOT / "examples" / "travel.yaml").read_text(encoding="utf-8")
KEYS = ("name", "title", "start_columns", "column_points", "colour_bonus",
        "exclamation_marks", "star_penalty", "description", "colours")


def _without(text: str, keys: tuple[str, ...]) -> str:
    kept, skipping = [], False
    for line in text.splitlines():
        top = line.split(":")[0]
        if not line.startswith((" ", "#")) and line.strip():
            skipping = top in keys
        if not skipping and not (line.startswith("  #")):
            kept.append(line)
    return "\n".join(kept) + "\n"


# -- class 12: every problem once, structural ones alongside the schema's -----------------
def test_a_file_lacking_nine_keys_names_each_once_in_every_report(tmp_path: Path) -> None:
    path = tmp_path / "lack.yaml"
    path.write_text(_without(TRAVEL, KEYS))
    run = run_kok("validate", str(path))
    missing = [k for k in KEYS if k != "description"]  # description is optional
    lines = run.out.strip().splitlines()
    assert run.code == 2
    assert len(lines) == len(set(lines)), lines
    for key in missing:
        assert sum(f"missing key '{key}'" in line for line in lines) == 1, (key, lines)
    report = json.loads(run_kok("validate", "--json", str(path)).out)[0]["problems"]
    assert len(report) == len(lines)
    with pytest.raises(LayoutError) as raised:
        load_layout(path)
    assert [str(p) for p in raised.value.problems] == lines


MIXED = TRAVEL.replace("star_penalty: 2", 'star_penalty: "two"').replace(
    "  - oggYybrrO", "  - oggYybrr").replace("start_columns: [E]", "start_columns: [E, Z]")


@pytest.mark.parametrize("as_json", [False, True])
def test_structural_problems_are_reported_beside_schema_problems(
        tmp_path: Path, as_json: bool) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text(MIXED)
    run = run_kok("validate", *(["--json"] if as_json else []), str(path))
    assert run.code == 2
    text = run.out
    for what in ("star_penalty must be of type integer", "grid row 2 has 8 cells",
                 "column Z is off the grid"):
        assert what in text, (what, text)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_problem_of_a_broken_layout_is_reported_once(data: st.DataObject) -> None:
    drop = data.draw(st.lists(st.sampled_from(KEYS), unique=True))
    text = _without(TRAVEL, tuple(drop))
    if data.draw(st.booleans()):
        text = text.replace("  - oggYybrrO", "  - oggYybrrOq")
    try:
        parse_layout(text, "t.yaml")
    except LayoutError as err:
        assert len(set(err.problems)) == len(err.problems)
        for key in drop:
            if key != "description":
                assert sum(f"missing key '{key}'" in str(p) for p in err.problems) == 1


# -- class 9 and the earlier suite's case: layout texts that would spoof a terminal -------
INVISIBLE = ["\n", "\u202e", "\u200b", "\u200d", "\u2066", "\ufeff", "\u2028", "\x1b",
             "\u00ad", "\u061c"]


@pytest.mark.parametrize("char", INVISIBLE)
@pytest.mark.parametrize("field", ["name", "title", "colour", "alias"])
def test_invisible_and_control_characters_are_refused_in_a_layout(
        tmp_path: Path, field: str, char: str) -> None:
    text = {"name": TRAVEL.replace("name: travel", f"name: {json.dumps('travel' + char)}"),
            "title": TRAVEL.replace('title: "Travel board"',
                                    f"title: {json.dumps('Travel' + char + 'board')}"),
            "colour": TRAVEL.replace("{name: green,", f"{{name: {json.dumps('gr' + char)},"),
            "alias": TRAVEL.replace("name: travel",
                                    f"name: travel\naliases: [{json.dumps('t' + char)}]"),
            }[field]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_kok("show", str(path))
    assert_refused(run, f"{path}:", before, tmp_path)
    assert char not in run.err.rstrip("\n")


@settings(max_examples=40, deadline=None)
@given(title=st.text(st.characters(codec="utf-8"), min_size=1, max_size=30))
def test_a_title_loads_only_if_it_prints_as_it_is(title: str) -> None:
    text = TRAVEL.replace('title: "Travel board"', f"title: {json.dumps(title)}")
    try:
        sheet = parse_layout(text, "t.yaml")
    except LayoutError:
        return
    assert limits.unprintable(sheet.title) is None
    assert sheet.title == title


def test_the_description_may_hold_lines() -> None:
    text = TRAVEL.replace('description: "A quick 9 x 5 board, start in the middle column E."',
                          'description: "Line one.\\nLine two."')
    assert parse_layout(text).description == "Line one.\nLine two."


# -- class 8: digits, seeds, counts, ports the same everywhere -----------------------------
NOT_DIGITS = ["٣", "²", "\uff11", "1e3", "0x10", "+-1", "1_000", " ", "三", "-0x1"]


@pytest.mark.parametrize("word", NOT_DIGITS)
@pytest.mark.parametrize("args", [("generate", "classic", "--seed"),
                                  ("generate", "classic", "--count"),
                                  ("generate", "classic", "--holes"),
                                  ("simulate", "black", "--games"),
                                  ("check", "black", "--seed"),
                                  ("render", "black", "-o", "x.pdf", "--pages")])
def test_a_number_is_ascii_digits_in_every_command(tmp_path: Path, args: tuple[str, ...],
                                                   word: str) -> None:
    before = snapshot(tmp_path)
    run = run_kok(*[str(tmp_path / a) if a == "x.pdf" else a for a in args], word)
    assert_refused(run, args[-1], before, tmp_path)


@settings(max_examples=30, deadline=None)
@given(word=st.text(min_size=1, max_size=8))
def test_a_seed_the_command_line_takes_the_api_takes_too(word: str) -> None:
    try:
        value = limits.parse_in(word, limits.SEED)
    except KokError:
        run = run_kok("generate", "classic", "--seed", word)
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1
        return
    assert generate("classic", seed=value).request.seed == value


# -- class 11: API arguments checked at the door -------------------------------------------
@pytest.fixture(scope="module")
def black() -> Any:
    return load_layout("black")


def _any(value: object) -> Any:
    """A value of the wrong type, passed as a caller without a type checker would."""
    return value


def _calls(sheet: Any) -> dict[str, Any]:
    return {
        "generate time_limit text": lambda: generate("kids", balanced=True, time_limit=_any("10")),
        "generate time_limit -5": lambda: generate("kids", balanced=True, time_limit=-5),
        "generate time_limit nan": lambda: generate("kids", balanced=True,
                                                    time_limit=math.nan),
        "generate time_limit inf": lambda: generate("kids", balanced=True,
                                                    time_limit=math.inf),
        "generate progress": lambda: generate("kids", balanced=True, progress=_any(5)),
        "generate seed -1": lambda: generate("kids", seed=-1),
        "generate size": lambda: generate("classic", size="9x5x3"),
        "render_pdf sheet": lambda: render_pdf(sheet),
        "render_pdf None": lambda: render_pdf(_any([None])),
        "render_png dpi": lambda: render_png(sheet, dpi=float("nan")),
        "check_sheet None": lambda: validate_sheet(None),  # type: ignore[arg-type]
        "check executor": lambda: check(sheet, 10, executor=_any(object())),
        "check special_die": lambda: check(sheet, 10, special_die=_any("yes")),
        "check progress": lambda: check(sheet, 10, progress=_any("bar")),
        "simulate seed -1": lambda: simulate(sheet, 1, seed=-1),
        "simulate executor": lambda: simulate(sheet, 1, executor=_any(ThreadPoolExecutor)),
        "simulate games text": lambda: simulate(sheet, _any("10")),
        "simulate progress": lambda: simulate(sheet, 1, progress=_any(1)),
        "parse_cell Z9": lambda: sheet.parse_cell("Z9"),
        "Game text move": lambda: _text_move(sheet),
        "Game name a\\nb": lambda: Game(sheet, ["a\nb", "b"]),
        "load_layout None": lambda: load_layout(None),  # type: ignore[arg-type]
    }


def _text_move(sheet: Any) -> None:
    game = Game(sheet, ["Ann", "Bob"])
    game.throw(np.random.default_rng(1))
    game.choose(0, _any("y H1"))


CALLS = list(_calls(None))


@pytest.mark.parametrize("name", CALLS)
def test_every_public_function_refuses_a_bad_argument_with_the_projects_error(
        black: Any, name: str) -> None:
    with pytest.raises(KokError) as raised:
        _calls(black)[name]()
    assert type(raised.value).__module__ == "kok_layouts.errors"
    assert "\n" not in str(raised.value)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=st.one_of(st.none(), st.booleans(), st.floats(), st.text(max_size=5),
                       st.lists(st.integers(), max_size=2), st.integers(-5, -1),
                       st.integers(2**64, 2**70)))
def test_a_wrong_seed_or_count_is_refused_before_work(value: object) -> None:
    sheet = load_layout("kids")
    for call in (lambda: simulate(sheet, 1, seed=value),  # type: ignore[arg-type]
                 lambda: simulate(sheet, value),  # type: ignore[arg-type]
                 lambda: generate("kids", seed=value)):  # type: ignore[arg-type]
        with pytest.raises(KokError):
            call()


def test_a_type_error_is_also_a_type_error(black: Any) -> None:
    with pytest.raises(TypeError):
        check(black, 10, executor=_any(object()))
    with pytest.raises(KokTypeError):
        render_pdf(black)
