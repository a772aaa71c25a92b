"""Bots behind one small protocol: given the game and a seat, pick a choice or pass.

``RandomBot`` picks any legal choice; ``GreedyBot`` weighs each choice by what it earns
now and how far it brings columns and colours, spends jokers only when they pay, and
crosses stars before they cost points.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from kok_layouts.model.grid import cells_of
from kok_layouts.rules.board import Board
from kok_layouts.rules.game import Choice, Game


@runtime_checkable
class Strategy(Protocol):
    """Anything that can play a seat: a bot, a network player, a person at a terminal."""

    name: str

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The choice of ``seat`` in the current roll; ``None`` passes."""
        ...


class RandomBot:
    """Any legal choice, uniformly; passes only when nothing is legal."""

    name = "random"

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        choices = game.choices_for(seat)
        if not choices:
            return None
        return choices[int(rng.integers(len(choices)))]


class _MaskFacts:
    """Per-board caches of which columns a move mask touches."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.columns: dict[int, tuple[int, ...]] = {}

    def columns_of(self, mask: int) -> tuple[int, ...]:
        found = self.columns.get(mask)
        if found is None:
            found = tuple(sorted({self.board.cell_column[c] for c in cells_of(mask)}))
            self.columns[mask] = found
        return found


class GreedyBot:
    """One-move lookahead with a progress heuristic; a fair opponent for a casual player.

    Weights: the points a move earns now (columns, colours, stars avoided), plus progress
    toward a column or colour, growing with the square (``power``) of its filled share so
    the bot finishes what it starts, a little for each cell crossed and for each new cell
    it can reach next (``reach``); each joker costs its mark plus a premium early in the
    game, so jokers are spent when they earn more than they cost.
    """

    name = "greedy"

    def __init__(self, *, progress: float = 1.0, joker_premium: float = 2.5,
                 pass_below: float = 0.0, cell_weight: float = 0.15,
                 reach: float = 0.1, power: float = 2.0) -> None:
        self.power = power
        self.progress = progress
        self.joker_premium = joker_premium
        self.pass_below = pass_below
        self.cell_weight = cell_weight
        self.reach = reach
        self._facts: dict[int, _MaskFacts] = {}

    def _facts_for(self, board: Board) -> _MaskFacts:
        facts = self._facts.get(id(board))
        if facts is None or facts.board is not board:
            facts = self._facts[id(board)] = _MaskFacts(board)
        return facts

    def value(self, game: Game, seat: int, choice: Choice) -> float:
        """How much ``choice`` is worth to ``seat`` by this bot's heuristic."""
        player = game.sheets[seat]
        sheet, board = player.sheet, player.board
        move = choice.move
        crossed = player.crossed
        after = crossed | move.cells
        facts = self._facts_for(board)
        taken_columns = game._taken_columns
        value = 0.0
        for column in facts.columns_of(move.cells):
            mask = board.column_masks[column]
            size = mask.bit_count()
            done = (after & mask).bit_count()
            points = sheet.column_points[column]
            worth = points.later if column in taken_columns else points.first
            if done == size:
                value += worth
            else:
                before = (crossed & mask).bit_count()
                value += self.progress * (worth + 0.5) * (
                    (done / size) ** self.power - (before / size) ** self.power)
        colour_mask = board.colour_masks[move.colour]
        size = colour_mask.bit_count()
        done = (after & colour_mask).bit_count()
        bonus = (sheet.colour_bonus.later if move.colour in game._taken_colours
                 else sheet.colour_bonus.first)
        if done == size:
            value += bonus
        else:
            before = (crossed & colour_mask).bit_count()
            value += self.progress * bonus * (
                (done / size) ** self.power - (before / size) ** self.power)
        value += sheet.star_penalty * (move.cells & board.star_mask).bit_count()
        value += self.cell_weight * move.number
        if self.reach:
            opened = board.dilate(after) & ~after
            value += self.reach * (opened.bit_count() - (board.dilate(crossed) & ~crossed
                                                          ).bit_count())
        if move.jokers:
            early = max(0.0, 1.0 - game.rolls_done / 30)
            value -= move.jokers * (sheet.mark_points + self.joker_premium * early + 0.3)
        return value

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        best: Choice | None = None
        best_value = self.pass_below
        for choice in game.choices_for(seat):
            value = self.value(game, seat, choice)
            if value > best_value:
                best, best_value = choice, value
        return best


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Strategy:
    """A bot by name (``random``, ``greedy``); ``ValueError`` listing the known names."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


def play_game(game: Game, strategies: list[Strategy], rng: np.random.Generator) -> Game:
    """Play ``game`` to its end, each seat choosing with its strategy; returns the game."""
    if len(strategies) != len(game.players):
        raise ValueError(f"{len(game.players)} players need {len(game.players)} strategies")
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                game.choose(seat, strategies[seat].choose(game, seat, rng))
        game.finish_roll()
    return game
