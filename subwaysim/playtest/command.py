"""What `subway playtest` does, apart from parsing its options: play every sweep (resuming
what the folder holds), rebuild the reports of the sweeps that changed, write report.md.

Console code: the CLI hands in its Console (progress lines, each sweep's live view).
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from subwaysim.commands.one_game import JsonlLog
from subwaysim.engine import Game
from subwaysim.playtest import folder as playtest_folder
from subwaysim.playtest import report
from subwaysim.playtest.grids import Draft
from subwaysim.playtest.memo import PlayedGames, recording
from subwaysim.playtest.options import AgentRun, PlaytestOptions
from subwaysim.playtest.played import Playtest
from subwaysim.playtest.plays import play_recorded, read_plays
from subwaysim.playtest.questions import QUESTIONS, Derived, Question
from subwaysim.playtest.results import PartResult, load
from subwaysim.playtest.runs import Run, derive, first_runs, folder_of, runs
from subwaysim.scenario import load_scenario
from subwaysim.sweep.report.report_files import COMPARE, SUMMARY, write_report
from subwaysim.sweep.run.backends import Backend, choose_backend
from subwaysim.sweep.run.console import play_live
from subwaysim.sweep.run.execution import Sweep

REPLAY = Path("q6") / "replay.html"


@dataclass
class Progress:
    """Counts for the progress lines: sweeps done of all, games played, time taken."""

    total: int
    done: int = 0
    played: int = 0
    failed: int = 0
    memo: PlayedGames = field(default_factory=PlayedGames)
    started: float = field(default_factory=time.monotonic)

    def elapsed(self) -> str:
        seconds = int(time.monotonic() - self.started)
        return f"{seconds // 60}m {seconds % 60:02d}s"


def load_draft(path: Path) -> Draft:
    """The scenario as written (ScenarioError names the file, key and line)."""
    scenario = load_scenario(path)
    return Draft(str(path), path.read_text(encoding="utf-8"), scenario)


def run_playtest(options: PlaytestOptions, console: Console) -> tuple[Path, int]:
    """Play the playtest into `options.out`; returns report.md's path and failed games."""
    with warnings.catch_warnings():
        # Long setting names (a whole `board` mapping) crowd a sweep's own plots; matplotlib
        # says so once a plot, which says nothing to the reader of the report.
        warnings.filterwarnings("ignore", "Tight layout not applied", UserWarning)
        return _run(options, console)


def _run(options: PlaytestOptions, console: Console) -> tuple[Path, int]:
    draft = load_draft(options.scenario)
    playtest_folder.claim(options.out)
    lock = playtest_folder.lock(options.out)
    try:
        meta = playtest_folder.open_meta(options.out, str(options.scenario), draft.data)
        planned = first_runs(options, draft)
        games = sum(len(r.part.values) * r.agent.games for r in planned)
        console.print(
            escape(
                f"Playtest of {draft.scenario.name}: {len(planned)} sweeps, about {games} "
                f"games, into {options.out}"
            )
        )
        progress = Progress(len(planned))
        backend = progress.memo.backend(
            choose_backend(options.jobs, options.scheduler, work=play_recorded)
        )
        derived = meta.derived_values()
        played: list[Run] = []
        for run in runs(options, draft, derived):
            if run.question.needs_derived:  # question 5 takes values from question 1's games
                if derived is None:
                    derived = derive(_question_one(options, draft, run.agent))
                    meta = playtest_folder.remember(options.out, meta, derived)
                run = _with_derived(run, draft, derived)
            _play(run, options, draft, backend, console, progress)
            played.append(run)
        _replay_page(options, draft, console)
        results = _results(played)
        path = report.write(Playtest(options, draft.scenario.name, derived, results, tuple(played)))
    finally:
        lock.release()
    copied = progress.memo.copied
    console.print(
        escape(
            f"Wrote {path} ({_games(progress.played - copied)} played"
            + (f", {copied} copied from earlier sweeps," if copied else "")
            + f" in {progress.elapsed()}; {progress.total} sweeps)"
        )
    )
    return path, progress.failed


def _with_derived(run: Run, draft: Draft, derived: Derived) -> Run:
    parts = {p.name: p for p in run.question.parts(draft, derived)}  # type: ignore[misc]
    return Run(run.question, parts[run.part.name], run.agent, run.folder)


def _question_one(options: PlaytestOptions, draft: Draft, agent: AgentRun) -> Run:
    question = _question(1)
    part = question.parts(draft, None)[0]  # type: ignore[misc]
    return Run(question, part, agent, folder_of(options.out, question, part, agent))


def _games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def _question(number: int) -> Question:
    return next(q for q in QUESTIONS if q.number == number)


def _play(
    run: Run,
    options: PlaytestOptions,
    draft: Draft,
    backend: Backend,
    console: Console,
    progress: Progress,
) -> None:
    """One sweep, resumed where it stopped; its report rebuilt if it played games."""
    plan = run.plan(options, draft)
    progress.done += 1
    with Sweep(plan, run.folder) as job:
        backend = recording(backend, run.folder)
        pending = len(job.pending)
        console.print(
            escape(
                f"[{progress.done}/{progress.total}] {run.name}: {len(plan.scenarios)} settings "
                f"x {plan.games} games, {pending} to play ({progress.elapsed()} so far)"
            )
        )
        kept = len(job.records)
        play_live(job, backend, console)
        new = len(job.records) - kept
        missing = not all((run.folder / name).exists() for name in (SUMMARY, COMPARE))
        if new or missing or job.failed:
            built = write_report(run.folder)
            progress.failed += len(built.failures)
        progress.memo.learn(plan, job.records, job.traces.values(), read_plays(run.folder))
    progress.played += new


def _replay_page(options: PlaytestOptions, draft: Draft, console: Console) -> None:
    """Question 6's example: game 0 of the draft's rules as question 1's sweep played it
    (the same scenario, players and seed)."""
    page = options.out / REPLAY
    if page.exists():
        return
    run = _question_one(options, draft, options.agents[0])
    plan = run.plan(options, draft)
    setting, scenario = next((s, c) for s, c in plan.scenarios if s.values[0] == run.part.baseline)
    journal = JsonlLog()
    Game(scenario, plan.seed_of(setting, 0), [journal]).run()
    page.parent.mkdir(parents=True, exist_ok=True)
    journal.save_page(page, f"subway playtest {draft.scenario.name}: game 0")
    console.print(escape(f"Wrote {page} (game 0 of the draft's rules)"))


def _results(runs: list[Run]) -> dict[tuple[int, str], list[PartResult]]:
    results: dict[tuple[int, str], list[PartResult]] = {}
    for run in runs:
        key = (run.question.number, run.part.name)
        loaded = load(run)
        results.setdefault(key, [])
        if loaded is not None:
            results[key].append(loaded)
    return results
