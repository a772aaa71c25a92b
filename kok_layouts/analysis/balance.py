"""Balance: statistics over simulated games, and plain-sentence verdicts with numbers."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np

from kok_layouts.analysis.intervals import Estimate
from kok_layouts.analysis.measures import (
    Measures,
    average_ranks,
    column_difficulty,
    column_worth,
    points_structure_rho,
    rank_correlation,
)
from kok_layouts.analysis.simulate import GameResult, goal_masks
from kok_layouts.analysis.yardsticks import Yardstick, carried, yardstick_for
from kok_layouts.editions import EDITIONS, edition_of
from kok_layouts.errors import KokError
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import Sheet

REFERENCES: Mapping[str, str] = MappingProxyType(
    {name: edition.reference_pad for name, edition in EDITIONS.items()})
"""The official pad of each edition that the "how far from" sentence names by default
(each edition's :attr:`~kok_layouts.editions.Edition.reference_pad`)."""


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
    bands = edition_of(sheet).solo_bands(int(t) for t in totals) if players == 1 else {}
    return Summary(sheet.name, sheet.edition, players, games,
                   float(np.mean([r.ended for r in results])), float(rolls.mean()),
                   float(rolls.std(ddof=1)) if games > 1 else 0.0, float(totals.mean()),
                   float(totals.std(ddof=1)) if totals.size > 1 else 0.0,
                   tuple(float(w / games) for w in wins), components, tuple(goals),
                   dict(sorted(histogram.items())), bands)


@dataclass(frozen=True)
class Verdict:
    """One balance verdict: ``ok`` is true (fine), false (a failure, shown with 95%
    confidence) or ``None`` (not enough games to tell)."""

    code: str
    ok: bool | None
    text: str
    gap: float = 0.0
    """How far the measure lies beyond the official pads' range, in the measure's own
    units (ease and correlations as they are, score and length as a share of the
    range's edge); 0 inside it. It says whether a change brought a failing verdict
    nearer to passing."""


MIN_GAMES = 30
"""Below this many games every verdict is "not enough games to tell"."""


@dataclass(frozen=True)
class Spread:
    """The range a measure takes over the official pads, widened by their own 95%
    intervals (so a pad simulated with another seed still lies inside)."""

    low: float
    high: float
    pads: int

    @classmethod
    def of(cls, estimates: Sequence[Estimate], pads: int) -> Spread:
        return cls(min(e.low for e in estimates), max(e.high for e in estimates), pads)

    @property
    def width(self) -> float:
        return self.high - self.low


def decide(estimate: Estimate, spread: Spread, games: int, *, above: bool = True,
           below: bool = True) -> bool | None:
    """False when the interval lies wholly outside the spread (on a side that counts);
    None when the games are too few or the interval too wide to tell (wider than twice
    the spread: an edition with one pad has a spread as narrow as that pad's own
    interval); else True."""
    if games < MIN_GAMES:
        return None
    if (above and estimate.low > spread.high) or (below and estimate.high < spread.low):
        return False
    if estimate.width > max(2 * spread.width, 1e-9):
        return None
    return True


def _worst(values: Sequence[bool | None]) -> bool | None:
    if any(v is False for v in values):
        return False
    if any(v is None for v in values):
        return None
    return True


NOT_ENOUGH = "not enough games to tell"
_LABELS = {"column-points": "Column points against difficulty", "colour-easy": "Colours too easy",
           "colour-hard": "Colours too hard", "animal-easy": "Animals too easy",
           "animal-hard": "Animals too hard", "column-easy": "Columns too easy",
           "column-hard": "Columns too hard", "seats": "Seats", "score": "Mean score",
           "length": "Game length", "reference": "Distance from the official pad",
           "ending": "Games ending by the rules"}


def _pct(value: float) -> str:
    return f"{value:+.0%}".replace("+0%", "0%")


def _ease_estimates(m: Measures, kind: str) -> list[Estimate]:
    return list((m.column_ease if kind == "column" else m.colour_ease).values())


def ease_spread(references: dict[str, Measures], kind: str,
                widening: Widening | None = None) -> Spread:
    """The spread of ``colour`` (animal) or ``column`` ease over the official pads
    (widened when the edition has too few pads to show how far pads may differ)."""
    pads = list(references.values())
    spread = Spread.of([e for m in pads for e in _ease_estimates(m, kind)], len(pads))
    return widening.widen(kind, spread) if widening is not None else spread


WIDEN_BELOW = 3
"""An edition with fewer official pads than this (Keer op Keer 2 and Kids have one each)
cannot show how much a good pad may differ from another: its spreads are widened by how
much the classic pads differ (see :class:`Widening`)."""
RELATIVE = ("mean_score", "mean_rolls", "score_per_roll", "rolls_per_100_cells")
STRUCTURE = "points_structure"
"""The widening kind of the rank correlation between printed column points and the
columns' structural difficulty (:func:`pad_structure_rho`)."""


def pad_structure_rho(layout: str) -> float | None:
    """:func:`~kok_layouts.analysis.measures.points_structure_rho` of a built-in pad, by
    name (``None`` for a name that is not a built-in layout)."""
    return _pad_structure(layout)


@cache
def _pad_structure(layout: str) -> float | None:
    try:
        return points_structure_rho(load_layout(layout))
    except KokError:
        return None
"""Measures whose widening scales with their size (a Kids game scores less than a classic
one); the others (ease, correlation, seat win rates) widen by the same amount."""


def _pad_bounds(m: Measures, kind: str) -> tuple[float, float] | None:
    """The low and high end of one pad's own spread of a measure."""
    if kind in ("colour", "column"):
        estimates = _ease_estimates(m, kind)
        return (min(e.low for e in estimates), max(e.high for e in estimates)
                ) if estimates else None
    if kind == "points_rho":
        return (m.points_rho.low, m.points_rho.high) if m.points_rho is not None else None
    if kind == STRUCTURE:
        rho = pad_structure_rho(m.layout)
        return (rho, rho) if rho is not None else None
    if kind.startswith("seat"):
        seat = int(kind[4:])
        return (m.seats[seat].low, m.seats[seat].high) if len(m.seats) > seat else None
    estimate: Estimate = getattr(m, kind)
    return estimate.low, estimate.high


@dataclass(frozen=True)
class Widening:
    """How much wider the spread over several official pads is than one pad's own.

    For every measure: how far the lowest pad's low end lies below the pads' mean low end,
    and the highest pad's high end above the mean high end. An edition with a single pad
    has only that pad's own spread, as narrow as its 95% interval; widening it by these
    margins (measured on the classic pads, relative to the measure's size where that
    grows with the game) asks a board to be as close to it as the classic pads are to
    each other, no closer.
    """

    margins: dict[str, tuple[float, float]]
    pads: int
    edition: str

    @classmethod
    def between(cls, references: dict[str, Measures], edition: str = "classic") -> Widening:
        pads = list(references.values())
        kinds = ["colour", "column", "points_rho", STRUCTURE, *RELATIVE,
                 *(f"seat{i}" for i in range(max((len(m.seats) for m in pads), default=0)))]
        margins: dict[str, tuple[float, float]] = {}
        for kind in kinds:
            bounds = [b for m in pads if (b := _pad_bounds(m, kind)) is not None]
            if len(bounds) < 2:
                continue
            lows, highs = [b[0] for b in bounds], [b[1] for b in bounds]
            below = float(np.mean(lows) - min(lows))
            above = float(max(highs) - np.mean(highs))
            if kind in RELATIVE:
                centre = float(np.mean([getattr(m, kind).value for m in pads]))
                below, above = below / centre, above / centre
            margins[kind] = (below, above)
        return cls(margins, len(pads), edition)

    def widen(self, kind: str, spread: Spread, size: float = 1.0) -> Spread:
        """``spread`` widened by the margins of ``kind`` (times ``size`` for the measures
        that scale)."""
        below, above = self.margins.get(kind, (0.0, 0.0))
        scale = size if kind in RELATIVE else 1.0
        return Spread(spread.low - below * scale, spread.high + above * scale, spread.pads)

    def note(self) -> str:
        return (f"widened by how much the {self.pads} {self.edition} pads differ from "
                "each other")


def outliers(measured: dict[str, Estimate], spread: Spread, games: int,
             above: bool) -> list[str]:
    """The names whose ease lies wholly above (or below) the spread with 95% confidence."""
    return [name for name, e in measured.items()
            if decide(e, spread, games, above=above, below=not above) is False]


def _ease_verdicts(kind: str, measured: dict[str, Estimate], rates: dict[str, Estimate],
                   spread: Spread, games: int, official: str, pads: int) -> list[Verdict]:
    """``{kind}-easy`` and ``{kind}-hard``: colours (animals) or columns completed far more
    or far less often than the board's average, beyond what the official pads show."""
    found = []
    for side, word, above in (("easy", "easier", True), ("hard", "harder", False)):
        judged = {name: decide(e, spread, games, above=above, below=not above)
                  for name, e in measured.items()}
        ok = _worst(list(judged.values()))
        bound = spread.high if above else spread.low
        if ok is False:
            names = [n for n, v in judged.items() if v is False]
            detail = ", ".join(
                f"{n} completed in {rates[n].value:.0%} of games, {_pct(measured[n].value)} "
                f"against the board's average (95% interval {_pct(measured[n].low)} to "
                f"{_pct(measured[n].high)})" for n in names)
            text = (f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} much {word} "
                    f"than the other {kind}s: {detail}; on the official {official} no "
                    f"{kind} goes beyond {_pct(bound)}.")
        elif ok is None:
            text = (f"{kind.capitalize()}s {'too easy' if above else 'too hard'}: "
                    f"{NOT_ENOUGH} ({games} games; the official pads reach {_pct(bound)}).")
        else:
            extreme = (max if above else min)(measured, key=lambda n: measured[n].value)
            text = (f"No {kind} is much {word} than the others: the "
                    f"{'easiest' if above else 'hardest'}, {extreme}, is completed in "
                    f"{rates[extreme].value:.0%} of games, {_pct(measured[extreme].value)} "
                    f"against the board's average; the official {official} "
                    f"{'reach' if pads != 1 else 'reaches'} {_pct(bound)}.")
        gaps = [(e.value - bound) if above else (bound - e.value) for e in measured.values()]
        found.append(Verdict(f"{kind}-{side}", ok, text, max([0.0, *gaps])))
    return found


def _points_verdict(sheet: Sheet, measures: Measures, pads: Sequence[Measures],
                    column_moves: Sequence[int | None] | None,
                    widen: Callable[[str, Spread], Spread], official: str) -> Verdict:
    """``column-points``: the printed column points (Kids: buckets) rise with the columns'
    difficulty as on the official pads.

    Two figures decide, and the text quotes both: the rank correlation with the columns'
    structural difficulty (:func:`~kok_layouts.analysis.measures.column_difficulty`), which
    fails below the lowest pad's, and the one with how rarely the bots complete the
    columns, which fails when its whole interval lies below the pads' (bots chase valuable
    columns, which pulls it down on every pad). Points all equal follow nothing: they fail.
    """
    games = measures.games
    what = edition_of(sheet).column_reward
    worth = column_worth(sheet)
    difficulty = column_difficulty(sheet)
    moves_note = ""
    if column_moves is not None and all(m is not None for m in column_moves) and \
            len(set(worth)) > 1 and len(set(column_moves)) > 1 and \
            len(worth) == len(column_moves):
        exact = rank_correlation(average_ranks(np.asarray(worth, dtype=float)),
                                 np.asarray([float(m or 0) for m in column_moves]))
        moves_note = f" With the exact fewest moves as difficulty it is {exact:+.2f}."
    structures = [r for m in pads if (r := pad_structure_rho(m.layout)) is not None]
    if not structures:
        return Verdict("column-points", None, f"No official pad to compare the column {what} "
                       "with.")
    floor = widen(STRUCTURE, Spread(min(structures), max(structures), len(structures))).low
    if len(set(worth)) < 2 and len(set(difficulty)) > 1:
        gap = max(0.0, floor)
        return Verdict("column-points", False if games >= MIN_GAMES else None, (
            f"Column {what}: every column carries the same {what} ({worth[0]}), so they "
            f"cannot follow the columns' difficulty (from {min(difficulty)} to "
            f"{max(difficulty)} moves to cross a column and reach it from the start); on the "
            f"official {official} the harder columns carry more (rank correlation at least "
            f"{floor:+.2f})."), gap)
    structure = points_structure_rho(sheet)
    if structure is None:
        return Verdict("column-points", True if games >= MIN_GAMES else None, (
            f"Column {what}: every column is as hard as the others (by the moves to cross it "
            f"and reach it), so the {what} have nothing to follow."))
    structure_ok = structure >= floor - 1e-9
    structure_text = (
        f"rank correlation between the printed {what} and the columns' difficulty (moves "
        f"to cross a column and reach it from the start): {structure:+.2f}, "
        f"{'at least' if structure_ok else 'below'} the lowest of the official {official}, "
        f"{floor:+.2f}")
    rhos = [m.points_rho for m in pads if m.points_rho is not None]
    rho = measures.points_rho
    measured_ok: bool | None = True
    measured_text, measured_gap = "", 0.0
    if rho is not None and rhos:
        spread = widen("points_rho", Spread(min(r.low for r in rhos), 1.0, len(rhos)))
        spread = Spread(spread.low, 1.0, spread.pads)
        measured_ok = decide(rho, spread, games, above=False)
        measured_gap = max(0.0, spread.low - rho.value)
        measured_text = (
            f"; with how rarely the bots complete the columns: {rho.value:+.2f} (95% "
            f"interval {rho.low:+.2f} to {rho.high:+.2f}), "
            f"{'below' if measured_ok is False else 'within'} the official pads' "
            f"{spread.low:+.2f} and up (bots chase valuable columns, which pulls this down "
            f"on every pad)")
    ok = _worst([structure_ok, measured_ok])
    state = {True: "follow the columns' difficulty as on the official pads",
             False: "do not follow the columns' difficulty as on any official pad",
             None: NOT_ENOUGH}[ok]
    return Verdict("column-points", ok, (
        f"Column {what}: {state}: {structure_text}{measured_text}.{moves_note}"),
        max(0.0, floor - structure) + measured_gap)


def verdicts(sheet: Sheet, measures: Measures, references: dict[str, Measures],
             yardstick: Measures | None = None,
             column_moves: Sequence[int | None] | None = None,
             widening: Widening | None = None,
             size: Yardstick | bool | None = True) -> list[Verdict]:
    """The balance verdicts, each a sentence with its numbers and its 95% interval.

    Each measure of the board is compared with its spread over ``references`` (the
    official pads of the edition, simulated the same way): a verdict fails only when the
    board's interval lies wholly outside that spread. ``yardstick`` is the pad the "how
    far from" sentence names. ``column_moves`` (the exact fewest moves per column) is
    quoted beside the measured difficulty. ``widening`` (for an edition with a single
    pad) widens every spread by how much the pads of another edition differ.

    A board of another size than the pads has its mean score, game length and distance
    from the yardstick pad judged against the pads' figures carried over to its size
    (:mod:`~kok_layouts.analysis.yardsticks`): ``size`` is that size's
    :class:`~kok_layouts.analysis.yardsticks.Yardstick` (``True``: the stored one of the
    default bot, measured now if none is stored; ``False`` or ``None``: none).
    """
    games = measures.games
    if size is True:
        size = yardstick_for(sheet, measures, references)
    size = size if isinstance(size, Yardstick) else None
    own = references
    references = carried(references, measures, size)
    if size is not None and yardstick is not None and yardstick.layout in own and \
            (yardstick.width, yardstick.height) != (measures.width, measures.height):
        yardstick = references[yardstick.layout]
    carry_note = (f" carried over to {size.size} (by how {size.boards} generated boards of "
                  "each size differ)" if size is not None else "")
    pads = list(references.values())
    official = ", ".join(references)
    if widening is not None:
        official += f" pad{'s' if len(pads) > 1 else ''} ({widening.note()})"
    else:
        official += " pads"

    def widen(kind: str, spread: Spread, size: float = 1.0) -> Spread:
        return widening.widen(kind, spread, size) if widening is not None else spread
    edition = edition_of(sheet)
    noun = edition.colour_noun
    found: list[Verdict] = []

    # Column points against difficulty: the columns' structure (no games needed) and
    # how rarely the bots complete them (calibrated on the pads).
    found.append(_points_verdict(sheet, measures, pads, column_moves, widen, official))

    # Colours (animals) and columns, each against the board's own average.
    found += _ease_verdicts(noun, measures.colour_ease, measures.colour_rates,
                            ease_spread(references, "colour", widening), games, official,
                            len(pads))
    found += _ease_verdicts("column", measures.column_ease, measures.column_rates,
                            ease_spread(references, "column", widening), games, official,
                            len(pads))

    # Seats.
    if measures.players > 1:
        judged = []
        for seat, rate in enumerate(measures.seats):
            seat_refs = [m.seats[seat] for m in pads if len(m.seats) > seat]
            if seat_refs:
                spread = widen(f"seat{seat}", Spread.of(seat_refs, len(seat_refs)))
            else:
                fair = 1 / measures.players
                spread = Spread(fair, fair, 0)
            judged.append((rate, spread, decide(rate, spread, games)))
        seat_gap = max(0.0, *(max(s.low - r.value, r.value - s.high) for r, s, _ in judged))
        ok = _worst([j[2] for j in judged])
        rates = ", ".join(f"seat {i + 1} {r.value:.1%} ({r.low:.1%} to {r.high:.1%})"
                          for i, (r, _, _) in enumerate(judged))
        spreads = ", ".join(f"{s.low:.1%} to {s.high:.1%}" for _, s, _ in judged)
        state = {True: "fair", False: "unfair", None: NOT_ENOUGH}[ok]
        found.append(Verdict("seats", ok, (
            f"Seats: {state}. Win rates with 95% intervals: {rates}; on the official {official} "
            f"the seats win {spreads}."), seat_gap))

    # Mean score and game length, raw on a board of the pads' size, else per roll / cell.
    same_size = all((m.width, m.height) == (measures.width, measures.height) for m in pads)
    if pads:
        if same_size:
            score_attr, score_name, score_fmt = "mean_score", "mean score", ".1f"
            length_attr, length_name = "mean_rolls", "game length in rolls"
        else:
            score_attr, score_name, score_fmt = "score_per_roll", "mean score per roll", ".2f"
            length_attr, length_name = ("rolls_per_100_cells",
                                        "game length in rolls per 100 cells")
        for code, attr, name, fmt in (("score", score_attr, score_name, score_fmt),
                                      ("length", length_attr, length_name, ".1f")):
            def of(m: Measures, attr: str = attr) -> Estimate:
                value: Estimate = getattr(m, attr)
                return value

            value = of(measures)
            spread = widen(attr, Spread.of([of(m) for m in pads], len(pads)),
                           float(np.mean([of(m).value for m in pads])))
            ok = decide(value, spread, games)
            state = {True: "within", False: "outside", None: NOT_ENOUGH + " if within"}[ok]
            found.append(Verdict(code, ok, (
                f"The {name} is {value.value:{fmt}} (95% interval {value.low:{fmt}} to "
                f"{value.high:{fmt}}): {state} the range of the official {official}"
                f"{carry_note}, "
                f"{spread.low:{fmt}} to {spread.high:{fmt}}."),
                max(0.0, (value.value - spread.high) / max(abs(spread.high), 1e-9),
                    (spread.low - value.value) / max(abs(spread.low), 1e-9))))

    if yardstick is not None and yardstick.layout != measures.layout:
        same_size = (yardstick.width, yardstick.height) == (measures.width, measures.height)
        carried_to = f" (carried over to {size.size})" if size is not None else ""
        per = "" if same_size else " per roll"
        mine = measures.mean_score if same_size else measures.score_per_roll
        theirs = yardstick.mean_score if same_size else yardstick.score_per_roll
        length_mine = measures.mean_rolls if same_size else measures.rolls_per_100_cells
        length_theirs = yardstick.mean_rolls if same_size else yardstick.rolls_per_100_cells
        unit = "rolls" if same_size else "rolls per 100 cells"
        diff = mine.value - theirs.value
        half = math.hypot((mine.high - mine.low) / 2, (theirs.high - theirs.low) / 2)
        ldiff = length_mine.value - length_theirs.value
        lhalf = math.hypot((length_mine.high - length_mine.low) / 2,
                           (length_theirs.high - length_theirs.low) / 2)
        ok = _worst([v.ok for v in found if v.code in ("score", "length")])
        distance = max([0.0, *(v.gap for v in found if v.code in ("score", "length"))])
        found.append(Verdict("reference", ok, (
            f"Compared with {yardstick.layout}{carried_to}: mean score{per} "
            f"{mine.value:.2f} vs "
            f"{theirs.value:.2f} ({diff:+.2f}, 95% interval {diff - half:+.2f} to "
            f"{diff + half:+.2f}); games last {length_mine.value:.1f} vs "
            f"{length_theirs.value:.1f} {unit} ({ldiff:+.1f}, 95% interval "
            f"{ldiff - lhalf:+.1f} to {ldiff + lhalf:+.1f})."), distance))

    ended = measures.ended
    if games < MIN_GAMES:
        ok_end: bool | None = None
    else:
        ok_end = ended.high >= 0.99
    if ok_end is not True:
        found.append(Verdict("ending", ok_end, (
            f"Only {ended.value:.0%} of games ended by the rules (95% interval "
            f"{ended.low:.0%} to {ended.high:.0%}); the others stopped at the roll limit."
            if ok_end is False else f"Games ending by the rules: {NOT_ENOUGH}."),
            max(0.0, 0.99 - ended.high)))
    if games < MIN_GAMES:
        found = [Verdict(v.code, None, f"{_LABELS.get(v.code, v.code)}: {NOT_ENOUGH} "
                         f"({games} games; at least {MIN_GAMES} are needed).", v.gap)
                 for v in found]
    return found
