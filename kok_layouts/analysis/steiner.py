"""The cheapest connected set of weighted nodes that meets every group: a node-weighted
group Steiner tree, solved exactly by the Dreyfus-Wagner dynamic programme.

The fewest-moves search uses it on the graph of area options (see
:mod:`kok_layouts.analysis.area_options`): a node is an option, its weight the moves it
takes, two nodes are joined when their cells touch or overlap, and each group lists the
options that can complete one target area, or that touch the start. The work grows as
``3 ** groups``, so groups that must both be chosen and touch each other are merged first.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path

MAX_GROUPS = 14
"""Above this many groups (after merging) the programme would be too slow: callers fall back."""
MAX_WORK = 2e8
"""Above this many steps (``3 ** groups * nodes + 2 ** groups * nodes ** 2``) callers fall
back too."""
MERGE_NODES = 300
"""Graphs up to this size are merged per call; larger ones reuse one table of path costs."""


def _merge(weights: list[int], adjacency: list[set[int]], groups: list[list[int]]
           ) -> tuple[list[int], list[set[int]], list[list[int]], list[list[int]]]:
    """Merge the single-node groups that touch each other (both are chosen in any answer,
    and then they are connected), and drop groups that a single-node group already meets.
    Also returns, for every new node, the old nodes it stands for."""
    parent = list(range(len(weights)))

    def find(node: int) -> int:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    forced = {g[0] for g in groups if len(g) == 1}
    for node in forced:
        for other in adjacency[node]:
            if other in forced and find(other) != find(node):
                parent[find(other)] = find(node)
    roots = sorted({find(v) for v in range(len(weights))})
    index = {r: i for i, r in enumerate(roots)}
    new_weights = [0] * len(roots)
    members: list[list[int]] = [[] for _ in roots]
    for v, w in enumerate(weights):
        new_weights[index[find(v)]] += w
        members[index[find(v)]].append(v)
    new_adjacency: list[set[int]] = [set() for _ in roots]
    for v, near in enumerate(adjacency):
        a = index[find(v)]
        for u in near:
            b = index[find(u)]
            if a != b:
                new_adjacency[a].add(b)
    chosen = {index[find(v)] for v in forced}
    new_groups: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for group in groups:
        mapped = tuple(sorted({index[find(v)] for v in group}))
        if len(group) > 1 and chosen & set(mapped):
            continue
        if mapped not in seen:
            seen.add(mapped)
            new_groups.append(list(mapped))
    return new_weights, new_adjacency, new_groups, members


def path_costs(weights: np.ndarray, adjacency: list[set[int]]) -> tuple[np.ndarray, np.ndarray]:
    """``cost[u, v]``: the lightest path from ``u`` to ``v``, both ends' weights included;
    and ``before[u, v]``: the node before ``v`` on that path (Dijkstra, in scipy)."""
    n = len(weights)
    sources = [u for u, near in enumerate(adjacency) for _ in near]
    targets = [v for near in adjacency for v in near]
    # entering a node costs its weight; a tiny extra keeps weightless steps as edges
    lengths = [float(weights[v]) + 1e-9 for v in targets]
    graph = csr_matrix((lengths, (sources, targets)), shape=(n, n))
    cost, before = shortest_path(graph, method="D", directed=True, return_predecessors=True)
    cost = np.round(cost, 6)
    return cost + weights[:, None], before


def _path(before: np.ndarray, u: int, v: int) -> list[int]:
    nodes = [v]
    while v != u:
        v = int(before[u, v])
        nodes.append(v)
    return nodes


def steiner_tree(weights: list[int], adjacency: list[set[int]], groups: list[list[int]],
                 paths: tuple[np.ndarray, np.ndarray] | None = None
                 ) -> tuple[int, list[int]] | None:
    """The least total weight of a connected node set that meets every group, and one such
    set; ``None`` if none exists; ``(-1, [])`` if there are too many groups to solve this
    way. ``paths``: the graph's :func:`path_costs`, when the caller keeps them."""
    if not groups:
        return 0, []
    if any(not g for g in groups):
        return None
    members = [[v] for v in range(len(weights))]
    if paths is None or len(weights) <= MERGE_NODES:
        weights, adjacency, groups, members = _merge(weights, adjacency, groups)
        paths = None
    k = len(groups)
    n = len(weights)
    if k > MAX_GROUPS or 3.0 ** k * n + 2.0 ** k * n * n > MAX_WORK:
        return -1, []
    w = np.array(weights, dtype=float)
    cost, before = path_costs(w, adjacency) if paths is None else paths
    n = len(w)
    full = (1 << k) - 1
    best = np.full((full + 1, n), np.inf)
    split = np.zeros((full + 1, n), dtype=np.int64)   # 0: grown from a single group
    came = np.tile(np.arange(n), (full + 1, 1))       # the node the path to v starts at
    for t, group in enumerate(groups):
        rows = cost[group]
        best[1 << t] = rows.min(axis=0)
        came[1 << t] = np.asarray(group)[rows.argmin(axis=0)]
    grow = cost - w[:, None]
    columns = np.arange(n)
    for subset in range(1, full + 1):
        if subset & (subset - 1):
            low = subset & -subset
            rest = subset ^ low
            parts = []
            part = rest
            while True:  # every split that keeps the lowest group on one side, once each
                if part != rest:
                    parts.append(part | low)
                if part == 0:
                    break
                part = (part - 1) & rest
            parts_array = np.array(parts, dtype=np.int64)
            sums = best[parts_array] + best[subset ^ parts_array]
            pick = sums.argmin(axis=0)
            row = sums[pick, columns] - w
            split[subset] = parts_array[pick]
            total = row[:, None] + grow
            source = total.argmin(axis=0)
            best[subset] = total[source, columns]
            came[subset] = source
    end = int(best[full].argmin())
    answer = float(best[full, end])
    if not np.isfinite(answer):
        return None
    chosen: set[int] = set()
    stack = [(full, end)]
    while stack:
        subset, v = stack.pop()
        u = int(came[subset, v])
        chosen.update(_path(before, u, v))
        if subset & (subset - 1):
            part = int(split[subset, u])
            stack += [(part, u), (subset ^ part, u)]
    nodes = sorted({old for v in chosen for old in members[v]})
    return round(answer), nodes


def steiner_weight(weights: list[int], adjacency: list[set[int]],
                   groups: list[list[int]]) -> int | None:
    """The least total weight of a connected node set that meets every group (``None`` if
    none does, ``-1`` if there are too many groups)."""
    found = steiner_tree(weights, adjacency, groups)
    return None if found is None else found[0]
