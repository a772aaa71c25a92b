"""Speed of `kok check`: the exact fewest-moves search for every built-in layout, and a
10,000-game 2-player balance report of the black pad (targets: < 10 s and < 2 min, with
two processes on this 2-core machine).

    python benchmarks/bench_check.py [--games N] [--jobs J] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from kok_layouts import list_layouts, load_layout
from kok_layouts.analysis.check import check
from kok_layouts.analysis.solvability import analyse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: dict[str, object] = {}
    searches = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for info in list_layouts():
            started = time.perf_counter()
            solvability = analyse(load_layout(info.name), pool)
            searches[info.name] = {"seconds": time.perf_counter() - started,
                                   "end_moves": solvability.end.moves}
    results["exact_search"] = searches
    started = time.perf_counter()
    report = check(load_layout("black"), args.games, 2, seed=1, jobs=args.jobs)
    elapsed = time.perf_counter() - started
    assert report.summary is not None
    results["black_report"] = {"games": args.games, "jobs": args.jobs, "seconds": elapsed,
                               "mean_rolls": report.summary.mean_rolls,
                               "mean_score": report.summary.mean_score,
                               "win_rate": report.summary.win_rate}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name, entry in searches.items():
        print(f"exact search, {name}: {entry['seconds']:.1f} s (end after {entry['end_moves']} "
              "moves at the fewest)")
    black = results["black_report"]
    assert isinstance(black, dict)
    print(f"{args.games:,}-game 2-player report of black with {args.jobs} jobs: "
          f"{black['seconds']:.0f} s; {black['mean_rolls']:.1f} rolls, mean score "
          f"{black['mean_score']:.1f}, win rate by seat "
          + ", ".join(f"{w:.1%}" for w in black["win_rate"]))


if __name__ == "__main__":
    main()
