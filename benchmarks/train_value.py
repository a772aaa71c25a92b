"""Train the learned bot's value network (reproducible from a seed, resumable from
checkpoints).

    nice -n 10 python benchmarks/train_value.py --seed 2026 --checkpoint runs/value \
        --weights kok_layouts/rules/learned_weights.json --replace

``--method search`` (the default; the shipped networks): self-play by rollouts of the
learned bot as it plays, with its look at the next roll. Each round plays ``GAMES`` solo
games with the network so far; in 4 rolls of each, every candidate the bot looked at is
played out by the bot itself on common dice
(:func:`kok_layouts.rules.value_training.rollout_round`), and the network is fitted to
what it should add to tell the candidates apart as their outcomes did
(:func:`~kok_layouts.rules.value_training.fit_rollouts`).

``--method expert``: expert iteration of the one-roll bot (``LearnedBot(lookahead=0)``):
every decision of the round's games labelled by the expert, the move played the expert's
with the round's ``SCHEDULE`` probability (then the pupil's: self-play), the network
fitted to the expert's choices and the outcomes
(:func:`~kok_layouts.rules.value_training.play_round`, ``fit``). Such a network has learnt
to see the next roll itself: inside the bot that looks at it, it counts the look twice
(on black it lost 1.2 points), so it is not what the default bot ships.

After each round the network is fitted to the decisions of the last ``--window`` rounds,
and the bot's solo mean measured on ``--evaluation`` games (seeds ``[24000, i]``, never
training games), beside the start (the bot without a network) on the same games. Game
``i`` of round ``r`` throws ``default_rng([seed, r, i])``; the network starts from
``default_rng([seed])``; the fit draws from ``default_rng([seed, r, 7])``.

After every round the whole state (the network, the best one so far, Adam's moments, the
decisions kept, the curve) is written to ``--checkpoint`` (atomically); the same command
with the same checkpoint folder goes on from the last round done, to the same result as a
run without a stop. ``--rounds`` beyond the schedule repeats its last round (longer
training over several sittings). At the end the network of each edition's best round is
written into ``--weights`` (the linear weights kept) with the curve (``--plot`` and its
``.json``), all or nothing, only where that round beat the start. ``--scale 0.01`` plays a
hundredth of the games (a smoke test).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from curves import BLUE, GREY, ORANGE, Panel, curves_png

from kok_layouts import limits, load_layout
from kok_layouts.output import write_all_or_nothing
from kok_layouts.rules.learned import WEIGHTS_FILE, LearnedBot, weights_document
from kok_layouts.rules.learned_training import EVALUATION_SEED, solo_mean
from kok_layouts.rules.value_network import Network, network_vector, new_network, split_vector
from kok_layouts.rules.value_training import (
    FIT,
    Decisions,
    FitPlan,
    Rollouts,
    agreement,
    fit,
    fit_rollouts,
    play_round,
    pupil_with,
    rollout_round,
)

ROOT = Path(__file__).resolve().parent.parent
PLOT = ROOT / "examples" / "output" / "value-training.png"
PADS = {"classic": "black", "kok2": "grey", "kids": "kids"}
SCHEDULE: tuple[float, ...] = (1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0)
"""Per round the probability that the expert's move is played (then the pupil's)."""
GAMES = {"expert": {"classic": 400, "kok2": 150, "kids": 400},
         "search": {"classic": 400, "kok2": 150, "kids": 400}}
"""Training games a round, per method and edition."""
ROUNDS = {"classic": 18, "kok2": 8, "kids": 6}
"""Rounds per edition unless ``--rounds`` says."""
FITS: dict[str, dict[str, Any]] = {"expert": {}, "search": {"epochs": 2, "batch": 64,
                                                            "rate": 0.001}}
"""The fit's settings (:class:`FitPlan`) per method."""


Round = Decisions | Rollouts
"""What a round keeps: labelled decisions (``expert``) or played-out ones (``search``)."""


@dataclass
class EditionState:
    """Where one edition's training stands."""

    network: Network
    adam: dict[str, list[np.ndarray]] | None
    rounds: list[Round]
    points: list[dict[str, float]]
    done: int
    start_mean: float
    seconds: float
    best: Network | None = None
    """The network of the best round so far (``None``: none beat the start)."""


def _to_arrays(name: str, state: EditionState) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for label, network in (("net", state.network), ("best", state.best)):
        if network is not None:
            for i, part in enumerate(network.parts()):
                out[f"{name}.{label}{i}"] = part
    if state.adam is not None:
        for key in ("m", "v"):
            for i, part in enumerate(state.adam[key]):
                out[f"{name}.adam{key}{i}"] = part
        out[f"{name}.adamt"] = state.adam["t"][0]
    for r, kept in enumerate(state.rounds):
        if isinstance(kept, Rollouts):
            out[f"{name}.round{r}.sizes"] = np.array([len(b) for b in kept.base])
            out[f"{name}.round{r}.f"] = np.concatenate(kept.features)
            out[f"{name}.round{r}.b"] = np.concatenate(kept.base)
            out[f"{name}.round{r}.o"] = np.concatenate(kept.outcome)
        else:
            for key, array in zip("fvmbepg", kept.arrays(), strict=True):
                out[f"{name}.round{r}.{key}"] = array
    return out


def _from_arrays(name: str, data: Any, about: dict[str, Any]) -> EditionState:
    def network(label: str) -> Network | None:
        if f"{name}.{label}0" not in data:
            return None
        return Network(*(np.array(data[f"{name}.{label}{i}"]) for i in range(6)))

    adam = None
    if f"{name}.adamt" in data:
        adam = {key: [np.array(data[f"{name}.adam{key}{i}"]) for i in range(6)]
                for key in ("m", "v")}
        adam["t"] = [np.array(data[f"{name}.adamt"])]
    rounds: list[Round] = []
    for r in range(about["kept_rounds"]):
        if f"{name}.round{r}.sizes" in data:
            cuts = np.cumsum(data[f"{name}.round{r}.sizes"])[:-1]
            rounds.append(Rollouts(
                list(np.split(np.array(data[f"{name}.round{r}.f"]), cuts)),
                list(np.split(np.array(data[f"{name}.round{r}.b"]), cuts)),
                list(np.split(np.array(data[f"{name}.round{r}.o"]), cuts))))
            continue
        f, v, m, b, e, p, g = (np.array(data[f"{name}.round{r}.{key}"]) for key in "fvmbepg")
        kept = Decisions()
        for i in range(len(b)):
            width = int(m[i].sum())
            kept.features.append(f[i, :width])
            kept.values.append(v[i, :width])
        kept.base, kept.expert = b.tolist(), e.tolist()
        kept.played, kept.final = p.tolist(), g.tolist()
        rounds.append(kept)
    first = network("net")
    assert first is not None
    return EditionState(first, adam, rounds, about["points"], about["done"],
                        about["start_mean"], about["seconds"], network("best"))


def save(folder: Path, name: str, state: EditionState, settings: dict[str, Any]) -> None:
    """The checkpoint of ``name`` after a round (atomic: a stop leaves the last one)."""
    from io import BytesIO

    buffer = BytesIO()
    np.savez(buffer, **_to_arrays(name, state))  # type: ignore[arg-type]
    about = {"settings": settings, "points": state.points, "done": state.done,
             "start_mean": state.start_mean, "seconds": state.seconds,
             "kept_rounds": len(state.rounds)}
    write_all_or_nothing({
        folder / f"{name}.npz": buffer.getvalue(),
        folder / f"{name}.json": (json.dumps(about, indent=1) + "\n").encode("utf-8")})


def load(folder: Path, name: str, settings: dict[str, Any]) -> EditionState | None:
    """The checkpoint of ``name`` if there is one of these settings."""
    about_path = folder / f"{name}.json"
    if not about_path.exists():
        return None
    try:
        about = json.loads(about_path.read_text(encoding="utf-8"))
        if about["settings"] != settings:
            sys.exit(f"{about_path} was made with other settings; use another --checkpoint")
        with np.load(folder / f"{name}.npz", allow_pickle=False) as data:
            return _from_arrays(name, data, about)
    except (OSError, ValueError, KeyError, TypeError, AssertionError) as error:
        sys.exit(f"{about_path}: not a checkpoint of this recipe ({error!r:.80})")


def _joined(rounds: list[Round]) -> Round:
    """The decisions of ``rounds`` as one."""
    if rounds and isinstance(rounds[0], Rollouts):
        played = Rollouts()
        for part in rounds:
            assert isinstance(part, Rollouts)
            played.extend(part)
        return played
    joined = Decisions()
    for part in rounds:
        for key in ("features", "values", "base", "expert", "played", "final"):
            getattr(joined, key).extend(getattr(part, key))
    return joined


def train_edition(edition: str, args: argparse.Namespace, folder: Path | None
                  ) -> EditionState:
    """Play and fit the rounds of one edition (going on from its checkpoint)."""
    sheet = load_layout(PADS[edition])
    searching = args.method == "search"
    base = LearnedBot(lookahead=None if searching else 0)
    linear, _ = split_vector(base.corrections[edition])
    base.corrections[edition] = linear.copy()
    games = max(2, round(GAMES[args.method][edition] * args.scale))
    evaluation = max(10, round(args.evaluation * min(1.0, args.scale * 10)))
    settings = {"seed": args.seed, "hidden": args.hidden, "scale": args.scale,
                "window": args.window, "evaluation": evaluation, "edition": edition,
                "method": args.method}
    state = load(folder, edition, settings) if folder else None
    engine = not searching   # the one-roll bot plays whole games in the engine
    if state is None:
        state = EditionState(new_network(args.hidden[0], args.hidden[1],
                                         np.random.default_rng([args.seed])), None, [], [],
                             0, solo_mean(sheet, base, evaluation, engine=engine), 0.0)
        print(f"{edition}: start (no network) {state.start_mean:.3f} on {evaluation} "
              "evaluation games", file=sys.stderr, flush=True)
    plan = FitPlan(**FITS[args.method])
    rounds = args.rounds if args.rounds is not None else ROUNDS[edition]
    while state.done < rounds:
        r = state.done
        started = time.process_time()
        follow = SCHEDULE[min(r, len(SCHEDULE) - 1)] if not searching else 0.0
        pupil = pupil_with(state.network, base, edition)
        if searching:
            kept: Round
            kept, scores = rollout_round(sheet, pupil, games, [args.seed, r])
            told = 0.0
        else:
            kept, scores = play_round(sheet, pupil, games, [args.seed, r], follow)
            told = agreement(state.network, linear, kept)
        state.rounds = [*state.rounds, kept][-args.window:]
        joined = _joined(state.rounds)
        rng = np.random.default_rng([args.seed, r, FIT])
        if isinstance(joined, Rollouts):
            state.adam = fit_rollouts(state.network, joined, plan, rng, state.adam)
        else:
            state.adam = fit(state.network, linear, joined, plan, rng, state.adam)
        mean = solo_mean(sheet, pupil_with(state.network, base, edition), evaluation,
                         engine=engine)
        state.seconds += time.process_time() - started
        if mean > max([state.start_mean, *(p["solo_mean"] for p in state.points)]):
            state.best = state.network.copy()
        state.done += 1
        state.points.append({"round": state.done, "games": state.done * games,
                             "follow": follow, "solo_mean": mean,
                             "round_mean": float(np.mean(scores)),
                             "agreement_before_fit": told, "decisions": len(joined),
                             "minutes": state.seconds / 60})
        print(f"{edition} round {state.done}: solo mean {mean:.3f} "
              f"(start {state.start_mean:.3f}), {len(joined)} decisions fitted, "
              f"{state.seconds / 60:.1f} min", file=sys.stderr, flush=True)
        if folder:
            save(folder, edition, state, settings)
    return state


def plot(curves: dict[str, dict[str, Any]], seed: int, method: str) -> bytes:
    """The training curve as a PNG: per edition the solo mean of the evaluation games
    after each round, the start (no network) dashed."""
    panels = []
    for edition, data in curves.items():
        points = data["points"]
        shipped = data["shipped_round"]
        words = (f"shipped the network of round {shipped}" if shipped
                 else "no round beat the start: no network shipped")
        panels.append(Panel(
            f"{edition} ({PADS[edition]} pad): {words}", [0, *(p["games"] for p in points)],
            [data["start_mean"], *(p["solo_mean"] for p in points)], data["start_mean"],
            "dashed: no network" + ("; orange: expert iteration, blue: self-play"
                                    if method == "expert" else ""),
            [GREY, *(ORANGE if p["follow"] > 0 else BLUE for p in points)], " games"))
    what = ("self-play rollouts of the bot that looks at the next roll" if method == "search"
            else "expert iteration of the one-roll bot")
    return curves_png(f"Value network: solo mean of the evaluation games after each round "
                      f"of {what} (seed {seed})", panels)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--editions", default=",".join(PADS))
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds per edition (default: " + ", ".join(
                            f"{e} {n}" for e, n in ROUNDS.items()) + ")")
    parser.add_argument("--method", choices=("search", "expert"), default="search",
                        help="self-play rollouts of the bot that looks at the next roll "
                             "(shipped), or expert iteration of the one-roll bot")
    parser.add_argument("--hidden", type=int, nargs=2, default=[32, 16])
    parser.add_argument("--window", type=int, default=12, help="rounds of decisions fitted")
    parser.add_argument("--evaluation", type=int, default=2000)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--checkpoint", type=Path, default=None)
    parser.add_argument("--weights", type=Path, default=None,
                        help=f"the weights file to write (the shipped one: {WEIGHTS_FILE})")
    parser.add_argument("--plot", type=Path, default=PLOT)
    parser.add_argument("--replace", action="store_true", help="replace existing outputs")
    args = parser.parse_args()
    editions = args.editions.split(",")
    rounds_bad = args.rounds is not None and not 1 <= args.rounds <= 1000
    if any(e not in PADS for e in editions) or not 0 < args.scale <= 10 or rounds_bad \
            or not all(h in limits.LEARNED_HIDDEN for h in args.hidden) or args.window < 1:
        parser.error(f"editions are {', '.join(PADS)}; scale above 0 and at most 10; "
                     f"rounds 1 to 1000; hidden sizes {limits.LEARNED_HIDDEN.low} to "
                     f"{limits.LEARNED_HIDDEN.high}; window at least 1")
    outputs = [p for p in (args.weights, args.plot, args.plot.with_suffix(".json")) if p]
    if len({p.resolve() for p in outputs}) < len(outputs):
        parser.error("--weights, --plot and the plot's .json name the same file")
    existing = [p for p in outputs if p.exists()]
    if existing and not args.replace:
        parser.error(f"{existing[0]} exists; --replace replaces it")
    if args.checkpoint:
        args.checkpoint.mkdir(parents=True, exist_ok=True)
    try:
        states = {e: train_edition(e, args, args.checkpoint) for e in editions}
    except KeyboardInterrupt:
        sys.exit("interrupted: the checkpoints of the rounds done are kept")
    shipped = LearnedBot()
    curves: dict[str, dict[str, Any]] = {}
    for edition, state in states.items():
        best = max(state.points, key=lambda p: p["solo_mean"])
        curves[edition] = {"pad": PADS[edition], "start_mean": state.start_mean,
                           "points": state.points, "minutes": state.seconds / 60,
                           "shipped_round": best["round"] if state.best is not None else 0}
        if state.best is not None:
            linear, _ = split_vector(shipped.corrections[edition])
            shipped.corrections[edition] = network_vector(linear, state.best)
    about = {"seed": args.seed, "hidden": args.hidden, "scale": args.scale,
             "method": args.method,
             "value_network": {e: c["shipped_round"] for e, c in curves.items()}}
    document = weights_document(shipped.corrections, about)
    curve = {"seed": args.seed, "evaluation_seed": EVALUATION_SEED, "editions": curves,
             "fingerprint": document["fingerprint"]}
    files = {args.plot.with_suffix(".json"): (json.dumps(curve, indent=1) + "\n").encode(),
             args.plot: plot(curves, args.seed, args.method)}
    if args.weights:
        files[args.weights] = (json.dumps(document, indent=1) + "\n").encode("utf-8")
    write_all_or_nothing(files)
    print(f"wrote {', '.join(str(p) for p in files)}", file=sys.stderr)


if __name__ == "__main__":
    main()
