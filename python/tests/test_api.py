"""The package's interface: loading, errors, limits, interruption,
sweeps, pictures."""
from __future__ import annotations

import gc
import os
import signal
import threading
import time
from pathlib import Path

import pytest

import river
from conftest import TOP, run_river

WGC = TOP / "puzzles" / "wgc.puz"
MISSIONARIES = TOP / "puzzles" / "missionaries-cannibals.puz"
ISLAND = TOP / "puzzles" / "island-husbands.puz"
# How soon a search must stop once asked, in seconds: the checking mode
# (RIVER_CHECK=1) judges every state again, and reaches the next check
# of the clock or the cancel flag much later.
PROMPT = 60 if os.environ.get("RIVER_CHECK") == "1" else 5


def test_parameters_as_keywords() -> None:
    cli = run_river("solve", "-c", "-f", "json", "-D", "n=4", "-D", "seats=3",
                    MISSIONARIES)[1]
    plan = river.Puzzle.from_file(MISSIONARIES, n=4, seats=3).solve(
        count=True)
    assert plan.to_json() == __import__("json").loads(cli)
    assert plan.crossings == 9


def test_no_plan_is_a_result() -> None:
    plan = river.Puzzle.from_file(MISSIONARIES, n=4).solve()
    assert not plan.solved and plan.crossings == 0 and plan.steps == []
    assert run_river("solve", "-D", "n=4", MISSIONARIES)[0] == 1
    assert river.Puzzle.from_file(MISSIONARIES, n=4).count() == 0


def test_puzzle_error_has_the_place() -> None:
    bad = TOP / "tests" / "bad" / "at-least-zero.puz"
    status, _, err = run_river("check", bad)
    assert status == 2
    with pytest.raises(river.PuzzleError) as e:
        river.Puzzle.from_file(bad)
    first = err.splitlines()[0]
    assert first == "%s:%d:%d: error: %s" % (
        e.value.file, e.value.line, e.value.column, e.value.message)
    assert (e.value.line, e.value.column) == (4, 1)
    assert str(e.value) == err.rstrip("\n")


def test_syntax_error_in_a_string() -> None:
    with pytest.raises(river.PuzzleError) as e:
        river.Puzzle.from_string("items farmer, goat\nboat seats 2\n"
                                 "rowers farmer\ngoat eats @\n",
                                 name="mine.puz")
    assert (e.value.file, e.value.line, e.value.column) == ("mine.puz", 4, 11)
    assert e.value.status == -4


def test_missing_file_and_unknown_parameter() -> None:
    with pytest.raises(river.PuzzleError) as e:
        river.Puzzle.from_file(TOP / "no-such.puz")
    assert "no-such.puz" in e.value.file
    with pytest.raises(river.PuzzleError) as e:
        river.Puzzle.from_file(WGC, n=3)
    assert "n" in e.value.message
    with pytest.raises(TypeError):
        river.Puzzle.from_file(MISSIONARIES, n="3")


def test_puzzle_facts() -> None:
    p = river.Puzzle.from_file(MISSIONARIES)
    assert [(i.name, i.copies, i.kind) for i in p.items] == [
        ("missionaries", 3, True), ("cannibals", 3, True)]
    assert p.places == ["left bank", "right bank"] and p.boats == ["boat"]
    assert p.start["left bank"].count("cannibals") == 3
    assert p.goal["right bank"].total == 6
    assert p.seats == 2 and not p.timed and not p.minimizes_time
    assert p.rules and all(isinstance(r, str) for r in p.rules)
    html = p._repr_html_()
    assert p.title in html and p.rules[0].split()[0] in html


def test_max_states_raises_limit_reached() -> None:
    with pytest.raises(river.LimitReached) as e:
        river.Puzzle.from_file(ISLAND, n=40).solve(max_states=1000)
    assert e.value.status == -6
    assert run_river("solve", "-m", "1000", "-D", "n=40", ISLAND)[0] == 3


def test_timeout_raises_time_limit_reached() -> None:
    puzzle = river.Puzzle.from_file(ISLAND, n=60)
    began = time.monotonic()
    with pytest.raises(river.TimeLimitReached):
        puzzle.solve(timeout=0.3)
    assert time.monotonic() - began < PROMPT


def test_keyboard_interrupt_stops_a_long_search() -> None:
    """SIGINT during a search of many seconds: KeyboardInterrupt, soon,
    and the library usable after it.  Python's own handler is put in
    for the test: a process started in the background by a shell without
    job control inherits SIGINT ignored, and Python then leaves it so."""
    puzzle = river.Puzzle.from_file(ISLAND, n=60)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    was = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        began = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            puzzle.solve()
        assert time.monotonic() - began < PROMPT
        # The search has ended before the interrupt reaches the caller:
        # the puzzle it reads can go at once.
        del puzzle
        gc.collect()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, was)
    assert river.Puzzle.from_file(WGC).solve().crossings == 7


def test_searches_in_threads_at_once() -> None:
    puzzle = river.Puzzle.from_file(ISLAND, n=20)
    results = []

    def work() -> None:
        results.append(puzzle.solve(threads=1).crossings)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [puzzle.solve().crossings] * 4


def test_verify_an_illegal_plan(tmp_path: Path) -> None:
    text = "farmer wolf\n"
    (tmp_path / "p").write_text(text)
    status, out, _ = run_river("verify", WGC, tmp_path / "p")
    verdict = river.Puzzle.from_file(WGC).verify(text, name=str(tmp_path / "p"))
    assert status == 1 and not verdict
    assert verdict.step == 1 and verdict.reason in out
    assert verdict.text == out.rstrip("\n")
    with pytest.raises(river.PlanSyntaxError):
        river.Puzzle.from_file(WGC).verify("farmer unicorn\n")


def test_hint_at_a_fault_and_at_a_dead_end() -> None:
    puzzle = river.Puzzle.from_file(WGC)
    hint = puzzle.hint(["farmer wolf"])
    assert hint.plan is None and hint.verdict.step == 1
    start = puzzle.hint()
    assert str(start.next.load) == "farmer goat"
    assert start.plan.crossings == 7


def test_rate_as_the_cli() -> None:
    status, out, _ = run_river("rate", WGC)
    rating = river.Puzzle.from_file(WGC).rate()
    assert rating.text == out and status == 0
    assert rating.data["bottlenecks"] == 4
    assert rating.data["backward"][0]["crossing"] == 4
    with pytest.raises(river.LimitReached):
        river.Puzzle.from_file(WGC).rate(max_states=5)


def test_sweep_as_the_cli() -> None:
    status, out, _ = run_river("sweep", "-D", "n=1..4", "-D", "seats=2..3",
                               MISSIONARIES)
    s = river.sweep(file=MISSIONARIES, n=range(1, 5), seats=range(2, 4))
    assert s.text == out
    assert s.axes == ["n", "seats"] and (s.rows, s.columns) == (4, 2)
    point = s.at(3, 0)
    assert point.values == {"n": 4, "seats": 2} and not point.solved
    assert s.at(2, 0).optimum == 11
    assert s.smallest(3) == 3


def test_sweep_point_without_an_answer_says_why() -> None:
    s = river.sweep(file=MISSIONARIES, n=range(3, 5), max_states=10)
    assert s.at(0).error is not None and s.at(1).error is not None
    assert isinstance(s.at(0).error, river.LimitReached)
    assert "limit of 10 states" in str(s.at(0).error)
    assert s.at(0).error.file == str(MISSIONARIES)


def test_storyboard_and_notebook_views() -> None:
    plan = river.Puzzle.from_file(WGC).solve()
    status, out, _ = run_river("solve", "--format", "svg", WGC)
    assert plan._repr_svg_() == out
    assert "<svg" in plan._repr_html_()


def test_engine_missing_or_unknown() -> None:
    puzzle = river.Puzzle.from_file(WGC)
    with pytest.raises(river.RiverError):
        puzzle.solve(engine="no-such-engine")


def test_places_plan_steps() -> None:
    puzzle = river.Puzzle.from_file(TOP / "puzzles" / "island-missionaries.puz")
    plan = puzzle.solve()
    assert puzzle.places == ["left bank", "island", "right bank"]
    first = plan.steps[0]
    # Everything starts on the left bank: the first leg leaves it for an
    # empty place, which then holds the load.
    assert first.source == "left bank"
    assert first.target in ("island", "right bank")
    assert first.after.at[first.target] == first.load
    assert puzzle.verify(plan).legal


def test_structures_carry_their_versions() -> None:
    """The binding's structures are made with river.h's versions, as the
    C _init functions set them, and the library refuses one that is not
    set."""
    import ctypes

    from river import _lib
    lib = _lib.lib
    opts = _lib.SolveOptions()
    assert opts.version == 1
    assert lib.river_solve_options_init(ctypes.byref(opts), 0) == _lib.EVERSION
    assert lib.river_solve_options_init(ctypes.byref(opts), 1) == _lib.RIVER_OK
    assert opts.version == 1 and opts.max_states == 0
    for cls in (_lib.LoadOptions, _lib.ExportOptions, _lib.GraphOptions,
                _lib.Verdict, _lib.GraphInfo):
        assert cls().version == cls.VERSION == 1
    puzzle = ctypes.c_void_p()
    diag = _lib.Diag()
    text = WGC.read_bytes()
    assert lib.river_puzzle_load_string_opts(
        ctypes.byref(puzzle), text, len(text), b"wgc", None,
        ctypes.byref(diag)) == _lib.RIVER_OK
    plan = ctypes.c_void_p()
    opts.version = 0
    assert lib.river_solve(ctypes.byref(plan), puzzle, ctypes.byref(opts),
                           ctypes.byref(diag)) == _lib.EVERSION
    assert diag.message.decode().startswith(
        "river_solve_options version 0 is not one this library")
    lib.river_puzzle_free(puzzle)
