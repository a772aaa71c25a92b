"""Calibrate the temperatures of the level bots (``kok_layouts.rules.levels``).

    python benchmarks/calibrate_levels.py [--games 300] [--seed 37] [--layout black]

For each of the levels 1 to 4, bisect the softmax temperature (on a log scale, 12 steps)
until the level bot's solo mean over ``--games`` seeded games (game ``i`` from
``default_rng([seed, i])``: the same dice at every trial) is the middle of its band of the
rulebook's solo table (``LEVEL_BANDS``); then play ``--games`` fresh games (seed + 1) with
each level, ``level-5`` (the expert bot) and the strong bot, and print their means with a
95% interval. Paste the temperatures into ``LEVEL_TEMPERATURES`` and the fresh means into
``LEVEL_MEANS``.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import Strategy, play_game
from kok_layouts.rules.game import new_game
from kok_layouts.rules.levels import LEVEL_BANDS, LEVEL_BOTS, LevelBot
from kok_layouts.rules.strong import StrongBot


def solo_scores(sheet: Sheet, bot: Strategy, games: int, seed: int) -> list[int]:
    """The totals of ``games`` solo games of ``bot`` (game ``i`` from ``[seed, i]``)."""
    return [play_game(new_game(sheet, 1, solo=True), [bot],
                      np.random.default_rng([seed, i])).scores()[0].total
            for i in range(games)]


def calibrated(sheet: Sheet, target: float, games: int, seed: int) -> float:
    """The temperature whose solo mean is nearest ``target`` (bisected on a log scale: the
    mean falls as the temperature rises)."""
    low, high = math.log(0.01), math.log(10.0)
    for _ in range(12):
        middle = (low + high) / 2
        mean = float(np.mean(solo_scores(sheet, LevelBot(math.exp(middle)), games, seed)))
        if mean > target:
            low = middle
        else:
            high = middle
    return round(math.exp((low + high) / 2), 4)


def interval(scores: list[int]) -> str:
    mean = float(np.mean(scores))
    half = 1.96 * float(np.std(scores, ddof=1)) / math.sqrt(len(scores))
    return f"{mean:6.2f} +- {half:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--layout", default="black")
    args = parser.parse_args()
    sheet = load_layout(args.layout)
    started = time.process_time()
    temperatures: dict[int, float] = {}
    for level in (1, 2, 3, 4):
        low, high = LEVEL_BANDS[level]
        temperatures[level] = calibrated(sheet, (low + high) / 2, args.games, args.seed)
        print(f"level-{level}: temperature {temperatures[level]}", flush=True)
    print(f"LEVEL_TEMPERATURES = {temperatures!r}")
    fresh = args.seed + 1
    bots: list[tuple[str, Strategy]] = [
        (f"level-{level}", LevelBot(temperatures[level])) for level in (1, 2, 3, 4)]
    bots += [("level-5", LEVEL_BOTS[5]()), ("strong", StrongBot())]
    for name, bot in bots:
        scores = solo_scores(sheet, bot, args.games, fresh)
        print(f"{name:8} solo mean {interval(scores)} over {args.games} games "
              f"(seeds [{fresh}, i]) on {args.layout}", flush=True)
    print(f"{time.process_time() - started:.0f} CPU s")


if __name__ == "__main__":
    main()
