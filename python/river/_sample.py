"""Reading a sample of river's models back into the crossings it makes.

The variables are the models' own, as river(7) describes them under
MODELS: after step s, pos_NAME_s is 1 when the individual NAME is on the
right bank, num_NAME_s is how many copies of the kind NAME are there,
and active_s is 1 when the boat crosses at step s (the bqm format splits
an integer into digits NAME[0], NAME[1], ... of weights 1, 2, 4, ..., the
last cut so that they add up to its upper bound).  NAME is the item's
name as the model writes it, read from the lp model's start rows, one an
item in the puzzle's order (of a puzzle of places, pos_NAME_P_s is 1
when the individual is at place P, and num_NAME_P_s counts a kind's
copies there).  The crossings are written one a line, as
river verify reads them, and judged by the library's plan checker.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Tuple

if TYPE_CHECKING:
    from ._core import Puzzle

_START = re.compile(r"^ start_(\S+)_0: (pos|num)_(\S+)_0 = \d+$", re.M)
_ACTIVE = re.compile(r"^active_(\d+)$")


def model_names(puzzle: "Puzzle") -> List[Tuple[str, bool]]:
    """Each item's name in the models, and whether it is a kind (a
    num_ variable, not a pos_ one), in the puzzle's order."""
    cached = puzzle.__dict__.get("_model_names")
    if cached is not None:
        return cached
    rows = _START.findall(puzzle.export("lp", horizon=1))
    names = [(name, var == "num") for name, var, again in rows
             if again == name]
    if len(puzzle.places) > 2 or len(puzzle.boats) > 1:
        # Of places: a row an item and a place, NAME_P; the first of
        # each item's is its place 0.
        names = [(name[:-len("_0")], kind)
                 for name, kind in names[::len(puzzle.places)]]
    if len(names) != len(puzzle.items):
        raise RuntimeError("the lp model names %d items, the puzzle has %d"
                           % (len(names), len(puzzle.items)))
    puzzle.__dict__["_model_names"] = names
    return names


def _as_mapping(sample: Any) -> Mapping[Any, Any]:
    """A sample as a mapping of labels to values: a dict, a SampleSet's
    first.sample, or a row of one (which has .sample)."""
    if hasattr(sample, "sample") and not isinstance(sample, Mapping):
        sample = sample.sample
    if not isinstance(sample, Mapping):
        sample = dict(sample)
    return sample


def _value(sample: Mapping[Any, Any], label: str, upper: int) -> int:
    """The value of label: itself, or its binary digits; 0 when the
    sample leaves it out."""
    if label in sample:
        return int(round(float(sample[label])))
    total = made = 0
    weight = 1
    k = 0
    while made < upper and "%s[%d]" % (label, k) in sample:
        take = min(weight, upper - made)
        total += take * int(round(float(sample["%s[%d]" % (label, k)])))
        made += take
        weight *= 2
        k += 1
    return total


def sample_plan_text(puzzle: "Puzzle", sample: Any) -> str:
    """The crossings a sample makes, one a line ("farmer goat -->").

    A step is a crossing when the sample says the boat crosses there
    (active_s) or moves an item then; its load is every item whose place
    changes, and its direction the one the model gives the boat at that
    step.  Whether that is a legal plan is for the checker to say."""
    sample = _as_mapping(sample)
    names = model_names(puzzle)
    items = puzzle.items
    horizon = 0
    for label in sample:
        m = _ACTIVE.match(str(label))
        if m:
            horizon = max(horizon, int(m.group(1)))
    boat0 = 1 if puzzle.start_boats[puzzle.boats[0]] == puzzle.places[-1] \
        else 0
    kinds = {it.name: kind for (_, kind), it in zip(names, items)}

    def right(s: int) -> List[int]:
        return [_value(sample, "%s_%s_%d" % ("num" if kind else "pos",
                                            name, s), it.copies)
                for (name, kind), it in zip(names, items)]

    if len(puzzle.places) > 2 or len(puzzle.boats) > 1:
        return _places_plan_text(puzzle, sample, names, horizon)
    lines = []
    before = right(0)
    for s in range(1, horizon + 1):
        after = right(s)
        moved: Dict[str, int] = {it.name: abs(a - b) for it, a, b
                                 in zip(items, after, before) if a != b}
        if moved or _value(sample, "active_%d" % s, 1):
            load = " ".join("%d %s" % (k, n) if kinds[n] else n
                            for n, k in moved.items())
            arrow = "-->" if (s + boat0) % 2 == 1 else "<--"
            lines.append(("%s %s" % (load, arrow)).strip())
        before = after
    return "".join(line + "\n" for line in lines)



def _places_plan_text(puzzle: "Puzzle", sample: Mapping[Any, Any],
                      names: List[Tuple[str, bool]], horizon: int) -> str:
    """The legs a sample of a puzzle of places makes, one a line ("raft:
    farmer goat --> island"): at each step where a boat goes (active_s),
    the leg whose leg_B_P_Q_s is 1 (or, when none is, the first boat's,
    to where items land), its load every item that leaves the place it
    goes from."""
    items, places = puzzle.items, puzzle.places

    def at(s: int) -> List[List[int]]:
        return [[_value(sample, "%s_%s_%d_%d" % ("num" if kind else "pos",
                                                name, p, s), it.copies)
                 for p in range(len(places))]
                for (name, kind), it in zip(names, items)]

    lines = []
    before = at(0)
    for s in range(1, horizon + 1):
        after = at(s)
        legs = [(b, p, q) for b in range(len(puzzle.boats))
                for p in range(len(places)) for q in range(len(places))
                if p != q and _value(sample, "leg_%d_%d_%d_%d" % (b, p, q, s),
                                     1)]
        changed = any(a != b for a, b in zip(after, before))
        if not legs and not changed and \
                not _value(sample, "active_%d" % s, 1):
            before = after
            continue
        if legs:
            b, source, target = legs[0]
        else:
            b = 0
            source = next((p for p in range(len(places))
                           if any(x[p] < y[p] for x, y in zip(after, before))),
                          0)
            target = next((p for p in range(len(places))
                           if any(x[p] > y[p] for x, y in zip(after, before))),
                          len(places) - 1)
        load = []
        for (_, kind), it, x, y in zip(names, items, after, before):
            k = y[source] - x[source]
            if k > 0:
                load.append("%d %s" % (k, it.name) if kind else it.name)
        lines.append("%s: %s --> %s" % (puzzle.boats[b], " ".join(load),
                                        places[target]))
        before = after
    return "".join(line + "\n" for line in lines)
