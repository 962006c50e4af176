"""Shared by the tests: where the tree, its puzzles and the river
program are, and how to run river to compare with the package."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

TOP = Path(__file__).resolve().parents[2]
PUZZLES = sorted((TOP / "puzzles").glob("*.puz"))
# The river program of the build tree ("make check" says where).
RIVER = os.environ.get("RIVER", str(TOP / "river"))


def run_river(*args: str) -> Tuple[int, str, str]:
    """Run river with args: its exit status, output and errors."""
    p = subprocess.run([RIVER, *map(str, args)], capture_output=True,
                       text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def river_json(*args: str) -> Dict[str, Any]:
    status, out, err = run_river(*args)
    assert status in (0, 1), err
    return json.loads(out)


def is_places(path: Path) -> bool:
    """A puzzle of more than two places or more than one boat."""
    out = run_river("check", path)[1]
    return any(line.startswith(("places:", "boats:"))
               for line in out.splitlines())


TWO_BANKS: List[Path] = [p for p in PUZZLES if not is_places(p)]
PLACES: List[Path] = [p for p in PUZZLES if p not in TWO_BANKS]


def ids(paths: List[Path]) -> List[str]:
    return [p.stem for p in paths]


def pytest_report_header(config: Any) -> str:
    return "river: %s; puzzles: %d (%d of two banks)" % (
        RIVER, len(PUZZLES), len(TWO_BANKS))


@pytest.fixture(params=PUZZLES, ids=ids(PUZZLES))
def puzzle_path(request: Any) -> Path:
    return request.param


def need(module: str) -> Any:
    """Import module for a test of the Ocean models: skip the test
    when it is missing, saying how to get it, unless RIVER_REQUIRE_OCEAN
    is 1 (CI), where a missing module fails it."""
    try:
        return __import__(module)
    except ImportError as e:
        why = ("%s is not importable (%s): build dimod and neal with "
               "'make ocean', or set RIVER_OCEAN_PATH" % (module, e))
        if os.environ.get("RIVER_REQUIRE_OCEAN") == "1":
            pytest.fail(why)
        pytest.skip(why)
