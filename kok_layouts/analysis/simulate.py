"""Monte Carlo games between bots, reproducible from one seed whatever the workers.

Game ``i`` of a run with seed ``s`` is played with the ``i``-th child of
``numpy.random.SeedSequence(s)``, so splitting the games over processes, or over any
``concurrent.futures.Executor`` (a Dask or Ray executor included), changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from kok_layouts import limits
from kok_layouts.analysis.workers import check_executor, worker_pool
from kok_layouts.editions import Edition, edition_of
from kok_layouts.errors import BadArgumentError, KokTypeError, shown
from kok_layouts.model.checks import refuse_unprintable
from kok_layouts.model.grid import cells_of, column_letter
from kok_layouts.model.sheet import Sheet
from kok_layouts.rules.board import board_for
from kok_layouts.rules.bots import BOTS, make_bot, play_game
from kok_layouts.rules.game import Game
from kok_layouts.rules.options import Options
from kok_layouts.rules.scoring import Score

DEFAULT_BOT = "strong"
"""The bot of ``kok check``, ``kok simulate`` and the stored reference figures."""
CHUNK = 50
"""Games a job plays through the rules (a worker's share of the run, handed out in turn)."""
ENGINE_CHUNK = 250
"""Games a job plays inside the compiled engine (it plays them many times faster)."""
ENGINE_ALONE = 8_000
"""Games times seats (weighed by :data:`ENGINE_WEIGHT`) that a run of the compiled engine
plays in its own process even when given workers or a cluster: about three seconds of one
core, less than starting workers (each loads Python, the package and the compiled engine)
would cost."""
ENGINE_WEIGHT: dict[str, int] = {"classic": 1, "kids": 1, "kok2": 6}
"""Per edition, how many classic games one of its games costs the engine (measured with
2,000 2-player games of black, grey and kids on one core: strong and greedy Kids games as
classic ones, strong Keer op Keer 2 games about 6.6 times as long, greedy ones 3.8)."""


@dataclass(frozen=True)
class GameResult:
    """One simulated game: length, winners, every seat's score lines, and for every column,
    colour (animal) and row the roll in which it was first completed and by which seats."""

    game: int
    players: int
    rolls: int
    ended: bool
    winners: tuple[int, ...]
    scores: tuple[dict[str, int], ...]
    first: dict[str, tuple[int, tuple[int, ...]]]
    crossed_at: tuple[tuple[int, ...], ...] = ()
    """Per seat, per cell (row by row): the roll in which it was crossed, 0 if never."""

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["crossed_at"]  # the per-cell detail feeds the heat map, not the raw output
        data["first"] = {k: {"roll": r, "seats": list(s)} for k, (r, s) in self.first.items()}
        return data


def goal_masks(sheet: Sheet) -> dict[str, int]:
    """Every goal a game tracks, by name: ``column A``, ``colour green``, ``row P``."""
    board = board_for(sheet)
    edition = edition_of(sheet)
    noun = edition.colour_noun
    goals = {f"column {column_letter(i)}": m for i, m in enumerate(board.column_masks) if m}
    goals.update({f"{noun} {sheet.colour_by_key[k].name}": m
                  for k, m in board.colour_masks.items() if m})
    rows = edition.goal_rows(sheet)
    if rows:
        goals.update({f"row {label}": m
                      for label, m in zip(rows, board.row_masks, strict=True)})
    return goals


def play_one(sheet: Sheet, players: int, bots: Sequence[str], seed: np.random.SeedSequence,
             index: int, options: Options | None = None) -> GameResult:
    """Play game ``index`` with its own generator; record what was completed when."""
    rng = np.random.default_rng(seed)
    solo = players == 1
    names = ["solo"] if solo else [f"seat {i + 1}" for i in range(players)]
    rules = options or Options()
    # A game on a board that cannot end stops at the cap (``ended`` is then false).
    rules = replace(rules, max_rolls=rules.max_rolls or limits.GAME_ROLLS)
    game = edition_of(sheet).new_game(sheet, names, rules, solo=solo)
    strategies = [make_bot(bots[i % len(bots)]) for i in range(players)]
    goals = goal_masks(sheet)
    first: dict[str, tuple[int, tuple[int, ...]]] = {}
    cells = sheet.width * sheet.height
    crossed_at = [[0] * cells for _ in range(players)]
    before = [0] * players

    def note_completions(game: Game) -> None:
        fresh = 0
        for seat, player in enumerate(game.sheets):
            new = player.crossed & ~before[seat]
            before[seat] = player.crossed
            fresh |= new
            while new:
                low = new & -new
                crossed_at[seat][low.bit_length() - 1] = game.rolls_done
                new ^= low
        # Only a goal with a cell crossed in this roll can be completed for the first time.
        for name, mask in goals.items():
            if not mask & fresh or name in first:
                continue
            seats = tuple(s for s, p in enumerate(game.sheets) if p.crossed & mask == mask)
            if seats:
                first[name] = (game.rolls_done, seats)

    play_game(game, strategies, rng, note_completions)
    ended = any(len(p.completed_colours()) >= game.colours_to_end for p in game.sheets) or (
        solo and game.roll_limit is not None and game.rolls_done >= game.roll_limit)
    return GameResult(index, players, game.rolls_done, ended, tuple(game.winner_seats()),
                      tuple(score.as_dict() for score in game.scores()), first,
                      tuple(tuple(seat) for seat in crossed_at))


Job = tuple[Sheet, int, tuple[str, ...], int, int, int, Options | None]
"""A share of a run: sheet, players, bots, seed, first and last game (not included),
options."""


def _chunk(job: Job) -> list[GameResult]:
    sheet, players, bots, seed, start, stop, options = job
    if in_engine(sheet, bots):
        return _engine_chunk(job)
    # The i-th child of SeedSequence(seed), made directly.
    return [play_one(sheet, players, bots, np.random.SeedSequence(seed, spawn_key=(i,)), i,
                     options) for i in range(start, stop)]


def in_engine(sheet: Sheet, bots: Sequence[str]) -> str | None:
    """The bot that plays the games whole inside the compiled engine, or ``None`` when
    they play through the rules: ``"strong"`` or ``"greedy"`` when every
    seat's bot is that one on a sheet of the classic game, Keer op Keer 2 or Kids (the
    editions the engine's games play). Mixed bots, other bots and other editions
    (registered ones, variants) play through the rules."""
    from kok_layouts.rules.kids import KidsGame
    from kok_layouts.rules.kinds import game_type_of
    from kok_layouts.rules.kok2 import Kok2Game

    game_type = game_type_of(sheet)
    if game_type not in (Game, Kok2Game, KidsGame):
        return None
    for bot in ("strong", "greedy"):  # (the learned and expert bots look at the next roll)
        if all(seat == bot for seat in bots):
            return bot
    return None


def _engine_chunk(job: Job) -> list[GameResult]:
    """The games of ``job`` played by the compiled bot :func:`in_engine` names: the games
    :func:`play_one` plays, roll for roll (tests/test_engine_strong.py,
    tests/test_engine_games.py), many times faster."""
    sheet, players, bots, seed, start, stop, options = job
    rules = options or Options()
    rules = replace(rules, max_rolls=rules.max_rolls or limits.GAME_ROLLS)
    seeds = [np.random.SeedSequence(seed, spawn_key=(i,)) for i in range(start, stop)]
    engine = in_engine(sheet, bots)
    if engine == "strong":
        from kok_layouts.rules.engine.strong import play_strong

        games: EngineGames = play_strong(sheet, players, seeds, rules, solo=players == 1,
                                         keep_crossed_at=True)
    else:
        from kok_layouts.rules.engine.batch import play_greedy

        games = play_greedy(sheet, players, seeds, rules, solo=players == 1,
                            keep_crossed_at=True)
    return engine_results(sheet, players, start, rules, games)


class EngineGames(Protocol):
    """What the engine keeps of a batch of games (``StrongGames``, ``GreedyGames``)."""

    @property
    def rolls(self) -> npt.NDArray[np.int64]:
        """(games,): the rolls each game lasted."""

    @property
    def lines(self) -> npt.NDArray[np.int32]:
        """(games, seats, score lines)."""

    @property
    def marks_used(self) -> npt.NDArray[np.int32]:
        """(games, seats): exclamation marks used."""

    @property
    def crossed_at(self) -> npt.NDArray[np.int32]:
        """(games, seats, cells): the roll each cell was crossed in, 0 if never."""


def engine_results(sheet: Sheet, players: int, first: int, rules: Options,
                   games: EngineGames) -> list[GameResult]:
    """The :class:`GameResult` of each game the engine played (games ``first`` on, with
    the roll each cell was crossed in kept), field by field what :func:`play_one` gives:
    the scores as the edition's score class (``Score``, ``Kok2Score``, ``KidsScore``)
    gives them, the winners by the edition's tie-break, the ``first`` completions."""
    from kok_layouts.rules.engine.kernels import (
        S_BOXES,
        S_COLOURS,
        S_COLUMNS,
        S_HEARTS,
        S_JOKERS,
        S_PASSES,
        S_ROWS,
        S_STARS,
    )
    from kok_layouts.rules.engine.kids import S_BUCKETS, S_FOOD, S_VISITORS
    from kok_layouts.rules.engine.strong import first_completions_of_games
    from kok_layouts.rules.game import SOLO_ROLLS, winning_seats
    from kok_layouts.rules.kids import KidsGame, KidsScore
    from kok_layouts.rules.kinds import game_type_of
    from kok_layouts.rules.kok2 import Kok2Game, Kok2Score

    game_type = game_type_of(sheet)
    solo = players == 1
    passes = bool(rules.pass_penalty)

    def score(lines: list[int]) -> Score | KidsScore:
        if game_type is KidsGame:
            return KidsScore(buckets=lines[S_BUCKETS], visitors=lines[S_VISITORS],
                             food=lines[S_FOOD])
        if game_type is Kok2Game:
            return Kok2Score(colours=lines[S_COLOURS], columns=lines[S_COLUMNS],
                             jokers=lines[S_JOKERS], stars=lines[S_STARS], rows=lines[S_ROWS],
                             hearts=lines[S_HEARTS], boxes=lines[S_BOXES],
                             passes=lines[S_PASSES] if passes else None)
        return Score(colours=lines[S_COLOURS], columns=lines[S_COLUMNS],
                     jokers=lines[S_JOKERS], stars=lines[S_STARS],
                     passes=lines[S_PASSES] if passes else None)

    firsts = first_completions_of_games(games.crossed_at, goal_masks(sheet))
    crossed = games.crossed_at > 0
    colours_done = sum((crossed[:, :, cells].all(axis=2)
                        for mask in board_for(sheet).colour_masks.values()
                        if (cells := list(cells_of(mask)))),
                       np.zeros(crossed.shape[:2], dtype=np.int64)).max(axis=1).tolist()
    lines, marks = games.lines.tolist(), games.marks_used.tolist()
    results = []
    for k, rolls in enumerate(games.rolls.tolist()):
        scores = [score(seat) for seat in lines[k]]
        # Classic and Keer op Keer 2: the highest total, then the most marks left; Kids:
        # the most circles, a tie shared (no tie-break).
        marks_left = ([0] * players if game_type is KidsGame
                      else [sheet.exclamation_marks - used for used in marks[k]])
        winners = tuple(winning_seats([s.total for s in scores], marks_left))
        ended = colours_done[k] >= game_type.colours_to_end or (solo and rolls >= SOLO_ROLLS)
        results.append(GameResult(
            first + k, players, rolls, ended, winners, tuple(s.as_dict() for s in scores),
            firsts[k], tuple(map(tuple, games.crossed_at[k].tolist()))))
    return results


def simulate(sheet: Sheet, games: int, players: int = 2, seed: int = 1,
             bots: Sequence[str] = (DEFAULT_BOT,), *, jobs: int = 1,
             executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None,
             options: Options | None = None, first: int = 0) -> list[GameResult]:
    """Play ``games`` games and return their results in game order.

    ``first`` numbers the first game: games ``first`` to ``first + games - 1`` of the
    seed are played, so a run can be continued (100 games, then 200 more from game 100,
    are the 300 games of one run).

    ``jobs`` > 1 uses that many processes; an ``executor`` (any
    ``concurrent.futures.Executor``: a process pool, a Dask client's executor) is used as
    given. The results are the same either way. ``progress(done, total)`` is called as
    games finish.

    Games whose every seat is the strong bot or every seat the greedy bot, on a sheet of
    any built-in edition, are played whole inside the compiled engine (:func:`in_engine`),
    in batches of :data:`ENGINE_CHUNK`; a run of at most :data:`ENGINE_ALONE` games times
    seats (weighed by edition) is played in this process whatever ``jobs`` or ``executor``
    say, since starting workers would cost more than the games.

    Every argument is checked before a game starts (:func:`check_run`).
    """
    edition = check_run(sheet, games, players, seed, bots, options, jobs)
    limits.FIRST_GAME.check(first)
    check_executor(executor)
    if progress is not None and not callable(progress):
        raise KokTypeError(f"progress is a function of (done, total), not "
                           f"{type(progress).__name__}")
    end = first + games
    engine = in_engine(sheet, bots) is not None
    size = ENGINE_CHUNK if engine else CHUNK
    jobs_list = [(sheet, players, tuple(bots), seed, start, min(end, start + size), options)
                 for start in range(first, end, size)]
    results: list[GameResult] = []
    alone = engine and games * players * ENGINE_WEIGHT.get(edition.name, 1) <= ENGINE_ALONE
    if alone or (executor is None and (jobs <= 1 or len(jobs_list) == 1)):
        for job in jobs_list:
            results.extend(_chunk(job))
            if progress:
                progress(len(results), games)
        return results
    if executor is not None:
        return _collect(executor, jobs_list, games, progress)
    with worker_pool(jobs) as pool:
        return _collect(pool, jobs_list, games, progress)


def check_run(sheet: Sheet, games: int, players: int, seed: int,
              bots: Sequence[str] = (DEFAULT_BOT,), options: Options | None = None,
              jobs: int = 1) -> Edition:
    """The edition of ``sheet`` if ``games`` games of ``players`` players with ``seed``,
    ``bots`` and ``options`` can be simulated on it in ``jobs`` processes; else
    :class:`KokTypeError` for an argument of the wrong type, :class:`BadArgumentError` for
    one out of bounds (see :mod:`kok_layouts.limits`; solo, one player, is there in every
    edition)."""
    if not isinstance(sheet, Sheet):
        raise KokTypeError(f"simulate on a sheet (load_layout), not {type(sheet).__name__}")
    edition = edition_of(sheet)
    refuse_unprintable(sheet)  # a sheet made in code: no game could be scored on it
    limits.GAMES.check(games)
    limits.PLAYERS.check(players)
    if players != 1:
        edition.players.check(players, f"the number of players of {edition.title} (or 1, "
                                       "solo)")
    limits.SEED.check(seed)
    limits.WORKERS.check(jobs, "jobs")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise KokTypeError(f"bots is a list of bot names, not {type(bots).__name__}")
    if not bots:
        raise BadArgumentError(f"name at least one bot; the bots are {', '.join(BOTS)}")
    for bot in bots:
        if not isinstance(bot, str):
            raise KokTypeError(f"a bot is named by text, not {type(bot).__name__}")
        if bot not in BOTS:
            raise BadArgumentError(f"no bot {shown(bot, 40)!r}; the bots are "
                                   f"{', '.join(BOTS)}")
    if options is not None and not isinstance(options, Options):
        raise KokTypeError(f"options are Options, not {type(options).__name__}")
    return edition


def _collect(executor: Executor, jobs_list: list[Job], games: int,
             progress: Callable[[int, int], None] | None) -> list[GameResult]:
    results: list[GameResult] = []
    for chunk in executor.map(_chunk, jobs_list):
        results.extend(chunk)
        if progress:
            progress(len(results), games)
    return results


def iter_rows(results: Sequence[GameResult]) -> Iterator[dict[str, Any]]:
    """One flat row per seat and game, for CSV."""
    for result in results:
        for seat, score in enumerate(result.scores):
            yield {"game": result.game, "seat": seat + 1, "players": result.players,
                   "rolls": result.rolls, "ended": result.ended,
                   "won": seat in result.winners, **score}
