"""Boards made lopsided on purpose, of every kind the advice and ``kok improve`` must fix:
a colour (animal) too easy or too hard, a column too easy or too hard, points (Kids:
buckets) dealt inside out or all equal, stars piled on one colour. Each kind is a change
to a good board: the official pads (black, red, grey, kids) and balanced boards of other
sizes (``tests/data/bases/``, made with ``kok generate EDITION --size WxH --balanced``).

Used by ``benchmarks/bench_advice.py`` and the tests of ``kok improve``
(``tests/test_improve_kinds.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kok_layouts import Sheet, load_layout
from kok_layouts.generator.draft import Draft
from kok_layouts.model.sheet import Points

ROOT = Path(__file__).resolve().parent.parent
BASES = ROOT / "tests" / "data" / "bases"
"""Balanced boards of other sizes than the pads, one per edition and size."""


def _far(draft: Draft, cell: int) -> int:
    """How far a cell lies from the start column(s) (Kids: the middle)."""
    starts = draft.start_columns or [draft.width // 2]
    return min(abs(cell % draft.width - s) for s in starts)


def _neighbour_colour(draft: Draft, cell: int, avoid: str | None) -> str | None:
    for near in draft.geometry.neighbours[cell]:
        key = draft.cell_colours[near]
        if key is not None and key != avoid and key != draft.cell_colours[cell]:
            return key
    return None


def colour_easy(draft: Draft, strength: int = 1) -> None:
    """The second colour loses its six cells farthest from the start to its neighbours
    (``strength`` times six)."""
    shrink_colour(draft, 1, 6 * strength)


def shrink_colour(draft: Draft, index: int, count: int = 6) -> None:
    """Colour ``index`` loses its ``count`` cells farthest from the start to its
    neighbours."""
    key = draft.colours[index].key
    cells = sorted((c for c, k in enumerate(draft.cell_colours) if k == key),
                   key=lambda c: (-_far(draft, c), c))
    for cell in cells[:count]:
        new = _neighbour_colour(draft, cell, key)
        if new is not None:
            draft.cell_colours[cell] = new


def colour_hard(draft: Draft, strength: int = 1) -> None:
    """The fourth colour takes six cells far from the start next to it (``strength``
    rounds of six, each from its new edge)."""
    key = draft.colours[3].key
    for _ in range(strength):
        around = sorted({n for c, k in enumerate(draft.cell_colours) if k == key
                         for n in draft.geometry.neighbours[c]
                         if draft.cell_colours[n] not in (None, key)},
                        key=lambda c: (-_far(draft, c), c))
        for cell in around[:6]:
            draft.cell_colours[cell] = key


def column_easy(draft: Draft, strength: int = 1) -> None:
    """A column beside the start all one colour (``strength`` 2: the start column's cells
    beside it too, so that one cross reaches it from the start and fills it)."""
    start = (draft.start_columns or [draft.width // 2])[0]
    key = draft.colours[0].key
    columns = [start + 1] + ([start] if strength > 1 else [])
    for column in columns:
        for cell in draft.geometry.column_cells(column):
            if draft.cell_colours[cell] is not None:
                draft.cell_colours[cell] = key


def column_hard(draft: Draft, strength: int = 1) -> None:
    """Column B cut into one-cell areas (``strength`` 2: column C too)."""
    keys = [c.key for c in draft.colours]
    cells = [c for column in range(1, 1 + strength) for c in draft.geometry.column_cells(column)]
    for cell in cells:
        used = {draft.cell_colours[n] for n in draft.geometry.neighbours[cell]}
        free = [k for k in keys if k not in used]
        if free:
            draft.cell_colours[cell] = free[0]


def points_inside_out(draft: Draft, strength: int = 1) -> None:
    """The printed values dealt the wrong way: the columns nearest the start get most."""
    starts = draft.start_columns or [draft.width // 2]
    order = sorted(range(draft.width), key=lambda c: (min(abs(c - s) for s in starts), c))
    if draft.column_points:
        values = sorted(draft.column_points, key=lambda p: (-p.first, -p.later))
        draft.column_points = [Points(0, 0)] * draft.width
        for column, value in zip(order, values, strict=True):
            draft.column_points[column] = value
    else:
        buckets = sorted(draft.buckets, reverse=True)
        draft.buckets = [0] * draft.width
        for column, bucket in zip(order, buckets, strict=True):
            draft.buckets[column] = bucket


def points_equal(draft: Draft, strength: int = 1) -> None:
    """Every column worth the same."""
    if draft.column_points:
        draft.column_points = [Points(2, 1)] * draft.width
    else:
        draft.buckets = [1] * draft.width


def stars_piled(draft: Draft, strength: int = 1) -> None:
    """Every star on the fifth colour, where its column has a cell of it."""
    key = draft.colours[4 % len(draft.colours)].key
    for column in range(draft.width):
        cells = draft.geometry.column_cells(column)
        own = [c for c in cells if draft.cell_colours[c] == key]
        stars = [c for c in cells if c in draft.stars]
        if own and stars and stars[0] not in own:
            draft.stars.discard(stars[0])
            draft.stars.add(own[-1])


def animal_easy(draft: Draft, strength: int = 1) -> None:
    """Kids: the second animal's two biggest enclosures given to their neighbours
    (``strength`` times two)."""
    key = draft.colours[1].key
    own = sorted((r for r in draft.regions if draft.cell_colours[r[0]] == key),
                 key=lambda r: (-len(r), r[0]))
    for region in own[:2 * strength]:
        new = next((draft.cell_colours[n] for c in region for n in draft.geometry.neighbours[c]
                    if draft.cell_colours[n] not in (None, key)), None)
        for cell in region:
            draft.cell_colours[cell] = new
    draft.regions = []


def animal_hard(draft: Draft, strength: int = 1) -> None:
    """Kids: the fourth animal's enclosures far from the middle take a neighbour's cells."""
    colour_hard(draft, strength)
    draft.regions = []


Change = Callable[..., None]
"""A change to a draft: ``change(draft)`` or ``change(draft, strength)``."""
KINDS: dict[str, Change] = {
    "colour too easy": colour_easy, "colour too hard": colour_hard,
    "column too easy": column_easy, "column too hard": column_hard,
    "points inside out": points_inside_out, "points all equal": points_equal,
    "stars piled on one colour": stars_piled,
}
"""Every kind of lopsided board, by name (Kids: animal_easy and animal_hard stand in for
the colour kinds, and the points are buckets)."""
KIDS_KINDS: dict[str, Change] = {
    "animal too easy": animal_easy, "animal too hard": animal_hard,
    "column too easy": column_easy, "column too hard": column_hard,
    "buckets inside out": points_inside_out, "buckets all equal": points_equal,
    "stars piled on one animal": stars_piled,
}
TARGETS = {"colour too easy": "colour-easy", "colour too hard": "colour-hard",
           "animal too easy": "animal-easy", "animal too hard": "animal-hard",
           "column too easy": "column-easy", "column too hard": "column-hard",
           "points inside out": "column-points", "points all equal": "column-points",
           "buckets inside out": "column-points", "buckets all equal": "column-points",
           "stars piled on one colour": "", "stars piled on one animal": ""}
"""The verdict each kind is made to fail ("" where it depends on the board: a pile of
stars moves the score, a colour's ease or the game length)."""


def kinds_of(edition: str) -> dict[str, Change]:
    return KIDS_KINDS if edition == "kids" else KINDS


def base_boards() -> dict[str, str]:
    """The good boards to make lopsided, by label (``classic 15x7``): the pads and the
    balanced boards of ``tests/data/bases``."""
    found = {"classic 15x7": "black", "kok2 15x7": "grey", "kids 13x5": "kids"}
    for path in sorted(BASES.glob("*.yaml")):
        edition, size = path.stem.split("-")
        found[f"{edition} {size}"] = str(path)
    return found


BOARDS: list[tuple[str, str, Change]] = [
    ("black", "colour too easy", colour_easy), ("black", "colour too hard", colour_hard),
    ("black", "column too easy", column_easy), ("black", "column too hard", column_hard),
    ("black", "points inside out", points_inside_out), ("black", "points all equal", points_equal),
    ("black", "stars piled on one colour", stars_piled),
    ("red", "colour too easy", colour_easy), ("red", "points inside out", points_inside_out),
    ("grey", "colour too easy", colour_easy), ("grey", "column too easy", column_easy),
    ("grey", "points inside out", points_inside_out),
    ("grey", "stars piled on one colour", stars_piled),
    ("kids", "animal too easy", animal_easy), ("kids", "buckets inside out", points_inside_out),
    ("kids", "buckets all equal", points_equal),
    ("examples/travel.yaml", "colour too easy", colour_easy),
    ("examples/travel.yaml", "points inside out", points_inside_out),
    ("examples/travel.yaml", "column too easy", column_easy),
    ("examples/travel.yaml", "stars piled on one colour", stars_piled),
]
"""The 20 lopsided boards: the pad they start from, what was done, how."""


STRENGTH: dict[tuple[str, str], int] = {
    ("black", "colour too hard"): 2, ("grey", "colour too easy"): 2,
    ("grey", "column too hard"): 3, ("kids", "animal too easy"): 3,
    ("classic-12x6", "colour too hard"): 2, ("classic-9x5", "colour too hard"): 3,
    ("kids-11x7", "animal too easy"): 3, ("kok2-11x6", "column too hard"): 3,
}
"""How strong a change a base board needs to fail the verdict of its kind (the weakest of
strengths 1 to 4 that does, measured with 300 games of ``kok check``, seed 1, on
2026-12-05), by the base's file stem and the kind; 1 where none is listed. Where no
strength up to 4 fails the verdict the change stays at 1: the pads differ that much
themselves (a column beside the start all one colour is within the pads' easiest
columns, for one), and ``benchmarks/bench_advice.py`` says which boards fail their kind's
verdict, which fail others only, and leaves out of ``kok improve``'s figures the boards
that fail none."""


def lopsided(base: str, what: str, change: Change | None = None,
             strength: int | None = None) -> Sheet:
    """The pad ``base`` with ``change`` made (and named after it): the kind ``what``'s
    change as strong as :data:`STRENGTH` says the base needs, unless ``change`` or
    ``strength`` is given (a given change alone is made as it is)."""
    draft = Draft.from_sheet(load_layout(base))
    if change is None:
        edition = load_layout(base).edition
        change = kinds_of(edition)[what]
        if strength is None:
            strength = STRENGTH.get((Path(base).stem, what), 1)
    if strength is None:
        change(draft)
    else:
        change(draft, strength)
    if not draft.regions:  # Kids: every group of one animal an enclosure again
        from kok_layouts.model.grid import connected_components

        draft.regions = [sorted(g) for g in connected_components(
            (c for c, k in enumerate(draft.cell_colours) if k is not None),
            draft.geometry, dict(enumerate(draft.cell_colours)))]
    draft.name = f"{Path(base).stem}-{what.replace(' ', '-')}"[:40]
    draft.title = f"{Path(base).stem}: {what}"
    return draft.to_sheet()
