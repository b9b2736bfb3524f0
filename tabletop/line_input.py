"""Reading typed lines, the one way every console does it (the three abstract games, the
Subway Game seat, `subway run --step`).

At a terminal a line is read with prompt_toolkit: arrow keys and Emacs keys edit it, Up and
Down walk the history of this session, Ctrl-R searches it, Tab completes commands and legal
moves (whatever the console's `words()` offers at that prompt). When stdin or stdout is not a
terminal (a pipe, a script, CI) lines are read plainly, exactly as `input()` reads them, so
piped games and their tests behave as before. Either way Ctrl-D is EOFError and Ctrl-C
KeyboardInterrupt, which the consoles turn into "Game left unfinished.".
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rich.console import Console

Words = Callable[[], Iterable[str]]


def interactive() -> bool:
    """Whether a person is typing at a terminal (and can see one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


class LineReader:
    """`reader(prompt) -> str`: one typed line (without the newline).

    `words` gives the completions at the moment of asking (commands, legal moves); a console
    sets it with `complete_with`. History lives as long as the reader.
    """

    def __init__(self, console: Console, words: Words | None = None) -> None:
        self.console = console
        self.words: Words = words or (lambda: ())
        self._session: Any = None

    def complete_with(self, words: Words) -> None:
        self.words = words

    def __call__(self, prompt: str) -> str:
        if not interactive():
            return self.console.input(prompt, markup=False)
        return self._session_for_terminal().prompt(prompt)

    def _session_for_terminal(self) -> Any:
        if self._session is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory

            self._session = PromptSession(
                history=InMemoryHistory(),
                completer=_completer(self),
                complete_while_typing=False,  # Tab asks; typing is never interrupted
            )
        return self._session


def _completer(reader: LineReader) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class Candidates(Completer):
        """Whole-line completions: `sta` -> `station e5 local`, `d4-` -> `d4-e6`."""

        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            typed = document.text_before_cursor
            for word in completions(reader.words(), typed):
                yield Completion(word, start_position=-len(typed))

    return Candidates()


def completions(words: Iterable[str], typed: str) -> list[str]:
    """The candidates that extend what was typed (case-insensitive), each once, in order."""
    start = typed.lstrip().lower()
    seen: dict[str, None] = {}
    for word in words:
        if word.lower().startswith(start) and word != typed:
            seen.setdefault(word)
    return list(seen)


def line_reader(console: Console, words: Words | None = None) -> LineReader:
    return LineReader(console, words)
