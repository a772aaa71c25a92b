"""``kok play --solo``: a solo game in the terminal for a person."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from kok_layouts.cli.args import integer, seed
from kok_layouts.cli.rules import classic_sheet, split_items
from kok_layouts.cli.text import render_text, wants_colour
from kok_layouts.errors import IllegalMoveError, UsageError
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import SPECIAL_FACES, ClassicSheet, KidsSheet
from kok_layouts.rules.bots import GreedyBot
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, face_name
from kok_layouts.rules.game import SPECIAL_DIE, Choice, Game, solo_band
from kok_layouts.rules.kids import KidsGame, KidsMove, describe_move
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet, Special, fill_bombs
from kok_layouts.rules.moves import Move
from kok_layouts.rules.record import new_game

HELP = """Type the cells to cross, like: H1 H2 H3 (colour and number follow from the cells;
a joker die is used only when no plain die fits). Other commands:
  pass    cross nothing this roll
  hint    show what the greedy bot would play
  help    this text
  quit    stop the game and score it
Keer op Keer 2, the special die (costs a box):
  heart               circle the next heart
  bomb C3             the 2x2 square with C3 at its top left
  stars B3 C4         up to two stars      row A1 C1 E1   up to three cells of a row
  block H1            the rest of the area of H1"""


def register(commands: Any) -> None:
    play = commands.add_parser("play", help="play a game in the terminal")
    mode = play.add_mutually_exclusive_group(required=True)
    mode.add_argument("--solo", action="store_true",
                      help="the solo game (classic: 30 rolls of 2 colour and 2 number dice)")
    mode.add_argument("--players", type=integer, metavar="N",
                      help="Kids: pass-and-play for N players (2 to 4) at one terminal")
    play.add_argument("--layout", metavar="NAME", default="black",
                      help="the sheet (default: black)")
    play.add_argument("--seed", metavar="S", type=seed, default=None,
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


def square_at(player: Kok2PlayerSheet, name: str) -> int:
    """The uncrossed cells of the 2x2 square whose top-left cell is ``name``."""
    sheet = player.sheet
    cell = sheet.geometry.parse(name)
    if cell % sheet.width == sheet.width - 1 or cell // sheet.width == sheet.height - 1:
        raise IllegalMoveError(f"{name.upper()} is on the last row or column; name the top-left "
                               "cell of a 2x2 square")
    square = sum(1 << c for c in (cell, cell + 1, cell + sheet.width, cell + sheet.width + 1))
    return square & player.board.full & ~player.crossed


def special_from_words(game: Kok2Game, face: str, names: list[str]) -> Choice:
    """The special action a person means: ``bomb C3``, ``block H1``, ``stars B3 C4``..."""
    roll = game.roll
    assert roll is not None
    seat = game.waiting_for()[0]
    player = game.sheets[seat]
    if roll.special != face:
        raise IllegalMoveError(f"the special die shows {roll.special}, not {face}")
    if face == "heart":
        cells = 0
    elif face == "bomb":
        if len(names) != 1:
            raise IllegalMoveError("name the top-left cell of the bomb's 2x2 square, like C3")
        cells = square_at(player, names[0])
    elif face == "block":
        if len(names) != 1:
            raise IllegalMoveError("name one cell of the area, like H1")
        try:
            cell = player.sheet.parse_cell(names[0])
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
        cells = player.board.area_masks[player.board.area_of[cell]] & ~player.crossed
    else:
        try:
            cells = player.board.parse_cells(names)
        except ValueError as err:
            raise IllegalMoveError(str(err)) from None
    return Choice(SPECIAL_DIE, SPECIAL_DIE, Special(face, cells))  # type: ignore[arg-type]


def _score_line(game: Game) -> str:
    score = game.scores()[0].as_dict()
    text = "  ".join(f"{key} {value}" for key, value in score.items())
    player = game.sheets[0]
    if isinstance(player, Kok2PlayerSheet):
        text = f"boxes left {player.boxes_left}  hearts circled {player.hearts}   " + text
    return text


def play_solo(sheet: ClassicSheet, seed: int | None, colour: bool,
              read: Callable[[str], str], write: Callable[[str], None]) -> int:
    """Run a solo game, reading commands with ``read`` and showing text with ``write``."""
    rng = np.random.default_rng(seed)
    game = new_game(sheet, ["you"], solo=True)
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
                if suggestion is None:
                    write("the greedy bot would pass")
                else:
                    cells = " ".join(game.sheets[0].board.name_cells(suggestion.move.cells))
                    face = (f"use the special die ({suggestion.move.face}) on "
                            if suggestion.is_special else "cross ")
                    write(f"the greedy bot would {face}{cells or 'the heart track'}")
            else:
                words = split_items(line)
                try:
                    if isinstance(game, Kok2Game) and words[0].lower() in SPECIAL_FACES:
                        choice = special_from_words(game, words[0].lower(), words[1:])
                    else:
                        choice = choice_from_cells(game, words)
                    if isinstance(game, Kok2Game):
                        choice = fill_bombs(game, 0, choice, _ask_bomb(read, write))
                    game.choose(0, choice)
                except IllegalMoveError as err:
                    write(f"not allowed: {err}")
        game.finish_roll()
    write("")
    write(render_text(sheet, colour, game.sheets[0].crossed))
    total = game.scores()[0].total
    state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
    write(f"{state}: {_score_line(game)}; rating band {solo_band(total)}")
    return 0


def _ask_bomb(read: Callable[[str], str],
              write: Callable[[str], None]) -> Callable[[Kok2PlayerSheet, list[int]], int]:
    def pick(player: Kok2PlayerSheet, options: list[int]) -> int:
        write("A row's item gives you a bomb at once.")
        while True:
            try:
                name = read("bomb square (top-left cell)> ").strip()
            except EOFError:
                return options[0]
            try:
                square = square_at(player, name)
            except (IllegalMoveError, ValueError) as err:
                write(f"not allowed: {err}")
                continue
            if square in options:
                return square
            write("not allowed: that square has no uncrossed cell")
    return pick


def _kids_options(game: KidsGame, seat: int) -> list[Choice]:
    """The legal choices of ``seat`` without duplicates (two dice may show one animal)."""
    seen: set[KidsMove] = set()
    options = []
    for choice in game.choices_for(seat):
        if choice.move not in seen:
            seen.add(choice.move)
            options.append(choice)
    return options


def play_kids(sheet: KidsSheet, players: int, seed: int | None, colour: bool,
              read: Callable[[str], str], write: Callable[[str], None]) -> int:
    """A Kids game at one terminal: solo (``players == 1``) or pass-and-play."""
    rng = np.random.default_rng(seed)
    names = ["you"] if players == 1 else [f"player {i + 1}" for i in range(players)]
    game = KidsGame(sheet, names, solo=players == 1)
    hint_bot = GreedyBot()
    write(f"{sheet.title}: cross whole enclosures, start at the stars. Type the number of a "
          "move, 'hint' or 'quit'.")
    quitting = False
    while not game.over and not quitting:
        roll = game.throw(rng)
        write("")
        write(f"Roll {game.rolls_done + 1}: {game.players[game.active]} throws "
              + ", ".join(face_name(sheet, f) for f in roll.colours))
        while (waiting := game.waiting_for()) and not quitting:
            seat = waiting[0]
            player = game.sheets[seat]
            options = _kids_options(game, seat)
            write("")
            write(f"{game.players[seat]}'s sheet:")
            write(render_text(sheet, colour, player.crossed))
            score = player.score()
            write(f"{game.players[seat]}: {score.total} circles, exclamation marks left "
                  f"{player.marks_left}")
            if not options:
                write(f"{game.players[seat]} can cross nothing with these dice and skips.")
                game.choose(seat, None)
                continue
            for number, choice in enumerate(options, 1):
                write(f"  {number}) {describe_move(sheet, choice.move)}")
            while True:
                try:
                    line = read(f"{game.players[seat]}, your move> ").strip().lower()
                except EOFError:
                    line = "quit"
                if line in ("quit", "q", "exit"):
                    quitting = True
                    break
                if line == "hint":
                    suggestion = hint_bot.choose(game, seat, rng)
                    if suggestion is not None:
                        write(f"the greedy bot would take: {describe_move(sheet, suggestion.move)}")
                    continue
                if line.isdigit() and 1 <= int(line) <= len(options):
                    game.choose(seat, options[int(line) - 1])
                    break
                write(f"not allowed: type a number from 1 to {len(options)}")
        if quitting:
            break
        game.finish_roll()
    write("")
    state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
    scores = ", ".join(f"{name} {score.total}" for name, score
                       in zip(game.players, game.scores(), strict=True))
    winners = ", ".join(game.players[s] for s in game.winners())
    write(f"{state}: circles {scores}; winner{'s' if ', ' in winners else ''}: {winners}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    loaded = load_layout(args.layout)

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

    colour = wants_colour(args.colour)
    if isinstance(loaded, KidsSheet):
        players = 1 if args.solo else args.players
        if not 2 <= players <= 4 and not args.solo:
            raise UsageError(f"--players is {players}; Kids is for 2 to 4 players")
        return play_kids(loaded, players, args.seed, colour, read, write)
    if not args.solo:
        raise UsageError("pass-and-play (--players) is for Kids layouts; use --solo")
    return play_solo(classic_sheet(loaded), args.seed, colour, read, write)
