"""Where a cold compile of the rules engine spends its CPU: LLVM or numba's own Python.

    python benchmarks/bench_compile.py PART [--top N]

Compiles one part of ``warm_up()`` (``compiling.WARM_FAMILIES``: ``rules``, ``strong``,
``learned``, ``"solo, views and live"``) into an empty ``NUMBA_CACHE_DIR`` of its own, in
this process, with CPU timers (user + sys, ``getrusage``) around three steps of each of
numba's code libraries: LLVM's per-function passes, its optimisation of the library's
whole module (the kernels it calls linked in), and the machine code. Prints the part's
CPU seconds, the three steps' sums, what is left for numba's typing and lowering in
Python, and the ``--top`` libraries by their LLVM seconds. A part compiled alone
compiles the kernels it shares with the parts before it too (the learned part compiles
the strong bots' helpers), so its figure is above its share of ``tests.warm_parallel``.
A few minutes for the larger parts. (docs/development/testing.md quotes its figures.)
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

TIMED = (("functions", "CPUCodeLibrary", "_optimize_functions"),
         ("module", "CPUCodeLibrary", "_optimize_final_module"),
         ("machine code", "JITCodeLibrary", "_finalize_specific"))
"""The timed steps of a code library: each step's name, and the class of
``numba.core.codegen`` and the method that does it (the machine code: nothing for a
linked-only library)."""
STEPS = tuple(step for step, _, _ in TIMED)


def cpu() -> float:
    """CPU seconds (user + sys) of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Compiled:
    """What a run compiled: CPU seconds in all, and each library's seconds per step."""

    seconds: float = 0.0
    libraries: dict[str, dict[str, float]] = field(default_factory=dict)

    def step(self, name: str) -> float:
        """The seconds of step ``name`` over every library."""
        return sum(steps.get(name, 0.0) for steps in self.libraries.values())

    def llvm(self) -> float:
        """The seconds in LLVM's three steps together."""
        return sum(self.step(name) for name in STEPS)

    def top(self, count: int) -> list[tuple[str, dict[str, float]]]:
        """The ``count`` libraries with the most LLVM seconds, most first."""
        ordered = sorted(self.libraries.items(), key=lambda item: -sum(item[1].values()))
        return ordered[:count]


def numba_methods() -> list[tuple[Any, str, Callable[..., None]]]:
    """The class, method name and method of each of :data:`TIMED`, as numba has them
    now."""
    from numba.core import codegen

    classes = [getattr(codegen, class_name) for _, class_name, _ in TIMED]
    return [(cls, name, vars(cls)[name])
            for cls, (_, _, name) in zip(classes, TIMED, strict=True)]


@contextmanager
def timed_libraries() -> Iterator[Compiled]:
    """Time numba's code-library steps while the block runs (numba's methods are put back
    at the end)."""
    compiled = Compiled()
    originals = numba_methods()

    def timer(step: str, original: Callable[..., None]) -> Callable[..., None]:
        def run(library: Any, *args: Any) -> None:
            start = cpu()
            try:
                original(library, *args)
            finally:
                steps = compiled.libraries.setdefault(str(library.name), {})
                steps[step] = steps.get(step, 0.0) + cpu() - start
        return run

    for step, (cls, name, original) in zip(STEPS, originals, strict=True):
        setattr(cls, name, timer(step, original))
    start = cpu()
    try:
        yield compiled
    finally:
        compiled.seconds = cpu() - start
        for cls, name, original in originals:
            setattr(cls, name, original)


def report(part: str, compiled: Compiled, top: int) -> str:
    """The lines :func:`main` prints."""
    lines = [f"{part}: {compiled.seconds:.1f} CPU s, {len(compiled.libraries)} libraries",
             *(f"  LLVM {name}: {compiled.step(name):.1f}" for name in STEPS),
             f"  numba in Python (the rest): {compiled.seconds - compiled.llvm():.1f}",
             f"  the {top} libraries with the most LLVM seconds "
             f"({', '.join(STEPS)}):"]
    for name, steps in compiled.top(top):
        seconds = "  ".join(f"{steps.get(step, 0.0):6.2f}" for step in STEPS)
        lines.append(f"    {seconds}  {name}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    with tempfile.TemporaryDirectory(prefix="kok-compile-") as cache:
        # Before numba is imported (the engine's package imports it): numba reads its
        # cache folder once, when it starts.
        os.environ["NUMBA_CACHE_DIR"] = cache
        from kok_layouts.rules.engine.compiling import WARM_FAMILIES, warm_family

        parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
        parser.add_argument("part", choices=sorted(WARM_FAMILIES))
        parser.add_argument("--top", type=int, default=15)
        args = parser.parse_args(argv)
        with timed_libraries() as compiled:
            warm_family(args.part)
    print(report(args.part, compiled, max(0, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
