"""House rules as rules options (docs/rules.md section 4): minus points per pass, points
per uncrossed star, ending at once or after the round; each off by default, kept in the
record, shown on the table's host page."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import KokError
from kok_layouts.rules import (
    Choice,
    Game,
    GreedyBot,
    Move,
    Options,
    PlayerSheet,
    RandomBot,
    load_and_replay,
    new_game,
    play_game,
    save_record,
)
from kok_layouts.table.session import HOST, TableSession

BLACK = load_layout("black")


def test_every_house_rule_is_off_by_default_and_the_score_has_no_passes_line() -> None:
    options = Options()
    assert options.pass_penalty == 0 and options.star_penalty is None
    assert options.end == "round"
    assert "passes" not in PlayerSheet(BLACK).score().as_dict()


def test_star_penalty_sets_what_each_uncrossed_star_costs() -> None:
    stars = len(BLACK.stars)
    assert PlayerSheet(BLACK).score().stars == -2 * stars
    assert PlayerSheet(BLACK, Options(star_penalty=3)).score().stars == -3 * stars
    assert PlayerSheet(BLACK, Options(star_penalty=0)).score().stars == 0


def test_pass_penalty_costs_the_active_player_only_and_undo_gives_it_back() -> None:
    game = new_game(BLACK, ["Ann", "Bob"], Options(pass_penalty=1))
    game.throw(np.random.default_rng(1))
    game.choose(0, None)
    game.choose(1, None)
    scores = game.scores()
    assert scores[0].as_dict()["passes"] == -1 and scores[1].as_dict()["passes"] == 0
    assert scores[0].total == scores[1].total - 1
    game.undo()
    game.undo()
    assert game.scores()[0].as_dict()["passes"] == 0


def test_the_kok2_score_counts_the_pass_penalty_too() -> None:
    game = new_game(load_layout("grey"), ["Ann", "Bob"], Options(pass_penalty=2))
    game.throw(np.random.default_rng(1))
    before = game.scores()[0].total
    game.choose(0, None)
    assert game.scores()[0].total == before - 2


def test_end_roll_ends_the_game_right_after_the_roll_that_completes_two_colours() -> None:
    for seed in range(20):
        game = play_game(new_game(BLACK, ["A", "B", "C"], Options(end="roll")),
                         [GreedyBot()] * 3, np.random.default_rng(seed))
        assert any(len(s.completed_colours()) >= 2 for s in game.sheets)
        if game.log[-1].active != 2:
            return
    pytest.fail("every game ended in the last seat's roll")


def test_a_record_played_with_house_rules_replays_to_the_same_scores(tmp_path: Path) -> None:
    options = Options(pass_penalty=1, star_penalty=3, end="roll")
    game = play_game(new_game(BLACK, ["A", "B"], options), [GreedyBot()] * 2,
                     np.random.default_rng(5))
    save_record(game, tmp_path / "g.json", "black", 5)
    again = load_and_replay(tmp_path / "g.json")
    assert again.options == options
    assert [s.as_dict() for s in again.scores()] == [s.as_dict() for s in game.scores()]


def test_the_host_page_is_told_the_house_rules_in_play() -> None:
    table = TableSession(BLACK, "black", ["A", "B"], {1: "greedy"},
                         options=Options.parse(["pass_penalty=1", "star_penalty=3"]))
    assert table.view(HOST)["options"]["pass_penalty"] == 1
    assert table.view(HOST)["options"]["star_penalty"] == 3


@pytest.mark.parametrize("setting", ["pass_penalty=-1", "pass_penalty=21", "star_penalty=x",
                                     "pass_penalty=", "star_penalty=1e3", "pass_penalty=²"])
def test_a_house_rule_out_of_range_is_refused_in_one_line(setting: str) -> None:
    with pytest.raises(KokError) as caught:
        Options.parse([setting])
    assert "\n" not in str(caught.value)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["pass_penalty", "star_penalty"]), st.text(max_size=12))
def test_any_text_for_a_house_rule_is_a_value_in_range_or_refused(name: str, raw: str) -> None:
    try:
        options = Options.parse([f"{name}={raw}"])
    except KokError as err:
        assert "\n" not in str(err)
    else:
        assert 0 <= getattr(options, name) <= 20


@pytest.mark.parametrize("value", [True, 1.5, "1", -3, 2**80])
def test_options_in_python_take_whole_numbers_only(value: object) -> None:
    with pytest.raises(KokError):
        Options(pass_penalty=value)  # type: ignore[arg-type]


def six_moves_in_a_game(options: Options, seed: int = 0) -> tuple[list[Choice], Game]:
    """Every listed choice of six cells, roll by roll, of a seeded bot game."""
    game = new_game(BLACK, ["A", "B"], options)
    rng = np.random.default_rng(seed)
    bot = RandomBot()
    found: list[Choice] = []
    while not game.over:
        game.throw(rng)
        while game.waiting_for():
            seat = game.waiting_for()[0]
            found += [c for c in game.choices_for(seat) if c.move.cells.bit_count() == 6]
            game.choose(seat, bot.choose(game, seat, rng))
        game.finish_roll()
    return found, game


def test_without_the_house_rule_no_move_crosses_six_cells() -> None:
    found, _ = six_moves_in_a_game(Options())
    assert found == []
    with pytest.raises(KokError):
        PlayerSheet(BLACK).legal_masks("g", 6)


def test_number_joker_six_lets_the_question_mark_cross_six_connected_cells() -> None:
    found, game = six_moves_in_a_game(Options(number_joker_six=True))
    assert found
    board = game.sheets[0].board
    for choice in found:
        move = choice.move
        assert isinstance(move, Move)
        assert move.number == 6 and move.number_joker and move.jokers >= 1
        assert len({board.area_of[c] for c in range(board.full.bit_length())
                    if move.cells >> c & 1}) == 1


def test_six_cells_named_at_the_prompt_need_the_question_mark() -> None:
    found, _ = six_moves_in_a_game(Options(number_joker_six=True), seed=1)
    assert found
    # Replay the same game up to the first six and name its cells.
    game = new_game(BLACK, ["A", "B"], Options(number_joker_six=True))
    rng = np.random.default_rng(1)
    bot = RandomBot()
    while True:
        game.throw(rng)
        while game.waiting_for():
            seat = game.waiting_for()[0]
            sixes = [c for c in game.choices_for(seat) if c.move.cells.bit_count() == 6]
            if sixes:
                names = game.sheets[seat].board.name_cells(sixes[0].move.cells)
                assert game.choice_for_cells(seat, names).move.cells == sixes[0].move.cells
                return
            game.choose(seat, bot.choose(game, seat, rng))
        game.finish_roll()


def test_the_house_rules_change_nothing_in_kids() -> None:
    kids = load_layout("kids")
    options = Options(pass_penalty=3, star_penalty=5, number_joker_six=True)
    plain = play_game(new_game(kids, ["A", "B"]), [GreedyBot()] * 2, np.random.default_rng(3))
    house = play_game(new_game(kids, ["A", "B"], options), [GreedyBot()] * 2,
                      np.random.default_rng(3))
    assert [s.as_dict() for s in house.scores()] == [s.as_dict() for s in plain.scores()]
