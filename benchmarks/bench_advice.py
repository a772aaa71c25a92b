"""Is the advice worth following? 20 boards made lopsided on purpose, every action of
their ``kok check`` applied alone and checked again, and ``kok improve`` on some of them.

    python benchmarks/bench_advice.py [--games 300] [--improve 6] [--time-limit 120]
        [--boards FROM:TO] [--improve-boards 5,6,7,11,12] [--no-actions] [--detail]

For every board: the verdicts that fail; for every action: whether the verdict it names
improved (it passes now, or lies nearer the official pads' range) without another verdict
failing that passed before. Then ``kok improve`` on the first ``--improve`` boards: did
it reach a board passing every verdict of the full check, in how long, with how many
changes. Wall-clock times on this machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kok_layouts import Sheet, load_layout
from kok_layouts.analysis.advice import Action, apply_action
from kok_layouts.analysis.check import CheckReport, check
from kok_layouts.generator.draft import Draft
from kok_layouts.model.sheet import Points


def _far(draft: Draft, cell: int) -> int:
    """How far a cell lies from the start column(s) (Kids: the middle)."""
    starts = draft.start_columns or [draft.width // 2]
    return min(abs(cell % draft.width - s) for s in starts)


def _neighbour_colour(draft: Draft, cell: int, avoid: str | None) -> str | None:
    for near in draft.geometry.neighbours[cell]:
        key = draft.cell_colours[near]
        if key is not None and key != avoid and key != draft.cell_colours[cell]:
            return key
    return None


def colour_easy(draft: Draft) -> None:
    """The second colour loses its six cells farthest from the start to its neighbours."""
    key = draft.colours[1].key
    cells = sorted((c for c, k in enumerate(draft.cell_colours) if k == key),
                   key=lambda c: (-_far(draft, c), c))
    for cell in cells[:6]:
        new = _neighbour_colour(draft, cell, key)
        if new is not None:
            draft.cell_colours[cell] = new


def colour_hard(draft: Draft) -> None:
    """The fourth colour takes six cells far from the start next to it."""
    key = draft.colours[3].key
    around = sorted({n for c, k in enumerate(draft.cell_colours) if k == key
                     for n in draft.geometry.neighbours[c]
                     if draft.cell_colours[n] not in (None, key)},
                    key=lambda c: (-_far(draft, c), c))
    for cell in around[:6]:
        draft.cell_colours[cell] = key


def column_easy(draft: Draft) -> None:
    """A column beside the start all one colour."""
    column = (draft.start_columns or [draft.width // 2])[0] + 1
    key = draft.colours[0].key
    for cell in draft.geometry.column_cells(column):
        if draft.cell_colours[cell] is not None:
            draft.cell_colours[cell] = key


def column_hard(draft: Draft) -> None:
    """Column B cut into one-cell areas."""
    keys = [c.key for c in draft.colours]
    for cell in draft.geometry.column_cells(1):
        used = {draft.cell_colours[n] for n in draft.geometry.neighbours[cell]}
        free = [k for k in keys if k not in used]
        if free:
            draft.cell_colours[cell] = free[0]


def points_inside_out(draft: Draft) -> None:
    """The printed values dealt the wrong way: the columns nearest the start get most."""
    starts = draft.start_columns or [draft.width // 2]
    order = sorted(range(draft.width), key=lambda c: (min(abs(c - s) for s in starts), c))
    if draft.column_points:
        values = sorted(draft.column_points, key=lambda p: (-p.first, -p.later))
        draft.column_points = [Points(0, 0)] * draft.width
        for column, value in zip(order, values, strict=True):
            draft.column_points[column] = value
    else:
        buckets = sorted(draft.buckets, reverse=True)
        draft.buckets = [0] * draft.width
        for column, bucket in zip(order, buckets, strict=True):
            draft.buckets[column] = bucket


def points_equal(draft: Draft) -> None:
    """Every column worth the same."""
    if draft.column_points:
        draft.column_points = [Points(2, 1)] * draft.width
    else:
        draft.buckets = [1] * draft.width


def stars_piled(draft: Draft) -> None:
    """Every star on the colour with the fewest cells near the start, where it can."""
    key = draft.colours[4 % len(draft.colours)].key
    for column in range(draft.width):
        cells = draft.geometry.column_cells(column)
        own = [c for c in cells if draft.cell_colours[c] == key]
        stars = [c for c in cells if c in draft.stars]
        if own and stars and stars[0] not in own:
            draft.stars.discard(stars[0])
            draft.stars.add(own[-1])


def animal_easy(draft: Draft) -> None:
    """Kids: the second animal's biggest enclosures given to their neighbours."""
    key = draft.colours[1].key
    own = sorted((r for r in draft.regions if draft.cell_colours[r[0]] == key),
                 key=lambda r: (-len(r), r[0]))
    for region in own[:2]:
        new = next((draft.cell_colours[n] for c in region for n in draft.geometry.neighbours[c]
                    if draft.cell_colours[n] not in (None, key)), None)
        for cell in region:
            draft.cell_colours[cell] = new
    draft.regions = []


Change = Callable[[Draft], None]
BOARDS: list[tuple[str, str, Change]] = [
    ("black", "colour too easy", colour_easy), ("black", "colour too hard", colour_hard),
    ("black", "column too easy", column_easy), ("black", "column too hard", column_hard),
    ("black", "points inside out", points_inside_out), ("black", "points all equal", points_equal),
    ("black", "stars piled on one colour", stars_piled),
    ("red", "colour too easy", colour_easy), ("red", "points inside out", points_inside_out),
    ("grey", "colour too easy", colour_easy), ("grey", "column too easy", column_easy),
    ("grey", "points inside out", points_inside_out),
    ("grey", "stars piled on one colour", stars_piled),
    ("kids", "animal too easy", animal_easy), ("kids", "buckets inside out", points_inside_out),
    ("kids", "buckets all equal", points_equal),
    ("examples/travel.yaml", "colour too easy", colour_easy),
    ("examples/travel.yaml", "points inside out", points_inside_out),
    ("examples/travel.yaml", "column too easy", column_easy),
    ("examples/travel.yaml", "stars piled on one colour", stars_piled),
]
"""The 20 lopsided boards: the pad they start from, what was done, how."""


def lopsided(base: str, what: str, change: Change) -> Sheet:
    """The pad ``base`` with ``change`` made (and named after it)."""
    draft = Draft.from_sheet(load_layout(base))
    change(draft)
    if not draft.regions:  # Kids: every group of one animal an enclosure again
        from kok_layouts.model.grid import connected_components

        draft.regions = [sorted(g) for g in connected_components(
            (c for c, k in enumerate(draft.cell_colours) if k is not None),
            draft.geometry, dict(enumerate(draft.cell_colours)))]
    draft.name = f"{Path(base).stem}-{what.replace(' ', '-')}"[:40]
    draft.title = f"{Path(base).stem}: {what}"
    return draft.to_sheet()


def boards() -> Iterator[tuple[str, Sheet]]:
    for base, what, change in BOARDS:
        yield f"{Path(base).stem}: {what}", lopsided(base, what, change)


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--improve", type=int, default=6,
                        help="boards to run kok improve on (the first N with a failure)")
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--boards", default="0:20",
                        help="which of the 20 boards, as FROM:TO (0:20 all; split a run "
                             "over processes or machines, e.g. 0:10 and 10:20)")
    parser.add_argument("--improve-boards", default="",
                        help="which boards to run kok improve on, as numbers (e.g. "
                             "5,6,7,11,12), instead of the first --improve failing ones")
    parser.add_argument("--no-actions", action="store_true",
                        help="check the boards without applying their actions (for a run "
                             "of kok improve alone)")
    parser.add_argument("--detail", action="store_true",
                        help="print every action, its verdict and what changed")
    args = parser.parse_args()
    first, _, last = args.boards.partition(":")
    chosen = range(len(BOARDS))[slice(int(first or 0), int(last) if last else None)]
    from kok_layouts.analysis.improve import improve

    named = ({int(n) for n in args.improve_boards.split(",") if n.strip()}
             if args.improve_boards else None)
    good = total = 0
    rows: list[tuple[str, list[str], int, int]] = []
    picked: list[tuple[str, Sheet]] = []
    for number, (label, sheet) in enumerate(boards()):
        if number not in chosen:
            continue
        started = time.monotonic()
        report = check(sheet, args.games, 2, 1, jobs=args.jobs, reference=None)
        failing = [v.code for v in report.verdicts if v.ok is False]
        actions = report.advice.actions if report.advice is not None else ()
        if args.detail:
            print(f"{label}:", file=sys.stderr)
            for verdict in report.verdicts:
                if verdict.ok is not True:
                    print(f"  [{verdict.ok}] gap {verdict.gap:.3f} {verdict.text}",
                          file=sys.stderr)
            for sentence in report.advice.sentences if report.advice else ():
                if not any(sentence == a.text for a in actions):
                    print(f"  said: {sentence}", file=sys.stderr)
        worked = []
        for action in () if args.no_actions else actions:
            changed = apply_action(sheet, action)
            again = check(changed, args.games, 2, 1, jobs=args.jobs, reference=None)
            ok = judge_action(report, again, action)
            worked.append(ok)
            if args.detail:
                print(f"  {'ok ' if ok else 'NO '} {action.kind} [{action.verdict}] "
                      f"{_delta(report, again)}\n      {action.text}", file=sys.stderr,
                      flush=True)
            good += ok
            total += 1
        rows.append((label, failing, len(actions), sum(worked)))
        print(f"{label}: fails {', '.join(failing) or 'nothing'}; {sum(worked)} of "
              f"{len(actions)} actions improve their verdict "
              f"({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
        if named is not None:
            if number in named and failing:
                picked.append((label, sheet))
        elif failing and len(picked) < args.improve:
            picked.append((label, sheet))
    print("\n| board | failing verdicts | actions | improve their verdict |")
    print("| --- | --- | ---: | ---: |")
    for label, failing, count, worked_count in rows:
        print(f"| {label} | {', '.join(failing) or '-'} | {count} | {worked_count} |")
    print(f"\nActions that improve the verdict they name without making another fail: "
          f"{good} of {total} ({good / max(1, total):.0%}), {args.games} games per check.")
    print("\n| board | kok improve | time | changes | candidates |")
    print("| --- | --- | ---: | ---: | ---: |")
    passed = 0
    for label, sheet in picked:
        result = improve(sheet, time_limit=args.time_limit, jobs=args.jobs)
        passed += result.passes
        state = ("passes" if result.passes else "fails " + ", ".join(result.failing)
                 if result.failing else f"passes at {result.games} games, not yet at the full "
                 "check's")
        print(f"| {label} | {state} | {result.seconds:.0f} s | {len(result.changes)} | "
              f"{result.candidates} |", flush=True)
    print(f"\nkok improve reached a board passing every verdict on {passed} of {len(picked)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
