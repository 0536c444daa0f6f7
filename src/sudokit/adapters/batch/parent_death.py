"""Worker processes that end when the process that started them is gone, even after
``kill -9`` (which leaves it no chance to stop them).

:func:`exit_with_parent` runs in a worker at its start. On Linux the kernel kills the worker
as soon as its parent dies (``prctl(PR_SET_PDEATHSIG)``); everywhere, a daemon thread also
watches the parent (:func:`os.getppid` on POSIX, which changes when an orphan is re-parented;
elsewhere the parent's process handle) and ends the worker within :data:`POLL_SECONDS`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time

POLL_SECONDS = 0.25
_PR_SET_PDEATHSIG = 1
_EXIT_CODE = 1


def exit_with_parent(parent_pid: int, kernel: bool = True) -> None:
    """End this process when ``parent_pid`` (the process that started it) dies. ``kernel``:
    also ask Linux to do it (only right when the thread that started this process lives as
    long as its parent: the kernel watches that thread, not the whole process)."""
    if kernel:
        _kill_on_parent_death()
    if os.getppid() != parent_pid:  # gone before we could ask
        os._exit(_EXIT_CODE)
    threading.Thread(target=_watch, args=(parent_pid,), name="sudokit-parent-watch", daemon=True).start()


def _kill_on_parent_death() -> bool:
    """Ask Linux to send SIGKILL to this process when its parent dies; False elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int) -> None:
    if os.name == "posix":  # an orphan is re-parented at once
        while os.getppid() == parent_pid:
            time.sleep(POLL_SECONDS)
    else:  # the parent's handle becomes ready when it ends
        parent = multiprocessing.parent_process()
        if parent is None:
            return
        while parent.is_alive():
            multiprocessing.connection.wait([parent.sentinel], timeout=POLL_SECONDS)
    os._exit(_EXIT_CODE)


__all__ = ["exit_with_parent", "POLL_SECONDS"]
