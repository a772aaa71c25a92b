"""Hostile game records: checked against schemas/record.schema.json before replay, every
problem one line naming the file and the JSON path of the bad value.

Class 6 of issue 10 (and classes 2 and 3 for records): deep nesting, huge integers, wrong
types in every field, ``"first_three_rolls_open": "no"``, unknown layouts, unprintable
names; fuzzed with hypothesis over the record JSON.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.errors import RecordError
from kok_layouts.rules.record import json_path, record_problems, replay

from .hostile_helpers import assert_refused, finished_record, run_kok, snapshot

Path_ = tuple[str | int, ...]


@cache
def _record(layout: str) -> str:
    """A finished two-player game on ``layout`` as JSON text (computed once)."""
    return json.dumps(finished_record(layout, 5))


def record(layout: str = "black") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_record(layout))
    return data


def _first_choice(data: dict[str, Any]) -> Path_:
    for index, roll in enumerate(data["rolls"]):
        for name, choice in roll["choices"].items():
            if choice is not None and "colour" in choice:
                return ("rolls", index, "choices", name)
    raise AssertionError("no move")


def _set(data: Any, path: Path_, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _replay_refused(tmp_path: Path, data: Any, naming: str, *, text: str | None = None
                    ) -> str:
    path = tmp_path / "game.json"
    path.write_text(text if text is not None else json.dumps(data), encoding="utf-8",
                    errors="surrogatepass")
    before = snapshot(tmp_path)
    run = run_kok("replay", str(path))
    assert_refused(run, f"{path}", before, tmp_path)
    assert naming in run.err, (naming, run.err)
    return run.err


def test_the_records_of_all_three_editions_pass_their_schema() -> None:
    for layout in ("black", "grey", "kids"):
        assert record_problems(record(layout)) == []
        replay(record(layout))


# Wrong types in every field: (path, a value of the wrong kind, what the line says).
CHOICE = _first_choice(record())
FIELDS: list[tuple[Path_, Any]] = [
    (("format",), 1.0), (("format",), "1"), (("format",), 2), (("layout",), 5),
    (("layout",), None), (("layout",), ["black"]), (("solo",), "no"), (("solo",), 0),
    (("options",), "first_three_rolls_open=off"), (("options",), None), (("options",), []),
    (("options", "first_three_rolls_open"), "no"), (("options", "first_three_rolls_open"), 0),
    (("options", "first_three_rolls_open"), None), (("options", "connect_through_crossed"), "on"),
    (("options", "end"), "never"), (("options", "end"), 1), (("options", "max_rolls"), 0),
    (("options", "max_rolls"), 5.0), (("options", "max_rolls"), "60"), (("options", "extra"), 1),
    (("seed",), -1), (("seed",), 1.5), (("seed",), "11"), (("seed",), 2**64),
    (("players",), "Ann"), (("players",), []), (("players",), ["Ann", "Ann"]),
    (("players",), [1, 2]), (("players",), [None]), (("players",), ["A" * 500]),
    (("players",), ["A\x00", "B"]), (("players",), ["\ud800", "B"]), (("players",), [""]),
    (("rolls",), {}), (("rolls",), None), (("rolls", 0), []), (("rolls", 0), None),
    (("rolls", 0, "active"), 0), (("rolls", 0, "colours"), "green"),
    (("rolls", 0, "colours", 0), 3), (("rolls", 0, "numbers", 0), 6),
    (("rolls", 0, "numbers", 0), 2.0), (("rolls", 0, "numbers", 0), None),
    (("rolls", 0, "numbers", 0), "seven"), (("rolls", 0, "special"), "boom"),
    (("rolls", 0, "choices"), []), (("rolls", 0, "choices"), None),
    (("rolls", 0, "extra"), True), (CHOICE, 5), (CHOICE, "pass"), (CHOICE, []),
    ((*CHOICE, "cells"), "H1"), ((*CHOICE, "cells"), None), ((*CHOICE, "cells"), [7]),
    ((*CHOICE, "cells"), [None]), ((*CHOICE, "cells"), ["Z99x"]),
    ((*CHOICE, "colour_die"), -1), ((*CHOICE, "colour_die"), 0.0),
    ((*CHOICE, "colour_die"), "0"), ((*CHOICE, "number_die"), 9), ((*CHOICE, "number"), 9),
    ((*CHOICE, "number"), 2.0), ((*CHOICE, "colour"), 1), ((*CHOICE, "colour"), None),
    ((*CHOICE, "bombs"), "C3"), ((*CHOICE, "nonsense"), 1), (("scores",), []),
    (("scores", "Ann"), 5), (("scores", "Ann", "total"), 5.0), (("winners",), "Ann"),
    (("winners",), [3]), (("extra",), 1),
]


@pytest.mark.parametrize(("path", "value"), FIELDS,
                         ids=[f"{json_path(p)}={json.dumps(v)[:12]}" for p, v in FIELDS])
def test_a_value_of_the_wrong_kind_is_one_line_naming_its_json_path(
        tmp_path: Path, path: Path_, value: Any) -> None:
    data = record()
    _set(data, path, value)
    err = _replay_refused(tmp_path, data, "$")
    expected = json_path(path)
    if path[-1] == "extra" or path[-1] == "nonsense":
        expected = json_path(path[:-1])
    assert f": {expected}" in err or f": {expected}[" in err or f": {expected}." in err, err


def test_first_three_rolls_open_no_is_refused_not_read_as_on(tmp_path: Path) -> None:
    data = record()
    data["options"]["first_three_rolls_open"] = "no"
    err = _replay_refused(tmp_path, data, "$.options.first_three_rolls_open: must be true "
                                          "or false, not text")
    assert "no" not in err.split(":")[0]


@pytest.mark.parametrize(("text", "naming"), [
    ("[" * 100_000, "nested too deeply"),
    ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "more digits"),
    ('{"seed": 1e999}', "$"),
    ('{"seed": NaN}', "NaN"),
    ('{"seed": -Infinity}', "Infinity"),
    ('{"format": 1, "format": 1}', "written twice"),
    ("", "not JSON"),
    ("   ", "not JSON"),
    ("\ufeff{}", "not JSON"),
    ('{"format": 1,}', "not JSON"),
    ("[]", "not a list"),
    ('"record"', "not text"),
    ("null", "not null"),
    ("{}", "missing field"),
], ids=lambda v: str(v)[:20])
def test_a_file_that_is_not_a_record_is_one_line(tmp_path: Path, text: str,
                                                 naming: str) -> None:
    _replay_refused(tmp_path, None, naming, text=text)


def test_bytes_that_are_not_utf8_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"layout": "\xff"}')
    before = snapshot(tmp_path)
    assert_refused(run_kok("replay", str(path)), f"{path}:1: not UTF-8", before, tmp_path)


@pytest.mark.parametrize(("layout", "naming"), [
    ("nope", "$.layout: unknown layout 'nope'"),
    ("nope.yaml", "$.layout"),
    ("../../../../../../../etc/passwd", "$.layout"),
    ("/dev/zero", "$.layout"),
    ("x" * 300 + ".yaml", "$.layout"),
    ("bad.yaml", "$.layout: the layout cannot be loaded: "),
    ("grey", "is a kok2 sheet; this record holds a classic game"),
])
def test_an_unknown_or_broken_layout_is_one_line(tmp_path: Path, layout: str,
                                                 naming: str) -> None:
    (tmp_path / "bad.yaml").write_text("format: 1\nedition: classic\ntitle: !!int x\n")
    data = record()
    data["layout"] = layout
    _replay_refused(tmp_path, data, naming)


def test_a_record_for_another_edition_is_one_line(tmp_path: Path) -> None:
    data = record("kids")
    data["edition"] = "classic"
    _replay_refused(tmp_path, data, "$")


def test_render_with_a_broken_record_is_one_line_and_writes_no_pdf(tmp_path: Path) -> None:
    data = record()
    data["players"] = ["Ann", 5]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    before = snapshot(tmp_path)
    run = run_kok("render", "black", "-o", str(tmp_path / "ann.pdf"), "--record", str(path),
                  "--player", "Ann")
    assert_refused(run, f"{path}: $.players[1]: must be text", before, tmp_path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6)


def _paths(data: Any, here: Path_ = ()) -> list[Path_]:
    found: list[Path_] = [here] if here else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*here, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            found += _paths(value, (*here, index))
    return found


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st.sampled_from(["black", "grey", "kids"]), data=st.data())
def test_any_damaged_record_replays_or_is_refused_with_a_located_record_error(
        layout: str, data: st.DataObject) -> None:
    damaged = record(layout)
    paths = _paths(damaged)
    path = data.draw(st.sampled_from(paths))
    _set(damaged, path, data.draw(JSON))
    try:
        replay(copy.deepcopy(damaged), "game.json")
    except RecordError as err:
        text = str(err)
        assert text.startswith("game.json") and "\n" not in text
        text.encode("utf-8")  # printable as it stands


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(value=JSON, key=st.sampled_from(["seed", "players", "options", "rolls", "solo"]))
def test_any_value_in_a_top_level_field_ends_in_one_line_from_the_command(
        tmp_path: Path, value: Any, key: str) -> None:
    damaged = record()
    damaged[key] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(damaged))
    run = run_kok("replay", str(path))
    if run.code == 0:
        return
    lines = run.err.strip().splitlines()
    assert run.code == 2 and len(lines) == 1 and lines[0].startswith(f"kok: {path}")
