"""What a player sees, as numpy arrays: the sheets, the claims, the marks and the roll.

Every array is indexed from the observing player's seat: row 0 is that player, row 1 the
next seat to the left, and so on. Keys (``P`` players, ``C`` colours or animals, a board
``H`` rows by ``W`` columns):

============== ================= =========================================================
key            shape             meaning
============== ================= =========================================================
``board``      (C, H, W)         the layout: which cell has which colour (animal)
``stars``      (H, W)            the star cells
``crossed``    (P, C, H, W)      each player's crossed cells, one plane per colour
``columns``    (P, W)            0 open, 1 completed first, 2 completed later
``colours``    (P, C)            the same for colours (Kids: animals)
``rows``       (P, H)            Keer op Keer 2: 0 open, 1 completed with its item, 2 without
``taken``      (W + C + H,)      completed by anyone before this roll (columns, colours, rows)
``marks``      (P,)              exclamation marks left
``boxes``      (P,)              Keer op Keer 2: unused boxes
``hearts``     (P,)              Keer op Keer 2: hearts circled on the track
``dice``       (C + 1,)          the colour dice this player may take, counted per face
                                 (the last face: the X joker, Kids' purple cross)
``numbers``    (6,)              the number dice this player may take: ``?``, 1, ..., 5
``special``    (5,)              Keer op Keer 2: the special die's face, if it may be taken
                                 (heart, bomb, stars, row, block)
``turn``       (4,)              rolls done, whether this player threw, bombs owed now,
                                 rolls left (solo; -1 when unbounded)
``score``      (P,)              every player's total so far
============== ================= =========================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from kok_layouts.env.actions import ActionTable, mask_bits
from kok_layouts.model.sheet import SPECIAL_FACES
from kok_layouts.rules import JOKER_NUMBER, Game

SCORE_BOUND = 10_000
"""Scores stay far inside +-this on any board the limits allow."""


def observation_space(table: ActionTable, players: int) -> spaces.Dict:
    """The space of :func:`observe`'s arrays for a game of ``players`` on the table's sheet."""
    sheet = table.sheet
    h, w, c = sheet.height, sheet.width, len(sheet.colours)

    def flags(*shape: int, high: int = 1) -> spaces.Box:
        return spaces.Box(0, high, shape, dtype=np.int8)

    def counts(*shape: int, low: int = 0, high: int = SCORE_BOUND) -> spaces.Box:
        return spaces.Box(low, high, shape, dtype=np.int16)

    return spaces.Dict({
        "board": flags(c, h, w), "stars": flags(h, w), "crossed": flags(players, c, h, w),
        "columns": flags(players, w, high=2), "colours": flags(players, c, high=2),
        "rows": flags(players, h, high=2), "taken": flags(w + c + h),
        "marks": counts(players), "boxes": counts(players), "hearts": counts(players),
        "dice": flags(c + 1, high=6), "numbers": flags(6, high=6),
        "special": flags(len(SPECIAL_FACES)),
        "turn": counts(4, low=-1), "score": counts(players, low=-SCORE_BOUND),
    })


def static_planes(table: ActionTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The layout's colour planes (C, H, W), star plane (H, W) and the cells of each colour
    as flat boolean rows (C, H * W)."""
    sheet, board = table.sheet, table.board
    size = sheet.width * sheet.height
    colour_cells = np.stack([mask_bits(board.colour_masks[k], size) for k in board.colour_keys])
    shape = (sheet.height, sheet.width)
    planes = colour_cells.reshape(len(colour_cells), *shape).astype(np.int8)
    stars = mask_bits(board.star_mask, size).reshape(shape).astype(np.int8)
    return planes, stars, colour_cells


def observe(game: Game, seat: int, table: ActionTable, bombs_owed: int = 0,
            crossed_now: int | None = None) -> dict[str, Any]:
    """What ``seat`` sees of ``game`` now (see the module's table of keys); ``crossed_now``,
    while ``seat`` places a bomb, are its crosses with the choice waiting for it."""
    sheet, board = table.sheet, table.board
    players = len(game.players)
    h, w = sheet.height, sheet.width
    planes, stars, colour_cells = static_planes(table)
    order = [(seat + k) % players for k in range(players)]
    keys = board.colour_keys
    crossed = np.zeros((players, len(keys), h, w), dtype=np.int8)
    columns = np.zeros((players, w), dtype=np.int8)
    colours = np.zeros((players, len(keys)), dtype=np.int8)
    rows = np.zeros((players, h), dtype=np.int8)
    marks = np.zeros(players, dtype=np.int16)
    boxes = np.zeros(players, dtype=np.int16)
    hearts = np.zeros(players, dtype=np.int16)
    score = np.zeros(players, dtype=np.int16)
    for k, s in enumerate(order):
        player = game.sheets[s]
        mine = crossed_now if k == 0 and crossed_now is not None else player.crossed
        cells = mask_bits(mine, h * w)
        crossed[k] = (colour_cells & cells).reshape(len(keys), h, w)
        for column in player.completed_columns():
            columns[k, column] = 2 if column in player.later_columns else 1
        for key in player.completed_colours():
            colours[k, keys.index(key)] = 2 if key in player.later_colours else 1
        for row in player.completed_rows():
            rows[k, row] = 1 if row in player.row_items else 2
        marks[k], boxes[k], hearts[k] = player.marks_left, player.boxes_left, player.hearts
        score[k] = player.score().total
    taken = np.zeros(w + len(keys) + h, dtype=np.int8)
    taken[list(game.taken_columns)] = 1
    taken[[w + keys.index(k) for k in game.taken_colours]] = 1
    taken[[w + len(keys) + r for r in game.taken_rows]] = 1
    dice = np.zeros(len(keys) + 1, dtype=np.int8)
    numbers = np.zeros(6, dtype=np.int8)
    special = np.zeros(len(SPECIAL_FACES), dtype=np.int8)
    if game.roll is not None and not game.over:
        roll = game.roll
        colour_dice, number_dice = game.dice_for(seat)
        for die in colour_dice:
            face = roll.colours[die]
            dice[keys.index(face) if face in keys else len(keys)] += 1
        for die in number_dice:
            number = roll.numbers[die]
            numbers[0 if number == JOKER_NUMBER else number] += 1
        if roll.special is not None and game.special_for(seat):
            special[SPECIAL_FACES.index(roll.special)] = 1
    limit = game.roll_limit
    turn = np.array([game.rolls_done, int(seat == game.active), bombs_owed,
                     -1 if limit is None else limit - game.rolls_done], dtype=np.int16)
    return {"board": planes, "stars": stars, "crossed": crossed, "columns": columns,
            "colours": colours, "rows": rows, "taken": taken, "marks": marks, "boxes": boxes,
            "hearts": hearts, "dice": dice, "numbers": numbers, "special": special,
            "turn": turn, "score": score}
