"""What every local worker process does first: leave Ctrl-C to the parent, die with the
parent, and get a malloc that suits the games.

A pool worker waits on a queue whose write end it holds itself, so when the parent is
killed (SIGTERM, SIGKILL) nothing would ever wake it: it would live on, orphaned. On Linux
the kernel sends it SIGKILL when the parent dies (prctl PR_SET_PDEATHSIG); elsewhere a
daemon thread polls the parent's pid and ends the process when it changes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

from subwaysim.sweep.run.malloc import raise_malloc_thresholds

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
POLL_SECONDS = 0.5


def prepare_worker(parent: int) -> None:
    """The pool initializer: `parent` is the pid of the process that started the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool in order
    if not die_with_parent(parent):
        watch_parent(parent)
    raise_malloc_thresholds()


def die_with_parent(parent: int) -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that is not
    available. (The parent may have died already, before the request: then exit now.)"""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != parent:
        os._exit(1)
    return True


def watch_parent(parent: int, poll: float = POLL_SECONDS) -> threading.Thread:
    """A daemon thread that ends this process once `parent` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)  # no cleanup: the parent that would want the results is gone

    thread = threading.Thread(target=watch, name="parent-watchdog", daemon=True)
    thread.start()
    return thread


def loaded_modules() -> list[str]:
    """The modules this process has imported (to check that workers start cheap)."""
    return sorted(sys.modules)
