"""The searching bots and a level are at home in every command: ``kok simulate``, ``kok
check --bot``, a seat of ``kok table`` (``kok play --bots``: every bot, tests/test_play.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kok_layouts import load_layout
from kok_layouts.table.session import TableSession

BOTS = ("learned", "expert", "level-3")


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOTS)
def test_kok_simulate_and_kok_check_play_the_bot(kok: Any, bot: str) -> None:
    run = kok("simulate", "black", "--bots", bot, "--players", "2", "--games", "2",
              "--seed", "3", "--jobs", "1")
    assert run.code == 0, run.err
    games = [json.loads(line) for line in run.out.splitlines()]
    assert len(games) == 2 and all(game["ended"] for game in games)
    run = kok("check", "kids", "--bot", bot, "--games", "20", "--jobs", "1")
    assert run.code in (0, 1), run.err   # 1: a verdict fails, still a finished check
    assert "mean score" in run.out and "Traceback" not in run.err


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOTS)
def test_a_table_seat_is_played_by_the_bot(bot: str) -> None:
    session = TableSession(load_layout("black"), "black", ["Ann", bot], {1: bot}, seed=4)
    session.begin()
    rolls = 0
    while not session.game.over and rolls < 6:
        assert session.game.waiting_for() == [0]   # the bot's seat never waits for anyone
        session.pass_turn(0, end=True)
        rolls += 1
    assert session.game.rolls_done == 6
    assert any(entry.choices[1] is not None for entry in session.game.log)
