"""Advice: what to change on a board, from its measures and heat map.

Suggested column points keep the printed values (the same scale and the same total, so
columns weigh the same against colour bonuses) and hand them out again so that they rise
with the measured difficulty. Colours (animals) and columns that the verdicts find too
easy or too hard are named with the areas or cells that make them so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import rankdata

from kok_layouts.analysis.balance import MIN_GAMES, Widening, ease_spread, outliers
from kok_layouts.analysis.heatmap import HeatMap
from kok_layouts.analysis.measures import Measures
from kok_layouts.editions import edition_of
from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import Sheet


@dataclass(frozen=True)
class Advice:
    printed_first: tuple[int, ...]
    printed_later: tuple[int, ...]
    first: tuple[int, ...]
    """Suggested first points (Kids: buckets) per column, on the printed scale."""
    later: tuple[int, ...]
    sentences: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"column_points": {"first": list(self.first), "later": list(self.later),
                                  "printed_first": list(self.printed_first),
                                  "printed_later": list(self.printed_later)},
                "sentences": list(self.sentences)}


def suggest_column_points(sheet: Sheet, measures: Measures,
                          column_moves: Sequence[int | None] | None = None,
                          ) -> tuple[list[int], list[int]]:
    """The printed (first, later) column points re-dealt so that harder columns get more
    (the start column keeps its own).

    A column's difficulty is how rarely it is completed; when the exact fewest moves are
    known (``column_moves``, one per column with cells) the two ranks are averaged, since
    bots chase valuable columns and so complete them more often than their shape
    deserves.
    """
    first, later = edition_of(sheet).column_points(sheet)
    columns = [c for c in range(sheet.width) if sheet.column_cells(c)]
    if not first or len(columns) != len(measures.column_rates):
        return first, later
    rates = [measures.column_rates[column_letter(c)].value for c in columns]
    rank = rankdata([-r for r in rates])
    if column_moves is not None and len(column_moves) == len(columns) and all(
            m is not None for m in column_moves):
        rank = (rank + rankdata([float(m or 0) for m in column_moves])) / 2
    # The start column keeps its printed value (the rules give it the least: everyone
    # crosses it first); ties in difficulty keep the column order, so the suggestion is
    # stable.
    fixed = edition_of(sheet).start_columns_of(sheet)
    dealt = [i for i, c in enumerate(columns) if c not in fixed]
    order = sorted(dealt, key=lambda i: (rank[i], i))
    pairs = sorted((first[columns[i]], later[columns[i]] if later else 0) for i in dealt)
    new_first, new_later = list(first), list(later)
    for pair, i in zip(pairs, order, strict=True):
        new_first[columns[i]] = pair[0]
        if later:
            new_later[columns[i]] = pair[1]
    return new_first, new_later


def _cells_text(sheet: Sheet, cells: Sequence[int]) -> str:
    names = [sheet.cell_name(c) for c in sorted(cells, key=lambda c: (c % sheet.width, c))]
    return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def _heat(heat: HeatMap, cells: Sequence[int]) -> tuple[float, float | None]:
    shares = [heat.crossed[c] or 0.0 for c in cells]
    rolls = [r for c in cells if (r := heat.mean_roll[c]) is not None]
    return float(np.mean(shares)), (float(np.mean(rolls)) if rolls else None)


def _roll_text(roll: float | None) -> str:
    return "never" if roll is None else f"at roll {roll:.0f} on average"


def advise(sheet: Sheet, measures: Measures, references: dict[str, Measures], heat: HeatMap,
           column_moves: Sequence[int | None] | None = None,
           widening: Widening | None = None) -> Advice:
    """Suggested column points and plain sentences on what to change."""
    edition = edition_of(sheet)
    printed_first, printed_later = edition.column_points(sheet)
    first, later = suggest_column_points(sheet, measures, column_moves)
    sentences: list[str] = []
    games = measures.games
    if games < MIN_GAMES:
        sentences.append(f"Only {games} games: play at least {MIN_GAMES} (better 2,000) "
                         "before changing anything.")
        return Advice(tuple(printed_first), tuple(printed_later), tuple(printed_first),
                      tuple(printed_later), tuple(sentences))
    noun = edition.colour_noun
    by_name = {c.name: c.key for c in sheet.colours}
    if references:
        spread = ease_spread(references, "colour", widening)
        for above in (True, False):
            for name in outliers(measures.colour_ease, spread, games, above):
                key = by_name.get(name)
                areas = [a for a in sheet.areas if a.colour == key]
                heated = sorted(((_heat(heat, list(a.cells)), a) for a in areas),
                                key=lambda item: item[0][0], reverse=above)
                rate = measures.colour_rates[name].value
                ease = measures.colour_ease[name].value
                if above:
                    picks = [f"{_cells_text(sheet, list(a.cells))} ({_cells(len(a))}, crossed "
                             f"on {share:.0%} of sheets, {_roll_text(roll)})"
                             for (share, roll), a in heated[:2]]
                    sentences.append(
                        f"{name.capitalize()} is too easy: completed in {rate:.0%} of games, "
                        f"{ease:+.0%} against the average {noun}. Its easiest areas are "
                        f"{'; '.join(picks)}: split them, make them smaller or move them "
                        "away from the start.")
                else:
                    picks = [f"{_cells_text(sheet, list(a.cells))} ({_cells(len(a))}, crossed "
                             f"on only {share:.0%} of sheets, {_roll_text(roll)})"
                             for (share, roll), a in heated[:2]]
                    sentences.append(
                        f"{name.capitalize()} is too hard: completed in {rate:.0%} of games, "
                        f"{ease:+.0%} against the average {noun}. It is held up by "
                        f"{'; '.join(picks)}: join those to bigger areas or bring them "
                        "nearer the start.")
        spread = ease_spread(references, "column", widening)
        for above in (True, False):
            for letter in outliers(measures.column_ease, spread, games, above):
                column = next(c for c in range(sheet.width) if column_letter(c) == letter)
                cells = sheet.column_cells(column)
                rate = measures.column_rates[letter].value
                if above:
                    sentences.append(
                        f"Column {letter} is too easy: completed in {rate:.0%} of games. "
                        "Give it fewer points or fewer cells in big areas near the start.")
                else:
                    worst = sorted(cells, key=lambda c: heat.crossed[c] or 0.0)[:2]
                    held = "; ".join(
                        f"{sheet.cell_name(c)} (crossed on {heat.crossed[c] or 0.0:.0%} of "
                        f"sheets, {_roll_text(heat.mean_roll[c])})" for c in worst)
                    sentences.append(
                        f"Column {letter} is too hard: completed in only {rate:.0%} of games, "
                        f"held up by {held}. Link those cells to bigger areas or give the "
                        "column more points.")
    if not sentences:
        easiest = max(measures.colour_ease, key=lambda n: measures.colour_ease[n].value)
        hardest = min(measures.colour_ease, key=lambda n: measures.colour_ease[n].value)
        sentences.append(
            f"No {noun} or column is out of line with the official pads. The easiest {noun} "
            f"is {easiest} ({measures.colour_rates[easiest].value:.0%} of games), the hardest "
            f"{hardest} ({measures.colour_rates[hardest].value:.0%}).")
    changed = [f"{column_letter(c)} {printed_first[c]}"
               + (f"/{printed_later[c]}" if printed_later else "")
               + f" -> {first[c]}" + (f"/{later[c]}" if later else "")
               for c in range(len(first)) if first[c] != printed_first[c]]
    what = edition.column_reward
    if changed:
        sentences.append(
            f"Suggested column {what} (the printed values, re-dealt to follow the measured "
            f"difficulty): {', '.join(changed)}.")
    elif first:
        sentences.append(f"The printed column {what} already rise with the measured "
                         "difficulty.")
    return Advice(tuple(printed_first), tuple(printed_later), tuple(first), tuple(later),
                  tuple(sentences))
