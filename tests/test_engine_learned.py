"""The learned bot of every edition inside the engine.

A correction turns the strong bot's choice; whole games of ``play_learned`` (the game loop
compiled) are the games the rules' turns play with ``LearnedBot`` (one compiled decision a
roll) in every seat, roll for roll: they end after the same roll with every cell crossed in
the same roll and the same scores, and keep the same trace; training and the solo mean of a
training curve are the same either way; ``kok simulate --bots learned`` plays them so. That
each decision is the one the Python learned bot made is tests/test_learned_answers.py's.
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
from kok_layouts.rules.engine.learned import (
    decide_learned,
    new_trace,
    play_learned,
    play_learned_batch,
    traces_of,
)
from kok_layouts.rules.game import Game, new_game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.learned import FEATURES, LearnedBot
from kok_layouts.rules.learned_training import Plan, solo_mean, train
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

from .learned_answers import flipping_weights
from .test_engine_tables import EXAMPLES

LIMIT = Options(max_rolls=200)
EXAMPLE = next(path for path in EXAMPLES if path.endswith("donut.yaml"))
"""An example layout of the classic game (areas and points of its own)."""
MIRROR = "tests/data/kok2_mirror.yaml"
"""A Keer op Keer 2 sheet of rows, boxes and bombs of its own."""
EDITION = {"black": "classic", EXAMPLE: "classic", "grey": "kok2", MIRROR: "kok2",
           "kids": "kids"}


# -- one decision --------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_a_correction_weight_flips_a_choice_of_the_strong_bot(layout: str) -> None:
    """Fixed rolls where a correction that values the marks kept (and the cells reachable)
    makes the learned bot take another move than the strong bot; with no correction it
    takes the strong bot's."""
    sheet = load_layout(layout)
    edition = EDITION[layout]
    rng = np.random.default_rng([149, 0])
    flipped = 0
    flipping = LearnedBot(flipping_weights(edition), lookahead=0)
    zero = LearnedBot({edition: [0.0] * len(FEATURES)}, lookahead=0)
    for _ in range(40):
        game = new_game(sheet, 1, LIMIT, solo=True)
        game.throw(rng)
        if isinstance(game, KidsGame):
            strong = StrongBot().choose_enclosure(game, 0, rng)
            rules = flipping.choose_enclosure(game, 0, rng)
        else:
            strong = StrongBot().choose_by_dice(game, 0, rng)
            rules = flipping.choose_by_dice(game, 0, rng)
        plain = decide_learned(game, 0, zero)
        assert plain.choice == strong  # no correction: the strong bot's choice
        other = decide_learned(game, 0, flipping)
        assert other.choice == rules
        flipped += other.choice != strong
    assert flipped > 0


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_a_decision_lists_its_candidates_and_takes_the_best_total(layout: str) -> None:
    """Every candidate is a choice the rules allow (passing: ``None``), listed once; the
    one taken has the highest total; a trace keeps the base plus that total."""
    sheet = load_layout(layout)
    rng = np.random.default_rng([151, 7])
    seen = 0
    for _ in range(12):
        game = new_game(sheet, 2, LIMIT)
        game.throw(rng)
        decision = decide_learned(game, 0)
        if not decision.candidates:
            assert decision.chosen == -1
            continue
        seen += 1
        legal = game.choices_for(0)
        listed = [c for c in decision.candidates if c is not None]
        assert len(set(listed)) == len(listed)
        for candidate in listed:
            assert candidate in legal or any(
                candidate.move == choice.move for choice in legal)  # (bombs placed)
        assert decision.candidates[decision.chosen] == decision.choice
        assert decision.totals[decision.chosen] == decision.totals.max()
        assert decision.features.shape == (len(decision.candidates), len(FEATURES))
        bot = LearnedBot(lookahead=0)
        bot.trace = {}
        bot.keep_candidates = True
        assert bot.choose(game, 0, rng) == decision.choice
        assert [c.choice for c in bot.last_candidates] == list(decision.candidates)
        assert bot.trace[0].values[0] == pytest.approx(
            decision.base + decision.totals[decision.chosen])
    assert seen > 0


def test_the_learned_bot_plays_an_edition_derived_from_the_classic_one() -> None:
    """A game type derived from the classic one (as a fourth edition registers it,
    tests/test_fourth_edition.py) is decided with the classic game's weights, as the
    strong bot decides it."""
    class Derived(Game):
        edition = "derived"

    sheet = load_layout("black")
    for seed in range(6):
        derived, plain = Derived(sheet, 2, LIMIT), Game(sheet, 2, LIMIT)
        derived.throw(np.random.default_rng(seed))
        plain.throw(np.random.default_rng(seed))
        expected = decide_learned(plain, 0).choice
        assert decide_learned(derived, 0).choice == expected
        assert LearnedBot(lookahead=0).choose(derived, 0, np.random.default_rng(0)) == expected


# -- whole games ---------------------------------------------------------------------------
def rules_game(sheet: Sheet, players: int, seed: list[int], options: Options = LIMIT,
               bot: LearnedBot | None = None) -> tuple[Game, list[list[int]]]:
    """The game LearnedBot plays in the rules' turns with the dice of
    ``default_rng(seed)``, and per seat and cell the roll the cell was crossed in."""
    game = new_game(sheet, players, options, solo=players == 1)
    crossed_at = [[0] * sheet.geometry.size for _ in range(players)]
    before = [0] * players

    def note(game: Game) -> None:
        for seat, player in enumerate(game.sheets):
            for cell in cells_of(player.crossed & ~before[seat]):
                crossed_at[seat][cell] = game.rolls_done
            before[seat] = player.crossed

    play_game(game, [bot or LearnedBot(lookahead=0) for _ in range(players)],
              np.random.default_rng(seed), note)
    return game, crossed_at


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("layout", ["black", EXAMPLE, "grey", MIRROR, "kids"])
def test_whole_games_are_the_learned_bots_games_roll_for_roll(layout: str,
                                                               players: int) -> None:
    sheet = load_layout(layout)
    seeds = [[107, players, g] for g in range(4)]
    games = play_learned(sheet, players, seeds, LIMIT, keep_crossed_at=True)
    for g, seed in enumerate(seeds):
        game, crossed_at = rules_game(sheet, players, seed)
        assert games.rolls[g] == game.rolls_done
        assert games.crossed_at[g].tolist() == crossed_at
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize(("layout", "options"), [
    ("black", Options(connect_through_crossed=True, max_rolls=200)),
    ("black", Options(number_joker_six=True, max_rolls=200)),
    ("grey", Options(connect_through_crossed=True, max_rolls=200)),
    ("grey", Options(number_joker_six=True, first_three_rolls_open=False, max_rolls=200)),
    ("grey", Options(end="roll", star_penalty=3, pass_penalty=1, max_rolls=200))],
    ids=["black-loose", "black-six", "grey-loose", "grey-six-closed",
         "grey-end-roll-penalties"])
def test_whole_games_of_the_house_rules_are_the_bots_games(layout: str,
                                                           options: Options) -> None:
    sheet = load_layout(layout)
    seeds = [[157, g] for g in range(3)]
    games = play_learned(sheet, 2, seeds, options)
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, options)
        assert list(games.totals[g]) == [score.total for score in game.scores()]


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_whole_games_with_other_weights_are_that_bots_games(layout: str) -> None:
    sheet = load_layout(layout)
    bot = LearnedBot(flipping_weights(EDITION[layout]), candidates=3, lookahead=0)
    seeds = [[163, g] for g in range(4)]
    games = play_learned(sheet, 2, seeds, LIMIT, bot=bot)
    shipped = play_learned(sheet, 2, seeds, LIMIT)
    assert not np.array_equal(games.totals, shipped.totals)  # the weights change the games
    for g, seed in enumerate(seeds):
        game, _ = rules_game(sheet, 2, seed, bot=bot)
        assert list(games.totals[g]) == [score.total for score in game.scores()]
        assert list(games.marks_used[g]) == [player.marks_used for player in game.sheets]


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
@pytest.mark.parametrize("players", [1, 2])
def test_a_traced_game_is_the_rules_bots_trace_to_the_bit(layout: str, players: int) -> None:
    """The compiled loop's trace of a game (per seat the features and value of every
    decision) is ``LearnedBot.trace`` of the same game in the rules' turns, float for
    float, in the same order of seats."""
    sheet = load_layout(layout)
    bot = LearnedBot(lookahead=0)
    for g in range(2):
        seed = [167, players, g]
        trace = new_trace(sheet, players, players == 1, LIMIT, bot.candidates)
        play_learned(sheet, players, [seed], LIMIT, bot=bot, trace=trace)
        got = traces_of(trace, bot.corrections[EDITION[layout]])
        rules = LearnedBot(lookahead=0)
        rules.trace = {}
        game = new_game(sheet, players, LIMIT, solo=players == 1)
        play_game(game, [rules] * players, np.random.default_rng(seed))
        assert list(got) == list(rules.trace)
        for seat, expected in rules.trace.items():
            assert got[seat].values == expected.values
            assert got[seat].features == expected.features


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_training_in_the_compiled_loop_gives_the_rules_turns_weights(layout: str) -> None:
    """A short self-play training run gives the same weights, to the bit, whether its games
    are played in the compiled loop or in the rules' turns; so does a training curve's
    solo mean."""
    sheet = load_layout(layout)
    for plan in (Plan(games=3, seed=173), Plan(games=2, seed=179, players=2, candidates=3)):
        engine = train(sheet, plan)
        rules = train(sheet, plan, engine=False)
        assert np.any(engine != 0.0)
        assert np.array_equal(engine, rules)
    bot = LearnedBot(lookahead=0)
    assert solo_mean(sheet, bot, 6) == solo_mean(sheet, bot, 6, engine=False)


def test_kok_simulate_plays_the_learned_bot_with_its_look_through_the_rules() -> None:
    for layout in ("black", "grey", "kids"):
        sheet = load_layout(layout)
        assert in_engine(sheet, ["learned"] * 2) is None  # the look at the next roll
        assert in_engine(sheet, ["learned", "strong"]) is None
        for players in (1, 2):
            got = simulate(sheet, 2, players, 11, ("learned",))
            expected = [play_one(sheet, players, ("learned",),
                                 np.random.SeedSequence(11, spawn_key=(i,)), i)
                        for i in range(2)]
            assert got == expected


def test_play_learned_refuses_what_it_does_not_play() -> None:
    black = load_layout("black")
    with pytest.raises(KokTypeError):
        play_learned(black, 1, 11)  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_learned(black, 1, [[0, 0]], bot=StrongBot())  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        play_learned("black", 1, [[0, 0]])  # type: ignore[arg-type]
    with pytest.raises(KokTypeError):
        decide_learned("black", 0)  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        play_learned_batch(black, 0, 1, 0)
    assert play_learned_batch(black, 2, 1, 0).shape == (2, 1)
