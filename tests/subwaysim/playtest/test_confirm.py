"""recommended.yaml: the draft with the recommended settings (an invalid one left out),
valid as a scenario, and its confirmation against the draft on paired games."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest

from subwaysim.playtest.confirm import RECOMMENDED, confirm, rule_set, write_rule_set
from subwaysim.playtest.options import AgentRun
from subwaysim.playtest.plays import play_recorded
from subwaysim.playtest.report import _rule_set
from subwaysim.scenario import load_scenario, parse_scenario
from subwaysim.sweep.run.backends import serial_work
from subwaysim.sweep.run.play import GameTask, Outcome

from .helpers import draft

GAMES = 10


def load_scenario_text(text: str):  # type: ignore[no-untyped-def]
    return parse_scenario(text, RECOMMENDED)


def test_the_rule_set_applies_what_validates_and_says_what_it_left_out(tmp_path: Path) -> None:
    rules = rule_set(draft(), ["rules.builds_per_turn=6", "rules.builds_per_turn=-1"])
    assert rules.applied == ("rules.builds_per_turn=6",)
    assert rules.dropped[0][0] == "rules.builds_per_turn=-1"
    path = write_rule_set(tmp_path, rules)
    assert path.name == RECOMMENDED
    scenario = load_scenario(path)  # what `subway validate` reads
    assert scenario.rules.builds_per_turn == 6 and scenario.name == "tiny"
    assert "#   --set rules.builds_per_turn=6" in path.read_text()


def test_an_override_that_needs_another_first_is_kept_and_each_is_applied_once() -> None:
    # end.turns=null alone leaves no end condition (SG-20); after the piles' ending it is valid
    rules = rule_set(draft(), ["end.turns=null", "end.depleted_piles=2", "end.turns=null"])
    assert rules.applied == ("end.depleted_piles=2", "end.turns=null") and rules.dropped == ()
    scenario = load_scenario_text(rules.text)
    assert scenario.end.turns is None and scenario.end.depleted_piles == 2


def test_the_confirmation_pairs_the_drafts_games_with_the_rule_sets(tmp_path: Path) -> None:
    rules = rule_set(draft(), ["rules.builds_per_turn=1"])
    asked: list[GameTask] = []

    def counting(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        asked.extend(tasks)
        return serial_work(play_recorded)(tasks)

    checked = confirm(tmp_path, draft(), rules, [AgentRun("greedy", GAMES)], GAMES, counting)
    [kind] = checked.kinds
    assert len(asked) == 2 * GAMES and kind.games == GAMES
    assert {t.seed for t in asked if t.setting.values == ("draft",)} == {
        t.seed for t in asked if t.setting.values == ("recommended",)
    }  # common random numbers: game k of both on one seed
    assert kind.stats["draft"].games == kind.stats["recommended"].games == GAMES
    assert kind.compared is not None and not kind.compared.inert
    points = next(r for r in kind.compared.rows if r.metric == "points_per_player")
    assert points.difference < 0 and points.high < 0  # one build a turn scores less
    assert (kind.folder / "compare.csv").exists() and (kind.folder / "plays.csv").exists()
    again = confirm(tmp_path, draft(), rules, [AgentRun("greedy", GAMES)], GAMES, counting)
    assert len(asked) == 2 * GAMES  # read back, not played again
    assert again.kinds[0].stats["draft"].games == GAMES
    # The report's section: the rule set, then one row a kind of player, each cell the
    # compare.csv row's difference, interval and verdict.
    section = _rule_set(SimpleNamespace(confirmation=checked))  # type: ignore[arg-type]
    assert "is the draft with `--set rules.builds_per_turn=1`; it validates" in section
    row = next(line for line in section.splitlines() if line.startswith("| greedy |"))
    cells = [c.strip() for c in row.strip("|").split(" | ")]
    assert cells[1] == str(GAMES)
    assert cells[6].startswith(f"{points.difference:+.3g} [") and cells[6].endswith("(lower)")


def test_no_change_means_nothing_to_confirm(tmp_path: Path) -> None:
    rules = rule_set(draft(), [])
    assert rules.applied == () and "no change" in rules.text
    assert (
        confirm(
            tmp_path, draft(), rules, [AgentRun("greedy", 4)], 4, serial_work(play_recorded)
        ).kinds
        == ()
    )


def test_a_stopped_confirmation_keeps_its_games_and_resumes_with_the_rest(tmp_path: Path) -> None:
    """Standards: a long run keeps every finished game on disk as it goes and resumes."""
    rules = rule_set(draft(), ["rules.builds_per_turn=1"])
    whole = confirm(
        tmp_path / "whole", draft(), rules, [AgentRun("greedy", 4)], 4, serial_work(play_recorded)
    )

    def stopping(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        for n, outcome in enumerate(serial_work(play_recorded)(tasks)):
            if n == 5:
                raise KeyboardInterrupt  # Ctrl-C while the sixth game is played
            yield outcome

    out = tmp_path / "stopped"
    with pytest.raises(KeyboardInterrupt):
        confirm(out, draft(), rules, [AgentRun("greedy", 4)], 4, stopping)
    games = out / "confirm" / "greedy" / "games.csv"
    text = games.read_text()
    assert len(text.splitlines()) == 1 + 5  # the header and the five finished games
    games.write_text(text + text.splitlines()[-1][:7])  # and a kill tore a sixth line
    asked: list[GameTask] = []

    def counting(tasks: Sequence[GameTask]) -> Iterator[Outcome]:
        asked.extend(tasks)
        return serial_work(play_recorded)(tasks)

    again = confirm(out, draft(), rules, [AgentRun("greedy", 4)], 4, counting)
    assert len(asked) == 3  # only the games it lacked
    assert again.kinds[0].stats == whole.kinds[0].stats
    assert (out / "confirm" / "greedy" / "compare.csv").read_text() == (
        tmp_path / "whole" / "confirm" / "greedy" / "compare.csv"
    ).read_text()
