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


class _Screen(pyte.Screen):
    """pyte's screen, forgiving the extra parameters prompt_toolkit may send (`ESC[n;..d`)."""

    def cursor_to_line(self, line: int | None = None, *_: object, **__: object) -> None:
        super().cursor_to_line(line)


@dataclass
class Terminal:
    """`subway ARGS` in a ROWS x COLUMNS pseudo-terminal; `screen()` is what it shows."""

    args: list[str]
    rows: int = 24
    columns: int = 80
    timeout: float = 120.0
    shown: list[str] = field(default_factory=list)  # every screen seen at a prompt

    def __post_init__(self) -> None:
        self.vt = _Screen(self.columns, self.rows)
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
        # Answer the cursor-position requests a real terminal answers (prompt_toolkit asks).
        self.vt.write_process_input = self.child.send  # type: ignore[method-assign]

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

    def settle(self, quiet: float = 1.0, limit: float = 300.0) -> bool:
        """Read until the output stops at a prompt (`> ` at the cursor); False at the end."""
        waited = 0.0
        while True:
            try:
                self.stream.feed(self.child.read_nonblocking(100_000, timeout=quiet))
                continue
            except pexpect.TIMEOUT:
                waited += quiet
            except pexpect.EOF:
                return False
            line = self.vt.display[self.vt.cursor.y][: self.vt.cursor.x].rstrip()
            if line.endswith(">") or waited >= limit:
                return True

    def screen(self) -> str:
        return "\n".join(line.rstrip() for line in self.vt.display)

    def cursor_row(self) -> int:
        return self.vt.cursor.y
