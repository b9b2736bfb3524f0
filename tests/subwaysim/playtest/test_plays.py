"""What a game plays, apart from how its log words it: at 3 build points a turn, track
that costs 3 is track that costs the whole phase (SG-17), so the two settings play the
same games; their event logs differ (the log marks one build whole-phase), their play
digests do not. A real difference (track at 1) changes the play digest."""

from __future__ import annotations

from subwaysim.engine import Game
from subwaysim.playtest.plays import PlayDigest, PlayedMoves, play_recorded
from subwaysim.scenario import parse_scenario
from subwaysim.sweep.plan.grid import Setting
from subwaysim.sweep.run.play import EventDigest, GameTask

from .helpers import TINY

HAZARDS = TINY.replace(
    "board: {sections: [2, 2], section_size: [3, 3]}",
    "board: {sections: [2, 2], section_size: [3, 3], hazard_density: 0.4, terrain_seed: 3}",
)


def digests(cost: str, seed: int) -> tuple[str, str, int]:
    scenario = parse_scenario(HAZARDS, "tiny.yaml", [f"rules.costs.hazard_track={cost}"])
    events, plays = EventDigest(), PlayDigest()
    phase = []
    Game(
        scenario, seed, [events, plays, lambda e: phase.append(getattr(e, "whole_phase", False))]
    ).run()
    return events.hexdigest(), plays.hexdigest(), sum(phase)


def test_a_cost_of_three_at_three_builds_plays_as_the_whole_phase() -> None:
    worded = 0
    for seed in range(4):
        phase_events, phase_plays, marked = digests("phase", seed)
        three_events, three_plays, _ = digests("3", seed)
        assert phase_plays == three_plays  # the same builds, trips and scores
        if marked:  # a hazard track was built: the logs word it differently
            worded += 1
            assert phase_events != three_events
    assert worded > 0  # the board is hazardous enough for greedy to build there
    assert digests("1", 0)[1] != digests("phase", 0)[1]


def test_play_recorded_is_the_sweeps_game_with_its_play_digest() -> None:
    scenario = parse_scenario(HAZARDS, "tiny.yaml")
    task = GameTask(Setting((("rules.builds_per_turn", "3"),)), 0, 11, scenario)
    outcome = play_recorded(task)
    assert isinstance(outcome, PlayedMoves) and len(outcome.plays) == 16
    from subwaysim.sweep.run.play import play

    plain = play(task)
    assert plain.record == outcome.record  # type: ignore[union-attr]
