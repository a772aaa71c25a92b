"""The batched engine against the rules (issues 24 and 33): on random games, the same legal
actions, the same crosses and the same scores as the plain Game / PlayerSheet path, move
for move, in every edition: jokers, the special die's actions and the bombs of row items
(Keer op Keer 2), the purple cross and its chameleons (Kids)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")

from kok_layouts.env.actions import K_PAIR, K_PASS, KINDS, PAIR_VARIANTS, mask_bits
from kok_layouts.env.batch import BatchSolo
from kok_layouts.env.driver import Driver
from kok_layouts.errors import BadArgumentError, IllegalMoveError, KokTypeError
from kok_layouts.model.loader import builtin_names, load_layout
from kok_layouts.rules.engine.kernels import new_state
from kok_layouts.rules.engine.solo_batch import (
    WAYS,
    cells_keys,
    solo_legal,
    solo_scores,
    solo_step,
    special_table,
    warm_up_solo,
)
from kok_layouts.rules.engine.tables import tables_for


def plain_game(batch: BatchSolo, game: int) -> Driver:
    """The rules' own solo game, thrown with the batch's dice for ``game``."""
    driver = Driver(batch.sheet, 1, solo=True)
    driver.start(np.random.default_rng(0), lambda g: g.set_roll(batch.roll(game)))
    return driver


Policy = Callable[[BatchSolo, np.random.Generator], np.ndarray]


def seeking(item: str) -> Policy:
    """A policy: a legal action per game that crosses the most cells of the first row
    whose item is ``item`` (ties at random; on other sheets a random one): in Keer op Keer
    2 that row completes, and its item is received, in most games."""
    def seek(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
        rows = np.zeros(batch.size, dtype=bool)
        rules = batch.table.board.row_masks
        items = [rule.item for rule in getattr(batch.sheet, "rows", ())]
        if item in items:
            rows = mask_bits(rules[items.index(item)], batch.size)
        gain = (batch.table.cells & rows).sum(1) + rng.random((batch.n, batch.table.size))
        actions: np.ndarray = np.where(batch.legal_mask(), gain, -1.0).argmax(axis=1)
        return actions
    return seek


row_seeker = seeking("bomb")


def specials_first(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
    """A legal action per game that is not a plain colour-and-number move when there is
    one (a move with a joker, a special die's action, a bomb, the purple cross or its
    chameleon), at random among them; a random one otherwise."""
    table = batch.table
    plain = ((table.kind == K_PAIR) & ~table.colour_joker & ~table.number_joker) \
        | (table.kind == K_PASS)
    wish = ~plain + rng.random((batch.n, table.size))
    actions: np.ndarray = np.where(batch.legal_mask(), wish, -1.0).argmax(axis=1)
    return actions


def recorded(policy: Policy, played: Counter[str]) -> Policy:
    """``policy``, counting the kinds of the actions it picks (``"joker"`` for a move
    with a joker)."""
    def pick(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
        actions = policy(batch, rng)
        table = batch.table
        played.update(KINDS[table.kind[a]] for a in actions)
        played["joker"] += int((table.colour_joker[actions] | table.number_joker[actions]).sum())
        return actions
    return pick


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


@pytest.mark.parametrize("layout", [*builtin_names(), "examples/inside-out.yaml",
                                    "examples/lopsided.yaml", "examples/travel.yaml"])
def test_every_sheet_maps_the_engines_moves_onto_its_actions(layout: str) -> None:
    # Each sheet's own groups, areas, squares, stars and rows, each action found from the
    # engine's moves and played by the engine's kernels.
    for policy in (specials_first, row_seeker):
        assert play_side_by_side(layout, 4, 40, seed=9, policy=policy)[0] >= 4


def test_moves_with_jokers_are_the_rules_moves() -> None:
    played: Counter[str] = Counter()
    play_side_by_side("black", 6, 40, seed=5, policy=recorded(specials_first, played))
    assert played["joker"] >= 20


def test_the_special_die_plays_as_in_the_rules() -> None:
    played: Counter[str] = Counter()
    hearts = 0
    policy = recorded(specials_first, played)

    def watching(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
        nonlocal hearts
        hearts = max(hearts, int(batch.hearts.max()))
        return policy(batch, rng)

    play_side_by_side("grey", 8, 60, seed=6, policy=watching)
    for kind in ("heart", "bomb", "stars", "row", "block", "joker"):
        assert played[kind] >= 3, (kind, played)
    assert hearts >= 2


@pytest.mark.parametrize("item", ["box", "heart", "bomb"])
def test_the_items_of_completed_rows_are_received_as_in_the_rules(item: str) -> None:
    batch = BatchSolo("grey", 6, seed=8)
    row = [rule.item for rule in batch.sheet.rows].index(item)  # type: ignore[attr-defined]
    received = 0
    seek = seeking(item)

    def watching(batch: BatchSolo, rng: np.random.Generator) -> np.ndarray:
        nonlocal received
        received = max(received, int(batch.row_items[:, row].sum()))
        return seek(batch, rng)

    play_side_by_side("grey", 6, 30, seed=8, policy=watching, batch=batch)
    assert received >= 2


def test_the_purple_cross_and_its_chameleons_are_the_rules_moves() -> None:
    played: Counter[str] = Counter()
    play_side_by_side("kids", 8, 40, seed=7, policy=recorded(specials_first, played))
    assert played["purple"] >= 5 and played["chameleon"] >= 3, played


def test_the_dice_are_numpy_streams_of_the_seed() -> None:
    # The first rolls, drawn as BatchSolo always drew them (results stay comparable
    # between versions): every game's colour dice, then their number dice, then their
    # special die, each as one draw of the generator.
    for layout in ("black", "grey", "kids"):
        batch = BatchSolo(layout, 5, seed=42)
        rng = np.random.default_rng(42)
        colours = rng.integers(0, len(batch.faces), (5, batch.colour_dice))
        numbers = rng.integers(0, 6, (5, batch.number_dice))
        assert np.array_equal(batch.colour_roll, colours)
        assert np.array_equal(batch.number_roll, numbers)
        if batch.special_faces:
            specials = rng.integers(0, len(batch.special_faces), 5)
            assert np.array_equal(batch.special_roll, specials)


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


def compiled_versions() -> list[int]:
    """How many versions numba holds of each batch kernel (one per set of argument types)."""
    kernels = (solo_legal, solo_step, solo_scores, cells_keys, special_table)
    return [len(kernel.signatures) for kernel in kernels]  # type: ignore[attr-defined]


def test_the_engines_warm_up_compiles_the_kernels_a_batch_runs() -> None:
    # The rules layer warms the batch kernels up without an action table: with arrays of
    # the types a batch passes, so that a batch then compiles nothing more.
    for layout in ("black", "grey", "kids"):
        warm_up_solo(tables_for(load_layout(layout)))
    assert compiled_versions() == [1] * 5
    rng = np.random.default_rng(3)
    for layout in ("black", "grey", "kids"):
        batch = BatchSolo(layout, 3, seed=3)
        for _ in range(3):
            batch.step(batch.sample(rng))
    assert compiled_versions() == [1] * 5
    assert len(PAIR_VARIANTS) == WAYS


@pytest.mark.parametrize("layout", ["black", "grey", "kids"])
def test_a_game_that_ends_starts_again_on_an_empty_sheet(layout: str) -> None:
    batch = BatchSolo(layout, 6, seed=3)
    tables = tables_for(batch.sheet)
    empty = new_state(1, tables.size, tables.width, tables.height, tables.colours,
                      tables.boxes_at_start)
    rng = np.random.default_rng(3)
    restarted = 0
    for _ in range(40):
        step = batch.step(batch.sample(rng))
        for game in np.flatnonzero(step.done):
            for mine, blank in zip(batch.state, empty, strict=True):
                assert np.array_equal(mine[game], blank[0])
            assert batch.rolls_done[game] == 0 and batch.bombs_owed[game] == 0
            assert batch.scores()[game] == solo_scores(tables.arrays, empty)[0]
            restarted += 1
    assert restarted >= 6
