"""Speed of the learned bot's whole games compiled in the engine against the rules' turns.

    python benchmarks/bench_engine_learned.py [--layouts grey,kids] [--games 200] [--json]

Measures, in one run, on one core: learned-bot games per CPU second
(``time.process_time()``), solo and 2 players, per layout: the rules' ``play_game`` with
``LearnedBot`` in every seat (its turns in Python, each decision one call of the engine's
``decide_learned``; until 900de6e the bot's Python evaluation), and the engine's
``play_learned_batch`` (the whole game loop compiled), on the same dice
(game ``i`` from ``default_rng([seed, i])``; the totals are checked equal), and the ratio.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.engine.learned import play_learned_batch
from kok_layouts.rules.game import new_game
from kok_layouts.rules.learned import LearnedBot
from kok_layouts.rules.options import Options

SEED = 2026
OPTIONS = Options(max_rolls=200)


def rules_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` learned games by the rules, and their totals."""
    totals = []
    started = time.process_time()
    for game in range(games):
        played = play_game(new_game(sheet, players, OPTIONS, solo=players == 1),
                           [LearnedBot() for _ in range(players)],
                           np.random.default_rng([SEED, game]))
        totals.append([score.total for score in played.scores()])
    return time.process_time() - started, totals


def engine_games(sheet: Sheet, games: int, players: int) -> tuple[float, list[list[int]]]:
    """CPU seconds for ``games`` learned games in the engine, and their totals."""
    started = time.process_time()
    totals = play_learned_batch(sheet, games, players, SEED, options=OPTIONS)
    return time.process_time() - started, totals.tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", default="grey,kids")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name in args.layouts.split(","):
        sheet = load_layout(name)
        for players in (1, 2):  # compiled or loaded, and the rules' memos warm, first
            engine_games(sheet, 2, players)
            rules_games(sheet, 2, players)
        for players in (1, 2):
            engine_seconds, engine_totals = engine_games(sheet, args.games, players)
            rules_seconds, rules_totals = rules_games(sheet, args.games, players)
            if engine_totals != rules_totals:
                raise SystemExit(f"{name}, {players} players: the engine's games differ")
            engine_rate = args.games / engine_seconds
            rules_rate = args.games / rules_seconds
            rows.append({"layout": name, "players": players, "games": args.games,
                         "engine_per_cpu_s": round(engine_rate, 1),
                         "rules_per_cpu_s": round(rules_rate, 1),
                         "ratio": round(engine_rate / rules_rate, 1)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['layout']:>6} {row['players']} player(s): engine "
              f"{row['engine_per_cpu_s']:,.1f} games/CPU s, rules {row['rules_per_cpu_s']:,.1f}"
              f" ({row['ratio']}x)")


if __name__ == "__main__":
    main()
