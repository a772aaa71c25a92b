"""Balance: statistics over simulated games, and plain-sentence verdicts with numbers."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy.stats import spearmanr

from kok_layouts.analysis.simulate import GameResult, goal_masks
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet
from kok_layouts.rules.game import SOLO_BANDS, solo_band

REFERENCES = {"classic": "black", "kok2": "grey", "kids": "kids"}
"""The official sheet of each edition that other sheets are compared with."""


@dataclass(frozen=True)
class GoalStats:
    name: str
    completed: float
    """Share of games in which somebody completed it."""
    mean_roll: float | None
    """Mean roll of its first completion, over the games where it was completed."""
    first_by_seat: tuple[float, ...]
    """Share of games in which each seat was among its first completers."""


@dataclass(frozen=True)
class Summary:
    layout: str
    edition: str
    players: int
    games: int
    ended: float
    mean_rolls: float
    sd_rolls: float
    mean_score: float
    sd_score: float
    win_rate: tuple[float, ...]
    components: dict[str, float]
    goals: tuple[GoalStats, ...]
    score_histogram: dict[int, int]
    bands: dict[str, int]

    def goal(self, name: str) -> GoalStats:
        return next(g for g in self.goals if g.name == name)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["score_histogram"] = {str(k): v for k, v in self.score_histogram.items()}
        return data


def summarise(sheet: Sheet, results: Sequence[GameResult]) -> Summary:
    """Game length, win rate by seat, mean score lines, and how often and how early every
    column, colour (animal) and row is completed, and by whom first."""
    games = len(results)
    players = results[0].players
    rolls = np.array([r.rolls for r in results], dtype=float)
    totals = np.array([s["total"] for r in results for s in r.scores], dtype=float)
    wins = np.zeros(players)
    for r in results:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    keys = [k for k in results[0].scores[0] if k != "total"]
    components = {k: float(np.mean([s[k] for r in results for s in r.scores])) for k in keys}
    goals = []
    for name in goal_masks(sheet):
        hits = [r.first[name] for r in results if name in r.first]
        by_seat = [sum(1 for _, seats in hits if seat in seats) / games
                   for seat in range(players)]
        goals.append(GoalStats(name, len(hits) / games,
                               float(np.mean([roll for roll, _ in hits])) if hits else None,
                               tuple(by_seat)))
    histogram = Counter(int(t) for t in totals)
    bands: dict[str, int] = {}
    if players == 1 and isinstance(sheet, ClassicSheet):
        counted = Counter(solo_band(int(t)) for t in totals)
        bands = {band: counted.get(band, 0) for band in SOLO_BANDS}
    return Summary(sheet.name, sheet.edition, players, games,
                   float(np.mean([r.ended for r in results])), float(rolls.mean()),
                   float(rolls.std(ddof=1)) if games > 1 else 0.0, float(totals.mean()),
                   float(totals.std(ddof=1)) if totals.size > 1 else 0.0,
                   tuple(float(w / games) for w in wins), components, tuple(goals),
                   dict(sorted(histogram.items())), bands)


@dataclass(frozen=True)
class Verdict:
    code: str
    ok: bool
    text: str


def _interval(a_mean: float, a_sd: float, a_n: int, b_mean: float, b_sd: float,
              b_n: int) -> tuple[float, float, float]:
    diff = a_mean - b_mean
    half = 1.96 * math.sqrt(a_sd ** 2 / max(1, a_n) + b_sd ** 2 / max(1, b_n))
    return diff, diff - half, diff + half


def _column_worth(sheet: Sheet) -> list[float]:
    if isinstance(sheet, KidsSheet):
        return [float(b) for b in sheet.buckets]
    assert isinstance(sheet, ClassicSheet)
    return [float(p.first) for p in sheet.column_points]


def verdicts(sheet: Sheet, summary: Summary, reference: Summary | None,
             column_moves: Sequence[int | None] | None = None) -> list[Verdict]:
    """The balance verdicts, each a sentence with its numbers.

    A column's difficulty is the exact fewest moves to complete it (``column_moves``, from
    the solvability search) when given: bots chase valuable columns, so how often they
    complete one says as much about the points as about the column. Without it, how
    rarely the bots complete it stands in.
    """
    found: list[Verdict] = []
    columns = [g for g in summary.goals if g.name.startswith("column ")]
    worth = [w for w, column in zip(_column_worth(sheet), range(sheet.width), strict=True)
             if sheet.column_cells(column)]
    what = "buckets" if isinstance(sheet, KidsSheet) else "points"
    if column_moves is not None and all(m is not None for m in column_moves):
        difficulty = [float(m or 0) for m in column_moves]
        measure = "the fewest moves that complete it"
    else:
        difficulty = [1.0 - g.completed for g in columns]
        measure = "how rarely the bots complete it"
    if len(set(worth)) > 1 and len(set(difficulty)) > 1:
        rho = float(spearmanr(worth, difficulty).statistic)
        ok = rho >= 0.5
        found.append(Verdict("column-points", ok, (
            f"Column {what} {'rise' if ok else 'do not rise enough'} with difficulty: rank "
            f"correlation {rho:+.2f} between the printed {what} and {measure} (1 is "
            f"perfect; below 0.5 the {what} do not follow the difficulty).")))
    else:
        found.append(Verdict("column-points", True, f"Every column carries the same {what} "
                             "or is equally hard: nothing to correlate."))
    noun = "animal" if isinstance(sheet, KidsSheet) else "colour"
    colours = [g for g in summary.goals if g.name.startswith(noun + " ")]
    rates = sorted(g.completed for g in colours)
    median = float(np.median(rates)) if rates else 0.0
    easy = [g for g in colours if g.completed > median + 0.25 and g.completed > 1.5 * median]
    counts = ", ".join(f"{c.name} {len(sheet.cells_of_colour(c.key))}" for c in sheet.colours)
    listing = ", ".join(f"{g.name.split(' ', 1)[1]} {g.completed:.0%}" for g in colours)
    if easy:
        names = ", ".join(g.name.split(" ", 1)[1] for g in easy)
        found.append(Verdict(f"{noun}-easy", False, (
            f"{names} {'is' if len(easy) == 1 else 'are'} much easier than the other "
            f"{noun}s: completed in {listing} of games (median {median:.0%}); cells: "
            f"{counts}.")))
    else:
        found.append(Verdict(f"{noun}-easy", True, (
            f"No {noun} is much easier than the others: completed in {listing} of games; "
            f"cells: {counts}.")))
    if summary.players > 1:
        expected = 1 / summary.players
        worst = max(summary.win_rate, key=lambda w: abs(w - expected))
        seat = summary.win_rate.index(worst) + 1
        margin = 1.96 * math.sqrt(expected * (1 - expected) / summary.games)
        ok = abs(worst - expected) <= max(margin, 0.05)
        found.append(Verdict("seats", ok, (
            f"Seats are {'fair' if ok else 'unfair'}: win rates "
            + ", ".join(f"{w:.1%}" for w in summary.win_rate)
            + f" (seat {seat} is furthest from {expected:.0%}; chance alone allows "
            f"{max(margin, 0.05):.1%}).")))
    if reference is not None and reference.layout != summary.layout:
        score = _interval(summary.mean_score, summary.sd_score, summary.games * summary.players,
                          reference.mean_score, reference.sd_score,
                          reference.games * reference.players)
        length = _interval(summary.mean_rolls, summary.sd_rolls, summary.games,
                           reference.mean_rolls, reference.sd_rolls, reference.games)
        close = (abs(score[0]) <= 0.15 * max(1.0, abs(reference.mean_score))
                 and abs(length[0]) <= 0.15 * reference.mean_rolls)
        found.append(Verdict("reference", close, (
            f"Compared with {reference.layout}: mean score {summary.mean_score:.1f} vs "
            f"{reference.mean_score:.1f} ({score[0]:+.1f}, 95% CI {score[1]:+.1f} to "
            f"{score[2]:+.1f}); games last {summary.mean_rolls:.1f} vs "
            f"{reference.mean_rolls:.1f} rolls ({length[0]:+.1f}, 95% CI {length[1]:+.1f} to "
            f"{length[2]:+.1f}). {'Close to' if close else 'Far from'} the official sheet "
            "(within 15% on both counts is close).")))
    if summary.ended < 0.99:
        found.append(Verdict("ending", False, (
            f"Only {summary.ended:.0%} of games ended by the rules; the others stopped at the "
            "roll limit.")))
    return found
