"""Running a long library call so that KeyboardInterrupt cancels it."""
from __future__ import annotations

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

    def work() -> None:
        try:
            box["result"] = call(flag)
        except BaseException as e:  # handed to the caller below
            box["error"] = e

    worker = threading.Thread(target=work, name="river", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.05)
    except KeyboardInterrupt:
        flag.value = 1
        worker.join()
        raise
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["result"]  # type: ignore[return-value]
