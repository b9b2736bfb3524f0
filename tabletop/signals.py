"""Ctrl-C and SIGTERM, one way for every command: stop at a safe point, say so, exit 130 / 143.

`handled()` (every `subway` command runs inside it) turns both signals into `Stop`, a
KeyboardInterrupt carrying the exit code, so every `except KeyboardInterrupt` that keeps
partial work (a game's log, a sweep's finished games) does so for SIGTERM too.

Where compiled kernels run (a game being played, a search player thinking), a signal must
not raise inside them: numba's dispatcher calls back into Python, and an exception raised
there is lost ("returned a result with an exception set"). Such code runs inside
`deferred()`: the signal is only noted, and `checkpoint()` (called between events, moves or
games) or the end of the block raises it. `interruptible()` re-opens a deferred block while
it waits for a person (a prompt), where raising at once is safe and wanted.

Processes forked from one that has these handlers (pool workers) start with the default
handlers again: their parent decides when they stop.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

INTERRUPT_CODE = 130  # 128 + SIGINT
TERMINATE_CODE = 143  # 128 + SIGTERM
_CODES = {signal.SIGINT: INTERRUPT_CODE, signal.SIGTERM: TERMINATE_CODE}
_WORDS = {INTERRUPT_CODE: "Interrupted (Ctrl-C)", TERMINATE_CODE: "Terminated (SIGTERM)"}


class Stop(KeyboardInterrupt):
    """A stop asked by a signal: `code` is the exit code (130 Ctrl-C, 143 SIGTERM)."""

    def __init__(self, code: int = INTERRUPT_CODE) -> None:
        super().__init__(code)  # the args rebuild it: SimPy re-raises type(exc)(*exc.args)
        self.code = code

    def __str__(self) -> str:
        return self.words

    @property
    def words(self) -> str:
        return _WORDS.get(self.code, "Stopped")


class _State(threading.local):
    def __init__(self) -> None:
        self.deferring = 0  # depth of deferred() blocks (0: raise at once)
        self.pending: int | None = None  # the code of a signal noted but not raised yet


_state = _State()
_installed = False


def exit_code_of(exc: BaseException) -> int:
    """The exit code for an interruption: a Stop's own, 130 for a bare KeyboardInterrupt."""
    return exc.code if isinstance(exc, Stop) else INTERRUPT_CODE


def words_of(exc: BaseException) -> str:
    return exc.words if isinstance(exc, Stop) else _WORDS[INTERRUPT_CODE]


def _handler(signum: int, frame: FrameType | None) -> None:
    code = _CODES.get(signal.Signals(signum), INTERRUPT_CODE)
    if _state.pending is None:
        _state.pending = code
    if _state.deferring == 0:
        _raise_pending()


def _raise_pending() -> None:
    code, _state.pending = _state.pending, None
    if code is not None:
        raise Stop(code)


def install() -> None:
    """Handle SIGINT and SIGTERM from now on (main thread only; elsewhere nothing changes)."""
    global _installed
    if threading.current_thread() is not threading.main_thread():
        return
    signal.signal(signal.SIGINT, _handler)
    signal.signal(signal.SIGTERM, _handler)
    _state.pending, _state.deferring = None, 0
    if not _installed:
        os.register_at_fork(after_in_child=_defaults_in_child)
        _installed = True


def _defaults_in_child() -> None:
    """A forked worker: back to the default handlers (its parent stops it in order)."""
    if signal.getsignal(signal.SIGTERM) is _handler:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(signal.SIGINT) is _handler:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    _state.pending, _state.deferring = None, 0


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Run a command with the handlers installed; the previous handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    install()
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])
        _state.pending, _state.deferring = None, 0


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """A block where a signal is only noted: `checkpoint()` or the block's end raises it."""
    _state.deferring += 1
    try:
        yield
    finally:
        _state.deferring -= 1
    if _state.deferring == 0:
        _raise_pending()


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """Inside a deferred block, a stretch where a signal raises at once (waiting for input)."""
    saved = _state.deferring
    _state.deferring = 0
    try:
        _raise_pending()
        yield
    finally:
        _state.deferring = saved


def checkpoint() -> None:
    """A safe point: raise Stop if a signal came since the last one."""
    if _state.pending is not None:
        _raise_pending()


def pending() -> bool:
    return _state.pending is not None
