"""kok table's game session: the rules of a roll at a table of phones (who throws, who
chooses when, which dice, undo until the roll is finished), bots in seats, the feed, the
state on disk after every roll, resuming, and the record ``kok replay`` reads."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import IllegalMoveError, KokError, RecordError
from kok_layouts.rules import load_and_replay
from kok_layouts.table.choices import distinct_choices
from kok_layouts.table.session import HOST, TableSession, choice_id


def session(layout: str = "black", people: int = 1, bots: int = 2, **kwargs: object
            ) -> TableSession:
    names = [f"P{i + 1}" for i in range(people)] + [f"B{i + 1}" for i in range(bots)]
    table = TableSession(load_layout(layout), layout, names,
                         {people + i: "greedy" for i in range(bots)}, **kwargs)  # type: ignore[arg-type]
    table.begin()
    return table


def play_person(table: TableSession, seat: int, pick: int = 0) -> None:
    """The person in ``seat`` takes the ``pick``-th listed move (or passes) and ends."""
    view = table.view(seat)
    if view["over"]:
        return
    if not view.get("my_turn"):
        if seat in table.game.chosen and not table.seats[seat].ended:
            table.end_turn(seat)
        return
    choices = view["choices"]
    if not choices:
        table.pass_turn(seat, end=True)
        return
    choice = choices[pick % len(choices)]
    try:
        table.choose(seat, choice["key"], end=True)
    except IllegalMoveError:
        bombs = table.view(seat)["bomb"]
        assert bombs, "a refused listed move can only be one that owes a bomb"
        table.choose(seat, choice["key"], bombs=bombs[:1], end=True)


def play_out(table: TableSession, rolls: int = 10_000) -> None:
    for _ in range(rolls):
        if table.game.over:
            return
        before = table.version
        for seat in table.people():
            play_person(table, seat, table.game.rolls_done)
        assert table.version != before or table.game.over


@pytest.mark.parametrize(("layout", "people", "bots"),
                         [("black", 2, 1), ("grey", 1, 2), ("kids", 2, 1)])
def test_a_whole_game_of_every_edition_ends_with_a_reason_and_a_winner(
        layout: str, people: int, bots: int) -> None:
    table = session(layout, people, bots, seed=11)
    play_out(table)
    view = table.view(0)
    assert view["over"] and view["winners"]
    assert view["feed"][-1]["kind"] == "over"
    assert view["end_reason"] in view["feed"][-1]["text"]
    assert "winner" in view["result"]


def test_a_solo_game_ends_after_thirty_rolls_with_the_rating_band() -> None:
    table = session("black", 1, 0, seed=2, solo=True)
    play_out(table)
    assert table.game.rolls_done == 30
    assert "rating band" in table.view(0)["result"]
    assert table.feed[-1].text == "Game over: all 30 rolls are thrown"


def test_virtual_dice_come_from_the_seed_so_a_seeded_game_repeats() -> None:
    one, two = session(seed=5), session(seed=5)
    play_out(one)
    play_out(two)
    assert [e.roll for e in one.game.log] == [e.roll for e in two.game.log]
    assert [s.total for s in one.game.scores()] == [s.total for s in two.game.scores()]


def test_the_active_player_chooses_first_and_passive_players_wait() -> None:
    table = session("black", 2, 0, seed=1)
    assert table.game.active == 0
    assert table.view(1)["my_turn"] is False
    with pytest.raises(IllegalMoveError, match="chooses first"):
        table.pass_turn(1)
    table.pass_turn(0)
    assert table.view(1)["my_turn"] is True


def test_in_the_first_three_rolls_passive_players_take_from_all_dice_then_from_those_left(
        ) -> None:
    table = session("black", 2, 0, seed=4)
    for roll in range(1, 5):
        play_person(table, 0)  # the active player (seat 0 or 1 in turn) takes a move
        active = table.game.active
        passive = 1 - active
        if active == 1:
            play_person(table, 1)
            passive = 0
        dice = table.view(passive)["my_dice"]
        taken = table.current[active]
        if taken is None or roll <= 3:
            assert len(dice["colours"]) == len(dice["numbers"]) == 3
        else:
            assert taken.colour_die not in dice["colours"]
            assert taken.number_die not in dice["numbers"]
        play_person(table, passive)
        play_person(table, active)


def test_a_seat_can_take_back_its_choice_until_the_roll_is_finished() -> None:
    table = session("black", 2, 0, seed=8)
    choices = table.view(0)["choices"]
    table.choose(0, choices[0]["key"])
    crossed = table.game.sheets[0].crossed
    assert crossed
    table.undo(0)
    assert table.game.sheets[0].crossed == 0
    table.choose(0, choices[-1]["key"], end=True)
    table.pass_turn(1, end=True)        # the roll is finished
    assert table.game.rolls_done == 1
    with pytest.raises(IllegalMoveError, match="nothing to take back"):
        table.undo(0)


def test_when_the_active_player_takes_back_a_move_the_passive_players_choose_again() -> None:
    table = session("black", 2, 1, seed=8)
    table.choose(0, table.view(0)["choices"][0]["key"])
    assert 2 in table.game.chosen                       # the bot chose at once
    table.pass_turn(1)
    table.undo(0)
    assert table.game.chosen == ()                      # everyone chooses again
    table.pass_turn(0)
    assert 2 in table.game.chosen and 1 not in table.game.chosen


def test_a_passive_players_undo_keeps_the_others_choices() -> None:
    table = session("black", 3, 0, seed=8)
    table.pass_turn(0)
    table.pass_turn(1)
    table.pass_turn(2)
    table.undo(1)
    assert set(table.game.chosen) == {0, 2}


def test_a_roll_is_finished_only_when_every_person_ended_their_turn() -> None:
    table = session("black", 2, 0, seed=8)
    table.pass_turn(0)
    table.pass_turn(1, end=True)
    assert table.game.rolls_done == 0
    table.end_turn(0)
    assert table.game.rolls_done == 1


def test_bots_choose_as_soon_as_they_may_and_their_moves_are_in_the_feed() -> None:
    table = session("black", 1, 2, seed=3)
    table.pass_turn(0)
    lines = [e.text for e in table.feed if e.kind == "choice"]
    assert len(lines) == 2 and all("(greedy bot)" in line for line in lines)


def test_the_feed_says_first_once_per_item_except_for_ties_in_the_same_roll() -> None:
    table = session("black", 1, 2, seed=3)
    play_out(table)
    firsts: dict[tuple[str, str], set[int]] = {}
    for event in table.feed:
        if event.kind in ("column", "colour") and event.first:
            firsts.setdefault((event.kind, event.item), set()).add(event.roll)
    assert firsts and all(len(rolls) == 1 for rolls in firsts.values())


def test_the_feed_says_when_the_last_round_begins_and_it_ends_with_the_last_seat() -> None:
    for seed in range(10):
        table = session("black", 1, 2, seed=seed)
        play_out(table)
        begun = [e for e in table.feed if e.kind == "last_round"]
        if begun:
            assert begun[0].roll < table.game.rolls_done
            assert table.game.log[-1].active == 2
            assert table.feed[-1].text.endswith("and the round is finished")
            return
    pytest.fail("no game of 10 had a last round")


def test_joker_dice_cost_an_exclamation_mark() -> None:
    table = session("black", 1, 0, seed=1, solo=True)
    while True:
        choices = table.view(0)["choices"]
        jokers = [c for c in choices if c["jokers"]]
        if jokers:
            break
        table.pass_turn(0, end=True)
    left = table.game.sheets[0].marks_left
    table.choose(0, jokers[0]["key"], end=True)
    assert table.game.sheets[0].marks_left == left - jokers[0]["jokers"]


def test_the_special_die_of_keer_op_keer_2_spends_a_box() -> None:
    table = session("grey", 1, 0, seed=1, solo=True)
    while True:
        special = [c for c in table.view(0)["choices"] if c["special"]]
        if special:
            break
        table.pass_turn(0, end=True)
    boxes = table.game.sheets[0].boxes_left
    table.choose(0, special[0]["key"], end=True)
    assert table.game.sheets[0].boxes_left == boxes - 1


def test_a_move_by_cells_is_matched_to_the_dice() -> None:
    table = session("black", 1, 0, seed=1, solo=True)
    choice = table.view(0)["choices"][0]
    table.choose(0, cells=choice["cells"], end=True)
    assert table.view(0)["sheets"][0]["last_roll"] == sorted(choice["cells"]) or \
        set(table.view(0)["sheets"][0]["last_roll"]) == set(choice["cells"])


def test_a_bomb_from_a_rows_item_is_asked_for_and_then_placed() -> None:
    # Seat 0 plays on until one of its moves earns a row's bomb.
    for seed in range(40):
        table = session("grey", 1, 1, seed=seed)
        while not table.game.over:
            if not table.view(0).get("my_turn"):
                play_person(table, 0)
                continue
            player = table.game.sheets[0]
            owing = [c for c in distinct_choices(table.game, 0)
                     if player.bombs_owed(c.move, table.game.taken_rows)]
            if owing:
                with pytest.raises(IllegalMoveError, match="bomb"):
                    table.choose(0, choice_id(owing[0]))
                squares = table.view(0)["bomb"]
                assert squares
                table.choose(0, choice_id(owing[0]), bombs=squares[:1], end=True)
                assert table.game.log[-1].choices[0] is not None
                assert table.game.log[-1].choices[0].bombs
                return
            play_person(table, 0, table.game.rolls_done)
    pytest.skip("no seed of 40 gave a bomb")


def test_real_dice_are_entered_by_the_active_player_only() -> None:
    table = session("black", 2, 0, seed=1, dice="real")
    assert table.game.roll is None and table.view(0)["may_throw"]
    assert not table.view(1)["may_throw"]
    with pytest.raises(IllegalMoveError, match="throws the dice"):
        table.throw(1, ["green", "blue", "joker"], [1, 2, "?"])
    with pytest.raises(KokError):
        table.throw(0, ["green", "mauve", "joker"], [1, 2, "?"])
    assert table.game.roll is None
    table.throw(0, ["green", "blue", "joker"], [1, 2, "?"])
    assert table.view(0)["roll"]["numbers"] == [1, 2, "?"]
    with pytest.raises(IllegalMoveError, match="already thrown"):
        table.throw(0, ["green", "blue", "joker"], [1, 2, "?"])


def test_with_real_dice_a_person_throws_for_an_active_bot() -> None:
    table = session("kids", 1, 1, seed=1, dice="real")
    table.throw(0, ["crocodile", "lion", "purple"])
    play_person(table, 0)
    assert table.game.active == 1 and table.game.roll is None
    table.throw(0, ["crocodile", "crocodile", "crocodile"])
    assert 1 in table.game.chosen


def test_the_host_acts_for_no_seat_and_a_bot_seat_takes_no_orders() -> None:
    table = session("black", 1, 1, seed=1)
    with pytest.raises(IllegalMoveError, match="host"):
        table.pass_turn(HOST)
    with pytest.raises(IllegalMoveError, match="bot"):
        table.pass_turn(1)


def test_tokens_name_their_seat_and_nothing_else() -> None:
    table = session("black", 2, 1, seed=1)
    other = session("black", 2, 1, seed=1)
    assert [table.seat_of_token(s.token) for s in table.seats] == [0, 1, 2]
    assert table.seat_of_token(table.host_token) == HOST
    assert table.seat_of_token(other.seats[0].token) is None
    assert table.seat_of_token("") is None


def test_the_host_may_hand_an_away_seat_to_a_bot_only_after_the_stated_time() -> None:
    table = session("black", 2, 0, seed=1, away_seconds=30)
    with pytest.raises(IllegalMoveError, match="wait until"):
        table.replace_by_bot(1)
    table.pass_turn(0, end=True)
    table.owed_since[1] -= 31
    table.replace_by_bot(1, "random")
    assert table.game.rolls_done == 1 and table.seats[1].bot == "random"


def test_the_host_may_skip_an_away_seat() -> None:
    table = session("kids", 2, 0, seed=1, away_seconds=5)
    play_person(table, 0)
    table.owed_since[1] -= 6
    table.skip(1)
    assert table.game.rolls_done == 1


def test_the_state_is_written_after_every_roll_and_a_resumed_game_goes_on_the_same(
        tmp_path: Path) -> None:
    state = tmp_path / "table.json"
    table = session("grey", 1, 2, seed=9, state_path=state)
    for _ in range(6):
        play_person(table, 0, table.game.rolls_done)
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    saved = json.loads(state.read_text())
    assert len(saved["record"]["rolls"]) == table.game.rolls_done
    again = TableSession.resume(state)
    again.begin()
    assert again.game.state_key() == table.game.state_key()
    assert [s.token for s in again.seats] == [s.token for s in table.seats]
    play_out(table)
    play_out(again)
    assert [s.total for s in again.game.scores()] == [s.total for s in table.game.scores()]


def test_a_new_game_never_overwrites_a_state_file(tmp_path: Path) -> None:
    state = tmp_path / "table.json"
    state.write_text("{}")
    with pytest.raises(KokError, match="exists"):
        session("black", 1, 1, seed=9, state_path=state)
    assert state.read_text() == "{}"


@pytest.mark.parametrize("text", ["", "[]", '{"kok_table": 1}', '{"kok_table": 1, "record": {}}',
                                  "not json", '{"kok_table": 2, "record": {}}'])
def test_a_broken_state_file_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    state = tmp_path / "bad.json"
    state.write_text(text)
    with pytest.raises(RecordError) as caught:
        TableSession.resume(state)
    assert "\n" not in str(caught.value)


def test_the_saved_record_replays_to_the_same_scores(tmp_path: Path) -> None:
    table = session("kids", 1, 2, seed=4)
    play_out(table)
    table.save_record(tmp_path / "game.json")
    replayed = load_and_replay(tmp_path / "game.json")
    assert [s.as_dict() for s in replayed.scores()] == \
        [s.as_dict() for s in table.game.scores()]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=6), max_size=5), st.sampled_from([None, "bomb", "heart", "x"]))
def test_any_cells_a_page_sends_are_refused_in_one_line_or_played(
        cells: list[str], special: str | None) -> None:
    table = session("grey", 1, 1, seed=7)
    before = table.game.state_key()
    try:
        table.choose(0, cells=cells, special=special)
    except KokError as err:
        assert "\n" not in str(err)
        assert table.game.state_key() == before


def test_the_sheet_carries_the_papers_pictograms_and_the_moves_their_dice() -> None:
    """The page draws the Kids animals, visitors and chameleon and the Keer op Keer 2
    hearts, boxes and bombs from SVG the server drew from the PDF's shapes; each listed move
    names its dice and what the page words it from; each sheet its paper marks."""
    from kok_layouts.table.icons import icons

    kids = TableSession(load_layout("kids"), "kids", ["Ann", "Bob"], seed=2)
    kids.begin()
    sheet = kids.sheet_json()
    assert {f"animal:{a}" for a in sheet["animals"]} <= set(sheet["icons"])
    assert {f"visitor:{i}" for i in range(len(sheet["visitors"]))} <= set(sheet["icons"])
    assert all(v.startswith("<svg ") and "<script" not in v for v in sheet["icons"].values())
    assert sheet["point_rows"][0]["kind"] == "buckets"
    assert set(sheet["visitors"][0]) == {"nl", "de", "fr", "en"}
    view = kids.view(0)
    for choice in view["choices"]:
        assert len(choice["dice"]) == 2 and choice["kind"] == "KidsMove"
        assert choice["count"] == (0 if choice["colour"] == "+" else len(choice["cells"]))
    assert view["sheets"][0]["paper"]["marks_used"] == 0 and view["used_dice"] == []
    grey = TableSession(load_layout("grey"), "grey", ["Ann", "Bob"], seed=2)
    grey.begin()
    sheet = grey.sheet_json()
    assert sheet["column_hearts"] and sheet["heart_track"] and sheet["box_count"]
    assert [r["kind"] for r in sheet["point_rows"]] == ["first", "later"]
    assert {"heart", "box", "bomb"} <= set(icons())
    choice = next(c for c in grey.view(0)["choices"] if c["cells"])
    grey.choose(0, choice["key"])
    assert grey.view(0)["used_dice"][:2] == choice["dice"]
