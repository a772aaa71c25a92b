"""``kok check``: solvability and balance of one layout in one report."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from kok_layouts.analysis.balance import REFERENCES, Summary, Verdict, summarise, verdicts
from kok_layouts.analysis.simulate import simulate
from kok_layouts.analysis.solvability import Solvability, analyse
from kok_layouts.model.loader import load_layout
from kok_layouts.model.sheet import ClassicSheet, KidsSheet, Sheet
from kok_layouts.rules.options import Options

REFERENCE_GAMES = 2000


def _column_points(sheet: Sheet) -> list[int]:
    if isinstance(sheet, KidsSheet):
        return list(sheet.buckets)
    if isinstance(sheet, ClassicSheet):
        return [p.first for p in sheet.column_points]
    return []


@dataclass(frozen=True)
class CheckReport:
    sheet: Sheet
    solvability: Solvability
    summary: Summary | None
    reference: Summary | None
    verdicts: tuple[Verdict, ...]
    seed: int

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
            "column_points": _column_points(self.sheet),
            "simulation": self.summary.as_dict() if self.summary else None,
            "reference": self.reference.as_dict() if self.reference else None,
            "verdicts": [{"code": v.code, "ok": v.ok, "text": v.text} for v in self.verdicts],
        }


def check(sheet: Sheet, games: int = 2000, players: int = 2, seed: int = 1, *,
          jobs: int = 1, executor: Executor | None = None,
          progress: Callable[[int, int], None] | None = None,
          options: Options | None = None, special_die: bool = False) -> CheckReport:
    """Solvability, a simulation of ``games`` games and the verdicts, compared with the
    official sheet of the edition (simulated with the same seed)."""
    own = executor is None and jobs > 1
    pool = executor or (ProcessPoolExecutor(max_workers=jobs) if own else None)
    try:
        solvability = analyse(sheet, pool, special_die=special_die)
        summary = reference = None
        found: list[Verdict] = []
        if solvability.end.moves is not None and games > 0:
            results = simulate(sheet, games, players, seed, executor=pool, progress=progress,
                               options=options)
            summary = summarise(sheet, results)
            official = load_layout(REFERENCES[sheet.edition])
            if official.name != sheet.name:
                ref_games = min(games, REFERENCE_GAMES)
                reference = summarise(official, simulate(official, ref_games, players, seed,
                                                         executor=pool, options=options))
            moves = [g.moves for g in solvability.goals if g.kind == "column"]
            found = verdicts(sheet, summary, reference, moves)
    finally:
        if own and pool is not None:
            pool.shutdown()
    return CheckReport(sheet, solvability, summary, reference, tuple(found), seed)


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
            noun = "animals" if report.sheet.edition == "kids" and kind == "colour" else \
                kind + "s"
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
                     f"greedy bots, seed {report.seed}")
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
            lines.append(f"  [{'ok' if verdict.ok else '!!'}] {verdict.text}")
    return "\n".join(lines)
