"""Strength and speed of the bots, per edition (figures quoted in the README).

    python benchmarks/bench_bots.py [--games N] [--duels N] [--bots greedy,strong,learned]
        [--editions classic,kok2,kids] [--json]

For every bot and edition (classic on the black pad, Keer op Keer 2 on grey, Kids):
- the mean solo score over ``--games`` seeded solo games, with its 95% interval;
- the share of ``--duels`` 2-player games won against the greedy bot, and as many against
  the strong bot, seats alternated (a shared win counts half), with their 95% intervals;
- solo games per second on one core (CPU time of this process, so other load on the
  machine does not count against it).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, Strategy, make_bot, play_game
from kok_layouts.rules.record import new_game

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}


def solo(sheet: Sheet, bot: Strategy, games: int, seed: int) -> dict[str, float]:
    """Mean solo score with its 95% interval, and solo games per CPU second."""
    totals: list[int] = []
    started = time.process_time()
    for i in range(games):
        game = new_game(sheet, ["solo"], solo=True)
        play_game(game, [bot], np.random.default_rng([seed, i]))
        totals.append(game.scores()[0].total)
    elapsed = time.process_time() - started
    mean = statistics.fmean(totals)
    half = 1.96 * statistics.stdev(totals) / math.sqrt(games)
    return {"solo_mean": mean, "solo_low": mean - half, "solo_high": mean + half,
            "games_per_second": games / elapsed}


def duel(sheet: Sheet, bot: Strategy, games: int, seed: int,
         opponent: Strategy | None = None, key: str = "win") -> dict[str, float]:
    """Share of 2-player games won against ``opponent`` (greedy), seats alternated, with
    its 95% interval, as ``key``_rate, ``key``_low and ``key``_high."""
    won = 0.0
    other = opponent if opponent is not None else GreedyBot()
    for i in range(games):
        seat = i % 2
        players: list[Strategy] = [other, other]
        players[seat] = bot
        game = new_game(sheet, ["one", "two"])
        play_game(game, players, np.random.default_rng([seed, 1, i]))
        winners = game.winner_seats()
        if seat in winners:
            won += 1.0 / len(winners)
    share = won / games
    half = 1.96 * math.sqrt(max(share * (1 - share), 0.25 / games) / games)
    return {f"{key}_rate": share, f"{key}_low": max(0.0, share - half),
            f"{key}_high": min(1.0, share + half)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="solo games per bot and edition")
    parser.add_argument("--duels", type=int, default=200,
                        help="2-player games against greedy, and as many against strong, per "
                             "bot and edition")
    parser.add_argument("--bots", default="greedy,strong,learned")
    parser.add_argument("--editions", default=",".join(PADS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for edition in args.editions.split(","):
        sheet = load_layout(PADS[edition])
        for name in args.bots.split(","):
            row: dict[str, float | str] = {"bot": name, "edition": edition,
                                           "pad": PADS[edition]}
            row.update(solo(sheet, make_bot(name), args.games, args.seed))
            if args.duels:
                row.update(duel(sheet, make_bot(name), args.duels, args.seed))
                row.update(duel(sheet, make_bot(name), args.duels, args.seed,
                                make_bot("strong"), "strong"))
            rows.append(row)
            if not args.json:
                print(format_row(row), flush=True)
            else:
                print(f"{name} {edition} done", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


def format_row(row: dict[str, float | str]) -> str:
    text = (f"{row['bot']:>8} {row['edition']:<8} solo {row['solo_mean']:5.1f} "
            f"({row['solo_low']:.1f} to {row['solo_high']:.1f})")
    if "win_rate" in row:
        text += (f"  wins vs greedy {100 * float(row['win_rate']):3.0f}% "
                 f"({100 * float(row['win_low']):.0f} to {100 * float(row['win_high']):.0f}%)")
    if "strong_rate" in row:
        text += (f"  vs strong {100 * float(row['strong_rate']):3.0f}% "
                 f"({100 * float(row['strong_low']):.0f} to "
                 f"{100 * float(row['strong_high']):.0f}%)")
    return text + f"  {row['games_per_second']:.0f} solo games/s"


if __name__ == "__main__":
    main()
