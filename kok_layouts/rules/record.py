"""Game records: a whole game as JSON (layout, options, seed, every roll and choice).

:func:`replay` re-plays a record move by move through the rules, so a record that breaks
a rule is refused with the roll and the player where it goes wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from jsonschema.exceptions import ValidationError

from kok_layouts import limits
from kok_layouts.errors import (
    BadArgumentError,
    IllegalMoveError,
    KokError,
    KokTypeError,
    LayoutError,
    RecordError,
    UnreadableFileError,
    shown,
    shown_repr,
)
from kok_layouts.input_file import read_input
from kok_layouts.model.loader import load_layout
from kok_layouts.model.schema_check import StrictValidator
from kok_layouts.model.sheet import SPECIAL_FACES, Sheet
from kok_layouts.output import write_atomically
from kok_layouts.resources import data_dir
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    Roll,
    face_name,
    parse_colour_face,
    parse_number_face,
)
from kok_layouts.rules.game import SPECIAL_DIE, Choice, Game
from kok_layouts.rules.game import new_game as new_game  # its old home: kept for importers
from kok_layouts.rules.kids import NO_DIE, KidsMove
from kok_layouts.rules.kok2 import Special
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.turns import Turns

RECORD_FORMAT = 1


def _number_json(number: int) -> int | str:
    return "joker" if number == JOKER_NUMBER else number


def choice_json(game: Game, choice: Choice | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    move = choice.move
    board = game.sheets[0].board
    entry: dict[str, Any]
    if isinstance(move, KidsMove):
        entry = {"die": choice.colour_die, "colour": face_name(game.sheet, move.die),
                 "cells": board.name_cells(move.cells)}
        if move.chameleon:
            entry["chameleon"] = board.name_cells(move.chameleon)
        return entry
    if isinstance(move, Special):
        entry = {"special": move.face, "cells": board.name_cells(move.cells)}
    else:
        entry = {
            "colour_die": choice.colour_die,
            "number_die": choice.number_die,
            "colour": game.sheet.colour_by_key[move.colour].name,
            "number": move.number,
            "cells": board.name_cells(move.cells),
        }
    if choice.bombs:
        entry["bombs"] = [board.name_cells(square) for square in choice.bombs]
    return entry


def record_json(game: Game, layout: str, seed: int | None = None) -> dict[str, Any]:
    """The record of ``game`` (finished or not) as a JSON-ready mapping."""
    sheet = game.sheet
    rolls = []
    for entry in game.log:
        roll: dict[str, Any] = {
            "active": game.players[entry.active],
            "colours": [face_name(sheet, face) for face in entry.roll.colours],
            "numbers": [_number_json(n) for n in entry.roll.numbers],
        }
        if entry.roll.special is not None:
            roll["special"] = entry.roll.special
        roll["choices"] = {name: choice_json(game, choice)
                           for name, choice in zip(game.players, entry.choices, strict=True)}
        rolls.append(roll)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "edition": sheet.edition,
        "layout": layout,
        "solo": game.solo,
        "options": game.options.as_dict(),
        "seed": seed,
        "players": list(game.players),
        "rolls": rolls,
    }
    if game.over:
        record["scores"] = {name: score.as_dict()
                            for name, score in zip(game.players, game.scores(), strict=True)}
        record["winners"] = game.winners()
    return record


def save_record(game: Game, path: str | Path, layout: str, seed: int | None = None) -> None:
    """Write the record of ``game`` to ``path`` as JSON, atomically.

    ``layout`` is what loads the game's sheet: a built-in name, or the path of a layout
    file, which the record keeps relative to its own folder (so that the two can move
    together; :func:`load_and_replay` reads it from there). Only a record
    :func:`read_record` reads back is written: the seed is ``None`` or within
    :data:`limits.SEED <kok_layouts.limits.SEED>`, at most
    :data:`limits.RECORD_ROLLS <kok_layouts.limits.RECORD_ROLLS>` rolls and
    :data:`limits.RECORD_BYTES <kok_layouts.limits.RECORD_BYTES>` bytes
    (:class:`RecordError` otherwise; the players' names the game itself checked).
    """
    if not isinstance(game, Game):
        raise KokTypeError(f"save_record saves a Game, not {type(game).__name__}")
    if not isinstance(path, (str, Path)):
        raise KokTypeError(f"a record is saved to a path, not {type(path).__name__}")
    if not isinstance(layout, str):
        raise KokTypeError(f"layout names the game's layout (a built-in name or a path), not "
                           f"{type(layout).__name__} {shown_repr(layout, 40)}")
    if not layout.strip():
        raise BadArgumentError("layout names the game's layout; it cannot be blank")
    if seed is not None:
        limits.SEED.check(seed)
    if game.rolls_done > limits.RECORD_ROLLS:
        raise RecordError(f"a record holds at most {limits.RECORD_ROLLS:,} rolls; this game "
                          f"has {game.rolls_done:,}")
    reference = _relative_reference(layout, Path(path))
    text = json.dumps(record_json(game, reference, seed), indent=1,
                      ensure_ascii=False) + "\n"
    data = text.encode("utf-8")
    if len(data) > limits.RECORD_BYTES:
        raise RecordError(f"the record would be {len(data):,} bytes; a record is at most "
                          f"{limits.RECORD_BYTES:,}")
    write_atomically(Path(path), data)


def _names_a_file(reference: str) -> bool:
    """Whether a record's ``layout`` names a file (else a built-in layout)."""
    return reference.endswith((".yaml", ".yml")) or "/" in reference or "\\" in reference


def _relative_reference(layout: str, record: Path) -> str:
    """``layout`` as the record at ``record`` keeps it: a file's path relative to the
    record's folder (as given when that cannot be: another drive, a name that is not
    a file)."""
    if not _names_a_file(layout):
        return layout
    try:
        if not Path(layout).is_file():
            return layout
        folder = record.resolve().parent  # as load_and_replay finds it
        return Path(os.path.relpath(Path(layout).resolve(), folder)).as_posix()
    except (OSError, ValueError):
        return layout


def read_record(path: str | Path) -> dict[str, Any]:
    """The JSON of a record file; :class:`RecordError` with line and column if it is not JSON.

    The file must be a regular file of at most :data:`limits.RECORD_BYTES
    <kok_layouts.limits.RECORD_BYTES>` (20 MB); NaN, Infinity, duplicate keys,
    numbers of thousands of digits and nesting too deep to read are refused, each in one
    line. The limits on nesting, values, rolls and players are checked while reading, so
    a record over one is refused before it is built in memory. The record's shape is
    checked by :func:`replay` against its JSON Schema.
    """
    name = shown(str(path))
    if not isinstance(path, (str, Path)):
        raise KokTypeError(f"a record is read from a path, not {type(path).__name__}")
    try:
        data = read_input(path, limits.RECORD_BYTES)
    except UnreadableFileError as err:
        raise RecordError(f"{name}: cannot read: {err.reason}") from None
    if len(data) > limits.RECORD_BYTES:
        raise RecordError(f"{name}: over {limits.RECORD_BYTES:,} bytes, too large for a record")
    problem = _over_limits(data)
    if problem is not None:
        raise RecordError(f"{name}: {problem}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise RecordError(f"{name}:{line}: not UTF-8 text; save the record as UTF-8") from None
    del data
    try:
        value = json.loads(text, parse_constant=_no_constant,
                           object_pairs_hook=_RollCounter())
    except json.JSONDecodeError as err:
        raise RecordError(f"{name}:{err.lineno}:{err.colno}: not JSON: {err.msg}") from None
    except RecursionError:
        raise RecordError(f"{name}: not a record: values nested too deeply to read") from None
    except RecordError as err:
        raise RecordError(f"{name}: {err}") from None
    except ValueError as err:
        raise RecordError(f"{name}: not a record: {_short(str(err))}") from None
    if not isinstance(value, dict):
        raise RecordError(f"{name}: a record is a JSON object {{...}}, not {_kind(value)}")
    players = value.get("players")
    if isinstance(players, list) and len(players) > limits.PLAYERS.high:
        raise RecordError(f"{name}: $.players: {len(players):,} players; a game has at most "
                          f"{limits.PLAYERS.high}")
    return value


_SKELETON = bytes(b for b in range(256) if b not in b'[]{}"')
"""Every byte but brackets and quotes: deleted to see a record's nesting."""


def _over_limits(data: bytes) -> str | None:
    """Which limit the JSON text ``data`` breaks, told without building it; None if none.

    Values are bounded by the commas and opening brackets (:data:`limits.RECORD_VALUES
    <kok_layouts.limits.RECORD_VALUES>`), objects by the opening braces
    (:data:`limits.RECORD_OBJECTS <kok_layouts.limits.RECORD_OBJECTS>`), both counted in
    the whole text; the nesting (:data:`limits.RECORD_DEPTH
    <kok_layouts.limits.RECORD_DEPTH>`) is measured outside strings. Each is a pass of C
    code over the bytes, so a 20 MB record is judged in a fraction of a second.
    """
    braces = data.count(b"{")
    values = data.count(b",") + data.count(b"[") + braces + 1
    if values > limits.RECORD_VALUES:
        return (f"not a record: more than {limits.RECORD_VALUES:,} values (a record holds "
                f"at most {limits.RECORD_ROLLS:,} rolls)")
    if braces > limits.RECORD_OBJECTS:
        return (f"not a record: more than {limits.RECORD_OBJECTS:,} objects (a record holds "
                f"at most {limits.RECORD_ROLLS:,} rolls)")
    if b"\\" in data:  # escaped backslashes and quotes are not a string's ends
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    skeleton = np.frombuffer(data.translate(None, _SKELETON), dtype=np.uint8)
    if not skeleton.size:
        return None
    inside = np.cumsum(skeleton == ord('"'), dtype=np.int32) & 1  # after an odd quote
    steps = np.where(skeleton == ord("["), 1, 0) + np.where(skeleton == ord("{"), 1, 0)
    steps -= np.where(skeleton == ord("]"), 1, 0) + np.where(skeleton == ord("}"), 1, 0)
    depth = np.cumsum(np.where(inside == 0, steps, 0), dtype=np.int32)
    if int(depth.max()) > limits.RECORD_DEPTH:
        return (f"not a record: values nested too deeply (more than "
                f"{limits.RECORD_DEPTH} levels; a record has at most 7)")
    return None


class _RollCounter:
    """``object_pairs_hook`` of a record: refuses duplicate keys, and stops reading at the
    roll after :data:`limits.RECORD_ROLLS <kok_layouts.limits.RECORD_ROLLS>`."""

    def __init__(self) -> None:
        self.rolls = 0

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = _no_duplicates(pairs)
        if "active" in result and "choices" in result:
            self.rolls += 1
            if self.rolls > limits.RECORD_ROLLS:
                raise RecordError(f"$.rolls: more than {limits.RECORD_ROLLS:,} rolls; a "
                                  f"record holds at most {limits.RECORD_ROLLS:,}")
        return result


def _no_constant(word: str) -> Any:
    raise RecordError(f"{word} is not a number a record can hold")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(f"the key {_short(key)!r} is written twice in one object")
        result[key] = value
    return result


def _short(text: str, limit: int = 80) -> str:
    if "digits" in text and "int" in text:
        return "a number has more digits than a record can hold"
    return shown(text, limit)


def _kind(value: Any) -> str:
    """The JSON kind of ``value`` as a sentence reads it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a decimal point"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"


_WANTED = {"integer": "an integer", "string": "text", "boolean": "true or false",
           "null": "null", "array": "a list", "object": "an object", "number": "a number"}


def json_path(path: Iterable[str | int]) -> str:
    """A place in a record as a JSON path: ``$.rolls[2].choices.Ann.cells[0]``."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier() and part.isascii():
            text += f".{part}"
        else:
            text += f"[{json.dumps(shown(part, 40))}]"
    return text


def _innermost(error: ValidationError) -> ValidationError:
    """For "one of these shapes" errors, the error inside the shape the value nearly has
    (a choice whose cells are numbers: the first cell that is not a name)."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return error
    if not isinstance(error.instance, (dict, list)):
        return error  # a scalar of no allowed kind: say what is allowed
    inside = [e for e in error.context if e.relative_path or e.validator != "type"]
    if not inside:
        return error
    deepest = min(inside, key=lambda e: (-len(e.absolute_path), [
        (0, part, "") if isinstance(part, int) else (1, 0, part) for part in e.absolute_path]))
    return _innermost(deepest)


def _describe(error: ValidationError) -> str:
    """One schema violation of a record, in words."""
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    hint = f" ({schema['description']})" if "description" in schema else ""
    instance: Any = error.instance
    expected: Any = error.validator_value
    if error.validator in ("anyOf", "oneOf"):
        if "description" in schema:
            return f"is {shown(json.dumps(instance), 40)}; {schema['description']}"
        return f"must be {' or '.join(_WANTED.get(str(t), str(t)) for t in _types(error))}, " \
               f"not {_kind(instance)}"
    if error.validator == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_WANTED.get(k, k) for k in kinds)
        return f"must be {wanted}, not {_kind(instance)}{hint}"
    if error.validator == "required" and isinstance(instance, dict):
        absent = [k for k in expected if k not in instance]
        # jsonschema reports each missing field in its own error, naming it in the message.
        missing = next((k for k in absent if repr(k) in error.message), absent[0])
        described = schema.get("properties", {}).get(missing, {}).get("description")
        return f"missing field {missing!r}" + (f" ({described})" if described else "")
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        known = sorted(schema.get("properties", {}))
        extra = next(k for k in instance if k not in known)
        return f"unknown field '{shown(extra, 40)}'; known fields: {', '.join(known)}"
    if error.validator in ("const", "enum"):
        choices = [expected] if error.validator == "const" else list(expected)
        return (f"is {shown(json.dumps(instance), 40)}; use "
                f"{' or '.join(json.dumps(c) for c in choices)}")
    if error.validator == "pattern":
        if "cell" in str(schema.get("description", "")):
            return f"'{shown(str(instance), 20)}' is not a cell name like H1"
        return "holds a control character or a lone surrogate, which is not printable text"
    if error.validator in ("minimum", "maximum"):
        bound = "at least" if error.validator == "minimum" else "at most"
        return f"is {shown(str(instance), 24)}; it must be {bound} {expected}{hint}"
    if error.validator in ("minItems", "maxItems", "minLength", "maxLength",
                           "maxProperties"):
        bound = "at least" if error.validator.startswith("min") else "at most"
        noun = "characters" if "Length" in error.validator else "entries"
        return f"has {len(instance):,} {noun}; {bound} {expected} allowed{hint}"
    if error.validator == "uniqueItems":
        return "names the same player twice; give each player once"
    return _short(error.message, 120)


def _types(error: ValidationError) -> list[str]:
    found: list[str] = []
    for sub in error.context or ():
        expected = sub.schema.get("type") if isinstance(sub.schema, dict) else None
        if sub.validator == "$ref":
            expected = "object"
        if isinstance(expected, str) and expected not in found:
            found.append(expected)
    return found or ["a valid value"]


_RANK = {"required": 0, "additionalProperties": 0, "type": 1, "const": 1}


def record_problems(record: Any) -> list[str]:
    """Every way ``record`` breaks the record schema, as ``$.path: what`` lines, most
    relevant first (missing and unknown fields, then wrong types, then values)."""
    if not isinstance(record, dict):
        return [f"$: a record is a JSON object {{...}}, not {_kind(record)}"]
    from kok_layouts.rules.kinds import game_types

    validator = StrictValidator(_record_schema(game_types()))
    try:
        errors = [_innermost(e) for e in validator.iter_errors(record)]
    except RecursionError:
        return ["$: values nested too deeply to check"]
    errors.sort(key=lambda e: (_RANK.get(str(e.validator), 2), len(e.absolute_path),
                               [str(p) for p in e.absolute_path]))
    lines = [f"{json_path(e.absolute_path)}: {_describe(e)}" for e in errors]
    return list(dict.fromkeys(lines))  # each problem once


@cache
def _record_schema(editions: tuple[str, ...]) -> dict[str, Any]:
    """The record schema, its ``edition`` one of ``editions`` (the file lists the built-in
    ones; an edition registered from above joins them)."""
    path = data_dir("schemas") / "record.schema.json"
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    loaded["properties"]["edition"]["enum"] = list(editions)
    return loaded


class _Reader:
    """Field access that fails with the place in the record, not a KeyError."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.path = ""
        """The JSON path of the value being replayed (``$.rolls[6].choices.Ann``)."""
        self.where = ""
        """The same place as a player reads it (``roll 7, player Ann``)."""

    def fail(self, message: str) -> RecordError:
        if self.where:  # "game.json, roll 7, player Ann: ... (at $.rolls[6].choices.Ann)"
            at = f" (at {self.path})" if self.path else ""
            return RecordError(f"{self.file}, {self.where}: {message}{at}")
        path = f": {self.path}" if self.path else ""
        return RecordError(f"{self.file}{path}: {message}")

    def get(self, data: Any, key: str, kind: type | tuple[type, ...],
            check: Callable[[Any], bool] | None = None) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise self.fail(f"missing field {key!r}")
        value = data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(f"field {key!r} must be {names}, not {type(value).__name__}")
        if check is not None and not check(value):
            raise self.fail(f"field {key!r} has a bad value {value!r}")
        return value


def _layout_of(reader: _Reader, record: dict[str, Any], base: Path) -> Sheet:
    reference = reader.get(record, "layout", str)
    # A file's path is relative to the record's folder (save_record writes it so); a
    # built-in name is a name.
    wanted: str | Path = reference
    if _names_a_file(reference) and not Path(reference).is_absolute():
        wanted = base / reference
    try:
        sheet: Sheet = load_layout(wanted)
    except LayoutError as bad:
        more = len(bad.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise reader.fail(f"$.layout: the layout cannot be loaded: {bad.problems[0]}"
                          f"{tail}") from None
    except KokError as unknown:
        raise reader.fail(f"$.layout: {unknown}") from None
    edition = record.get("edition", sheet.edition)
    if edition != sheet.edition:
        raise reader.fail(f"$.edition: layout {reference!r} is a {sheet.edition} sheet; "
                          f"this record holds a {edition} game")
    return sheet


def _choice(reader: _Reader, game: Game, roll: Roll, raw: Any) -> Choice | None:
    if raw is None:
        return None
    sheet = game.sheet
    board = game.sheets[0].board
    if not game.uses_number_dice:  # a Kids choice names one die
        return _kids_choice(reader, game, roll, raw)
    bombs: tuple[int, ...] = ()
    if isinstance(raw, dict) and "bombs" in raw:
        try:
            bombs = tuple(board.parse_cells(reader.get({"b": square}, "b", list))
                          for square in reader.get(raw, "bombs", list))
        except ValueError as err:
            raise reader.fail(str(err)) from None
    if isinstance(raw, dict) and "special" in raw:
        face = reader.get(raw, "special", str)
        if face not in SPECIAL_FACES:
            raise reader.fail(f"unknown special face {face!r}")
        try:
            cells = board.parse_cells(reader.get(raw, "cells", list))
        except ValueError as err:
            raise reader.fail(str(err)) from None
        return Choice(SPECIAL_DIE, SPECIAL_DIE, Special(face, cells, sheet.width), bombs)
    colour_die = reader.get(raw, "colour_die", int, lambda i: 0 <= i < len(roll.colours))
    number_die = reader.get(raw, "number_die", int, lambda i: 0 <= i < len(roll.numbers))
    try:
        colour = sheet.colour(reader.get(raw, "colour", str)).key
        cells = game.sheets[0].board.parse_cells(reader.get(raw, "cells", list))
    except ValueError as err:
        raise reader.fail(str(err)) from None
    number = reader.get(raw, "number", int)
    move = Move(colour, number, cells, roll.colours[colour_die] == JOKER_COLOUR,
                roll.numbers[number_die] == JOKER_NUMBER, sheet.width)
    return Choice(colour_die, number_die, move, bombs)


def _kids_choice(reader: _Reader, game: Game, roll: Roll, raw: Any) -> Choice:
    board = game.sheets[0].board
    die = reader.get(raw, "die", int, lambda i: 0 <= i < len(roll.colours))
    try:
        face = parse_colour_face(game.sheet, reader.get(raw, "colour", str))
        cells = board.parse_cells(reader.get(raw, "cells", list))
        chameleon = board.parse_cells(raw.get("chameleon", []))
    except (ValueError, TypeError) as err:
        raise reader.fail(str(err)) from None
    return Choice(die, NO_DIE, KidsMove(face, cells, chameleon, game.sheet.width))


def replay(record: dict[str, Any], file: str = "<record>", base: Path | None = None) -> Game:
    """Re-play ``record`` through the rules and return the game.

    Raises :class:`RecordError` naming the roll and player of the first broken rule, or
    the player whose recorded score differs from the replayed one.
    """
    reader = _Reader(shown(file))
    problems = record_problems(record)
    if problems:
        more = len(problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise reader.fail(problems[0] + tail)
    if reader.get(record, "format", int) != RECORD_FORMAT:
        raise reader.fail(f"unknown record format {record['format']!r}; this version reads "
                          f"format {RECORD_FORMAT}")
    sheet = _layout_of(reader, record, base or Path.cwd())
    players = reader.get(record, "players", list)
    try:
        reader.path = "$.options"
        options = Options.from_dict(reader.get(record, "options", dict))
        reader.path = "$.players"
        game = new_game(sheet, [str(p) for p in players], options,
                        solo=reader.get(record, "solo", bool))
    except (TypeError, ValueError) as err:
        raise reader.fail(str(err)) from None
    turns = Turns(game)
    for index, raw_roll in enumerate(reader.get(record, "rolls", list)):
        reader.path = json_path(("rolls", index))
        reader.where = f"roll {index + 1}"
        if game.over:
            raise reader.fail("the game was already over")
        active = reader.get(raw_roll, "active", str)
        if active != game.players[game.active]:
            raise reader.fail(f"{active} throws, but it is {game.players[game.active]}'s turn")
        try:
            special = raw_roll.get("special") if isinstance(raw_roll, dict) else None
            roll = Roll(tuple(parse_colour_face(sheet, str(f))
                              for f in reader.get(raw_roll, "colours", list)),
                        tuple(parse_number_face(n if isinstance(n, int) else str(n))
                              for n in reader.get(raw_roll, "numbers", list)),
                        None if special is None else str(special))
            turns.throw(roll)
        except (ValueError, IllegalMoveError) as err:
            raise reader.fail(str(err)) from None
        choices = reader.get(raw_roll, "choices", dict)
        unknown = sorted(set(choices) - set(game.players))
        if unknown:
            raise reader.fail(f"choice of unknown player {unknown[0]!r}")
        while waiting := game.waiting_for():
            for seat in waiting:
                name = game.players[seat]
                reader.path = json_path(("rolls", index, "choices", name))
                reader.where = f"roll {index + 1}, player {name}"
                if name not in choices:
                    raise reader.fail("no choice recorded (use null for a pass)")
                choice = _choice(reader, game, roll, choices[name])
                try:
                    step = turns.choose(seat, choice)
                except IllegalMoveError as err:
                    raise reader.fail(f"illegal move: {err}") from None
                if step is not None:
                    raise reader.fail("illegal move: a row's item gives a bomb at once: name "
                                      "its 2x2 square")
        turns.finish_roll()
    reader.where = ""
    recorded = record.get("scores")
    if isinstance(recorded, dict) and game.over:
        for name, score in zip(game.players, game.scores(), strict=True):
            reader.path = json_path(("scores", name))
            if recorded.get(name) != score.as_dict():
                raise reader.fail(f"recorded score of {name} is {recorded.get(name)}, "
                                  f"but the moves give {score.as_dict()}")
    return game


def load_and_replay(path: str | Path) -> Game:
    """Read the record at ``path`` and replay it (custom layouts relative to the record)."""
    return replay(read_record(path), str(path), Path(path).resolve().parent)
