"""The PettingZoo AEC environment of a game of 2 to 6 players (Kids 2 to 4).

The agents are ``player_0``, ``player_1``, ... in seat order; ``player_0`` throws first.
In every roll the active player chooses first, then each passive player in seat order
(docs/rules.md section 1.4), each with the dice the rules allow them. The observation is
``{"observation": ..., "action_mask": ...}``, PettingZoo's convention: ``observation`` is
one flat int16 vector of the named arrays of :mod:`kok_layouts.env.observe`
(``env.named(obs["observation"])`` gives them back by name); the mask is all zeros for an
agent whose turn it is not. The reward of a step is what it
changed in the acting player's score; at the end ``infos[agent]`` holds the final
``score`` and whether the agent is among the ``winners``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from kok_layouts import limits
from kok_layouts.env.driver import (
    Driver,
    ResetNeededError,
    checked_action,
    checked_reward,
    checked_seed,
)
from kok_layouts.env.observe import observation_space, observe
from kok_layouts.errors import BadArgumentError, KokTypeError, shown_repr
from kok_layouts.rules import Options


class KokAEC(AECEnv):  # type: ignore[misc]
    """A game on ``layout`` for ``players`` seats; see :func:`aec_env`."""

    metadata: ClassVar[dict[str, Any]] = {"name": "kok_layouts_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, layout: object = "black", players: int = 2,
                 options: Options | None = None, render_mode: str | None = None,
                 illegal_reward: float = -1.0) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise KokTypeError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if isinstance(players, int | np.integer) and not isinstance(players, bool) \
                and players < 2:
            raise BadArgumentError(f"aec_env is a game of 2 or more players, not {players}; "
                                   "a solo game is SoloEnv")
        self.driver = Driver(layout, players, options)
        players = self.driver.players
        self.table = self.driver.table
        self.render_mode = render_mode
        self.illegal_reward = checked_reward(illegal_reward)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        mask_space = spaces.Box(0, 1, (self.table.size,), dtype=np.int8)
        self.named_space = observation_space(self.table, players)
        """The observation's arrays by name (:func:`kok_layouts.env.observe.observe`)."""
        space = spaces.Dict({"observation": spaces.flatten_space(self.named_space),
                             "action_mask": mask_space})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self.rng = np.random.default_rng()
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | np.integer[Any] | None = None,
              options: dict[str, Any] | None = None) -> None:
        self.rng = np.random.default_rng(checked_seed(seed))
        self.driver.start(self.rng)
        self._reset_bookkeeping()
        self._select()

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise BadArgumentError(f"no agent {shown_repr(agent, 40)}; the agents are "
                                   f"{', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def _select(self) -> None:
        seat = self.driver.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        self.driver.require_start("observe()")
        seat = self._seat(agent)
        mine = agent == self.agent_selection and not self.driver.over
        mask = self.driver.mask() if mine else np.zeros(self.table.size, dtype=np.int8)
        bombs = self.driver.bombs_owed if mine else 0
        now = self.driver.pending_crossed if mine else None
        named = observe(self.driver.game, seat, self.table, bombs, now)
        return {"observation": spaces.flatten(self.named_space, named), "action_mask": mask}

    def named(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """The flat ``observation`` vector as the named arrays it holds."""
        size = spaces.flatdim(self.named_space)
        if not isinstance(observation, np.ndarray) or observation.shape != (size,):
            raise BadArgumentError(f"named() takes a flat observation of {size} numbers, not "
                                   f"{shown_repr(observation, 40)}")
        named: dict[str, np.ndarray] = spaces.unflatten(self.named_space,  # type: ignore[arg-type]
                                                        observation)
        return named

    def step(self, action: Any) -> None:
        self.driver.require_start("step()")
        agent = self.agent_selection
        if agent not in self.terminations:
            raise ResetNeededError("step() after the game ended and every agent has left: "
                                   "call reset() for a new game")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise BadArgumentError(f"{agent}'s game is over: its only action is None")
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        played = checked_action(action, self.table.size)
        self._cumulative_rewards[agent] = 0.0
        before = self.driver.score(seat)
        legal = self.driver.play(played)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = (float(self.driver.score(seat) - before) if legal
                               else self.illegal_reward)
        self.infos[agent] = {"illegal_action": not legal}
        if self.driver.over:
            game = self.driver.game
            winners = set(game.winner_seats())
            # The driver's roll cap cuts a game short (a truncation); the rules end it.
            cut = self.driver.capped and game.rolls_done >= limits.GAME_ROLLS and not any(
                len(sheet.completed_colours()) >= 2 for sheet in game.sheets)
            for other in self.agents:
                (self.truncations if cut else self.terminations)[other] = True
                self.infos[other] = {"score": self.driver.score(self._seat(other)),
                                     "winner": self._seat(other) in winners}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        self.driver.require_start("render()")
        if self.render_mode == "ansi":
            return self.driver.describe()
        return None

    def close(self) -> None:
        pass


def aec_env(layout: object = "black", players: int = 2, options: Options | None = None,
            render_mode: str | None = None, illegal_reward: float = -1.0) -> KokAEC:
    """A PettingZoo AEC environment of a game on ``layout`` (a built-in name, a path or a
    sheet) for ``players`` seats."""
    return KokAEC(layout, players, options, render_mode, illegal_reward)
