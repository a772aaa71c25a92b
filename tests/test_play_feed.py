"""``kok play`` catches up with the table (issue 23, point 7): the feed of what bots did
and completed and of the last round, ``sheets`` and ``scores``, hints to paste, each move
listed once, 'you cross', translated default names, and ``undo`` in Kids."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.cli.play import ClassicTable, KidsTable, Terminal, people_names, typed_hint
from kok_layouts.rules import GreedyBot, Strategy, new_game
from kok_layouts.rules.game import Game

from .conftest import script
from .test_play import greedy_person


def run(game: Game, bots: dict[int, Strategy], read: Callable[[str], str], seed: int = 1,
        kind: type = ClassicTable) -> tuple[object, list[str]]:
    out: list[str] = []
    table = kind(game, bots, np.random.default_rng(seed), False, Terminal(read, out.append))
    table.run()
    table.final()
    return table, out


def test_the_feed_says_what_bots_completed_and_when_the_last_round_begins() -> None:
    for seed in range(6):
        game = new_game(load_layout("black"), ["Ann", "greedy", "greedy 2"])
        holder: list[ClassicTable] = []
        out: list[str] = []
        table = ClassicTable(game, {1: GreedyBot(), 2: GreedyBot()}, np.random.default_rng(seed),
                             False, Terminal(greedy_person(holder), out.append))
        holder.append(table)
        table.run()
        assert any(" completed column " in line and "first" in line for line in out)
        assert any(line.startswith("Game over: ") and "two colours" in line for line in out)
        if any("the last round begins" in line for line in out):
            return
    pytest.fail("no game of 6 had a last round")


def test_sheets_shows_every_players_sheet_and_scores_the_table() -> None:
    game = new_game(load_layout("black"), ["Ann", "greedy"])
    _, out = run(game, {1: GreedyBot()}, script(["sheets", "scores", "quit"]))
    text = "\n".join(out)
    assert "Ann's sheet:" in text and "greedy's sheet:" in text
    header = next(line for line in out if line.split()[:1] == ["colours"])
    assert out[out.index(header) + 1].startswith("Ann ")
    assert out[out.index(header) + 2].startswith("greedy ")


def test_the_hint_gives_the_line_to_type_and_that_line_plays_it() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run(game, {}, script(["hint", "quit"]), seed=3)
    typed = next(line for line in out if line.startswith("  type: ")).removeprefix("  type: ")
    again = new_game(load_layout("black"), ["you"], solo=True)
    run(again, {}, script([typed, "", "quit"]), seed=3)
    assert again.log[0].choices[0] is not None


def test_every_special_action_has_a_typed_line_that_means_it() -> None:
    game = new_game(load_layout("grey"), ["you"], solo=True)
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(12):
        game.throw(rng)
        for choice in game.choices_for(0):
            if not choice.is_special:
                continue
            face, _, cells = typed_hint(game, 0, choice).partition(" ")
            found = game.choice_for_cells(0, cells.split(), special=face)
            assert found.move == choice.move, typed_hint(game, 0, choice)
            checked += 1
        game.choose(0, None)
        game.finish_roll()
    assert checked > 20


def test_you_cross_and_take_back_your_move() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run(game, {}, script(["cross G2 H2", "undo", "quit"]), seed=3)
    assert "you cross orange 2: G2 H2" in out
    assert not any("you crosses" in line or "you's" in line for line in out)
    assert any(line.startswith("took back your orange 2") for line in out)


@pytest.mark.parametrize(("lang", "alone", "numbered"), [("nl", "jij", "speler 2"),
                                                          ("fr", "vous", "joueur 2"),
                                                          ("en", "you", "player 2")])
def test_default_names_are_in_each_print_language(lang: str, alone: str, numbered: str) -> None:
    assert people_names("", 1, lang) == [alone]
    assert people_names("", 2, lang)[1] == numbered


def test_kok_play_lang_names_the_players_in_that_language(kok: Any, tmp_path: Path) -> None:
    lang, alone, numbered = "de", "du", "Spieler 2"
    record = tmp_path / "solo.json"
    solo = kok("play", "--solo", "--seed", "1", "--lang", lang, "--colour", "never",
               "--save", str(record), stdin="quit\n")
    assert solo.code == 0
    assert json.loads(record.read_text())["players"] == [alone]
    pair = kok("play", "--players", "2", "--seed", "1", "--lang", lang,
               "--colour", "never", stdin="pass\npass\nquit\n")
    assert pair.code == 0 and f"{numbered}, your move" in pair.out


def test_kids_undo_takes_back_the_last_persons_move() -> None:
    game = new_game(load_layout("kids"), ["Sam", "Tess"])
    _, out = run(game, {}, script(["1", "undo", "2", "1", "", "quit"]), kind=KidsTable)
    assert any(line.startswith("took back Sam's") for line in out)
    assert game.rolls_done >= 1
    first = game.log[0].choices[0]
    assert first is not None


def test_kids_last_person_may_undo_before_the_roll_ends() -> None:
    game = new_game(load_layout("kids"), ["Sam", "greedy"])
    _, out = run(game, {1: GreedyBot()}, script(["1", "undo", "1", "", "quit"]), seed=4,
                 kind=KidsTable)
    text = "\n".join(out)
    assert "took back Sam's" in text
    assert game.rolls_done >= 1
