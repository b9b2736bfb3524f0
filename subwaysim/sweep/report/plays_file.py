"""`plays.csv`: a sweep folder's optional play digests, one line a game (setting values as
JSON, game number, digest). A playtest writes it (`subwaysim.playtest.plays`: what a game
plays, builds, trips and scores, apart from how its log words a cost); `write_report`
reads it, so compare.csv treats a setting whose every game plays as the baseline's as
identical. A sweep without the file compares event digests alone, as before.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from pathlib import Path

PLAYS = "plays.csv"
DIGEST_CHARS = 16
Key = tuple[tuple[str, ...], int]


def plays_line(values: tuple[str, ...], game: int, digest: str) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([json.dumps(list(values)), game, digest])
    return out.getvalue()


def append_plays(folder: Path, rows: Iterable[tuple[tuple[str, ...], int, str]]) -> None:
    """Append play digests to the folder's plays.csv (a torn last line is skipped on read)."""
    text = "".join(plays_line(v, g, d) for v, g, d in rows)
    if not text:
        return
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / PLAYS).open("a", encoding="utf-8", newline="") as handle:
        handle.write(text)


def read_plays(folder: Path) -> dict[Key, str]:
    """The folder's play digests by (setting values, game); {} without plays.csv. A line
    that does not read (torn by a kill) is skipped; a game's last line wins."""
    path = folder / PLAYS
    if not path.exists():
        return {}
    found: dict[Key, str] = {}
    for row in csv.reader(path.read_text(encoding="utf-8", errors="replace").splitlines()):
        try:
            values, game, digest = row
            key = (tuple(str(v) for v in json.loads(values)), int(game))
        except (ValueError, TypeError):
            continue
        if len(digest) == DIGEST_CHARS:
            found[key] = digest
    return found
