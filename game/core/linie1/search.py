"""A complete route (L7) where the shortest walk would run the same way through a square twice.

A route never repeats a node (L6). Most often the first shortest walk through the stops (in any
order, see ``walks.free_walk``) repeats none and is the answer. Otherwise a depth-first search over
real routes tries the ways on from each switch nearest-goal-first, by exact walk distances to the
goal, and returns the first route it completes (or gives up after ``SEARCH_BUDGET`` steps).

That search's first route, when the shortest walk is itself a route, is that walk, so it is only
run when it must be; and it only ever drops branches that cannot lead to a route, so it completes
the same route as an unpruned search in the same order would. Proving that no route exists is the
costly case (every simple path must fail): a tip already known to lead nowhere, with the same stops
done and the same nodes still reachable, is not searched a second time.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.linie1.data import Terminal
from game.core.linie1.network import NODE_COUNT, UNREACHABLE, Network
from game.core.linie1.walks import RouteProblem, dest_nodes, free_walk

SEARCH_BUDGET = 200_000


def goal_distances(network: Network, problem: RouteProblem, destination: Terminal) -> list[list[int]]:
    """Exact walk distance to the goal from each (node, stops-visited mask): ``[mask][node]``.

    Walks here may repeat nodes but never pass through the destination before its end. Computed
    backwards, from the full mask down, one breadth-first pass per mask seeded from the masks above.
    """
    key = ("goal", problem.stop_cells, destination.line, destination.index)
    found = network.memo.get(key)
    if found is not None:
        return found
    bits = problem.node_bits
    full = (1 << len(problem.stop_cells)) - 1
    ends = dest_nodes(destination)
    pred = network.predecessors()
    table: list[list[int]] = [[]] * (full + 1)
    for mask in range(full, -1, -1):
        distance = [UNREACHABLE] * NODE_COUNT
        buckets: dict[int, list[int]] = {}
        if mask == full:
            buckets[0] = list(ends)
            for node in ends:
                distance[node] = 0
        else:
            for node, node_bits in bits.items():  # entering a stop not yet in the mask: next mask
                if not node_bits & ~mask:
                    continue
                ahead = table[mask | node_bits][node]
                if ahead >= UNREACHABLE:
                    continue
                for before in pred[node]:
                    if before not in ends and not bits.get(before, 0) & ~mask and ahead + 1 < distance[before]:
                        distance[before] = ahead + 1
                        buckets.setdefault(ahead + 1, []).append(before)
        level = min(buckets, default=0)
        top = max(buckets, default=-1)
        while level <= top:
            for node in buckets.pop(level, ()):
                if distance[node] != level:
                    continue
                for before in pred[node]:
                    if level + 1 < distance[before] and before not in ends and not bits.get(before, 0) & ~mask:
                        distance[before] = level + 1
                        buckets.setdefault(level + 1, []).append(before)
                        top = max(top, level + 1)
            level += 1
        table[mask] = distance
    network.memo[key] = table
    return table


def _chains(network: Network, problem: RouteProblem, node: int, mask: int, visited: set[int],
            ends: frozenset[int]) -> list[tuple[list[int], int]]:
    """Each way on from ``node``: the run of nodes up to the next switch, stop or terminal.

    Along plain track every node has one successor, so following it needs no choice; searching
    only at switches keeps the depth-first search small.
    """
    bits = problem.node_bits
    succ = network.succ
    runs = []
    for nxt in succ[node]:
        chain = [nxt]
        seen = {nxt}
        run_mask = mask | bits.get(nxt, 0)
        alive = nxt not in visited
        current = nxt
        while alive and current not in ends and current not in bits:
            onward = succ[current]
            if len(onward) != 1:
                break
            current = onward[0]
            if current in visited or current in seen:
                alive = False
                break
            chain.append(current)
            seen.add(current)
            run_mask |= bits.get(current, 0)
        if alive:
            runs.append((chain, run_mask))
    return runs


def _region(network: Network, node: int, visited: set[int], ends: frozenset[int]) -> frozenset[int]:
    """Every node still reachable from ``node`` without reusing one (a walk ends at the destination,
    so nothing is followed beyond it): all that the rest of a route can use."""
    succ = network.succ
    stack = [node]
    closed = visited | {node}  # one membership test per step: the visited nodes count as seen
    pop, push, close = stack.pop, stack.append, closed.add
    while stack:
        current = pop()
        if current in ends:
            continue
        for nxt in succ[current]:
            if nxt not in closed:
                close(nxt)
                push(nxt)
    return frozenset(closed - visited)


def _still_possible(problem: RouteProblem, mask: int, region: frozenset[int], ends: frozenset[int]) -> bool:
    """Are the missing stops and the destination still within reach?"""
    if ends.isdisjoint(region):
        return False
    missing = ((1 << len(problem.stop_cells)) - 1) & ~mask
    if not missing:
        return True
    bits = problem.node_bits
    for node in region:
        missing &= ~bits.get(node, 0)
        if not missing:
            return True
    return False


def search_route(network: Network, problem: RouteProblem, start_node: int, blocked: int,
                 destination: Terminal, budget: int = SEARCH_BUDGET) -> list[int] | None:
    """A route (no repeated node) from ``start_node``, found depth-first nearest-goal-first.

    Following exact distances-to-goal makes the first walk tried a shortest one; the visited set
    forces a detour only where that walk would repeat a node. The search steps from switch to
    switch (see ``_chains``) and is iterative, so long routes cannot exhaust the recursion limit.
    """
    distance = goal_distances(network, problem, destination)
    bits = problem.node_bits
    first = (start_node, bits.get(start_node, 0))
    if distance[first[1]][start_node] >= UNREACHABLE:
        return None
    ends = dest_nodes(destination)
    visited = {start_node, blocked}
    path: list[int] = [start_node]
    tips: list[tuple[int, int]] = [first]  # (node, mask) at the end of each chain on the path
    lengths: list[int] = []  # how many nodes each chain on the path added

    def options(node: int, mask: int) -> list[tuple[list[int], int]]:
        found = []
        for chain, run_mask in _chains(network, problem, node, mask, visited, ends):
            ahead = distance[run_mask][chain[-1]]
            if ahead < UNREACHABLE:
                found.append((ahead + len(chain), len(found), chain, run_mask))
        found.sort(reverse=True)  # popped from the end: nearest first
        return [(chain, run_mask) for _d, _i, chain, run_mask in found]

    # Where the search stood at a tip (node, stops done, the nodes still reachable) decides all that
    # can follow, whatever path led there: a tip known to lead nowhere is not searched again.
    dead: set[tuple[int, int, frozenset[int]]] = set()
    keys: list[tuple[int, int, frozenset[int]] | None] = [None]
    pending = [options(*first)]
    expansions = 0
    while pending:
        node, mask = tips[-1]
        if node in ends and distance[mask][node] == 0:
            return list(path)
        choices = pending[-1]
        if not choices or node in ends or expansions > budget:
            pending.pop()
            tips.pop()
            key = keys.pop()
            if key is not None and expansions <= budget:
                dead.add(key)  # every way on from here was tried
            if lengths:
                for _ in range(lengths.pop()):
                    visited.discard(path.pop())
            if expansions > budget:
                return None
            continue
        chain, run_mask = choices.pop()
        expansions += 1
        visited.update(chain)
        path.extend(chain)
        lengths.append(len(chain))
        tip = chain[-1]
        tips.append((tip, run_mask))
        if tip in ends:
            keys.append(None)
            pending.append([])
            continue
        region = _region(network, tip, visited, ends)
        key = (tip, run_mask, region)
        viable = key not in dead and _still_possible(problem, run_mask, region, ends)
        keys.append(key if viable else None)
        pending.append(options(tip, run_mask) if viable else [])
    return None


def is_route(walk: Sequence[int], blocked: int) -> bool:
    return len(set(walk)) == len(walk) and blocked not in walk


def route_walk(network: Network, problem: RouteProblem, start_node: int, blocked: int,
               destination: Terminal) -> list[int] | None:
    """What ``search_route`` answers, searching only when the first shortest walk is no route."""
    walk = free_walk(network, problem, start_node, destination)
    if walk is None:
        return None
    if is_route(walk, blocked):
        return walk
    return search_route(network, problem, start_node, blocked, destination)
