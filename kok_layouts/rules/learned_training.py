"""Training the learned bot by self-play: TD(lambda) on its correction of the strong value.

The self-play games of :func:`train` are played inside the compiled engine
(:func:`self_play`), which records every decision as the rules' bot records it.

Every game is played by the learned bot with the current weights (seat against seat in a
game with others); each seat's decisions give a sequence of values ``v_t`` of the positions
it chose, ending with its final score ``G``. The lambda-returns
``g_t = (1 - lambda) v_(t+1) + lambda g_(t+1)`` (with ``g`` of the last decision ``G``)
are the targets; the weights move along ``sum_t (g_t - v_t) features_t`` after every game,
by Adam steps (features differ in scale and frequency). Everything is seeded: the dice of
game ``i`` of a run with seed ``s`` come from ``numpy.random.default_rng([s, i])``, so a
run is reproduced exactly from its seed, its plan and its start.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kok_layouts.errors import BadArgumentError
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.bots import play_game
from kok_layouts.rules.game import Game
from kok_layouts.rules.kids import KidsGame
from kok_layouts.rules.kinds import game_type_of
from kok_layouts.rules.kok2 import Kok2Game
from kok_layouts.rules.learned import FEATURES, Candidate, LearnedBot, Trace
from kok_layouts.rules.options import Options
from kok_layouts.rules.record import new_game
from kok_layouts.rules.strong import edition_of
from kok_layouts.rules.turns import Turns

EVALUATION_SEED = 24_000
"""The dice of evaluation game ``i`` come from ``default_rng([EVALUATION_SEED, i])``: the
same games for every point of a training curve, none of them a training game."""


@dataclass(frozen=True)
class Plan:
    """How one edition's weights are trained."""

    games: int
    """Self-play games."""
    seed: int
    players: int = 1
    """1: solo games; more: games of that many learned bots."""
    lam: float = 0.7
    rate: float = 0.003
    """Adam's step size."""
    candidates: int = 6

    def __post_init__(self) -> None:
        if self.games < 0 or not 1 <= self.players <= 6:
            raise BadArgumentError(f"a plan of {self.games} games of {self.players} players")
        if not 0.0 <= self.lam <= 1.0 or not self.rate > 0.0:
            raise BadArgumentError(f"lambda {self.lam} (use 0 to 1), rate {self.rate} (> 0)")


def lambda_targets(values: list[float], final: float, lam: float) -> np.ndarray:
    """The lambda-return of every decision of one seat's game (see the module docstring)."""
    targets = np.empty(len(values))
    target = final
    for t in range(len(values) - 1, -1, -1):
        targets[t] = target
        target = (1.0 - lam) * values[t] + lam * target
    return targets


def solo_mean(sheet: Sheet, bot: LearnedBot, games: int, seed: int = EVALUATION_SEED, *,
              engine: bool = True) -> float:
    """The mean solo score of ``bot`` over evaluation games ``0 .. games - 1``, played
    inside the compiled engine where it plays the sheet's edition and ``bot`` takes no look
    at the next roll (the same games as the rules' bot plays, which ``engine`` off asks
    for)."""
    edition = edition_of(new_game(sheet, ["solo"], solo=True))
    if engine and games > 0 and game_type_of(sheet) in (Game, Kok2Game, KidsGame) \
            and bot.lookahead_of(edition) == 0:
        from kok_layouts.rules.engine.learned import play_learned

        played = play_learned(sheet, 1, [[seed, i] for i in range(games)], Options(),
                              solo=True, bot=bot)
        return statistics.fmean(int(total) for total in played.totals[:, 0])
    totals = []
    for i in range(games):
        game = new_game(sheet, ["solo"], solo=True)
        play_game(game, [bot], np.random.default_rng([seed, i]))
        totals.append(game.scores()[0].total)
    return statistics.fmean(totals) if totals else 0.0


def self_play(sheet: Sheet, players: int, bot: LearnedBot, seed: list[int], *,
              engine: bool = True) -> tuple[dict[int, Trace], list[float]]:
    """One self-play game of ``players`` seats of ``bot`` on ``sheet`` with the dice of
    ``default_rng(seed)`` (solo for one player): per seat (in the order of their first
    decision) what ``LearnedBot.trace`` records of it, and every seat's final score. Played
    inside the compiled engine (which keeps the same trace to the bit,
    :func:`kok_layouts.rules.engine.learned.traces_of`) where it plays the sheet's
    edition, else (or with ``engine`` off) by the rules' bot."""
    names = ["solo"] if players == 1 else [f"p{i + 1}" for i in range(players)]
    if engine and game_type_of(sheet) in (Game, Kok2Game, KidsGame):  # the engine plays them
        from kok_layouts.rules.engine.learned import new_trace, play_learned, traces_of

        options = Options()
        kept = new_trace(sheet, players, players == 1, options, bot.candidates)
        games = play_learned(sheet, players, [seed], options, solo=players == 1, bot=bot,
                             trace=kept)
        found = traces_of(kept, bot.corrections[edition_of(new_game(sheet, names,
                                                                    solo=players == 1))])
        traces = {seat: Trace(trace.features, trace.values) for seat, trace in found.items()}
        return traces, [float(total) for total in games.totals[0]]
    bot.trace = {}
    game = new_game(sheet, names, solo=players == 1)
    play_game(game, [bot] * players, np.random.default_rng(seed))
    traces, bot.trace = bot.trace, None
    return traces, [float(score.total) for score in game.scores()]


def train(sheet: Sheet, plan: Plan, start: np.ndarray | None = None, *,
          every: int = 0, on_point: Callable[[int, np.ndarray], None] | None = None,
          engine: bool = True) -> np.ndarray:
    """The weights of ``sheet``'s edition after ``plan``'s self-play from ``start``
    (zeros: the strong bot's play). ``on_point(games_done, weights)`` is called at the
    start and after every ``every`` games (0: never), for a training curve. The games are
    played inside the compiled engine where it plays the sheet's edition (``engine`` off:
    by the rules' bot; the same games, traces and weights: :func:`self_play`)."""
    edition = edition_of(new_game(sheet, ["solo"], solo=True))
    weights = np.zeros(len(FEATURES)) if start is None else np.array(start, dtype=np.float64)
    moment = np.zeros_like(weights)
    square = np.zeros_like(weights)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    bot = LearnedBot({edition: weights}, candidates=plan.candidates, lookahead=0)
    if on_point is not None and every:
        on_point(0, weights.copy())
    for i in range(plan.games):
        bot.corrections[edition] = weights
        traces, scores = self_play(sheet, plan.players, bot, [plan.seed, i], engine=engine)
        gradient = np.zeros_like(weights)
        steps = 0
        for seat, trace in traces.items():
            if not trace.values:
                continue
            targets = lambda_targets(trace.values, scores[seat], plan.lam)
            errors = targets - np.array(trace.values)
            gradient += errors @ np.array(trace.features)
            steps += len(trace.values)
        if steps:
            gradient /= steps
            moment = beta1 * moment + (1 - beta1) * gradient
            square = beta2 * square + (1 - beta2) * gradient * gradient
            t = i + 1
            step = plan.rate * (moment / (1 - beta1 ** t)) / (
                np.sqrt(square / (1 - beta2 ** t)) + eps)
            weights = weights + step
        if on_point is not None and every and (i + 1) % every == 0:
            on_point(i + 1, weights.copy())
    return weights


# -- rollouts: fitted policy iteration -------------------------------------------------------


@dataclass(frozen=True)
class RolloutPlan:
    """How one edition's weights are improved by rollouts (see :func:`improve`)."""

    rounds: int
    """Policy iterations: each plays ``games`` games with the weights of the round before."""
    games: int
    seed: int
    samples: int = 3
    """Decisions per game whose candidates are each played out."""
    ridge: float = 10.0
    candidates: int = 6

    def __post_init__(self) -> None:
        if self.rounds < 0 or self.games < 0 or not 1 <= self.samples <= 100:
            raise BadArgumentError(f"a rollout plan of {self.rounds} rounds of {self.games} "
                                   f"games, {self.samples} samples a game")
        if not self.ridge > 0.0:
            raise BadArgumentError(f"ridge {self.ridge}; use more than 0")


def replayed(game: Game) -> Game:
    """A new game in ``game``'s position at the start of a choice (its rolls replayed, the
    current roll thrown again, nobody's choice of it made yet)."""
    copy = new_game(game.sheet, list(game.players), game.options, solo=game.solo)
    turns = Turns(copy)
    for entry in game.log:
        turns.replay_roll(entry)
    if game.roll is not None:
        turns.throw(game.roll)
    return copy


def improve(sheet: Sheet, plan: RolloutPlan, start: np.ndarray | None = None, *,
            on_point: Callable[[int, np.ndarray], None] | None = None) -> np.ndarray:
    """The weights of ``sheet``'s edition after ``plan``'s rounds of rollout policy
    iteration from ``start`` (zeros: the strong bot's play), in solo games.

    In every game of a round (the learned bot with the round's weights, game ``i`` seeded
    ``[seed, i]``), ``samples`` decisions are drawn; each candidate move the bot weighed
    there (and passing) is played, and the game finished by the same bot on the same dice
    for every candidate (seeded ``[seed, i, roll, 2]``: common random numbers), so the
    final scores compare the candidates. After each round the weights are the ridge fit,
    over all decisions so far, of the candidates' final scores relative to their
    decision's mean by the strong value plus the correction, both relative to the mean too
    (Monte Carlo returns: TD(1) targets for every candidate, not only the one chosen).
    ``on_point(games_done, weights)`` is called at the start and after every round.
    """
    edition = edition_of(new_game(sheet, ["solo"], solo=True))
    size = len(FEATURES)
    weights: np.ndarray = (np.zeros(size) if start is None
                           else np.array(start, dtype=np.float64))
    gram = np.zeros((size, size))
    moment = np.zeros(size)
    if on_point is not None:
        on_point(0, weights.copy())
    for r in range(plan.rounds):
        bot = LearnedBot({edition: weights}, candidates=plan.candidates, lookahead=0)
        roller = LearnedBot({edition: weights}, candidates=plan.candidates, lookahead=0)
        for g in range(plan.games):
            i = r * plan.games + g
            rng = np.random.default_rng([plan.seed, i])
            game = new_game(sheet, ["solo"], solo=True)
            turns = Turns(game, rng)
            limit = game.roll_limit or 30
            picks = set(np.random.default_rng([plan.seed, i, 1]).choice(
                limit, size=min(plan.samples, limit), replace=False).tolist())
            while not game.over:
                turns.throw()
                roll = game.rolls_done
                bot.keep_candidates = roll in picks
                bot.last_candidates = []
                choice = bot.choose(game, 0, rng)
                if len(bot.last_candidates) > 1:
                    features, target = _compared(game, bot.last_candidates, roller,
                                                 [plan.seed, i, roll, 2])
                    gram += features.T @ features
                    moment += features.T @ target
                turns.choose(0, choice)
                turns.finish_roll()
        weights = np.linalg.solve(gram + plan.ridge * np.eye(size), moment)
        if on_point is not None:
            on_point((r + 1) * plan.games, weights.copy())
    return weights


def _compared(game: Game, candidates: list[Candidate], roller: LearnedBot,
              seed: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The centred features of ``candidates`` and what the correction should add to their
    centred strong values: every candidate played out by ``roller`` on the same dice."""
    finals = []
    for candidate in candidates:
        copy = replayed(game)
        turns = Turns(copy)
        turns.choose(0, candidate.choice)
        turns.finish_roll()
        if not copy.over:
            play_game(copy, [roller], np.random.default_rng(seed))
        finals.append(float(copy.scores()[0].total))
    raw = np.array([c.features for c in candidates])
    values = np.array([c.value for c in candidates])
    outcome = np.array(finals)
    features: np.ndarray = raw - raw.mean(axis=0)
    return features, (outcome - outcome.mean()) - (values - values.mean())
