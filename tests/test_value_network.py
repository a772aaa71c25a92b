"""The learned bot's value network: the engine counts what numpy counts, a network that
says nothing plays as the bot without one, a weights file keeps the network to its
fingerprint and refuses a broken one, and the training's gradients and fit do what they
say."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.errors import KokError
from kok_layouts.rules.engine.learned import decide_learned, play_learned_batch
from kok_layouts.rules.learned import (
    FEATURES,
    BadWeightsError,
    LearnedBot,
    checked_weights,
    load_weights,
    weights_document,
)
from kok_layouts.rules.record import new_game
from kok_layouts.rules.turns import Turns
from kok_layouts.rules.value_network import (
    Network,
    forward,
    gradients,
    network_totals,
    network_vector,
    new_network,
    split_vector,
)
from kok_layouts.rules.value_training import (
    Decisions,
    FitPlan,
    agreement,
    fit,
    fit_rollouts,
    play_round,
    pupil_with,
    rollout_round,
)

PADS = {"black": "classic", "grey": "kok2", "kids": "kids"}


def loud_network(seed: int, h1: int = 8, h2: int = 4) -> Network:
    """A network whose output is far from zero (its output weights drawn too)."""
    rng = np.random.default_rng(seed)
    network = new_network(h1, h2, rng)
    network.w3 = rng.normal(0.0, 2.0, h2)
    network.b3 = np.array([0.5])
    return network


def bot_with(edition: str, network: Network | None) -> LearnedBot:
    linear = split_vector(LearnedBot().corrections[edition])[0]
    return LearnedBot({edition: linear.tolist()}, networks={edition: network})


# -- the engine counts what numpy counts ---------------------------------------------------


@pytest.mark.parametrize("pad", sorted(PADS))
def test_the_engine_adds_the_network_as_numpy_does(pad: str) -> None:
    sheet = load_layout(pad)
    edition = PADS[pad]
    bot = bot_with(edition, loud_network(3))
    game = new_game(sheet, ["solo"], solo=True)
    turns = Turns(game, np.random.default_rng(11))
    checked = 0
    while not game.over and checked < 12:
        turns.throw()
        decision = decide_learned(game, 0, bot)
        if len(decision.candidates):
            expected = network_totals(decision.features, bot.corrections[edition])
            expected += decision.values
            assert np.allclose(decision.totals, expected, atol=1e-9)
            assert decision.chosen == int(np.argmax(expected))
            checked += 1
        turns.play_roll([bot])
    assert checked >= 5


@pytest.mark.parametrize("pad", sorted(PADS))
def test_a_network_that_says_nothing_plays_as_the_bot_without_one(pad: str) -> None:
    sheet = load_layout(pad)
    edition = PADS[pad]
    silent = new_network(16, 8, np.random.default_rng(1))  # output weights zero
    plain = play_learned_batch(sheet, 30, 1, 5, bot=bot_with(edition, None))
    quiet = play_learned_batch(sheet, 30, 1, 5, bot=bot_with(edition, silent))
    loud = play_learned_batch(sheet, 30, 1, 5, bot=bot_with(edition, loud_network(4)))
    assert np.array_equal(plain, quiet)
    assert not np.array_equal(plain, loud)


# -- the network's numbers ------------------------------------------------------------------


def test_a_vector_keeps_the_linear_weights_and_the_network() -> None:
    linear = np.arange(len(FEATURES), dtype=np.float64)
    network = loud_network(2, 5, 3)
    vector = network_vector(linear, network)
    again_linear, again = split_vector(vector)
    assert again is not None and again.sizes == (5, 3)
    assert np.array_equal(again_linear, linear)
    assert all(np.array_equal(a, b) for a, b in zip(again.parts(), network.parts(),
                                                       strict=True))
    assert split_vector(linear)[1] is None


def test_the_gradients_are_the_slopes_of_the_output() -> None:
    rng = np.random.default_rng(8)
    network = loud_network(5, 4, 3)
    features = rng.normal(size=(6, len(FEATURES)))
    upstream = rng.normal(size=6)
    _, first, second = forward(network, features)
    grads = gradients(network, features, first, second, upstream)
    for part, grad in zip(network.parts(), grads.parts(), strict=True):
        index = tuple(rng.integers(0, n) for n in part.shape)
        keep = part[index]
        part[index] = keep + 1e-6
        high = float(upstream @ forward(network, features)[0])
        part[index] = keep - 1e-6
        low = float(upstream @ forward(network, features)[0])
        part[index] = keep
        assert math.isclose((high - low) / 2e-6, grad[index], rel_tol=1e-4, abs_tol=1e-7)


# -- weights files with a network -----------------------------------------------------------


def networked_document() -> dict[str, Any]:
    bot = bot_with("classic", loud_network(6))
    return weights_document({"classic": bot.corrections["classic"]})


def test_a_weights_file_keeps_the_network_to_its_fingerprint(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    document = networked_document()
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_weights(path)
    _, network = split_vector(loaded["classic"])
    assert network is not None and network.sizes == (8, 4)
    bot = LearnedBot(networks={"classic": network})
    assert np.array_equal(bot.corrections["classic"][len(FEATURES):],
                          loaded["classic"][len(FEATURES):])
    document["networks"]["classic"]["b3"] = [9.0]
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(BadWeightsError, match="fingerprint"):
        load_weights(path)


@pytest.mark.parametrize("change", [
    lambda n: n.update(hidden=[0, 4]),
    lambda n: n.update(hidden=[65, 4]),
    lambda n: n.update(hidden=[8]),
    lambda n: n.update(hidden=[8.0, 4]),
    lambda n: n["w1"].pop(),
    lambda n: n["w2"][0].__setitem__(0, math.nan),
    lambda n: n["b1"].__setitem__(0, True),
    lambda n: n["w3"].__setitem__(0, 1e300),
    lambda n: n.pop("b3"),
    lambda n: n.update(extra=1),
], ids=["zero", "wide", "one-size", "float-size", "short", "nan", "bool", "huge", "missing",
        "extra"])
def test_a_broken_network_is_one_clear_error(change: Any) -> None:
    document = networked_document()
    change(document["networks"]["classic"])
    with pytest.raises(BadWeightsError) as error:
        checked_weights(document, fingerprinted=False)
    assert "\n" not in str(error.value) and "network" in str(error.value)


def test_a_network_of_an_edition_without_weights_is_refused() -> None:
    document = networked_document()
    document["networks"]["kids"] = document["networks"]["classic"]
    with pytest.raises(BadWeightsError, match="no weights"):
        checked_weights(document, fingerprinted=False)


def test_a_bot_with_a_network_has_a_repr_that_evaluates_back() -> None:
    bot = bot_with("kok2", loud_network(7, 3, 2))
    again = eval(repr(bot), {"LearnedBot": LearnedBot})
    assert np.array_equal(again.corrections["kok2"], bot.corrections["kok2"])
    with pytest.raises(KokError):
        LearnedBot(networks={"chess": loud_network(1)})
    with pytest.raises(KokError):
        LearnedBot(networks={"classic": "w1"})  # type: ignore[dict-item]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["hidden", "w1", "b1", "w2", "b2", "w3", "b3"]),
                       st.none() | st.integers() | st.lists(st.integers(0, 70), max_size=3)
                       | st.text(max_size=4)))
def test_any_network_entry_is_a_network_or_a_bad_weights_error(entry: object) -> None:
    document = networked_document()
    document["networks"]["classic"] = entry
    try:
        checked_weights(document, fingerprinted=False)
    except BadWeightsError as error:
        assert "\n" not in str(error)


# -- training --------------------------------------------------------------------------------


@pytest.mark.slow
def test_expert_iteration_is_reproducible_and_teaches_the_experts_choices() -> None:
    sheet = load_layout("black")
    pupil = LearnedBot()
    first, scores = play_round(sheet, pupil, 12, [1, 0], follow=1.0)
    again, scores_again = play_round(sheet, pupil, 12, [1, 0], follow=1.0)
    assert scores == scores_again and first.expert == again.expert
    assert len(first) > 200 and sum(e >= 0 for e in first.expert) > 0.9 * len(first)
    linear = split_vector(pupil.corrections["classic"])[0]
    network = new_network(16, 8, np.random.default_rng(0))
    losses: list[float] = []
    fit(network, linear, first, FitPlan(epochs=30, rate=0.01, outcome=0.0),
        np.random.default_rng(1), on_epoch=lambda _, loss: losses.append(loss))
    assert losses[-1] < 0.9 * losses[0]  # the cross-entropy of the expert's choices
    assert 0.5 < agreement(network, linear, first) <= 1.0
    trained = pupil_with(network, pupil, "classic")
    assert split_vector(trained.corrections["classic"])[1] is not None


def test_fitting_no_decisions_changes_nothing() -> None:
    network = new_network(4, 2, np.random.default_rng(0))
    kept = network.copy()
    fit(network, np.zeros(len(FEATURES)), Decisions(), FitPlan(), np.random.default_rng(0))
    assert all(np.array_equal(a, b) for a, b in zip(network.parts(), kept.parts(),
                                                       strict=True))


@pytest.mark.slow
def test_rollouts_compare_the_candidates_of_the_bot_that_looks_ahead_reproducibly() -> None:
    sheet = load_layout("kids")
    bot = LearnedBot()
    first, scores = rollout_round(sheet, bot, 3, [5, 0], samples=3)
    again, scores_again = rollout_round(sheet, bot, 3, [5, 0], samples=3)
    assert scores == scores_again and len(first) >= 3
    assert all(np.array_equal(a, b) for a, b in zip(first.outcome, again.outcome, strict=True))
    assert all(len(f) == len(b) == len(o) >= 2 for f, b, o
               in zip(first.features, first.base, first.outcome, strict=True))
    network = new_network(8, 4, np.random.default_rng(0))
    losses: list[float] = []
    fit_rollouts(network, first, FitPlan(epochs=40, batch=4, rate=0.01),
                 np.random.default_rng(1), on_epoch=lambda _, loss: losses.append(loss))
    assert losses[-1] < losses[0]
    with pytest.raises(KokError, match="looks at the next roll"):
        rollout_round(sheet, LearnedBot(lookahead=0), 1, [5, 0])


@pytest.mark.slow
@pytest.mark.parametrize("method", ["search", "expert"])
def test_the_training_recipe_goes_on_from_its_checkpoint_to_the_same_result(
        tmp_path: Path, method: str) -> None:
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "train_value.py"

    def train(folder: str, rounds: int, out: str) -> dict[str, Any]:
        done = subprocess.run(
            [sys.executable, str(script), "--editions", "kids", "--scale", "0.01",
             "--evaluation", "40", "--method", method, "--rounds", str(rounds),
             "--checkpoint", str(tmp_path / folder), "--plot", str(tmp_path / f"{out}.png"),
             "--weights", str(tmp_path / f"{out}-weights.json"), "--replace"],
            capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        curve: dict[str, Any] = json.loads((tmp_path / f"{out}.json").read_text())
        return curve

    whole = train("whole", 2, "whole")
    train("parts", 1, "first")
    parts = train("parts", 2, "parts")
    assert whole["fingerprint"] == parts["fingerprint"]
    assert (tmp_path / "parts.png").read_bytes()[:4] == b"\x89PNG"
    points = json.loads((tmp_path / "whole.png").with_suffix(".json").read_text())
    again = json.loads((tmp_path / "parts.png").with_suffix(".json").read_text())
    drop = ("minutes",)
    assert [{k: v for k, v in p.items() if k not in drop}
            for p in points["editions"]["kids"]["points"]] == \
        [{k: v for k, v in p.items() if k not in drop}
         for p in again["editions"]["kids"]["points"]]


@pytest.mark.slow
def test_a_broken_checkpoint_or_rows_file_is_one_line_and_an_exit(tmp_path: Path) -> None:
    folder = Path(__file__).resolve().parent.parent / "benchmarks"
    (tmp_path / "kids.json").write_text('{"settings": {"seed": 2026}}', encoding="utf-8")
    (tmp_path / "rows.json").write_text('[{"bot": "strong"}]', encoding="utf-8")
    for command in (["train_value.py", "--editions", "kids", "--checkpoint", str(tmp_path),
                     "--plot", str(tmp_path / "curve.png")],
                    ["bench_bots.py", "--rows", str(tmp_path / "rows.json"), "--markdown"]):
        done = subprocess.run([sys.executable, str(folder / command[0]), *command[1:]],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert str(tmp_path) in done.stderr.strip().splitlines()[-1]
    assert not (tmp_path / "curve.png").exists()
