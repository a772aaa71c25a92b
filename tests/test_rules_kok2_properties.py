"""Property tests for Keer op Keer 2: random games keep the sequel's invariants."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import Kok2Sheet, load_layout
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy, play_game
from kok_layouts.rules.kok2 import Kok2Game, Special
from kok_layouts.rules.options import Options
from kok_layouts.rules.record import record_json, replay

from .rules_helpers import assert_undo_walks_back, states_of_seat_0

specs = st.tuples(st.integers(1, 4), st.booleans(), st.integers(0, 2**32 - 1),
                  st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
                  st.sampled_from(["round", "roll"]))
Spec = tuple[int, bool, int, list[str], str]


def _sheet() -> Kok2Sheet:
    sheet = load_layout("grey")
    assert isinstance(sheet, Kok2Sheet)
    return sheet


def _play(spec: Spec) -> Kok2Game:
    players, solo, seed, bots, end = spec
    count = 1 if solo else players
    game = Kok2Game(_sheet(), count, Options(end=end, max_rolls=120), solo=solo)  # type: ignore[arg-type]
    strategies: list[Strategy] = [RandomBot() if b == "random" else GreedyBot()
                                  for b in bots[:count]]
    play_game(game, strategies, np.random.default_rng(seed))
    return game


def _bits(mask: int) -> set[int]:
    return {c for c in range(mask.bit_length()) if mask >> c & 1}


def _recount(game: Kok2Game) -> list[int]:
    """Every player's total, recounted from the log with sets, independently of the engine."""
    sheet = game.sheet
    n = len(game.players)
    columns = {c: set(sheet.column_cells(c)) for c in range(sheet.width)}
    colours = {c.key: set(sheet.cells_of_colour(c.key)) for c in sheet.colours}
    rows = {r: set(sheet.row_cells(r)) for r in range(sheet.height)}
    crossed: list[set[int]] = [set() for _ in range(n)]
    hearts, marks = [0] * n, [0] * n
    gained, used = [sheet.boxes_at_start] * n, [0] * n
    under: list[dict[int, int]] = [{} for _ in range(n)]
    first_roll: dict[tuple[str, object], int] = {}
    mine: list[dict[tuple[str, object], int]] = [{} for _ in range(n)]
    for index, entry in enumerate(game.log):
        done_before = {key for key in first_roll}
        for seat, choice in enumerate(entry.choices):
            if choice is None:
                continue
            move = choice.move
            marks[seat] += move.jokers
            if isinstance(move, Special):
                used[seat] += 1
                if move.face == "heart":
                    hearts[seat] += 1
            bombs = list(choice.bombs)
            pending = [move.cells]
            while pending:
                before = set(crossed[seat])
                crossed[seat] |= _bits(pending.pop(0))
                fresh = crossed[seat] - before
                gained[seat] += len(fresh & set(sheet.box_cells))
                for column, cells in columns.items():
                    if cells <= crossed[seat] and not cells <= before:
                        under[seat][column] = hearts[seat]
                        if column in sheet.box_columns:
                            gained[seat] += 1
                for row, cells in rows.items():
                    if cells <= crossed[seat] and not cells <= before \
                            and ("row", row) not in done_before:
                        item = sheet.rows[row].item
                        if item == "box":
                            gained[seat] += 1
                        elif item == "heart":
                            hearts[seat] = min(sheet.heart_track, hearts[seat] + 1)
                        elif item == "bomb" and bombs:
                            pending.append(bombs.pop(0))
                gained[seat] = min(gained[seat], sheet.box_count)
        named: list[tuple[tuple[str, object], set[int]]] = [
            *((("column", k), v) for k, v in columns.items()),
            *((("colour", k), v) for k, v in colours.items()),
            *((("row", k), v) for k, v in rows.items())]
        for seat in range(n):
            for group, cells in named:
                if cells <= crossed[seat]:
                    first_roll.setdefault(group, index)
                    mine[seat].setdefault(group, index)
    totals = []
    for seat in range(n):
        total = 0
        for (kind, key), index in mine[seat].items():
            first = game.solo or first_roll[(kind, key)] == index
            if kind == "column":
                assert isinstance(key, int)
                points = sheet.column_points[key]
                total += points.first if first else points.later
            elif kind == "colour":
                total += sheet.colour_bonus.first if first else sheet.colour_bonus.later
            else:
                assert isinstance(key, int)
                total += sheet.rows[key].points
        total += sum(under[seat].values())
        total += (sheet.exclamation_marks - marks[seat]) * sheet.mark_points
        total += (gained[seat] - used[seat]) * sheet.box_points
        total -= sheet.star_penalty * len(sheet.stars - crossed[seat])
        totals.append(total)
    return totals


@settings(max_examples=20, deadline=None)
@given(specs)
def test_the_score_equals_a_recount_from_the_log(spec: Spec) -> None:
    game = _play(spec)
    assert [s.total for s in game.scores()] == _recount(game)


@settings(max_examples=20, deadline=None)
@given(specs)
def test_no_cell_is_crossed_twice_and_boxes_and_hearts_stay_in_range(spec: Spec) -> None:
    game = _play(spec)
    for seat, player in enumerate(game.sheets):
        seen = 0
        for entry in game.log:
            choice = entry.choices[seat]
            if choice is not None:
                for mask in (choice.move.cells, *choice.bombs):
                    assert not seen & mask
                    seen |= mask
        assert seen == player.crossed
        assert 0 <= player.boxes_left <= player.sheet.box_count
        assert 0 <= player.hearts <= player.sheet.heart_track


@settings(max_examples=20, deadline=None)
@given(specs)
def test_undo_restores_the_exact_state(spec: Spec) -> None:
    game = _play(spec)
    fresh = Kok2Game(game.sheet, list(game.players), game.options, solo=game.solo)
    assert_undo_walks_back(game.sheets[0], states_of_seat_0(game, fresh))


@settings(max_examples=15, deadline=None)
@given(specs)
def test_a_replayed_record_gives_the_same_scores(spec: Spec) -> None:
    game = _play(spec)
    record = json.loads(json.dumps(record_json(game, "grey", seed=spec[2])))
    again = replay(record)
    assert again.scores() == game.scores()
    assert [s.state_key() for s in again.sheets] == [s.state_key() for s in game.sheets]
