"""What questions 1 and 3 read besides their sweeps, each played by the project's own
commands' functions or reused from a folder an earlier run left:

- question 1, "does skill pay?": the skill ladder (`commands.skill_chain.play_chain`: each
  kind of player against the one below it, random at the bottom);
- question 1, "is there a dominant strategy?": the strategy matrix of the restricted
  players (`strategies.equilibrium.StrategyMatrix`, `commands.ladder.ladder_tasks`);
- question 1, "where do points come from?": rides, extra trips and shared trips, from the
  draft's own games;
- question 3, the ending: `subway tune` (`tune.command.run_tune`) with no turn limit
  (`end.turns=null`), so the piles end the game, for the length the report states.

Games are kept in `q1/ladder/games.csv` and `q1/strategies/games.csv` (and the tune's own
folder, `q3/tune/`); a rerun, or `--ladder`/`--strategies`/`--tune DIR`, reads them instead
of playing them again, and the report says which were reused.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from subwaysim.commands.ladder import Ladder, ladder_tasks
from subwaysim.commands.skill_chain import Chain, rung_record
from subwaysim.playtest.grids import Draft
from subwaysim.playtest.options import PlaytestOptions
from subwaysim.scenario import Scenario, load_scenario
from subwaysim.strategies.equilibrium import StrategyMatrix
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.play import Played
from subwaysim.sweep.run.results import GameRecord, Layout, format_rows, read_games
from subwaysim.sweep.statistics.stats import wilson_interval
from tabletop.files import atomic_write_text

LADDER, STRATEGIES, TUNE = Path("q1") / "ladder", Path("q1") / "strategies", Path("q3") / "tune"
STYLES = ("greedy", "greedy:local", "greedy:express", "greedy:lines", "greedy:hubs", "greedy:deny")
SEED = 0


@dataclass(frozen=True, slots=True)
class Games:
    """Games of mixed players, where they came from."""

    records: tuple[GameRecord, ...]
    folder: Path
    reused: bool


def ladder_agents(options: PlaytestOptions) -> list[str]:
    """random, then the quick kinds, then the search kinds of --agents, each once."""
    quick = [a.spec for a in options.agents if not a.search]
    search = [a.spec for a in options.agents if a.search]
    chain = ["random", *[a for a in quick if a != "random"], *search]
    if "greedy" not in chain:
        chain.insert(1, "greedy")
    return list(dict.fromkeys(chain))


def mixed_games(
    draft: Draft,
    names: Sequence[str],
    games: int,
    folder: Path,
    reuse: Path | None,
    backend: Backend,
    chain: bool,
) -> Games:
    """The ladder's (`chain`: each against the one below) or the matrix's (every pair)
    games: read from `reuse` or `folder` where they are all there, else played."""
    for source, reused in ((reuse, True), (folder, False)):
        if source is not None and (source / GAMES).exists():
            found = read_games(source / GAMES).records
            if _complete(found, names, games, chain):
                return Games(tuple(found), source, reused)
    tasks = []
    pairs = list(zip(names[1:], names[:-1], strict=False)) if chain else None
    if pairs is None:
        tasks = ladder_tasks(draft.scenario, names, games, SEED)
    else:
        for a, b in pairs:
            tasks += ladder_tasks(draft.scenario, [a, b], games, SEED)
    records = [o.record for o in backend(tasks) if isinstance(o, Played)]
    records.sort(key=lambda r: (r.setting.values, r.game))
    layout = Layout(("seat1", "seat2"), tuple(p.name for p in draft.scenario.players))
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / GAMES, format_rows(layout, records))
    return Games(tuple(records), folder, False)


def _complete(records: Sequence[GameRecord], names: Sequence[str], games: int, chain: bool) -> bool:
    pairs = (
        list(zip(names[1:], names[:-1], strict=False))
        if chain
        else [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    )
    count: dict[frozenset[str], int] = {}
    for r in records:
        count[frozenset(r.setting.values)] = count.get(frozenset(r.setting.values), 0) + 1
    return all(count.get(frozenset(p), 0) >= games for p in pairs)


def chain_of(names: Sequence[str], records: Sequence[GameRecord]) -> Chain:
    """The skill chain of `names` from their games (CPU not measured here)."""
    rungs = []
    for k in range(1, len(names)):
        pair = {names[k], names[k - 1]}
        games = [r for r in records if set(r.setting.values) == pair]
        rungs.append(rung_record(names[k], names[k - 1], games, None))
    return Chain(names[0], tuple(rungs))


def matrix_of(names: Sequence[str], records: Sequence[GameRecord]) -> StrategyMatrix:
    return StrategyMatrix.of_ladder(Ladder.of(list(names), records))


@dataclass(frozen=True, slots=True)
class PointSources:
    """Where the draft's points come from, as shares of all points scored."""

    games: int
    total: float  # points a game, all players
    extra: float  # from extra trips (SG-18)
    shared: float  # from trips on two or more systems (SG-15)

    @property
    def rides(self) -> float:
        """From queue trips (everything but the extra trips)."""
        return 1 - self.extra


def point_sources(records: Sequence[GameRecord]) -> PointSources | None:
    total = sum(sum(r.scores) for r in records)
    if not records or total <= 0:
        return None
    extra = sum(r.extra_trip_points for r in records) / total
    shared = sum(r.shared_points for r in records) / total
    return PointSources(len(records), total / len(records), extra, shared)


# --- question 3: the ending, tuned ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TunedEnding:
    """What a tune of the ending recommends, read from its folder."""

    folder: Path
    reused: bool
    rounds: int  # the game length it aimed at
    changes: dict[str, str]  # key -> value where tuned.yaml differs from the draft
    confirmed: dict[str, tuple[int, int, float]]  # role -> (games, first-seat wins, rounds)
    values: dict[str, dict[str, str]]  # role -> the varied keys' values

    @property
    def winner(self) -> str | None:
        """The confirmation's role that is tuned.yaml's setting (None: the draft kept)."""
        for role, values in self.values.items():
            same = all(self.changes.get(k, v) == v for k, v in values.items())
            if role != "baseline" and same and any(k in self.changes for k in values):
                return role
        return None

    def first_seat(self, role: str) -> tuple[float, float, float] | None:
        if role not in self.confirmed:
            return None
        games, wins, _ = self.confirmed[role]
        low, high = wilson_interval(wins, games)
        return wins / games, low, high


def target_rounds(draft: Draft, derived_rounds: int) -> int:
    """The length the tune aims at: the draft's own turns each where it sets them (the
    classic scenario plays 30 rounds), else the median rounds of its games."""
    turns = draft.scenario.end.turns
    return turns if turns is not None else derived_rounds


def tune_options(
    options: PlaytestOptions, draft: Draft, rounds: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(vary, targets, fixed) of question 3's tune: the number of empty piles, the copies
    of each card (what moves with it: how fast piles empty) and finishing the round."""
    piles = draft.supply_piles
    copies = draft.scenario.cards.max_population
    vary = (
        f"end.depleted_piles=1..{piles}",
        f"cards.max_population={max(1, copies - 1)}..{copies + 2}",
        "end.finish_round=true,false",
    )
    targets = (f"rounds={rounds}", "first_seat_win_rate=0.5")
    return vary, targets, ("end.turns=null",)


def tune_ending(
    options: PlaytestOptions, draft: Draft, rounds: int, console: Console
) -> TunedEnding:
    """Run (or resume, or reuse) question 3's tune and read what it recommends."""
    if options.tune is not None:
        return read_tune(options.tune, draft, rounds, reused=True)
    from subwaysim.tune.command import run_tune
    from subwaysim.tune.plan import TuneOptions

    vary, targets, fixed = tune_options(options, draft, rounds)
    folder = options.out / TUNE
    quick = next((a.spec for a in options.agents if not a.search), options.agents[0].spec)
    per_trial = max(2, min(40, options.tune_budget // 10))
    tune = TuneOptions(
        scenario=str(options.scenario), vary=vary, targets=targets, fixed=fixed,
        budget=options.tune_budget, per_trial=per_trial, agents=quick, jobs=options.jobs,
        scheduler=options.scheduler, seed=None, confirm=options.confirm, out=str(folder),
    )  # fmt: skip
    folder.parent.mkdir(parents=True, exist_ok=True)
    with (folder.parent / "tune.log").open("w", encoding="utf-8") as log:
        run_tune(tune, Console(file=log, width=100, highlight=False))
    return read_tune(folder, draft, rounds, reused=False)


def read_tune(folder: Path, draft: Draft, rounds: int, reused: bool) -> TunedEnding:
    tuned = folder / "tuned.yaml"
    changes: dict[str, str] = {}
    if tuned.exists():
        scenario = load_scenario(tuned)
        changes = _changes(draft.scenario, scenario)
    confirmed, values = _confirmed(folder / "confirm.csv")
    return TunedEnding(folder, reused, rounds, changes, confirmed, values)


def _changes(draft: Scenario, tuned: Scenario) -> dict[str, str]:
    found = {}
    for section in ("end", "cards"):
        mine = getattr(draft, section).model_dump(mode="json")
        theirs = getattr(tuned, section).model_dump(mode="json")
        for key, value in theirs.items():
            if mine.get(key) != value:
                found[f"{section}.{key}"] = _text(value)
    return found


def _text(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _confirmed(
    path: Path,
) -> tuple[dict[str, tuple[int, int, float]], dict[str, dict[str, str]]]:
    """Per role of the tune's confirmation: (games, first-seat wins, mean rounds), and the
    varied keys' values."""
    if not path.exists():
        return {}, {}
    found: dict[str, list[float]] = {}
    values: dict[str, dict[str, str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        fields = list(reader.fieldnames or [])
        keys = fields[1 : fields.index("game")] if "game" in fields else []
        for row in reader:
            values.setdefault(row["role"], {k: row[k] for k in keys})
            seats, winners = row["seats"].split(), row["winners"].split()
            won = 1.0 / len(winners) if seats and seats[0] in winners else 0.0
            games, wins, rounds = found.setdefault(row["role"], [0, 0.0, 0.0])
            turns = float(row["turns"]) / max(1, len(seats))
            found[row["role"]] = [games + 1, wins + won, rounds + turns]
    counts = {
        role: (int(g), math.floor(w + 0.5), r / g if g else math.nan)
        for role, (g, w, r) in found.items()
    }
    return counts, values


@dataclass(frozen=True, slots=True)
class Extras:
    """Question 1's ladder, matrix and point sources, and question 3's tune."""

    chain: Chain | None = None
    matrix: StrategyMatrix | None = None
    points: PointSources | None = None
    tuned: TunedEnding | None = None
    ladder: Games | None = None
    strategies: Games | None = None
