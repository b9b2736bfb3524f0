"""A 5-turn human game at the Subway seat in an 80x24 pseudo-terminal (pexpect + pyte), for
a person to read: `python -m tests.subwaysim.seat_transcript OUT.txt` writes every screen
seen at a prompt and what was typed there. (Not a test; test_terminal_fit.py checks fit.)"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.subwaysim.terminal import Terminal

TYPED = [
    *("hint", "track d4", "track d5", "station d4", "done"),
    *("moves station", "station d5 express", "track d6", "done"),
    *("track e5", "undo", "track c4", "save {saved}", "done"),
    *("track d7", "track d8", "resgin", "done"),
    *("track d3", "station d3", "done"),
]


def answer(prompt: str, planned: list[str]) -> str:
    """What to type at `prompt`: questions get their answer, build prompts the plan."""
    if "Build it?" in prompt or "replace it?" in prompt:
        return "yes"
    if "intensify" in prompt:
        return "no"
    if "choose 1-" in prompt:
        return "1"
    return planned.pop(0) if planned else "done"


def main(out: Path) -> int:
    args = ["play", "subway", "scenarios/classic.yaml", "--seat", "IRT=human"]
    t = Terminal([*args, "--set", "end.turns=5"])
    widest = 0
    with tempfile.TemporaryDirectory() as folder, out.open("w") as written:
        planned = [line.format(saved=Path(folder) / "game.json") for line in TYPED]
        while t.settle():
            screen = t.screen()
            widest = max(widest, *map(len, screen.splitlines()))
            typed = answer(t.vt.display[t.vt.cursor.y], planned)
            written.write(f"{screen.rstrip()}\n{'-' * 30} typed: {typed!r}\n")
            t.send(typed)
        written.write(t.screen().rstrip() + "\n")
    t.child.close()
    sys.stdout.write(f"{out}: widest line {widest}, exit {t.child.exitstatus}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "seat_80x24.txt")))
