"""The player sheets give the answers the Python rules gave, on recorded positions.

The sheets of the three editions are views over the compiled engine; before that they
were Python rules. tests/rules_answers.py recorded those rules' answers on a few hundred
random and bot-played positions of every edition (tests/data/rules_answers.json): every
legal move of every pair of faces, the special die's actions, bombs, Kids moves,
completions, scores, why a move is illegal and the state after a move. The engine's rules
must give the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from kok_layouts.model.sheet import Sheet

from .rules_answers import OPTION_SETS, answers, player_for, read, sheet_named

RECORDS = read()
EDITIONS = ("classic", "kok2", "kids")
_SHEETS: dict[str, Sheet] = {}


def sheet_of(layout: str) -> Sheet:
    if layout not in _SHEETS:
        _SHEETS[layout] = sheet_named(layout)
    return _SHEETS[layout]


def test_the_fixture_holds_a_few_hundred_positions_of_every_edition() -> None:
    for edition in EDITIONS:
        kept = [r for r in RECORDS if sheet_of(r["layout"]).edition == edition]
        assert len(kept) >= 100, edition
        assert {r["source"] == "scattered" for r in kept} == {True, False}, edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_recorded_position_has_the_recorded_answers(edition: str) -> None:
    differ: list[str] = []
    for index, position in enumerate(RECORDS):
        sheet = sheet_of(position["layout"])
        if sheet.edition != edition:
            continue
        player = player_for(sheet, OPTION_SETS[position["options"]], position["state"])
        found: dict[str, Any] = answers(player, position["probes"])
        expected: dict[str, Any] = position["answers"]
        for key in sorted(set(found) | set(expected)):
            if found.get(key) != expected.get(key):
                differ.append(f"position {index} ({position['layout']}, {position['source']})"
                              f" {key}: {found.get(key)!r} != {expected.get(key)!r}")
    assert not differ, f"{len(differ)} answers differ:\n" + "\n".join(differ[:20])
