"""A sweep plan: the base scenario, the grid, one validated scenario per setting, and the
baseline the other settings are compared with.

Every grid point's scenario is built and validated before any game runs, so a bad key or
value is refused up front, naming the key (and the value or setting that broke it).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from subwaysim.agents.registry import kind_of
from subwaysim.scenario import Scenario, ScenarioError, ScenarioFile, read_scenario_file
from subwaysim.sweep.errors import SweepError
from subwaysim.sweep.plan.baseline import choose_baseline
from subwaysim.sweep.plan.grid import Axis, Setting, parse_axes, settings
from subwaysim.sweep.plan.seeds import game_seed
from subwaysim.sweep.run.play import GameTask
from subwaysim.sweep.run.results import GameRecord, Layout

MAX_PROBLEMS = 12
AS_WRITTEN = Setting(())  # the setting of a sweep without --set


@dataclass(frozen=True, slots=True)
class SweepPlan:
    """What to play: `games` games of every setting, seeded from `seed` (common random
    numbers unless `independent`); with `precision`, `games` is the most to play."""

    source: str
    base: Scenario
    axes: tuple[Axis, ...]
    specs: tuple[str, ...]
    games: int
    seed: int
    rotate_seats: bool
    scenarios: tuple[tuple[Setting, Scenario], ...]
    independent: bool = False
    baseline: Setting = AS_WRITTEN
    baseline_specs: tuple[str, ...] = ()
    baseline_reason: str = ""
    precision: float | None = None

    @property
    def settings(self) -> tuple[Setting, ...]:
        return tuple(s for s, _ in self.scenarios)

    @property
    def layout(self) -> Layout:
        players: dict[str, None] = {}
        for _, scenario in self.scenarios:
            players.update(dict.fromkeys(scenario.player_names))
        return Layout(tuple(a.key for a in self.axes), tuple(players))

    @property
    def total(self) -> int:
        return self.games * len(self.scenarios)

    def tasks(self, done: Iterable[GameRecord] = (), games: int | None = None) -> list[GameTask]:
        """Every game of the grid (the first `games` of each setting, default all) not
        already in `done`, in grid order."""
        finished = {r.key for r in done}
        return [
            self.task(setting, scenario, game)
            for setting, scenario in self.scenarios
            for game in range(self.games if games is None else games)
            if (setting.values, game) not in finished
        ]

    def task(self, setting: Setting, scenario: Scenario, game: int) -> GameTask:
        seated = seat(scenario, game) if self.rotate_seats else scenario
        return GameTask(setting, game, self.seed_of(setting, game), seated)

    def seed_of(self, setting: Setting, game: int) -> int:
        return game_seed(self.seed, setting, game, self.independent)

    def command(self, out: str) -> str:
        parts = ["subway", "sweep", self.source]
        for spec in self.specs:
            parts += ["--set", spec]
        parts += ["--games", str(self.games), "--seed", str(self.seed)]
        if self.rotate_seats:
            parts.append("--rotate-seats")
        if self.independent:
            parts.append("--independent")
        for spec in self.baseline_specs:
            parts += ["--baseline", spec]
        if self.precision is not None:
            parts += ["--precision", f"{self.precision:g}"]
        return shlex.join([*parts, "--out", out])


def seat(scenario: Scenario, game: int) -> Scenario:
    """Game `game` seats the players rotated by `game` places (SG-19: the circle's start)."""
    players = scenario.players
    shift = game % len(players)
    return scenario.model_copy(update={"players": players[shift:] + players[:shift]})


def plan_sweep(
    path: str | Path,
    specs: Sequence[str],
    games: int,
    seed: int | None = None,
    rotate_seats: bool = False,
    independent: bool = False,
    baseline: Sequence[str] = (),
    precision: float | None = None,
) -> SweepPlan:
    """Parse the grid and validate the scenario of every grid point (ScenarioError, SweepError)."""
    if games < 1:
        raise SweepError(f"--games must be at least 1, got {games}")
    if seed is not None and seed < 0:
        raise SweepError(f"--seed must be >= 0, got {seed}")
    if precision is not None and not 0 < precision <= 1:
        raise SweepError(f"--precision is a win-rate interval width in (0, 1], got {precision}")
    file = read_scenario_file(path)  # read and parsed once for every grid point
    base = file.scenario()
    axes = parse_axes(specs)
    baseline_setting, reason = choose_baseline(axes, base, baseline)
    scenarios = build_scenarios(file, axes)
    return SweepPlan(
        source=str(path),
        base=base,
        axes=axes,
        specs=tuple(specs),
        games=games,
        seed=base.seed if seed is None else seed,
        rotate_seats=rotate_seats,
        scenarios=scenarios,
        independent=independent,
        baseline=baseline_setting,
        baseline_specs=tuple(baseline),
        baseline_reason=reason,
        precision=precision,
    )


def build_scenarios(
    file: ScenarioFile, axes: Sequence[Axis]
) -> tuple[tuple[Setting, Scenario], ...]:
    """Each value on its own first (the clearest message), then every combination."""
    problems: dict[str, str] = {}  # problem -> the first override or setting that showed it
    for axis in axes:
        for value in axis.values:
            _attempt(file, [f"{axis.key}={value}"], f"--set {axis.key}={value}", problems)
    if problems:
        raise _refusal(problems)
    built = []
    for setting in settings(axes):
        scenario = _attempt(file, setting.overrides(), setting.label(), problems)
        if scenario is not None:
            built.append((setting, scenario))
    if problems:
        raise _refusal(problems)
    return tuple(built)


def _attempt(
    file: ScenarioFile, overrides: list[str], where: str, problems: dict[str, str]
) -> Scenario | None:
    try:
        scenario = file.scenario(overrides)
    except ScenarioError as exc:
        for problem in exc.problems:
            problems.setdefault(f"{file.source}: {problem}", where)
        return None
    for i, player in enumerate(scenario.players):
        kind = kind_of(player.agent)
        if kind is not None and kind.person:
            problem = f"players.{i}.agent: a sweep cannot seat a human player ({player.name})"
            problems.setdefault(f"{file.source}: {problem}", where)
    return scenario


def _refusal(problems: dict[str, str]) -> SweepError:
    lines = [f"{problem} [{where}]" for problem, where in problems.items()]
    if len(lines) > MAX_PROBLEMS:
        lines = [*lines[:MAX_PROBLEMS], f"... and {len(lines) - MAX_PROBLEMS} more problems"]
    return SweepError("\n".join(lines))
