"""Every claim the generated report makes about a difference agrees with its sweep's
compare.csv: each "(detected)" difference is a row whose 95% interval excludes 0 and whose
Holm-adjusted p is below 0.05, printed with that row's numbers; each "plays exactly as the
draft" is a setting whose every row is the identical-games row (0, [0, 0], p = 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from subwaysim.playtest.answers import SAME, WORDS, difference_text
from subwaysim.playtest.command import load_draft
from subwaysim.playtest.folder import read_meta
from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.questions import FIRST_WIN, QUESTIONS, Part
from subwaysim.playtest.results import labels, read_compare
from subwaysim.playtest.runs import Run
from subwaysim.sweep.run.folder import GAMES
from subwaysim.sweep.run.results import read_games

pytestmark = pytest.mark.slow  # reads the session's whole playtest (conftest)

BLOCK = re.compile(r"^#### (.*?)$(.*?)(?=^#### |^## |\Z)", re.M | re.S)
KIND = re.compile(r"^\*(.*?), (\d+) games a setting:\*$", re.M)
SWEEPS = re.compile(r"\[([^\]]+)\]\(([^)]+)/report\.md\)")


def parts_by_title(scenario: Path, out: Path) -> dict[str, tuple[int, Part]]:
    draft = load_draft(scenario)
    meta = read_meta(out)
    assert meta is not None
    derived = meta.derived_values()
    found = {}
    for question in QUESTIONS:
        if question.parts is not None:
            for part in question.parts(draft, derived):
                found[part.title[:1].upper() + part.title[1:]] = (question.number, part)
    return found


def metric_of(words: str) -> str:
    return next(m for m, (w, _) in WORDS.items() if words.startswith(w))


def claims(report: str, scenario: Path, out: Path) -> list[tuple[str, Path, Part, str, str]]:
    """(kind, folder, part, value, claim text) of every bullet claim of the report."""
    parts = parts_by_title(scenario, out)
    found = []
    for title, body in BLOCK.findall(report):
        if title not in parts:
            continue
        _, part = parts[title]
        folders = [out / rel for _, rel in SWEEPS.findall(body.split("Sweeps: ")[-1])]
        kinds = KIND.split(body)[1:]
        blocks = [kinds[i + 2] for i in range(0, len(kinds), 3)]
        by_label = {part.label(v): v for v in part.values}
        for folder, block in zip(folders, blocks, strict=True):
            for label, text in re.findall(r"^- \*\*(.+?)\*\*: (.*)$", block, re.M):
                found.append(("bullet", folder, part, by_label[label], text))
    return found


def comparisons(folder: Path, part: Part, spec: str) -> dict:  # type: ignore[type-arg]
    run = Run(QUESTIONS[0], part, AgentRun(spec, 1), folder)
    keys = read_games(folder / GAMES).layout.keys
    return read_compare(folder / "compare.csv", labels(keys, run))


def check_claims(scenario: Path, out: Path) -> tuple[int, int]:
    """Check every claim of OUT/report.md against its compare.csv; (detected, same-game) counts."""
    report = (out / "report.md").read_text()
    found = claims(report, scenario, out)
    assert len(found) > 50  # every setting of every part, each kind of player
    detected = same = 0
    for _, folder, part, value, text in found:
        spec = folder.name.replace("-", ":", 1) if folder.name.startswith("mcts") else folder.name
        rows = comparisons(folder, part, spec)
        first = read_games(folder / GAMES).records[0].seats[0]
        if text.startswith(SAME):
            same += 1
            mine = [c for (v, _), c in rows.items() if v == value]
            assert mine and all(c.identical for c in mine), (folder, value)
            continue
        for claim in text.rstrip(".").split("; "):
            if not claim.endswith(" (detected)"):
                continue
            detected += 1
            metric = metric_of(claim)
            name = f"player_{first}_win_rate" if metric == FIRST_WIN else metric
            c = rows[(value, name)]
            assert c.significant, (folder, value, claim)
            assert claim == difference_text(c, metric) + " (detected)", (folder, claim)
    return detected, same


def test_every_detected_claim_and_every_same_game_claim_matches_compare_csv(
    played: tuple[Path, Path, str],
) -> None:
    scenario, out, _ = played
    detected, same = check_claims(scenario, out)
    assert detected > 0, "the tiny playtest detects some differences (random players, 12 games)"
    print(f"{detected} detected claims and {same} same-game claims checked against compare.csv")


def test_the_committed_full_report_claims_match_its_compare_csv() -> None:
    """The same check on the committed full run, reports/playtest (README), which plays
    classic with greedy and the search player."""
    root = Path(__file__).resolve().parents[3]
    out = root / "reports" / "playtest"
    detected, same = check_claims(root / "scenarios" / "classic.yaml", out)
    assert detected > 0 and same > 0, (detected, same)
