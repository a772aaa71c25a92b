"""The rules as compiled pure functions over a sheet's arrays and a game's state arrays:
what every edition shares and the classic rules (the greedy bot and whole games are in
:mod:`~kok_layouts.rules.engine.greedy`, Kids and Keer op Keer 2 in their own modules).

Every function here is ``numba.njit(cache=True)``: compiled once per machine into numba's
on-disk cache, then loaded in a fraction of a second. They take the sheet as
:class:`~kok_layouts.rules.engine.tables.SheetArrays` (``tables``) and a game's state as
:class:`State` (``state``, one row per seat), and check nothing: the typed functions of
:mod:`kok_layouts.rules.engine` check arguments at the door and call them.

Sets of cells are lists of cell indices (at most 6: five cells, six with the house rule
``number_joker_six``); a set of cells being built is keyed by one ``int64`` (its cells
in descending order, 10 bits each), whose order is the order of the rules' bitmasks for
sets of one size. A move is one row of an ``int32`` matrix: colour, number, colour joker,
number joker, then its cells (-1 padded); see the ``M_*`` constants.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.core import caching, codegen
from numba.core import dispatcher as numba_dispatcher
from numba.core.registry import CPUDispatcher

from kok_layouts.errors import KokTypeError
from kok_layouts.rules.engine.tables import (
    MOVE_CELLS,
)

Int32s = npt.NDArray[np.int32]
Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

# -- a move as a row of int32 -------------------------------------------------------------
M_COLOUR, M_NUMBER, M_COLOUR_JOKER, M_NUMBER_JOKER, M_CELLS = 0, 1, 2, 3, 4
MOVE_WIDTH = M_CELLS + MOVE_CELLS

# -- a seat's counters ---------------------------------------------------------------------
C_MARKS_USED, C_PASSES, C_BOXES_GAINED, C_BOXES_USED, C_HEARTS = 0, 1, 2, 3, 4
COUNTERS = 5

# -- the score lines -----------------------------------------------------------------------
S_COLOURS, S_COLUMNS, S_JOKERS, S_STARS, S_PASSES, S_ROWS, S_HEARTS, S_BOXES = range(8)
SCORE_LINES = 8
"""Classic: colours, columns, jokers (marks), stars, passes; Keer op Keer 2 adds rows,
hearts and boxes. Kids: colours = food, columns = buckets, jokers = visitors (see
``kids.S_FOOD``)."""



_unliteral: Callable[[Any], Any] = types.unliteral
# numba's internals the linked-only libraries build on (untyped: numba has no stubs).
_numba_compiler: Any = importlib.import_module("numba.core.compiler")
_llvm: Any = importlib.import_module("llvmlite.binding")
_JITCodeLibrary: Any = codegen.JITCodeLibrary
_FunctionCompiler: Any = vars(numba_dispatcher)["_FunctionCompiler"]
_CompileResultCacheImpl: Any = caching.CompileResultCacheImpl
_FunctionCache: Any = caching.FunctionCache


class _OneTypePerArgument(CPUDispatcher):
    """numba's dispatcher, but a call from compiled code is typed without literal types.

    numba types a constant argument (``0``, ``False``) by its value, ``Literal[int](0)``,
    and compiles the callee once more for each such signature, with every kernel it
    calls: on the strong bot's kernels 131 compiled versions of 82 kernels, where 88
    serve (a quarter of the strong kernels' compile time). Typed as plain ``int64`` and
    ``bool`` the calls share one version; the games are the same to the bit, as fast."""

    def get_call_template(self, args: Sequence[Any], kws: Any) -> Any:
        return super().get_call_template(tuple(_unliteral(a) for a in args),
                                         {name: _unliteral(a) for name, a in kws.items()})


INTERNAL_KERNELS: dict[str, tuple[str, ...]] = {
    "expert": (
        "_best_of", "_best_of_throws", "_block_sum", "_cross_on_trial", "_expected_next",
        "_kids_face_values", "_uncross", "pairwise_sum"),
    "greedy": (
        "_expansions", "_group_worth", "_touching", "expansions_into", "note_crossed",
        "play_classic"),
    "kernels": (
        "_grown", "_sets_from_keys", "anchor_into", "cells_of_key", "classic_score_into",
        "cross_cells_into", "cross_into", "cross_on_arrays", "group_done", "groups_done",
        "legal_sets", "loose_sets", "most_completed", "play_move_into", "roll_ends",
        "six_sets", "taken_by_any", "taken_into"),
    "kids": (
        "_kids_reach_gain", "enclosure_open", "kids_legal_moves_into", "kids_play_into",
        "kids_score_into", "kids_value"),
    "learned_kernels": (
        "_learned_work", "group_features", "learned_pick", "network_value", "numpy_pick",
        "play_learned_classic", "record_decision", "valued_moves"),
    "learned_kids": (
        "play_learned_kids",),
    "learned_kok2": (
        "best_slots", "decision_counts", "distinct_of", "features_into", "pick_index",
        "play_learned_kok2"),
    "kok2": (
        "_fill_bombs", "_gain_boxes", "_in_bitmask_order", "_kok2_cross", "_kok2_worth",
        "_picks", "_row_key", "_seat_copy", "_special_cost", "bombs_owed_by",
        "kok2_cells_value", "kok2_cross_into", "kok2_play_into", "kok2_score_into",
        "kok2_scratch", "kok2_specials_into"),
    "solo_batch": (
        "_list_legal", "_play_games", "_score_games", "solo_work"),
    "strong_kernels": (
        "_others_best", "_seat_total", "all_but", "crossing_values", "cut_off_shapes",
        "house_sets_of", "near_cells", "play_row", "play_strong_classic", "python_sum",
        "stars_open"),
    "strong_kids": (
        "_enclosures_into", "kids_denial", "play_strong_kids"),
    "strong_kok2": (
        "_crossing", "_total", "cells_value", "kids_total", "kok2_prepare", "kok2_total",
        "play_strong_kok2", "with_bombs"),
    "views": (
        "_completed_rows",),
}
"""The kernels only other kernels call, by module of the engine: numba compiles them
without the CPython wrapper, the code that lets Python call a kernel (it unboxes every
argument, some 40 arrays for the sheet's tables), which a call from compiled code never
runs; with no kernel's C wrapper either (numba's first-class function calls, which the
engine makes none of), a cold compile takes about an eighth less CPU (447 -> 388 s, the
kernel families compiled side by side by tests/warm_parallel.py); nor do they get machine
code of their own (:class:`_LinkedOnly`: 315 -> 288 CPU s, the learned bot's part 101 ->
91). The machine code of every entry kernel is the same. Python calling one of them gets a
KokTypeError (:class:`_InternalKernel`); tests/test_engine_import.py checks that no Python
code of the project names one."""


class _InternalKernel(_OneTypePerArgument):
    """The dispatcher of a kernel of :data:`INTERNAL_KERNELS`: compiled without a CPython
    wrapper, so a call from Python, which would jump to a wrapper that is not there, is
    refused instead; compiled into a :class:`_LinkedOnly` library, and cached as one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        compiler: Any = self._compiler  # type: ignore[attr-defined]  # (numba's, untyped)
        compiler.__class__ = _LinkedOnlyCompiler

    def enable_caching(self) -> None:
        self._cache = _LinkedOnlyCache(self.py_func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise KokTypeError(f"{self.py_func.__module__}.{self.py_func.__name__} is called only "
                        "by other kernels (kernels.INTERNAL_KERNELS): it has no entry from "
                        "Python")


_LINKED_ONLY = "linked-only"
"""The kind of a :class:`_LinkedOnly` library in numba's cache (numba's own are "object"
and "bitcode"; a kind of entry it does not know is a cache miss, never misread)."""


class _LinkedOnly(_JITCodeLibrary):  # type: ignore[misc]
    """The code of a kernel of :data:`INTERNAL_KERNELS`: only ever linked into its callers'
    code, which compiles the whole to machine code. So finishing it links the code of the
    kernels it calls in and optimises the module, as numba does, and stops there: no
    machine code of its own, which numba would make (a fifth of the learned bot's cold
    compile) and nothing ever runs. Its callers link in the same optimised module as
    before, so every entry kernel's machine code is what it was."""

    @property
    def codegen(self) -> Any:
        return _WithoutEnvironment(self._codegen)

    def _finalize_final_module(self) -> None:
        """numba's last step of finishing a library (after linking the kernels it calls
        in and optimising the whole), without the machine code."""
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        self._finalized = True

    def serialize_using_object_code(self) -> tuple[str, str, bytes]:
        """What numba's cache keeps of it: the optimised module, as LLVM bitcode."""
        self._ensure_finalized()
        return (self.name, _LINKED_ONLY, self._final_module.as_bitcode())

    def load(self, bitcode: bytes) -> None:
        """Be the finished library :meth:`serialize_using_object_code` kept."""
        self._final_module = _llvm.parse_bitcode(bitcode)
        self._finalized = True


class _WithoutEnvironment:
    """numba's code generator as a :class:`_LinkedOnly` library shows it: numba writes the
    address of a compiled function's environment (its Python objects, which a kernel
    has none of) into the machine code, which a linked-only library has none of."""

    def __init__(self, codegen: Any) -> None:
        self._codegen = codegen

    def set_env(self, env_name: str, env: Any) -> None:
        """No machine code, no environment to set."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._codegen, name)


class _LinkedOnlyCompiler(_FunctionCompiler):  # type: ignore[misc]
    """numba's compiler of a function, handing the pipeline a :class:`_LinkedOnly`
    library to lower the kernel into (numba's own makes a library that ends in machine
    code)."""

    def _compile_core(self, args: Any, return_type: Any) -> Any:
        flags = _numba_compiler.Flags()
        self.targetdescr.options.parse_as_flags(flags, self.targetoptions)
        flags = self._customize_flags(flags)
        context = self.targetdescr.target_context
        library = _LinkedOnly(context.codegen(), self.py_func.__qualname__)
        library.enable_object_caching()
        result = _numba_compiler.compile_extra(self.targetdescr.typing_context, context,
                                        self._get_implementation(args, {}), args=args,
                                        return_type=return_type, flags=flags,
                                        locals=self.locals, library=library,
                                        pipeline_class=self.pipeline_class)
        if result.typing_error is not None:
            raise result.typing_error
        return result


class _LinkedOnlyCacheImpl(_CompileResultCacheImpl):  # type: ignore[misc]
    """numba's cache of compile results, for :class:`_LinkedOnly` libraries: what
    ``CompileResult._rebuild`` does, with the library made from its bitcode."""

    def rebuild(self, target_context: Any, payload: Any) -> Any:
        (libdata, fndesc, env, signature, objectmode, lifted, typeann, reload_init,
         referenced_envs) = payload
        name, kind, bitcode = libdata
        if kind != _LINKED_ONLY:  # an entry of another kind: compiled again
            return None
        for reload in reload_init or ():
            reload()
        library = _LinkedOnly(target_context.codegen(), name)
        library.load(bitcode)
        return _numba_compiler.CompileResult(
            target_context=target_context, typing_context=target_context.typing_context,
            library=library, environment=env,
            entry_point=target_context.get_executable(library, fndesc, env),
            fndesc=fndesc, type_annotation=typeann, signature=signature,
            objectmode=objectmode, lifted=lifted, typing_error=None, call_helper=None,
            metadata=None, reload_init=reload_init, referenced_envs=referenced_envs)


class _LinkedOnlyCache(_FunctionCache):  # type: ignore[misc]
    _impl_class = _LinkedOnlyCacheImpl


def _compiled(function: Callable[..., Any], **options: Any) -> Callable[..., Any]:
    """``numba.njit(cache=True, **options)(function)`` with :class:`_OneTypePerArgument`
    as its dispatcher (what ``njit`` builds, the dispatcher class aside), without the C
    wrapper nobody calls; a kernel of :data:`INTERNAL_KERNELS` also without the CPython
    wrapper, and compiled into a :class:`_LinkedOnly` library."""
    module = function.__module__.rpartition(".")[2]
    internal = function.__name__ in INTERNAL_KERNELS.get(module, ())
    dispatcher_class = _InternalKernel if internal else _OneTypePerArgument
    dispatcher: Any = dispatcher_class(py_func=function, locals={},
                                       targetoptions={"nopython": True, "boundscheck": None,
                                                      "no_cfunc_wrapper": True,
                                                      "no_cpython_wrapper": internal,
                                                      **options})
    dispatcher.enable_caching()
    compiled: Callable[..., Any] = dispatcher
    return compiled


def kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """``numba.njit(cache=True)``: compiled on first use, then kept in numba's on-disk
    cache (one compiled version per signature of non-literal types:
    :class:`_OneTypePerArgument`). (Typed here for mypy: numba's decorator is untyped.)"""
    return _compiled(function)


def inline_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """:func:`kernel` for a small function called in the hot loops, inlined into its
    callers: a call that passes the sheet's tables (a struct of some 40 arrays) costs more
    than the work of such a function."""
    compiled: Callable[..., Any] = njit(cache=True, inline="always")(function)
    return compiled


def plain_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """:func:`kernel` without numba's reference counts, for a kernel called in the hot
    loops that allocates nothing and returns no array: numba counts a reference to every
    array argument (every array of a struct too) as a call starts and ends, two atomic
    operations each, which costs more than the work of a kernel passed the sheet's tables
    and a workspace. A plain kernel may call other kernels that allocate nothing."""
    return _compiled(function, _nrt=False)  # (a private numba option)


KEY_BITS = 10
KEY_BASE = 1 << KEY_BITS
"""A cell index fits in 10 bits (a sheet has at most 26 x 20 = 520 cells)."""

JOKER_SIX = 6
OPEN_ROLLS = 3
COLOURS_TO_END = 2
SOLO_ROLLS = 30


class State(NamedTuple):
    """The state of every seat of one game, one row per seat (arrays the kernels change
    in place)."""

    crossed: Bools
    """(seats, cells)."""
    counters: Int32s
    """(seats, :data:`COUNTERS`): marks used, passes, boxes gained and used, hearts."""
    column_count: Int32s
    """Crossed cells per column."""
    colour_count: Int32s
    row_count: Int32s
    later_column: Bools
    """Columns completed after another seat had completed them in an earlier roll."""
    later_colour: Bools
    column_heart: Int32s
    """Keer op Keer 2: hearts written under each completed column (-1: not completed)."""
    row_item: Bools
    """Keer op Keer 2: rows whose item this seat received."""


def new_state(seats: int, size: int, width: int, height: int, colours: int,
              boxes_at_start: int = 0) -> State:
    """Empty sheets for ``seats`` seats."""
    counters = np.zeros((seats, COUNTERS), dtype=np.int32)
    counters[:, C_BOXES_GAINED] = boxes_at_start
    return State(
        crossed=np.zeros((seats, size), dtype=np.bool_),
        counters=counters,
        column_count=np.zeros((seats, width), dtype=np.int32),
        colour_count=np.zeros((seats, colours), dtype=np.int32),
        row_count=np.zeros((seats, height), dtype=np.int32),
        later_column=np.zeros((seats, width), dtype=np.bool_),
        later_colour=np.zeros((seats, colours), dtype=np.bool_),
        column_heart=np.full((seats, width), -1, dtype=np.int32),
        row_item=np.zeros((seats, height), dtype=np.bool_),
    )


# == cells and keys ========================================================================
@kernel
def anchor_of(cell_start, neighbours, crossed):  # type: ignore[no-untyped-def]
    """The cells a move may start from (:func:`anchor_into`, in an array of its own)."""
    anchor = np.empty_like(cell_start)
    anchor_into(anchor, cell_start, neighbours, crossed)
    return anchor


@plain_kernel
def anchor_into(anchor, cell_start, neighbours, crossed):  # type: ignore[no-untyped-def]
    """The cells a move may start from, written into ``anchor``: the start column(s) and
    every uncrossed board cell next to a cross. Worked out cell by cell from its
    neighbours (a board cell's neighbours are the cells whose neighbour it is), without a
    branch on what is crossed: that differs from game to game, and a mispredicted branch
    costs more than the work. (It takes arrays, not the tables: a call passes every array
    of a struct, and numba counts their references in a kernel that is not plain.)"""
    for cell in range(crossed.shape[0]):
        touching = 0
        for k in range(neighbours.shape[1]):
            other = neighbours[cell, k]
            if other >= 0:
                touching += crossed[other]
        anchor[cell] = cell_start[cell] | ((touching > 0) & (crossed[cell] == 0))


@kernel
def key_of(cells, count):  # type: ignore[no-untyped-def]
    """The key of ``count`` distinct cells: sorted descending, 10 bits each."""
    ordered = np.sort(cells[:count])[::-1]
    key = np.int64(0)
    for i in range(count):
        key = key * KEY_BASE + ordered[i]
    return key


@kernel
def cells_of_key(key, count, out):  # type: ignore[no-untyped-def]
    """The cells of ``key`` (``count`` of them) into ``out``, ascending."""
    for i in range(count):
        out[i] = key % KEY_BASE
        key //= KEY_BASE


@kernel
def _grown(buffer, used, value):  # type: ignore[no-untyped-def]
    """``buffer`` with room for one more, ``value`` appended at ``used``."""
    if used == buffer.shape[0]:
        bigger = np.empty(max(16, 2 * used), dtype=buffer.dtype)
        bigger[:used] = buffer[:used]
        buffer = bigger
    buffer[used] = value
    return buffer


# == legal sets of cells ===================================================================
@inline_kernel
def group_is_open(tables, crossed, anchor, group):  # type: ignore[no-untyped-def]
    """Whether no cell of ``group`` is crossed and one is in ``anchor``. (Counted without
    a branch per cell: which cells are crossed differs from game to game, and a
    mispredicted branch costs more than the count.)"""
    crossed_cells = anchored = 0
    for k in range(tables.group_size[group]):
        cell = tables.group_cells[group, k]
        crossed_cells += crossed[cell]
        anchored += anchor[cell]
    return crossed_cells == 0 and anchored > 0


@kernel
def _sets_from_keys(keys, count, n):  # type: ignore[no-untyped-def]
    """Sorted distinct keys as a matrix of cells (-1 padded to :data:`MOVE_CELLS`)."""
    unique = np.unique(keys[:count])
    out = np.full((unique.shape[0], MOVE_CELLS), -1, dtype=np.int32)
    for i in range(unique.shape[0]):
        cells_of_key(unique[i], n, out[i])
    return out


@kernel
def six_sets(tables, crossed, anchor, colour):  # type: ignore[no-untyped-def]
    """House rule ``number_joker_six``: the groups of six cells of ``colour`` a move may
    cross, each a group of five grown by a neighbour of its area (as the rules find them)."""
    keys = np.empty(64, dtype=np.int64)
    used = 0
    cells = np.empty(JOKER_SIX, dtype=np.int32)
    for group in range(tables.group_offsets[colour, 4], tables.group_offsets[colour, 5]):
        free = True
        for k in range(5):
            if crossed[tables.group_cells[group, k]]:
                free = False
        if not free:
            continue
        area = tables.group_area[group]
        for k in range(5):
            cells[k] = tables.group_cells[group, k]
        for k in range(5):
            for j in range(tables.neighbours.shape[1]):
                other = tables.neighbours[tables.group_cells[group, k], j]
                if other < 0 or tables.cell_area[other] != area or crossed[other]:
                    continue
                inside = False
                for i in range(5):
                    if cells[i] == other:
                        inside = True
                if inside:
                    continue
                cells[5] = other
                reaches = False
                for i in range(JOKER_SIX):
                    if anchor[cells[i]]:
                        reaches = True
                if reaches:
                    keys = _grown(keys, used, key_of(cells, JOKER_SIX))
                    used += 1
    return _sets_from_keys(keys, used, JOKER_SIX)


@kernel
def loose_sets(tables, crossed, anchor, colour, n):  # type: ignore[no-untyped-def]
    """Option ``connect_through_crossed``: the sets of ``n`` uncrossed cells of one area of
    ``colour`` that link up through crossed cells of that area, one in ``anchor``."""
    size = tables.width * tables.height
    stamp = np.zeros(size, dtype=np.int64)
    in_subset = np.zeros(size, dtype=np.int64)
    turn = np.int64(0)
    stack = np.empty(size, dtype=np.int32)
    cells = np.empty(MOVE_CELLS, dtype=np.int32)
    found = np.empty(64, dtype=np.int64)
    found_used = 0
    for area in range(tables.area_size.shape[0]):
        if tables.area_colour[area] != colour:
            continue
        layer = np.empty(tables.area_size[area], dtype=np.int64)
        layer_used = 0
        for k in range(tables.area_size[area]):
            cell = tables.area_cells[area, k]
            if not crossed[cell]:
                layer[layer_used] = cell
                layer_used += 1
        for step in range(1, n):
            grown = np.empty(64, dtype=np.int64)
            grown_used = 0
            for s in range(layer_used):
                cells_of_key(layer[s], step, cells)
                turn += 1
                # The closure: the subset and the crossed cells of the area linked to it.
                top = 0
                for i in range(step):
                    in_subset[cells[i]] = turn
                    stamp[cells[i]] = turn
                    stack[top] = cells[i]
                    top += 1
                closure_end = top
                head = 0
                while head < closure_end:
                    here = stack[head]
                    head += 1
                    for j in range(tables.neighbours.shape[1]):
                        other = tables.neighbours[here, j]
                        if other >= 0 and stamp[other] != turn and crossed[other] \
                                and tables.cell_area[other] == area:
                            stamp[other] = turn
                            stack[closure_end] = other
                            closure_end += 1
                # Every uncrossed cell of the area next to the closure extends the subset.
                for i in range(closure_end):
                    for j in range(tables.neighbours.shape[1]):
                        other = tables.neighbours[stack[i], j]
                        if other < 0 or crossed[other] or tables.cell_area[other] != area \
                                or in_subset[other] == turn:
                            continue
                        cells[step] = other
                        grown = _grown(grown, grown_used, key_of(cells, step + 1))
                        grown_used += 1
            layer = np.unique(grown[:grown_used])
            layer_used = layer.shape[0]
        for s in range(layer_used):
            cells_of_key(layer[s], n, cells)
            for i in range(n):
                if anchor[cells[i]]:
                    found = _grown(found, found_used, layer[s])
                    found_used += 1
                    break
    return _sets_from_keys(found, found_used, n)


@kernel
def legal_sets(tables, crossed, anchor, colour, n, loose):  # type: ignore[no-untyped-def]
    """Every set of cells a move of ``n`` cells of ``colour`` may cross, in the rules'
    order (by bitmask), as a -1 padded matrix."""
    if loose:
        return loose_sets(tables, crossed, anchor, colour, n)
    if n == JOKER_SIX:
        return six_sets(tables, crossed, anchor, colour)
    start, end = tables.group_offsets[colour, n - 1], tables.group_offsets[colour, n]
    count = 0
    for group in range(start, end):
        if group_is_open(tables, crossed, anchor, group):
            count += 1
    out = np.full((count, MOVE_CELLS), -1, dtype=np.int32)
    row = 0
    for group in range(start, end):
        if group_is_open(tables, crossed, anchor, group):
            for k in range(n):
                out[row, k] = tables.group_cells[group, k]
            row += 1
    return out


@kernel
def legal_moves(tables, crossed, marks_left, colour_face, number_face, loose, six):  # type: ignore[no-untyped-def]
    """Every legal move of a colour face (``tables.colours`` = the X joker) and a number face
    (0 = the ? joker), jokers expanded as the rules expand them: each colour it may stand
    for, then each number, then (house rule ``number_joker_six``) the ? as six; moves
    whose jokers cost more marks than ``marks_left`` are left out."""
    anchor = anchor_of(tables.cell_start, tables.neighbours, crossed)
    colour_joker = colour_face == tables.colours
    number_joker = number_face == 0
    cost = int(colour_joker) + int(number_joker)
    first_colour = 0 if colour_joker else colour_face
    last_colour = tables.colours if colour_joker else colour_face + 1
    first_number = 1 if number_joker else number_face
    last_number = 5 if number_joker else number_face
    total = 0
    found = []
    if cost <= marks_left:
        for colour in range(first_colour, last_colour):
            for n in range(first_number, last_number + 1):
                sets = legal_sets(tables, crossed, anchor, colour, n, loose)
                found.append((colour, n, sets))
                total += sets.shape[0]
        if number_joker and six:
            for colour in range(first_colour, last_colour):
                sets = legal_sets(tables, crossed, anchor, colour, JOKER_SIX, loose)
                found.append((colour, JOKER_SIX, sets))
                total += sets.shape[0]
    out = np.full((total, MOVE_WIDTH), -1, dtype=np.int32)
    row = 0
    for colour, n, sets in found:
        for i in range(sets.shape[0]):
            out[row, M_COLOUR] = colour
            out[row, M_NUMBER] = n
            out[row, M_COLOUR_JOKER] = int(colour_joker)
            out[row, M_NUMBER_JOKER] = int(number_joker)
            out[row, M_CELLS:] = sets[i]
            row += 1
    return out


# == playing a move ========================================================================
@plain_kernel
def group_done(count, size, seat, group):  # type: ignore[no-untyped-def]
    """Whether ``seat`` has crossed every board cell of ``group`` (a column, colour or
    row: ``count`` its crossed cells per seat and group, ``size`` its board cells; a
    column of holes is never done)."""
    return size[group] > 0 and count[seat, group] == size[group]


@kernel
def cross_cells(tables, state, seat, cells, taken_columns, taken_colours):  # type: ignore[no-untyped-def]
    """Cross ``cells`` (-1 padded) on ``seat``'s sheet; what they complete that another seat
    completed in an earlier roll (``taken_*``) scores its later value. Returns the columns
    and colours they completed (boolean arrays)."""
    new_columns = np.zeros(tables.width, dtype=np.bool_)
    new_colours = np.zeros(tables.colours, dtype=np.bool_)
    cross_cells_into(new_columns, new_colours, tables, state, seat, cells, taken_columns,
                     taken_colours)
    return new_columns, new_colours


@plain_kernel
def cross_cells_into(new_columns, new_colours, tables, state, seat, cells, taken_columns,  # type: ignore[no-untyped-def]
                     taken_colours):
    """:func:`cross_cells`, the columns and colours completed set in ``new_columns`` and
    ``new_colours`` (:func:`cross_into`)."""
    cross_into(new_columns, new_colours, cells, tables.cell_column, tables.cell_colour,
               tables.cell_row, tables.column_size, tables.colour_size, state.crossed[seat],
               state.column_count[seat], state.colour_count[seat], state.row_count[seat],
               state.later_column[seat], state.later_colour[seat], taken_columns,
               taken_colours)


@kernel
def cross_on_arrays(cells, cell_column, cell_colour, cell_row, column_size, colour_size,  # type: ignore[no-untyped-def]
                    crossed, column_count, colour_count, row_count, later_column,
                    later_colour, taken_columns, taken_colours):
    """:func:`cross_cells` on one seat's rows (:func:`cross_into`, in arrays of its own).
    (Kernels called in the game loops take arrays, not the tables or the state: numba
    counts the references of every array of a struct passed to a call, which costs more
    than the work of a small kernel.)"""
    new_columns = np.zeros(column_size.shape[0], dtype=np.bool_)
    new_colours = np.zeros(colour_size.shape[0], dtype=np.bool_)
    cross_into(new_columns, new_colours, cells, cell_column, cell_colour, cell_row,
               column_size, colour_size, crossed, column_count, colour_count, row_count,
               later_column, later_colour, taken_columns, taken_colours)
    return new_columns, new_colours


@plain_kernel
def cross_into(new_columns, new_colours, cells, cell_column, cell_colour, cell_row,  # type: ignore[no-untyped-def]
               column_size, colour_size, crossed, column_count, colour_count, row_count,
               later_column, later_colour, taken_columns, taken_colours):
    """Cross ``cells`` (-1 padded; crossed ones are left as they are) on one seat's rows:
    a column or colour they complete that another seat completed in an earlier roll
    (``taken_*``) scores its later value. Sets the columns and colours they complete in
    ``new_columns`` and ``new_colours`` (and clears nothing there)."""
    for k in range(cells.shape[0]):
        cell = cells[k]
        if cell < 0 or crossed[cell]:
            continue
        crossed[cell] = True
        column, colour = cell_column[cell], cell_colour[cell]
        column_count[column] += 1
        colour_count[colour] += 1
        row_count[cell_row[cell]] += 1
        if column_count[column] == column_size[column]:
            new_columns[column] = True
            if taken_columns[column]:
                later_column[column] = True
        if colour_count[colour] == colour_size[colour]:
            new_colours[colour] = True
            if taken_colours[colour]:
                later_colour[colour] = True


@kernel
def taken_by_any(count, size):  # type: ignore[no-untyped-def]
    """The groups (columns or colours) some seat has completed: ``count`` crossed cells
    per seat and group, ``size`` board cells per group."""
    taken = np.zeros(size.shape[0], dtype=np.bool_)
    taken_into(taken, count, size)
    return taken


@plain_kernel
def taken_into(taken, count, size):  # type: ignore[no-untyped-def]
    """:func:`taken_by_any` into ``taken`` (for the game loops: no allocation per roll)."""
    for group in range(size.shape[0]):
        taken[group] = False
        for seat in range(count.shape[0]):
            if group_done(count, size, seat, group):
                taken[group] = True
                break


@plain_kernel
def most_completed(count, size):  # type: ignore[no-untyped-def]
    """The most groups (colours) any one seat has completed."""
    most = 0
    for seat in range(count.shape[0]):
        most = max(most, groups_done(count, size, seat))
    return most


@plain_kernel
def roll_ends(colour_count, colour_size, end_triggered, at_once, last_seat, rolls, limit):  # type: ignore[no-untyped-def]
    """The end of a roll in every compiled game loop: whether a seat has now completed a
    second colour (Kids: animal), which ends the game at once (``at_once``: solo, the
    house rule that ends it after the roll, Kids) or once the round is over (``last_seat``:
    the active seat was the round's last), and whether the roll ``limit`` is reached (-1:
    none). Returns (end triggered, game over)."""
    if most_completed(colour_count, colour_size) >= COLOURS_TO_END:
        end_triggered = True
    over = end_triggered and (at_once or last_seat)
    return end_triggered, over or (limit >= 0 and rolls >= limit)


@plain_kernel
def groups_done(count, size, seat):  # type: ignore[no-untyped-def]
    """How many groups (colours) ``seat`` has completed."""
    done = 0
    for group in range(size.shape[0]):
        if group_done(count, size, seat, group):
            done += 1
    return done


@kernel
def play_move(tables, state, seat, move, taken_columns, taken_colours):  # type: ignore[no-untyped-def]
    """Play a move row (see :func:`legal_moves`): its cells and the marks its jokers cost.
    Returns the columns and colours it completed (boolean arrays)."""
    new_columns = np.zeros(tables.width, dtype=np.bool_)
    new_colours = np.zeros(tables.colours, dtype=np.bool_)
    play_move_into(new_columns, new_colours, tables, state, seat, move, taken_columns,
                   taken_colours)
    return new_columns, new_colours


@plain_kernel
def play_move_into(new_columns, new_colours, tables, state, seat, move, taken_columns,  # type: ignore[no-untyped-def]
                   taken_colours):
    """:func:`play_move`, the columns and colours completed set in ``new_columns`` and
    ``new_colours``."""
    state.counters[seat, C_MARKS_USED] += move[M_COLOUR_JOKER] + move[M_NUMBER_JOKER]
    cross_cells_into(new_columns, new_colours, tables, state, seat, move[M_CELLS:],
                     taken_columns, taken_colours)


@kernel
def completed_columns(tables, state, seat):  # type: ignore[no-untyped-def]
    """The columns all of whose board cells ``seat`` has crossed."""
    done = np.zeros(tables.width, dtype=np.bool_)
    for column in range(tables.width):
        done[column] = group_done(state.column_count, tables.column_size, seat, column)
    return done


@kernel
def completed_colours(tables, state, seat):  # type: ignore[no-untyped-def]
    done = np.zeros(tables.colours, dtype=np.bool_)
    for colour in range(tables.colours):
        done[colour] = group_done(state.colour_count, tables.colour_size, seat, colour)
    return done


@plain_kernel
def colours_done(tables, state, seat):  # type: ignore[no-untyped-def]
    """How many colours (Kids: animals) ``seat`` has completed."""
    return groups_done(state.colour_count, tables.colour_size, seat)


@kernel
def game_ends(tables, state):  # type: ignore[no-untyped-def]
    """Whether a seat has completed enough colours to end the game (two)."""
    return most_completed(state.colour_count, tables.colour_size) >= COLOURS_TO_END


@kernel
def classic_score(tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """The classic score lines of ``seat`` (:data:`SCORE_LINES`): each completed column
    and colour its first or later value, +mark points per unused mark, -``star_penalty``
    per uncrossed star, -``pass_penalty`` per passed roll."""
    lines = np.zeros(SCORE_LINES, dtype=np.int32)
    classic_score_into(lines, tables, state, seat, star_penalty, pass_penalty)
    return lines


@plain_kernel
def classic_score_into(lines, tables, state, seat, star_penalty, pass_penalty):  # type: ignore[no-untyped-def]
    """:func:`classic_score` written into ``lines`` (for a kernel that allocates nothing)."""
    lines[:] = 0
    for column in range(tables.width):
        if group_done(state.column_count, tables.column_size, seat, column):
            lines[S_COLUMNS] += (tables.column_later[column] if state.later_column[seat, column]
                                 else tables.column_first[column])
    for colour in range(tables.colours):
        if group_done(state.colour_count, tables.colour_size, seat, colour):
            lines[S_COLOURS] += (tables.colour_later[colour] if state.later_colour[seat, colour]
                                 else tables.colour_first[colour])
    marks_left = tables.exclamation_marks - state.counters[seat, C_MARKS_USED]
    lines[S_JOKERS] = marks_left * tables.mark_points
    stars_left = 0
    for cell in range(tables.width * tables.height):
        if tables.cell_star[cell] and not state.crossed[seat, cell]:
            stars_left += 1
    lines[S_STARS] = -stars_left * star_penalty
    lines[S_PASSES] = -state.counters[seat, C_PASSES] * pass_penalty


@kernel
def reset(state, boxes_at_start):  # type: ignore[no-untyped-def]
    """Every seat's sheet empty again, for the next game."""
    state.crossed[:] = False
    state.counters[:] = 0
    state.counters[:, C_BOXES_GAINED] = boxes_at_start
    state.column_count[:] = 0
    state.colour_count[:] = 0
    state.row_count[:] = 0
    state.later_column[:] = False
    state.later_colour[:] = False
    state.column_heart[:] = -1
    state.row_item[:] = False
