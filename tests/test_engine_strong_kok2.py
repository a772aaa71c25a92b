"""The strong bot of Keer op Keer 2 inside the engine values every move and special action as
the rules' StrongBot does, places the bombs its rows give where StrongBot places them, and so
plays the rules' games roll for roll.

At every decision of seeded games played by ``StrongBot`` the compiled bot must give each
colour-and-number move and each special action it weighs (the row and stars actions at their
fullest) the value ``StrongBot`` gives it, and take the same choice, bombs' squares and all;
whole games of ``play_strong`` must end after the same roll with every cell crossed in the
same roll and the same scores as ``play_game`` with ``StrongBot`` in every seat.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kok_layouts import limits, load_layout
from kok_layouts.analysis.simulate import goal_masks, in_engine, simulate
from kok_layouts.analysis.simulate import play_one as simulate_one
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine import strong_kok2
from kok_layouts.rules.engine.strong import (
    EngineStrongBot,
    decide,
    first_completions,
    play_strong,
    play_strong_batch,
)
from kok_layouts.rules.engine.tables import tables_for
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kok2 import Kok2Game, Special
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot, StrongWeights, fullest_specials
from kok_layouts.rules.strong_weights import TUNED

LIMIT = Options(max_rolls=200)
MIRROR = str(Path(__file__).parent / "data" / "kok2_mirror.yaml")
"""A custom Keer op Keer 2 sheet: grey mirrored, other points, items, boxes and faces."""


class Checked:
    """What the comparison of the two bots found over many decisions."""

    def __init__(self) -> None:
        self.decisions = 0
        self.weighed = 0
        self.specials = 0
        self.bombs = 0
        self.differing_values = 0
        self.other_choices: list[tuple[Choice | None, Choice | None]] = []


class CheckingBot(StrongBot):
    """The rules' StrongBot, comparing every decision it makes with the compiled bot's:
    the value of every move and special action it weighs, and the choice."""

    def __init__(self, checked: Checked, weights: StrongWeights | None = None) -> None:
        super().__init__(None if weights is None else {"kok2": weights})
        self.checked = checked
        self.engine_weights = weights

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        choice = super().choose_by_dice(game, seat, rng)
        decision = decide(game, seat, self.engine_weights)
        weights = self.weights["kok2"]
        pos = self._prepare(game, seat, weights)
        player = game.sheets[seat]
        joker_cost = float(player.sheet.mark_points) + weights.mark_hope * pos.frac
        values: list[float] = []
        for option in game.move_options(seat):
            value = self._cells_value(player, pos, weights, option[4])[0]
            if option[5] or option[6]:
                value -= (option[5] + option[6]) * joker_cost
            values.append(value)
        specials = game.special_choices(seat)
        weighed = fullest_specials(specials, game.sheet.width)
        for special in specials:
            move = special.move
            assert isinstance(move, Special)
            if special not in weighed:
                values.append(float("nan"))
                continue
            value = self._cells_value(player, pos, weights, move.cells)[0] - pos.box_worth
            if move.face == "heart":
                value += pos.heart_worth
            values.append(value)
        assert len(values) == len(decision.values)
        expected = np.array(values)
        self.checked.differing_values += int(np.sum(
            (expected != decision.values) & ~(np.isnan(expected) & np.isnan(decision.values))))
        self.checked.decisions += 1
        self.checked.weighed += len(values)
        if choice is not None:
            self.checked.specials += choice.is_special
            self.checked.bombs += len(choice.bombs)
        if choice != decision.choice:
            self.checked.other_choices.append((choice, decision.choice))
        return choice


def checked_games(sheet: Sheet, players: int, seeds: list[list[int]], options: Options = LIMIT,
                  weights: StrongWeights | None = None) -> Checked:
    checked = Checked()
    for seed in seeds:
        game = Kok2Game(sheet, players, options, solo=players == 1)
        play_game(game, [CheckingBot(checked, weights) for _ in range(players)],
                  np.random.default_rng(seed))
    assert checked.decisions > 0
    return checked


def assert_same_values(checked: Checked) -> None:
    """The same values to the last bit (the same sums of the same floats in the same order),
    and the same choices."""
    assert checked.differing_values == 0, f"{checked.differing_values} values differ"
    assert not checked.other_choices, (f"{len(checked.other_choices)} of {checked.decisions} "
                                       f"choices differ, first {checked.other_choices[0]}")


# -- the decision ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_move_and_action_of_a_grey_game_is_valued_as_the_strong_bot_values_it(
        players: int) -> None:
    checked = checked_games(load_layout("grey"), players, [[41, players, g] for g in range(3)])
    assert_same_values(checked)
    assert checked.weighed > 20 * checked.decisions
    assert checked.specials > 0  # the special die taken, and bombs placed
    assert checked.bombs > 0


@pytest.mark.parametrize("players", [1, 2])
def test_a_custom_keer_op_keer_2_sheet_is_valued_alike(players: int) -> None:
    """Other row items, box cells and columns, points, heart track and special faces."""
    checked = checked_games(load_layout(MIRROR), players, [[43, players, g] for g in range(2)])
    assert_same_values(checked)
    assert checked.bombs > 0


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, max_rolls=200),
    Options(first_three_rolls_open=False, end="roll", max_rolls=200),
    Options(star_penalty=5, pass_penalty=2, max_rolls=200),
    Options(max_rolls=9),
    Options(),
], ids=["loose", "six", "closed-roll", "house-penalties", "nine-rolls", "no-limit"])
def test_the_options_are_valued_alike(options: Options) -> None:
    sheet = load_layout("grey")
    assert_same_values(checked_games(sheet, 3, [[47, 0]], options))
    assert_same_values(checked_games(sheet, 1, [[47, 1]], options))


def test_cut_off_cells_are_counted_alike_by_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Areas of more than ``PATTERN_CELLS`` cells have their cut-off cells searched, not
    looked up by pattern: the same values (here every area is searched)."""
    monkeypatch.setattr(strong_kok2, "PATTERN_CELLS", 0)
    work = strong_kok2.new_kok2_workspace(tables_for(load_layout("grey")))
    assert work.pattern_shapes.shape[1] == 0
    assert_same_values(checked_games(load_layout("grey"), 2, [[79, 0]]))


def test_other_weights_are_valued_alike() -> None:
    weights = replace(TUNED["kok2"], paired=0.0, triple=0.4, cell=0.3, lead=1.5, horizon=12.0,
                      second_colour=1.0, heart=1.5, bomb_item=4.0, box_hope=1.2)
    assert_same_values(checked_games(load_layout("grey"), 2, [[53, 0], [53, 1]],
                                     weights=weights))


def test_a_move_that_ends_the_game_is_worth_its_final_score_and_a_share_of_the_lead() -> None:
    """With a heavy ``lead`` weight an ending move's value is mostly the lead it locks in:
    still the value StrongBot gives it (Keer op Keer 2's score: rows, hearts and boxes)."""
    weights = replace(TUNED["kok2"], lead=5.0)
    assert_same_values(checked_games(load_layout("grey"), 2, [[59, g] for g in range(3)],
                                     weights=weights))


def test_the_compiled_bot_is_a_strategy_of_the_rules_keer_op_keer_2_games() -> None:
    sheet = load_layout("grey")
    for players in (1, 2):
        seed = [61, players]
        rules = play_game(Kok2Game(sheet, players, LIMIT, solo=players == 1),
                          [StrongBot() for _ in range(players)], np.random.default_rng(seed))
        engine = play_game(Kok2Game(sheet, players, LIMIT, solo=players == 1),
                           [EngineStrongBot() for _ in range(players)],
                           np.random.default_rng(seed))
        assert [entry.choices for entry in engine.log] == [entry.choices for entry in rules.log]


# -- whole games -----------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int],
               options: Options = LIMIT) -> tuple[Game, list[list[int]]]:
    """The game StrongBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = Kok2Game(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [StrongBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, crossed_at


def assert_same_games(sheet: Sheet, players: int, seeds: list[list[int]],
                      options: Options = LIMIT) -> None:
    games = play_strong(sheet, players, seeds, options, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed, options)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_whole_games_are_the_strong_bots_games_roll_for_roll(players: int) -> None:
    assert_same_games(load_layout("grey"), players, [[67, players, g] for g in range(8)])


def test_whole_games_on_a_custom_sheet_are_the_strong_bots_games() -> None:
    sheet = load_layout(MIRROR)
    assert_same_games(sheet, 1, [[69, 1, g] for g in range(4)])
    assert_same_games(sheet, 2, [[69, 2, g] for g in range(4)])


@pytest.mark.parametrize("options", [
    Options(connect_through_crossed=True, max_rolls=200),
    Options(number_joker_six=True, first_three_rolls_open=False, max_rolls=200),
    Options(end="roll", star_penalty=1, pass_penalty=2, max_rolls=200),
    Options(max_rolls=7),
], ids=["loose", "six-closed", "end-of-roll-penalties", "seven-rolls"])
def test_the_house_rules_play_the_same_whole_games(options: Options) -> None:
    sheet = load_layout("grey")
    assert_same_games(sheet, 1, [[71, 1, g] for g in range(2)], options)
    assert_same_games(sheet, 2, [[71, 2, g] for g in range(3)], options)


def test_play_strong_batch_throws_game_i_of_seed_s_from_default_rng_s_i() -> None:
    sheet = load_layout("grey")
    totals = play_strong_batch(sheet, 3, 2, 73)
    assert totals.shape == (3, 2)
    for game in range(3):
        rules, _ = rules_game(sheet, 2, [73, game], Options())
        assert list(totals[game]) == [score.total for score in rules.scores()]


# -- kok simulate and check ------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
def test_kok_simulate_plays_all_strong_keer_op_keer_2_games_in_the_engine(players: int) -> None:
    """Game ``i`` of ``kok simulate --seed 11`` (``SeedSequence(11, spawn_key=(i,))``, the
    roll cap ``GAME_ROLLS``) played in the engine: its length, scores, the roll each cell
    was crossed in and the first completion of every column, colour and row are those of
    the rules' game."""
    sheet = load_layout("grey")
    assert in_engine(sheet, ["strong"] * players) == "strong"
    seeds = [np.random.SeedSequence(11, spawn_key=(i,)) for i in range(4)]
    games = play_strong(sheet, players, seeds, Options(max_rolls=limits.GAME_ROLLS),
                        keep_crossed_at=True)
    goals = goal_masks(sheet)
    expected = [simulate_one(sheet, players, ["strong"], seed, i)
                for i, seed in enumerate(seeds)]
    for i, recorded in enumerate(expected):
        assert games.rolls[i] == recorded.rolls
        assert [tuple(row) for row in games.crossed_at[i].tolist()] == \
            list(recorded.crossed_at)
        assert list(games.totals[i]) == [score["total"] for score in recorded.scores]
        assert first_completions(games.crossed_at[i], goals) == recorded.first
    assert simulate(sheet, 4, players, 11) == expected

