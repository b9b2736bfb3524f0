"""The learned value of a position: what the mcts search's leaves are judged by (issue 28).

A leaf of the search is a sampled future a few turns ahead. Its value for a player is a
prediction of that player's lead at the end of the game (its final score minus the best
rival's), made from what a person at the table sees there:

- `score`: the player's score lead now (SG-15);
- `outlook`: the lead in expected points a trip (`outlook.Valuation` on a sample of trips
  drawn from the cards in play) times the trips still to come (`outlook.trips_left`): what
  the networks are worth if nobody built again;
- `score_late` and `outlook_late`: the same two, times the share of the game already
  played, so that their weights can change as the game goes on.

The weights are fitted (least squares, scikit-learn) on self-play games of the bundled
scenarios by `subway learn` (`subwaysim/learning/`), which writes a model file: the
features, their weights and the training data's provenance (command, scenarios and their
digests, seed, games, rows, the data's digest, the fit's quality), sealed with a digest of
its content. `load_value_model` is the one way in: it refuses a file that is not a value
model, is of another version, names other features, or whose content no longer matches
its digest (damaged or hand-edited), with a message naming the file and the problem.

Self-play with the greedy player says the old fixed leaf (score lead plus the whole
outlook) trusted the networks far too much: the rival builds too, and a lead in points
already scored grows (about 1.3 points at the end for each point now, and about 0.3 for
each point of outlook; README, Skilled play).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from subwaysim.agents.outlook import TripSample, Valuation, square_weights, trips_left, turns_left
from subwaysim.state import GameState
from tabletop.files import atomic_write_text

FORMAT = "transit-games value model"
VERSION = 1
FEATURES = ("score", "outlook", "score_late", "outlook_late")
DEFAULT_MODEL = Path(__file__).with_name("value_model.json")


class ValueModelError(ValueError):
    """A model file that cannot be used (the message names the file and the problem)."""


@dataclass(frozen=True, slots=True)
class ValueModel:
    """Weights of `FEATURES`, and where they came from."""

    weights: tuple[float, ...]
    provenance: Mapping[str, Any] = field(default_factory=dict)
    features: tuple[str, ...] = FEATURES

    def value(self, row: np.ndarray) -> float:
        """The predicted final lead of a position's features (`features`)."""
        return float(np.dot(self.weights, row))


def features(score: float, outlook: float, played: float) -> np.ndarray:
    """A position's features (see the module): `score` and `outlook` leads, and the share
    of the game `played` (0 at the start, 1 at the end)."""
    return np.array([score, outlook, score * played, outlook * played])


def share_played(turn: int, left: float) -> float:
    """The share of the game played at `turn`, when `left` more turns may be played."""
    return turn / (turn + left) if turn + left > 0 else 1.0


def lead(values: np.ndarray, seat: int) -> float:
    """Seat's value minus the best rival's (the value itself when alone)."""
    return float(values[seat] - max(np.delete(values, seat), default=0.0))


def position_features(state: GameState, player: str, sample: int, seed: int) -> np.ndarray:
    """`player`'s features of `state` (see the module), its outlook valued on `sample` x
    `sample` trips drawn (seeded) from the cards in play: public information only."""
    seat = state.players.index(player)
    scores = np.array([state.scores[p] for p in state.players], dtype=float)
    weights = square_weights(state)
    trips = TripSample.draw(weights, sample, np.random.default_rng(seed))
    per_trip = Valuation(state, player, trips, weights).per_trip(state.network)
    played = share_played(state.turn, turns_left(state))
    return features(lead(scores, seat), lead(per_trip, seat) * trips_left(state), played)


def _digest(content: Mapping[str, Any]) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _content(model: ValueModel) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "features": list(model.features),
        "weights": list(model.weights),
        "provenance": dict(model.provenance),
    }


def model_text(model: ValueModel) -> str:
    """The model file's text: its content and the content's digest."""
    content = _content(model)
    return json.dumps({**content, "digest": _digest(content)}, indent=2, sort_keys=True) + "\n"


def save_value_model(model: ValueModel, path: str | Path) -> None:
    """Write the model file atomically (temporary file, then rename)."""
    atomic_write_text(path, model_text(model))


def load_value_model(path: str | Path) -> ValueModel:
    """The model in `path`, or a `ValueModelError` saying why the file cannot be used."""
    path = Path(path)

    def refuse(problem: str) -> ValueModelError:
        return ValueModelError(f"{path}: {problem}")

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise refuse("no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise refuse(f"cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise refuse(f"not a value model: not JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refuse(f"not a value model (its 'format' is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise refuse(
            f"a value model of version {data.get('version')!r}; this program reads version "
            f"{VERSION} (rebuild it with `subway learn`)"
        )
    digest = data.pop("digest", None)
    try:
        sealed = _digest(data) == digest
    except (TypeError, ValueError):
        sealed = False
    if not sealed:
        raise refuse(
            "damaged: its content does not match its digest (rebuild it with `subway learn`)"
        )
    names, weights = data.get("features"), data.get("weights")
    if names != list(FEATURES):
        raise refuse(f"its features are {names!r}; this program's are {list(FEATURES)!r}")
    if not isinstance(weights, list) or len(weights) != len(FEATURES):
        raise refuse(f"'weights' must be a list of {len(FEATURES)} numbers")
    if not all(isinstance(w, int | float) and math.isfinite(w) for w in weights):
        raise refuse("'weights' must be finite numbers")
    provenance = data.get("provenance")
    if not isinstance(provenance, dict):
        raise refuse("'provenance' must be a mapping")
    return ValueModel(tuple(float(w) for w in weights), provenance)


@cache
def default_model() -> ValueModel:
    """The model the mcts player uses (`subwaysim/agents/value_model.json`, built by the
    command in its provenance), read once a process."""
    return load_value_model(DEFAULT_MODEL)
