"""`--set KEY=VALUE` (`subwaysim/overrides.py`): any key path, and every bad override refused
naming it: into a scalar, past a list's end, empty key parts, a broken list value."""

from __future__ import annotations

import pytest

from subwaysim.scenario import ScenarioError, parse_scenario

TEXT = "name: t\nrules:\n  builds_per_turn: 3\nplayers: [{name: IRT}, {name: BRT}]\n"


def refused(*overrides: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(TEXT, "s.yaml", overrides)
    assert len(caught.value.problems) == 1
    return caught.value.problems[0]


def test_overrides_reach_mappings_lists_and_missing_sections() -> None:
    s = parse_scenario(
        TEXT, "s.yaml", ["rules.costs.track=2", "players.1.agent=random", "end.turns=4"]
    )
    assert (s.rules.costs.track, s.players[1].agent, s.end.turns) == (2, "random", 4)
    assert s.rules.builds_per_turn == 3  # the rest of the section is kept


def test_an_override_into_a_scalar_is_refused_naming_it() -> None:
    assert refused("rules.builds_per_turn.x=1") == (
        "--set 'rules.builds_per_turn.x=1': rules.builds_per_turn is 3, not a mapping or a "
        "list, so it has no key 'x'"
    )
    assert "name is t, not a mapping" in refused("name.first.letter=T")


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        ("players.2.agent=random", "'2' is not an index (0..1)"),
        ("players.-1.agent=random", "'-1' is not an index (0..1)"),
        ("players.one.agent=random", "'one' is not an index (0..1)"),
        ("players.١.agent=random", "'١' is not an index"),  # an Arabic-Indic digit
        ("rules..builds_per_turn=1", "has an empty part between dots"),
        (".seed=1", "has an empty part between dots"),
        ("seed.=1", "has an empty part between dots"),
        ("=3", "expected KEY=VALUE"),
        ("seed", "expected KEY=VALUE"),
        ("board.sections=[2, 2", "the value is not valid YAML"),
        ("board.hazards=[" + "[" * 100 + "]", "the value is not valid YAML"),
    ],
)
def test_bad_overrides_are_refused_naming_them(item: str, problem: str) -> None:
    line = refused(item)
    assert line.startswith(f"--set {item!r}") and problem in line


def test_an_override_changes_one_place_not_every_alias_of_it() -> None:
    text = "start:\n  track: {IRT: &t [a1, a2], BRT: *t}\n"
    s = parse_scenario(text, "s.yaml", ["start.track.BRT.1=b1", "start.stations.IRT={a1: local}"])
    assert s.start.track == {"IRT": ("a1", "a2"), "BRT": ("a1", "b1")}


def test_an_override_value_of_the_wrong_kind_names_the_override() -> None:
    assert refused("rules.builds_per_turn=true") == (
        "rules.builds_per_turn (--set): Input should be a valid integer"
    )
    assert refused("rules.builds_per_turn=[1]").startswith("rules.builds_per_turn (--set)")
