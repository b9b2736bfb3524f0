"""`subway tune`: plan, claim DIR, search (resumable), confirm, write tune.md, tuned.yaml,
trials.csv and the plots. The CLI function only parses options and calls `run_tune`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import optuna
from rich.console import Console
from rich.live import Live

from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.run.backends import (
    Backend,
    _outcome,
    choose_backend,
    worker_pool,
    workers_skip_main,
)
from subwaysim.sweep.run.lock import FolderLock
from subwaysim.sweep.run.play import GameTask, Outcome, Played, play
from subwaysim.tune.confirm import BASELINE, Confirmation, judge, play_confirmation
from subwaysim.tune.errors import TuneError
from subwaysim.tune.plan import TuneOptions, TunePlan, out_folder, plan_tune
from subwaysim.tune.plots import write_plots
from subwaysim.tune.report import Outcome as TuneOutcome
from subwaysim.tune.report import set_line, tuned_yaml, write_outputs, write_trials
from subwaysim.tune.study import (
    Search,
    best_trials,
    finished,
    games_used,
    inert_search,
    open_study,
)
from subwaysim.tune.view import TuneView

LOCK = "tune.lock"
CONFIRMED = 3  # Pareto-front settings confirmed with several targets


class TuneLock(FolderLock):
    """One tune at a time in a folder (the sweep's flock, on DIR/tune.lock)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.path = folder / LOCK

    def acquire(self) -> TuneLock:
        try:
            super().acquire()
        except SweepError as exc:
            raise TuneError(str(exc).replace("another sweep", "another tune")) from None
        return self


class LastingPool:
    """The sweep's local worker pool, kept from trial to trial (a trial is a few dozen
    games: a pool a trial would spend more time starting workers than playing). A worker
    that dies fails its games (the sweep's `_outcome`) and the pool is started afresh for
    the next trial, so a killed worker costs that trial only."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None

    def __call__(self, tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        if not tasks:
            return
        if self.pool is None:
            self.pool = worker_pool(self.jobs)
        with workers_skip_main():  # workers are spawned as games are submitted
            futures = {self.pool.submit(play, task): task for task in tasks}
        broken = False
        for future in as_completed(futures):
            outcome = _outcome(future, futures[future])
            broken = broken or (not isinstance(outcome, Played) and "worker" in outcome.error)
            yield outcome
        if broken:
            self.close()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


def backend_for(options: TuneOptions) -> tuple[Backend, LastingPool | None]:
    chosen = choose_backend(options.jobs, options.scheduler)
    if options.scheduler is not None or options.jobs == 1:
        return chosen, None
    import os

    pool = LastingPool(options.jobs or os.cpu_count() or 1)
    return pool, pool


def run_tune(options: TuneOptions, console: Console) -> tuple[TunePlan, TuneOutcome]:
    plan = plan_tune(options)
    folder = out_folder(options.out)
    if folder.exists() and not folder.is_dir():
        raise TuneError(f"--out {folder}: exists and is not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    backend, pool = backend_for(options)
    try:
        with TuneLock(folder):
            return plan, _tune(plan, folder, backend, console)
    finally:
        if pool is not None:
            pool.close()


def _tune(plan: TunePlan, folder: Path, backend: Backend, console: Console) -> TuneOutcome:
    study = open_study(plan, folder)
    write_trials(plan, study, folder)
    view = TuneView(plan, lambda: games_used(plan, study))

    def on_trial(trial: optuna.trial.FrozenTrial) -> None:
        view.on_trial(trial)
        write_trials(plan, study, folder)  # every finished trial, once, at once

    search = Search(plan, study, backend, view.on_game, on_trial)
    with Live(view, console=console, refresh_per_second=4, transient=True):
        search.run()
        inert = inert_search(study)
        confirmation = None
        if not inert and plan.confirm > 0:
            confirmation = _confirm(plan, study, folder, backend, view)
    return _finish(plan, study, folder, search, inert, confirmation)


def _confirm(
    plan: TunePlan, study: optuna.Study, folder: Path, backend: Backend, view: TuneView
) -> Confirmation | None:
    chosen = best_trials(plan, study, CONFIRMED)
    if not chosen:
        return None
    base_setting, base_scenario, note = plan.baseline()
    roles = [(BASELINE, base_setting, base_scenario)]
    for trial in chosen:
        setting = plan.setting({p.key: p.text(trial.params[p.key]) for p in plan.params})
        roles.append((f"trial{trial.number}", setting, plan.scenario(setting)))
    view.start_confirmation(len(roles) * plan.confirm)
    played, failed = play_confirmation(plan, folder, roles, backend, view.on_game)
    settings = {role: setting for role, setting, _ in roles}
    picked = [
        (int(role.removeprefix("trial")), settings[role], games)
        for role, games in played.items()
        if role != BASELINE
    ]
    candidates, winner, keep = judge(plan, base_setting, played[BASELINE], picked)
    return Confirmation(
        base_setting, note, tuple(played[BASELINE]), tuple(candidates), winner, keep, failed
    )


def _finish(
    plan: TunePlan,
    study: optuna.Study,
    folder: Path,
    search: Search,
    inert: bool,
    confirmation: Confirmation | None,
) -> TuneOutcome:
    trials = study.get_trials(deepcopy=False)
    repeats = sum(1 for t in trials if "repeat_of" in t.user_attrs)
    invalid = sum(1 for t in trials if t.user_attrs.get("note", "").startswith("not a valid"))
    failed = sum(1 for t in trials if t.state.name == "FAIL") - invalid
    recommended, verdict = _verdict(plan, study, inert, confirmation)
    why = (
        "tuned setting, confirmed"
        if recommended is not None
        else "the scenario's own setting: the tune recommends no change"
    )
    tuned = tuned_yaml(plan, recommended, why)
    plots = tuple(write_plots(plan, study, folder))
    outcome = TuneOutcome(
        games_used=games_used(plan, study),
        trials=len(finished(study)),
        repeats=repeats,
        invalid=invalid,
        failed=failed,
        stopped=search.stopped or "it had already finished",
        inert=inert,
        confirmation=confirmation,
        recommended=recommended,
        verdict=verdict,
        plots=plots,
    )
    write_outputs(plan, study, folder, outcome, tuned)
    return outcome


def _verdict(
    plan: TunePlan, study: optuna.Study, inert: bool, c: Confirmation | None
) -> tuple[object, str]:
    if inert:
        return None, (
            "**No change recommended.** Every trial played the very same games, event for "
            "event (common random numbers): the varied keys "
            f"({', '.join(p.key for p in plan.params)}) change nothing in these games, so "
            "any setting the search would name is noise."
        )
    best = best_trials(plan, study, 1)
    if not best:
        return None, "**No change recommended.** No trial finished: nothing was measured."
    if c is None or c.winner is None:
        setting = plan.setting({p.key: p.text(best[0].params[p.key]) for p in plan.params})
        return setting, (
            f"**Unconfirmed (--confirm 0):** the search's best is {setting.label()} (trial "
            f"{best[0].number}); its estimate comes from {plan.per_trial} games only."
        )
    w = c.winner
    if c.keep_baseline:
        return None, (
            f"**No change recommended.** The confirmation of {w.setting.label()} (trial "
            f"{w.trial}) against {c.baseline_note}: {c.keep_baseline}."
        )
    return w.setting, (
        f"**Recommended: {w.setting.label()}** (trial {w.trial}), confirmed on "
        f"{len(w.games)} fresh games against {c.baseline_note}."
    )


def summary_lines(plan: TunePlan, outcome: TuneOutcome, folder: Path) -> list[str]:
    lines = [outcome.verdict.replace("**", "")]
    if outcome.recommended is not None:
        lines.append(set_line(plan, outcome.recommended))  # type: ignore[arg-type]
    c = outcome.confirmation
    if c is not None and c.winner is not None:
        for row in c.winner.rows:
            lines.append(
                f"  {row.target.spec()}: {row.mean:.3g} [{row.low:.3g}, {row.high:.3g}] "
                f"(scenario's own {row.baseline_mean:.3g})"
            )
    lines.append(
        f"{outcome.games_used} games in {outcome.trials} trials (budget {plan.budget}); "
        f"wrote {folder}/tune.md, tuned.yaml, trials.csv, study.db"
    )
    return lines
