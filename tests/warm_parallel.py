"""Compile the rules engine's kernel families in parallel processes, once per checkout.

numba compiles one kernel at a time on one core: on a fresh checkout
:func:`kok_layouts.rules.engine.warm_up` takes its ``COMPILE_SECONDS`` (about ten CPU
minutes) on one core while the other cores wait. The families share little, so
:func:`warm_up_in_parallel` compiles them in separate processes, one per usable core, each
into numba's on-disk cache (numba writes a cache file beside its target and renames it in,
so processes compiling at once do not break each other's files). The caller then runs
``warm_up()`` itself, which loads everything from the cache and compiles whatever a part
missed: the split decides only how fast a cold start is, never what is compiled.

``python -m tests.warm_parallel`` does it by hand and prints each part's CPU seconds.
"""

from __future__ import annotations

import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PARTS: tuple[str, ...] = ("learned", "strong", "solo, views and live", "rules")
"""The parts of ``warm_up`` (``compiling.WARM_FAMILIES``), in the order they start: the
two longest first (about 100 and 90 CPU s on a cold cache), then the live bots' part,
which loads what the strong part left in the cache (75), the shortest last (45): on two
cores the two processes end within seconds of each other (170 s wall for 315 CPU s,
where "rules" third left one core idle for half a minute: 180 s)."""

_REPORT = """
import resource, sys
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"{usage.ru_utime + usage.ru_stime:.1f}", file=sys.stderr)
"""


def _part(name: str) -> tuple[int, float, str]:
    """Run one part in a fresh Python; its exit code, CPU seconds and error output."""
    code = ("from kok_layouts.rules.engine.compiling import warm_family\n"
            f"warm_family({name!r})\n")
    done = subprocess.run([sys.executable, "-c", code + _REPORT], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    lines = done.stderr.strip().splitlines()
    try:
        cpu = float(lines[-1]) if done.returncode == 0 else 0.0
    except (IndexError, ValueError):
        cpu = 0.0
    return done.returncode, cpu, done.stderr


def warm_up_in_parallel(processes: int) -> dict[str, float]:
    """Compile the :data:`PARTS` in up to ``processes`` processes at once; the CPU seconds
    of each part that ended well (a part that failed is left to ``warm_up()``)."""
    with ThreadPoolExecutor(max(1, min(processes, len(PARTS)))) as pool:
        done = dict(zip(PARTS, pool.map(_part, PARTS), strict=True))
    return {name: cpu for name, (code, cpu, _) in done.items() if code == 0}


def main() -> int:
    from kok_layouts.analysis.workers import usable_cores
    from kok_layouts.rules.engine import warm_up

    started = time.monotonic()
    parts = warm_up_in_parallel(usable_cores())
    parallel = time.monotonic() - started
    for name, cpu in parts.items():
        print(f"{name}: {cpu:.1f} CPU s")
    rest = warm_up()
    print(f"parts: {parallel:.1f} s wall, {sum(parts.values()):.1f} CPU s; "
          f"warm_up after them: {rest:.1f} s")
    return 0 if len(parts) == len(PARTS) else 1


if __name__ == "__main__":
    raise SystemExit(main())
