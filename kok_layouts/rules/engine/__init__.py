"""The rules engine: compiled kernels over arrays, for every game of the rules (issue 33).

A sheet is compiled once into arrays (:func:`tables_for`); the rules are pure functions
over those and a game's state arrays (:mod:`~kok_layouts.rules.engine.kernels`, numba);
:mod:`~kok_layouts.rules.engine.greedy`, :mod:`~kok_layouts.rules.engine.kids` and
:mod:`~kok_layouts.rules.engine.kok2` add the greedy bot, whole games and the other
editions' rules; :class:`Position` is the typed door to them with the rules' own values (the
rules' player sheets are views over a position of one seat, through
:mod:`~kok_layouts.rules.engine.views`), and :func:`play_batch` plays whole greedy games
inside the engine. Importing this package imports numba; importing :mod:`kok_layouts` or
:mod:`kok_layouts.rules` does not (the first player's sheet made does).
"""

from kok_layouts.rules.engine.batch import BOTS, GameResult, play_batch, play_one
from kok_layouts.rules.engine.compiling import announce, cold_kernels, warm_up
from kok_layouts.rules.engine.greedy import Greedy
from kok_layouts.rules.engine.kernels import State
from kok_layouts.rules.engine.position import Position
from kok_layouts.rules.engine.tables import SheetArrays, Tables, tables_for

__all__ = [
    "BOTS",
    "GameResult",
    "Greedy",
    "Position",
    "SheetArrays",
    "State",
    "Tables",
    "announce",
    "cold_kernels",
    "play_batch",
    "play_one",
    "tables_for",
    "warm_up",
]
