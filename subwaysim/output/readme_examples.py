"""The README's printed examples, generated rather than pasted (issue 32): `make examples`
rewrites them, and tests/subwaysim/test_readme_examples.py fails when they drift.

A generated block is a fenced block right after a marker line:

    <!-- example: subway run scenarios/classic.yaml --turn 22 -->       (the output alone)
    <!-- example $: subway route scenarios/transfers.yaml c1 g8 ;; subway route ... -->

With `$` the block shows each command after `$ ` followed by what it printed (stdout and
stderr, as a terminal shows them). Commands run as `subway` does, in a fresh process, 80
columns wide and without colour, in a scratch folder holding the repository's `scenarios/`
and the few damaged files the error examples read (FIXTURES).

    python -m subwaysim.output.readme_examples [--check] [README.md]
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
WIDTH = 80
MARKER = re.compile(r"^<!-- example( \$)?: (.+?) -->\n(```[a-z]*)\n(.*?)^```\n", re.M | re.S)
RUN = "from subwaysim.cli import main; main()"


def _classic_log(folder: Path) -> list[str]:
    log = folder / "classic.jsonl"
    if not log.exists():
        _subway(["run", "scenarios/classic.yaml", "--quiet", "--log", str(log)], folder)
    return log.read_text().splitlines(keepends=True)


def _cut(folder: Path) -> str:
    return "".join(_classic_log(folder)[:1159])  # a log whose game stops early


def _edited(folder: Path) -> str:
    lines = _classic_log(folder)
    trip = json.loads(lines[23])  # line 24: a TripTaken walking from h1
    trip["legs"][0]["squares"][0] = "m13"  # a square off the 12 x 12 board
    lines[23] = json.dumps(trip, separators=(",", ":")) + "\n"
    return "".join(lines)


FIXTURES: dict[str, Callable[[Path], str]] = {
    "broken.yaml": lambda _: "name: broken\nrules:\n  builds_per_trun: 2\n",
    "notes.txt": lambda _: "Things to try next week.\n",
    "cut.jsonl": _cut,
    "edited.jsonl": _edited,
}


def _subway(args: list[str], cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TERM", "COLUMNS")}
    env |= {"COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return done.stdout + done.stderr


def _scratch(folder: Path) -> None:
    (folder / "scenarios").symlink_to(ROOT / "scenarios")
    for name, make in FIXTURES.items():
        (folder / name).write_text(make(folder))


def render_block(commands: str, prompt: bool, folder: Path) -> str:
    """What the block shows: each command's output (after `$ command` with a prompt)."""
    parts = []
    for command in (c.strip() for c in commands.split(";;")):
        words = shlex.split(command)
        if words[0] != "subway":
            raise ValueError(f"README example {command!r}: only subway commands are generated")
        out = "\n".join(line.rstrip() for line in _subway(words[1:], folder).splitlines())
        parts.append(f"$ {command}\n{out}" if prompt else out)
    return "\n".join(parts).rstrip("\n") + "\n"


def regenerate(text: str) -> str:
    """The README text with every generated block rewritten from today's commands."""
    with tempfile.TemporaryDirectory(prefix="readme-examples-") as name:
        folder = Path(name)
        _scratch(folder)

        def block(match: re.Match[str]) -> str:
            prompt, commands, fence = bool(match[1]), match[2], match[3]
            body = render_block(commands, prompt, folder)
            return f"<!-- example{' $' if prompt else ''}: {commands} -->\n{fence}\n{body}```\n"

        return MARKER.sub(block, text)


def blocks(text: str) -> list[tuple[str, str]]:
    """(commands, body) of every generated block, in order."""
    return [(m[2], m[4]) for m in MARKER.finditer(text)]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"] or [README]
    for path in paths:
        text = path.read_text()
        new = regenerate(text)
        if check:
            if new != text:
                sys.stderr.write(f"{path}: examples differ from today's output: make examples\n")
                return 1
            continue
        if new != text:
            temp = path.with_name(f".{path.name}.tmp")
            temp.write_text(new)
            temp.replace(path)
        sys.stdout.write(f"{path}: {len(blocks(new))} examples regenerated\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
