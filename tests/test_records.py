"""Game records: saved, loaded, replayed; a bad record names the roll and player."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kok_layouts.errors import RecordError
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.game import Game
from kok_layouts.rules.record import load_and_replay, record_json, replay, save_record

from .rules_helpers import black


def _finished_game(seed: int = 11) -> Game:
    game = Game(black(), ["Ann", "Bob"])
    return play_game(game, [GreedyBot(), GreedyBot()], np.random.default_rng(seed))


def _record(seed: int = 11) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(record_json(_finished_game(seed), "black",
                                                               seed)))
    return record


def test_a_record_holds_layout_options_seed_every_roll_and_every_choice() -> None:
    game = _finished_game()
    record = record_json(game, "black", 11)
    assert record["layout"] == "black" and record["seed"] == 11
    assert record["options"]["first_three_rolls_open"] is True
    assert len(record["rolls"]) == game.rolls_done
    first = record["rolls"][0]
    assert set(first) == {"active", "colours", "numbers", "choices"}
    assert set(first["choices"]) == {"Ann", "Bob"}
    assert record["winners"] == game.winners() == [game.players[s] for s in game.winner_seats()]


def test_a_saved_record_replays_to_the_same_scores(tmp_path: Path) -> None:
    game = _finished_game()
    path = tmp_path / "game.json"
    save_record(game, path, "black", 11)
    assert load_and_replay(path).scores() == game.scores()
    assert not list(tmp_path.glob(".*part"))


def _first_move(record: dict[str, Any]) -> tuple[int, str]:
    for index, roll in enumerate(record["rolls"]):
        for name, choice in roll["choices"].items():
            if choice is not None:
                return index, name
    raise AssertionError("no move in the game")


def test_an_illegal_move_in_a_record_names_its_roll_and_player() -> None:
    record = _record()
    index, name = _first_move(record)
    bad = copy.deepcopy(record)
    bad["rolls"][index]["choices"][name]["cells"] = ["A1"]
    bad["rolls"][index]["choices"][name]["number"] = 1
    with pytest.raises(RecordError) as caught:
        replay(bad, "game.json")
    text = str(caught.value)
    assert text.startswith(f"game.json, roll {index + 1}, player {name}: ")
    assert "\n" not in text


def test_a_missing_choice_names_the_roll_and_player() -> None:
    record = _record()
    del record["rolls"][2]["choices"]["Bob"]
    with pytest.raises(RecordError, match=r"roll 3, player Bob: no choice recorded"):
        replay(record, "game.json")


def test_a_changed_score_is_caught() -> None:
    record = _record()
    record["scores"]["Ann"]["total"] += 1
    with pytest.raises(RecordError, match="recorded score of Ann"):
        replay(record, "game.json")


def test_a_wrong_thrower_is_caught() -> None:
    record = _record()
    record["rolls"][1]["active"] = "Ann"
    with pytest.raises(RecordError, match="roll 2: Ann throws, but it is Bob's turn"):
        replay(record, "game.json")


def test_a_record_that_is_not_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1,\n "layout": }\n')
    with pytest.raises(RecordError, match=r"broken.json:2:12: not JSON"):
        load_and_replay(path)
