"""A pseudo-terminal of a given size for tests (pexpect drives the command, pyte emulates the
screen), so a test sees exactly what a person at an 80x24 terminal would see."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Terminal:
    """`subway ARGS` in a ROWS x COLUMNS pseudo-terminal; `screen()` is what it shows."""

    args: list[str]
    rows: int = 24
    columns: int = 80
    timeout: float = 120.0
    shown: list[str] = field(default_factory=list)  # every screen seen at a prompt

    def __post_init__(self) -> None:
        self.vt = pyte.Screen(self.columns, self.rows)
        self.stream = pyte.Stream(self.vt)
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "", "LINES": ""}
        env.pop("COLUMNS")
        env.pop("LINES")
        command = [sys.executable, "-c", "from subwaysim.cli import main; main()", *self.args]
        self.child = pexpect.spawn(
            command[0],
            command[1:],
            dimensions=(self.rows, self.columns),
            encoding="utf-8",
            timeout=self.timeout,
            cwd=str(ROOT),
            env=env,
        )

    def _feed(self) -> None:
        self.stream.feed(self.child.before or "")
        if isinstance(self.child.after, str):
            self.stream.feed(self.child.after)

    def expect(self, pattern: str) -> str:
        """Wait for `pattern` (a regex) and return the screen then."""
        self.child.expect(pattern)
        self._feed()
        screen = self.screen()
        self.shown.append(screen)
        return screen

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self._feed()
        self.child.close()
        return self.child.exitstatus or 0

    def screen(self) -> str:
        return "\n".join(line.rstrip() for line in self.vt.display)

    def cursor_row(self) -> int:
        return self.vt.cursor.y
