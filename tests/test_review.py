"""kok review: what each choice of a saved game lost against the strong bot's best."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts.analysis.review import Review, cells_text, review_game, review_record
from kok_layouts.errors import BadArgumentError
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.bots import make_bot, play_game
from kok_layouts.rules.game import Game, new_game
from kok_layouts.rules.record import save_record

SEED = 5
LAYOUTS = ("black", "grey", "kids")


@cache
def _game(layout: str, bot: str) -> Game:
    """A seeded game of two bots of one kind on ``layout``."""
    return play_game(new_game(load_layout(layout), ["Ann", "Bob"]),
                     [make_bot(bot), make_bot(bot)], np.random.default_rng(SEED))


@cache
def _review(layout: str, bot: str, player: str = "Ann") -> Review:
    return review_game(_game(layout, bot), player, layout)


def _saved(tmp_path: Path, layout: str = "black", bot: str = "greedy") -> Path:
    path = tmp_path / f"{layout}-{bot}.json"
    save_record(_game(layout, bot), path, layout, SEED)
    return path


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_greedy_bots_game_loses_points_and_a_strong_bots_game_fewer(layout: str) -> None:
    for player in ("Ann", "Bob"):
        greedy, strong = _review(layout, "greedy", player), _review(layout, "strong", player)
        assert greedy.total > 0
        assert strong.total < greedy.total


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_strong_bots_own_choices_cost_nothing(layout: str) -> None:
    review = _review(layout, "strong")
    assert review.rolls and all(r.loss == 0.0 for r in review.rolls)
    assert all(r.played == r.best for r in review.rolls)
    assert review.best_played == len(review.rolls) and not review.worst


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_choice_of_the_player_is_reviewed_active_and_passive(layout: str) -> None:
    game = _game(layout, "greedy")
    review = _review(layout, "greedy")
    assert [r.roll for r in review.rolls] == list(range(1, game.rolls_done + 1))
    assert [r.active for r in review.rolls] == [e.active == 0 for e in game.log]
    assert all(r.loss is None or r.loss >= 0 for r in review.rolls)
    assert review.total == round(sum(r.loss or 0.0 for r in review.rolls), 2)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_three_costliest_rolls_are_explained_in_a_sentence(layout: str) -> None:
    review = _review(layout, "greedy")
    worst = review.worst
    assert 1 <= len(worst) <= 3
    losses = sorted((r.loss or 0.0 for r in review.rolls), reverse=True)
    assert [r.loss for r in worst] == losses[:len(worst)]
    for entry in worst:
        assert entry.sentence.startswith(f"roll {entry.roll}: {entry.best} would have ")
        assert entry.sentence.endswith("lost.")
        assert entry.played in entry.sentence or "you passed" in entry.sentence


def test_a_keer_op_keer_2_game_with_bombs_is_reviewed() -> None:
    game = _game("grey", "greedy")
    assert any(choice is not None and choice.bombs for entry in game.log
               for choice in entry.choices), "the seeded game places a bomb"
    for player in ("Ann", "Bob"):
        review = _review("grey", "greedy", player)
        assert review.edition == "kok2" and review.total > 0
    texts = [r.played for name in ("Ann", "Bob") for r in _review("grey", "greedy", name).rolls]
    assert any("+ a bomb on" in text for text in texts)


def test_a_kids_move_is_said_by_its_animal() -> None:
    review = _review("kids", "greedy")
    animals = {c.name for c in load_layout("kids").colours}
    assert all(r.played.split(" ")[0] in animals | {"purple", "pass"} for r in review.rolls)


def test_cells_are_named_as_a_run_when_they_make_one() -> None:
    game = _game("black", "greedy")
    sheet = game.sheet

    def mask(*names: str) -> int:
        return sum(1 << sheet.parse_cell(n) for n in names)

    assert cells_text(game, mask("H4", "H5", "H6")) == "H4-H6"
    assert cells_text(game, mask("F2", "G2", "H2")) == "F2-H2"
    assert cells_text(game, mask("A1", "C1")) == "A1 C1"


def test_json_has_the_issues_shape(kok: Any, tmp_path: Path) -> None:
    path = _saved(tmp_path)
    run = kok("review", str(path), "--player", "Bob", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["player"] == "Bob" and data["players"] == ["Ann", "Bob"]
    assert {"rolls", "worst", "total", "player", "score"} <= set(data)
    for entry in data["rolls"]:
        assert {"roll", "played", "best", "loss"} <= set(entry)
        assert isinstance(entry["roll"], int) and isinstance(entry["played"], str)
        assert isinstance(entry["best"], str) and isinstance(entry["loss"], float)
    assert data["total"] == pytest.approx(sum(e["loss"] for e in data["rolls"]), abs=0.011)
    assert data == _review("black", "greedy", "Bob").as_dict()


def test_the_text_names_the_rolls_the_worst_and_the_total(kok: Any, tmp_path: Path) -> None:
    run = kok("review", str(_saved(tmp_path)))
    assert run.code == 0, run.err
    assert run.out.startswith("Review of Ann's game")
    assert "The costliest rolls:" in run.out and "Total: " in run.out


def test_the_pdf_has_the_review_in_text(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "review.pdf"
    run = kok("review", str(_saved(tmp_path)), "-o", str(out))
    assert run.code == 0, run.err
    pdf = pdfium.PdfDocument(out.read_bytes())
    assert 1 <= len(pdf) <= 2
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Game review: Ann" in text and "The costliest rolls" in text
    image = np.asarray(pdf[0].render(scale=1).to_pil().convert("L"))
    assert (image < 128).mean() > 0.01  # ink on the page


def test_the_png_is_a_picture(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "review.png"
    assert kok("review", str(_saved(tmp_path)), "-o", str(out)).code == 0
    assert out.read_bytes().startswith(b"\x89PNG")


def test_play_offers_the_review_of_the_game_it_saved() -> None:
    from kok_layouts.cli.play import review_hint

    assert review_hint("game.json", ["Ann"]).endswith("kok review game.json")
    assert "kok review 'my game.json' --player 'Bo b'" in review_hint("my game.json",
                                                                     ["Ann", "Bo b"])


# -- hostile inputs ---------------------------------------------------------------------------
def _one_line_refusal(run: Any) -> None:
    assert run.code == 2
    assert run.out == ""
    assert run.err.startswith("kok") and run.err.count("\n") == 1, run.err
    assert "Traceback" not in run.err


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=60))
def test_any_unknown_player_name_is_one_line(kok: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / "game.json"
    if not path.exists():
        save_record(_game("black", "greedy"), path, "black", SEED)
    if name.casefold() in ("ann", "bob") or name.startswith("-") or "\x00" in name:
        return
    _one_line_refusal(kok("review", str(path), "--player", name))


def test_an_unknown_player_is_refused_in_the_library() -> None:
    with pytest.raises(BadArgumentError,
                       match="no player 'Cy' in this game; the players are Ann, Bob"):
        review_game(_game("black", "greedy"), "Cy")


def test_a_broken_record_is_one_line(kok: Any, tmp_path: Path) -> None:
    path = _saved(tmp_path)
    path.write_text(path.read_text()[:-40])
    _one_line_refusal(kok("review", str(path)))
    record = json.loads(_saved(tmp_path).read_text())
    record["rolls"][3]["choices"]["Ann"] = {"colour_die": 0, "number_die": 0, "colour": "green",
                                            "number": 1, "cells": ["O7"]}
    path.write_text(json.dumps(record))
    run = kok("review", str(path))
    _one_line_refusal(run)
    assert "roll 4" in run.err


def test_a_record_of_another_edition_is_one_line(kok: Any, tmp_path: Path) -> None:
    record = json.loads(_saved(tmp_path).read_text())
    record["edition"] = "kids"
    path = tmp_path / "other.json"
    path.write_text(json.dumps(record))
    run = kok("review", str(path))
    _one_line_refusal(run)
    assert "classic sheet" in run.err


def test_a_folder_as_output_is_refused_and_nothing_written(kok: Any, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    _one_line_refusal(kok("review", str(_saved(tmp_path)), "-o", str(folder)))
    _one_line_refusal(kok("review", str(_saved(tmp_path)), "-o", str(tmp_path / "new") + "/"))
    assert list(folder.iterdir()) == []
    assert not (tmp_path / "new").exists()


def test_an_output_that_is_not_a_pdf_or_png_is_refused(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "review.txt"
    _one_line_refusal(kok("review", str(_saved(tmp_path)), "-o", str(out)))
    assert not out.exists()


def test_a_missing_record_is_one_line(kok: Any, tmp_path: Path) -> None:
    _one_line_refusal(kok("review", str(tmp_path / "nothing.json")))


def test_review_record_reads_a_custom_layout_beside_its_record(tmp_path: Path) -> None:
    review = review_record(_saved(tmp_path, "kids", "greedy"), "bob")
    assert review.player == "Bob" and review.edition == "kids"


def test_the_table_serves_the_review_of_a_seat_once_the_game_is_over() -> None:
    from kok_layouts.rules.turns import Turns
    from tests.test_table_server import new_session, request, running, token

    session = new_session()
    with running(session) as table:
        path = f"/api/review.pdf?token={token(table, 1)}"
        status, data, _ = request(table, "GET", path)
        assert status == 409 and data["code"] == "review_early"
        with session.lock:
            game = session.game
            while not game.over:
                Turns(game, np.random.default_rng(1)).play_roll([make_bot("greedy")] * 3)
        status, data, headers = request(table, "GET", path)
        assert status == 200 and data.startswith(b"%PDF")
        assert "kok-review.pdf" in headers["Content-Disposition"]
        text = pdfium.PdfDocument(data)[0].get_textpage().get_text_range()
        assert f"Game review: {game.players[1]}" in text


def test_rollouts_measure_each_costly_choice_by_games_played_on(kok: Any,
                                                                tmp_path: Path) -> None:
    review = review_game(_game("kids", "greedy"), "Ann", "kids", rollouts=2)
    assert review.rollouts == 2
    assert all(r.rollout is not None for r in review.rolls)
    assert all(r.rollout == 0.0 for r in review.rolls if r.loss == 0.0)
    data = review.as_dict()
    assert data["rollouts"] == 2 and "rollout_loss" in data["rolls"][0]
    assert data["rollout_total"] == review.rollout_total
    assert review.total == _review("kids", "greedy").total  # the valuation is unchanged
    run = kok("review", str(_saved(tmp_path)), "--rollouts", "0")
    assert run.code == 2 and "--rollouts" in run.err


def test_the_table_offers_the_review_of_the_game_it_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    import argparse
    import threading
    from types import SimpleNamespace

    from kok_layouts.cli import table

    stopped = threading.Event()
    server = SimpleNamespace(serve_forever=lambda poll_interval: stopped.wait(30),
                             shutdown=stopped.set)
    saved: list[str] = []

    def save_record(path: Path) -> None:
        saved.append(str(path))
        server.shutdown()

    session = SimpleNamespace(
        begin=lambda: None, changed=threading.Condition(), save_record=save_record,
        game=SimpleNamespace(over=True, rolls_done=12, players=("Ann", "greedy", "Bo")),
        people=lambda: [0, 2])
    monkeypatch.setattr(table, "_announce", lambda *_: None)
    table._serve(argparse.Namespace(save=tmp_path / "game.json"), server, session)
    out = capsys.readouterr().out
    assert saved == [str(tmp_path / "game.json")]
    assert f"kok review {tmp_path / 'game.json'}" in out
    assert "--player Bo" in out and "greedy" not in out.split("kok review", 1)[1]
