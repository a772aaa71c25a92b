"""Every word of kok table's page in nl, de, fr and en (``static/words.json``): each word
in every language, a wording for every refusal a person can meet and for every rules
option, and the feed's choices carrying the move's facts so that a page says them in its
language (a Kids move as a child reads the sheet: how many of which animal)."""

from __future__ import annotations

import dataclasses
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import load_layout
from kok_layouts.rules import Options
from kok_layouts.table.session import TableSession
from tests.test_table_session import play_out, session

STATIC = resources.files("kok_layouts.table") / "static"
WORDS: dict[str, dict[str, Any]] = json.loads((STATIC / "words.json").read_text("utf-8"))
LANGUAGES = ("en", "nl", "de", "fr")
SOURCE = Path(str(STATIC)).parent


def test_every_word_is_there_in_every_language_with_the_same_names_to_fill() -> None:
    assert set(WORDS) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
        for key, word in WORDS[lang].items():
            english = WORDS["en"][key]
            assert type(word) is type(english) and word, (lang, key)
            if isinstance(word, str):
                assert set(re.findall(r"\{\w+\}", word)) == set(
                    re.findall(r"\{\w+\}", english)), (lang, key)


def test_every_refusal_a_person_can_meet_has_words() -> None:
    code = (SOURCE / "session.py").read_text() + (SOURCE / "server.py").read_text()
    codes = set(re.findall(r'(?:RefusedActError|LateActError)\(\s*"(\w+)"', code))
    codes |= set(re.findall(r'"code": "(\w+)"', code))
    assert {"late", "token", "bomb", "not_yours", "rules"} <= codes
    # The bomb step is no error: the page asks for the square in its hint instead.
    assert {c for c in codes - {"bomb"} if f"e_{c}" not in WORDS["en"]} == set()


def test_every_rules_option_has_words() -> None:
    names = {f.name for f in dataclasses.fields(Options)} - {"end"}
    assert {n for n in names if f"h_{n}" not in WORDS["en"]} == set()
    assert {f"h_end_{end}" for end in ("round", "roll")} <= set(WORDS["en"])


def test_every_bot_has_a_name_people_say() -> None:
    from kok_layouts.rules.bots import BOTS

    assert {b for b in BOTS if f"bot_{b}" not in WORDS["en"]} == set()
    for lang in LANGUAGES:
        assert len({WORDS[lang][f"bot_{b}"] for b in BOTS}) == len(BOTS)


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_every_choice_in_the_feed_carries_its_moves_facts(layout: str) -> None:
    table = session(layout, 1, 2, seed=5)
    play_out(table)
    moves = [e for e in table.feed if e.kind == "choice" and e.item != "pass"]
    assert moves and all(e.move is not None for e in moves)
    passes = [e for e in table.feed if e.kind == "choice" and e.item == "pass"]
    assert all(e.move is None for e in passes)
    for event in moves:
        move = event.move or {}
        assert move["cells"] or move["colour"] == "+" or move["special"], move
    if layout == "kids":
        animals = {c.key for c in load_layout("kids").colours}
        kinds = {e.move["kind"] for e in moves if e.move}
        assert kinds == {"KidsMove"}
        for event in moves:
            move = event.move or {}
            if move["colour"] != "+":
                assert move["colour"] in animals and move["count"] == len(move["cells"])
            elif move["chameleon"]:
                assert move["chameleon_colour"] in animals
                assert move["chameleon_count"] == len(move["cells"])


def test_a_bombs_squares_are_in_the_feed_and_a_resumed_game_keeps_the_facts(
        tmp_path: Path) -> None:
    table = session("grey", 1, 2, seed=5, state_path=tmp_path / "state.json")
    play_out(table)
    bombed = [e for e in table.feed if e.move and e.move["bombs"]]
    assert bombed and all(len(e.move["bomb_cells"]) == e.move["bombs"]
                          for e in bombed if e.move)
    again = TableSession.resume(tmp_path / "state.json")
    assert [e.as_dict() for e in again.feed] == [e.as_dict() for e in table.feed]
