"""The batched engine: N solo games at once (self-play's hot path).

The rules are the compiled engine's (:mod:`kok_layouts.rules.engine`): every game of the
batch is one seat of an engine :class:`~kok_layouts.rules.engine.State`, and the kernels
of :mod:`kok_layouts.rules.engine.solo_batch` list the legal actions of every game, play
one action in each and score them, calling the rules' kernels game by game. What is here
is the environment's side: the layout's fixed action space
(:mod:`kok_layouts.env.actions`) put into the arrays those kernels read
(:func:`solo_actions`), the dice (thrown from ``numpy.random.default_rng(seed)``), the
bookkeeping of the batch and its API. The legal actions are kept as sorted positions in
the flattened mask, which the random pick and the check of a step reuse; the mask itself
is made only when asked for.

The rules are docs/rules.md's solo rules of every edition (sections 1.10, 2.8 and 3.10),
with the default options (``connect_through_crossed`` off); the tests check the masks,
the crosses and the scores against the rules' own :class:`~kok_layouts.rules.Game` on
random games. A game that ends is started again at once (its final total is in the
step's ``final`` array), so a batch never idles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
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
    K_PASS,
    K_PURPLE,
    K_ROW,
    K_ROW_BOMB,
    K_STARS,
    PAIR_VARIANTS,
    ActionTable,
    action_table,
)
from kok_layouts.env.driver import checked_seed, sheet_of
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError, shown_repr
from kok_layouts.rules import JOKER_NUMBER, Roll, new_game
from kok_layouts.rules.engine import kernels
from kok_layouts.rules.engine.compiling import COMPILE_SECONDS, announce
from kok_layouts.rules.engine.kernels import (
    C_BOXES_GAINED,
    C_BOXES_USED,
    C_HEARTS,
    C_MARKS_USED,
    M_CELLS,
    M_COLOUR,
    M_COLOUR_JOKER,
    M_NUMBER,
    M_NUMBER_JOKER,
    MOVE_WIDTH,
    State,
)
from kok_layouts.rules.engine.solo_batch import (
    DIE_FACES,
    FACE_SPAN,
    GAME_COUNTS,
    PLAY_KIDS,
    PLAY_PAIR,
    PLAY_PASS,
    PLAY_ROW_BOMB,
    PLAY_SPECIAL,
    WAYS,
    SoloActions,
    cells_keys,
    solo_legal,
    solo_scores,
    solo_step,
    special_table,
)
from kok_layouts.rules.engine.tables import SPECIAL_FACE_CODES, Tables, tables_for
from kok_layouts.stop_signals import held_signals

PLAYS = {K_PASS: PLAY_PASS, K_PAIR: PLAY_PAIR, K_HEART: PLAY_SPECIAL, K_BOMB: PLAY_SPECIAL,
         K_STARS: PLAY_SPECIAL, K_ROW: PLAY_SPECIAL, K_BLOCK: PLAY_SPECIAL,
         K_ROW_BOMB: PLAY_ROW_BOMB, K_ENCLOSURE: PLAY_KIDS, K_PURPLE: PLAY_KIDS,
         K_CHAMELEON: PLAY_KIDS}
"""What playing an action of each kind (:data:`~kok_layouts.env.actions.KINDS`) is to
the engine's kernels."""
FACES = {K_HEART: "heart", K_BOMB: "bomb", K_STARS: "stars", K_ROW: "row", K_BLOCK: "block"}
"""The special die's face of each special kind."""


def _padded_cells(cells: np.ndarray) -> np.ndarray:
    """Boolean rows of cells as rows of cell indices, ascending, -1 padded."""
    width = max(1, int(cells.sum(axis=1).max(initial=0)))
    order = np.argsort(~cells, axis=1, kind="stable")[:, :width]
    padded: np.ndarray = np.where(np.take_along_axis(cells, order, axis=1), order, -1)
    return np.ascontiguousarray(padded, dtype=np.int32)


def _mask_of(cells: np.ndarray) -> int:
    """A row of cell indices (-1 padded) as the rules' cell mask."""
    return sum(1 << int(c) for c in cells if c >= 0)


def _int32(values: Any) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.int32)


@lru_cache(maxsize=16)
def solo_actions(table: ActionTable) -> SoloActions:
    """The action space ``table`` as the engine's batch kernels read it: how to play each
    action, and the action of each of the engine's moves (found through the table's
    ``lookup`` and masks, so that no order is assumed)."""
    tables = tables_for(table.sheet)
    kinds = table.kind
    size = table.size
    cells = _padded_cells(table.cells)
    play = _int32([PLAYS[int(k)] for k in kinds])
    move = np.full((size, MOVE_WIDTH), -1, dtype=np.int32)
    pairs = kinds == K_PAIR
    move[pairs, M_COLOUR] = table.colour[pairs]
    move[pairs, M_NUMBER] = table.number[pairs]
    move[pairs, M_COLOUR_JOKER] = table.colour_joker[pairs]
    move[pairs, M_NUMBER_JOKER] = table.number_joker[pairs]
    wide = min(cells.shape[1], MOVE_WIDTH - M_CELLS)
    move[pairs, M_CELLS:M_CELLS + wide] = cells[pairs, :wide]
    face = _int32([SPECIAL_FACE_CODES[FACES[int(k)]] if int(k) in FACES else -1
                   for k in kinds])
    lookup = table.lookup
    groups = len(tables.group_size) if pairs.any() else 0  # (Kids has no such moves)
    pair = np.full((WAYS, groups), -1, dtype=np.int32)
    for group in range(groups):
        members = tables.group_cells[group, :tables.group_size[group]]
        key = tables.colour_keys[tables.cell_colour[members[0]]]
        mask = _mask_of(members)
        for way, (colour_joker, number_joker) in enumerate(PAIR_VARIANTS):
            pair[way, group] = lookup[("pair", key, mask, colour_joker, number_joker)]
    areas = [_mask_of(tables.area_cells[a]) for a in range(len(tables.area_size))]
    squares = [_mask_of(row) for row in tables.square_cells]

    def by_mask(kind: int, masks: list[int]) -> np.ndarray:
        """The action of ``kind`` crossing each of ``masks`` (-1 where none does)."""
        found = {table.masks[a]: a for a in table.of_kind(kind)}
        return _int32([found.get(m, -1) for m in masks])

    enclosure = by_mask(K_ENCLOSURE, areas)
    chameleon = by_mask(K_CHAMELEON, areas)
    kids_move = np.full((size, 3), -1, dtype=np.int32)
    for area, (plain, cham) in enumerate(zip(enclosure, chameleon, strict=True)):
        if plain >= 0:
            kids_move[plain] = (tables.area_colour[area], area, -1)
        if cham >= 0:
            kids_move[cham] = (tables.colours, -1, area)
    purple = lookup.get(("purple",), -1)
    if purple >= 0:
        kids_move[purple] = (tables.colours, -1, -1)
    special = np.flatnonzero((kinds == K_STARS) | (kinds == K_ROW))
    keys = (face[special].astype(np.int64) * FACE_SPAN
            + cells_keys(np.ascontiguousarray(cells[special])))
    special_keys, special_ids = special_table(keys, _int32(special))
    return SoloActions(play=play, move=move, cells=cells, face=face, kids_move=kids_move,
                       pair=pair, heart=int(lookup.get(("heart",), -1)), purple=int(purple),
                       bomb=by_mask(K_BOMB, squares), row_bomb=by_mask(K_ROW_BOMB, squares),
                       block=by_mask(K_BLOCK, areas), enclosure=enclosure,
                       chameleon=chameleon,
                       special_keys=special_keys, special_ids=special_ids)


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
        game = new_game(sheet, ["solo"], solo=True)
        self.colour_dice, self.number_dice = game.colour_dice, game.number_dice
        self.roll_limit = int(game.roll_limit or 0)
        self.colours_to_end = game.colours_to_end
        self.colour_dice_only = not edition.number_dice  # Kids: enclosures and purple
        self.faces = (*table.board.colour_keys, edition.extra_colour_face)
        self.special_faces = edition.tracks(sheet).special_faces
        self.size, self.width, self.height = sheet.width * sheet.height, sheet.width, sheet.height
        self.tables: Tables = tables_for(sheet)
        self.actions: SoloActions = solo_actions(table)
        announce(solo_legal, solo_step, solo_scores, seconds=COMPILE_SECONDS["solo_batch"])
        tables = self.tables
        self._empty = kernels.new_state(1, tables.size, tables.width, tables.height,
                                        tables.colours, tables.boxes_at_start)
        """An empty sheet: what a game that starts again is reset to."""
        with held_signals():
            self._empty_score = int(solo_scores(self.tables.arrays, self._empty)[0])
        """The score of an empty sheet (its marks, its stars uncrossed)."""
        self._legal: np.ndarray | None = None
        self._counts = np.zeros(0, dtype=np.int64)
        self._mask: np.ndarray | None = None
        self._scores: np.ndarray | None = None
        self.reset()

    # -- state -----------------------------------------------------------------------
    def reset(self, games: np.ndarray | None = None) -> None:
        """Start every game (or those of the boolean index ``games``) on an empty sheet,
        with its first roll thrown."""
        if games is not None and not (isinstance(games, np.ndarray) and games.dtype == bool
                                      and games.shape == (self.n,)):
            raise KokTypeError(f"reset takes None or a boolean array of the {self.n:,} "
                               f"games, not {shown_repr(games, 40)}")
        if games is None:
            n, tables = self.n, self.tables
            self.state: State = kernels.new_state(n, tables.size, tables.width,
                                                  tables.height, tables.colours,
                                                  tables.boxes_at_start)
            self.rolls_done = np.zeros(n, dtype=GAME_COUNTS)
            self.bombs_owed = np.zeros(n, dtype=GAME_COUNTS)
            """The bombs a row's item gave that are still to fall (Keer op Keer 2): while
            a game owes one, its legal actions are where it may fall, and the roll waits."""
            self.colour_roll = np.zeros((n, self.colour_dice), dtype=DIE_FACES)
            self.number_roll = np.zeros((n, self.number_dice), dtype=DIE_FACES)
            self.special_roll = np.zeros(n, dtype=DIE_FACES)
            games = np.ones(n, dtype=bool)
        else:
            for mine, empty in zip(self.state, self._empty, strict=True):
                mine[games] = empty[0]
            self.rolls_done[games] = 0
            self.bombs_owed[games] = 0
        self._throw(games)
        scores = self._scores
        self._forget()
        if scores is not None or games.all():  # the others' scores stand
            others = np.zeros(self.n, dtype=np.int64) if scores is None else scores
            self._scores = np.where(games, np.int64(self._empty_score), others)

    def _forget(self) -> None:
        """Drop what was worked out for the games as they were."""
        self._legal = None
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

    # -- the games' sheets, read from the engine's state ---------------------------------
    @property
    def crossed(self) -> np.ndarray:
        """The crossed cells of every game: bool, (games, cells)."""
        return self.state.crossed

    @property
    def marks_used(self) -> np.ndarray:
        """The exclamation marks (Kids: purple crosses) each game has used."""
        return self.state.counters[:, C_MARKS_USED]

    @property
    def boxes_gained(self) -> np.ndarray:
        return self.state.counters[:, C_BOXES_GAINED]

    @property
    def boxes_used(self) -> np.ndarray:
        return self.state.counters[:, C_BOXES_USED]

    @property
    def hearts(self) -> np.ndarray:
        return self.state.counters[:, C_HEARTS]

    @property
    def column_hearts(self) -> np.ndarray:
        """The hearts written under each completed column (0 under the others)."""
        hearts: np.ndarray = np.maximum(self.state.column_heart, 0)
        return hearts

    @property
    def row_items(self) -> np.ndarray:
        """The rows whose item each game received."""
        return self.state.row_item

    # -- legal actions ---------------------------------------------------------------
    def _legal_positions(self) -> np.ndarray:
        """The legal actions of every game as positions in the flattened mask, in order
        (``game * actions + action``); :attr:`_counts` holds how many each game has."""
        if self._legal is None:
            with held_signals():  # a stop signal waits for the compiled call (stop_signals)
                return self._find_legal()
        return self._legal

    def _find_legal(self) -> np.ndarray:
        """:meth:`_legal_positions` worked out (signals held by the caller)."""
        self._legal, self._counts = solo_legal(
            self.tables.arrays, self.state, self.actions, self.colour_roll,
            self.number_roll, self.special_roll, self.bombs_owed)
        return self._legal

    def legal_mask(self) -> np.ndarray:
        """The legal actions of every game now: bool, (games, actions)."""
        if self._mask is None:
            legal = self._legal_positions()
            self._mask = np.zeros((self.n, self.table.size), dtype=bool)
            self._mask.reshape(-1)[legal] = True
        return self._mask

    def _dice_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """How many colour dice show each face, and number dice each number (0 = ?)."""
        n, faces = self.n, len(self.faces)
        games = np.arange(n)[:, None]
        colours = np.bincount((self.colour_roll + games * faces).ravel(),
                              minlength=n * faces).reshape(n, faces)
        numbers = np.bincount((self.number_roll + games * 6).ravel(),
                              minlength=n * 6).reshape(n, 6)
        return colours, numbers

    # -- playing ---------------------------------------------------------------------
    def step(self, actions: np.ndarray) -> Step:
        """Play one action in every game (an index into the action space each): the
        reward is each game's change in score. :class:`IllegalMoveError` names the first
        game whose action is not legal, and nothing changes."""
        actions = np.asarray(actions)
        if actions.shape != (self.n,) or not np.issubdtype(actions.dtype, np.integer):
            raise KokTypeError(f"step takes one whole-number action per game, shape "
                               f"({self.n},), not {actions.dtype} {actions.shape}")
        if actions.min() < 0 or actions.max() >= self.table.size:
            raise BadArgumentError(f"actions are 0 to {self.table.size - 1}")
        actions = actions.astype(np.int64)
        legal = self._legal_positions()
        before = self.scores()
        # One held block for the step's compiled calls and the dice between them: a stop
        # signal waits for the compiled calls (stop_signals), and holding it costs time.
        # The games that end start again inside the compiled call; their dice are thrown
        # first, then those of the others whose roll is over (as reset and then the next
        # roll would throw them: the same streams).
        with held_signals():
            illegal, done, after = solo_step(self.tables.arrays, self.state, self._empty,
                                             self.actions, legal, actions, self.bombs_owed,
                                             self.rolls_done, self.roll_limit)
            if illegal < 0:
                self._throw(done)
                self._throw((self.bombs_owed == 0) & ~done)
                self._forget()
                self._scores = np.where(done, self._empty_score, after)
                self._find_legal()
        if illegal >= 0:
            action = int(actions[illegal])
            raise IllegalMoveError(f"game {illegal}: action {action} "
                                   f"({self.table.describe(action)}) is not legal")
        final = np.where(done, after, 0)
        return Step(reward=(after - before).astype(np.float32), done=done, final=final)

    def scores(self) -> np.ndarray:
        """Every game's total now (int64), line by line as the rules score it."""
        if self._scores is None:
            with held_signals():
                self._scores = solo_scores(self.tables.arrays, self.state)
        return self._scores.copy()

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action for every game (a random agent)."""
        if not isinstance(rng, np.random.Generator):
            raise KokTypeError(f"sample draws from a numpy Generator, not {type(rng).__name__}")
        legal = self._legal_positions()  # row by row, so each game's legal actions in a run
        counts = self._counts
        pick = np.cumsum(counts) - counts + (rng.random(self.n) * counts).astype(np.int64)
        actions: np.ndarray = legal[pick] - np.arange(self.n) * self.table.size
        return actions

    def observation(self) -> dict[str, np.ndarray]:
        """The games as arrays: ``crossed`` (games, H, W), ``marks`` left, the ``dice``
        (counts per colour face), ``numbers`` (counts of ?, 1..5), ``special`` face index
        (-1 without), ``boxes`` unused, ``hearts``, ``turn`` (rolls done, bombs owed)."""
        colours, numbers = self._dice_counts()
        special = self.special_roll if self.special_faces else np.full(self.n, -1)
        marks_left = self.tables.exclamation_marks - self.marks_used
        return {"crossed": self.crossed.reshape(self.n, self.height, self.width).copy(),
                "marks": marks_left.astype(np.int16),
                "dice": colours, "numbers": numbers, "special": special.copy(),
                "boxes": (self.boxes_gained - self.boxes_used).astype(np.int16),
                "hearts": self.hearts.astype(np.int16),
                "turn": np.stack([self.rolls_done, self.bombs_owed], axis=1)}
