"""Reference figures: the official pads of each edition, simulated with the default bot.

A board is judged against the spread of these figures across every official pad of its
edition (see :mod:`kok_layouts.analysis.balance`). They are stored in the package
(``references.json``, with the bot, its version, the seed and the number of games that
made them) because simulating seven pads takes minutes; the command

    python -m kok_layouts.analysis.references

makes them again (after a bot changes, say). When a check runs with another bot, other
rules options or a player count that is not stored, the pads are simulated live instead,
the same way as the board.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from kok_layouts import __version__, limits
from kok_layouts.analysis.measures import Measures, measure
from kok_layouts.analysis.simulate import DEFAULT_BOT, simulate
from kok_layouts.analysis.workers import usable_cores, worker_pool
from kok_layouts.editions import EDITIONS, Edition, edition_of
from kok_layouts.errors import KokError
from kok_layouts.model.loader import load_layout
from kok_layouts.output import write_atomically
from kok_layouts.rules.bots import BOTS
from kok_layouts.rules.options import Options

REFERENCE_FILE = Path(__file__).with_name("references.json")
REFERENCE_GAMES = 2000
REFERENCE_SEED = 1
REFERENCE_PLAYERS = (1, 2)
"""The counts stored with :data:`REFERENCE_GAMES` games: solo and two players."""
MORE_PLAYERS_GAMES = 75
"""Games per pad stored for the other player counts (3 to 6, Kids 3 and 4): enough for
their 95% intervals to widen the spreads honestly, few enough that the references script
makes them in under half an hour on one core."""


def official_pads(edition: Edition | str) -> list[str]:
    """The built-in pads of ``edition`` (an edition or its name), in their printed order."""
    return list(edition_of(edition).official_pads())


def bot_version(bot: str) -> str:
    """The version of a bot: its own ``version`` (a value or a function giving it) if it has
    one, else the package's."""
    version = getattr(BOTS.get(bot), "version", __version__)
    return str(version() if callable(version) else version)


@cache
def stored() -> dict[str, Any]:
    """The stored figures (empty if the file is missing)."""
    try:
        data: dict[str, Any] = json.loads(REFERENCE_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def stored_measures(layout: str, players: int, bot: str,
                    options: Options | None) -> Measures | None:
    """The stored measures of an official pad, if they were made the same way."""
    data = stored()
    if (not data or data.get("bot") != bot or data.get("bot_version") != bot_version(bot)
            or (options is not None and options != Options())):
        return None
    figures = data.get("pads", {}).get(layout, {}).get(str(players))
    return Measures.from_dict(figures) if figures else None


def reference_measures(edition: Edition | str, players: int, games: int, *, bot: str = DEFAULT_BOT,
                       options: Options | None = None, jobs: int = 1,
                       executor: Any = None,
                       progress: Callable[[int, int], None] | None = None,
                       ) -> dict[str, Measures]:
    """The measures of every official pad of ``edition``: stored ones where they match,
    else simulated now with ``min(games, REFERENCE_GAMES)`` games and the reference seed."""
    found: dict[str, Measures] = {}
    missing: list[str] = []
    for name in official_pads(edition):
        figures = stored_measures(name, players, bot, options)
        if figures is None:
            missing.append(name)
        else:
            found[name] = figures
    count = min(games, REFERENCE_GAMES)
    for i, name in enumerate(missing):
        sheet = load_layout(name)

        def step(done: int, total: int, i: int = i) -> None:
            if progress is not None:
                progress(i * count + done, len(missing) * count)

        results = simulate(sheet, count, players, REFERENCE_SEED, (bot,), jobs=jobs,
                           executor=executor, progress=step, options=options)
        found[name] = measure(sheet, results)
    return {name: found[name] for name in official_pads(edition)}


def make_references(games: int = REFERENCE_GAMES, seed: int = REFERENCE_SEED,
                    bot: str = DEFAULT_BOT, players: Sequence[int] = REFERENCE_PLAYERS,
                    jobs: int = 1, log: Callable[[str], None] | None = None,
                    more_games: int = MORE_PLAYERS_GAMES,
                    keep: dict[str, Any] | None = None) -> dict[str, Any]:
    """Simulate every built-in pad and return the figures as stored: ``games`` games for
    the counts in ``players`` and ``more_games`` for every other count the pad's edition
    allows (``more_games=0`` leaves those out). ``keep`` (figures stored before, made the
    same way) supplies the counts it holds instead of simulating them again."""
    pads: dict[str, dict[str, Any]] = {}
    same = keep is not None and keep.get("bot") == bot and keep.get("seed") == seed and \
        keep.get("bot_version") == bot_version(bot) and keep.get("games") == games
    kept: dict[str, Any] = keep.get("pads", {}) if keep is not None and same else {}
    counts: dict[str, int] = {}
    with worker_pool(jobs) as pool:
        for name in (pad for edition in EDITIONS.values() for pad in edition.official_pads()):
            sheet = load_layout(name)
            allowed = edition_of(sheet).players
            pads[name] = {}
            for count in range(1, allowed.high + 1):
                if count != 1 and count not in allowed:
                    continue
                wanted = games if count in players else more_games
                if not wanted:
                    continue
                counts[str(count)] = wanted
                old = kept.get(name, {}).get(str(count))
                if old is not None and old.get("games") == wanted:
                    pads[name][str(count)] = old
                    continue
                start = time.perf_counter()
                results = simulate(sheet, wanted, count, seed, (bot,), executor=pool)
                pads[name][str(count)] = measure(sheet, results).as_dict()
                if log is not None:
                    log(f"{name}, {count} player(s): {wanted} games in "
                        f"{time.perf_counter() - start:.1f} s")
    return {"bot": bot, "bot_version": bot_version(bot), "seed": seed, "games": games,
            "games_by_players": counts,
            "options": Options().as_dict(), "made_by": "python -m kok_layouts.analysis.references",
            "pads": pads}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kok_layouts.analysis.references",
        description="Simulate the official pads and store the reference figures.")

    def bounded(bounds: limits.Bounds) -> Callable[[str], int]:
        def parse(text: str) -> int:
            try:
                return limits.parse_in(text, bounds)
            except KokError as err:
                raise argparse.ArgumentTypeError(str(err)) from None
        return parse

    parser.add_argument("--games", type=bounded(limits.GAMES), default=REFERENCE_GAMES)
    parser.add_argument("--seed", type=bounded(limits.SEED), default=REFERENCE_SEED)
    parser.add_argument("--bot", default=DEFAULT_BOT, choices=sorted(BOTS))
    parser.add_argument("--jobs", type=bounded(limits.WORKERS), default=usable_cores())
    parser.add_argument("--more-games", type=bounded(limits.REFERENCE_MORE_GAMES),
                        default=MORE_PLAYERS_GAMES,
                        help="games per pad for 3 or more players (0: leave them out)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the figures the output file holds for the same bot, "
                             "seed and games, and simulate only what is missing")
    parser.add_argument("-o", "--output", type=Path, default=REFERENCE_FILE)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    keep = None
    if args.keep and args.output.is_file():
        keep = json.loads(args.output.read_text(encoding="utf-8"))
    data = make_references(args.games, args.seed, args.bot, jobs=args.jobs,
                           log=lambda line: print(line, file=sys.stderr),
                           more_games=args.more_games, keep=keep)
    write_atomically(args.output, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    print(f"wrote {args.output} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
