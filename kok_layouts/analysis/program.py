"""A small builder for the integer programs of the solvability search (HiGHS via scipy)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.sparse import coo_matrix

from kok_layouts.analysis.native_output import stdout_to_stderr


@dataclass(frozen=True)
class Optimum:
    """What a solve proved: the optimum lies in ``low..high``; equal when it is exact."""

    low: int
    high: int | None
    """The best whole-number plan found, ``None`` if none was found in time."""

    @property
    def exact(self) -> bool:
        return self.high is not None and self.low >= self.high


class Program:
    """Sparse constraint rows ``lo <= sum(value * x[column]) <= hi``, then one solve."""

    def __init__(self) -> None:
        self._rows: list[int] = []
        self._cols: list[int] = []
        self._vals: list[float] = []
        self._lower: list[float] = []
        self._upper: list[float] = []

    def add(self, entries: list[tuple[int, float]], lo: float, hi: float) -> None:
        row = len(self._lower)
        for col, val in entries:
            self._rows.append(row)
            self._cols.append(col)
            self._vals.append(val)
        self._lower.append(lo)
        self._upper.append(hi)

    def minimise(self, cost: np.ndarray, integral: np.ndarray, upper: np.ndarray,
                 budget: int, seconds: float | None = None) -> Optimum | None:
        """The optimum of a whole-number objective of at most ``budget``, or ``None`` if
        infeasible. A relative gap below 1 / budget already proves the plan found optimal,
        so HiGHS may stop there. With ``seconds``, HiGHS stops at that time limit and the
        answer is the proven range (its lower end is still a true lower bound)."""
        # scipy.optimize takes a fifth of a second to import: only a search that needs a
        # program pays for it.
        from scipy.optimize import Bounds, LinearConstraint, milp

        n = len(cost)
        matrix = coo_matrix((self._vals, (self._rows, self._cols)),
                            shape=(len(self._lower), n)).tocsr()
        options: dict[str, float] = {"mip_rel_gap": 0.99 / max(1, budget)}
        if seconds is not None:
            options["time_limit"] = max(0.05, seconds)
        with stdout_to_stderr():  # HiGHS prints some diagnostics natively to stdout
            result = milp(cost, constraints=LinearConstraint(matrix, self._lower, self._upper),
                          integrality=integral, bounds=Bounds(np.zeros(n), upper),
                          options=options)
        if result.status == 0 and result.x is not None:
            value = round(float(result.fun))
            if not integral.any():  # a relaxation: its optimum only bounds from below
                return Optimum(math.ceil(float(result.fun) - 1e-6), None)
            return Optimum(value, value)
        if result.status == 1:  # time limit: keep what was proven
            dual = getattr(result, "mip_dual_bound", None)
            low = 0 if dual is None or not math.isfinite(dual) else math.ceil(dual - 1e-6)
            high = None if result.x is None else round(float(result.fun))
            return Optimum(low, high)
        return None
