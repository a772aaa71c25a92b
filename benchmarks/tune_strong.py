"""Tune the strong bot's weights by self-play with the cross-entropy method (reproducible).

The stored weights (bot version 2) are made, exactly, by

    for e in classic kok2 kids; do
        python benchmarks/tune_strong.py --recipe --edition $e > $e.json
    done
    python benchmarks/tune_strong.py --store classic.json kok2.json kids.json

``--recipe`` starts from ``START_V1`` (the weights of bot version 1), sets the values of
``HAND_SET`` (stage 0: weights set by hand, never tuned), then runs the stages of
``RECIPES``, all seeded by ``RECIPE_SEED`` (``--seed``); ``--store`` writes the three
results into ``kok_layouts/rules/strong_weights.py`` with the bot version and the seed.
The three editions can run at once (measured: classic 4.4, Keer op Keer 2 1.7, Kids 0.5
minutes of one core).

Free runs, to explore:

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
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from kok_layouts import load_layout
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import GreedyBot, Strategy, play_game
from kok_layouts.rules.record import new_game
from kok_layouts.rules.strong import EDITIONS, StrongBot, StrongWeights
from kok_layouts.rules.strong_weights import BOT_VERSION, TUNED

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
BOT_VERSION_TUNED = 2
"""The bot version ``--recipe`` tunes for (stored with the weights)."""
RECIPE_SEED = 2026
START_V1: dict[str, dict[str, float]] = {
    "classic": dict(
        column_scale=1.002, column_decay=5.9594, column_slack=4.3544, colour_scale=0.8531,
        colour_decay=2.7987, colour_slack=2.4524, second_colour=0.6379, star_hope=0.8869,
        open_cell=0.1965, mark_hope=1.2199, cell=0.0662, horizon=33.8387, lead=0.1906,
        column_piece=1.0973, colour_piece=1.6342, isolated=1.2, pass_cost=1.1576),
    "kok2": dict(
        column_scale=0.912, column_decay=4.1848, column_slack=4.0761, colour_scale=0.6722,
        colour_decay=2.8145, colour_slack=2.5187, second_colour=0.6851, star_hope=0.8029,
        open_cell=0.0928, mark_hope=0.4635, cell=0.0, horizon=29.1586, lead=0.2572,
        row_scale=1.4353, row_decay=4.8122, heart=0.586, box_hope=0.5266, bomb_item=1.3268,
        column_piece=2.2165, colour_piece=1.4078, row_piece=1.2461, isolated=0.8),
    "kids": dict(
        column_scale=0.8267, column_decay=3.2892, column_slack=2.2774, colour_scale=0.7882,
        colour_decay=5.5251, colour_slack=3.6255, second_colour=0.7257, star_hope=0.4,
        open_cell=0.1038, mark_hope=0.5, cell=0.0785, horizon=21.8447, lead=0.2562,
        purple=0.5764, column_piece=1.7636, colour_piece=1.1812, isolated=0.4278),
}
"""Where ``--recipe`` starts: the tuned weights of bot version 1 (made by earlier runs of this
script, partly by hand, with the bot's code of then), over the defaults of StrongWeights."""
HAND_SET: dict[str, dict[str, float]] = {
    "classic": {"paired": 0.5, "triple": 0.25},
    "kok2": {"paired": 0.5, "pass_cost": 1.0},
    "kids": {"pass_cost": 1.0, "deny": 1.0},
}
"""Stage 0 of ``--recipe``: weights set by hand and never tuned. ``paired`` 0.5 (0.25 and 1.0
did less on black), classic's ``triple`` 0.25 (solo on black over 300 games, seed 11, with the
version 1 weights: 0 -> 21.1, 0.15 -> 21.6, 0.25 -> 21.8, 0.35 -> 21.2, 0.5 -> 21.2; Keer op
Keer 2 leaves it at 0, its bot being the slowest already), ``pass_cost`` 1.0 (Kids never
passes), Kids' ``deny`` 1.0 (2-player wins against greedy 52% -> 62% over 200 games; 0.5
gave 61%, 1.5 and 2.5 63%)."""


@dataclass(frozen=True)
class Stage:
    """One cross-entropy stage of a recipe."""

    fitness: str
    """``solo`` or ``duel``."""
    names: tuple[str, ...]
    number: int
    """Part of the seeds of the stage's games (with the recipe's seed)."""
    generations: int
    population: int
    elite: int
    games: int


RECIPES: dict[str, list[Stage]] = {
    "classic": [
        Stage("solo", (*SOLO_PARAMS["classic"], "pass_cost"), 11, 6, 12, 4, 100),
        Stage("duel", tuple(DUEL_PARAMS), 12, 3, 8, 3, 40),
        # A last solo stage over the weights that matter most, on more games a sample.
        Stage("solo", ("column_decay", "column_piece", "star_hope", "mark_hope", "isolated",
                       "pass_cost", "open_cell", "cell"), 13, 4, 8, 3, 150),
    ],
    "kok2": [
        Stage("solo", tuple(n for n in SOLO_PARAMS["kok2"] if n != "isolated"), 11, 4, 10, 3,
              40),
        Stage("duel", tuple(DUEL_PARAMS), 12, 3, 8, 3, 40),
    ],
    "kids": [
        Stage("solo", tuple(SOLO_PARAMS["kids"]), 11, 5, 12, 4, 60),
        Stage("duel", tuple(DUEL_PARAMS), 12, 3, 8, 3, 60),
    ],
}
"""``--recipe``: how each edition's stored weights are made (START_V1, then HAND_SET, then
these stages in order, all seeded by RECIPE_SEED)."""
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
        winners = game.winner_seats()
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
    # The start takes part too: a stage never hands on weights worse on the check than it got.
    candidates = [("start", start), ("centre", centre), ("best sample", best_weights)]
    fits = [play(sheet, StrongBot({edition: w}), check) for _, w in candidates]
    chosen = max(range(3), key=lambda i: (fits[i], -i))
    print(f"  {fitness_of} check: " + ", ".join(f"{name} {fit:.3f}" for (name, _), fit
                                                  in zip(candidates, fits, strict=True))
          + f" -> {candidates[chosen][0]}", file=sys.stderr)
    return candidates[chosen][1]


def run_recipe(edition: str, seed: int) -> StrongWeights:
    """The stored weights of ``edition``, made again: START_V1, HAND_SET, then RECIPES."""
    sheet = load_layout(PADS[edition])
    weights = replace(StrongWeights(), **START_V1[edition], **HAND_SET[edition])
    for stage in RECIPES[edition]:
        elite = stage.elite
        weights = cross_entropy(weights, list(stage.names), stage.fitness, sheet, edition,
                                seed=seed, stage=stage.number, generations=stage.generations,
                                population=stage.population, elite=elite, games=stage.games)
    return weights


RECIPE_DOC = '''"""The strong bot's tuned weights per edition (from benchmarks/tune_strong.py).

Bot version {version}, seed {seed}. Made, exactly, by

    for e in classic kok2 kids; do
        python benchmarks/tune_strong.py --recipe --edition $e --seed {seed} > $e.json
    done
    python benchmarks/tune_strong.py --store classic.json kok2.json kids.json

(``--recipe`` starts from ``START_V1`` of that script, the weights of bot version 1, sets
the values of its ``HAND_SET`` (stage 0, never tuned), then runs the cross-entropy stages of
its ``RECIPES``, each seeded by the seed and its stage number only; the solo mean on the
black pad and the other figures are in README's Speed section).
"""'''


def write_weights(tuned: dict[str, StrongWeights], seed: int, version: int = BOT_VERSION,
                  docstring: str | None = None) -> None:
    if docstring is None:
        # Keep the module docstring (how the weights were made): the caller updates it.
        old = WEIGHTS_FILE.read_text()
        docstring = old[:old.index('"""', 3) + 3]
    lines = [docstring, "", "from __future__ import annotations", "",
             "from kok_layouts.rules.strong import StrongWeights", "",
             f"BOT_VERSION = {version}", f"TUNING_SEED = {seed}",
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
    parser.add_argument("--edition", choices=EDITIONS)
    parser.add_argument("--seed", type=int, default=RECIPE_SEED)
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
    parser.add_argument("--recipe", action="store_true",
                        help="make the edition's stored weights again (see RECIPES); prints "
                             "them as JSON")
    parser.add_argument("--store", nargs=len(EDITIONS), type=Path, metavar="RESULT.json",
                        help="store the --recipe results of the three editions in the package")
    args = parser.parse_args()
    if args.store:
        results = [json.loads(path.read_text()) for path in args.store]
        by_edition = {r["edition"]: r for r in results}
        seeds = {r["seed"] for r in results}
        if sorted(by_edition) != sorted(EDITIONS) or len(seeds) != 1:
            parser.error("--store takes one --recipe result per edition, made with one seed")
        seed = seeds.pop()
        write_weights({e: replace(StrongWeights(), **by_edition[e]["weights"]) for e in EDITIONS},
                      seed, BOT_VERSION_TUNED,
                      RECIPE_DOC.format(version=BOT_VERSION_TUNED, seed=seed))
        return
    if args.recipe:
        started = time.process_time()
        weights = run_recipe(args.edition, args.seed)
        print(json.dumps({"edition": args.edition, "seed": args.seed, "recipe": True,
                          "cpu_seconds": round(time.process_time() - started, 1),
                          "weights": dict(zip(StrongWeights.names(), weights.as_vector(),
                                              strict=True))}, indent=1))
        return
    if args.edition is None:
        parser.error("--edition is needed")
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
