"""A Subway Game saved at the console: versioned JSON that `load` resumes exactly.

    {"format": "transit-games/subway-game", "version": 1,
     "scenario": {...every key, as validated...}, "seed": 5, "humans": ["IRT"],
     "decisions": {"IRT": ["build track c4", "done", ...], "BRT": [...]},
     "phase": {"IRT": ["build track d4"]}}

The game is the scenario, the seed and every seat's decisions in order (`decisions.py`);
loading plays them again. `phase` holds the builds of a build phase that was still open
(they stay undoable after loading). The scenario travels as its contents, never as a path.
Files are written atomically; reading is bounded in size and nesting, and every problem,
down to a decision that does not replay, is a `SaveError` naming the file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from subwaysim.agents.base import Agent
from subwaysim.console.decisions import MAX_LINE, DecisionError, Recorded
from subwaysim.console.phase import replay_phase
from subwaysim.engine import Game
from subwaysim.scenario import MAX_SEED, Scenario, validation_problems
from subwaysim.state import GameState
from tabletop import files
from tabletop.outputs import Kind, register_kind
from tabletop.saves import SaveError, read_json

FORMAT = "transit-games/subway-game"
VERSION = 1
SAVE = register_kind(
    Kind(
        "subway-save", "a saved Subway Game", lambda head: f'"format": "{FORMAT}"'.encode() in head
    )
)
MAX_FILE_BYTES = 5_000_000  # a 1,000-round game of 8 seats is about 2 MB of decisions
FIELDS = ("format", "version", "scenario", "seed", "humans", "decisions", "phase")


@dataclass(frozen=True, slots=True)
class SubwaySave:
    """What a save holds (see the module docstring)."""

    scenario: Scenario
    seed: int
    humans: tuple[str, ...]
    decisions: Mapping[str, tuple[str, ...]]
    phase: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "scenario": self.scenario.model_dump(mode="json"),
            "seed": self.seed,
            "humans": list(self.humans),
            "decisions": {p: list(lines) for p, lines in self.decisions.items()},
            "phase": {p: list(lines) for p, lines in self.phase.items()},
        }
        return json.dumps(data, indent=1) + "\n"


def write_save(path: str | Path, save: SubwaySave) -> None:
    try:
        files.atomic_write_text(path, save.to_json(), make_folder=False)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the saved game ({exc.strerror or exc})") from None


def read_save(path: str | Path) -> SubwaySave:
    """Read, check and replay-check a save (SaveError naming the file on any problem)."""
    try:
        text = files.read_text(path, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise SaveError(f"{path}: cannot read the saved game ({exc.reason})") from None
    save = parse_save(text, str(path))
    check_replay(save, str(path))
    return save


def parse_save(text: str, where: str) -> SubwaySave:
    data = read_json(text, where, "saved Subway Game")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        also = f" (this is a {found!r} file)" if isinstance(found, str) else ""
        raise SaveError(f"{where}: not a saved Subway Game{also}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"{where}: field 'version' must be a positive integer, got {version!r}")
    if version > VERSION:
        raise SaveError(
            f"{where}: saved by a newer version (format {version}; this reads {VERSION})"
        )
    extra = sorted(set(data) - set(FIELDS))
    if extra:
        raise SaveError(f"{where}: unknown field {extra[0]!r}")
    scenario = _scenario(data.get("scenario"), where)
    players = scenario.player_names
    return SubwaySave(
        scenario,
        _seed(data.get("seed"), where),
        _humans(data.get("humans"), players, where),
        _lines(data.get("decisions"), players, where, "decisions"),
        _lines(data.get("phase", {}), players, where, "phase"),
    )


def _scenario(data: Any, where: str) -> Scenario:
    if not isinstance(data, dict):
        raise SaveError(f"{where}: field 'scenario' must be an object of scenario keys")
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:  # worded as a scenario file's problems are
        problem = validation_problems(exc, None, ())[0]
        raise SaveError(f"{where}: scenario: {problem}") from None


def _seed(seed: Any, where: str) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED:
        raise SaveError(f"{where}: field 'seed' must be a whole number, got {_shown(seed)}")
    return seed


def _humans(humans: Any, players: tuple[str, ...], where: str) -> tuple[str, ...]:
    if not isinstance(humans, list) or not all(h in players for h in humans):
        raise SaveError(f"{where}: field 'humans' must list players of the scenario {players}")
    return tuple(humans)


def _lines(
    data: Any, players: tuple[str, ...], where: str, name: str
) -> dict[str, tuple[str, ...]]:
    if not isinstance(data, dict):
        raise SaveError(f"{where}: field {name!r} must be an object of lists, one per player")
    result = {}
    for player, lines in data.items():
        if player not in players:
            raise SaveError(f"{where}: {name}: {_shown(player)} is not a player of the scenario")
        ok = isinstance(lines, list) and all(
            isinstance(x, str) and len(x) <= MAX_LINE for x in lines
        )
        if not ok:
            raise SaveError(f"{where}: {name}.{player} must be a list of decision lines")
        result[player] = tuple(lines)
    return result


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ------------------------------------------------------------------ replay


class _SavePoint(Exception):
    """The replay reached the point where the game was saved (a seat asked past its script):
    `build` holds (state, points, first) if the seat was asked for a build."""

    def __init__(self, player: str, build: tuple[GameState, int, bool] | None = None) -> None:
        super().__init__(player, build)  # all in args: SimPy re-raises a copy made from them
        self.player, self.build = player, build


class _Stop(Agent):
    """Stands in for every seat while a save is checked: asked for anything, it stops."""

    kind = "stop"

    def choose_build(self, state: GameState, points_left: int, first: bool) -> Any:
        raise _SavePoint(self.player, (state, points_left, first))

    def choose_route(self, *_: Any) -> Any:
        raise _SavePoint(self.player)

    def choose_intensify(self, *_: Any) -> Any:
        raise _SavePoint(self.player)


def check_replay(save: SubwaySave, where: str) -> None:
    """Play the decisions again without showing anything: SaveError if one does not fit,
    or if the game ends before the point where it was saved."""
    rng = random.Random(0)
    agents = {
        p: Recorded(_Stop(p, rng), save.decisions.get(p, ())) for p in save.scenario.player_names
    }
    try:
        Game(save.scenario, save.seed, [], agents).run()
    except _SavePoint as point:
        _check_open_phase(save, point, where)
        return
    except DecisionError as exc:
        raise SaveError(f"{where}: does not replay: {exc}") from None
    raise SaveError(f"{where}: the saved game ends before the point where it was saved")


def _check_open_phase(save: SubwaySave, point: _SavePoint, where: str) -> None:
    """The kept builds of the phase open at the save point must replay from its start."""
    for player, lines in save.phase.items():
        if not lines:
            continue
        if player != point.player or point.build is None or not point.build[2]:
            raise SaveError(f"{where}: phase: {player}'s build phase is not the one open")
        state, points, _ = point.build
        try:
            replay_phase(state, player, points, lines)
        except DecisionError as exc:
            raise SaveError(f"{where}: phase: {player}'s open build phase: {exc}") from None
