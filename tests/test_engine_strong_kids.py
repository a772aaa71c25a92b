"""The strong bot of Keer op Keer Kids inside the engine values every enclosure, purple mark
and chameleon as the rules' StrongBot does, weighs what the active seat's die leaves the
others as it does, and so plays the rules' games roll for roll.

At every decision of seeded games played by ``StrongBot`` the compiled bot must give each
choice of ``KidsGame.choices_for`` the value ``StrongBot._valued_enclosures`` gives it (to
the last bit) and take the same choice; whole games of ``play_strong`` must end after the
same roll with every cell crossed in the same roll and the same circles as ``play_game``
with ``StrongBot`` in every seat.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from kok_layouts import limits, load_layout
from kok_layouts.analysis.simulate import in_engine, simulate
from kok_layouts.analysis.simulate import play_one as simulate_one
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.strong import EngineStrongBot, decide, play_strong
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot, StrongWeights
from kok_layouts.rules.strong_weights import TUNED

LIMIT = Options(max_rolls=200)
PLAYERS = [1, *range(limits.KIDS_PLAYERS.low, limits.KIDS_PLAYERS.high + 1)]
"""Solo and every count of players a Kids game has."""


class Checked:
    """What the comparison of the two bots found over many decisions."""

    def __init__(self) -> None:
        self.decisions = 0
        self.denials = 0
        self.chameleons = 0
        self.differing_values = 0
        self.other_choices: list[tuple[Choice | None, Choice | None]] = []


class CheckingBot(StrongBot):
    """The rules' StrongBot, comparing every Kids decision it makes with the compiled
    bot's: the value of every choice, and the choice."""

    def __init__(self, checked: Checked, weights: StrongWeights | None = None) -> None:
        super().__init__(None if weights is None else {"kids": weights})
        self.checked = checked
        self.engine_weights = weights

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        valued = self._valued_enclosures(game, seat)
        choice = super().choose_enclosure(game, seat, rng)
        decision = decide(game, seat, self.engine_weights)
        values = np.array([value for value, *_ in valued[0]] if valued else [])
        assert len(values) == len(decision.values)
        self.checked.differing_values += int(np.sum(values != decision.values))
        self.checked.decisions += 1
        self.checked.denials += not game.solo and seat == game.active
        if choice is not None:
            move = choice.move
            self.checked.chameleons += bool(getattr(move, "chameleon", 0))
        if choice != decision.choice:
            self.checked.other_choices.append((choice, decision.choice))
        return choice


def checked_games(sheet: Sheet, players: int, seeds: list[list[int]], options: Options = LIMIT,
                  weights: StrongWeights | None = None) -> Checked:
    checked = Checked()
    for seed in seeds:
        game = KidsGame(sheet, players, options, solo=players == 1)
        play_game(game, [CheckingBot(checked, weights) for _ in range(players)],
                  np.random.default_rng(seed))
    assert checked.decisions > 0
    return checked


def assert_same_values(checked: Checked) -> None:
    assert checked.differing_values == 0, f"{checked.differing_values} values differ"
    assert not checked.other_choices, (f"{len(checked.other_choices)} of {checked.decisions} "
                                       f"choices differ, first {checked.other_choices[0]}")


# -- the decision ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_every_choice_of_a_kids_game_is_valued_as_the_strong_bot_values_it(
        players: int) -> None:
    checked = checked_games(load_layout("kids"), players, [[41, players, g] for g in range(3)])
    assert_same_values(checked)
    assert checked.chameleons > 0
    assert (checked.denials > 0) == (players > 1)  # the active seat weighs the others' dice


def test_other_weights_are_valued_alike() -> None:
    """No denial weight, a heavy lead, other hopes: still StrongBot's values."""
    weights = replace(TUNED["kids"], deny=0.0, lead=3.0, purple=1.5, paired=0.4, triple=0.3,
                      horizon=20.0)
    assert_same_values(checked_games(load_layout("kids"), 3, [[53, 0], [53, 1]],
                                     weights=weights))
    heavy = replace(TUNED["kids"], deny=2.5)
    assert_same_values(checked_games(load_layout("kids"), 2, [[53, 2]], weights=heavy))


def test_a_roll_limit_is_valued_alike() -> None:
    assert_same_values(checked_games(load_layout("kids"), 2, [[57, 0]], Options(max_rolls=6)))
    assert_same_values(checked_games(load_layout("kids"), 3, [[57, 1]], Options()))


def test_the_compiled_bot_is_a_strategy_of_the_rules_kids_games() -> None:
    sheet = load_layout("kids")
    for players in (1, 3):
        seed = [61, players]
        rules = play_game(KidsGame(sheet, players, LIMIT, solo=players == 1),
                          [StrongBot() for _ in range(players)], np.random.default_rng(seed))
        engine = play_game(KidsGame(sheet, players, LIMIT, solo=players == 1),
                           [EngineStrongBot() for _ in range(players)],
                           np.random.default_rng(seed))
        assert [entry.choices for entry in engine.log] == [entry.choices for entry in rules.log]


# -- whole games -----------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int],
               options: Options = LIMIT) -> tuple[Game, list[list[int]]]:
    """The game StrongBot plays with the dice of ``default_rng(seed)``, and per seat and
    cell the roll the cell was crossed in."""
    game = KidsGame(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [StrongBot() for _ in range(players)], np.random.default_rng(seed), note)
    return game, crossed_at


@pytest.mark.parametrize("players", PLAYERS)
def test_whole_games_are_the_strong_bots_games_roll_for_roll(players: int) -> None:
    sheet = load_layout("kids")
    seeds = [[67, players, g] for g in range(8)]
    games = play_strong(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_kok_simulate_plays_all_strong_kids_games_in_the_engine(players: int) -> None:
    """Every field of game ``i`` of ``kok simulate --seed 11`` (the rules' game, one by
    one) from the engine's games: length, circles, winners, first completions, crosses."""
    sheet = load_layout("kids")
    assert in_engine(sheet, ["strong"] * players) == "strong"
    expected = [simulate_one(sheet, players, ["strong"],
                             np.random.SeedSequence(11, spawn_key=(i,)), i)
                for i in range(5)]
    got = simulate(sheet, 5, players, 11)
    for mine, theirs in zip(got, expected, strict=True):
        for field in ("rolls", "ended", "winners", "scores", "first", "crossed_at"):
            assert getattr(mine, field) == getattr(theirs, field), (mine.game, field)
    assert got == expected
