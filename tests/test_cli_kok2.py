"""The Keer op Keer 2 command-line contracts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts import Kok2Sheet, load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.kok2 import Kok2Game
from kok_layouts.rules.record import save_record


def test_moves_special_prints_actions_in_the_moves_shape(kok: Any) -> None:
    run = kok("moves", "grey", "--crossed", "H2,K2", "--special", "stars", "--json")
    assert run.code == 0
    actions = json.loads(run.out)
    assert actions[0] == {"special": "stars", "colour": None, "number": None, "cells": ["H3"],
                          "jokers": 0}
    assert {tuple(a["cells"]) for a in actions} == {("H3",), ("J2",), ("K1",), ("H3", "J2"),
                                                    ("H3", "K1"), ("J2", "K1")}


def test_moves_special_needs_a_box(kok: Any) -> None:
    run = kok("moves", "grey", "--special", "heart", "--boxes-left", "0", "--json")
    assert json.loads(run.out) == []
    run = kok("moves", "grey", "--special", "heart", "--hearts", "5", "--json")
    assert json.loads(run.out) == []
    run = kok("moves", "grey", "--special", "heart", "--json")
    assert json.loads(run.out) == [{"special": "heart", "colour": None, "number": None,
                                    "cells": [], "jokers": 0}]


def test_moves_special_bomb_lists_every_square(kok: Any) -> None:
    actions = json.loads(kok("moves", "grey", "--special", "bomb", "--json").out)
    assert len(actions) == 14 * 6
    assert all(len(a["cells"]) == 4 for a in actions)


def test_score_of_a_kok2_sheet_adds_rows_hearts_and_boxes(kok: Any) -> None:
    column_h = "H1,H2,H3,H4,H5,H6,H7"
    run = kok("score", "grey", "--crossed", column_h, "--hearts-under", "H=3",
              "--boxes-left", "2", "--json")
    assert json.loads(run.out) == {"colours": 0, "columns": 2, "jokers": 6, "stars": -28,
                                   "rows": 0, "hearts": 3, "boxes": 4, "total": -13}


def test_kok2_bad_input_is_one_line_and_exit_2(kok: Any) -> None:
    for args in (("score", "grey", "--hearts-under", "H=2"),
                 ("score", "grey", "--hearts-under", "H2"),
                 ("score", "grey", "--boxes-left", "10"),
                 ("score", "black", "--boxes-left", "1"),
                 ("moves", "black", "--special", "bomb"),
                 ("moves", "grey", "--special", "bomb", "--colour", "red"),
                 ("moves", "grey", "--colour", "red")):
        run = kok(*args)
        assert run.code == 2, args
        assert len(run.err.strip().splitlines()) == 1 and run.err.startswith("kok: ")


def test_replay_checks_a_kok2_record(kok: Any, tmp_path: Path) -> None:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    game = play_game(Kok2Game(sheet, ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                     np.random.default_rng(12))
    path = tmp_path / "kok2.json"
    save_record(game, path, "grey", 12)
    result = json.loads(kok("replay", str(path), "--json").out)
    assert result["scores"]["Ann"]["total"] == game.scores()[0].total
    assert set(result["scores"]["Ann"]) >= {"rows", "hearts", "boxes"}
    record = json.loads(path.read_text())
    specials = [c for r in record["rolls"] for c in r["choices"].values() if c and "special" in c]
    assert specials, "the greedy bot uses the special die"
    specials[0]["cells"] = ["A1", "O7"]
    path.write_text(json.dumps(record))
    run = kok("replay", str(path))
    assert run.code == 2 and "illegal move" in run.err


def test_play_solo_plays_kok2_with_a_kok2_layout(kok: Any) -> None:
    run = kok("play", "--solo", "--layout", "grey", "--seed", "5", "--colour", "never",
              stdin="bomb A1\nheart\npass\nquit\n")
    assert run.code == 0
    assert "special: bomb" in run.out
    assert "boxes left 0" in run.out
    assert "not allowed: no unused box" in run.out or "special die shows" in run.out
    assert "Traceback" not in run.err
