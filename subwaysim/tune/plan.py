"""A tune's plan: the scenario file, the fixed overrides (`--set`, `--agents`), the search
space, the targets and the budget; the scenario and the games of any trial.

Common random numbers: game k of every trial (and of the confirmation's settings) has the
seed `game_seed(seed, k)`, the same whatever the setting, so trials compare game by game
on the same cards as far as the setting allows (a trial with more copies of a card draws
from different piles). The confirmation plays games numbered from `CONFIRM_FROM`, which no
trial played: the winner is judged on fresh games, not on those that made it look best.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from subwaysim.scenario import Scenario, ScenarioError, ScenarioFile, read_scenario_file
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.plan.seeds import game_seed
from subwaysim.sweep.run.play import GameTask
from subwaysim.tune.errors import TuneError
from subwaysim.tune.measures import Measure, measure_table
from subwaysim.tune.space import Param, check_key, parse_space
from subwaysim.tune.targets import Target, parse_targets

CONFIRM_FROM = 1_000_000  # game numbers of the confirmation: never a trial's
DEFAULT_BUDGET = 1200
DEFAULT_PER_TRIAL = 40
DEFAULT_CONFIRM = 200
AS_WRITTEN = Setting(())


@dataclass(frozen=True, slots=True)
class TuneOptions:
    """The command line, as given."""

    scenario: str
    vary: tuple[str, ...]
    targets: tuple[str, ...]
    fixed: tuple[str, ...] = ()
    budget: int = DEFAULT_BUDGET
    per_trial: int = DEFAULT_PER_TRIAL
    agents: str | None = None
    jobs: int | None = None
    scheduler: str | None = None
    seed: int | None = None
    confirm: int = DEFAULT_CONFIRM
    out: str = ""


@dataclass(frozen=True)
class TunePlan:
    options: TuneOptions
    file: ScenarioFile
    fixed: tuple[str, ...]  # --set then the --agents overrides
    agent_overrides: tuple[str, ...]
    params: tuple[Param, ...]
    targets: tuple[Target, ...]
    measures: Mapping[str, Measure]
    reference: Scenario  # every param at its first value: players and seats
    seed: int

    @property
    def budget(self) -> int:
        return self.options.budget

    @property
    def per_trial(self) -> int:
        return self.options.per_trial

    @property
    def confirm(self) -> int:
        return self.options.confirm

    def setting(self, values: Mapping[str, str]) -> Setting:
        return Setting(tuple((p.key, values[p.key]) for p in self.params))

    def overrides(self, setting: Setting) -> list[str]:
        return [*self.fixed, *setting.overrides()]

    def scenario(self, setting: Setting) -> Scenario:
        """The trial's scenario (ScenarioError if the combination is not a valid game)."""
        return self.file.scenario(self.overrides(setting))

    def tasks(self, setting: Setting, scenario: Scenario, games: range) -> list[GameTask]:
        return [GameTask(setting, k, self.seed_of(k), scenario) for k in games]

    def seed_of(self, game: int) -> int:
        return game_seed(self.seed, AS_WRITTEN, game)  # common random numbers

    def baseline(self) -> tuple[Setting, Scenario, str]:
        """The scenario's own setting (its values of the varied keys) with `--set`; if that
        is no valid game (e.g. `--set end.turns=null` needs a varied end), the scenario as
        written (with `--agents` only). The note says which."""
        own = self.own_values()
        setting = Setting(tuple((p.key, own[p.key]) for p in self.params))
        try:
            return setting, self.file.scenario(list(self.fixed)), "the scenario's own setting"
        except ScenarioError as exc:
            why = exc.problems[0] if exc.problems else "invalid"
        scenario = self.file.scenario(list(self.agent_overrides))
        note = (
            f"the scenario as written, without --set (its own values with --set are no "
            f"valid game: {why})"
        )
        return setting, scenario, note

    def own_values(self) -> dict[str, str]:
        """The scenario file's value of each varied key (its default if the file omits it)."""
        scenario = self.file.scenario(list(self.agent_overrides))
        return {p.key: _text(_lookup(scenario, p.key)) for p in self.params}

    def spec(self) -> dict[str, Any]:
        """What a resumed tune must match (stored with the study)."""
        return {
            "scenario": self.file.source,
            "vary": list(self.options.vary),
            "targets": [t.spec() for t in self.targets],
            "set": list(self.options.fixed),
            "agents": self.options.agents,
            "seed": self.seed,
            "games_per_trial": self.per_trial,
        }

    def question(self) -> str:
        varied = "; ".join(p.describe() for p in self.params)
        wanted = "; ".join(t.words() for t in self.targets)
        fixed = f" With {', '.join(self.options.fixed)} fixed." if self.options.fixed else ""
        return f"Which setting of {varied} gives {wanted}?{fixed}"

    def command(self) -> str:
        o = self.options
        parts = ["subway", "tune", o.scenario]
        for spec in o.vary:
            parts += ["--vary", spec]
        for t in self.targets:
            parts += ["--target", t.spec()]
        for spec in o.fixed:
            parts += ["--set", spec]
        parts += ["--budget", str(o.budget), "--games-per-trial", str(o.per_trial)]
        if o.agents:
            parts += ["--agents", o.agents]
        parts += ["--seed", str(self.seed), "--confirm", str(o.confirm), "--out", o.out]
        return shlex.join(parts)


def _lookup(data: Any, key: str) -> Any:
    """The value at a dotted key of a scenario (its models, lists and mappings)."""
    for part in key.split("."):
        if isinstance(data, list | tuple):
            data = data[int(part)] if part.isdigit() and int(part) < len(data) else None
        elif isinstance(data, dict):
            data = data.get(part)
        else:
            data = getattr(data, part, None)
    if hasattr(data, "model_dump"):
        return data.model_dump(mode="json")
    return data


def _text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def agent_overrides(agents: str | None, players: int) -> list[str]:
    """`--agents greedy` seats greedy everywhere; `--agents greedy,random` seat by seat."""
    if agents is None:
        return []
    names = [a.strip() for a in agents.split(",")]
    if any(not a for a in names):
        raise TuneError(f"--agents {agents!r}: an empty agent name in the list")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise TuneError(
            f"--agents {agents!r}: {len(names)} agents for {players} players; give one "
            "agent for every seat, or one for all"
        )
    return [f"players.{i}.agent={a}" for i, a in enumerate(names)]


def plan_tune(options: TuneOptions) -> TunePlan:
    """Parse and check everything a tune needs before a game is played (TuneError,
    ScenarioError)."""
    o = options
    if o.budget < 1 or o.per_trial < 1 or o.confirm < 0:
        raise TuneError("--budget and --games-per-trial are at least 1, --confirm at least 0")
    if o.per_trial > o.budget:
        raise TuneError(
            f"--games-per-trial {o.per_trial} is more than the --budget of {o.budget} games"
        )
    if o.confirm == 1:
        raise TuneError("--confirm needs at least 2 games (or 0 to skip the confirmation)")
    if o.seed is not None and o.seed < 0:
        raise TuneError(f"--seed must be >= 0, got {o.seed}")
    for spec in o.fixed:
        key = spec.partition("=")[0].strip()
        if key:
            check_key(key, "--set")
    params = parse_space(o.vary)
    fixed_keys = {s.partition("=")[0].strip() for s in o.fixed}
    for p in params:
        if p.key in fixed_keys:
            raise TuneError(f"--vary {p.key}: the key is also fixed by --set; drop one")
    file = read_scenario_file(o.scenario)
    players = len(file.scenario([]).players) if _valid(file, []) else None
    players = players or _players_of(file, o.fixed)
    agents = tuple(agent_overrides(o.agents, players))
    fixed = (*o.fixed, *agents)
    reference = _check_values(file, fixed, params)
    measures = measure_table(reference.player_names, len(reference.players))
    targets = parse_targets(o.targets, measures)
    seed = file.scenario(list(agents)).seed if o.seed is None else o.seed
    return TunePlan(o, file, fixed, agents, params, targets, measures, reference, seed)


def _valid(file: ScenarioFile, overrides: Sequence[str]) -> bool:
    try:
        file.scenario(overrides)
    except ScenarioError:
        return False
    return True


def _players_of(file: ScenarioFile, fixed: Sequence[str]) -> int:
    players = file.data.get("players")
    return len(players) if isinstance(players, list) else 2


def _check_values(file: ScenarioFile, fixed: Sequence[str], params: Sequence[Param]) -> Scenario:
    """Each param's ends (or choices) with the others at their first value, and the
    reference point itself: a bad key or value is refused before any game."""
    first = {p.key: p.ends()[0] for p in params}
    problems: dict[str, str] = {}
    reference = None
    for p in params:
        for value in p.ends():
            values = {**first, p.key: value}
            overrides = [*fixed, *(f"{k}={v}" for k, v in values.items())]
            try:
                scenario = file.scenario(overrides)
            except ScenarioError as exc:
                for problem in exc.problems:
                    problems.setdefault(f"{file.source}: {problem}", f"--vary {p.key}={value}")
                continue
            if any(pl.agent == "human" for pl in scenario.players):
                raise TuneError(f"{file.source}: a tune cannot seat a human player")
            reference = reference or scenario
    if problems or reference is None:
        lines = [f"{problem} [{where}]" for problem, where in problems.items()]
        raise TuneError("\n".join(lines[:12]) or f"{file.source}: no valid setting")
    return reference


def trial_overrides(params: Sequence[Param], values: Mapping[str, Any]) -> dict[str, str]:
    """Optuna's suggested values as override text, by key."""
    return {p.key: p.text(values[p.key]) for p in params}


def out_folder(out: str) -> Path:
    if not out.strip():
        raise TuneError(f"--out {out!r}: give the folder for the tune's files")
    return Path(out)
