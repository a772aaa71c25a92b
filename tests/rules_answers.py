"""The answers of the rules on recorded positions of every edition, kept as a fixture.

The player sheets of the three editions were Python rules before they became views over
the compiled engine; this module asked them, on a few hundred random and bot-played
positions, for what the rules answer (every legal move of every pair of faces, the
special die's actions, bombs, Kids moves, completions, scores, why a move is illegal,
and the state after a move) and wrote it to :data:`FIXTURE`.
tests/test_rules_answers.py holds the sheets to those answers: the engine's rules agree
with the Python rules they replaced.

    python -m tests.rules_answers          # writes tests/data/rules_answers.json

Rerunning it records the rules as they are now; do that only for a deliberate change of
a rule (and say so in the commit).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts import load_layout
from kok_layouts.errors import KokError
from kok_layouts.model.grid import cells_of
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Kok2Sheet, Sheet
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy
from kok_layouts.rules.dice import JOKER_COLOUR, JOKER_NUMBER, PURPLE
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.kids import KidsGame, KidsMove, KidsPlayerSheet
from kok_layouts.rules.kok2 import Kok2Game, Kok2PlayerSheet, Special
from kok_layouts.rules.moves import Move
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.strong import StrongBot

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "data" / "rules_answers.json"
NUMBER_FACES = (1, 2, 3, 4, 5, JOKER_NUMBER)
Record = dict[str, Any]
AnySheet = PlayerSheet | KidsPlayerSheet

OPTION_SETS: dict[str, Options] = {
    "plain": Options(),
    "loose": Options(connect_through_crossed=True),
    "six": Options(number_joker_six=True),
    "loose-six": Options(connect_through_crossed=True, number_joker_six=True),
    "penalties": Options(star_penalty=3, pass_penalty=1),
}


def sheet_named(name: str) -> Sheet:
    """A built-in layout by name, or an example's YAML by its path from the checkout."""
    return load_layout(str(ROOT / name) if name.endswith(".yaml") else name)


def digest(items: Iterable[object]) -> list[object]:
    """How many ``items`` and a checksum of them in order (a listing's fingerprint)."""
    listed = [repr(item) for item in items]
    return [len(listed), f"{zlib.crc32(chr(10).join(listed).encode()):08x}"]


def move_key(move: Move | Special | KidsMove) -> str:
    """A move as short text: ``y 3 1c0 01`` (colour, number, cells in hex, the jokers),
    ``special bomb 6030``, ``kids c 30 0`` (die, cells, chameleon)."""
    if isinstance(move, Move):
        return (f"{move.colour} {move.number} {move.cells:x} "
                f"{int(move.colour_joker)}{int(move.number_joker)}")
    if isinstance(move, Special):
        return f"special {move.face} {move.cells:x}"
    return f"kids {move.die} {move.cells:x} {move.chameleon:x}"


def move_of(key: str, width: int) -> Move | Special | KidsMove:
    kind, *fields = key.split(" ")
    if kind == "special":
        return Special(fields[0], int(fields[1], 16), width)  # type: ignore[arg-type]
    if kind == "kids":
        return KidsMove(fields[0], int(fields[1], 16), int(fields[2], 16), width)
    return Move(kind, int(fields[0]), int(fields[1], 16), fields[2][0] == "1",
                fields[2][1] == "1", width)


# -- a position's state, written and read back --------------------------------------------------
def state_of(player: AnySheet) -> Record:
    state: Record = {"crossed": hex(player.crossed), "marks_used": player.marks_used,
                     "later_columns": sorted(player.later_columns)}
    if isinstance(player, PlayerSheet):
        state["later_colours"] = sorted(player.later_colours)
        state["passes"] = player.passes
    if isinstance(player, Kok2PlayerSheet):
        state.update(boxes_gained=player.boxes_gained, boxes_used=player.boxes_used,
                     hearts=player.hearts, row_items=sorted(player.row_items),
                     column_hearts=sorted(player.column_hearts.items()))
    return state


def player_for(sheet: Sheet, options: Options, state: Record) -> AnySheet:
    """A player's sheet in the recorded ``state``."""
    player: AnySheet
    if isinstance(sheet, KidsSheet):
        player = KidsPlayerSheet(sheet, options)
    elif isinstance(sheet, Kok2Sheet):
        player = Kok2PlayerSheet(sheet, options)
    else:
        player = PlayerSheet(sheet, options)
    player.crossed = int(state["crossed"], 16)
    player.marks_used = state["marks_used"]
    player.later_columns = frozenset(state["later_columns"])
    if isinstance(player, PlayerSheet):
        player.later_colours = frozenset(state["later_colours"])
        player.passes = state["passes"]
    if isinstance(player, Kok2PlayerSheet):
        player.boxes_gained = state["boxes_gained"]
        player.boxes_used = state["boxes_used"]
        player.hearts = state["hearts"]
        player.row_items = frozenset(state["row_items"])
        player.column_hearts = {column: hearts for column, hearts in state["column_hearts"]}
    return player


# -- what the rules answer ---------------------------------------------------------------------
def why(player: AnySheet, move: Move | Special | KidsMove) -> str | None:
    try:
        return player.why_illegal(move)  # type: ignore[arg-type]
    except KokError as err:
        return f"{type(err).__name__}: {err}"


def named(read: Callable[[str], int], name: str) -> str:
    """The mask ``read`` gives for a cell name, or the error it raises."""
    try:
        return hex(read(name))
    except KokError as err:
        return f"{type(err).__name__}: {err}"


def pushed(player: AnySheet, move: Move | Special | KidsMove, taken: Record,
           bombs: Iterable[int] = ()) -> Record:
    """The state after ``player`` (a copy) plays ``move``, or the error it raises; the
    pop must restore the state before."""
    trial = player.copy()
    before = state_of(trial)
    try:
        if isinstance(trial, KidsPlayerSheet):
            assert isinstance(move, KidsMove)
            trial.push(move, taken_columns=frozenset(taken["columns"]))
        elif isinstance(trial, Kok2PlayerSheet):
            trial.push(move, taken_columns=taken["columns"], taken_colours=taken["colours"],
                       taken_rows=taken["rows"], bombs=bombs)
        else:
            assert isinstance(move, Move)
            trial.push(move, taken_columns=taken["columns"], taken_colours=taken["colours"])
    except KokError as err:
        assert state_of(trial) == before, "a refused move changed the sheet"
        return {"error": f"{type(err).__name__}: {err}"}
    after = state_of(trial)
    result = {"state": after, "score": trial.score().as_dict(),
              "columns": trial.completed_columns(), "colours": trial.completed_colours()}
    if trial.pop() != move or state_of(trial) != before:
        result["pop"] = "did not restore"
    return result


def answers(player: AnySheet, probes: Record) -> Record:
    """Everything the rules answer about ``player``'s position, and about the recorded
    ``probes`` (candidate moves, a move to play and what others had taken)."""
    sheet = player.sheet
    width = sheet.width
    found: Record = {"columns": player.completed_columns(),
                     "colours": player.completed_colours(),
                     "score": player.score().as_dict(),
                     "drawn": digest([str(player)])}
    if isinstance(player, KidsPlayerSheet):
        faces = [c.key for c in sheet.colours] + [PURPLE]
        found["moves"] = {face: digest(move_key(m) for m in player.legal_moves(face))
                          for face in faces}
        found["open"] = {str(animal): digest(player.open_enclosures(animal))
                         for animal in [None, *(c.key for c in sheet.colours)]}
        found["chameleon_next"] = player.next_mark_is_chameleon()
    else:
        found["anchor"] = hex(player.anchor())
        found["moves"] = {
            colour: digest(move_key(m) for number in NUMBER_FACES
                           for m in player.legal_moves(colour, number))
            for colour in [c.key for c in sheet.colours] + [JOKER_COLOUR]}
        found["masks"] = digest(player.legal_masks(key, n) for key in player.board.colour_keys
                                for n in range(1, 6))
        found["spare_marks"] = digest(player.legal_moves(JOKER_COLOUR, JOKER_NUMBER,
                                                         marks_left=1))
    if isinstance(player, Kok2PlayerSheet):
        found["rows"] = player.completed_rows()
        found["specials"] = {face: digest(move_key(a) for a in player.legal_specials(face))
                             for face in dict.fromkeys(player.sheet.special_faces)}
        found["bomb_masks"] = digest(player.bomb_masks())
        found["bomb_squares"] = digest(sorted(player.bomb_squares().items()))
        found["named"] = [[name, named(player.bomb_at, name), named(player.block_at, name)]
                          for name in probes["names"]]
        found["owed"] = [player.bombs_owed(move_of(key, width), probes["taken"]["rows"])
                         for key in probes["candidates"] if not key.startswith("special")]
    found["why"] = [why(player, move_of(key, width)) for key in probes["candidates"]]
    found["push"] = [pushed(player, move_of(key, width), probes["taken"], bombs)
                     for key, bombs in probes["plays"]]
    found["push"] = [result.get("error") or digest([json.dumps(result, sort_keys=True)])
                     for result in found["push"]]
    return found


# -- candidate moves -------------------------------------------------------------------------
def candidates(player: AnySheet, legal: list[Move | Special | KidsMove],
               rng: np.random.Generator) -> list[str]:
    """Moves to ask about: some legal ones, and near misses of many kinds."""
    sheet = player.sheet
    width = sheet.width
    picked: list[Move | Special | KidsMove] = []
    for index in rng.permutation(len(legal))[:2]:
        picked.append(legal[int(index)])
    areas = sheet.areas
    for _ in range(5):
        area = areas[int(rng.integers(len(areas)))]
        cells = sorted(area.cells)
        if isinstance(player, KidsPlayerSheet):
            keys = [c.key for c in sheet.colours]
            die = keys[int(rng.integers(len(keys)))] if rng.random() < 0.4 else area.colour
            mask = sum(1 << c for c in cells)
            if rng.random() < 0.3:
                mask &= ~(1 << cells[0])
            if rng.random() < 0.15:
                picked.append(KidsMove(PURPLE, 0, mask, width))
            elif rng.random() < 0.1:
                picked.append(KidsMove(PURPLE, mask, 0, width))
            else:
                chameleon = mask if rng.random() < 0.1 else 0
                picked.append(KidsMove(die, mask, chameleon, width))
            continue
        size = int(rng.integers(1, min(5, len(cells)) + 1))
        chosen = [int(c) for c in rng.choice(cells, size=size, replace=False)]
        mask = sum(1 << c for c in chosen)
        if rng.random() < 0.2:  # a cell of another area
            mask |= 1 << int(rng.choice(list(sheet.board_cells)))
        number = mask.bit_count() if rng.random() < 0.8 else int(rng.integers(1, 7))
        colour = area.colour if rng.random() < 0.85 else sheet.colours[0].key
        if isinstance(player, Kok2PlayerSheet) and rng.random() < 0.3:
            picked.append(near_special(player, mask, rng))
            continue
        picked.append(Move(colour, number, mask, bool(rng.random() < 0.15),
                           bool(rng.random() < 0.15), width))
    return [move_key(m) for m in picked]


def near_special(player: Kok2PlayerSheet, mask: int, rng: np.random.Generator) -> Special:
    """A special action near a legal one (a cell more or fewer, a crossed one), or of
    ``mask``."""
    faces = list(dict.fromkeys(player.sheet.special_faces))
    face = faces[int(rng.integers(len(faces)))]
    width = player.sheet.width
    spare = player.copy()
    spare.boxes_gained, spare.boxes_used = 1, 0
    legal = spare.legal_specials(face)
    if not legal or rng.random() < 0.2:
        return Special(face, 0 if face == "heart" and rng.random() < 0.5 else mask, width)
    cells = legal[int(rng.integers(len(legal)))].cells
    change = rng.random()
    if change < 0.3 and cells:
        cells &= cells - 1  # one cell fewer
    elif change < 0.6:
        cells |= 1 << int(rng.choice(sorted(player.sheet.board_cells)))
    elif change < 0.8 and player.crossed:
        cells |= 1 << int(rng.choice(list(cells_of(player.crossed))))
    return Special(face, cells, width)


def legal_of(player: AnySheet) -> list[Move | Special | KidsMove]:
    found: list[Move | Special | KidsMove] = []
    if isinstance(player, KidsPlayerSheet):
        for face in [c.key for c in player.sheet.colours] + [PURPLE]:
            found += player.legal_moves(face)
        return found
    for colour in [c.key for c in player.sheet.colours] + [JOKER_COLOUR]:
        for number in NUMBER_FACES:
            found += player.legal_moves(colour, number)
    if isinstance(player, Kok2PlayerSheet):
        for face in dict.fromkeys(player.sheet.special_faces):
            found += player.legal_specials(face)
    return found


def probes_for(game: Game | None, player: AnySheet, rng: np.random.Generator,
               made: Choice | None = None) -> Record:
    """What to ask about ``player``: candidates, moves to play (with bombs where their rows
    owe some) and what other players had taken."""
    sheet = player.sheet
    if game is not None:
        taken = {"columns": sorted(game.taken_columns), "colours": sorted(game.taken_colours),
                 "rows": sorted(getattr(game, "taken_rows", ()))}
    else:
        taken = {"columns": sorted(int(c) for c in rng.choice(sheet.width, 3, replace=False)),
                 "colours": [sheet.colours[int(rng.integers(len(sheet.colours)))].key],
                 "rows": sorted(int(r) for r in rng.choice(sheet.height, 2, replace=False))}
    legal = legal_of(player)
    plays: list[tuple[str, list[int]]] = []
    for index in rng.permutation(len(legal))[:2]:
        move = legal[int(index)]
        plays.append((move_key(move), bombs_for(player, move, taken, rng)))
    if made is not None:
        plays.append((move_key(made.move), list(made.bombs)))
        if made.bombs:
            plays.append((move_key(made.move), []))
            plays.append((move_key(made.move), [*made.bombs, 0b1111]))
            plays.append((move_key(made.move), [made.bombs[0] | 1]))
    elif legal and isinstance(player, Kok2PlayerSheet):
        plays.append((move_key(legal[0]), [int(next(iter(player.bomb_masks()), 0))]))
    names = [sheet.cell_name(int(c)) for c in rng.choice(list(sheet.board_cells), 2)]
    return {"taken": taken, "candidates": candidates(player, legal, rng), "plays": plays,
            "names": names}


def bombs_for(player: AnySheet, move: Move | Special | KidsMove, taken: Record,
              rng: np.random.Generator) -> list[int]:
    """The squares of the bombs ``move``'s rows owe, each picked at random among those
    open when it falls."""
    if not isinstance(player, Kok2PlayerSheet):
        return []
    bombs: list[int] = []
    while True:
        trial = player.copy()
        try:
            trial.push(move, taken_columns=taken["columns"], taken_colours=taken["colours"],
                       taken_rows=taken["rows"], bombs=bombs)
            return bombs
        except KokError as err:
            if "name its 2x2 square" not in str(err):
                raise
        probe = player.copy()
        probe.crossed |= move.cells
        for square in bombs:
            probe.crossed |= square
        options = probe.bomb_masks()
        bombs.append(options[int(rng.integers(len(options)))])


# -- positions -------------------------------------------------------------------------------
def record(layout: str, option_name: str, player: AnySheet, probes: Record,
           source: str) -> Record:
    return {"layout": layout, "options": option_name, "source": source,
            "state": state_of(player), "probes": probes,
            "answers": answers(player, probes)}


def played(layout: str, option_name: str, kinds: str, seed: int, keep: float,
           rolls: int = 60) -> Iterator[Record]:
    """Positions of a seeded game between bots (``r`` random, ``g`` greedy, ``s`` strong),
    each choice kept with probability ``keep``."""
    sheet = sheet_named(layout)
    options = OPTION_SETS[option_name]
    game_type = Kok2Game if isinstance(sheet, Kok2Sheet) else \
        KidsGame if isinstance(sheet, KidsSheet) else Game
    game = game_type(sheet, len(kinds), replace(options, max_rolls=rolls))
    bots: list[Strategy] = [GreedyBot() if k == "g" else StrongBot() if k == "s"
                            else RandomBot() for k in kinds]
    rng = np.random.default_rng(seed)
    pick = np.random.default_rng(seed + 1000)
    while not game.over:
        game.throw(rng)
        while waiting := game.waiting_for():
            for seat in waiting:
                choice = bots[seat].choose(game, seat, rng)
                if pick.random() < keep:
                    player = game.sheets[seat]
                    probes = probes_for(game, player, pick, choice)
                    yield record(layout, option_name, player, probes,
                                 f"game {kinds} seed {seed}")
                game.choose(seat, choice)
        game.finish_roll()


def scattered(layout: str, option_name: str, seed: int, count: int) -> Iterator[Record]:
    """Positions with crosses anywhere (not only reachable ones), any marks, hearts and
    boxes."""
    sheet = sheet_named(layout)
    options = OPTION_SETS[option_name]
    rng = np.random.default_rng(seed)
    board = sorted(sheet.board_cells)
    for _ in range(count):
        if isinstance(sheet, KidsSheet):
            chosen = rng.choice(len(sheet.areas), int(rng.integers(0, len(sheet.areas))),
                                replace=False)
            crossed = sum(1 << c for i in chosen for c in sheet.areas[int(i)].cells)
        else:
            chosen = rng.choice(board, int(rng.integers(0, len(board))), replace=False)
            crossed = sum(1 << int(c) for c in chosen)
        state: Record = {"crossed": hex(crossed),
                         "marks_used": int(rng.integers(0, sheet.exclamation_marks + 1)),
                         "later_columns": sorted(int(c) for c in rng.choice(
                             sheet.width, int(rng.integers(0, 4)), replace=False))}
        if isinstance(sheet, ClassicSheet):
            state["later_colours"] = [c.key for c in sheet.colours if rng.random() < 0.2]
            state["passes"] = int(rng.integers(0, 3))
        if isinstance(sheet, Kok2Sheet):
            gained = int(rng.integers(0, sheet.box_count + 1))
            done = [c for c in range(sheet.width)
                    if not set(sheet.column_cells(c)) - set(cells_of(crossed))]
            state.update(boxes_gained=gained, boxes_used=int(rng.integers(0, gained + 1)),
                         hearts=int(rng.integers(0, sheet.heart_track + 1)),
                         row_items=[r for r in range(sheet.height) if rng.random() < 0.2],
                         column_hearts=[[c, int(rng.integers(0, 4))] for c in done])
        player = player_for(sheet, options, state)
        yield record(layout, option_name, player, probes_for(None, player, rng), "scattered")


def positions() -> list[Record]:
    found: list[Record] = []
    classic_games = [("black", "plain", "rg", 1, 0.25), ("black", "plain", "ss", 2, 0.2),
                     ("green", "plain", "rgr", 3, 0.15), ("red", "loose", "rg", 4, 0.2),
                     ("purple", "six", "gr", 5, 0.2), ("blue", "loose-six", "rr", 6, 0.2),
                     ("yellow", "penalties", "rg", 7, 0.15), ("orange", "plain", "sr", 8, 0.15),
                     ("examples/donut.yaml", "plain", "rg", 9, 0.2),
                     ("examples/lopsided.yaml", "loose", "gr", 10, 0.2)]
    for layout, option_name, kinds, seed, keep in classic_games:
        found += played(layout, option_name, kinds, seed, keep)
    found += scattered("black", "plain", 11, 12)
    found += scattered("green", "loose-six", 12, 8)
    kok2_games = [("grey", "plain", "rg", 21, 0.3), ("grey", "plain", "ss", 22, 0.3),
                  ("grey", "plain", "rrr", 23, 0.25), ("grey", "loose-six", "gr", 24, 0.25),
                  ("grey", "penalties", "sg", 25, 0.25), ("grey", "plain", "g", 26, 0.3)]
    for layout, option_name, kinds, seed, keep in kok2_games:
        found += played(layout, option_name, kinds, seed, keep, rolls=80)
    found += scattered("grey", "plain", 27, 25)
    kids_games = [("kids", "plain", "rg", 31, 0.5), ("kids", "plain", "sss", 32, 0.4),
                  ("kids", "plain", "rrrr", 33, 0.4), ("kids", "plain", "gr", 34, 0.5)]
    for layout, option_name, kinds, seed, keep in kids_games:
        found += played(layout, option_name, kinds, seed, keep, rolls=80)
    found += scattered("kids", "plain", 35, 30)
    return found


def write(records: list[Record], path: Path = FIXTURE) -> None:
    lines = [json.dumps(r, separators=(",", ":"), sort_keys=True) for r in records]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")


def read(path: Path = FIXTURE) -> list[Record]:
    loaded: list[Record] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


if __name__ == "__main__":
    made = positions()
    write(made)
    editions: dict[str, int] = {}
    for position in made:
        edition = sheet_named(position["layout"]).edition
        editions[edition] = editions.get(edition, 0) + 1
    print(f"{FIXTURE}: {len(made)} positions, {editions}")
