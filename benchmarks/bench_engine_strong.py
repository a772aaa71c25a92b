"""Speed of the strong bot compiled in the engine against the rules' StrongBot (issue 33).

    python benchmarks/bench_engine_strong.py [--layout black] [--rules-games N]
        [--engine-games N] [--json]

Measures, in one run, on one core: strong-bot games per CPU second
(``time.process_time()``), solo and 2 players: the rules' ``play_game`` with ``StrongBot``
in every seat, and the engine's ``play_strong_batch``, on the same dice (game ``i`` from
``default_rng([seed, i])``; the totals are checked equal on the games both play), and the
ratio (the aim of issue 33: at least 20). ``StrongBot`` valued its moves in Python when the
README's figures were measured; it now hands each decision to the engine
(``rules.engine.strong.decide``), so the rules' games measure the rules' objects and one
compiled decision a move.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.strong import play_strong_batch
from kok_layouts.rules.game import new_game
from kok_layouts.rules.options import Options
from kok_layouts.rules.strong import StrongBot

SEED = 2026
OPTIONS = Options(max_rolls=200)


def rules_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` strong games by the rules, and their totals."""
    totals = []
    started = time.process_time()
    for game in range(games):
        played = play_game(new_game(sheet, players, OPTIONS, solo=players == 1),
                           [StrongBot() for _ in range(players)],
                           np.random.default_rng([SEED, game]))
        totals.append([score.total for score in played.scores()])
    return time.process_time() - started, totals


def engine_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` strong games in the engine, and their totals."""
    started = time.process_time()
    totals = play_strong_batch(sheet, games, players, SEED, options=OPTIONS)
    return time.process_time() - started, totals.tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="black")
    parser.add_argument("--rules-games", type=int, default=60)
    parser.add_argument("--engine-games", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sheet = load_layout(args.layout)
    for players in (1, 2):  # compiled or loaded, and the rules' memos warm, before timing
        play_strong_batch(sheet, 1, players, 0, options=OPTIONS)
        rules_games(sheet, 3, players)
    report: dict[str, float] = {}
    for players, label in ((1, "solo"), (2, "2 players")):
        rules_cpu, rules_totals = rules_games(sheet, args.rules_games, players)
        engine_cpu, engine_totals = engine_games(sheet, args.engine_games, players)
        if engine_totals[:args.rules_games] != rules_totals:
            raise SystemExit(f"{label}: the engine's games differ from the rules' games")
        rules_rate = args.rules_games / rules_cpu
        engine_rate = args.engine_games / engine_cpu
        report[f"{label}: rules games per CPU s"] = rules_rate
        report[f"{label}: engine games per CPU s"] = engine_rate
        report[f"{label}: engine / rules"] = engine_rate / rules_rate
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:45} {value:12.2f}")


if __name__ == "__main__":
    main()
