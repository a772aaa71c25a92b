"""The one turn driver: a roll is a throw, the active player's choice, the passive players'
choices, the follow-up steps of a choice (Keer op Keer 2's bombs), then the end of the roll."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest

from kok_layouts.cli.play import ClassicTable, Terminal, typed_hint
from kok_layouts.errors import IllegalMoveError, KokTypeError
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet
from kok_layouts.rules.strong import StrongBot
from kok_layouts.rules.turns import BombStep, Step, Turns

GREY = load_layout("grey")


def bomb_positions(games: int) -> Iterator[tuple[Kok2Game, int, Choice]]:
    """Positions of seeded two-player Keer op Keer 2 games in which a seat may take a
    choice whose row item gives a bomb: (the game, the seat, the choice without bombs)."""
    bot = GreedyBot()
    for seed in range(games):
        game = new_game(GREY, ["Ann", "Bob"])
        assert isinstance(game, Kok2Game)
        turns, rng = Turns(game, np.random.default_rng(seed)), np.random.default_rng(seed)
        while not game.over:
            turns.throw()
            while waiting := game.waiting_for():
                for seat in waiting:
                    for choice in game.choices_for(seat):
                        if game.bomb_squares(seat, choice):
                            yield game, seat, choice
                            break
                    turns.let_choose(seat, bot, rng)
            turns.finish_roll()


def test_a_roll_goes_throw_choose_finish_and_the_game_ends_over() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    turns, bot = Turns(game, np.random.default_rng(1)), GreedyBot()
    steps = [turns.step]
    turns.throw()
    steps.append(turns.step)
    assert turns.waiting() == [0]
    turns.let_choose(0, bot)
    assert turns.waiting() == [1]
    turns.let_choose(1, bot)
    steps.append(turns.step)
    turns.finish_roll()
    steps.append(turns.step)
    turns.play([bot, bot])
    steps.append(turns.step)
    assert steps == [Step.THROW, Step.CHOOSE, Step.FINISH, Step.THROW, Step.OVER]
    assert game.over


def test_bot_games_through_the_driver_are_the_games_of_the_plain_calls() -> None:
    """The driver adds no draw and no check that changes a game: the seeded game played by
    hand-written calls on the game and through play_game's driver are one game."""
    for layout, players in (("black", 2), ("grey", 3), ("kids", 2), ("grey", 1)):
        sheet = load_layout(layout)
        bots = [StrongBot() for _ in range(players)]
        by_hand = new_game(sheet, [f"p{i}" for i in range(players)], solo=players == 1)
        rng = np.random.default_rng(5)
        while not by_hand.over:
            by_hand.throw(rng)
            while waiting := by_hand.waiting_for():
                for seat in waiting:
                    by_hand.choose(seat, bots[seat].choose(by_hand, seat, rng))
            by_hand.finish_roll()
        driven = play_game(new_game(sheet, [f"p{i}" for i in range(players)],
                                    solo=players == 1), bots, np.random.default_rng(5))
        assert driven.log == by_hand.log


def test_a_choice_that_earns_a_bomb_waits_for_its_square_named_by_the_top_left_cell() -> None:
    found = 0
    for game, seat, choice in bomb_positions(12):
        turns = Turns(game)
        step = turns.choose(seat, choice)
        assert isinstance(step, BombStep) and turns.step is Step.BOMB
        assert seat not in game.chosen, "nothing is crossed before the bomb falls"
        player = game.sheets[seat].copy()
        player.crossed = step.crossed
        assert isinstance(player, Kok2PlayerSheet)
        # Every square the rules offer is listed under the top-left cell a person names.
        assert set(step.squares.values()) == set(player.bomb_masks())
        for name, part in step.squares.items():
            assert player.bomb_at(name) == part
        name = next(iter(step.squares))
        assert turns.bomb(seat, name) is None
        made = game.choice_in_roll(seat)
        assert made == replace(choice, bombs=(step.squares[name],))
        game.undo()
        found += 1
        if found >= 8:
            break
    assert found >= 8, "the seeded games must reach bombs"


def test_a_bomb_named_off_the_squares_is_refused_and_changes_nothing() -> None:
    game, seat, choice = next(bomb_positions(12))
    turns = Turns(game)
    step = turns.choose(seat, choice)
    assert step is not None
    last = game.sheet.cell_name(game.sheet.width * game.sheet.height - 1)
    for wrong in (last, "Z9", "", "A0"):
        with pytest.raises(IllegalMoveError):
            turns.bomb(seat, wrong)
    with pytest.raises(KokTypeError):
        turns.bomb(seat, 1.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="bomb"):
        turns.finish_roll()
    assert turns.bomb_step(seat) == step and seat not in game.chosen
    turns.drop_bomb(seat)
    assert turns.step is Step.CHOOSE and turns.bomb_step(seat) is None


def test_the_terminal_asks_for_the_bomb_square_and_takes_the_top_left_cell() -> None:
    game, seat, choice = next(bomb_positions(12))
    out: list[str] = []
    step = Turns(game).choose(seat, choice)
    assert step is not None
    lines = iter(["Z1", "A7", *step.squares])
    table = ClassicTable(game, {}, np.random.default_rng(0), False,
                         Terminal(lambda prompt: next(lines), out.append))
    table.command(seat, typed_hint(game, seat, choice))
    made = game.choice_in_roll(seat)
    assert seat in game.chosen and made is not None and made.bombs
    assert "A row's item gives you a bomb at once." in out
    assert any(line.startswith("not allowed:") for line in out)


def test_a_bot_that_leaves_its_bomb_unplaced_is_refused() -> None:
    game, seat, choice = next(bomb_positions(12))

    class Forgetful:
        def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
            return choice

    with pytest.raises(IllegalMoveError, match="unplaced"):
        Turns(game).let_choose(seat, Forgetful(), np.random.default_rng(0))
    assert seat not in game.chosen and Turns(game).step is Step.CHOOSE


def test_the_turns_of_a_game_need_a_game_and_virtual_dice_a_generator() -> None:
    with pytest.raises(KokTypeError):
        Turns("black")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="generator"):
        Turns(new_game(load_layout("black"), 2)).throw()
