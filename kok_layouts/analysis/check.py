"""``kok check``: solvability and balance of one layout in one report."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from kok_layouts.analysis.advice import Advice, advise
from kok_layouts.analysis.balance import (
    WIDEN_BELOW,
    Summary,
    Verdict,
    Widening,
    summarise,
    verdicts,
)
from kok_layouts.analysis.heatmap import HeatMap, heat_map
from kok_layouts.analysis.measures import Measures, measure
from kok_layouts.analysis.references import (
    REFERENCE_GAMES,
    REFERENCE_SEED,
    reference_measures,
    stored_measures,
)
from kok_layouts.analysis.simulate import DEFAULT_BOT, GameResult, check_run, simulate
from kok_layouts.analysis.solvability import Solvability, analyse
from kok_layouts.analysis.workers import check_executor, worker_pool
from kok_layouts.analysis.yardsticks import Yardstick, options_for, yardstick_for
from kok_layouts.editions import Edition, edition_of
from kok_layouts.errors import KokTypeError
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.options import Options

Progress = Callable[[int, int], None]
CHECK_GAMES = 2000
"""Games of a ``kok check`` unless told otherwise."""


@dataclass(frozen=True)
class CheckReport:
    sheet: Sheet
    solvability: Solvability
    summary: Summary | None
    reference: Measures | None
    """The yardstick pad's measures (``--reference``), None for ``none``."""
    verdicts: tuple[Verdict, ...]
    seed: int
    measures: Measures | None = None
    references: dict[str, Measures] = field(default_factory=dict)
    """The official pads of the edition the verdicts compare with."""
    heat: HeatMap | None = None
    advice: Advice | None = None
    bot: str = DEFAULT_BOT
    size: Yardstick | None = None
    """How the pads' score and length were carried over to the board's size (``None``: the
    board is the pads' size)."""

    def as_dict(self) -> dict[str, Any]:
        solv = self.solvability
        return {
            "layout": self.sheet.name,
            "edition": self.sheet.edition,
            "seed": self.seed,
            "solvable": solv.solvable,
            "verdict": solv.verdict(),
            "unreachable": list(solv.unreachable),
            "fewest_moves": {
                "note": solv.note,
                "goals": [{"kind": g.kind, "name": g.name, "moves": g.moves,
                           "exact": g.exact, "at_most": g.at_most,
                           "with_special": g.with_special,
                           "unreachable": list(g.unreachable)} for g in solv.goals],
                "end": {"name": solv.end.name, "moves": solv.end.moves,
                        "exact": solv.end.exact, "at_most": solv.end.at_most,
                        "with_special": solv.end.with_special},
                "exact": solv.exact,
            },
            "cells_per_colour": {c.name: len(self.sheet.cells_of_colour(c.key))
                                 for c in self.sheet.colours},
            "print_colours": {c.name: c.rgb for c in self.sheet.colours},
            "column_points": edition_of(self.sheet).column_points(self.sheet)[0],
            "bot": self.bot,
            "simulation": self.summary.as_dict() if self.summary else None,
            "measures": self.measures.as_dict() if self.measures else None,
            "reference": self.reference.as_dict() if self.reference else None,
            "reference_pads": {name: m.as_dict() for name, m in self.references.items()},
            "size_yardstick": self.size.as_dict() if self.size else None,
            "verdicts": [{"code": v.code, "ok": v.ok, "text": v.text} for v in self.verdicts],
            "advice": self.advice.as_dict() if self.advice else None,
            "actions": [a.as_dict() for a in self.advice.actions] if self.advice else [],
            "heat_map": self.heat.as_dict() if self.heat else None,
        }


def _search(sheet: Sheet, pool: Executor | None, special_die: bool,
            progress: Progress | None) -> Solvability:
    # The exact search reports its progress where it can (an optional argument).
    if progress is not None and "progress" in inspect.signature(analyse).parameters:
        return analyse(sheet, pool, special_die=special_die,
                       progress=progress)  # type: ignore[call-arg,unused-ignore]
    return analyse(sheet, pool, special_die=special_die)


def _yardstick(sheet: Sheet, reference: str | None, references: dict[str, Measures],
               games: int, players: int, bot: str, options: Options | None,
               pool: Executor | None) -> Measures | None:
    if reference is None:
        return None
    name = load_layout(reference).name if reference else edition_of(sheet).reference_pad
    if name in references:
        return references[name]
    found = stored_measures(name, players, bot, options)
    if found is not None:
        return found
    pad = load_layout(reference or name)
    count = min(games, REFERENCE_GAMES)
    return measure(pad, simulate(pad, count, players, REFERENCE_SEED, (bot,), executor=pool,
                                 options=options))


def check(sheet: Sheet, games: int = CHECK_GAMES, players: int = 2, seed: int = 1, *,
          jobs: int = 1, executor: Executor | None = None,
          progress: Progress | None = None, options: Options | None = None,
          special_die: bool = False, bot: str = DEFAULT_BOT, reference: str | None = "",
          search_progress: Progress | None = None,
          reference_progress: Progress | None = None) -> CheckReport:
    """Solvability, a simulation of ``games`` games, the verdicts and the advice.

    The verdicts compare the board with every official pad of its edition, simulated
    the same way (stored figures when they match the bot, rules and players, else
    simulated now); a board of another size than the pads has their score and length
    carried over to its size (:mod:`~kok_layouts.analysis.yardsticks`), and a board
    bigger than the pads plays with a roll limit in proportion to its cells.
    ``reference`` names the pad of the "how far from" sentence: ``""``
    for the edition's first pad, ``None`` for none. ``progress``, ``search_progress`` and
    ``reference_progress`` are called with (done, total) as the games, the exact search
    and live reference games go on. ``games=0`` runs the exact search alone.

    Every argument is checked before any work starts
    (:func:`~kok_layouts.analysis.simulate.check_run`).
    """
    search_only = type(games) is int and games == 0
    check_run(sheet, 1 if search_only else games, players, seed, (bot,), options, jobs)
    if reference is not None and not isinstance(reference, str):
        raise KokTypeError(f"reference names a layout, not {type(reference).__name__}")
    check_executor(executor)
    if type(special_die) is not bool:
        raise KokTypeError(f"special_die is True or False, not {type(special_die).__name__}")
    for name, given in (("progress", progress), ("search_progress", search_progress),
                        ("reference_progress", reference_progress)):
        if given is not None and not callable(given):
            raise KokTypeError(f"{name} is a function of (done, total), not "
                               f"{type(given).__name__}")
    context = (nullcontext(executor) if executor is not None or jobs <= 1
               else worker_pool(jobs))
    with context as pool:
        solvability = _search(sheet, pool, special_die, search_progress)
        if solvability.end.moves is None or search_only:
            return CheckReport(sheet, solvability, None, None, (), seed, bot=bot)
        results = simulate(sheet, games, players, seed, (bot,), executor=pool,
                           progress=progress, options=options_for(sheet, options))
        return assess(sheet, solvability, results, seed=seed, bot=bot, options=options,
                      executor=pool, reference=reference,
                      reference_progress=reference_progress)


def widening_for(edition: Edition | str, references: dict[str, Measures], players: int,
                 games: int, *, bot: str = DEFAULT_BOT, options: Options | None = None,
                 executor: Executor | None = None,
                 progress: Progress | None = None) -> Widening | None:
    """For an edition with fewer than :data:`WIDEN_BELOW` official pads (too few to show
    how far pads may differ), the widening measured on the pads of its
    :attr:`~kok_layouts.editions.Edition.widening_edition` (stored figures, else
    simulated now)."""
    own = edition_of(edition)
    wider = edition_of(own.widening_edition)
    if len(references) >= WIDEN_BELOW or wider is own:
        return None
    pads = reference_measures(wider.name, players, games, bot=bot, options=options,
                              executor=executor, progress=progress)
    return Widening.between(pads, wider.name)


def assess(sheet: Sheet, solvability: Solvability, results: Sequence[GameResult], *,
           seed: int = 1, bot: str = DEFAULT_BOT, options: Options | None = None,
           executor: Executor | None = None, reference: str | None = "",
           reference_progress: Progress | None = None) -> CheckReport:
    """The report of :func:`check` from its exact search and its games (``results``, games
    0.. of ``seed`` with ``bot``), for callers that played the games already."""
    players = results[0].players
    games = len(results)
    summary = summarise(sheet, results)
    measured = measure(sheet, results)
    heat = heat_map(sheet, results)
    references = reference_measures(sheet.edition, players, games, bot=bot, options=options,
                                    executor=executor, progress=reference_progress)
    widening = widening_for(sheet.edition, references, players, games, bot=bot,
                            options=options, executor=executor, progress=reference_progress)
    yardstick = _yardstick(sheet, reference, references, games, players, bot, options,
                           executor)
    moves = [g.moves for g in solvability.goals if g.kind == "column"]
    size = yardstick_for(sheet, measured, references, bot=bot, options=options,
                         executor=executor)
    found = verdicts(sheet, measured, references, yardstick, moves, widening, size)
    advice = advise(sheet, measured, references, heat, moves, widening, found, size)
    if size is not None and yardstick is not None and yardstick.layout in references:
        yardstick = size.carry(yardstick, measured.cells)
    return CheckReport(sheet, solvability, summary, yardstick, tuple(found), seed, measured,
                       references, heat, advice, bot, size)


def text_report(report: CheckReport) -> str:
    """The report as people read it in a terminal."""
    solv, lines = report.solvability, []
    lines.append(f"{report.sheet.title} ({report.sheet.name}, {report.sheet.edition}, "
                 f"{report.sheet.width} x {report.sheet.height})")
    lines.append("")
    lines.append("Solvability: " + solv.verdict())
    lines.append(f"  Fewest moves ({solv.note})")
    for kind in ("colour", "column", "row"):
        goals = solv.of_kind(kind)
        if goals:
            noun = edition_of(report.sheet).colour_nouns if kind == "colour" else kind + "s"
            lines.append(f"  {noun}: " + ", ".join(
                f"{g.name} {g.moves_text()}"
                + (f" ({g.with_special} with the special die)" if g.with_special is not None
                   else "") for g in goals))
    special = (f"; at least {solv.end.with_special} with the special die"
               if solv.end.with_special is not None else "")
    lines.append(f"  end of the game: {solv.end.moves_text()} moves ({solv.end.name}){special}")
    summary = report.summary
    if summary is not None:
        lines.append("")
        lines.append(f"Simulation: {summary.games:,} games, {summary.players} player(s), "
                     f"{report.bot} bots, seed {report.seed}")
        lines.append(f"  game length {summary.mean_rolls:.1f} rolls (sd {summary.sd_rolls:.1f}); "
                     f"mean score {summary.mean_score:.1f} (sd {summary.sd_score:.1f})")
        lines.append("  mean score lines: " + ", ".join(
            f"{k} {v:.1f}" for k, v in summary.components.items()))
        if summary.players > 1:
            lines.append("  win rate by seat: " + ", ".join(f"{w:.1%}" for w in summary.win_rate))
        if summary.bands:
            lines.append("  solo rating bands: " + ", ".join(
                f"{b} {n}" for b, n in summary.bands.items() if n))
        lines.append("  completed in / first at roll / first by seat:")
        for goal in summary.goals:
            at = "-" if goal.mean_roll is None else f"{goal.mean_roll:.1f}"
            seats = " ".join(f"{s:.0%}" for s in goal.first_by_seat)
            lines.append(f"    {goal.name:<18} {goal.completed:>5.0%}  {at:>5}   {seats}")
    if report.verdicts:
        lines.append("")
        lines.append("Verdicts:")
        for verdict in report.verdicts:
            mark = {True: "ok", False: "!!", None: "??"}[verdict.ok]
            lines.append(f"  [{mark}] {verdict.text}")
    if report.advice is not None:
        lines.append("")
        lines.append("Advice:")
        for sentence in report.advice.sentences:
            lines.append(f"  - {sentence}")
    return "\n".join(lines)
