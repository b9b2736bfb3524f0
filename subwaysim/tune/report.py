"""A tune's files: trials.csv (every trial once, rewritten after each), tuned.yaml (the
scenario with the recommended setting, which `subway validate` accepts) and tune.md."""

from __future__ import annotations

import csv
import io
import math
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import optuna
import yaml
from optuna.trial import FrozenTrial, TrialState

from subwaysim.overrides import unshared
from subwaysim.scenario import apply_override, parse_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.report.differences import brief, differences_markdown, p_text
from subwaysim.tune.confirm import Candidate, Confirmation
from subwaysim.tune.plan import TunePlan
from tabletop.files import atomic_write_text

TRIALS = "trials.csv"
TUNED = "tuned.yaml"
TUNE_MD = "tune.md"
CONFIRM_MD_ROWS = 12


def trials_csv(plan: TunePlan, study: optuna.Study) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    head = ["trial", "state", "games", *(p.key for p in plan.params)]
    for t in plan.targets:
        head += [t.measure, f"{t.measure}_se", f"objective_{t.measure}"]
    writer.writerow([*head, "repeat_of", "note"])
    for trial in study.get_trials(deepcopy=False):
        if trial.state == TrialState.RUNNING:
            continue
        measured = trial.user_attrs.get("measures", {})
        games = trial.user_attrs.get("games", trial.user_attrs.get("games_planned", 0))
        row = [trial.number, trial.state.name.lower(), games]  # what the budget counts
        row += [_param(plan, trial, p.key) for p in plan.params]
        for i, t in enumerate(plan.targets):
            value, se = measured.get(t.measure, [math.nan, math.nan])
            objective = trial.values[i] if trial.values else math.nan
            row += [_num(value), _num(se), _num(objective)]
        note = trial.user_attrs.get("note", "")
        if trial.state == TrialState.FAIL and not note:
            note = "interrupted: its games were lost with the run"
        writer.writerow([*row, trial.user_attrs.get("repeat_of", ""), note])
    return out.getvalue()


def _param(plan: TunePlan, trial: FrozenTrial, key: str) -> str:
    if key not in trial.params:
        return ""
    param = next(p for p in plan.params if p.key == key)
    return param.text(trial.params[key])


def _num(value: float | None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return f"{value:.6g}"


def write_trials(plan: TunePlan, study: optuna.Study, folder: Path) -> None:
    atomic_write_text(folder / TRIALS, trials_csv(plan, study))


def tuned_yaml(plan: TunePlan, setting: Setting | None, why: str) -> str:
    """The scenario file's keys with `--set`, `--agents` and the setting applied."""
    data = unshared(plan.file.data)
    overrides = list(plan.fixed if setting is not None else plan.agent_overrides)
    if setting is not None:
        overrides += setting.overrides()
    for item in overrides:
        apply_override(data, item, plan.file.source)
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    head = f"# {why}\n# made by: {plan.command()}\n"
    text = head + body
    parse_scenario(text, TUNED)  # what `subway validate` will say: it must be valid
    return text


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the tune found, for tune.md and the terminal."""

    games_used: int
    trials: int
    repeats: int
    invalid: int
    failed: int
    stopped: str
    inert: bool
    confirmation: Confirmation | None
    recommended: Setting | None  # None: keep the scenario's own setting
    verdict: str
    plots: tuple[str, ...]


def set_line(plan: TunePlan, setting: Setting) -> str:
    parts = ["subway", "run", plan.options.scenario]
    for item in [*plan.fixed, *setting.overrides()]:
        parts += ["--set", item]
    return shlex.join(parts)


def tune_md(plan: TunePlan, study: optuna.Study, outcome: Outcome) -> str:
    o = plan.options
    lines = [f"# Tune: {plan.reference.name}", "", f"**Question.** {plan.question()}", ""]
    if plan.reference.question:
        lines += [f"The scenario asks: {plan.reference.question}", ""]
    lines += ["## Recommendation", "", outcome.verdict, ""]
    if outcome.recommended is not None:
        lines += [
            "As a command line:",
            "",
            "```",
            set_line(plan, outcome.recommended),
            "```",
            "",
            f"As a scenario file: `{TUNED}` (`subway validate {TUNED}` accepts it).",
            "",
        ]
    else:
        lines += [f"`{TUNED}` holds the scenario's own setting, unchanged.", ""]
    c = outcome.confirmation
    if c is not None and c.winner is not None:
        lines += _confirmation_md(plan, c)
    lines += [
        "## Cost",
        "",
        f"- Games in trials: {outcome.games_used} of a budget of {o.budget} "
        f"({o.per_trial} games a trial).",
        f"- Trials: {outcome.trials} played, {outcome.repeats} asked again for a setting "
        f"already played (no games), {outcome.invalid} no valid game, {outcome.failed} "
        "failed or interrupted.",
    ]
    if c is not None:
        played = len(c.baseline_games) + sum(len(x.games) for x in c.candidates)
        lines.append(
            f"- Confirmation: {played} games ({len(c.candidates)} setting(s) and the "
            f"baseline, {o.confirm} each)."
        )
    lines += [f"- The search stopped because {outcome.stopped}.", ""]
    lines += _search_md(plan, study)
    if outcome.plots:
        lines += ["## Plots", "", *(f"- `{p}`" for p in outcome.plots), ""]
    lines += [
        "## Method",
        "",
        "Every trial played its games on common random numbers: game k of every trial has "
        f"the same seed (tune seed {plan.seed}), so trials differ only by their setting. "
        "The search is Optuna's "
        + ("TPE sampler" if len(plan.targets) == 1 else "multi-objective TPE sampler (MOTPE)")
        + ", whose objective for a `MEASURE=VALUE` target is |measure - VALUE| and for "
        "max/min the measure itself; the study is in `study.db` (resumable). The "
        "confirmation plays fresh games (no trial played them), the same games for every "
        "confirmed setting and the baseline, and chooses the winner on them.",
        "",
        f"Command: `{plan.command()}`",
        "",
    ]
    return "\n".join(lines)


def _confirmation_md(plan: TunePlan, c: Confirmation) -> list[str]:
    lines = [
        f"## Confirmation ({plan.confirm} fresh games a setting, common seeds)",
        "",
        f"Baseline: {c.baseline_note} ({c.baseline.label()}).",
        "",
    ]
    for cand in c.candidates:
        mark = " (the winner)" if cand is c.winner and len(c.candidates) > 1 else ""
        lines += [f"### Trial {cand.trial}: {cand.setting.label()}{mark}", ""]
        lines += [_target_table(cand), ""]
    w = c.winner
    assert w is not None
    lines += ["## How close each target came", ""]
    for row in w.rows:
        t = row.target
        if t.goal == "value":
            inside = row.within()
            note = {True: "inside", False: "outside", None: "no interval"}[inside]
            lines.append(
                f"- `{t.measure}` = {t.value:g}: confirmed {brief(row.mean)} "
                f"[{brief(row.low)}, {brief(row.high)}], off by {brief(row.objective)}; "
                f"the target is {note} the 95% interval."
            )
        else:
            lines.append(
                f"- `{t.measure}` {t.goal}: confirmed {brief(row.mean)} "
                f"[{brief(row.low)}, {brief(row.high)}] against {brief(row.baseline_mean)} "
                "under the scenario's own setting."
            )
    lines += [
        "",
        "<details><summary>Every measure of the winner against the baseline</summary>",
        "",
        differences_markdown([w.differences]).replace("### ", "#### "),
        "",
        "</details>",
        "",
    ]
    return lines


def _target_table(c: Candidate) -> str:
    lines = [
        "| target | tuned [95% CI] | scenario's own | difference [95% CI] | p adj. |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in c.rows:
        d = r.difference
        diff = "–" if d is None else f"{brief(d.difference)} [{brief(d.low)}, {brief(d.high)}]"
        p = "–" if d is None else p_text(d.p_adjusted)
        lines.append(
            f"| `{r.target.spec()}` | {brief(r.mean)} [{brief(r.low)}, {brief(r.high)}] | "
            f"{brief(r.baseline_mean)} | {diff} | {p} |"
        )
    return "\n".join(lines)


def _search_md(plan: TunePlan, study: optuna.Study) -> list[str]:
    from subwaysim.tune.study import best_trials, finished

    done = finished(study)
    if not done:
        return ["## The search", "", "No trial finished.", ""]
    best = best_trials(plan, study, CONFIRM_MD_ROWS) if len(plan.targets) > 1 else []
    if len(plan.targets) == 1:
        sign = -1 if plan.targets[0].direction == "maximize" else 1
        best = sorted(done, key=lambda t: (sign * t.values[0], t.number))[:CONFIRM_MD_ROWS]
    title = "Pareto front" if len(plan.targets) > 1 else "best trials"
    head = ["trial", *(p.key for p in plan.params), *(t.measure for t in plan.targets)]
    lines = [
        "## The search",
        "",
        f"The {title} as the search measured them ({plan.per_trial} games each; the "
        "confirmation above is what counts):",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for t in best:
        measured = t.user_attrs.get("measures", {})
        cells = [str(t.number), *(_trial_param(plan, t, p.key) for p in plan.params)]
        for target in plan.targets:
            value, se = measured.get(target.measure, [math.nan, math.nan])
            cells.append(f"{brief(value)} ± {brief(se)}" if not math.isnan(se) else brief(value))
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


def _trial_param(plan: TunePlan, t: FrozenTrial, key: str) -> str:
    return _param(plan, t, key)


def write_outputs(
    plan: TunePlan, study: optuna.Study, folder: Path, outcome: Outcome, tuned: str
) -> list[str]:
    write_trials(plan, study, folder)
    atomic_write_text(folder / TUNED, tuned)
    atomic_write_text(folder / TUNE_MD, tune_md(plan, study, outcome))
    return [TUNE_MD, TUNED, TRIALS]


def candidates_label(candidates: Sequence[Candidate]) -> str:
    return ", ".join(f"trial {c.trial}" for c in candidates)
