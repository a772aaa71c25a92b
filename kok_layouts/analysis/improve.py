"""``kok improve``: from a user's own board, a board that passes every verdict of
``kok check`` with the fewest changed cells, stars and points.

The search starts from the board itself and tries, one at a time, the actions the advice
suggests for what fails (:mod:`~kok_layouts.analysis.advice`), repaints at the edge of the
colours the verdicts name (more cells at once after rounds without a better board), and
the generator's aimed moves (:mod:`~kok_layouts.generator.moves`: regrow from a column
out of line, stack a column's runs anew, swap two columns' stars on official boards; give
an animal a bigger or smaller enclosure, swap two areas' colours elsewhere; Kids, an
animal too easy or games too short: first cut a piece of another animal's big enclosure
into a new enclosure of it, since a move crosses a whole enclosure). A candidate
is judged by the calibrated verdicts of ``kok check`` with the strong bot (seed 1, two
players), its games played in stages so that most candidates are dropped after 100 or 300 games
(:class:`~kok_layouts.generator.balance.Judge`); a candidate that is better, counting a
small price for every change, becomes the board the next moves start from. The search
keeps the profile the input satisfies (an official board stays official), what ``keep``
names and the looks of a board a designer would print (:mod:`~kok_layouts.analysis.looks`:
colour sizes, area sizes, no new islands, at most ``max_changes`` cells repainted), and
stops at the first board that passes every verdict of the full check or at the time
limit, saying what it reached and, when it fails, which verdicts it could not fix and why.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace

import numpy as np

from kok_layouts import limits
from kok_layouts.analysis.advice import Action, advise, apply_action
from kok_layouts.analysis.balance import Verdict
from kok_layouts.analysis.check import CHECK_GAMES, CheckReport, assess
from kok_layouts.analysis.heatmap import heat_map
from kok_layouts.analysis.looks import Looks, default_max_changes, looks_problem
from kok_layouts.analysis.solvability import analyse
from kok_layouts.analysis.workers import worker_pool
from kok_layouts.editions import edition_of
from kok_layouts.errors import BadArgumentError, KokError, KokTypeError, shown, shown_repr
from kok_layouts.model.checks import refuse_unprintable, validate_sheet
from kok_layouts.model.grid import column_letter
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.writer import dump_layout

KEEPS = ("grid", "points", "stars")
"""What ``keep`` may hold: the colours of the cells, the column points (Kids: buckets) and
the colour bonus, the stars."""
PROFILES = ("basic", "official")
DEFAULT_SECONDS = 120.0
"""The default time limit: two minutes on two cores for a 15 x 7 board."""
JOBS = 2
CHANGE_PRICE = 0.02
"""What one changed cell, star or column's points costs in a candidate's badness: a tie
goes to the board with fewer changes, a verdict nearer to passing outweighs many."""
GAP_WEIGHT = 2.0
FINAL_SECONDS = 10.0
"""Time kept for the best board's report (its exact search); a quarter of the time limit
when that is less."""
STAGES = (100, 300, 800, CHECK_GAMES)
EMPTY_ROUNDS = 8
"""Rounds in a row with no new candidate (every move seen, or refused for the profile,
``keep`` or the looks) before the search gives up; each such round tries more cells at
once."""
RANDOM_MOVES = 3
"""Generator moves tried per round besides the advice's actions."""

Progress = Callable[[float, str], None]


@dataclass(frozen=True)
class Improved:
    """What ``kok improve`` reached: the board, its layout text (with every change in the
    header), the changes, and the ``kok check`` of the games it played."""

    sheet: Sheet
    text: str
    changes: tuple[str, ...]
    report: CheckReport
    passes: bool
    """Every verdict of the full check passes."""
    stopped: bool
    """The time limit stopped the search."""
    seconds: float
    candidates: int
    profile: str
    games: int
    failing: tuple[str, ...] = field(default=())
    """The codes of the verdicts that still fail (or cannot tell yet)."""
    state: str = ""
    """What the search reached, in words ("every verdict passes", "stopped by the time
    limit (30 s)", ...): the header's and the command line's. The header never holds the
    seconds the search took (:attr:`seconds`): the same board, seed and options give the
    same file."""


def changes_between(before: Sheet, after: Sheet) -> list[str]:
    """Every change from ``before`` to ``after``, as the header lists them: ``E3: yellow ->
    orange``, ``star: B2 -> none``, ``column E: 5/4 -> 1/0``, ``colour bonus: 5/3 -> 4/2``."""
    names = {c.key: c.name for c in (*before.colours, *after.colours)}
    found = []
    for cell in before.board_cells:
        old, new = before.cell_colours[cell], after.cell_colours[cell]
        if old != new:
            found.append(f"{before.cell_name(cell)}: {names.get(old or '', old)} -> "
                         f"{names.get(new or '', new)}")
    for cell in sorted(before.stars - after.stars):
        found.append(f"star: {before.cell_name(cell)} -> none")
    for cell in sorted(after.stars - before.stars):
        found.append(f"star: none -> {after.cell_name(cell)}")
    first, later = edition_of(before).column_points(before)
    new_first, new_later = edition_of(after).column_points(after)
    for column in range(min(len(first), len(new_first))):
        pair = (first[column], later[column] if later else None)
        new_pair = (new_first[column], new_later[column] if new_later else None)
        if pair != new_pair:
            def text(p: tuple[int, int | None]) -> str:
                return f"{p[0]}" + (f"/{p[1]}" if p[1] is not None else "")
            found.append(f"column {column_letter(column)}: {text(pair)} -> {text(new_pair)}")
    bonus, new_bonus = getattr(before, "colour_bonus", None), getattr(after, "colour_bonus", None)
    if bonus != new_bonus and bonus is not None and new_bonus is not None:
        found.append(f"colour bonus: {bonus.first}/{bonus.later} -> "
                     f"{new_bonus.first}/{new_bonus.later}")
    boxes, new_boxes = getattr(before, "box_cells", None), getattr(after, "box_cells", None)
    if boxes != new_boxes and boxes is not None and new_boxes is not None:
        for cell in sorted(boxes - new_boxes):
            found.append(f"box: {before.cell_name(cell)} -> none")
        for cell in sorted(new_boxes - boxes):
            found.append(f"box: none -> {after.cell_name(cell)}")
    return found


def _kept(before: Sheet, after: Sheet, keep: frozenset[str]) -> bool:
    if "grid" in keep and before.cell_colours != after.cell_colours:
        return False
    if "stars" in keep and before.stars != after.stars:
        return False
    same_points = (edition_of(before).column_points(before)
                   == edition_of(after).column_points(after)
                   and getattr(before, "colour_bonus", None)
                   == getattr(after, "colour_bonus", None))
    return "points" not in keep or same_points


def profile_of(sheet: Sheet) -> str:
    """The strictest profile ``sheet`` satisfies: ``official`` or ``basic``."""
    return "official" if not validate_sheet(sheet, "official") else "basic"


@dataclass
class _Candidate:
    sheet: Sheet
    judged: object
    verdicts: tuple[Verdict, ...]
    badness: float
    games: int
    passes: bool
    changes: int
    actions: tuple[Action, ...] = ()

    @property
    def rank(self) -> float:
        return self.badness + CHANGE_PRICE * self.changes

    def failing(self) -> list[str]:
        return [v.code for v in self.verdicts if v.ok is not True]


class _Search:
    """The state of one search: the judge, the original board, the time."""

    def __init__(self, original: Sheet, profile: str, keep: frozenset[str], games: int,
                 executor: Executor, rng: np.random.Generator, time_limit: float,
                 say: Progress, max_changes: int | None = None) -> None:
        from kok_layouts.generator.balance import Judge

        self.original, self.profile, self.keep, self.games = original, profile, keep, games
        self.max_changes = (default_max_changes(original) if max_changes is None
                            else max_changes)
        self.looks = Looks.of(original)
        self.refused: dict[str, int] = {}
        """Why candidates were left out for their looks, and how many."""
        self.rng, self.say = rng, say
        self.started, self.time_limit = time.monotonic(), time_limit
        self.judge = Judge(original.edition, executor)
        self.stages = (*(s for s in STAGES if s < games), games)
        self.seen: set[tuple[object, ...]] = set()
        self.tried = 0
        self.stopped = False
        self.judge_per_game = 0.0
        """Seconds the judge's verdicts take per game judged (the most lately): a
        stage's verdicts are over all its games, so they take longer stage by stage."""
        self.reserve = 0.0
        """Seconds kept for the rest of the full check of the best board, when it passes
        every verdict on the games it played (:meth:`confirm_cost`)."""
        self.exhausted = False
        """No move near the best board was left to try."""

    def time_left(self) -> float:
        kept = min(FINAL_SECONDS, self.time_limit / 4)
        return self.time_limit - kept - self.reserve - (time.monotonic() - self.started)

    def fraction(self) -> float:
        return min(0.99, (time.monotonic() - self.started) / self.time_limit)

    def key(self, sheet: Sheet) -> tuple[object, ...]:
        first, later = edition_of(sheet).column_points(sheet)
        return (sheet.cell_colours, sheet.stars, tuple(first), tuple(later),
                getattr(sheet, "colour_bonus", None), getattr(sheet, "box_cells", None))

    def admissible(self, sheet: Sheet) -> bool:
        """A new board that keeps the profile and what ``keep`` names."""
        if self.key(sheet) in self.seen:
            return False
        if validate_sheet(sheet, self.profile):  # type: ignore[arg-type]
            return False
        if not _kept(self.original, sheet, self.keep):
            return False
        problem = looks_problem(self.original, sheet, self.max_changes, self.looks)
        if problem is not None:
            reason = problem.split(" would ")[-1] if " would " in problem else problem
            self.refused[reason] = self.refused.get(reason, 0) + 1
            return False
        return True

    def evaluate(self, sheet: Sheet, label: str, first: bool = False) -> _Candidate | None:
        """The candidate's games stage by stage while it keeps passing; ``None`` when the
        time left is too short for its first stage (the ``first`` board, the user's own,
        always plays its first stage: there is nothing to report without it)."""
        self.seen.add(self.key(sheet))
        judged = self._play(sheet, label, [], first, settle=True)
        if judged is None:
            return None
        self.tried += 1
        return self._candidate(sheet, judged)

    def _play(self, sheet: Sheet, label: str, results: list[object], first: bool,
              settle: bool) -> object | None:
        """The judge's verdict on ``sheet`` after the stages beyond the games in
        ``results``, played while no verdict fails (and, with ``settle``, none would fail
        at the full check's precision) and the next stage fits in the time left."""
        from kok_layouts.generator.draft import Draft

        draft = Draft.from_sheet(sheet)
        judged = None
        for stage in self.stages:
            if stage <= len(results):
                continue
            needed = (self.judge.seconds_per_game * (stage - len(results))
                      + self.judge_per_game * stage)
            if self.time_left() < needed and not (first and judged is None):
                self.stopped = True
                break
            count = stage - len(results)

            def step(done: int, total: int) -> None:
                self.say(self.fraction(), f"{label}: game {done} of {total}")

            self.judge.progress = step
            started = time.monotonic()
            results = results + self.judge.play(sheet, len(results), count)
            self.judge.timed(count, time.monotonic() - started)
            started = time.monotonic()
            judged = self.judge.judge(draft, sheet, results)  # type: ignore[arg-type]
            self.judge_per_game = max(0.5 * self.judge_per_game,
                                      (time.monotonic() - started) / max(1, len(results)))
            if judged.fails or (settle and judged.unsettled and stage > self.stages[0]):
                break
        return judged

    def _candidate(self, sheet: Sheet, judged: object) -> _Candidate:
        found = judged.verdicts  # type: ignore[attr-defined]
        games = len(judged.results)  # type: ignore[attr-defined]
        fails = judged.fails  # type: ignore[attr-defined]
        gaps = sum(v.gap for v in found if v.ok is False)
        passes = games >= self.games and all(v.ok is True for v in found)
        # The judge's own badness adds how far the score and length per roll lie from the
        # yardstick of the board's size, which would pull a user's board towards it beyond
        # what the verdicts ask: the verdicts and their gaps (against the pads carried
        # over to the board's size) decide here.
        badness = (fails + 0.3 * sum(v.ok is None for v in found)
                   + 0.3 * len(judged.unsettled))  # type: ignore[attr-defined]
        # A candidate that passes its games near a verdict's edge (it would fail with the
        # full check's precision) is ranked by how far it would miss: without that slope
        # the search wanders among boards that all pass 300 games and none the full check.
        gaps += judged.unsettled_gap if not fails else 0.0  # type: ignore[attr-defined]
        return _Candidate(sheet, judged, tuple(found), badness + GAP_WEIGHT * gaps, games,
                          passes, len(changes_between(self.original, sheet)))

    def confirm_cost(self, candidate: _Candidate) -> float:
        """The seconds the rest of the full check of a candidate that passes every verdict
        on its games would take (0 for any other): time the search keeps for it."""
        if candidate.passes or any(v.ok is False for v in candidate.verdicts):
            return 0.0
        judged = sum(stage for stage in self.stages if stage > candidate.games)
        # Twice the estimate: a stage's games take longer than the first stages' pace
        # suggests on a busy machine; each stage's verdicts are over all its games.
        return 2 * (self.judge.seconds_per_game * (self.games - candidate.games)
                    + self.judge_per_game * judged)

    def confirm(self, candidate: _Candidate) -> _Candidate:
        """The candidate after the rest of the full check's games (as many stages as fit
        in the time kept), played on even where a verdict is near its edge: the check
        decides."""
        self.reserve = 0.0
        judged = self._play(candidate.sheet, "the best board", list(
            candidate.judged.results), False, settle=False)  # type: ignore[attr-defined]
        return candidate if judged is None else self._candidate(candidate.sheet, judged)

    def actions(self, candidate: _Candidate) -> list[Action]:
        """The advice's actions for what the candidate fails."""
        judged = candidate.judged
        measured = judged.measured  # type: ignore[attr-defined]
        heat = heat_map(candidate.sheet, judged.results)  # type: ignore[attr-defined]
        advice = advise(candidate.sheet, measured, self.judge.references, heat, None,
                        self.judge.widening, candidate.verdicts)
        return list(advice.actions)

    def proposals(self, candidate: _Candidate, barren: int = 0) -> Iterable[Sheet]:
        """The boards to try next from ``candidate``: the advice's actions for what it
        fails, in the advice's order, then repaints of single cells at the edge of the
        colours its verdicts name, then the generator's aimed moves (:data:`RANDOM_MOVES`,
        twice as many after each round without a better board, ``barren``); only new
        boards that keep the profile, ``keep`` and the looks."""
        wanted = RANDOM_MOVES * 2 ** min(barren, 4)
        # Kids: an animal too easy has too few enclosures (a move crosses a whole one); a
        # piece of another animal's big enclosure made one of its own is the change that
        # helps, and is tried before the advice's cells, which only grow an enclosure.
        yield from self.carves(candidate, wanted)
        yield from self.admitted(_applied(candidate.sheet, self.actions(candidate)))
        if barren:
            # Cells painted back as they were: room under max_changes for other changes.
            yield from self.admitted(self.reverts(candidate, wanted))
        yield from self.admitted(
            self.edge_repaints(candidate, wanted * 10, 1 + barren // 2), wanted)
        yield from self.admitted(self.moves(candidate, wanted * 10), wanted)

    def admitted(self, sheets: Iterable[Sheet], most: int | None = None) -> Iterator[Sheet]:
        """The boards of ``sheets`` that :meth:`admissible` admits, at most ``most``, while
        the search has time left: making and refusing the boards of a round (thousands,
        when few new ones are left near the best) takes seconds, which would eat the time
        kept for the best board's full check."""
        given = 0
        for sheet in sheets:
            if self.time_left() <= 0:
                self.stopped = True
                return
            if self.admissible(sheet):
                yield sheet
                given += 1
                if most is not None and given >= most:
                    return

    def carves(self, candidate: _Candidate, count: int) -> Iterator[Sheet]:
        """Kids, an animal too easy (or games too short): up to ``count`` new boards where
        it gets one more enclosure, cut from another animal's big enclosure
        (:func:`~kok_layouts.generator.moves.carve_enclosure`); none for other boards."""
        return self.admitted(self._carved(candidate, count * 10), count)

    def _carved(self, candidate: _Candidate, tries: int) -> Iterator[Sheet]:
        from kok_layouts.generator.draft import Draft
        from kok_layouts.generator.moves import carve_enclosure

        if "grid" in self.keep:
            return
        base = Draft.from_sheet(candidate.sheet)
        if base.column_points:  # an edition with areas crossed cell by cell
            return
        animal = self.judge.animal_to_change(candidate.judged)  # type: ignore[arg-type]
        if animal is None or animal[1]:
            return
        for _ in range(tries):
            moved = carve_enclosure(base, animal[0], self.rng)
            if moved is None:
                continue
            try:
                yield moved.to_sheet()
            except KokError:
                continue

    def reverts(self, candidate: _Candidate, count: int) -> Iterable[Sheet]:
        """The candidate with one repainted cell painted back to its colour on the user's
        board, ``count`` of them at most."""
        sheet, original = candidate.sheet, self.original
        changed = [c for c in sheet.board_cells
                   if sheet.cell_colours[c] != original.cell_colours[c]
                   and original.cell_colours[c] is not None]
        names = {c.key: c.name for c in original.colours}
        for index in self.rng.permutation(len(changed))[:count]:
            cell = changed[int(index)]
            try:
                yield apply_action(sheet, Action(
                    "repaint", "", "", (sheet.cell_name(cell),),
                    names[original.cell_colours[cell] or ""]))
            except KokError:
                continue

    def edge_repaints(self, candidate: _Candidate, count: int,
                      steps: int = 1) -> Iterable[Sheet]:
        """``steps`` cells at the edge of a colour (animal) each painted a neighbour's
        colour (more than one after rounds without a better board, to leave a local
        optimum): a cell given to a colour a verdict finds too easy (more cells to cross
        make it harder) or taken from one found too hard; else any, for the score and the
        length."""
        if self.profile == "official" or "grid" in self.keep:
            return
        sheet = candidate.sheet
        judged = candidate.judged
        measured = judged.measured  # type: ignore[attr-defined]
        noun = edition_of(sheet).colour_noun
        failing = {v.code for v in candidate.verdicts if v.ok is False} | set(
            judged.unsettled)  # type: ignore[attr-defined]
        ease = measured.colour_ease
        key_of = {c.name: c.key for c in sheet.colours}
        grow = [key_of[n] for n in sorted(ease, key=lambda n: -ease[n].value)[:1]] \
            if f"{noun}-easy" in failing else []
        shrink = [key_of[n] for n in sorted(ease, key=lambda n: ease[n].value)[:1]] \
            if f"{noun}-hard" in failing else []
        from kok_layouts.generator.draft import Draft

        neighbours = Draft.from_sheet(sheet).geometry.neighbours
        colours = sheet.cell_colours
        edges = [(cell, near) for cell in sheet.board_cells if colours[cell] is not None
                 for near in neighbours[cell]
                 if colours[near] is not None and colours[near] != colours[cell]]
        weights = None
        if grow or shrink:
            edges = [(c, n) for c, n in edges
                     if colours[n] in grow or colours[c] in shrink]
            # The cells the games seldom reach first: a too-easy colour that takes them
            # has more cells to cross where the game goes late, and a too-hard one that
            # gives them away is no longer held up there. Two at a time, since a single
            # cell moves the verdict less than the first stage's noise.
            heat = heat_map(sheet, judged.results)  # type: ignore[attr-defined]
            weights = np.array([(1.0 - (heat.crossed[c] or 0.0)) ** 2 + 0.02
                                for c, _ in edges])
            steps = max(2, steps)
        if not edges:
            return
        names = {c.key: c.name for c in sheet.colours}
        for _ in range(count):
            board = sheet
            size = min(steps, len(edges))
            picks = self.rng.choice(len(edges), size=size, replace=False,
                                    p=None if weights is None else weights / weights.sum())
            try:
                for index in picks:
                    cell, near = edges[int(index)]
                    board = apply_action(board, Action(
                        "repaint", "", "", (sheet.cell_name(cell),),
                        names[colours[near] or ""]))
            except KokError:
                continue
            yield board

    def moves(self, candidate: _Candidate, count: int) -> Iterable[Sheet]:
        """The generator's aimed moves from the candidate, keeping everything but the grid
        and the stars as they are."""
        from kok_layouts.generator.draft import Draft
        from kok_layouts.generator.moves import (
            regrow_near,
            reorder_column,
            resize_animal,
            swap_stars,
            swap_two_regions,
        )

        judged = candidate.judged
        base = Draft.from_sheet(candidate.sheet)
        official = self.profile == "official"
        whole_areas = not base.column_points  # Kids: the buckets, whole enclosures
        aim = self.judge.columns_out_of_line(judged)  # type: ignore[arg-type]
        animal = (self.judge.animal_to_change(judged)  # type: ignore[arg-type]
                  if whole_areas else None)
        for _ in range(count):
            pick = self.rng.random()
            moved: Draft | None
            try:
                if whole_areas:
                    moved = (resize_animal(base, animal[0], animal[1], self.rng)
                             if animal is not None and pick < 0.7
                             else swap_two_regions(base, self.rng))
                elif not official:
                    moved = swap_two_regions(base, self.rng)
                elif aim and pick < 0.5:
                    moved = regrow_near(base, aim, self.rng)
                elif pick < 0.75:
                    moved = reorder_column(base, self.rng)
                else:
                    moved = swap_stars(base, self.rng)
            except (IndexError, KeyError, ValueError):  # a move that does not fit this board
                moved = None
            if moved is None:
                continue
            new = base.copy()
            new.cell_colours, new.stars = moved.cell_colours, moved.stars
            new.regions = moved.regions
            if official and getattr(candidate.sheet, "box_cells", None):
                self._boxes(new)
            try:
                yield new.to_sheet()
            except KokError:
                continue

    def _boxes(self, draft: object) -> None:
        """Keer op Keer 2: a box cell in each colour's 6-cell area, where it was if it
        still is, else the area's first cell."""
        from kok_layouts.generator.draft import Draft
        from kok_layouts.generator.points import area_index

        assert isinstance(draft, Draft)
        areas = area_index(draft)
        sizes: dict[int, int] = {}
        for area in areas:
            if area is not None:
                sizes[area] = sizes.get(area, 0) + 1
        boxes = []
        for colour in draft.colours:
            cells = [c for c, a in enumerate(areas) if a is not None and sizes[a] == 6
                     and draft.cell_colours[c] == colour.key]
            if cells:
                kept = [c for c in draft.box_cells if c in cells]
                boxes.append(kept[0] if kept else cells[0])
        draft.box_cells = sorted(boxes)


def _takes_two(function: object) -> bool:
    """Whether ``function`` can be called with (fraction, status)."""
    if not callable(function):
        return False
    try:
        inspect.signature(function).bind(0.0, "")
    except TypeError:
        return False
    except ValueError:  # a builtin without a signature: let it be tried
        return True
    return True


def _check_arguments(sheet: object, seed: object, time_limit: object, keep: object,
                     profile: object, games: object, jobs: object) -> tuple[Sheet, frozenset[str],
                                                                             str]:
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"improve a sheet (load_layout), not {type(sheet).__name__}")
    refuse_unprintable(sheet)
    limits.SEED.check(seed)
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float):
        raise KokTypeError(f"time_limit is a number of seconds, not {type(time_limit).__name__}")
    if not limits.IMPROVE_SECONDS.low <= time_limit <= limits.IMPROVE_SECONDS.high:
        raise BadArgumentError(f"time_limit is {shown_repr(time_limit, 40)}; use "
                               f"{limits.IMPROVE_SECONDS}")
    if isinstance(keep, str) or not isinstance(keep, Iterable):
        raise KokTypeError(f"keep is a list of {', '.join(KEEPS)}, not {type(keep).__name__}")
    keep = list(keep)
    for item in keep:
        if not isinstance(item, str):
            raise KokTypeError(f"keep is a list of {', '.join(KEEPS)}, not of "
                               f"{type(item).__name__}")
    kept = frozenset(keep)
    unknown = sorted(shown(k, 40) for k in kept if k not in KEEPS)
    if unknown:
        raise BadArgumentError(f"cannot keep {unknown[0]!r}; keep any of {', '.join(KEEPS)}")
    limits.GAMES.check(games)
    limits.WORKERS.check(jobs, "jobs")
    own = profile_of(sheet)
    if profile is None:
        chosen = own
    elif profile not in PROFILES:
        raise BadArgumentError(f"no profile {profile!r}; the profiles are "
                               f"{', '.join(PROFILES)}")
    else:
        chosen = str(profile)
        problems = validate_sheet(sheet, chosen)  # type: ignore[arg-type]
        if problems:
            raise BadArgumentError(f"{sheet.name} does not satisfy the {chosen} profile "
                                   f"({problems[0].message}); improve it under the {own} one")
    return sheet, kept, chosen


def improve(sheet: Sheet, *, seed: int = 1, time_limit: float = DEFAULT_SECONDS,
            keep: Sequence[str] = (), profile: str | None = None,
            progress: Progress | None = None, games: int = CHECK_GAMES,
            jobs: int = JOBS, max_changes: int | None = None) -> Improved:
    """Search from ``sheet`` for a board that passes every verdict of ``kok check`` (its
    ``games`` games, two players, seed 1, the strong bot) with the fewest changes.

    ``seed`` drives the search's own random moves; ``keep`` names what must not change
    (``grid``, ``points``, ``stars``); ``profile`` is the profile to keep (default: the
    strictest the board satisfies); ``progress`` gets the fraction of the time limit used
    and a status line. Stops at the first passing board or after ``time_limit`` seconds.
    ``max_changes`` is the most cells it may repaint (default a quarter of the board's);
    every candidate also keeps the looks :mod:`~kok_layouts.analysis.looks` asks for.
    """
    sheet, kept, chosen = _check_arguments(sheet, seed, time_limit, keep, profile, games,
                                           jobs)
    if max_changes is not None and (type(max_changes) is not int or max_changes < 0):
        raise BadArgumentError(f"max_changes is a number of cells, 0 or more, not "
                               f"{shown_repr(max_changes, 40)}")
    if progress is not None and not _takes_two(progress):
        raise KokTypeError(f"progress is a function of (fraction, status), not "
                           f"{shown_repr(progress, 60)}")
    say = progress or (lambda fraction, status: None)
    rng = np.random.default_rng([seed, 22])
    started = analyse(sheet)
    # One rule with kok check: a board it calls "cannot be finished" (cells cut off, a
    # colour that can never be completed, or no end) is no board to improve.
    if not started.solvable:
        raise BadArgumentError(f"{started.verdict()} kok improve starts from a board that "
                               "can be finished")
    with worker_pool(jobs) as pool:
        search = _Search(sheet, chosen, kept, games, pool, rng, float(time_limit), say,
                         max_changes)
        first = search.evaluate(sheet, "your board", first=True)
        assert first is not None
        current = best = first
        search.reserve = search.confirm_cost(first)
        say(search.fraction(), f"your board: {_status(first)}")
        barren = empty = 0
        restarted = False
        while not best.passes and search.time_left() > 0 and not search.stopped:
            tried, improved = search.tried, False
            for candidate_sheet in search.proposals(current, barren):
                judged = search.evaluate(candidate_sheet, f"candidate {search.tried + 1}")
                if judged is None:
                    break
                if judged.passes or judged.rank < current.rank:
                    current, improved = judged, True
                    break
            if current.passes or current.rank < best.rank:
                best = current
                search.reserve = search.confirm_cost(best)
            say(search.fraction(), f"{search.tried} candidates, best {_status(best)}")
            # A round without a better board asks for more random moves next time; rounds
            # with no new candidate at all mean nothing is left to try near here.
            barren = 0 if improved else barren + 1
            empty = 0 if search.tried > tried else empty + 1
            if empty == EMPTY_ROUNDS // 2 and not restarted:
                # Stuck where every move is seen or refused: once, start again from the
                # user's board (the best so far stays the best).
                current, barren, restarted = first, 0, True
            if empty >= EMPTY_ROUNDS:
                search.exhausted = True
                break
        if search.confirm_cost(best) > 0:
            # A board that passes every verdict on its games but is short of the full
            # check: its remaining games, in the time kept for them, decide.
            best = search.confirm(best)
        say(search.fraction(), "kok check of the best board")
        solvability = analyse(best.sheet, pool) if best is not first else started
        if not solvability.solvable:  # as kok check would call it: not a board to give
            best, solvability = first, started
        report = assess(best.sheet, solvability,
                        best.judged.results,  # type: ignore[attr-defined]
                        executor=pool)
    elapsed = time.monotonic() - search.started
    return _finish(sheet, best, report, search, chosen, kept, elapsed, say)


def _applied(sheet: Sheet, actions: Iterable[Action]) -> Iterator[Sheet]:
    """``sheet`` after each of ``actions`` in turn (those that cannot apply left out)."""
    for action in actions:
        try:
            yield apply_action(sheet, action)
        except KokError:
            continue


def _status(candidate: _Candidate) -> str:
    failing = [v.code for v in candidate.verdicts if v.ok is False]
    if failing:
        return "fails " + ", ".join(failing)
    return "passes" if candidate.passes else f"passes {candidate.games} games"


def _finish(original: Sheet, best: _Candidate, report: CheckReport, search: _Search,
            profile: str, kept: frozenset[str], elapsed: float, say: Progress) -> Improved:
    changes = changes_between(original, best.sheet)
    games = best.games
    outcome = ", ".join(f"{v.code} {'ok' if v.ok else 'FAILS' if v.ok is False else '??'}"
                        for v in report.verdicts)
    passes = games >= search.games and all(v.ok is True for v in report.verdicts)
    short = (f"every verdict passes its {games} games, short of the full "
             f"{search.games}-game check" if not passes and games < search.games
             and all(v.ok is True for v in report.verdicts) else "")
    # Stopped by the limit: at it, or earlier when the next games would not fit before it.
    limit = f"the time limit ({search.time_limit:g} s)"
    failing_now = [v.code for v in report.verdicts if v.ok is False]
    unsure = [v.code for v in report.verdicts if v.ok is None]
    reached = ("reached a board that "
               + (f"still fails {', '.join(failing_now)}" if failing_now else
                  f"cannot tell {', '.join(unsure)} yet" if unsure else "passes")
               + f" after {games} games")
    why = (f"stopped by {limit}" if search.stopped else
           "no better board found: no change near it was left to try" if search.exhausted
           else "no better board found")
    refused = sum(search.refused.values())
    if refused:
        top = max(search.refused, key=lambda k: search.refused[k])
        why += (f"; {refused} candidate{'s' if refused != 1 else ''} left out to keep the "
                f"board's looks (most: {top})")
    state = ("every verdict passes" if passes else
             short + (f" (stopped by {limit})" if search.stopped else "") if short else
             f"could not fix {', '.join(failing_now or unsure)}: {reached}; {why}"
             if failing_now or unsure else
             f"stopped by {limit}" if search.stopped else "no better board found")
    header = [f"Improved by kok improve from {original.name} ({profile} profile"
              + (f", kept: {', '.join(sorted(kept))}" if kept else "") + f"): {state}, "
              f"{search.tried} candidate{'s' if search.tried != 1 else ''}.",
              f"{len(changes)} change{'s' if len(changes) != 1 else ''}:"
              + ("" if changes else " none."),
              *(f"  {change}" for change in changes),
              f"kok check ({games} games, 2 players, seed 1): {outcome}."]
    sheet = best.sheet
    text = dump_layout(sheet, header)
    failing = tuple(v.code for v in report.verdicts if v.ok is not True)
    say(1.0, f"done in {elapsed:.0f} s: {state}")
    return Improved(sheet, text, tuple(changes), replace(report, sheet=sheet), passes,
                    search.stopped, elapsed, search.tried, profile, games, failing, state)
