"""The cheapest connected set of weighted nodes that meets every group: a node-weighted
group Steiner tree, solved exactly by the Dreyfus-Wagner dynamic programme.

The fewest-moves search uses it on the graph of area options (see
:mod:`kok_layouts.analysis.area_options`): a node is an option, its weight the moves it
takes, two nodes are joined when their cells touch or overlap, and each group lists the
options that can complete one target area, or that touch the start. The work grows as
``3 ** groups``, so groups that must both be chosen and touch each other are merged first.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

MAX_GROUPS = 14
"""Above this many groups (after merging) the programme would be too slow: callers fall back."""
MAX_WORK = 5e8
"""Above this many steps (``3 ** groups * nodes + 2 ** groups * nodes ** 2``) callers fall
back too."""
MERGE_NODES = 300
"""Graphs up to this size are merged per call; larger ones use the caller's table of path
costs (:func:`all_paths`) or, without one, are cut down to the nodes that can lie in a
tree within the caller's limit."""


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
    root = [find(v) for v in range(len(weights))]  # the merging is done: roots stay
    roots = sorted(set(root))
    index = {r: i for i, r in enumerate(roots)}
    new_node = [index[r] for r in root]
    new_weights = [0] * len(roots)
    members: list[list[int]] = [[] for _ in roots]
    for v, w in enumerate(weights):
        new_weights[new_node[v]] += w
        members[new_node[v]].append(v)
    new_adjacency: list[set[int]] = [set() for _ in roots]
    for v, near in enumerate(adjacency):
        a = new_node[v]
        joined = new_adjacency[a]
        for u in near:
            b = new_node[u]
            if a != b:
                joined.add(b)
    chosen = {new_node[v] for v in forced}
    new_groups: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for group in groups:
        mapped = tuple(sorted({new_node[v] for v in group}))
        if len(group) > 1 and chosen & set(mapped):
            continue
        if mapped not in seen:
            seen.add(mapped)
            new_groups.append(list(mapped))
    return new_weights, new_adjacency, new_groups, members


def edge_graph(weights: list[int], adjacency: list[set[int]]) -> csr_matrix:
    """The graph as scipy wants it: entering a node costs its weight (plus a hair, so that
    weightless steps stay edges)."""
    n = len(weights)
    sources = [u for u, near in enumerate(adjacency) for _ in near]
    targets = [v for near in adjacency for v in near]
    lengths = [float(weights[v]) + 1e-9 for v in targets]
    return csr_matrix((lengths, (sources, targets)), shape=(n, n))


def _dijkstra(graph: csr_matrix, sources: list[int], *, each: bool
              ) -> tuple[np.ndarray, np.ndarray]:
    found = dijkstra(graph, directed=True, indices=sources, return_predecessors=True,
                     min_only=not each)
    distances, before = found[0], found[1]
    return np.round(distances, 6), before


def hub_graph(weights: list[int], hubs: list[list[int]], edges: list[tuple[int, int]]
              ) -> csr_matrix:
    """A sparse form of a dense graph: nodes ``0..n-1``, then one weightless hub per list
    in ``hubs`` joined to the nodes it lists (nodes that share a hub are neighbours), and
    the direct ``edges``. Path costs between nodes are those of the dense graph."""
    n = len(weights)
    sources: list[int] = []
    targets: list[int] = []
    for h, members in enumerate(hubs):
        for v in members:
            sources += [v, n + h]
            targets += [n + h, v]
    for u, v in edges:
        sources += [u, v]
        targets += [v, u]
    size = n + len(hubs)
    lengths = [float(weights[v]) + 1e-9 if v < n else 1e-9 for v in targets]
    return csr_matrix((lengths, (sources, targets)), shape=(size, size))


def all_paths(graph: csr_matrix, nodes: int) -> tuple[np.ndarray, np.ndarray]:
    """Path lengths and predecessors from each of the first ``nodes`` nodes of a graph."""
    return _dijkstra(graph, list(range(nodes)), each=True)


def steiner_tree(weights: list[int], adjacency: list[set[int]], groups: list[list[int]],
                 graph: csr_matrix | None = None, limit: int | None = None,
                 paths: tuple[np.ndarray, np.ndarray] | None = None, floor: int = 0,
                 spare: np.ndarray | None = None) -> tuple[int, list[int]] | None:
    """The least total weight of a connected node set that meets every group, and one such
    set; ``None`` if none exists; ``(-1, [])`` if there are too many groups to solve this
    way. A big graph should come with its :func:`edge_graph` (kept by the caller) or its
    :func:`all_paths` table, and a ``limit`` that some answer meets: only nodes that can
    lie in a tree within ``limit`` (from the start group to the node and on to another
    group) are then considered. With a table, ``floor`` (a known lower bound) is tried as
    the limit first: it leaves few nodes, and when the answer meets it, that is the answer.
    With a table, ``spare`` marks nodes that some other node dominates (see
    :func:`dominated`): those in no group are left out, which keeps the answer."""
    if not groups:
        return 0, []
    if any(not g for g in groups):
        return None
    if len(groups) > MAX_GROUPS:
        return -1, []
    members = [[v] for v in range(len(weights))]
    if len(weights) > MERGE_NODES and paths is not None and limit is not None:
        widest = _without(_within_table(paths[0], weights, groups, limit), groups, spare)
        for trial in sorted({max(0, min(floor, limit)), limit}):
            nodes = _without(_within_table(paths[0], weights, groups, trial), groups, spare)
            if trial < limit and len(nodes) == len(widest):
                continue  # the floor leaves out nothing: solve once, within the limit
            found = _solve(weights, groups, nodes, paths, None)
            if found is not None and (found[0] < 0 or found[0] <= trial):
                return found
        return _solve(weights, groups, _without(list(range(len(weights))), groups, spare),
                      paths, None)
    if len(weights) > MERGE_NODES and paths is not None:
        return _solve(weights, groups, _without(list(range(len(weights))), groups, spare),
                      paths, None)
    if len(weights) > MERGE_NODES and graph is not None and limit is not None:
        return _solve(weights, groups, _within(graph, weights, groups, limit), None, graph)
    weights, adjacency, groups, members = _merge(weights, adjacency, groups)
    if len(groups) > MAX_GROUPS:
        return -1, []
    found = _solve(weights, groups, list(range(len(weights))), None,
                   edge_graph(weights, adjacency))
    if found is None or found[0] < 0:
        return found
    answer, chosen = found
    return answer, sorted({old for v in chosen for old in members[v]})


def dominated(weights: list[int], adjacency: list[set[int]]) -> np.ndarray:
    """For every node, whether another node dominates it: that node is no heavier and
    touches every node it touches (their closed neighbourhoods nest; of two nodes with the
    same neighbourhood and weight, the later one is dominated). A node in no group that is
    dominated can be left out of the programme: in a tree it can be swapped for a
    dominating node (repeatedly, for one that nothing dominates), which joins all it
    joined, weighs no more, and keeps every group met. Shortest paths keep their costs
    too, so a table of path costs over all nodes stays valid."""
    n = len(weights)
    near = np.zeros((n, n), dtype=np.float32)
    for v, others in enumerate(adjacency):
        near[v, list(others)] = 1.0
    near[np.arange(n), np.arange(n)] = 1.0
    missing = near @ (1.0 - near).T  # [v, u]: neighbours of v that u does not touch
    w = np.asarray(weights)
    covers = (missing < 0.5) & (w[None, :] <= w[:, None])
    np.fill_diagonal(covers, False)
    index = np.arange(n)
    covers &= ~(covers.T & (index[None, :] > index[:, None]))  # ties: the earlier one stays
    return np.asarray(covers.any(axis=1))


def _without(nodes: list[int], groups: list[list[int]], spare: np.ndarray | None
             ) -> list[int]:
    """``nodes`` less the dominated ones (``spare``) that lie in no group."""
    if spare is None:
        return nodes
    needed = {v for g in groups for v in g}
    return [v for v in nodes if v in needed or not spare[v]]


def _solve(weights: list[int], groups: list[list[int]], nodes: list[int],
           paths: tuple[np.ndarray, np.ndarray] | None, graph: csr_matrix | None
           ) -> tuple[int, list[int]] | None:
    """The programme on ``nodes`` only; ``None`` if no tree there meets every group."""
    position = {v: i for i, v in enumerate(nodes)}
    local_groups = [[position[v] for v in g if v in position] for g in groups]
    if any(not g for g in local_groups):
        return None
    k, n = len(groups), len(nodes)
    if 3.0 ** k * n + 2.0 ** k * n * n > MAX_WORK:
        return -1, []
    if paths is not None:  # rows for every node: keep those of ``nodes``
        distances, before = paths[0][nodes], paths[1][nodes]
    else:
        assert graph is not None
        distances, before = _dijkstra(graph, nodes, each=True)
    w = np.array([weights[v] for v in nodes], dtype=float)
    cost = distances[:, nodes] + w[:, None]

    def trace(u: int, v: int) -> list[int]:
        """The nodes of the lightest path from local ``u`` to local ``v`` (any nodes)."""
        first, last = nodes[u], nodes[v]
        path = [last]
        while last != first:
            last = int(before[u, last])
            path.append(last)
        return path

    found = _dynamic_programme(cost, w, local_groups, trace)
    if found is None:
        return None
    answer, chosen = found
    # paths may pass hubs (numbered after the nodes): they are not nodes
    return answer, sorted(v for v in chosen if v < len(weights))


def _within(graph: csr_matrix, weights: list[int], groups: list[list[int]],
            limit: int) -> list[int]:
    """Nodes that a tree of weight ``limit`` at most can hold: rooted at the first group,
    a node of a smallest tree has a path to the root and one to another group's node."""
    w = np.array(weights, dtype=float)
    root, _ = _dijkstra(graph, groups[0], each=False)
    root = root + min(w[g] for g in groups[0])
    onward = np.full(len(weights), np.inf)
    for group in groups[1:]:
        reach, _ = _dijkstra(graph, group, each=False)
        onward = np.minimum(onward, reach + min(w[g] for g in group))
    fits = root + onward - w <= limit + 1e-6
    fits[[v for g in groups if len(g) == 1 for v in g]] = True
    return [int(v) for v in np.flatnonzero(fits)]


def _within_table(distances: np.ndarray, weights: list[int], groups: list[list[int]],
                  limit: int) -> list[int]:
    """:func:`_within`, reading the distances from a table with a row per node."""
    n = len(weights)
    w = np.array(weights, dtype=float)
    table = distances[:, :n]
    root = table[groups[0]].min(axis=0) + min(w[g] for g in groups[0])
    onward = np.full(n, np.inf)
    for group in groups[1:]:
        onward = np.minimum(onward, table[group].min(axis=0) + min(w[g] for g in group))
    fits = root + onward - w <= limit + 1e-6
    fits[[v for g in groups if len(g) == 1 for v in g]] = True
    return [int(v) for v in np.flatnonzero(fits)]


def _dynamic_programme(cost: np.ndarray, w: np.ndarray, groups: list[list[int]],
                       trace: Callable[[int, int], list[int]]
                       ) -> tuple[int, list[int]] | None:
    """Dreyfus-Wagner over the groups, on the path costs ``cost`` (both ends included)."""
    k, n = len(groups), len(w)
    full = (1 << k) - 1
    best = np.full((full + 1, n), np.inf)
    split = np.zeros((full + 1, n), dtype=np.int64)
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
        chosen.update(trace(u, v))
        if subset & (subset - 1):
            part = int(split[subset, u])
            stack += [(part, u), (subset ^ part, u)]
    return round(answer), sorted(chosen)


def steiner_weight(weights: list[int], adjacency: list[set[int]],
                   groups: list[list[int]]) -> int | None:
    """The least total weight of a connected node set that meets every group (``None`` if
    none does, ``-1`` if there are too many groups)."""
    found = steiner_tree(weights, adjacency, groups)
    return None if found is None else found[0]
