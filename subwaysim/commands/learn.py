"""`subway learn`: play self-play games, fit the value model, write its file.

`subway learn SCENARIO.. --out MODEL.json [--games N] [--seed S] [--jobs J] [--data FILE]`
plays N greedy games of each scenario (`learning.selfplay`), keeping every finished game in
the data file (default: MODEL.json's name with `.selfplay.jsonl`; a stopped run resumes),
fits the model (`learning.fit`) and writes it atomically, its provenance naming this
command, the scenarios (name and digest), the seed, the rows and the data's digest. The mcts
player's own model, `subwaysim/agents/value_model.json`, is rebuilt by the command its
provenance holds.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from subwaysim.agents.value import save_value_model
from subwaysim.learning.fit import HELD_OUT, fit_value_model
from subwaysim.learning.selfplay import (
    DataFile,
    SelfPlayError,
    SelfPlayGame,
    header,
    play_selfplay,
    selfplay_tasks,
)
from subwaysim.output.kinds import SELFPLAY, VALUE_MODEL
from subwaysim.scenario import Scenario, load_scenario
from subwaysim.sweep.run.console import stages_progress
from subwaysim.sweep.run.failures import FailedGame
from tabletop.outputs import Output, check_outputs

DATA_SUFFIX = ".selfplay.jsonl"


def data_path(out: Path) -> Path:
    return out.with_name(out.stem + DATA_SUFFIX)


def named_scenarios(paths: Sequence[Path]) -> list[tuple[str, Scenario]]:
    """Each scenario under its file's stem (refused when two share one: rows keep names)."""
    found: list[tuple[str, Scenario]] = []
    for path in paths:
        name = path.stem
        if any(name == other for other, _ in found):
            raise SelfPlayError(f"{path}: two scenarios are named {name!r}; rename one")
        found.append((name, load_scenario(path)))
    return found


def command_line(paths: Sequence[Path], out: Path, games: int, seed: int, data: Path | None) -> str:
    words = ["subway", "learn", *map(str, paths), "--games", str(games), "--seed", str(seed)]
    words += ["--out", str(out)] + (["--data", str(data)] if data is not None else [])
    return shlex.join(words)


def run_learn(
    paths: Sequence[Path],
    out: Path,
    games: int,
    seed: int,
    jobs: int | None,
    data: Path | None,
    console: Console,
    force: bool = False,
) -> int:
    """Play, fit, write; the exit code (1 when games failed: no model is written then).
    Bad input raises ScenarioError, SelfPlayError, SweepError or OSError (exit 2)."""
    from subwaysim.sweep.run.backends import choose_backend

    if not paths:
        raise SelfPlayError("name one scenario or more to learn from")
    if games < HELD_OUT:
        raise SelfPlayError(
            f"--games {games}: at least {HELD_OUT} (every {HELD_OUT}th game is held out to "
            "test the fit)"
        )
    scenarios = named_scenarios(paths)
    rows_file = data if data is not None else data_path(out)
    check_outputs(
        [Output(out, VALUE_MODEL, "--out"), Output(rows_file, SELFPLAY, "--data")],
        inputs=paths,
        force=force,
    )
    head = header(scenarios, games, seed)
    stored = DataFile.open(rows_file, head)
    tasks = [t for t in selfplay_tasks(scenarios, games, seed) if t.key not in _keys(stored)]
    failed: list[FailedGame] = []
    writer = stored.writer()
    try:
        with stages_progress(console) as bar:
            task = bar.add_task("self-play", total=len(tasks) + len(stored.games))
            bar.update(task, completed=len(stored.games))
            for outcome in choose_backend(jobs, None, play_selfplay)(tasks):
                if isinstance(outcome, SelfPlayGame):
                    writer.append(outcome.line())
                    stored.games[outcome.scenario, outcome.game] = outcome
                else:
                    failed.append(outcome)
                bar.advance(task)
                bar.refresh()
    finally:
        writer.close()
    for game in failed:
        console.print(escape(f"failed: {game.setting.label()} game {game.game}: {game.error}"))
    if failed:
        console.print(escape(f"No model written: rerun to play the failed games ({rows_file})."))
        return 1
    provenance = {
        "command": command_line(paths, out, games, seed, data),
        "agent": head["agent"],
        "scenarios": [{"name": n, "digest": d} for n, d in head["scenarios"]],
        "games_per_scenario": games,
        "seed": seed,
        "trip_sample": head["sample"],
    }
    fit = fit_value_model(list(stored.games.values()), [n for n, _ in scenarios], provenance)
    save_value_model(fit.model, out)
    weights = ", ".join(
        f"{n} {w:+.4f}" for n, w in zip(fit.model.features, fit.model.weights, strict=True)
    )
    console.print(escape(f"Weights: {weights}"))
    console.print(
        escape(
            f"Held-out games (every {HELD_OUT}th): R² {fit.r2_held_out:.3f} "
            f"(the old fixed leaf: {fit.r2_old_leaf:.3f}; the score lead alone: "
            f"{fit.r2_score_only:.3f}), {fit.rows} rows in all"
        )
    )
    console.print(escape(f"Wrote {out} (self-play games in {rows_file})"))
    return 0


def _keys(stored: DataFile) -> set[tuple[tuple[str, ...], int]]:
    return {((name,), game) for name, game in stored.games}
