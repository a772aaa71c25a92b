"""Every limit on what a user may give, defined once.

The command line, the Python API, the generator, the designer (the page gets them from the
server) and the game records read their bounds from here, so that what one surface refuses
every surface refuses. The JSON Schemas under ``schemas/`` repeat some of these numbers (a
schema is data); a test checks that they agree with this module.

A number typed by a person is plain ASCII digits: ``int("٣")`` is 3 and ``"²".isdigit()``
is true, but neither is a number anyone meant here (:func:`parse_whole`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from kok_layouts.errors import BadArgumentError, KokTypeError, shown, shown_repr


@dataclass(frozen=True)
class Bounds:
    """An inclusive range of whole numbers, with the noun that names what it bounds."""

    low: int
    high: int
    what: str

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.low:,} to {self.high:,}"

    def check(self, value: object, what: str | None = None) -> int:
        """``value`` if it is a whole number within the bounds; :class:`KokTypeError` for
        anything but an ``int`` (``True`` and ``2.0`` included), :class:`BadArgumentError`
        for one out of range."""
        name = what or self.what
        if type(value) is not int:
            raise KokTypeError(f"{name} is a whole number, not {type(value).__name__} "
                               f"{shown_repr(value, 40)}")
        if not self.low <= value <= self.high:
            raise BadArgumentError(f"{name} is {self}, not {shown_repr(value, 40)}")
        return value

    def as_dict(self) -> dict[str, int]:
        return {"min": self.low, "max": self.high}


# -- boards ----------------------------------------------------------------------------
WIDTH = Bounds(5, 26, "a board's width")
"""Columns of a board: A to Z at most; fewer than 5 leave no room for a game."""
HEIGHT = Bounds(3, 20, "a board's height")
COLOURS = Bounds(2, 8, "the number of colours")
"""Colours (Kids: animals) the generator and the designer may give a board."""
EXCLAMATION_MARKS = Bounds(0, 20, "the exclamation marks")
POINTS = Bounds(0, 99, "a printed number of points")
BUCKETS = Bounds(0, 9, "a bucket's value")
FOOD_BOXES = Bounds(0, 9, "the food boxes")
CHAMELEON_EVERY = Bounds(1, 10, "chameleon_every")
BOXES = Bounds(1, 20, "the boxes")
HEART_TRACK = Bounds(0, 20, "the heart track")
SPECIAL_FACES = Bounds(1, 12, "the special die's faces")

# -- names and texts -------------------------------------------------------------------
LAYOUT_NAME_LENGTH = 40
TITLE_LENGTH = 80
DESCRIPTION_LENGTH = 2000
COLOUR_NAME_LENGTH = 20
VISITOR_NAME_LENGTH = 40
PLAYER_NAME_LENGTH = 40
"""A player's name in a game, on the command line and in a record."""



def unprintable(text: str, lines: bool = False) -> str | None:
    """Why ``text`` cannot be shown as it is, or None if it can: the one rule for the texts
    a person gives (player names, a layout's titles and names).

    A text is refused if it holds a lone surrogate (it cannot be written as UTF-8), a
    control character (NUL, escape, a line break: tab and newline are allowed where
    ``lines`` is true, in a layout's description), or an invisible character that changes
    how a terminal shows the text around it: bidirectional controls (U+202E), zero-width
    and other format characters (U+200B, U+FEFF), line and paragraph separators.
    """
    for index, char in enumerate(text):
        if char == " " or (lines and char in "\t\n"):
            continue
        kind = unicodedata.category(char)
        if kind == "Cs":
            return (f"character {index + 1} is U+{ord(char):04X}, a lone surrogate that is "
                    "not text")
        if kind == "Cc":
            return f"character {index + 1} is the control character U+{ord(char):04X}"
        if kind in ("Cf", "Zl", "Zp", "Zs"):
            return (f"character {index + 1} is U+{ord(char):04X}, an invisible character "
                    "that changes how the text around it is shown")
    return None


def check_text(value: object, what: str, length: int) -> str:
    """``value`` if it is text of 1 to ``length`` characters, not blank, that
    :func:`unprintable` accepts on one line; :class:`KokTypeError` for anything but
    text, :class:`BadArgumentError` otherwise."""
    if not isinstance(value, str):
        raise KokTypeError(f"{what} is text, not {type(value).__name__} "
                           f"{shown_repr(value, 40)}")
    if not value.strip():
        raise BadArgumentError(f"{what} cannot be blank")
    if len(value) > length:
        raise BadArgumentError(f"{what} has at most {length} characters, not {len(value)} "
                               f"('{shown(value, 30)}')")
    bad = unprintable(value)
    if bad is not None:
        raise BadArgumentError(f"{what} '{shown(value, 50)}' cannot be printed: {bad}")
    return value


# -- games -----------------------------------------------------------------------------
PLAYERS = Bounds(1, 6, "the number of players")
"""Players of any edition; an edition may allow fewer (``Edition.players``)."""
KIDS_PLAYERS = Bounds(2, 4, "the number of players")
"""Kids is for 2 to 4 players (or solo)."""
SEED = Bounds(0, 2**64 - 1, "a seed")
"""numpy takes any non-negative seed; 64 bits are plenty and fit every record."""
MAX_ROLLS = Bounds(1, 1_000_000_000, "max_rolls")
"""The option ``max_rolls``: a game stops after this many rolls."""
GAME_ROLLS = 200
"""A simulated game that has not ended after this many rolls is stopped (a board that
cannot end)."""

# -- work a command may be asked to do -------------------------------------------------
GAMES = Bounds(1, 1_000_000, "the number of games")
DESIGN_CHECK_GAMES = Bounds(1, 5_000, "the number of games")
"""``kok design``'s check button: a page should not start hours of work."""
GENERATE_COUNT = Bounds(1, 1_000, "the number of boards")
PAGES = Bounds(1, 10_000, "the number of pages")
DPI = Bounds(10, 1200, "the resolution")
PORT = Bounds(0, 65_535, "a port")
WORKERS = Bounds(1, 64, "the number of worker processes")

# -- files -----------------------------------------------------------------------------
LAYOUT_FILE_BYTES = 1_000_000
LAYOUT_NODES = 100_000
LAYOUT_DEPTH = 64
RECORD_BYTES = 20_000_000
RECORD_ROLLS = 10_000
HTTP_BODY_BYTES = 512 * 1024

_WHOLE = re.compile(r"[+-]?[0-9]{1,20}")
_LONG_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_whole(text: str, what: str = "the value") -> int:
    """A whole number written by a person in ASCII digits (``-3``, ``12``), at most 20
    digits; :class:`BadArgumentError` for anything else (``٣``, ``²``, ``1e3``, ``0x10``)."""
    if not isinstance(text, str):
        raise KokTypeError(f"{what} is text of digits, not {type(text).__name__}")
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        if _LONG_WHOLE.fullmatch(stripped):
            raise BadArgumentError(f"'{shown(text, 40)}' is far too large")
        raise BadArgumentError(f"'{shown(text, 40)}' is not a whole number written in "
                               "digits 0-9")
    return int(stripped)


def parse_in(text: str, bounds: Bounds) -> int:
    """:func:`parse_whole`, then within ``bounds``."""
    value = parse_whole(text, bounds.what)
    if value not in bounds:
        raise BadArgumentError(f"'{shown(text, 40)}': {bounds.what} is {bounds}")
    return value


def as_dict() -> dict[str, object]:
    """The limits a page or a client needs, as JSON-ready data."""
    return {
        "width": WIDTH.as_dict(), "height": HEIGHT.as_dict(), "colours": COLOURS.as_dict(),
        "players": PLAYERS.as_dict(), "seed": SEED.as_dict(),
        "check_games": DESIGN_CHECK_GAMES.as_dict(), "generate_count": GENERATE_COUNT.as_dict(),
        "exclamation_marks": EXCLAMATION_MARKS.as_dict(), "points": POINTS.as_dict(),
        "buckets": BUCKETS.as_dict(), "food_boxes": FOOD_BOXES.as_dict(),
        "chameleon_every": CHAMELEON_EVERY.as_dict(), "boxes": BOXES.as_dict(),
        "heart_track": HEART_TRACK.as_dict(),
        "layout_name_length": LAYOUT_NAME_LENGTH, "title_length": TITLE_LENGTH,
        "description_length": DESCRIPTION_LENGTH, "colour_name_length": COLOUR_NAME_LENGTH,
        "player_name_length": PLAYER_NAME_LENGTH,
    }


# -- rules and play (limits added for them go below) -----------------------------------


# -- analysis and render ---------------------------------------------------------------
FIRST_GAME = Bounds(0, 2**64 - 1, "the first game's number")
"""A simulation may start at any game of its seed (``simulate(..., first=100)``)."""


# -- generator and designer ------------------------------------------------------------
BOXES_AT_START = Bounds(0, 20, "the boxes available at the start")
"""Keer op Keer 2's boxes crossed off before the game (the schema's bound)."""


# -- designer server (kok design) ------------------------------------------------------
HTTP_JSON_DEPTH = LAYOUT_DEPTH + 4
"""How deeply a request's JSON may nest: a layout's own depth and the request around it."""
HTTP_JSON_DIGITS = 40
"""The most digits a number in a request's JSON may have (a seed has at most 20)."""
HTTP_LINE_LENGTH = 300
"""The longest error line the designer's server answers or logs."""
SAVE_NAME_TRIES = 1_000
"""How many numbered names (``my-board-2.yaml``, ...) a new board's save tries."""
DESIGN_BALANCE_SECONDS = Bounds(5, 110, "the seconds of a balanced search")
"""How long the designer's Generate may search for a balanced board (as kok generate)."""
DESIGN_CHECK_DEFAULT_GAMES = 2_000
"""The designer's default games for kok check: enough that every verdict on an official
pad can be told (fewer leave seats and column verdicts at "not enough games")."""


# -- AI environments (kok_layouts.env) ---------------------------------------------------
ENV_ACTIONS = 250_000
"""The most actions an environment's fixed action space may have (a board so large that
its every move, special action and bomb number more would make masks of megabytes)."""
BATCH_GAMES = Bounds(1, 1_000_000, "the games of a batch")
"""How many games the batched engine plays at once."""


# -- hardening: scheduler, pipes, records, signals --------------------------------------
SCHEDULER_CONNECT_SECONDS = 4.0
"""A Dask scheduler (``--scheduler``) must answer its handshake within this time."""
SCHEDULER_WORKERS_SECONDS = 6.0
"""... and have at least one worker within this time: a clear line within 15 s in all."""
PIPE_WRITE_SECONDS = 10.0
"""Output into a pipe (FIFO) or device whose reader takes nothing for this long is
refused, never blocked on forever."""
RECORD_DEPTH = 16
"""Nesting of a game record: a bomb's square is 7 deep ($.rolls[i].choices.Ann.bombs[j])."""
RECORD_OBJECTS = RECORD_ROLLS * (2 + PLAYERS.high) + 64
"""JSON objects in a record: a roll, its choices and one choice per player, each roll."""
RECORD_VALUES = RECORD_ROLLS * 100
"""Values (numbers, texts, lists, objects) in a record: about 100 a roll at most."""


# -- analysis: references and kok improve ----------------------------------------------
REFERENCE_MORE_GAMES = Bounds(0, 100_000, "games per pad for 3 or more players")
"""The references script's games for the player counts beyond solo and two (0: none)."""
IMPROVE_SECONDS = Bounds(1, 86_400, "the time limit in seconds")
"""``kok improve``'s search runs at least a second and at most a day."""


# -- the table (kok table) -------------------------------------------------------------
TABLE_AWAY_SECONDS = 60.0
"""How long a seat's page must be silent before the host may skip it or hand it to a bot."""
TABLE_AWAY = Bounds(5, 3600, "seconds a seat may be away")
TABLE_WAIT_SECONDS = 20.0
"""The longest a page's request for news waits for a change before it is answered."""
TABLE_SEAT_WORDS = 200
"""The most cells or names one request of a seat may list."""
HOUSE_PENALTY = Bounds(0, 20, "points a house rule's penalty costs")
"""The house rules ``pass_penalty`` and ``star_penalty`` (rules option)."""


# -- learned bot -----------------------------------------------------------------------
LEARNED_WEIGHTS_BYTES = 5_000_000
"""The largest learned-bot weights file read (the shipped one is a few kilobytes)."""
LEARNED_WEIGHT_ABS = 1e6
"""The largest size of one learned weight: anything beyond is a broken file."""
LEARNED_HIDDEN = Bounds(1, 64, "units of a hidden layer of the value network")
"""The sizes of the learned bot's value network's hidden layers
(``learned_kernels.MOST_HIDDEN``)."""
LEARNED_CANDIDATES = Bounds(1, 64, "moves weighed again per roll")
"""How many of the strong bot's best moves of a roll the learned bot weighs again."""
