"""The Kids command-line contracts: moves, score, solo and pass-and-play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts import KidsSheet, load_layout
from kok_layouts.rules.bots import GreedyBot, RandomBot, play_game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.record import save_record


def test_moves_lists_whole_enclosures_in_the_contract_shape(kok: Any) -> None:
    run = kok("moves", "kids", "--crossed", "", "--colour", "crocodile", "--json")
    assert run.code == 0
    assert json.loads(run.out) == [{"colour": "crocodile", "cells": ["G4"], "chameleon": False}]
    green = json.loads(kok("moves", "kids", "--colour", "green", "--json").out)
    assert green == json.loads(run.out)


def test_moves_purple_offers_the_chameleon_on_every_second_mark(kok: Any) -> None:
    plain = json.loads(kok("moves", "kids", "--colour", "purple", "--json").out)
    assert plain == [{"colour": "purple", "cells": [], "chameleon": False}]
    second = json.loads(kok("moves", "kids", "--colour", "purple", "--marks-used", "1",
                            "--json").out)
    assert len(second) == 5 and all(m["chameleon"] for m in second)
    assert ["G4"] in [m["cells"] for m in second]
    none_left = json.loads(kok("moves", "kids", "--colour", "purple", "--marks-used", "6",
                               "--json").out)
    assert none_left == []


def test_score_counts_buckets_visitors_and_food(kok: Any) -> None:
    column_a = "A1,B1,A2,A3,B3,A4,A5,B5"
    run = kok("score", "kids", "--crossed", column_a, "--json")
    assert json.loads(run.out) == {"buckets": 2, "visitors": 1, "food": 0, "total": 3}
    later = kok("score", "kids", "--crossed", column_a, "--later", "A", "--json")
    assert json.loads(later.out) == {"buckets": 2, "visitors": 0, "food": 0, "total": 2}


def test_kids_bad_input_is_one_line_and_exit_2(kok: Any) -> None:
    for args in (("moves", "kids", "--colour", "zebra"),
                 ("moves", "kids", "--colour", "green", "--number", "2"),
                 ("moves", "kids", "--colour", "purple", "--marks-used", "7"),
                 ("score", "kids", "--later", "A"),
                 ("score", "kids", "--crossed", "N1"),
                 ("play", "--players", "5", "--layout", "kids"),
                 ("play", "--players", "3", "--layout", "kids", "--bots", "greedy,random")):
        run = kok(*args)
        assert run.code == 2, args
        assert len(run.err.strip().splitlines()) == 1 and run.err.startswith("kok: "), args


def test_replay_of_a_kids_record(kok: Any, tmp_path: Path) -> None:
    sheet = load_layout("kids")
    assert isinstance(sheet, KidsSheet)
    game = play_game(KidsGame(sheet, ["Ann", "Bram"]), [GreedyBot(), RandomBot()],
                     np.random.default_rng(6))
    path = tmp_path / "kids.json"
    save_record(game, path, "kids", 6)
    result = json.loads(kok("replay", str(path), "--json").out)
    assert result["winners"] == game.winners()
    record = json.loads(path.read_text())
    record["rolls"][0]["choices"]["Bram"] = None  # a skip where a move was possible
    path.write_text(json.dumps(record))
    run = kok("replay", str(path))
    assert run.code == 2 and "roll 1, player Bram" in run.err and "must cross" in run.err


def test_play_kids_solo_and_pass_and_play(kok: Any) -> None:
    solo = kok("play", "--solo", "--layout", "kids", "--seed", "2", "--colour", "never",
               stdin="1\n" * 40)
    assert solo.code == 0 and "Game over" in solo.out.splitlines()[-1]
    duo = kok("play", "--players", "2", "--layout", "kids", "--seed", "1",
              "--colour", "never", stdin="hint\n9\n1\n1\nquit\n")
    assert duo.code == 0
    assert "player 2, your move>" in duo.out
    assert "not allowed: type a number" in duo.out
    assert "the strong bot would take" in duo.out
    assert "Stopped after" in duo.out.splitlines()[-1]
