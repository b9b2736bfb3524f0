"""Games a playtest has already played are not played again.

Every part of a playtest starts from the draft's rules (its baseline), and with common
random numbers game k of every setting has the same seed, so the draft's game k comes
back in most sweeps. One scenario and one seed make one game, event for event (the
engine is deterministic), so a game already played is copied into the new sweep (its
games.csv record and its trace, re-keyed to the new setting) instead of being played
again. This saves about a quarter of a default playtest's games.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from subwaysim.playtest.plays import Key, PlayedMoves, append_plays
from subwaysim.scenario import Scenario, scenario_to_dict
from subwaysim.sweep.plan.plan import SweepPlan
from subwaysim.sweep.run.backends import Backend
from subwaysim.sweep.run.play import GameTask, Outcome, Played
from subwaysim.sweep.run.results import GameRecord
from subwaysim.sweep.run.traces import GameTrace

Known = tuple[str, int]  # (the scenario as JSON, the game's seed)


def identity(scenario: Scenario, seed: int) -> Known:
    """What decides a game: the whole scenario (players included) and the seed."""
    return json.dumps(scenario_to_dict(scenario), sort_keys=True), seed


class PlayedGames:
    """The games of the sweeps seen so far, and a backend that copies them."""

    def __init__(self) -> None:
        self._games: dict[Known, Played] = {}
        self.copied = 0

    def learn(
        self,
        plan: SweepPlan,
        records: Iterable[GameRecord],
        traces: Iterable[GameTrace],
        plays: Mapping[Key, str] | None = None,
    ) -> None:
        """Remember a sweep's games (those with a trace: every game in games.csv has one)
        and their play digests where `plays` has them."""
        scenarios = {setting.values: scenario for setting, scenario in plan.scenarios}
        by_key = {t.key: t for t in traces}
        plays = plays or {}
        for record in records:
            trace = by_key.get(record.key)
            scenario = scenarios.get(record.setting.values)
            if trace is not None and scenario is not None:
                digest = plays.get(record.key, "")
                self._games[identity(scenario, record.seed)] = PlayedMoves(record, trace, digest)

    def known(self, scenario: Scenario, seed: int) -> Played | None:
        """The game of `scenario` and `seed` if a sweep seen so far played it."""
        return self._games.get(identity(scenario, seed))

    def backend(self, inner: Backend) -> Backend:
        """`inner`, except that a game already played is copied, not played."""

        def play(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
            fresh = []
            for task in tasks:
                known = self._games.get(identity(task.scenario, task.seed))
                if known is None:
                    fresh.append(task)
                else:
                    self.copied += 1
                    yield copy_to(known, task)
            if fresh:
                yield from inner(fresh)

        return play


def copy_to(played: Played, task: GameTask) -> Played:
    """The same game filed under `task`'s setting and game number."""
    record = dataclasses.replace(played.record, setting=task.setting, game=task.game)
    trace = dataclasses.replace(played.trace, setting=task.setting.values, game=task.game)
    return dataclasses.replace(played, record=record, trace=trace)  # its play digest kept


def recording(inner: Backend, folder: Path) -> Backend:
    """`inner`, filing each game's play digest in `folder`'s plays.csv as it comes."""

    def play(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        for outcome in inner(tasks):
            if isinstance(outcome, PlayedMoves) and outcome.plays:
                record = outcome.record
                append_plays(folder, [(record.setting.values, record.game, outcome.plays)])
            yield outcome

    return play
