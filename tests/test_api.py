"""The Python API as a programmer meets it (issue 13, points 12 to 16): one import, readable
values, one vocabulary, typed loaders."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import kok_layouts
import kok_layouts.rules as rules
from kok_layouts import load_classic, load_kids, load_kok2, load_layout
from kok_layouts.errors import KokError, WrongSheetError
from kok_layouts.rules import (
    Choice,
    Game,
    GreedyBot,
    KidsGame,
    KidsPlayerSheet,
    Kok2Game,
    Kok2PlayerSheet,
    Move,
    PlayerSheet,
    RandomBot,
    Roll,
    new_game,
    parse_cells,
)

from .conftest import ROOT
from .docs_text import all_blocks

# -- 12: one import serves ----------------------------------------------------------------


def test_rules_package_exports_the_public_names() -> None:
    wanted = {"PlayerSheet", "Game", "Choice", "Move", "Roll", "RandomBot", "GreedyBot",
              "FriendlyBot", "make_bot", "play_game", "new_game", "Kok2Game",
              "Kok2PlayerSheet", "Special", "KidsGame", "KidsPlayerSheet", "KidsMove",
              "Options", "save_record", "load_and_replay"}
    assert wanted <= set(rules.__all__)
    for name in rules.__all__:
        assert getattr(rules, name) is not None


def test_new_game_picks_the_edition_of_the_sheet() -> None:
    assert type(new_game(load_layout("black"), ["Ann"])) is Game
    assert type(new_game(load_layout("grey"), ["Ann"])) is Kok2Game
    assert type(new_game(load_layout("kids"), ["Ann", "Bob"])) is KidsGame


# -- 13: readable values ------------------------------------------------------------------


def test_a_move_repr_names_its_cells() -> None:
    me = PlayerSheet(load_layout("black"))
    moves = me.legal_moves("y", 2)
    assert "Move.of('y', ['H6', 'H7'], width=15)" in [repr(m) for m in moves]


def test_a_joker_move_repr_says_which_die_is_a_joker() -> None:
    me = PlayerSheet(load_layout("black"))
    move = me.legal_moves("X", 1)[0]
    assert repr(move).endswith("colour_joker=True)")


def test_the_width_only_names_cells_it_never_changes_equality() -> None:
    me = PlayerSheet(load_layout("black"))
    named = me.move("yellow", "H6 H7")
    bare = Move("y", 2, named.cells)
    assert named == bare and hash(named) == hash(bare)
    assert "['H6', 'H7']" in repr(named)


def test_str_of_a_player_sheet_draws_crosses_and_completed_columns() -> None:
    me = PlayerSheet(load_layout("black"))
    for name in ("H1", "H2", "H3", "H4", "H5", "H6", "H7"):
        me.crossed |= me.parse_cells(name)
    text = str(me)
    grid = text.splitlines()
    assert grid[0].split() == list("ABCDEFGHIJKLMNO")
    column_h = grid[0].index("H")
    assert all(line[column_h] == "X" for line in grid[1:8])
    assert grid[8][column_h] == "#"                     # column H complete
    assert "score" in grid[-1]


def test_str_of_a_kids_sheet_draws_the_grid() -> None:
    me = KidsPlayerSheet(load_layout("kids"))
    me.push(me.legal_moves("crocodile")[0])
    assert str(me).count("X") >= 1 + 1                  # a crossed cell and the legend's X


def test_game_roll_and_bots_have_useful_reprs() -> None:
    game = Game(load_layout("black"), ["Ann", "Bob"])
    assert repr(game) == "<Game black: Ann, Bob; roll 1, Ann to throw>"
    roll = game.throw(np.random.default_rng(1))
    assert repr(roll) in repr(game) and "waiting for Ann" in repr(game)
    assert eval(repr(roll), {"Roll": Roll}) == roll
    assert repr(GreedyBot()) == "GreedyBot()" and repr(RandomBot()) == "RandomBot()"


# -- 14: one vocabulary -------------------------------------------------------------------


def test_colour_names_and_keys_are_the_same_colour() -> None:
    me = PlayerSheet(load_layout("black"))
    assert me.legal_moves("yellow", 2) == me.legal_moves("y", 2) == me.legal_moves("Y", "2")


@pytest.mark.parametrize("joker", ["X", "x", "joker", "Joker"])
def test_the_colour_joker_has_every_name(joker: str) -> None:
    me = PlayerSheet(load_layout("black"))
    assert me.legal_moves(joker, 1) == me.legal_moves("X", 1)


@pytest.mark.parametrize("joker", [0, "0", "?", "joker"])
def test_the_number_joker_has_every_name(joker: int | str) -> None:
    me = PlayerSheet(load_layout("black"))
    assert me.legal_moves("y", joker) == me.legal_moves("y", 0)


@pytest.mark.parametrize("text", ["H6 H7", "H6,H7", "h6, h7", " H6  ,H7 "])
def test_parse_cells_reads_spaces_and_commas(text: str) -> None:
    me = PlayerSheet(load_layout("black"))
    assert parse_cells(me, text) == me.parse_cells(["H6", "H7"])


def test_kids_animals_are_named_by_animal_colour_or_key() -> None:
    me = KidsPlayerSheet(load_layout("kids"))
    assert me.legal_moves("crocodile") == me.legal_moves("c") == me.legal_moves("green")


# -- 15: types that follow the layout -----------------------------------------------------


def test_typed_loaders_return_their_kind_and_refuse_others() -> None:
    assert load_classic("black").edition == "classic"
    assert load_kok2("grey").edition == "kok2"
    assert load_kids("kids").edition == "kids"
    with pytest.raises(WrongSheetError, match="kids is a kids sheet"):
        load_classic("kids")
    with pytest.raises(WrongSheetError):
        load_kok2("black")


@pytest.mark.parametrize(("make", "layout"), [
    (PlayerSheet, "kids"), (Kok2PlayerSheet, "black"), (KidsPlayerSheet, "grey"),
    (lambda s: Game(s, ["Ann"]), "kids"), (lambda s: Kok2Game(s, ["Ann"]), "black"),
    (lambda s: KidsGame(s, ["Ann", "Bob"]), "black"),
])
def test_a_wrong_sheet_kind_is_refused_at_construction(make: object, layout: str) -> None:
    with pytest.raises(WrongSheetError) as caught:
        make(load_layout(layout))  # type: ignore[operator]
    assert isinstance(caught.value, KokError) and isinstance(caught.value, TypeError)


def test_the_readme_examples_and_typed_construction_pass_mypy_strict(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    program = tmp_path / "typed.py"
    program.write_text(
        "from kok_layouts import load_layout, load_classic\n"
        "from kok_layouts.rules import PlayerSheet, Game, KidsPlayerSheet, Kok2PlayerSheet\n"
        "me = PlayerSheet(load_layout('black'))\n"
        "game = Game(load_layout('black'), ['Ann', 'Bob'])\n"
        "kids = KidsPlayerSheet(load_layout('kids'))\n"
        "grey = Kok2PlayerSheet(load_layout('grey'))\n"
        "width: int = load_classic('black').start_columns[0]\n")
    files = [str(program)]
    for index, block in enumerate(all_blocks("python")):  # README.md's and docs/'s
        path = tmp_path / f"docs_block_{index + 1}.py"
        path.write_text(block.text)
        files.append(str(path))
    # mypy's own incremental cache: the project's (.mypy_cache, which `mypy` in the
    # repository fills with the same strict options, as CI does before the tests), else
    # one in pytest's cache folder from run to run. mypy checks every cached module
    # against its source and options, so the package's analysis (nearly all of the
    # 30 s) is done once, not in every run.
    cache = getattr(request.config, "cache", None)
    folder = (ROOT / ".mypy_cache" if (ROOT / ".mypy_cache").is_dir()
              else cache.mkdir("mypy-readme") if cache is not None else tmp_path / "cache")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                           str(folder), *files],
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=300)
    assert done.returncode == 0, done.stdout


# -- 16: new_game, undo and the filled-in sheet -------------------------------------------


@pytest.mark.parametrize(("layout", "players"), [("black", 2), ("grey", 3), ("kids", 2),
                                                ("kids", 1)])
def test_a_games_log_played_again_on_a_new_game_gives_the_same_game(
        layout: str, players: int) -> None:

    names = [f"P{i}" for i in range(players)]
    sheet = load_layout(layout)
    game = new_game(sheet, names, solo=players == 1)
    rng = np.random.default_rng(4)
    bot = GreedyBot()
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                game.choose(seat, game.bot_choice(bot, seat, rng))
        game.finish_roll()
    again = new_game(sheet, names, solo=players == 1)
    for entry in game.log:
        assert again.play_roll(entry) == entry
    assert again.over and again.scores() == game.scores()
    assert [s.state_key() for s in again.sheets] == [s.state_key() for s in game.sheets]


def test_a_logged_roll_is_refused_where_it_does_not_fit() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    game.set_roll(Roll(("y", "y", "y"), (2, 2, 2)))
    while waiting := game.waiting_for():
        game.choose(waiting[0], None)
    entry = game.finish_roll()
    with pytest.raises(KokError, match="RollLog"):
        game.play_roll("a roll")  # type: ignore[arg-type]
    solo = new_game(load_layout("black"), ["Ann"], solo=True)
    with pytest.raises(KokError, match="choices for 2 players"):
        solo.play_roll(entry)
    over = new_game(load_layout("black"), ["Ann", "Bob"])
    over.set_roll(entry.roll)  # a roll already thrown: the logged one cannot be thrown
    with pytest.raises(KokError):
        over.play_roll(entry)


def test_undo_takes_back_the_last_choice_of_the_roll() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    game.set_roll(Roll(("y", "y", "y"), (2, 2, 2)))
    before = game.sheets[0].state_key()
    choice = game.choices_for(0)[0]
    game.choose(0, choice)
    assert game.undo() == (0, choice)
    assert game.sheets[0].state_key() == before and game.waiting_for() == [0]


def test_undo_goes_last_choice_first() -> None:
    game = new_game(load_layout("black"), ["Ann", "Bob"])
    game.set_roll(Roll(("y", "y", "y"), (2, 2, 2)))
    game.choose(0, game.choices_for(0)[0])
    game.choose(1, None)
    assert game.undo() == (1, None)
    assert game.undo()[0] == 0
    with pytest.raises(kok_layouts.IllegalMoveError, match="no choice to take back"):
        game.undo()


def test_the_filled_in_sheet_of_a_game_renders() -> None:
    from kok_layouts.render.document import render_png
    from kok_layouts.render.marks import marks_from_game
    sheet = load_layout("black")
    game = rules.play_game(new_game(sheet, ["Ann", "Bot"]), [GreedyBot(), GreedyBot()],
                           np.random.default_rng(2))
    png = render_png(sheet, 30, marks=marks_from_game(game, "Ann"))
    assert png.startswith(b"\x89PNG")


def test_choice_repr_shows_the_move_by_name() -> None:
    me = PlayerSheet(load_layout("black"))
    choice = Choice(0, 1, me.move("y", "H6 H7"))
    assert "['H6', 'H7']" in repr(choice)


def test_a_roll_may_name_its_faces() -> None:
    named, keyed = (Game(load_layout("black"), ["Ann"]) for _ in range(2))
    named.set_roll(Roll(("green", "yellow", "joker"), ("3", "?", 1)))  # type: ignore[arg-type]
    keyed.set_roll(Roll(("g", "y", "X"), (3, 0, 1)))
    assert named.roll == keyed.roll
    assert named.choices_for(0) == keyed.choices_for(0)


def test_special_actions_and_kids_moves_name_their_cells_too() -> None:
    grey = Kok2PlayerSheet(load_layout("grey"))
    assert repr(grey.legal_specials("bomb")[0]) == \
        "Special.of('bomb', ['A1', 'A2', 'B1', 'B2'], width=15)"
    assert repr(grey.legal_specials("heart")[0]) == "Special('heart')"
    kids = KidsPlayerSheet(load_layout("kids"))
    assert repr(kids.legal_moves("crocodile")) == "[KidsMove.of('c', ['G4'], width=13)]"


def test_str_of_a_kok2_sheet_adds_boxes_and_hearts() -> None:
    me = Kok2PlayerSheet(load_layout("grey"))
    me.push(rules.Special("heart"))
    assert "boxes left 0, hearts 1/5" in str(me).splitlines()[-1]
