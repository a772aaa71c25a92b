"""A fourth edition plugs in from above, in this one file.

*Sprint* is a variant of the classic rules: the game ends in the round in which a player
completes ONE colour (the classic game waits for two). Its parts are registered in each
layer's table by name: the model's sheet kind (a copy of the classic one), the rules' game
type (a subclass of the classic game, so every layer above finds the classic parts along
its lineage: the printed sheet, the terminal table, the generator, the designer, the
strong bot's weights), and the edition's metadata. Nothing under ``kok_layouts/`` names it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from kok_layouts.analysis.simulate import simulate
from kok_layouts.cli.play import PLAY_TABLES, ClassicTable
from kok_layouts.editions import _EDITIONS as EDITION_TABLE
from kok_layouts.editions import EDITIONS, Edition, edition_of, part_for, register_edition
from kok_layouts.editions.classic import Classic
from kok_layouts.errors import BadArgumentError, LayoutError
from kok_layouts.generator.maker import GENERATORS
from kok_layouts.model import kinds as model_kinds
from kok_layouts.model.checks import validate_sheet
from kok_layouts.model.kinds import CLASSIC_KIND, register_sheet_kind, sheet_kind
from kok_layouts.model.loader import load_file, load_layout, parse_layout
from kok_layouts.model.sheet import ClassicSheet
from kok_layouts.model.writer import dump_layout
from kok_layouts.render.document import render_pdf
from kok_layouts.rules import kinds as rule_kinds
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.game import Game, new_game
from kok_layouts.rules.kinds import lineage, register_game
from kok_layouts.rules.record import load_and_replay, save_record
from kok_layouts.rules.strong import StrongBot
from kok_layouts.rules.strong import edition_of as weight_set_of


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class SprintSheet(ClassicSheet):
    edition: ClassVar[str] = "sprint"


class SprintGame(Game):
    """The classic game that ends once a player has completed one colour."""

    edition = "sprint"
    title = "Keer op Keer Sprint"
    sheet_kind = SprintSheet
    colours_to_end = 1


class Sprint(Classic):
    name = "sprint"
    solo_rating = False


@pytest.fixture(scope="module", autouse=True)
def sprint() -> Iterator[Edition]:
    """The edition, registered for this module's tests and taken out again after them
    (the registries are the process's: the other tests' editions stay three)."""
    register_sheet_kind(dataclasses.replace(CLASSIC_KIND, name="sprint",
                                            sheet_type=SprintSheet))
    register_game(SprintGame)
    edition = register_edition(Sprint())
    yield edition
    del EDITION_TABLE["sprint"]
    del rule_kinds._GAMES["sprint"]
    rule_kinds._LINEAGES.clear()
    del model_kinds._KINDS["sprint"]


def sprint_layout(tmp_path: Path) -> Path:
    """The black pad's layout as a Sprint layout."""
    text = dump_layout(load_layout("black")).replace("edition: classic", "edition: sprint")
    path = tmp_path / "sprint.yaml"
    path.write_text(text.replace("name: black", "name: sprint-black"), encoding="utf-8")
    return path


def test_a_layout_names_the_new_edition_and_reads_back_as_its_sheet(tmp_path: Path) -> None:
    sheet = load_file(sprint_layout(tmp_path))
    assert type(sheet) is SprintSheet and sheet.edition == "sprint"
    assert validate_sheet(sheet) == []
    assert parse_layout(dump_layout(sheet)) == sheet
    assert edition_of(sheet) is EDITIONS["sprint"]
    assert sheet_kind(sheet).schema()["properties"]["edition"] == {"const": "sprint"}


def test_a_wrong_edition_name_lists_the_new_one_with_its_line(tmp_path: Path) -> None:
    path = sprint_layout(tmp_path)
    path.write_text(path.read_text().replace("edition: sprint", "edition: sprnt"))
    with pytest.raises(LayoutError) as caught:
        load_file(path)
    assert "sprint" in str(caught.value) and "sprint.yaml:2:" in str(caught.value)


def test_the_edition_derives_from_the_classic_one_in_every_layer_above() -> None:
    sprint = EDITIONS["sprint"]
    assert sprint.lineage == lineage("sprint") == ("sprint", "classic")
    assert sprint.game_type is SprintGame and sprint.title == "Keer op Keer Sprint"
    assert part_for(PLAY_TABLES, sprint, "terminal table") is ClassicTable
    assert part_for(GENERATORS, sprint, "generator") is GENERATORS["classic"]
    assert weight_set_of(new_game(load_layout("black"), 1, solo=True)) == "classic"


def test_the_game_ends_in_the_round_a_player_completes_one_colour(tmp_path: Path) -> None:
    sheet = load_file(sprint_layout(tmp_path))
    for seed in range(5):
        game = new_game(sheet, ["Ann", "Bob"])
        assert type(game) is SprintGame
        play_game(game, [GreedyBot(), StrongBot()], np.random.default_rng(seed))
        assert game.over
        again, first = new_game(sheet, ["Ann", "Bob"]), None
        for roll, entry in enumerate(game.log, start=1):
            again.play_roll(entry)
            if first is None and any(s.completed_colours() for s in again.sheets):
                first = roll
        assert first is not None, "a sprint game ends only by a completed colour"
        assert len(game.log) == first + first % 2  # the round of two rolls is finished


def test_its_games_are_recorded_replayed_simulated_and_printed(tmp_path: Path) -> None:
    path = sprint_layout(tmp_path)
    sheet = load_file(path)
    game = play_game(new_game(sheet, ["Ann", "Bob"]), [GreedyBot(), GreedyBot()],
                     np.random.default_rng(3))
    save_record(game, tmp_path / "game.json", str(path), seed=3)
    again = load_and_replay(tmp_path / "game.json")
    assert type(again) is SprintGame and again.log == game.log
    results = simulate(sheet, 6, players=2, seed=2)
    classic = simulate(load_layout("black"), 6, players=2, seed=2)
    assert sum(r.rolls for r in results) < sum(r.rolls for r in classic)
    assert render_pdf([sheet]).startswith(b"%PDF")


def test_an_edition_is_registered_once_and_only_with_its_parts() -> None:
    with pytest.raises(BadArgumentError, match="registered already"):
        register_game(SprintGame)

    class Nameless(Classic):
        name = "nameless"

    with pytest.raises(BadArgumentError, match="sheet kind"):
        register_edition(Nameless())
