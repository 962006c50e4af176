"""river: river-crossing puzzles, solved by libriver.

Load a puzzle, solve it, and look at the plan::

    import river
    puzzle = river.Puzzle.from_file("puzzles/wgc.puz")
    plan = puzzle.solve(count=True)
    print(plan.crossings, plan.count)      # 7 2
    for step in plan:
        print(step.load, step.direction, sorted(step.right))

Parameters are keywords (``from_file(path, n=4, seats=3)``); a puzzle
that does not load raises PuzzleError with its file, line and column.
A puzzle with no plan gives a plan whose ``solved`` is False; limits
raise LimitReached (TimeLimitReached for a timeout), external engines'
failures EngineError, and KeyboardInterrupt stops a long search.

Models for other solvers come as text (``puzzle.export("lp")``, "minizinc",
"smt2", "ocean", "bqm") and, when D-Wave's dimod is importable, as dimod
models (``puzzle.to_cqm()``, ``puzzle.to_bqm()``); ``puzzle.plan_from_sample``
reads a sampler's answer back into a plan the library checks.

Everything is done by libriver, through ctypes: see _lib for how the
library is found (the environment variable RIVER_LIBRARY, the folder of
"make install", the build tree, the system's loader).
"""
from ._core import (Explanation, Graph, Hint, Item, Items, Plan, Puzzle,
                    Rating, State, Step, Sweep, SweepPoint, Verdict, sweep)
from ._errors import (Cancelled, EngineError, EngineNotFound, InternalError,
                      InvalidArgument, LimitReached, PlanSyntaxError,
                      PuzzleError, RiverError, RiverMemoryError,
                      TimeLimitReached, TooBig, Unsupported)
from ._lib import lib as _lib_handle, string_list as _strings, text as _text

__version__ = _text(_lib_handle.river_version())

#: The formats of Puzzle.export, and the engines of Puzzle.solve(engine=).
EXPORT_FORMATS = tuple(_strings(_lib_handle.river_export_formats()))
ENGINES = tuple(_strings(_lib_handle.river_engines()))

__all__ = [
    "Puzzle", "Plan", "Step", "State", "Items", "Item", "Verdict", "Hint",
    "Explanation", "Rating", "Graph", "Sweep", "SweepPoint", "sweep",
    "RiverError", "PuzzleError", "PlanSyntaxError", "Unsupported",
    "InvalidArgument", "LimitReached", "TooBig", "TimeLimitReached",
    "Cancelled", "EngineError", "EngineNotFound", "RiverMemoryError",
    "InternalError", "EXPORT_FORMATS", "ENGINES",
]
