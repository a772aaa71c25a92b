"""The order the xdist workers run the suite in: the longest tests first, one per worker.

``--dist worksteal`` hands worker ``i`` of ``k`` the ``i``-th of ``k`` equal stretches of
the collected tests, each worker runs its stretch from the front, and a worker that runs
dry takes the back half of the longest queue left. A test of 90 s that happens to come
last keeps one worker busy alone at the end; :func:`arrange` puts the tests of
:data:`SLOW` at the fronts of the stretches instead, spread so that the stretches start
with about equal sums of them (longest first, each to the least loaded stretch).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

DURATIONS = Path(__file__).resolve().parent / "durations.txt"
"""Every test's measured seconds (setup, call and teardown together), one ``SECONDS
NODEID`` a line, longest first: written by ``python -m tests.suite_order --from-durations
OUTPUT...`` from the output of ``python -m pytest --durations=0`` runs, the longest each
test took in any of them. Give it a full run and a run of the fast layer: a test that
shares a module's fixture with a slow one pays for the fixture only when the slow one is
left out. A line naming a module (``SECONDS tests/test_x.py``) holds the longest setup
of any of its tests: a fixture that long, shared or not, makes the whole module slow."""

SLOW_SECONDS = 0.2
"""A test measured at this many seconds or more (in :data:`DURATIONS`) is marked ``slow``
(tests/conftest.py): ``python -m pytest -m "not slow"`` leaves it out."""

_DURATION = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)s (setup|call|teardown)\s+(\S.*?)\s*$")

SLOW: dict[str, float] = {
    # Seconds of the slowest tests in a full run on this 2-core machine with -n 2 (load
    # about 5, so about twice a quiet machine's), before the suite's shared games. A test
    # that shares a module-scoped fixture (a browser) stays with its module instead: run
    # apart, it would start the fixture once more.
    "tests/test_generate_cli.py::test_balanced_search_reaches_a_board_on_which_every_"
    "verdict_passes": 149.4,
    "tests/test_generator_core_roundtrip.py::test_a_generated_board_is_written_as_text_"
    "that_reads_back_to_its_sheet[kok2]": 87.1,
    "tests/test_verdicts.py::test_the_same_board_gives_the_same_verdicts_at_seeds_1_and_2":
        75.1,
    "tests/test_verdicts.py::test_an_official_pad_played_with_another_seed_passes_every_"
    "verdict": 66.4,
    "tests/test_generator_core_roundtrip.py::test_a_generated_board_is_written_as_text_"
    "that_reads_back_to_its_sheet[kids]": 62.6,
    "tests/test_generator_core_roundtrip.py::test_a_generated_board_is_written_as_text_"
    "that_reads_back_to_its_sheet[classic]": 55.9,
    "tests/test_solvability_speed.py::test_the_steiner_answer_equals_the_integer_program_"
    "on_random_boards": 48.1,
    "tests/test_api.py::test_the_readme_examples_and_typed_construction_pass_mypy_strict":
        42.8,
    "tests/test_verdicts.py::test_the_reference_script_writes_the_figures_it_would_store":
        41.7,
    "tests/test_dask.py::test_a_dask_run_equals_a_jobs_run": 34.4,
    "tests/test_verdicts.py::test_the_advice_never_re_deals_the_start_column": 30.5,
    "tests/test_hostile_records.py::test_any_damaged_record_replays_or_is_refused_with_a_"
    "located_record_error": 19.5,
    "tests/test_harden_outputs.py::test_a_reader_that_closes_after_some_output_ends_"
    "quietly_with_141": 19.4,
    "tests/test_verdicts.py::test_a_kids_board_scoring_a_little_above_the_pad_is_no_"
    "longer_failed_for_it": 18.6,
    "tests/test_verdicts_progress.py::test_a_progress_bar_with_rate_and_eta_on_a_terminal":
        18.3,
    "tests/test_solvability_speed.py::test_a_board_with_a_huge_area_is_fully_exact_within_"
    "the_budget[green_39.yaml]": 17.4,
    "tests/test_solvability_speed.py::test_a_board_with_a_huge_area_answers_in_json_only_"
    "and_in_time[green_39.yaml]": 16.8,
    "tests/test_solvability_speed.py::test_special_die_json_in_worker_processes_is_only_"
    "json": 16.5,
    "tests/test_verdicts_progress.py::test_no_progress_bar_in_a_pipe_or_with_quiet": 16.4,
}


def stretches(count: int, workers: int) -> list[int]:
    """The sizes of the stretches worksteal first hands ``workers`` workers out of
    ``count`` tests (xdist's ``WorkStealingScheduling.check_schedule``)."""
    sizes, left = [], count
    for index in range(workers):
        size = left // (workers - index)
        sizes.append(size)
        left -= size
    return sizes


def arrange(items: Sequence[T], names: Sequence[str], workers: int,
            slow: dict[str, float]) -> list[T]:
    """``items`` (named ``names``) reordered so that each of the ``workers`` stretches
    starts with its share of the ``slow`` tests, longest first; every other test keeps its
    place in the order."""
    if workers < 2:
        return list(items)
    sizes = stretches(len(items), workers)
    known = sorted((index for index, name in enumerate(names) if name in slow),
                   key=lambda index: (-slow[names[index]], names[index]))
    heads: list[list[T]] = [[] for _ in sizes]
    load = [0.0] * workers
    for index in known:
        least = min(range(workers), key=lambda w: (load[w], w))
        heads[least].append(items[index])
        load[least] += slow[names[index]]
    chosen = set(known)
    rest = iter(item for index, item in enumerate(items) if index not in chosen)
    ordered: list[T] = []
    for head, size in zip(heads, sizes, strict=True):
        ordered.extend(head)
        ordered.extend(item for _, item in zip(range(size - len(head)), rest, strict=False))
    ordered.extend(rest)
    return ordered


def parse_durations(lines: Iterable[str]) -> dict[str, float]:
    """The seconds of each test in the ``--durations=0`` report among ``lines``: its
    setup, call and teardown added up (a module's shared fixture counts for the test that
    set it up); and of each module, the longest setup of its tests."""
    seconds: dict[str, float] = {}
    setups: dict[str, float] = {}
    for line in lines:
        match = _DURATION.match(line)
        if match:
            value, phase, node = float(match.group(1)), match.group(2), match.group(3)
            seconds[node] = seconds.get(node, 0.0) + value
            if phase == "setup":
                module = node.partition("::")[0]
                setups[module] = max(value, setups.get(module, 0.0))
    return {**seconds, **setups}


def write_durations(seconds: dict[str, float], path: Path = DURATIONS) -> None:
    """``seconds`` as :data:`DURATIONS` holds them, longest first."""
    ordered = sorted(seconds.items(), key=lambda entry: (-entry[1], entry[0]))
    path.write_text("".join(f"{value:.2f} {node}\n" for node, value in ordered),
                    encoding="utf-8")


def read_durations(path: Path = DURATIONS) -> dict[str, float]:
    """The measured seconds of :data:`DURATIONS` (none when the file is missing)."""
    if not path.exists():
        return {}
    seconds: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        value, _, node = line.partition(" ")
        if node:
            seconds[node] = float(value)
    return seconds


def slow_tests(seconds: dict[str, float], threshold: float = SLOW_SECONDS) -> frozenset[str]:
    """The tests and modules of ``seconds`` that take ``threshold`` seconds or more."""
    return frozenset(node for node, value in seconds.items() if value >= threshold)


def is_slow(node: str, slow: frozenset[str]) -> bool:
    """Whether test ``node`` is slow: it, or its module, is among ``slow``."""
    return node in slow or node.partition("::")[0] in slow


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tests.suite_order --from-durations OUTPUT...``: write
    :data:`DURATIONS` from ``--durations=0`` reports (the longest of each test)."""
    parser = argparse.ArgumentParser(prog="python -m tests.suite_order",
                                     description=main.__doc__)
    parser.add_argument("--from-durations", type=Path, required=True, nargs="+",
                        metavar="OUTPUT", help="the output of: python -m pytest "
                        "--durations=0 (a full run, and one with -m 'not slow')")
    parser.add_argument("--output", type=Path, default=DURATIONS,
                        help=f"the file to write (default: {DURATIONS.name})")
    args = parser.parse_args(argv)
    seconds: dict[str, float] = {}
    for path in args.from_durations:
        measured = parse_durations(path.read_text("utf-8").splitlines())
        if not measured:
            print(f"{path}: no --durations report in it", file=sys.stderr)
            return 1
        for node, value in measured.items():
            seconds[node] = max(value, seconds.get(node, 0.0))
    write_durations(seconds, args.output)
    slow = slow_tests(seconds)
    print(f"{args.output.name}: {len(seconds)} tests and modules, {len(slow)} of them slow "
          f"(>= {SLOW_SECONDS:g} s, {sum(seconds[node] for node in slow):.0f} s of "
          f"{sum(seconds.values()):.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
