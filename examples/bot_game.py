"""A seeded 3-player game of classic Keer op Keer between bots; prints the scores.

    python examples/bot_game.py [SEED]
"""

from __future__ import annotations

import sys

import numpy as np

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.rules.bots import GreedyBot, RandomBot, play_game
from kok_layouts.rules.game import Game


def main(seed: int = 2026) -> None:
    sheet = load_layout("black")
    assert isinstance(sheet, ClassicSheet)
    game = Game(sheet, ["Greedy Anna", "Greedy Bram", "Random Cas"])
    play_game(game, [GreedyBot(), GreedyBot(), RandomBot()], np.random.default_rng(seed))
    print(f"{game.rolls_done} rolls on {sheet.title} (seed {seed})")
    for name, score in zip(game.players, game.scores(), strict=True):
        print(f"{name:<12} colours {score.colours:>2}  columns {score.columns:>2}  "
              f"marks {score.jokers:>2}  stars {score.stars:>3}  total {score.total:>3}")
    print("winner:", ", ".join(game.winners()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
