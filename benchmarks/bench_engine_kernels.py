"""Speed of the compiled rules engine against the rules' Python objects (issue 33).

    python benchmarks/bench_engine_kernels.py [--layout black] [--rules-games N]
        [--engine-games N] [--cold] [--json]

Measures, in one run, on one core:
- greedy games per CPU second (``time.process_time()``), solo and 2 players on the
  layout (and 2 players on Kids and on the Keer op Keer 2 sheet grey): the rules'
  ``play_game`` with ``GreedyBot`` in every seat, and the engine's ``play_batch``, on the
  same dice (game ``i`` from ``default_rng([seed, i])``; the totals are checked equal on
  the games both play), and the ratio (``GreedyBot`` weighed its moves in Python when the
  README's figures were measured; it now hands each decision to the engine's greedy
  kernels, so the rules' games measure the rules' objects and one compiled call a move);
- the warm start: a new process importing the engine and loading every kernel from
  numba's cache (wall seconds);
- with ``--cold``, the cold compile: new processes on one empty ``NUMBA_CACHE_DIR``
  compiling the classic games, then the Kids games, the Keer op Keer 2 games and the
  positions' kernels (wall and CPU seconds; a few minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.engine import play_batch, warm_up
from kok_layouts.rules.game import new_game
from kok_layouts.rules.options import Options

ROOT = Path(__file__).resolve().parent.parent
SEED = 2026
WARM = "import time; t = time.perf_counter(); import kok_layouts.rules.engine as e; " \
       "e.warm_up(); print(time.perf_counter() - t)"
IMPORT = "import time; t = time.perf_counter(); import kok_layouts.rules.engine; " \
         "print(time.perf_counter() - t)"
COLD = {
    "classic games": "play_batch(load_layout('black'), 1, 2, 0)",
    "kids games": "play_batch(load_layout('kids'), 1, 2, 0)",
    "kok2 games": "play_batch(load_layout('grey'), 1, 2, 0)",
    "positions": "p = Position(load_layout('black')); p.push(0, p.legal_moves(0)[0]); "
                 "p.score(0); q = Position(load_layout('grey')); q.specials(0, 'bomb'); "
                 "k = Position(load_layout('kids')); k.kids_legal_moves(0, 'purple')",
}
"""What each cold compile step runs, one after the other on one empty cache."""
COLD_HEAD = "import time; t = time.perf_counter(); from kok_layouts import load_layout; " \
            "from kok_layouts.rules.engine import Position, play_batch; "
OTHERS = (("kids", 2, 20), ("grey", 2, 10))
"""The other editions' games measured: layout, players, games by the rules."""


def rules_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` greedy games by the rules, and their totals."""
    options = Options(max_rolls=200)
    totals = []
    started = time.process_time()
    for game in range(games):
        played = play_game(new_game(sheet, players, options, solo=players == 1),
                           [GreedyBot() for _ in range(players)],
                           np.random.default_rng([SEED, game]))
        totals.append([score.total for score in played.scores()])
    return time.process_time() - started, totals


def engine_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` greedy games in the engine, and their totals."""
    started = time.process_time()
    totals = play_batch(sheet, games, players, SEED, options=Options(max_rolls=200))
    return time.process_time() - started, totals.tolist()


def child(code: str, cache: str | None = None) -> tuple[float, float]:
    """Wall seconds a new process reports for ``code``, and the CPU seconds it used."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(done.stdout.strip().splitlines()[-1]), cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="black")
    parser.add_argument("--rules-games", type=int, default=40)
    parser.add_argument("--engine-games", type=int, default=2000)
    parser.add_argument("--cold", action="store_true", help="also time a cold compile")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sheet = load_layout(args.layout)
    warm_up()  # compiled or loaded before anything is timed
    report: dict[str, float] = {}
    runs = [(sheet, players, label, args.rules_games, args.engine_games)
            for players, label in ((1, "solo"), (2, "2 players"))]
    runs += [(load_layout(name), players, f"{name} {players} players", games,
              args.engine_games // 2) for name, players, games in OTHERS]
    for board, players, label, rules_count, engine_count in runs:
        rules_cpu, rules_totals = rules_games(board, rules_count, players)
        engine_cpu, engine_totals = engine_games(board, engine_count, players)
        if engine_totals[:rules_count] != rules_totals:
            raise SystemExit(f"{label}: the engine's games differ from the rules' games")
        rules_rate = rules_count / rules_cpu
        engine_rate = engine_count / engine_cpu
        report[f"{label}: rules games per CPU s"] = rules_rate
        report[f"{label}: engine games per CPU s"] = engine_rate
        report[f"{label}: engine / rules"] = engine_rate / rules_rate
        print(f"{label}: done", file=sys.stderr, flush=True)
    report["warm import s"], _ = child(IMPORT)
    report["warm start s (import + load every kernel)"], _ = child(WARM)
    if args.cold:
        with tempfile.TemporaryDirectory() as empty:
            for step, code in COLD.items():
                wall, cpu = child(COLD_HEAD + code + "; print(time.perf_counter() - t)",
                                  empty)
                report[f"cold compile, {step}: wall s"] = wall
                report[f"cold compile, {step}: CPU s"] = cpu
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:45} {value:12.2f}")


if __name__ == "__main__":
    main()
