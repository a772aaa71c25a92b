"""Training the learned bot's value network (:mod:`kok_layouts.rules.value_network`) by
expert iteration, then by self-play.

A round plays solo games on a sheet with the rules' game flow. At every decision the
learned bot (the pupil, with the network trained so far) lists its candidates (the strong
bot's best few moves and passing, :func:`~kok_layouts.rules.engine.learned.decide_learned`)
with their features, and the expert (:class:`~kok_layouts.rules.strong.ExpertBot`, the
search over the next roll) says which move it would play. The move played is the
expert's with probability ``follow``, else the pupil's own (``follow`` 1: the expert's
games; 0: self-play, the expert still labelling every decision). Every decision is kept
(:class:`Decisions`) with the seat's final score.

The network is then fitted (:func:`fit`, Adam on every decision kept so far) to two
things at once: the expert's choice, by the cross-entropy of a softmax over the pupil's
totals (strong value plus correction) of a decision's candidates, and the outcome, by the
squared error between the value of the move played (the base plus its total) and the final
score. The first teaches the search's choices; the second keeps the totals a value (the
expected final score), and in the self-play rounds teaches what the pupil's own moves
earned. Everything is seeded: game ``i`` of round ``r`` throws its dice from
``default_rng([seed, r, i])``; the network starts from ``default_rng([seed])``; the fit
draws its batches from ``default_rng([seed, r, FIT])``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.game import Choice, Game
from kok_layouts.rules.learned import LearnedBot
from kok_layouts.rules.record import new_game
from kok_layouts.rules.strong import ExpertBot, edition_of
from kok_layouts.rules.turns import Turns
from kok_layouts.rules.value_network import (
    FEATURE_COUNT,
    Floats,
    Network,
    forward,
    gradients,
    network_totals,
    network_vector,
    split_vector,
)

FIT = 7
"""The last word of the seed of a round's fit."""


@dataclass
class Decisions:
    """Decisions of training games, one row per decision (candidates padded to
    ``width``): the candidates' features and strong values, the seat's base, which
    candidate the expert chose (-1: none of them) and which was played, and the seat's
    final score."""

    features: list[Floats] = field(default_factory=list)
    values: list[Floats] = field(default_factory=list)
    base: list[float] = field(default_factory=list)
    expert: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    final: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.base)

    def arrays(self) -> tuple[Floats, Floats, Floats, np.ndarray, np.ndarray, np.ndarray,
                              Floats]:
        """Padded arrays: features (decisions x candidates x features), values, a mask of
        the candidates there, base, expert, played, final."""
        width = max((len(v) for v in self.values), default=1)
        count = len(self)
        features = np.zeros((count, width, FEATURE_COUNT))
        values = np.zeros((count, width))
        there = np.zeros((count, width), dtype=bool)
        for i, (f, v) in enumerate(zip(self.features, self.values, strict=True)):
            features[i, :len(v)] = f
            values[i, :len(v)] = v
            there[i, :len(v)] = True
        return (features, values, there.astype(np.float64), np.array(self.base),
                np.array(self.expert, dtype=np.int64), np.array(self.played, dtype=np.int64),
                np.array(self.final))


def _key(choice: Choice | None) -> tuple[object, ...] | None:
    """What makes two choices the same move for a label: the kind of move, its cells,
    jokers and bombs (the dice that give it aside)."""
    if choice is None:
        return None
    move = choice.move
    return (type(move).__name__, move.cells, getattr(move, "jokers", 0), choice.bombs)


class _Schooled(LearnedBot):
    """The pupil in a training game: asks the expert at every decision, keeps the
    decision, and plays the expert's move with probability ``follow``."""

    def __init__(self, pupil: LearnedBot, expert: ExpertBot, follow: float,
                 rng: np.random.Generator, kept: Decisions) -> None:
        super().__init__(candidates=pupil.candidates)
        self.corrections = pupil.corrections
        self.expert, self.follow, self.rng, self.kept = expert, follow, rng, kept

    def _decided(self, game: Game, seat: int) -> Choice | None:
        from kok_layouts.rules.engine.learned import decide_learned

        decision = decide_learned(game, seat, self)
        wanted = self.expert.choose(game, seat, self.rng)
        found = len(decision.candidates)
        if not found:
            return decision.choice if decision.choice is not None else wanted
        key = _key(wanted)
        expert = next((k for k, made in enumerate(decision.candidates) if _key(made) == key),
                      -1)
        follow = self.rng.random() < self.follow
        played = expert if follow else decision.chosen   # (-1: the expert's, not weighed)
        choice = wanted if follow else decision.choice
        self.kept.features.append(decision.features.copy())
        self.kept.values.append(decision.values.copy())
        self.kept.base.append(decision.base)
        self.kept.expert.append(expert)
        self.kept.played.append(played)
        return choice


def play_round(sheet: Sheet, pupil: LearnedBot, games: int, seed: list[int], follow: float,
               expert: ExpertBot | None = None) -> tuple[Decisions, list[float]]:
    """``games`` solo training games on ``sheet`` (game ``i``'s dice from
    ``default_rng([*seed, i])``): every decision, labelled by the expert, and each game's
    final score."""
    if not 0.0 <= follow <= 1.0:
        raise BadArgumentError(f"follow is a probability, not {follow!r}")
    kept = Decisions()
    scores: list[float] = []
    expert = expert or ExpertBot()
    for i in range(games):
        rng = np.random.default_rng([*seed, i])
        bot = _Schooled(pupil, expert, follow, np.random.default_rng([*seed, i, 1]), kept)
        game = new_game(sheet, ["solo"], solo=True)
        start = len(kept)
        Turns(game, rng).play([bot])
        final = float(game.scores()[0].total)
        kept.final.extend([final] * (len(kept) - start))
        scores.append(final)
    return kept, scores


@dataclass(frozen=True)
class FitPlan:
    """How the network is fitted after a round."""

    epochs: int = 4
    batch: int = 256
    rate: float = 0.002
    temperature: float = 1.0
    """The softmax's temperature, in points."""
    outcome: float = 0.05
    """The weight of the outcome's squared error (per point squared) beside the choice's
    cross-entropy."""


def _totals(network: Network, linear: Floats, features: Floats, values: Floats,
            there: Floats) -> tuple[Floats, Floats, Floats, Floats]:
    """Per decision and candidate the pupil's total, with the network's hidden layers."""
    rows = features.reshape(-1, FEATURE_COUNT)
    out, first, second = forward(network, rows)
    totals = values + (rows @ linear + out).reshape(values.shape)
    return np.where(there > 0, totals, -1e9), rows, first, second


def fit(network: Network, linear: Floats, decisions: Decisions, plan: FitPlan,
        rng: np.random.Generator, adam: dict[str, list[Floats]] | None = None,
        on_epoch: Callable[[int, float], None] | None = None) -> dict[str, list[Floats]]:
    """Fit ``network`` in place to ``decisions`` (see the module docstring); returns Adam's
    moments (pass them to the next fit to go on)."""
    features, values, there, base, expert, played, final = decisions.arrays()
    count = len(decisions)
    adam = adam if adam is not None else _new_adam(network)
    for epoch in range(plan.epochs):
        order = rng.permutation(count)
        loss_sum = 0.0
        for start in range(0, count, plan.batch):
            pick = order[start:start + plan.batch]
            size = len(pick)
            totals, rows, first, second = _totals(network, linear, features[pick],
                                                  values[pick], there[pick])
            scaled = totals / plan.temperature
            scaled -= scaled.max(axis=1, keepdims=True)
            weights = np.exp(scaled) * there[pick]
            chances = weights / weights.sum(axis=1, keepdims=True)
            labelled = expert[pick] >= 0
            upstream = np.zeros_like(totals)
            index = np.arange(size)
            if labelled.any():
                target = np.zeros_like(chances)
                target[index[labelled], expert[pick][labelled]] = 1.0
                upstream[labelled] = (chances[labelled] - target[labelled]) / plan.temperature
                loss_sum -= float(np.log(chances[index[labelled],
                                                 expert[pick][labelled]] + 1e-12).sum())
            moved = played[pick] >= 0
            if moved.any():
                chosen = totals[index[moved], played[pick][moved]]
                error = base[pick][moved] + chosen - final[pick][moved]
                upstream[index[moved], played[pick][moved]] += 2.0 * plan.outcome * error
                loss_sum += float(plan.outcome * (error ** 2).sum())
            upstream = (upstream * there[pick] / size).reshape(-1)
            grads = gradients(network, rows, first, second, upstream).parts()
            _adam_step(network, grads, adam, plan.rate)
        if on_epoch is not None:
            on_epoch(epoch, loss_sum / max(count, 1))
    return adam


def agreement(network: Network, linear: Floats, decisions: Decisions) -> float:
    """The share of the labelled decisions where the pupil's best total is the expert's
    choice."""
    features, values, there, _, expert, _, _ = decisions.arrays()
    totals = _totals(network, linear, features, values, there)[0]
    labelled = expert >= 0
    if not labelled.any():
        return 0.0
    return float((totals.argmax(axis=1)[labelled] == expert[labelled]).mean())


def pupil_with(network: Network, base: LearnedBot, sheet_edition: str) -> LearnedBot:
    """``base`` (its linear weights, candidates, look and margin) with ``network`` for one
    edition."""
    linear, _ = split_vector(base.corrections[sheet_edition])
    pupil = LearnedBot(candidates=base.candidates, lookahead=base.lookahead,
                       margin=base.margin)
    pupil.corrections = dict(base.corrections)
    pupil.corrections[sheet_edition] = network_vector(linear, network)
    return pupil


def edition_name_of(sheet: Sheet) -> str:
    """The edition whose weights play on ``sheet``."""
    return edition_of(new_game(sheet, ["solo"], solo=True))


# -- self-play by rollouts: the network of the bot that looks at the next roll ----------------


@dataclass
class Rollouts:
    """Decisions of the learned bot with its look at the next roll whose every candidate
    was played out: per decision the candidates' features, their totals without the
    network (strong value, linear correction, the look) and the final scores they led to."""

    features: list[Floats] = field(default_factory=list)
    base: list[Floats] = field(default_factory=list)
    outcome: list[Floats] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.base)

    def extend(self, other: Rollouts) -> None:
        self.features += other.features
        self.base += other.base
        self.outcome += other.outcome


def rollout_round(sheet: Sheet, bot: LearnedBot, games: int, seed: list[int],
                  samples: int = 4) -> tuple[Rollouts, list[float]]:
    """``games`` solo games of ``bot`` (with its look at the next roll) on ``sheet``, game
    ``i`` throwing ``default_rng([*seed, i])``; in ``samples`` rolls of each (drawn from
    ``default_rng([*seed, i, 1])``) every candidate it looked at is played, and the game
    finished by ``bot`` on the same dice for every candidate (``[*seed, i, roll, 2]``:
    common random numbers). Returns the decisions and each game's final score."""
    from kok_layouts.rules.engine.live import searched
    from kok_layouts.rules.learned_training import replayed

    edition = edition_name_of(sheet)
    lookahead = bot.lookahead_of(edition)
    if lookahead <= 0:
        raise BadArgumentError("rollouts train the bot that looks at the next roll")
    linear = split_vector(bot.corrections[edition])[0]
    kept = Rollouts()
    scores: list[float] = []
    for i in range(games):
        game = new_game(sheet, ["solo"], solo=True)
        turns = Turns(game, np.random.default_rng([*seed, i]))
        limit = game.roll_limit or 30
        picks = set(np.random.default_rng([*seed, i, 1]).choice(
            limit, size=min(samples, limit), replace=False).tolist())
        while not game.over:
            turns.throw()
            decision = searched(game, 0, bot, lookahead, bot.margin)
            if game.rolls_done in picks and len(decision.choices) > 1:
                finals = []
                for choice in decision.choices:
                    copy = replayed(game)
                    trial = Turns(copy)
                    trial.choose(0, choice)
                    trial.finish_roll()
                    if not copy.over:
                        Turns(copy, np.random.default_rng([*seed, i, game.rolls_done, 2])
                              ).play([bot])
                    finals.append(float(copy.scores()[0].total))
                network = (network_totals(decision.features, bot.corrections[edition])
                           - decision.features @ linear)
                kept.features.append(decision.features.copy())
                kept.base.append(decision.totals - network)
                kept.outcome.append(np.array(finals))
            turns.choose(0, decision.choice)
            turns.finish_roll()
        scores.append(float(game.scores()[0].total))
    return kept, scores


def fit_rollouts(network: Network, rollouts: Rollouts, plan: FitPlan,
                 rng: np.random.Generator, adam: dict[str, list[Floats]] | None = None,
                 on_epoch: Callable[[int, float], None] | None = None
                 ) -> dict[str, list[Floats]]:
    """Fit ``network`` in place so that, within each decision of ``rollouts``, its outputs
    less their mean match the candidates' final scores less their mean, less their totals
    without the network less their mean (what the network should add to tell the
    candidates apart as their outcomes did); Adam, as :func:`fit`. Returns Adam's moments."""
    adam = adam if adam is not None else _new_adam(network)
    count = len(rollouts)
    targets = [(o - o.mean()) - (b - b.mean())
               for o, b in zip(rollouts.outcome, rollouts.base, strict=True)]
    for epoch in range(plan.epochs):
        order = rng.permutation(count)
        loss_sum = 0.0
        for start in range(0, count, plan.batch):
            pick = order[start:start + plan.batch].tolist()
            if not pick:
                continue
            sizes = np.array([len(targets[d]) for d in pick])
            group = np.repeat(np.arange(len(pick)), sizes)
            rows = np.concatenate([rollouts.features[d] for d in pick])
            target = np.concatenate([targets[d] for d in pick])
            out, first, second = forward(network, rows)
            mean = np.bincount(group, weights=out) / sizes
            error = out - mean[group] - target
            loss_sum += float((error ** 2).sum())
            centred = error - (np.bincount(group, weights=error) / sizes)[group]
            grads = gradients(network, rows, first, second, 2.0 * centred / len(rows)).parts()
            _adam_step(network, grads, adam, plan.rate)
        if on_epoch is not None:
            on_epoch(epoch, loss_sum / max(sum(len(t) for t in targets), 1))
    return adam


def _new_adam(network: Network) -> dict[str, list[Floats]]:
    """Adam's moments at the start, for ``network``'s parameters."""
    return {"m": [np.zeros_like(p) for p in network.parts()],
            "v": [np.zeros_like(p) for p in network.parts()], "t": [np.zeros(1)]}


def _adam_step(network: Network, grads: list[Floats], adam: dict[str, list[Floats]],
               rate: float) -> None:
    """One step of Adam on ``network``'s parameters."""
    beta1, beta2 = 0.9, 0.999
    adam["t"][0] += 1
    step = float(adam["t"][0][0])
    for part, grad, m, v in zip(network.parts(), grads, adam["m"], adam["v"], strict=True):
        m *= beta1
        m += (1 - beta1) * grad
        v *= beta2
        v += (1 - beta2) * grad * grad
        part -= rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step)) + 1e-8)
