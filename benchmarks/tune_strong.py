"""Tune the strong bot's weights by self-play with the cross-entropy method (reproducible).

    python benchmarks/tune_strong.py --edition classic [--write]

Each edition is tuned in two stages from the defaults of
:class:`kok_layouts.rules.strong.StrongWeights`:

1. **solo**: the weights of the evaluation, maximising the mean solo score on the edition's
   tuning pad (classic: black, Keer op Keer 2: grey, Kids: kids);
2. **duel**: the weights that only matter with others (the expected game length and the
   value of the lead an ending move locks in), maximising the share of 2-player games won
   against the greedy bot, seats alternated.

Every generation draws ``--population`` weight vectors from a normal distribution, plays each
on the same ``--games`` seeded games (common random numbers, so differences are the weights'),
keeps the best ``--elite`` and moves the distribution to them. Generation ``g`` of stage
``s`` uses seeds derived from ``--seed``, ``s`` and ``g`` only, so a run is reproducible.
``--write`` stores the result in ``kok_layouts/rules/strong_weights.py`` with the seed and
the bot version. Budget: about 3 to 6 minutes of one core per edition.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, Strategy, play_game
from kok_layouts.rules.record import new_game
from kok_layouts.rules.strong import EDITIONS, StrongBot, StrongWeights
from kok_layouts.rules.strong_weights import BOT_VERSION, TUNED, TUNING_SEED

PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}
SOLO_PARAMS = {
    "classic": ["column_scale", "column_decay", "column_slack", "colour_scale", "colour_decay",
                "colour_slack", "second_colour", "star_hope", "open_cell", "mark_hope", "cell",
                "column_piece", "colour_piece", "isolated"],
    "kok2": ["column_scale", "column_decay", "column_slack", "colour_scale", "colour_decay",
             "second_colour", "star_hope", "open_cell", "mark_hope", "row_scale", "row_decay",
             "heart", "box_hope", "bomb_item", "column_piece", "row_piece", "isolated"],
    "kids": ["column_scale", "column_decay", "column_slack", "colour_scale", "colour_decay",
             "colour_slack", "second_colour", "open_cell", "cell", "purple", "column_piece",
             "colour_piece", "isolated"],
}
POLISH_PARAMS = ["column_decay", "column_piece", "star_hope", "mark_hope", "isolated",
                 "pass_cost", "paired"]
"""A last short solo stage (``--polish``) over the weights that matter most."""
DUEL_PARAMS = ["horizon", "lead"]
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "kok_layouts" / "rules" / "strong_weights.py"


def solo_mean(sheet: Sheet, bot: Strategy, seeds: list[int]) -> float:
    """Mean solo score over the games of these seeds."""
    totals = []
    for seed in seeds:
        game = new_game(sheet, ["solo"], solo=True)
        play_game(game, [bot], np.random.default_rng(seed))
        totals.append(game.scores()[0].total)
    return statistics.fmean(totals)


def duel_share(sheet: Sheet, bot: Strategy, seeds: list[int]) -> float:
    """Share of 2-player games ``bot`` wins against greedy (a shared win counts half),
    seats alternated from game to game."""
    won = 0.0
    greedy = GreedyBot()
    for i, seed in enumerate(seeds):
        seat = i % 2
        players: list[Strategy] = [greedy, greedy]
        players[seat] = bot
        game = new_game(sheet, ["one", "two"])
        play_game(game, players, np.random.default_rng(seed))
        winners = game.winners()
        if seat in winners:
            won += 1.0 / len(winners)
    return won / len(seeds)


def cross_entropy(start: StrongWeights, names: list[str], fitness_of: str, sheet: Sheet,
                  edition: str, *, seed: int, stage: int, generations: int, population: int,
                  elite: int, games: int) -> StrongWeights:
    """The cross-entropy method over the named weights, from ``start``."""
    rng = np.random.default_rng([seed, stage])
    mean = np.array([getattr(start, n) for n in names], dtype=float)
    spread = np.maximum(np.abs(mean) * 0.4, 0.15)
    best_weights, best_fit = start, -np.inf
    play = solo_mean if fitness_of == "solo" else duel_share
    for generation in range(generations):
        seeds = [int(s) for s in np.random.default_rng([seed, stage, generation, 1])
                 .integers(0, 2**31, size=games)]
        samples = [mean] + [mean + spread * rng.standard_normal(len(names))
                            for _ in range(population - 1)]
        samples = [np.maximum(s, 0.0) for s in samples]
        scored = []
        for sample in samples:
            weights = replace(start, **dict(zip(names, map(float, sample), strict=True)))
            fit = play(sheet, StrongBot({edition: weights}), seeds)
            scored.append((fit, weights, sample))
        centre_fit = scored[0][0]
        scored.sort(key=lambda item: -item[0])
        elites = np.array([s for _, _, s in scored[:elite]])
        mean = 0.7 * elites.mean(axis=0) + 0.3 * mean
        spread = 0.7 * elites.std(axis=0) + 0.3 * spread + 0.02
        if scored[0][0] > best_fit:
            best_fit, best_weights = scored[0][0], scored[0][1]
        print(f"  {fitness_of} generation {generation + 1}/{generations}: best {scored[0][0]:.3f}"
              f", centre {centre_fit:.3f}",
              file=sys.stderr, flush=True)
    # The last mean is what the method converged to; keep it unless a sample beat it on a
    # fresh check (the best single sample is flattered by its luck on one set of seeds).
    check = [int(s) for s in np.random.default_rng([seed, stage, 99]).integers(0, 2**31,
                                                                                 size=games * 3)]
    centre = replace(start, **dict(zip(names, map(float, mean), strict=True)))
    fits = {id(w): play(sheet, StrongBot({edition: w}), check) for w in (centre, best_weights)}
    chosen = centre if fits[id(centre)] >= fits[id(best_weights)] else best_weights
    print(f"  {fitness_of} check: centre {fits[id(centre)]:.3f}, best sample "
          f"{fits[id(best_weights)]:.3f}", file=sys.stderr)
    return chosen


def write_weights(tuned: dict[str, StrongWeights], seed: int) -> None:
    # Keep the module docstring (how the weights were made): the caller updates it.
    old = WEIGHTS_FILE.read_text()
    docstring = old[:old.index('"""', 3) + 3]
    lines = [docstring, "", "from __future__ import annotations", "",
             "from kok_layouts.rules.strong import StrongWeights", "",
             f"BOT_VERSION = {BOT_VERSION}", f"TUNING_SEED = {seed}",
             "TUNED: dict[str, StrongWeights] = {"]
    for edition in EDITIONS:
        lines.append(f'    "{edition}": StrongWeights(')
        parts = [f"{n}={round(getattr(tuned[edition], n), 4)!r}" for n in StrongWeights.names()]
        line = "        "
        for part in parts:
            if len(line) + len(part) + 2 > 92:
                lines.append(line.rstrip())
                line = "        "
            line += part + ", "
        lines.append(line.rstrip())
        lines.append("    ),")
    lines.append("}")
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", choices=EDITIONS, required=True)
    parser.add_argument("--seed", type=int, default=TUNING_SEED or 2026)
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--population", type=int, default=14)
    parser.add_argument("--elite", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--duel-generations", type=int, default=5)
    parser.add_argument("--duel-games", type=int, default=40)
    parser.add_argument("--from-tuned", action="store_true",
                        help="start from the stored weights instead of the defaults")
    parser.add_argument("--start", type=Path, metavar="RESULT.json",
                        help="start from the weights of an earlier run's output")
    parser.add_argument("--polish", action="store_true",
                        help="tune only the few weights of POLISH_PARAMS in the solo stage")
    parser.add_argument("--skip-solo", action="store_true")
    parser.add_argument("--skip-duel", action="store_true")
    parser.add_argument("--write", action="store_true", help="store the result in the package")
    args = parser.parse_args()
    sheet = load_layout(PADS[args.edition])
    weights = TUNED[args.edition] if args.from_tuned else StrongWeights()
    if args.start:
        weights = replace(weights, **json.loads(args.start.read_text())["weights"])
    started = time.process_time()
    if not args.skip_solo:
        names = POLISH_PARAMS if args.polish else SOLO_PARAMS[args.edition]
        weights = cross_entropy(weights, names, "solo", sheet,
                                args.edition, seed=args.seed, stage=3 if args.polish else 1,
                                generations=args.generations, population=args.population,
                                elite=args.elite, games=args.games)
    if not args.skip_duel:
        weights = cross_entropy(weights, DUEL_PARAMS, "duel", sheet, args.edition,
                                seed=args.seed, stage=2, generations=args.duel_generations,
                                population=8, elite=3, games=args.duel_games)
    print(json.dumps({"edition": args.edition, "seed": args.seed,
                      "cpu_seconds": round(time.process_time() - started, 1),
                      "weights": dict(zip(StrongWeights.names(), weights.as_vector(),
                                          strict=True))}, indent=1))
    if args.write:
        write_weights({**TUNED, args.edition: weights}, args.seed)


if __name__ == "__main__":
    main()
