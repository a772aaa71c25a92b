"""The live bots choose what the Python bots chose, on recorded games of every edition.

GreedyBot, StrongBot and ExpertBot weighed their moves in Python before they decided inside
the compiled engine. tests/bots_answers.py recorded their decisions in seeded games of every
edition (tests/data/bots_answers.json). Each game is played again with the recorded choices,
and at every decision the bot of today must make the recorded choice (bombs' squares too)
and the compiled strong bot give every move the recorded value.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.strong import decide
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.weighing import WeighingBot

from .bots_answers import (
    SEED,
    choice_key,
    choice_of,
    new,
    new_bot,
    position_key,
    read,
    roll_key,
)

RECORDS = read()
BOTS = ("greedy", "strong", "expert")


class Replaying:
    """A seat's strategy that plays the recorded choices, asking ``bot`` at each decision
    and noting where it differs from the record."""

    def __init__(self, bot: WeighingBot, notes: list[dict[str, Any]], differ: list[str],
                 counts: dict[str, int]) -> None:
        self.bot = bot
        self.name = bot.name
        self.notes = notes
        self.differ = differ
        self.counts = counts

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        index = self.counts["at"]
        self.counts["at"] += 1
        note = self.notes[index]
        where = f"decision {index}"
        assert position_key(game, seat) == note["at"], f"{where}: the replay left the record"
        assert roll_key(game) == note["roll"], f"{where}: another roll"
        found = choice_key(self.bot.choose(game, seat, rng))
        if found != note["choice"]:
            self.differ.append(f"{where}: {found} != {note['choice']}")
        if "values" in note:
            values = [None if math.isnan(v) else float(v) for v in decide(game, seat).values]
            self.counts["values"] += len(values)
            if values != note["values"]:
                self.differ.append(f"{where}: the move values differ")
        self.counts["bombs"] += len(note["choice"][3]) if note["choice"] else 0
        return choice_of(note["choice"], game.sheet.width)


def test_the_fixture_holds_a_few_hundred_decisions_of_every_bot_and_edition() -> None:
    for bot in BOTS:
        games = [game for game in RECORDS if game["bot"] == bot]
        assert sum(len(game["decisions"]) for game in games) >= 300, bot
        assert {new(g["layout"], g["options"], g["players"]).sheet.edition
                for g in games} == {"classic", "kok2", "kids"}
    decisions = [d for game in RECORDS for d in game["decisions"] if d["choice"]]
    assert any(d["choice"][3] for d in decisions), "bombs"
    assert any(d["choice"][2].startswith("special") for d in decisions), "special actions"


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("index", range(8))
def test_every_recorded_decision_is_made_again(bot: str, index: int) -> None:
    record = [game for game in RECORDS if game["bot"] == bot][index]
    game = new(record["layout"], record["options"], record["players"])
    differ: list[str] = []
    counts = {"at": 0, "values": 0, "bombs": 0}
    seats = [Replaying(new_bot(bot), record["decisions"], differ, counts)
             for _ in range(record["players"])]
    play_game(game, seats, np.random.default_rng([SEED, record["seed"]]))
    assert counts["at"] == len(record["decisions"])
    assert [score.total for score in game.scores()] == record["totals"]
    assert not differ, f"{len(differ)} decisions differ:\n" + "\n".join(differ[:10])
    if bot == "strong":
        assert counts["values"] > 0


def test_the_live_decisions_refuse_what_is_no_game_waiting_for_a_choice() -> None:
    from kok_layouts.errors import BadArgumentError, KokTypeError
    from kok_layouts.rules.engine.live import decide_expert, decide_greedy
    from kok_layouts.rules.strong_weights import TUNED

    with pytest.raises(KokTypeError):
        decide_greedy("a game", 0)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        decide_expert("a game", 0, TUNED["classic"])  # type: ignore[arg-type]
    game = new("black", "plain", 2)
    with pytest.raises(BadArgumentError):
        decide_greedy(game, 5)
    for decide_one in (decide_greedy, lambda g, s: decide_expert(g, s, TUNED["classic"])):
        with pytest.raises(Exception, match="throw the dice first"):
            decide_one(game, 0)


def test_other_settings_of_the_live_bots_decide_in_the_engine_too() -> None:
    """A greedy bot without reach that passes below 0.5 and an expert weighing two
    candidates play whole games, deciding otherwise than with their defaults."""
    from kok_layouts.rules.bots import GreedyBot
    from kok_layouts.rules.strong import ExpertBot

    logs = []
    for bot in (GreedyBot(), GreedyBot(reach=0.0, pass_below=0.5, power=3.0),
                ExpertBot(), ExpertBot(candidates=2, lookahead=0.8)):
        game = new("grey", "plain", 2)
        play_game(game, [bot, bot], np.random.default_rng([SEED, 99]))
        logs.append([entry.choices for entry in game.log])
    assert logs[0] != logs[1] and logs[2] != logs[3]
