"""Compiling the kernels: once per machine, into numba's on-disk cache.

The first use of the engine in a process whose cache holds no compiled kernels says so,
once, on stderr (compiling takes a while; loading them later takes a fraction of a
second). A kernel's cache is cold when numba's index file for it is missing: that file is
what numba itself looks up before it compiles.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

COMPILE_SECONDS = {"classic": 45, "kids": 20, "kok2": 70, "position": 10, "strong": 60,
                   "strong_kok2": 70, "strong_kids": 40, "learned": 50, "learned_kok2": 90,
                   "learned_kids": 70, "solo_batch": 30, "expert": 20}
"""About how many CPU seconds compiling the kernels takes, measured with an empty
``NUMBA_CACHE_DIR`` (benchmarks/bench_engine_kernels.py): the whole games of each
edition, the kernels a :class:`~kok_layouts.rules.engine.Position` calls and those a
batch of solo games runs (:mod:`~kok_layouts.rules.engine.solo_batch`, for
:class:`~kok_layouts.env.batch.BatchSolo`). A process compiles only what it uses; a busy
machine takes longer."""

_announced = False


def cache_index(kernel: Callable[..., Any]) -> Path | None:
    """Where numba keeps the index of ``kernel``'s compiled versions (``None`` if numba
    does not say)."""
    cache = getattr(kernel, "_cache", None)
    cache_file = getattr(cache, "_cache_file", None)
    path = getattr(cache_file, "_index_path", None)
    return Path(path) if isinstance(path, str) else None


def entry_kernels() -> tuple[Callable[..., Any], ...]:
    """The kernels the typed doors call (the others are compiled into these)."""
    from kok_layouts.rules.engine import (
        expert,
        greedy,
        kernels,
        learned_kernels,
        learned_kids,
        learned_kok2,
        solo_batch,
        strong_kernels,
        strong_kids,
        strong_kok2,
        views,
    )
    from kok_layouts.rules.engine import kids as kids_kernels
    from kok_layouts.rules.engine import kok2 as kok2_kernels

    return (kernels.legal_moves, kernels.play_move, kernels.classic_score,
            kernels.completed_columns, kernels.completed_colours, kernels.game_ends,
            greedy.play_classic_games, kids_kernels.kids_legal_moves, kids_kernels.kids_play,
            kids_kernels.kids_score, kids_kernels.play_kids_games, kok2_kernels.kok2_specials,
            kok2_kernels.kok2_play, kok2_kernels.kok2_score, kok2_kernels.play_kok2_games,
            strong_kernels.play_strong_games, strong_kernels.strong_choice,
            strong_kok2.play_strong_kok2_games, strong_kok2.kok2_strong_choice,
            strong_kids.play_strong_kids_games, strong_kids.kids_strong_choice,
            learned_kernels.play_learned_games, learned_kernels.learned_choice,
            learned_kok2.play_learned_kok2_games, learned_kok2.kok2_learned_choice,
            learned_kids.play_learned_kids_games, learned_kids.kids_learned_choice,
            solo_batch.solo_legal, solo_batch.solo_step, solo_batch.solo_scores,
            solo_batch.cells_keys, solo_batch.special_table,
            greedy.greedy_choice, kok2_kernels.kok2_greedy_choice,
            kids_kernels.kids_greedy_choice, expert.next_rolls, expert.candidate_bombs,
            *views.ENTRIES)


def cold_kernels(entries: tuple[Callable[..., Any], ...] = ()) -> list[str]:
    """Those of ``entries`` (default: every entry kernel) that numba's cache does not
    hold yet."""
    cold = []
    for entry in entries or entry_kernels():
        index = cache_index(entry)
        if index is not None and not index.exists():
            cold.append(getattr(entry, "__name__", repr(entry)))
    return cold


def announce(*entries: Callable[..., Any], seconds: int | None = None) -> None:
    """Say once per process, before a kernel runs, that the kernels are being compiled
    (in about ``seconds``, default all of :data:`COMPILE_SECONDS`), when numba's cache
    does not hold ``entries`` (default: every entry kernel)."""
    global _announced
    if _announced:
        return
    if cold_kernels(entries):
        _announced = True
        about = sum(COMPILE_SECONDS.values()) if seconds is None else seconds
        print(f"kok: compiling the rules engine, once (about {about} s)",
              file=sys.stderr, flush=True)


def _warm_rules(classic: Any, kok2: Any, kids: Any) -> None:
    """The rules' kernels: a position of each edition, and greedy games."""
    from kok_layouts.rules.engine.batch import play_batch
    from kok_layouts.rules.engine.position import Position

    position = Position(classic, 2)
    for move in position.legal_moves(0, "X", "?")[:1]:
        position.push(0, move)
    position.score(0)
    position.completed_columns(0)
    position.completed_colours(0)
    position.ends_game()
    kid = Position(kids, 2)
    for kids_move in kid.kids_legal_moves(0, kids.colours[0].key)[:1]:
        kid.kids_push(0, kids_move)
    kid.kids_legal_moves(0, "purple")
    kid.kids_score(0)
    play_batch(classic, 1, 1, 0)
    play_batch(classic, 1, 2, 0)
    play_batch(kids, 1, 2, 0)
    second = Position(kok2, 1)
    for action in second.specials(0, "bomb")[:1]:
        second.push(0, action)
    second.score(0)
    play_batch(kok2, 1, 2, 0)


def _warm_strong(classic: Any, kok2: Any, kids: Any) -> None:
    """The strong bot's games of every edition."""
    from kok_layouts.rules.engine.strong import play_strong_batch

    for sheet in (classic, kok2, kids):
        play_strong_batch(sheet, 1, 1, 0)
        play_strong_batch(sheet, 1, 2, 0)


def _warm_learned(classic: Any, kok2: Any, kids: Any) -> None:
    """The learned bot's games of every edition."""
    from kok_layouts.rules.engine.learned import play_learned_batch

    for sheet in (classic, kok2, kids):
        play_learned_batch(sheet, 1, 1, 0)
        play_learned_batch(sheet, 1, 2, 0)


def _warm_solo_views_live(classic: Any, kok2: Any, kids: Any) -> None:
    """What a BatchSolo of each edition runs, the player sheets' views, the live bots."""
    from kok_layouts.rules.engine.live import warm_live
    from kok_layouts.rules.engine.solo_batch import warm_up_solo
    from kok_layouts.rules.engine.tables import tables_for
    from kok_layouts.rules.engine.views import warm_views

    for sheet in (classic, kok2, kids):
        warm_up_solo(tables_for(sheet))
    warm_views(classic, kok2, kids)
    warm_live(classic, kok2, kids)


WARM_FAMILIES: dict[str, Callable[[Any, Any, Any], None]] = {
    "rules": _warm_rules, "strong": _warm_strong, "learned": _warm_learned,
    "solo, views and live": _warm_solo_views_live}
"""The parts of :func:`warm_up`, by name, in its order: each plays what its kernel family
needs on the black, grey and Kids pads (compiled apart, side by side, on a cold cache:
tests/warm_parallel.py)."""


def warm_family(name: str) -> None:
    """Compile (or load) the kernels of one part of :func:`warm_up`."""
    from kok_layouts.model.loader import load_layout

    WARM_FAMILIES[name](load_layout("black"), load_layout("grey"), load_layout("kids"))


def warm_up() -> float:
    """Compile (or load from the cache) every kernel on a small game of each edition the
    engine plays, and the kernels of a batch of solo games (without the environments'
    action tables, which are a layer up: :func:`~kok_layouts.rules.engine.solo_batch.
    warm_up_solo`); returns the seconds it took."""
    from kok_layouts.model.loader import load_layout

    announce()
    start = time.perf_counter()
    sheets = load_layout("black"), load_layout("grey"), load_layout("kids")
    for warm in WARM_FAMILIES.values():
        warm(*sheets)
    return time.perf_counter() - start
