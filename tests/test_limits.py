"""Every limit is defined once, in kok_layouts.limits, and every surface keeps it.

Each test reads a bound from the one place and tries it, and one past it, on a surface: the
JSON Schemas (data that repeats the numbers), the command line, the Python API, the
generator and the designer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from kok_layouts import limits
from kok_layouts.editions import EDITIONS
from kok_layouts.resources import data_dir
from tests.hostile_helpers import run_kok


def _schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((data_dir("schemas") / f"{name}.schema.json")
                                        .read_text(encoding="utf-8"))
    return loaded


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_layout_schema_repeats_the_limits_exactly(edition: str) -> None:
    schema = _schema(edition)
    props = schema["properties"]
    assert props["name"]["maxLength"] == limits.LAYOUT_NAME_LENGTH
    assert props["title"]["maxLength"] == limits.TITLE_LENGTH
    assert props["description"]["maxLength"] == limits.DESCRIPTION_LENGTH
    assert props["grid"]["minItems"] == limits.HEIGHT.low
    assert props["grid"]["maxItems"] == limits.HEIGHT.high
    assert props["grid"]["items"]["minLength"] == limits.WIDTH.low
    assert props["grid"]["items"]["maxLength"] == limits.WIDTH.high
    marks = props["exclamation_marks"]
    assert (marks["minimum"], marks["maximum"]) == (limits.EXCLAMATION_MARKS.low,
                                                    limits.EXCLAMATION_MARKS.high)
    palette = schema["$defs"]["animal" if edition == "kids" else "colour"]
    assert palette["properties"]["name"]["maxLength"] == limits.COLOUR_NAME_LENGTH


def test_the_kids_schema_repeats_the_kids_limits() -> None:
    props = _schema("kids")["properties"]
    assert props["buckets"]["items"]["maximum"] == limits.BUCKETS.high
    assert props["food_boxes"]["maximum"] == limits.FOOD_BOXES.high
    assert (props["chameleon_every"]["minimum"], props["chameleon_every"]["maximum"]) == (
        limits.CHAMELEON_EVERY.low, limits.CHAMELEON_EVERY.high)
    assert props["visitors"]["items"]["maxLength"] == limits.VISITOR_NAME_LENGTH


def test_the_keer_op_keer_2_schema_repeats_its_limits() -> None:
    props = _schema("kok2")["properties"]
    assert props["boxes"]["properties"]["count"]["maximum"] == limits.BOXES.high
    assert props["hearts"]["properties"]["track"]["maximum"] == limits.HEART_TRACK.high
    assert props["special_die"]["maxItems"] == limits.SPECIAL_FACES.high
    assert props["star_penalty"]["maximum"] == limits.POINTS.high


def test_the_record_schema_repeats_the_game_limits() -> None:
    schema = _schema("record")
    props = schema["properties"]
    assert props["seed"]["minimum"] == limits.SEED.low
    assert props["seed"]["maximum"] == limits.SEED.high
    assert props["players"]["maxItems"] == limits.PLAYERS.high
    assert props["rolls"]["maxItems"] == limits.RECORD_ROLLS
    assert schema["$defs"]["name"]["maxLength"] == limits.PLAYER_NAME_LENGTH
    assert props["options"]["properties"]["max_rolls"]["maximum"] == limits.MAX_ROLLS.high


def test_the_editions_player_counts_are_the_limits() -> None:
    assert EDITIONS["classic"].players == limits.PLAYERS
    assert EDITIONS["kok2"].players == limits.PLAYERS
    assert EDITIONS["kids"].players == limits.KIDS_PLAYERS


SEEDED = [
    ("check", "black", "--games", "1", "--players", "1"),
    ("simulate", "black", "--games", "1", "--players", "1"),
    ("generate", "classic"),
]


@pytest.mark.parametrize("command", SEEDED, ids=lambda c: c[0])
def test_every_command_takes_the_largest_seed_and_refuses_one_more(
        command: tuple[str, ...]) -> None:
    assert run_kok(*command, "--seed", str(limits.SEED.high), "--quiet"
                   if command[0] != "generate" else "--count=1").code in (0, 1)
    for bad in (str(limits.SEED.high + 1), "-1", "\u0663", "1e3"):
        run = run_kok(*command, "--seed", bad)
        assert run.code == 2 and run.err.count("\n") == 1, (bad, run.err)


NUMBER_OPTIONS = [
    ("check", "black", "--games"), ("check", "black", "--players"),
    ("simulate", "black", "--games"), ("simulate", "black", "--jobs"),
    ("generate", "classic", "--count"), ("generate", "classic", "--colours"),
    ("generate", "classic", "--holes"), ("render", "black", "-o", "x.pdf", "--pages"),
    ("design", "--no-browser", "--port"),
]


@pytest.mark.parametrize("command", NUMBER_OPTIONS, ids=lambda c: f"{c[0]} {c[-1]}")
@pytest.mark.parametrize("text", ["\u0663", "\u00b2", "\uff13", "3.0", "0x3", ""])
def test_every_number_option_takes_ascii_digits_only(command: tuple[str, ...],
                                                     text: str) -> None:
    run = run_kok(*command, text)
    assert run.code == 2, run
    assert run.err.count("\n") == 1 and "Traceback" not in run.err


@pytest.mark.parametrize(("command", "bounds"), [
    (("check", "black", "--players"), limits.PLAYERS),
    (("simulate", "black", "--jobs"), limits.WORKERS),
    (("generate", "classic", "--count"), limits.GENERATE_COUNT),
    (("generate", "classic", "--colours"), limits.COLOURS),
    (("design", "--no-browser", "--port"), limits.PORT),
], ids=lambda value: value[-1] if isinstance(value, tuple) else "")
def test_a_number_one_past_a_limit_is_refused(command: tuple[str, ...],
                                             bounds: limits.Bounds) -> None:
    for value in (bounds.low - 1, bounds.high + 1):
        run = run_kok(*command, str(value))
        assert run.code == 2 and run.err.count("\n") == 1, (value, run.err)


def test_kids_player_counts_come_from_the_edition() -> None:
    high = limits.KIDS_PLAYERS.high
    run = run_kok("simulate", "kids", "--games", "1", "--players", str(high + 1))
    assert run.code == 2 and f"{high}" in run.err


def test_bounds_refuse_wrong_types_and_values_with_the_projects_errors() -> None:
    from kok_layouts.errors import BadArgumentError, KokTypeError

    assert limits.SEED.check(limits.SEED.high) == limits.SEED.high
    with pytest.raises(BadArgumentError):
        limits.SEED.check(-1)
    with pytest.raises(KokTypeError):
        limits.SEED.check(True)
    with pytest.raises(KokTypeError):
        limits.SEED.check(2.0)
    with pytest.raises(BadArgumentError):
        limits.parse_whole("\u0663")
    assert limits.parse_in(" 12 ", limits.GAMES) == 12
