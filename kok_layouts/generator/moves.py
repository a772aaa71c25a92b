"""The balancing search's moves: small changes to a board that keep its profile's
invariants (:mod:`kok_layouts.generator.balance` picks them; each edition's generator
says which it uses, :mod:`kok_layouts.generator.maker`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

import numpy as np

from kok_layouts.generator.classic import START_COLUMN, regrow
from kok_layouts.generator.draft import Draft
from kok_layouts.generator.invariants import official_invariants
from kok_layouts.generator.kids import ENCLOSURE_SIZES, SIZE_WEIGHTS


def _column_runs(draft: Draft, column: int) -> list[tuple[str, int]]:
    """The runs of a column top to bottom, as (colour letter, length)."""
    runs: list[tuple[str, int]] = []
    for cell in draft.geometry.column_cells(column):
        key = draft.cell_colours[cell] or ""
        if runs and runs[-1][0] == key:
            runs[-1] = (key, runs[-1][1] + 1)
        else:
            runs.append((key, 1))
    return runs


def reorder_column(draft: Draft, rng: np.random.Generator) -> Draft | None:
    """Stack one column's runs in another order that keeps every area size; each star
    stays in its colour, as near its old row as the run allows."""
    width = draft.width
    column = int(rng.integers(width))
    runs = _column_runs(draft, column)
    cells = draft.geometry.column_cells(column)
    star_key = next((draft.cell_colours[c] for c in cells if c in draft.stars), None)
    for order in rng.permutation(list(permutations(range(len(runs))))):
        if list(order) == sorted(order):
            continue
        new = draft.copy()
        row, star_rows = 0, []
        for index in order:
            key, length = runs[int(index)]
            for offset in range(length):
                new.cell_colours[(row + offset) * width + column] = key
            if key == star_key:
                star_rows = list(range(row, row + length))
            row += length
        for cell in cells:
            new.stars.discard(cell)
        if star_rows:
            new.stars.add(star_rows[int(rng.integers(len(star_rows)))] * width + column)
        if official_invariants(new):
            return new
    return None


def swap_stars(draft: Draft, rng: np.random.Generator) -> Draft | None:
    """Swap the colours of two columns' stars (each moves to a cell of the other colour in
    its column), keeping three stars per colour and at most one per area."""
    width = draft.width
    first, second = (int(c) for c in rng.choice(width, 2, replace=False))
    star = {c: next(s for s in draft.geometry.column_cells(c) if s in draft.stars)
            for c in (first, second)}
    keys = {c: draft.cell_colours[star[c]] for c in (first, second)}
    if keys[first] == keys[second]:
        return None
    new = draft.copy()
    for here, there in ((first, second), (second, first)):
        new.stars.discard(star[here])
        options = [c for c in draft.geometry.column_cells(here)
                   if draft.cell_colours[c] == keys[there]]
        new.stars.add(options[int(rng.integers(len(options)))])
    return new if official_invariants(new) else None


def regrow_near(draft: Draft, columns: Sequence[int], rng: np.random.Generator
                ) -> Draft | None:
    """The board grown anew from one of ``columns`` (or up to two columns nearer the
    start, which leaves the search room at the edge) out to the edge; when the kept
    columns leave no other way to finish, from a column nearer the start."""
    column = int(columns[int(rng.integers(len(columns)))])
    inward = 1 if column < START_COLUMN else -1
    column += inward * int(rng.integers(3))
    if (column - START_COLUMN) * inward > 0:
        column = START_COLUMN
    while True:
        new = regrow(draft, column, rng)
        if new is not None or column == START_COLUMN:
            return new
        column += inward


def swap_regions(draft: Draft, first: int, second: int) -> Draft:
    """The draft with the colours (Kids: animals) of regions ``first`` and ``second``
    swapped."""
    new = draft.copy()
    key_a = draft.cell_colours[draft.regions[first][0]]
    key_b = draft.cell_colours[draft.regions[second][0]]
    for cell in draft.regions[first]:
        new.cell_colours[cell] = key_b
    for cell in draft.regions[second]:
        new.cell_colours[cell] = key_a
    return new


def swap_two_regions(draft: Draft, rng: np.random.Generator) -> Draft:
    """Swap the colours (Kids: animals) of two regions drawn at random."""
    first, second = (int(i) for i in rng.choice(len(draft.regions), 2, replace=False))
    return swap_regions(draft, first, second)


def resize_animal(draft: Draft, key: str, fewer: bool, rng: np.random.Generator
                  ) -> Draft | None:
    """Give animal ``key`` fewer (or more) cells: one of its enclosures swaps animals with
    a smaller (or bigger) enclosure of another animal."""
    regions, colour_of = draft.regions, draft.cell_colours
    own = [i for i, region in enumerate(regions) if colour_of[region[0]] == key]
    pairs = [(i, j) for i in own for j in range(len(regions))
             if colour_of[regions[j][0]] != key
             and (len(regions[j]) < len(regions[i])) == fewer
             and len(regions[j]) != len(regions[i])]
    if not pairs:
        return None
    first, second = pairs[int(rng.integers(len(pairs)))]
    return swap_regions(draft, first, second)


def carve_enclosure(draft: Draft, key: str, rng: np.random.Generator,
                    largest: int = 4) -> Draft | None:
    """Give animal ``key`` one more enclosure (Kids): a piece of two to ``largest`` cells of
    another animal's enclosure of three cells or more, touching no cell of ``key``, takes
    its animal (mostly two cells, as the Kids generator draws them); what is left of that
    enclosure stays one enclosure per connected group.
    An animal made easy by few enclosures (a move crosses a whole one) gets harder by
    one more move, which a bigger enclosure or a swap of two cannot give it; the biggest
    enclosures are cut first (a lopsided board's blobs)."""
    from kok_layouts.model.grid import connected_components

    colour_of, neighbours = draft.cell_colours, draft.geometry.neighbours
    regions = draft.regions or [sorted(g) for g in connected_components(
        (c for c, k in enumerate(colour_of) if k is not None), draft.geometry,
        dict(enumerate(colour_of)))]
    touching = {n for c, k in enumerate(colour_of) if k == key for n in neighbours[c]}
    options = [i for i, region in enumerate(regions) if len(region) >= 3
               and colour_of[region[0]] != key]
    if not options:
        return None
    weights = np.array([float(len(regions[i])) ** 2 for i in options])
    index = options[int(rng.choice(len(options), p=weights / weights.sum()))]
    region = regions[index]
    free = [c for c in region if c not in touching and colour_of[c] != key]
    if not free:
        return None
    # Sizes drawn as the Kids generator draws them (mostly two cells, as on the printed
    # sheet): a smaller piece adds the same move for fewer repainted cells.
    sizes = [size for size in ENCLOSURE_SIZES if 2 <= size <= min(largest, len(region) - 1)]
    chances = np.array([SIZE_WEIGHTS[ENCLOSURE_SIZES.index(size)] for size in sizes])
    size = sizes[int(rng.choice(len(sizes), p=chances / chances.sum()))]
    piece = [free[int(rng.integers(len(free)))]]
    while len(piece) < size:
        grow = sorted({n for c in piece for n in neighbours[c]
                       if n in free and n not in piece})
        if not grow:
            break
        piece.append(grow[int(rng.integers(len(grow)))])
    if len(piece) < 2:
        return None
    new = draft.copy()
    for cell in piece:
        new.cell_colours[cell] = key
    rest = [c for c in region if c not in piece]
    left = [sorted(g) for g in connected_components(rest, draft.geometry,
                                                    dict(enumerate(colour_of)))]
    new.regions = [r for i, r in enumerate(regions) if i != index] + left + [sorted(piece)]
    return new
