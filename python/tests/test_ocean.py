"""River's models in D-Wave's own libraries: dimod reads them, river's
plans are their feasible samples of the right objective, exact solvers
find nothing better, neal anneals wolf, goat and cabbage to an optimal
plan, and the exported Ocean program runs."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import river
from river._ocean import bqm_sample, cqm_sample
from conftest import PLACES, TOP, TWO_BANKS, ids, need, run_river

SMALL = [TOP / "tests" / "puzzles" / p
         for p in ("untitled.puz", "boat-goal.puz")]


@pytest.fixture(scope="module")
def dimod() -> Any:
    return need("dimod")


@pytest.mark.parametrize("horizon", [None, "search"])
@pytest.mark.parametrize("path", TWO_BANKS, ids=ids(TWO_BANKS))
def test_river_plan_is_a_feasible_sample(dimod: Any, path: Path,
                                         horizon: Any) -> None:
    """At the default horizon and at the search's, river's plan is a
    feasible sample of the CQM whose objective is its crossings (or its
    time), reads back as the same plan, and is a sample of the BQM whose
    energy is the same."""
    plan_is_a_sample(dimod, path, horizon, bqm=horizon == "search")


def plan_is_a_sample(dimod: Any, path: Path, horizon: Any,
                     bqm: bool) -> None:
    """river's plan of path is a feasible sample of its CQM at horizon,
    of the same objective, read back as the same plan; with bqm, also a
    sample of the BQM, of the same energy, read back the same."""
    puzzle = river.Puzzle.from_file(path)
    plan = puzzle.solve()
    cqm = puzzle.to_cqm(horizon=horizon)
    assert isinstance(cqm, dimod.ConstrainedQuadraticModel)
    sample = cqm_sample(plan, cqm)
    assert cqm.check_feasible(sample)
    assert cqm.objective.energy(sample) == plan.objective
    back = puzzle.plan_from_sample(sample)
    assert back.legal and back.solved
    assert back.to_json()["plan"] == plan.to_json()["plan"]
    if bqm:
        penalty = puzzle.to_bqm(horizon=horizon)
        assert isinstance(penalty, dimod.BinaryQuadraticModel)
        bits = bqm_sample(plan, cqm, penalty)
        assert set(bits) == set(penalty.variables)
        assert penalty.energy(bits) == plan.objective
        assert puzzle.plan_from_sample(bits).to_json()["plan"] == \
            plan.to_json()["plan"]


# Of places and boats: the bundled ones, and boats with their own
# rowers and leg times.
BOATS = PLACES + [TOP / "tests" / "puzzles" / "ferry-and-raft.puz"]


@pytest.mark.parametrize("path", BOATS, ids=ids(BOATS))
def test_river_plan_of_places_is_a_feasible_sample(dimod: Any,
                                                   path: Path) -> None:
    """At the search's horizon, river's plan of places is a feasible
    sample of the CQM whose objective is its crossings (or its time),
    reads back as the same plan, and is a sample of the BQM with the same
    energy: the models' one-hot places, legs, each boat's rowers, loads
    and leg times hold it."""
    plan_is_a_sample(dimod, path, "search", bqm=True)


def test_a_sample_that_breaks_a_rule_is_refused(dimod: Any) -> None:
    puzzle = river.Puzzle.from_file(TOP / "puzzles" / "wgc.puz")
    plan = puzzle.solve()
    cqm = puzzle.to_cqm(horizon="search")
    sample = cqm_sample(plan, cqm)
    # The farmer takes the wolf first: the goat eats the cabbage.
    sample.update({"pos_goat_1": 0, "pos_wolf_1": 1})
    bad = puzzle.plan_from_sample(sample)
    assert not bad.legal and bad.fault == 1
    assert "goat" in bad.reason and "cabbage" in bad.reason
    assert not cqm.check_feasible(sample)


@pytest.mark.parametrize("path", SMALL, ids=ids(SMALL))
def test_exact_cqm_solver_finds_no_better(dimod: Any, path: Path) -> None:
    """Every sample of the whole CQM, at the default horizon: the best
    feasible objective is river's optimum, and each feasible sample of
    it reads back as a legal optimal plan."""
    puzzle = river.Puzzle.from_file(path)
    best = puzzle.solve(count=True)
    cqm = puzzle.to_cqm()
    samples = dimod.ExactCQMSolver().sample_cqm(cqm)
    feasible = samples.filter(lambda row: row.is_feasible)
    assert feasible.first.energy == best.objective
    optimal = [row for row in feasible.data(["sample", "energy"])
               if row.energy == best.objective]
    plans = set()
    for row in optimal:
        plan = puzzle.plan_from_sample(row.sample)
        assert plan.legal and plan.solved
        plans.add(json.dumps(plan.to_json()["plan"]))
    assert len(plans) == best.count


# Puzzles whose BQM ExactSolver can take whole, and the horizon.
EXACT = [("untitled.puz", None), ("boat-goal.puz", None),
         ("boat-goal-individuals.puz", "search"), ("heavy-calf.puz", None)]


@pytest.mark.parametrize("name,horizon", EXACT,
                         ids=[n for n, _ in EXACT])
def test_exact_solver_ground_states_are_the_optimal_plans(
        dimod: Any, name: str, horizon: Any) -> None:
    """Every assignment of the BQM: its ground states decode to legal
    plans of river's optimum, and to every optimal plan (an integer's
    digits may spell a value two ways: weights 1 and 1 for 0 to 2); with
    no plan, the ground state costs the penalty weight."""
    puzzle = river.Puzzle.from_file(TOP / "tests" / "puzzles" / name)
    best = puzzle.solve(count=True)
    bqm = puzzle.to_bqm(horizon=horizon)
    ground = dimod.ExactSolver().sample(bqm).lowest()
    if not best.solved:
        # The default weight: one more than the objective can be.
        assert ground.first.energy >= puzzle.default_horizon() + 1
        return
    assert ground.first.energy == best.objective
    plans = []
    for row in ground.data(["sample"]):
        plan = puzzle.plan_from_sample(row.sample)
        assert plan.legal and plan.solved
        assert plan.objective == best.objective
        plans.append(json.dumps(plan.to_json()["plan"]))
    assert len(set(plans)) == best.count
    assert set(plans) == {json.dumps(p.to_json()["plan"])
                          for p in puzzle.plans(limit=best.count)}


def test_neal_anneals_wgc_to_an_optimal_plan(dimod: Any) -> None:
    """Of 100 reads of 10,000 sweeps at the search's horizon, some
    decode to a plan the library finds legal and optimal; and none is
    below the optimum, which would be a model that lets a rule break."""
    neal = need("neal")
    puzzle = river.Puzzle.from_file(TOP / "puzzles" / "wgc.puz")
    best = puzzle.solve()
    bqm = puzzle.to_bqm(horizon="search")
    reads = neal.SimulatedAnnealingSampler().sample(
        bqm, num_reads=100, num_sweeps=10000, seed=2024)
    assert reads.first.energy >= best.objective
    good = 0
    for row in reads.data(["sample", "energy"]):
        plan = puzzle.plan_from_sample(row.sample)
        if plan.legal and plan.solved and plan.objective == best.objective:
            assert row.energy == best.objective
            good += 1
    assert good >= 1


STAND_IN = '''\
"""A stand-in for dwave.system's LeapHybridCQMSampler: it answers with
a dimod SampleSet of the samples in the JSON file RIVER_SAMPLES, judged
against the model the program built."""
import json
import os

import dimod


class LeapHybridCQMSampler:
    def sample_cqm(self, cqm, label=None):
        with open(os.environ["RIVER_SAMPLES"]) as f:
            samples = json.load(f)
        return dimod.SampleSet.from_samples_cqm(samples, cqm)
'''


def test_the_ocean_program_prints_the_plan(dimod: Any,
                                           tmp_path: Path) -> None:
    """The exported program builds its CQM, samples it with the stand-in
    sampler (answering with river's plan and an infeasible sample),
    keeps the feasible sample and prints its plan."""
    path = TOP / "puzzles" / "wgc.puz"
    puzzle = river.Puzzle.from_file(path)
    plan = puzzle.solve()
    program = tmp_path / "wgc.py"
    program.write_text(puzzle.export("ocean", horizon="search"))
    (tmp_path / "dwave" / "system").mkdir(parents=True)
    (tmp_path / "dwave" / "__init__.py").write_text("")
    (tmp_path / "dwave" / "system" / "__init__.py").write_text(STAND_IN)
    cqm = puzzle.to_cqm(horizon="search")
    sample = cqm_sample(plan, cqm)
    # (dimod reads a list of samples in the first one's order.)
    nothing = {str(v): 0 for v in cqm.variables}
    (tmp_path / "samples.json").write_text(json.dumps(
        [nothing, {str(v): sample[v] for v in cqm.variables}]))
    env = dict(os.environ, RIVER_SAMPLES=str(tmp_path / "samples.json"),
               PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    p = subprocess.run([sys.executable, str(program)], capture_output=True,
                       text=True, env=env, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[-1] == "Solved in %d crossings" % plan.crossings
    said = [line for line in lines
            if line.startswith(("Bring ", "Return with "))]
    assert said == [("Bring %s to the other side" if s.direction == "-->"
                     else "Return with %s") % ", ".join(
                         n for n in (it.name for it in puzzle.items)
                         for _ in range(s.load.count(n)))
                    for s in plan.steps]


def test_the_example_anneals_and_draws(dimod: Any, tmp_path: Path) -> None:
    need("neal")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.run([sys.executable, str(TOP / "examples" / "anneal.py")],
                       capture_output=True, text=True, env=env, cwd=tmp_path,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    crossings = river.Puzzle.from_file(TOP / "puzzles" / "wgc.puz").solve() \
        .crossings
    assert "legal: the goal is reached after %d crossings" % crossings \
        in p.stdout
    assert "<svg" in (tmp_path / "wgc-annealed.svg").read_text()
