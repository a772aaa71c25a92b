"""The Python learned bot's answers on seeded games of every edition, kept as a fixture.

``LearnedBot`` weighed the strong bot's best few moves again in Python (the strong bot's
evaluation of ``rules/strong.py`` and the features of ``rules/learned.py``) before it decided
inside the compiled engine. This module played the seeded games of the engine's learned
tests (tests/test_engine_learned.py and the file of Keer op Keer 2 and Kids it absorbed:
every edition, one to three players, example layouts, house options, other weights and counts of
candidates) with that bot and wrote to :data:`FIXTURE`:

- per decision: a fingerprint of where it was, the choice, and fingerprints of every
  candidate's choice (passing first, bombs' squares placed), of every candidate's strong
  value and features and of the value the bot's trace keeps of the decision;
- per whole game: the rolls, every seat's total and marks used, and a fingerprint of the
  roll each cell was crossed in;
- a short training run's weights (self-play TD and rollout policy iteration) and the mean
  of a few solo games.

The tests replay them against the learned bot as it is now (:func:`replay`).

    python -m tests.learned_answers        # writes tests/data/learned_answers.json

Rerunning it records the bot as it is now; do that only for a deliberate change of the bot
(and say so in the commit). The file was written by the Python learned bot of 76e17ad.
"""

from __future__ import annotations

import json
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts.model.grid import cells_of
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.options import Options
from kok_layouts.rules.value_network import split_vector

from .bots_answers import choice_key, choice_of, position_key
from .rules_answers import sheet_named

FIXTURE = Path(__file__).resolve().parent / "data" / "learned_answers.json"
Record = dict[str, Any]

LIMIT = Options(max_rolls=200)
MIRROR = "tests/data/kok2_mirror.yaml"
"""A Keer op Keer 2 sheet of rows, boxes and bombs of its own."""
EXAMPLE = "examples/donut.yaml"
"""An example layout of the classic game (areas and points of its own)."""

OPTIONS: dict[str, Options] = {
    "limit": LIMIT,
    "loose": Options(connect_through_crossed=True, max_rolls=200),
    "six": Options(number_joker_six=True, max_rolls=200),
    "closed-roll": Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    "house-penalties": Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    "nine-rolls": Options(max_rolls=9),
    "six-closed": Options(number_joker_six=True, first_three_rolls_open=False, max_rolls=200),
    "end-roll-penalties": Options(end="roll", star_penalty=3, pass_penalty=1, max_rolls=200),
}
HOUSE = ["loose", "six", "closed-roll", "house-penalties", "nine-rolls"]


def flipping_weights(edition: str) -> dict[str, list[float]]:
    """A correction that values keeping exclamation marks highly (and, outside the classic
    game, the cells reachable lowly): it turns moves down that the shipped weights take."""
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("marks")] = 40.0
    if edition != "classic":
        weights[FEATURES.index("reachable")] = -30.0
    weights[FEATURES.index("passed")] = 0.5
    return {edition: weights}


WEIGHTS: dict[str, dict[str, list[float]]] = {
    f"flipping-{edition}": flipping_weights(edition) for edition in ("classic", "kok2", "kids")}

Games = list[tuple[str, int, list[list[int]], str, str | None, int]]
"""Games: layout, players, seeds, options, weights (by name; ``None``: the shipped linear
weights), candidates."""


def decision_games() -> dict[str, Games]:
    """The games whose every decision is recorded, by name."""
    found: dict[str, Games] = {}
    for players in (1, 2, 3):
        found[f"black-{players}"] = [("black", players, [[83, players, g] for g in range(2)],
                                      "limit", None, 6)]
    found["example"] = [(EXAMPLE, 2, [[83, 9, 0]], "limit", None, 6),
                        (EXAMPLE, 1, [[83, 9, 1]], "limit", None, 6)]
    for name in HOUSE:
        found[f"black-{name}"] = [("black", 2, [[89, 0]], name, None, 6)]
        found[f"grey-{name}"] = [("grey", 2, [[137, 0]], name, None, 6)]
    for candidates in (1, 2, 64):
        found[f"black-candidates-{candidates}"] = [("black", 2, [[97, candidates]], "limit",
                                                    None, candidates)]
    found["black-other-weights"] = [("black", 2, [[101, 0]], "limit", "flipping-classic", 6),
                                    ("black", 1, [[101, 1]], "limit", "flipping-classic", 6)]
    for layout in ("grey", MIRROR, "kids"):
        for players in (1, 2, 3):
            found[f"{Path(layout).stem}-{players}"] = [
                (layout, players, [[131, players, g] for g in range(2)], "limit", None, 6)]
    for layout, edition in (("grey", "kok2"), ("kids", "kids")):
        found[f"{layout}-other"] = [(layout, 2, [[139, 0]], "limit", f"flipping-{edition}", 6),
                                    (layout, 1, [[139, 1]], "limit", f"flipping-{edition}", 2),
                                    (layout, 2, [[139, 2]], "limit", None, 64)]
    return found


def whole_games() -> dict[str, Games]:
    """The games whose end is recorded, by name."""
    found: dict[str, Games] = {}
    for layout in ("black", EXAMPLE, "grey", MIRROR, "kids"):
        classic = layout in ("black", EXAMPLE)
        for players in (1, 2, 3):
            seeds = ([[107, players, g] for g in range(8)] if classic
                     else [[151, players, g] for g in range(4)])
            found[f"{Path(layout).stem}-{players}"] = [(layout, players, seeds, "limit", None,
                                                        6)]
    for name in ("loose", "six"):
        found[f"black-{name}"] = [("black", 2, [[109, g] for g in range(3)], name, None, 6)]
    for name in ("loose", "six-closed", "end-roll-penalties"):
        found[f"grey-{name}"] = [("grey", 2, [[157, g] for g in range(3)], name, None, 6)]
    found["black-other-weights"] = [("black", 2, [[113, g] for g in range(6)], "limit",
                                     "flipping-classic", 3)]
    for layout, edition in (("grey", "kok2"), ("kids", "kids")):
        found[f"{layout}-other-weights"] = [(layout, 2, [[163, g] for g in range(4)], "limit",
                                             f"flipping-{edition}", 3)]
    return found


def digest(items: Any) -> str:
    """A fingerprint of ``items`` (floats to the last bit)."""
    return f"{zlib.crc32(repr(items).encode()):08x}"


def shipped_linear() -> dict[str, list[float]]:
    """The shipped linear weights of every edition, without the value networks (the
    answers were recorded with them; the networks are the engine's sums as numpy's:
    tests/test_value_network.py)."""
    return {edition: split_vector(vector)[0].tolist()
            for edition, vector in LearnedBot().corrections.items()}


def bot_of(weights_name: str | None, candidates: int) -> LearnedBot:
    return LearnedBot(WEIGHTS[weights_name] if weights_name else shipped_linear(),
                      candidates=candidates, lookahead=0)


class Recorder:
    """A seat's strategy: the learned bot's choice, noted with its candidates and the value
    its trace keeps of the decision."""

    def __init__(self, bot: LearnedBot, notes: list[Record]) -> None:
        self.bot = bot
        self.name = bot.name
        self.notes = notes
        bot.keep_candidates = True
        bot.trace = {}

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        at = digest(position_key(game, seat))
        self.bot.last_candidates = []
        before = self.bot.trace.get(seat) if self.bot.trace is not None else None
        traced = len(before.values) if before is not None else 0
        choice = self.bot.choose(game, seat, rng)
        assert self.bot.trace is not None
        kept = self.bot.trace.get(seat)
        value = kept.values[-1] if kept is not None and len(kept.values) > traced else None
        candidates = self.bot.last_candidates
        self.notes.append({
            "at": at, "choice": choice_key(choice),
            "candidates": [len(candidates),
                           digest([choice_key(c.choice) for c in candidates])],
            "numbers": digest([[c.value for c in candidates],
                               [list(c.features) for c in candidates], value])})
        return choice


def crossed_at(game: Game) -> tuple[list[list[int]], Any]:
    """Per seat and cell the roll the cell was crossed in, and the ``play_game`` hook that
    fills it in."""
    found = [[0] * game.sheet.geometry.size for _ in game.sheets]
    before = [0] * len(game.sheets)

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                found[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    return found, note


def game_end(game: Game, at: list[list[int]]) -> Record:
    """What a whole game's end is recorded as."""
    return {"rolls": game.rolls_done, "totals": [score.total for score in game.scores()],
            "marks_used": [player.marks_used for player in game.sheets],
            "crossed_at": digest(at)}


def played(layout: str, players: int, seed: list[int], options: str,
           strategies: list[Any]) -> Game:
    game = new_game(sheet_named(layout), players, OPTIONS[options], solo=players == 1)
    play_game(game, strategies, np.random.default_rng(seed))
    return game


def training() -> Record:
    """Short training runs of every edition (the figures the engine's must give)."""
    from kok_layouts.rules.learned_training import Plan, RolloutPlan, improve, solo_mean, train

    found: Record = {}
    for layout in ("black", "grey", "kids"):
        sheet = sheet_named(layout)
        found[f"train-{layout}"] = [
            train(sheet, plan, engine=False).tolist()
            for plan in (Plan(games=3, seed=173), Plan(games=2, seed=179, players=2,
                                                       candidates=3))]
        found[f"solo-mean-{layout}"] = solo_mean(sheet, bot_of(None, 6), 6, engine=False)
        found[f"improve-{layout}"] = improve(sheet, RolloutPlan(rounds=1, games=2, seed=181,
                                                                samples=2)).tolist()
    return found


def write(path: Path = FIXTURE) -> None:
    decisions: dict[str, list[Record]] = {}
    for name, listed in decision_games().items():
        decisions[name] = []
        for layout, players, seeds, options, weights_name, candidates in listed:
            for seed in seeds:
                notes: list[Record] = []
                strategies = [Recorder(bot_of(weights_name, candidates), notes)
                              for _ in range(players)]
                game = played(layout, players, seed, options, strategies)
                decisions[name].append({"seed": seed, "decisions": notes,
                                        "totals": [s.total for s in game.scores()]})
    ends: dict[str, list[Record]] = {}
    for name, listed in whole_games().items():
        ends[name] = []
        for layout, players, seeds, options, weights_name, candidates in listed:
            for seed in seeds:
                game = new_game(sheet_named(layout), players, OPTIONS[options],
                                solo=players == 1)
                at, note = crossed_at(game)
                bot = bot_of(weights_name, candidates)
                play_game(game, [bot] * players, np.random.default_rng(seed), note)
                ends[name].append({"seed": seed, **game_end(game, at)})
    document = {"decisions": decisions, "games": ends, "training": training()}
    path.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")


@cache
def fixture() -> Record:
    """:data:`FIXTURE`, read once."""
    document: Record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return document


class Replay:
    """A seat of a replayed game: the learned bot as it is now decides and notes its
    decision as :class:`Recorder` did; the recorded choice is played (so that one
    difference does not hide the rest)."""

    def __init__(self, bot: LearnedBot, notes: list[Record], where: str,
                 differ: list[str], counts: list[int]) -> None:
        self.recorder = Recorder(bot, [])
        self.name = bot.name
        self.notes, self.where, self.differ, self.counts = notes, where, differ, counts

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        note = self.notes[self.counts[1]]
        where = f"{self.where} decision {self.counts[1]}"
        self.counts[1] += 1
        assert digest(position_key(game, seat)) == note["at"], f"{where}: another position"
        self.recorder.choose(game, seat, rng)
        got = self.recorder.notes[-1]
        self.counts[0] += 1
        self.counts[2] += got["candidates"][0]
        for key in ("choice", "candidates", "numbers"):
            if got[key] != note[key]:
                self.differ.append(f"{where}: the {key} differ: {got[key]} != {note[key]}")
        return choice_of(note["choice"], game.sheet.width)


def replay(name: str) -> tuple[int, int]:
    """Play the recorded games ``name`` of :func:`decision_games` again; at every decision
    the learned bot must make the recorded choice and weigh the recorded candidates with
    the recorded values, features and trace value. Returns the decisions and candidates."""
    differ: list[str] = []
    counts = [0, 0, 0]
    recorded = iter(fixture()["decisions"][name])
    for layout, players, seeds, options, weights_name, candidates in decision_games()[name]:
        for seed in seeds:
            record = next(recorded)
            assert record["seed"] == seed
            counts[1] = 0
            seats = [Replay(bot_of(weights_name, candidates), record["decisions"],
                            f"{layout} {seed}", differ, counts) for _ in range(players)]
            game = played(layout, players, seed, options, seats)
            assert counts[1] == len(record["decisions"]), f"{layout} {seed}: ended early"
            assert [s.total for s in game.scores()] == record["totals"]
    assert counts[0] > 0 and counts[2] > counts[0]
    assert not differ, f"{len(differ)} of {counts[0]} decisions differ:\n" + "\n".join(
        differ[:10])
    return counts[0], counts[2]


def expected_ends(name: str) -> list[tuple[str, int, list[int], str, LearnedBot, Record]]:
    """The recorded whole games ``name`` of :func:`whole_games`: (layout, players, seed,
    options, bot, recorded end)."""
    recorded = iter(fixture()["games"][name])
    found = []
    for layout, players, seeds, options, weights_name, candidates in whole_games()[name]:
        for seed in seeds:
            record = next(recorded)
            assert record["seed"] == seed
            found.append((layout, players, seed, options, bot_of(weights_name, candidates),
                          record))
    return found


def main() -> None:
    write()


if __name__ == "__main__":
    main()
