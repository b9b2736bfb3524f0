"""games.csv checked against sweep.json before anything counts it (`subway report`, resume).

A file can be edited by hand or mixed up with another sweep's. Every row must be a game the
sweep planned: its setting's values are in the grid, its seed the one its game number is
played with, and each game is listed once; the
columns are the ones the sweep writes (`Layout`), the seats and winners the sweep's players
(`Layout.parse`). A row that is not is refused with its line number: nothing is counted
twice, nothing from elsewhere is counted at all.
"""

from __future__ import annotations

from pathlib import Path

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.meta import SweepMeta
from subwaysim.sweep.plan.seeds import game_seed
from subwaysim.sweep.run.results import GamesTable


def check_games(table: GamesTable, meta: SweepMeta | None, path: Path) -> None:
    """SweepError naming the line of the first row the sweep could not have written."""
    keys = tuple(a.key for a in meta.grid) if meta is not None else table.layout.keys
    if table.layout.keys != keys:
        raise SweepError(
            f"{path}: line 1: the swept columns are {list(table.layout.keys)}, but sweep.json "
            f"sweeps {list(keys)}: the files are of two sweeps; use another --out"
        )
    grid = {a.key: a.values for a in meta.grid} if meta is not None else None
    first_line: dict[tuple[tuple[str, ...], int], int] = {}
    lines = table.lines or tuple(range(2, len(table.records) + 2))
    for line, record in zip(lines, table.records, strict=True):
        where = f"{path}: line {line}"
        if record.key in first_line:
            raise SweepError(
                f"{where}: game {record.game} of [{record.setting.label()}] is listed twice "
                f"(also on line {first_line[record.key]}); the file was edited or mixed up"
            )
        first_line[record.key] = line
        if meta is None or grid is None:
            continue
        for key, value in record.setting.pairs:
            if value not in grid[key]:
                raise SweepError(
                    f"{where}: {key}={value!r} is not a value this sweep plays "
                    f"(sweep.json: {', '.join(grid[key])})"
                )
        seed = game_seed(meta.seed, record.setting, record.game, meta.independent)
        if record.seed != seed:
            raise SweepError(
                f"{where}: game {record.game} of [{record.setting.label()}] has seed "
                f"{record.seed}, but this sweep plays it with seed {seed}"
            )
