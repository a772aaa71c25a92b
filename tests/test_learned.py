"""The learned bot: legal play to the end in every edition, the same game from the same
seed, shipped weights that match their fingerprint, training that is reproducible from its
seed, an eval-able repr, and one clear error for a bad weights file."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import BadArgumentError, KokError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import make_bot, play_game
from kok_layouts.rules.learned import (
    FEATURES,
    WEIGHTS_FILE,
    BadWeightsError,
    LearnedBot,
    checked_weights,
    fingerprint,
    load_weights,
    weights_document,
)
from kok_layouts.rules.learned_training import (
    Plan,
    RolloutPlan,
    improve,
    lambda_targets,
    replayed,
    train,
)
from kok_layouts.rules.record import new_game
from kok_layouts.rules.strong import StrongBot
from kok_layouts.rules.value_network import split_vector

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}


@pytest.fixture(scope="module")
def sheets() -> dict[str, Sheet]:
    return {edition: load_layout(pad) for edition, pad in PADS.items()}


def played(sheet: Sheet, bots: list[Any], seed: int | list[int]) -> list[Any]:
    names = ["solo"] if len(bots) == 1 else [f"p{i}" for i in range(len(bots))]
    game = new_game(sheet, names, solo=len(bots) == 1)
    play_game(game, bots, np.random.default_rng(seed))
    assert game.over
    return [(s.total, p.crossed) for s, p in zip(game.scores(), game.sheets, strict=True)]


# -- play --------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", sorted(PADS))
def test_the_learned_bot_plays_legal_moves_to_the_end_alone_and_with_others(
        sheets: dict[str, Sheet], edition: str) -> None:
    bot = make_bot("learned")
    assert isinstance(bot, LearnedBot)
    # Game.choose refuses an illegal choice; play_game ends only when the game is over.
    played(sheets[edition], [bot], 3)
    played(sheets[edition], [bot, StrongBot()], 4)


@pytest.mark.parametrize("edition", sorted(PADS))
def test_the_same_seed_gives_the_same_game(sheets: dict[str, Sheet], edition: str) -> None:
    assert played(sheets[edition], [LearnedBot()], 11) == played(sheets[edition],
                                                                 [LearnedBot()], 11)


def test_with_zero_weights_and_no_look_the_learned_bot_plays_as_the_strong_bot(
        sheets: dict[str, Sheet]) -> None:
    zero = LearnedBot({"classic": [0.0] * len(FEATURES)}, lookahead=0)
    for seed in range(3):
        assert played(sheets["classic"], [zero], seed) == played(sheets["classic"],
                                                                 [StrongBot()], seed)


def test_the_correction_changes_the_play(sheets: dict[str, Sheet]) -> None:
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("stars")] = 50.0  # an uncrossed star worth 10 points
    odd = LearnedBot({"classic": weights}, lookahead=0)
    assert played(sheets["classic"], [odd], 1) != played(sheets["classic"], [StrongBot()], 1)


def test_the_look_at_the_next_roll_changes_the_play_and_refuses_a_trace(
        sheets: dict[str, Sheet]) -> None:
    looking, flat = LearnedBot(), LearnedBot(lookahead=0)
    assert looking.lookahead_of("classic") == 2.0 and flat.lookahead_of("classic") == 0.0
    assert any(played(sheets["classic"], [looking], seed)
               != played(sheets["classic"], [flat], seed) for seed in range(3))
    looking.keep_candidates = True
    with pytest.raises(BadArgumentError, match="lookahead=0"):
        played(sheets["classic"], [looking], 1)
    for bad in (-1.0, math.inf, math.nan, "2", True):
        with pytest.raises(BadArgumentError, match="lookahead"):
            LearnedBot(lookahead=bad)  # type: ignore[arg-type]
    again = eval(repr(LearnedBot(lookahead=1.0, margin=0.5)), {"LearnedBot": LearnedBot})
    assert (again.lookahead, again.margin) == (1.0, 0.5)


@pytest.mark.slow
def test_the_learned_bot_that_looks_ahead_scores_more_than_the_strong_bot_on_black(
        sheets: dict[str, Sheet]) -> None:
    # 200 seeded solo games: 2,000 fresh games measured strong 22.1, learned 24.6 (+2.5)
    looking = [played(sheets["classic"], [LearnedBot()], [61, i])[0][0] for i in range(200)]
    strong = [played(sheets["classic"], [StrongBot()], [61, i])[0][0] for i in range(200)]
    assert np.mean(looking) > np.mean(strong) + 1.0


def test_candidates_outside_their_bounds_are_refused() -> None:
    for bad in (0, -1, 10**9, 2.5, True):
        with pytest.raises(BadArgumentError, match="candidates"):
            LearnedBot(candidates=bad)  # type: ignore[arg-type]


# -- weights, version, repr -------------------------------------------------------------


def test_the_shipped_weights_load_and_match_their_fingerprint() -> None:
    document = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    loaded = load_weights()
    assert sorted(loaded) == sorted(PADS)
    assert document["fingerprint"] == fingerprint(loaded)
    for vector in loaded.values():   # the linear weights, then a value network
        linear, network = split_vector(vector)
        assert len(linear) == len(FEATURES) and network is not None
        assert network.sizes == tuple(document["about"]["hidden"])
    assert WEIGHTS_FILE.stat().st_size < 5_000_000
    version = LearnedBot.version()
    assert document["fingerprint"] in version and StrongBot.version() in version


def test_the_repr_evaluates_back_to_the_same_bot() -> None:
    for bot in (LearnedBot(), LearnedBot({"kids": [0.5] * len(FEATURES)}, candidates=3)):
        again = eval(repr(bot), {"LearnedBot": LearnedBot})
        assert repr(again) == repr(bot)
        assert again.candidates == bot.candidates
        assert all(np.array_equal(again.corrections[e], bot.corrections[e]) for e in PADS)
    assert repr(LearnedBot()) == "LearnedBot()"


# -- training ----------------------------------------------------------------------------


def test_lambda_targets_blend_the_next_values_into_the_final_score() -> None:
    assert lambda_targets([1.0, 2.0, 3.0], 10.0, 1.0).tolist() == [10.0, 10.0, 10.0]
    assert lambda_targets([1.0, 2.0, 3.0], 10.0, 0.0).tolist() == [2.0, 3.0, 10.0]
    assert lambda_targets([1.0, 2.0], 10.0, 0.5).tolist() == [6.0, 10.0]


def test_a_tiny_training_run_changes_the_weights_and_is_reproducible_from_its_seed(
        sheets: dict[str, Sheet]) -> None:
    plan = Plan(games=2, seed=5, rate=0.01)
    first = train(sheets["kids"], plan)
    assert np.any(first != 0.0)
    assert np.array_equal(first, train(sheets["kids"], plan))
    assert not np.array_equal(first, train(sheets["kids"], Plan(games=2, seed=6, rate=0.01)))


def test_a_replayed_game_is_in_the_same_position(sheets: dict[str, Sheet]) -> None:
    for edition in PADS:
        game = new_game(sheets[edition], ["a", "b"])
        rng = np.random.default_rng(2)
        bot = LearnedBot()
        for _ in range(4):
            game.throw(rng)
            while waiting := game.waiting_for():
                for seat in waiting:
                    game.choose(seat, bot.choose(game, seat, rng))
            game.finish_roll()
        game.throw(rng)
        assert replayed(game).state_key() == game.state_key()


def test_a_tiny_rollout_run_changes_the_weights_and_is_reproducible_from_its_seed(
        sheets: dict[str, Sheet]) -> None:
    plan = RolloutPlan(rounds=1, games=1, seed=3, samples=2)
    first = improve(sheets["kids"], plan)
    assert np.any(first != 0.0)
    assert np.array_equal(first, improve(sheets["kids"], plan))


def test_a_bad_plan_is_refused() -> None:
    for bad in ({"games": -1}, {"players": 0}, {"lam": 1.5}, {"rate": 0.0}):
        settings: dict[str, Any] = {"games": 1, "seed": 1, **bad}
        with pytest.raises(BadArgumentError):
            Plan(**settings)
    for wrong in ({"rounds": -1}, {"samples": 0}, {"ridge": 0.0}):
        rollout: dict[str, Any] = {"rounds": 1, "games": 1, "seed": 1, **wrong}
        with pytest.raises(BadArgumentError):
            RolloutPlan(**rollout)


def test_kok_simulate_plays_with_the_learned_bot(kok: Any) -> None:
    run = kok("simulate", "black", "--bots", "learned", "--games", "2", "--jobs", "1")
    assert run.code == 0, run.err
    assert len(run.out.splitlines()) == 2


# -- bad weights files -------------------------------------------------------------------


def good_document() -> dict[str, Any]:
    return weights_document({"classic": [0.25] * len(FEATURES)})


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "weights.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_a_good_weights_file_loads(tmp_path: Path) -> None:
    loaded = load_weights(write(tmp_path, json.dumps(good_document())))
    assert loaded["classic"].tolist() == [0.25] * len(FEATURES)


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="other"),
    lambda d: d.update(version=99),
    lambda d: d.update(features=d["features"][:-1]),
    lambda d: d.update(weights={}),
    lambda d: d.update(weights={"chess": d["weights"]["classic"]}),
    lambda d: d["weights"]["classic"].pop(),
    lambda d: d["weights"]["classic"].__setitem__(0, "1"),
    lambda d: d["weights"]["classic"].__setitem__(0, True),
    lambda d: d["weights"]["classic"].__setitem__(0, math.inf),
    lambda d: d["weights"]["classic"].__setitem__(0, math.nan),
    lambda d: d["weights"]["classic"].__setitem__(0, 1e300),
    lambda d: d["weights"]["classic"].__setitem__(0, 0.5),  # the fingerprint no longer fits
], ids=["format", "version", "features", "empty", "edition", "short", "text", "bool", "inf",
        "nan", "huge", "fingerprint"])
def test_a_broken_weights_document_is_one_clear_error(tmp_path: Path, change: Any) -> None:
    document = good_document()
    change(document)
    path = write(tmp_path, json.dumps(document))
    with pytest.raises(BadWeightsError) as error:
        load_weights(path)
    assert str(error.value).startswith(str(path)) and "\n" not in str(error.value)


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe not text", b"[1, 2]", b"null",
                                     b"[" * 100_000 + b"]" * 100_000])
def test_a_weights_file_that_is_not_a_weights_object_is_one_clear_error(
        tmp_path: Path, content: bytes) -> None:
    with pytest.raises(BadWeightsError):
        load_weights(write(tmp_path, content))


def test_a_missing_file_a_folder_a_fifo_and_a_huge_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BadWeightsError, match="No such file"):
        load_weights(tmp_path / "missing.json")
    with pytest.raises(BadWeightsError, match="not a regular file"):
        load_weights(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(BadWeightsError, match="not a regular file"):
        load_weights(fifo)  # refused before it is opened: never blocks
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(6_000_000)
    with pytest.raises(BadWeightsError, match="bytes"):
        load_weights(huge)


def test_weights_of_the_wrong_shape_given_to_the_bot_are_refused() -> None:
    with pytest.raises(KokError):
        LearnedBot({"classic": [1.0, 2.0]})
    with pytest.raises(KokError):
        LearnedBot({"chess": [0.0] * len(FEATURES)})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["format", "version", "features", "weights",
                                        "fingerprint", "about"]), json_values)
       | json_values)
def test_any_json_document_is_weights_or_a_bad_weights_error(document: object) -> None:
    try:
        checked_weights(document)
    except BadWeightsError as error:
        assert "\n" not in str(error)
