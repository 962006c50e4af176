#!/usr/bin/env python3
"""The figures of river rate recomputed from the state graph river graph
draws (its DOT), by other means than the library's: exact fractions for
the random player, whole-number path counts for the plans and the
bottlenecks, a plain reverse walk for the dead ends.

    rate.py GRAPH.dot RATE.json [TIME_LIMIT]

prints each figure that differs, and exits 1 if any does.  TIME_LIMIT
is given for a puzzle of the least time within a limit, whose states
hold no clock: the player's walk then keeps the time so far.
"""
import json
import re
import sys
from collections import deque
from fractions import Fraction

NODE = re.compile(r'^\t(s\d+) \[label="(.*?)"(.*)\];$')
EDGE = re.compile(r'^\t(s\d+) -> (s\d+) \[x?label="(.*?)"(.*)\];$')


def read_dot(path):
    nodes, start, goals, arcs = [], None, set(), []
    for line in open(path, encoding="utf-8"):
        m = EDGE.match(line)
        if m:
            a, b, label, rest = m.groups()
            t = re.search(r"\((\d+)\)$", label)
            cost = int(t.group(1)) if t else 1
            optimal = 'class="optimal"' in rest
            arcs.append((a, b, cost, optimal))
            if "dir=both" in rest:
                arcs.append((b, a, cost, False))
            continue
        m = NODE.match(line)
        if m:
            name, _, rest = m.groups()
            nodes.append(name)
            cls = re.search(r'class="([^"]*)"', rest)
            words = cls.group(1).split() if cls else []
            if "start" in words:
                start = name
            if "goal" in words:
                goals.add(name)
    return nodes, start, goals, arcs


def main():
    dot, rating = sys.argv[1], json.load(open(sys.argv[2], encoding="utf-8"))
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
    nodes, start, goals, arcs = read_dot(dot)
    out = {u: [] for u in nodes}
    back = {u: [] for u in nodes}
    for a, b, cost, optimal in arcs:
        out[a].append((b, cost, optimal))
        back[b].append(a)
    got = {}

    # Dead ends: no way to any goal.
    alive, todo = set(goals), deque(goals)
    while todo:
        v = todo.popleft()
        for u in back[v]:
            if u not in alive:
                alive.add(u)
                todo.append(u)
    got["states"] = len(nodes)
    got["dead_ends"] = len(nodes) - len(alive)
    got["first_moves"] = len(out[start])
    got["first_moves_on"] = sum(1 for v, _, _ in out[start] if v in alive)
    got["first_moves_optimal"] = sum(1 for _, _, o in out[start] if o)

    # The fewest crossings to a goal, a plan ending at the first.
    hops, todo = {start: 0}, deque([start])
    while todo:
        u = todo.popleft()
        if u in goals:
            continue
        for v, _, _ in out[u]:
            if v not in hops:
                hops[v] = hops[u] + 1
                todo.append(v)
    reached = [hops[g] for g in goals if g in hops]
    horizon = 2 * min(reached) if reached else 0

    if rating["solved"]:
        # Optimal plans along the optimal crossings, and the states
        # that all of them pass.
        order, seen = [], set()

        def visit(u):  # a depth-first topological order of the DAG
            stack = [(u, iter(out[u]))]
            seen.add(u)
            while stack:
                x, it = stack[-1]
                for v, _, o in it:
                    if o and v not in seen:
                        seen.add(v)
                        stack.append((v, iter(out[v])))
                        break
                else:
                    order.append(x)
                    stack.pop()
        visit(start)
        order.reverse()
        fwd = {u: 0 for u in order}
        fwd[start] = 1
        for u in order:
            for v, _, o in out[u]:
                if o:
                    fwd[v] += fwd[u]
        bwd = {}
        for u in reversed(order):
            if u in goals:
                bwd[u] = 1
            else:
                bwd[u] = sum(bwd[v] for v, _, o in out[u] if o)
        total = sum(fwd[g] for g in goals if g in fwd)
        got["plans"] = total
        got["bottlenecks"] = sum(
            1 for u in order
            if u != start and u not in goals and fwd[u] * bwd[u] == total)

    # The random player, as exact fractions.
    mass = {(start, 0): Fraction(1)}
    won = Fraction(0)
    for step in range(horizon + 1):
        nxt = {}
        for (u, t), p in mass.items():
            if u in goals:
                won += p
                continue
            if step == horizon or not out[u]:
                continue
            share = p / len(out[u])
            for v, cost, _ in out[u]:
                tv = t + cost if limit is not None else 0
                if limit is not None and tv > limit:
                    continue
                nxt[(v, tv)] = nxt.get((v, tv), 0) + share
        mass = nxt
    got["random_horizon"] = horizon

    failed = False
    for key, want in got.items():
        if rating.get(key) != want:
            print("%s: river rate says %r, the graph %r"
                  % (key, rating.get(key), want))
            failed = True
    if abs(rating["random_success"] - float(won)) > 1e-9:
        print("random_success: river rate says %r, the graph %r"
              % (rating["random_success"], float(won)))
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
