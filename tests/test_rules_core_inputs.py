"""One set of input rules and one kind of error in the rules (issue 19, points 3 and 4): the
players per edition, the players' names, seeds and record limits come from
``kok_layouts.limits``; what ``Game`` accepts ``save_record`` writes and ``load_and_replay``
reads back; every refusal is one of the project's errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kok_layouts import limits
from kok_layouts.cli import play
from kok_layouts.editions import EDITIONS
from kok_layouts.errors import BadArgumentError, KokTypeError, RecordError
from kok_layouts.model.loader import load_layout
from kok_layouts.rules import (
    FriendlyBot,
    Game,
    GreedyBot,
    Options,
    Roll,
    load_and_replay,
    make_bot,
    new_game,
    parse_number_face,
    play_game,
    save_record,
)
from kok_layouts.rules.dice import check_roll

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_game_has_the_players_its_edition_allows(edition: str) -> None:
    sheet = load_layout(PADS[edition])
    seats = EDITIONS[edition].players
    assert len(new_game(sheet, seats.high).players) == seats.high
    assert len(new_game(sheet, seats.low).players) == seats.low
    for count in (seats.low - 1, seats.high + 1):
        if count >= 1:
            with pytest.raises(BadArgumentError, match=f"{seats.low} to {seats.high} players"):
                new_game(sheet, count)
    assert len(new_game(sheet, ["me"], solo=True).players) == 1


def test_the_most_players_is_the_limit() -> None:
    assert limits.PLAYERS.high == 6
    with pytest.raises(BadArgumentError, match="1 to 6 players"):
        Game(load_layout("black"), limits.PLAYERS.high + 1)


@pytest.mark.parametrize("name", ["A" * (limits.PLAYER_NAME_LENGTH + 1), "a\nb", "tab\there",
                                  "bell\x07", "\x85next", "lone \udcff", " "])
def test_a_name_too_long_or_with_a_control_character_is_refused(name: str) -> None:
    with pytest.raises(BadArgumentError):
        Game(load_layout("black"), [name, "Bob"])


def test_the_terminal_takes_the_same_names() -> None:
    assert play.MAX_NAME == limits.PLAYER_NAME_LENGTH


def test_a_name_the_game_takes_is_written_and_read_back(tmp_path: Path) -> None:
    longest = "Ø" * limits.PLAYER_NAME_LENGTH
    game = new_game(load_layout("black"), [longest, "Zoë van 't Hof"])
    play_game(game, [GreedyBot(), GreedyBot()], np.random.default_rng(3))
    path = tmp_path / "game.json"
    save_record(game, path, "black", limits.SEED.high)
    again = load_and_replay(path)
    assert again.players == game.players and again.winners() == game.winners()


@pytest.mark.parametrize("seed", [-1, limits.SEED.high + 1])
def test_a_record_keeps_only_a_seed_it_can_read_back(tmp_path: Path, seed: int) -> None:
    game = new_game(load_layout("black"), ["Ann"], solo=True)
    with pytest.raises(BadArgumentError):
        save_record(game, tmp_path / "game.json", "black", seed)
    assert not (tmp_path / "game.json").exists()


def test_a_record_is_refused_before_it_grows_past_the_limits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(load_layout("black"), ["Ann"], solo=True)
    play_game(game, [GreedyBot()], np.random.default_rng(1))
    monkeypatch.setattr(limits, "RECORD_ROLLS", game.rolls_done - 1)
    with pytest.raises(RecordError, match="rolls"):
        save_record(game, tmp_path / "a.json", "black")
    monkeypatch.setattr(limits, "RECORD_ROLLS", 10_000)
    monkeypatch.setattr(limits, "RECORD_BYTES", 1_000)
    with pytest.raises(RecordError, match="bytes"):
        save_record(game, tmp_path / "b.json", "black")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("text", "face"), [("3", 3), (" 5 ", 5), ("03", 3), ("?", 0),
                                            ("joker", 0), ("0", 0)])
def test_a_number_face_is_ascii_digits(text: str, face: int) -> None:
    assert parse_number_face(text) == face


@pytest.mark.parametrize("text", ["٣", "²", "-0", "+3", "6", "1e1", "0x3", ""])
def test_other_number_faces_are_refused(text: str) -> None:
    with pytest.raises(BadArgumentError, match="number die face"):
        parse_number_face(text)


def test_max_rolls_has_the_limits_bounds() -> None:
    high = limits.MAX_ROLLS.high
    assert Options.parse([f"max_rolls={high}"]).max_rolls == high
    for text in (f"max_rolls={high + 1}", "max_rolls=0", "max_rolls=٣", "max_rolls=1e3"):
        with pytest.raises(BadArgumentError, match="option max_rolls"):
            Options.parse([text])
    with pytest.raises(BadArgumentError):
        Options(max_rolls=high + 1)


@pytest.mark.parametrize("call", [
    lambda: make_bot("nope"),
    lambda: FriendlyBot(skill=2.0),
    lambda: play_game(new_game(load_layout("black"), ["a", "b"]), [GreedyBot()],
                      np.random.default_rng(1)),
    lambda: Options.parse(["end"]),
    lambda: Options.parse(["first_three_rolls_open=maybe"]),
    lambda: Options.from_dict({"nonsense": 1}),
    lambda: check_roll(load_layout("black"), Roll(("g",), (1,)), 3, 3),
    lambda: check_roll(load_layout("black"), Roll(("g", "g", "q"), (1, 2, 3)), 3, 3),
])
def test_the_rules_refuse_with_the_projects_own_errors(call: object) -> None:
    with pytest.raises(BadArgumentError):
        call()  # type: ignore[operator]


def test_a_game_of_no_edition_is_a_type_error() -> None:
    with pytest.raises(KokTypeError):
        new_game(object(), ["a"])  # type: ignore[arg-type]
