"""Each turn told in words: cards populated, trips with legs and points, builds, decks, scores,
and a newer engine's events and fields in plain lines."""

from __future__ import annotations

from subwaysim.replay.records import BankedRecord, BorrowedRecord, BuiltRecord, DebtPaidRecord
from subwaysim.replay.sentences import build_sentence, token_sentence
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
        "IRT opens a local station at a1 for 1 point (3 left).",
        "a1 → a3 (extra trip, SG-18) distance 2: walk a1→a3 (2) — walked: no points",
        "IRT opens an express station at a4 for 1 point (2 left).",
        "a4 → a1 (extra trip, SG-18) distance 2: IRT local a4·a1 (2 stops) IRT +2",
        "IRT pays to intensify a2 (row) for 1 point (1 left).",
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
        "BRT lays track on a4 for 4 points (none left).",
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


def _built(**fields: object) -> BuiltRecord:
    base = {"event": "Built", "player": "BRT", "action": "station", "square": "f2"}
    base |= {"detail": "express", "cost": 1, "points_left": 2}
    return BuiltRecord.model_validate(base | fields)


def test_builds_are_sentences_naming_surcharge_and_whole_phase_only_when_they_apply() -> None:
    # Issue 32: once "BRT builds station f2 express (cost 1, 2 left) · surcharge 0 · whole
    # phase false"; no field name is printed, and a zero surcharge is not mentioned.
    plain = build_sentence(_built(surcharge=0, whole_phase=False))
    assert plain == "BRT opens an express station at f2 for 1 point (2 left)."
    # SG-21: a surcharge of 1 on a populated square, in a cost of 2.
    dear = build_sentence(_built(action="track", detail=None, cost=2, surcharge=1, points_left=0))
    assert dear == (
        "BRT lays track on f2 for 2 points, 1 of it the surcharge for a populated square "
        "(SG-21) (none left)."
    )
    # SG-17: track on a hazard takes the whole build phase.
    hazard = build_sentence(
        _built(action="track", detail=None, cost=3, whole_phase=True, points_left=0)
    )
    assert hazard.startswith("BRT lays track on f2 with the whole build phase (SG-17")
    for text_ in (plain, dear, hazard):
        assert "_" not in text_ and "false" not in text_ and "surcharge 0" not in text_


def test_banking_and_debt_are_sentences() -> None:
    banked = BankedRecord.model_validate({"event": "Banked", "player": "IRT", "points": 1})
    assert token_sentence(banked) == "IRT banks 1 build point for the next turn (SG-22)."
    borrowed = BorrowedRecord.model_validate(
        {"event": "Borrowed", "player": "IRT", "points_left": 4, "debt": 2, "borrowed": 2}
    )
    assert token_sentence(borrowed) == (
        "IRT borrows a build point (4 left) and holds 2 debt tokens (SG-22)."
    )
    paid = DebtPaidRecord.model_validate(
        {"event": "DebtPaid", "player": "IRT", "tokens": 1, "debt": 0, "points_left": 2}
    )
    assert token_sentence(paid) == ("IRT pays back 1 debt token (no debt left, 2 left) (SG-22).")
