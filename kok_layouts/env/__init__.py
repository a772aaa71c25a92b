"""AI environments: Gymnasium for solo play, PettingZoo for games of 2 to 6, a batched
engine for self-play.

>>> import gymnasium, kok_layouts.env
>>> env = gymnasium.make("kok_layouts/Solo-v0", layout="black")

Needs the optional extra ``kok-layouts[rl]`` (gymnasium and pettingzoo); importing
:mod:`kok_layouts` itself never imports them.
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as err:  # one line that says what to install
    raise ModuleNotFoundError(
        f"kok_layouts.env needs gymnasium and pettingzoo ({err.name} is missing): "
        "pip install 'kok-layouts[rl]'") from None

from kok_layouts.env.actions import PASS, ActionTable, action_table, legal_choices
from kok_layouts.env.aec import KokAEC, aec_env
from kok_layouts.env.batch import BatchSolo
from kok_layouts.env.driver import ResetNeededError
from kok_layouts.env.solo import SoloEnv

SOLO_ID = "kok_layouts/Solo-v0"
"""The id of :class:`SoloEnv` for ``gymnasium.make``."""

if SOLO_ID not in gymnasium.registry:
    gymnasium.register(id=SOLO_ID, entry_point="kok_layouts.env.solo:SoloEnv")

__all__ = ["PASS", "SOLO_ID", "ActionTable", "BatchSolo", "KokAEC", "ResetNeededError",
           "SoloEnv", "action_table", "aec_env", "legal_choices"]
