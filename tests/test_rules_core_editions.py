"""Editions as values in the rules (issue 19, point 1): ``new_game`` asks the edition, the bots
ask the edition how to weigh a move, and what only some editions have is answered with its
neutral value (a classic or Kids player has no hearts, boxes or rows), so code for every
edition needs no switch on types."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import kok_layouts.rules as rules
from kok_layouts import load_layout
from kok_layouts.editions import EDITIONS
from kok_layouts.rules import (
    GreedyBot,
    KidsPlayerSheet,
    Kok2PlayerSheet,
    PlayerSheet,
    RandomBot,
    StrongBot,
    WeighingBot,
    new_game,
)
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_new_game_is_the_editions(edition: str) -> None:
    sheet = load_layout(PADS[edition])
    game = new_game(sheet, ["a", "b"])
    assert type(game) is EDITIONS[edition].game_type
    assert type(EDITIONS[edition].new_game(sheet, ["a", "b"])) is type(game)
    assert rules.record.new_game is rules.new_game           # its old home still answers


@pytest.mark.parametrize("player", [PlayerSheet(load_layout("black")),
                                    KidsPlayerSheet(load_layout("kids"))])
def test_a_player_without_the_sequels_parts_answers_their_neutral_value(player: Any) -> None:
    assert player.hearts == 0 and not player.heart_room
    assert player.boxes_left == player.box_room == player.box_points == 0
    assert player.box_columns == () and player.row_rules == ()
    assert player.completed_rows() == [] and player.row_items == frozenset()
    assert player.bombs_owed(object()) == 0
    assert player.board.box_mask == 0


def test_a_kok2_player_answers_with_its_sheet() -> None:
    player = Kok2PlayerSheet(load_layout("grey"))
    sheet = player.sheet
    assert player.boxes_left == sheet.boxes_at_start and player.heart_room
    assert player.box_room == sheet.box_count - sheet.boxes_at_start
    assert player.box_columns == sheet.box_columns and player.row_rules == sheet.rows
    assert player.board.box_mask.bit_count() == len(sheet.box_cells)


def test_what_a_column_or_colour_is_worth_is_the_players_to_say() -> None:
    black = PlayerSheet(load_layout("black"))
    points = black.sheet.column_points[0]
    assert (black.column_value(0), black.column_value(0, later=True)) == \
        (points.first, points.later)
    assert black.colour_value("g") == black.sheet.colour_bonus.first
    assert black.star_penalty == black.sheet.star_penalty
    kids = KidsPlayerSheet(load_layout("kids"))
    assert kids.column_value(0) == kids.sheet.buckets[0] + 1       # the visitor too
    assert kids.column_value(0, later=True) == kids.sheet.buckets[0]
    assert kids.colour_value("c") == kids.sheet.food_boxes and kids.star_penalty == 0


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_game_says_what_was_taken_before_the_roll(edition: str) -> None:
    game = new_game(load_layout(PADS[edition]), ["a", "b"])
    assert not game.taken_columns and not game.taken_colours and not game.taken_rows
    game.throw(np.random.default_rng(1))
    assert game.special_for(0) is EDITIONS[edition].special_die


class Recorder(WeighingBot):
    """Records how the edition asked it to choose, then passes (or takes the first)."""

    name = "recorder"

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        self.asked.append("dice")
        return None

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        self.asked.append("enclosure")
        choices = game.choices_for(seat)
        return choices[0] if choices else None


@pytest.mark.parametrize(("edition", "way"), [("classic", "dice"), ("kok2", "dice"),
                                              ("kids", "enclosure")])
def test_the_edition_says_how_a_bot_weighs_a_move(edition: str, way: str) -> None:
    game = new_game(load_layout(PADS[edition]), ["a", "b"])
    bot = Recorder()
    game.throw(np.random.default_rng(2))
    bot.choose(game, 0, np.random.default_rng(0))
    game.bot_choice(bot, 0, np.random.default_rng(0))
    assert bot.asked == [way, way]


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_weighing_bot_plays_every_edition(edition: str) -> None:
    for bot in (GreedyBot(), StrongBot(), rules.ExpertBot()):
        assert isinstance(bot, WeighingBot)
        game = new_game(load_layout(PADS[edition]), ["a", "b"], rules.Options(max_rolls=6))
        rules.play_game(game, [bot, RandomBot()], np.random.default_rng(4))
        assert game.over


def test_the_colour_dice_have_the_editions_extra_face() -> None:
    assert EDITIONS["classic"].extra_colour_face == rules.JOKER_COLOUR
    assert EDITIONS["kok2"].extra_colour_face == rules.JOKER_COLOUR
    assert EDITIONS["kids"].extra_colour_face == rules.PURPLE
    assert rules.parse_colour_face(load_layout("kids"), "purple") == rules.PURPLE
    assert rules.parse_colour_face(load_layout("black"), "joker") == rules.JOKER_COLOUR
    with pytest.raises(rules.BadArgumentError):
        rules.parse_colour_face(load_layout("kids"), "joker")
