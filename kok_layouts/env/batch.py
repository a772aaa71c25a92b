"""The batched engine: N solo games at once, as numpy arrays (self-play's hot path).

Every game's crosses are a row of a boolean matrix, and every action of the layout's fixed
action space (:mod:`kok_layouts.env.actions`) a row of cells, so the legal actions of all
games are a few matrix products: a group of cells may be crossed when none of its cells
is crossed (``crossed @ groups.T == 0``) and one of them lies in the start column or
next to a cross (``anchor @ groups.T > 0``); the dice then say which colours, numbers and
jokers each game may use. Applying N actions is one gather and one ``|=``; scoring is a
product with the columns' and colours' cells.

The rules are docs/rules.md's solo rules of every edition (sections 1.10, 2.8 and 3.10),
with the default options (``connect_through_crossed`` off); the tests check the masks,
the crosses and the scores against the rules' own :class:`~kok_layouts.rules.Game` on
random games. A game that ends is started again at once (its final total is in the
step's ``final`` array), so a batch never idles.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kok_layouts import limits
from kok_layouts.editions import edition_of
from kok_layouts.env.actions import (
    K_BLOCK,
    K_BOMB,
    K_CHAMELEON,
    K_ENCLOSURE,
    K_HEART,
    K_PAIR,
    K_PURPLE,
    K_ROW,
    K_ROW_BOMB,
    K_STARS,
    PASS,
    SPECIAL_KINDS,
    action_table,
    mask_bits,
)
from kok_layouts.env.driver import sheet_of
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError
from kok_layouts.rules import JOKER_NUMBER, Roll, new_game


def _float_rows(cells: np.ndarray) -> np.ndarray:
    """Boolean rows of cells as a float32 matrix with one column per row (for ``@``)."""
    return np.ascontiguousarray(cells.T, dtype=np.float32)


@dataclass
class Step:
    """What one :meth:`BatchSolo.step` did, per game."""

    reward: np.ndarray
    """The change in each game's score (float32)."""
    done: np.ndarray
    """The games that ended with this step (and were started again)."""
    final: np.ndarray
    """The final total of each game that ended (0 elsewhere)."""


class BatchSolo:
    """``games`` solo games on ``layout`` (a built-in name, a path or a sheet), played in
    lockstep: :meth:`legal_mask`, :meth:`step` and :meth:`scores` work on all at once.
    The dice come from ``numpy.random.default_rng(seed)``."""

    def __init__(self, layout: object, games: int, seed: int | None = None) -> None:
        self.sheet = sheet = sheet_of(layout)
        self.n = limits.BATCH_GAMES.check(games, "the games of a batch")
        if seed is not None:
            limits.SEED.check(seed, "the seed")
        self.rng = np.random.default_rng(seed)
        edition = edition_of(sheet)
        self.table = table = action_table(sheet)
        board = table.board
        game = new_game(sheet, ["solo"], solo=True)
        self.colour_dice, self.number_dice = game.colour_dice, game.number_dice
        self.roll_limit = int(game.roll_limit or 0)
        player = game.sheets[0]
        self.kids = not edition.number_dice
        self.faces = (*board.colour_keys, edition.extra_colour_face)
        self.special_faces: tuple[str, ...] = tuple(getattr(sheet, "special_faces", ()))
        size = sheet.width * sheet.height
        self.size, self.width, self.height = size, sheet.width, sheet.height

        def bits(mask: int) -> np.ndarray:
            return mask_bits(mask, size)

        self.full = bits(board.full)
        self.start = bits(board.start_mask)
        self.stars = bits(board.star_mask)
        self.boxes = bits(board.box_mask)
        column_cells = np.stack([bits(m) for m in board.column_masks])
        colour_cells = np.stack([bits(board.colour_masks[k]) for k in board.colour_keys])
        row_cells = np.stack([bits(m) for m in board.row_masks])
        self.column_sizes = column_cells.sum(1)
        self.colour_sizes = colour_cells.sum(1)
        self.row_sizes = row_cells.sum(1)
        self.columns_t = _float_rows(column_cells)
        self.colours_t = _float_rows(colour_cells)
        self.rows_t = _float_rows(row_cells)
        # What completing each line is worth in solo (everything is a first completion).
        self.column_value = np.array([player.column_value(c) for c in range(sheet.width)])
        self.colour_value = np.array([player.colour_value(k) for k in board.colour_keys])
        self.row_points = np.array([rule.points for rule in player.row_rules] or
                                   [0] * sheet.height)
        self.row_item = [rule.item for rule in player.row_rules] or [None] * sheet.height
        self.box_columns = np.zeros(sheet.width, dtype=bool)
        self.box_columns[list(player.box_columns)] = True
        self.box_points = player.box_points
        self.star_penalty = player.star_penalty
        self.marks = player.marks_left
        empty = player.score().total
        player.marks_used = 1  # what one unused mark is worth, asked of the rules
        self.mark_value = empty - player.score().total
        player.marks_used = 0
        self.box_count = int(getattr(sheet, "box_count", 0))
        self.boxes_at_start = int(getattr(sheet, "boxes_at_start", 0))
        self.heart_track = int(getattr(sheet, "heart_track", 0))
        self.chameleon_every = int(getattr(sheet, "chameleon_every", 0))
        # The actions by kind, and their cells as float columns.
        kind = table.kind
        self.pair = table.of_kind(K_PAIR)
        shapes = self.pair[:len(self.pair) // 4]
        self.shapes_t = _float_rows(table.cells[shapes])
        self.shape_colour = table.colour[shapes].astype(np.intp)
        self.shape_number = table.number[shapes].astype(np.intp)
        self.kinds = {k: table.of_kind(k) for k in range(int(kind.max()) + 1)}
        self.kind_t = {k: _float_rows(table.cells[ids]) for k, ids in self.kinds.items()
                       if k in (K_BOMB, K_STARS, K_ROW, K_BLOCK, K_ROW_BOMB, K_ENCLOSURE,
                                K_CHAMELEON)}
        self.enclosure_colour = table.colour[self.kinds.get(K_ENCLOSURE, np.zeros(0, int))]
        self.jokers = (table.colour_joker.astype(np.int16) + table.number_joker
                       + np.isin(kind, (K_PURPLE, K_CHAMELEON)))
        self.is_special = np.isin(kind, list(SPECIAL_KINDS.values()))
        self.cells = table.cells
        self._mask: np.ndarray | None = None
        self._scores: np.ndarray | None = None
        self.reset()

    # -- state -----------------------------------------------------------------------
    def reset(self, games: np.ndarray | None = None) -> None:
        """Start every game (or those of the boolean index ``games``) on an empty sheet,
        with its first roll thrown."""
        if games is None:
            n = self.n
            self.crossed = np.zeros((n, self.size), dtype=bool)
            self.marks_used = np.zeros(n, dtype=np.int16)
            self.rolls_done = np.zeros(n, dtype=np.int16)
            self.boxes_gained = np.full(n, self.boxes_at_start, dtype=np.int16)
            self.boxes_used = np.zeros(n, dtype=np.int16)
            self.hearts = np.zeros(n, dtype=np.int16)
            self.column_hearts = np.zeros((n, self.width), dtype=np.int16)
            self.row_items = np.zeros((n, self.height), dtype=bool)
            self.bombs_owed = np.zeros(n, dtype=np.int16)
            self.colour_roll = np.zeros((n, self.colour_dice), dtype=np.intp)
            self.number_roll = np.zeros((n, self.number_dice), dtype=np.intp)
            self.special_roll = np.zeros(n, dtype=np.intp)
            games = np.ones(n, dtype=bool)
        else:
            for name in ("crossed", "marks_used", "rolls_done", "boxes_used", "hearts",
                         "column_hearts", "row_items", "bombs_owed"):
                getattr(self, name)[games] = 0
            self.boxes_gained[games] = self.boxes_at_start
        self._throw(games)
        self._mask = None
        self._scores = None

    def _throw(self, games: np.ndarray) -> None:
        count = int(games.sum())
        if not count:
            return
        self.colour_roll[games] = self.rng.integers(0, len(self.faces),
                                                    (count, self.colour_dice))
        self.number_roll[games] = self.rng.integers(0, 6, (count, self.number_dice))
        if self.special_faces:
            self.special_roll[games] = self.rng.integers(0, len(self.special_faces), count)

    def roll(self, game: int) -> Roll:
        """The dice of ``game``'s current roll, as the rules write them."""
        if type(game) is not int or not 0 <= game < self.n:
            raise BadArgumentError(f"game {game!r} is not 0 to {self.n - 1}")
        colours = tuple(self.faces[i] for i in self.colour_roll[game])
        numbers = tuple(JOKER_NUMBER if i == 0 else int(i) for i in self.number_roll[game])
        special = self.special_faces[self.special_roll[game]] if self.special_faces else None
        return Roll(colours, numbers, special)

    # -- the geometry of crosses -----------------------------------------------------
    def _dilate(self, cells: np.ndarray) -> np.ndarray:
        """The board cells sharing a side with a cell of ``cells`` (per game)."""
        grid = cells.reshape(-1, self.height, self.width)
        grown = np.zeros_like(grid)
        grown[:, 1:, :] |= grid[:, :-1, :]
        grown[:, :-1, :] |= grid[:, 1:, :]
        grown[:, :, 1:] |= grid[:, :, :-1]
        grown[:, :, :-1] |= grid[:, :, 1:]
        near: np.ndarray = grown.reshape(-1, self.size) & self.full & ~cells
        return near

    # -- legal actions ---------------------------------------------------------------
    def legal_mask(self) -> np.ndarray:
        """The legal actions of every game now: bool, (games, actions)."""
        if self._mask is None:
            self._mask = self._kids_mask() if self.kids else self._classic_mask()
        return self._mask

    def _counts(self) -> tuple[np.ndarray, np.ndarray]:
        """How many colour dice show each face, and number dice each number (0 = ?)."""
        colours = (self.colour_roll[:, :, None] == np.arange(len(self.faces))).sum(1)
        numbers = (self.number_roll[:, :, None] == np.arange(6)).sum(1)
        return colours, numbers

    def _classic_mask(self) -> np.ndarray:
        n, table = self.n, self.table
        mask = np.zeros((n, table.size), dtype=bool)
        crossed = self.crossed
        anchor = (self.start | self._dilate(crossed)) & ~crossed
        crossed_f = crossed.astype(np.float32)
        groups_ok = ((crossed_f @ self.shapes_t) == 0) & ((anchor.astype(np.float32)
                                                           @ self.shapes_t) > 0)
        colours, numbers = self._counts()
        have_colours, have_numbers = colours > 0, numbers > 0
        have_colour = have_colours[:, self.shape_colour]
        have_number = have_numbers[:, self.shape_number]
        have_x, have_q = have_colours[:, -1:], have_numbers[:, :1]
        left = (self.marks - self.marks_used)[:, None]
        one, two = groups_ok & (left >= 1), groups_ok & (left >= 2)
        # The pair actions are four blocks of every group, in the table's order: plain
        # dice, the ? joker, the X joker, both.
        first, groups = (int(self.pair[0]), len(self.pair) // 4) if len(self.pair) else (1, 0)
        blocks = [mask[:, first + k * groups:first + (k + 1) * groups] for k in range(4)]
        np.logical_and(groups_ok & have_colour, have_number, out=blocks[0])
        np.logical_and(one & have_colour, have_q, out=blocks[1])
        np.logical_and(one & have_number, have_x, out=blocks[2])
        np.logical_and(two & have_x, have_q, out=blocks[3])
        owed = self.bombs_owed > 0
        mask[:, PASS] = True
        if self.special_faces:
            self._special_mask(mask, crossed, anchor)
            if owed.any():
                free = (self.full & ~crossed[owed]).astype(np.float32)
                mask[owed] = False
                mask[np.ix_(owed, self.kinds[K_ROW_BOMB])] = (free @ self.kind_t[K_ROW_BOMB]) > 0
        return mask

    def _special_mask(self, mask: np.ndarray, crossed: np.ndarray, anchor: np.ndarray) -> None:
        """Keer op Keer 2's special die, for the games whose player has an unused box."""
        may = (self.boxes_gained - self.boxes_used >= 1) & (self.bombs_owed == 0)
        face = np.array(self.special_faces)[self.special_roll]
        for name, kind in SPECIAL_KINDS.items():
            games = may & (face == name)
            if not games.any():
                continue
            ids = self.kinds[kind]
            if kind == K_HEART:
                mask[games, ids[0]] = self.hearts[games] < self.heart_track
                continue
            cells = crossed[games]
            free = (self.full & ~cells).astype(np.float32)
            if kind == K_BOMB:
                legal = (free @ self.kind_t[kind]) > 0
            elif kind == K_BLOCK:
                touching = (anchor[games] | cells).astype(np.float32)
                legal = ((free @ self.kind_t[kind]) > 0) & ((touching @ self.kind_t[kind]) > 0)
            else:  # stars and row: every cell in reach
                unreachable = (~anchor[games]).astype(np.float32)
                legal = (unreachable @ self.kind_t[kind]) == 0
            mask[np.ix_(games, ids)] = legal

    def _kids_mask(self) -> np.ndarray:
        n, table = self.n, self.table
        mask = np.zeros((n, table.size), dtype=bool)
        crossed = self.crossed
        reach = (self.stars | self._dilate(crossed)).astype(np.float32)
        crossed_f = crossed.astype(np.float32)
        enclosures_t = self.kind_t[K_ENCLOSURE]
        open_ = ((crossed_f @ enclosures_t) == 0) & ((reach @ enclosures_t) > 0)
        colours, _ = self._counts()
        mask[:, self.kinds[K_ENCLOSURE]] = open_ & (colours[:, self.enclosure_colour] > 0)
        purple = (colours[:, -1] > 0) & (self.marks_used < self.marks)
        chameleon = (self.marks_used + 1) % self.chameleon_every == 0
        any_open = open_.any(axis=1)
        mask[:, self.kinds[K_CHAMELEON]] = open_ & (purple & chameleon)[:, None]
        mask[:, self.kinds[K_PURPLE][0]] = purple & ~(chameleon & any_open)
        mask[:, PASS] = ~mask.any(axis=1)
        return mask

    # -- playing ---------------------------------------------------------------------
    def step(self, actions: np.ndarray) -> Step:
        """Play one action in every game (an index into the action space each): the
        reward is each game's change in score. :class:`IllegalMoveError` names the first
        game whose action is not legal, and nothing changes."""
        actions = np.asarray(actions)
        if actions.shape != (self.n,) or not np.issubdtype(actions.dtype, np.integer):
            raise KokTypeError(f"step takes one whole-number action per game, shape "
                               f"({self.n},), not {actions.dtype} {actions.shape}")
        if (actions < 0).any() or (actions >= self.table.size).any():
            raise BadArgumentError(f"actions are 0 to {self.table.size - 1}")
        legal = self.legal_mask()[np.arange(self.n), actions]
        if not legal.all():
            game = int(np.flatnonzero(~legal)[0])
            raise IllegalMoveError(f"game {game}: action {int(actions[game])} "
                                   f"({self.table.describe(int(actions[game]))}) is not legal")
        before = self.scores()
        kind = self.table.kind[actions]
        crossed_before = self.crossed
        self.crossed = crossed_before | self.cells[actions]
        self.marks_used += self.jokers[actions]
        if self.special_faces:
            self.boxes_used += self.is_special[actions]
            self.hearts += kind == K_HEART
            self.bombs_owed -= kind == K_ROW_BOMB
            self._settle(crossed_before)
        rolled = self.bombs_owed == 0
        self.rolls_done += rolled
        done = rolled & ((self._done(self.colours_t, self.colour_sizes).sum(1) >= 2)
                         | (self.rolls_done >= self.roll_limit))
        self._scores = None
        after = self.scores()
        final = np.where(done, after, 0)
        if done.any():
            self.reset(done)
        self._throw(rolled & ~done)
        self._mask = None
        return Step(reward=(after - before).astype(np.float32), done=done, final=final)

    def _done(self, lines_t: np.ndarray, sizes: np.ndarray,
              crossed: np.ndarray | None = None) -> np.ndarray:
        """Which lines (columns, colours or rows) each game has completed."""
        cells = self.crossed if crossed is None else crossed
        done: np.ndarray = ((cells.astype(np.float32) @ lines_t) == sizes) & (sizes > 0)
        return done

    def _settle(self, before: np.ndarray) -> None:
        """Keer op Keer 2: boxes, hearts under columns and row items of the new crosses
        (docs/rules.md sections 2.3, 2.5, 2.6), and the bombs they owe."""
        fresh = self.crossed & ~before
        self.boxes_gained = np.minimum(self.box_count,
                                       self.boxes_gained + (fresh & self.boxes).sum(1))
        new_columns = (self._done(self.columns_t, self.column_sizes)
                       & ~self._done(self.columns_t, self.column_sizes, before))
        self.column_hearts = np.where(new_columns, self.hearts[:, None], self.column_hearts)
        self.boxes_gained = np.minimum(self.box_count, self.boxes_gained
                                       + (new_columns & self.box_columns).sum(1))
        new_rows = (self._done(self.rows_t, self.row_sizes)
                    & ~self._done(self.rows_t, self.row_sizes, before))
        self.row_items |= new_rows
        for row, item in enumerate(self.row_item):
            got = new_rows[:, row]
            if not got.any() or item is None:
                continue
            if item == "box":
                self.boxes_gained = np.minimum(self.box_count, self.boxes_gained + got)
            elif item == "heart":
                self.hearts = np.minimum(self.heart_track, self.hearts + got)
            else:
                self.bombs_owed += got
        # A bomb with no square left to fall on is lost.
        nowhere = ((self.crossed | ~self.full).all(axis=1))
        self.bombs_owed[nowhere] = 0

    def scores(self) -> np.ndarray:
        """Every game's total now (int64), line by line as the rules score it."""
        if self._scores is None:
            self._scores = self._score()
        return self._scores.copy()

    def _score(self) -> np.ndarray:
        crossed = self.crossed
        columns = self._done(self.columns_t, self.column_sizes) @ self.column_value
        colours = self._done(self.colours_t, self.colour_sizes) @ self.colour_value
        stars = (self.stars & ~crossed).sum(1) * self.star_penalty
        total = columns + colours - stars + (self.marks - self.marks_used) * self.mark_value
        if self.special_faces:
            rows = self._done(self.rows_t, self.row_sizes) @ self.row_points
            total = (total + rows + self.column_hearts.sum(1)
                     + (self.boxes_gained - self.boxes_used) * self.box_points)
        totals: np.ndarray = total.astype(np.int64)
        return totals

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action for every game (a random agent)."""
        mask = self.legal_mask()
        legal = np.flatnonzero(mask)  # row by row, so each game's legal actions in a run
        counts = mask.sum(1)
        pick = np.cumsum(counts) - counts + (rng.random(self.n) * counts).astype(np.int64)
        actions: np.ndarray = legal[pick] - np.arange(self.n) * mask.shape[1]
        return actions

    def observation(self) -> dict[str, np.ndarray]:
        """The games as arrays: ``crossed`` (games, H, W), ``marks`` left, the ``dice``
        (counts per colour face), ``numbers`` (counts of ?, 1..5), ``special`` face index
        (-1 without), ``boxes`` unused, ``hearts``, ``turn`` (rolls done, bombs owed)."""
        colours, numbers = self._counts()
        special = self.special_roll if self.special_faces else np.full(self.n, -1)
        return {"crossed": self.crossed.reshape(self.n, self.height, self.width).copy(),
                "marks": (self.marks - self.marks_used).astype(np.int16),
                "dice": colours, "numbers": numbers, "special": special.copy(),
                "boxes": (self.boxes_gained - self.boxes_used).astype(np.int16),
                "hearts": self.hearts.copy(),
                "turn": np.stack([self.rolls_done, self.bombs_owed], axis=1)}
