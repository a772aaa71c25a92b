"""A hindsight score for the bots' benchmark: a search that knows every throw of the game.

    python benchmarks/hindsight.py [--layout black] [--games 20] [--seed 1] [--beam 128]

:func:`dice_of` throws the dice of a seeded solo game as ``play_game`` throws them for a bot
that draws nothing else from the generator (greedy, strong, expert, learned): game ``i`` of
seed ``s`` from ``default_rng([s, i])``, every roll's dice in turn. :func:`hindsight_game`
then plays those rolls with a beam search: after every roll it keeps the ``beam`` positions
with the highest sum of the strong bot's values of the moves that led there (every move of
a position weighed, the ``moves`` best of each followed) and the strong bot's own position,
and the game's score is the best final score the beam reaches (the strong bot's at least).
A bot that sees the dice only as they fall cannot expect more than the best play with the
dice known, so a bot's mean over the same games divided by this one is its share of what
those dice allowed (of a lower estimate of that ceiling: the search is not exhaustive, and
a wider beam finds more). Its path is played again on a fresh game to make sure the score
is the rules'.
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.dice import Roll
from kok_layouts.rules.game import Choice, Game, new_game
from kok_layouts.rules.strong import edition_of, valued_choices
from kok_layouts.rules.strong_weights import TUNED

BEAM = 128
"""Positions kept after each roll."""
MOVES = 8
"""Moves followed from each kept position (the best by the strong bot's values)."""


def fork(game: Game) -> Game:
    """An independent copy of a solo ``game`` between rolls or in one (the player sheets'
    own ``copy``; the log and choices as new lists): much cheaper than ``deepcopy``."""
    other = copy.copy(game)
    other.sheets = [sheet.copy() for sheet in game.sheets]
    other.log = list(game.log)
    other._choices = dict(game._choices)  # (a copy of the game's own state)
    return other


def dice_of(sheet: Sheet, seed: Sequence[int]) -> list[Roll]:
    """The rolls of the solo game on ``sheet`` whose dice come from
    ``default_rng(seed)``, as many as a solo game has, thrown as the game throws them."""
    rng = np.random.default_rng(list(seed))
    template = new_game(sheet, 1, solo=True)
    limit = template.roll_limit
    assert limit is not None
    rolls = []
    for _ in range(limit):
        trial = fork(template)
        rolls.append(trial.throw(rng))
    return rolls


@dataclass
class _Node:
    game: Game
    value: float
    path: list[Choice | None]
    strong: bool = False
    """On the strong bot's own path (kept whatever its value: the search scores at least
    what the strong bot scores with these dice)."""


def _played(game: Game, choice: Choice | None) -> Game:
    """A copy of ``game`` (its roll set) with ``choice`` made and the roll finished."""
    child = fork(game)
    child.choose(0, choice)
    child.finish_roll()
    return child


def _state_key(game: Game) -> tuple[object, ...]:
    sheet = game.sheets[0]
    return (sheet.crossed, sheet.marks_used, getattr(sheet, "boxes_used", 0),
            getattr(sheet, "hearts", 0), game.scores()[0].total)


def hindsight_game(sheet: Sheet, rolls: Sequence[Roll], beam: int = BEAM,
                   moves: int = MOVES) -> tuple[int, list[Choice | None]]:
    """The best final score the beam search reaches playing ``rolls`` solo on ``sheet``,
    and the choices that reach it."""
    start = new_game(sheet, 1, solo=True)
    weights = TUNED[edition_of(start)]
    nodes = [_Node(start, 0.0, [], strong=True)]
    best_total, best_path = -math.inf, []
    for roll in rolls:
        children: list[tuple[float, int, Choice | None, bool, float]] = []
        for index, node in enumerate(nodes):
            node.game.set_roll(roll)
            strongest, valued = valued_choices(node.game, 0, weights)
            weighed = sorted(((value, choice) for choice, value in valued
                              if math.isfinite(value)), key=lambda item: -item[0])
            for value, choice in weighed[:moves]:
                if choice is not None and strongest is not None \
                        and choice.move == strongest.move:
                    choice = strongest  # (its bombs placed as the strong bot places them)
                children.append((node.value + value, index, choice, False,
                                 node.value + value))
            if node.strong:  # (first in line, at its own value)
                value = next((value for value, choice in weighed if choice == strongest
                              or (choice is not None and strongest is not None
                                  and choice.move == strongest.move)), 0.0)
                children.append((math.inf, index, strongest, True, node.value + value))
        children.sort(key=lambda item: -item[0])
        kept: list[_Node] = []
        seen: set[tuple[object, ...]] = set()
        for _, index, choice, strong, value in children:
            if len(kept) >= beam:
                break
            parent = nodes[index]
            if choice is not None and choice.bombs == () and hasattr(parent.game, "fill_bombs"):
                choice = parent.game.fill_bombs(0, choice, lambda _, squares: squares[0])
            child = _played(parent.game, choice)
            key = _state_key(child)
            if key in seen:
                continue
            seen.add(key)
            path = [*parent.path, choice]
            if child.over:
                total = child.scores()[0].total
                if total > best_total:
                    best_total, best_path = total, path
                continue
            kept.append(_Node(child, value, path, strong))
        nodes = kept
        if not nodes:
            break
    for node in nodes:  # (out of rolls without the game's end: only with a roll limit)
        total = node.game.scores()[0].total
        if total > best_total:
            best_total, best_path = total, node.path
    return int(best_total), best_path


def replayed_total(sheet: Sheet, rolls: Sequence[Roll], path: Sequence[Choice | None]) -> int:
    """The score of ``path`` played on a fresh solo game with ``rolls``, by the rules."""
    game = new_game(sheet, 1, solo=True)
    for roll, choice in zip(rolls, path, strict=False):
        game.set_roll(roll)
        game.choose(0, choice)
        game.finish_roll()
    if not game.over:
        raise AssertionError("the hindsight path ends before the game does")
    return game.scores()[0].total


def hindsight_scores(sheet: Sheet, games: int, seed: int, beam: int = BEAM,
                     moves: int = MOVES) -> list[int]:
    """The hindsight scores of solo games ``0 .. games - 1`` of ``seed`` (the dice of
    ``default_rng([seed, i])``), each checked by playing its path again."""
    found = []
    for i in range(games):
        rolls = dice_of(sheet, [seed, i])
        total, path = hindsight_game(sheet, rolls, beam, moves)
        again = replayed_total(sheet, rolls, path)
        if again != total:
            raise AssertionError(f"game {i}: the search scored {total}, its path {again}")
        found.append(total)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="black")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--beam", type=int, default=BEAM)
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args()
    sheet = load_layout(args.layout)
    started = time.process_time()
    scores = hindsight_scores(sheet, args.games, args.seed, args.beam, args.moves)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    print(f"{args.layout}: hindsight mean {statistics.fmean(scores):.2f} +- {half:.2f} over "
          f"{args.games} games (beam {args.beam}, {args.moves} moves a position), "
          f"{time.process_time() - started:.1f} CPU s")


if __name__ == "__main__":
    main()
