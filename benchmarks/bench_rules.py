"""Speed of the rules engines (figures quoted in the README).

    python benchmarks/bench_rules.py [--games N] [--json]

Measures, on one core:
- all legal moves for every colour/number pair of one 6-dice roll, jokers included, on
  random mid-game positions (median and 90th percentile, microseconds);
- complete solo games with the greedy bot (games per second, and the mean score);
- complete 2-player games between greedy bots (games per second);
- the same two for Keer op Keer 2 on the grey sheet, and how much slower they are.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy, play_game
from kok_layouts.rules.dice import throw
from kok_layouts.rules.game import Game
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.record import new_game


def mid_game_positions(sheet: ClassicSheet, count: int, seed: int) -> list[PlayerSheet]:
    """Positions from random points of greedy and random games."""
    rng = np.random.default_rng(seed)
    positions: list[PlayerSheet] = []
    while len(positions) < count:
        game = play_game(Game(sheet, 2), [GreedyBot(), RandomBot()], rng)
        for player in game.sheets:
            history = list(player.history)
            cut = int(rng.integers(len(history) // 4, max(len(history) // 4 + 1,
                                                           3 * len(history) // 4)))
            position = PlayerSheet(sheet)
            for move in history[:cut]:
                position.push(move)
            positions.append(position)
    return positions[:count]


def bench_legal_moves(sheet: ClassicSheet, samples: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    timings = []
    total_moves = 0
    for player in mid_game_positions(sheet, samples, seed):
        roll = throw(sheet, rng)
        started = time.perf_counter_ns()
        moves = []
        for colour in roll.colours:
            for number in roll.numbers:
                moves.extend(player.legal_moves(colour, number))
        timings.append((time.perf_counter_ns() - started) / 1000)
        total_moves += len(moves)
    timings.sort()
    return {"median_us": statistics.median(timings),
            "p90_us": timings[int(0.9 * len(timings))],
            "mean_moves": total_moves / len(timings)}


def bench_games(sheet: ClassicSheet, players: int, games: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    bots: list[Strategy] = [GreedyBot() for _ in range(players)]
    totals: list[int] = []
    rolls: list[int] = []
    started = time.perf_counter()
    for _ in range(games):
        names = ["solo"] if players == 1 else [f"p{i}" for i in range(players)]
        game = new_game(sheet, names, solo=players == 1)
        play_game(game, list(bots), rng)
        totals.extend(score.total for score in game.scores())
        rolls.append(game.rolls_done)
    elapsed = time.perf_counter() - started
    return {"games_per_second": games / elapsed, "mean_score": statistics.fmean(totals),
            "stdev_score": statistics.stdev(totals), "mean_rolls": statistics.fmean(rolls)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game benchmark")
    parser.add_argument("--samples", type=int, default=2000, help="positions for legal moves")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sheet, sequel = load_layout("black"), load_layout("grey")
    assert isinstance(sheet, ClassicSheet) and isinstance(sequel, ClassicSheet)
    results: dict[str, dict[str, float]] = {
        "legal_moves_one_roll": bench_legal_moves(sheet, args.samples, seed=1),
        "solo_greedy": bench_games(sheet, 1, args.games, seed=2),
        "two_player_greedy": bench_games(sheet, 2, max(1, args.games // 2), seed=3),
        "kok2_solo_greedy": bench_games(sequel, 1, args.games, seed=2),
        "kok2_two_player_greedy": bench_games(sequel, 2, max(1, args.games // 2), seed=3),
    }
    results["kok2_slowdown"] = {
        "solo": results["solo_greedy"]["games_per_second"]
        / results["kok2_solo_greedy"]["games_per_second"],
        "two_player": results["two_player_greedy"]["games_per_second"]
        / results["kok2_two_player_greedy"]["games_per_second"],
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    moves = results["legal_moves_one_roll"]
    solo = results["solo_greedy"]
    duo = results["two_player_greedy"]
    print(f"legal moves, one 6-dice roll: median {moves['median_us']:.0f} us, "
          f"p90 {moves['p90_us']:.0f} us ({moves['mean_moves']:.1f} moves on average)")
    print(f"solo games, greedy bot: {solo['games_per_second']:.0f} games/s, mean score "
          f"{solo['mean_score']:.1f} (sd {solo['stdev_score']:.1f})")
    print(f"2-player games, greedy bots: {duo['games_per_second']:.0f} games/s, "
          f"{duo['mean_rolls']:.1f} rolls, mean score {duo['mean_score']:.1f}")
    solo2, duo2 = results["kok2_solo_greedy"], results["kok2_two_player_greedy"]
    slow = results["kok2_slowdown"]
    print(f"Keer op Keer 2 solo games, greedy bot: {solo2['games_per_second']:.0f} games/s, "
          f"mean score {solo2['mean_score']:.1f} ({slow['solo']:.2f} x slower than classic)")
    print(f"Keer op Keer 2 2-player games: {duo2['games_per_second']:.0f} games/s, "
          f"{duo2['mean_rolls']:.1f} rolls, mean score {duo2['mean_score']:.1f} "
          f"({slow['two_player']:.2f} x slower than classic)")


if __name__ == "__main__":
    main()
