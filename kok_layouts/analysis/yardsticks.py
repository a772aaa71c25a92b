"""Yardsticks of a board's own size: the official pads' figures carried over to a board of
another size.

How long a game lasts and how much it scores grow with the board, and no official pad is
9 x 5 or 26 x 20, so the mean score and the game length of such a board are not compared
with the pads' raw figures (a small board could never pass) nor per roll and per cell (its
games are longer per cell whatever its colours). Instead the generator makes
:data:`YARDSTICK_BOARDS` boards of the board's size and as many of the pads' size (seeds
1.., profile basic, the edition's colours), the strong bot plays :data:`YARDSTICK_GAMES`
games on each, and the pads' spread is multiplied by how much the boards of the one size
score and last against those of the other (the ratio of their geometric means). The
generator's own bias (its boards are longer than the printed pads) cancels in the ratio;
the ratio's own uncertainty (the boards differ from each other) widens the carried spread
by :data:`CARRY_Z` standard errors. The printed pads keep their own figures.

The ratios of the sizes from 9 x 5 to 15 x 7 (every edition) and of 26 x 20 (classic),
with two players, are stored in ``yardsticks.json``;

    python -m kok_layouts.analysis.yardsticks

makes them again (after a bot changes, say). Any other size, player count, bot or rules
options is measured when first asked (about 10 to 30 s) and kept for the process.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts import limits
from kok_layouts.analysis.intervals import Estimate
from kok_layouts.analysis.measures import Measures
from kok_layouts.analysis.references import bot_version
from kok_layouts.analysis.simulate import DEFAULT_BOT, simulate
from kok_layouts.editions import EDITIONS, edition_of
from kok_layouts.model.sheet import Sheet
from kok_layouts.output import write_atomically
from kok_layouts.rules.options import Options

YARDSTICK_FILE = Path(__file__).with_name("yardsticks.json")
YARDSTICK_BOARDS = 8
"""Generated boards of each size a ratio is measured on."""
YARDSTICK_GAMES = 500
"""Games per generated board: the boards differ from each other far more than 500 games'
noise."""
YARDSTICK_SEED = 1
CARRY_Z = 1.0
"""Standard errors of the ratio the carried spread is widened by on each side."""
STORED_SIZES: tuple[tuple[int, int], ...] = tuple(
    (width, height) for width in range(9, 16) for height in range(5, 8))
"""The sizes stored for every edition (with two players); classic also stores
:data:`BIG_SIZE`."""
BIG_SIZE = (26, 20)
EXTRA_SIZES: dict[str, tuple[tuple[int, int], ...]] = {"classic": (BIG_SIZE,)}
"""Sizes stored beyond :data:`STORED_SIZES`, by edition."""
PAD_CELLS = 105
"""Cells of a 15 x 7 pad: the boards the default roll limit was set for."""


def roll_limit(sheet: Sheet) -> int | None:
    """The roll limit for ``sheet``'s games when the rules options name none: the default
    (``None``) up to the pads' 105 cells, and as many times more as the board has more
    cells, so that a 26 x 20 board's games can end by the rules (their 200-roll default
    stops every one)."""
    cells = sum(1 for c in sheet.board_cells if sheet.cell_colours[c] is not None)
    if cells <= PAD_CELLS:
        return None
    return math.ceil(limits.GAME_ROLLS * cells / PAD_CELLS)


def options_for(sheet: Sheet, options: Options | None) -> Options | None:
    """``options`` with :func:`roll_limit` for a board bigger than the pads when they name
    no roll limit themselves."""
    limit = roll_limit(sheet)
    if limit is None or (options is not None and options.max_rolls is not None):
        return options
    return replace(options or Options(), max_rolls=limit)


def pad_size(edition: str) -> tuple[int, int]:
    """The size of the edition's printed pads (its first one)."""
    from kok_layouts.model.loader import load_layout

    pad = load_layout(edition_of(edition).reference_pad)
    return pad.width, pad.height


@dataclass(frozen=True)
class Yardstick:
    """How much the games of generated boards of one size score and last against those of
    the edition's pad size: ``score`` and ``length`` are ratios, ``score_se`` and
    ``length_se`` the standard errors of their logarithms."""

    edition: str
    width: int
    height: int
    players: int
    score: float
    length: float
    score_se: float
    length_se: float
    boards: int

    def as_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "width": self.width, "height": self.height,
                "players": self.players, "score": self.score, "length": self.length,
                "score_se": self.score_se, "length_se": self.length_se,
                "boards": self.boards}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Yardstick:
        return cls(str(data["edition"]), int(data["width"]), int(data["height"]),
                   int(data["players"]), float(data["score"]), float(data["length"]),
                   float(data["score_se"]), float(data["length_se"]), int(data["boards"]))

    @property
    def size(self) -> str:
        return f"{self.width} x {self.height}"

    def carry(self, pad: Measures, cells: int) -> Measures:
        """A pad's measures carried over to this size (a board of ``cells`` cells): score
        and length times the ratios, their intervals widened by the ratios' uncertainty;
        everything else as it is."""
        def scaled(estimate: Estimate, ratio: float, se: float) -> Estimate:
            wider = math.exp(CARRY_Z * se)
            return Estimate(estimate.value * ratio, estimate.low * ratio / wider,
                            estimate.high * ratio * wider)

        score = scaled(pad.mean_score, self.score, self.score_se)
        rolls = scaled(pad.mean_rolls, self.length, self.length_se)
        per_roll = scaled(pad.score_per_roll, self.score / self.length,
                          math.hypot(self.score_se, self.length_se))
        per_cell = scaled(pad.rolls_per_100_cells, self.length * pad.cells / max(1, cells),
                          self.length_se)
        return replace(pad, width=self.width, height=self.height, cells=cells,
                       mean_score=score, mean_rolls=rolls, score_per_roll=per_roll,
                       rolls_per_100_cells=per_cell)


def _key(edition: str, width: int, height: int, players: int) -> str:
    return f"{edition}/{width}x{height}/{players}"


@cache
def stored() -> dict[str, Any]:
    """The stored ratios (empty if the file is missing)."""
    try:
        data: dict[str, Any] = json.loads(YARDSTICK_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def stored_yardstick(edition: str, width: int, height: int, players: int, bot: str,
                     options: Options | None) -> Yardstick | None:
    """The stored ratios of a size, if they were made the same way."""
    data = stored()
    if (not data or data.get("bot") != bot or data.get("bot_version") != bot_version(bot)
            or (options is not None and options != Options())):
        return None
    found = data.get("sizes", {}).get(_key(edition, width, height, players))
    return Yardstick.from_dict(found) if found else None


def _figures(edition: str, width: int, height: int, players: int, boards: int, games: int,
             bot: str, options: Options | None, executor: Executor | None
             ) -> tuple[list[float], list[float]]:
    """Mean score and mean rolls of ``boards`` generated boards of one size."""
    from kok_layouts.generator.board import generate

    scores, lengths = [], []
    for seed in range(1, boards + 1):
        sheet = generate(edition, seed=seed, size=(width, height)).sheet
        results = simulate(sheet, games, players, YARDSTICK_SEED, (bot,), executor=executor,
                           options=options_for(sheet, options))
        scores.append(float(np.mean([s["total"] for r in results for s in r.scores])))
        lengths.append(float(np.mean([r.rolls for r in results])))
    return scores, lengths


def _log_ratio(mine: Sequence[float], theirs: Sequence[float]) -> tuple[float, float]:
    a, b = np.log(np.maximum(mine, 1e-9)), np.log(np.maximum(theirs, 1e-9))
    se = math.hypot(float(np.std(a, ddof=1)) / math.sqrt(len(a)),
                    float(np.std(b, ddof=1)) / math.sqrt(len(b)))
    return float(np.exp(a.mean() - b.mean())), se


def measure_yardstick(edition: str, width: int, height: int, players: int = 2, *,
                      bot: str = DEFAULT_BOT, options: Options | None = None,
                      boards: int = YARDSTICK_BOARDS, games: int = YARDSTICK_GAMES,
                      executor: Executor | None = None,
                      base: tuple[list[float], list[float]] | None = None) -> Yardstick:
    """The ratios of one size, measured now (``base``: the pad size's figures, when the
    caller has them already)."""
    edition = edition_of(edition).name
    pad_w, pad_h = pad_size(edition)
    if base is None:
        base = _figures(edition, pad_w, pad_h, players, boards, games, bot, options, executor)
    scores, lengths = _figures(edition, width, height, players, boards, games, bot, options,
                               executor)
    score, score_se = _log_ratio(scores, base[0])
    length, length_se = _log_ratio(lengths, base[1])
    return Yardstick(edition, width, height, players, score, length, score_se, length_se,
                     boards)


_live: dict[tuple[object, ...], Yardstick] = {}


def yardstick(edition: str, width: int, height: int, players: int = 2, *,
              bot: str = DEFAULT_BOT, options: Options | None = None,
              executor: Executor | None = None) -> Yardstick | None:
    """The yardstick of a size: ``None`` for the size of the edition's pads (they are their
    own), the stored ratios where they were made the same way, else measured now and kept
    for the process."""
    edition = edition_of(edition).name
    if (width, height) == pad_size(edition):
        return None
    found = stored_yardstick(edition, width, height, players, bot, options)
    if found is not None:
        return found
    key = (edition, width, height, players, bot, options)
    if key not in _live:
        _live[key] = measure_yardstick(edition, width, height, players, bot=bot,
                                       options=options, executor=executor)
    return _live[key]


def carried(references: dict[str, Measures], measures: Measures,
            size: Yardstick | None) -> dict[str, Measures]:
    """The pads' measures carried over to the size of the board ``measures`` were taken
    on (as they are when ``size`` is ``None``)."""
    if size is None:
        return references
    return {name: size.carry(m, measures.cells) for name, m in references.items()}


def yardstick_for(sheet: Sheet, measures: Measures, references: dict[str, Measures], *,
                  bot: str = DEFAULT_BOT, options: Options | None = None,
                  executor: Executor | None = None) -> Yardstick | None:
    """The yardstick of ``sheet``'s size when its pads (``references``) are of another
    size, else ``None``."""
    if not references or all((m.width, m.height) == (measures.width, measures.height)
                             for m in references.values()):
        return None
    return yardstick(sheet.edition, measures.width, measures.height, measures.players,
                     bot=bot, options=options, executor=executor)


def make_yardsticks(bot: str = DEFAULT_BOT, players: int = 2,
                    sizes: Sequence[tuple[int, int]] = STORED_SIZES,
                    log: Callable[[str], None] | None = None,
                    executor: Executor | None = None) -> dict[str, Any]:
    """Measure the ratios of every stored size for every edition (and 26 x 20 for
    classic), as stored."""
    found: dict[str, Any] = {}
    for edition in EDITIONS:
        pad_w, pad_h = pad_size(edition)
        base = _figures(edition, pad_w, pad_h, players, YARDSTICK_BOARDS, YARDSTICK_GAMES,
                        bot, None, executor)
        wanted = list(sizes) + list(EXTRA_SIZES.get(edition, ()))
        for width, height in wanted:
            if (width, height) == (pad_w, pad_h):
                continue
            start = time.perf_counter()
            size = measure_yardstick(edition, width, height, players, bot=bot,
                                     executor=executor, base=base)
            found[_key(edition, width, height, players)] = size.as_dict()
            if log is not None:
                log(f"{edition} {width}x{height}: score x{size.score:.3f}, length "
                    f"x{size.length:.3f} in {time.perf_counter() - start:.1f} s")
    return {"bot": bot, "bot_version": bot_version(bot), "seed": YARDSTICK_SEED,
            "boards": YARDSTICK_BOARDS, "games": YARDSTICK_GAMES,
            "made_by": "python -m kok_layouts.analysis.yardsticks", "sizes": found}


def main(argv: Sequence[str] | None = None) -> int:
    from kok_layouts.analysis.workers import usable_cores, worker_pool

    parser = argparse.ArgumentParser(
        prog="python -m kok_layouts.analysis.yardsticks",
        description="Measure how generated boards of every size score and last against "
                    "those of the pads' size, and store the ratios.")
    parser.add_argument("--jobs", type=int, default=usable_cores())
    parser.add_argument("-o", "--output", type=Path, default=YARDSTICK_FILE)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with worker_pool(args.jobs) as pool:
        data = make_yardsticks(log=lambda line: print(line, file=sys.stderr, flush=True),
                               executor=pool)
    write_atomically(args.output, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    print(f"wrote {args.output} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
