"""The balance measures of a run of games, each with its 95% interval.

These are what a board is judged by, and what the stored reference figures of the
official pads hold (:mod:`kok_layouts.analysis.references`): completion rates per colour
(animal) and per column, and how much easier or harder each is than the board's average
("ease"); the rank correlation between printed column points and measured difficulty;
win rates by seat; mean score and game length, also per roll and per cell so that boards
of other sizes compare.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kok_layouts.analysis.intervals import Estimate, bootstrap_of_means, mean_interval, wilson
from kok_layouts.analysis.simulate import GameResult, goal_masks
from kok_layouts.editions import edition_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.board import board_for


def column_worth(sheet: Sheet) -> list[int]:
    """The printed first points (Kids: buckets) of every column that has cells."""
    worth, _ = edition_of(sheet).column_points(sheet)
    return [w for column, w in enumerate(worth) if sheet.column_cells(column)]


def column_difficulty(sheet: Sheet) -> list[int]:
    """The structural difficulty of every column that has cells: the moves that cross its
    own cells plus the areas crossed on the cheapest way to it from the start column(s)
    (Kids: the middle column), the cheap count the generator deals its points by
    (:func:`kok_layouts.generator.points.column_difficulty`). It needs no games, so no bot
    chasing valuable columns colours it."""
    from kok_layouts.generator.draft import Draft
    from kok_layouts.generator.points import column_difficulty as counted

    draft = Draft.from_sheet(sheet)
    draft.start_columns = sorted(edition_of(sheet).start_columns_of(sheet))
    return [d for column, d in enumerate(counted(draft)) if sheet.column_cells(column)]


def points_structure_rho(sheet: Sheet) -> float | None:
    """Rank correlation of the printed column points (Kids: buckets) with
    :func:`column_difficulty`; ``None`` when the points or the difficulties are all equal
    (nothing to correlate)."""
    worth, difficulty = column_worth(sheet), column_difficulty(sheet)
    if len(set(worth)) < 2 or len(set(difficulty)) < 2 or len(worth) != len(difficulty):
        return None
    return rank_correlation(average_ranks(np.asarray(worth, dtype=float)),
                            np.asarray(difficulty, dtype=float))


def _estimates(names: Sequence[str], values: np.ndarray, low: np.ndarray,
               high: np.ndarray) -> dict[str, Estimate]:
    return {name: Estimate(float(v), float(lo), float(hi))
            for name, v, lo, hi in zip(names, values, low, high, strict=True)}


def average_ranks(values: np.ndarray) -> np.ndarray:
    """The ranks of ``values`` (1 for the smallest), ties sharing the mean of their ranks:
    what ``scipy.stats.rankdata`` gives, without its per-call overhead (the bootstrap of a
    rank correlation asks a thousand times per check). Ranks are whole or half numbers, so
    they are exactly the same floats."""
    order = np.argsort(values, kind="mergesort")
    ordered = values[order]
    new = np.empty(values.size, dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    bounds = np.append(starts, values.size)
    group = np.cumsum(new) - 1
    ranks = np.empty(values.size)
    ranks[order] = ((bounds[:-1] + 1 + bounds[1:]) / 2.0)[group]
    return ranks


def average_ranks_of_rows(values: np.ndarray) -> np.ndarray:
    """:func:`average_ranks` of each row of a matrix, all rows at once (the very floats:
    each rank is computed from the same whole numbers)."""
    rows, width = values.shape
    order = np.argsort(values, axis=1, kind="mergesort")
    ordered = np.take_along_axis(values, order, axis=1)
    new = np.empty((rows, width), dtype=bool)
    new[:, 0] = True
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=new[:, 1:])
    positions = np.arange(width)
    # Where the group of each sorted place starts, and where the next group starts.
    starts = np.maximum.accumulate(np.where(new, positions, 0), axis=1)
    following = np.full((rows, width), width)
    following[:, :-1] = np.where(new[:, 1:], positions[1:], width)
    ends = np.minimum.accumulate(following[:, ::-1], axis=1)[:, ::-1]
    ranks = np.empty((rows, width))
    np.put_along_axis(ranks, order, (starts + 1 + ends) / 2.0, axis=1)
    return ranks


def ranks_of(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """:func:`average_ranks` of any sequence of numbers, as ``scipy.stats.rankdata`` gives
    them (also for none, and all NaN when one is NaN)."""
    array = np.asarray(values, dtype=float)
    if array.size == 0:
        return np.empty(0)
    if np.isnan(array).any():
        return np.full(array.size, np.nan)
    return average_ranks(array)


def rank_correlation(worth_ranks: np.ndarray, values: np.ndarray) -> float:
    """Spearman's rank correlation of values whose ranks are ``worth_ranks`` with
    ``values``, computed as ``scipy.stats.spearmanr`` does (Pearson's correlation of the
    ranks by ``np.corrcoef``, so the same float); NaN when ``values`` are all equal."""
    if (values == values[0]).all():
        return float("nan")
    return ranks_correlation(worth_ranks, average_ranks(values))


def ranks_correlation(worth_ranks: np.ndarray, ranks: np.ndarray) -> float:
    """Pearson's correlation of two rankings as ``np.corrcoef(np.column_stack((worth_ranks,
    ranks)), rowvar=False)[1, 0]`` gives it, to the last bit: the last step of
    :func:`rank_correlation`, for a caller that meets many rankings (a bootstrap of a
    check meets thousands). The same arrays, the same product of matrices and the same
    roundings as ``np.cov`` and ``np.corrcoef``, without their checks of arguments that
    cannot occur here, which took nine tenths of the time."""
    rows = np.column_stack((worth_ranks, ranks)).T  # 2 x k, as np.cov lays them out
    rows -= rows.mean(axis=1)[:, np.newaxis]
    products = np.dot(rows, rows.T.conj())
    scale = 1.0 / (rows.shape[1] - 1)
    deviations = math.sqrt(float(products[0, 0]) * scale), \
        math.sqrt(float(products[1, 1]) * scale)
    if not (deviations[0] > 0 and deviations[1] > 0):  # a ranking of one rank, or NaN
        return float(np.corrcoef(np.column_stack((worth_ranks, ranks)), rowvar=False)[1, 0])
    correlation = float(products[1, 0]) * scale / deviations[1] / deviations[0]
    return float(min(max(correlation, -1.0), 1.0))


@dataclass(frozen=True)
class Measures:
    """The measures of ``games`` games of ``players`` players on one board."""

    layout: str
    games: int
    players: int
    width: int
    height: int
    cells: int
    colour_rates: dict[str, Estimate]
    """Share of games in which somebody completed the colour (animal), by name."""
    colour_ease: dict[str, Estimate]
    """A colour's completion rate minus the mean rate of the board's colours."""
    column_rates: dict[str, Estimate]
    """Share of games in which somebody completed the column, by letter."""
    column_ease: dict[str, Estimate]
    points_rho: Estimate | None
    """Rank correlation of printed column points with 1 - completion rate (None when the
    points are all equal)."""
    seats: tuple[Estimate, ...]
    mean_score: Estimate
    """Mean final score of a seat."""
    mean_rolls: Estimate
    score_per_roll: Estimate
    rolls_per_100_cells: Estimate
    ended: Estimate

    def as_dict(self) -> dict[str, Any]:
        def table(values: dict[str, Estimate]) -> dict[str, list[float]]:
            return {k: e.as_list() for k, e in values.items()}

        return {
            "layout": self.layout, "games": self.games, "players": self.players,
            "width": self.width, "height": self.height, "cells": self.cells,
            "colour_rates": table(self.colour_rates), "colour_ease": table(self.colour_ease),
            "column_rates": table(self.column_rates), "column_ease": table(self.column_ease),
            "points_rho": self.points_rho.as_list() if self.points_rho else None,
            "seats": [e.as_list() for e in self.seats],
            "mean_score": self.mean_score.as_list(), "mean_rolls": self.mean_rolls.as_list(),
            "score_per_roll": self.score_per_roll.as_list(),
            "rolls_per_100_cells": self.rolls_per_100_cells.as_list(),
            "ended": self.ended.as_list(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Measures:
        def table(values: dict[str, list[float]]) -> dict[str, Estimate]:
            return {k: Estimate.from_list(v) for k, v in values.items()}

        rho = data["points_rho"]
        return cls(
            data["layout"], int(data["games"]), int(data["players"]), int(data["width"]),
            int(data["height"]), int(data["cells"]), table(data["colour_rates"]),
            table(data["colour_ease"]), table(data["column_rates"]),
            table(data["column_ease"]), Estimate.from_list(rho) if rho else None,
            tuple(Estimate.from_list(s) for s in data["seats"]),
            Estimate.from_list(data["mean_score"]), Estimate.from_list(data["mean_rolls"]),
            Estimate.from_list(data["score_per_roll"]),
            Estimate.from_list(data["rolls_per_100_cells"]), Estimate.from_list(data["ended"]))


def measure(sheet: Sheet, results: Sequence[GameResult]) -> Measures:
    """Every measure of the games in ``results`` (all played on ``sheet``)."""
    games = len(results)
    players = results[0].players
    names = list(goal_masks(sheet))
    completed = np.array([[name in r.first for name in names] for r in results], dtype=float)
    colour_idx = [i for i, n in enumerate(names) if n.startswith(("colour ", "animal "))]
    column_idx = [i for i, n in enumerate(names) if n.startswith("column ")]
    colour_names = [names[i].split(" ", 1)[1] for i in colour_idx]
    column_names = [names[i].split(" ", 1)[1] for i in column_idx]
    colours = completed[:, colour_idx]
    columns = completed[:, column_idx]

    def ease(rates: np.ndarray) -> np.ndarray:
        # Each row's rates minus that row's mean (the mean of a row is the float
        # ``row.mean()`` gives).
        result: np.ndarray = rates - rates.mean(axis=1, keepdims=True)
        return result

    colour_ease = bootstrap_of_means(colours, ease)
    column_ease = bootstrap_of_means(columns, ease)
    worth = column_worth(sheet)
    rho: Estimate | None = None
    if len(set(worth)) > 1 and len(worth) == len(column_idx):
        ranks = average_ranks(np.asarray(worth, dtype=float))
        known: dict[bytes, float] = {}

        def rho_of(rates: np.ndarray) -> np.ndarray:
            # Per row: the rank correlation of the printed worth with the columns'
            # difficulty (1 minus their completion rates), NaN when every column is as
            # hard as the others; one np.corrcoef per ranking: resamples often rank the
            # columns alike.
            difficulty = 1.0 - rates
            orders = average_ranks_of_rows(difficulty)
            flat = (difficulty == difficulty[:, :1]).all(axis=1)
            found = np.full((len(rates), 1), float("nan"))
            for row in np.flatnonzero(~flat):
                order = orders[row]
                key = order.tobytes()
                if key not in known:
                    known[key] = ranks_correlation(ranks, order)
                found[row, 0] = known[key]
            return found

        value, low, high = bootstrap_of_means(columns, rho_of)
        if np.isfinite([value[0], low[0], high[0]]).all():
            rho = Estimate(float(value[0]), float(low[0]), float(high[0]))
    wins = np.zeros(players)
    for r in results:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    totals = np.array([np.mean([s["total"] for s in r.scores]) for r in results])
    rolls = np.array([r.rolls for r in results], dtype=float)
    cells = board_for(sheet).full.bit_count()
    return Measures(
        sheet.name, games, players, sheet.width, sheet.height, cells,
        {n: wilson(float(colours[:, i].sum()), games) for i, n in enumerate(colour_names)},
        _estimates(colour_names, *colour_ease),
        {n: wilson(float(columns[:, i].sum()), games) for i, n in enumerate(column_names)},
        _estimates(column_names, *column_ease), rho,
        tuple(wilson(float(w), games) for w in wins), mean_interval(totals),
        mean_interval(rolls), mean_interval(totals / np.maximum(rolls, 1)),
        mean_interval(rolls * 100 / max(1, cells)),
        wilson(float(sum(r.ended for r in results)), games))
