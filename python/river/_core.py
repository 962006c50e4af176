"""Puzzles, plans and what the library says of them."""
from __future__ import annotations

import ctypes
import html
import json
import os
import re
import weakref
from dataclasses import dataclass
from functools import cached_property
from typing import (Any, Dict, Iterable, Iterator, List, Mapping, Optional,
                    Sequence, Tuple, Union)

from . import _lib
from ._call import cancellable
from ._errors import PlanSyntaxError, RiverError, error
from ._lib import lib

PathLike = Union[str, "os.PathLike[str]"]


def _check(status: int, diag: Optional[_lib.Diag] = None,
           cls: Optional[type] = None) -> None:
    if status != _lib.RIVER_OK:
        raise error(status, diag, cls)


def _check_plan(status: int, diag: _lib.Diag) -> None:
    """As _check, for a call that reads a plan: a plan that cannot be
    read raises PlanSyntaxError."""
    _check(status, diag, PlanSyntaxError if status == _lib.ESYNTAX else None)


def _params(params: Mapping[str, int]) -> Tuple[Any, int]:
    """The river_param array of keyword parameters, and its length."""
    arr = (_lib.Param * max(len(params), 1))()
    for i, (name, value) in enumerate(params.items()):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("parameter %s must be an int, not %r"
                            % (name, value))
        arr[i].name = name.encode()
        arr[i].value = value
    return arr, len(params)


def _solve_options(flag: ctypes.c_int, *, method: str = "auto",
                   threads: int = 0, timeout: float = 0,
                   max_states: int = 0, count: bool = False,
                   max_plans: int = 0,
                   symmetry: bool = True) -> _lib.SolveOptions:
    if method not in _lib.METHODS:
        raise ValueError("method must be one of %s, not %r"
                         % (", ".join(_lib.METHODS), method))
    opts = _lib.SolveOptions()
    lib.river_solve_options_init(ctypes.byref(opts), opts.VERSION)
    opts.method = _lib.METHODS[method]
    opts.threads = threads
    opts.timeout = timeout
    opts.max_states = max_states
    opts.count = int(count)
    opts.max_plans = max_plans
    opts.no_symmetry = int(not symmetry)
    opts.cancel = ctypes.pointer(flag)
    return opts


def _plan_text(plan: Union["Plan", str, Iterable[Any]]) -> str:
    """A plan as text the library reads: a Plan as its JSON, a string as
    it is, a sequence of loads one a line ("farmer goat", or an iterable
    of item names, a name once per copy)."""
    if isinstance(plan, Plan):
        return plan.json_text
    if isinstance(plan, str):
        return plan
    lines = []
    for load in plan:
        lines.append(load if isinstance(load, str) else " ".join(load))
    return "".join(line + "\n" for line in lines)


class Items(frozenset):
    """The items in one place, or aboard: a frozenset of their names,
    which also knows how many copies of each there are (``copies``, and
    ``count(name)``), for counted kinds such as 3 missionaries."""

    copies: Dict[str, int]

    def __new__(cls, copies: Mapping[str, int]) -> "Items":
        self = super().__new__(cls, (n for n, k in copies.items() if k))
        self.copies = {n: k for n, k in copies.items() if k}
        return self

    def count(self, name: str) -> int:
        """How many copies of the item named are here."""
        return self.copies.get(name, 0)

    @property
    def total(self) -> int:
        """All the copies here."""
        return sum(self.copies.values())

    def __str__(self) -> str:
        return " ".join(n if k == 1 else "%d %s" % (k, n)
                        for n, k in self.copies.items())

    def __repr__(self) -> str:
        return "Items(%r)" % (self.copies,)


@dataclass(frozen=True)
class State:
    """Where everything is: the items at each place (for two banks,
    "left bank" and "right bank") and the place of each boat."""

    at: Dict[str, Items]
    boats: Dict[str, str]

    @property
    def left(self) -> Items:
        """The items at the first place (the left bank)."""
        return next(iter(self.at.values()))

    @property
    def right(self) -> Items:
        """The items at the last place (the right bank)."""
        return list(self.at.values())[-1]

    @property
    def boat(self) -> str:
        """The place of the (first) boat."""
        return next(iter(self.boats.values()))


@dataclass(frozen=True)
class Step:
    """One crossing: who is aboard (``load``), which boat goes from
    which place to which, and where everything is after it."""

    number: int
    load: Items
    boat: str
    source: str
    target: str
    after: State

    @property
    def direction(self) -> str:
        """"-->" for a crossing towards the last place (the right bank),
        "<--" for one back."""
        places = list(self.after.at)
        return ("-->" if places.index(self.target) > places.index(self.source)
                else "<--")

    @property
    def left(self) -> Items:
        """The items on the left bank after the crossing."""
        return self.after.left

    @property
    def right(self) -> Items:
        """The items on the right bank after the crossing."""
        return self.after.right

    def __str__(self) -> str:
        """The crossing as a line river verify reads: "farmer goat -->",
        or with places and boats "ferry: farmer goat --> island"."""
        if len(self.after.at) > 2 or len(self.after.boats) > 1:
            return "%s: %s --> %s" % (self.boat, self.load, self.target)
        return "%s %s" % (self.load, self.direction)


class Plan:
    """An optimal plan river found, the proof that there is none
    (``solved`` False), or a plan read back from an engine or a sample.

    ``steps`` lists the crossings, ``states`` where everything is before
    the first and after each; ``crossings``, ``time`` (None when
    crossings take no time), ``states_explored``, ``count`` (the number
    of optimal plans, None when not counted) and ``engine`` say the rest.
    A plan read back by ``Puzzle.plan_from_sample`` also has the
    library's verdict: ``legal`` and, when not, ``reason`` and ``fault``
    (the crossing at fault, 0 for the plan as a whole).  ``str(plan)`` is
    river solve's text; in a notebook a plan shows as its storyboard.
    """

    def __init__(self, puzzle: "Puzzle", handle: int, *,
                 owner: Any = None, counted: bool = False,
                 verdict: Optional["Verdict"] = None):
        self.puzzle = puzzle
        self._handle = handle
        # A plan borrowed from another object keeps it alive; one of its
        # own is freed with it (before its puzzle, which it holds).
        self._owner = owner
        if owner is None:
            weakref.finalize(self, lib.river_plan_free, handle)
        self._counted = counted
        self.verdict = verdict

    @property
    def solved(self) -> bool:
        """True when the plan reaches the goal."""
        return bool(lib.river_plan_solved(self._handle))

    @property
    def crossings(self) -> int:
        return lib.river_plan_crossings(self._handle)

    @property
    def time(self) -> Optional[int]:
        """The total time of the crossings, for a puzzle whose crossings
        take time; else None."""
        if not self.puzzle.timed:
            return None
        return lib.river_plan_time(self._handle)

    @property
    def objective(self) -> int:
        """What the puzzle minimises: the time, or the crossings."""
        if self.puzzle.minimizes_time:
            return lib.river_plan_time(self._handle)
        return self.crossings

    @property
    def states_explored(self) -> int:
        return lib.river_plan_states_explored(self._handle)

    @property
    def states_in_all(self) -> int:
        return lib.river_plan_states_in_all(self._handle)

    @property
    def count(self) -> Optional[int]:
        """How many optimal plans there are, when they were counted."""
        return lib.river_plan_count(self._handle) if self._counted else None

    @property
    def engine(self) -> str:
        return _lib.text(lib.river_plan_engine(self._handle))

    @property
    def seconds(self) -> float:
        return lib.river_plan_seconds(self._handle)

    @property
    def legal(self) -> bool:
        """The verdict of the library's plan checker on a plan read back
        from a sample; True for the plans river finds."""
        return self.verdict is None or self.verdict.legal

    @property
    def reason(self) -> Optional[str]:
        return None if self.verdict is None else self.verdict.reason

    @property
    def fault(self) -> Optional[int]:
        return None if self.verdict is None else self.verdict.step

    def _state(self, s: int) -> State:
        p = self.puzzle
        at = {}
        for k, place in enumerate(p.places):
            at[place] = Items({it.name: lib.river_plan_item_at(
                self._handle, s, i, k) for i, it in enumerate(p.items)})
        boats = {b: p.places[lib.river_plan_boat_at(self._handle, s, k)]
                 for k, b in enumerate(p.boats)}
        return State(at, boats)

    @cached_property
    def states(self) -> List[State]:
        """Where everything is at the start (states[0]) and after each
        crossing."""
        return [self._state(s) for s in range(self.crossings + 1)]

    @cached_property
    def steps(self) -> List[Step]:
        """The crossings, in order."""
        p = self.puzzle
        states = self.states
        steps = []
        for k in range(1, len(states)):
            load = Items({it.name: lib.river_plan_item_moved(
                self._handle, k, i) for i, it in enumerate(p.items)})
            before, after = states[k - 1], states[k]
            boat = next((b for b in p.boats
                         if before.boats[b] != after.boats[b]), p.boats[0])
            steps.append(Step(k, load, boat, before.boats[boat],
                              after.boats[boat], after))
        return steps

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return self.crossings

    def _render(self, fmt: int) -> str:
        out = ctypes.c_void_p()
        _check(lib.river_plan_render(ctypes.byref(out), self._handle, fmt))
        return _lib.take_string(out)

    @cached_property
    def text(self) -> str:
        """The plan as river solve prints it: the table, the plan in
        words, the verdict."""
        return self._render(_lib.FORMAT_TEXT)

    @cached_property
    def json_text(self) -> str:
        return self._render(_lib.FORMAT_JSON)

    def to_json(self) -> Dict[str, Any]:
        """The plan as river solve --format json gives it."""
        return json.loads(self.json_text)

    @cached_property
    def svg(self) -> str:
        """The storyboard, an SVG picture of each step."""
        return self._render(_lib.FORMAT_SVG)

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return ("<div>%s</div><pre>%s</pre>"
                % (self.svg, html.escape(self.text)))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if not self.solved:
            return "<river.Plan of %r: no plan>" % self.puzzle.title
        return "<river.Plan of %r: %d crossings%s>" % (
            self.puzzle.title, self.crossings,
            "" if self.time is None else ", time %d" % self.time)


@dataclass(frozen=True)
class Verdict:
    """What the library's plan checker says of a plan: ``legal``, the
    ``crossings`` it makes (up to the fault), the crossing at ``step``
    (1-based; 0 when the plan as a whole stops short of the goal; None
    when legal) and the ``reason``; ``time`` of the crossings checked;
    ``text``, the verdict in words."""

    legal: bool
    crossings: int
    step: Optional[int]
    reason: Optional[str]
    time: int
    text: str

    def __bool__(self) -> bool:
        return self.legal


def _verdict(v: _lib.Verdict, puzzle: "Puzzle", name: str) -> Verdict:
    out = ctypes.c_void_p()
    _check(lib.river_verdict_render(ctypes.byref(out), ctypes.byref(v),
                                    puzzle._handle, name.encode(), 0,
                                    _lib.FORMAT_TEXT))
    return Verdict(bool(v.legal), v.crossings,
                   None if v.legal else v.step,
                   None if v.legal else _lib.text(v.reason), v.time,
                   _lib.take_string(out).rstrip("\n"))


@dataclass(frozen=True)
class Item:
    """An item of a puzzle: an individual (copies 1) or a counted kind."""

    name: str
    label: str
    copies: int
    kind: bool
    rows: bool


class Hint:
    """The rest of an optimal plan from where a player stands.

    ``verdict`` is the checker's on the crossings played; when one is at
    fault, ``plan`` and ``next`` are None.  Else ``plan`` leads on from
    the player's state (not ``solved`` at a dead end), ``next`` is its
    first crossing (None at the goal) and ``text`` says it in words."""

    def __init__(self, puzzle: "Puzzle", verdict: Verdict,
                 plan: Optional[Plan]):
        self.verdict = verdict
        self.plan = plan
        self.text = verdict.text
        if plan is not None:
            out = ctypes.c_void_p()
            _check(lib.river_hint_render(ctypes.byref(out), plan._handle,
                                         _lib.FORMAT_TEXT))
            self.text = _lib.take_string(out).rstrip("\n")

    @property
    def next(self) -> Optional[Step]:
        if self.plan is None or not self.plan.solved or not self.plan.steps:
            return None
        return self.plan.steps[0]

    @property
    def dead_end(self) -> bool:
        return self.plan is not None and not self.plan.solved

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "<river.Hint %r>" % self.text


class Explanation:
    """Why a puzzle has the plans it has: ``text`` and ``data`` (river
    explain's words and JSON), and ``plan``, the optimal plan explained
    or the proof that there is none."""

    def __init__(self, puzzle: "Puzzle", handle: int):
        weakref.finalize(self, lib.river_explanation_free, handle)
        self._handle = handle
        self.plan = Plan(puzzle, lib.river_explanation_plan(handle),
                         owner=self)
        self.text = self._render(_lib.FORMAT_TEXT)
        self.data: Dict[str, Any] = json.loads(
            self._render(_lib.FORMAT_JSON))

    def _render(self, fmt: int) -> str:
        out = ctypes.c_void_p()
        _check(lib.river_explain_render(ctypes.byref(out), self._handle,
                                        fmt))
        return _lib.take_string(out)

    def __str__(self) -> str:
        return self.text


class Rating:
    """How hard a puzzle is (river rate): ``text`` and ``data``, the
    words and the JSON figures, each defined in river(1) and river(7):
    ``data["dead_ends"]``, ``data["backward_fewest"]``,
    ``data["random_success"]``, ``data["bottlenecks"]``, ..."""

    def __init__(self, handle: int):
        try:
            self.text = self._render(handle, _lib.FORMAT_TEXT)
            self.data: Dict[str, Any] = json.loads(
                self._render(handle, _lib.FORMAT_JSON))
        finally:
            lib.river_rating_free(handle)

    @staticmethod
    def _render(handle: int, fmt: int) -> str:
        out = ctypes.c_void_p()
        _check(lib.river_rating_render(ctypes.byref(out), handle, fmt))
        return _lib.take_string(out)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Graph:
    """The state graph: ``dot`` (Graphviz DOT text) and what it holds."""

    dot: str
    states: int
    crossings: int
    broken: int
    depth: int
    summary: bool
    solved: bool
    optimum: int
    plans: int

    _NODE = re.compile(r'^\s*(s\d+) \[label="((?:[^"\\]|\\.)*)"(.*)\];$')
    _EDGE = re.compile(
        r'^\s*(s\d+) -> (s\d+) \[label="((?:[^"\\]|\\.)*)"(.*)\];$')

    def to_networkx(self) -> Any:
        """The graph as a networkx.DiGraph (networkx must be importable):
        a node per state with its label, an edge per crossing (both ways
        where the DOT draws one line with two arrows), with its label and
        whether it is on an optimal plan (``optimal``) or breaks a rule
        (``broken``)."""
        import networkx
        g = networkx.DiGraph(dot=self.dot)
        for line in self.dot.splitlines():
            m = self._EDGE.match(line)
            if m:
                a, b, label, rest = m.groups()
                attrs = {"label": label.replace("\\n", "\n"),
                         "optimal": 'class="optimal"' in rest,
                         "broken": "dashed" in rest}
                g.add_edge(a, b, **attrs)
                if "dir=both" in rest:
                    g.add_edge(b, a, **attrs)
                continue
            m = self._NODE.match(line)
            if m:
                node, label, rest = m.groups()
                cls = re.search(r'class="([^"]*)"', rest)
                classes = cls.group(1).split() if cls else []
                g.add_node(node, label=label.replace("\\n", "\n"),
                           start="start" in classes, goal="goal" in classes,
                           optimal="optimal" in classes)
        return g

    def __str__(self) -> str:
        return self.dot


class Puzzle:
    """A puzzle, loaded and compiled by libriver.

    Make one with ``Puzzle.from_file(path, n=4, seats=3)`` or
    ``Puzzle.from_string(text, ...)``, the keywords being the values of
    the puzzle's parameters.  A puzzle that does not load raises
    PuzzleError with ``file``, ``line``, ``column`` and ``message``.
    A puzzle is immutable, and may be used by several threads at once.
    """

    def __init__(self, handle: int):
        self._handle = handle
        weakref.finalize(self, lib.river_puzzle_free, handle)

    @classmethod
    def _load(cls, load: Any, timeout: float,
              params: Mapping[str, int]) -> "Puzzle":
        arr, n = _params(params)

        def call(flag: ctypes.c_int) -> "Puzzle":
            opts = _lib.LoadOptions()
            lib.river_load_options_init(ctypes.byref(opts), opts.VERSION)
            opts.params = arr
            opts.n_params = n
            opts.timeout = timeout
            opts.cancel = ctypes.pointer(flag)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(load(ctypes.byref(out), ctypes.byref(opts),
                        ctypes.byref(diag)), diag)
            return cls(out.value)

        return cancellable(call)

    @classmethod
    def from_file(cls, path: PathLike, *, timeout: float = 0,
                  **params: int) -> "Puzzle":
        """Load the puzzle in the file at path, with values for its
        parameters as keywords (``n=4``).  timeout (seconds, 0 for none)
        bounds the expansion of its rules."""
        name = os.fsencode(path)
        return cls._load(lambda out, opts, diag:
                         lib.river_puzzle_load_file_opts(out, name, opts,
                                                         diag),
                         timeout, params)

    @classmethod
    def from_string(cls, text: str, *, name: Optional[str] = None,
                    timeout: float = 0, **params: int) -> "Puzzle":
        """Load a puzzle from its text; name is the file name its
        diagnostics give ("<string>" by default)."""
        data = text.encode()
        bname = None if name is None else name.encode()
        return cls._load(lambda out, opts, diag:
                         lib.river_puzzle_load_string_opts(
                             out, data, len(data), bname, opts, diag),
                         timeout, params)

    # ---- What the puzzle is -------------------------------------------

    @property
    def title(self) -> str:
        return _lib.text(lib.river_puzzle_title(self._handle))

    @property
    def description(self) -> str:
        return _lib.text(lib.river_puzzle_description(self._handle))

    @cached_property
    def items(self) -> List[Item]:
        """The items, in the order the puzzle declares them."""
        h = self._handle
        return [Item(_lib.text(lib.river_puzzle_item_name(h, i)),
                     _lib.text(lib.river_puzzle_item_label(h, i)),
                     lib.river_puzzle_item_copies(h, i),
                     bool(lib.river_puzzle_item_is_kind(h, i)),
                     bool(lib.river_puzzle_item_rows(h, i)))
                for i in range(lib.river_puzzle_item_count(h))]

    @cached_property
    def places(self) -> List[str]:
        """The places, first to last: ["left bank", "right bank"] unless
        the puzzle names more."""
        h = self._handle
        return [_lib.text(lib.river_puzzle_place_name(h, k))
                for k in range(lib.river_puzzle_place_count(h))]

    @cached_property
    def boats(self) -> List[str]:
        h = self._handle
        return [_lib.text(lib.river_puzzle_boat_name(h, k))
                for k in range(lib.river_puzzle_boat_count(h))]

    def _placement(self, fn: Any) -> Dict[str, Items]:
        return {place: Items({it.name: fn(self._handle, i, k)
                              for i, it in enumerate(self.items)})
                for k, place in enumerate(self.places)}

    @property
    def start(self) -> Dict[str, Items]:
        """The items at each place at the start."""
        return self._placement(lib.river_puzzle_item_start_at)

    @property
    def goal(self) -> Dict[str, Items]:
        """The items at each place in the goal."""
        return self._placement(lib.river_puzzle_item_goal_at)

    @property
    def start_boats(self) -> Dict[str, str]:
        """The place of each boat at the start."""
        return {b: self.places[lib.river_puzzle_boat_start_at(self._handle,
                                                              k)]
                for k, b in enumerate(self.boats)}

    @property
    def rules(self) -> List[str]:
        """The rules as the puzzle states them."""
        h = self._handle
        return [_lib.text(lib.river_puzzle_rule_text(h, r))
                for r in range(lib.river_puzzle_rule_count(h))]

    @property
    def timed(self) -> bool:
        """True when crossings take time."""
        return bool(lib.river_puzzle_timed(self._handle))

    @property
    def minimizes_time(self) -> bool:
        """True when the objective is the least time, not the fewest
        crossings."""
        return bool(lib.river_puzzle_minimizes_time(self._handle))

    @property
    def seats(self) -> int:
        return lib.river_puzzle_seats(self._handle)

    @property
    def boat_text(self) -> str:
        return _lib.text(lib.river_puzzle_boat_text(self._handle))

    @property
    def rowing_text(self) -> str:
        return _lib.text(lib.river_puzzle_rowing_text(self._handle))

    @property
    def objective_text(self) -> str:
        return _lib.text(lib.river_puzzle_objective_text(self._handle))

    @property
    def state_bits(self) -> int:
        return lib.river_puzzle_state_bits(self._handle)

    @property
    def state_space(self) -> float:
        return lib.river_puzzle_state_space(self._handle)

    def __repr__(self) -> str:
        return "<river.Puzzle %r>" % self.title

    def _repr_html_(self) -> str:
        e = html.escape
        items = ", ".join(e(it.name if it.copies == 1
                            else "%d %s" % (it.copies, it.name))
                          for it in self.items)
        rules = "".join("<li>%s</li>" % e(r) for r in self.rules)
        rows = [("Items", items), ("Boat", e(self.boat_text)),
                ("Objective", e(self.objective_text))]
        if len(self.places) > 2:
            rows.insert(1, ("Places", e(", ".join(self.places))))
        if self.rowing_text:
            rows.append(("Rowing", e(self.rowing_text)))
        return ("<div><h3>%s</h3><p>%s</p><table>%s</table>"
                "<p>Rules:</p><ul>%s</ul></div>"
                % (e(self.title), e(self.description),
                   "".join("<tr><th>%s</th><td>%s</td></tr>" % r
                           for r in rows), rules))

    # ---- Solving ------------------------------------------------------

    def solve(self, *, method: str = "auto", threads: int = 0,
              timeout: float = 0, max_states: int = 0, count: bool = False,
              symmetry: bool = True, engine: Optional[str] = None,
              horizon: Union[int, str, None] = None) -> Plan:
        """Search for an optimal plan (the fewest crossings, or the least
        time), as river solve does.

        method is "auto", "queue" or "layers"; threads 0 means one per
        CPU; timeout is in seconds (0: none); max_states 0 means the
        library's default; count=True also counts the optimal plans
        (``plan.count``).  engine names an external solver ("minizinc",
        "z3", "cbc", "glpk"), run on the model of the given horizon.

        A puzzle with no plan gives a Plan whose ``solved`` is False.
        Raises LimitReached (max_states), TimeLimitReached, TooBig,
        EngineError; KeyboardInterrupt stops the search."""
        if engine is not None and engine != "bfs":
            return self._solve_engine(engine, timeout, horizon)
        return self._search(method=method, threads=threads, timeout=timeout,
                            max_states=max_states, count=count,
                            symmetry=symmetry)

    def _search(self, **options: Any) -> Plan:
        """river_solve with options as _solve_options takes them."""

        def call(flag: ctypes.c_int) -> Plan:
            opts = _solve_options(flag, **options)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_solve(ctypes.byref(out), self._handle,
                                   ctypes.byref(opts), ctypes.byref(diag)),
                   diag)
            return Plan(self, out.value, counted=bool(opts.count))

        return cancellable(call)

    def _solve_engine(self, engine: str, timeout: float,
                      horizon: Union[int, str, None]) -> Plan:
        def call(flag: ctypes.c_int) -> Plan:
            opts = self._export_options(flag, horizon, None, timeout)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_solve_engine(ctypes.byref(out), self._handle,
                                          engine.encode(), ctypes.byref(opts),
                                          ctypes.byref(diag)), diag)
            return Plan(self, out.value)

        return cancellable(call)

    def count(self, **options: Any) -> int:
        """The number of optimal plans (0 when there is none); options as
        for solve()."""
        plan = self.solve(count=True, **options)
        return plan.count if plan.solved else 0

    def plans(self, limit: int = 100, **options: Any) -> Iterator[Plan]:
        """The optimal plans, up to limit of them, in the order of their
        crossings; options as for solve()."""
        if limit < 1:
            return iter(())
        plan = self._search(count=True, max_plans=limit, **options)

        def walk() -> Iterator[Plan]:
            for k in range(lib.river_plan_alternatives(plan._handle)):
                yield Plan(self, lib.river_plan_alternative(plan._handle, k),
                           owner=plan)

        return walk()

    # ---- Plans written elsewhere ----------------------------------------

    def verify(self, plan: Union[Plan, str, Iterable[Any]], *,
               name: str = "<plan>") -> Verdict:
        """Check a plan with the library's plan checker: a Plan, the text
        or JSON river solve prints, one crossing a line ("farmer goat
        -->"), or a list of loads.  Raises PlanSyntaxError when it cannot
        be read as a plan."""
        data = _plan_text(plan).encode()
        v = _lib.Verdict()
        diag = _lib.Diag()
        _check_plan(lib.river_verify(ctypes.byref(v), self._handle, data,
                                     len(data), name.encode(),
                                     ctypes.byref(diag)), diag)
        return _verdict(v, self, name)

    def replay(self, plan: Union[Plan, str, Iterable[Any]], *,
               name: str = "<plan>") -> Plan:
        """Play a plan's crossings, without any search, up to the one at
        fault when one is: a Plan whose ``verdict`` is the checker's and
        whose last state is where the player stands."""
        data = _plan_text(plan).encode()
        v = _lib.Verdict()
        out = ctypes.c_void_p()
        diag = _lib.Diag()
        _check_plan(lib.river_replay(ctypes.byref(out), ctypes.byref(v),
                                     self._handle, data, len(data),
                                     name.encode(), ctypes.byref(diag)), diag)
        return Plan(self, out.value, verdict=_verdict(v, self, name))

    def hint(self, partial: Union[Plan, str, Iterable[Any]] = "", *,
             timeout: float = 0, max_states: int = 0) -> Hint:
        """The next crossing of an optimal plan from where the crossings
        played so far (text, a Plan or a list of loads) lead."""
        data = _plan_text(partial).encode()

        def call(flag: ctypes.c_int) -> Hint:
            opts = _solve_options(flag, timeout=timeout,
                                  max_states=max_states)
            v = _lib.Verdict()
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check_plan(lib.river_hint(ctypes.byref(out), ctypes.byref(v),
                                       self._handle, data, len(data),
                                       b"<plan>", ctypes.byref(opts),
                                       ctypes.byref(diag)), diag)
            plan = Plan(self, out.value) if out.value else None
            return Hint(self, _verdict(v, self, "<plan>"), plan)

        return cancellable(call)

    def explain(self, *, timeout: float = 0, max_states: int = 0,
                threads: int = 0) -> Explanation:
        """Why each crossing of the optimal plan, or why there is no plan
        and which single change would give one (river explain)."""

        def call(flag: ctypes.c_int) -> Explanation:
            opts = _solve_options(flag, timeout=timeout,
                                  max_states=max_states, threads=threads)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_explain(ctypes.byref(out), self._handle,
                                     ctypes.byref(opts), ctypes.byref(diag)),
                   diag)
            return Explanation(self, out.value)

        return cancellable(call)

    def rate(self, *, timeout: float = 0, max_states: int = 0) -> Rating:
        """How hard the puzzle is, from every state it can reach (river
        rate): the optimum and its plans, dead ends, first moves,
        backward crossings, a random player's chance, bottlenecks."""

        def call(flag: ctypes.c_int) -> Rating:
            opts = _solve_options(flag, timeout=timeout,
                                  max_states=max_states)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_rate(ctypes.byref(out), self._handle,
                                  ctypes.byref(opts), ctypes.byref(diag)),
                   diag)
            return Rating(out.value)

        return cancellable(call)

    def graph(self, *, max_nodes: int = 0, max_states: int = 0,
              timeout: float = 0, broken: bool = False,
              reduced: bool = False) -> Graph:
        """Every state reachable from the start, as a Graph (DOT text;
        ``to_networkx()`` when networkx is importable)."""

        def call(flag: ctypes.c_int) -> Graph:
            opts = _lib.GraphOptions()
            lib.river_graph_options_init(ctypes.byref(opts), opts.VERSION)
            opts.max_nodes = max_nodes
            opts.max_states = max_states
            opts.timeout = timeout
            opts.broken = int(broken)
            opts.reduced = int(reduced)
            opts.cancel = ctypes.pointer(flag)
            info = _lib.GraphInfo()
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_graph(ctypes.byref(out), ctypes.byref(info),
                                   self._handle, ctypes.byref(opts),
                                   ctypes.byref(diag)), diag)
            return Graph(_lib.take_string(out), info.states, info.crossings,
                         info.broken, info.depth, bool(info.summary),
                         bool(info.solved), info.optimum, info.plans)

        return cancellable(call)

    # ---- Models ---------------------------------------------------------

    def _export_options(self, flag: ctypes.c_int,
                        horizon: Union[int, str, None],
                        lagrange: Optional[float],
                        timeout: float) -> _lib.ExportOptions:
        opts = _lib.ExportOptions()
        lib.river_export_options_init(ctypes.byref(opts), opts.VERSION)
        if horizon == "search":
            opts.horizon = _lib.HORIZON_SEARCH
        elif horizon is not None:
            if isinstance(horizon, bool) or not isinstance(horizon, int) \
                    or not 0 < horizon < _lib.HORIZON_SEARCH:
                raise ValueError("horizon must be a positive int, "
                                 "\"search\" or None, not %r" % (horizon,))
            opts.horizon = horizon
        if lagrange is not None:
            opts.lagrange = lagrange
        opts.timeout = timeout
        opts.cancel = ctypes.pointer(flag)
        return opts

    def export(self, fmt: str, *, horizon: Union[int, str, None] = None,
               lagrange: Optional[float] = None, timeout: float = 0) -> str:
        """The puzzle as a model for another solver, as text: "lp",
        "minizinc", "smt2", "ocean" (a Python program for D-Wave's Leap
        hybrid solver) or "bqm" (dimod's BQM JSON).

        horizon is the model's steps: None for the default bound on every
        optimal plan, "search" for the crossings of river's own plan, or
        a number; lagrange is the bqm's penalty weight (None: the
        default).  Raises Unsupported for a puzzle the models do not
        express (more than two places, several boats)."""

        def call(flag: ctypes.c_int) -> str:
            opts = self._export_options(flag, horizon, lagrange, timeout)
            out = ctypes.c_void_p()
            diag = _lib.Diag()
            _check(lib.river_export(ctypes.byref(out), self._handle,
                                    fmt.encode(), ctypes.byref(opts),
                                    ctypes.byref(diag)), diag)
            return _lib.take_string(out)

        return cancellable(call)

    def default_horizon(self) -> int:
        """The default horizon of the models: a bound on the crossings
        of an optimal plan."""
        out = ctypes.c_uint()
        diag = _lib.Diag()
        _check(lib.river_export_horizon(ctypes.byref(out), self._handle,
                                        ctypes.byref(diag)), diag)
        return out.value

    def to_cqm(self, *, horizon: Union[int, str, None] = None,
               timeout: float = 0) -> Any:
        """The constrained model as a dimod.ConstrainedQuadraticModel,
        read by dimod.lp.loads from the "lp" export (dimod must be
        importable)."""
        from ._ocean import lp_to_cqm
        return lp_to_cqm(self.export("lp", horizon=horizon, timeout=timeout))

    def to_bqm(self, *, horizon: Union[int, str, None] = None,
               lagrange: Optional[float] = None, timeout: float = 0) -> Any:
        """The penalty model as a dimod.BinaryQuadraticModel, from the
        "bqm" export (dimod must be importable)."""
        from ._ocean import json_to_bqm
        return json_to_bqm(self.export("bqm", horizon=horizon,
                                       lagrange=lagrange, timeout=timeout))

    def plan_from_sample(self, sample: Any) -> Plan:
        """Read a sample of the lp, ocean or bqm model (a mapping of
        variable labels to values, a dimod SampleSet's ``first.sample``,
        or a SampleSet row) back into a Plan, checked by the library's
        plan checker: ``plan.legal``, and ``plan.reason`` when not."""
        from ._sample import sample_plan_text
        text = sample_plan_text(self, sample)
        return self.replay(text, name="<sample>")


def sweep(*, file: Optional[PathLike] = None, text: Optional[str] = None,
          smallest: Optional[str] = None,
          params: Optional[Mapping[str, int]] = None, threads: int = 0,
          timeout: float = 0, max_states: int = 0,
          **axes: Union[range, Sequence[int]]) -> "Sweep":
    """Solve a puzzle at every point of a grid of one or two parameters,
    e.g. ``river.sweep(file="missionaries-cannibals.puz", n=range(1, 13),
    seats=range(2, 6))``: each axis a range (of step 1 or more).  params
    fixes other parameters; smallest names the axis whose least value
    admitting a plan is found for each value of the other ("seats" by
    default when an axis has that name)."""
    if (file is None) == (text is None):
        raise ValueError("give one of file and text")
    if file is not None:
        with open(file, "rb") as f:
            data = f.read()
        name = os.fsencode(file)
    else:
        data = text.encode()  # type: ignore[union-attr]
        name = None
    ax = (_lib.SweepAxis * max(len(axes), 1))()
    for i, (axis, values) in enumerate(axes.items()):
        r = values if isinstance(values, range) else range(
            values[0], values[-1] + 1) if len(values) else range(0)
        if len(r) == 0 or r.step < 1:
            raise ValueError("axis %s must be a non-empty, increasing "
                             "range" % axis)
        ax[i].name = axis.encode()
        ax[i].from_ = r.start
        ax[i].to = r[-1]
        ax[i].step = r.step
    arr, n = _params(params or {})
    bsmall = None if smallest is None else smallest.encode()

    def call(flag: ctypes.c_int) -> Sweep:
        opts = _solve_options(flag, threads=threads, timeout=timeout,
                              max_states=max_states)
        out = ctypes.c_void_p()
        diag = _lib.Diag()
        _check(lib.river_sweep_run(ctypes.byref(out), data, len(data), name,
                                   arr, n, ax, len(axes), bsmall,
                                   ctypes.byref(opts), ctypes.byref(diag)),
               diag)
        return Sweep(out.value)

    return cancellable(call)


@dataclass(frozen=True)
class SweepPoint:
    """One point of a sweep: the parameters' ``values`` there, and
    ``solved`` and ``optimum`` (crossings, or time), or the ``error``
    (a RiverError) that stopped it."""

    values: Dict[str, int]
    solved: bool
    optimum: Optional[int]
    error: Optional[RiverError]


class Sweep:
    """The outcome of river.sweep: ``points`` (a SweepPoint for each row
    and column), ``smallest`` and the renderings (``text``, ``csv``,
    ``to_json()``, ``svg``)."""

    def __init__(self, handle: int):
        self._handle = handle
        weakref.finalize(self, lib.river_sweep_free, handle)
        h = handle
        self.title = _lib.text(lib.river_sweep_title(h))
        self.minimizes_time = bool(lib.river_sweep_minimizes_time(h))
        self.axes = [_lib.text(lib.river_sweep_axis_name(h, a))
                     for a in range(lib.river_sweep_axes(h))]
        self.rows = lib.river_sweep_rows(h)
        self.columns = lib.river_sweep_columns(h)

    def at(self, row: int, column: int = 0) -> SweepPoint:
        p = lib.river_sweep_at(self._handle, row, column)
        if not p:
            raise IndexError("no point at (%d, %d)" % (row, column))
        pt = p.contents
        values = {a: pt.value[k] for k, a in enumerate(self.axes)}
        if pt.status != _lib.RIVER_OK:
            return SweepPoint(values, False, None,
                              error(pt.status, pt.diag.contents))
        return SweepPoint(values, bool(pt.solved),
                          pt.optimum if pt.solved else None, None)

    @property
    def points(self) -> List[SweepPoint]:
        return [self.at(r, c) for r in range(self.rows)
                for c in range(self.columns)]

    def smallest(self, k: int = 0) -> Optional[int]:
        """The least value of the smallest axis admitting a plan, for
        index k of the other axis; None when none does or it is
        unknown."""
        v = ctypes.c_longlong()
        found = lib.river_sweep_smallest(self._handle, k, ctypes.byref(v))
        return v.value if found == 1 else None

    def _render(self, fmt: int) -> str:
        out = ctypes.c_void_p()
        _check(lib.river_sweep_render(ctypes.byref(out), self._handle, fmt))
        return _lib.take_string(out)

    @property
    def text(self) -> str:
        return self._render(_lib.FORMAT_TEXT)

    @property
    def csv(self) -> str:
        return self._render(_lib.FORMAT_CSV)

    @property
    def svg(self) -> str:
        return self._render(_lib.FORMAT_SVG)

    def to_json(self) -> Dict[str, Any]:
        return json.loads(self._render(_lib.FORMAT_JSON))

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.text
