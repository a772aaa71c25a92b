"""Bots behind one small protocol: given the game and a seat, pick a choice or pass.

``RandomBot`` picks any legal choice; ``GreedyBot`` weighs each choice by what it earns
now and how far it brings columns, colours and (Keer op Keer 2) rows, spends jokers and
boxes only when they pay, takes hearts while many columns are still to come, and crosses
stars before they cost points.

A bot that weighs moves asks the game how (``game.bot_choice``, its edition's):
a Kids move crosses a whole enclosure with a die alone, every other edition's move a
colour and a number (:class:`WeighingBot`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.model.grid import cells_of
from kok_layouts.rules.board import Board
from kok_layouts.rules.dice import PURPLE
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame, KidsMove
from kok_layouts.rules.kinds import game_type_of
from kok_layouts.rules.kok2 import Kok2PlayerSheet, Special
from kok_layouts.rules.learned import LearnedBot
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.strong import ExpertBot, StrongBot
from kok_layouts.rules.turns import Turns
from kok_layouts.rules.weighing import WeighingBot


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

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        choices = game.choices_for(seat)
        if not choices:
            return None
        choice = choices[int(rng.integers(len(choices)))]

        def pick(sheet: Kok2PlayerSheet, options: list[int]) -> int:
            return options[int(rng.integers(len(options)))]

        return game.fill_bombs(seat, choice, pick)


class _MaskFacts:
    """Per-board facts for scoring cell masks fast.

    Groups are the things a crossing makes progress on: the columns, then the colours, then
    (Keer op Keer 2) the rows, each with its mask and size.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.colour_keys = list(board.colour_masks)
        rows = list(board.row_masks) if game_type_of(board.sheet).scores_rows else []
        self.group_masks = [*board.column_masks, *board.colour_masks.values(), *rows]
        self.group_sizes = [m.bit_count() for m in self.group_masks]
        self.first_row_group = len(board.column_masks) + len(board.colour_masks)
        self.box_mask = board.box_mask
        self._touched: dict[int, tuple[int, ...]] = {}
        self.cell_groups = [tuple(g for g, m in enumerate(self.group_masks) if m >> c & 1)
                            for c in range(board.sheet.geometry.size)]
        self._open_key = -1
        self._open_count = 0

    def touched(self, mask: int) -> tuple[int, ...]:
        """The groups a cell mask has cells in."""
        found = self._touched.get(mask)
        if found is None:
            groups = self.cell_groups
            found = tuple(sorted({g for c in cells_of(mask) for g in groups[c]}))
            self._touched[mask] = found
        return found

    def open_count(self, crossed: int) -> int:
        """How many cells a player with ``crossed`` can reach next (cached per position)."""
        if crossed != self._open_key:
            self._open_key = crossed
            self._open_count = (self.board.dilate(crossed) & ~crossed).bit_count()
        return self._open_count


class GreedyBot(WeighingBot):
    """One-move lookahead with a progress heuristic; a fair opponent for a casual player.

    Weights: the points a move earns now (columns, colours, rows, hearts under completed
    columns, stars avoided), plus progress toward a column, colour or row, growing with
    the square (``power``) of its filled share so the bot finishes what it starts, a little
    for each cell crossed and for each new cell it can reach next (``reach``). Each joker
    costs its mark plus a premium early in the game; a special action costs its box; a
    heart is worth the columns still likely to be completed after it.
    """

    name = "greedy"

    def __repr__(self) -> str:
        defaults = GreedyBot.__init__.__kwdefaults__ or {}
        changed = ", ".join(f"{key}={getattr(self, key)!r}" for key, value in defaults.items()
                            if getattr(self, key) != value)
        return f"{type(self).__name__}({changed})"

    def __init__(self, *, progress: float = 1.0, joker_premium: float = 2.5,
                 pass_below: float = 0.0, cell_weight: float = 0.15,
                 reach: float = 0.1, power: float = 2.0) -> None:
        self.progress = progress
        self.joker_premium = joker_premium
        self.pass_below = pass_below
        self.cell_weight = cell_weight
        self.reach = reach
        self.power = power
        self._all_facts: dict[int, _MaskFacts] = {}
        self._memo_key: object = None
        self._memo: dict[int, float] = {}
        self._rows_done: set[int] = set()
        """Cell masks (of the memoised position) that complete a row."""
        self._facts: _MaskFacts | None = None
        self._worth: list[tuple[float, float]] = []

    def _facts_for(self, board: Board) -> _MaskFacts:
        facts = self._all_facts.get(id(board))
        if facts is None or facts.board is not board:
            facts = self._all_facts[id(board)] = _MaskFacts(board)
        return facts

    def cells_value(self, game: Game, player: PlayerSheet, cells: int) -> float:
        """What crossing ``cells`` is worth to ``player`` now and as progress (memoised for
        the position, since many choices of one roll cross the same cells)."""
        key = (id(player), player.crossed, player.hearts, game.taken_columns,
               game.taken_colours, game.taken_rows)
        if key != self._memo_key:
            self._memo_key = key
            self._memo.clear()
            self._rows_done.clear()
            self._facts = self._facts_for(player.board)
            self._worth = self._group_worth(game, player)
        found = self._memo.get(cells)
        if found is None:
            found = self._memo[cells] = self._cells_value(player, cells)
        return found

    def _group_worth(self, game: Game, player: PlayerSheet) -> list[tuple[float, float]]:
        """For every group: (worth when this crossing completes it, weight of progress)."""
        hearts = player.hearts
        worth: list[tuple[float, float]] = []
        for column in range(len(player.board.column_masks)):
            value = player.column_value(column, later=column in game.taken_columns)
            full = float(value + hearts)
            if column in player.box_columns:
                full += player.box_points + 0.5
            worth.append((full, self.progress * (value + 0.5 + 0.5 * hearts)))
        for key in player.board.colour_masks:
            bonus = player.colour_value(key, later=key in game.taken_colours)
            worth.append((bonus, self.progress * bonus))
        taken_rows = game.taken_rows
        for row, rule in enumerate(player.row_rules):
            item = 2.5 if rule.item and row not in taken_rows else 0.0
            worth.append((rule.points + item, self.progress * (rule.points + item)))
        return worth

    def _cells_value(self, player: PlayerSheet, cells: int) -> float:
        facts, worth, power = self._facts, self._worth, self.power
        assert facts is not None
        sheet, board = player.sheet, player.board
        crossed = player.crossed
        after = crossed | cells
        masks, sizes = facts.group_masks, facts.group_sizes
        value = 0.0
        for group in facts.touched(cells):
            mask, size = masks[group], sizes[group]
            done = (after & mask).bit_count()
            if done == size:
                value += worth[group][0]
                if group >= facts.first_row_group:
                    self._rows_done.add(cells)
            else:
                before = (crossed & mask).bit_count()
                value += worth[group][1] * ((done / size) ** power - (before / size) ** power)
        fresh = cells & ~crossed
        if facts.box_mask:
            value += (fresh & facts.box_mask).bit_count() * (player.box_points + 0.5)
        value += sheet.star_penalty * (fresh & board.star_mask).bit_count()
        value += self.cell_weight * fresh.bit_count()
        if self.reach:
            opened = board.dilate(after) & ~after
            value += self.reach * (opened.bit_count() - facts.open_count(crossed))
        return value

    def value(self, game: Game, seat: int, choice: Choice) -> float:
        """How much ``choice`` is worth to ``seat`` by this bot's heuristic."""
        player = game.sheets[seat]
        move = choice.move
        cells = move.cells
        for square in choice.bombs:
            cells |= square
        value = self.cells_value(game, player, cells)
        early = max(0.0, 1.0 - game.rolls_done / 30)
        if move.jokers:
            value -= move.jokers * (player.sheet.mark_points + self.joker_premium * early + 0.3)
        if isinstance(move, Special):
            value -= player.box_points + 0.8
            if move.face == "heart":
                left = sum(1 for m in player.board.column_masks
                           if m and m & player.crossed != m)
                value += 0.8 * min(left, 9) * max(0.0, 1.0 - game.rolls_done / 45)
        return value

    def kids_value(self, game: KidsGame, seat: int, choice: Choice) -> float:
        """Circles a Kids move earns now, plus progress toward columns and animals."""
        player = game.sheets[seat]
        sheet, board = player.sheet, player.board
        move = choice.move
        assert isinstance(move, KidsMove)
        crossed = player.crossed
        cells = move.all_cells
        after = crossed | cells
        value = 0.0
        for column, mask in enumerate(board.column_masks):
            if not mask & cells:
                continue
            worth = sheet.buckets[column] + (0 if column in game.taken_columns else 1)
            done, size = (after & mask).bit_count(), mask.bit_count()
            if done == size:
                value += worth
            else:
                before = (crossed & mask).bit_count()
                value += self.progress * (worth + 0.3) * ((done / size) ** 2
                                                          - (before / size) ** 2)
        for mask in board.colour_masks.values():
            if mask & cells:
                done, size = (after & mask).bit_count(), mask.bit_count()
                before = (crossed & mask).bit_count()
                value += (sheet.food_boxes if done == size else self.progress * sheet.food_boxes
                          * ((done / size) ** 2 - (before / size) ** 2))
        value += self.cell_weight * cells.bit_count()
        opened = board.dilate(after) & ~after
        value += self.reach * 3 * (opened.bit_count()
                                   - self._facts_for(board).open_count(crossed))
        if move.die == PURPLE and not move.chameleon:
            value += 0.9  # half a chameleon: any enclosure, later
        return value

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the choice earning the most circles now plus progress (:meth:`kids_value`);
        a player who can cross something must."""
        options = game.choices_for(seat)
        if not options:
            return None
        return max(options, key=lambda c: self.kids_value(game, seat, c))

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The classic and Keer op Keer 2 choice: the best by :meth:`value`, or a pass when
        none is worth more than ``pass_below``."""
        best: Choice | None = None
        best_value = self.pass_below
        choices = game.choices_for(seat)
        # The same cells for more jokers is never better: keep the cheapest way to cross them.
        # A row or stars action crossing fewer cells than it could is not worth weighing.
        fullest: dict[tuple[str, int], int] = {}
        width = game.sheet.width

        def group(move: Special) -> tuple[str, int]:
            return (move.face, (move.cells.bit_length() - 1) // width if move.face == "row"
                    else 0)

        specials: list[tuple[Choice, Special]] = []
        for choice in choices:
            if isinstance(choice.move, Special) and choice.move.face in ("row", "stars"):
                specials.append((choice, choice.move))
                key = group(choice.move)
                fullest[key] = max(fullest.get(key, 0), choice.move.cells.bit_count())
        skip = {id(c) for c, special in specials
                if special.cells.bit_count() < fullest[group(special)]}
        player = game.sheets[seat]
        for choice in choices:
            if skip and id(choice) in skip:
                continue
            move = choice.move
            value = self.value(game, seat, choice)
            if move.cells in self._rows_done and player.bombs_owed(move, game.taken_rows):

                def pick(sheet: Kok2PlayerSheet, options: list[int]) -> int:
                    return max(options, key=lambda m: self.cells_value(game, sheet, m))

                choice = game.fill_bombs(seat, choice, pick)
                value = self.value(game, seat, choice)
            if value > best_value:
                best, best_value = choice, value
        return best


class FriendlyBot:
    """Plays like the greedy bot with probability ``skill`` and like the random bot
    otherwise: a fair game for a young child, who wins now and then."""

    name = "friendly"

    def __repr__(self) -> str:
        return f"FriendlyBot(skill={self.skill!r})"

    def __init__(self, skill: float = 0.1) -> None:
        if not 0.0 <= skill <= 1.0:
            raise BadArgumentError(f"skill is {skill}; use 0 to 1")
        self.skill = skill
        self._greedy = GreedyBot()
        self._random = RandomBot()

    def choose(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        if rng.random() < self.skill:
            return self._greedy.choose(game, seat, rng)
        return self._random.choose(game, seat, rng)


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[FriendlyBot] | type[StrongBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "friendly": FriendlyBot}
BOTS["strong"] = StrongBot
BOTS["expert"] = ExpertBot
BOTS["learned"] = LearnedBot


def make_bot(name: str) -> Strategy:
    """A bot by name (``random``, ``greedy``, ...); :class:`BadArgumentError` (a
    ``ValueError``) listing the known names."""
    try:
        return BOTS[name]()
    except (KeyError, TypeError):
        raise BadArgumentError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


def play_game(game: Game, strategies: Sequence[Strategy], rng: np.random.Generator,
              after_roll: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to its end, each seat choosing with its strategy; returns the game.

    ``after_roll`` is called after every finished roll (to follow the game as it goes).
    """
    if len(strategies) != len(game.players):
        raise BadArgumentError(f"{len(game.players)} players need {len(game.players)} "
                               "strategies")
    return Turns(game, rng).play(strategies, after_roll=after_roll)
