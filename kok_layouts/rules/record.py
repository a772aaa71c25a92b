"""Game records: a whole game as JSON (layout, options, seed, every roll and choice).

:func:`replay` re-plays a record move by move through the rules, so a record that breaks
a rule is refused with the roll and the player where it goes wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kok_layouts.errors import IllegalMoveError, KokError, RecordError
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import SPECIAL_FACES, ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.output import write_atomically
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    Roll,
    face_name,
    parse_colour_face,
    parse_number_face,
)
from kok_layouts.rules.game import SPECIAL_DIE, Choice, Game
from kok_layouts.rules.kids import NO_DIE, KidsGame, KidsMove
from kok_layouts.rules.kok2 import Kok2Game, Special
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options

RECORD_FORMAT = 1
MAX_RECORD_BYTES = 20_000_000


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


def new_game(sheet: Sheet, players: list[str], options: Options | None = None, *,
             solo: bool = False) -> Game:
    """A game of the sheet's edition: classic, Keer op Keer 2 or Kids."""
    if isinstance(sheet, KidsSheet):
        return KidsGame(sheet, players, options, solo=solo)
    if not isinstance(sheet, ClassicSheet):
        raise KokError(f"no rules for {type(sheet).__name__}")
    if isinstance(sheet, Kok2Sheet):
        return Kok2Game(sheet, players, options, solo=solo)
    return Game(sheet, players, options, solo=solo)


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
        record["winners"] = [game.players[s] for s in game.winners()]
    return record


def save_record(game: Game, path: str | Path, layout: str, seed: int | None = None) -> None:
    """Write the record of ``game`` to ``path`` as JSON, atomically."""
    text = json.dumps(record_json(game, layout, seed), indent=1, ensure_ascii=False) + "\n"
    write_atomically(Path(path), text.encode("utf-8"))


def read_record(path: str | Path) -> dict[str, Any]:
    """The JSON of a record file; :class:`RecordError` with line and column if it is not JSON."""
    name = str(path)
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError(f"{name}: cannot read: {err.strerror or type(err).__name__}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{name}: over {MAX_RECORD_BYTES:,} bytes, too large for a record")
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{name}: not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise RecordError(f"{name}:{err.lineno}:{err.colno}: not JSON: {err.msg}") from None
    if not isinstance(value, dict):
        raise RecordError(f"{name}: a record is a JSON object")
    return value


class _Reader:
    """Field access that fails with the place in the record, not a KeyError."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.where = ""

    def fail(self, message: str) -> RecordError:
        place = f", {self.where}" if self.where else ""
        return RecordError(f"{self.file}{place}: {message}")

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
    try:
        sheet: Sheet = load_layout(reference)
    except KokError:
        candidate = base / reference
        if not candidate.is_file():
            raise
        sheet = load_layout(candidate)
    edition = record.get("edition", sheet.edition)
    if edition != sheet.edition:
        raise reader.fail(f"layout {reference!r} is a {sheet.edition} sheet; this record "
                          f"holds a {edition} game")
    return sheet


def _choice(reader: _Reader, game: Game, roll: Roll, raw: Any) -> Choice | None:
    if raw is None:
        return None
    sheet = game.sheet
    board = game.sheets[0].board
    if isinstance(game, KidsGame):
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
        return Choice(SPECIAL_DIE, SPECIAL_DIE, Special(face, cells), bombs)
    colour_die = reader.get(raw, "colour_die", int, lambda i: 0 <= i < len(roll.colours))
    number_die = reader.get(raw, "number_die", int, lambda i: 0 <= i < len(roll.numbers))
    try:
        colour = sheet.colour(reader.get(raw, "colour", str)).key
        cells = game.sheets[0].board.parse_cells(reader.get(raw, "cells", list))
    except ValueError as err:
        raise reader.fail(str(err)) from None
    number = reader.get(raw, "number", int)
    move = Move(colour, number, cells, roll.colours[colour_die] == JOKER_COLOUR,
                roll.numbers[number_die] == JOKER_NUMBER)
    return Choice(colour_die, number_die, move, bombs)


def _kids_choice(reader: _Reader, game: KidsGame, roll: Roll, raw: Any) -> Choice:
    board = game.sheets[0].board
    die = reader.get(raw, "die", int, lambda i: 0 <= i < len(roll.colours))
    try:
        face = parse_colour_face(game.sheet, reader.get(raw, "colour", str))
        cells = board.parse_cells(reader.get(raw, "cells", list))
        chameleon = board.parse_cells(raw.get("chameleon", []))
    except (ValueError, TypeError) as err:
        raise reader.fail(str(err)) from None
    return Choice(die, NO_DIE, KidsMove(face, cells, chameleon))


def replay(record: dict[str, Any], file: str = "<record>", base: Path | None = None) -> Game:
    """Re-play ``record`` through the rules and return the game.

    Raises :class:`RecordError` naming the roll and player of the first broken rule, or
    the player whose recorded score differs from the replayed one.
    """
    reader = _Reader(file)
    if reader.get(record, "format", int) != RECORD_FORMAT:
        raise reader.fail(f"unknown record format {record['format']!r}; this version reads "
                          f"format {RECORD_FORMAT}")
    sheet = _layout_of(reader, record, base or Path.cwd())
    players = reader.get(record, "players", list)
    try:
        options = Options.from_dict(reader.get(record, "options", dict))
        game = new_game(sheet, [str(p) for p in players], options,
                        solo=reader.get(record, "solo", bool))
    except (TypeError, ValueError) as err:
        raise reader.fail(str(err)) from None
    for index, raw_roll in enumerate(reader.get(record, "rolls", list)):
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
            game.set_roll(roll)
        except (ValueError, IllegalMoveError) as err:
            raise reader.fail(str(err)) from None
        choices = reader.get(raw_roll, "choices", dict)
        unknown = sorted(set(choices) - set(game.players))
        if unknown:
            raise reader.fail(f"choice of unknown player {unknown[0]!r}")
        while waiting := game.waiting_for():
            for seat in waiting:
                name = game.players[seat]
                reader.where = f"roll {index + 1}, player {name}"
                if name not in choices:
                    raise reader.fail("no choice recorded (use null for a pass)")
                choice = _choice(reader, game, roll, choices[name])
                try:
                    game.choose(seat, choice)
                except IllegalMoveError as err:
                    raise reader.fail(f"illegal move: {err}") from None
        game.finish_roll()
    reader.where = ""
    recorded = record.get("scores")
    if isinstance(recorded, dict) and game.over:
        for name, score in zip(game.players, game.scores(), strict=True):
            if recorded.get(name) != score.as_dict():
                raise reader.fail(f"recorded score of {name} is {recorded.get(name)}, "
                                  f"but the moves give {score.as_dict()}")
    return game


def load_and_replay(path: str | Path) -> Game:
    """Read the record at ``path`` and replay it (custom layouts relative to the record)."""
    return replay(read_record(path), str(path), Path(path).resolve().parent)
