"""Speed of the AI environments and the batched engine (figures quoted in the README).

    python benchmarks/bench_env.py [--layouts black grey kids] [--seconds S] [--json]

Measures, on one core (BLAS limited to one thread; CPU time of the process, so that other
work on a shared machine does not count), random solo play with a uniformly
random legal choice at every step, in steps (choices) per second:
- the plain rules path: ``Game.throw``, ``choices_for``, ``choose``, ``finish_roll``
  (the ``PlayerSheet`` under it), one game at a time;
- the Gymnasium ``SoloEnv`` (observation and action mask at every step);
- the batched engine ``BatchSolo`` for N = 1, 64 and 1,024 games at once (legal masks,
  the random pick, apply and scores), and how many times the plain path's speed that is.
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_variable] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import numpy as np  # noqa: E402

from kok_layouts import load_layout  # noqa: E402
from kok_layouts.env import SoloEnv  # noqa: E402
from kok_layouts.env.batch import BatchSolo  # noqa: E402
from kok_layouts.rules import new_game  # noqa: E402

SIZES = (1, 64, 1024)


def rate(run: Callable[[], int], seconds: float) -> float:
    """Steps per second of ``run`` (which returns the steps it made), repeated for at
    least ``seconds``."""
    run()  # warm up: caches, compiled boards
    # CPU time of this process, not the wall clock: on a machine shared with other work
    # the wall clock counts the time others hold the core.
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += run()
    return steps / (time.process_time() - start)


def plain_path(layout: str, rng: np.random.Generator) -> Callable[[], int]:
    sheet = load_layout(layout)

    def one_game() -> int:
        game = new_game(sheet, ["solo"], solo=True)
        steps = 0
        while not game.over:
            game.throw(rng)
            choices = game.choices_for(0)
            choice = choices[int(rng.integers(len(choices)))] if choices else None
            if choice is not None:
                choice = game.fill_bombs(0, choice, lambda _, squares: squares[0])
            game.choose(0, choice)
            game.finish_roll()
            steps += 1
        return steps

    return one_game


def gym_env(layout: str, rng: np.random.Generator) -> Callable[[], int]:
    env = SoloEnv(layout)

    def one_game() -> int:
        _, info = env.reset(seed=int(rng.integers(2**31)))
        steps, over = 0, False
        while not over:
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            _, _, over, _, info = env.step(action)
            steps += 1
        return steps

    return one_game


def batched(layout: str, games: int, rng: np.random.Generator) -> Callable[[], int]:
    batch = BatchSolo(layout, games, seed=int(rng.integers(2**31)))

    def ten_steps() -> int:
        for _ in range(10):
            batch.step(batch.sample(rng))
        return 10 * games

    return ten_steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", nargs="+", default=["black", "grey", "kids"])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="how long each figure is measured (default 3)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    results: dict[str, dict[str, float]] = {}
    for layout in args.layouts:
        figures = {"plain": rate(plain_path(layout, rng), args.seconds),
                   "gym": rate(gym_env(layout, rng), args.seconds)}
        for games in SIZES:
            figures[f"batch_{games}"] = rate(batched(layout, games, rng), args.seconds)
        results[layout] = figures
        if not args.json:
            plain = figures["plain"]
            print(f"{layout}: plain rules {plain:,.0f} steps/s; SoloEnv {figures['gym']:,.0f}"
                  f" ({figures['gym'] / plain:.2f}x)")
            for games in SIZES:
                speed = figures[f"batch_{games}"]
                print(f"  batch N={games:>5,}: {speed:>11,.0f} steps/s ({speed / plain:.1f}x)")
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
