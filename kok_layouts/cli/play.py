"""``kok play --solo``: a solo game in the terminal for a person."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from kok_layouts.cli.rules import classic_sheet, split_items
from kok_layouts.cli.text import render_text, wants_colour
from kok_layouts.errors import IllegalMoveError, UsageError
from kok_layouts.model.sheet import ClassicSheet
from kok_layouts.rules.bots import GreedyBot
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER
from kok_layouts.rules.game import Choice, Game, solo_band
from kok_layouts.rules.moves import Move

HELP = """Type the cells to cross, like: H1 H2 H3 (colour and number follow from the cells;
a joker die is used only when no plain die fits). Other commands:
  pass    cross nothing this roll
  hint    show what the greedy bot would play
  help    this text
  quit    stop the game and score it"""


def register(commands: Any) -> None:
    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("--solo", action="store_true", required=True,
                      help="the solo game: 30 rolls of 2 colour and 2 number dice")
    play.add_argument("--layout", metavar="NAME", default="black",
                      help="the sheet (default: black)")
    play.add_argument("--seed", metavar="S", type=int, default=None,
                      help="seed the dice for a repeatable game")
    play.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                      default="auto", help="colour the sheet (default: on a terminal)")
    play.set_defaults(run=run_play)


def choice_from_cells(game: Game, names: list[str]) -> Choice:
    """The choice a person means by naming cells: dice inferred, plain dice preferred."""
    sheet = game.sheet
    player = game.sheets[0]
    try:
        mask = player.board.parse_cells(names)
    except ValueError as err:
        raise IllegalMoveError(str(err)) from None
    keys = {sheet.cell_colours[sheet.parse_cell(n)] for n in names}
    if len(keys) != 1:
        raise IllegalMoveError("the cells have different colours; a move crosses one colour")
    key = keys.pop() or ""
    count = len(names)
    roll = game.roll
    assert roll is not None
    colours, numbers = game.dice_for(game.waiting_for()[0])
    colour_die = next((i for i in colours if roll.colours[i] == key), None)
    colour_joker = colour_die is None
    if colour_die is None:
        colour_die = next((i for i in colours if roll.colours[i] == JOKER_COLOUR), None)
    number_die = next((i for i in numbers if roll.numbers[i] == count), None)
    number_joker = number_die is None
    if number_die is None:
        number_die = next((i for i in numbers if roll.numbers[i] == JOKER_NUMBER), None)
    name = sheet.colour_by_key[key].name
    if colour_die is None:
        raise IllegalMoveError(f"no colour die shows {name} or the X joker")
    if number_die is None:
        raise IllegalMoveError(f"no number die shows {count} or the ? joker")
    return Choice(colour_die, number_die, Move(key, count, mask, colour_joker, number_joker))


def _score_line(game: Game) -> str:
    score = game.scores()[0]
    return (f"colours {score.colours}  columns {score.columns}  marks {score.jokers}  "
            f"stars {score.stars}  total {score.total}")


def play_solo(sheet: ClassicSheet, seed: int | None, colour: bool,
              read: Callable[[str], str], write: Callable[[str], None]) -> int:
    """Run a solo game, reading commands with ``read`` and showing text with ``write``."""
    rng = np.random.default_rng(seed)
    game = Game(sheet, ["you"], solo=True)
    hint_bot = GreedyBot()
    write(f"Solo on {sheet.title}: {game.roll_limit} rolls of 2 colour and 2 number dice. "
          "Type 'help' for the commands.")
    quitting = False
    while not game.over and not quitting:
        roll = game.throw(rng)
        write("")
        write(render_text(sheet, colour, game.sheets[0].crossed))
        write(f"Roll {game.rolls_done + 1}/{game.roll_limit}: {roll.describe(sheet)}   "
              f"marks left {game.sheets[0].marks_left}   {_score_line(game)}")
        while game.waiting_for():
            try:
                line = read("your move> ").strip()
            except EOFError:
                line = "quit"
            command = line.lower()
            if command in ("help", "?", "h"):
                write(HELP)
            elif command in ("quit", "exit", "q"):
                game.choose(0, None)
                quitting = True
            elif command in ("pass", "p", ""):
                if command == "":
                    write("type cells, or 'pass'")
                    continue
                game.choose(0, None)
            elif command == "hint":
                suggestion = hint_bot.choose(game, 0, rng)
                write("the greedy bot would pass" if suggestion is None else
                      "the greedy bot would cross "
                      + " ".join(game.sheets[0].board.name_cells(suggestion.move.cells)))
            else:
                try:
                    game.choose(0, choice_from_cells(game, split_items(line)))
                except IllegalMoveError as err:
                    write(f"not allowed: {err}")
        game.finish_roll()
    write("")
    write(render_text(sheet, colour, game.sheets[0].crossed))
    total = game.scores()[0].total
    state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
    write(f"{state}: {_score_line(game)}; rating band {solo_band(total)}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    sheet = classic_sheet(args.layout)
    if sheet.edition != "classic":
        raise UsageError(f"solo play of {sheet.edition} sheets is not available yet")

    def write(text: str) -> None:
        print(text, flush=True)

    def read(prompt: str) -> str:
        if sys.stdin.isatty():
            return input(prompt)
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    return play_solo(sheet, args.seed, wants_colour(args.colour), read, write)
