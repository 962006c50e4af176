"""The C interface of libriver, through ctypes.

Every structure and prototype here mirrors include/river.h; nothing of
what the library does is done again in Python.  The library is looked
for, in order, at the path in the environment variable RIVER_LIBRARY,
in the folder the package was installed for (LIBDIR in _config.py,
written by "make install"), in the build tree the package sits in
(python/ beside .libs/), and by the system's loader (SONAME).
ctypes releases the GIL around every call, so a search does not hold up
other Python threads.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (POINTER, Structure, c_char, c_char_p, c_double, c_int,
                    c_longlong, c_size_t, c_uint, c_ulonglong, c_void_p)
from pathlib import Path

RIVER_OK = 0
EINVAL = -1
ENOMEM = -2
EIO = -3
ESYNTAX = -4
EPUZZLE = -5
ELIMIT = -6
EINTERNAL = -7
ETOOBIG = -8
ENOENGINE = -9
EENGINE = -10
EUNSUPPORTED = -11
ETIMEOUT = -12
ECANCELED = -13
EVERSION = -14

FORMAT_TEXT = 0
FORMAT_JSON = 1
FORMAT_SVG = 2
FORMAT_CSV = 3

METHODS = {"auto": 0, "queue": 1, "layers": 2}
HORIZON_SEARCH = 0xFFFFFFFF

# sig_atomic_t is an int on every platform libriver builds on.
sig_atomic_t = c_int


class _Versioned(Structure):
    """A structure of river.h that begins with its version (river.h's
    RIVER_*_VERSION, in VERSION): made with it set and every other member
    0, as RIVER_*_INIT makes it, so that the library reads and writes
    the members mirrored here and no more."""
    VERSION = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.version = self.VERSION


class Diag(Structure):
    _fields_ = [("status", c_int), ("file", c_char * 256), ("line", c_int),
                ("column", c_int), ("message", c_char * 512),
                ("source_line", c_char * 256), ("source_column", c_int)]


class Param(Structure):
    _fields_ = [("name", c_char_p), ("value", c_longlong)]


class LoadOptions(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("params", POINTER(Param)),
                ("n_params", c_size_t), ("timeout", c_double),
                ("cancel", POINTER(sig_atomic_t))]


class SolveOptions(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("max_states", c_ulonglong),
                ("progress", c_void_p), ("userdata", c_void_p),
                ("count", c_int), ("max_plans", c_size_t),
                ("timeout", c_double), ("cancel", POINTER(sig_atomic_t)),
                ("no_symmetry", c_int), ("threads", c_uint),
                ("method", c_int)]


class Verdict(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("legal", c_int),
                ("crossings", c_size_t), ("step", c_size_t),
                ("reason", c_char * 256), ("time", c_ulonglong)]


class ExportOptions(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("horizon", c_uint),
                ("lagrange", c_double), ("timeout", c_double),
                ("cancel", POINTER(sig_atomic_t))]


class SweepAxis(Structure):
    _fields_ = [("name", c_char_p), ("from_", c_longlong),
                ("to", c_longlong), ("step", c_longlong)]


class SweepPoint(Structure):
    # Filled by the library: version is the one it filled it as, at
    # least 2, whose members these are; diag is NULL at a point with an
    # answer.
    _fields_ = [("version", c_uint), ("value", c_longlong * 2),
                ("status", c_int), ("solved", c_int),
                ("optimum", c_ulonglong), ("diag", POINTER(Diag))]


class GraphOptions(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("max_nodes", c_size_t),
                ("max_states", c_ulonglong), ("timeout", c_double),
                ("cancel", POINTER(sig_atomic_t)), ("broken", c_int),
                ("reduced", c_int)]


class GraphInfo(_Versioned):
    VERSION = 1
    _fields_ = [("version", c_uint), ("states", c_ulonglong),
                ("crossings", c_ulonglong), ("broken", c_ulonglong),
                ("depth", c_uint), ("summary", c_int), ("solved", c_int),
                ("optimum", c_ulonglong), ("plans", c_ulonglong)]


P = c_void_p  # an opaque object: river_puzzle, river_plan, ...
OUT = POINTER(c_void_p)  # where a function writes a new object or string
_PROTOTYPES = {
    "river_version": (c_char_p, []),
    "river_strerror": (c_char_p, [c_int]),
    "river_diag_format": (c_int, [c_char_p, c_size_t, POINTER(Diag)]),
    "river_load_options_init": (c_int, [POINTER(LoadOptions), c_uint]),
    "river_puzzle_load_file_opts": (
        c_int, [OUT, c_char_p, POINTER(LoadOptions), POINTER(Diag)]),
    "river_puzzle_load_string_opts": (
        c_int, [OUT, c_char_p, c_size_t, c_char_p, POINTER(LoadOptions),
                POINTER(Diag)]),
    "river_puzzle_free": (None, [P]),
    "river_puzzle_title": (c_char_p, [P]),
    "river_puzzle_description": (c_char_p, [P]),
    "river_puzzle_item_count": (c_size_t, [P]),
    "river_puzzle_item_name": (c_char_p, [P, c_size_t]),
    "river_puzzle_item_label": (c_char_p, [P, c_size_t]),
    "river_puzzle_item_copies": (c_uint, [P, c_size_t]),
    "river_puzzle_item_is_kind": (c_int, [P, c_size_t]),
    "river_puzzle_item_rows": (c_int, [P, c_size_t]),
    "river_puzzle_place_count": (c_size_t, [P]),
    "river_puzzle_place_name": (c_char_p, [P, c_size_t]),
    "river_puzzle_boat_count": (c_size_t, [P]),
    "river_puzzle_boat_name": (c_char_p, [P, c_size_t]),
    "river_puzzle_item_start_at": (c_uint, [P, c_size_t, c_size_t]),
    "river_puzzle_item_goal_at": (c_uint, [P, c_size_t, c_size_t]),
    "river_puzzle_boat_start_at": (c_int, [P, c_size_t]),
    "river_puzzle_boat_goal_at": (c_int, [P, c_size_t]),
    "river_puzzle_boat_seats": (c_uint, [P, c_size_t]),
    "river_puzzle_timed": (c_int, [P]),
    "river_puzzle_minimizes_time": (c_int, [P]),
    "river_puzzle_seats": (c_uint, [P]),
    "river_puzzle_boat_text": (c_char_p, [P]),
    "river_puzzle_rowing_text": (c_char_p, [P]),
    "river_puzzle_objective_text": (c_char_p, [P]),
    "river_puzzle_rule_count": (c_size_t, [P]),
    "river_puzzle_rule_text": (c_char_p, [P, c_size_t]),
    "river_puzzle_state_bits": (c_uint, [P]),
    "river_puzzle_state_space": (c_double, [P]),
    "river_solve_options_init": (c_int, [POINTER(SolveOptions), c_uint]),
    "river_solve": (c_int, [OUT, P, POINTER(SolveOptions), POINTER(Diag)]),
    "river_plan_free": (None, [P]),
    "river_plan_solved": (c_int, [P]),
    "river_plan_states_explored": (c_ulonglong, [P]),
    "river_plan_states_in_all": (c_ulonglong, [P]),
    "river_plan_crossings": (c_size_t, [P]),
    "river_plan_time": (c_ulonglong, [P]),
    "river_plan_count": (c_ulonglong, [P]),
    "river_plan_alternatives": (c_size_t, [P]),
    "river_plan_alternative": (P, [P, c_size_t]),
    "river_plan_item_at": (c_uint, [P, c_size_t, c_size_t, c_size_t]),
    "river_plan_item_moved": (c_uint, [P, c_size_t, c_size_t]),
    "river_plan_boat_at": (c_size_t, [P, c_size_t, c_size_t]),
    "river_plan_engine": (c_char_p, [P]),
    "river_plan_seconds": (c_double, [P]),
    "river_plan_horizon": (c_uint, [P]),
    "river_plan_render": (c_int, [OUT, P, c_int]),
    "river_verdict_init": (c_int, [POINTER(Verdict), c_uint]),
    "river_verify": (c_int, [POINTER(Verdict), P, c_char_p, c_size_t,
                             c_char_p, POINTER(Diag)]),
    "river_verify_svg": (c_int, [OUT, POINTER(Verdict), P, c_char_p,
                                 c_size_t, c_char_p, POINTER(Diag)]),
    "river_verdict_render": (c_int, [OUT, POINTER(Verdict), P, c_char_p,
                                     c_ulonglong, c_int]),
    "river_replay": (c_int, [OUT, POINTER(Verdict), P, c_char_p, c_size_t,
                             c_char_p, POINTER(Diag)]),
    "river_hint": (c_int, [OUT, POINTER(Verdict), P, c_char_p, c_size_t,
                           c_char_p, POINTER(SolveOptions), POINTER(Diag)]),
    "river_hint_render": (c_int, [OUT, P, c_int]),
    "river_explain": (c_int, [OUT, P, POINTER(SolveOptions), POINTER(Diag)]),
    "river_explanation_plan": (P, [P]),
    "river_explain_render": (c_int, [OUT, P, c_int]),
    "river_explanation_free": (None, [P]),
    "river_rate": (c_int, [OUT, P, POINTER(SolveOptions), POINTER(Diag)]),
    "river_rating_render": (c_int, [OUT, P, c_int]),
    "river_rating_free": (None, [P]),
    "river_export_options_init": (c_int, [POINTER(ExportOptions), c_uint]),
    "river_export_formats": (POINTER(c_char_p), []),
    "river_export": (c_int, [OUT, P, c_char_p, POINTER(ExportOptions),
                             POINTER(Diag)]),
    "river_export_horizon": (c_int, [POINTER(c_uint), P, POINTER(Diag)]),
    "river_solve_engine": (c_int, [OUT, P, c_char_p, POINTER(ExportOptions),
                                   POINTER(Diag)]),
    "river_engines": (POINTER(c_char_p), []),
    "river_sweep_run": (c_int, [OUT, c_char_p, c_size_t, c_char_p,
                                POINTER(Param), c_size_t, POINTER(SweepAxis),
                                c_size_t, c_char_p, POINTER(SolveOptions),
                                POINTER(Diag)]),
    "river_sweep_free": (None, [P]),
    "river_sweep_axes": (c_size_t, [P]),
    "river_sweep_axis_name": (c_char_p, [P, c_size_t]),
    "river_sweep_rows": (c_size_t, [P]),
    "river_sweep_columns": (c_size_t, [P]),
    "river_sweep_at": (POINTER(SweepPoint), [P, c_size_t, c_size_t]),
    "river_sweep_title": (c_char_p, [P]),
    "river_sweep_minimizes_time": (c_int, [P]),
    "river_sweep_smallest_axis": (c_int, [P]),
    "river_sweep_smallest": (c_int, [P, c_size_t, POINTER(c_longlong)]),
    "river_sweep_render": (c_int, [OUT, P, c_int]),
    "river_graph_options_init": (c_int, [POINTER(GraphOptions), c_uint]),
    "river_graph_info_init": (c_int, [POINTER(GraphInfo), c_uint]),
    "river_graph": (c_int, [OUT, POINTER(GraphInfo), P, POINTER(GraphOptions),
                            POINTER(Diag)]),
    "river_free": (None, [c_void_p]),
}


# The shared library's file name, libriver.so.N: N changes with every
# release that breaks the interface (libriver(3), "Versions and
# compatibility"), and this package is of the interface of this one.
SONAME = "libriver.so.2"


def _candidates() -> list[str]:
    """Where the library may be, most specific first."""
    found = []
    env = os.environ.get("RIVER_LIBRARY")
    if env:
        found.append(env)
    try:
        from . import _config
        if _config.LIBDIR:
            found.append(os.path.join(_config.LIBDIR, SONAME))
    except ImportError:
        pass
    tree = Path(__file__).resolve().parent.parent.parent / ".libs"
    found.append(str(tree / SONAME))
    found.append(SONAME)
    name = ctypes.util.find_library("river")
    if name:
        found.append(name)
    return found


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (no such file)")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
            continue
        for name, (restype, argtypes) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes
        return lib
    raise ImportError(
        "libriver cannot be loaded; install it (make install), or set "
        "RIVER_LIBRARY to the path of libriver.so.  Tried: "
        + "; ".join(tried))


lib = _load()


def text(b: bytes | None) -> str:
    """A string the library returned, as Python text."""
    return "" if b is None else b.decode("utf-8", "replace")


def take_string(ptr: c_void_p) -> str:
    """A new string the library made (char **out): read and release."""
    if not ptr.value:
        return ""
    try:
        return ctypes.string_at(ptr.value).decode("utf-8", "replace")
    finally:
        lib.river_free(ptr)


def string_list(arr) -> list[str]:
    """A NULL-terminated array of strings, as a list."""
    out = []
    i = 0
    while arr[i] is not None:
        out.append(text(arr[i]))
        i += 1
    return out
