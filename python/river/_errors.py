"""Exceptions: one for each class of failure river(1) tells apart by its
exit status.  A search that proves there is no plan is not one of them:
it gives a Plan whose ``solved`` is False."""
from __future__ import annotations

import ctypes
from typing import Optional

from . import _lib
from ._lib import lib


class RiverError(Exception):
    """A call into libriver failed.

    ``status`` is the library's code (a negative RIVER_E* value),
    ``message`` its words, ``file``, ``line`` and ``column`` where the
    fault is when it has a place (line and column count from 1; both are
    0 when there is none).  ``str()`` gives the diagnostic as river(1)
    prints it: ``FILE:LINE:COL: error: MESSAGE``, the line and a caret.
    """

    def __init__(self, message: str, *, status: int = 0, file: str = "",
                 line: int = 0, column: int = 0, formatted: str = ""):
        super().__init__(formatted or message)
        self.status = status
        self.message = message
        self.file = file
        self.line = line
        self.column = column


class PuzzleError(RiverError, ValueError):
    """The puzzle cannot be read, does not parse, or is not a valid
    puzzle (river(1) exit status 2)."""


class PlanSyntaxError(PuzzleError):
    """A plan given to verify, hint or plan_from_sample cannot be read
    as a plan."""


class Unsupported(RiverError):
    """The command does not take this puzzle, e.g. a model of a river
    with islands (exit status 2); the message says why."""


class InvalidArgument(RiverError, ValueError):
    """An argument the library refuses (a bad timeout, horizon, ...)."""


class LimitReached(RiverError):
    """The search reached its max_states limit, or the puzzle is too big
    to search or to model (exit status 3)."""


class TooBig(LimitReached):
    """The puzzle is too big to search at all, or to model."""


class TimeLimitReached(LimitReached, TimeoutError):
    """The time limit given as ``timeout`` was reached (exit status 3)."""


class Cancelled(RiverError):
    """The call was cancelled (by KeyboardInterrupt, the call then raises
    KeyboardInterrupt itself)."""


class EngineError(RiverError):
    """An external engine failed, or answered with a plan the library's
    checker refuses (exit status 5)."""


class EngineNotFound(EngineError):
    """The external engine is not installed; the message names the
    Debian package (exit status 2)."""


class RiverMemoryError(RiverError, MemoryError):
    """The library ran out of memory."""


class InternalError(RiverError):
    """A bug in libriver (exit status 4): please report it."""


_CLASSES = {
    _lib.EINVAL: InvalidArgument,
    _lib.ENOMEM: RiverMemoryError,
    _lib.EIO: PuzzleError,
    _lib.ESYNTAX: PuzzleError,
    _lib.EPUZZLE: PuzzleError,
    _lib.ELIMIT: LimitReached,
    _lib.EINTERNAL: InternalError,
    _lib.ETOOBIG: TooBig,
    _lib.ENOENGINE: EngineNotFound,
    _lib.EENGINE: EngineError,
    _lib.EUNSUPPORTED: Unsupported,
    _lib.ETIMEOUT: TimeLimitReached,
    _lib.ECANCELED: Cancelled,
    _lib.EVERSION: InvalidArgument,
}


def error(status: int, diag: Optional[_lib.Diag] = None,
          cls: Optional[type] = None) -> RiverError:
    """The exception for a status the library returned, with its diag."""
    cls = cls or _CLASSES.get(status, RiverError)
    if diag is None or not diag.message:
        message = _lib.text(lib.river_strerror(status))
        return cls(message, status=status)
    size = lib.river_diag_format(None, 0, ctypes.byref(diag))
    buf = ctypes.create_string_buffer(size + 1)
    lib.river_diag_format(buf, size + 1, ctypes.byref(diag))
    return cls(_lib.text(diag.message), status=status,
               file=_lib.text(diag.file), line=diag.line,
               column=diag.column,
               formatted=_lib.text(buf.value).rstrip("\n"))
