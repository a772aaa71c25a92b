"""Train the learned bot's weights by self-play (reproducible from a seed).

The shipped weights (``kok_layouts/rules/learned_weights.json``) and the training curve
(``examples/output/learned-training.png`` and ``.json``) are made, exactly, by

    nice -n 5 python benchmarks/train_learned.py --seed 2026 --replace

on one core (see ``RECIPE`` for the rounds and games per edition; the curve's JSON has the
minutes each edition took). For every edition (classic on the black pad, Keer op Keer 2 on
grey, Kids) the run starts from zeros (the strong bot's play) and runs the rounds of
rollout policy iteration of :func:`kok_layouts.rules.learned_training.improve`: in solo
self-play games a few decisions a game have every candidate move played out on common
dice, and the weights are refitted to those outcomes after every round (game ``i`` of an
edition is seeded ``[seed, i]``). The solo mean on the same ``EVALUATION_GAMES``
evaluation games (seeds ``[24000, i]``, never training games) is measured at the start
and after every round. The weights shipped for an edition are those of its best point of
the curve (the first on a tie; the start if nothing beat it), so a run never ships weights
that evaluated worse than the strong bot on those games.

``--method td`` trains by TD(lambda) instead (:func:`~kok_layouts.rules.learned_training.train`,
the plans ``td`` of ``RECIPE``): in a trial from the strong bot's start it made the play
worse (solo mean of the evaluation games on the black pad 21.3 at the start, 20.7 after
4,000 games), since it fits only the values of the moves chosen, not how the candidates
of a decision compare.
``--scale 0.01`` runs a hundredth of the games (a smoke test); ``--editions`` a subset.
Outputs are written all together or not at all; an existing file is replaced only with
``--replace``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from curves import Panel, curves_png

from kok_layouts import load_layout
from kok_layouts.output import write_all_or_nothing
from kok_layouts.rules.learned import WEIGHTS_FILE, LearnedBot, weights_document
from kok_layouts.rules.learned_training import (
    EVALUATION_SEED,
    Plan,
    RolloutPlan,
    improve,
    solo_mean,
    train,
)

ROOT = Path(__file__).resolve().parent.parent
PLOT = ROOT / "examples" / "output" / "learned-training.png"


@dataclass(frozen=True)
class Stage:
    pad: str
    plan: RolloutPlan
    td: Plan
    """The TD(lambda) run of ``--method td``."""
    td_every: int


RECIPE: dict[str, Stage] = {
    "classic": Stage("black", RolloutPlan(rounds=9, games=400, seed=0, samples=6, ridge=100.0),
                     Plan(games=4_000, seed=0, lam=0.8, rate=0.0005), 1_000),
    "kok2": Stage("grey", RolloutPlan(rounds=3, games=120, seed=0, samples=6, ridge=100.0),
                  Plan(games=1_000, seed=0, lam=0.8, rate=0.0005), 250),
    "kids": Stage("kids", RolloutPlan(rounds=2, games=400, seed=0, samples=6, ridge=100.0),
                  Plan(games=4_000, seed=0, lam=0.8, rate=0.0005), 1_000),
}
EVALUATION_GAMES = 300


def run(editions: list[str], seed: int, scale: float, method: str
        ) -> tuple[dict[str, list[float]], dict[str, object]]:
    """The best weights of every edition and the curve document."""
    weights: dict[str, list[float]] = {}
    games = max(2, round(EVALUATION_GAMES * min(1.0, scale * 10)))
    curves: dict[str, object] = {}
    for edition in editions:
        weights[edition], curves[edition] = train_edition(edition, seed, scale, games, method)
    return weights, {"seed": seed, "scale": scale, "method": method,
                     "evaluation_games": games, "evaluation_seed": EVALUATION_SEED,
                     "editions": curves}


def train_edition(edition: str, seed: int, scale: float, games: int,
                  method: str) -> tuple[list[float], dict[str, object]]:
    """One edition's shipped weights (its curve's best point) and its curve."""
    stage = RECIPE[edition]
    sheet = load_layout(stage.pad)
    points: list[dict[str, float]] = []
    best: list[tuple[float, np.ndarray]] = []
    started = time.process_time()

    def point(done: int, vector: np.ndarray) -> None:
        mean = solo_mean(sheet, LearnedBot({edition: vector}, lookahead=0), games)
        points.append({"games": done, "solo_mean": mean,
                       "minutes": (time.process_time() - started) / 60})
        print(f"{edition} {done:>6} games: solo mean {mean:.2f} "
              f"({points[-1]['minutes']:.1f} min)", file=sys.stderr, flush=True)
        if not best or mean > best[0][0]:
            best[:] = [(mean, vector)]

    if method == "td":
        td = replace(stage.td, seed=seed, games=max(1, round(stage.td.games * scale)))
        every = max(1, round(stage.td_every * scale))
        final = train(sheet, td, every=every, on_point=point)
        if td.games % every:
            point(td.games, final)
        settings: dict[str, object] = {"games": td.games, "lam": td.lam, "rate": td.rate}
    else:
        plan = replace(stage.plan, seed=seed, games=max(1, round(stage.plan.games * scale)))
        improve(sheet, plan, on_point=point)
        settings = {"games": plan.games * plan.rounds, "rounds": plan.rounds,
                    "samples": plan.samples, "ridge": plan.ridge,
                    "candidates": plan.candidates}
    mean, vector = best[0]
    return [float(v) for v in vector], {
        "pad": stage.pad, **settings, "points": points,
        "shipped_at": next(p["games"] for p in points if p["solo_mean"] == mean),
        "minutes": (time.process_time() - started) / 60}


def plot(curve: dict[str, object]) -> bytes:
    """The training curve as a PNG: per edition the solo mean of the evaluation games
    against training games, with the start (the strong bot's play) dashed."""
    editions: dict[str, dict[str, object]] = curve["editions"]  # type: ignore[assignment]
    method = ("rollout policy iteration" if curve["method"] == "rollouts"
              else "TD(lambda)")
    panels = []
    for edition, data in editions.items():
        points: list[dict[str, float]] = data["points"]  # type: ignore[assignment]
        ys = [p["solo_mean"] for p in points]
        panels.append(Panel(f"{edition} ({data['pad']} pad): shipped the weights after "
                            f"{data['shipped_at']:,} games", [p["games"] for p in points],
                            ys, ys[0], "dashed: the start (the strong bot's play)"))
    return curves_png(f"Learned bot: solo mean of {curve['evaluation_games']} evaluation "
                      f"games against self-play games of {method} (seed {curve['seed']})",
                      panels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--editions", default=",".join(RECIPE))
    parser.add_argument("--scale", type=float, default=1.0,
                        help="share of the recipe's games to play (0.01: a smoke test)")
    parser.add_argument("--weights", type=Path, default=WEIGHTS_FILE)
    parser.add_argument("--plot", type=Path, default=PLOT)
    parser.add_argument("--method", choices=("rollouts", "td"), default="rollouts",
                        help="rollout policy iteration (the shipped weights) or TD(lambda)")
    parser.add_argument("--replace", action="store_true", help="replace existing outputs")
    args = parser.parse_args()
    editions = args.editions.split(",")
    unknown = [e for e in editions if e not in RECIPE]
    if unknown or not 0 < args.scale <= 10:
        parser.error(f"editions are {', '.join(RECIPE)}; scale is above 0 and at most 10")
    curve_path = args.plot.with_suffix(".json")
    existing = [p for p in (args.weights, args.plot, curve_path) if p.exists()]
    if existing and not args.replace:
        parser.error(f"{existing[0]} exists; --replace replaces it")
    try:
        weights, curve = run(editions, args.seed, args.scale, args.method)
    except KeyboardInterrupt:
        sys.exit("interrupted: nothing written")
    about = {"seed": args.seed, "scale": args.scale, "method": args.method,
             "games": {e: curve["editions"][e]["games"] for e in editions},  # type: ignore[index]
             "shipped_at": {e: curve["editions"][e]["shipped_at"]  # type: ignore[index]
                            for e in editions}}
    document = weights_document(weights, about)
    curve["fingerprint"] = document["fingerprint"]
    write_all_or_nothing({
        args.weights: (json.dumps(document, indent=1) + "\n").encode("utf-8"),
        curve_path: (json.dumps(curve, indent=1) + "\n").encode("utf-8"),
        args.plot: plot(curve)})
    print(f"wrote {args.weights} (fingerprint {document['fingerprint']}), {args.plot}, "
          f"{curve_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
