"""What everyone at the table should hear about a game: the narration of ``kok table``'s
feed and ``kok play``'s terminal.

After each roll the feed says who completed which column, colour (Kids: animal) or row,
and whether first (same-roll ties are first together); when the last round begins; and
why the game ended. Each :class:`Event` has an English line for the terminal and its
parts (kind, player, item, first, the move's facts) for a page that says it in its own
language.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from kok_layouts.editions import edition_of
from kok_layouts.model.grid import column_letter
from kok_layouts.model.loader import builtin_names, load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules import Choice, Game, solo_band


@dataclass(frozen=True)
class Event:
    """One line of the feed."""

    kind: str
    """``choice``, ``column``, ``colour``, ``row``, ``last_round``, ``over``, ``seat`` or
    ``throw``."""
    text: str
    """The line in English, as the terminal prints it."""
    player: str = ""
    item: str = ""
    """The column letter, colour or row label, the move, or the reason."""
    first: bool = False
    roll: int = 0
    """The roll the event belongs to, counted from 1."""
    who: tuple[str, ...] = ()
    """For the last round and the end: the players who completed two colours."""
    reason: str = ""
    """For the end: ``two_round`` (two colours, the round finished), ``two`` (two colours),
    ``solo`` (the solo game's rolls) or ``limit`` (the roll limit)."""
    move: dict[str, Any] | None = None
    """For a choice (and one taken back): the move's facts a page words in its own language
    (``kok table``: the kind, colour or animal, number, cells, jokers, special die face,
    bombs, the chameleon's enclosure); ``None`` for a pass and for every other kind."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RollStart:
    """What every player had completed when the roll began, to tell the new from the old."""

    roll: int
    columns: tuple[frozenset[int], ...]
    colours: tuple[frozenset[str], ...]
    rows: tuple[frozenset[int], ...]
    end_triggered: bool


def roll_start(game: Game) -> RollStart:
    """Take note of the completions before a roll (call it before the throw)."""
    sheets: list[Any] = list(game.sheets)
    return RollStart(game.rolls_done + 1,
                     tuple(frozenset(s.completed_columns()) for s in sheets),
                     tuple(frozenset(s.completed_colours()) for s in sheets),
                     tuple(frozenset(s.completed_rows()) for s in sheets),
                     game.end_triggered)


def _done(parts: tuple[frozenset[Any], ...]) -> frozenset[Any]:
    return frozenset().union(*parts)


def _listed(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def choice_event(game: Game, seat: int, choice: Choice | None, bot: str | None = None) -> Event:
    """The line for ``seat``'s choice: ``Bob (greedy bot) crosses yellow 2: H6 H7``."""
    name = game.players[seat]
    who = f"{name} ({bot} bot)" if bot else name
    if choice is None:
        return Event("choice", f"{who} passes", name, "pass", roll=game.rolls_done + 1)
    what = choice.describe(game.sheet)
    verb = "uses the " if choice.is_special else "crosses "
    return Event("choice", f"{who} {verb}{what}", name, what, roll=game.rolls_done + 1)


def roll_events(game: Game, start: RollStart) -> list[Event]:
    """The feed after a finished roll: the completions, then the last round or the end."""
    edition = edition_of(game.sheet)
    sheets: list[Any] = list(game.sheets)
    events: list[Event] = []
    rows = edition.goal_rows(game.sheet)
    kinds: list[tuple[str, str, tuple[frozenset[Any], ...], Any]] = [
        ("column", "column", start.columns, lambda s: s.completed_columns()),
        ("colour", edition.colour_noun, start.colours, lambda s: s.completed_colours()),
        ("row", "row", start.rows, lambda s: s.completed_rows()),
    ]
    for kind, noun, before, now_of in kinds:
        taken = _done(before)
        new = [sorted(set(now_of(s)) - before[seat]) for seat, s in enumerate(sheets)]
        items = sorted({item for items in new for item in items})
        for item in items:
            who = [game.players[seat] for seat, items in enumerate(new) if item in items]
            name = _item_name(game.sheet, kind, item, rows)
            first = item not in taken and not game.solo
            how = "first" if first else ("" if game.solo else "too")
            text = f"{_listed(who)} completed {noun} {name}" + (f" {how}" if how else "")
            events.extend(Event(kind, text, player, name, first, start.roll) for player in who)
    finishers = tuple(_completers(game))
    if game.over:
        events.append(Event("over", f"Game over: {end_reason(game)}", item=end_reason(game),
                            roll=start.roll, who=finishers, reason=end_code(game)))
    elif game.end_triggered and not start.end_triggered:
        last = game.players[-1]
        events.append(Event("last_round", f"{_triggered_by(game)}: the last round begins; "
                            f"the game ends after {last}'s roll", item=last, roll=start.roll,
                            who=finishers))
    return events


def _item_name(sheet: Sheet, kind: str, item: Any, rows: tuple[str, ...]) -> str:
    if kind == "column":
        return column_letter(item)
    if kind == "colour":
        return sheet.colour_by_key[item].name
    return rows[item] if item < len(rows) else str(item)


def _completers(game: Game) -> list[str]:
    sheets: list[Any] = list(game.sheets)
    return [game.players[seat] for seat, s in enumerate(sheets)
            if len(s.completed_colours()) >= 2]


def _triggered_by(game: Game) -> str:
    noun = edition_of(game.sheet).colour_nouns
    return f"{_listed(_completers(game))} completed two {noun}"


def end_code(game: Game) -> str:
    """Why the game is over, as a word a page translates (see :attr:`Event.reason`)."""
    if not game.over:
        return ""
    if game.end_triggered:
        if not game.solo and game.options.end == "round" and len(game.players) > 1:
            return "two_round"
        return "two"
    return "solo" if game.solo else "limit"


def end_reason(game: Game) -> str:
    """Why the game is over: the two colours (and the finished round), the solo game's
    rolls, or the roll limit; ``""`` while it goes on."""
    if not game.over:
        return ""
    if game.end_triggered:
        reason = _triggered_by(game)
        if not game.solo and game.options.end == "round" and len(game.players) > 1:
            reason += " and the round is finished"
        return reason
    if game.solo:
        return f"all {game.rolls_done} rolls are thrown"
    return f"the limit of {game.rolls_done} rolls is reached"


def is_official_pad(sheet: Sheet) -> bool:
    """A printed pad with the solo rating table (a built-in pad, not a custom layout)."""
    return (edition_of(sheet).solo_rating and sheet.name in builtin_names()
            and load_layout(sheet.name) is sheet)


def result_line(game: Game) -> str:
    """The last line of a game: the winners with their totals, or the solo score and its
    rating band on a printed pad."""
    totals = [score.total for score in game.scores()]
    unit = "circles" if not edition_of(game.sheet).start_columns else "points"
    if game.solo:
        band = (f"; rating band {solo_band(totals[0])}" if is_official_pad(game.sheet)
                else "")
        return f"{game.players[0]}: {totals[0]} {unit}{band}"
    winners = game.winner_seats()
    named = _listed([f"{game.players[s]} ({totals[s]} {unit})" for s in winners])
    return f"winner{'s' if len(winners) > 1 else ''}: {named}"
