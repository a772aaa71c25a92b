"""Speed and reliability of `kok generate`: median, p99 and worst time per board and the
failures over many seeds, per edition (target: one official classic board in < 1 s median
on one core, moonshot 0.2 s, no failures over 1,000 seeds).

Each board is timed end to end as `kok_layouts.generate` makes it: the search, the YAML
text, loading it back and the profile check. The times are CPU seconds of this process
(one core), so other work on a shared machine does not inflate them; the wall-clock median
is shown beside them. A failure is an exception or a board that breaks its profile.

    python benchmarks/bench_generate.py [--seeds N] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from kok_layouts import check_sheet, generate

CASES: list[tuple[str, str, dict[str, Any], float]] = [
    # label, edition, options, share of --seeds
    ("classic official 15x7", "classic", {}, 1.0),
    ("kok2 official 15x7", "kok2", {}, 0.2),
    ("kids official 13x5", "kids", {}, 0.2),
    ("classic basic 26x20, 8 colours, 50 holes", "classic",
     {"size": (26, 20), "colours": 8, "holes": 50}, 0.1),
    ("kids basic 9x5, 3 animals, 4 holes", "kids", {"size": (9, 5), "colours": 3, "holes": 4},
     0.1),
]


def run(edition: str, options: dict[str, Any], seeds: int) -> dict[str, Any]:
    times, walls, failures, attempts = [], [], 0, []
    for seed in range(seeds):
        started, wall = time.process_time(), time.perf_counter()
        try:
            board = generate(edition, seed=seed, **options)
        except Exception:  # any exception counts as a failure
            failures += 1
            continue
        times.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall)
        attempts.append(board.attempts)
        if check_sheet(board.sheet, board.request.profile):
            failures += 1
    return {"seeds": seeds, "median_s": float(np.median(times)),
            "p99_s": float(np.percentile(times, 99)), "max_s": max(times),
            "wall_median_s": float(np.median(walls)), "failures": failures,
            "mean_attempts": float(np.mean(attempts))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000,
                        help="seeds for the official classic board (others run a share)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    generate("classic", seed=0)  # warm up: imports and the loaded printed pads
    results = {label: run(edition, options, max(1, round(args.seeds * share)))
               for label, edition, options, share in CASES}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("| board | seeds | median (CPU) | p99 (CPU) | worst (CPU) | median (wall) | failures |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, r in results.items():
        print(f"| {label} | {r['seeds']:,} | {r['median_s'] * 1000:.0f} ms | "
              f"{r['p99_s'] * 1000:.0f} ms | {r['max_s'] * 1000:.0f} ms | "
              f"{r['wall_median_s'] * 1000:.0f} ms | {r['failures']} |")


if __name__ == "__main__":
    main()
