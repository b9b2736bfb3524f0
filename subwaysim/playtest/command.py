"""What `subway playtest` does, apart from parsing its options: play every sweep (resuming
what the folder holds), rebuild the reports of the sweeps that changed, write report.md.

Console code: the CLI hands in its Console (progress lines, each sweep's live view).
"""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from subwaysim.commands.one_game import JsonlLog
from subwaysim.engine import Game
from subwaysim.playtest import extras, report, runtime
from subwaysim.playtest import folder as playtest_folder
from subwaysim.playtest.confirm import RECOMMENDED, confirm, rule_set, write_rule_set
from subwaysim.playtest.extras import Extras
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
    sweeps_copied: int | None = None  # copies made by the sweeps, once they are all played

    def copied(self) -> int:
        """Sweep games copied rather than played (the confirmation's copies not counted)."""
        return self.memo.copied if self.sweeps_copied is None else self.sweeps_copied

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
    clock = runtime.Clock(options.jobs, options.scheduler)
    progress = Progress(0)
    timed = True  # nothing to time until the folder is known to be this playtest's
    try:
        meta = playtest_folder.open_meta(options.out, str(options.scenario), draft.data)
        timed = False
        planned = first_runs(options, draft)
        games = sum(len(r.part.values) * r.agent.games for r in planned)
        console.print(
            escape(
                f"Playtest of {draft.scenario.name}: {len(planned)} sweeps, about {games} "
                f"games, into {options.out}"
            )
        )
        progress.total = len(planned)
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
        progress.sweeps_copied = progress.memo.copied
        _replay_page(options, draft, console)
        results = _results(played)
        playtest = Playtest(options, draft.scenario.name, derived, results, tuple(played))
        playtest = replace(playtest, extras=_extras(options, draft, playtest, derived, console))
        found = report.answers_of(playtest)
        rules = rule_set(draft, [o for a in found for o in a.choice.overrides])
        write_rule_set(options.out, rules)
        plain = choose_backend(options.jobs, options.scheduler, work=play_recorded)
        console.print(escape(f"Confirming {RECOMMENDED} ({len(rules.applied)} changes)"))
        checked = confirm(
            options.out, draft, rules, options.agents, options.confirm,
            progress.memo.backend(plain),
        )  # fmt: skip
        copied = progress.copied()
        sessions = runtime.record(options.out, clock.session(progress.played - copied, copied))
        timed = True
        path = report.write(replace(playtest, confirmation=checked, runtime=sessions), found)
    finally:
        if not timed:  # stopped early: the time still counts towards the resumed run's total
            copied = progress.copied()
            runtime.record(options.out, clock.session(progress.played - copied, copied))
        lock.release()
    copied = progress.copied()
    console.print(
        escape(
            f"Wrote {path} ({_games(progress.played - copied)} played"
            + (f", {copied} copied from earlier sweeps," if copied else "")
            + f" in {progress.elapsed()}; {progress.total} sweeps)"
        )
    )
    return path, progress.failed


def _extras(
    options: PlaytestOptions,
    draft: Draft,
    playtest: Playtest,
    derived: Derived | None,
    console: Console,
) -> Extras:
    """Question 1's skill ladder, strategy matrix and point sources, question 3's tune."""
    backend = choose_backend(options.jobs, options.scheduler)
    names = extras.ladder_agents(options)
    rung = f"{options.pair_games} games a rung"
    console.print(escape(f"Q1 skill ladder: {' < '.join(names)}, {rung}"))
    ladder = extras.mixed_games(
        draft, names, options.pair_games, options.out / extras.LADDER, options.ladder,
        backend, chain=True,
    )  # fmt: skip
    console.print(escape(f"Q1 strategy matrix: {len(extras.STYLES)} styles"))
    styles = extras.mixed_games(
        draft, extras.STYLES, options.pair_games, options.out / extras.STRATEGIES,
        options.strategies, backend, chain=False,
    )  # fmt: skip
    reference = next(iter(playtest.draft_games().values()), [])  # the first kind's
    tuned = None
    if derived is not None:
        rounds = extras.target_rounds(draft, derived.rounds)
        console.print(escape(f"Q3 tune of the ending for {rounds} rounds"))
        tuned = extras.tune_ending(options, draft, rounds, console)
    return Extras(
        chain=extras.chain_of(names, ladder.records),
        matrix=extras.matrix_of(extras.STYLES, styles.records),
        points=extras.point_sources(reference),
        tuned=tuned,
        ladder=ladder,
        strategies=styles,
    )


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
