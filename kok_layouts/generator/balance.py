"""``--balanced``: improve a generated board by local search scored by ``kok check``.

Every candidate is judged by the verdicts of :func:`check` itself: the same bot, seed and
games, against the same official-pad figures. It plays the check's games in stages
(:data:`STAGES`: 100, 300, 800, then all 2,000 of a default ``kok check``) and goes on to
the next stage only while no verdict fails (a failure is shown with 95% confidence on any
number of games) and, from the second stage, none would fail with intervals as narrow as
the full check's if the measured values held. The first board that passes every verdict of
the full check ends the search: that evaluation is its ``kok check``, the one the header
records and ``kok check BOARD`` repeats.

The moves (:mod:`~kok_layouts.generator.moves`, picked by the edition's generator,
:meth:`~kok_layouts.generator.maker.BoardGenerator.neighbour`) keep every invariant of the
board's profile (the candidate's sheet is checked again before it is played) and aim at
what fails:

* official classic and Keer op Keer 2 boards: a column that is too hard or too easy has the
  board grown anew from it (or a column or two nearer the start) out to the edge, keeping
  the columns on the start's side; a colour out of line, the score or the game length
  regrow the board from a random column; a column's runs may be stacked in another order
  or two columns' stars swap colours; now and then a fresh board is drawn;
* Kids boards: an animal out of line, or games too long or too short (a Kids game ends
  when somebody completes a second animal), has one of its enclosures swap animals with a
  bigger or smaller one; two enclosures swap animals; the enclosures are laid out afresh,
  since swaps cannot change how many enclosures there are;
* custom boards: two areas swap colours.

After a few candidates without a better one (the edition's
:class:`~kok_layouts.generator.maker.Balancing`) the search goes on from a fresh board.
Column points follow the changed board's difficulty. The search is budgeted by
candidates (the same seed gives the same board) and stops early at the time limit, saying
so; the header then records the best board's check on the games it played.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

import numpy as np

from kok_layouts.analysis.balance import REFERENCES, Verdict, ease_spread, outliers, verdicts
from kok_layouts.analysis.check import CHECK_GAMES, CheckReport, assess, widening_for
from kok_layouts.analysis.intervals import Estimate
from kok_layouts.analysis.measures import Measures, measure
from kok_layouts.analysis.references import REFERENCE_GAMES, reference_measures
from kok_layouts.analysis.simulate import DEFAULT_BOT, GameResult, simulate
from kok_layouts.analysis.solvability import analyse
from kok_layouts.analysis.workers import worker_pool
from kok_layouts.analysis.yardsticks import Yardstick, yardstick_for
from kok_layouts.generator.board import GeneratedBoard, board_sheet, header_lines
from kok_layouts.generator.draft import Draft
from kok_layouts.model.checks import check_sheet
from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.writer import dump_layout

STAGES = (100, 300, 800, CHECK_GAMES)
"""Games a candidate has played after each stage (the check's games 0.., in order): it
goes on to the next stage only while no verdict fails and none would fail at the full
check's precision (:attr:`Judged.settled`); the last stage is the whole ``kok check``."""
FINAL_GAMES = STAGES[-1]
PLAYERS = 2
SEED = 1
JOBS = 2
FINAL_SECONDS = 2.0
"""Time kept for the best board's report (its exact search and measures)."""

Progress = Callable[[float, str], None]


@dataclass(frozen=True)
class Judged:
    """A candidate and what its games said."""

    draft: Draft
    sheet: Sheet
    results: tuple[GameResult, ...]
    verdicts: tuple[Verdict, ...]
    measured: Measures
    badness: float
    unsettled: tuple[str, ...] = ()
    """The verdicts that would fail with the intervals as narrow as the full check's, if
    the measured values held (on the full check, the failing verdicts)."""
    unsettled_gap: float = 0.0
    """How far the :attr:`unsettled` verdicts would miss (their gaps summed): a slope to
    follow for a search whose candidates pass their first games near a verdict's edge."""

    @property
    def fails(self) -> int:
        return sum(v.ok is False for v in self.verdicts)

    @property
    def rank(self) -> tuple[float, int]:
        """Lower is better: the badness, then more games played."""
        return self.badness, -len(self.results)

    @property
    def passes(self) -> bool:
        """Every verdict of the full ``kok check`` passes."""
        return len(self.results) >= FINAL_GAMES and all(v.ok for v in self.verdicts)

    def status(self) -> str:
        failing = [v.code for v in self.verdicts if v.ok is False] or list(self.unsettled)
        return ("fails " + ", ".join(failing)) if failing else (
            "passes" if self.passes else f"passes {len(self.results)} games")


class Judge:
    """Plays candidates and judges them as ``kok check`` would."""

    def __init__(self, edition: str, executor: Executor) -> None:
        self.executor = executor
        self.references = reference_measures(edition, PLAYERS, REFERENCE_GAMES,
                                             executor=executor)
        self.yardstick = self.references[REFERENCES[edition]]
        self.widening = widening_for(edition, self.references, PLAYERS, REFERENCE_GAMES,
                                     executor=executor)
        self.progress: Callable[[int, int], None] | None = None
        """Called with (games played, games of the stage) as a candidate's games finish."""
        self.cut = False
        """Whether the time limit cut the search short."""
        self.seconds_per_game = 0.05
        """Wall-clock seconds per game on this machine, measured as games are played."""

    def play(self, sheet: Sheet, first: int, games: int) -> list[GameResult]:
        def step(done: int, total: int) -> None:
            if self.progress is not None:
                self.progress(first + done, first + total)

        return simulate(sheet, games, PLAYERS, SEED, (DEFAULT_BOT,), executor=self.executor,
                        first=first, progress=step)

    def size_of(self, sheet: Sheet, measured: Measures) -> Yardstick | None:
        """The yardstick of ``sheet``'s size (``None`` at the pads' size), as ``kok check``
        takes it."""
        return yardstick_for(sheet, measured, self.references, executor=self.executor)

    def target(self, sheet: Sheet, measured: Measures) -> Measures:
        """The yardstick pad's measures carried over to ``sheet``'s size: what a board of
        that size should score per roll and how long its games should last per 100 cells
        (the pad's own figures at the pads' size)."""
        size = self.size_of(sheet, measured)
        return self.yardstick if size is None else size.carry(self.yardstick, measured.cells)

    def judge(self, draft: Draft, sheet: Sheet, results: Sequence[GameResult]) -> Judged:
        measured = measure(sheet, results)
        size = self.size_of(sheet, measured)
        found = verdicts(sheet, measured, self.references, self.yardstick, None,
                         self.widening, size)
        fails = sum(v.ok is False for v in found)
        undecided = sum(v.ok is None for v in found)
        # Ranked by the distance from the yardstick of the board's own size: a 9 x 5 or
        # 20 x 12 board aims at what boards of its size score and last, not at the pad's.
        target = (self.yardstick if size is None
                  else size.carry(self.yardstick, measured.cells))
        score_off = abs(measured.score_per_roll.value / target.score_per_roll.value - 1)
        length_off = abs(measured.rolls_per_100_cells.value
                         / target.rolls_per_100_cells.value - 1)
        narrow = _narrowed(measured, (len(results) / FINAL_GAMES) ** 0.5)
        point = verdicts(sheet, narrow, self.references, self.yardstick, None,
                         self.widening, size)
        unsettled = tuple(v.code for v in point if v.ok is False)
        unsettled_gap = sum(v.gap for v in point if v.ok is False)
        badness = (fails + 0.3 * undecided + 0.3 * len(unsettled)
                   + 5 * (score_off + length_off))
        return Judged(draft, sheet, tuple(results), tuple(found), measured, badness,
                      unsettled, unsettled_gap)

    def __call__(self, draft: Draft, sheet: Sheet,
                 time_left: Callable[[], float] | None = None) -> Judged:
        """The candidate played stage by stage while it keeps passing (and, with
        ``time_left``, while the next stage fits in the time left)."""
        results: list[GameResult] = []
        judged = None
        for stage in STAGES:
            if judged is not None and time_left is not None and \
                    time_left() < self.seconds_per_game * (stage - len(results)):
                self.cut = True
                break
            started, count = time.monotonic(), stage - len(results)
            results += self.play(sheet, len(results), count)
            self.timed(count, time.monotonic() - started)
            judged = self.judge(draft, sheet, results)
            if judged.fails or (judged.unsettled and stage > STAGES[0]):
                break
        assert judged is not None
        return judged

    def timed(self, games: int, seconds: float) -> None:
        """Note that ``games`` games took ``seconds``."""
        if games >= 100:
            self.seconds_per_game = max(seconds / games, 1e-4)

    def animal_to_change(self, judged: Judged) -> tuple[str, bool] | None:
        """Kids: the animal whose cells to change and whether it should get fewer, from
        what fails: an animal out of line itself; games too long (the game ends when
        somebody completes a second animal: the second easiest gets fewer cells) or too
        short (the easiest gets more); ``None`` when nothing says which."""
        failing = {v.code for v in judged.verdicts if v.ok is False} | set(judged.unsettled)
        rates = judged.measured.colour_rates
        key = {colour.name: colour.key for colour in judged.draft.colours}
        easiest = sorted(rates, key=lambda name: -rates[name].value)
        if "animal-easy" in failing:
            return key[easiest[0]], False
        if "animal-hard" in failing:
            return key[easiest[-1]], True
        if failing & {"length", "score", "reference", "seats"} and len(easiest) > 1:
            target = self.target(judged.sheet, judged.measured)
            long = (judged.measured.rolls_per_100_cells.value
                    > target.rolls_per_100_cells.value)
            return (key[easiest[1]], True) if long else (key[easiest[0]], False)
        return None

    def columns_out_of_line(self, judged: Judged) -> list[int]:
        """The columns a column verdict fails."""
        spread = ease_spread(self.references, "column", self.widening)
        games = judged.measured.games
        letters = (outliers(judged.measured.column_ease, spread, games, True)
                   + outliers(judged.measured.column_ease, spread, games, False))
        return [c for c in range(judged.draft.width) if column_letter(c) in letters]


def _narrow(estimate: Estimate, factor: float) -> Estimate:
    value = estimate.value
    return Estimate(value, value - factor * (value - estimate.low),
                    value + factor * (estimate.high - value))


def _narrowed(m: Measures, factor: float) -> Measures:
    """The measures with every interval narrowed around its value by ``factor`` (as
    ``1 / factor**2`` times the games would give, if the values held)."""
    def table(values: dict[str, Estimate]) -> dict[str, Estimate]:
        return {k: _narrow(e, factor) for k, e in values.items()}

    return replace(
        m, colour_rates=table(m.colour_rates), colour_ease=table(m.colour_ease),
        column_rates=table(m.column_rates), column_ease=table(m.column_ease),
        points_rho=None if m.points_rho is None else _narrow(m.points_rho, factor),
        seats=tuple(_narrow(e, factor) for e in m.seats),
        mean_score=_narrow(m.mean_score, factor), mean_rolls=_narrow(m.mean_rolls, factor),
        score_per_roll=_narrow(m.score_per_roll, factor),
        rolls_per_100_cells=_narrow(m.rolls_per_100_cells, factor), ended=m.ended)


def candidate_sheet(draft: Draft, board: GeneratedBoard) -> Sheet | None:
    """The sheet of a changed draft, or ``None`` when it breaks its profile (or copies a
    printed sheet)."""
    sheet = board_sheet(draft, board.request)
    if check_sheet(sheet, board.request.profile):
        return None
    if not board.request.generator.original(draft):
        return None
    return sheet


def _same(a: Draft, b: Draft) -> bool:
    return a.cell_colours == b.cell_colours and a.stars == b.stars


def _word(ok: bool | None) -> str:
    return "not enough games" if ok is None else "ok" if ok else "FAILS"


def balance(draft: Draft, board: GeneratedBoard, *, time_limit: float = 110.0,
            progress: Progress | None = None) -> GeneratedBoard:
    """The board improved by local search, with its ``kok check`` in its header."""
    started = time.monotonic()
    rng = np.random.default_rng([board.request.seed, 1_000_003])
    say = progress or (lambda fraction, status: None)
    request = board.request
    generator = request.generator
    budget = generator.balancing
    shown = 0.0

    def report(status: str, fraction: float) -> None:
        nonlocal shown
        shown = max(shown, min(0.99, fraction))
        say(shown, status)

    with worker_pool(JOBS) as pool:
        judge = Judge(request.edition, pool)
        tried = 1

        def time_left() -> float:
            return time_limit - FINAL_SECONDS - (time.monotonic() - started)

        def playing(done: int, stage: int) -> None:
            report(f"candidate {tried}: game {done} of {stage}",
                   (time.monotonic() - started) / time_limit)

        judge.progress = playing
        best = judge(draft, board.sheet, time_left)
        report(f"candidate 1 {best.status()}", (time.monotonic() - started) / time_limit)
        current, stale, barren = best, 0, 0
        while tried < budget.candidates and not best.passes and not judge.cut:
            if time_left() < 1.5 * judge.seconds_per_game * STAGES[0]:
                judge.cut = True
                break
            # Moves from ``current``; after ``restart_after`` candidates without a better
            # one the search goes on from a fresh board (``best`` keeps the best seen).
            restart = stale >= budget.restart_after
            aim = judge.columns_out_of_line(current)
            animal = judge.animal_to_change(current)
            candidate, sheet = None, None
            for _ in range(50):
                candidate = generator.neighbour(current.draft, request.profile, rng,
                                                request.holes, aim, animal, restart)
                sheet = (None if candidate is None or _same(candidate, current.draft)
                         else candidate_sheet(candidate, board))
                if sheet is not None:
                    break
            if candidate is None or sheet is None:
                barren += 1
                if barren >= 20:
                    break  # no move keeps this board's invariants
                continue
            barren = 0
            tried += 1
            judged = judge(candidate, sheet, time_left)
            if restart or judged.passes or judged.rank <= current.rank:
                stale = 0 if judged.badness < current.badness or restart else stale + 1
                current = judged
            else:
                stale += 1
            if judged.passes or judged.rank <= best.rank:
                best = judged
            report(f"candidate {tried}: best {best.status()}",
                   (time.monotonic() - started) / time_limit)
        report("kok check of the best board", (time.monotonic() - started) / time_limit)
        final = assess(best.sheet, analyse(best.sheet, pool), best.results, seed=SEED,
                       executor=pool)
    elapsed = time.monotonic() - started
    return _finish(board, best.sheet, final, tried, judge.cut, elapsed, say)


def _finish(board: GeneratedBoard, sheet: Sheet, report: CheckReport, tried: int,
            stopped: bool, elapsed: float, say: Progress) -> GeneratedBoard:
    outcome = ", ".join(f"{v.code} {_word(v.ok)}" for v in report.verdicts)
    games = report.summary.games if report.summary is not None else 0
    state = reached(report, games)
    why = ("stopped at the time limit" if stopped else
           "" if state == PASSES else "the search's candidates ran out")
    extra = (f"Balanced: {tried} candidates searched"
             + (f" ({why}: {state})" if why else "") + ".",
             f"kok check ({games} games, {PLAYERS} players, seed {SEED}): {outcome}.")
    text = dump_layout(sheet, header_lines(board.request, board.checks, extra))
    say(1.0, f"done in {elapsed:.0f} s: {state}")
    return replace(board, sheet=sheet, text=text, report=replace(report, sheet=sheet),
                   time_limit_hit=stopped, seconds=elapsed, candidates=tried, state=state)


PASSES = "the best board passes every verdict of the full check"


def reached(report: CheckReport, games: int) -> str:
    """What the balancing search reached, in words: :data:`PASSES`, or which verdicts the
    best board still fails or cannot tell after how many games."""
    failing = [v.code for v in report.verdicts if v.ok is False]
    unsure = [v.code for v in report.verdicts if v.ok is None]
    if failing:
        return f"the best board still fails {', '.join(failing)} after {games} games"
    if unsure:
        return f"the best board cannot tell {', '.join(unsure)} after {games} games"
    if games < FINAL_GAMES:
        return (f"the best board passes every verdict on {games} games, short of the "
                f"full {FINAL_GAMES}-game check")
    return PASSES
