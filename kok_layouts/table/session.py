"""One game at the table: the seats, their tokens, the dice, the bots, the feed and the
state on disk.

A :class:`TableSession` is pure Python and thread-safe (one lock); the web server only
translates requests into its methods, and every method takes the seat the request's token
belongs to, so no seat can act for another. The flow of a roll:

1. the dice: thrown from the seeded generator (``virtual``), or entered by the active
   player (``real``; a person enters them for a bot);
2. the active player's choice, then every passive player's (bots choose as soon as they
   may, and their moves go to the feed);
3. a person may take back their choice (:meth:`undo`) until the roll is finished: when
   everyone has chosen and every person has ended their turn (:meth:`end_turn`);
4. the roll is logged, the feed says who completed what and whether the game ends, and
   the state is written to disk atomically, so :meth:`resume` continues from there.

Every act may name its :class:`Moment` (the web server makes the pages name it): the roll
it is for and the version of the state the page showed. An act for another roll, a
repeated one (the seat acted since that version) and any act after the game is over are
refused with :class:`LateActError` and change nothing.

A person the game waits for (to throw, choose or end their turn) is *away* once
:attr:`TableSession.away_seconds` pass without an act of theirs; a page that only watches
does not count. The host may then skip them or give their seat to a bot.
"""

from __future__ import annotations

import dataclasses
import hmac
import json
import math
import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from kok_layouts import limits
from kok_layouts.editions import edition_of
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokError, RecordError, shown
from kok_layouts.model.grid import column_letter
from kok_layouts.model.loader import builtin_names, load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.output import write_atomically
from kok_layouts.render.labels import LANGUAGES
from kok_layouts.render.marks import marks_from_game
from kok_layouts.render.visitors import visitor_name
from kok_layouts.rules import (
    Choice,
    Game,
    Options,
    Roll,
    Strategy,
    make_bot,
    mask_names,
    new_game,
    replay,
    save_record,
    solo_band,
)
from kok_layouts.rules.dice import colour_faces, face_name
from kok_layouts.rules.record import read_record, record_json
from kok_layouts.rules.turns import Turns
from kok_layouts.table.choices import choice_key, crossed_by, distinct_choices
from kok_layouts.table.feed import (
    Event,
    RollStart,
    choice_event,
    end_reason,
    is_official_pad,
    result_line,
    roll_events,
    roll_start,
)
from kok_layouts.table.icons import icons

DiceMode = Literal["virtual", "real"]
DICE_MODES: tuple[DiceMode, ...] = ("virtual", "real")
STATE_FORMAT = 1
HOST = -1
"""The seat number of the host's page, which sees every seat and acts for none."""


@dataclass
class Seat:
    """One seat: who sits there, the token in their link, and how they are doing."""

    name: str
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    bot: str | None = None
    """The bot that plays this seat (by name), or ``None`` for a person."""
    ended: bool = False
    """Whether the person ended their turn in the current roll."""


@dataclass(frozen=True)
class Moment:
    """What an act is for: the roll, counted from 1 (for a throw of real dice, the roll
    about to be thrown), and the :attr:`TableSession.version` of the state the page
    showed."""

    roll: int
    version: int


class RefusedActError(IllegalMoveError):
    """An act the table refuses, with a ``code`` a page words in its own language and the
    ``facts`` the words name (a player's name, seconds); the message is the English line
    for the terminal and for clients that have no language. Nothing changed."""

    def __init__(self, code: str, message: str, **facts: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


class LateActError(RefusedActError):
    """An act for a moment that has passed: another roll, a state the seat has acted on
    since, or a game that is over. Nothing changed (the web server answers 409)."""


def move_facts(sheet: Sheet, choice: Choice) -> dict[str, Any]:
    """What a page words a move from in its own language: the kind of move, the colour or
    animal key, the number, the cells it crosses (``count``: those of the move itself),
    the jokers, the special die's face, the bombs' squares and, for a Kids chameleon, its
    enclosure's animal and size; ``text`` is the rules' English, for a page's fall-back."""
    width = sheet.width
    move: Any = choice.move
    chameleon = int(getattr(move, "chameleon", 0))
    return {"text": choice.describe(sheet),
            "cells": mask_names(crossed_by(choice), width) or [], "kind": type(move).__name__,
            "colour": str(getattr(move, "colour", "") or getattr(move, "die", "") or ""),
            "count": len(mask_names(int(move.cells), width) or []),
            "chameleon": bool(chameleon),
            "chameleon_colour": (str(sheet.cell_colours[(chameleon & -chameleon).bit_length() - 1])
                                 if chameleon else ""),
            "chameleon_count": chameleon.bit_count(),
            "number": int(getattr(move, "number", 0)),
            "colour_joker": bool(getattr(move, "colour_joker", False)),
            "number_joker": bool(getattr(move, "number_joker", False)),
            "bombs": len(choice.bombs),
            "bomb_cells": [mask_names(square, width) or [] for square in choice.bombs],
            "special": getattr(move, "face", None), "jokers": move.jokers}


def _choice_json(game: Game, choice: Choice) -> dict[str, Any]:
    """A listed choice as the page shows it: its key, the dice it takes (the colour and
    number dice's places in the roll, -1 for none) and its :func:`move_facts`."""
    return {"key": choice_id(choice), **move_facts(game.sheet, choice),
            "dice": [choice.colour_die, choice.number_die]}


def _with_move(event: Event, sheet: Sheet, choice: Choice | None) -> Event:
    """A choice's feed line with the move's facts (none for a pass)."""
    return event if choice is None else dataclasses.replace(event,
                                                            move=move_facts(sheet, choice))


def choice_id(choice: Choice) -> str:
    """The text that names a listed choice between the page and the session."""
    kind, face, cells = choice_key(choice)
    return f"{kind}:{face}:{cells:x}"


class TableSession:
    """A game served to the seats' pages (see the module docstring)."""

    def __init__(self, sheet: Sheet, layout: str, players: Sequence[str],
                 bots: Mapping[int, str] | None = None, *, dice: DiceMode = "virtual",
                 seed: int | None = None, options: Options | None = None, solo: bool = False,
                 state_path: Path | None = None, away_seconds: float = limits.TABLE_AWAY_SECONDS
                 ) -> None:
        if dice not in DICE_MODES:
            raise BadArgumentError(f"the dice are virtual or real, not {dice!r}")
        if seed is not None and (type(seed) is not int or seed not in limits.SEED):
            raise BadArgumentError(f"a seed is a whole number from {limits.SEED}, not {seed!r}")
        bots = dict(bots or {})
        dice_seq, bot_seq = np.random.SeedSequence(seed).spawn(2)
        self.dice_rng = np.random.default_rng(dice_seq)
        self.bot_rng = np.random.default_rng(bot_seq)
        self.game = new_game(sheet, list(players), options, solo=solo)
        self.printed_options = new_game(sheet, list(players), None, solo=solo).options.as_dict()
        """The options of this edition's printed rules, to tell the house rules from."""
        for seat, bot in bots.items():
            if type(seat) is not int or not 0 <= seat < len(players):
                raise BadArgumentError(f"no seat {seat!r} for a bot")
            make_bot(bot)
        self.layout = layout
        self.dice: DiceMode = dice
        self.seed = seed
        self.seats = [Seat(name, bot=bots.get(i)) for i, name in enumerate(self.game.players)]
        self.host_token = secrets.token_urlsafe(18)
        self.state_path = state_path
        if state_path is not None:
            private_file(state_path)   # before the first roll: never another game's file
        self.away_seconds = away_seconds
        self.port = 0
        """The port the links name (kept in the state, so a resumed game keeps its links)."""
        self.notes: list[str] = []
        """What :meth:`resume` repaired, for the terminal to say."""
        self.strategies: dict[int, Strategy] = {}
        self.feed: list[Event] = []
        self.version = 0
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.start: RollStart = roll_start(self.game)
        self.last_crossed: list[int] = [0] * len(self.seats)
        """The cells each seat crossed in the last finished roll."""
        self.current: dict[int, Choice | None] = {}
        """The choices of the current roll so far, by seat."""
        self.bomb_options: dict[int, list[str]] = {}
        """For a seat whose move earns a bomb: the squares it may bomb (top-left cells)."""
        self.acted: dict[int, int] = {}
        """The version after each seat's last change (its act, or the host's on it): an act
        based on an older version is a repeated or crossed one."""
        self.owed_since: dict[int, float] = {}
        """Since when (``time.monotonic``) the game waits for each person that it waits
        for, counted again from each act of theirs."""

    # -- who is who ------------------------------------------------------------------
    def seat_of_token(self, token: str) -> int | None:
        """The seat a token belongs to (:data:`HOST` for the host's), ``None`` for any
        other text; compared in constant time."""
        found = None
        if hmac.compare_digest(token.encode(), self.host_token.encode()):
            found = HOST
        for index, seat in enumerate(self.seats):
            if hmac.compare_digest(token.encode(), seat.token.encode()):
                found = index
        return found

    def people(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.bot is None]

    def _bot(self, seat: int) -> Strategy | None:
        name = self.seats[seat].bot
        if name is None:
            return None
        if seat not in self.strategies:
            self.strategies[seat] = make_bot(name)
        return self.strategies[seat]

    # -- changes ---------------------------------------------------------------------
    def _changed(self, *acting: int) -> None:
        """A new version: wake the waiting pages; ``acting`` are the seats whose own state
        this change was (their acts based on an older version are refused from now on,
        and their away clock starts again)."""
        self.version += 1
        now = time.monotonic()
        for seat in acting:
            self.acted[seat] = self.version
            self.owed_since.pop(seat, None)
        for seat in range(len(self.seats)):
            if not self._owes(seat):
                self.owed_since.pop(seat, None)
            elif seat not in self.owed_since:
                self.owed_since[seat] = now
        self.changed.notify_all()

    def _owes(self, seat: int) -> bool:
        """Whether the game waits for the person in ``seat``: to throw the real dice, to
        choose, or to end their turn."""
        game = self.game
        if game.over or self.seats[seat].bot is not None:
            return False
        if game.roll is None:
            return self.dice == "real" and seat == game.active
        return seat in game.waiting_for() or (seat in game.chosen and not self.seats[seat].ended)

    def _check_moment(self, seat: int, at: Moment | None) -> None:
        """Refuse an act after the game, or for a moment that has passed (see
        :class:`Moment`); ``seat`` is the seat the act changes."""
        game = self.game
        if game.over:
            raise LateActError("over", "the game is over; nothing changed")
        if at is None:
            return
        roll = game.rolls_done + 1
        if at.roll != roll:
            raise LateActError("late", f"that was for roll {at.roll}; this is roll {roll}; "
                               "nothing changed")
        if at.version > self.version:
            raise LateActError("late", f"version {at.version} is not one this game has shown "
                               f"(it is at {self.version}); nothing changed")
        if at.version < self.acted.get(seat, 0):
            raise LateActError("late", f"{self.seats[seat].name} has acted since version "
                               f"{at.version}; look again: nothing changed")

    def wait(self, version: int, timeout: float, seat: int = HOST) -> int:
        """Wait until the state is newer than ``version`` (or ``timeout`` seconds pass);
        the current version. ``seat`` is the seat whose page waits: waiting is no act, so
        it does not keep a seat from being away."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != version, timeout)
            return self.version

    def begin(self) -> None:
        """Start the game (or go on after a resume): throw virtual dice, let bots play."""
        with self.lock:
            self.save_state()     # a resumable file from the start, never an empty one
            self._advance()
            self._changed()

    def _advance(self) -> None:
        """Do everything that needs nobody: throw virtual dice, let bots choose, finish a
        roll that everyone is done with."""
        game = self.game
        while not game.over:
            if game.roll is None:
                if self.dice == "real":
                    return
                self.start = roll_start(game)
                self.turns.throw()
                continue
            waiting = game.waiting_for()
            bots = [s for s in waiting if self.seats[s].bot is not None]
            if bots:
                seat = bots[0]
                strategy = self._bot(seat)
                assert strategy is not None
                choice = self.turns.let_choose(seat, strategy, self.bot_rng)
                self.current[seat] = choice
                self.feed.append(_with_move(choice_event(game, seat, choice,
                                                         self.seats[seat].bot),
                                            game.sheet, choice))
                continue
            if waiting or any(not self.seats[s].ended for s in self.people()):
                return
            self._finish_roll()

    def _finish_roll(self) -> None:
        game = self.game
        log = self.turns.finish_roll()
        for seat, choice in enumerate(log.choices):
            self.last_crossed[seat] = 0 if choice is None else crossed_by(choice)
            if self.seats[seat].bot is None:
                event = choice_event(game, seat, choice)
                self.feed.append(_with_move(Event("choice", event.text, event.player,
                                                  event.item, roll=game.rolls_done),
                                            game.sheet, choice))
        self.feed.extend(roll_events(game, self.start))
        for place in self.seats:
            place.ended = False
        self.current.clear()
        self.bomb_options.clear()
        self.save_state()

    def _play(self, seat: int, choice: Choice | None) -> None:
        """``seat`` takes ``choice``, bombs and all (a bot's, a choice taken back and made
        again, a skip)."""
        step = self.turns.choose(seat, choice)
        while step is not None:   # a skipped person's first move: its squares in order
            step = self.turns.bomb(seat, next(iter(step.squares)))
        self.current[seat] = self.game.choice_in_roll(seat)

    # -- the seats' actions ----------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game, as its turns drive it."""
        return self.turns.game

    @game.setter
    def game(self, game: Game) -> None:
        self.turns = Turns(game, self.dice_rng)

    def _person(self, seat: int) -> None:
        if seat == HOST or not 0 <= seat < len(self.seats):
            raise RefusedActError("host_seat", "the host's page plays for no seat; open a "
                                  "seat's link")
        if self.seats[seat].bot is not None:
            raise RefusedActError("bot_seat", f"{self.seats[seat].name} is played by a bot",
                               name=self.seats[seat].name)

    def throw(self, seat: int, colours: Sequence[str], numbers: Sequence[Any] = (),
              special: str | None = None, *, at: Moment | None = None) -> None:
        """Real dice: the faces the active player threw (a person enters them for an
        active bot)."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            game = self.game
            if self.dice != "real":
                raise RefusedActError("virtual", "this game throws virtual dice")
            if game.over or game.roll is not None:
                raise RefusedActError("thrown", "the dice are already thrown")
            active_bot = self.seats[game.active].bot is not None
            if seat != game.active and not active_bot:
                raise RefusedActError("throws", f"{game.players[game.active]} throws the dice",
                                   name=game.players[game.active])
            if not isinstance(colours, (list, tuple)) or not isinstance(numbers, (list, tuple)):
                raise RefusedActError("faces", "name the faces of the dice")
            start = roll_start(game)
            faces: Any = tuple(n if type(n) is int else str(n) for n in numbers)
            self.turns.throw(Roll(tuple(str(f) for f in colours), faces,
                                  None if special is None else str(special)))
            self.start = start
            self._advance()
            self._changed(seat)

    def choose(self, seat: int, key: str | None = None, *, cells: Sequence[str] | None = None,
               special: str | None = None, bombs: Sequence[str] = (), end: bool = False,
               at: Moment | None = None) -> None:
        """``seat`` takes a listed choice (its ``key`` from :meth:`view`) or the choice
        that crosses ``cells`` (with ``special``: that face of the special die); ``bombs``
        names the top-left cells of the squares a row's item bombs. ``end`` also ends the
        turn."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            game = self.game
            if game.roll is None:
                raise RefusedActError("not_thrown", "the dice are not thrown yet")
            if key is not None:
                found = [c for c in distinct_choices(game, seat) if choice_id(c) == key]
                if not found:
                    raise RefusedActError("not_yours", "that move is not (or no longer) one of "
                                          "yours")
                choice = found[0]
            else:
                choice = game.choice_for_cells(seat, list(cells or []), special=special)
            step = self.turns.choose(seat, choice)
            for name in bombs:
                if step is None:
                    break
                try:
                    step = self.turns.bomb(seat, str(name))
                except IllegalMoveError:
                    self.turns.drop_bomb(seat)
                    raise
            if step is not None:
                # The turns' bomb step: the page shows the squares by their top-left cells
                # (the rules' own names) and sends the choice again with the squares tapped.
                self.bomb_options[seat] = list(step.squares)
                self.turns.drop_bomb(seat)
                self._changed(seat)
                raise RefusedActError("bomb", "a row's item gives you a bomb: tap the top-left "
                                   "cell of its 2x2 square")
            self.current[seat] = game.choice_in_roll(seat)
            self.bomb_options.pop(seat, None)
            self.seats[seat].ended = end
            self._advance()
            self._changed(seat)

    def pass_turn(self, seat: int, *, end: bool = False, at: Moment | None = None) -> None:
        """``seat`` crosses nothing this roll."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            if self.game.roll is None:
                raise RefusedActError("not_thrown", "the dice are not thrown yet")
            self._play(seat, None)
            self.seats[seat].ended = end
            self._advance()
            self._changed(seat)

    def end_turn(self, seat: int, *, at: Moment | None = None) -> None:
        """``seat`` is done with this roll; once everyone is, the roll is finished. Ending
        a turn already ended is refused (:class:`LateActError`): it changes nothing."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            if seat not in self.game.chosen:
                raise RefusedActError("choose_first", "choose a move or pass first")
            if self.seats[seat].ended:
                raise LateActError("ended", f"{self.seats[seat].name} has ended this turn "
                                   "already; nothing changed")
            self.seats[seat].ended = True
            self._advance()
            self._changed(seat)

    def undo(self, seat: int, *, at: Moment | None = None) -> Choice | None:
        """Take back ``seat``'s choice of this roll. The choices made after it are taken
        back with it: a passive player's come back at once, an active player's change
        leaves the others to choose again (bots do so at once)."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            game = self.game
            if game.roll is None or seat not in game.chosen:
                raise RefusedActError("nothing_back", "nothing to take back in this roll")
            later: list[tuple[int, Choice | None]] = []
            while True:
                back, choice = game.undo()
                self.current.pop(back, None)
                if back == seat:
                    break
                later.append((back, choice))
            if seat != game.active:
                for back, again in reversed(later):
                    self._play(back, again)
            else:
                for back, _ in later:
                    self.seats[back].ended = False
            self.seats[seat].ended = False
            self.feed.append(_with_move(Event(
                "undo", f"{game.players[seat]} takes back "
                f"{'a pass' if choice is None else choice.describe(game.sheet)}",
                game.players[seat], roll=game.rolls_done + 1), game.sheet, choice))
            self._advance()
            self._changed(seat, *(back for back, _ in later))
            return choice

    # -- the host's actions ----------------------------------------------------------
    def away(self, seat: int) -> float:
        """Seconds the game has waited for ``seat`` without an act of theirs (0 while it
        waits for nobody there). A page that stays open and polls is no act."""
        with self.lock:
            since = self.owed_since.get(seat)
            return 0.0 if since is None else time.monotonic() - since

    def replace_by_bot(self, seat: int, bot: str = "greedy", *,
                       at: Moment | None = None) -> None:
        """A person who left is played by ``bot`` from now on (after :attr:`away_seconds`
        in which the game waited for them and they did not act)."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            self._check_away(seat)
            make_bot(bot)
            self.seats[seat].bot = bot
            self.seats[seat].ended = False
            self.feed.append(Event("seat", f"{self.seats[seat].name} left; the {bot} bot "
                                   "plays for them", self.seats[seat].name, bot))
            self._advance()
            self._changed(seat)

    def skip(self, seat: int, *, at: Moment | None = None) -> None:
        """The host skips an away person for this roll: they pass (or, where passing is
        not allowed, take the first move listed) and their turn ends; one who chose but
        never ended their turn has it ended."""
        with self.lock:
            self._person(seat)
            self._check_moment(seat, at)
            self._check_away(seat)
            game = self.game
            if game.roll is None:
                raise RefusedActError("skip_throw", f"{self.seats[seat].name} throws the dice: "
                                   "give the seat to a bot instead", name=self.seats[seat].name)
            if seat in game.waiting_for():
                try:
                    self._play(seat, None)
                except IllegalMoveError:
                    self._play(seat, distinct_choices(game, seat)[0])
            elif seat not in game.chosen or self.seats[seat].ended:
                name = self.seats[seat].name
                raise RefusedActError("not_to_choose", f"{name} is not to choose now", name=name)
            self.seats[seat].ended = True
            self.feed.append(Event("seat", f"{self.seats[seat].name} is away: skipped",
                                   self.seats[seat].name, "skipped", roll=game.rolls_done + 1))
            self._advance()
            self._changed(seat)

    def _check_away(self, seat: int) -> None:
        gone = self.away(seat)
        if gone < self.away_seconds:
            raise RefusedActError("not_away", f"{self.seats[seat].name} has kept the game waiting "
                               f"{gone:.0f} s; wait until they are away "
                               f"{self.away_seconds:.0f} s", name=self.seats[seat].name,
                               seconds=round(gone), limit=round(self.away_seconds))

    # -- what a page sees ------------------------------------------------------------
    def view(self, seat: int, since: int = 0) -> dict[str, Any]:
        """Everything the page of ``seat`` (or the host's) shows, as JSON-ready data:
        the roll, whose turn, this seat's legal moves, every sheet, the scores, and the
        feed from event ``since`` on."""
        with self.lock:
            game = self.game
            sheet = game.sheet
            width = sheet.width
            roll = game.roll
            scores = game.scores()
            rows = edition_of(sheet).goal_rows(sheet)
            sheets = []
            for index, player in enumerate(game.sheets):
                extra: dict[str, Any] = {}
                for name in ("hearts", "boxes_left"):
                    if hasattr(player, name):
                        extra[name] = getattr(player, name)
                chosen = game.chosen
                choice = self.current.get(index)
                this_roll = 0 if choice is None else crossed_by(choice)
                sheets.append({
                    "name": game.players[index], "bot": self.seats[index].bot,
                    "crossed": mask_names(player.crossed, width) or [],
                    "this_roll": mask_names(this_roll, width) or [],
                    "last_roll": mask_names(self.last_crossed[index], width) or [],
                    "marks_left": player.marks_left,
                    "columns": [column_letter(c) for c in player.completed_columns()],
                    "colours": [sheet.colour_by_key[k].name for k in player.completed_colours()],
                    "rows": [rows[r] for r in player.completed_rows() if r < len(rows)],
                    "score": scores[index].as_dict(), **extra,
                    "chosen": index in chosen, "ended": self.seats[index].ended,
                    "away": round(self.away(index)), "paper": _paper_marks(game, index),
                })
            state: dict[str, Any] = {
                "version": self.version, "seat": seat, "phase": game.phase.value,
                "roll_number": game.rolls_done + (0 if game.over else 1),
                "roll_limit": game.roll_limit, "active": game.active,
                "dice_mode": self.dice, "players": list(game.players),
                "waiting": game.waiting_for(), "sheets": sheets,
                "feed": [e.as_dict() for e in self.feed[since:]], "feed_length": len(self.feed),
                "over": game.over, "end_reason": end_reason(game),
                "result": result_line(game) if game.over else "",
                "solo": game.solo, "band": _band(game),
                "winners": game.winners() if game.over else [],
                "options": game.options.as_dict(), "printed_options": self.printed_options,
                "away_seconds": self.away_seconds,
                "last_round": game.end_triggered and not game.over,
                "dice_count": {"colours": game.colour_dice, "numbers": game.number_dice},
            }
            if roll is not None:
                state["roll"] = _roll_json(game, roll)
            if seat != HOST and roll is not None:
                colours, numbers = game.dice_for(seat)
                state["my_dice"] = {"colours": colours, "numbers": numbers,
                                    "special": game.special_for(seat)}
                taken = self.current.get(seat)
                state["used_dice"] = ([] if taken is None else
                                      [taken.colour_die, taken.number_die,
                                       bool(getattr(taken.move, "face", None))])
                mine = seat in game.waiting_for()
                state["my_turn"] = mine
                state["choices"] = ([_choice_json(game, c) for c in distinct_choices(game, seat)]
                                    if mine else [])
                state["bomb"] = self.bomb_options.get(seat, [])
            if seat != HOST and self.dice == "real" and roll is None and not game.over:
                state["may_throw"] = (seat == game.active
                                      or self.seats[game.active].bot is not None)
            return state

    def sheet_json(self) -> dict[str, Any]:
        """The printed sheet as the page draws it (it never changes during a game)."""
        sheet = self.game.sheet
        edition = edition_of(sheet)
        first, later = edition.column_points(sheet)
        cells = []
        for cell in range(sheet.geometry.size):
            key = sheet.cell_colours[cell]
            cells.append(None if key is None else {
                "name": sheet.cell_name(cell), "colour": key, "star": cell in sheet.stars,
                "area": sheet.area_of[cell],
                "box": cell in getattr(sheet, "box_cells", frozenset())})
        index = {c.key: i for i, c in enumerate(sheet.colours)}
        return {
            "name": sheet.name, "title": sheet.title, "edition": sheet.edition,
            "width": sheet.width, "height": sheet.height, "cells": cells,
            "columns": list(sheet.column_letters()),
            "colours": [{"key": c.key, "name": c.name, "rgb": c.rgb, "symbol": index[c.key]}
                        for c in sheet.colours],
            "faces": [{"key": f, "name": face_name(sheet, f)} for f in colour_faces(sheet)],
            "numbers": edition.number_dice,
            "special_faces": list(dict.fromkeys(getattr(sheet, "special_faces", ()))),
            "start_columns": sorted(column_letter(c) for c in edition.start_columns_of(sheet)),
            "point_rows": [row for row in (
                {"kind": "buckets" if edition.column_reward == "buckets" else "first",
                 "values": first},
                {"kind": "later", "values": later}) if row["values"]],
            "row_rules": [{"label": r.label, "points": r.points, "item": r.item}
                          for r in getattr(sheet, "rows", ())],
            "column_hearts": bool(getattr(sheet, "column_hearts", False)),
            "heart_track": int(getattr(sheet, "heart_track", 0)),
            "box_count": int(getattr(sheet, "box_count", 0)),
            "box_points": int(getattr(sheet, "box_points", 0)),
            "colour_bonus": _bonus_json(sheet),
            "animals": [a.name for a in getattr(sheet, "animals", ())],
            "visitors": [{lang: visitor_name(v, lang) for lang in LANGUAGES}
                         for v in getattr(sheet, "visitors", ())],
            "food_boxes": int(getattr(sheet, "food_boxes", 0)),
            "chameleon_every": int(getattr(sheet, "chameleon_every", 0)),
            "icons": icons([a.name for a in getattr(sheet, "animals", ())],
                           getattr(sheet, "visitors", ())),
            "hearts": edition.hearts, "boxes": edition.boxes,
            "exclamation_marks": sheet.exclamation_marks,
            "unit": "points" if edition.start_columns else "circles",
            "colour_nouns": edition.colour_nouns,
        }

    # -- on disk ---------------------------------------------------------------------
    def state_json(self) -> dict[str, Any]:
        """What :meth:`resume` needs: the game record up to the last finished roll, the
        seats with their tokens, the dice and the generators' states, and the feed."""
        return {
            "kok_table": STATE_FORMAT,
            "record": record_json(self.game, self.layout, self.seed),
            "dice": self.dice, "host_token": self.host_token,
            "seats": [{"name": s.name, "token": s.token, "bot": s.bot} for s in self.seats],
            "dice_rng": self.dice_rng.bit_generator.state,
            "bot_rng": self.bot_rng.bit_generator.state,
            "last_crossed": [mask_names(m, self.game.sheet.width) or [] for m in self.last_crossed],
            "feed": [e.as_dict() for e in self.feed],
            "away_seconds": self.away_seconds, "port": self.port,
        }

    def save_state(self) -> None:
        """Write the state file (if there is one) atomically, readable by its owner only:
        it holds the seats' tokens."""
        if self.state_path is None:
            return
        data = json.dumps(self.state_json(), indent=1).encode("utf-8")
        write_atomically(self.state_path, data)

    def save_record(self, path: Path) -> None:
        """The normal game record (``kok replay``, ``kok render --record``)."""
        with self.lock:
            save_record(self.game, path, self.layout, self.seed)

    @classmethod
    def resume(cls, path: Path) -> TableSession:
        """The session whose state :meth:`save_state` wrote to ``path``: the game replayed
        through the rules up to its last finished roll, the same links and dice.

        A file that others may read or write has its mode repaired to the owner's alone
        (said in :attr:`notes`); a damaged or tampered one (tokens empty, short or shared,
        a port or an away time that is not one) is refused in one line."""
        notes = _private_again(Path(path))
        data = read_record(path)
        name = str(path)
        if type(data.get("kok_table")) is not int or data["kok_table"] != STATE_FORMAT \
                or not isinstance(data.get("record"), dict):
            raise RecordError(f"{name}: not a kok table state file")
        try:
            record = data["record"]
            game = replay(record, name, Path(path).resolve().parent)
            seats = data["seats"]
            if not isinstance(seats, list) or len(seats) != len(game.players) or \
                    not all(isinstance(s, dict) for s in seats):
                raise RecordError(f"{name}: the seats do not match the players")
            tokens = [data["host_token"], *(s["token"] for s in seats)]
            _check_tokens(name, tokens)
            away = data.get("away_seconds", limits.TABLE_AWAY_SECONDS)
            if type(away) not in (int, float) or not math.isfinite(away) or \
                    not limits.TABLE_AWAY.low <= away <= limits.TABLE_AWAY.high:
                raise RecordError(f"{name}: away_seconds is {shown(repr(away), 30)}, not a number "
                                  f"of seconds from {limits.TABLE_AWAY.low} to "
                                  f"{limits.TABLE_AWAY.high}")
            port = data.get("port", 0)
            if port != 0 and port not in limits.PORT:
                raise RecordError(f"{name}: port is {shown(repr(port), 30)}, not a port "
                                  f"number from {limits.PORT.low} to {limits.PORT.high}")
            session = cls(game.sheet, str(record["layout"]), list(game.players),
                          {i: s["bot"] for i, s in enumerate(seats) if s.get("bot")},
                          dice=data["dice"], seed=record.get("seed"), options=game.options,
                          solo=game.solo, away_seconds=float(away))
            session.game = game
            session.state_path = Path(path)
            session.notes = notes
            session.port = port
            session.host_token = tokens[0]
            for seat, token in zip(session.seats, tokens[1:], strict=True):
                seat.token = token
            session.dice_rng.bit_generator.state = data["dice_rng"]
            session.bot_rng.bit_generator.state = data["bot_rng"]
            session.feed = [_event(name, e) for e in data.get("feed", [])]
            session.last_crossed = [game.sheets[0].board.parse_cells(c) if c else 0
                                    for c in data.get("last_crossed", [])] or session.last_crossed
            session.start = roll_start(game)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, KokError):
                raise RecordError(f"{name}: {err}") from None
            raise RecordError(f"{name}: not a kok table state file ({type(err).__name__}: "
                              f"{err})") from None
        return session


TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,200}")
"""A seat's token as :func:`secrets.token_urlsafe` makes them (24 characters)."""


def _check_tokens(name: str, tokens: list[Any]) -> None:
    """Refuse tokens that would let a seat be played by someone else: empty, short or not
    URL-safe text, or one token for two seats."""
    for token in tokens:
        if not isinstance(token, str) or not TOKEN_PATTERN.fullmatch(token):
            raise RecordError(f"{name}: a seat's token is {shown(repr(token), 30)}, not 16 or "
                              "more letters, digits, - or _; start a new game")
    if len(set(tokens)) != len(tokens):
        raise RecordError(f"{name}: two seats share a token; start a new game")


_EVENT_FIELDS = {f.name: f.type for f in dataclasses.fields(Event)}


def _event(name: str, saved: Any) -> Event:
    """A feed line as the state file keeps it, each part of its own kind."""
    if not isinstance(saved, dict) or not set(saved) <= set(_EVENT_FIELDS):
        raise RecordError(f"{name}: a feed line is an object of kind, text, player, item, "
                          "first, roll, who, reason and move")
    kinds = {"str": str, "bool": bool, "int": int}
    for key, value in saved.items():
        if key == "who":
            right = isinstance(value, list) and all(isinstance(w, str) for w in value)
        elif key == "move":
            right = value is None or (isinstance(value, dict) and all(
                isinstance(k, str) and _plain(v) for k, v in value.items()))
        else:
            right = type(value) is kinds[str(_EVENT_FIELDS[key])]
        if not right:
            raise RecordError(f"{name}: a feed line's {key} is {shown(repr(value), 30)}, "
                              "not what the feed keeps there")
    return Event(**{**saved, "who": tuple(saved.get("who", ()))})


def _plain(value: Any) -> bool:
    """A value of a move's facts as the state file keeps it: text, a number, a yes or no,
    nothing, or a list of these (the bombs' squares: lists of cell names)."""
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or type(value) in (str, int, bool)


def _private_again(path: Path) -> list[str]:
    """Make a state file that others may read or write the owner's alone again (it holds
    every seat's link), and say so; nothing for a file that is private already."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return []     # read_record says why it cannot read it
    if not mode & 0o077:
        return []
    try:
        path.chmod(0o600)
    except OSError as err:
        raise RecordError(f"{path}: others may read it (mode {mode:o}) and it cannot be made "
                          f"private: {err.strerror}") from None
    return [f"{path} was open to others (mode {mode:o}); it is readable by you only now. "
            "Whoever read it has every seat's link: start a new game if that worries you"]


def _paper_marks(game: Game, seat: int) -> dict[str, Any]:
    """What the seat has written on the paper beyond its crosses, as the PDF draws it:
    each column's and colour's claim (``first``, ``later`` or ``taken``), the rows, the
    hearts under the columns, the boxes and the marks used."""
    marks = marks_from_game(game, game.players[seat])
    return {"columns": {column_letter(c): claim for c, claim in marks.columns.items()},
            "colours": dict(marks.colours), "rows": {str(r): c for r, c in marks.rows.items()},
            "hearts_under": {column_letter(c): n for c, n in marks.hearts_under.items()},
            "hearts": marks.hearts, "boxes_gained": marks.boxes_gained,
            "boxes_used": marks.boxes_used, "marks_used": marks.marks_used}


def _band(game: Game) -> str | None:
    """The solo score's rating band on a printed pad, once the game is over."""
    if not (game.over and game.solo and is_official_pad(game.sheet)):
        return None
    return str(solo_band(game.scores()[0].total))


def _bonus_json(sheet: Sheet) -> dict[str, int] | None:
    bonus: Any = getattr(sheet, "colour_bonus", None)
    if bonus is None:
        return None
    return {"first": int(bonus.first), "later": int(bonus.later)}


def _roll_json(game: Game, roll: Roll) -> dict[str, Any]:
    sheet = game.sheet
    return {"colours": [{"key": f, "name": face_name(sheet, f)} for f in roll.colours],
            "numbers": [n if n else "?" for n in roll.numbers], "special": roll.special}


def private_file(path: Path) -> None:
    """Create ``path`` empty, readable and writable by its owner only; refuse an existing
    file (a state file is never overwritten by a new game)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise BadArgumentError(f"{path} exists; continue that game or name another "
                               "file") from None
    except OSError as err:
        raise BadArgumentError(f"{path}: cannot write: {err.strerror}") from None
    os.close(descriptor)


def layout_reference(layout: str) -> str:
    """How a record names the layout: a built-in by name, a file by its absolute path (so
    that the record replays from any folder)."""
    sheet = load_layout(layout)
    if sheet.name in builtin_names() and load_layout(sheet.name) is sheet:
        return sheet.name
    return str(Path(layout).resolve())
