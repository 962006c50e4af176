"""Running a long library call so that KeyboardInterrupt cancels it."""
from __future__ import annotations

import _thread
import ctypes
import threading
from typing import Callable, TypeVar

from ._lib import sig_atomic_t

T = TypeVar("T")


def cancellable(call: Callable[[ctypes.c_int], T]) -> T:
    """Run call(flag), a library call that stops soon after *flag
    becomes non-zero (the cancel field of its options).

    In the main thread the call runs in a worker thread (ctypes releases
    the GIL), and the main thread waits: a KeyboardInterrupt there sets
    the flag, waits for the library to stop and release what it holds,
    and is raised again.  Elsewhere, where no signal arrives, the call
    runs in place."""
    flag = sig_atomic_t(0)
    if threading.current_thread() is not threading.main_thread():
        return call(flag)
    box: dict[str, object] = {}
    done = threading.Event()

    def work() -> None:
        try:
            box["result"] = call(flag)
        except BaseException as e:  # handed to the caller below
            box["error"] = e
        finally:
            done.set()

    # The worker's end is awaited on an Event, not Thread.join: Python
    # 3.11's join, once interrupted by KeyboardInterrupt, marks a thread
    # that is still running as stopped, so a second join returns at once
    # while the library still works on objects the caller may free.  It
    # is started by one call, which an interrupt comes before or after
    # (Thread.start waits for the thread, and an interrupt there would
    # leave it running unawaited).
    _thread.start_new_thread(work, ())
    try:
        while not done.wait(0.05):
            pass
    except KeyboardInterrupt:
        flag.value = 1
        # The library stops soon; until it has, nothing it uses is
        # freed, whatever else is pressed meanwhile.
        while True:
            try:
                if done.wait(0.05):
                    break
            except KeyboardInterrupt:
                pass
        raise
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["result"]  # type: ignore[return-value]
