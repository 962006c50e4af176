"""Every bundled puzzle through Python gives what river(1) gives."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import river
from conftest import PLACES, TWO_BANKS, ids, river_json, run_river


def test_solve_and_count_as_the_cli(puzzle_path: Path) -> None:
    cli = river_json("solve", "-c", "-f", "json", puzzle_path)
    puzzle = river.Puzzle.from_file(puzzle_path)
    plan = puzzle.solve(count=True)
    assert plan.solved == cli["solved"]
    assert plan.crossings == cli["crossings"]
    assert plan.time == cli.get("time")
    assert plan.count == cli["optimal_plans"]
    assert plan.states_explored == cli["states_explored"]
    assert puzzle.count() == cli["optimal_plans"]
    assert puzzle.title == cli["title"]
    # The same plan, rendered by the library as the CLI renders it.
    assert plan.to_json() == cli


def test_steps_are_the_plan(puzzle_path: Path) -> None:
    """The steps read through the accessors say what the JSON says."""
    puzzle = river.Puzzle.from_file(puzzle_path)
    plan = puzzle.solve()
    data = plan.to_json()
    assert len(plan.steps) == plan.crossings == len(data["plan"])
    for step, row in zip(plan.steps, data["plan"]):
        assert Counter(step.load.copies) == Counter(row["boat"])
        if "at" in row:
            for place, names in row["at"].items():
                assert Counter(step.after.at[place].copies) == Counter(names)
        else:
            assert Counter(step.left.copies) == Counter(row["left"])
            assert Counter(step.right.copies) == Counter(row["right"])
            assert step.direction == ("-->" if row["to"] == "right"
                                      else "<--")
    # Everything the goal asks for is where it asks for it.
    last = plan.states[-1]
    for place, items in puzzle.goal.items():
        assert last.at[place].copies == items.copies


def test_every_plan_listed_is_legal_and_optimal(puzzle_path: Path) -> None:
    puzzle = river.Puzzle.from_file(puzzle_path)
    best = puzzle.solve(count=True)
    plans = list(puzzle.plans(limit=6))
    assert len(plans) == min(6, best.count)
    seen = set()
    for plan in plans:
        verdict = puzzle.verify(plan)
        assert verdict.legal, verdict.reason
        assert verdict.crossings == best.crossings
        assert plan.objective == best.objective
        seen.add(plan.json_text)
    assert len(seen) == len(plans)


def test_verify_as_the_cli(puzzle_path: Path, tmp_path: Path) -> None:
    puzzle = river.Puzzle.from_file(puzzle_path)
    plan = puzzle.solve()
    text = tmp_path / "plan.txt"
    text.write_text(plan.text)
    status, out, _ = run_river("verify", "-f", "json", puzzle_path, text)
    assert status == 0
    verdict = puzzle.verify(plan.text)
    assert verdict.legal and verdict.crossings == plan.crossings
    # Every crossing but the last: the plan stops short of the goal.
    short = puzzle.verify([str(step) for step in plan.steps[:-1]])
    assert not short.legal and short.step == 0 and short.reason


@pytest.mark.parametrize("path", TWO_BANKS, ids=ids(TWO_BANKS))
@pytest.mark.parametrize("fmt", ["lp", "minizinc", "smt2", "ocean", "bqm"])
def test_export_as_the_cli(path: Path, fmt: str) -> None:
    status, out, err = run_river("export", "--to", fmt, "-H", "search", path)
    assert status == 0, err
    assert river.Puzzle.from_file(path).export(fmt, horizon="search") == out


@pytest.mark.parametrize("path", PLACES, ids=ids(PLACES))
def test_places_refused_as_the_library_refuses(path: Path) -> None:
    """A command the library does not take for a puzzle of places
    raises with the library's own message."""
    status, _, err = run_river("export", "--to", "lp", path)
    puzzle = river.Puzzle.from_file(path)
    if status == 0:
        assert puzzle.export("lp")
        return
    assert status == 2
    with pytest.raises(river.RiverError) as e:
        puzzle.export("lp")
    assert e.value.message in err


def test_hint_explain_graph_as_the_cli(puzzle_path: Path,
                                       tmp_path: Path) -> None:
    puzzle = river.Puzzle.from_file(puzzle_path)
    plan = puzzle.solve()
    played = tmp_path / "played.txt"
    played.write_text("".join("%s\n" % s for s in plan.steps[:2]))
    status, out, _ = run_river("hint", puzzle_path, played)
    hint = puzzle.hint(played.read_text())
    assert status == 0 and hint.text == out.rstrip("\n")
    assert hint.next is not None
    assert hint.plan.crossings == plan.crossings - 2
    status, out, err = run_river("explain", puzzle_path)
    if status == 0:
        assert puzzle.explain().text == out
    else:
        with pytest.raises(river.RiverError) as e:
            puzzle.explain()
        assert e.value.message in err
    status, out, err = run_river("graph", puzzle_path)
    if status == 0:
        graph = puzzle.graph()
        assert graph.dot == out
        assert graph.solved
        assert graph.optimum == (plan.crossings if graph.summary
                                 else plan.objective)
    else:
        with pytest.raises(river.RiverError) as e:
            puzzle.graph()
        assert e.value.message in err
