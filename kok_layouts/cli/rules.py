"""``kok moves``, ``kok score`` and ``kok replay``: the rules from the shell.

A position is given by its crossed cells and the exclamation marks used or left
(``--marks-used``/``--marks-left`` in every command and edition; ``--jokers-left`` and
``--jokers-used`` are the old spellings, still read). How a position is read is the
edition's (:data:`RULES_COMMANDS`): :data:`CLASSIC_COMMANDS` for the classic
game and Keer op Keer 2 (the special die, boxes and hearts where the edition has them),
:data:`KIDS_COMMANDS` for Kids.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kok_layouts.cli.args import integer, parse_integer
from kok_layouts.cli.commands import add_command
from kok_layouts.editions import edition_of, part_for
from kok_layouts.errors import UsageError, shown
from kok_layouts.model.grid import cells_of, column_index
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import SPECIAL_FACES, Sheet
from kok_layouts.rules.board import Board
from kok_layouts.rules.dice import face_name, parse_colour_face, parse_number_face
from kok_layouts.rules.record import load_and_replay


def _marks(parser: Any, *, left: bool) -> None:
    """The exclamation-mark options, one vocabulary: ``--marks-used`` (and, for
    ``kok moves``, ``--marks-left``); the ``--jokers-...`` spellings are hidden aliases."""
    if left:
        parser.add_argument("--marks-left", metavar="K", type=integer, default=None,
                            help="exclamation marks left (default: all of the sheet's, "
                                 "less --marks-used)")
        parser.add_argument("--jokers-left", dest="jokers_left", type=integer, default=None,
                            help=argparse.SUPPRESS)
    parser.add_argument("--marks-used", metavar="N", type=integer, default=None,
                        help="exclamation marks already used (for jokers; Kids: crossed by "
                             "the chameleons)" if left else "exclamation marks used")
    parser.add_argument("--jokers-used", dest="jokers_used", type=integer, default=None,
                        help=argparse.SUPPRESS)


def register(commands: Any) -> None:
    moves = add_command(commands, "moves")
    moves.add_argument("layout", metavar="LAYOUT")
    moves.add_argument("--crossed", metavar="CELLS", default="",
                       help="crossed cells, comma-separated (H1,H2); empty for none")
    moves.add_argument("--colour", "--color", metavar="C",
                       help="a colour of the layout, or joker (Kids: an animal, or purple)")
    moves.add_argument("--number", metavar="N", help="1..5 or joker")
    moves.add_argument("--special", choices=SPECIAL_FACES,
                       help="Keer op Keer 2: a face of the special die, instead of colour and "
                            "number")
    _marks(moves, left=True)
    moves.add_argument("--boxes-left", metavar="N", type=integer, default=None,
                       help="Keer op Keer 2: unused boxes (default: those available at the "
                            "start)")
    moves.add_argument("--hearts", metavar="N", type=integer, default=0,
                       help="Keer op Keer 2: hearts circled on the heart track (default 0)")
    moves.add_argument("--json", action="store_true", help="print one JSON array")
    moves.set_defaults(run=run_moves)

    score = add_command(commands, "score")
    score.add_argument("layout", metavar="LAYOUT")
    score.add_argument("--crossed", metavar="CELLS", default="",
                       help="crossed cells, comma-separated (H1,H2)")
    _marks(score, left=False)
    score.add_argument("--later", metavar="ITEMS", default="",
                       help="column letters and colour names completed, but not first "
                            "(Kids: columns whose visitor another player took)")
    score.add_argument("--hearts-under", metavar="COL=N,...", default="",
                       help="Keer op Keer 2: the heart numbers written under completed columns")
    score.add_argument("--boxes-left", metavar="N", type=integer, default=None,
                       help="Keer op Keer 2: unused boxes (default: those available at the "
                            "start)")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.set_defaults(run=run_score)

    replay = add_command(commands, "replay")
    replay.add_argument("record", metavar="RECORD", help="a game record (.json)")
    replay.add_argument("--json", action="store_true", help="print the scores as JSON")
    replay.set_defaults(run=run_replay)


def split_items(text: str) -> list[str]:
    return [item for item in (part.strip() for part in text.replace(" ", ",").split(","))
            if item]


def crossed_mask(board: Board, text: str) -> int:
    """The cells of ``--crossed`` as a mask; a bad cell name is a usage error."""
    try:
        return board.parse_cells(split_items(text))
    except ValueError as err:
        raise UsageError(f"--crossed: {err}") from None


def _given(args: argparse.Namespace, name: str) -> tuple[int | None, str]:
    """The value of ``--marks-NAME`` (or its old spelling ``--jokers-NAME``) and the flag
    as the user typed it, for the messages."""
    value = getattr(args, f"marks_{name}", None)
    old = getattr(args, f"jokers_{name}", None)
    if value is not None and old is not None:
        raise UsageError(f"--marks-{name} and --jokers-{name} are one option; give it once")
    if old is not None:
        return old, f"--jokers-{name}"
    return value, f"--marks-{name}"


def marks_used(args: argparse.Namespace, sheet: Sheet) -> int:
    """The exclamation marks used in the position, from ``--marks-used`` or
    ``--marks-left`` (0 if neither), within the sheet's marks."""
    used, used_flag = _given(args, "used")
    left, left_flag = _given(args, "left") if hasattr(args, "marks_left") else (None, "")
    if used is not None and left is not None:
        raise UsageError(f"give {used_flag} or {left_flag}, not both")
    total = sheet.exclamation_marks
    value, flag = (left, left_flag) if left is not None else (used or 0, used_flag)
    if not 0 <= value <= total:
        raise UsageError(f"{flag} is {value}; the sheet has {total} exclamation marks")
    return total - value if left is not None else value


def _player(sheet: Sheet, crossed: str) -> Any:
    player = edition_of(sheet).new_player(sheet)
    player.crossed = crossed_mask(player.board, crossed)
    return player


def _set_boxes(player: Any, boxes_left: int | None) -> None:
    if boxes_left is None:
        return
    if not edition_of(player.sheet).boxes:
        raise UsageError("--boxes-left is for Keer op Keer 2 layouts")
    if not 0 <= boxes_left <= player.sheet.box_count:
        raise UsageError(f"--boxes-left is {boxes_left}; the sheet prints "
                         f"{player.sheet.box_count} boxes")
    player.boxes_gained, player.boxes_used = boxes_left, 0


def _special_moves(args: argparse.Namespace, sheet: Sheet, player: Any) -> int:
    edition = edition_of(sheet)
    if not edition.special_die:
        raise UsageError(f"--special needs a Keer op Keer 2 layout; {sheet.name} is "
                         f"{sheet.edition}")
    if args.colour is not None or args.number is not None:
        raise UsageError("give either --special or --colour and --number")
    _set_boxes(player, args.boxes_left)
    if not 0 <= args.hearts <= player.sheet.heart_track:
        raise UsageError(f"--hearts is {args.hearts}; the heart track has "
                         f"{player.sheet.heart_track}")
    player.hearts = args.hearts
    width = sheet.width
    actions = sorted(player.legal_specials(args.special),
                     key=lambda a: sorted((c % width, c // width) for c in cells_of(a.cells)))
    entries: list[dict[str, Any]] = [{"special": a.face, "colour": None, "number": None,
                "cells": player.board.name_cells(a.cells), "jokers": 0} for a in actions]
    if args.json:
        print(json.dumps(entries))
        return 0
    if not entries:
        print("no legal action")
    for entry in entries:
        print(f"{entry['special']}: {' '.join(entry['cells']) or '(circle a heart)'}")
    return 0


def classic_moves(args: argparse.Namespace, sheet: Sheet) -> int:
    """``kok moves`` on a classic or Keer op Keer 2 sheet: a colour and a number (jokers
    expanded), or a face of the special die."""
    player = _player(sheet, args.crossed)
    if args.special is not None:
        return _special_moves(args, sheet, player)
    if args.colour is None or args.number is None:
        raise UsageError("give --colour and --number (or, for Keer op Keer 2, --special)")
    try:
        colour = parse_colour_face(sheet, args.colour)
    except ValueError as err:
        raise UsageError(f"--colour: {err}; or joker") from None
    try:
        word = args.number.strip().lower()
        number = parse_number_face(word if word in ("joker", "?") else
                                   parse_integer(args.number))
    except ValueError as err:
        raise UsageError(f"--number: {err}") from None
    left, flag = _given(args, "left")
    if left is None or _given(args, "used")[0] is not None:
        left = sheet.exclamation_marks - marks_used(args, sheet)
    elif left < 0:  # more marks left than the sheet prints is a position moves can ask about
        raise UsageError(f"{flag} is {left}; it cannot be negative")
    width = sheet.width
    rows: list[tuple[tuple[str, int, list[tuple[int, int]]], dict[str, Any]]] = []
    for move in player.legal_moves(colour, number, marks_left=left):
        cells = sorted((c % width, c // width) for c in cells_of(move.cells))
        rows.append(((sheet.colour_by_key[move.colour].name, move.number, cells), {
            "colour": sheet.colour_by_key[move.colour].name,
            "number": move.number,
            "cells": player.board.name_cells(move.cells),
            "jokers": move.jokers,
        }))
    rows.sort(key=lambda row: row[0])
    if args.json:
        print(json.dumps([entry for _, entry in rows]))
        return 0
    if not rows:
        print("no legal move")
    for _, entry in rows:
        cost = f"  ({entry['jokers']} joker{'s' if entry['jokers'] > 1 else ''})" \
            if entry["jokers"] else ""
        print(f"{entry['colour']} {entry['number']}: {' '.join(entry['cells'])}{cost}")
    return 0


def kids_moves(args: argparse.Namespace, sheet: Sheet) -> int:
    """``kok moves`` on a Kids sheet: one die face, an animal or purple."""
    if args.special is not None or args.number is not None:
        raise UsageError("Kids moves take --colour ANIMAL or --colour purple only")
    if args.colour is None:
        raise UsageError("give --colour: an animal of the sheet, or purple")
    player = _player(sheet, args.crossed)
    player.marks_used = marks_used(args, sheet)
    try:
        face = parse_colour_face(sheet, args.colour)
    except ValueError as err:
        raise UsageError(f"--colour: {err}; or purple") from None
    entries: list[dict[str, Any]] = []
    for move in player.legal_moves(face):
        entries.append({"colour": face_name(sheet, move.die),
                        "cells": player.board.name_cells(move.all_cells),
                        "chameleon": bool(move.chameleon)})
    entries.sort(key=lambda e: (e["colour"], [(ord(n[0]), int(n[1:])) for n in e["cells"]]))
    if args.json:
        print(json.dumps(entries))
        return 0
    if not entries:
        print("no legal move")
    for entry in entries:
        extra = " (chameleon)" if entry["chameleon"] else ""
        print(f"{entry['colour']}: {' '.join(entry['cells']) or 'an exclamation mark'}{extra}")
    return 0


def kids_score(args: argparse.Namespace, sheet: Sheet) -> int:
    """``kok score`` on a Kids sheet: crossed cells and the columns whose visitor is lost."""
    if _given(args, "used")[0] or args.hearts_under or args.boxes_left is not None:
        raise UsageError("Kids sheets take --crossed and --later only")
    player = _player(sheet, args.crossed)
    done = set(player.completed_columns())
    later = set()
    for item in split_items(args.later):
        try:
            column = column_index(item)
        except ValueError as err:
            raise UsageError(f"--later: {err}") from None
        if column not in done:
            raise UsageError(f"--later: column {item.upper()} is not complete")
        later.add(column)
    player.later_columns = frozenset(later)
    score = player.score().as_dict()
    return _print_score(score, args.json)


def _print_score(score: dict[str, int], as_json: bool) -> int:
    print(json.dumps(score) if as_json else
          "  ".join(f"{key} {value}" for key, value in score.items()))
    return 0


def classic_score(args: argparse.Namespace, sheet: Sheet) -> int:
    """``kok score`` on a classic or Keer op Keer 2 sheet."""
    player = _player(sheet, args.crossed)
    player.marks_used = marks_used(args, sheet)
    later_columns, later_colours = set(), set()
    done_columns, done_colours = set(player.completed_columns()), set(player.completed_colours())
    for item in split_items(args.later):
        if len(item) == 1 and item.isalpha() and item.upper() == item:
            column = column_index(item)
            if column not in done_columns:
                raise UsageError(f"--later: column {item} is not complete")
            later_columns.add(column)
            continue
        try:
            key = sheet.colour(item).key
        except ValueError as err:
            raise UsageError(f"--later: {err}; or a column letter") from None
        if key not in done_colours:
            raise UsageError(f"--later: {item} is not complete")
        later_colours.add(key)
    player.later_columns, player.later_colours = frozenset(later_columns), frozenset(
        later_colours)
    _set_boxes(player, args.boxes_left)
    hearts = split_items(args.hearts_under)
    if hearts and not edition_of(sheet).hearts:
        raise UsageError("--hearts-under is for Keer op Keer 2 layouts")
    if hearts:
        player.column_hearts = _hearts_under(player, hearts, done_columns)
    score = player.score().as_dict()
    return _print_score(score, args.json)


def _hearts_under(player: Any, items: list[str], done: set[int]) -> dict[int, int]:
    written: dict[int, int] = {}
    for item in items:
        column_text, _, number = item.partition("=")
        try:
            column = column_index(column_text)
        except ValueError as err:
            raise UsageError(f"--hearts-under: {err}") from None
        try:
            value = parse_integer(number)
        except ValueError:
            raise UsageError(f"--hearts-under: {shown(item, 40)!r} is not COLUMN=NUMBER, "
                             "like H=2") from None
        if column not in done:
            raise UsageError(f"--hearts-under: column {column_text.upper()} is not complete")
        if not 0 <= value <= player.sheet.heart_track:
            raise UsageError(f"--hearts-under: {value} hearts, but the track has "
                             f"{player.sheet.heart_track}")
        written[column] = value
    return written


@dataclass(frozen=True)
class RulesCommands:
    """How ``kok moves`` and ``kok score`` read a position of one edition."""

    moves: Callable[[argparse.Namespace, Sheet], int]
    score: Callable[[argparse.Namespace, Sheet], int]


CLASSIC_COMMANDS = RulesCommands(moves=classic_moves, score=classic_score)
KIDS_COMMANDS = RulesCommands(moves=kids_moves, score=kids_score)
RULES_COMMANDS: dict[str, RulesCommands] = {
    "classic": CLASSIC_COMMANDS, "kok2": CLASSIC_COMMANDS, "kids": KIDS_COMMANDS}
"""How ``kok moves`` and ``kok score`` read a position of each edition, by edition name."""


def _commands(sheet: Any) -> RulesCommands:
    return part_for(RULES_COMMANDS, edition_of(sheet), "position commands")


def run_moves(args: argparse.Namespace) -> int:
    loaded = load_layout(args.layout)
    return _commands(loaded).moves(args, loaded)


def run_score(args: argparse.Namespace) -> int:
    loaded = load_layout(args.layout)
    return _commands(loaded).score(args, loaded)


def run_replay(args: argparse.Namespace) -> int:
    game = load_and_replay(args.record)
    winners = game.winners()
    scores = {name: score.as_dict() for name, score in zip(game.players, game.scores(),
                                                           strict=True)}
    if args.json:
        print(json.dumps({"over": game.over, "rolls": game.rolls_done, "scores": scores,
                          "winners": winners}))
        return 0
    state = "finished" if game.over else "not finished"
    print(f"{args.record}: {game.rolls_done} rolls, every move legal, game {state}")
    for name, score in scores.items():
        parts = "  ".join(f"{k} {v}" for k, v in score.items() if k != "total")
        print(f"  {name}: {score['total']}  ({parts})")
    if game.over:
        print(f"winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}")
    return 0
