"""The Python bots' answers on seeded games of every edition, kept as a fixture.

GreedyBot, StrongBot and ExpertBot weighed their moves in Python (``rules/bots.py``'s
``_MaskFacts``, ``rules/strong.py``'s evaluation) before they decided inside the compiled
engine; this module played seeded games of every edition with each of them (black, yellow
with house options, grey, the mirrored Keer op Keer 2 sheet of ``tests/data``, Kids; one to
three players) and wrote every decision to :data:`FIXTURE`: the roll, every seat's crossed
cells before it, the choice (dice, move, bombs' squares) and, for the strong bot at every
fourth decision, the value of every move it weighs (as ``rules.engine.strong.Decision``
lists them: bombs not placed, ``None`` for a row or stars action short of its fullest).
tests/test_bots_answers.py replays the games and holds the bots to those answers.

    python -m tests.bots_answers           # writes tests/data/bots_answers.json

Rerunning it records the bots as they are now; do that only for a deliberate change of a
bot (and say so in the commit).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.options import Options
from kok_layouts.rules.weighing import WeighingBot

from .rules_answers import move_key, move_of, sheet_named

FIXTURE = Path(__file__).resolve().parent / "data" / "bots_answers.json"
Record = dict[str, Any]

OPTION_SETS: dict[str, Options] = {
    "plain": Options(max_rolls=200),
    "house": Options(connect_through_crossed=True, number_joker_six=True, star_penalty=3,
                     pass_penalty=1, max_rolls=200),
}

GAMES: list[tuple[str, str, int, int]] = [
    ("black", "plain", 1, 0), ("black", "plain", 2, 1), ("yellow", "house", 2, 2),
    ("grey", "plain", 1, 3), ("grey", "plain", 3, 4),
    ("tests/data/kok2_mirror.yaml", "plain", 2, 5),
    ("kids", "plain", 1, 6), ("kids", "plain", 3, 7),
]
"""Per game: layout, options, players, seed (``default_rng([SEED, seed])``)."""

SEED = 907
VALUES_EVERY = 4
"""The strong bot's move values are kept at every fourth decision (the file stays small)."""


def roll_key(game: Game) -> list[Any]:
    """The current roll: colour faces, number faces, the special die's face."""
    roll = game.roll
    assert roll is not None
    return [list(roll.colours), list(roll.numbers), getattr(roll, "special", None)]


def choice_key(choice: Choice | None) -> list[Any] | None:
    """A choice as JSON: [colour die, number die, move key, bombs' squares in hex]."""
    if choice is None:
        return None
    return [choice.colour_die, choice.number_die, move_key(choice.move),
            [f"{square:x}" for square in choice.bombs]]


def choice_of(key: list[Any] | None, width: int) -> Choice | None:
    """The choice :func:`choice_key` wrote."""
    if key is None:
        return None
    return Choice(key[0], key[1], move_of(key[2], width), tuple(int(s, 16) for s in key[3]))


def position_key(game: Game, seat: int) -> list[Any]:
    """Where a decision is: rolls done, the seat, every seat's crossed cells in hex."""
    return [game.rolls_done, seat, [f"{player.crossed:x}" for player in game.sheets]]


def new_bot(name: str) -> WeighingBot:
    from kok_layouts.rules.bots import make_bot

    bot = make_bot(name)
    assert isinstance(bot, WeighingBot)
    return bot


def new(layout: str, option_name: str, players: int) -> Game:
    return new_game(sheet_named(layout), players, OPTION_SETS[option_name],
                    solo=players == 1)


class Recorder:
    """A seat's strategy: ``bot``'s choice, noted with its position (and, for the strong
    bot, by ``valued`` the values of its moves)."""

    def __init__(self, bot: WeighingBot, notes: list[Record],
                 valued: Callable[[Game, int], list[float | None]] | None) -> None:
        self.bot = bot
        self.name = bot.name
        self.notes = notes
        self.valued = valued

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        note: Record = {"at": position_key(game, seat), "roll": roll_key(game)}
        if self.valued is not None and len(self.notes) % VALUES_EVERY == 0:
            note["values"] = self.valued(game, seat)
        choice = self.bot.choose(game, seat, rng)
        note["choice"] = choice_key(choice)
        self.notes.append(note)
        return choice


def python_strong_values(game: Game, seat: int) -> list[float | None]:
    """The rules' StrongBot's value of every move of ``seat`` (``Decision.values``'s
    order; ``None`` for NaN), by its Python evaluation."""
    from kok_layouts.rules.kok2 import Special
    from kok_layouts.rules.strong import StrongBot, edition_of, fullest_specials

    bot = StrongBot()
    weights = bot.weights[edition_of(game)]
    values: list[float] = []
    if game.sheet.edition == "kids":
        valued = bot._valued_enclosures(game, seat)  # type: ignore[arg-type]
        return [value for value, *_ in valued[0]] if valued else []
    pos = bot._prepare(game, seat, weights)
    player = game.sheets[seat]
    joker_cost = float(player.sheet.mark_points) + weights.mark_hope * pos.frac
    for option in game.move_options(seat):
        value = bot._cells_value(player, pos, weights, option[4])[0]
        if option[5] or option[6]:
            value -= (option[5] + option[6]) * joker_cost
        values.append(value)
    specials = game.special_choices(seat)
    weighed = fullest_specials(specials, game.sheet.width)
    for special in specials:
        move = special.move
        assert isinstance(move, Special)
        if special not in weighed:
            values.append(math.nan)
            continue
        value = bot._cells_value(player, pos, weights, move.cells)[0] - pos.box_worth
        if move.face == "heart":
            value += pos.heart_worth
        values.append(value)
    return [None if math.isnan(v) else v for v in values]


def games(bot_name: str) -> list[Record]:
    """The seeded games of :data:`GAMES` played by ``bot_name`` in every seat."""
    valued = python_strong_values if bot_name == "strong" else None
    found: list[Record] = []
    for layout, option_name, players, seed in GAMES:
        notes: list[Record] = []
        game = new(layout, option_name, players)
        play_game(game, [Recorder(new_bot(bot_name), notes, valued) for _ in range(players)],
                  np.random.default_rng([SEED, seed]))
        found.append({"bot": bot_name, "layout": layout, "options": option_name,
                      "players": players, "seed": seed, "decisions": notes,
                      "totals": [score.total for score in game.scores()]})
    return found


def write(path: Path = FIXTURE) -> None:
    records = [game for name in ("greedy", "strong", "expert") for game in games(name)]
    path.write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")


def read(path: Path = FIXTURE) -> list[Record]:
    records: list[Record] = json.loads(path.read_text(encoding="utf-8"))
    return records


if __name__ == "__main__":
    write()
