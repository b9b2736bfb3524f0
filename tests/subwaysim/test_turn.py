"""The build phase's options (SG-17, SG-21, SG-22), played by scripted players on the
forward model, hand-worked."""

from __future__ import annotations

from subwaysim import builds
from subwaysim.builds import Build
from subwaysim.events import Banked, Borrowed, Built, DebtPaid, Depopulated
from subwaysim.state import GameState
from subwaysim.turn import AgentError, build_phase
from tests.subwaysim.helpers import Recorder, Scripted, scenario

START = {"track": {"IRT": ["c3", "c4"], "BRT": ["e5"]}, "stations": {"IRT": {"c3": "local"}}}


def state_with(**rules) -> GameState:  # type: ignore[no-untyped-def]
    return GameState.new(scenario(rules=rules, start=START), seed=0)


def phase(state: GameState, *steps: Build | None, player: str = "IRT") -> Recorder:
    rec = Recorder()
    agents = {p: Scripted(p) for p in state.players}
    agents[player] = Scripted(player, steps)
    build_phase(state, player, agents, rec)
    return rec


def populate(state: GameState, square: str) -> None:
    """Put one copy of each of the square's cards in play (SG-21 'populated')."""
    sq = state.board.square(square)
    for deck, identity in zip(state.decks, state.card_names[sq], strict=True):
        deck.add_from_supply(identity)


# --- SG-17 split track costs ----------------------------------------------------------------


def test_sg17_hazard_and_shared_track_have_their_own_costs() -> None:
    s = GameState.new(
        scenario(
            board={"hazards": ["h8"]},
            rules={"costs": {"hazard_track": 2, "shared_track": "phase"}},
            start=START,
        ),
        seed=0,
    )
    assert builds.cost(Build("track", s.board.square("h8")), s, "IRT") == 2
    assert builds.cost(Build("track", s.board.square("e5")), s, "IRT") == "phase"


def test_sg17_hard_track_is_a_shorthand_the_specific_costs_override() -> None:
    s = GameState.new(
        scenario(board={"hazards": ["h8"]}, rules={"costs": {"hard_track": 3, "shared_track": 1}}),
        seed=0,
    )
    assert s.prices.hazard == 3 and s.prices.shared == 1


def test_sg17_a_square_both_hazard_and_shared_costs_the_dearer() -> None:
    s = GameState.new(
        scenario(
            board={"hazards": ["e5"]},
            rules={"costs": {"hazard_track": 2, "shared_track": 4}},
            start=START,
        ),
        seed=0,
    )
    assert builds.cost(Build("track", s.board.square("e5")), s, "IRT") == 4


# --- SG-21 building on populated squares ----------------------------------------------------


def test_sg21_none_populated_squares_cost_as_usual() -> None:
    s = state_with()
    populate(s, "c4")
    assert builds.populated(s, s.board.square("c4"))
    assert builds.cost(Build("station", s.board.square("c4")), s, "IRT") == 1


def test_sg21_surcharge_on_a_populated_square() -> None:
    s = state_with(populated_build="surcharge", costs={"populated_surcharge": 2})
    populate(s, "c4")
    assert builds.cost(Build("station", s.board.square("c4")), s, "IRT") == 3
    assert builds.cost(Build("track", s.board.square("d4")), s, "IRT") == 1  # not populated
    rec = phase(s, Build("station", s.board.square("c4"), "local"))
    (built,) = rec.of(Built)
    assert (built.cost, built.surcharge, built.points_left) == (3, 2, 0)


def test_sg21_a_square_lacking_one_card_in_play_is_not_populated() -> None:
    s = state_with(populated_build="surcharge")
    sq = s.board.square("c4")
    section, row, _ = s.card_names[sq]
    s.decks[0].add_from_supply(section)
    s.decks[1].add_from_supply(row)  # no column card in play
    assert not builds.populated(s, sq)


def test_sg21_depopulate_sends_a_copy_of_each_card_back_from_discard() -> None:
    s = state_with(populated_build="depopulate")
    populate(s, "c4")
    sq = s.board.square("c4")
    before = [list(d.supply) for d in s.decks]
    rec = phase(s, Build("station", sq, "local"))
    (gone,) = rec.of(Depopulated)
    assert gone.square == "c4" and gone.decks == ("section", "row", "column")
    for deck, identity, supply in zip(s.decks, s.card_names[sq], before, strict=True):
        assert deck.supply[identity] >= supply[identity]  # back in supply (the extra trip
        # that follows the station may have drawn others, never these from supply)
    assert not builds.populated(s, sq)


def test_sg21_depopulate_leaves_decks_without_a_copy_in_discard() -> None:
    s = state_with(populated_build="depopulate")
    populate(s, "d4")
    sq = s.board.square("d4")
    column = s.card_names[sq][2]
    s.decks[2].discard.remove(column)
    s.decks[2].queue.append(column)  # the column card is in a queue, not the discard pile
    rec = phase(s, Build("track", sq))
    assert rec.of(Depopulated)[0].decks == ("section", "row")


# --- SG-22 banking and borrowing ------------------------------------------------------------


def test_sg22_unspent_points_are_banked_up_to_the_limit() -> None:
    s = state_with(bank_builds=2)
    rec = phase(s, Build("track", s.board.square("d4")))
    assert rec.of(Banked)[0].points == 2 and s.bank["IRT"] == 2
    s.turn += 1
    rec = phase(s, *(Build("track", s.board.square(n)) for n in ("d3", "b3", "b4", "a3", "a4")))
    assert [b.points_left for b in rec.of(Built)] == [4, 3, 2, 1, 0]  # 3 + 2 banked
    assert s.bank["IRT"] == 0 and not rec.of(Banked)


def test_sg22_the_bank_never_holds_more_than_its_limit() -> None:
    s = state_with(bank_builds=1)
    phase(s, None)
    assert s.bank["IRT"] == 1
    phase(s, None)
    assert s.bank["IRT"] == 1  # 3 + 1 unspent, one kept


def test_sg22_without_banking_unspent_points_are_lost() -> None:
    s = state_with()
    phase(s, None)
    assert s.bank["IRT"] == 0


def test_sg22_borrowing_gives_a_point_and_a_debt_token_paid_first_next_turn() -> None:
    s = state_with(borrow_builds=2)
    sq = s.board.square
    rec = phase(s, Build("borrow"), *(Build("track", sq(n)) for n in ("d4", "d3", "b3", "b4")))
    (loan,) = rec.of(Borrowed)
    assert (loan.points_left, loan.debt, loan.borrowed) == (4, 1, 1)
    assert [b.points_left for b in rec.of(Built)] == [3, 2, 1, 0]
    rec = phase(s, *(Build("track", sq(n)) for n in ("a3", "a4")), None)
    (paid,) = rec.of(DebtPaid)
    assert (paid.tokens, paid.debt, paid.points_left) == (1, 0, 2)
    assert len(rec.of(Built)) == 2 and s.debt["IRT"] == 0


def test_sg22_borrowing_is_limited_and_refused_while_holding_debt() -> None:
    s = state_with(borrow_builds=1)
    assert builds.check(Build("borrow"), s, "IRT", 3, True) is None
    s.debt["IRT"] = 1
    assert "holds debt tokens" in builds.check(Build("borrow"), s, "IRT", 3, True)
    s.debt["IRT"], s.borrowed["IRT"] = 0, 1
    assert "borrowed all 1" in builds.check(Build("borrow"), s, "IRT", 3, True)
    off = state_with()
    assert "borrowing builds is off" in builds.check(Build("borrow"), off, "IRT", 3, True)


def test_sg22_a_refused_borrow_is_an_agent_error() -> None:
    s = state_with()
    try:
        phase(s, Build("borrow"))
    except AgentError as exc:
        assert "SG-22" in str(exc)
    else:
        raise AssertionError("an agent borrowing where the rules refuse must be stopped")


def test_sg22_debt_larger_than_a_turn_takes_the_whole_turn() -> None:
    s = state_with(builds_per_turn=1, borrow_builds=3)
    s.debt["IRT"] = 2
    rec = phase(s, Build("track", s.board.square("d4")))
    assert rec.of(DebtPaid)[0].debt == 1 and not rec.of(Built)
