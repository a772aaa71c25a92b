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

It also played the strong bot's games of the engine's tests (tests/test_engine_strong*.py:
every edition, more players, layouts, house options, roll limits and weights) and wrote a
fingerprint of the values of every move at every decision, and the choice, to
:data:`STRONG_FIXTURE`: :func:`replay_strong` holds the compiled bot to them.

Rerunning it records the bots as they are now; do that only for a deliberate change of a
bot (and say so in the commit). Both files were written by the Python bots: bots_answers.json
on 26ccb3e, strong_answers.json with ``rules/strong.py`` of 396ecac put back for the run
(``python -m tests.bots_answers strong``); the strong values came from ``StrongBot``'s Python
evaluation, since deleted (a rerun records the compiled bot's values).
The expert bot's games were recorded again (``python -m tests.bots_answers``) when its search
changed (issue 37: 8 candidates weighed again at twice the next roll's expectation, none
more than 1.5 points below the best, a pass only when every move loses); the greedy and
strong bots' records came out identical. Its Kids games were recorded again when it began to
look at the next roll in Kids too (every throw of the three dice), and again when Kids
weighed that look once instead of twice; every other record came out identical.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from kok_layouts import limits, load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongWeights
from kok_layouts.rules.strong_weights import TUNED
from kok_layouts.rules.weighing import WeighingBot

from .rules_answers import move_key, move_of, sheet_named
from .test_engine_tables import CLASSIC_LAYOUTS, DONUT, grid_sheet

FIXTURE = Path(__file__).resolve().parent / "data" / "bots_answers.json"
STRONG_FIXTURE = Path(__file__).resolve().parent / "data" / "strong_answers.json"
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
        self.every = VALUES_EVERY

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        note: Record = {"at": position_key(game, seat), "roll": roll_key(game)}
        if self.valued is not None and len(self.notes) % self.every == 0:
            note["values"] = self.valued(game, seat)
        choice = self.bot.choose(game, seat, rng)
        note["choice"] = choice_key(choice)
        self.notes.append(note)
        return choice


def strong_values(game: Game, seat: int, weights: StrongWeights | None = None,
                  ) -> list[float | None]:
    """The strong bot's value of every move of ``seat`` (``Decision.values``'s order;
    ``None`` for NaN), with ``weights`` in every edition (default the tuned ones). The
    Python evaluation gave them when the fixtures were written; it is deleted, and a rerun
    records the compiled bot's."""
    from kok_layouts.rules.engine.strong import decide

    return [None if math.isnan(v) else v for v in decide(game, seat, weights).values.tolist()]


def games(bot_name: str) -> list[Record]:
    """The seeded games of :data:`GAMES` played by ``bot_name`` in every seat."""
    valued = strong_values if bot_name == "strong" else None
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


# -- the strong bot's games of the engine's tests ----------------------------------------------
LIMIT = Options(max_rolls=200)
MIRROR = "tests/data/kok2_mirror.yaml"
OPTIONS: dict[str, Options] = {
    "loose": Options(connect_through_crossed=True, max_rolls=200),
    "six": Options(number_joker_six=True, max_rolls=200),
    "closed-roll": Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    "house-penalties": Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    "nine-rolls": Options(max_rolls=9),
    "no-limit": Options(),
}
WEIGHTS: dict[str, StrongWeights] = {
    "classic-other": replace(TUNED["classic"], paired=0.7, triple=0.0, cell=0.0, lead=1.5,
                             horizon=12.0, second_colour=1.0),
    "classic-lead": replace(TUNED["classic"], lead=5.0),
    "kok2-other": replace(TUNED["kok2"], paired=0.0, triple=0.4, cell=0.3, lead=1.5,
                          horizon=12.0, second_colour=1.0, heart=1.5, bomb_item=4.0,
                          box_hope=1.2),
    "kok2-lead": replace(TUNED["kok2"], lead=5.0),
    "kids-other": replace(TUNED["kids"], deny=0.0, lead=3.0, purple=1.5, paired=0.4,
                          triple=0.3, horizon=20.0),
    "kids-deny": replace(TUNED["kids"], deny=2.5),
}
KIDS_PLAYERS = [1, *range(limits.KIDS_PLAYERS.low, limits.KIDS_PLAYERS.high + 1)]
StrongGames = list[tuple[str, int, list[list[int]], Options, str | None]]
"""Games: layout (``grid:WxH`` for a generated board), players, seeds, options, weights."""


def strong_games() -> dict[str, StrongGames]:
    """The strong bot's games of the engine's tests, by name."""
    found: dict[str, StrongGames] = {}
    for players in (1, 2, 3, 4):
        found[f"black-{players}"] = [("black", players, [[41, players, g] for g in range(3)],
                                      LIMIT, None)]
    for layout in [*CLASSIC_LAYOUTS[1:], DONUT]:
        found[f"layout-{Path(layout).stem}"] = [(layout, 1, [[43, 0]], LIMIT, None),
                                                (layout, 2, [[43, 1]], LIMIT, None)]
    for width, height in ((15, 7), (20, 12)):
        found[f"grid-{width}x{height}"] = [(f"grid:{width}x{height}", 1, [[79, 0]], LIMIT, None),
                                           (f"grid:{width}x{height}", 2, [[79, 1]], LIMIT, None)]
    for layout in ("black", "grey"):
        for name, options in OPTIONS.items():
            found[f"{layout}-{name}"] = [(layout, 3, [[47, 0]], options, None),
                                         (layout, 1, [[47, 1]], options, None)]
    for name, options in (("plain", LIMIT), ("loose", OPTIONS["loose"]),
                          ("six", OPTIONS["six"])):
        found[f"black-workspace-{name}"] = [("black", 2, [[67, 0]], options, None)]
    found["classic-other"] = [("black", 2, [[53, 0], [53, 1]], LIMIT, "classic-other")]
    found["classic-lead"] = [("black", 2, [[59, g] for g in range(3)], LIMIT, "classic-lead")]
    for players in (1, 2, 3):
        found[f"grey-{players}"] = [("grey", players, [[41, players, g] for g in range(3)],
                                     LIMIT, None)]
    for players in (1, 2):
        found[f"mirror-{players}"] = [(MIRROR, players, [[43, players, g] for g in range(2)],
                                       LIMIT, None)]
    found["grey-search"] = [("grey", 2, [[79, 0]], LIMIT, None)]
    found["kok2-other"] = [("grey", 2, [[53, 0], [53, 1]], LIMIT, "kok2-other")]
    found["kok2-lead"] = [("grey", 2, [[59, g] for g in range(3)], LIMIT, "kok2-lead")]
    for players in KIDS_PLAYERS:
        found[f"kids-{players}"] = [("kids", players, [[41, players, g] for g in range(3)],
                                     LIMIT, None)]
    found["kids-other"] = [("kids", 3, [[53, 0], [53, 1]], LIMIT, "kids-other"),
                           ("kids", 2, [[53, 2]], LIMIT, "kids-deny")]
    found["kids-roll-limit"] = [("kids", 2, [[57, 0]], Options(max_rolls=6), None),
                                ("kids", 3, [[57, 1]], Options(), None)]
    return found


def strong_sheet(layout: str) -> Sheet:
    """A layout of :func:`strong_games`."""
    if layout.startswith("grid:"):
        width, height = layout[5:].split("x")
        return grid_sheet(int(width), int(height))
    return sheet_named(layout) if layout == MIRROR else load_layout(layout)


def digest(items: list[Any]) -> str:
    """A fingerprint of ``items`` (a decision's values to the last bit, ``None`` for NaN;
    a position)."""
    return f"{zlib.crc32(repr(items).encode()):08x}"


def write_strong(path: Path = STRONG_FIXTURE) -> None:
    """Play :func:`strong_games` with the rules' StrongBot, noting every decision's choice
    and a fingerprint of its values (with as many values)."""
    from kok_layouts.rules.strong import StrongBot

    records: dict[str, list[Record]] = {}
    for name, listed in strong_games().items():
        records[name] = []
        for layout, players, seeds, options, weights_name in listed:
            weights = WEIGHTS[weights_name] if weights_name else None
            for seed in seeds:
                notes: list[Record] = []

                def valued(game: Game, seat: int,
                           weights: StrongWeights | None = weights) -> list[float | None]:
                    return strong_values(game, seat, weights)

                game = new_game(strong_sheet(layout), players, options, solo=players == 1)
                bots = [Recorder(StrongBot(weights), notes, valued) for _ in range(players)]
                for bot in bots:
                    bot.every = 1
                play_game(game, bots, np.random.default_rng(seed))
                for note in notes:
                    values = note.pop("values")
                    note["values"] = [len(values), digest(values)]
                    note["at"] = digest(note["at"])
                    note.pop("roll")
                records[name].append({"seed": seed, "decisions": notes})
    path.write_text(json.dumps(records, separators=(",", ":")) + "\n", encoding="utf-8")


class StrongReplay:
    """A seat of a replayed game of :func:`strong_games`: the recorded choice, the
    compiled bot's decision held to the record (``differ`` notes where it is not;
    ``counts``: the decisions and values seen)."""

    name = "strong"

    def __init__(self, where: str, notes: list[Record], weights: StrongWeights | None,
                 differ: list[str], counts: list[int]) -> None:
        self.where, self.notes, self.weights = where, notes, weights
        self.differ, self.counts = differ, counts

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        from kok_layouts.rules.engine.strong import decide

        note = self.notes[self.counts[2]]
        self.counts[2] += 1
        where = f"{self.where} decision {self.counts[2] - 1}"
        assert digest(position_key(game, seat)) == note["at"], f"{where}: another position"
        decision = decide(game, seat, self.weights)
        values = [None if math.isnan(v) else v for v in decision.values.tolist()]
        self.counts[0] += 1
        self.counts[1] += len(values)
        if [len(values), digest(values)] != note["values"]:
            self.differ.append(f"{where}: the values differ")
        if choice_key(decision.choice) != note["choice"]:
            self.differ.append(f"{where}: {choice_key(decision.choice)} != {note['choice']}")
        return choice_of(note["choice"], game.sheet.width)


def replay_strong(name: str, fixture: dict[str, list[Record]]) -> tuple[int, int, list[str]]:
    """Play the recorded games ``name`` of :func:`strong_games` again with the recorded
    choices; at every decision the compiled strong bot (``decide``) must make the recorded
    choice and give the moves the recorded values. Returns the decisions, the values and
    what differs."""
    differ: list[str] = []
    counts = [0, 0, 0]
    recorded = iter(fixture[name])
    for layout, players, seeds, options, weights_name in strong_games()[name]:
        weights = WEIGHTS[weights_name] if weights_name else None
        for seed in seeds:
            record = next(recorded)
            assert record["seed"] == seed
            counts[2] = 0
            seats = [StrongReplay(f"{layout} {seed}", record["decisions"], weights, differ,
                                  counts) for _ in range(players)]
            game = new_game(strong_sheet(layout), players, options, solo=players == 1)
            play_game(game, seats, np.random.default_rng(seed))
            assert counts[2] == len(record["decisions"]), f"{layout} {seed}: ended early"
    return counts[0], counts[1], differ


def read_strong(path: Path = STRONG_FIXTURE) -> dict[str, list[Record]]:
    records: dict[str, list[Record]] = json.loads(path.read_text(encoding="utf-8"))
    return records


@cache
def strong_fixture() -> dict[str, list[Record]]:
    """:data:`STRONG_FIXTURE`, read once."""
    return read_strong()


class Replayed(NamedTuple):
    """What :func:`assert_strong_answers` replayed: decisions, values, recorded choices."""

    decisions: int
    values: int
    choices: list[Any]


def assert_strong_answers(name: str) -> Replayed:
    """Replay the games ``name`` of :func:`strong_games` (:func:`replay_strong`): every
    decision's choice and values as recorded."""
    decisions, values, differ = replay_strong(name, strong_fixture())
    assert decisions > 0
    assert not differ, f"{len(differ)} of {decisions} decisions differ:\n" + "\n".join(
        differ[:10])
    return Replayed(decisions, values, [note["choice"] for game in strong_fixture()[name]
                                        for note in game["decisions"]])


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["strong"]:
        write_strong()
    else:
        write()
