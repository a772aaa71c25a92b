"""Strength and speed of the bots, per edition (figures quoted in the documentation).

    python benchmarks/bench_bots.py [--games N] [--duels N] [--bots greedy,strong,...]
        [--editions classic,kok2,kids] [--hindsight N] [--beam N] [--json | --markdown]

For every bot and edition (classic on the black pad, Keer op Keer 2 on grey, Kids):
- the mean solo score over ``--games`` seeded solo games (game ``i`` from
  ``default_rng([seed, i])``), with its 95% interval;
- its share of the hindsight score (:mod:`hindsight`: a beam search that knows every throw)
  of the first ``--hindsight`` of those games: the bot's mean over them divided by the
  search's (the same dice for a bot that draws nothing else from the generator: greedy,
  strong, expert, learned; the random and level bots draw their moves from it too, so their
  dice differ game by game but not in the mean);
- the share of ``--duels`` 2-player games won against the greedy bot, and as many against
  the strong bot, seats alternated (a shared win counts half), with their 95% intervals;
- solo games per second on one core (CPU time of this process, so other load on the
  machine does not count against it).

``--markdown`` prints a table per edition with the rules the games were played under.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

import numpy as np
from hindsight import BEAM, MOVES, hindsight_scores

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, Strategy, make_bot, play_game
from kok_layouts.rules.record import new_game

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}
BOTS = ("random,greedy,strong,expert,learned,level-1,level-2,level-3,level-4,level-5")


def solo(sheet: Sheet, bot: Strategy, games: int, seed: int,
         hindsight: list[int] | None = None) -> dict[str, float]:
    """Mean solo score with its 95% interval, solo games per CPU second and, given the
    ``hindsight`` scores of the first games, the bot's share of them over those games."""
    play_game(new_game(sheet, ["solo"], solo=True), [bot],  # (kernels loaded: not timed)
              np.random.default_rng([seed, games]))
    totals: list[int] = []
    started = time.process_time()
    for i in range(games):
        game = new_game(sheet, ["solo"], solo=True)
        play_game(game, [bot], np.random.default_rng([seed, i]))
        totals.append(game.scores()[0].total)
    elapsed = time.process_time() - started
    mean = statistics.fmean(totals)
    half = 1.96 * statistics.stdev(totals) / math.sqrt(games)
    found = {"solo_mean": mean, "solo_low": mean - half, "solo_high": mean + half,
             "games_per_second": games / elapsed}
    if hindsight:
        shared = totals[:len(hindsight)]
        found["hindsight_share"] = statistics.fmean(shared) / statistics.fmean(hindsight)
    return found


def duel(sheet: Sheet, bot: Strategy, games: int, seed: int,
         opponent: Strategy | None = None, key: str = "win") -> dict[str, float]:
    """Share of 2-player games won against ``opponent`` (greedy), seats alternated, with
    its 95% interval, as ``key``_rate, ``key``_low and ``key``_high."""
    won = 0.0
    other = opponent if opponent is not None else GreedyBot()
    for i in range(games):
        seat = i % 2
        players: list[Strategy] = [other, other]
        players[seat] = bot
        game = new_game(sheet, ["one", "two"])
        play_game(game, players, np.random.default_rng([seed, 1, i]))
        winners = game.winner_seats()
        if seat in winners:
            won += 1.0 / len(winners)
    share = won / games
    half = 1.96 * math.sqrt(max(share * (1 - share), 0.25 / games) / games)
    return {f"{key}_rate": share, f"{key}_low": max(0.0, share - half),
            f"{key}_high": min(1.0, share + half)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="solo games per bot and edition")
    parser.add_argument("--duels", type=int, default=200,
                        help="2-player games against greedy, and as many against strong, per "
                             "bot and edition")
    parser.add_argument("--bots", default=BOTS)
    parser.add_argument("--editions", default=",".join(PADS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hindsight", type=int, default=200,
                        help="games of the hindsight search per edition (0: none)")
    parser.add_argument("--beam", type=int, default=BEAM,
                        help="positions the hindsight search keeps after each roll")
    parser.add_argument("--rows", type=argparse.FileType("r", encoding="utf-8"), nargs="+",
                        help="print the rows of earlier --json runs (merged, later rows of "
                             "the same bot and edition winning) instead of playing")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true")
    shown.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    if args.rows:
        merged: dict[tuple[str, str], dict[str, float | str]] = {}
        for handle in args.rows:
            try:
                for found in json.load(handle):
                    merged[(str(found["edition"]), str(found["bot"]))] = found
            except (ValueError, KeyError, TypeError) as error:
                parser.error(f"{handle.name}: not the rows of a --json run ({error!r:.80})")
        shown_rows = sorted(merged.values(), key=lambda row: (
            list(PADS).index(str(row["edition"])), _bot_order(str(row["bot"]))))
        try:
            text = markdown(shown_rows, args) if args.markdown else json.dumps(shown_rows,
                                                                                indent=1)
        except (ValueError, KeyError, TypeError) as error:
            parser.error(f"the rows lack a figure ({error!r:.80})")
        print(text)
        return
    rows: list[dict[str, float | str]] = []
    for edition in args.editions.split(","):
        sheet = load_layout(PADS[edition])
        hindsight: list[int] = []
        if args.hindsight:
            started = time.process_time()
            hindsight = hindsight_scores(sheet, min(args.hindsight, args.games), args.seed,
                                         args.beam)
            mean = statistics.fmean(hindsight)
            half = 1.96 * statistics.stdev(hindsight) / math.sqrt(len(hindsight))
            rows.append({"bot": "hindsight", "edition": edition, "pad": PADS[edition],
                         "solo_mean": mean, "solo_low": mean - half, "solo_high": mean + half,
                         "games": len(hindsight), "beam": args.beam, "moves": MOVES,
                         "games_per_second": len(hindsight)
                         / (time.process_time() - started)})
            report(rows[-1], args)
        for name in args.bots.split(","):
            row: dict[str, float | str] = {"bot": name, "edition": edition,
                                           "pad": PADS[edition]}
            row.update(solo(sheet, make_bot(name), args.games, args.seed, hindsight))
            if args.duels:
                row.update(duel(sheet, make_bot(name), args.duels, args.seed))
                row.update(duel(sheet, make_bot(name), args.duels, args.seed,
                                make_bot("strong"), "strong"))
            rows.append(row)
            report(row, args)
    if args.json:
        print(json.dumps(rows, indent=1))
    if args.markdown:
        print(markdown(rows, args))


def _bot_order(name: str) -> int:
    """Where a bot's row goes in a table: the hindsight search, then :data:`BOTS`' order."""
    order = ["hindsight", *BOTS.split(",")]
    return order.index(name) if name in order else len(order)


def report(row: dict[str, float | str], args: argparse.Namespace) -> None:
    """A finished row: printed as text, or (``--json``, ``--markdown``) noted on stderr."""
    if args.json or args.markdown:
        print(f"{row['bot']} {row['edition']} done", file=sys.stderr, flush=True)
    else:
        print(format_row(row), flush=True)


def markdown(rows: list[dict[str, float | str]], args: argparse.Namespace) -> str:
    """A table per edition, with the games and rules the figures were played under."""
    from kok_layouts.rules.options import Options

    lines = [f"Solo: {args.games} seeded games per bot (game `i` from "
             f"`default_rng([{args.seed}, i])`); duels: {args.duels} 2-player games against "
             "the strong bot, seats alternated (a shared win counts half); games a second: "
             "solo, CPU time of one process. "
             + (f"Hindsight: a beam search that knows every throw ({args.beam} positions "
                f"kept after each roll, {MOVES} moves followed from each) on the first "
                f"{min(args.hindsight, args.games)} of the solo games; a bot's share is its "
                "mean over those games divided by the search's. " if args.hindsight else "")
             + "Rules: the library's defaults "
             f"(`{Options()!r}`): solo 30 rolls of 2 colour and 2 number dice (Keer op Keer "
             "2: and the special die), games with others with 3 colour and 3 number dice; "
             "Kids: 30 rolls of its three dice solo, the active player keeping one of them "
             "in games with others.", ""]
    titles = {"classic": "Keer op Keer (black pad)", "kok2": "Keer op Keer 2 (grey pad)",
              "kids": "Keer op Keer Kids"}
    for edition in dict.fromkeys(str(row["edition"]) for row in rows):
        lines += [f"**{titles.get(edition, edition)}**", "",
                  "| bot | solo mean (95%) | share of hindsight | wins vs strong (95%) "
                  "| games/CPU s |", "|---|---|---|---|---|"]
        for row in rows:
            if row["edition"] != edition:
                continue
            mean = (f"{float(row['solo_mean']):.1f} ({float(row['solo_low']):.1f} to "
                    f"{float(row['solo_high']):.1f})")
            share = (f"{100 * float(row['hindsight_share']):.0f}%"
                     if "hindsight_share" in row else "")
            wins = (f"{100 * float(row['strong_rate']):.0f}% "
                    f"({100 * float(row['strong_low']):.0f} to "
                    f"{100 * float(row['strong_high']):.0f}%)" if "strong_rate" in row else "")
            name = "hindsight search" if row["bot"] == "hindsight" else f"`{row['bot']}`"
            lines.append(f"| {name} | {mean} | {share} | {wins} | "
                         f"{float(row['games_per_second']):.0f} |")
        lines.append("")
    return "\n".join(lines)


def format_row(row: dict[str, float | str]) -> str:
    text = (f"{row['bot']:>9} {row['edition']:<8} solo {row['solo_mean']:5.1f} "
            f"({row['solo_low']:.1f} to {row['solo_high']:.1f})")
    if "hindsight_share" in row:
        text += f"  {100 * float(row['hindsight_share']):3.0f}% of hindsight"
    if "win_rate" in row:
        text += (f"  wins vs greedy {100 * float(row['win_rate']):3.0f}% "
                 f"({100 * float(row['win_low']):.0f} to {100 * float(row['win_high']):.0f}%)")
    if "strong_rate" in row:
        text += (f"  vs strong {100 * float(row['strong_rate']):3.0f}% "
                 f"({100 * float(row['strong_low']):.0f} to "
                 f"{100 * float(row['strong_high']):.0f}%)")
    return text + f"  {row['games_per_second']:.0f} solo games/s"


if __name__ == "__main__":
    main()
