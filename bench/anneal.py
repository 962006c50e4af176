#!/usr/bin/env python3
"""How well river's BQM anneals: "make bench-anneal".

For each puzzle, the bqm model at the search's horizon (the crossings
of river's own optimal plan) is sampled by D-Wave's neal, READS reads of
SWEEPS sweeps each, and every read is decoded into a plan and judged by
libriver's plan checker.  Printed: the model's size, the share of reads
that are a legal plan, the share that are an optimal one (the rate), and
the seconds the annealing took.  Fails only when a read decodes to a
legal plan better than river's optimum, or its energy is below it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import neal

import river

TOP = Path(__file__).resolve().parents[1]
# Puzzle files and their parameters.
PUZZLES = [
    ("wgc", {}),
    ("exchange", {}),
    ("heavy-raft", {}),
    ("missionaries-cannibals", {}),
    ("missionaries-cannibals", {"n": 4, "seats": 3}),
    ("bridge-torch", {}),
    ("balanced-ferry", {}),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reads", type=int, default=100)
    ap.add_argument("--sweeps", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lagrange", type=float, default=None)
    ap.add_argument("puzzles", nargs="*", help="names of bundled puzzles")
    args = ap.parse_args()
    todo = [(n, p) for n, p in PUZZLES
            if not args.puzzles or n in args.puzzles]
    print("%-30s %6s %7s %6s %7s %7s" % ("puzzle", "vars", "inter", "legal",
                                         "optimal", "seconds"))
    wrong = 0
    for name, params in todo:
        puzzle = river.Puzzle.from_file(TOP / "puzzles" / (name + ".puz"),
                                        **params)
        best = puzzle.solve()
        bqm = puzzle.to_bqm(horizon="search", lagrange=args.lagrange)
        began = time.monotonic()
        reads = neal.SimulatedAnnealingSampler().sample(
            bqm, num_reads=args.reads, num_sweeps=args.sweeps,
            seed=args.seed)
        seconds = time.monotonic() - began
        legal = optimal = 0
        for row in reads.data(["sample", "energy"]):
            plan = puzzle.plan_from_sample(row.sample)
            if not (plan.legal and plan.solved):
                continue
            legal += 1
            if plan.objective < best.objective:
                print("%s: a read is a legal plan of %d, below river's %d"
                      % (name, plan.objective, best.objective))
                wrong += 1
            optimal += plan.objective == best.objective
        if reads.first.energy < best.objective:
            print("%s: a read's energy %g is below the optimum %d"
                  % (name, reads.first.energy, best.objective))
            wrong += 1
        label = name + "".join(" %s=%d" % kv for kv in params.items())
        print("%-30s %6d %7d %5.0f%% %6.0f%% %7.1f" % (
            label, bqm.num_variables, bqm.num_interactions,
            100.0 * legal / args.reads, 100.0 * optimal / args.reads,
            seconds))
        sys.stdout.flush()
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
