"""The learned bot of the classic game inside the engine (Keer op Keer 2 and Kids:
tests/test_engine_learned_editions.py) weighs the candidates the rules'
LearnedBot weighs, with the same features to the bit, takes the choice it takes, and so
plays the rules' games roll for roll.

At every decision of seeded games played by ``LearnedBot`` the compiled bot must weigh the
same candidates (passing, then the strong bot's best few: one per cells and jokers), with
features equal to the bit, and take the same choice; whole games of ``play_learned`` must
end after the same roll with every cell crossed in the same roll and the same scores as
``play_game`` with ``LearnedBot`` in every seat; and ``kok simulate --bots learned`` plays
them so.
"""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.analysis.simulate import in_engine, play_one, simulate
from kok_layouts.errors import BadArgumentError, KokTypeError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.learned import decide_learned, play_learned, play_learned_batch
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

from .test_engine_tables import EXAMPLES

LIMIT = Options(max_rolls=200)
EXAMPLE = next(path for path in EXAMPLES if path.endswith("donut.yaml"))
"""An example layout of the classic game (areas and points of its own)."""


def flipping_weights() -> dict[str, list[float]]:
    """A classic correction that values keeping exclamation marks highly: it turns moves
    down that the shipped weights take."""
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("marks")] = 40.0
    weights[FEATURES.index("passed")] = 0.5
    return {"classic": weights}


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

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        self.last_candidates = []
        choice = super().choose_by_dice(game, seat, rng)
        decision = decide_learned(game, seat, self)
        self.checked.decisions += 1
        self.checked.other_choices += choice != decision.choice
        if self.last_candidates:
            expected = np.array([c.features for c in self.last_candidates])
            self.checked.candidates += len(expected)
            if expected.shape != decision.features.shape or not np.array_equal(
                    expected, decision.features):
                self.checked.other_features += 1
            options = game.move_options(seat)
            width = game.sheet.width
            for candidate, move in zip(self.last_candidates, decision.moves, strict=False):
                made = None if move < 0 else Choice.of_option(options[move], width)
                self.checked.other_choices += candidate.choice != made
        else:  # nothing to cross: a pass
            assert decision.choice is None
            assert len(decision.moves) == 1
        return choice


def checked_games(sheet: Sheet, players: int, seeds: list[list[int]],
                  options: Options = LIMIT, weights: dict[str, list[float]] | None = None,
                  candidates: int = 6) -> Checked:
    checked = Checked()
    for seed in seeds:
        game = Game(sheet, players, options, solo=players == 1)
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
def test_every_decision_of_a_black_game_weighs_the_same_candidates_alike(players: int) -> None:
    checked_games(load_layout("black"), players, [[83, players, g] for g in range(2)])


def test_every_decision_on_an_example_layout_is_weighed_alike() -> None:
    checked_games(load_layout(EXAMPLE), 2, [[83, 9, 0]])
    checked_games(load_layout(EXAMPLE), 1, [[83, 9, 1]])


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, max_rolls=200),
    Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    Options(max_rolls=9),
], ids=["loose", "six", "closed-roll", "house-penalties", "nine-rolls"])
def test_the_house_rules_are_weighed_alike(options: Options) -> None:
    checked_games(load_layout("black"), 2, [[89, 0]], options)


@pytest.mark.parametrize("candidates", [1, 2, 64])
def test_any_count_of_candidates_is_weighed_alike(candidates: int) -> None:
    checked_games(load_layout("black"), 2, [[97, candidates]], candidates=candidates)


def test_other_weights_are_weighed_alike() -> None:
    checked_games(load_layout("black"), 2, [[101, 0]], weights=flipping_weights())
    checked_games(load_layout("black"), 1, [[101, 1]], weights=flipping_weights())


def test_a_correction_weight_flips_a_choice_of_the_strong_bot() -> None:
    """A fixed roll where the strong bot crosses a move with an exclamation mark: with a
    correction that values the marks kept, the compiled learned bot takes another."""
    sheet = load_layout("black")
    rng = np.random.default_rng([103, 0])
    flipped = 0
    for _ in range(40):
        game = Game(sheet, 1, LIMIT, solo=True)
        game.throw(rng)
        strong = StrongBot().choose_by_dice(game, 0, rng)
        if strong is None or not strong.move.jokers:
            continue
        shipped = decide_learned(game, 0, LearnedBot(
            {"classic": [0.0] * len(FEATURES)})).choice
        assert shipped == strong  # no correction: the strong bot's choice
        other = decide_learned(game, 0, LearnedBot(flipping_weights())).choice
        assert other != strong
        assert other == LearnedBot(flipping_weights()).choose_by_dice(game, 0, rng)
        flipped += 1
    assert flipped > 0


# -- whole games ---------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int], options: Options = LIMIT,
               bot: LearnedBot | None = None) -> tuple[Game, list[list[int]]]:
    """The game LearnedBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = Game(sheet, players, options, solo=players == 1)
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


@pytest.mark.parametrize(("layout", "players"), [
    ("black", 1), ("black", 2), ("black", 3), (EXAMPLE, 1), (EXAMPLE, 2), (EXAMPLE, 3)])
def test_whole_games_are_the_learned_bots_games_roll_for_roll(layout: str,
                                                               players: int) -> None:
    sheet = load_layout(layout)
    seeds = [[107, players, g] for g in range(8)]
    games = play_learned(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, max_rolls=200)], ids=["loose", "six"])
def test_whole_games_of_the_house_rules_are_the_learned_bots_games(options: Options) -> None:
    sheet = load_layout("black")
    seeds = [[109, g] for g in range(3)]
    games = play_learned(sheet, 2, seeds, options)
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, options)
        assert list(games.totals[g]) == [score.total for score in game.scores()]


def test_whole_games_with_other_weights_are_that_bots_games() -> None:
    sheet = load_layout("black")
    bot = LearnedBot(flipping_weights(), candidates=3)
    seeds = [[113, g] for g in range(6)]
    games = play_learned(sheet, 2, seeds, LIMIT, bot=bot)
    shipped = play_learned(sheet, 2, seeds, LIMIT)
    assert not np.array_equal(games.totals, shipped.totals)  # the weights change the games
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, bot=bot)
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


def test_kok_simulate_plays_learned_classic_games_in_the_engine() -> None:
    black = load_layout("black")
    assert in_engine(black, ["learned"] * 2) == "learned"
    assert in_engine(black, ["learned", "strong"]) is None
    assert in_engine(load_layout("grey"), ["learned"]) == "learned"
    assert in_engine(load_layout("kids"), ["learned"]) == "learned"
    for players in (1, 2):
        got = simulate(black, 3, players, 11, ("learned",))
        expected = [play_one(black, players, ("learned",),
                             np.random.SeedSequence(11, spawn_key=(i,)), i)
                    for i in range(3)]
        assert got == expected


def test_play_learned_refuses_what_it_does_not_play() -> None:
    black = load_layout("black")
    with pytest.raises(KokTypeError):
        play_learned(black, 1, 11)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_learned(black, 1, [[0, 0]], bot=StrongBot())  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_learned("black", 1, [[0, 0]])  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        play_learned_batch(black, 0, 1, 0)
    assert play_learned_batch(black, 2, 1, 0).shape == (2, 1)
