"""Speed of `kok check`: the exact fewest-moves search on one core for every built-in
layout (target <= 2 s each) and for boards with very large areas (target <= 10 s on any
15 x 7 board), the Keer op Keer 2 special-die bound on grey (target <= 10 s), and a
10,000-game 2-player balance report of the black pad (target < 2 min with two processes).
Machines differ (the same code has taken 112 s and 190 s for that report on two machines of
this workplace), so the run also times a fixed piece of plain Python: compare figures of
machines by it.

    python benchmarks/bench_check.py [--games N] [--jobs J] [--json]

``--games 0`` skips the balance report.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from kok_layouts import list_layouts, load_layout
from kok_layouts.analysis.check import check
from kok_layouts.analysis.solvability import analyse

BIG_AREA_BOARDS = {
    "green_block": "black with green as one 21-cell block on G, H, I",
    "green_39": "black with green as one 39-cell area on E to J",
}
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def _search(sheet_name: str | Path, special_die: bool = False) -> dict[str, object]:
    sheet = load_layout(sheet_name)
    started = time.perf_counter()
    result = analyse(sheet, special_die=special_die)
    ranges = [g.name for g in result.goals if not g.exact]
    return {"seconds": time.perf_counter() - started, "end_moves": result.end.moves_text(),
            "exact": result.exact, "ranges": ranges,
            "end_with_special": result.end.with_special,
            "colours_with_special": {g.name: g.with_special for g in result.of_kind("colour")}}


def machine_speed() -> float:
    """Milliseconds of ``sum(range(10**6))``, the best of five: a fixed piece of plain
    Python to tell a slower machine from slower code."""
    times = []
    for _ in range(5):
        started = time.perf_counter()
        sum(range(10**6))
        times.append(time.perf_counter() - started)
    return 1000 * min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: dict[str, object] = {"machine_ms": machine_speed()}
    searches = {info.name: _search(info.name) for info in list_layouts()}
    for name in BIG_AREA_BOARDS:
        searches[name] = _search(DATA / f"{name}.yaml")
    results["exact_search"] = searches
    results["special_die_grey"] = _search("grey", special_die=True)
    if args.games > 0:
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
    print(f"machine: sum(range(10**6)) in {results['machine_ms']:.1f} ms (best of 5)")
    for name, entry in searches.items():
        what = BIG_AREA_BOARDS.get(name, "built-in")
        ranges = entry["ranges"]
        assert isinstance(ranges, list)
        exact = "all exact" if entry["exact"] else f"ranges for {', '.join(ranges) or 'end'}"
        print(f"exact search, one core, {name} ({what}): {entry['seconds']:.2f} s, end after "
              f"{entry['end_moves']} moves at the fewest, {exact}")
    grey = results["special_die_grey"]
    assert isinstance(grey, dict)
    print(f"exact search and special-die bound, grey: {grey['seconds']:.1f} s; with the special "
          f"die at least {grey['colours_with_special']} moves per colour, "
          f"{grey['end_with_special']} for the end")
    black = results.get("black_report")
    if isinstance(black, dict):
        print(f"{args.games:,}-game 2-player report of black with {args.jobs} jobs: "
              f"{black['seconds']:.0f} s; {black['mean_rolls']:.1f} rolls, mean score "
              f"{black['mean_score']:.1f}, win rate by seat "
              + ", ".join(f"{w:.1%}" for w in black["win_rate"]))


if __name__ == "__main__":
    main()
