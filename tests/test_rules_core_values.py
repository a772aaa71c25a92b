"""Values that explain themselves (issue 19, point 5): a move's, a choice's and a bot's
``repr`` evaluates back to an equal value with the names of ``kok_layouts.rules``, names
cells instead of printing bitmasks; ``winners()`` are names; ``str`` of a Keer op Keer 2
sheet draws its rows P..V."""

from __future__ import annotations

import re
import typing
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kok_layouts.rules as rules
from kok_layouts import load_layout
from kok_layouts.errors import BadArgumentError
from kok_layouts.rules import (
    BOTS,
    Choice,
    ExpertBot,
    FriendlyBot,
    GreedyBot,
    KidsMove,
    Kok2PlayerSheet,
    Move,
    RandomBot,
    Special,
    StrongBot,
    new_game,
)
from kok_layouts.rules.strong_weights import TUNED

NAMES = vars(rules)
PADS = ["black", "examples/travel.yaml", "examples/donut.yaml", "grey", "kids"]
RAW_MASK = re.compile(r"(cells|chameleon|bombs)=\(?[0-9]")


def evaluated(value: object) -> Any:
    return eval(repr(value), dict(NAMES))  # evaluating the repr is the point of the test


def _position(pad: str, seed: int, rolls: int, players: int) -> rules.Game:
    """A game on ``pad`` after ``rolls`` rolls of random play, at a fresh roll."""
    sheet = load_layout(pad)
    if sheet.edition == "kids":
        players = max(players, 2)
    names = [f"p{i}" for i in range(players)]
    game = new_game(sheet, names, solo=players == 1)
    rng = np.random.default_rng(seed)
    bots = [RandomBot() for _ in names]
    for _ in range(rolls):
        if game.over:
            break
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                game.choose(seat, bots[seat].choose(game, seat, rng))
        game.finish_roll()
    if not game.over:
        game.throw(rng)
    return game


@settings(max_examples=60, deadline=None)
@given(pad=st.sampled_from(PADS), seed=st.integers(0, 2**32 - 1), rolls=st.integers(0, 25),
       players=st.integers(1, 3), pick=st.integers(0, 10**6))
def test_the_repr_of_every_legal_move_and_choice_evaluates_back_to_it(
        pad: str, seed: int, rolls: int, players: int, pick: int) -> None:
    game = _position(pad, seed, rolls, players)
    if game.over:
        return
    seat = game.waiting_for()[0]
    choices = game.choices_for(seat)
    for choice in choices[:: max(1, len(choices) // 40)] + choices[-1:]:
        assert evaluated(choice.move) == choice.move
        assert evaluated(choice) == choice
        assert not RAW_MASK.search(repr(choice)), repr(choice)
    if choices:
        rng = np.random.default_rng(pick)
        chosen = game.fill_bombs(seat, choices[pick % len(choices)],
                                 lambda sheet, options: options[int(rng.integers(len(options)))])
        assert evaluated(chosen) == chosen and chosen.bombs == evaluated(chosen).bombs
        assert not RAW_MASK.search(repr(chosen)), repr(chosen)


def test_a_choice_with_bombs_names_their_squares() -> None:
    grey = load_layout("grey")
    move = Move.of("y", ["H6", "H7"], width=grey.width)
    choice = Choice.of(0, 1, move, bombs=[["C3", "C4", "D3", "D4"]])
    assert repr(choice) == ("Choice.of(colour_die=0, number_die=1, move=Move.of('y', "
                            "['H6', 'H7'], width=15), bombs=[['C3', 'C4', 'D3', 'D4']])")
    assert evaluated(choice) == choice
    assert choice.describe(grey) == "yellow 2: H6 H7 + bomb C3 C4 D3 D4"


def test_moves_are_made_from_cell_names() -> None:
    me = rules.PlayerSheet(load_layout("black"))
    assert Move.of("y", "H6 H7", width=15) == me.move("yellow", ["H6", "H7"])
    assert Move.of("y", ["H6"], width=15, number=2).number == 2
    assert Special.of("bomb", "A1 A2 B1 B2", width=15).cells == \
        Kok2PlayerSheet(load_layout("grey")).bomb_at("A1")
    assert KidsMove.of("+", chameleon=["G4"], width=13).chameleon == \
        rules.KidsPlayerSheet(load_layout("kids")).board.parse_cells("G4")
    with pytest.raises(BadArgumentError, match="named twice"):
        Move.of("y", "H6 H6", width=15)
    with pytest.raises(BadArgumentError):
        Move.of("y", "Z9", width=15)


@pytest.mark.parametrize("value", [
    Move.of("y", ["H6", "H7"], width=15),
    Move.of("b", ["A1"], width=15, number=3, colour_joker=True, number_joker=True),
    Special("heart"), Special.of("row", ["A1", "E1", "H1"], width=15),
    KidsMove("+"), KidsMove.of("c", ["G4"], width=13),
    KidsMove.of("+", chameleon=["E1", "F1", "G1", "H1"], width=13),
    Choice(-1, -1, Special("heart")),
    Choice.of(-1, -1, Special.of("row", ["A1"], width=15), bombs=[["B2", "B3"]]),
    rules.Roll(("g", "X", "y"), (1, 0, 5)), rules.Roll(("g", "y"), (2, 3), "bomb"),
    rules.Options(end="roll", max_rolls=60),
])
def test_reprs_evaluate_with_the_rules_names(value: object) -> None:
    assert evaluated(value) == value


def test_a_move_made_from_a_bare_mask_still_evaluates() -> None:
    """Without the sheet's width its cells cannot be named: the fields as given."""
    bare = Move("y", 2, 3)
    assert evaluated(bare) == bare
    assert evaluated(Special("bomb", 3)) == Special("bomb", 3)
    assert evaluated(KidsMove("c", 8)) == KidsMove("c", 8)


@pytest.mark.parametrize("bot", [
    RandomBot(), GreedyBot(), GreedyBot(progress=2.0, reach=0.0), FriendlyBot(),
    FriendlyBot(skill=0.5), StrongBot(), ExpertBot(), ExpertBot(candidates=2, lookahead=0.25),
    ExpertBot(margin=3.0, pass_below=5.0),
    StrongBot({"kids": replace(TUNED["kids"], purple=0.0)}),
    StrongBot(TUNED["classic"]),
])
def test_every_bot_has_a_repr_that_evaluates_to_the_same_bot(bot: object) -> None:
    again = evaluated(bot)
    assert type(again) is type(bot) and repr(again) == repr(bot)
    assert vars(again).keys() == vars(bot).keys()
    for key in ("weights", "skill", "progress", "reach", "candidates", "lookahead", "margin",
                "pass_below"):
        assert getattr(again, key, None) == getattr(bot, key, None)


def test_default_bots_say_so() -> None:
    assert [repr(BOTS[name]()) for name in BOTS] == [
        "RandomBot()", "GreedyBot()", "FriendlyBot(skill=0.1)", "StrongBot()", "ExpertBot()",
        "LearnedBot()", "Level1Bot()", "Level2Bot()", "Level3Bot()", "Level4Bot()",
        "Level5Bot()"]


def test_a_choices_move_is_typed_as_the_move_types() -> None:
    hint = typing.get_type_hints(Choice, vars(rules))["move"]
    assert set(typing.get_args(hint)) == {Move, Special, KidsMove}


@pytest.mark.parametrize("pad", ["black", "grey", "kids"])
def test_winners_are_names_and_winner_seats_their_seats(pad: str) -> None:
    game = new_game(load_layout(pad), ["Ann", "Bob", "Cas"])
    rules.play_game(game, [GreedyBot(), RandomBot(), StrongBot()], np.random.default_rng(5))
    seats = game.winner_seats()
    assert game.winners() == [game.players[s] for s in seats]
    assert all(isinstance(name, str) for name in game.winners())


def test_str_of_a_kok2_sheet_draws_the_rows_p_to_v() -> None:
    me = Kok2PlayerSheet(load_layout("grey"))
    rows = str(me).splitlines()[1:8]
    assert [line.split()[-3] for line in rows] == list("PQRSTUV")    # label, points, item
    assert rows[0].endswith("P  5 box") and rows[2].endswith("R  5 heart")
    me.crossed |= me.board.row_masks[4]
    assert str(me).splitlines()[5].endswith("T  5 box #")            # completed: marked
    classic = str(rules.PlayerSheet(load_layout("black"))).splitlines()[1:8]
    assert all(len(line.split()) == 1 + 15 for line in classic)      # no rows that score
