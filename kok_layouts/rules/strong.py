"""The strong bot: a tuned evaluation of the position after each move.

Where the greedy bot scores a move by what it earns now plus a fixed progress bonus, the
strong bot values a whole position as ``score now + what it can still earn``:

- every unfinished column, colour (Kids: animal) and Keer op Keer 2 row is worth its points
  times a chance of completing it, ``scale * exp(-decay * missing / (rolls left + slack))``,
  so the hope fades as cells are missing and the game runs out;
- uncrossed stars, unused exclamation marks (jokers), Keer op Keer 2 boxes and hearts, and
  the cells a player can reach next are worth a little more while rolls remain;
- uncrossed cells cut off from the rest of their area, alone, in pairs or (classic) in
  groups of three, count against a
  position: only a 1 (or a 2) crosses them later, so they are what leaves columns unfinished;
- a move that ends the game (a second colour or animal) is worth exactly its final score
  (in a game with others, plus a share of the lead it locks in), so the bot ends a solo game
  only when the rest of the game is worth less than the points the ending move brings.
- in Kids, the active player also weighs what the die it keeps leaves the others: the best
  they can do with the two dice left.

The weights of each edition were tuned by self-play with the cross-entropy method
(``benchmarks/tune_strong.py``, seeds and bot version in :mod:`kok_layouts.rules.strong_weights`).

``StrongBot`` and ``ExpertBot`` decide inside the compiled engine
(:func:`kok_layouts.rules.engine.strong.decide`, :func:`kok_layouts.rules.engine.live.
decide_expert`), with the same values to the last bit as the Python evaluation they
replaced (tests/test_bots_answers.py). The Python evaluation below (``_prepare``,
``_cells_value`` and the rest, on the sheet's bitmasks, memoised per position) is left
only for ``LearnedBot``, which weighs the strong bot's best few moves again with features
of its own; it goes once the learned bot decides in the engine too.
"""

from __future__ import annotations

import hashlib
import math
import weakref
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from kok_layouts.rules.board import Board
from kok_layouts.rules.dice import PURPLE
from kok_layouts.rules.game import Choice, Game, MoveOption
from kok_layouts.rules.kids import KidsGame, KidsMove
from kok_layouts.rules.kinds import game_type_of, lineage
from kok_layouts.rules.kok2 import Kok2PlayerSheet, Special
from kok_layouts.rules.weighing import WeighingBot

EDITIONS: tuple[str, ...] = ("classic", "kok2", "kids")
"""The editions the strong bot has a weight set for; an edition derived from one of them
(:func:`kok_layouts.rules.kinds.lineage`) plays with that one's."""


@dataclass(frozen=True)
class StrongWeights:
    """The tunable weights of the strong bot's evaluation (one set per edition)."""

    column_scale: float = 0.8
    """Share of a column's points an unfinished column is worth with time to spare."""
    column_decay: float = 3.0
    """How fast that hope fades per missing cell (divided by rolls left + slack)."""
    column_slack: float = 3.0
    colour_scale: float = 0.8
    colour_decay: float = 6.0
    colour_slack: float = 3.0
    second_colour: float = 0.5
    """Multiplier of a colour's hope when completing it would end the game."""
    star_hope: float = 0.4
    """Share of an uncrossed star's penalty still expected back (times time left)."""
    open_cell: float = 0.1
    """Per cell reachable next (times time left)."""
    mark_hope: float = 0.5
    """Per unused mark beyond its printed point (times time left)."""
    cell: float = 0.0
    """Per cell crossed."""
    horizon: float = 30.0
    """Expected rolls in a game with others (solo games have their fixed count)."""
    lead: float = 0.3
    """In a game with others: an ending move is worth this much per point of lead."""
    row_scale: float = 0.6
    """Keer op Keer 2: as ``column_scale`` for rows."""
    row_decay: float = 6.0
    heart: float = 0.6
    """Keer op Keer 2: a heart's worth per column still likely to be completed."""
    box_hope: float = 0.5
    """Keer op Keer 2: an unused box's worth beyond its points, times time left."""
    bomb_item: float = 2.0
    """Keer op Keer 2: a bomb a row's item gives, before its square is chosen."""
    purple: float = 0.8
    """Kids: a purple mark that brings the next chameleon closer (times time left)."""
    column_piece: float = 2.0
    """How fast a column's hope fades per area its missing cells lie in (each needs a move
    of its own), divided by rolls left + slack like ``column_decay``."""
    colour_piece: float = 1.0
    """As ``column_piece`` for colours (animals)."""
    row_piece: float = 1.0
    """As ``column_piece`` for Keer op Keer 2 rows."""
    isolated: float = 0.5
    """Per uncrossed cell cut off from the rest of its area (only a 1 crosses it later)."""
    paired: float = 0.0
    """Per uncrossed cell left in a pair cut off from the rest of its area."""
    pass_cost: float = 1.0
    """What passing a roll costs beyond the position it leaves (a roll's worth of cells)."""
    deny: float = 0.0
    """Kids, as the active player: weight of what the die kept leaves the other players."""
    triple: float = 0.0
    """Per uncrossed cell left in a group of three cut off from the rest of its area."""

    def as_vector(self) -> list[float]:
        return [float(getattr(self, f.name)) for f in fields(self)]

    @classmethod
    def from_vector(cls, values: Any) -> StrongWeights:
        return cls(*(float(v) for v in values))

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


def edition_of(game: Game) -> str:
    """``classic``, ``kok2`` or ``kids``: the name of the weight set that plays ``game``
    (its edition's, or the nearest one's it derives from)."""
    names = lineage(game.sheet)
    return next((name for name in names if name in EDITIONS), names[-1])


class _Groups:
    """Per-board facts: the groups a crossing makes progress on, and which cells touch them.

    Groups are the columns, then the colours (animals), then (Keer op Keer 2) the rows.
    """

    def __init__(self, board: Board) -> None:
        sheet = board.sheet
        rows = list(board.row_masks) if game_type_of(sheet).scores_rows else []
        self.colour_keys = list(board.colour_masks)
        self.masks = [*board.column_masks, *board.colour_masks.values(), *rows]
        self.sizes = [m.bit_count() for m in self.masks]
        self.columns = len(board.column_masks)
        self.first_row = self.columns + len(board.colour_masks)
        self.cell_groups = [tuple(g for g, m in enumerate(self.masks) if m >> c & 1)
                            for c in range(sheet.geometry.size)]
        self.parts = [tuple(m & area for area in board.area_masks if m & area)
                      for m in self.masks]
        """Per group: its cells in each area (each part needs a move of its own)."""
        self.area_neighbours = [board.dilate(1 << c) & board.area_masks[board.area_of[c]]
                                if board.area_of[c] >= 0 else 0
                                for c in range(sheet.geometry.size)]
        """Per cell: its neighbours in its own area."""
        self.width = sheet.width
        self.full = board.full
        self.not_first = board.not_first_column
        self.not_last = board.not_last_column
        self.area_mask_of = [board.area_masks[a] if a >= 0 else 0 for a in board.area_of]
        """Per cell: the cells of its area (0 for a cell in none)."""
        self.shapes_memo: dict[int, tuple[int, int, int]] = {}
        self.state_memo: list[dict[int, tuple[int, int]]] = [{} for _ in self.masks]
        self.star_mask = board.star_mask
        self.box_mask = board.box_mask
        self.crossing_memo: dict[int, Crossing] = {}
        self.values_memo: dict[type, tuple[list[float], list[float]]] = {}

    def column_values(self, player: Any) -> tuple[list[float], list[float]]:
        """Every column's first and later points for ``player``'s kind of sheet (they
        depend on the board only; Keer op Keer 2's hearts are added by the caller)."""
        found = self.values_memo.get(type(player))
        if found is None:
            found = self.values_memo[type(player)] = (
                [float(player.column_value(g)) for g in range(self.columns)],
                [float(player.column_value(g, later=True)) for g in range(self.columns)])
        return found

    def crossing(self, fresh: int) -> Crossing:
        """What crossing the cells ``fresh`` touches, whatever the position: per group it
        makes progress on (group, its cells of ``fresh``, how many), the areas and regions
        of :meth:`areas`, the count of cells, their neighbours on the board, the stars and
        box cells among them (memoised per board: the same moves recur all game long)."""
        found = self.crossing_memo.get(fresh)
        if found is None:
            if len(self.crossing_memo) >= _SHAPES_KEPT:
                self.crossing_memo.clear()
            width = self.width
            parts = tuple((g, fresh & self.masks[g], (fresh & self.masks[g]).bit_count())
                          for g in self.touched(fresh))
            areas, regions = self.areas(fresh)
            around = ((((fresh & self.not_first) >> 1) | ((fresh & self.not_last) << 1)
                       | (fresh >> width) | (fresh << width)) & self.full)
            found = self.crossing_memo[fresh] = (
                parts, areas, regions, fresh.bit_count(), around,
                (fresh & self.star_mask).bit_count(), (fresh & self.box_mask).bit_count())
        return found

    def state(self, group: int, crossed: int) -> tuple[int, int]:
        """How many cells of ``group`` are uncrossed, and how many areas hold them
        (memoised per board by the group's crossed cells)."""
        mine = crossed & self.masks[group]
        known = self.state_memo[group]
        found = known.get(mine)
        if found is None:
            if len(known) >= _SHAPES_KEPT:
                known.clear()
            found = known[mine] = (self.sizes[group] - mine.bit_count(),
                                   len([part for part in self.parts[group] if part & ~mine]))
        return found

    def touched(self, mask: int) -> tuple[int, ...]:
        """The groups ``mask`` has cells in, in order (remembered by :meth:`crossing`)."""
        groups: set[int] = set()
        rest = mask
        while rest:
            low = rest & -rest
            groups.update(self.cell_groups[low.bit_length() - 1])
            rest ^= low
        return tuple(sorted(groups))

    def areas(self, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The areas ``mask`` has cells in, and those areas with a cell of ``mask`` that
        lies in no area as an area of its own (the regions whose cut-off cells a crossing of
        ``mask`` can change; remembered by :meth:`crossing`)."""
        areas: set[int] = set()
        regions: set[int] = set()
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            area = self.area_mask_of[low.bit_length() - 1]
            if area:
                areas.add(area)
            regions.add(area or low)
        return tuple(areas), tuple(regions)

    def shape(self, cells: int) -> tuple[int, int, int]:
        """How many of ``cells`` (uncrossed cells of one area) lie alone, in pairs and in
        groups of three cut off from the rest of the area: only a 1 (or a 2, a 3) crosses
        them later. Memoised per board: the same remains of an area recur all game long."""
        found = self.shapes_memo.get(cells)
        if found is None:
            if len(self.shapes_memo) >= _SHAPES_KEPT:
                self.shapes_memo.clear()
            sizes = [0, 0, 0, 0]
            neighbours = self.area_neighbours
            rest = cells
            while rest:
                group = edge = rest & -rest
                while edge:
                    top = edge & -edge
                    edge ^= top
                    new = neighbours[top.bit_length() - 1] & cells & ~group
                    group |= new
                    edge |= new
                rest &= ~group
                size = group.bit_count()
                if size <= 3:
                    sizes[size] += size
            found = self.shapes_memo[cells] = (sizes[1], sizes[2], sizes[3])
        return found


Crossing = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], tuple[int, ...], int, int,
                 int, int]
"""What :meth:`_Groups.crossing` knows of a set of cells, whatever the position."""

_SHAPES_KEPT = 500_000
"""The most area remains :meth:`_Groups.shape` remembers per board (then it starts again)."""

_RollPositions = tuple[Game, int, Any, StrongWeights, dict[int, "_Position"]]
"""The game, its rolls done, its roll, the weights and every seat's position."""

_ROLL_POSITIONS: list[_RollPositions | None] = [None]
"""The positions of the roll being played (:meth:`StrongBot._roll_position`): shared by
the bots of all seats (each seat has a bot of its own), for the last game and roll only."""

_GROUPS: weakref.WeakKeyDictionary[Board, _Groups] = weakref.WeakKeyDictionary()
"""The groups of each board, kept as long as the board is."""


def _groups_for(board: Board) -> _Groups:
    found = _GROUPS.get(board)
    if found is None:
        found = _GROUPS[board] = _Groups(board)
    return found


class _Position:
    """What one seat's decision needs, computed once per roll: the points and hope of every
    group, the time left, and the values that do not depend on the move."""

    groups: _Groups
    points: list[float]
    """Per group: what completing it scores now."""
    scale: list[float]
    rate: list[float]
    piece_rate: list[float]
    missing: list[int]
    pieces: list[int]
    """Per group: how many areas hold its uncrossed cells."""
    terms: list[dict[int, float]]
    """Per group: the change of its future value by the cells of it a move crosses
    (filled as moves are weighed)."""
    hope: list[float]
    """Per group: the chance-like share of its points it is worth as it stands."""
    row_item: list[float]
    row_bomb: list[bool]
    colours_done: int
    frac: float
    """Share of the game still to come."""
    rolls_left: float
    others_best: float | None
    """The others' best score (``None`` until :meth:`StrongBot._others_best` counts it)."""
    game: Game
    seat: int
    lead: float
    open_mask: int
    open_before: int
    heart_worth: float
    box_room: int
    box_worth: float
    solo: bool
    future_total: float | None
    star_penalty: int
    shapes_count: bool
    """Whether cut-off cells (alone, in pairs, in threes) are weighed at all."""
    isolated_cost: float
    paired_cost: float
    triple_cost: float
    open_cost: float
    """The weights of cut-off and open cells times the share of the game to come."""

    def __init__(self, groups: _Groups) -> None:
        self.groups = groups
        self.points = []
        self.scale = []
        self.rate = []
        self.piece_rate = []
        self.missing = []
        self.pieces = []
        self.terms = [{} for _ in groups.masks]
        self.hope = []
        self.row_item = []
        self.row_bomb = []
        self.future_total = None
        self._score_before: float | None = None

    @property
    def score_before(self) -> float:
        """The seat's score before the move (counted when first asked: only a move that
        ends the game and the learned bot want it)."""
        if self._score_before is None:
            self._score_before = float(self.game.sheets[self.seat].score().total)
        return self._score_before


class StrongBot(WeighingBot):
    """The tuned evaluation bot for all three editions (see the module docstring).

    ``weights``: one :class:`StrongWeights` for every edition, or some editions' by name
    (the others keep their tuned set).
    """

    name = "strong"

    def __repr__(self) -> str:
        from kok_layouts.rules.strong_weights import TUNED

        changed = {name: weights for name, weights in self.weights.items()
                   if TUNED.get(name) != weights}
        return f"{type(self).__name__}({self._settings(changed)})"

    def _settings(self, changed: dict[str, StrongWeights]) -> str:
        return f"weights={changed!r}" if changed else ""

    @staticmethod
    def version() -> str:
        """The weights' version and a fingerprint of their values: figures measured with
        this bot (the balance references) are stale as soon as either changes."""
        from kok_layouts.rules.strong_weights import BOT_VERSION, TUNED

        digest = hashlib.sha256(repr(sorted(TUNED.items())).encode("utf-8")).hexdigest()
        return f"{BOT_VERSION}-{digest[:12]}"

    def __init__(self, weights: dict[str, StrongWeights] | StrongWeights | None = None) -> None:
        from kok_layouts.rules.strong_weights import TUNED

        if weights is None:
            self.weights = dict(TUNED)
        elif isinstance(weights, StrongWeights):
            self.weights = {edition: weights for edition in EDITIONS}
        else:
            self.weights = {**TUNED, **weights}

    # -- the position before the move --------------------------------------------------
    def _rolls_left(self, game: Game, weights: StrongWeights) -> float:
        """The rolls this seat will still act in after the current one (an estimate in a
        game with others, whose length depends on everyone's play)."""
        done = game.rolls_done + 1
        if game.solo:
            return float(max(0, (game.roll_limit or 30) - done))
        if game.end_triggered:
            if game.options.end == "roll":
                return 0.0
            return float(len(game.players) - 1 - game.active)
        left = max(1.0, weights.horizon - done)
        if game.roll_limit is not None:
            left = min(left, float(game.roll_limit - done))
        return max(0.0, left)

    def _prepare(self, game: Game, seat: int, weights: StrongWeights) -> _Position:
        player = game.sheets[seat]
        board: Board = player.board
        groups = _groups_for(board)
        pos = _Position(groups)
        pos.solo = game.solo
        left = self._rolls_left(game, weights)
        pos.rolls_left = left
        horizon = float(game.roll_limit or 30) if game.solo else weights.horizon
        pos.frac = min(1.0, left / horizon) if horizon > 0 else 0.0
        crossed = player.crossed
        hearts = player.hearts
        taken_columns = game.taken_columns
        taken_colours = game.taken_colours
        taken_rows = game.taken_rows
        box_columns = player.box_columns
        pos.colours_done = len(player.completed_colours())
        # A second colour (animal) ends the game: at once in solo, Kids and end="roll",
        # after the round otherwise (which leaves little time either way).
        ending_colour = pos.colours_done >= 1
        box_points = float(player.box_points)
        pos.box_worth = box_points + weights.box_hope * pos.frac
        pos.box_room = player.box_room
        kinds = ((weights.column_scale, weights.column_decay, weights.column_piece,
                  weights.column_slack),
                 (weights.colour_scale * (weights.second_colour if ending_colour else 1.0),
                  weights.colour_decay, weights.colour_piece, weights.colour_slack),
                 (weights.row_scale, weights.row_decay, weights.row_piece,
                  weights.column_slack))
        per_kind = []
        for scale, decay, piece, slack in kinds:
            time = max(left + slack, 0.5)
            per_kind.append((0.0 if left <= 0 else scale, decay / time, piece / time))
        columns, first_row, state = groups.columns, groups.first_row, groups.state
        masks, state_memo = groups.masks, groups.state_memo
        states = []
        for g in range(len(masks)):
            found = state_memo[g].get(crossed & masks[g])
            states.append(found if found is not None else state(g, crossed))
        missing = [m for m, _ in states]
        pieces = [p for _, p in states]
        # The points of completing each group now: columns, colours (animals), rows.
        first, later = groups.column_values(player)
        points = [(later[g] if g in taken_columns else first[g]) + hearts
                  for g in range(columns)]
        for g in set(box_columns):
            points[g] += pos.box_worth if pos.box_room > 0 else 0.0
        points += [float(player.colour_value(key, later=key in taken_colours))
                   for key in groups.colour_keys]
        rows = len(masks) - first_row
        items = [0.0] * first_row
        bombs = [False] * first_row
        for row in range(rows):
            rule = player.row_rules[row]
            points.append(float(rule.points))
            item = 0.0
            bomb = False
            if rule.item and row not in taken_rows:
                if rule.item == "box":
                    item = pos.box_worth if pos.box_room > 0 else 0.0
                elif rule.item == "bomb":
                    item = weights.bomb_item
                    bomb = True
                else:
                    item = -1.0  # a heart: valued below, once the heart sum is known
            items.append(item)
            bombs.append(bomb)
        # Per kind of group: its scale and rates, and the hope of every group as it stands.
        (scale0, rate0, piece0), (scale1, rate1, piece1), (scale2, rate2, piece2) = per_kind
        colours = first_row - columns
        pos.scale = [scale0] * columns + [scale1] * colours + [scale2] * rows
        pos.rate = [rate0] * columns + [rate1] * colours + [rate2] * rows
        pos.piece_rate = [piece0] * columns + [piece1] * colours + [piece2] * rows
        hope = [scale * math.exp(-rate * m - piece_rate * p) if m else 0.0
                for scale, rate, piece_rate, m, p in zip(pos.scale, pos.rate,
                                                         pos.piece_rate, missing, pieces,
                                                         strict=True)]
        heart_sum = 0.0
        for g in range(columns):
            if missing[g]:
                heart_sum += hope[g]  # worth something only with room on the heart track
        pos.points, pos.missing, pos.pieces, pos.hope = points, missing, pieces, hope
        pos.row_item, pos.row_bomb = items, bombs
        pos.heart_worth = weights.heart * heart_sum if player.heart_room else 0.0
        pos.row_item = [pos.heart_worth if v < 0 else v for v in pos.row_item]
        pos.open_mask = board.dilate(crossed) & ~crossed
        pos.open_before = pos.open_mask.bit_count()
        # The others' best score is wanted only by a move that ends the game (rare): it
        # is counted then, in the same position (:meth:`_others_best`).
        pos.others_best = 0.0 if game.solo else None
        pos.game, pos.seat = game, seat
        pos.lead = weights.lead
        pos.star_penalty = player.star_penalty
        pos.shapes_count = bool(weights.isolated or weights.paired or weights.triple)
        pos.isolated_cost = weights.isolated * pos.frac
        pos.paired_cost = weights.paired * pos.frac
        pos.triple_cost = weights.triple * pos.frac
        pos.open_cost = weights.open_cell * pos.frac
        return pos

    # -- the value of crossing cells ---------------------------------------------------
    def _cells_value(self, player: Any, pos: _Position, weights: StrongWeights,
                     cells: int) -> tuple[float, bool]:
        """(score gained now, future change) folded into one value relative to passing,
        and whether the crossing completes a row whose item is a bomb.

        The hot path of every strong game: the board's memos are read inline, and what
        does not depend on the move comes from ``pos`` (the sums keep their order, so the
        values are the same to the last bit)."""
        groups = pos.groups
        crossed = player.crossed
        fresh = cells & ~crossed
        after = crossed | fresh
        gained = 0.0
        future = 0.0
        new_colours = 0
        bomb_row = False
        crossing = groups.crossing_memo.get(fresh)
        if crossing is None:
            crossing = groups.crossing(fresh)
        parts, areas, regions, count, around, stars, boxes = crossing
        masks, missing, terms = groups.masks, pos.missing, pos.terms
        for g, mine, crossed_here in parts:
            now = missing[g] - crossed_here
            if now == 0:
                points = pos.points[g]
                gained += points
                future -= points * pos.hope[g]
                if groups.columns <= g < groups.first_row:
                    new_colours += 1
                elif g >= groups.first_row:
                    gained += pos.row_item[g]
                    bomb_row = bomb_row or pos.row_bomb[g]
                continue
            # The same cells of a group recur in many moves of a decision.
            term = terms[g].get(mine)
            if term is None:
                scale = pos.scale[g]
                if not scale:
                    continue
                # Only the parts in the areas of the move can be finished by it.
                pieces = pos.pieces[g]
                for area in areas:
                    part = masks[g] & area
                    if part & fresh and not part & ~after:
                        pieces -= 1
                points = pos.points[g]
                term = terms[g][mine] = points * (scale * math.exp(
                    -pos.rate[g] * now - pos.piece_rate[g] * pieces) - pos.hope[g])
            future += term
        if pos.shapes_count:
            # Cut-off cells change only in the areas the move crosses cells of.
            alone = pairs = threes = 0
            uncrossed = groups.full & ~crossed
            shapes = groups.shapes_memo
            for region in regions:
                before = uncrossed & region
                old = shapes.get(before) or groups.shape(before)
                new = shapes.get(before & ~fresh) or groups.shape(before & ~fresh)
                alone += new[0] - old[0]
                pairs += new[1] - old[1]
                threes += new[2] - old[2]
            if pos.isolated_cost:
                future -= pos.isolated_cost * alone
            if pos.paired_cost:
                future -= pos.paired_cost * pairs
            if pos.triple_cost:
                future -= pos.triple_cost * threes
        gained += weights.cell * count
        star_penalty = pos.star_penalty
        if star_penalty:
            gained += star_penalty * stars
            future -= star_penalty * stars * weights.star_hope * pos.frac
        if pos.box_room > 0:
            gained += min(pos.box_room, boxes) * pos.box_worth
        # The cells reachable next: those of before, less the ones crossed, plus the new.
        open_mask = pos.open_mask
        open_before = pos.open_before
        opened = open_before - (open_mask & fresh).bit_count() + (
            around & ~after & ~open_mask).bit_count()
        future += pos.open_cost * (opened - open_before)
        if new_colours and pos.colours_done + new_colours >= 2:
            # The game ends: what is left of the future is lost.
            return self._ending_value(pos, player, weights, gained), bomb_row
        return gained + future, bomb_row

    def _ending_value(self, pos: _Position, player: Any, weights: StrongWeights,
                      gained: float) -> float:
        """The value, relative to passing, of a move that ends the game: its points, minus
        the whole future the position had, plus (with others) a share of the final lead."""
        value = gained - self._future_total(pos, player, weights)
        if not pos.solo:
            value += pos.lead * (pos.score_before + gained - self._others_best(pos))
        return value

    @staticmethod
    def _others_best(pos: _Position) -> float:
        """The best score of the other players in the position of ``pos``."""
        if pos.others_best is None:
            seat = pos.seat
            pos.others_best = float(max(s.score().total for i, s in enumerate(pos.game.sheets)
                                        if i != seat))
        return pos.others_best

    def _future_total(self, pos: _Position, player: Any, weights: StrongWeights) -> float:
        """The future value of the position before the move (cached per decision)."""
        if pos.future_total is not None:
            return pos.future_total
        total: float = sum(p * h for p, h in zip(pos.points, pos.hope, strict=True))
        board: Board = player.board
        star_penalty = player.star_penalty
        if star_penalty:
            stars = (board.star_mask & ~player.crossed).bit_count()
            total += star_penalty * stars * weights.star_hope * pos.frac
        total += weights.open_cell * pos.frac * pos.open_before
        total += weights.mark_hope * pos.frac * player.marks_left
        if player.boxes_left:  # (none but in Keer op Keer 2)
            total += weights.box_hope * pos.frac * player.boxes_left
        pos.future_total = total
        return total

    # -- choosing ----------------------------------------------------------------------
    def _decision_start(self, game: Game, seat: int,
                  ) -> tuple[list[MoveOption], list[Choice], StrongWeights, _Position] | None:
        """What a decision by dice starts from: the colour-and-number moves of ``seat`` as
        plain tuples (a Choice is made of the one taken only), then its special actions
        (the order of ``choices_for``), the edition's weights and the position; ``None``
        when passing is all it can do."""
        options = game.move_options(seat)
        specials = game.special_choices(seat)
        if not options and not specials:
            return None
        weights = self.weights[edition_of(game)]
        return options, specials, weights, self._prepare(game, seat, weights)

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The best move or special action by the evaluation (bombs' squares too), or a
        pass: decided in the engine (:func:`kok_layouts.rules.engine.strong.decide`)."""
        from kok_layouts.rules.engine.strong import decide

        return decide(game, seat, self.weights[edition_of(game)]).choice

    def _best_few(self, game: Game, seat: int, options: list[MoveOption],
                  specials: list[Choice], pos: _Position, weights: StrongWeights,
                  count: int) -> list[tuple[float, bool, Choice]]:
        """The ``count`` best of the choices (``options`` of :meth:`Game.move_options`, then
        ``specials``) by the evaluation, best first, as (value, whether it completes a row
        that gives a bomb, choice): one choice per cells, jokers and kind (the best valued),
        the fullest row and stars actions only, bombs not yet placed. For the bots that
        weigh a few moves again (the expert, the learned bot)."""
        player = game.sheets[seat]
        width = game.sheet.width
        joker_cost = float(player.sheet.mark_points) + weights.mark_hope * pos.frac
        memo: dict[int, tuple[float, bool]] = {}
        ranked: dict[tuple[int, int, bool], tuple[float, bool, Choice | MoveOption]] = {}
        for option in options:
            cells = option[4]
            found = memo.get(cells)
            if found is None:
                found = memo[cells] = self._cells_value(player, pos, weights, cells)
            value, bomb_row = found
            jokers = option[5] + option[6]
            value -= jokers * joker_cost
            key = (cells, jokers, False)
            if key not in ranked or ranked[key][0] < value:
                ranked[key] = (value, bomb_row, option)
        for choice in fullest_specials(specials, width):
            move = choice.move
            found = memo.get(move.cells)
            if found is None:
                found = memo[move.cells] = self._cells_value(player, pos, weights, move.cells)
            value, bomb_row = found
            value -= pos.box_worth
            if isinstance(move, Special) and move.face == "heart":
                value += pos.heart_worth
            key = (move.cells, 0, True)
            if key not in ranked or ranked[key][0] < value:
                ranked[key] = (value, bomb_row, choice)
        best = sorted(ranked.values(), key=lambda item: -item[0])[:count]
        return [(value, bomb_row, Choice.of_option(made, width) if isinstance(made, tuple)
                 else made) for value, bomb_row, made in best]

    def _with_bombs(self, game: Game, seat: int, choice: Choice, pos: _Position,
                    weights: StrongWeights, value: float) -> tuple[Choice, float]:
        """``choice`` with the squares of the bombs its rows give, each the best by the
        evaluation, and its value with those cells instead of the bombs' estimate."""
        player = game.sheets[seat]
        if not player.bombs_owed(choice.move, game.taken_rows):
            return choice, value

        def pick(probe: Kok2PlayerSheet, options: list[int]) -> int:
            # ``probe`` has the move (and earlier bombs) crossed: weigh each square together
            # with them, against the position the decision started from.
            so_far = probe.crossed & ~player.crossed
            return max(options, key=lambda square: self._cells_value(
                player, pos, weights, square | so_far)[0])

        filled = game.fill_bombs(seat, choice, pick)
        cells = choice.move.cells
        for square in filled.bombs:
            cells |= square
        bombs = len(filled.bombs)
        new_value, _ = self._cells_value(player, pos, weights, cells)
        new_value -= weights.bomb_item * bombs
        if isinstance(choice.move, Special):
            new_value -= pos.box_worth
        else:
            new_value -= choice.move.jokers * (float(player.sheet.mark_points)
                                               + weights.mark_hope * pos.frac)
        return filled, new_value

    def choose_enclosure(self, game: KidsGame, seat: int,
                         rng: np.random.Generator) -> Choice | None:
        """Kids: the best enclosure by the evaluation, decided in the engine."""
        from kok_layouts.rules.engine.strong import decide

        return decide(game, seat, self.weights[edition_of(game)]).choice

    def _valued_enclosures(self, game: KidsGame, seat: int,
                           ) -> tuple[list[tuple[float, Choice, int, bool]], _Position] | None:
        """Every choice of ``seat`` in a Kids roll (:meth:`KidsGame.choices_for`, in its
        order) as (value by the evaluation, choice, its cells, whether it uses the purple die
        as purple), with the position it was valued in; ``None`` when there is no choice.
        The strong bot takes the best; the learned bot weighs the best few again."""
        choices = game.choices_for(seat)
        if not choices:
            return None
        weights = self.weights[edition_of(game)]
        pos = self._roll_position(game, seat, weights)
        player = game.sheets[seat]
        chameleon_soon = weights.purple * pos.frac
        denial = (self._denial(game, seat)
                  if weights.deny and not game.solo and seat == game.active else None)
        memo: dict[int, tuple[float, bool]] = {}
        valued: list[tuple[float, Choice, int, bool]] = []
        for choice in choices:
            move = choice.move
            assert isinstance(move, KidsMove)
            cells = move.all_cells
            found = memo.get(cells)
            if found is None:
                found = memo[cells] = self._cells_value(player, pos, weights, cells)
            value = found[0]
            purple = move.die == PURPLE and not move.chameleon
            if purple:
                value += chameleon_soon
            if denial is not None:
                value -= weights.deny * denial[choice.colour_die]
            valued.append((value, choice, cells, purple))
        return valued, pos

    def _roll_position(self, game: Game, seat: int, weights: StrongWeights) -> _Position:
        """:meth:`_prepare` of ``seat``, once per roll: the active player's look at what
        its dice leave the others (:meth:`_denial`) weighs each other seat in the position
        that seat then decides in (its sheet changes by its own choice only; what is taken
        is counted at the end of the roll), so the position and its remembered terms serve
        both. Only the others' best score is counted again (the active player has moved).
        """
        kept = _ROLL_POSITIONS[0]
        if (kept is None or kept[0] is not game or kept[1] != game.rolls_done
                or kept[2] is not game.roll or kept[3] is not weights):
            kept = _ROLL_POSITIONS[0] = (game, game.rolls_done, game.roll, weights, {})
        pos = kept[4].get(seat)
        if pos is None:
            pos = kept[4][seat] = self._prepare(game, seat, weights)
        elif not game.solo:
            pos.others_best = None
        return pos

    def _denial(self, game: KidsGame, seat: int) -> dict[int, float]:
        """Kids, as the active player: for each die this seat may keep, the best the other
        players can still do with the dice left to them (what keeping it leaves them)."""
        roll = game.roll
        assert roll is not None
        faces = roll.colours
        left: dict[int, float] = {}
        for other in range(len(game.players)):
            if other == seat:
                continue
            weights = self.weights[edition_of(game)]
            pos = self._roll_position(game, other, weights)
            player = game.sheets[other]
            best_by_face: dict[str, float] = {}
            for face in set(faces):
                # An animal's die crosses one of its open enclosures (no move objects
                # needed to weigh them); the purple die, rarer, goes through its moves.
                masks = (player.open_enclosures(face) if face != PURPLE
                         else [move.all_cells for move in player.legal_moves(face)])
                values = [self._cells_value(player, pos, weights, cells)[0] for cells in masks]
                best_by_face[face] = max(values, default=0.0)
            for kept in range(len(faces)):
                rest = [best_by_face[faces[d]] for d in range(len(faces)) if d != kept]
                left[kept] = left.get(kept, 0.0) + max(rest, default=0.0)
        return left


def fullest_specials(choices: list[Choice], width: int) -> list[Choice]:
    """``choices`` without the Keer op Keer 2 row and stars actions that cross fewer cells
    than another action of the same face (and row) could: never worth weighing, and there
    are many of them."""
    fullest: dict[tuple[str, int], int] = {}

    def group(move: Special) -> tuple[str, int]:
        return (move.face, (move.cells.bit_length() - 1) // width if move.face == "row" else 0)

    for choice in choices:
        move = choice.move
        if isinstance(move, Special) and move.face in ("row", "stars"):
            key = group(move)
            fullest[key] = max(fullest.get(key, 0), move.cells.bit_count())
    if not fullest:
        return choices
    return [c for c in choices if not (isinstance(c.move, Special)
                                       and c.move.face in ("row", "stars")
                                       and c.move.cells.bit_count() < fullest[group(c.move)])]


class ExpertBot(StrongBot):
    """The strong bot with a look at the next roll: its ``candidates`` best moves are weighed
    again by ``lookahead`` times what the best move of the next roll (all 1,296 throws of 2
    colour and 2 number dice) is worth after them (:mod:`kok_layouts.rules.engine.expert`).
    Slower; Kids (few moves a roll) plays as the strong bot."""

    name = "expert"

    def __init__(self, weights: dict[str, StrongWeights] | StrongWeights | None = None, *,
                 candidates: int = 4, lookahead: float = 0.5) -> None:
        super().__init__(weights)
        self.candidates = candidates
        self.lookahead = lookahead

    def _settings(self, changed: dict[str, StrongWeights]) -> str:
        settings = [super()._settings(changed)]
        settings += [f"{key}={getattr(self, key)!r}" for key, value
                     in (ExpertBot.__init__.__kwdefaults__ or {}).items()
                     if getattr(self, key) != value]
        return ", ".join(s for s in settings if s)

    def choose_by_dice(self, game: Game, seat: int, rng: np.random.Generator) -> Choice | None:
        """The strong bot's few best moves weighed again by the next roll, decided in the
        engine (:func:`kok_layouts.rules.engine.live.decide_expert`)."""
        from kok_layouts.rules.engine.live import decide_expert

        return decide_expert(game, seat, self.weights[edition_of(game)],
                             candidates=self.candidates, lookahead=self.lookahead)
