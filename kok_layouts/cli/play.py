"""``kok play``: a game in the terminal for people and bots.

Classic and Keer op Keer 2: ``--solo``, or ``--players N`` people at one terminal
(pass-and-play) with any ``--bots``; Kids: solo or 2 to 4 players. People type commands as
the hints read (``cross G2 H2``, ``moves``, ``undo``, ``help``); ``--save`` writes the game
record that ``kok replay`` and ``kok render --record`` read.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts.cli.args import integer, output_path, seed
from kok_layouts.cli.rules import classic_sheet, split_items
from kok_layouts.cli.text import render_text, wants_colour
from kok_layouts.errors import IllegalMoveError, KokError, UsageError
from kok_layouts.model.grid import column_letter
from kok_layouts.model.loader import builtin_names, load_layout
from kok_layouts.model.sheet import SPECIAL_FACES, ClassicSheet, KidsSheet, Sheet
from kok_layouts.rules.bots import BOTS, Strategy, make_bot
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, face_name
from kok_layouts.rules.game import MAX_PLAYERS, SPECIAL_DIE, Choice, Game, solo_band
from kok_layouts.rules.kids import KidsGame, KidsMove, describe_move
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet, Special, fill_bombs
from kok_layouts.rules.moves import Move
from kok_layouts.rules.record import new_game, save_record

HELP_CLASSIC = """Commands (a choice ends your turn; the roll is over once everyone chose):
  cross H6 H7   cross these cells ('H6 H7' or 'H6,H7' alone works too); the colour and
                number follow from the cells, a joker die only when no plain die fits
  pass          cross nothing this roll
  moves         list every legal move with the dice you may take
  undo          take back the last choice a person made in this roll
  hint          what the strong bot would play
  sheet         show your sheet again
  help          this text
  quit          stop the game and score it"""

HELP_KOK2 = HELP_CLASSIC + """
The special die (costs a box; instead of a colour and a number die):
  heart               circle the next heart
  bomb C3             the 2x2 square with C3 at its top left
  stars B3 C4         up to two stars      row A1 C1 E1   up to three cells of a row
  block H1            the rest of the area of H1"""

HELP = HELP_KOK2

HELP_KIDS = """Type the number of a move from the list (a move crosses one whole enclosure of
the animal on a die you may take; purple crosses an exclamation mark). Other commands:
  moves   the list again
  hint    what the strong bot would take
  help    this text
  quit    stop the game and count the circles"""

MAX_NAME = 40
"""The longest player name ``--names`` takes (it is printed in every prompt)."""
MOVES_SHOWN = 40

HINT_BOT = "strong"
"""The bot whose move ``hint`` shows."""


def register(commands: Any) -> None:
    play = commands.add_parser("play", help="play a game in the terminal")
    mode = play.add_mutually_exclusive_group()
    mode.add_argument("--solo", action="store_true",
                      help="the solo game (classic: 30 rolls of 2 colour and 2 number dice)")
    mode.add_argument("--players", type=integer, metavar="N",
                      help="N people at one terminal, taking turns (pass-and-play); "
                           "Kids: 2 to 4")
    play.add_argument("--bots", metavar="NAMES", default="",
                      help=f"bots to play against, comma-separated ({', '.join(BOTS)}); "
                           "with --players or alone (then one person plays)")
    play.add_argument("--names", metavar="NAMES", default="",
                      help="the people's names, comma-separated (default: player 1, ...)")
    play.add_argument("--layout", metavar="NAME", default="black",
                      help="the sheet (default: black)")
    play.add_argument("--seed", metavar="S", type=seed, default=None,
                      help="seed the dice for a repeatable game")
    play.add_argument("--save", metavar="FILE", type=Path, default=None,
                      help="write the game record (JSON) to FILE when the game ends")
    play.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                      default="auto", help="colour the sheet (default: on a terminal)")
    play.set_defaults(run=run_play)


def choice_from_cells(game: Game, names: list[str], seat: int | None = None) -> Choice:
    """The choice a person means by naming cells: dice inferred, plain dice preferred."""
    sheet = game.sheet
    seat = game.waiting_for()[0] if seat is None else seat
    player = game.sheets[seat]
    if not names:
        raise IllegalMoveError("name the cells to cross, like H6 H7")
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
    colours, numbers = game.dice_for(seat)
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
        raise IllegalMoveError(f"no colour die you may take shows {name} or the X joker")
    if number_die is None:
        raise IllegalMoveError(f"no number die you may take shows {count} or the ? joker")
    return Choice(colour_die, number_die,
                  Move(key, count, mask, colour_joker, number_joker, sheet.width))


def square_at(player: Kok2PlayerSheet, name: str) -> int:
    """The uncrossed cells of the 2x2 square whose top-left cell is ``name``."""
    sheet = player.sheet
    try:
        cell = sheet.geometry.parse(name)
    except ValueError as err:
        raise IllegalMoveError(str(err)) from None
    if cell % sheet.width == sheet.width - 1 or cell // sheet.width == sheet.height - 1:
        raise IllegalMoveError(f"{name.upper()} is on the last row or column; name the top-left "
                               "cell of a 2x2 square")
    square = sum(1 << c for c in (cell, cell + 1, cell + sheet.width, cell + sheet.width + 1))
    return square & player.board.full & ~player.crossed


def special_from_words(game: Kok2Game, face: str, names: list[str],
                       seat: int | None = None) -> Choice:
    """The special action a person means: ``bomb C3``, ``block H1``, ``stars B3 C4``..."""
    roll = game.roll
    assert roll is not None
    seat = game.waiting_for()[0] if seat is None else seat
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


def _score_line(game: Game, seat: int = 0) -> str:
    score = game.scores()[seat].as_dict()
    text = "  ".join(f"{key} {value}" for key, value in score.items())
    player = game.sheets[seat]
    if isinstance(player, Kok2PlayerSheet):
        text = f"boxes left {player.boxes_left}  hearts circled {player.hearts}   " + text
    return text


def is_official_pad(sheet: Sheet) -> bool:
    """A printed classic pad (built in, not a custom layout): only those print the solo
    rating table."""
    return (sheet.edition == "classic" and sheet.name in builtin_names()
            and load_layout(sheet.name) is sheet)


def _completion_lines(game: Game, seat: int, colour: bool) -> list[str]:
    """Under the grid: ``#`` under each completed column and the completed colours, in
    green when the terminal shows colour (the symbol alone says it without colour)."""
    player = game.sheets[seat]
    columns, colours = set(player.completed_columns()), player.completed_colours()

    def mark(text: str) -> str:
        return f"\x1b[1;32m{text}\x1b[0m" if colour else text

    lines = []
    if columns:
        row = "".join(f"{'#' if c in columns else ' ':<3}" for c in range(game.sheet.width))
        lines.append("    " + row.rstrip().replace("#", mark("#")) + "   # column complete: "
                     + ", ".join(column_letter(c) for c in sorted(columns)))
    if colours:
        names = ", ".join(game.sheet.colour_by_key[k].name for k in colours)
        lines.append(f"    {mark('#')} colour complete: {names}")
    return lines


def describe_choice(game: Game, choice: Choice | None) -> str:
    """A choice as people say it: ``yellow 2: H6 H7 (number joker)``, ``bomb: C3 C4``."""
    if choice is None:
        return "pass"
    move = choice.move
    names = " ".join(game.sheets[0].board.name_cells(move.cells))
    if isinstance(move, Special):
        return f"special {move.face}" + (f": {names}" if names else "")
    jokers = [j for j, used in (("colour joker", move.colour_joker),
                                ("number joker", move.number_joker)) if used]
    extra = f" ({', '.join(jokers)})" if jokers else ""
    bombs = "".join(f" + bomb {' '.join(game.sheets[0].board.name_cells(b))}"
                    for b in choice.bombs)
    return (f"{game.sheet.colour_by_key[move.colour].name} {move.number}: {names}{extra}"
            f"{bombs}")


class Terminal:
    """Reading commands and showing text, with one line of look-ahead: a line typed at the
    'end your turn' question is kept for the next prompt."""

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.read_line = read
        self.write = write
        self.pending: str | None = None

    def read(self, prompt: str) -> str:
        """The next command; ``quit`` at the end of the input."""
        if self.pending is not None:
            line, self.pending = self.pending, None
            return line
        try:
            return self.read_line(prompt).strip()
        except EOFError:
            return "quit"


def _dice_text(game: Game, seat: int) -> str:
    roll = game.roll
    assert roll is not None
    colours, numbers = game.dice_for(seat)
    text = (" ".join(face_name(game.sheet, roll.colours[i]) for i in colours) + " / "
            + " ".join("?" if roll.numbers[i] == JOKER_NUMBER else str(roll.numbers[i])
                       for i in numbers))
    if isinstance(game, Kok2Game) and roll.special is not None and game.special_for(seat):
        text += f" / special: {roll.special}"
    return text


class ClassicTable:
    """A classic or Keer op Keer 2 game at one terminal: people and bots in seats."""

    def __init__(self, game: Game, bots: dict[int, Strategy], rng: np.random.Generator,
                 colour: bool, terminal: Terminal) -> None:
        self.game = game
        self.bots = bots
        self.rng = rng
        self.colour = colour
        self.io = terminal
        self.hints = np.random.default_rng(0)
        """Hints draw from their own generator, so asking for one never changes the dice."""
        self.hint_bot = make_bot(HINT_BOT)
        self.quitting = False

    def show(self, seat: int) -> None:
        game, write = self.game, self.io.write
        player = game.sheets[seat]
        write(render_text(game.sheet, self.colour, player.crossed))
        for line in _completion_lines(game, seat, self.colour):
            write(line)
        write(f"{game.players[seat]}: marks left {player.marks_left}   "
              f"{_score_line(game, seat)}")

    def run(self) -> None:
        game, write = self.game, self.io.write
        edition = "Keer op Keer 2" if isinstance(game, Kok2Game) else "Keer op Keer"
        if game.solo:
            write(f"Solo on {game.sheet.title}: {game.roll_limit} rolls of 2 colour and 2 "
                  "number dice. Type 'help' for the commands.")
        else:
            seats = ", ".join(name + (f" ({self.bots[s].name} bot)" if s in self.bots else "")
                              for s, name in enumerate(game.players))
            write(f"{edition} on {game.sheet.title}: {seats}. Type 'help' for the commands.")
        while not game.over and not self.quitting:
            self.play_roll()

    def next_seat(self) -> int:
        """Whose choice comes next: the active player, then the people, then the bots."""
        waiting = self.game.waiting_for()
        people = [s for s in waiting if s not in self.bots]
        return people[0] if people else waiting[0]

    def play_roll(self) -> None:
        game, write = self.game, self.io.write
        roll = game.throw(self.rng)
        limit = f"/{game.roll_limit}" if game.roll_limit else ""
        write("")
        if game.solo:
            self.show(0)
            write(f"Roll {game.rolls_done + 1}{limit}: {roll.describe(game.sheet)}")
        else:
            write(f"Roll {game.rolls_done + 1}{limit}: {game.players[game.active]} throws "
                  f"{roll.describe(game.sheet)}")
        while game.waiting_for() and not self.quitting:
            seat = self.next_seat()
            if seat in self.bots:
                choice = self.bots[seat].choose(game, seat, self.rng)
                game.choose(seat, choice)
                write(f"{game.players[seat]} ({self.bots[seat].name} bot): "
                      f"{describe_choice(game, choice)}")
            else:
                self.person_turn(seat)
        if self.quitting:
            while game.chosen:              # a roll left half-chosen does not count
                game.undo()
            return
        game.finish_roll()

    def person_turn(self, seat: int) -> None:
        game, write = self.game, self.io.write
        if not game.solo:
            write("")
            write(f"{game.players[seat]}'s turn"
                  + (" (active player)" if seat == game.active else ""))
            self.show(seat)
        write(f"dice you may take: {_dice_text(game, seat)}")
        prompt = "your move> " if game.solo else f"{game.players[seat]}, your move> "
        while not self.quitting:
            line = self.io.read(prompt)
            if self.command(seat, line):
                break

    def command(self, seat: int, line: str) -> bool:
        """Carry out one command of ``seat``; ``True`` once the seat has chosen."""
        game, write = self.game, self.io.write
        words = split_items(line)
        head = words[0].lower() if words else ""
        if head in ("help", "?", "h"):
            write(HELP_KOK2 if isinstance(game, Kok2Game) else HELP_CLASSIC)
        elif head in ("quit", "exit", "q"):
            self.quitting = True
            return True
        elif head in ("pass", "p"):
            game.choose(seat, None)
            return self.after_choice(seat, None)
        elif head == "moves":
            self.list_moves(seat)
        elif head == "undo":
            self.undo()
            return seat not in game.waiting_for() or seat != self.next_seat()
        elif head == "sheet":
            self.show(seat)
        elif head == "hint":
            suggestion = self.hint_bot.choose(game, seat, self.hints)
            if suggestion is None:
                write(f"the {HINT_BOT} bot would pass")
            else:
                verb = "use the special die: " if suggestion.is_special else "cross "
                write(f"the {HINT_BOT} bot would {verb}{describe_choice(game, suggestion)}")
        elif not words:
            write("type cells, like 'cross H6 H7', or 'pass' ('help' lists the commands)")
        else:
            if head == "cross":
                words = words[1:]
            if head in SPECIAL_FACES and not isinstance(game, Kok2Game):
                write(f"not allowed: {head} is a face of the Keer op Keer 2 special die; "
                      f"{game.sheet.name} has no special die")
                return False
            try:
                if isinstance(game, Kok2Game) and words and words[0].lower() in SPECIAL_FACES:
                    choice = special_from_words(game, words[0].lower(), words[1:], seat)
                else:
                    choice = choice_from_cells(game, words, seat)
                if isinstance(game, Kok2Game):
                    choice = fill_bombs(game, seat, choice, _ask_bomb(self.io.read_line, write))
                game.choose(seat, choice)
            except KokError as err:
                write(f"not allowed: {err}")
                return False
            write(f"{game.players[seat]} crosses {describe_choice(game, choice)}")
            return self.after_choice(seat, choice)
        return False

    def after_choice(self, seat: int, choice: Choice | None) -> bool:
        """After the last person's move of a roll: one chance to take it back before the
        roll is over (a later person's prompt takes ``undo`` too). Any other line is kept
        as the next command."""
        game = self.game
        if choice is None or any(s not in self.bots for s in game.waiting_for()):
            return True
        line = self.io.read("Enter ends your turn, 'undo' takes it back> ")
        if line.lower() == "undo":
            self.undo()
            return False
        if line:
            self.io.pending = line
        return True

    def undo(self) -> None:
        game, write = self.game, self.io.write
        chosen = game.chosen
        if not chosen or chosen[-1] in self.bots:
            write("nothing to take back: no person has chosen yet in this roll")
            return
        seat, choice = game.undo()
        write(f"took back {game.players[seat]}'s {describe_choice(game, choice)}")
        if seat != self.next_seat():
            return
        self.show(seat)

    def list_moves(self, seat: int) -> None:
        game, write = self.game, self.io.write
        seen: set[Any] = set()
        lines = []
        for choice in game.choices_for(seat):
            if choice.move in seen:
                continue
            seen.add(choice.move)
            lines.append(describe_choice(game, choice))
        if not lines:
            write("no legal move with the dice you may take: 'pass'")
            return
        write(f"{len(lines)} legal move{'s' if len(lines) > 1 else ''}:")
        for text in lines[:MOVES_SHOWN]:
            write(f"  {text}")
        if len(lines) > MOVES_SHOWN:
            write(f"  ... and {len(lines) - MOVES_SHOWN} more")

    def final(self) -> None:
        game, write = self.game, self.io.write
        write("")
        state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
        if game.solo:
            self.show(0)
            total = game.scores()[0].total
            band = (f"; rating band {solo_band(total)}" if is_official_pad(game.sheet)
                    else "")
            write(f"{state}: {_score_line(game)}{band}")
            return
        for seat in range(len(game.players)):
            write(f"{game.players[seat]}: {_score_line(game, seat)}")
        winners = ", ".join(game.players[s] for s in game.winners())
        write(f"{state}: winner{'s' if ', ' in winners else ''}: {winners}")


def play_solo(sheet: ClassicSheet, seed: int | None, colour: bool,
              read: Callable[[str], str], write: Callable[[str], None]) -> int:
    """Run a solo game, reading commands with ``read`` and showing text with ``write``."""
    game = new_game(sheet, ["you"], solo=True)
    table = ClassicTable(game, {}, np.random.default_rng(seed), colour, Terminal(read, write))
    table.run()
    table.final()
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


def play_kids(sheet: KidsSheet, names: list[str], seed: int | None, colour: bool,
              read: Callable[[str], str], write: Callable[[str], None],
              bots: dict[int, Strategy] | None = None) -> KidsGame:
    """A Kids game at one terminal: solo (one name, no bots) or people and ``bots`` (by
    seat) taking turns. Returns the game, finished or stopped."""
    bots = bots or {}
    rng = np.random.default_rng(seed)
    hints = np.random.default_rng(0)            # hints never change the dice
    game = KidsGame(sheet, names, solo=len(names) == 1)
    hint_bot = make_bot(HINT_BOT)
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
            if seat in bots:
                choice = bots[seat].choose(game, seat, rng)
                game.choose(seat, choice)
                taken = "nothing" if choice is None else describe_move(sheet, choice.move)
                write(f"{game.players[seat]} ({bots[seat].name} bot): {taken}")
                continue
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
                if line in ("help", "?", "h"):
                    write(HELP_KIDS)
                    continue
                if line == "moves":
                    for number, choice in enumerate(options, 1):
                        write(f"  {number}) {describe_move(sheet, choice.move)}")
                    continue
                if line == "hint":
                    suggestion = hint_bot.choose(game, seat, hints)
                    if suggestion is not None:
                        write(f"the {HINT_BOT} bot would take: "
                              f"{describe_move(sheet, suggestion.move)}")
                    continue
                if line.isascii() and line.isdigit() and 1 <= int(line) <= len(options):
                    game.choose(seat, options[int(line) - 1])
                    break
                write(f"not allowed: type a number from 1 to {len(options)} ('help' lists "
                      "the commands)")
        if quitting:
            while game.chosen:              # a roll left half-chosen does not count
                game.undo()
            break
        game.finish_roll()
    write("")
    state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
    scores = ", ".join(f"{name} {score.total}" for name, score
                       in zip(game.players, game.scores(), strict=True))
    winners = ", ".join(game.players[s] for s in game.winners())
    write(f"{state}: circles {scores}; winner{'s' if ', ' in winners else ''}: {winners}")
    return game


def _names(text: str, count: int) -> list[str]:
    """The people's names from ``--names`` (default ``player 1``...; ``you`` alone)."""
    names = split_items(text.replace(" ", "\u00a0")) if text else []
    names = [n.replace("\u00a0", " ").strip() for n in names]
    if not names:
        return ["you"] if count == 1 else [f"player {i + 1}" for i in range(count)]
    if len(names) != count:
        raise UsageError(f"--names gives {len(names)} name(s) for {count} player(s)")
    for name in names:
        if len(name) > MAX_NAME or not name.isprintable():
            raise UsageError(f"--names: {name[:MAX_NAME]!r}... is not a name of up to "
                             f"{MAX_NAME} printable characters" if len(name) > MAX_NAME else
                             f"--names: {name.encode('utf-8', 'replace')!r} holds characters "
                             "that cannot be printed")
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError("--names: a name is not valid text (undecodable bytes)") from None
    return names


def _bots(text: str) -> list[Strategy]:
    bots = []
    for name in split_items(text):
        try:
            bots.append(make_bot(name.lower()))
        except ValueError as err:
            raise UsageError(f"--bots: {err}") from None
    return bots


def _seat_names(people: list[str], bots: list[Strategy]) -> list[str]:
    """Every seat's name: the people's, then each bot by its name (``greedy 2`` for a
    second greedy bot)."""
    taken = {n.lower() for n in people}
    names = list(people)
    for bot in bots:
        name, number = bot.name, 1
        while name.lower() in taken:
            number += 1
            name = f"{bot.name} {number}"
        taken.add(name.lower())
        names.append(name)
    return names


def _strict_utf8_stdin() -> None:
    """Read stdin as UTF-8 with bad bytes replaced, so a stray byte is a bad command, not a
    crash, whatever the locale."""
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(encoding="utf-8", errors="replace")


def run_play(args: argparse.Namespace) -> int:
    loaded = load_layout(args.layout)
    _strict_utf8_stdin()

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
    bots = _bots(args.bots)
    output_path(args.save, "--save", inputs=[args.layout])
    if not args.solo and args.players is None and not bots:
        raise UsageError("say who plays: --solo, --players N (people at this terminal) "
                         "and/or --bots NAMES")
    if isinstance(loaded, KidsSheet):
        people = 1 if args.solo or args.players is None else args.players
        if args.solo and bots:
            raise UsageError("a solo game has no bots; use --bots without --solo")
        if not args.solo and not 2 <= people + len(bots) <= 4:
            raise UsageError(f"{people} people and {len(bots)} bots: Kids is for 2 to 4 "
                             "players")
        if people < 1:
            raise UsageError(f"--players is {people}; at least one person plays")
        names = _seat_names(_names(args.names, people), bots)
        game: Game = play_kids(loaded, names, args.seed, colour, read, write,
                               {people + i: bot for i, bot in enumerate(bots)})
    else:
        game = _play_classic(args, classic_sheet(loaded), bots, colour, read, write)
    if args.save is not None:
        save_record(game, args.save, args.layout, args.seed)
        write(f"wrote the game record {args.save}")
    return 0


def _play_classic(args: argparse.Namespace, sheet: ClassicSheet, bots: list[Strategy],
                  colour: bool, read: Callable[[str], str],
                  write: Callable[[str], None]) -> Game:
    people = 1 if args.solo or args.players is None else args.players
    if not 1 <= people + len(bots) <= MAX_PLAYERS or people < 1:
        raise UsageError(f"{people} people and {len(bots)} bots: a game has 1 to "
                         f"{MAX_PLAYERS} players, at least one of them a person")
    if args.solo and bots:
        raise UsageError("a solo game has no bots; use --bots without --solo")
    names = _seat_names(_names(args.names, people), bots)
    solo = args.solo
    game = new_game(sheet, names, solo=solo)
    seats = {people + i: bot for i, bot in enumerate(bots)}
    table = ClassicTable(game, seats, np.random.default_rng(args.seed), colour,
                         Terminal(read, write))
    table.run()
    table.final()
    return game
