"""The fixed action space of a layout: every choice a player can ever make, numbered once.

An environment needs the same actions in every position, so that a network's output or a
policy's table keeps its meaning; the rules list only the legal choices of one position
(:meth:`~kok_layouts.rules.Game.choices_for`). The table numbers them all, from the
sheet's compiled board:

- action 0 passes (in Kids only when no die allows a move, docs/rules.md section 3.7);
- classic and Keer op Keer 2: every group of 1 to 5 cells a colour-and-number move may
  cross (:attr:`~kok_layouts.rules.Board.shapes`), four times: all groups with plain
  dice, then all with the ? joker for the number, with the X joker for the colour, with
  both (each joker costs an exclamation mark, docs/rules.md section 1.6);
- Keer op Keer 2: the special die's actions (heart; a bomb on each 2 x 2 square; one or
  two stars; one to three cells of a row; each area as a colour block; section 2.4), then
  a bomb on each square again, for the bombs a row's item gives at once (section 2.5);
- Kids: each enclosure crossed with its animal's die, the purple cross, and the purple
  cross whose chameleon crosses each enclosure (sections 3.5, 3.6).

:func:`legal_choices` maps a position's legal choices (from the rules) onto these numbers;
the batched engine (:mod:`kok_layouts.env.batch`) gets the same masks from the rules
engine's kernels.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from kok_layouts import limits
from kok_layouts.editions import edition_of
from kok_layouts.errors import BadArgumentError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules import (
    MAX_MOVE,
    PURPLE,
    ROW_AT_MOST,
    STARS_AT_MOST,
    Board,
    Choice,
    Game,
    KidsMove,
    Move,
    Options,
    Special,
    board_for,
)

PASS = 0
"""The action that crosses nothing."""

KINDS = ("pass", "pair", "heart", "bomb", "stars", "row", "block", "row bomb", "enclosure",
         "purple", "chameleon")
"""What an action does, by the number in :attr:`ActionTable.kind`."""
(K_PASS, K_PAIR, K_HEART, K_BOMB, K_STARS, K_ROW, K_BLOCK, K_ROW_BOMB, K_ENCLOSURE, K_PURPLE,
 K_CHAMELEON) = range(len(KINDS))
SPECIAL_KINDS = {"heart": K_HEART, "bomb": K_BOMB, "stars": K_STARS, "row": K_ROW,
                 "block": K_BLOCK}
"""The action kind of each face of the special die."""
PAIR_VARIANTS = ((False, False), (False, True), (True, False), (True, True))
"""The four ways to take the dice of a colour-and-number move, in the table's order:
plain, the ? joker, the X joker, both (colour joker, number joker)."""


def mask_bits(mask: int, size: int) -> np.ndarray:
    """The cell mask ``mask`` as a boolean vector of ``size`` cells."""
    raw = np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size].astype(bool)


@dataclass(frozen=True, eq=False)
class ActionTable:
    """Every action of one layout: what it is (``kind``), the cells it crosses, and for a
    colour-and-number move its colour, number and jokers. Shared by every game on the
    sheet (cached by :func:`action_table`)."""

    sheet: Sheet
    board: Board
    kind: np.ndarray
    """int8, one per action: an index into :data:`KINDS`."""
    masks: tuple[int, ...]
    """The cells of each action as a cell mask (a bomb's or block's whole square or area;
    the uncrossed part is what it crosses)."""
    cells: np.ndarray
    """bool, (actions, cells): :attr:`masks` as rows of a matrix."""
    colour: np.ndarray
    """int16: the colour's (animal's) index in the sheet's colours, -1 if none."""
    number: np.ndarray
    """int8: the cells a colour-and-number move crosses (0 for others)."""
    colour_joker: np.ndarray
    number_joker: np.ndarray
    lookup: dict[tuple[Any, ...], int]
    """From what a choice is to its action: ``("pair", key, cells, colour_joker,
    number_joker)``, ``("stars", cells)``, ``("row", cells)``, ``("enclosure", cells)``,
    ``("chameleon", cells)``, ``("heart",)``, ``("purple",)``."""

    @property
    def size(self) -> int:
        """How many actions there are (the size of the action space)."""
        return len(self.masks)

    def of_kind(self, kind: int) -> np.ndarray:
        """The actions of one kind, in order."""
        return np.flatnonzero(self.kind == kind)

    def describe(self, action: int) -> str:
        """What ``action`` does, as people say it: ``green 3: A1 A2 A3 (colour joker)``."""
        if type(action) is not int and not isinstance(action, np.integer):
            raise BadArgumentError(f"an action is a whole number, not {action!r}")
        if not 0 <= int(action) < self.size:
            raise BadArgumentError(f"action {action} is not 0 to {self.size - 1}")
        action = int(action)
        kind = KINDS[self.kind[action]]
        names = " ".join(self.board.name_cells(self.masks[action]))
        if kind == "pair":
            key = self.board.colour_keys[self.colour[action]]
            move = Move(key, int(self.number[action]), self.masks[action],
                        bool(self.colour_joker[action]), bool(self.number_joker[action]))
            return move.describe(self.sheet)
        if kind == "enclosure":
            return f"{self.sheet.colours[self.colour[action]].name} {names}"
        return f"{kind}: {names}" if names else kind


def _loose_groups(board: Board, key: str, number: int) -> list[int]:
    """With ``connect_through_crossed``: every set of ``number`` cells inside one area of
    colour ``key`` (whether they link up depends on the crosses of the moment)."""
    found = []
    for area in board.area_masks:
        if area & board.colour_masks[key] == area:
            found += [sum(1 << c for c in group)
                      for group in combinations(sorted(cells_of(area)), number)]
    return sorted(found)


def _entries(board: Board, options: Options) -> Iterator[tuple[int, int, int, int, bool, bool]]:
    """(kind, cells, colour index, number, colour joker, number joker) of every action."""
    edition = edition_of(board.sheet)
    yield K_PASS, 0, -1, 0, False, False
    keys = board.colour_keys
    if not edition.number_dice:
        for area in board.area_masks:
            colour = keys.index(board.sheet.cell_colours[area.bit_length() - 1] or "")
            yield K_ENCLOSURE, area, colour, 0, False, False
        yield K_PURPLE, 0, -1, 0, False, False
        for area in board.area_masks:
            yield K_CHAMELEON, area, -1, 0, False, False
        return
    groups = [(colour, number, group) for colour, key in enumerate(keys)
              for number in range(1, MAX_MOVE + 1)
              for group in (_loose_groups(board, key, number) if options.connect_through_crossed
                            else board.shapes[(key, number)])]
    for colour_joker, number_joker in PAIR_VARIANTS:
        for colour, number, group in groups:
            yield K_PAIR, group, colour, number, colour_joker, number_joker
    if not edition.special_die:
        return
    squares = board.square_masks
    yield K_HEART, 0, -1, 0, False, False
    for square in squares:
        yield K_BOMB, square, -1, 0, False, False
    stars = sorted(cells_of(board.star_mask))
    for size in range(1, STARS_AT_MOST + 1):
        for chosen in combinations(stars, size):
            yield K_STARS, sum(1 << c for c in chosen), -1, 0, False, False
    for row in board.row_masks:
        free = sorted(cells_of(row))
        for size in range(1, ROW_AT_MOST + 1):
            for chosen in combinations(free, size):
                yield K_ROW, sum(1 << c for c in chosen), -1, 0, False, False
    for area in board.area_masks:
        yield K_BLOCK, area, -1, 0, False, False
    for square in squares:
        yield K_ROW_BOMB, square, -1, 0, False, False


@lru_cache(maxsize=16)
def _table(sheet: Sheet, connect_through_crossed: bool) -> ActionTable:
    board = board_for(sheet)
    entries = list(_entries(board, Options(connect_through_crossed=connect_through_crossed)))
    if len(entries) > limits.ENV_ACTIONS:
        raise BadArgumentError(f"{sheet.name} has {len(entries):,} actions; an environment "
                               f"takes boards of at most {limits.ENV_ACTIONS:,}")
    size = sheet.width * sheet.height
    kind, masks, colour, number, colour_joker, number_joker = zip(*entries, strict=True)
    cells = np.zeros((len(entries), size), dtype=bool)
    for action, mask in enumerate(masks):
        if mask:
            cells[action] = mask_bits(mask, size)
    lookup: dict[tuple[Any, ...], int] = {}
    for action, (k, mask, c, _, cj, nj) in enumerate(entries):
        if k == K_PAIR:
            lookup[("pair", board.colour_keys[c], mask, cj, nj)] = action
        elif k in (K_STARS, K_ROW, K_ENCLOSURE, K_CHAMELEON):
            lookup[(KINDS[k], mask)] = action
        elif k in (K_HEART, K_PURPLE):
            lookup[(KINDS[k],)] = action
    return ActionTable(sheet=sheet, board=board, kind=np.array(kind, dtype=np.int8),
                       masks=tuple(masks), cells=cells,
                       colour=np.array(colour, dtype=np.int16),
                       number=np.array(number, dtype=np.int8),
                       colour_joker=np.array(colour_joker, dtype=bool),
                       number_joker=np.array(number_joker, dtype=bool), lookup=lookup)


def action_table(sheet: Sheet, options: Options | None = None) -> ActionTable:
    """The action table of ``sheet`` under the rules ``options`` (with
    ``connect_through_crossed`` a move may cross any cells of one area, so there are more
    actions)."""
    loose = bool(options is not None and options.connect_through_crossed
                 and edition_of(sheet).number_dice)
    return _table(sheet, loose)


def legal_choices(table: ActionTable, game: Game, seat: int) -> dict[int, Choice | None]:
    """Every legal action of ``seat`` in the current roll with the choice it makes (the
    rules' :meth:`~kok_layouts.rules.Game.choices_for`; ``None`` passes). A bomb's
    choice crosses the uncrossed part of its square, so squares whose uncrossed parts are
    equal make the same choice."""
    board, lookup = table.board, table.lookup
    player = game.sheets[seat]
    choices = game.choices_for(seat)
    legal: dict[int, Choice | None] = {}
    if edition_of(table.sheet).number_dice or not choices:
        legal[PASS] = None  # Kids: crossing is compulsory when a die allows it
    squares: dict[int, list[int]] | None = None
    for choice in choices:
        move = choice.move
        if isinstance(move, Move):
            legal[lookup[("pair", move.colour, move.cells, move.colour_joker,
                          move.number_joker)]] = choice
        elif isinstance(move, KidsMove):
            if move.die != PURPLE:
                legal[lookup[("enclosure", move.cells)]] = choice
            elif move.chameleon:
                legal[lookup[("chameleon", move.chameleon)]] = choice
            else:
                legal[lookup[("purple",)]] = choice
        elif isinstance(move, Special):
            if move.face == "heart":
                legal[lookup[("heart",)]] = choice
            elif move.face in ("stars", "row"):
                legal[lookup[(move.face, move.cells)]] = choice
            elif move.face == "block":
                area = board.area_of[move.cells.bit_length() - 1]
                legal[int(table.of_kind(K_BLOCK)[area])] = choice
            else:
                if squares is None:
                    squares = bomb_squares(table, player.crossed, K_BOMB)
                for action in squares.get(move.cells, []):
                    legal[action] = choice
    return legal


def bomb_squares(table: ActionTable, crossed: int, kind: int) -> dict[int, list[int]]:
    """The bomb actions of ``kind`` (:data:`K_BOMB` or :data:`K_ROW_BOMB`) by the
    uncrossed part of their square, for the cells ``crossed``."""
    found: dict[int, list[int]] = {}
    for action in table.of_kind(kind):
        part = table.masks[action] & ~crossed
        if part:
            found.setdefault(part, []).append(int(action))
    return found


def as_mask(table: ActionTable, legal: dict[int, Any]) -> np.ndarray:
    """The legal actions as a 0/1 vector over the whole action space (int8)."""
    mask = np.zeros(table.size, dtype=np.int8)
    mask[list(legal)] = 1
    return mask
