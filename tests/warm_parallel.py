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

_SHEETS = """
from kok_layouts.model.loader import load_layout
classic, kids, kok2 = load_layout("black"), load_layout("kids"), load_layout("grey")
"""

PARTS: dict[str, str] = {
    # The parts of kok_layouts.rules.engine.compiling.warm_up, longest (by its
    # COMPILE_SECONDS) first; each plays what warm_up plays for its family.
    "learned": """
from kok_layouts.rules.engine.learned import play_learned_batch
for sheet in (classic, kok2, kids):
    play_learned_batch(sheet, 1, 1, 0)
    play_learned_batch(sheet, 1, 2, 0)
""",
    "strong": """
from kok_layouts.rules.engine.strong import play_strong_batch
for sheet in (classic, kok2, kids):
    play_strong_batch(sheet, 1, 1, 0)
    play_strong_batch(sheet, 1, 2, 0)
""",
    "greedy": """
from kok_layouts.rules.engine.batch import play_batch
from kok_layouts.rules.engine.position import Position
position = Position(classic, 2)
for move in position.legal_moves(0, "X", "?")[:1]:
    position.push(0, move)
position.score(0)
position.completed_columns(0)
position.completed_colours(0)
position.ends_game()
kid = Position(kids, 2)
for kids_move in kid.kids_legal_moves(0, kids.colours[0].key)[:1]:
    kid.kids_push(0, kids_move)
kid.kids_legal_moves(0, "purple")
kid.kids_score(0)
second = Position(kok2, 1)
for action in second.specials(0, "bomb")[:1]:
    second.push(0, action)
second.score(0)
play_batch(classic, 1, 1, 0)
play_batch(classic, 1, 2, 0)
play_batch(kids, 1, 2, 0)
play_batch(kok2, 1, 2, 0)
""",
    "solo, views and live": """
from kok_layouts.rules.engine.live import warm_live
from kok_layouts.rules.engine.solo_batch import warm_up_solo
from kok_layouts.rules.engine.tables import tables_for
from kok_layouts.rules.engine.views import warm_views
for sheet in (classic, kok2, kids):
    warm_up_solo(tables_for(sheet))
warm_views(classic, kok2, kids)
warm_live(classic, kok2, kids)
""",
}

_REPORT = """
import resource, sys
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"{usage.ru_utime + usage.ru_stime:.1f}", file=sys.stderr)
"""


def _part(code: str) -> tuple[int, float, str]:
    """Run one part in a fresh Python; its exit code, CPU seconds and error output."""
    done = subprocess.run([sys.executable, "-c", _SHEETS + code + _REPORT], cwd=ROOT,
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
        done = dict(zip(PARTS, pool.map(_part, PARTS.values()), strict=True))
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
