"""``kok play`` for classic and Keer op Keer 2 (issue 13, points 10, 11 and 16): people and
bots at one terminal, commands as the hints read, undo, help, records."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kok_layouts import load_classic, load_layout
from kok_layouts.cli.play import ClassicTable, Terminal
from kok_layouts.rules import BOTS, Game, GreedyBot, Options, Strategy, new_game
from kok_layouts.rules.record import load_and_replay

from .conftest import ROOT, script
from .docs_text import kok_lines


def greedy_person(table: list[ClassicTable]) -> Callable[[str], str]:
    """A reader that types what the strong bot would play, as a person types it."""
    bot = GreedyBot()
    rng = np.random.default_rng(0)

    def read(prompt: str) -> str:
        if "your move" not in prompt:
            return ""                                   # Enter: end the turn
        game = table[0].game
        seat = table[0].next_seat()
        choice = bot.choose(game, seat, rng)
        if choice is None:
            return "pass"
        return "cross " + " ".join(game.sheets[seat].board.name_cells(choice.move.cells))
    return read


def run_table(game: Game, bots: dict[int, Strategy], read: Callable[[str], str],
              seed: int = 1) -> tuple[ClassicTable, list[str]]:
    out: list[str] = []
    holder: list[ClassicTable] = []
    table = ClassicTable(game, bots, np.random.default_rng(seed), False,
                         Terminal(read, out.append))
    holder.append(table)
    table.run()
    table.final()
    return table, out


# -- 10: people and bots, the first three rolls, the end of the round ----------------------


def test_two_people_and_a_bot_play_to_the_end_of_the_round() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob", "greedy"])
    holder: list[ClassicTable] = []
    out: list[str] = []
    table = ClassicTable(game, {2: GreedyBot()}, np.random.default_rng(4), False,
                         Terminal(greedy_person(holder), out.append))
    holder.append(table)
    table.run()
    table.final()
    assert game.over
    assert game.rolls_done % 3 == 0                     # everyone threw equally often
    assert any(len(s.completed_colours()) >= 2 for s in game.sheets)
    assert out[-1].startswith("Game over: winner")


def test_passive_people_take_any_die_in_the_first_three_rolls_only() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    holder: list[ClassicTable] = []
    out: list[str] = []
    table = ClassicTable(game, {}, np.random.default_rng(8), False,
                         Terminal(greedy_person(holder), out.append))
    holder.append(table)
    for _ in range(6):
        table.play_roll()
    offers = [line for line in out if line.startswith("dice you may take")]
    sizes = [len(line.split(":")[1].replace("/", " ").split()) for line in offers]
    active_took = [choices[entry.active] is not None
                   for entry in game.log for choices in [entry.choices]]
    # two offers per roll: the active player's (6 dice), then the passive player's
    for roll in range(6):
        assert sizes[2 * roll] == 6
        expected = 6 if roll < 3 or not active_took[roll] else 4
        assert sizes[2 * roll + 1] == expected, (roll, offers)


def test_with_the_open_rolls_off_passive_people_take_the_four_left_at_once() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"],
                    Options(first_three_rolls_open=False))
    holder: list[ClassicTable] = []
    out: list[str] = []
    table = ClassicTable(game, {}, np.random.default_rng(8), False,
                         Terminal(greedy_person(holder), out.append))
    holder.append(table)
    table.play_roll()
    offers = [line for line in out if line.startswith("dice you may take")]
    took = game.log[0].choices[0] is not None
    assert len(offers[1].split(":")[1].replace("/", " ").split()) == (4 if took else 6)


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_can_be_named_on_the_command_line(kok: Any, bot: str) -> None:
    run = kok("play", "--layout", "black", "--bots", bot, "--seed", "1",
              "--colour", "never", stdin="pass\nquit\n")
    assert run.code == 0, run.err
    assert f"{bot} ({bot} bot)" in run.out


def test_a_person_can_face_several_bots_in_kok2(kok: Any) -> None:
    run = kok("play", "--layout", "grey", "--bots", "greedy,random", "--seed", "2",
              "--colour", "never", stdin="pass\n" * 5 + "quit\n")
    assert run.code == 0, run.err
    assert "greedy (greedy bot):" in run.out and "random (random bot):" in run.out


# -- 11: commands as the hints read --------------------------------------------------------


def test_cross_reads_as_the_hints_write_it() -> None:
    sheet = load_classic("black")
    for command in ("cross G2 H2", "G2 H2", "cross G2,H2", "g2, h2"):
        game = new_game(sheet, ["you"], solo=True)
        run_table(game, {}, script([command, "", "quit"]), seed=3)
        assert game.log[0].choices[0] is not None, command
        assert game.sheets[0].board.name_cells(game.sheets[0].crossed) == ["G2", "H2"]


def test_hint_names_a_move_that_cross_then_plays() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run_table(game, {}, script(["hint", "quit"]), seed=3)
    hint = next(line for line in out if line.startswith("the strong bot would"))
    assert hint.startswith("the strong bot would cross ")
    cells = hint.split(": ", 1)[1].split(" (")[0]
    game = new_game(load_layout("black"), ["you"], solo=True)
    run_table(game, {}, script([f"cross {cells}", "", "quit"]), seed=3)
    assert game.log[0].choices[0] is not None


def test_moves_lists_every_legal_move_once_with_the_fewest_jokers() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run_table(game, {}, script(["moves", "quit"]), seed=3)
    start = next(i for i, line in enumerate(out) if "legal move" in line)
    count = int(out[start].split()[0])
    listed = [line.strip() for line in out[start + 1:start + 1 + count]]
    cells = [line.split(": ", 1)[1].split(" (")[0] for line in listed]
    assert len(set(cells)) == count                    # no move twice, with other dice
    game = new_game(load_layout("black"), ["you"], solo=True)
    game.throw(np.random.default_rng(3))
    fewest: dict[int, int] = {}
    for choice in game.choices_for(0):
        cells_crossed = choice.move.cells
        fewest[cells_crossed] = min(fewest.get(cells_crossed, 9), choice.move.jokers)
    assert len(fewest) == count
    assert sum("joker" in line for line in listed) == sum(1 for j in fewest.values() if j)


def test_undo_takes_back_a_move_before_the_roll_is_over() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run_table(game, {}, script(["cross G2 H2", "undo", "pass", "quit"]), seed=3)
    assert any(line.startswith("took back your orange 2: G2 H2") for line in out)
    assert game.log[0].choices == (None,)
    assert game.sheets[0].crossed == 0


def test_a_line_typed_at_the_end_of_turn_question_is_the_next_command() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    run_table(game, {}, script(["cross G2 H2", "pass", "quit"]), seed=3)
    assert game.rolls_done == 2 and game.log[1].choices == (None,)


def test_undo_in_pass_and_play_gives_the_turn_back() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    _, out = run_table(game, {}, script(["cross G2 H2", "undo", "pass", "pass", "quit"]),
                       seed=3)
    assert game.log[0].choices == (None, None)
    assert any("took back Ann's" in line for line in out)
    assert out.count("Ann's turn (active player)") == 2 or any(
        "Ann, your move" in line for line in out)


def test_help_is_per_edition(kok: Any) -> None:
    classic = new_game(load_layout("black"), ["you"], solo=True)
    _, out = run_table(classic, {}, script(["help", "quit"]))
    grey = new_game(load_layout("grey"), ["you"], solo=True)
    _, out2 = run_table(grey, {}, script(["help", "quit"]))
    assert "special die" not in "\n".join(out) and "cross H6 H7" in "\n".join(out)
    assert "bomb C3" in "\n".join(out2)
    kids = kok("play", "--layout", "kids", "--players", "2", "--seed", "1",
               "--colour", "never", stdin="help\nquit\n")
    assert "whole enclosure" in kids.out and "bomb" not in kids.out


def test_completed_columns_and_colours_are_marked_by_symbol() -> None:
    game = new_game(load_layout("black"), ["you"], solo=True)
    player = game.sheets[0]
    player.crossed = player.board.column_masks[7] | player.board.colour_masks["g"]
    out: list[str] = []
    table = ClassicTable(game, {}, np.random.default_rng(1), False, Terminal(script([]),
                                                                               out.append))
    table.show(0)
    text = "\n".join(out)
    assert "# column complete: " in text and "H" in text.split("# column complete: ")[1]
    assert "# colour complete: green" in text
    coloured: list[str] = []
    ClassicTable(game, {}, np.random.default_rng(1), True,
                 Terminal(script([]), coloured.append)).show(0)
    assert "\x1b[1;32m#\x1b[0m colour complete: green" in "\n".join(coloured)


def test_the_solo_band_is_shown_only_for_official_pads(kok: Any) -> None:
    official = kok("play", "--solo", "--seed", "1", "--colour", "never",
                   stdin="pass\n" * 30)
    custom = kok("play", "--solo", "--layout", str(ROOT / "examples" / "travel.yaml"),
                 "--seed", "1", "--colour", "never", stdin="pass\n" * 30)
    assert "rating band" in official.out.splitlines()[-1]
    assert custom.code == 0 and "rating band" not in custom.out


# -- 16: a record made at the terminal feeds replay and render --record ---------------------


def test_save_writes_a_record_that_replay_and_render_read(kok: Any, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run = kok("play", "--layout", "red", "--names", "Ann", "--bots", "greedy",
              "--seed", "7", "--colour", "never", "--save", str(record),
              stdin="hint\npass\n" * 3 + "quit\n")
    assert run.code == 0, run.err
    data = json.loads(record.read_text())
    assert data["players"] == ["Ann", "greedy"] and len(data["rolls"]) == 3
    game = load_and_replay(record)
    assert game.rolls_done == 3
    replay = kok("replay", str(record))
    assert replay.code == 0 and "every move legal" in replay.out
    pdf = tmp_path / "ann.pdf"
    render = kok("render", "red", "--record", str(record), "--player", "Ann",
                 "-o", str(pdf))
    assert render.code == 0, render.err
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_finished_game_record_holds_the_scores(kok: Any, tmp_path: Path) -> None:
    record = tmp_path / "solo.json"
    run = kok("play", "--solo", "--seed", "1", "--colour", "never", "--save",
              str(record), stdin="pass\n" * 30)
    assert run.code == 0
    data = json.loads(record.read_text())
    assert data["scores"]["you"]["total"] == -22 and data["winners"] == ["you"]


def test_readme_mentions_the_play_to_render_path() -> None:
    text = (ROOT / "README.md").read_text()
    assert "--save game.json" in text and "--record game.json --player Ann" in text


def _readme_commands(marker: str) -> list[list[str]]:
    """The ``kok ...`` lines of the documentation's sh block that holds ``marker``."""
    return kok_lines(marker)


def test_the_readme_play_commands_run_as_written(kok: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _readme_commands("kok play --solo")
    assert len(commands) >= 4
    for args in commands:
        monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nmoves\nquit\n"))
        run = kok(*args)
        assert run.code == 0, (args, run.err)
    assert (tmp_path / "game.json").is_file()


def test_the_readme_record_example_works_as_written(kok: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = [c for c in _readme_commands("--record game.json --player Ann")
                if c[0] == "play" or "--record" in c]
    assert [c[0] for c in commands] == ["play", "render"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\npass\n" * 4 + "quit\n"))
    for args in commands:
        run = kok(*args)
        assert run.code == 0, (args, run.err)
    assert (tmp_path / "ann.pdf").read_bytes().startswith(b"%PDF")


def test_kids_takes_bots_names_and_save_too(kok: Any, tmp_path: Path) -> None:
    record = tmp_path / "kids.json"
    run = kok("play", "--layout", "kids", "--names", "Sam", "--bots", "friendly",
              "--seed", "2", "--colour", "never", "--save", str(record),
              stdin="1\n" * 60)
    assert run.code == 0, run.err
    assert "friendly (friendly bot):" in run.out
    game = load_and_replay(record)
    assert game.players == ("Sam", "friendly") and game.over


def test_kids_at_the_prompt_a_non_ascii_digit_is_not_a_number(kok: Any) -> None:
    run = kok("play", "--layout", "kids", "--players", "2", "--seed", "1",
              "--colour", "never", stdin="²\n\u0661\nquit\n")
    assert run.code == 0 and "Traceback" not in run.err
    assert run.out.count("not allowed: type a number") == 2


def test_a_crossed_cell_is_marked_by_colour_and_symbol_in_colour() -> None:
    from kok_layouts.cli.text import render_text
    sheet = load_layout("black")
    h1 = sheet.parse_cell("H1")
    plain, crossed = (render_text(sheet, True, mask).splitlines()[2] for mask in (0, 1 << h1))
    assert "XG" in crossed and "XG" not in plain
    background = crossed.split("\x1b[1;97mXG")[0].rsplit("\x1b[48;2;", 1)[1]
    red, green, blue = (int(part) for part in background.rstrip("m").split(";"))
    assert green > red and green > blue and green < 100      # still green, darkened
