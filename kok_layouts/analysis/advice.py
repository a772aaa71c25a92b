"""Advice: what to change on a board, as sentences and as actions a program can apply.

Every failing verdict gets advice: one or more :class:`Action` values (repaint cells,
split an area, swap the colours of two areas, move a star, deal the column points or the
colour bonus anew), each with the sentence that says the same thing, or a sentence saying
plainly that no change to the board is known for it. A board whose verdicts all pass gets
no action and no suggested change. :func:`apply_action` makes the changed board.

Suggested column points keep the printed values (the same scale and the same total, so
columns weigh the same against colour bonuses) and hand them out again so that they rise
with the columns' difficulty, with the fewest swaps that pass the verdict; the start
column (Kids: the middle one) gets the lowest, as on every printed pad, a column found
too easy never gets more and a column found too hard never gets fewer. Points all equal
get the values of the edition's printed pad.

Every action is sized to move the figure its verdict quotes (measured with
``benchmarks/bench_advice.py``): it aims at the colour or column that sets the figure,
takes no cell from a colour already too easy, and a change too small to show in a
check's games (a star moved between two cells crossed about as often) is not suggested.
Where no change is known to work (the seats; the length per 100 cells of a board of
another size than the pads; the length of a Kids board, whose moves cross whole
enclosures) the advice says so plainly.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kok_layouts import limits
from kok_layouts.analysis.balance import MIN_GAMES, Verdict, Widening, verdicts
from kok_layouts.analysis.heatmap import HeatMap
from kok_layouts.analysis.measures import Measures, column_difficulty, ranks_of
from kok_layouts.analysis.yardsticks import Yardstick, carried, yardstick_for
from kok_layouts.editions import edition_of
from kok_layouts.errors import BadArgumentError, KokTypeError, shown_repr
from kok_layouts.model.grid import Cell, column_letter
from kok_layouts.model.sheet import Sheet

ACTION_KINDS = ("set_column_points", "set_colour_bonus", "repaint", "split_area",
                "swap_areas", "move_star")
"""What an :class:`Action` can do: deal the column points (Kids: buckets), set the colour
bonus, paint cells another colour (animal), paint one cell so that it splits its area,
swap the colours of two areas, move a star to another cell."""


@dataclass(frozen=True)
class Action:
    """One change to a board that the advice suggests, and the verdict it aims at.

    ``cells`` are cell names: the cells to paint ``colour`` (``repaint``,
    ``split_area``), the first of two areas (``swap_areas``, with ``other`` the second),
    or the star's cell and its new cell (``move_star``). ``first`` and ``later`` are the
    column points of every column (``set_column_points``; Kids: the buckets, ``later``
    empty) or the colour bonus (``set_colour_bonus``, one value each).
    """

    kind: str
    verdict: str
    text: str
    cells: tuple[str, ...] = ()
    colour: str | None = None
    other: tuple[str, ...] = ()
    first: tuple[int, ...] = ()
    later: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "verdict": self.verdict}
        if self.kind == "set_column_points":
            data.update(first=list(self.first), later=list(self.later))
        elif self.kind == "set_colour_bonus":
            data.update(first=self.first[0], later=self.later[0])
        elif self.kind == "move_star":
            data.update({"from": self.cells[0], "to": self.cells[1]})
        elif self.kind == "swap_areas":
            data.update({"cells": list(self.cells), "with": list(self.other)})
        else:
            data.update(cells=list(self.cells), colour=self.colour)
        data["text"] = self.text
        return data


@dataclass(frozen=True)
class Advice:
    printed_first: tuple[int, ...]
    printed_later: tuple[int, ...]
    first: tuple[int, ...]
    """Suggested first points (Kids: buckets) per column, on the printed scale: the
    printed ones unless an action deals them anew."""
    later: tuple[int, ...]
    sentences: tuple[str, ...]
    actions: tuple[Action, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"column_points": {"first": list(self.first), "later": list(self.later),
                                  "printed_first": list(self.printed_first),
                                  "printed_later": list(self.printed_later)},
                "sentences": list(self.sentences),
                "actions": [a.as_dict() for a in self.actions]}


# -- applying an action ----------------------------------------------------------------

def _cell(sheet: Sheet, name: object) -> Cell:
    if not isinstance(name, str):
        raise KokTypeError(f"a cell is named by text such as 'H1', not {type(name).__name__}")
    cell = sheet.parse_cell(name)
    if sheet.cell_colours[cell] is None:
        raise BadArgumentError(f"{name} is a hole, not a cell of {sheet.name}")
    return cell


def _regions_after(draft: Any, painted: set[Cell]) -> list[list[Cell]]:
    """The areas (Kids: enclosures) after ``painted`` changed colour: every old area keeps
    its cells of one colour, and a painted cell joins a neighbouring area of its new colour
    or, with none, makes one of its own."""
    from kok_layouts.model.grid import connected_components

    colours = draft.cell_colours
    kept: list[set[Cell]] = []
    for region in draft.regions:
        rest = [c for c in region if c not in painted]
        kept += [set(group) for group in connected_components(rest, draft.geometry,
                                                              dict(enumerate(colours)))]
    for cell in sorted(painted):
        home = next((group for group in kept for near in draft.geometry.neighbours[cell]
                     if near in group and colours[near] == colours[cell]), None)
        if home is None:
            kept.append({cell})
        else:
            home.add(cell)
    return [sorted(group) for group in kept if group]


def apply_action(sheet: Sheet, action: Action | Mapping[str, Any]) -> Sheet:
    """The board with ``action`` (an :class:`Action` or its ``as_dict()``, as
    ``kok check --json`` prints it) applied; not checked against any profile (see
    :func:`kok_layouts.check_sheet`)."""
    from kok_layouts.generator.draft import Draft
    from kok_layouts.model.sheet import Points

    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"apply an action to a sheet, not {type(sheet).__name__}")
    if isinstance(action, Mapping):
        action = action_from_dict(action)
    if not isinstance(action, Action):
        raise KokTypeError(f"an action is an Action or its dict, not {type(action).__name__}")
    _check_fields(action)
    draft = Draft.from_sheet(sheet)
    if action.kind in ("repaint", "split_area"):
        key = sheet.colour(action.colour or "").key
        painted = {_cell(sheet, name) for name in action.cells}
        for cell in painted:
            draft.cell_colours[cell] = key
        draft.regions = _regions_after(draft, painted)
    elif action.kind == "swap_areas":
        one = [_cell(sheet, n) for n in action.cells]
        two = [_cell(sheet, n) for n in action.other]
        if not one or not two or set(one) & set(two):
            raise BadArgumentError("swap_areas needs two areas that share no cell")
        key_one, key_two = sheet.cell_colours[one[0]], sheet.cell_colours[two[0]]
        for cell in one:
            draft.cell_colours[cell] = key_two
        for cell in two:
            draft.cell_colours[cell] = key_one
        draft.regions = _regions_after(draft, set(one) | set(two))
    elif action.kind == "move_star":
        if len(action.cells) != 2:
            raise BadArgumentError("move_star names the star's cell and its new cell")
        here, there = (_cell(sheet, n) for n in action.cells)
        if here not in sheet.stars or there in sheet.stars:
            raise BadArgumentError(f"move_star moves a star from a cell with one to a cell "
                                   f"without: {action.cells[0]} -> {action.cells[1]}")
        draft.stars.discard(here)
        draft.stars.add(there)
    elif action.kind == "set_column_points":
        edition = edition_of(sheet)
        first_only = not edition.column_points(sheet)[1]  # Kids: buckets, no later value
        what = "buckets (first)" if first_only else "first and later points"
        if len(action.first) != sheet.width or len(action.later) != (
                0 if first_only else sheet.width):
            raise BadArgumentError(f"set_column_points gives {sheet.name}'s {what}: one value "
                                   f"per column, {sheet.width} of them"
                                   + (", and no later points" if first_only else ""))
        for value in (*action.first, *action.later):
            edition.column_bounds.check(value)
        if first_only:
            draft.buckets = list(action.first)
        else:
            draft.column_points = [Points(f, lt) for f, lt in
                                   zip(action.first, action.later, strict=True)]
    elif action.kind == "set_colour_bonus":
        if getattr(sheet, "colour_bonus", None) is None:
            raise BadArgumentError(f"{sheet.name} has no colour bonus to set")
        if len(action.first) != 1 or len(action.later) != 1:
            raise BadArgumentError("set_colour_bonus gives the first and later bonus, one "
                                   "value each")
        draft.colour_bonus = Points(limits.POINTS.check(action.first[0]),
                                    limits.POINTS.check(action.later[0]))
    else:
        raise BadArgumentError(f"no action {action.kind!r}; the actions are "
                               f"{', '.join(ACTION_KINDS)}")
    return draft.to_sheet()


def _check_fields(action: Action) -> None:
    """:class:`KokTypeError` for an :class:`Action` whose fields have the wrong types
    (one made by hand: the advice's own are right)."""
    if not isinstance(action.kind, str) or action.kind not in ACTION_KINDS:
        raise BadArgumentError(f"no action {shown_repr(action.kind, 40)}; the actions are "
                               f"{', '.join(ACTION_KINDS)}")
    for name in ("cells", "other"):
        value = getattr(action, name)
        if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
            raise KokTypeError(f"{action.kind}: {name} is a list of cell names, not "
                               f"{shown_repr(value, 40)}")
    for name in ("first", "later"):
        value = getattr(action, name)
        if not isinstance(value, tuple | list) or not all(type(v) is int for v in value):
            raise KokTypeError(f"{action.kind}: {name} is a list of whole numbers, not "
                               f"{shown_repr(value, 40)}")
    if action.colour is not None and not isinstance(action.colour, str):
        raise KokTypeError(f"{action.kind}: colour is a colour's name, not "
                           f"{type(action.colour).__name__}")


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The :class:`Action` of one entry of ``kok check --json``'s ``actions``."""
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ACTION_KINDS:
        raise BadArgumentError(f"no action {shown_repr(kind, 40)}; the actions are "
                               f"{', '.join(ACTION_KINDS)}")

    def names(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise KokTypeError(f"{kind}: {key} is a list of cell names")
        return tuple(value)

    def numbers(key: str) -> tuple[int, ...]:
        value = data.get(key, [])
        value = [value] if type(value) is int else value
        if not isinstance(value, list | tuple) or not all(type(v) is int for v in value):
            raise KokTypeError(f"{kind}: {key} is a whole number or a list of them")
        return tuple(value)

    verdict, text = str(data.get("verdict", "")), str(data.get("text", ""))
    if kind == "move_star":
        start, end = data.get("from"), data.get("to")
        if not isinstance(start, str) or not isinstance(end, str):
            raise KokTypeError("move_star: from and to are cell names")
        return Action(kind, verdict, text, (start, end))
    if kind in ("set_column_points", "set_colour_bonus"):
        return Action(kind, verdict, text, first=numbers("first"), later=numbers("later"))
    colour = data.get("colour")
    if kind != "swap_areas" and not isinstance(colour, str):
        raise KokTypeError(f"{kind}: colour is a colour's name")
    return Action(kind, verdict, text, names("cells"),
                  colour if isinstance(colour, str) else None, names("with"))


# -- column points ---------------------------------------------------------------------

def _pairs(first: Sequence[int], later: Sequence[int], columns: Sequence[int]
           ) -> list[tuple[int, int]]:
    return sorted((first[c], later[c] if later else 0) for c in columns)


def _difficulty_rank(sheet: Sheet, measures: Measures, columns: Sequence[int],
                     column_moves: Sequence[int | None] | None) -> np.ndarray:
    """The mean of the columns' ranks by how rarely they are completed, by their
    structural difficulty and, when known, by their exact fewest moves."""
    rates = [measures.column_rates[column_letter(c)].value for c in columns]
    ranks = [ranks_of([-r for r in rates]), ranks_of(column_difficulty(sheet))]
    if column_moves is not None and len(column_moves) == len(columns) and all(
            m is not None for m in column_moves):
        ranks.append(ranks_of([float(m or 0) for m in column_moves]))
    rank: np.ndarray = np.mean(ranks, axis=0)
    return rank


def _values_to_deal(sheet: Sheet, columns: Sequence[int]
                    ) -> tuple[list[tuple[int, int]], str]:
    """The (first, later) values the suggestion hands out: the printed ones; when they
    are all equal (nothing to re-deal), the values of the edition's printed pad (the
    same number of columns; for another number, the pad's values picked evenly from
    lowest to highest, one per column) or else the printed value spread one step down
    and up over a third of the columns each, so that the total stays; and which of the
    four (``printed``, ``pad``, ``pad-picked``, ``spread``)."""
    first, later = edition_of(sheet).column_points(sheet)
    pairs = _pairs(first, later, columns)
    if len(set(pairs)) > 1:
        return pairs, "printed"
    from kok_layouts.model.loader import load_layout

    pad = load_layout(edition_of(sheet).reference_pad)
    pad_first, pad_later = edition_of(pad).column_points(pad)
    pad_columns = [c for c in range(pad.width) if pad.column_cells(c)]
    if bool(pad_later) == bool(later) and len(pad_columns) == len(columns):
        return _pairs(pad_first, pad_later, pad_columns), "pad"
    pad_pairs = sorted(_pairs(pad_first, pad_later, pad_columns))
    if bool(pad_later) == bool(later) and len(set(pad_pairs)) > 1 and columns:
        # A board narrower or wider than the pad: its values at evenly spaced ranks, so
        # that the spread from the start column to the edges is the pad's (a spread of
        # the printed value alone scores less than the pads: all-equal Kids buckets of
        # 1 become three 0s).
        size = len(pad_pairs)
        return [pad_pairs[min(size - 1, int((i + 0.5) * size / len(columns)))]
                for i in range(len(columns))], "pad-picked"
    value, rest = pairs[0]
    third = len(columns) // 3
    low = (max(0, value - 1), max(0, rest - 1))
    high = (value + (value - low[0]), rest + (rest - low[1]))
    return sorted([low] * third + [(value, rest)] * (len(columns) - 2 * third)
                  + [high] * third), "spread"


def _structure_floor(references: dict[str, Measures], widening: Widening | None) -> float:
    """The lowest rank correlation of points with structural difficulty on the official
    pads (widened as the column-points verdict widens it); 0 with no pad."""
    from kok_layouts.analysis.balance import STRUCTURE, Spread, pad_structure_rho

    found = [r for m in references.values() if (r := pad_structure_rho(m.layout)) is not None]
    if not found:
        return 0.0
    spread = Spread(min(found), max(found), len(found))
    return (widening.widen(STRUCTURE, spread) if widening is not None else spread).low


STRUCTURE_MARGIN = 0.1
"""How far above the pads' lowest rank correlation a re-deal of the column points aims:
enough that the verdict passes with room, no more (every swap more moves the bots)."""


def suggest_column_points(sheet: Sheet, measures: Measures,
                          column_moves: Sequence[int | None] | None = None, *,
                          easier: Sequence[str] = (), harder: Sequence[str] = (),
                          references: dict[str, Measures] | None = None,
                          widening: Widening | None = None,
                          ) -> tuple[list[int], list[int]]:
    """The printed (first, later) column points dealt anew so that harder columns get more.

    A column's difficulty is its structural difficulty
    (:func:`~kok_layouts.analysis.measures.column_difficulty`, what the verdict compares
    the points with), its ties broken by the mean of three ranks: how rarely it is
    completed, its structural difficulty and, when known (``column_moves``), its exact
    fewest moves; bots chase valuable columns, so the completion rate alone follows the
    printed points. The start columns get the
    lowest values; the columns in ``easier`` (found too easy) rank as the easiest and
    those in ``harder`` as the hardest. With ``references`` the re-deal is the smallest
    one found: the values of two columns are swapped, the swap that brings the points
    nearest the full re-deal first, until their rank correlation with the structural
    difficulty lies :data:`STRUCTURE_MARGIN` above the official pads' lowest (a re-deal
    of every column moves the bots' chase, and with it the columns' and the score's
    verdicts, more than the points need).
    """
    first, later = edition_of(sheet).column_points(sheet)
    columns = [c for c in range(sheet.width) if sheet.column_cells(c)]
    if not first or len(columns) != len(measures.column_rates):
        return first, later
    # The verdict asks the points to follow the structural difficulty: it orders the
    # columns, and the measured ranks break its ties (it counts few distinct values).
    structure = ranks_of(column_difficulty(sheet))
    rank = structure * len(columns) + _difficulty_rank(sheet, measures, columns,
                                                       column_moves)
    push = {letter: -len(columns) ** 2 for letter in easier} | {
        letter: len(columns) ** 2 for letter in harder}
    fixed = edition_of(sheet).start_columns_of(sheet)
    starts = [i for i, c in enumerate(columns) if c in fixed]
    dealt = [i for i, c in enumerate(columns) if c not in fixed]
    # Ties in difficulty keep the column order, so the suggestion is stable.
    order = starts + sorted(dealt, key=lambda i: (
        rank[i] + push.get(column_letter(columns[i]), 0), i))
    pairs, _ = _values_to_deal(sheet, columns)
    target = [(0, 0)] * len(columns)
    for pair, i in zip(pairs, order, strict=True):
        target[i] = pair
    current = [(first[c], later[c] if later else 0) for c in columns]
    if references is not None and sorted(current) == sorted(target):
        current = _fewest_swaps(sheet, columns, current, target, starts,
                                _structure_floor(references, widening) + STRUCTURE_MARGIN)
    else:
        current = target
    new_first, new_later = list(first), list(later)
    for i, c in enumerate(columns):
        new_first[c] = current[i][0]
        if later:
            new_later[c] = current[i][1]
    return new_first, new_later


def _fewest_swaps(sheet: Sheet, columns: Sequence[int], current: list[tuple[int, int]],
                  target: list[tuple[int, int]], starts: Sequence[int], aim: float
                  ) -> list[tuple[int, int]]:
    """Swap two columns' values at a time, each swap putting a value where the full
    re-deal (``target``) has them, the swap that raises the rank correlation with the
    structural difficulty most first, until the start columns have the target's values
    and that correlation reaches ``aim`` (or the full re-deal's, when that is lower)."""
    difficulty = np.asarray(column_difficulty(sheet), dtype=float)

    def rho(values: Sequence[tuple[int, int]]) -> float:
        worth = np.asarray([v[0] for v in values], dtype=float)
        if len(set(worth)) < 2 or len(set(difficulty)) < 2:
            return -1.0
        return float(np.corrcoef(ranks_of(worth), ranks_of(difficulty))[0, 1])

    values = list(current)
    aim = min(aim, rho(target))
    for _ in range(len(values)):
        if rho(values) >= aim and all(values[i] == target[i] for i in starts):
            break
        wrong = [i for i in range(len(values)) if values[i] != target[i]]
        if not wrong:
            break
        best: tuple[float, int, int] | None = None
        for i in wrong:
            for j in wrong:
                if j <= i or values[j] != target[i]:
                    continue
                swapped = list(values)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                gain = (swapped[i] == target[i]) + (swapped[j] == target[j])
                # Starts first, then the swap that raises the correlation most, then the
                # one that puts most values right.
                score = (10.0 * ((i in starts) or (j in starts)) + rho(swapped) + gain / 100)
                if best is None or score > best[0]:
                    best = (score, i, j)
        if best is None:
            break
        _, i, j = best
        values[i], values[j] = values[j], values[i]
    return values


def _points_text(sheet: Sheet, first: Sequence[int], later: Sequence[int]) -> str:
    printed_first, printed_later = edition_of(sheet).column_points(sheet)

    def pair(f: Sequence[int], lt: Sequence[int], c: int) -> str:
        return f"{f[c]}" + (f"/{lt[c]}" if lt else "")

    return ", ".join(f"{column_letter(c)} {pair(printed_first, printed_later, c)} -> "
                     f"{pair(first, later, c)}" for c in range(len(first))
                     if first[c] != printed_first[c] or (later and later[c] != printed_later[c]))


# -- picking cells ---------------------------------------------------------------------

def _cells_text(sheet: Sheet, cells: Sequence[int]) -> str:
    names = [sheet.cell_name(c) for c in sorted(cells, key=lambda c: (c % sheet.width, c))]
    return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")


def _share(heat: HeatMap, cell: int) -> float:
    return heat.crossed[cell] or 0.0


def _roll_text(roll: float | None) -> str:
    return "never" if roll is None else f"at roll {roll:.0f} on average"


def _heat(heat: HeatMap, cells: Sequence[int]) -> tuple[float, float | None]:
    shares = [heat.crossed[c] or 0.0 for c in cells]
    rolls = [r for c in cells if (r := heat.mean_roll[c]) is not None]
    return float(np.mean(shares)), (float(np.mean(rolls)) if rolls else None)


EASE_ROOM = 0.1
"""How far below the official pads' easiest colour a colour must stay for a suggested
change to take a cell from it."""
STAR_EFFECT = 0.5
"""The least change of the mean score (points a player) that a suggested star move must
promise: a smaller one is lost in the noise of a check's games."""


class _Board:
    """The facts the actions are picked from: colours, areas, neighbours, the heat map."""

    def __init__(self, sheet: Sheet, heat: HeatMap, measures: Measures) -> None:
        self.sheet, self.heat, self.measures = sheet, heat, measures
        self.name_of = {c.key: c.name for c in sheet.colours}
        self.key_of = {c.name: c.key for c in sheet.colours}
        self.area_of = sheet.area_of
        self.size = {a.index: len(a) for a in sheet.areas}
        ease = measures.colour_ease
        self.ease = {c.key: ease[c.name].value for c in sheet.colours if c.name in ease}

    def colour(self, cell: int) -> str:
        return self.sheet.cell_colours[cell] or ""

    def neighbours(self, cell: int) -> list[int]:
        return [n for n in self.sheet.geometry.neighbours[cell]
                if self.sheet.cell_colours[n] is not None]

    def grow(self, key: str, verdict: str, why: str,
             avoid: Collection[str] = ()) -> Action | None:
        """Paint the two least crossed cells next to colour ``key`` in it: it gets more
        cells to cross, away from where the game goes first. No cell is taken from a
        colour named in ``avoid`` (found too easy: a cell fewer makes it easier still)."""
        around = {n for c in self.sheet.cells_of_colour(key) for n in self.neighbours(c)
                  if self.colour(n) != key and self.size[self.area_of[n] or 0] > 1
                  and self.name_of[self.colour(n)] not in avoid}
        picks = sorted(around, key=lambda c: (_share(self.heat, c), c))[:2]
        if not picks:
            return None
        name = self.name_of[key]
        was = ", ".join(f"{self.sheet.cell_name(c)} {self.name_of[self.colour(c)]}"
                        for c in picks)
        return Action("repaint", verdict, (
            f"{why}: paint {_cells_text(self.sheet, picks)} {name} (now {was}; crossed on "
            f"{np.mean([_share(self.heat, c) for c in picks]):.0%} of sheets), so that "
            f"{name} has more cells to cross, away from where the game goes first."),
            tuple(self.sheet.cell_name(c) for c in sorted(picks)), name)

    def shrink(self, key: str, verdict: str, why: str,
               average: bool = False) -> Action | None:
        """Paint the least crossed cell of colour ``key`` the colour of its easiest
        neighbour (with ``average``, the neighbour nearest the average colour, so that
        the game's end does not move with it): it has one cell fewer, the one that holds
        it up."""
        options = [(c, n) for c in self.sheet.cells_of_colour(key) for n in self.neighbours(c)
                   if self.colour(n) != key]
        if not options:
            return None

        def pull(near: int) -> float:
            ease = self.ease.get(self.colour(near), 0.0)
            return abs(ease) if average else -ease

        cell, near = min(options, key=lambda o: (_share(self.heat, o[0]), pull(o[1]),
                                                 o[0], o[1]))
        new = self.name_of[self.colour(near)]
        share, roll = _heat(self.heat, [cell])
        return Action("repaint", verdict, (
            f"{why}: paint {self.sheet.cell_name(cell)} {new} (now "
            f"{self.name_of[key]}, crossed on only {share:.0%} of sheets, {_roll_text(roll)}), "
            f"joining it to the {new} area beside it."),
            (self.sheet.cell_name(cell),), new)

    def split(self, letter: str, column: int, verdict: str, why: str) -> Action | None:
        """Paint the most crossed cell of ``column`` in a big area a colour none of its
        neighbours has: its area splits, and the cell needs a move of its own."""
        cells = [c for c in self.sheet.column_cells(column)
                 if self.size[self.area_of[c] or 0] >= 3]
        for cell in sorted(cells, key=lambda c: (-_share(self.heat, c), c)):
            around = {self.colour(n) for n in self.neighbours(cell)} | {self.colour(cell)}
            free = [c.key for c in self.sheet.colours if c.key not in around]
            if free:
                # The easiest colour takes the cell: one more cell makes it a little harder.
                new = max(free, key=lambda k: (self.ease.get(k, 0.0), k))
                name = self.name_of[new]
                return Action("split_area", verdict, (
                    f"{why}: paint {self.sheet.cell_name(cell)} {name} (now "
                    f"{self.name_of[self.colour(cell)]}, crossed on "
                    f"{_share(self.heat, cell):.0%} of sheets), which splits its "
                    f"{self.size[self.area_of[cell] or 0]}-cell area and leaves column "
                    f"{letter} a one-cell area that needs a move of its own."),
                    (self.sheet.cell_name(cell),), name)
        return None

    def swap(self, key: str, bigger: bool, verdict: str, why: str) -> Action | None:
        """Swap the colours of an area of ``key`` and a bigger (or smaller) area of another
        colour: ``key`` gets more (or fewer) cells, the other colour the difference."""
        own = [a for a in self.sheet.areas if a.colour == key]
        others = [a for a in self.sheet.areas if a.colour != key]
        pairs = [(a, b) for a in own for b in others
                 if (len(b) > len(a)) == bigger and len(b) != len(a)]
        if not pairs:
            return None
        a, b = min(pairs, key=lambda p: (abs(len(p[1]) - len(p[0])),
                                         -self.ease.get(p[1].colour, 0.0) if bigger
                                         else self.ease.get(p[1].colour, 0.0),
                                         min(p[0].cells), min(p[1].cells)))
        return Action("swap_areas", verdict, (
            f"{why}: swap the colours of {_cells_text(self.sheet, sorted(a.cells))} "
            f"({self.name_of[key]}) and "
            f"{_cells_text(self.sheet, sorted(b.cells))} ({self.name_of[b.colour]}), so that "
            f"{self.name_of[key]} has {'more' if bigger else 'fewer'} cells."),
            tuple(self.sheet.cell_name(c) for c in sorted(a.cells)), None,
            tuple(self.sheet.cell_name(c) for c in sorted(b.cells)))

    def move_star(self, higher: bool, verdict: str, why: str) -> Action | None:
        """Move the star whose move changes the score most: from a rarely (often) crossed
        cell to the most (least) crossed cell of its column and colour: an uncrossed star
        costs points, so the score goes up (down). None when no move changes the mean
        score by :data:`STAR_EFFECT` points or more (a smaller change drowns in the games'
        noise)."""
        penalty = abs(getattr(self.sheet, "star_penalty", 2) or 2)
        best: tuple[float, int, int] | None = None
        for star in sorted(self.sheet.stars):
            column = self.sheet.geometry.column_of(star)
            # The star keeps its colour: bots chase stars, and a star moved to another
            # colour moves that chase, and with it the colours' verdicts (measured).
            free = [c for c in self.sheet.column_cells(column) if c not in self.sheet.stars
                    and self.colour(c) == self.colour(star)]
            if not free:
                continue
            target = (max if higher else min)(free, key=lambda c: (_share(self.heat, c), -c))
            effect = penalty * abs(_share(self.heat, target) - _share(self.heat, star))
            if (_share(self.heat, target) > _share(self.heat, star)) != higher:
                continue
            if best is None or effect > best[0]:
                best = (effect, star, target)
        if best is None or best[0] < STAR_EFFECT:
            return None
        effect, star, target = best
        return Action("move_star", verdict, (
            f"{why}: move the star of {self.sheet.cell_name(star)} (crossed on "
            f"{_share(self.heat, star):.0%} of sheets) to {self.sheet.cell_name(target)} "
            f"(crossed on {_share(self.heat, target):.0%}), so that "
            f"{'fewer' if higher else 'more'} stars are left uncrossed (about "
            f"{effect:.1f} points a player)."),
            (self.sheet.cell_name(star), self.sheet.cell_name(target)))


def _failing(found: Sequence[Verdict], code: str) -> bool:
    return any(v.code == code and v.ok is False for v in found)


def _side(value: float, references: dict[str, Measures], attr: str) -> bool:
    """Whether ``value`` lies above the pads' mean of ``attr``."""
    pads = [getattr(m, attr).value for m in references.values()]
    return bool(pads) and value > float(np.mean(pads))


def advise(sheet: Sheet, measures: Measures, references: dict[str, Measures], heat: HeatMap,
           column_moves: Sequence[int | None] | None = None,
           widening: Widening | None = None,
           found: Sequence[Verdict] | None = None,
           size: Yardstick | bool | None = True) -> Advice:
    """Sentences and actions for every failing verdict (``found``, else the verdicts of
    ``measures`` against ``references``); none when every verdict passes. ``size``: as
    for :func:`~kok_layouts.analysis.balance.verdicts`, the yardstick that carries the
    pads' score and length over to a board of another size."""
    if size is True:
        size = yardstick_for(sheet, measures, references)
    references = carried(references, measures, size if isinstance(size, Yardstick) else None)
    edition = edition_of(sheet)
    printed_first, printed_later = edition.column_points(sheet)
    printed = Advice(tuple(printed_first), tuple(printed_later), tuple(printed_first),
                     tuple(printed_later), ())
    games = measures.games
    if games < MIN_GAMES:
        return _with(printed, [f"Only {games} games: play at least {MIN_GAMES} (better "
                               "2,000) before changing anything."], [])
    if not references and not found:
        return _with(printed, ["No official pad to compare the board with: no change "
                               "suggested."], [])
    if found is None:
        found = verdicts(sheet, measures, references, None, column_moves, widening, False)
    noun = edition.colour_noun
    board = _Board(sheet, heat, measures)
    sentences: list[str] = []
    actions: list[Action] = []

    def add(action: Action | None) -> None:
        if action is not None and action not in actions:
            actions.append(action)

    easy_columns = _names(found, "column-easy", measures.column_ease, True, references,
                          widening)
    hard_columns = _names(found, "column-hard", measures.column_ease, False, references,
                          widening)
    first, later = list(printed_first), list(printed_later)
    if _failing(found, "column-points") and printed_first:
        first, later = suggest_column_points(sheet, measures, column_moves,
                                             easier=easy_columns, harder=hard_columns,
                                             references=references, widening=widening)
        changes = _points_text(sheet, first, later)
        what = edition.column_reward
        deal = {"printed": "deal the printed values again",
                "pad": f"deal the values of the printed {edition.reference_pad} pad instead",
                "pad-picked": f"deal the values of the printed {edition.reference_pad} pad "
                              "instead, picked evenly from its lowest to its highest",
                "spread": "spread the printed value one step down and up over a third of "
                          "the columns each"}[_values_to_deal(sheet, [
                              c for c in range(sheet.width) if sheet.column_cells(c)])[1]]
        if changes:
            add(Action("set_column_points", "column-points", (
                f"The column {what} do not follow the columns' difficulty: {deal} so that "
                f"they rise with it, the start column lowest: {changes}."),
                first=tuple(first), later=tuple(later)))
        else:
            sentences.append(f"The column {what} do not follow the columns' difficulty, but "
                             "dealing the printed values again changes nothing: no change is "
                             "known to the points alone.")
    rates = measures.colour_rates
    easy_colours = set(_names(found, f"{noun}-easy", measures.colour_ease, True, references,
                              widening, "colour"))
    for code, above in ((f"{noun}-easy", True), (f"{noun}-hard", False)):
        # The verdict's figure is its worst colour's: a change to another cannot move it.
        for name in _names(found, code, measures.colour_ease, above, references, widening,
                           "colour")[:1]:
            key = board.key_of[name]
            why = (f"{name.capitalize()} is too {'easy' if above else 'hard'} (completed in "
                   f"{rates[name].value:.0%} of games, {measures.colour_ease[name].value:+.0%} "
                   f"against the average {noun})")
            # A swap of two areas moves cells far from where the game goes; it is the
            # fallback when no cell next to the colour can change.
            if above:
                add(board.grow(key, code, why, avoid=easy_colours)
                    or board.swap(key, True, code, why))
            else:
                add(board.shrink(key, code, why)
                    or board.swap(key, False, code, why))
    points_out = bool(actions) and actions[0].kind == "set_column_points"
    # A colour that loses a cell gets easier: the grid changes for a column keep every
    # colour they take a cell from this far below the official pads' easiest.
    from kok_layouts.analysis.balance import ease_spread

    ceiling = (ease_spread(references, "colour", widening).high - EASE_ROOM
               if references else 1.0)
    for letter in easy_columns[:1] + hard_columns[:1]:
        column = next(c for c in range(sheet.width) if column_letter(c) == letter)
        if points_out:
            # Bots chase valuable columns: with the points out of line, a column found too
            # easy or too hard follows its points, and the re-deal above is its change.
            verdict_code = "column-easy" if letter in easy_columns else "column-hard"
            sentences.append(
                f"Column {letter} is too {'easy' if letter in easy_columns else 'hard'} "
                f"(completed in {measures.column_rates[letter].value:.0%} of games) with "
                f"its {edition.column_reward} out of line: the bots chase the valuable "
                f"columns, so deal the {edition.column_reward} again first (see above); "
                f"no change to the grid is known to help before that ({verdict_code}).")
            continue
        easy = letter in easy_columns
        code = "column-easy" if easy else "column-hard"
        why = (f"Column {letter} is too {'easy' if easy else 'hard'} (completed in "
               f"{measures.column_rates[letter].value:.0%} of games)")
        # Fewer points make a too easy column less chased; more points cannot make a
        # column the bots rarely complete for its cells easier, and they move the score.
        if easy and printed_first and first == list(printed_first):
            add(_column_swap(sheet, measures, letter, easy, code, why))
        if easy:
            add(board.split(letter, column, code, why))
        else:
            add(_join(board, column, code, why, ceiling))
    dealt = sum(first) - sum(printed_first)
    redealt = bool(printed_first) and list(first) != list(printed_first)
    _score_and_length(sheet, measures, references, found, board, add, sentences, widening,
                      dealt, redealt)
    for verdict in found:
        if verdict.ok is None and verdict.code != "reference":
            sentences.append(f"{verdict.text.split(':')[0]}: not enough games to tell; play "
                             "more before changing anything for it.")
    if not any(v.ok is False for v in found):
        easiest = max(measures.colour_ease, key=lambda n: measures.colour_ease[n].value)
        hardest = min(measures.colour_ease, key=lambda n: measures.colour_ease[n].value)
        sentences.insert(0, (
            f"Every verdict passes: no change suggested. The easiest {noun} is {easiest} "
            f"({rates[easiest].value:.0%} of games), the hardest {hardest} "
            f"({rates[hardest].value:.0%})."))
        return _with(printed, sentences, [])
    return Advice(tuple(printed_first), tuple(printed_later), tuple(first), tuple(later),
                  tuple([a.text for a in actions] + sentences), tuple(actions))


def _with(advice: Advice, sentences: list[str], actions: list[Action]) -> Advice:
    return Advice(advice.printed_first, advice.printed_later, advice.first, advice.later,
                  tuple(sentences), tuple(actions))


def _names(found: Sequence[Verdict], code: str, ease: dict[str, Any], above: bool,
           references: dict[str, Measures], widening: Widening | None,
           kind: str = "column") -> list[str]:
    """The colours or columns a failing ease verdict names, easiest (hardest) first."""
    from kok_layouts.analysis.balance import ease_spread, outliers

    if not _failing(found, code) or not references:
        return []
    spread = ease_spread(references, kind, widening)
    names = outliers(ease, spread, MIN_GAMES, above)
    return sorted(names, key=lambda n: -ease[n].value if above else ease[n].value)


def _column_swap(sheet: Sheet, measures: Measures, letter: str, easy: bool, code: str,
                 why: str) -> Action | None:
    """Swap a column's points with those of the column that should have them: a too easy
    column takes the lowest points of a harder column, a too hard one the highest of an
    easier one."""
    first, later = edition_of(sheet).column_points(sheet)
    columns = [c for c in range(sheet.width) if sheet.column_cells(c)]
    here = next(c for c in columns if column_letter(c) == letter)
    rates = measures.column_rates
    mine = rates[letter].value
    starts = edition_of(sheet).start_columns_of(sheet)
    if easy:
        # The start column keeps the lowest points, as on every printed pad.
        options = [c for c in columns if first[c] < first[here]
                   and rates[column_letter(c)].value < mine and c not in starts]
        pick = min(options, key=lambda c: (first[c], rates[column_letter(c)].value, c),
                   default=None)
    else:
        options = [c for c in columns if first[c] > first[here]
                   and rates[column_letter(c)].value > mine and c not in starts]
        pick = max(options, key=lambda c: (first[c], rates[column_letter(c)].value, -c),
                   default=None)
    if pick is None:
        return None
    new_first, new_later = list(first), list(later)
    new_first[here], new_first[pick] = first[pick], first[here]
    if later:
        new_later[here], new_later[pick] = later[pick], later[here]
    what = edition_of(sheet).column_reward
    return Action("set_column_points", code, (
        f"{why}: give it {'fewer' if easy else 'more'} {what}, swapping them with column "
        f"{column_letter(pick)}: {_points_text(sheet, new_first, new_later)}."),
        first=tuple(new_first), later=tuple(new_later))


def _join(board: _Board, column: int, code: str, why: str,
          ceiling: float = 1.0) -> Action | None:
    """Paint the least crossed cell of a column the colour of its most crossed neighbour;
    a cell whose colour is within :data:`EASE_ROOM` of the pads' easiest (``ceiling``)
    is left alone, since losing it makes that colour easier still."""
    for cell in sorted(board.sheet.column_cells(column),
                       key=lambda c: (_share(board.heat, c), c)):
        if board.ease.get(board.colour(cell), 0.0) > ceiling:
            continue
        options = [n for n in board.neighbours(cell) if board.colour(n) != board.colour(cell)]
        if not options:
            continue
        near = max(options, key=lambda n: (_share(board.heat, n), -n))
        new = board.name_of[board.colour(near)]
        share, roll = _heat(board.heat, [cell])
        return Action("repaint", code, (
            f"{why}: it is held up by {board.sheet.cell_name(cell)} (crossed on only "
            f"{share:.0%} of sheets, {_roll_text(roll)}); paint it {new}, joining it to the "
            f"well-crossed {new} area of {board.sheet.cell_name(near)}."),
            (board.sheet.cell_name(cell),), new)
    return None


def _score_and_length(sheet: Sheet, measures: Measures, references: dict[str, Measures],
                      found: Sequence[Verdict], board: _Board,
                      add: Any, sentences: list[str], widening: Widening | None,
                      dealt: int = 0, redealt: bool = False) -> None:
    """Actions for the score, the game length and the games that do not end; plain
    sentences for the seats and the distance from the yardstick pad. ``dealt`` is how
    many first points the suggested column points add (they hand out the printed pad's
    values when the board's are all equal): when that moves the score the way it must,
    the re-deal is the score's change too and no other is stacked on it. ``redealt``: the
    advice deals the column points again, so no second change of them is suggested for
    the score (two actions that each set every column's points would undo each other)."""
    same_size = all((m.width, m.height) == (measures.width, measures.height)
                    for m in references.values())
    score_attr = "mean_score" if same_size else "score_per_roll"
    length_attr = "mean_rolls" if same_size else "rolls_per_100_cells"
    noun = edition_of(sheet).colour_noun
    order = sorted(measures.colour_rates, key=lambda n: -measures.colour_rates[n].value)
    if _failing(found, "score"):
        high = _side(getattr(measures, score_attr).value, references, score_attr)
        why = (f"The mean score is too {'high' if high else 'low'} "
               f"({getattr(measures, score_attr).value:.2f}"
               f"{'' if same_size else ' per roll'})")
        bonus = getattr(sheet, "colour_bonus", None)
        what = edition_of(sheet).column_reward
        if dealt and (dealt < 0) == high:
            sentences.append(f"{why}: the column {what} suggested above add "
                             f"{dealt:+d} first {what} in all, which moves the score the "
                             "way it must; check again after dealing them before any "
                             "other change for the score.")
        elif bonus is not None:
            step = -1 if high else 1
            new = (max(1, bonus.first + step), max(0, bonus.later + step))
            if new[1] < new[0] and new != (bonus.first, bonus.later):
                add(Action("set_colour_bonus", "score", (
                    f"{why}: {'lower' if high else 'raise'} the colour bonus from "
                    f"{bonus.first}/{bonus.later} to {new[0]}/{new[1]}."),
                    first=(new[0],), later=(new[1],)))
        elif redealt:
            sentences.append(f"{why}: the {what} dealt again above change which columns "
                             "the players chase; check again after dealing them before "
                             f"changing the {what} for the score.")
        else:
            add(_bucket_step(sheet, measures, high, why))
        if not dealt:
            add(board.move_star(not high, "score", why))
    for code, ended in (("length", False), ("ending", True)):
        if not _failing(found, code):
            continue
        long = ended or _side(getattr(measures, length_attr).value, references, length_attr)
        why = ("Too many games stop at the roll limit" if ended else
               f"Games are too {'long' if long else 'short'} "
               f"({getattr(measures, length_attr).value:.1f} rolls"
               f"{'' if same_size else ' per 100 cells'})")
        # A game ends when somebody completes a second {noun}: the second easiest decides.
        # A colour a verdict finds too easy is never made easier, nor a too hard one harder.
        easy = set(_names(found, f"{noun}-easy", measures.colour_ease, True, references,
                          widening, "colour"))
        hard = set(_names(found, f"{noun}-hard", measures.colour_ease, False, references,
                          widening, "colour"))
        if not same_size and not ended:
            # Per 100 cells a smaller board's games are longer whatever its colours: a few
            # cells changed move the figure by less than its noise (measured on 9 x 5 and
            # 11 x 7 boards), and the size is the user's choice.
            sentences.append(f"{why}: the length per 100 cells is compared with the "
                             f"official pads of {references_size(references)}, and no "
                             "change of a few cells is known that brings a board of this "
                             "size within their range; judge it by the other verdicts.")
        elif not edition_of(sheet).number_dice and not ended:
            # Without number dice a move crosses a whole area (Kids: an enclosure): how
            # many cells a colour has does not set how many moves it needs, and painting
            # cells over joins areas (measured: it shortened the games it should lengthen).
            sentences.append(f"{why}: a move crosses a whole enclosure here, and no change "
                             f"of cells is known that {'shortens' if long else 'lengthens'} "
                             "the games reliably; try another arrangement of the "
                             f"{noun_plural(noun)}' enclosures and check again.")
        elif long and len(order) > 1 and order[1] not in easy:
            add(board.shrink(board.key_of[order[1]], code,
                             f"{why}; a game ends when somebody completes a second {noun}, "
                             f"so make the second easiest, {order[1]}, easier",
                             average=True))
        elif long:
            sentences.append(f"{why}, but the easiest {noun_plural(noun)} are too easy "
                             "already: no change is known that shortens the games without "
                             "making them easier still.")
        elif order and order[0] not in hard:
            add(board.grow(board.key_of[order[0]], code,
                           f"{why}; a game ends when somebody completes a second {noun}, "
                           f"so make the easiest, {order[0]}, harder", avoid=order[:3]))
    if _failing(found, "seats"):
        sentences.append("The seats win unevenly: no change to the board is known that evens "
                         "them out (the first three rolls, open to every player, give the "
                         "later seats their edge).")
    if _failing(found, "reference"):
        sentences.append("The distance from the yardstick pad follows the mean score and the "
                         "game length: "
                         + ("see the advice on those." if any(
                             _failing(found, c) for c in ("score", "length")) else
                            "no change is known for it while those pass."))


def references_size(references: dict[str, Measures]) -> str:
    """The official pads' size as text, ``15 x 7``."""
    sizes = sorted({(m.width, m.height) for m in references.values()})
    return ", ".join(f"{w} x {h}" for w, h in sizes)


def noun_plural(noun: str) -> str:
    return noun + "s"


def _bucket_step(sheet: Sheet, measures: Measures, high: bool, why: str) -> Action | None:
    """Kids: one bucket fewer (or more) on the most often completed column."""
    first, later = edition_of(sheet).column_points(sheet)
    columns = [c for c in range(sheet.width) if sheet.column_cells(c)
               and (first[c] > 0 or not high)]
    if not columns:
        return None
    pick = max(columns, key=lambda c: (measures.column_rates[column_letter(c)].value, -c))
    new = list(first)
    new[pick] += -1 if high else 1
    what = edition_of(sheet).column_reward
    return Action("set_column_points", "score", (
        f"{why}: {'one fewer' if high else 'one more'} of the {what} on column "
        f"{column_letter(pick)}, the most often completed: {_points_text(sheet, new, later)}."),
        first=tuple(new), later=tuple(later))
