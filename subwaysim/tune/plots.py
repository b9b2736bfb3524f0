"""A tune's PNG plots: the search history, the parameters' importance, and each target
measure against each varied key (drawn on matplotlib's Agg canvas, written atomically)."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import optuna
from matplotlib.figure import Figure

from subwaysim.sweep.report.plots import COLOURS, save_figures
from subwaysim.tune.plan import TunePlan
from subwaysim.tune.study import finished

HISTORY = "search_history.png"
IMPORTANCE = "importance.png"


def _measured(plan: TunePlan, trials: list[optuna.trial.FrozenTrial], measure: str) -> list[float]:
    return [t.user_attrs.get("measures", {}).get(measure, [math.nan])[0] for t in trials]


def history_figure(plan: TunePlan, study: optuna.Study) -> Figure:
    trials = finished(study)
    fig = Figure(figsize=(8, 2.6 * len(plan.targets) + 0.6))
    for i, target in enumerate(plan.targets):
        ax = fig.add_subplot(len(plan.targets), 1, i + 1)
        xs = [t.number for t in trials]
        ys = _measured(plan, trials, target.measure)
        ax.scatter(xs, ys, s=14, color=COLOURS[i % 10], label="trial (its games' mean)")
        if target.goal == "value":
            ax.axhline(target.value, color="black", lw=1, ls="--", label=f"target {target.value:g}")
        best, line = math.inf, []
        for t in trials:
            v = t.values[i]
            v = -v if target.direction == "maximize" else v
            best = min(best, v)
            line.append(best if target.direction == "minimize" else -best)
        if target.goal != "value":
            ax.step(xs, line, where="post", color="grey", label="best so far")
        ax.set_ylabel(target.measure)
        ax.legend(fontsize=7, loc="best")
    fig.axes[-1].set_xlabel("trial")
    fig.suptitle("Search history")
    fig.tight_layout()
    return fig


def importance_figure(plan: TunePlan, study: optuna.Study) -> Figure | None:
    """Optuna's parameter importance (PED-ANOVA) per target; None if it cannot be
    computed (fewer than a few finished trials, or one varied key)."""
    if len(plan.params) < 2 or len(finished(study)) < 4:
        return None
    scores = []
    for i in range(len(plan.targets)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                scores.append(
                    optuna.importance.get_param_importances(
                        study, target=lambda t, i=i: t.values[i]
                    )
                )
        except (RuntimeError, ValueError, ZeroDivisionError):
            return None
    fig = Figure(figsize=(7, 1.2 + 0.5 * len(plan.params) * len(plan.targets)))
    ax = fig.add_subplot()
    keys = [p.key for p in plan.params]
    height = 0.8 / len(plan.targets)
    for i, (target, score) in enumerate(zip(plan.targets, scores, strict=True)):
        ys = [k + i * height for k in range(len(keys))]
        ax.barh(ys, [score.get(k, 0.0) for k in keys], height=height, color=COLOURS[i % 10],
                label=target.measure)  # fmt: skip
    ax.set_yticks([k + 0.4 - height / 2 for k in range(len(keys))], keys)
    ax.set_xlabel("importance (share of the objective's variation)")
    ax.legend(fontsize=7)
    fig.suptitle("Parameter importance")
    fig.tight_layout()
    return fig


def key_figure(plan: TunePlan, study: optuna.Study, index: int) -> Figure:
    param = plan.params[index]
    trials = finished(study)
    fig = Figure(figsize=(7, 2.6 * len(plan.targets) + 0.6))
    for i, target in enumerate(plan.targets):
        ax = fig.add_subplot(len(plan.targets), 1, i + 1)
        raw = [t.params.get(param.key) for t in trials]
        if param.kind == "categorical":
            positions = {c: n for n, c in enumerate(param.choices)}
            xs = [positions.get(str(v), math.nan) for v in raw]
            ax.set_xticks(range(len(param.choices)), param.choices)
        else:
            xs = [float(v) for v in raw]
        ax.scatter(xs, _measured(plan, trials, target.measure), s=16, color=COLOURS[i % 10])
        if target.goal == "value":
            ax.axhline(target.value, color="black", lw=1, ls="--")
        ax.set_ylabel(target.measure)
    fig.axes[-1].set_xlabel(param.key)
    fig.suptitle(f"The targets against {param.key} (one dot a trial)")
    fig.tight_layout()
    return fig


def key_file(key: str) -> str:
    return "measure_vs_" + key.replace(".", "_") + ".png"


def write_plots(plan: TunePlan, study: optuna.Study, folder: Path) -> list[str]:
    if not finished(study):
        return []
    figures: dict[str, Figure] = {HISTORY: history_figure(plan, study)}
    importance = importance_figure(plan, study)
    if importance is not None:
        figures[IMPORTANCE] = importance
    for i, p in enumerate(plan.params):
        figures[key_file(p.key)] = key_figure(plan, study, i)
    return save_figures(folder, figures)
