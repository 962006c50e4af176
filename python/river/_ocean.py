"""River's models in D-Wave Ocean's dimod (imported only when asked for)."""
from __future__ import annotations

import itertools
import math
import json
from typing import TYPE_CHECKING, Any, Dict, List, Set

from ._sample import model_names

if TYPE_CHECKING:
    from ._core import Plan


def lp_to_cqm(text: str) -> Any:
    """A dimod.ConstrainedQuadraticModel read from CPLEX LP text."""
    from dimod import lp
    return lp.loads(text)


def json_to_bqm(text: str) -> Any:
    """A dimod.BinaryQuadraticModel from its serialised JSON."""
    import dimod
    return dimod.BinaryQuadraticModel.from_serializable(json.loads(text))


def _horizon(variables: Any) -> int:
    return max((int(str(v)[len("active_"):]) for v in variables
                if str(v).startswith("active_")
                and str(v)[len("active_"):].isdigit()), default=0)


def _plan_values(plan: "Plan", horizon: int) -> Dict[str, int]:
    """The variables a plan sets itself: where each item is after each
    step (as it stays after the last crossing), and which steps cross;
    of a puzzle of places, where each item and boat is, at each place,
    which leg each step goes and who boards where (boat_B_P_S,
    leg_B_P_Q_S, leave_NAME_P_S, choice_NAME_S: lp.c)."""
    puzzle = plan.puzzle
    names = model_names(puzzle)
    places = puzzle.places
    of_places = len(places) > 2 or len(puzzle.boats) > 1
    states = plan.states
    values: Dict[str, int] = {}
    for s in range(horizon + 1):
        state = states[min(s, len(states) - 1)]
        for (name, kind), it in zip(names, puzzle.items):
            kind_word = "num" if kind else "pos"
            if not of_places:
                values["%s_%s_%d" % (kind_word, name, s)] = \
                    state.at[places[-1]].count(it.name)
                continue
            for p, place in enumerate(places):
                values["%s_%s_%d_%d" % (kind_word, name, p, s)] = \
                    state.at[place].count(it.name)
        for b, boat in enumerate(puzzle.boats if of_places else []):
            for p, place in enumerate(places):
                values["boat_%d_%d_%d" % (b, p, s)] = \
                    int(state.boats[boat] == place)
        if not s:
            continue
        values["active_%d" % s] = int(s <= plan.crossings)
        step = plan.steps[s - 1] if s <= plan.crossings else None
        for (name, _), it in zip(names, puzzle.items if of_places else []):
            aboard = step.load.count(it.name) if step else 0
            values["choice_%s_%d" % (name, s)] = aboard
            for p, place in enumerate(places):
                values["leave_%s_%d_%d" % (name, p, s)] = \
                    aboard if step and step.source == place else 0
        for b, boat in enumerate(puzzle.boats if of_places else []):
            for (p, from_), (q, to) in itertools.permutations(
                    enumerate(places), 2):
                values["leg_%d_%d_%d_%d" % (b, p, q, s)] = int(
                    step is not None and step.boat == boat
                    and step.source == from_ and step.target == to)
    return values


def _linear_value(expr: Any, known: Dict[Any, float]) -> float:
    return expr.offset + sum(b * known[v] for v, b in expr.iter_linear())


def cqm_sample(plan: "Plan", cqm: Any) -> Dict[Any, float]:
    """The plan as a sample of cqm (river's lp model): the positions and
    crossings from the plan, and every other variable (what is available
    and chosen at each step, the times of the crossings, the parts of the
    rules) given the value its rows then force (the times of the
    crossings the least their rows allow),
    or, among those left, the values that keep every row with the least
    objective, found by trying every value of each connected group of
    them.  Raises
    ValueError when a group has no values that keep its rows, which
    would mean that the model refuses the plan."""
    from dimod.sym import Sense
    Eq, Ge, Le = Sense.Eq, Sense.Ge, Sense.Le
    known: Dict[Any, float] = {
        v: x for v, x in _plan_values(plan, _horizon(cqm.variables)).items()
        if v in cqm.variables}
    rows = list(cqm.constraints.values())
    low = {v: cqm.lower_bound(v) for v in cqm.variables}

    def propagate() -> None:
        """Rows of one unknown: an equation forces it, an inequality
        raises or lowers the least value it may take."""
        changed = True
        while changed:
            changed = False
            for c in rows:
                free = [v for v in c.lhs.variables if v not in known]
                if len(free) != 1 or c.lhs.num_interactions:
                    continue
                v = free[0]
                a = c.lhs.get_linear(v)
                x = (c.rhs - _linear_value(c.lhs, {**known, v: 0})) / a
                if c.sense is Eq:
                    known[v] = x
                    changed = True
                elif (c.sense is Ge) == (a > 0) and x > low[v]:
                    low[v] = x

    propagate()
    # A variable that no row or objective would rather have larger (the
    # times of the crossings, bounded below by their passengers' and
    # above by a time limit) is the least its rows of one unknown allow;
    # then what that forces.
    rows_of: Dict[Any, List[Any]] = {v: [] for v in cqm.variables}
    for c in rows:
        for v in c.lhs.variables:
            rows_of[v].append(c)

    def rather_small(v: Any) -> bool:
        if cqm.objective.get_linear(v) < 0 if v in cqm.objective.variables \
                else False:
            return False
        for c in rows_of[v]:
            a = c.lhs.get_linear(v)
            alone = all(u in known for u in c.lhs.variables if u != v)
            if not (alone or (c.sense is Le and a > 0)
                    or (c.sense is Ge and a < 0)):
                return False
        return True

    for v in cqm.variables:
        if v not in known and cqm.vartype(v).name == "INTEGER" \
                and rather_small(v):
            known[v] = math.ceil(low[v] - 1e-9)
    propagate()
    free_vars = [v for v in cqm.variables if v not in known]
    # The rest in connected groups, linked by the rows they share.
    group: Dict[Any, int] = {}
    members: List[Set[Any]] = []
    for c in rows:
        vs = [v for v in c.lhs.variables if v not in known]
        if not vs:
            continue
        ids = {group[v] for v in vs if v in group}
        merged: Set[Any] = set(vs)
        for i in ids:
            merged |= members[i]
            members[i] = set()
        members.append(merged)
        for v in merged:
            group[v] = len(members) - 1
    for v in free_vars:
        if v not in group:
            members.append({v})
            group[v] = len(members) - 1

    def holds(c: Any, values: Dict[Any, float]) -> bool:
        x = c.lhs.energy(values)
        return (x <= c.rhs + 1e-9 if c.sense is Le else
                x >= c.rhs - 1e-9 if c.sense is Ge else
                abs(x - c.rhs) <= 1e-9)

    for vs in (m for m in members if m):
        order = sorted(vs, key=str)
        mine = [c for c in rows if any(v in vs for v in c.lhs.variables)]
        domains = [range(int(cqm.lower_bound(v)), int(cqm.upper_bound(v)) + 1)
                   for v in order]
        if math.prod(map(len, domains)) > 1 << 20:
            raise ValueError("too many values of %s to try"
                             % ", ".join(map(str, order)))
        best = None
        for values in itertools.product(*domains):
            trial = {**known, **dict(zip(order, values))}
            if all(holds(c, trial) for c in mine):
                cost = cqm.objective.energy(trial)
                if best is None or cost < best[0]:
                    best = (cost, values)
        if best is None:
            raise ValueError("no values of %s keep their rows"
                             % ", ".join(map(str, order)))
        known.update(zip(order, best[1]))
    return known


def bqm_sample(plan: "Plan", cqm: Any, bqm: Any) -> Dict[Any, int]:
    """The plan as a sample of bqm, river's penalty model of the same
    horizon as cqm: each integer of cqm_sample as its binary digits, and
    each inequality's slack (how far the row is from its bound) as the
    binary digits of slack_ROW; the variables that an equation defines
    are not in bqm, and their bounds' slacks are slack_low_NAME and
    slack_high_NAME."""
    from dimod.sym import Sense
    values = cqm_sample(plan, cqm)
    out: Dict[Any, int] = {}

    def digits(label: str, value: int, upper: int = 0) -> None:
        """value as the digits of label: weights 1, 2, 4, ..., the last
        cut so that they add up to upper (none cut when upper is 0)."""
        k = 0
        while "%s[%d]" % (label, k) in bqm.variables:
            k += 1
        weights = []
        made, w = 0, 1
        for _ in range(k):
            weights.append(w)
            made += w
            w *= 2
        if upper and k:
            weights[-1] -= made - upper
        for i in reversed(range(k)):
            bit = int(value >= weights[i])
            out["%s[%d]" % (label, i)] = bit
            value -= bit * weights[i]
        if value:
            raise ValueError("%s does not fit its digits" % label)

    for v, x in values.items():
        if v in bqm.variables:
            out[v] = int(round(x))
        elif "%s[0]" % v in bqm.variables:
            digits(str(v), int(round(x)), int(cqm.upper_bound(v)))
            # (Else an equation defines v, and the BQM writes it out.)
    for name, c in cqm.constraints.items():
        slack = "slack_%s" % name
        if "%s[0]" % slack in bqm.variables:
            x = c.lhs.energy(values)
            digits(slack, int(round(c.rhs - x if c.sense is Sense.Le
                                    else x - c.rhs)))
    # The bounds of a variable an equation defines: how far it is above
    # 0, and below its upper bound.
    for v, x in values.items():
        for side, slack in (("low", x),
                            ("high", cqm.upper_bound(v) - x)):
            if "slack_%s_%s[0]" % (side, v) in bqm.variables:
                digits("slack_%s_%s" % (side, v), int(round(slack)))
    return out
