"""The table's bomb step is the rules' own: a move whose row item gives a bomb lists every
2x2 square the rules allow, each under its top-left cell, and takes any of them."""

from __future__ import annotations

import numpy as np
import pytest

from kok_layouts.errors import IllegalMoveError
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.bots import GreedyBot
from kok_layouts.rules.kok2 import Kok2PlayerSheet
from kok_layouts.table.choices import distinct_choices
from kok_layouts.table.session import TableSession, choice_id

GREY = load_layout("grey")


def test_every_bomb_of_seeded_games_offers_the_rules_squares_by_their_top_left_cells() -> None:
    bot, rng, bombs = GreedyBot(), np.random.default_rng(0), 0
    for seed in range(10):
        session = TableSession(GREY, "grey", ["Ann", "Bob"], seed=seed)
        session.begin()
        game = session.game
        while not game.over and game.rolls_done < 60:
            for seat in game.waiting_for():
                for choice in distinct_choices(game, seat):
                    squares = game.bomb_squares(seat, choice)
                    if not squares:
                        continue
                    with pytest.raises(IllegalMoveError, match="top-left cell"):
                        session.choose(seat, choice_id(choice))
                    assert session.bomb_options[seat] == list(squares)
                    assert seat not in game.chosen
                    for name in squares:  # every listed square is taken
                        player = game.sheets[seat].copy()
                        player.crossed |= choice.move.cells
                        assert isinstance(player, Kok2PlayerSheet)
                        assert player.bomb_at(name) == squares[name]
                    name = list(squares)[-1]
                    session.choose(seat, choice_id(choice), bombs=[name], end=True)
                    made = (game.choice_in_roll(seat) if seat in game.chosen
                            else game.log[-1].choices[seat])
                    assert made is not None and made.bombs == (squares[name],)
                    assert seat not in session.bomb_options
                    bombs += 1
                    break
                else:
                    picked = bot.choose(game, seat, rng)
                    if picked is None:
                        session.pass_turn(seat, end=True)
                    else:
                        session.choose(seat, choice_id(picked), bombs=[
                            GREY.cell_name((b & -b).bit_length() - 1) for b in picked.bombs],
                            end=True)
                if game.over or game.roll is None:
                    break
    assert bombs >= 5, "the seeded games must reach bombs"
