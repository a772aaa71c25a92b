"""``kok moves``, ``kok score``, ``kok replay`` and ``kok play --solo`` contracts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from .conftest import ROOT, kok_process


def test_moves_json_lists_every_legal_move_in_the_contract_shape(kok: Any) -> None:
    run = kok("moves", "black", "--crossed", "", "--colour", "yellow", "--number", "2", "--json")
    assert run.code == 0
    moves = json.loads(run.out)
    # Column H's yellow cells H6 H7 lie in the area H6 I6 H7 I7 J7.
    assert moves == [
        {"colour": "yellow", "number": 2, "cells": ["H6", "H7"], "jokers": 0},
        {"colour": "yellow", "number": 2, "cells": ["H6", "I6"], "jokers": 0},
        {"colour": "yellow", "number": 2, "cells": ["H7", "I7"], "jokers": 0},
    ]


def test_moves_expands_jokers_into_each_colour_and_number_sorted(kok: Any) -> None:
    run = kok("moves", "black", "--crossed", "H6,H7", "--colour", "joker", "--number",
              "joker", "--json")
    moves = json.loads(run.out)
    assert {m["jokers"] for m in moves} == {2}
    assert {m["colour"] for m in moves} >= {"yellow", "blue"}
    assert {m["number"] for m in moves} >= {1, 2, 3}
    keys = [(m["colour"], m["number"], m["cells"]) for m in moves]
    assert keys == sorted(keys)
    for m in moves:
        assert m["cells"] == sorted(m["cells"], key=lambda n: (n[0], int(n[1:])))


def test_moves_respects_the_jokers_left(kok: Any) -> None:
    run = kok("moves", "black", "--colour", "joker", "--number", "2", "--jokers-left", "0",
              "--json")
    assert json.loads(run.out) == []


def test_moves_text_output_is_one_line_per_move(kok: Any) -> None:
    run = kok("moves", "black", "--colour", "yellow", "--number", "2")
    assert run.code == 0
    assert "yellow 2: H6 H7" in run.out.splitlines()


def test_score_json_has_the_contract_keys(kok: Any) -> None:
    column_a = "A1,A2,A3,A4,A5,A6,A7"
    run = kok("score", "black", "--crossed", column_a, "--jokers-used", "2", "--json")
    # Column A holds one of the 15 stars (A3): 14 left.
    assert json.loads(run.out) == {"colours": 0, "columns": 5, "jokers": 6, "stars": -28,
                                   "total": -17}
    later = kok("score", "black", "--crossed", column_a, "--later", "A", "--json")
    assert json.loads(later.out)["columns"] == 3


def test_bad_input_is_one_line_and_exit_2(kok: Any) -> None:
    cases = [
        ("moves", "black", "--crossed", "Z9", "--colour", "green", "--number", "1"),
        ("moves", "black", "--colour", "purple", "--number", "1"),
        ("moves", "black", "--colour", "green", "--number", "6"),
        ("moves", "kids", "--colour", "green", "--number", "1"),
        ("moves", "nope", "--colour", "green", "--number", "1"),
        ("score", "black", "--crossed", "H1,H1"),
        ("score", "black", "--later", "A"),
        ("score", "black", "--jokers-used", "9"),
        ("replay", str(ROOT / "nothing.json")),
    ]
    for args in cases:
        run = kok(*args)
        assert run.code == 2, args
        assert len(run.err.strip().splitlines()) == 1, (args, run.err)
        assert run.err.startswith("kok: ")


def test_replay_prints_the_scores(kok: Any, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "record_replay.py"),
                           str(path)], capture_output=True, text=True, check=True)
    assert "every move legal" in done.stdout
    run = kok("replay", str(path), "--json")
    assert run.code == 0
    result = json.loads(run.out)
    assert result["over"] is True and result["winners"] == ["bot"]


def test_play_solo_takes_moves_explains_illegal_input_and_scores_at_the_end(kok: Any) -> None:
    run = kok("play", "--solo", "--seed", "3", "--colour", "never",
              stdin="help\nhint\nH3 H4\nZ9\npass\nquit\n")
    assert run.code == 0
    assert "Roll 1/30" in run.out
    assert "not allowed: the cells have different colours" in run.out
    assert "not allowed: cell Z9 is off the 15 x 7 grid" in run.out
    assert "the strong bot would" in run.out
    assert "rating band" in run.out.splitlines()[-1]
    assert "Traceback" not in run.err


def test_play_solo_plays_a_whole_game_until_input_ends() -> None:
    run = kok_process("play", "--solo", "--seed", "1", "--colour", "never",
                      stdin="pass\n" * 30)
    assert run.code == 0
    assert "Game over" in run.out.splitlines()[-1]


def test_the_examples_run() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "bot_game.py"), "5"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert len(lines) == 5 and lines[-1].startswith("winner:")
