"""The Gymnasium environment of a solo game (docs/rules.md sections 1.10, 2.8 and 3.10).

One step is one choice of the one player: a colour-and-number move, a special action, an
enclosure, a pass, or where a bomb falls (see :mod:`kok_layouts.env.actions`). The dice
of every roll come from the generator :meth:`SoloEnv.reset` seeds. The reward of a step
is what it changed in the score, so an episode's return is the final total less the
empty sheet's (the marks and, on classic sheets, the star penalty). A Keer op Keer 2
choice that completes a row with a bomb is scored with the step that places its last bomb
(the rules cross it with its bombs at once).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kok_layouts.env.driver import Driver, checked_action, checked_reward, checked_seed
from kok_layouts.env.observe import observation_space, observe
from kok_layouts.errors import KokTypeError
from kok_layouts.rules import Options


class SoloEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """A solo game on ``layout`` (a built-in name, a path or a sheet) of any edition.

    ``info["action_mask"]`` holds the legal actions (int8, 1 = legal). An action the mask
    forbids changes nothing: the reward is ``illegal_reward`` and
    ``info["illegal_action"]`` is True. ``info["score"]`` is the total so far.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own declaration)

    def __init__(self, layout: object = "black", options: Options | None = None,
                 render_mode: str | None = None, illegal_reward: float = -1.0) -> None:
        if render_mode not in (None, "ansi"):
            raise KokTypeError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.driver = Driver(layout, 1, options, solo=True)
        self.table = self.driver.table
        self.render_mode = render_mode
        self.illegal_reward = checked_reward(illegal_reward)
        self.action_space = spaces.Discrete(self.table.size)
        self.observation_space = observation_space(self.table, 1)  # type: ignore[assignment]

    @property
    def sheet(self) -> Any:
        return self.driver.sheet

    def _observation(self) -> dict[str, np.ndarray]:
        return observe(self.driver.game, 0, self.table, self.driver.bombs_owed,
                       self.driver.pending_crossed)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.driver.mask(), "score": self.driver.score(0),
                "illegal_action": illegal}

    def reset(self, *, seed: int | np.integer[Any] | None = None,
              options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=checked_seed(seed))
        self.driver.start(self.np_random)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        self.driver.require_play()
        before = self.driver.score(0)
        legal = self.driver.play(checked_action(action, self.table.size))
        reward = float(self.driver.score(0) - before) if legal else self.illegal_reward
        return (self._observation(), reward, self.driver.over, False,
                self._info(illegal=not legal))

    def render(self) -> str | None:
        self.driver.require_start("render()")
        if self.render_mode == "ansi":
            return self.driver.describe()
        return None

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as :attr:`info["action_mask"]` (the name maskable
        policies ask for)."""
        self.driver.require_start("action_masks()")
        return self.driver.mask().astype(bool)

    def describe_action(self, action: int) -> str:
        """What ``action`` does, as people say it."""
        return self.table.describe(action)
