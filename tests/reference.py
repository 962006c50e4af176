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

The search walks states (where each copy is, the boat, the crossing
number, the last load's weight, the time so far), cheapest first, and
counts the cheapest plans; the cost is crossings, or time when the
puzzle minimizes it.
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
    names = [it["name"] for it in items]
    for _ in range(3):
        kind = rng.choice(["eats", "with", "without"])
        a, b = rng.sample(range(n_items), 2)
        others = [x for x in range(n_items) if x not in (a, b)]
        # (An eats rule without a guard breaks the start.)
        guards = rng.sample(others, rng.randint(1, 2))
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
        p["rules"].append(rule)
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
                continue
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
                continue
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
                continue  # "nothing else" would leave nothing out
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
            p["rules"].append(rule)
            rule["text"] = text
            continue
        else:
            c = rng.randint(2, 6)
            total = sum(items[x]["copies"] * items[x]["weight"] for x in (a, b))
            if total <= c:
                continue
            rule.update(a=[a, b], n=c)
            text = "weight of %s, %s must not exceed %d" % (names[a], names[b], c)
        p["rules"].append(rule)
        rule["text"] = text + place
    boat = []
    r = rng.random()
    if r < 0.2:
        # a list of loads: single items, and one pair
        loads = [[x] for x in range(n_items) if items[x]["rows"]]
        x, y = rng.sample(range(n_items), 2)
        loads.append([x, y])
        p["loads"] = loads
        boat.append("carries " + " or ".join(
            " and ".join(names[i] for i in ld) for ld in loads))
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
        for c, it in zip(load, items):
            if not c or not it["rows"]:
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
    text, p = make_puzzle(rng)
    with open("%s/%d.puz" % (out, seed), "w") as f:
        f.write(text)
    got = search(p)
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
