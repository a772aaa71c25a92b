"""`kok generate --balanced`: how often the search reaches a board on which every verdict of
its full `kok check` (2,000 games) passes, how long it takes and how many candidates it
plays, per edition (target: every official-size board balanced within 2 minutes on 2 cores).
A search stopped by the time limit counts as not reaching it, whatever its shorter check
said.

Each seed runs `kok_layouts.generate(edition, seed=SEED, balanced=True)` as the command
does (two worker processes, a 110 s limit). Times are wall-clock: the search plays games
in both workers.

    python benchmarks/bench_balance.py [--seeds N] [--first SEED] [--editions ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np

from kok_layouts import generate
from kok_layouts.analysis.check import CHECK_GAMES


def run(edition: str, seeds: range) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for seed in seeds:
        started = time.perf_counter()
        board = generate(edition, seed=seed, balanced=True)
        seconds = time.perf_counter() - started
        report = board.report
        failing = [] if report is None else [v.code for v in report.verdicts if v.ok is not True]
        games = 0 if report is None or report.summary is None else report.summary.games
        candidates = board.candidates
        full = games >= CHECK_GAMES
        rows.append({"seed": seed, "seconds": round(seconds, 1), "candidates": candidates,
                     "all_pass": full and not failing, "not_passing": failing,
                     "games": games, "time_limit_hit": board.time_limit_hit})
        print(f"  {edition} seed {seed}: {seconds:5.1f} s, {candidates:3d} candidates, "
              + (f"every verdict passes on {games} games" if not failing
                 else f"on {games} games not passing: " + ", ".join(failing))
              + (" (stopped at the time limit)" if board.time_limit_hit else ""),
              file=sys.stderr, flush=True)
    times = [float(r["seconds"]) for r in rows]
    counts = [int(r["candidates"]) for r in rows]
    return {"edition": edition, "seeds": len(rows),
            "all_pass": sum(bool(r["all_pass"]) for r in rows),
            "median_s": float(np.median(times)), "max_s": max(times),
            "median_candidates": float(np.median(counts)), "max_candidates": max(counts),
            "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--editions", nargs="+", default=["classic", "kok2", "kids"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [run(e, range(args.first, args.first + args.seeds)) for e in args.editions]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'edition':<8} {'seeds':>5} {'full pass':>9} {'median s':>9} {'max s':>6} "
          f"{'candidates (median, max)':>25}")
    for r in results:
        print(f"{r['edition']:<8} {r['seeds']:>5} {r['all_pass']:>9} {r['median_s']:>9.1f} "
              f"{r['max_s']:>6.1f} {r['median_candidates']:>18.0f}, {r['max_candidates']}")


if __name__ == "__main__":
    main()
