"""Play a seeded solo game with the greedy bot, save its record and replay it.

    python examples/record_replay.py [RECORD.json]

The replay re-checks every move against the rules and must give the same score.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.game import Game, solo_band
from kok_layouts.rules.record import load_and_replay, save_record


def main(path: Path) -> None:
    sheet = load_layout("red")
    assert isinstance(sheet, ClassicSheet)
    seed = 7
    game = play_game(Game(sheet, ["bot"], solo=True), [GreedyBot()], np.random.default_rng(seed))
    save_record(game, path, layout="red", seed=seed)
    again = load_and_replay(path)
    played, replayed = game.scores()[0], again.scores()[0]
    assert played == replayed, (played, replayed)
    print(f"saved {path} ({again.rolls_done} rolls) and replayed it: every move legal")
    print(f"score {replayed.total} ({solo_band(replayed.total)}): {replayed.as_dict()}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(Path(sys.argv[1]))
    else:
        with tempfile.TemporaryDirectory() as folder:
            main(Path(folder) / "solo-record.json")
