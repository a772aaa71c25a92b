"""Property tests: random games on several boards keep the rules' invariants."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import ClassicSheet, load_layout
from kok_layouts.rules.bots import GreedyBot, RandomBot, Strategy, play_game
from kok_layouts.rules.game import Game
from kok_layouts.rules.options import Options
from kok_layouts.rules.player import PlayerSheet
from kok_layouts.rules.record import record_json, replay

from .conftest import ROOT
from .rules_helpers import states_of_seat_0

LAYOUTS = ["black", "red", str(ROOT / "examples" / "travel.yaml"),
           str(ROOT / "examples" / "donut.yaml")]


def _sheet(name: str) -> ClassicSheet:
    sheet = load_layout(name)
    assert isinstance(sheet, ClassicSheet)
    return sheet


games = st.builds(
    lambda layout, players, solo, seed, bots, open_, loose, end: (
        layout, 1 if solo else players, solo, seed, bots,
        Options(first_three_rolls_open=open_, connect_through_crossed=loose, end=end,
                max_rolls=120)),
    st.sampled_from(LAYOUTS), st.integers(1, 4), st.booleans(), st.integers(0, 2**32 - 1),
    st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    st.booleans(), st.booleans(), st.sampled_from(["round", "roll"]))

GameSpec = tuple[str, int, bool, int, list[str], Options]


def _play(spec: GameSpec) -> Game:
    layout, players, solo, seed, bots, options = spec
    game = Game(_sheet(layout), players, options, solo=solo)
    strategies: list[Strategy] = [RandomBot() if b == "random" else GreedyBot()
                                  for b in bots[:players]]
    return play_game(game, strategies, np.random.default_rng(seed))


def _recount(game: Game, seat: int) -> int:
    """The score of ``seat`` recounted from the log and the sheet alone."""
    sheet = game.sheet
    crossed: list[set[int]] = [set() for _ in game.players]
    marks = [0 for _ in game.players]
    first_roll: dict[tuple[str, object], int] = {}
    mine: dict[tuple[str, object], int] = {}
    groups: dict[tuple[str, object], set[int]] = {
        ("column", c): set(sheet.column_cells(c)) for c in range(sheet.width)
        if sheet.column_cells(c)}
    groups.update({("colour", c.key): set(sheet.cells_of_colour(c.key)) for c in sheet.colours})
    for index, entry in enumerate(game.log):
        for s, choice in enumerate(entry.choices):
            if choice is None:
                continue
            cells = {c for c in range(sheet.geometry.size) if choice.move.cells >> c & 1}
            crossed[s] |= cells
            marks[s] += choice.move.jokers
        for s in range(len(game.players)):
            for group, cells in groups.items():
                if cells <= crossed[s]:
                    first_roll.setdefault(group, index)
                    if s == seat:
                        mine.setdefault(group, index)
    total = 0
    for (kind, key), index in mine.items():
        first = game.solo or first_roll[(kind, key)] == index
        if kind == "column":
            assert isinstance(key, int)
            points = sheet.column_points[key]
        else:
            points = sheet.colour_bonus
        total += points.first if first else points.later
    total += (sheet.exclamation_marks - marks[seat]) * sheet.mark_points
    total -= sheet.star_penalty * len(sheet.stars - crossed[seat])
    return total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_the_score_equals_a_recount_from_the_crossed_cells(spec: GameSpec) -> None:
    game = _play(spec)
    for seat, score in enumerate(game.scores()):
        assert score.total == _recount(game, seat)


@settings(max_examples=25, deadline=None)
@given(games)
def test_no_cell_is_crossed_twice_and_marks_never_go_below_zero(spec: GameSpec) -> None:
    game = _play(spec)
    for seat in range(len(game.players)):
        seen = 0
        for entry in game.log:
            choice = entry.choices[seat]
            if choice is not None:
                assert not seen & choice.move.cells
                seen |= choice.move.cells
        assert seen == game.sheets[seat].crossed
        assert game.sheets[seat].marks_left >= 0


@settings(max_examples=25, deadline=None)
@given(games)
def test_undo_restores_the_exact_state(spec: GameSpec) -> None:
    game = _play(spec)
    fresh = Game(game.sheet, list(game.players), game.options, solo=game.solo)
    states = states_of_seat_0(game, fresh)
    player: PlayerSheet = game.sheets[0]
    assert player.state_key() == states[-1]
    for expected in reversed(states[:-1]):
        player.pop()
        assert player.state_key() == expected
        for candidate in player.legal_moves()[:10]:  # try-and-undo leaves no trace
            player.push(candidate)
            player.pop()
            assert player.state_key() == expected
    assert player.state_key() == (0, 0, frozenset(), frozenset())


@settings(max_examples=20, deadline=None)
@given(games)
def test_a_replayed_record_gives_the_same_scores(spec: GameSpec) -> None:
    game = _play(spec)
    record = json.loads(json.dumps(record_json(game, spec[0], seed=spec[3])))
    again = replay(record)
    assert again.scores() == game.scores()
    assert again.winners() == game.winners()
    assert [s.crossed for s in again.sheets] == [s.crossed for s in game.sheets]
