"""Property tests for Kids: random games end, score by recount, undo and replay exactly."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import KidsSheet, load_layout
from kok_layouts.rules.bots import FriendlyBot, GreedyBot, RandomBot, Strategy, play_game
from kok_layouts.rules.kids import KidsGame, KidsMove
from kok_layouts.rules.record import record_json, replay

from .rules_helpers import assert_undo_walks_back, states_of_seat_0

specs = st.tuples(st.integers(1, 4), st.integers(0, 2**32 - 1),
                  st.lists(st.sampled_from(["random", "greedy", "friendly"]), min_size=4,
                           max_size=4))
Spec = tuple[int, int, list[str]]
BOTS = {"random": RandomBot, "greedy": GreedyBot, "friendly": FriendlyBot}


def _sheet() -> KidsSheet:
    sheet = load_layout("kids")
    assert isinstance(sheet, KidsSheet)
    return sheet


def _play(spec: Spec) -> KidsGame:
    players, seed, bots = spec
    solo = players == 1
    game = KidsGame(_sheet(), ["me"] if solo else players, solo=solo)
    strategies: list[Strategy] = [BOTS[b]() for b in bots[:len(game.players)]]
    play_game(game, strategies, np.random.default_rng(seed))
    return game


def _recount(game: KidsGame) -> list[int]:
    sheet = game.sheet
    n = len(game.players)
    crossed: list[set[int]] = [set() for _ in range(n)]
    columns = {c: set(sheet.column_cells(c)) for c in range(sheet.width)}
    first: dict[int, int] = {}
    mine: list[dict[int, int]] = [{} for _ in range(n)]
    for index, entry in enumerate(game.log):
        for seat, choice in enumerate(entry.choices):
            if choice is not None:
                assert isinstance(choice.move, KidsMove)
                mask = choice.move.all_cells
                crossed[seat] |= {c for c in range(mask.bit_length()) if mask >> c & 1}
        for seat in range(n):
            for column, cells in columns.items():
                if cells <= crossed[seat]:
                    first.setdefault(column, index)
                    mine[seat].setdefault(column, index)
    totals = []
    for seat in range(n):
        total = 0
        for column, index in mine[seat].items():
            total += sheet.buckets[column] + (1 if game.solo or first[column] == index else 0)
        total += sheet.food_boxes * sum(1 for a in sheet.animals
                                        if set(sheet.cells_of_colour(a.key)) <= crossed[seat])
        totals.append(total)
    return totals


@settings(max_examples=30, deadline=None)
@given(specs)
def test_every_game_ends_and_the_score_equals_a_recount(spec: Spec) -> None:
    game = _play(spec)
    assert game.over
    finished = any(len(s.completed_colours()) >= 2 for s in game.sheets)
    assert finished or (game.solo and game.rolls_done == 30)
    assert [s.total for s in game.scores()] == _recount(game)


@settings(max_examples=30, deadline=None)
@given(specs)
def test_whole_enclosures_only_and_never_twice(spec: Spec) -> None:
    game = _play(spec)
    areas = set(game.sheets[0].board.area_masks)
    for seat, player in enumerate(game.sheets):
        seen = 0
        for entry in game.log:
            choice = entry.choices[seat]
            if choice is None:
                continue
            assert isinstance(choice.move, KidsMove)
            for mask in (choice.move.cells, choice.move.chameleon):
                if mask:
                    assert mask in areas and not seen & mask
                    seen |= mask
        assert seen == player.crossed


@settings(max_examples=30, deadline=None)
@given(specs)
def test_undo_restores_the_exact_state(spec: Spec) -> None:
    game = _play(spec)
    fresh = KidsGame(game.sheet, list(game.players), solo=game.solo)
    assert_undo_walks_back(game.sheets[0], states_of_seat_0(game, fresh))


@settings(max_examples=20, deadline=None)
@given(specs)
def test_a_replayed_record_gives_the_same_scores(spec: Spec) -> None:
    game = _play(spec)
    record = json.loads(json.dumps(record_json(game, "kids", seed=spec[1])))
    again = replay(record)
    assert [s.as_dict() for s in again.scores()] == [s.as_dict() for s in game.scores()]
    assert again.winners() == game.winners()
