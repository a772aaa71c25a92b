"""``--balanced``: improve a generated board by local search scored by ``kok check``.

The search changes the board only in ways that keep every invariant of its profile
(checked after every change): on official classic and Keer op Keer 2 boards it stacks a
column's colour runs in another order or swaps the colours of two columns' stars; on Kids
and custom boards it swaps the animals (colours) of two enclosures (areas), and on Kids
boards it sometimes lays the enclosures out afresh. Column points
follow the changed board's difficulty. A candidate is scored by the verdicts of
:func:`check`'s balance rules (simulated games with the check's default bot, compared with
the edition's printed sheet) on a few games; the best board then gets the full
``kok check``, whose verdicts the header records. The search is budgeted by candidates (so
the same seed gives the same board) and stops early at the time limit, saying so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from itertools import permutations

import numpy as np

from kok_layouts.analysis.balance import REFERENCES, Verdict, verdicts
from kok_layouts.analysis.check import check
from kok_layouts.analysis.measures import measure
from kok_layouts.analysis.references import REFERENCE_GAMES, reference_measures
from kok_layouts.analysis.simulate import DEFAULT_BOT, simulate
from kok_layouts.generator.board import GeneratedBoard, render_design
from kok_layouts.generator.classic import add_kok2
from kok_layouts.generator.design import Design
from kok_layouts.generator.invariants import official_invariants
from kok_layouts.generator.kids import enclosure_labels, kids_board
from kok_layouts.generator.originality import copies_printed_pad
from kok_layouts.generator.points import assign_column_points, column_difficulty
from kok_layouts.model.checks import check_sheet
from kok_layouts.model.loader import parse_layout
from kok_layouts.model.sheet import Sheet

SEARCH_GAMES = {"classic": 200, "kok2": 200, "kids": 200}
"""Games per candidate during the search: as many as the final check, with its seed and
bot, so that a candidate the search passes passes the final check too (fewer games leave
the calibrated verdicts at "not enough games to tell" and let a bad board through)."""
FINAL_GAMES = 200
"""Games of the final ``kok check``."""
CANDIDATES = {"classic": 30, "kok2": 30, "kids": 40}
"""Candidates tried at most per edition (Kids games are short, so more fit in the time);
the time limit may stop the search earlier."""
FINAL_SHARE = 0.3
"""Share of the time limit kept for the final check (the exact search and its games)."""
JOBS = 2
FRESH_SHARE = 0.2
"""Kids: share of search steps that lay out the enclosures afresh."""
SEARCH_MARGIN = 0.10
"""The search goes on until score and game length are this close to the printed sheet's."""

Progress = Callable[[float, str], None]


def _sheet(design: Design, board: GeneratedBoard) -> Sheet | None:
    """The sheet of a changed design, or ``None`` when it breaks its profile."""
    text = render_design(design, board.request, board.checks)
    sheet = parse_layout(text, "<candidate>")
    if check_sheet(sheet, board.request.profile):
        return None
    if design.edition != "kids" and copies_printed_pad(design.rows()):
        return None
    return sheet


def _column_runs(design: Design, column: int) -> list[tuple[str, int]]:
    """The runs of a column top to bottom, as (colour letter, length)."""
    runs: list[tuple[str, int]] = []
    for cell in design.geometry.column_cells(column):
        key = design.colour_of[cell] or ""
        if runs and runs[-1][0] == key:
            runs[-1] = (key, runs[-1][1] + 1)
        else:
            runs.append((key, 1))
    return runs


def _reorder_column(design: Design, rng: np.random.Generator) -> Design | None:
    """Stack one column's runs in another order that keeps every area size; each star
    stays in its colour, as near its old row as the run allows."""
    width = design.width
    column = int(rng.integers(width))
    runs = _column_runs(design, column)
    cells = design.geometry.column_cells(column)
    star_key = next((design.colour_of[c] for c in cells if c in design.stars), None)
    for order in rng.permutation(list(permutations(range(len(runs))))):
        if list(order) == sorted(order):
            continue
        new = design.copy()
        row, star_rows = 0, []
        for index in order:
            key, length = runs[int(index)]
            for offset in range(length):
                new.colour_of[(row + offset) * width + column] = key
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


def _swap_stars(design: Design, rng: np.random.Generator) -> Design | None:
    """Swap the colours of two columns' stars (each moves to a cell of the other colour in
    its column), keeping three stars per colour and at most one per area."""
    width = design.width
    first, second = (int(c) for c in rng.choice(width, 2, replace=False))
    star = {c: next(s for s in design.geometry.column_cells(c) if s in design.stars)
            for c in (first, second)}
    keys = {c: design.colour_of[star[c]] for c in (first, second)}
    if keys[first] == keys[second]:
        return None
    new = design.copy()
    for here, there in ((first, second), (second, first)):
        new.stars.discard(star[here])
        options = [c for c in design.geometry.column_cells(here)
                   if design.colour_of[c] == keys[there]]
        new.stars.add(options[int(rng.integers(len(options)))])
    return new if official_invariants(new) else None


def _swap_animals(design: Design, rng: np.random.Generator) -> Design:
    """Swap the animals of two enclosures."""
    new = design.copy()
    first, second = (int(i) for i in rng.choice(len(design.regions), 2, replace=False))
    key_a = design.colour_of[design.regions[first][0]]
    key_b = design.colour_of[design.regions[second][0]]
    for cell in design.regions[first]:
        new.colour_of[cell] = key_b
    for cell in design.regions[second]:
        new.colour_of[cell] = key_a
    if new.edition == "kids":
        new.enclosure_labels = enclosure_labels(new)
    return new


def _fresh_enclosures(design: Design, holes: int, rng: np.random.Generator) -> Design | None:
    """Kids: a new layout of enclosures and animals (swaps alone cannot change how many
    enclosures there are, which sets how long games last)."""
    return kids_board(design.width, design.height, len(design.palette), holes, rng)


def _neighbour(design: Design, profile: str, rng: np.random.Generator,
               holes: int = 0) -> Design | None:
    if design.edition == "kids" and rng.random() < FRESH_SHARE:
        return _fresh_enclosures(design, holes, rng)
    if design.edition == "kids" or profile != "official":
        new = _swap_animals(design, rng)
        if design.edition == "kids":
            return new
    elif rng.random() < 0.7:
        found = _reorder_column(design, rng)
        if found is None:
            return None
        new = found
    else:
        found = _swap_stars(design, rng)
        if found is None:
            return None
        new = found
    if new.edition == "kok2":
        add_kok2(new, rng)
    else:
        assign_column_points(new)
    return new


def _score(sheet: Sheet, design: Design, executor: Executor | None
           ) -> tuple[float, bool, list[Verdict]]:
    """Failed verdicts plus how far the numbers are from passing (lower is better), and
    whether the board passes with a margin: every verdict ok and score and game length
    within 10% of the printed sheet (the check allows 15%; few games are noisy).

    The candidate's games are judged against the official pads' figures as :func:`check`
    judges them (stored 2,000-game figures of the same bot). The column verdict compares
    the points with the generator's difficulty count (the exact fewest moves of the final
    check take too long for every candidate; how rarely bots complete a column misleads on
    few games, as bots chase valuable columns)."""
    games = SEARCH_GAMES[sheet.edition]
    measured = measure(sheet, simulate(sheet, games, 2, 1, (DEFAULT_BOT,), executor=executor))
    references = reference_measures(sheet.edition, 2, REFERENCE_GAMES, executor=executor)
    yardstick = references[REFERENCES[sheet.edition]]
    found = verdicts(sheet, measured, references, yardstick, column_difficulty(design))
    failed = sum(1 for v in found if v.ok is False)
    rates = [e.value for e in measured.colour_rates.values()]
    spread = (max(rates) - float(np.median(rates))) if rates else 0.0
    score_off = abs(measured.score_per_roll.value - yardstick.score_per_roll.value) / max(
        0.01, yardstick.score_per_roll.value)
    length_off = abs(measured.rolls_per_100_cells.value - yardstick.rolls_per_100_cells.value
                     ) / yardstick.rolls_per_100_cells.value
    passes = not failed and max(score_off, length_off) <= SEARCH_MARGIN
    return failed + 0.5 * (spread + score_off + length_off), passes, found


def _word(ok: bool | None) -> str:
    return "not enough games" if ok is None else "ok" if ok else "FAILS"


def balance(design: Design, board: GeneratedBoard, *, time_limit: float = 110.0,
            progress: Progress | None = None) -> GeneratedBoard:
    """The board improved by local search, with the final ``kok check`` in its header."""
    started = time.monotonic()
    search_until = started + time_limit * (1 - FINAL_SHARE)
    rng = np.random.default_rng([board.request.seed, 1_000_003])
    say = progress or (lambda fraction, status: None)
    most = CANDIDATES[design.edition]
    with ProcessPoolExecutor(max_workers=JOBS) as pool:
        best, best_sheet = design, board.sheet
        best_score, passes, found = _score(best_sheet, best, pool)
        tried, stopped = 1, False
        say(1 / (most + 2), f"candidate 1: {sum(v.ok is False for v in found)} verdicts fail")
        while tried < most and not passes:
            if time.monotonic() > search_until:
                stopped = True
                break
            candidate, sheet = None, None
            for _ in range(50):
                candidate = _neighbour(best, board.request.profile, rng,
                                       board.request.holes)
                sheet = None if candidate is None else _sheet(candidate, board)
                if sheet is not None:
                    break
            if candidate is None or sheet is None:
                break
            tried += 1
            score, passes_now, verdicts_now = _score(sheet, candidate, pool)
            if score <= best_score:
                best, best_sheet, best_score = candidate, sheet, score
                passes, found = passes_now, verdicts_now
            say(tried / (most + 2), f"candidate {tried}: best has "
                f"{sum(v.ok is False for v in found)} failing verdicts")
        say((most + 1) / (most + 2), f"final kok check ({FINAL_GAMES} games)")
        report = check(best_sheet, games=FINAL_GAMES, executor=pool)
    elapsed = time.monotonic() - started
    outcome = ", ".join(f"{v.code} {_word(v.ok)}" for v in report.verdicts)
    extra = (f"Balanced: {tried} candidates searched"
             + (" (stopped at the time limit)" if stopped else "") + ".",
             f"kok check ({FINAL_GAMES} games, 2 players, seed 1): {outcome}.")
    text = render_design(best, board.request, board.checks, extra)
    sheet = parse_layout(text, f"<generated {board.request.edition} {board.request.seed}>")
    say(1.0, f"done in {elapsed:.0f} s")
    return replace(board, sheet=sheet, text=text, report=report, time_limit_hit=stopped,
                   seconds=elapsed)
