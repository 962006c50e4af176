#!/usr/bin/env python3
"""An independent reference for the full language: random small puzzles
written as .puz text, and a plain search written straight from river(5)'s
"Meaning" section, with none of libriver's encoding.

    reference.py SEED DIR   write DIR/SEED.puz and print its expected
                            verdict: "solved COST crossings|time COUNT",
                            "unsolvable", or "unsolvable STATES" with
                            the reachable states, where a state is only
                            where everything is
    reference.py --labels FIRST LAST DIR
                            write DIR/FIRST.puz .. DIR/LAST.puz, the same
                            puzzles with labels that are hard to read back
                            (shared, another item's name, with blanks, a
                            count), and search none of them

Every fourth puzzle (SEED a multiple of 4) has places or boats: more
than two places (islands), or several boats, each with its seats, time
and routes; its verdict is written after "places", without states.
Some of two boats have rowers of their own ("the raft is rowed by", in
place of the rowers line for that boat, the turns of "rows only" the
same in either), the second boat sometimes its own load limit and list
of loads (without seats, it takes as many as there are copies), and
some pairs of places a leg time of their own ("between left bank and
island in time 3"), often with the least time sought.

The search walks states (where each copy is, the boat, the crossing
number, the last load's weight, the time so far), cheapest first, and
counts the cheapest plans; the cost is crossings, or time when the
puzzle minimizes it.  The search of places walks the same states with
each copy's place and each boat's: a crossing is a leg of one boat
between two places its routes join, with a load that boat's seats,
load limit and loads allow and one of its rowers may row, taking the
slowest passenger's time, the boat's or the leg's, whichever is most;
every place keeps the rules of the banks.
"""
import heapq
import itertools
import random
import sys


# Labels a plan's reader could take for something else; "@" stands for
# another item's name.
TRICKY_LABELS = ["🐺", "🐺", "@", "@ x", "2 @", "Brother 1", "Brother 10",
                 "1 s", "-->", "7", "a|b", "🐐×2", "i0", "k1"]


def make_guarded_puzzle(rng, labels=None):
    """A random puzzle of six single items, all rowing, a boat of two or
    three, and three eats, with and without rules with guards of their
    own (one or two each): their items straddle the banks in most states, where the load
    walk's cuts have most to get wrong.  A walk that skipped a group
    whose last item was on the other bank once passed over a rule in
    about one in ten of these, and in one in 1,500 of the others."""
    n_items = 6
    items = [{"name": "i%d" % i, "copies": 1, "rows": True,
              "weight": 1, "time": 1, "alone": False, "every": 0,
              "on": set()} for i in range(n_items)]
    p = {"items": items, "rules": [], "seats": rng.randint(2, 3),
         "load": 0, "margin": None, "loads": None, "boat_time": 0,
         "minimize_time": False, "time_limit": None}
    for _ in range(3):
        p["rules"].append(guarded_rule(rng, items))
    decl = []
    for it in items:
        d = it["name"]
        if labels and labels.random() < 0.8:
            other = labels.choice([o["name"] for o in items if o is not it])
            d += ' "%s"' % labels.choice(TRICKY_LABELS).replace("@", other)
        decl.append(d)
    lines = ['title "Random guards"', "items " + ", ".join(decl),
             "boat seats %d" % p["seats"]]
    lines += [rule["text"] for rule in p["rules"]]
    return "\n".join(lines) + "\n", p


def guarded_rule(rng, items):
    """A random eats, "must not be with" or "must not be without" rule
    on the banks, with one or two guards (as many as there are other
    items)."""
    n_items = len(items)
    names = [it["name"] for it in items]
    kind = rng.choice(["eats", "with", "without"])
    a, b = rng.sample(range(n_items), 2)
    others = [x for x in range(n_items) if x not in (a, b)]
    # (An eats rule without a guard breaks the start.)
    guards = rng.sample(others, min(rng.randint(1, 2), len(others)))
    if kind == "without":
        guards = [b] + guards[:rng.randint(0, 1)]
        rule = {"kind": "without", "a": a, "guards": guards}
        text = "%s must not be without %s" % (
            names[a], " or ".join(names[x] for x in guards))
    else:
        rule = {"kind": "eats", "a": a, "b": b, "guards": guards}
        text = "%s %s %s" % (names[a], "eats" if kind == "eats"
                             else "must not be with", names[b])
        if guards:
            text += " unless " + " or ".join(names[x] for x in guards)
    rule["place"] = " on the banks"
    rule["text"] = text
    return rule


def make_puzzle(rng, labels=None):
    """A random puzzle: its text, and the structure the search reads.
    labels, a second generator, gives the items labels (the puzzle is
    the same but for them).  A third of them are make_guarded_puzzle's."""
    if rng.random() < 1 / 3:
        return make_guarded_puzzle(rng, labels)
    n_items = rng.randint(3, 5)
    items = []
    for i in range(n_items):
        copies = rng.choice([1, 1, 1, 2, 3])
        name = ("k%d" % i) if copies > 1 else ("i%d" % i)
        items.append({"name": name, "copies": copies, "rows": True,
                      "weight": rng.randint(1, 4), "time": rng.randint(1, 5),
                      "alone": False, "every": 0, "on": set()})
    p = {"items": items, "rules": [], "seats": rng.randint(1, 3),
         "load": 0, "margin": None, "loads": None, "boat_time": 0,
         "minimize_time": False, "time_limit": None}
    rowers = [it for it in items if rng.random() < 0.75] or [items[0]]
    for it in items:
        it["rows"] = it in rowers
    for it in rowers:
        r = rng.random()
        if r < 0.15:
            it["alone"] = True
        elif r < 0.3:
            it["every"] = rng.choice([2, 3])
            it["on"] = set(rng.sample(range(1, it["every"] + 1),
                                      rng.randint(1, it["every"] - 1)))
    # Often two individuals alike (weight, time, rowing), so that river
    # merges them unless a rule tells them apart.
    singles = [it for it in items if it["copies"] == 1]
    if len(singles) >= 2 and rng.random() < 0.5:
        a, b = rng.sample(singles, 2)
        for key in ("weight", "time", "rows", "alone", "every"):
            b[key] = a[key]
        b["on"] = set(a["on"])
        rowers = [it for it in items if it["rows"]]
        if not rowers:
            items[0]["rows"] = True
            rowers = [items[0]]
    names = [it["name"] for it in items]
    for _ in range(rng.randint(0, 2)):
        rule = random_rule(rng, items)
        if rule is not None:
            p["rules"].append(rule)
    boat = []
    r = rng.random()
    if r < 0.2:
        p["loads"], text = carries_clause(
            rng, items, [x for x in range(n_items) if items[x]["rows"]])
        boat.append(text)
        p["seats"] = sum(it["copies"] for it in items)
    else:
        boat.append("seats %d" % p["seats"])
    if rng.random() < 0.3:
        p["load"] = rng.randint(4, 9)
        boat.append("load %d" % p["load"])
    if rng.random() < 0.2:
        p["margin"] = rng.randint(1, 4)
        boat.append("margin %d" % p["margin"])
    r = rng.random()
    if r < 0.25:
        p["minimize_time"] = True
    if rng.random() < 0.2:
        p["time_limit"] = rng.randint(8, 30)
    lines = ['title "Random"']
    decl = []
    for it in items:
        d = it["name"] if it["copies"] == 1 else "%d %s" % (it["copies"], it["name"])
        d = "%s (weight %d, time %d)" % (d, it["weight"], it["time"])
        if labels and labels.random() < 0.8:
            other = labels.choice([o["name"] for o in items if o is not it])
            d += ' "%s"' % labels.choice(TRICKY_LABELS).replace("@", other)
        decl.append(d)
    lines.append("items " + ", ".join(decl))
    lines.append("boat " + ", ".join(boat))
    lines.append("rowers " + ", ".join(it["name"] for it in rowers))
    for it in rowers:
        if it["alone"]:
            lines.append("%s rows only alone" % it["name"])
        elif it["every"]:
            lines.append("%s rows only on crossings %s of every %d" % (
                it["name"], ", ".join(str(c) for c in sorted(it["on"])),
                it["every"]))
    for rule in p["rules"]:
        lines.append(rule["text"])
    if p["minimize_time"]:
        lines.append("minimize time")
    if p["time_limit"] is not None:
        lines.append("time limit %d" % p["time_limit"])
    return "\n".join(lines) + "\n", p


def carries_clause(rng, items, rowers):
    """A random list of loads, and its "carries" clause: each of the
    rowers (indices) alone, and one pair of any items."""
    loads = [[x] for x in rowers]
    loads.append(rng.sample(range(len(items)), 2))
    return loads, "carries " + " or ".join(
        " and ".join(items[i]["name"] for i in ld) for ld in loads)


def random_rule(rng, items):
    """A random rule among items, with its text (where it holds: on the
    banks, in the boat or everywhere), or None when the rule drawn
    could never be broken or never kept."""
    n_items = len(items)
    names = [it["name"] for it in items]
    kind = rng.choice(["eats", "outnumber", "without", "alone", "exact",
                       "at_most", "at_least", "sum", "general"])
    place = rng.choice(["", "", " in the boat", " everywhere"])
    a, b = rng.sample(range(n_items), 2)
    rule = {"kind": kind, "place": place or " on the banks"}
    if kind == "eats":
        g = [x for x in range(n_items) if x not in (a, b)]
        rule.update(a=a, b=b, guards=g[:1])
        text = "%s eats %s" % (names[a], names[b])
        if g[:1]:
            text += " unless %s" % names[g[0]]
    elif kind == "outnumber":
        m = rng.randint(0, 1)
        if items[a]["copies"] <= m:
            return None
        rule.update(a=[a], b=[b], m=m)
        text = "%s must not outnumber %s" % (names[a], names[b])
        if m:
            text += " by more than %d" % m
    elif kind == "without":
        rule.update(a=a, guards=[b])
        text = "%s must not be without %s" % (names[a], names[b])
    elif kind == "alone":
        rule.update(a=[a])
        text = "%s must not be alone" % names[a]
    elif kind == "exact":
        rule.update(a=[a, b])
        text = "%s and %s must not be alone together" % (names[a], names[b])
    elif kind in ("at_most", "at_least"):
        n = rng.randint(1, 2)
        if kind == "at_most" and items[a]["copies"] + items[b]["copies"] <= n:
            return None
        rule.update(a=[a, b], n=n)
        text = "at %s %d of %s, %s" % ("most" if kind == "at_most" else "least",
                                      n, names[a], names[b])
        if kind == "at_least":
            place = " in the boat"
            rule["place"] = place
    elif kind == "general":
        cond = general_condition(rng, items, 2)
        if len(condition_items(cond)) == n_items and \
           "'else'" in repr(cond):
            return None  # "nothing else" would leave nothing out
        if comparison_decided(items, cond):
            return None  # river refuses it
        guards = []
        if rng.random() < 0.3:
            guards = [rng.randrange(n_items)]
        rule.update(cond=cond, guards=guards,
                    named=condition_items(cond))
        head = {"": "no bank may hold",
                " in the boat": "the boat must not hold",
                " everywhere": "no bank or boat may hold"}[place]
        text = "%s %s" % (head, condition_text(cond, names, False))
        if guards:
            text += " unless %s" % names[guards[0]]
        # The place is in the rule's head, not after it.
        rule["text"] = text
        return rule
    else:
        c = rng.randint(2, 6)
        total = sum(items[x]["copies"] * items[x]["weight"] for x in (a, b))
        if total <= c:
            return None
        rule.update(a=[a, b], n=c)
        text = "weight of %s, %s must not exceed %d" % (names[a], names[b], c)
    rule["text"] = text + place
    return rule


def general_condition(rng, items, depth):
    """A random condition of a general rule, as a tree: ("cmp", lhs, op,
    rhs) with sides lists of (sign, item, weighted) terms and a number,
    ("and"|"or", a, b), ("not", a), ("else",).  Each comparison can both
    hold and fail, as river refuses one that cannot."""
    n = len(items)
    r = rng.random()
    if depth > 0 and r < 0.3:
        return (rng.choice(["and", "or"]),
                general_condition(rng, items, depth - 1),
                general_condition(rng, items, depth - 1))
    if depth > 0 and r < 0.4:
        return ("not", general_condition(rng, items, depth - 1))
    if r < 0.5:
        return ("else",)
    a, b = rng.sample(range(n), 2)
    if r < 0.7:
        # count or weight of some items against a number in 1..most
        weighted = rng.random() < 0.3
        terms = [(1, a, weighted)] + ([(1, b, weighted)]
                                      if rng.random() < 0.5 else [])
        most = sum(items[x]["copies"] * (items[x]["weight"] if w else 1)
                   for _, x, w in terms)
        op = rng.choice(["=", "!=", "<", "<=", ">", ">="])
        low, high = {"<": (1, most), ">=": (1, most), "<=": (0, most - 1),
                     ">": (0, most - 1)}.get(op, (0, most))
        return ("cmp", terms, op, rng.randint(low, high))
    if r < 0.85:
        # one count against another
        return ("cmp2", a, rng.choice(["=", "!=", "<", "<=", ">", ">="]), b)
    total = items[a]["copies"] + items[b]["copies"]
    if rng.random() < 0.5:
        return ("atleast", [a, b], rng.randint(1, total))
    return ("atmost", [a, b], rng.randint(0, total - 1))


def comparison_decided(items, cond):
    """Does some comparison of cond hold for every count, or for none?
    (A sum of weights takes only some values: 2 of a kind of weight 4
    weigh 0, 4 or 8.)"""
    k = cond[0]
    if k in ("and", "or"):
        return comparison_decided(items, cond[1]) or \
            comparison_decided(items, cond[2])
    if k == "not":
        return comparison_decided(items, cond[1])
    if k != "cmp":
        return False
    values = {0}
    for _, x, w in cond[1]:
        step = items[x]["weight"] if w else 1
        values = {v + c * step for v in values
                  for c in range(items[x]["copies"] + 1)}
    return len({compare(v, cond[2], cond[3]) for v in values}) < 2


def condition_items(cond):
    """The items a condition names, for "nothing else"."""
    k = cond[0]
    if k in ("and", "or"):
        return condition_items(cond[1]) | condition_items(cond[2])
    if k == "not":
        return condition_items(cond[1])
    if k == "cmp":
        return {x for _, x, _ in cond[1]}
    if k == "cmp2":
        return {cond[1], cond[3]}
    if k in ("atleast", "atmost"):
        return set(cond[1])
    return set()


def condition_text(cond, names, inner):
    k = cond[0]
    if k in ("and", "or"):
        text = "%s %s %s" % (condition_text(cond[1], names, True), k,
                             condition_text(cond[2], names, True))
        return "(%s)" % text if inner else text
    if k == "not":
        return "not %s" % condition_text(cond[1], names, True)
    if k == "else":
        return "nothing else"
    if k == "cmp":
        side = " + ".join(("weight of %s" if w else "%s") % names[x]
                          for _, x, w in cond[1])
        return "%s %s %d" % (side, cond[2], cond[3])
    if k == "cmp2":
        return "%s %s %s" % (names[cond[1]], cond[2], names[cond[3]])
    return "at %s %d of %s" % ("least" if k == "atleast" else "most",
                               cond[2], ", ".join(names[x] for x in cond[1]))


def compare(x, op, y):
    return {"=": x == y, "!=": x != y, "<": x < y, "<=": x <= y,
            ">": x > y, ">=": x >= y}[op]


def condition_holds(p, cond, named, count):
    k = cond[0]
    if k == "and":
        return (condition_holds(p, cond[1], named, count) and
                condition_holds(p, cond[2], named, count))
    if k == "or":
        return (condition_holds(p, cond[1], named, count) or
                condition_holds(p, cond[2], named, count))
    if k == "not":
        return not condition_holds(p, cond[1], named, count)
    if k == "else":
        return all(count[x] == 0 for x in range(len(count)) if x not in named)
    if k == "cmp":
        side = sum(count[x] * (p["items"][x]["weight"] if w else 1)
                   for _, x, w in cond[1])
        return compare(side, cond[2], cond[3])
    if k == "cmp2":
        return compare(count[cond[1]], cond[2], count[cond[3]])
    total = sum(count[x] for x in cond[1])
    return total >= cond[2] if k == "atleast" else total <= cond[2]


def broken(p, rule, count):
    """Does rule forbid what count (copies per item) holds?"""
    k = rule["kind"]
    total = sum(count)
    if k == "general":
        return condition_holds(p, rule["cond"], rule["named"], count) and \
            not any(count[g] for g in rule["guards"])
    if k == "eats":
        return count[rule["a"]] and count[rule["b"]] and \
            not any(count[g] for g in rule["guards"])
    if k == "without":
        return count[rule["a"]] and not any(count[g] for g in rule["guards"])
    if k == "outnumber":
        a = sum(count[x] for x in rule["a"])
        b = sum(count[x] for x in rule["b"])
        return b > 0 and a > b + rule["m"]
    if k == "alone":
        a = sum(count[x] for x in rule["a"])
        return total > 0 and a == total
    if k == "exact":
        return all(count[x] for x in rule["a"]) and \
            sum(count[x] for x in rule["a"]) == total
    if k == "at_most":
        return sum(count[x] for x in rule["a"]) > rule["n"]
    if k == "at_least":
        return sum(count[x] for x in rule["a"]) < rule["n"]
    if k == "sum":
        return sum(count[x] * p["items"][x]["weight"] for x in rule["a"]) > rule["n"]
    raise ValueError(k)


def banks_ok(p, right):
    left = [it["copies"] - r for it, r in zip(p["items"], right)]
    for rule in p["rules"]:
        if rule["place"] in (" on the banks", " everywhere"):
            if broken(p, rule, left) or broken(p, rule, right):
                return False
    return True


def loads_from(p, here, crossing, prev_weight, elapsed):
    """The legal loads (copies per item) leaving a bank holding here."""
    items = p["items"]
    # The boat's own rowers (indices), or the rowers line's.
    rowers = p.get("rowers")
    if rowers is None:
        rowers = [x for x, it in enumerate(items) if it["rows"]]
    ranges = [range(0, min(h, p["seats"]) + 1) for h in here]
    for load in itertools.product(*ranges):
        n = sum(load)
        if n == 0 or n > p["seats"]:
            continue
        if p["loads"] is not None:
            if not any(sorted(ld) == sorted(i for i in range(len(items))
                                            for _ in range(load[i]))
                       for ld in p["loads"]):
                continue
        weight = sum(c * it["weight"] for c, it in zip(load, items))
        if p["load"] and weight > p["load"]:
            continue
        rowed = False
        for x, (c, it) in enumerate(zip(load, items)):
            if not c or x not in rowers:
                continue
            if it["alone"] and n != 1:
                continue
            if it["every"] and ((crossing - 1) % it["every"]) + 1 not in it["on"]:
                continue
            rowed = True
        if not rowed:
            continue
        if any(rule["place"] in (" in the boat", " everywhere") and
               broken(p, rule, list(load)) for rule in p["rules"]):
            continue
        if p["margin"] is not None and prev_weight is not None and \
                abs(weight - prev_weight) > p["margin"]:
            continue
        trip = max([it["time"] for c, it in zip(load, items) if c] + [p["boat_time"]])
        if p["time_limit"] is not None and elapsed + trip > p["time_limit"]:
            continue
        yield load, weight, trip


def search(p):
    """Cheapest first over (positions, boat, crossing, last weight, time)."""
    items = p["items"]
    start = (tuple(0 for _ in items), 0, 0, None, 0)
    if not banks_ok(p, start[0]) or \
            not banks_ok(p, tuple(it["copies"] for it in items)):
        return "invalid"
    period = 1
    for it in items:
        if it["every"]:
            period = period * it["every"] // __import__("math").gcd(period, it["every"])
    # The state's crossing number modulo the period; the time so far only
    # matters under a limit, the last weight only under a margin.
    def key(s):
        right, boat, crossing, prev, elapsed = s
        return (right, boat, crossing % period,
                prev if p["margin"] is not None else None,
                elapsed if p["time_limit"] is not None and
                not p["minimize_time"] else None)
    dist = {key(start): (0, 1)}
    heap = [(0, 0, start)]
    tie = itertools.count(1)
    best = None
    count = 0
    done = set()
    while heap:
        cost, _, s = heapq.heappop(heap)
        k = key(s)
        if k in done:
            continue
        if best is not None and cost > best:
            break
        done.add(k)
        paths = dist[k][1]
        right, boat, crossing, prev, elapsed = s
        if all(r == it["copies"] for r, it in zip(right, items)):
            best = cost
            count += paths
            continue
        here = [it["copies"] - r for it, r in zip(items, right)] if boat == 0 else list(right)
        for load, weight, trip in loads_from(p, here, crossing + 1, prev, elapsed):
            sign = 1 if boat == 0 else -1
            nr = tuple(r + sign * c for r, c in zip(right, load))
            if not banks_ok(p, nr):
                continue
            ns = (nr, 1 - boat, crossing + 1, weight, elapsed + trip)
            nc = cost + (trip if p["minimize_time"] else 1)
            nk = key(ns)
            if nk in done:
                continue
            old = dist.get(nk)
            if old is None or nc < old[0]:
                dist[nk] = (nc, paths)
                heapq.heappush(heap, (nc, next(tie), ns))
            elif nc == old[0]:
                dist[nk] = (nc, old[1] + paths)
    if best is None:
        # Every reachable state, when a state is where each item is
        # and the boat (no turns, margin or time): as many as river's
        # states in all.
        plain = period == 1 and p["margin"] is None and \
            p["time_limit"] is None and not p["minimize_time"]
        return len(done) if plain else None
    if p["minimize_time"] and p["time_limit"] is not None and best > p["time_limit"]:
        return None
    return best, count


# Places (more than two banks) and several boats.  Two to four places,
# the first where everything starts and the last where it goes, unless
# the start or the goal says otherwise; each boat has its seats, its
# time and the pairs of places it may go between.

PLACE_NAMES = [["left bank", "island", "right bank"],
               ["left bank", "island", "rock", "right bank"],
               ["north shore", "isle", "south shore"],
               ["west", "reef", "sandbar", "east"]]


def place_words(rng, places, x):
    """How a line names place x: its name, or for the first and the
    last, sometimes "left" and "right" ("left bank", "right bank")."""
    if x == 0 and rng.random() < 0.3:
        return rng.choice(["left", "left bank"])
    if x == len(places) - 1 and rng.random() < 0.3:
        return rng.choice(["right", "right bank"])
    return places[x]


def put(copies, n, where, home, last, n_places):
    """Where a start (home 0) or a goal (home last) line that puts n of
    copies at where leaves them all: the rest at home, or, when where is
    home, at the other end (on two banks "1 sheep on the left" leaves
    the others on the right)."""
    at = [0] * n_places
    rest = last - home if where == home else home
    at[where] += n
    at[rest] += copies - n
    return tuple(at)


def random_routes(rng, n_places):
    """A random set of pairs of places, each pair as a frozenset: most
    join every place to every other, by one leg or more."""
    pairs = [frozenset(pq) for pq in itertools.combinations(range(n_places), 2)]
    if rng.random() < 0.5:
        # a chain through the places, sometimes with one shortcut
        chain = [frozenset((x, x + 1)) for x in range(n_places - 1)]
        extra = [pq for pq in pairs if pq not in chain]
        if extra and rng.random() < 0.3:
            chain.append(rng.choice(extra))
        return set(chain)
    while True:
        routes = set(rng.sample(pairs, rng.randint(1, len(pairs))))
        joined = {0}
        for _ in range(n_places):
            joined |= {x for pq in routes if pq & joined for x in pq}
        if len(joined) == n_places or rng.random() < 0.1:
            return routes


def routes_text(rng, places, routes, legs):
    """The pairs as "the boat may go between" writes them, each with its
    leg time, if any."""
    return ", ".join("%s and %s" % tuple(
        place_words(rng, places, x) for x in
        (sorted(pq) if rng.random() < 0.5 else sorted(pq, reverse=True))) +
        (" in time %d" % legs[pq] if pq in legs else "")
        for pq in sorted(routes, key=sorted))


def make_places_puzzle(rng):
    """A random small puzzle of places or boats: three or four places
    and one boat (its routes sometimes restricted), two banks and two
    boats, or three places and two boats that go between different
    places; a few individuals (two often alike) and small kinds, or
    couples under the jealous husbands' rule, rowers with their turns
    (each of two boats sometimes its own), the second boat's own load
    limit or loads, leg times of their own, a few rules of every kind, a start or goal that puts some of it on
    an island, and sometimes times, the least of which is sought.  A
    rule that the start or the goal would break is mostly drawn again
    (a few puzzles in a hundred are refused for one)."""
    shape = rng.choice(["islands", "islands", "two boats", "islands and boats"])
    n_places = {"islands": rng.choice([3, 3, 4]), "two boats": 2,
                "islands and boats": 3}[shape]
    n_boats = 1 if shape == "islands" else 2
    if n_places == 2:
        places = ["left bank", "right bank"]
    else:
        places = rng.choice([pn for pn in PLACE_NAMES if len(pn) == n_places])
    last = n_places - 1
    # Sometimes couples (husband[i], wife[i]) whom the jealousy rule
    # makes exchangeable two by two, as in the jealous husbands; else a
    # few items, two of them often alike.
    couples = 0
    if rng.random() < 0.2:
        couples = rng.choice([2, 2, 3]) if n_places * n_boats < 6 else 2
    items = []
    if couples:
        for family, weight, time in (("husband", rng.randint(1, 4), rng.randint(1, 5)),
                                     ("wife", rng.randint(1, 4), rng.randint(1, 5))):
            for i in range(1, couples + 1):
                items.append({"name": "%s[%d]" % (family, i), "copies": 1,
                              "rows": True, "weight": weight, "time": time,
                              "alone": False, "every": 0, "on": set()})
    else:
        for i in range(rng.randint(2, 4 if n_places < 4 else 3)):
            copies = rng.choice([1, 1, 1, 2, 2, 3] if n_places < 4 else [1, 1, 1, 2])
            name = ("k%d" % i) if copies > 1 else ("i%d" % i)
            items.append({"name": name, "copies": copies, "rows": True,
                          "weight": rng.randint(1, 4), "time": rng.randint(1, 5),
                          "alone": False, "every": 0, "on": set()})
    n_items = len(items)
    names = [it["name"] for it in items]
    p = {"items": items, "rules": [], "seats": 0, "load": 0, "margin": None,
         "loads": None, "boat_time": 0, "minimize_time": False,
         "time_limit": None, "places": places, "boats": []}
    rowers = draw_rowers(rng, items, couples, 0.8)
    for it in items:
        it["rows"] = it in rowers
    # Each of two boats sometimes has rowers of its own ("the raft is
    # rowed by"), in place of the rowers line: one boat, or both (the
    # rowers line then says nothing, and is mostly left out).
    own_rowers = [None] * n_boats
    if n_boats == 2 and rng.random() < 0.4:
        for b in rng.choice([[0], [1], [0, 1]]):
            own_rowers[b] = draw_rowers(rng, items, couples, 0.5)
    # The rowing turns are for whoever rows some boat.
    for it in [it for it in items if it["rows"] and None in own_rowers or
               any(it in own for own in own_rowers if own)]:
        r = rng.random()
        if r < (0.05 if couples else 0.1):
            it["alone"] = True
        elif r < (0.1 if couples else 0.2):
            it["every"] = rng.choice([2, 3])
            it["on"] = set(rng.sample(range(1, it["every"] + 1),
                                      rng.randint(1, it["every"] - 1)))
    singles = [it for it in items if it["copies"] == 1]
    if not couples and len(singles) >= 2 and rng.random() < 0.4:
        a, b = rng.sample(singles, 2)
        for key in ("weight", "time", "rows", "alone", "every"):
            b[key] = a[key]
        b["on"] = set(a["on"])
        for own in own_rowers:
            if own is not None:
                own[:] = [it for it in items if it in own and it is not b or
                          it is b and a in own] or [a, b]
        rowers = [it for it in items if it["rows"]]
        if not rowers:
            items[0]["rows"] = True
            rowers = [items[0]]
    lines = ['title "Random places"']
    if couples:
        lines.append("items " + ", ".join(
            "%s[1..%d] (weight %d, time %d)" % (family, couples, it["weight"], it["time"])
            for family, it in (("husband", items[0]), ("wife", items[couples]))))
    else:
        decl = []
        for it in items:
            d = it["name"] if it["copies"] == 1 else "%d %s" % (it["copies"], it["name"])
            decl.append("%s (weight %d, time %d)" % (d, it["weight"], it["time"]))
        lines.append("items " + ", ".join(decl))
    if n_places > 2 or rng.random() < 0.5:
        lines.append("places " + ", ".join(places))
    # The boats: one (its seats, or a list of loads, a load limit, a
    # margin), or two named ones, each its seats and perhaps a time,
    # the raft perhaps a load limit or loads of its own; each goes
    # between any two places unless its routes say otherwise.
    # Some pairs of places, in some puzzles, have a leg time of their own
    # ("in time 3"), the least time of a leg between them.
    every_pair = {frozenset(pq) for pq in
                  itertools.combinations(range(n_places), 2)}
    all_copies = sum(it["copies"] for it in items)
    legs = rng.random() < 0.3
    route_lines = []
    if n_boats == 1:
        boat = new_boat(rng.choice(["boat", "ferry"]),
                        rng.choice([1, 2, 2, 2, 3, 3]), every_pair,
                        [x for x in range(n_items) if items[x]["rows"]])
        clauses = []
        if rng.random() < 0.1:
            boat["loads"], text = carries_clause(rng, items, boat["rowers"])
            boat["seats"] = all_copies
            clauses.append(text)
        else:
            clauses.append("seats %d" % boat["seats"])
        if rng.random() < 0.15:
            boat["load"] = rng.randint(3, 8)
            clauses.append("load %d" % boat["load"])
        if rng.random() < 0.15:
            p["margin"] = rng.randint(1, 3)
            clauses.append("margin %d" % p["margin"])
        if rng.random() < 0.2:
            boat["time"] = rng.randint(1, 4)
            clauses.append("time %d" % boat["time"])
        lines.append("boat %s%s" % ("" if boat["name"] == "boat" else
                                    boat["name"] + " ", ", ".join(clauses)))
        p["boats"].append(boat)
        r = rng.random()
        if r < 0.45:
            route_lines.append(route_line(rng, places, boat,
                                          random_routes(rng, n_places), legs))
        elif r < 0.55 or legs and r < 0.7:
            route_lines.append(route_line(rng, places, boat, every_pair, legs))
    else:
        for b, (name, seats) in enumerate((("ferry", [2, 2, 3]),
                                           ("raft", [1, 1, 2]))):
            boat = new_boat(name, rng.choice(seats), every_pair,
                            [x for x in range(n_items) if
                             items[x] in (own_rowers[b] or rowers)])
            clauses = ["seats %d" % boat["seats"]]
            if rng.random() < 0.3:
                boat["time"] = rng.randint(1, 4)
                clauses.append("time %d" % boat["time"])
            # The raft sometimes its own list of loads or load limit, or
            # both; without seats, it takes as many as there are copies.
            if name == "raft" and rng.random() < 0.4:
                r = rng.random()
                if r < 0.6:
                    boat["loads"], text = carries_clause(rng, items,
                                                         boat["rowers"])
                    clauses.append(text)
                if r > 0.4:
                    boat["load"] = rng.randint(3, 8)
                    clauses.append("load %d" % boat["load"])
                if rng.random() < 0.5:
                    boat["seats"] = all_copies
                    clauses.pop(0)
                rng.shuffle(clauses)
            elif rng.random() < 0.1:
                boat["load"] = rng.randint(3, 8)
                clauses.append("load %d" % boat["load"])
            lines.append("boat %s %s" % (name, ", ".join(clauses)))
            p["boats"].append(boat)
        if n_places == 2 and legs and rng.random() < 0.3:
            # "the boat may go between" gives every boat the same legs.
            route_lines.append(route_line(rng, places, p["boats"][0],
                                          every_pair, legs, "boat"))
            p["boats"][1]["legs"] = p["boats"][0]["legs"]
        elif n_places == 2:
            for boat in p["boats"]:
                if legs and rng.random() < 0.5:
                    route_lines.append(route_line(rng, places, boat,
                                                  every_pair, legs))
        else:
            # Different routes: one boat's or both restricted.
            while True:
                routes = [random_routes(rng, n_places) if rng.random() < 0.8
                          else every_pair for _ in range(2)]
                if routes[0] != routes[1]:
                    break
            for boat, rt in zip(p["boats"], routes):
                if rt != every_pair or legs or rng.random() < 0.3:
                    route_lines.append(route_line(rng, places, boat, rt,
                                                  legs))
    # The rowers line, unless every boat has rowers of its own (with one
    # boat, "the ferry is rowed by" is its rowers line).
    if None in own_rowers or rng.random() < 0.3:
        if n_boats == 1 and boat["name"] != "boat" and rng.random() < 0.3:
            lines.append("the %s is rowed by %s" % (
                boat["name"], rowers_text(rng, items, couples, rowers)))
        else:
            lines.append("rowers " + rowers_text(rng, items, couples, rowers))
    for boat, own in zip(p["boats"], own_rowers):
        if own is not None:
            lines.append("the %s is rowed by %s" % (
                boat["name"], rowers_text(rng, items, couples, own)))
    for it in items:
        if it["alone"]:
            lines.append("%s rows only alone" % it["name"])
        elif it["every"]:
            lines.append("%s rows only on crossings %s of every %d" % (
                it["name"], ", ".join(str(c) for c in sorted(it["on"])),
                it["every"]))
    lines += route_lines
    # The jealous husbands' rule, on the banks or everywhere.
    if couples:
        place = rng.choice(["", " everywhere"])
        for i in range(couples):
            for j in range(couples):
                if i != j:
                    p["rules"].append({
                        "kind": "eats", "a": couples + i, "b": j,
                        "guards": [i], "place": place or " on the banks"})
        lines.append("for i, j in 1..%d where i != j: wife[i] must not be "
                     "with husband[j] unless husband[i] is there%s" %
                     (couples, place))
    # The start and the goal: everything at the first place, and every
    # item at the last (the boats anywhere), but for what their lines
    # put elsewhere; they differ, and mostly keep the rules so far.
    while True:
        ends = []
        for goal in (False, True):
            home = last if goal else 0
            at = [put(it["copies"], it["copies"], home, home, last, n_places)
                  for it in items]
            boats = [None if goal else 0 for _ in p["boats"]]
            said = {}  # place: what the line puts there
            if rng.random() < 0.35:
                for i in rng.sample(range(n_items), rng.randint(1, 2)):
                    where = rng.randrange(n_places)
                    n = items[i]["copies"]
                    if n > 1 and rng.random() < 0.5:
                        n = rng.randint(1, n - 1)
                        what = "%d %s" % (n, names[i])
                    else:
                        what = rng.choice(["", "the "]) + names[i]
                    at[i] = put(items[i]["copies"], n, where, home, last,
                                n_places)
                    said.setdefault(where, []).append(what)
            for b, boat in enumerate(p["boats"]):
                if rng.random() < 0.25:
                    # A boat that ends away from everything cannot have
                    # brought the last of it.
                    where = rng.randrange(n_places)
                    if goal and where not in said and rng.random() < 0.8:
                        where = rng.choice(list(said) + [last])
                    # Nor can one start where there is no one to row it.
                    if not goal and not any(a[where] for a in at) and \
                            rng.random() < 0.8:
                        where = rng.choice([x for x in range(n_places)
                                            if any(a[x] for a in at)])
                    boats[b] = where
                    said.setdefault(where, []).append(
                        boat["name"] if n_boats > 1 or rng.random() < 0.5
                        else "boat")
            text = ["%s %s on %s%s" % ("goal" if goal else "start",
                                       ", ".join(what),
                                       rng.choice(["", "the "]),
                                       place_words(rng, places, where))
                    for where, what in sorted(said.items())]
            ends.append((tuple(at), tuple(boats), text))
        (sa, sb, st), (ga, gb, gt) = ends
        if not (places_ok(p, sa) and places_ok(p, ga)) and rng.random() < 0.8:
            continue
        if sa != ga or any(g is not None and g != s for s, g in zip(sb, gb)):
            break
    p["start_at"], p["start_boats"] = sa, sb
    p["goal_at"], p["goal_boats"] = ga, gb
    lines += st + gt
    # The other rules: one the start or the goal breaks is mostly drawn
    # again.
    for _ in range(rng.randint(0, 1 if couples else 2)):
        for _ in range(5):
            if rng.random() < 0.25:
                rule = guarded_rule(rng, items)
            else:
                rule = random_rule(rng, items)
            if rule is None:
                continue
            p["rules"].append(rule)
            if (places_ok(p, sa) and places_ok(p, ga)) or rng.random() < 0.03:
                break
            p["rules"].pop()
        else:
            continue
        lines.append(rule["text"])
    if rng.random() < (0.5 if any(b["legs"] for b in p["boats"]) else 0.3):
        p["minimize_time"] = True
        lines.append("minimize time")
    if rng.random() < 0.15:
        p["time_limit"] = rng.randint(8, 30)
        lines.append("time limit %d" % p["time_limit"])
    return "\n".join(lines) + "\n", p


def draw_rowers(rng, items, couples, share):
    """Who rows: of couples, everyone, the husbands or the first couple;
    else each item by chance share, at least one."""
    if couples:
        r = rng.random()
        return list(items) if r < 0.6 else items[:couples] if r < 0.9 \
            else [items[0], items[couples]]
    return [it for it in items if rng.random() < share] or [rng.choice(items)]


def rowers_text(rng, items, couples, rowers):
    """The rowers as a rowers line or "is rowed by" names them: the
    families when they are whole, or each by name."""
    if couples and len(rowers) == len(items) and rng.random() < 0.5:
        return "husband, wife"
    if couples and rowers == items[:couples] and rng.random() < 0.5:
        return "husband"
    return ", ".join(it["name"] for it in rowers)


def new_boat(name, seats, routes, rowers):
    """A boat as search_places reads it: its seats, time, load limit,
    list of loads, rowers (indices), pairs of places and their own leg
    times."""
    return {"name": name, "seats": seats, "time": 0, "load": 0,
            "loads": None, "rowers": rowers, "routes": routes, "legs": {}}


def route_line(rng, places, boat, routes, legs, name=None):
    """Let boat go between routes (pairs of places), some of them with a
    leg time of their own when legs, and say so (by name, when given,
    rather than by the boat's)."""
    boat["routes"] = routes
    if legs:
        boat["legs"] = {pq: rng.randint(2, 7)
                        for pq in sorted(routes, key=sorted)
                        if rng.random() < 0.6}
    if len(routes) == len(places) * (len(places) - 1) // 2 and \
            not boat["legs"] and rng.random() < 0.7:
        what = "any two places"
    else:
        what = routes_text(rng, places, routes, boat["legs"])
    return "the %s may %s between %s" % (
        name or boat["name"], rng.choice(["go", "go", "travel"]), what)


def places_ok(p, at):
    """Does every place obey the rules that hold on the banks?"""
    for x in range(len(p["places"])):
        count = [a[x] for a in at]
        for rule in p["rules"]:
            if rule["place"] in (" on the banks", " everywhere") and \
                    broken(p, rule, count):
                return False
    return True


def search_places(p):
    """Cheapest first over (each item's copies at each place, each
    boat's place, crossing, last weight, time); a crossing is a leg of
    one boat between two places its routes join."""
    items = p["items"]
    n_places = len(p["places"])
    if not places_ok(p, p["start_at"]) or not places_ok(p, p["goal_at"]):
        return "invalid"
    period = 1
    for it in items:
        if it["every"]:
            period = period * it["every"] // __import__("math").gcd(period, it["every"])
    # Each boat on each leg as loads_from reads the one boat of two
    # banks: its seats, load limit, loads and rowers, and the least time
    # of a trip, the boat's or the leg's, whichever is more.
    boat_p = {(b, pq): dict(p, seats=boat["seats"], load=boat["load"],
                            loads=boat["loads"], rowers=boat["rowers"],
                            boat_time=max(boat["time"],
                                          boat["legs"].get(pq, 0)))
              for b, boat in enumerate(p["boats"]) for pq in boat["routes"]}

    def key(s):
        at, boats, crossing, prev, elapsed = s
        return (at, boats, crossing % period,
                prev if p["margin"] is not None else None,
                elapsed if p["time_limit"] is not None and
                not p["minimize_time"] else None)

    def is_goal(at, boats):
        return at == p["goal_at"] and all(
            g is None or g == b for b, g in zip(boats, p["goal_boats"]))

    start = (p["start_at"], p["start_boats"], 0, None, 0)
    dist = {key(start): (0, 1)}
    heap = [(0, 0, start)]
    tie = itertools.count(1)
    best = None
    count = 0
    done = set()
    while heap:
        cost, _, s = heapq.heappop(heap)
        k = key(s)
        if k in done:
            continue
        if best is not None and cost > best:
            break
        done.add(k)
        paths = dist[k][1]
        at, boats, crossing, prev, elapsed = s
        if is_goal(at, boats):
            best = cost
            count += paths
            continue
        for b, boat in enumerate(p["boats"]):
            here = boats[b]
            for there in range(n_places):
                leg = (b, frozenset((here, there)))
                if there == here or leg not in boat_p:
                    continue
                present = [a[here] for a in at]
                for load, weight, trip in loads_from(boat_p[leg], present,
                                                     crossing + 1, prev, elapsed):
                    nat = []
                    for a, c in zip(at, load):
                        a = list(a)
                        a[here] -= c
                        a[there] += c
                        nat.append(tuple(a))
                    nat = tuple(nat)
                    if not places_ok(p, nat):
                        continue
                    nboats = boats[:b] + (there,) + boats[b + 1:]
                    ns = (nat, nboats, crossing + 1, weight, elapsed + trip)
                    nc = cost + (trip if p["minimize_time"] else 1)
                    nk = key(ns)
                    if nk in done:
                        continue
                    old = dist.get(nk)
                    if old is None or nc < old[0]:
                        dist[nk] = (nc, paths)
                        heapq.heappush(heap, (nc, next(tie), ns))
                    elif nc == old[0]:
                        dist[nk] = (nc, old[1] + paths)
    if best is None:
        return None
    return best, count


def main():
    if sys.argv[1] == "--labels":
        first, last, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        for seed in range(first, last + 1):
            text, _ = make_puzzle(random.Random(seed), random.Random(-seed))
            with open("%s/%d.puz" % (out, seed), "w") as f:
                f.write(text)
        return
    seed, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(seed)
    # Every fourth puzzle is one of places or boats, said by "places"
    # before its verdict.
    places = seed % 4 == 0
    text, p = make_places_puzzle(rng) if places else make_puzzle(rng)
    with open("%s/%d.puz" % (out, seed), "w") as f:
        f.write(text)
    got = search_places(p) if places else search(p)
    if places:
        print("places", end=" ")
    if got == "invalid":
        print("invalid")
    elif got is None:
        print("unsolvable")
    elif isinstance(got, int):
        print("unsolvable %d" % got)
    else:
        print("solved %d %s" % (got[0], "time" if p["minimize_time"] else "crossings"),
              got[1])


if __name__ == "__main__":
    main()
