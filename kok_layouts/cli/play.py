"""``kok play``: a game in the terminal for people and bots.

``--solo``, or ``--players N`` people at one terminal (pass-and-play) with any ``--bots``,
as many seats as the edition allows (Kids: 2 to 4). People type commands as the hints read
(``cross G2 H2``, ``moves``, ``undo``, ``help``); ``--save`` writes the game record that
``kok replay`` and ``kok render --record`` read, when the game ends or is quit, and
(atomically, the finished rolls) when Ctrl-C, SIGTERM or SIGHUP stops it.

This is a shell: the rules (which dice a typed move uses, the square of a bomb, what is
legal) are the game's (:meth:`Game.choice_for_cells <kok_layouts.rules.game.Game.
choice_for_cells>`). What differs per edition is in :data:`PLAY_TABLES` and
:data:`PLAY_HELP` (:class:`ClassicTable` reads moves as cells, :class:`KidsTable` as numbered
choices) and ``edition.special_die``.
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from kok_layouts import limits
from kok_layouts.cli.args import integer, output_file, output_path, seed
from kok_layouts.cli.commands import add_command
from kok_layouts.cli.rules import split_items
from kok_layouts.cli.text import render_text, wants_colour
from kok_layouts.editions import EDITIONS, Edition, edition_of, part_for
from kok_layouts.errors import KokError, UsageError
from kok_layouts.model.grid import column_letter
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import SPECIAL_FACES
from kok_layouts.rules.bots import BOTS, Strategy, make_bot
from kok_layouts.rules.dice import JOKER_NUMBER, face_name
from kok_layouts.rules.game import Choice, Game, check_player_name
from kok_layouts.rules.record import save_record
from kok_layouts.rules.turns import BombStep, Turns
from kok_layouts.stop_signals import ignore_stop_signals
from kok_layouts.table.choices import distinct_choices
from kok_layouts.table.feed import RollStart, result_line, roll_events, roll_start

HELP_CLASSIC = """Commands (a choice ends your turn; the roll is over once everyone chose):
  cross H6 H7   cross these cells ('H6 H7' or 'H6,H7' alone works too); the colour and
                number follow from the cells, a joker die only when no plain die fits
  pass          cross nothing this roll
  moves         list every legal move with the dice you may take (each once, with
                the fewest jokers)
  undo          take back the last choice a person made in this roll
  hint          what the strong bot would play, and the line to type for it
  sheet         show your sheet again
  sheets        every player's sheet      scores   the score table
  help          this text
  quit          stop the game and score it"""

HELP_KOK2 = HELP_CLASSIC + """
The special die (costs a box; instead of a colour and a number die):
  heart               circle the next heart
  bomb C3             the 2x2 square with C3 at its top left
  stars B3 C4         up to two stars      row A1 C1 E1   up to three cells of a row
  block H1            the rest of the area of H1"""

HELP_KIDS = """Type the number of a move from the list (a move crosses one whole enclosure of
the animal on a die you may take; purple crosses an exclamation mark). Other commands:
  moves   the list again
  undo    take back the last choice a person made in this roll
  hint    what the strong bot would take
  sheets  every player's sheet            scores   the score table
  help    this text
  quit    stop the game and count the circles"""

DEFAULT_NAMES = {"en": ("you", "player"), "nl": ("jij", "speler"),
                 "de": ("du", "Spieler"), "fr": ("vous", "joueur")}
"""The default names in each print language: one person alone, and people by number."""
YOU = "you"
"""The English default name, which the terminal's sentences address as 'you'."""

MAX_NAME = limits.PLAYER_NAME_LENGTH
"""The longest player name ``--names`` takes (it is printed in every prompt)."""
MOVES_SHOWN = 40

HINT_BOT = "strong"
"""The bot whose move ``hint`` shows."""


def register(commands: Any) -> None:
    play = add_command(commands, "play")
    mode = play.add_mutually_exclusive_group()
    mode.add_argument("--solo", action="store_true",
                      help="the solo game (classic: 30 rolls of 2 colour and 2 number dice)")
    seats = ", ".join(f"{e.title} {e.players.low} to {e.players.high}"
                      for e in EDITIONS.values())
    mode.add_argument("--players", type=integer, metavar="N",
                      help="N people at one terminal, taking turns (pass-and-play); with "
                           f"the bots, the seats of a game: {seats}")
    play.add_argument("--bots", metavar="NAMES", default="",
                      help=f"bots to play against, comma-separated ({', '.join(BOTS)}); "
                           "with --players or alone (then one person plays)")
    play.add_argument("--names", metavar="NAMES", default="",
                      help="the people's names, comma-separated (default: player 1, ...)")
    play.add_argument("--layout", metavar="NAME", default="black",
                      help="the sheet (default: black)")
    play.add_argument("--seed", metavar="S", type=seed, default=None,
                      help="seed the dice for a repeatable game")
    play.add_argument("--save", metavar="FILE", type=output_file, default=None,
                      help="write the game record (JSON) to FILE when the game ends")
    play.add_argument("--lang", choices=tuple(DEFAULT_NAMES), default="en",
                      help="the language of the default player names (the names a sheet "
                           "printed from the record shows; default: en)")
    play.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                      default="auto", help="colour the sheet (default: on a terminal)")
    play.set_defaults(run=run_play)


def _score_line(game: Game, seat: int = 0) -> str:
    score = game.scores()[seat].as_dict()
    text = "  ".join(f"{key} {value}" for key, value in score.items())
    player = game.sheets[seat]
    if edition_of(game.sheet).boxes:
        text = f"boxes left {player.boxes_left}  hearts circled {player.hearts}   " + text
    return text


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
    """A choice as people say it: ``yellow 2: H6 H7 (number joker)``, ``special bomb: C3
    C4 D3 D4`` (:meth:`Choice.describe <kok_layouts.rules.game.Choice.describe>`), or
    ``pass``."""
    return "pass" if choice is None else choice.describe(game.sheet)


def subject(name: str, third: str, plain: str) -> str:
    """``name`` with its verb: ``Ann crosses``, but ``you cross``."""
    return f"{name} {plain if name == YOU else third}"


def possessive(name: str) -> str:
    """``Ann's``, but ``your``."""
    return "your" if name == YOU else f"{name}'s"


def typed_hint(game: Game, seat: int, choice: Choice) -> str:
    """The line a person types for ``choice`` at the prompt: ``cross H6 H7``, ``bomb
    C3`` (the square's top-left cell), ``block H1``, ``heart``; with the squares of the
    bombs a row's item gives to type after it."""
    board = game.sheets[seat].board
    move: Any = choice.move
    names = board.name_cells(move.cells)
    if not choice.is_special:
        line = "cross " + " ".join(names)
    elif move.face == "heart":
        line = "heart"
    elif move.face == "bomb":
        line = "bomb " + _top_left(game, seat, move.cells)
    elif move.face == "block":
        line = "block " + names[0]
    else:
        line = f"{move.face} " + " ".join(names)
    for square in choice.bombs:
        line += f", then {_top_left(game, seat, square)} for the bomb"
    return line


def _top_left(game: Game, seat: int, square: int) -> str:
    """The cell a person names for the 2x2 square ``square`` (some of its cells may be
    crossed already, the top-left one too)."""
    player: Any = game.sheets[seat]
    width = game.sheet.width
    cells = [c for c in range(square.bit_length()) if square >> c & 1]
    tried = sorted({c - dx - dy * width for c in cells for dx in (0, 1) for dy in (0, 1)
                    if c - dx - dy * width >= 0})
    for cell in tried:
        name = game.sheet.cell_name(cell)
        try:
            if player.bomb_at(name) == square:
                return str(name)
        except (KokError, ValueError):
            continue
    return str(game.sheet.cell_name(cells[0]))


def show_sheets(game: Game, colour: bool, write: Callable[[str], None]) -> None:
    """Every player's sheet with its score, one after the other."""
    for seat, name in enumerate(game.players):
        player: Any = game.sheets[seat]
        write("")
        write(f"{possessive(name)} sheet:")
        write(render_text(game.sheet, colour, player.crossed))
        write(f"{name}: marks left {player.marks_left}   {_score_line(game, seat)}")


def show_scores(game: Game, write: Callable[[str], None]) -> None:
    """The score table: a row per player, a column per score line."""
    scores = [score.as_dict() for score in game.scores()]
    keys = list(scores[0])
    width = max(len(name) for name in game.players)
    write(f"{'':<{width}}  " + "  ".join(f"{key:>7}" for key in keys))
    for name, score in zip(game.players, scores, strict=True):
        write(f"{name:<{width}}  " + "  ".join(f"{score[key]:>7}" for key in keys))


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
    if roll.special is not None and game.special_for(seat):
        text += f" / special: {roll.special}"
    return text


class Table(Protocol):
    """How ``kok play`` runs a game of one edition at one terminal (:data:`PLAY_TABLES`):
    made from the game, the bots by seat, the dice, whether to colour and the terminal."""

    game: Game

    def __init__(self, game: Game, bots: dict[int, Strategy], rng: np.random.Generator,
                 colour: bool, terminal: Terminal) -> None: ...

    def run(self) -> None:
        """Play until the game is over or a person quits."""

    def final(self) -> None:
        """Show the scores and the winners."""


class _Seats:
    """What every table keeps: the game, the bots by seat, the dice, the terminal, and the
    hint bot with dice of its own."""

    def __init__(self, game: Game, bots: dict[int, Strategy], rng: np.random.Generator,
                 colour: bool, terminal: Terminal) -> None:
        self.game = game
        self.turns = Turns(game, rng)
        """The game's turns: every throw, choice, bomb and end of roll goes through them."""
        self.bots = bots
        self.rng = rng
        self.colour = colour
        self.io = terminal
        self.hints = np.random.default_rng(0)
        """Hints draw from their own generator, so asking for one never changes the dice."""
        self.hint_bot = make_bot(HINT_BOT)
        self.quitting = False

    def bot_turn(self, seat: int, passing: str = "pass") -> None:
        """The bot in ``seat`` chooses, and the table says what (``passing`` for none)."""
        game = self.game
        choice = self.turns.let_choose(seat, self.bots[seat], self.rng)
        taken = passing if choice is None else choice.describe(game.sheet)
        self.io.write(f"{game.players[seat]} ({self.bots[seat].name} bot): {taken}")

    def end_roll(self, start: RollStart) -> None:
        """Score the roll and say what it brought; when quitting, a roll left half-chosen
        does not count: its choices are taken back."""
        game = self.game
        if self.quitting:
            while game.chosen:
                game.undo()
            return
        self.turns.finish_roll()
        for event in roll_events(game, start):
            self.io.write(event.text)


class ClassicTable(_Seats):
    """A classic or Keer op Keer 2 game at one terminal: people and bots in seats."""

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
        edition = edition_of(game.sheet).title
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
        start = roll_start(game)
        roll = self.turns.throw()
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
                self.bot_turn(seat)
            else:
                self.person_turn(seat)
        self.end_roll(start)

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
            write(play_help(game.sheet))
        elif head in ("quit", "exit", "q"):
            self.quitting = True
            return True
        elif head in ("pass", "p"):
            self.turns.choose(seat, None)
            return self.after_choice(seat, None)
        elif head == "moves":
            self.list_moves(seat)
        elif head == "undo":
            self.undo()
            return seat not in game.waiting_for() or seat != self.next_seat()
        elif head == "sheet":
            self.show(seat)
        elif head == "sheets":
            show_sheets(game, self.colour, write)
        elif head == "scores":
            show_scores(game, write)
        elif head == "hint":
            suggestion = self.hint_bot.choose(game, seat, self.hints)
            if suggestion is None:
                write(f"the {HINT_BOT} bot would pass")
                write("  type: pass")
            else:
                verb = "use the special die: " if suggestion.is_special else "cross "
                write(f"the {HINT_BOT} bot would {verb}{describe_choice(game, suggestion)}")
                write(f"  type: {typed_hint(game, seat, suggestion)}")
        elif not words:
            write("type cells, like 'cross H6 H7', or 'pass' ('help' lists the commands)")
        else:
            if head == "cross":
                words = words[1:]
            face = words[0].lower() if words and words[0].lower() in SPECIAL_FACES else None
            try:
                choice = game.choice_for_cells(seat, words[1:] if face else words,
                                               special=face)
                step = self.turns.choose(seat, choice)
                if step is not None:
                    choice = self.place_bombs(step)
            except KokError as err:
                write(f"not allowed: {err}")
                return False
            write(f"{subject(game.players[seat], 'crosses', 'cross')} "
                  f"{describe_choice(game, choice)}")
            return self.after_choice(seat, choice)
        return False

    def place_bombs(self, step: BombStep) -> Choice:
        """Ask for the square of every bomb the choice of ``step`` owes (the turns' bomb
        step); returns the choice made with them. At the end of the input the square of
        the lowest cells is taken."""
        write = self.io.write
        while True:
            write("A row's item gives you a bomb at once.")
            while True:
                square: str | int
                try:
                    square = self.io.read_line("bomb square (top-left cell)> ").strip()
                except EOFError:
                    square = min(step.squares.values())
                try:
                    following = self.turns.bomb(step.seat, square)
                    break
                except KokError as err:
                    write(f"not allowed: {err}")
            if following is None:
                made = self.game.choice_in_roll(step.seat)
                assert made is not None
                return made
            step = following

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
        write(f"took back {possessive(game.players[seat])} {describe_choice(game, choice)}")
        if seat != self.next_seat():
            return
        self.show(seat)

    def list_moves(self, seat: int) -> None:
        game, write = self.game, self.io.write
        lines = [describe_choice(game, choice) for choice in distinct_choices(game, seat)]
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
            band = result_line(game).partition("; ")[2]
            write(f"{state}: {_score_line(game)}{'; ' + band if band else ''}")
            return
        for seat in range(len(game.players)):
            write(f"{game.players[seat]}: {_score_line(game, seat)}")
        winners = ", ".join(game.winners())
        write(f"{state}: winner{'s' if ', ' in winners else ''}: {winners}")


class KidsTable(_Seats):
    """A Kids game at one terminal: solo, or people and bots taking turns. Each person
    picks a numbered move from the list of the legal ones."""

    def run(self) -> None:
        game = self.game
        self.io.write(f"{game.sheet.title}: cross whole enclosures, start at the stars. Type "
                      "the number of a move, 'hint' or 'quit'.")
        while not game.over and not self.quitting:
            self.play_roll()

    def options(self, seat: int) -> list[Choice]:
        """The legal choices of ``seat`` without duplicates (two dice may show one animal)."""
        seen: set[object] = set()
        options = []
        for choice in self.game.choices_for(seat):
            if choice.move not in seen:
                seen.add(choice.move)
                options.append(choice)
        return options

    def play_roll(self) -> None:
        game, write, sheet = self.game, self.io.write, self.game.sheet
        start = roll_start(game)
        roll = self.turns.throw()
        write("")
        write(f"Roll {game.rolls_done + 1}: {game.players[game.active]} throws "
              + ", ".join(face_name(sheet, f) for f in roll.colours))
        while (waiting := game.waiting_for()) and not self.quitting:
            seat = waiting[0]
            if seat in self.bots:
                self.bot_turn(seat, passing="nothing")
            else:
                self.person_turn(seat)
            if not game.waiting_for() and not self.quitting and self.last_person_undoes():
                continue
        self.end_roll(start)

    def last_person_undoes(self) -> bool:
        """Once everyone chose: one chance for the last person who chose to take it back
        (the bots after them choose again). ``True`` if they did."""
        game = self.game
        people = [s for s in game.chosen if s not in self.bots]
        if not people:
            return False
        line = self.io.read("Enter ends the roll, 'undo' takes back the last move> ")
        if line.lower() != "undo":
            if line:
                self.io.pending = line
            return False
        return self.undo()

    def undo(self) -> bool:
        """Take back the last choice a person made in this roll, and the bots' after it
        (they choose again)."""
        game, write = self.game, self.io.write
        if not any(s not in self.bots for s in game.chosen):
            write("nothing to take back: no person has chosen yet in this roll")
            return False
        while True:
            seat, choice = game.undo()
            if seat not in self.bots:
                break
        taken = "pass" if choice is None else choice.describe(game.sheet)
        write(f"took back {possessive(game.players[seat])} {taken}")
        return True

    def person_turn(self, seat: int) -> None:
        game, write, sheet = self.game, self.io.write, self.game.sheet
        player = game.sheets[seat]
        options = self.options(seat)
        write("")
        write(f"{possessive(game.players[seat])} sheet:")
        write(render_text(sheet, self.colour, player.crossed))
        write(f"{game.players[seat]}: {player.score().total} circles, exclamation marks left "
              f"{player.marks_left}")
        if not options:
            name = game.players[seat]
            write(f"{name} can cross nothing with these dice and "
                  f"{subject(name, 'skips', 'skip').rpartition(' ')[2]}.")
            self.turns.choose(seat, None)
            return
        self.list_moves(options)
        while True:
            line = self.io.read(f"{game.players[seat]}, your move> ").lower()
            if line in ("quit", "q", "exit"):
                self.quitting = True
                return
            if line in ("help", "?", "h"):
                write(play_help(sheet))
                continue
            if line == "moves":
                self.list_moves(options)
                continue
            if line == "undo":
                if self.undo():
                    return
                continue
            if line == "sheets":
                show_sheets(game, self.colour, write)
                continue
            if line == "scores":
                show_scores(game, write)
                continue
            if line == "hint":
                suggestion = self.hint_bot.choose(game, seat, self.hints)
                if suggestion is not None:
                    number = next((i for i, o in enumerate(options, 1)
                                   if o.move == suggestion.move), None)
                    write(f"the {HINT_BOT} bot would take: {suggestion.describe(sheet)}")
                    if number is not None:
                        write(f"  type: {number}")
                continue
            try:
                number = limits.parse_whole(line)
            except KokError:
                number = 0
            if 1 <= number <= len(options):
                self.turns.choose(seat, options[number - 1])
                return
            write(f"not allowed: type a number from 1 to {len(options)} ('help' lists "
                  "the commands)")

    def list_moves(self, options: list[Choice]) -> None:
        for number, choice in enumerate(options, 1):
            self.io.write(f"  {number}) {choice.describe(self.game.sheet)}")

    def final(self) -> None:
        game, write = self.game, self.io.write
        write("")
        state = "Game over" if game.over else f"Stopped after {game.rolls_done} rolls"
        scores = ", ".join(f"{name} {score.total}" for name, score
                           in zip(game.players, game.scores(), strict=True))
        winners = ", ".join(game.winners())
        write(f"{state}: circles {scores}; winner{'s' if ', ' in winners else ''}: {winners}")


def people_names(text: str, count: int, lang: str = "en", *, alone: bool = True) -> list[str]:
    """The people's names from ``--names`` (default ``player 1``...; ``you`` for one
    person ``alone`` at the terminal; in ``lang``: ``Spieler 1``, ``du``)."""
    names = split_items(text.replace(" ", "\u00a0")) if text else []
    names = [n.replace("\u00a0", " ").strip() for n in names]
    if not names:
        you, numbered = DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"])
        if count == 1 and alone:
            return [you]
        return [f"{numbered} {i + 1}" for i in range(count)]
    if len(names) != count:
        raise UsageError(f"--names gives {len(names)} name(s) for {count} player(s)")
    for name in names:
        try:
            check_player_name(name)
        except KokError as err:
            raise UsageError(f"--names: {err}") from None
    return names


def bots_of(text: str) -> list[Strategy]:
    bots = []
    for name in split_items(text):
        try:
            bots.append(make_bot(name.lower()))
        except KokError as err:
            raise UsageError(f"--bots: {err}") from None
    return bots


def seat_names(people: list[str], bots: list[Strategy]) -> list[str]:
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


PLAY_TABLES: dict[str, type[Table]] = {
    "classic": ClassicTable, "kok2": ClassicTable, "kids": KidsTable}
"""How ``kok play`` runs a game of each edition at one terminal, by edition name."""

PLAY_HELP: dict[str, str] = {"classic": HELP_CLASSIC, "kok2": HELP_KOK2, "kids": HELP_KIDS}
"""The commands a person types at ``kok play``'s prompt, as ``help`` lists them."""


def play_help(sheet: Any) -> str:
    """``help``'s text for a game on ``sheet``."""
    return part_for(PLAY_HELP, edition_of(sheet), "terminal help")


def run_play(args: argparse.Namespace) -> int:
    loaded = load_layout(args.layout)
    edition = edition_of(loaded)
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
    bots = bots_of(args.bots)
    output_path(args.save, "--save", inputs=[args.layout])
    if not args.solo and args.players is None and not bots:
        raise UsageError("say who plays: --solo, --players N (people at this terminal) "
                         "and/or --bots NAMES")
    people = 1 if args.solo or args.players is None else args.players
    _check_seats(edition, people, len(bots), args.solo)
    names = seat_names(people_names(args.names, people, args.lang), bots)
    game = edition.new_game(loaded, names, solo=args.solo)
    seats = {people + i: bot for i, bot in enumerate(bots)}
    make = part_for(PLAY_TABLES, edition, "terminal table")
    table: Table = make(game, seats, np.random.default_rng(args.seed), colour,
                        Terminal(read, write))
    try:
        table.run()
    except KeyboardInterrupt:   # Ctrl-C, SIGTERM, SIGHUP: the record of the rolls so far
        ignore_stop_signals()   # a second signal must not break writing it
        if args.save is not None:
            while game.chosen:  # a roll left half-chosen does not count, as with quit
                game.undo()
            save_record(game, args.save, args.layout, args.seed)
            write(f"wrote the game record {args.save}")
        raise                   # the command line says how it stopped: 130, 143, 129
    table.final()
    if args.save is not None:
        save_record(game, args.save, args.layout, args.seed)
        write(f"wrote the game record {args.save}")
        people = [name for seat, name in enumerate(game.players) if seat not in seats]
        if game.rolls_done and people:
            write(review_hint(str(args.save), people))
    return 0


def review_hint(record: str, people: list[str]) -> str:
    """The line that offers ``kok review`` of the record just saved, for each person."""
    quoted = shlex.quote(record)
    commands = [f"kok review {quoted}" + (f" --player {shlex.quote(name)}" if i else "")
                for i, name in enumerate(people)]
    return ("what each choice cost against the strong bot: "
            + "; ".join(commands))


def _check_seats(edition: Edition, people: int, bots: int, solo: bool) -> None:
    """The seats the command line asks for are a game of ``edition``: a solo game has no
    bots; a game with others has as many seats as the edition allows, a person among them."""
    if solo and bots:
        raise UsageError("a solo game has no bots; use --bots without --solo")
    seats = edition.players
    if not solo and (people + bots not in seats or people < 1):
        raise UsageError(f"{people} people and {bots} bots: a game of {edition.title} has "
                         f"{seats.low} to {seats.high} players, at least one of them a person")
