"""The learned bot of Keer op Keer 2 and Kids inside the engine weighs the candidates the
rules' LearnedBot weighs, with the same features to the bit, takes the choice it takes, and
so plays the rules' games roll for roll; its trace of a game is the rules' bot's.

At every decision of seeded games played by ``LearnedBot`` the compiled bot must weigh the
same candidates (Keer op Keer 2: passing, then the strong bot's best few, one per cells,
jokers and kind, with their bombs; Kids: the best few enclosures, one per cells and use of
the purple die), with features equal to the bit, and take the same choice (bombs' squares
too); whole games of ``play_learned`` must end after the same roll with every cell crossed in
the same roll and the same scores as ``play_game`` with ``LearnedBot`` in every seat; and
``kok simulate --bots learned`` plays them so.
"""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.simulate import in_engine, play_one, simulate
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.learned import (
    decide_learned,
    new_trace,
    play_learned,
    traces_of,
)
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.learned_training import Plan, solo_mean, train
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

LIMIT = Options(max_rolls=200)
MIRROR = "tests/data/kok2_mirror.yaml"
"""A Keer op Keer 2 sheet of rows, boxes and bombs of its own."""


def flipping_weights(edition: str) -> dict[str, list[float]]:
    """A correction that values keeping exclamation marks and the cells reachable highly:
    it turns moves down that the shipped weights take."""
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("marks")] = 40.0
    weights[FEATURES.index("reachable")] = -30.0
    weights[FEATURES.index("passed")] = 0.5
    return {edition: weights}


class Checked:
    def __init__(self) -> None:
        self.decisions = 0
        self.candidates = 0
        self.other_features = 0
        self.other_choices = 0


class CheckingBot(LearnedBot):
    """The rules' LearnedBot, comparing every decision with the compiled bot's."""

    def __init__(self, checked: Checked, weights: dict[str, list[float]] | None = None,
                 candidates: int = 6) -> None:
        super().__init__(weights, candidates=candidates)
        self.checked = checked
        self.keep_candidates = True

    def _compare(self, game: Game, seat: int, choice: Choice | None) -> None:
        decision = decide_learned(game, seat, self)
        self.checked.decisions += 1
        self.checked.other_choices += choice != decision.choice
        if self.last_candidates:
            expected = np.array([c.features for c in self.last_candidates])
            self.checked.candidates += len(expected)
            if expected.shape != decision.features.shape or not np.array_equal(
                    expected, decision.features):
                self.checked.other_features += 1
        else:  # nothing to cross: a pass
            assert decision.choice is None
            assert len(decision.moves) <= 1

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        self.last_candidates = []
        choice = super().choose_by_dice(game, seat, rng)
        self._compare(game, seat, choice)
        return choice

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        self.last_candidates = []
        choice = super().choose_enclosure(game, seat, rng)
        self._compare(game, seat, choice)
        return choice


def checked_games(sheet: Sheet, players: int, seeds: list[list[int]],
                  options: Options = LIMIT, weights: dict[str, list[float]] | None = None,
                  candidates: int = 6) -> Checked:
    checked = Checked()
    for seed in seeds:
        game = new_game(sheet, players, options, solo=players == 1)
        play_game(game, [CheckingBot(checked, weights, candidates) for _ in range(players)],
                  np.random.default_rng(seed))
    assert checked.decisions > 0 and checked.candidates > checked.decisions
    assert checked.other_features == 0, (f"the features of {checked.other_features} of "
                                         f"{checked.decisions} decisions differ")
    assert checked.other_choices == 0, (f"{checked.other_choices} choices of "
                                        f"{checked.decisions} decisions differ")
    return checked


# -- one decision --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("layout", ["grey", MIRROR, "kids"])
def test_every_decision_weighs_the_same_candidates_alike(layout: str, players: int) -> None:
    checked_games(load_layout(layout), players, [[131, players, g] for g in range(2)])


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, max_rolls=200),
    Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    Options(max_rolls=9),
], ids=["loose", "six", "closed-roll", "house-penalties", "nine-rolls"])
def test_the_house_rules_of_keer_op_keer_2_are_weighed_alike(options: Options) -> None:
    checked_games(load_layout("grey"), 2, [[137, 0]], options)


@pytest.mark.parametrize("layout", ["grey", "kids"])
def test_other_weights_and_counts_of_candidates_are_weighed_alike(layout: str) -> None:
    sheet = load_layout(layout)
    edition = "kids" if layout == "kids" else "kok2"
    checked_games(sheet, 2, [[139, 0]], weights=flipping_weights(edition))
    checked_games(sheet, 1, [[139, 1]], weights=flipping_weights(edition), candidates=2)
    checked_games(sheet, 2, [[139, 2]], candidates=64)


@pytest.mark.parametrize("layout", ["grey", "kids"])
def test_a_correction_weight_flips_a_choice_of_the_strong_bot(layout: str) -> None:
    """Fixed rolls where a correction that values the marks kept and the cells reachable
    makes the compiled learned bot take another move than the strong bot, as the rules'
    learned bot does."""
    sheet = load_layout(layout)
    edition = "kids" if layout == "kids" else "kok2"
    rng = np.random.default_rng([149, 0])
    flipped = 0
    for _ in range(40):
        game = new_game(sheet, 1, LIMIT, solo=True)
        game.throw(rng)
        if isinstance(game, KidsGame):
            strong = StrongBot().choose_enclosure(game, 0, rng)
            rules = LearnedBot(flipping_weights(edition)).choose_enclosure(game, 0, rng)
        else:
            strong = StrongBot().choose_by_dice(game, 0, rng)
            rules = LearnedBot(flipping_weights(edition)).choose_by_dice(game, 0, rng)
        plain = decide_learned(game, 0, LearnedBot({edition: [0.0] * len(FEATURES)})).choice
        assert plain == strong  # no correction: the strong bot's choice
        other = decide_learned(game, 0, LearnedBot(flipping_weights(edition))).choice
        assert other == rules
        flipped += other != strong
    assert flipped > 0


# -- whole games ---------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int], options: Options = LIMIT,
               bot: LearnedBot | None = None) -> tuple[Game, list[list[int]]]:
    """The game LearnedBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = new_game(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [bot or LearnedBot() for _ in range(players)],
              np.random.default_rng(seed), note)
    return game, crossed_at


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("layout", ["grey", MIRROR, "kids"])
def test_whole_games_are_the_learned_bots_games_roll_for_roll(layout: str,
                                                               players: int) -> None:
    sheet = load_layout(layout)
    seeds = [[151, players, g] for g in range(4)]
    games = play_learned(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, first_three_rolls_open=False, max_rolls=200),
    Options(end="roll", star_penalty=3, pass_penalty=1, max_rolls=200)],
    ids=["loose", "six-closed", "end-roll-penalties"])
def test_whole_keer_op_keer_2_games_of_the_house_rules_are_the_bots_games(
        options: Options) -> None:
    sheet = load_layout("grey")
    seeds = [[157, g] for g in range(3)]
    games = play_learned(sheet, 2, seeds, options)
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, options)
        assert list(games.totals[g]) == [score.total for score in game.scores()]


@pytest.mark.parametrize("layout", ["grey", "kids"])
def test_whole_games_with_other_weights_are_that_bots_games(layout: str) -> None:
    sheet = load_layout(layout)
    bot = LearnedBot(flipping_weights("kids" if layout == "kids" else "kok2"), candidates=3)
    seeds = [[163, g] for g in range(4)]
    games = play_learned(sheet, 2, seeds, LIMIT, bot=bot)
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, bot=bot)
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
@pytest.mark.parametrize("players", [1, 2])
def test_a_traced_game_is_the_rules_bots_trace_to_the_bit(layout: str, players: int) -> None:
    """The engine's trace of a game (per seat the features and value of every decision)
    is ``LearnedBot.trace`` of the same game, float for float, in the same order of
    seats."""
    sheet = load_layout(layout)
    bot = LearnedBot()
    for g in range(2):
        seed = [167, players, g]
        trace = new_trace(sheet, players, players == 1, LIMIT, bot.candidates)
        play_learned(sheet, players, [seed], LIMIT, bot=bot, trace=trace)
        edition = {"black": "classic", "grey": "kok2", "kids": "kids"}[layout]
        got = traces_of(trace, bot.corrections[edition])
        rules = LearnedBot()
        rules.trace = {}
        game = new_game(sheet, players, LIMIT, solo=players == 1)
        play_game(game, [rules] * players, np.random.default_rng(seed))
        assert list(got) == list(rules.trace)
        for seat, expected in rules.trace.items():
            assert got[seat].values == expected.values
            assert got[seat].features == expected.features


def test_kok_simulate_plays_learned_games_of_every_edition_in_the_engine() -> None:
    for layout in ("grey", "kids"):
        sheet = load_layout(layout)
        assert in_engine(sheet, ["learned"] * 2) == "learned"
        assert in_engine(sheet, ["learned", "strong"]) is None
        for players in (1, 2):
            got = simulate(sheet, 2, players, 11, ("learned",))
            expected = [play_one(sheet, players, ("learned",),
                                 np.random.SeedSequence(11, spawn_key=(i,)), i)
                        for i in range(2)]
            assert got == expected


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_training_in_the_engine_gives_the_rules_bots_weights(layout: str) -> None:
    """A short self-play training run, its games played inside the engine, ends with the
    weights the rules' bot's games gave, to the bit."""
    sheet = load_layout(layout)
    for plan in (Plan(games=3, seed=173), Plan(games=2, seed=179, players=2, candidates=3)):
        engine = train(sheet, plan)
        rules = train(sheet, plan, engine=False)
        assert np.any(engine != 0.0)
        assert np.array_equal(engine, rules)


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_the_solo_mean_of_a_training_curve_is_the_rules_bots(layout: str) -> None:
    sheet = load_layout(layout)
    bot = LearnedBot()
    assert solo_mean(sheet, bot, 6) == solo_mean(sheet, bot, 6, engine=False)
