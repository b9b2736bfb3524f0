"""Each turn told in words: cards populated, trips with legs and points, builds, decks, scores,
and a newer engine's events and fields in plain lines."""

from __future__ import annotations

from subwaysim.replay.story import turn_article

from .pagetree import having, text, tiny

GAME = tiny()


def story(turn: int) -> list[str]:
    article = turn_article(GAME, GAME.frame(turn), shown=turn)
    return [text(li) for li in article.find("ol")]


def test_sg6_populated_cards_and_sg5_reshuffles() -> None:
    article = turn_article(GAME, GAME.frame(2), shown=2)
    assert text(having(article, "p", "populated")[0]) == (
        "Populated: section 1, row 1, column 1 (supply empty); reshuffled: section (flip 1)"
    )


def test_turn_3_trips_builds_intensify_and_no_extra_trip_in_log_order() -> None:
    assert story(3) == [
        "b1 → c4 distance 4: walk b1→c4 (4) — walked: no points",
        "IRT builds station a1 local (cost 1, 3 left)",
        "a1 → a3 (extra trip, SG-18) distance 2: walk a1→a3 (2) — walked: no points",
        "IRT builds station a4 express (cost 1, 2 left)",
        "a4 → a1 (extra trip, SG-18) distance 2: IRT local a4·a1 (2 stops) IRT +2",
        "IRT builds intensify a2 row (cost 1, 1 left)",
        "IRT intensifies a2: row 1 (build)",
        "no extra trip from a2: the column deck yields no card",
    ]


def test_sg15_a_shared_trip_scores_both_and_an_unknown_field_is_shown() -> None:
    assert story(4)[-1] == (
        "d4 → a1 (extra trip, SG-18) distance 4: BRT local d4·a4 (2 stops), "
        "IRT local a4·a1 (2 stops) IRT +1 BRT +1 · fare 1"
    )


def test_an_unknown_event_gets_a_plain_line() -> None:
    assert story(2) == [
        "BRT builds track a4 (cost 4, 0 left)",
        "BuildsBanked · player BRT · banked 0",
    ]


def test_a_quiet_turn_says_so() -> None:
    game = GAME
    frame = game.frame(6)
    quiet = type(frame)(frame.start, frame.events[:3], frame.end)  # the cards, no trips
    article = turn_article(game, quiet, shown=6)
    assert [text(li) for li in article.find("ol")] == ["no trips and no builds"]


def test_decks_and_scores_with_the_points_gained_this_turn() -> None:
    article = turn_article(GAME, GAME.frame(6), shown=6)
    rows = [[text(td) for td in tr] for tr in article.find("table").find("tbody")]
    assert rows[2] == ["column", "3", "0", "5", "-", "0", "1"]
    assert text(having(article, "p", "scores")[0]).split() == [
        "Scores:", "IRT", "6", "(+1)", "BRT", "8", "(+7)",
    ]  # fmt: skip
