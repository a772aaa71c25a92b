"""The batched engine against the rules (issue 24): on random games, the same legal
actions, the same crosses and the same scores as the plain Game / PlayerSheet path."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")

from kok_layouts.env.actions import mask_bits
from kok_layouts.env.batch import BatchSolo
from kok_layouts.env.driver import Driver
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError


def plain_game(batch: BatchSolo, game: int) -> Driver:
    """The rules' own solo game, thrown with the batch's dice for ``game``."""
    driver = Driver(batch.sheet, 1, solo=True)
    driver.start(np.random.default_rng(0), lambda g: g.set_roll(batch.roll(game)))
    return driver


Policy = Callable[[BatchSolo, np.random.Generator], np.ndarray]


def row_seeker(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
    """A legal action per game that crosses the most cells of the first row whose item is
    a bomb (ties at random; on other sheets a random one): in Keer op Keer 2 that row
    completes, and its bomb falls, in most games."""
    rows = np.zeros(batch.size, dtype=bool)
    rules = batch.table.board.row_masks
    items = [rule.item for rule in getattr(batch.sheet, "rows", ())]
    if "bomb" in items:
        rows = mask_bits(rules[items.index("bomb")], batch.size)
    gain = (batch.table.cells & rows).sum(1) + rng.random((batch.n, batch.table.size))
    actions: np.ndarray = np.where(batch.legal_mask(), gain, -1.0).argmax(axis=1)
    return actions


def play_side_by_side(layout: str, games: int, steps: int, seed: int,
                      policy: Policy = BatchSolo.sample, batch: BatchSolo | None = None,
                      ) -> tuple[int, int]:
    """Games in the batch and one by one in the rules, compared at every step; returns
    how many games ended, and how many steps placed a bomb a row's item gave."""
    batch = batch or BatchSolo(layout, games, seed=seed)
    plain = [plain_game(batch, i) for i in range(games)]
    rng = np.random.default_rng(seed)
    ended = bombs = 0
    for _ in range(steps):
        mask = batch.legal_mask()
        for i, driver in enumerate(plain):
            assert np.array_equal(driver.mask().astype(bool), mask[i]), f"game {i}"
        actions = policy(batch, rng)
        bombs += int((batch.bombs_owed > 0).sum())
        step = batch.step(actions)
        for i, driver in enumerate(plain):
            assert driver.play(int(actions[i]))
            if step.done[i]:
                assert driver.over and driver.score(0) == step.final[i]
                plain[i] = plain_game(batch, i)
                ended += 1
                continue
            assert not driver.over
            assert bool(driver.bombs_owed) == bool(batch.bombs_owed[i])
            if not driver.bombs_owed:  # the rules cross a choice with all its bombs
                player = driver.game.sheets[0]
                assert np.array_equal(mask_bits(player.crossed, batch.size), batch.crossed[i])
                assert driver.score(0) == batch.scores()[i]
    return ended, bombs


@pytest.mark.parametrize(("layout", "steps"), [("black", 70), ("grey", 70), ("kids", 70),
                                               ("examples/donut.yaml", 40)])
def test_the_batch_has_the_rules_legal_moves_crosses_and_scores(layout: str,
                                                                steps: int) -> None:
    assert play_side_by_side(layout, 8, steps, seed=1)[0] >= 8


def test_the_bombs_of_completed_rows_fall_as_in_the_rules() -> None:
    ended, bombs = play_side_by_side("grey", 6, 45, seed=3, policy=row_seeker)
    assert ended >= 6 and bombs >= 6


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), layout=st.sampled_from(["black", "grey", "kids"]))
def test_any_seed_gives_the_rules_games(seed: int, layout: str) -> None:
    play_side_by_side(layout, 3, 35, seed)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), games=st.integers(1, 40))
def test_any_batch_size_steps_and_scores_as_the_rules(seed: int, games: int) -> None:
    play_side_by_side("grey", games, 12, seed, policy=row_seeker)


def test_a_game_that_ends_starts_again_with_its_final_score_reported() -> None:
    batch = BatchSolo("black", 4, seed=2)
    rng = np.random.default_rng(2)
    done = np.zeros(4, dtype=bool)
    for _ in range(30):  # solo lasts at most 30 rolls
        step = batch.step(batch.sample(rng))
        done |= step.done
    assert done.all()
    assert (batch.rolls_done < 30).all()


def test_an_illegal_action_is_refused_naming_the_game_and_nothing_changes() -> None:
    batch = BatchSolo("black", 3, seed=4)
    actions = batch.sample(np.random.default_rng(4))
    illegal = int(np.flatnonzero(~batch.legal_mask()[1])[0])
    actions[1] = illegal
    before = batch.crossed.copy(), batch.rolls_done.copy()
    with pytest.raises(IllegalMoveError, match="game 1: action"):
        batch.step(actions)
    assert np.array_equal(batch.crossed, before[0]) and np.array_equal(batch.rolls_done,
                                                                     before[1])


@pytest.mark.parametrize("actions", [[0, 0], [[0, 0, 0]], [0.0, 0.0, 0.0], ["0", "0", "0"]])
def test_actions_of_the_wrong_shape_or_type_are_refused(actions: object) -> None:
    with pytest.raises(KokTypeError):
        BatchSolo("kids", 3, seed=1).step(np.asarray(actions))


@pytest.mark.parametrize("actions", [[-1, 0, 0], [0, 0, 10**6]])
def test_actions_out_of_range_are_refused(actions: list[int]) -> None:
    with pytest.raises(BadArgumentError):
        BatchSolo("kids", 3, seed=1).step(np.asarray(actions))


@pytest.mark.parametrize("games", [0, -5, 10**7])
def test_a_batch_size_out_of_bounds_is_refused(games: int) -> None:
    with pytest.raises(BadArgumentError):
        BatchSolo("black", games)


@pytest.mark.parametrize(("games", "seed"), [(2.0, 1), (True, 1), (2, -1), (2, 2**64)])
def test_a_batch_size_or_seed_of_the_wrong_kind_is_refused(games: object, seed: int) -> None:
    with pytest.raises(ValueError):
        BatchSolo("black", games, seed=seed)  # type: ignore[arg-type]
