"""The environments keep Gymnasium's order (issue 34, class 2).

A step, an observation, an action mask or a render before the first ``reset`` has no
seeded game to act on, and a step after the episode ended has no game left: each is
refused with one line, a :class:`ResetNeededError` (the project's ``KokError`` and
Gymnasium's ``ResetNeeded`` at once), and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts.env import ResetNeededError, SoloEnv, aec_env
from kok_layouts.errors import KokError

LAYOUTS = ["black", "grey", "kids"]


def _one_line(error: pytest.ExceptionInfo[BaseException]) -> str:
    text = str(error.value)
    assert "\n" not in text and "reset()" in text
    assert isinstance(error.value, KokError)
    assert isinstance(error.value, gymnasium.error.ResetNeeded)
    return text


def _finished_solo(layout: str, seed: int = 3) -> SoloEnv:
    env = SoloEnv(layout)
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = env.step(action)
    return env


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_solo_step_before_reset_is_refused_and_plays_nothing(layout: str) -> None:
    env = SoloEnv(layout)
    with pytest.raises(ResetNeededError) as refused:
        env.step(0)
    assert "before reset()" in _one_line(refused)
    assert env.driver.game.rolls_done == 0 and env.driver.game.roll is None


@pytest.mark.parametrize("call", [lambda env: env.action_masks(), lambda env: env.render()],
                         ids=["action_masks", "render"])
def test_a_solo_mask_or_render_before_reset_is_refused(call: Callable[[SoloEnv], Any]) -> None:
    with pytest.raises(ResetNeededError) as refused:
        call(SoloEnv("black", render_mode="ansi"))
    _one_line(refused)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_solo_step_after_the_episode_ended_is_refused(layout: str) -> None:
    env = _finished_solo(layout)
    score = env.driver.score(0)
    with pytest.raises(ResetNeededError) as refused:
        env.step(0)
    assert "ended" in _one_line(refused)
    assert env.driver.score(0) == score
    env.reset(seed=4)  # and a reset starts a new game that takes steps again
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_the_gymnasium_wrapped_environment_says_the_same() -> None:
    env = gymnasium.make("kok_layouts/Solo-v0", layout="black", disable_env_checker=True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 1284))
def test_any_action_before_reset_is_refused_before_it_is_read(seed: int, action: int) -> None:
    env = SoloEnv("black")
    with pytest.raises(ResetNeededError):
        env.step(action)
    env.reset(seed=seed)  # the refusal left nothing behind
    assert env.driver.game.rolls_done == 0 and env.driver.game.roll is not None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_aec_step_before_reset_is_refused(layout: str) -> None:
    env = aec_env(layout, 2)
    with pytest.raises(ResetNeededError) as refused:
        env.step(0)
    assert "before reset()" in _one_line(refused)
    assert env.driver.game.roll is None


@pytest.mark.parametrize("call", [lambda env: env.observe("player_0"), lambda env: env.last(),
                                  lambda env: env.render()], ids=["observe", "last", "render"])
def test_an_aec_observation_before_reset_is_refused(call: Callable[[Any], Any]) -> None:
    with pytest.raises(ResetNeededError) as refused:
        call(aec_env("black", 2, render_mode="ansi"))
    _one_line(refused)


def test_an_aec_step_after_every_agent_left_is_refused() -> None:
    env = aec_env("kids", 2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    with pytest.raises(ResetNeededError) as refused:
        env.step(0)
    _one_line(refused)
