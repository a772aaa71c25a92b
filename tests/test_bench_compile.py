"""The compile benchmark: it times numba's code-library steps of what is compiled while it
watches, reports them by step and by library, and leaves numba as it found it."""

from __future__ import annotations

import sys

from numba import njit

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_compile


def _fresh_kernel() -> object:
    """A function numba has never compiled in this process (no cache: compiled here)."""

    def twice_the_sum(values):  # type: ignore[no-untyped-def]
        total = 0
        for value in values:
            total += value
        return 2 * total

    return njit(cache=False)(twice_the_sum)


def test_what_is_compiled_while_it_watches_is_timed_by_step_and_library() -> None:
    compiled_kernel = _fresh_kernel()
    with bench_compile.timed_libraries() as compiled:
        assert compiled_kernel((1, 2, 3)) == 12  # type: ignore[operator]
    steps = compiled.libraries["_fresh_kernel.<locals>.twice_the_sum"]
    assert set(steps) == set(bench_compile.STEPS)
    assert all(seconds >= 0 for seconds in steps.values())
    assert compiled.seconds >= compiled.llvm() >= sum(steps.values())
    assert compiled.step("module") == sum(s.get("module", 0.0)
                                          for s in compiled.libraries.values())


def test_numba_is_left_as_it_was() -> None:
    before = bench_compile.numba_methods()
    with bench_compile.timed_libraries():
        assert bench_compile.numba_methods() != before
    assert bench_compile.numba_methods() == before


def test_the_report_names_each_step_and_the_libraries_with_the_most_llvm_seconds() -> None:
    compiled = bench_compile.Compiled(seconds=10.0, libraries={
        "small": {"functions": 0.1, "module": 0.2, "machine code": 0.3},
        "big": {"functions": 1.0, "module": 2.0, "machine code": 3.0}})
    lines = bench_compile.report("strong", compiled, 1).splitlines()
    assert lines[0] == "strong: 10.0 CPU s, 2 libraries"
    assert "  LLVM module: 2.2" in lines
    assert "  numba in Python (the rest): 3.4" in lines
    assert lines[-1].endswith("big") and len(lines) == 7
