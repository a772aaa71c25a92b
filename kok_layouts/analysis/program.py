"""A small builder for the integer programs of the solvability search (HiGHS via scipy)."""

from __future__ import annotations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix


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
                 budget: int) -> int | None:
        """The optimum of a whole-number objective of at most ``budget``, or ``None`` if
        infeasible. A relative gap below 1 / budget already proves the plan found optimal,
        so HiGHS may stop there."""
        n = len(cost)
        matrix = coo_matrix((self._vals, (self._rows, self._cols)),
                            shape=(len(self._lower), n)).tocsr()
        result = milp(cost, constraints=LinearConstraint(matrix, self._lower, self._upper),
                      integrality=integral, bounds=Bounds(np.zeros(n), upper),
                      options={"mip_rel_gap": 0.99 / max(1, budget)})
        if result.status != 0 or result.x is None:
            return None
        return round(float(result.fun))
