"""The player sheets are views over the engine: what is set by hand, copied, pickled or taken
back is what the engine answers for."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.kids import KidsPlayerSheet
from kok_layouts.rules.kok2 import Kok2PlayerSheet
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.record import new_game

AnySheet = PlayerSheet | KidsPlayerSheet


def played(layout: str) -> list[AnySheet]:
    game = play_game(new_game(load_layout(layout), ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                     np.random.default_rng(4))
    return list(game.sheets)


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_a_pickled_sheet_is_the_same_sheet_and_plays_on(layout: str) -> None:
    for player in played(layout):
        again = pickle.loads(pickle.dumps(player))
        assert again.state_key() == player.state_key()
        assert again.score() == player.score()
        assert again.history == player.history
        again.pop()
        player.pop()
        assert again.state_key() == player.state_key()


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_a_copy_moves_on_alone(layout: str) -> None:
    for player in played(layout):
        before = (player.state_key(), player.score())
        copy = player.copy()
        copy.pop()
        copy.crossed = 0
        assert copy.score() != before[1]
        assert (player.state_key(), player.score()) == before


def test_crosses_and_marks_set_by_hand_are_what_the_rules_then_see() -> None:
    player = PlayerSheet(load_layout("black"))
    first = player.legal_moves("y", 1)[0]
    player.crossed = first.cells
    player.marks_used = 3
    assert player.score().jokers == player.sheet.exclamation_marks - 3
    assert first not in player.legal_moves("y", 1)
    assert all(move.cells & player.anchor() for move in player.legal_moves())
    player.push(player.legal_moves("X", 2)[0])
    assert player.marks_used == 4
    player.pop()
    assert (player.crossed, player.marks_used) == (first.cells, 3)


def test_keer_op_keer_2_extras_set_by_hand_are_the_engines() -> None:
    player = Kok2PlayerSheet(load_layout("grey"))
    player.boxes_gained, player.hearts = 3, 2
    player.column_hearts = {7: 2}
    player.row_items = {0}
    assert (player.boxes_left, player.hearts, player.column_hearts, player.row_items) \
        == (3, 2, {7: 2}, frozenset({0}))
    assert player.score().hearts == 2
    assert player.score().boxes == 3 * player.sheet.box_points
    assert player.legal_specials("heart")


def test_a_kids_sheets_later_columns_set_by_hand_lose_their_visitors() -> None:
    kids = load_layout("kids")
    player = KidsPlayerSheet(kids)
    player.crossed = sum(1 << c for c in kids.column_cells(0))
    assert player.score().visitors == 1
    player.later_columns = frozenset({0})
    assert player.score().visitors == 0


def test_taking_a_move_back_keeps_the_passes_counted_since() -> None:
    player = PlayerSheet(load_layout("black"))
    player.push(player.legal_moves("y", 1)[0])
    player.passes += 1
    player.pop()
    assert (player.crossed, player.passes) == (0, 1)
