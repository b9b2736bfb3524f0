"""Shared fixtures for the abstract-games tests: the toy games are registered here."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

import pytest
from rich.console import Console

import tests.abstracts.toy_game  # noqa: F401  (registers toy-hex and toy-tictactoe)
from abstracts import get_game
from abstracts.core import Game


@pytest.fixture
def hex4() -> Game:
    return get_game("toy-hex", size=4)


@pytest.fixture
def ttt() -> Game:
    return get_game("toy-tictactoe")


class Script:
    """Scripted console input: answers prompts from a list and records them in the output."""

    def __init__(self, lines: Iterable[str], console: Console) -> None:
        self.lines = list(lines)
        self.console = console
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.console.print(f"{prompt}{line}", markup=False, highlight=False)
        return line


@pytest.fixture
def make_console() -> Callable[[], Console]:
    def make() -> Console:
        return Console(file=io.StringIO(), width=200, color_system=None, highlight=False)

    return make


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()
