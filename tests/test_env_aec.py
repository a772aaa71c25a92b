"""The PettingZoo AEC environment (issue 24): 2 to 6 players, Kids 2 to 4, masks, seeds."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # type: ignore[import-untyped]

from kok_layouts.env import aec_env
from kok_layouts.errors import BadArgumentError

# PettingZoo warns about every environment with action masks in a dict observation (its
# own classic games are on a list of exceptions): those two warnings are the convention.
CONVENTION = ("Observation space for each agent probably should be",
              "Observation is not a NumPy array")


@pytest.mark.parametrize(("layout", "players"), [("black", 2), ("grey", 3), ("kids", 2)])
def test_the_aec_environment_passes_pettingzoos_api_test_for_every_edition(
        layout: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env(layout, players=players), num_cycles=300)
    others = [str(w.message) for w in caught if not str(w.message).startswith(CONVENTION)]
    assert others == []


def play_randomly(env: object, seed: int,
                  finals: dict[str, dict[str, object]] | None = None) -> int:
    """A whole game with random legal actions; returns the steps taken. ``finals`` gets
    each agent's info at the end."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)  # type: ignore[attr-defined]
    steps = 0
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, _, terminated, truncated, info = env.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            if finals is not None:
                finals[agent] = info
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
        env.step(action)  # type: ignore[attr-defined]
    return steps


@pytest.mark.parametrize(("layout", "players"), [("black", 6), ("grey", 2), ("kids", 4),
                                                 ("examples/travel.yaml", 3)])
def test_a_random_game_ends_with_every_players_score_and_the_winners(
        layout: str, players: int) -> None:
    env = aec_env(layout, players=players)
    finals: dict[str, dict[str, object]] = {}
    steps = play_randomly(env, 11, finals)
    game = env.driver.game
    assert game.over and steps >= game.rolls_done * players
    scores = [s.total for s in game.scores()]
    assert [finals[a]["score"] for a in env.possible_agents] == scores
    winners = set(game.winner_seats())
    assert {s for s in range(players) if finals[f"player_{s}"]["winner"]} == winners
    assert env.agents == []  # every agent stepped out once it was done


def test_the_active_player_chooses_first_and_the_others_see_no_legal_action() -> None:
    env = aec_env("black", players=3)
    env.reset(seed=4)
    assert env.agent_selection == "player_0"
    assert env.observe("player_1")["action_mask"].sum() == 0
    assert env.observe("player_0")["action_mask"].sum() >= 1
    env.step(0)  # the active player passes: the others choose from all six dice
    assert env.agent_selection == "player_1"
    assert env.named(env.observe("player_1")["observation"])["dice"].sum() == 3


def test_the_observation_starts_at_the_observers_seat() -> None:
    env = aec_env("black", players=2)
    env.reset(seed=9)
    mask = env.observe("player_0")["action_mask"]
    action = int(np.flatnonzero(mask)[-1])
    env.step(action)
    mine = env.named(env.observe("player_0")["observation"])["crossed"]
    theirs = env.named(env.observe("player_1")["observation"])["crossed"]
    assert mine[0].sum() == env.table.masks[action].bit_count() == theirs[1].sum()
    assert mine[1].sum() == 0 == theirs[0].sum()


def test_the_same_seed_replays_the_same_game() -> None:
    first, second = aec_env("kids", players=3), aec_env("kids", players=3)
    assert play_randomly(first, 5) == play_randomly(second, 5)
    assert first.driver.game.state_key() == second.driver.game.state_key()


@pytest.mark.parametrize(("layout", "players"), [("black", 0), ("black", 7), ("kids", 5),
                                                 ("kids", 1), ("grey", -1)])
def test_a_player_count_the_edition_does_not_allow_is_refused(layout: str,
                                                              players: int) -> None:
    with pytest.raises(BadArgumentError):
        aec_env(layout, players=players)
