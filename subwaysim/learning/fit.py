"""Fitting the value model to self-play rows (least squares, scikit-learn).

The model predicts a player's final lead from its features (`agents.value.FEATURES`), a
linear model with no intercept: a position with no lead in score or outlook is worth an even
final lead. Every fifth game of each scenario (games 4, 9, 14..) is
held out first, to say how well the model predicts games it did not see, against the old
fixed leaf (score lead plus the whole outlook); the model kept is then fitted on all rows.
Rows are fitted in a fixed order (scenarios as given, games by number), so one command
rebuilds the same weights (to floating-point round-off of the solver, which is exact on
one machine and library version).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import sklearn
from sklearn.linear_model import LinearRegression
from sklearn.metrics import r2_score

from subwaysim.agents.value import FEATURES, ValueModel
from subwaysim.learning.selfplay import SelfPlayError, SelfPlayGame

HELD_OUT = 5  # every fifth game is held out to measure the fit
OLD_LEAF = np.array([1.0, 1.0, 0.0, 0.0])  # the fixed leaf the model replaces


@dataclass(frozen=True, slots=True)
class Fit:
    model: ValueModel
    rows: int
    r2_held_out: float  # the model fitted without the held-out games, on them
    r2_old_leaf: float  # the old fixed leaf on the same games
    r2_score_only: float  # the score lead alone, on the same games


def table(games: Sequence[SelfPlayGame], order: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """All rows in a fixed order (scenarios as in `order`, then games by number), and which
    are held out."""
    rank = {name: i for i, name in enumerate(order)}
    ordered = sorted(games, key=lambda g: (rank[g.scenario], g.game))
    rows = [row for g in ordered for row in g.rows]
    held = [g.game % HELD_OUT == HELD_OUT - 1 for g in ordered for _ in g.rows]
    return np.array(rows, dtype=float).reshape(-1, len(FEATURES) + 1), np.array(held, bool)


def data_digest(rows: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(rows, dtype="<f8").tobytes()).hexdigest()[:16]


def fit_value_model(
    games: Sequence[SelfPlayGame], order: Sequence[str], provenance: Mapping[str, Any]
) -> Fit:
    """The model fitted on every row of `games`, with its held-out quality in provenance."""
    rows, held = table(games, order)
    if len(rows) < 2 * len(FEATURES) or held.all() or not held.any():
        raise SelfPlayError(
            f"too few self-play rows to fit and test a model ({len(rows)}): play more --games"
        )
    x, y = rows[:, :-1], rows[:, -1]
    trained = LinearRegression(fit_intercept=False).fit(x[~held], y[~held])
    r2_model = float(r2_score(y[held], trained.predict(x[held])))
    r2_old = float(r2_score(y[held], x[held] @ OLD_LEAF))
    r2_score_only = float(r2_score(y[held], x[held, 0]))
    final = LinearRegression(fit_intercept=False).fit(x, y)
    weights = tuple(round(float(w), 12) for w in final.coef_)
    described = {
        **provenance,
        "rows": len(rows),
        "data_digest": data_digest(rows),
        "fit": f"scikit-learn {sklearn.__version__} LinearRegression(fit_intercept=False)",
        "held_out": f"games {HELD_OUT - 1}, {2 * HELD_OUT - 1}, ... of each scenario",
        "r2_held_out": round(r2_model, 4),
        "r2_old_leaf": round(r2_old, 4),
        "r2_score_only": round(r2_score_only, 4),
    }
    return Fit(ValueModel(weights, described), len(rows), r2_model, r2_old, r2_score_only)
