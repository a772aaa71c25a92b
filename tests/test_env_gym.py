"""The Gymnasium solo environment (issue 24): every edition, any layout, masks, seeds."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from kok_layouts.env import SoloEnv  # noqa: E402
from kok_layouts.errors import BadArgumentError, KokTypeError  # noqa: E402

LAYOUTS = ["black", "grey", "kids", "examples/travel.yaml", "examples/donut.yaml"]


def random_episode(env: SoloEnv, seed: int) -> tuple[list[float], dict[str, object]]:
    """A whole episode with a uniformly random legal action at every step."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    rewards, over = [], False
    while not over:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, reward, over, truncated, info = env.step(action)
        assert not truncated
        rewards.append(float(reward))
    return rewards, info


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_the_solo_environment_passes_gymnasiums_checker_for_every_edition(layout: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        check_env(SoloEnv(layout), skip_render_check=True)


def test_the_readme_loop_plays_a_game_with_random_legal_actions() -> None:
    # The README's ten-line random-agent loop, as printed there.
    import gymnasium
    import numpy as np

    import kok_layouts.env  # noqa: F401  (registers kok_layouts/Solo-v0)

    env = gymnasium.make("kok_layouts/Solo-v0", layout="black")
    _, info = env.reset(seed=42)
    rng, done, total = np.random.default_rng(42), False, 0.0
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))  # a random legal action
        _, reward, terminated, truncated, info = env.step(action)
        done, total = terminated or truncated, total + float(reward)
    print(f"score {info['score']}")
    assert info["score"] == total - 22  # an empty black sheet: 8 marks, 15 stars at -2


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_episode_is_a_whole_solo_game_and_its_return_is_the_score_gained(layout: str) -> None:
    env = SoloEnv(layout)
    rewards, info = random_episode(env, seed=3)
    game = env.driver.game
    assert game.over and game.solo
    empty = type(game)(game.sheet, ["me"], solo=True).sheets[0].score().total
    score = int(info["score"])  # type: ignore[call-overload]
    assert sum(rewards) == score - empty == game.scores()[0].total - empty
    assert len(rewards) >= game.rolls_done  # one step per roll, more for bombs


def test_the_same_seed_gives_the_same_dice_and_another_seed_other_dice() -> None:
    first, second = SoloEnv("black"), SoloEnv("black")
    a, _ = first.reset(seed=7)
    b, _ = second.reset(seed=7)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    rolls = {str(SoloEnv("black").reset(seed=s)[0]["dice"]) for s in range(20)}
    assert len(rolls) > 1


def test_the_observation_shows_the_crosses_by_colour_and_the_roll() -> None:
    env = SoloEnv("black")
    obs, info = env.reset(seed=1)
    assert obs["crossed"].shape == (1, 5, 7, 15) and not obs["crossed"].any()
    assert obs["dice"].sum() == 2 and obs["numbers"].sum() == 2  # solo: 2 + 2 dice
    assert obs["stars"].sum() == 15 and obs["board"].sum() == 105
    action = int(np.flatnonzero(info["action_mask"])[-1])
    cells = env.table.masks[action]
    obs, *_ = env.step(action)
    assert obs["crossed"].sum() == cells.bit_count()
    assert obs["turn"][0] == 1  # one roll done


def test_an_action_the_mask_forbids_changes_nothing_and_is_flagged() -> None:
    env = SoloEnv("black", illegal_reward=-5.0)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.driver.game.state_key()
    _, reward, done, _, info = env.step(illegal)
    assert reward == -5.0 and not done and info["illegal_action"]
    assert env.driver.game.state_key() == before


def test_kids_passes_only_when_no_die_allows_a_move() -> None:
    env = SoloEnv("kids")
    _, info = env.reset(seed=5)
    mask = info["action_mask"]
    assert mask[0] == (mask[1:].sum() == 0)


def test_importing_kok_layouts_does_not_import_gymnasium_or_pettingzoo() -> None:
    code = ("import sys, kok_layouts, kok_layouts.rules; "
            "print('gymnasium' in sys.modules, 'pettingzoo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "False"]


def test_without_the_extra_the_error_is_one_line_naming_it() -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "try:\n    import kok_layouts.env\n"
            "except ModuleNotFoundError as err:\n    print(err)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.count("\n") == 1
    assert "pip install 'kok-layouts[rl]'" in out.stdout and "pettingzoo" in out.stdout


@pytest.mark.parametrize("layout", [None, 3, b"black", ["black"]])
def test_a_layout_that_is_no_name_path_or_sheet_is_refused(layout: object) -> None:
    with pytest.raises(KokTypeError):
        SoloEnv(layout)


@pytest.mark.parametrize("layout", ["no-such-pad", "", "\u00e9\u0301", "/dev/null"])
def test_an_unknown_layout_is_refused_with_the_projects_error(layout: str) -> None:
    with pytest.raises(ValueError):
        SoloEnv(layout)


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(KokTypeError):
        SoloEnv("black", render_mode="human")
    env = SoloEnv("black", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "roll:" in text and "marks left 8" in text


def test_describe_action_names_the_move_and_refuses_numbers_out_of_range() -> None:
    env = SoloEnv("black")
    assert env.describe_action(0) == "pass"
    assert env.describe_action(1).startswith("green 1: ")  # plain dice first
    assert env.describe_action(env.table.size - 1).endswith("(colour joker, number joker)")
    for bad in (-1, env.table.size, 10**12):
        with pytest.raises(BadArgumentError):
            env.describe_action(bad)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_seed_gives_a_finished_game_whose_rewards_add_up(seed: int) -> None:
    env = SoloEnv("grey")
    rewards, info = random_episode(env, seed % 1000)
    empty = env.driver.game.sheets[0].sheet.exclamation_marks - 2 * 15
    assert env.driver.game.over
    score = int(info["score"])  # type: ignore[call-overload]
    assert sum(rewards) == score - (empty + 2)  # grey: one box (+2) at the start
