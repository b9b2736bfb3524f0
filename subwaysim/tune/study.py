"""The search: an Optuna study stored in DIR/study.db (SQLite, Optuna's RDB storage).

One trial = one setting of the varied keys, `--games-per-trial` games on common random
numbers. A trial is written to the database when its games are done (Optuna commits each
`tell`), so a tune killed at any moment loses at most the trial in progress: the rerun
marks that trial failed (its games counted against the budget) and goes on. A setting
the search asks for again is not replayed (same seeds, same games): the trial takes the
first one's values at no cost. The sampler is TPE for one target and multi-objective TPE
(MOTPE) for several: both model the good and bad trials from the first few on, where
NSGA-II would need generations of about 50 trials each, more than a 1,200-game budget
holds at 40 games a trial.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import optuna
from optuna.distributions import (
    BaseDistribution,
    CategoricalDistribution,
    FloatDistribution,
    IntDistribution,
)
from optuna.trial import FrozenTrial, TrialState

from subwaysim.scenario import ScenarioError
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.play import Outcome, Played
from subwaysim.sweep.run.results import GameRecord
from subwaysim.tune.errors import TuneError
from subwaysim.tune.measures import estimate
from subwaysim.tune.plan import TunePlan, trial_overrides

STUDY_FILE = "study.db"
STUDY_NAME = "tune"
MAX_REPEATS = 25  # settings asked for again in a row: the search has settled
MAX_INVALID = 50  # invalid settings in a row: the space is mostly no game
STARTUP_TRIALS = 8

OnGame = Callable[[Outcome], None]
OnTrial = Callable[[FrozenTrial], None]


def distributions(plan: TunePlan) -> dict[str, BaseDistribution]:
    out: dict[str, BaseDistribution] = {}
    for p in plan.params:
        if p.kind == "int":
            out[p.key] = IntDistribution(int(p.low), int(p.high))
        elif p.kind == "float":
            out[p.key] = FloatDistribution(p.low, p.high)
        else:
            out[p.key] = CategoricalDistribution(list(p.choices))
    return out


def storage_url(folder: Path) -> str:
    return f"sqlite:///{(folder / STUDY_FILE).resolve()}"


def sampler(plan: TunePlan) -> optuna.samplers.BaseSampler:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.TPESampler(
            seed=plan.seed,
            n_startup_trials=STARTUP_TRIALS,
            multivariate=True,
            group=True,
        )


def open_study(plan: TunePlan, folder: Path) -> optuna.Study:
    """Create the study, or load the one in `folder` if it was made by the same tune
    (TuneError if not); trials left running by a killed run are marked failed."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    directions = [t.direction for t in plan.targets]
    url = storage_url(folder)
    storage = optuna.storages.RDBStorage(url, engine_kwargs={"connect_args": {"timeout": 30}})
    study = optuna.create_study(
        storage=storage,
        study_name=STUDY_NAME,
        directions=directions,
        sampler=sampler(plan),
        load_if_exists=True,
    )
    spec = json.dumps(plan.spec(), sort_keys=True)
    stored = study.user_attrs.get("spec")
    if stored is None:
        study.set_user_attr("spec", spec)
    elif stored != spec:
        raise TuneError(_mismatch(folder, json.loads(stored), plan.spec()))
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.set_user_attr(f"interrupted_{trial.number}", True)
        study.tell(trial.number, state=TrialState.FAIL)
    return study


def _mismatch(folder: Path, stored: dict[str, Any], asked: dict[str, Any]) -> str:
    diffs = [f"{k}: {stored.get(k)!r} there, {asked.get(k)!r} now" for k in asked
             if stored.get(k) != asked.get(k)]  # fmt: skip
    return (
        f"{folder}: holds another tune ({'; '.join(diffs)}); rerun it as it was to resume, "
        "or use another --out"
    )


@dataclass
class Search:
    """The search loop over an open study (ask, play, tell), within the budget."""

    plan: TunePlan
    study: optuna.Study
    backend: Backend
    on_game: OnGame | None = None
    on_trial: OnTrial | None = None
    stopped: str = ""

    def games_used(self) -> int:
        return games_used(self.plan, self.study)

    def run(self) -> None:
        repeats = invalid = 0
        space = distributions(self.plan)
        size = math.prod(p.size() for p in self.plan.params)
        while self.games_used() + self.plan.per_trial <= self.plan.budget:
            played = {_key(t) for t in finished(self.study)}
            if len(played) >= size:
                self.stopped = f"every one of the {len(played)} settings has been played"
                return
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                trial = self.study.ask(space)
            values = trial_overrides(self.plan.params, trial.params)
            setting = self.plan.setting(values)
            earlier = same_setting(self.study, setting)
            if earlier is not None:
                repeats += 1
                self._repeat(trial, earlier)
                if repeats >= MAX_REPEATS:
                    self.stopped = (
                        f"the search asked {MAX_REPEATS} times in a row for settings it had "
                        "already played: it has settled"
                    )
                    return
                continue
            repeats = 0
            try:
                scenario = self.plan.scenario(setting)
            except ScenarioError as exc:
                invalid += 1
                self._fail(trial, 0, f"not a valid game: {'; '.join(exc.problems)}")
                if invalid >= MAX_INVALID:
                    raise TuneError(
                        f"{MAX_INVALID} settings in a row were no valid game; the last: "
                        f"{setting.label()}: {'; '.join(exc.problems)}"
                    ) from None
                continue
            invalid = 0
            trial.set_user_attr("games_planned", self.plan.per_trial)
            records, failures = self._play(setting, scenario)
            if failures:
                self._fail(trial, len(records) + len(failures), f"{failures} games failed")
                continue
            self._tell(trial, setting, records)
        self.stopped = f"the budget of {self.plan.budget} games is spent"

    def _play(self, setting: Setting, scenario: Any) -> tuple[list[GameRecord], int]:
        tasks = self.plan.tasks(setting, scenario, range(self.plan.per_trial))
        records: list[GameRecord] = []
        failures = 0
        for outcome in self.backend(tasks):
            if isinstance(outcome, Played):
                records.append(outcome.record)
            else:
                failures += 1
            if self.on_game is not None:
                self.on_game(outcome)
        records.sort(key=lambda r: r.game)
        return records, failures

    def _tell(self, trial: optuna.Trial, setting: Setting, records: list[GameRecord]) -> None:
        measured: dict[str, list[float]] = {}
        objectives = []
        for target in self.plan.targets:
            e = estimate(self.plan.measures[target.measure], records, setting)
            measured[target.measure] = [e.value, e.se]
            objectives.append(target.objective(e.value))
        trial.set_user_attr("games", len(records))
        trial.set_user_attr("measures", measured)
        trial.set_user_attr("digests", [r.digest for r in records])
        trial.set_user_attr("setting", list(setting.values))
        if any(math.isnan(v) for v in objectives):
            undefined = [t.measure for t, v in zip(self.plan.targets, objectives, strict=True)
                         if math.isnan(v)]  # fmt: skip
            trial.set_user_attr("note", f"{', '.join(undefined)} undefined in these games")
            frozen = self.study.tell(trial, state=TrialState.FAIL)
        else:
            frozen = self.study.tell(trial, objectives)
        self._report(frozen)

    def _repeat(self, trial: optuna.Trial, earlier: FrozenTrial) -> None:
        trial.set_user_attr("games", 0)
        trial.set_user_attr("repeat_of", earlier.number)
        trial.set_user_attr("measures", earlier.user_attrs.get("measures", {}))
        trial.set_user_attr("setting", earlier.user_attrs.get("setting", []))
        self._report(self.study.tell(trial, list(earlier.values)))

    def _fail(self, trial: optuna.Trial, games: int, note: str) -> None:
        trial.set_user_attr("games", games)
        trial.set_user_attr("note", note)
        self._report(self.study.tell(trial, state=TrialState.FAIL))

    def _report(self, frozen: FrozenTrial) -> None:
        if self.on_trial is not None:
            self.on_trial(frozen)


def _key(trial: FrozenTrial) -> tuple[str, ...]:
    return tuple(trial.user_attrs.get("setting", []))


def finished(study: optuna.Study) -> list[FrozenTrial]:
    """Trials that played their games (not repeats)."""
    return [
        t
        for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
        if "repeat_of" not in t.user_attrs
    ]


def same_setting(study: optuna.Study, setting: Setting) -> FrozenTrial | None:
    for t in finished(study):
        if tuple(t.user_attrs.get("setting", [])) == setting.values:
            return t
    return None


def games_used(plan: TunePlan, study: optuna.Study) -> int:
    """Games the trials cost: played ones, and the planned games of interrupted trials."""
    total = 0
    for t in study.get_trials(deepcopy=False):
        if t.state == TrialState.COMPLETE or "games" in t.user_attrs:
            total += int(t.user_attrs.get("games", 0))
        elif t.state == TrialState.FAIL:  # killed while its games were played
            total += int(t.user_attrs.get("games_planned", 0))
    return total


def inert_search(study: optuna.Study) -> bool:
    """True when every trial that played games played the same games, event for event: the
    varied keys changed nothing (common random numbers make that visible)."""
    played = [t.user_attrs.get("digests", []) for t in finished(study)]
    return len(played) > 1 and all(p == played[0] for p in played) and bool(played[0])


def best_trials(plan: TunePlan, study: optuna.Study, most: int) -> list[FrozenTrial]:
    """The search's best (one target), or up to `most` of its Pareto front (several),
    nearest the targets first: by `shortfall`, in standard errors of each trial's estimate."""
    done = finished(study)
    if not done:
        return []
    if len(plan.targets) == 1:
        sign = -1 if plan.targets[0].direction == "maximize" else 1
        return [min(done, key=lambda t: (sign * t.values[0], t.number))]
    front = [t for t in study.best_trials if "repeat_of" not in t.user_attrs]
    estimates = [[_estimate(plan, t, i) for i in range(len(plan.targets))] for t in done]
    ranked = sorted(
        front,
        key=lambda t: (
            shortfall(plan, [_estimate(plan, t, i) for i in range(len(plan.targets))], estimates),
            t.number,
        ),
    )
    return ranked[:most]


def _estimate(plan: TunePlan, trial: FrozenTrial, i: int) -> tuple[float, float]:
    value, se = trial.user_attrs.get("measures", {}).get(plan.targets[i].measure, [math.nan] * 2)
    return value, se


def shortfall(
    plan: TunePlan,
    mine: Sequence[tuple[float, float]],
    everyone: Sequence[Sequence[tuple[float, float]]],
) -> float:
    """How far a setting's estimates (mean, standard error) fall short of the targets, in
    standard errors, squared and summed: for `MEASURE=VALUE` |mean - VALUE| / se, for max
    (min) the distance below (above) the best mean of `everyone`. A summary measure (no
    standard error) counts in units of the spread of its means over `everyone`."""
    total = 0.0
    for i, target in enumerate(plan.targets):
        mean, se = mine[i]
        means = [e[i][0] for e in everyone if not math.isnan(e[i][0])]
        if math.isnan(mean) or not means:
            return math.inf
        if target.goal == "value":
            gap = abs(mean - target.value)
        elif target.goal == "max":
            gap = max(means) - mean
        else:
            gap = mean - min(means)
        if math.isnan(se) or se <= 0:
            spread = max(means) - min(means)
            se = spread / 4 if spread > 0 else 1.0
        total += (gap / se) ** 2
    return total
