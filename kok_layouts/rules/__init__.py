"""The rules: a player's marks on a sheet, legal moves, scoring, the roll and the game flow.

Layer 2: imports the sheet model, never the analysis, rendering or CLI layers. Every value
here explains itself: ``repr`` of a move, a choice, a roll or a bot evaluates back to an
equal value with this module's names (``eval(repr(move), vars(kok_layouts.rules))``), and
cells are named (``Move.of("y", ["H6", "H7"], width=15)``).
"""

from kok_layouts.errors import (
    BadArgumentError,
    IllegalMoveError,
    KokError,
    KokTypeError,
    RecordError,
    WrongSheetError,
)
from kok_layouts.rules.board import MAX_MOVE, Board, board_for, split_cells
from kok_layouts.rules.bots import (
    BOTS,
    FriendlyBot,
    GreedyBot,
    RandomBot,
    Strategy,
    make_bot,
    play_game,
)
from kok_layouts.rules.dice import (
    JOKER_COLOUR,
    JOKER_NUMBER,
    PURPLE,
    Roll,
    parse_colour_face,
    parse_number_face,
)
from kok_layouts.rules.game import (
    COLOURS_TO_END,
    SPECIAL_DIE,
    BombPicker,
    Choice,
    Game,
    Phase,
    RollLog,
    new_game,
    solo_band,
)
from kok_layouts.rules.kids import (
    NO_DIE,
    KidsGame,
    KidsMove,
    KidsPlayerSheet,
    KidsScore,
    describe_move,
)
from kok_layouts.rules.kok2 import (
    ROW_AT_MOST,
    STARS_AT_MOST,
    Kok2Game,
    Kok2PlayerSheet,
    Kok2Score,
    Special,
    fill_bombs,
)
from kok_layouts.rules.moves import Move, mask_names, mask_of_names
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet, SheetExtras
from kok_layouts.rules.record import load_and_replay, replay, save_record
from kok_layouts.rules.scoring import Score
from kok_layouts.rules.strong import ExpertBot, StrongBot, StrongWeights
from kok_layouts.rules.weighing import WeighingBot


def parse_cells(sheet: PlayerSheet | KidsPlayerSheet | Board, names: str | list[str]) -> int:
    """The cell mask of ``"H6 H7"``, ``"H6,H7"`` or ``["H6", "H7"]`` on a player's sheet
    or board."""
    board = sheet if isinstance(sheet, Board) else sheet.board
    return board.parse_cells(names)


__all__ = [
    "BOTS",
    "COLOURS_TO_END",
    "JOKER_COLOUR",
    "JOKER_NUMBER",
    "MAX_MOVE",
    "NO_DIE",
    "PURPLE",
    "ROW_AT_MOST",
    "SPECIAL_DIE",
    "STARS_AT_MOST",
    "BadArgumentError",
    "Board",
    "BombPicker",
    "Choice",
    "ExpertBot",
    "FriendlyBot",
    "Game",
    "GreedyBot",
    "IllegalMoveError",
    "KidsGame",
    "KidsMove",
    "KidsPlayerSheet",
    "KidsScore",
    "Kok2Game",
    "Kok2PlayerSheet",
    "Kok2Score",
    "KokError",
    "KokTypeError",
    "Move",
    "Options",
    "Phase",
    "PlayerSheet",
    "RandomBot",
    "RecordError",
    "Roll",
    "RollLog",
    "Score",
    "SheetExtras",
    "Special",
    "Strategy",
    "StrongBot",
    "StrongWeights",
    "WeighingBot",
    "WrongSheetError",
    "board_for",
    "describe_move",
    "fill_bombs",
    "load_and_replay",
    "make_bot",
    "mask_names",
    "mask_of_names",
    "new_game",
    "parse_cells",
    "parse_colour_face",
    "parse_number_face",
    "play_game",
    "replay",
    "save_record",
    "solo_band",
    "split_cells",
]
