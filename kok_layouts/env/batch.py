"""The batched engine: N solo games at once, as numpy arrays (self-play's hot path).

Every game's crosses are a row of a boolean matrix, and every action of the layout's fixed
action space (:mod:`kok_layouts.env.actions`) a row of cells. A group of cells may be
crossed when none of its cells is crossed and one of them lies in the start column or next
to a cross; since crosses only grow, each game keeps two flags per group, "a cell of it is
crossed" and "a cell next to it is crossed", and a step ORs in the flags of the actions it
plays (a lookup in a table of which groups each action touches, built once per sheet;
beyond :data:`kok_layouts.limits.BATCH_TOUCH_BYTES` a product with the step's cells). The
dice then say which colours, numbers and jokers each game may use: a small table per game
(way of taking the dice x colour x number), looked up for the groups open in that game
only. The legal actions are built as sorted positions in the flattened mask, which the
random pick reuses. Applying N actions is one gather and one ``|=``; how many cells of
every column, colour and row are crossed is one product per step, which the end of the
game, Keer op Keer 2's new completions and the scores share.

The rules are docs/rules.md's solo rules of every edition (sections 1.10, 2.8 and 3.10),
with the default options (``connect_through_crossed`` off); the tests check the masks,
the crosses and the scores against the rules' own :class:`~kok_layouts.rules.Game` on
random games. A game that ends is started again at once (its final total is in the
step's ``final`` array), so a batch never idles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    PAIR_VARIANTS,
    PASS,
    SPECIAL_KINDS,
    action_table,
    mask_bits,
)
from kok_layouts.env.driver import checked_seed, sheet_of
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError, shown_repr
from kok_layouts.rules import JOKER_NUMBER, MAX_MOVE, Roll, new_game

TOUCH_CHUNK = 4096
"""Actions whose touched groups are worked out at once (bounds the float copy of cells)."""


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

    def __init__(self, layout: object, games: int,
                 seed: int | np.integer[Any] | None = None) -> None:
        self.sheet = sheet = sheet_of(layout)
        self.n = limits.BATCH_GAMES.check(games, "the games of a batch")
        seed = checked_seed(seed)  # (as SoloEnv and aec_env: numpy integers too)
        self.rng = np.random.default_rng(seed)
        edition = edition_of(sheet)
        self.table = table = action_table(sheet)
        board = table.board
        game = new_game(sheet, ["solo"], solo=True)
        self.colour_dice, self.number_dice = game.colour_dice, game.number_dice
        self.roll_limit = int(game.roll_limit or 0)
        self.colours_to_end = game.colours_to_end
        player = game.sheets[0]
        self.colour_dice_only = not edition.number_dice  # Kids: enclosures and purple
        self.faces = (*board.colour_keys, edition.extra_colour_face)
        tracks = edition.tracks(sheet)
        self.special_faces = tracks.special_faces
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
        # The lines a step counts crosses in, as one matrix: the columns, the colours, the
        # rows, then the stars and the boxes (counted, never completed).
        lines = np.concatenate([column_cells, colour_cells, row_cells,
                                self.stars[None], self.boxes[None]])
        self.lines_t = _float_rows(lines)
        self.line_sizes = lines.sum(1).astype(np.float32)
        self.line_sizes[-2:] = np.inf
        self.line_sizes[self.line_sizes == 0] = np.inf  # a line without cells never ends
        w, c = sheet.width, len(board.colour_keys)
        self.columns, self.colours = slice(0, w), slice(w, w + c)
        self.rows = slice(w + c, w + c + sheet.height)
        self.star_line, self.box_line = len(lines) - 2, len(lines) - 1
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
        self.star_count = int(self.stars.sum())
        self.marks = player.marks_left
        self.mark_value = player.mark_value
        self.box_count, self.boxes_at_start = tracks.boxes, tracks.boxes_at_start
        self.heart_track, self.chameleon_every = tracks.hearts, tracks.chameleon_every
        # The actions by kind, and their cells as float columns.
        kind = table.kind
        self.pair = table.of_kind(K_PAIR)
        self.groups = groups = len(self.pair) // 4
        self.first_pair = int(self.pair[0]) if groups else 1
        shapes = self.pair[:groups]
        self.shape_dice = (table.colour[shapes].astype(np.intp) * MAX_MOVE
                           + table.number[shapes].astype(np.intp) - 1)
        self.kinds = {k: table.of_kind(k) for k in range(int(kind.max()) + 1)}
        self.kind_t = {k: _float_rows(table.cells[ids]) for k, ids in self.kinds.items()
                       if k in (K_BOMB, K_STARS, K_BLOCK, K_ROW_BOMB, K_ENCLOSURE, K_CHAMELEON)}
        # A row action crosses cells of one row: a product with that row's cells each is
        # a fraction of one with the whole board's.
        self.row_blocks: list[tuple[np.ndarray, np.ndarray]] = []
        row_ids = []
        if len(self.kinds.get(K_ROW, ())):
            ids = self.kinds[K_ROW]
            row_of = table.cells[ids].argmax(axis=1) // sheet.width
            for row in np.unique(row_of):
                cells = np.flatnonzero(row_cells[row])
                row_ids.append(ids[row_of == row])
                self.row_blocks.append((cells, _float_rows(table.cells[row_ids[-1]][:, cells])))
        self.row_ids = np.concatenate(row_ids) if row_ids else np.zeros(0, dtype=np.intp)
        """The row actions in the order of :attr:`row_blocks`."""
        self.enclosure_colour = table.colour[self.kinds.get(K_ENCLOSURE, np.zeros(0, int))]
        self.jokers = (table.colour_joker.astype(np.int16) + table.number_joker
                       + np.isin(kind, (K_PURPLE, K_CHAMELEON)))
        self.is_special = np.isin(kind, list(SPECIAL_KINDS.values()))
        self.cells = table.cells
        # Which groups each action's cells fall in or next to (the flags a step ORs in).
        group_cells = table.cells[shapes]
        self.start_groups = (group_cells & self.start).any(axis=1)
        self.in_group_t = _float_rows(group_cells)
        self.near_group_t = _float_rows(self._dilate(group_cells))
        self.touch: tuple[np.ndarray, np.ndarray] | None = None
        if 2 * table.size * groups <= limits.BATCH_TOUCH_BYTES:
            parts = [self._touched(table.cells[at:at + TOUCH_CHUNK])
                     for at in range(0, table.size, TOUCH_CHUNK)]
            self.touch = (np.concatenate([p[0] for p in parts]),
                          np.concatenate([p[1] for p in parts]))
        self._mask: np.ndarray | None = None
        self._legal_at = np.zeros(0, dtype=np.int64)
        self._scores: np.ndarray | None = None
        self.reset()

    def _touched(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For rows of cells: the groups with a cell among them, and the groups next to
        one of them (bool, (rows, groups) each)."""
        cells_f = cells.astype(np.float32)
        return (cells_f @ self.in_group_t) > 0, (cells_f @ self.near_group_t) > 0

    # -- state -----------------------------------------------------------------------
    def reset(self, games: np.ndarray | None = None) -> None:
        """Start every game (or those of the boolean index ``games``) on an empty sheet,
        with its first roll thrown."""
        if games is not None and not (isinstance(games, np.ndarray) and games.dtype == bool
                                      and games.shape == (self.n,)):
            raise KokTypeError(f"reset takes None or a boolean array of the {self.n:,} "
                               f"games, not {shown_repr(games, 40)}")
        if games is None:
            n = self.n
            self.crossed = np.zeros((n, self.size), dtype=bool)
            self.in_group = np.zeros((n, self.groups), dtype=bool)
            self.near_group = np.zeros((n, self.groups), dtype=bool)
            self.line_counts = np.zeros((n, len(self.line_sizes)), dtype=np.float32)
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
            for name in ("crossed", "in_group", "near_group", "line_counts", "marks_used",
                         "rolls_done", "boxes_used", "hearts", "column_hearts", "row_items",
                         "bombs_owed"):
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
            if self.colour_dice_only:
                self._mask = self._kids_mask()
                self._legal_at = np.flatnonzero(self._mask)
            else:
                self._legal_at = self._classic_legal()
                self._mask = np.zeros((self.n, self.table.size), dtype=bool)
                self._mask.reshape(-1)[self._legal_at] = True
        return self._mask

    def _counts(self) -> tuple[np.ndarray, np.ndarray]:
        """How many colour dice show each face, and number dice each number (0 = ?)."""
        n, faces = self.n, len(self.faces)
        games = np.arange(n)[:, None]
        colours = np.bincount((self.colour_roll + games * faces).ravel(),
                              minlength=n * faces).reshape(n, faces)
        numbers = np.bincount((self.number_roll + games * 6).ravel(),
                              minlength=n * 6).reshape(n, 6)
        return colours, numbers

    def _classic_legal(self) -> np.ndarray:
        """The legal actions of every game as positions in the flattened mask, in order
        (``game * actions + action``)."""
        n, actions = self.n, self.table.size
        rolled = self.bombs_owed == 0
        groups_ok = ~self.in_group & (self.start_groups | self.near_group) & rolled[:, None]
        # Which dice each game may take for a group of each colour and number, in the
        # table's four ways: plain dice, the ? joker, the X joker, both (each joker costs
        # an exclamation mark, docs/rules.md section 1.6).
        colours, numbers = self._counts()
        have_colour = colours[:, :-1] > 0
        have_number = numbers[:, 1:MAX_MOVE + 1] > 0
        left = self.marks - self.marks_used
        have_x, have_q = colours[:, -1] > 0, numbers[:, 0] > 0
        dice = np.empty((len(PAIR_VARIANTS), n, have_colour.shape[1], MAX_MOVE), dtype=bool)
        dice[0] = have_colour[:, :, None] & have_number[:, None, :]
        dice[1] = (have_colour & (have_q & (left >= 1))[:, None])[:, :, None]
        dice[2] = (have_number & (have_x & (left >= 1))[:, None])[:, None, :]
        dice[3] = (have_x & have_q & (left >= 2))[:, None, None]
        # A group is open in few games at a time: look up the dice of those only.
        open_ = np.flatnonzero(groups_ok)
        game = open_ // self.groups
        group = open_ - game * self.groups
        dice_at = game * (dice.shape[2] * MAX_MOVE) + self.shape_dice[group]
        first = open_ + game * (actions - self.groups) + self.first_pair
        found = [np.flatnonzero(rolled) * actions + PASS]
        for variant, ways in enumerate(dice):
            found.append(first[ways.reshape(-1)[dice_at]] + variant * self.groups)
        if self.special_faces:
            found += self._special_legal(rolled)
        # Each part is in order: a stable sort (a merge of runs) puts them together.
        legal: np.ndarray = np.sort(np.concatenate(found), kind="stable")
        return legal

    def _special_legal(self, rolled: np.ndarray) -> list[np.ndarray]:
        """Keer op Keer 2: the special die's actions, for the games whose player has an
        unused box, and the bombs of the games that owe one (as :meth:`_classic_legal`)."""
        found = []

        def add(games: np.ndarray, ids: np.ndarray, legal: np.ndarray) -> None:
            """The legal ones of actions ``ids`` (columns of ``legal``) in ``games``."""
            game, action = np.nonzero(legal)
            found.append(games[game] * self.table.size + ids[action])

        may = (self.boxes_gained - self.boxes_used >= 1) & rolled
        for face, name in enumerate(self.special_faces):
            games = np.flatnonzero(may & (self.special_roll == face))
            ids = self.kinds.get(SPECIAL_KINDS[name], np.zeros(0, dtype=np.intp))
            kind = SPECIAL_KINDS[name]
            if not len(games) or not len(ids):
                continue
            if kind == K_HEART:
                add(games, ids, (self.hearts[games] < self.heart_track)[:, None])
                continue
            cells = self.crossed[games]
            free = (self.full & ~cells).astype(np.float32)
            if kind == K_BOMB:
                legal = (free @ self.kind_t[kind]) > 0
            else:
                anchor = (self.start | self._dilate(cells)) & ~cells
                if kind == K_BLOCK:
                    touching = (anchor | cells).astype(np.float32)
                    legal = (((free @ self.kind_t[kind]) > 0)
                             & ((touching @ self.kind_t[kind]) > 0))
                elif kind == K_ROW:  # every cell in reach, row by row
                    unreachable = (~anchor).astype(np.float32)
                    ids = self.row_ids
                    legal = np.concatenate([(unreachable[:, cells] @ block_t) == 0
                                            for cells, block_t in self.row_blocks], axis=1)
                else:  # stars: every cell in reach
                    unreachable = (~anchor).astype(np.float32)
                    legal = (unreachable @ self.kind_t[kind]) == 0
            add(games, ids, legal)
        owed = np.flatnonzero(~rolled)
        if len(owed):
            free = (self.full & ~self.crossed[owed]).astype(np.float32)
            add(owed, self.kinds[K_ROW_BOMB], (free @ self.kind_t[K_ROW_BOMB]) > 0)
        return found

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
        self._cross(self.cells[actions], actions)
        self.marks_used += self.jokers[actions]
        counts_before = self.line_counts
        self.line_counts = self.crossed.astype(np.float32) @ self.lines_t
        if self.special_faces:
            kind = self.table.kind[actions]
            self.boxes_used += self.is_special[actions]
            self.hearts += kind == K_HEART
            self.bombs_owed -= kind == K_ROW_BOMB
            self._settle(counts_before)
        rolled = self.bombs_owed == 0
        self.rolls_done += rolled
        colours_done = (self.line_counts[:, self.colours]
                        == self.line_sizes[self.colours]).sum(1)
        done = rolled & ((colours_done >= self.colours_to_end)
                         | (self.rolls_done >= self.roll_limit))
        self._scores = None
        after = self.scores()
        final = np.where(done, after, 0)
        if done.any():
            self.reset(done)
        self._throw(rolled & ~done)
        self._mask = None
        return Step(reward=(after - before).astype(np.float32), done=done, final=final)

    def _cross(self, cells: np.ndarray, actions: np.ndarray) -> None:
        """Cross ``cells`` (a row per game) and flag the groups they fall in or next to
        (``actions``: the actions whose cells they are, for the table's lookup)."""
        self.crossed |= cells
        if not self.groups:
            return
        if self.touch is not None:
            in_group, near_group = self.touch[0][actions], self.touch[1][actions]
        else:
            in_group, near_group = self._touched(cells)
        self.in_group |= in_group
        self.near_group |= near_group

    def _done(self, counts: np.ndarray, lines: slice) -> np.ndarray:
        """Which lines (columns, colours or rows) are completed, from the crosses counted
        in every line."""
        done: np.ndarray = counts[:, lines] == self.line_sizes[lines]
        return done

    def _settle(self, counts_before: np.ndarray) -> None:
        """Keer op Keer 2: boxes, hearts under columns and row items of the new crosses
        (docs/rules.md sections 2.3, 2.5, 2.6), and the bombs they owe."""
        after = self.line_counts
        fresh_boxes = (after[:, self.box_line] - counts_before[:, self.box_line]).astype(np.int16)
        self.boxes_gained = np.minimum(self.box_count, self.boxes_gained + fresh_boxes)
        new_columns = (self._done(after, self.columns)
                       & ~self._done(counts_before, self.columns))
        self.column_hearts = np.where(new_columns, self.hearts[:, None], self.column_hearts)
        self.boxes_gained = np.minimum(self.box_count, self.boxes_gained
                                       + (new_columns & self.box_columns).sum(1))
        new_rows = self._done(after, self.rows) & ~self._done(counts_before, self.rows)
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
        owed = np.flatnonzero(self.bombs_owed > 0)
        if len(owed):
            nowhere = (self.crossed[owed] | ~self.full).all(axis=1)
            self.bombs_owed[owed[nowhere]] = 0

    def scores(self) -> np.ndarray:
        """Every game's total now (int64), line by line as the rules score it."""
        if self._scores is None:
            self._scores = self._score()
        return self._scores.copy()

    def _score(self) -> np.ndarray:
        counts = self.line_counts
        columns = self._done(counts, self.columns) @ self.column_value
        colours = self._done(counts, self.colours) @ self.colour_value
        stars = (self.star_count - counts[:, self.star_line]).astype(np.int64) * self.star_penalty
        total = columns + colours - stars + (self.marks - self.marks_used) * self.mark_value
        if self.special_faces:
            rows = self._done(counts, self.rows) @ self.row_points
            total = (total + rows + self.column_hearts.sum(1)
                     + (self.boxes_gained - self.boxes_used) * self.box_points)
        totals: np.ndarray = total.astype(np.int64)
        return totals

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action for every game (a random agent)."""
        if not isinstance(rng, np.random.Generator):
            raise KokTypeError(f"sample draws from a numpy Generator, not {type(rng).__name__}")
        mask = self.legal_mask()
        legal = self._legal_at  # row by row, so each game's legal actions in a run
        counts = np.bincount(legal // mask.shape[1], minlength=self.n)
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
