"""The environments and the learned bot's weights against hostile input: every action,
seed, reward, player count and layout either works or is refused with the project's own
error; observations stay inside their space; a game of passes ends."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kok_layouts
from kok_layouts import KokError, load_layout
from kok_layouts.env import ResetNeededError, SoloEnv, aec_env
from kok_layouts.env.batch import BatchSolo
from kok_layouts.errors import BadArgumentError, KokTypeError
from kok_layouts.rules import Options
from kok_layouts.rules.learned import LearnedBot, checked_weights, load_weights

from .conftest import ROOT


def test_the_six_cell_house_rule_is_refused_where_no_action_holds_it() -> None:
    for make in (lambda: SoloEnv("black", options=Options(number_joker_six=True)),
                 lambda: aec_env("grey", 2, options=Options(number_joker_six=True))):
        with pytest.raises(BadArgumentError, match="number_joker_six"):
            make()


def test_a_board_whose_stars_cost_more_than_an_observation_holds_is_refused() -> None:
    black = load_layout("black")
    every = frozenset(range(black.width * black.height))
    costly = dataclasses.replace(black, stars=every, star_penalty=99)  # type: ignore[call-arg]
    with pytest.raises(BadArgumentError, match="observation"):
        SoloEnv(costly)


def test_a_game_of_passes_ends_and_its_observations_stay_in_their_space() -> None:
    env = aec_env("black", 2)
    env.reset(seed=0)
    space = env.observation_space("player_0")
    steps = 0
    while env.agents and steps < 10_000:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        assert space.contains(env.observe(agent))
        env.step(0)  # pass
        steps += 1
    assert not env.agents and env.driver.game.rolls_done <= 200
    with pytest.raises(ResetNeededError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("action", [226.99, "226", b"0", True, None, float("nan"), 1j,
                                    [0], np.array([1]), -1, 10**30])
def test_an_action_that_is_not_an_index_of_the_space_is_refused(action: Any) -> None:
    solo = SoloEnv("black")
    solo.reset(seed=0)
    with pytest.raises(KokError):
        solo.step(action)
    game = aec_env("black", 2)
    game.reset(seed=0)
    with pytest.raises(KokError):
        game.step(action)


def test_numpy_whole_numbers_are_actions_and_seeds() -> None:
    solo = SoloEnv("black")
    _, info = solo.reset(seed=np.int64(3))
    action = np.flatnonzero(info["action_mask"])[-1]
    assert not solo.step(np.int64(action))[4]["illegal_action"]
    again = SoloEnv("black")
    again.reset(seed=3)
    assert not again.step(int(action))[4]["illegal_action"]


@pytest.mark.parametrize("seed", [-1, 1.5, "5", True, 2**70, [1, 2], float("nan")])
def test_a_seed_outside_the_seed_limits_is_refused_by_both_environments(seed: Any) -> None:
    with pytest.raises(KokError):
        SoloEnv("black").reset(seed=seed)
    with pytest.raises(KokError):
        aec_env("black", 2).reset(seed=seed)


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"illegal_reward": "x"}, KokTypeError), ({"illegal_reward": None}, KokTypeError),
    ({"illegal_reward": float("nan")}, BadArgumentError),
    ({"illegal_reward": float("inf")}, BadArgumentError),
    ({"illegal_reward": True}, KokTypeError)])
def test_the_illegal_reward_is_a_finite_number(kwargs: dict[str, Any],
                                              error: type[Exception]) -> None:
    with pytest.raises(error):
        SoloEnv("black", **kwargs)
    with pytest.raises(error):
        aec_env("black", 2, **kwargs)


@pytest.mark.parametrize("players", [1, 0, -3, 7, ["ann", "bob"], 2.0, True, None])
def test_the_game_environment_is_for_two_or_more_whole_seats(players: Any) -> None:
    with pytest.raises(KokError):
        aec_env("black", players)


def test_agents_and_flat_observations_are_checked() -> None:
    env = aec_env("black", 2)
    env.reset(seed=1)
    for agent in ("player_9", 0, None):
        with pytest.raises(BadArgumentError):
            env.observe(agent)  # type: ignore[arg-type]
    for vector in (np.zeros(3), None, [0]):
        with pytest.raises(BadArgumentError):
            env.named(vector)  # type: ignore[arg-type]
    flat = env.observe("player_0")["observation"]
    assert set(env.named(flat)) >= {"board", "score", "turn"}


def test_a_path_is_a_layout_for_every_environment() -> None:
    path = ROOT / "examples" / "lopsided.yaml"
    assert SoloEnv(path).sheet.name == "lopsided"
    assert aec_env(path, 2).driver.sheet.name == "lopsided"
    assert BatchSolo(path, 2, seed=1).n == 2


@pytest.mark.parametrize("games", [np.array([0, 1]), [True, False], np.array([True]),
                                   np.ones((2, 2), dtype=bool), 5])
def test_a_batch_resets_only_by_a_boolean_index_of_its_games(games: Any) -> None:
    batch = BatchSolo("black", 2, seed=1)
    before = batch.crossed.copy()
    with pytest.raises(KokTypeError):
        batch.reset(games)
    assert np.array_equal(batch.crossed, before)
    with pytest.raises(KokTypeError):
        batch.sample(None)  # type: ignore[arg-type]


# -- the learned bot's weights ------------------------------------------------------------

@pytest.mark.parametrize("path", [None, 5, b"w.json", ["w.json"], "a\0b"])
def test_a_weights_path_of_the_wrong_kind_is_one_clear_error(path: Any) -> None:
    with pytest.raises(KokError):
        load_weights(path)


def test_a_number_json_cannot_read_is_a_broken_weights_file(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"format": ' + "9" * 100_000 + "}")
    with pytest.raises(KokError, match="not JSON"):
        load_weights(path)


def test_weights_given_as_a_mapping_are_refused_not_read_as_their_keys() -> None:
    with pytest.raises(BadArgumentError):
        LearnedBot({"classic": {i: 0.5 for i in range(32)}})
    with pytest.raises(KokTypeError):
        checked_weights({}, None)  # type: ignore[arg-type]
    document = json.loads((ROOT / "kok_layouts" / "rules" / "learned_weights.json")
                          .read_text())
    document["version"] = True
    with pytest.raises(KokError, match="version"):
        checked_weights(document)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=32,
                          min_value=-10, max_value=10), min_size=32, max_size=32))
def test_float32_weights_are_weights(values: list[float]) -> None:
    bot = LearnedBot({"classic": np.array(values, dtype=np.float32)})
    assert bot.corrections["classic"].dtype == np.float64


@pytest.mark.parametrize("options", [Options(star_penalty=20, pass_penalty=20, max_rolls=400),
                                     Options(max_rolls=12_000),
                                     Options(max_rolls=40_000),
                                     Options(pass_penalty=20, max_rolls=2_000)])
def test_house_options_that_leave_the_observation_range_are_refused(options: Options) -> None:
    black = load_layout("black")
    crowded = dataclasses.replace(black, stars=frozenset(range(black.width * black.height)))
    sheet = crowded if options.star_penalty else black
    with pytest.raises(BadArgumentError, match="observation"):
        aec_env(sheet, 2, options=options)


def test_the_roll_cap_of_a_game_of_passes_is_a_truncation() -> None:
    env = aec_env("black", 2)
    env.reset(seed=0)
    while not any(env.truncations.values()) and not any(env.terminations.values()):
        env.step(0)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_a_seed_too_long_to_write_is_refused_in_one_short_line() -> None:
    with pytest.raises(BadArgumentError) as raised:
        SoloEnv("black").reset(seed=10**5000)
    assert "digits" in str(raised.value) and len(str(raised.value)) < 200


def test_every_environment_takes_numpy_seeds_and_refuses_numpy_one_seat() -> None:
    assert BatchSolo("black", 2, seed=np.int64(4)).n == 2
    with pytest.raises(BadArgumentError, match="SoloEnv"):
        aec_env("black", np.int64(1))  # type: ignore[arg-type]
    with pytest.raises(BadArgumentError):
        SoloEnv("black", illegal_reward=10**400)


def test_a_finished_agent_may_only_pass_none() -> None:
    env = aec_env("black", 2)
    env.reset(seed=0)
    while not any(env.truncations.values()) and not any(env.terminations.values()):
        env.step(0)
    with pytest.raises(BadArgumentError, match="None"):
        env.step(0)
    env.step(None)


def test_a_sheet_made_in_code_with_an_unprintable_penalty_is_reported() -> None:
    black = load_layout("black")
    changes: list[dict[str, Any]] = [{"star_penalty": -3}, {"mark_points": 500},
                                     {"star_penalty": "2"}]
    for change in changes:
        wrong = dataclasses.replace(black, **change)
        assert [p.code for p in kok_layouts.validate_sheet(wrong)] == ["number-range"]
