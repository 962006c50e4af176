#!/usr/bin/env python3
"""Wolf, goat and cabbage, from text to an annealed plan.

The puzzle is loaded from its text; its constrained model becomes a
dimod ConstrainedQuadraticModel (what D-Wave's Leap hybrid solver
takes), and its penalty form a BinaryQuadraticModel, which neal's
simulated annealing samples.  Each read is decoded into a plan and
checked by libriver's plan checker; the best legal one is printed, and
its storyboard written as SVG.

    PYTHONPATH=python:$(cat build/ocean.path) python3 examples/anneal.py

(build/ocean.path comes from "make ocean"; see the README's Python
section.)  With --cqm, neal anneals dimod's own penalty form of the CQM
(dimod.cqm_to_bqm) instead of river's BQM.
"""
import sys

import dimod
import neal

import river

PUZZLE = """
title "Wolf, goat and cabbage"
items farmer, wolf, goat, cabbage
boat seats 2
rowers farmer
guard farmer
wolf eats goat
goat eats cabbage
"""


def main(argv: list) -> int:
    puzzle = river.Puzzle.from_string(PUZZLE, name="wgc")
    best = puzzle.solve()
    # The model of as many steps as river's own plan has crossings.
    cqm = puzzle.to_cqm(horizon="search")
    print("CQM: %d variables, %d constraints"
          % (len(cqm.variables), len(cqm.constraints)))
    if "--cqm" in argv:
        bqm, invert = dimod.cqm_to_bqm(cqm)
    else:
        bqm, invert = puzzle.to_bqm(horizon="search"), dict
    print("BQM: %d variables, %d interactions"
          % (bqm.num_variables, bqm.num_interactions))
    reads = neal.SimulatedAnnealingSampler().sample(
        bqm, num_reads=100, num_sweeps=10000, seed=1)
    plans = [puzzle.plan_from_sample(invert(row.sample))
             for row in reads.data(["sample"])]
    legal = [p for p in plans if p.legal and p.solved]
    optimal = [p for p in legal if p.objective == best.objective]
    print("%d reads: %d legal plans, %d optimal (river: %d crossings)"
          % (len(plans), len(legal), len(optimal), best.crossings))
    if not legal:
        print("No read is a legal plan; the first is refused: %s"
              % plans[0].reason)
        return 1
    plan = min(legal, key=lambda p: p.objective)
    print(puzzle.verify(plan).text)
    print(plan.text)
    with open("wgc-annealed.svg", "w") as f:
        f.write(plan.svg)
    print("Its storyboard: wgc-annealed.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
