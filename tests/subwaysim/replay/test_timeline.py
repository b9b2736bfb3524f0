"""Spans of turns, and the lead as the page tells it: the same as the terminal summary's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.events import GameEnded, GameStarted, TurnEnded, TurnStarted
from subwaysim.output.game_summary import GameSummary
from subwaysim.replay import timeline
from subwaysim.replay.log import parse_log

from .pagetree import tiny


def test_spans_are_runs_of_consecutive_turns() -> None:
    held = [{"a"}, {"a", "b"}, {"b"}, set(), {"a"}]
    found = [(s.item, s.first, s.last) for s in timeline.spans(held)]
    assert found == [("a", 1, 2), ("b", 2, 3), ("a", 5, 5)]


def test_tiny_game_irt_leads_from_turn_3_and_brt_takes_the_lead_on_turn_6() -> None:
    game = tiny()
    assert timeline.leaders(game) == [None, None, "IRT", "IRT", "IRT", "BRT"]
    assert timeline.lead_changes(game) == [(6, "BRT")]
    assert timeline.leader_since(game) == 6


def test_sg10_intersections_and_links_of_the_tiny_game() -> None:
    game = tiny()
    frame = game.frame(5)
    assert timeline.intersections(frame, game.board) == {("IRT", "a2")}
    assert ("IRT", "a2", "b2") in timeline.track_links(frame, game.board)
    assert ("BRT", "a4", "b4") in timeline.track_links(frame, game.board)
    assert len(timeline.track_links(frame, game.board)) == 7


PLAYERS = ("IRT", "BRT", "PATH")
score_rows = st.lists(st.tuples(*[st.integers(0, 4)] * 3), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(score_rows)
def test_lead_changes_and_leader_since_agree_with_the_game_summary(
    rows: list[tuple[int, int, int]],
) -> None:
    events = [GameStarted(0, "s", 1, PLAYERS, 2, 2, (1, 1), (2, 2), (), ("section",))]
    for turn, row in enumerate(rows, 1):
        player = PLAYERS[(turn - 1) % 3]
        events.append(TurnStarted(0, turn, 1, player))
        scores = dict(zip(PLAYERS, row, strict=True))
        events.append(TurnEnded(0, player, turn, 1, scores, {}, (), ()))
    final = dict(zip(PLAYERS, rows[-1], strict=True))
    events.append(GameEnded(0, len(rows), 1, "turns", final, ("IRT",)))
    summary = GameSummary()
    for event in events:
        summary(event)
    game = parse_log([e.to_json() for e in events], "made.jsonl")
    assert len(timeline.lead_changes(game)) == summary.lead_changes
    # the summary says 0 when nobody ever led; the page then counts from turn 1
    assert timeline.leader_since(game) == (summary.leader_since or 1)
