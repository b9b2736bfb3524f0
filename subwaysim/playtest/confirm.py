"""The recommended rule set: `recommended.yaml` (the draft with every question's
recommended setting), validated as a scenario, and confirmed against the draft over
`--confirm` paired games per kind of player (game k of both on one seed: common random
numbers, so the draft's games are those the sweeps already played, copied).

The confirmation lives in `DIR/confirm/<player>/`: games.csv (the setting column `rules`
is `draft` or `recommended`), plays.csv and compare.csv with the sweep's statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from subwaysim.playtest.grids import Draft
from subwaysim.playtest.memo import recording
from subwaysim.playtest.options import AgentRun, player_specs
from subwaysim.playtest.plays import read_plays
from subwaysim.scenario import ScenarioError, apply_override, parse_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.plan.seeds import game_seed
from subwaysim.sweep.report.differences import compare_csv
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.play import GameTask, Played
from subwaysim.sweep.run.results import GameRecord, GamesWriter, Layout, read_games
from subwaysim.sweep.statistics.compare import SettingDifferences, compare_all
from subwaysim.sweep.statistics.stats import SettingStats, summarize
from tabletop.files import atomic_write_text

RECOMMENDED = "recommended.yaml"
CONFIRM = Path("confirm")
KEY = "rules"
DRAFT, TUNED = Setting(((KEY, "draft"),)), Setting(((KEY, "recommended"),))


@dataclass(frozen=True, slots=True)
class RuleSet:
    """recommended.yaml's text and the `--set`s it applies (and those left out: invalid
    together with the others)."""

    text: str
    applied: tuple[str, ...]
    dropped: tuple[tuple[str, str], ...]  # (override, why)


def rule_set(draft: Draft, overrides: Sequence[str]) -> RuleSet:
    """The draft with `overrides` applied one by one, each kept only if the scenario stays
    valid (one refused is tried again once the others are in, so the order the questions
    give them in does not matter), each once; the text validated as `subway validate` would."""
    applied: list[str] = []
    pending = list(dict.fromkeys(overrides))  # each once, in the order given
    why: dict[str, str] = {}
    while pending:  # one that needs a later one first (end.turns=null after an ending) retries
        left = []
        for item in pending:
            try:
                parse_scenario(draft.text, draft.source, [*applied, item])
            except ScenarioError as exc:
                why[item] = str(exc).splitlines()[0]
                left.append(item)
                continue
            applied.append(item)
        if len(left) == len(pending):
            break
        pending = left
    dropped = [(item, why[item]) for item in pending]
    data = dict(draft.data)
    for item in applied:
        apply_override(data, item, RECOMMENDED)
    head = (
        f"# The playtest's recommended rule set: {draft.source} with\n"
        + "".join(f"#   --set {item}\n" for item in applied)
        + ("#   (no change: every question keeps the draft's rule)\n" if not applied else "")
    )
    text = head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    parse_scenario(text, RECOMMENDED)  # it must validate; a ScenarioError here is a bug
    return RuleSet(text, tuple(applied), tuple(dropped))


def write_rule_set(out: Path, rules: RuleSet) -> Path:
    path = out / RECOMMENDED
    atomic_write_text(path, rules.text)
    return path


@dataclass(frozen=True, slots=True)
class KindConfirmed:
    agent: AgentRun
    games: int
    stats: dict[str, SettingStats]  # "draft" / "recommended"
    compared: SettingDifferences | None
    folder: Path


@dataclass(frozen=True, slots=True)
class Confirmed:
    rules: RuleSet
    kinds: tuple[KindConfirmed, ...]


def confirm(
    out: Path, draft: Draft, rules: RuleSet, agents: Sequence[AgentRun], games: int,
    backend: Backend,
) -> Confirmed:  # fmt: skip
    """Play (or read back) `games` paired games per kind of player and compare them."""
    kinds = []
    if rules.applied and games > 0:
        for agent in agents:
            kinds.append(_confirm_kind(out, draft, rules, agent, games, backend))
    return Confirmed(rules, tuple(kinds))


def _confirm_kind(
    out: Path, draft: Draft, rules: RuleSet, agent: AgentRun, games: int, backend: Backend
) -> KindConfirmed:
    """Each game is added to games.csv as it ends, so a stopped confirmation resumes with
    the games it still lacks (a torn last line dropped, as a sweep does)."""
    folder = out / CONFIRM / agent.slug
    folder.mkdir(parents=True, exist_ok=True)
    players = player_specs(agent, len(draft.scenario.players))
    base = parse_scenario(draft.text, draft.source, players)
    tuned = parse_scenario(rules.text, RECOMMENDED, players)
    layout = Layout((KEY,), tuple(p.name for p in base.players))
    records, clean = _kept(folder, rules.text, layout)
    if clean is None:  # nothing of this rule set's yet: start afresh
        (folder / "plays.csv").unlink(missing_ok=True)
        (folder / GAMES).unlink(missing_ok=True)
        atomic_write_text(folder / RECOMMENDED, rules.text)  # what games.csv confirms
    done = {(r.setting.values, r.game) for r in records}
    tasks = [
        GameTask(setting, k, game_seed(base.seed, setting, k), scenario)
        for setting, scenario in ((DRAFT, base), (TUNED, tuned))
        for k in range(games)
        if (setting.values, k) not in done
    ]
    if tasks:
        writer = GamesWriter(folder / GAMES, layout, clean)
        try:
            for outcome in recording(backend, folder)(tasks):
                if isinstance(outcome, Played):
                    writer.add(outcome.record)
        finally:
            writer.close()
        records = list(read_games(folder / GAMES).records)  # as a resumed run reads them
    records.sort(key=lambda r: (r.setting.values != ("draft",), r.game))
    differences = compare_all(records, DRAFT, True, read_plays(folder))
    atomic_write_text(folder / "compare.csv", compare_csv(differences))
    stats = {s.setting.values[0]: s for s in summarize(records)}
    return KindConfirmed(agent, games, stats, differences[0] if differences else None, folder)


def _kept(folder: Path, text: str, layout: Layout) -> tuple[list[GameRecord], int | None]:
    """The games the folder holds for this very rule set, and games.csv's clean length
    (None: none kept, the folder confirmed another rule set or nothing yet)."""
    path, same = folder / GAMES, folder / RECOMMENDED
    if not same.exists() or same.read_text(encoding="utf-8") != text:
        return [], None
    if not path.exists():
        return [], None
    table = read_games(path)
    if table.layout != layout:
        return [], None
    return list(table.records), table.clean_bytes
