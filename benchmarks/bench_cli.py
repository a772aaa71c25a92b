"""Start-up time of the ``kok`` command (figures quoted in the README).

    python benchmarks/bench_cli.py [--runs N] [--json]

Each command runs ``--runs`` times as a new process (``python -m kok_layouts ...``, as the
installed ``kok`` script does); the table gives the median wall-clock time, next to
``python -c pass`` measured in the same run, so that a slow or loaded machine shows as
such. Targets: ``kok --version`` and ``kok --help`` within 0.15 s, ``kok validate black``
within 0.4 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

COMMANDS: dict[str, tuple[list[str], float | None]] = {
    "python -c pass": (["-c", "pass"], None),
    "kok --version": (["-m", "kok_layouts", "--version"], 0.15),
    "kok --help": (["-m", "kok_layouts", "--help"], 0.15),
    "kok validate black": (["-m", "kok_layouts", "validate", "black"], 0.4),
    "kok list": (["-m", "kok_layouts", "list"], None),
    "kok show black": (["-m", "kok_layouts", "show", "black", "--colour", "never"], None),
}


def time_once(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for arguments, _ in COMMANDS.values():  # warm the file cache and the bytecode
        time_once(arguments)
    results: dict[str, dict[str, float | None]] = {}
    for name, (arguments, target) in COMMANDS.items():
        times = [time_once(arguments) for _ in range(args.runs)]
        results[name] = {"median_s": round(statistics.median(times), 3),
                         "best_s": round(min(times), 3), "target_s": target}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"{'command':<22} {'median':>8} {'best':>8} {'target':>8}")
    for name, row in results.items():
        limit = row["target_s"]
        shown = f"{limit:.2f} s" if limit else ""
        print(f"{name:<22} {row['median_s']:>6.3f} s {row['best_s']:>6.3f} s {shown:>8}")


if __name__ == "__main__":
    main()
