"""Is the advice worth following, and does ``kok improve`` fix every kind of lopsided
board? Good boards of every edition and several sizes (the pads and balanced boards of
``tests/data/bases``) made lopsided on purpose in every way
(``benchmarks/lopsided_boards.py``: a colour too easy or too hard, a column too easy or
too hard, points inside out or all equal, stars piled on one colour), every action of
their ``kok check`` applied alone and checked again, and ``kok improve`` at its defaults.

    python benchmarks/bench_advice.py [--games 300] [--time-limit 120] [--boards FROM:TO]
        [--improve-boards all|none|N,M,...] [--no-actions] [--detail]

For every board: the verdicts that fail (its ``kok check`` of ``--games`` games), and
whether the one its kind is made to fail is among them; a board that fails no verdict is
no lopsided board and is left out of what follows. For every action: whether the verdict
it names improved (it passes now, or lies nearer the official pads' range) without
another verdict failing that passed before. Then ``kok improve`` (2 workers, its default
time limit and 2,000-game check): did it reach a board passing every verdict, in how many
wall-clock and CPU seconds (this process and its workers), with how many changes; the
tables per kind and per edition close the run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lopsided_boards import TARGETS, base_boards, kinds_of, lopsided

from kok_layouts import Sheet
from kok_layouts.analysis.advice import Action, apply_action
from kok_layouts.analysis.check import CheckReport, check


def boards() -> Iterator[tuple[str, str, str, Sheet]]:
    """(label, edition and size, kind, board) for every base board and every kind."""
    from kok_layouts import load_layout

    for label, path in base_boards().items():
        edition = load_layout(path).edition
        for kind in kinds_of(edition):
            yield f"{label}: {kind}", label, kind, lopsided(path, kind)


def _verdicts(report: CheckReport) -> dict[str, tuple[bool | None, float]]:
    return {v.code: (v.ok, v.gap) for v in report.verdicts}


def judge_action(before: CheckReport, after: CheckReport, action: Action) -> bool:
    """The verdict the action names passes now or lies nearer, and no verdict that passed
    fails now."""
    old, new = _verdicts(before), _verdicts(after)
    named_old, named_new = old.get(action.verdict), new.get(action.verdict)
    if named_old is None or named_new is None:
        return False
    better = named_new[0] is True or named_new[1] < named_old[1]
    broken = [code for code, (ok, _) in new.items() if ok is False and old.get(code, (None,))[0]]
    return better and not broken


def _delta(before: CheckReport, after: CheckReport) -> str:
    """The verdicts whose state or gap changed, as ``code ok->FAIL gap 0.10->0.05``."""
    old, new = _verdicts(before), _verdicts(after)
    mark = {True: "ok", False: "FAIL", None: "??"}
    return "; ".join(
        f"{code} {mark[old[code][0]]}->{mark[ok]} {old[code][1]:.3f}->{gap:.3f}"
        for code, (ok, gap) in new.items()
        if code in old and (old[code][0] != ok or abs(old[code][1] - gap) > 1e-9))


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the worker processes)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--boards", default="0:",
                        help="which boards, as FROM:TO (split a run over processes)")
    parser.add_argument("--improve-boards", default="all",
                        help="which boards to run kok improve on: all, none or numbers")
    parser.add_argument("--no-actions", action="store_true",
                        help="check the boards without applying their actions")
    parser.add_argument("--detail", action="store_true",
                        help="print every action, its verdict and what changed")
    args = parser.parse_args()
    from kok_layouts.analysis.improve import improve

    every = list(boards())
    first, _, last = args.boards.partition(":")
    chosen = range(len(every))[slice(int(first or 0), int(last) if last else None)]
    named = (None if args.improve_boards == "all" else set() if args.improve_boards == "none"
             else {int(n) for n in args.improve_boards.split(",") if n.strip()})
    good = total = 0
    left_out: list[str] = []
    rows: list[tuple[str, list[str], int, int]] = []
    fixed: list[tuple[str, str, str, bool, float, float, int, str]] = []
    for number, (label, base, kind, sheet) in enumerate(every):
        if number not in chosen:
            continue
        started = time.monotonic()
        worked: list[bool] = []
        report = check(sheet, args.games, 2, 1, jobs=args.jobs, reference=None)
        failing = [v.code for v in report.verdicts if v.ok is False]
        target = TARGETS[kind]
        if not failing:
            left_out.append(label)
            print(f"{number} {label}: fails nothing: no lopsided board, left out",
                  file=sys.stderr, flush=True)
            continue
        own = ("its own verdict" if not target or target in failing
               else f"others only, not {target}")
        if not args.no_actions:
            actions = report.advice.actions if report.advice is not None else ()
            if args.detail:
                print(f"{number} {label}:", file=sys.stderr)
                for verdict in report.verdicts:
                    if verdict.ok is not True:
                        print(f"  [{verdict.ok}] gap {verdict.gap:.3f} {verdict.text}",
                              file=sys.stderr)
            for action in actions:
                again = check(apply_action(sheet, action), args.games, 2, 1, jobs=args.jobs,
                              reference=None)
                ok = judge_action(report, again, action)
                worked.append(ok)
                if args.detail:
                    print(f"  {'ok ' if ok else 'NO '} {action.kind} [{action.verdict}] "
                          f"{_delta(report, again)}\n      {action.text}", file=sys.stderr,
                          flush=True)
                good += ok
                total += 1
            rows.append((f"{label} ({own})", failing, len(actions), sum(worked)))
            print(f"{number} {label}: fails {', '.join(failing) or 'nothing'} ({own}); "
                  f"{sum(worked)} of {len(actions)} actions improve their verdict "
                  f"({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
        if named is None or number in named:
            cpu = _cpu()
            result = improve(sheet, time_limit=args.time_limit, jobs=args.jobs)
            cpu = _cpu() - cpu
            state = ("passes" if result.passes else
                     "fails " + ", ".join(result.failing) if result.failing else
                     f"passes {result.games} games only")
            fixed.append((label, base, kind, result.passes, result.seconds, cpu,
                          len(result.changes), state))
            print(f"{number} {label}: improve {state} in {result.seconds:.0f} s "
                  f"({cpu:.0f} CPU s), {len(result.changes)} changes, "
                  f"{result.candidates} candidates", file=sys.stderr, flush=True)
    if left_out:
        print(f"\nLeft out, failing no verdict on {args.games} games: {len(left_out)} of "
              f"{len(chosen)} boards: {'; '.join(left_out)}.")
    if rows:
        print("\n| board | failing verdicts | actions | improve their verdict |")
        print("| --- | --- | ---: | ---: |")
        for label, failing, count, worked_count in rows:
            print(f"| {label} | {', '.join(failing) or '-'} | {count} | {worked_count} |")
        print(f"\nActions that improve the verdict they name without making another fail: "
              f"{good} of {total} ({good / max(1, total):.0%}), {args.games} games per check.")
    if fixed:
        print("\n| board | kok improve | wall s | CPU s | changes |")
        print("| --- | --- | ---: | ---: | ---: |")
        for label, _, _, _, seconds, cpu, changes, state in fixed:
            print(f"| {label} | {state} | {seconds:.0f} | {cpu:.0f} | {changes} |")
        for title, index in (("kind", 2), ("edition", 1)):
            groups: dict[str, list[tuple[str, str, str, bool, float, float, int, str]]] = {}
            for row in fixed:
                key = str(row[index]).split(" ")[0] if index == 1 else str(row[index])
                groups.setdefault(key, []).append(row)
            print(f"\n| {title} | passed | mean wall s | mean CPU s | mean changes |")
            print("| --- | ---: | ---: | ---: | ---: |")
            for key, group in groups.items():
                passed = sum(r[3] for r in group)
                print(f"| {key} | {passed} of {len(group)} | "
                      f"{sum(r[4] for r in group) / len(group):.0f} | "
                      f"{sum(r[5] for r in group) / len(group):.0f} | "
                      f"{sum(r[6] for r in group) / len(group):.1f} |")
        print(f"\nkok improve reached a board passing every verdict of the full check on "
              f"{sum(r[3] for r in fixed)} of {len(fixed)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
