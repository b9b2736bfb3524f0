"""The finisher: a short exact search MCTS asks first in a won ending (MT-5..MT-11).

Its kernel against its plain-Python twin, hand-worked exchanges (MT-10: the last to land
keeps the whole stack), the last piece (MT-11), and MCTS converting a won ending it used to
shuffle in."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from abstracts import get_game
from abstracts.mcts import MCTSAgent
from abstracts.transit_chess.finisher import (
    GAIN,
    WIN,
    Finisher,
    ahead,
    best_move,
    best_move_reference,
    material_balance,
)
from tests.abstracts.transit_chess.test_reference import random_position, varied_system


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), depth=st.integers(1, 3), side=st.integers(0, 1))
def test_the_kernel_searches_as_the_reference_does(seed: int, depth: int, side: int) -> None:
    system = varied_system(seed)
    game = get_game("transit-chess", map=system.to_data(), seed=0)
    state = game.from_text(random_position(system, random.Random(seed), placing=False))
    limit = 3_000  # small enough that some searches give up: those must agree too
    compiled = best_move(game.rules, state.cells, state.totals, side, depth, limit)
    reference = best_move_reference(game.tables, state.cells, state.totals, side, depth, limit)
    assert compiled == reference


# A - B - C - D - E on one route, F - G on another (unreachable from the first, MT-6).
LINE = {
    "name": "Line",
    "stops": [{"id": s, "name": s} for s in "ABCDEFG"],
    "routes": {"Main": list("ABCDE"), "Side": list("FG")},
}


def line_state(text: str, to_move: str = "white"):  # type: ignore[no-untyped-def]
    return get_game("transit-chess", map=LINE, seed=0).from_text(text, to_move)


def test_the_last_defended_stack_is_taken_with_more_attackers_than_defenders() -> None:
    # White: a rider on A and a pedestrian on B; black: pedestrians on C and D, D defending
    # C (MT-5). White takes C with the pedestrian (MT-10): if black's D lands back on C it
    # converts the two white pedestrians there, and white's rider rides A-B-C (B is empty
    # now, MT-6) and converts the whole stack, black's last pieces (MT-11); if D flees to
    # E, the rider rides A-B-C-D-E through its own stop C (MT-9) and converts it. Either way
    # white wins at the third ply: WIN - 2. Greedy, one ply deep, sees only that C can be
    # taken back and steps away instead.
    state = line_state("white: R@A P@B\nblack: P@C P@D")
    found = best_move(state.rules, state.cells, state.totals, 0)
    assert str(state.rules.codec.move(found.code)) == "P@B-C"
    assert found.score == WIN - 2
    assert str(state.game.greedy_move(state, random.Random(0))) == "P@B-A"
    chosen = Finisher().choose(state)
    assert chosen is not None and str(chosen[0]) == "P@B-C"
    assert (chosen[1].iterations, chosen[1].value) == (0, 1.0)  # no playouts; a forced win


def test_a_forced_gain_of_material_is_found_and_played() -> None:
    # As above with a second white pedestrian on A and a black pedestrian on G out of reach:
    # material 5 - 3 (balance 2). After P@B-C black's best is to let the exchange go; white
    # ends with both pedestrians of C and D converted: 7 - 1, a balance of 6, whatever
    # black replies (hand-worked: recapture D-C, then R@A-C takes all three; D-E, then the
    # rider takes E; G-F, then the rider takes D).
    state = line_state("white: R@A P@A P@B\nblack: P@C P@D P@G")
    assert material_balance(state.cells, 0) == 2
    found = best_move(state.rules, state.cells, state.totals, 0)
    assert (str(state.rules.codec.move(found.code)), found.score) == ("P@B-C", 6)
    chosen = Finisher().choose(state)
    assert chosen is not None and str(chosen[0]) == "P@B-C"
    assert chosen[1].value == 0.5 + 0.5 * 6 / 8  # the judge's share for a balance of 6 of 8


def test_the_finisher_hands_other_positions_to_mcts() -> None:
    # Not a won ending: 5 against 4 is under LEAD times the opponent's material, and the
    # gain the search proves (from 1 to 5) is under GAIN, so MCTS keeps the position.
    close = line_state("white: R@A P@A P@B\nblack: P@C P@D P@E P@G")
    assert not ahead(close.cells, close.hands, 0)
    found = best_move(close.rules, close.cells, close.totals, 0)
    assert (material_balance(close.cells, 0), found.score) == (1, 5)
    assert found.score - 1 < GAIN
    assert Finisher().choose(close) is None
    # The same gain is played by a finisher asked for any gain.
    assert Finisher(gain=4).choose(close) is not None
    # Far ahead (10 to 3) but nothing to gain: C is defended by D as often as white can
    # land there (once), and taking it loses the taker (MT-10); black's C threatens B.
    stuck = line_state("white: R@F R@F R@F P@B\nblack: P@C P@D P@E")
    assert ahead(stuck.cells, stuck.hands, 0)
    found = best_move(stuck.rules, stuck.cells, stuck.totals, 0)
    assert found.score == material_balance(stuck.cells, 0) == 7
    assert Finisher().choose(stuck) is None
    # Placing (MT-4): never.
    placing = line_state("white: R@A place: P\nblack: P@C")
    assert Finisher().choose(placing) is None


def test_a_search_that_runs_out_of_positions_gives_up() -> None:
    state = line_state("white: R@A P@A P@B\nblack: P@C P@D P@G")
    found = best_move(state.rules, state.cells, state.totals, 0, limit=5)
    assert found.code == -1 and found.nodes == 6
    assert Finisher(limit=5).choose(state) is None


# Positions from two games of `subway match transit-chess --map toronto --agents
# mcts:500,greedy --games 40 --seed 1` (task indices 23 and 28 of abstracts.match.make_tasks)
# that MCTS, far ahead, drew at the 500-ply limit before the finisher (MT-11).
# Game 28 at ply 100, black (MCTS, 58 points to 6) to move: white's chief and pedestrian
# defend each other on ISL and RYK; MCTS shuffled its riders for 400 plies.
GAME_28_PLY_100 = (
    "white: C@ISL P@RYK\n"
    "black: P@BAT R@BAY P@BLY P@BLY P@BLY T@DUP P@KEN R@KEN T@KNG R@MCC P@MID P@MUS P@QPK "
    "P@QPK P@QPK P@QPK P@QPK P@QPK T@QUE T@SCC C@SCC P@SGE P@SGE R@SGE P@SPA P@SPA R@SPA "
    "R@VPK R@WAR R@WDB"
)
# Game 23 at ply 101, white (MCTS, 47 to 17) to move: black's two chiefs guard the
# Scarborough line and its pedestrians each other on Yonge; MCTS gained 1 point in 400 plies
# and gave 8 back.
GAME_23_PLY_101 = (
    "white: P@BAY P@BAY P@BLY P@BLY R@BLY R@BLY R@BLY P@CHE T@HPK T@LAN P@LWW R@LWW R@LWW "
    "P@OSS R@QUE T@QUE P@SGE P@SGE P@SGE P@SGE R@STP R@VMC T@WIL\n"
    "black: P@DON P@LAE C@LAE P@SHY P@SHY P@SHY C@VPK P@WAR P@YKM"
)


def play_from(text: str, to_move: str, most: int) -> tuple[str | None, int]:
    """MCTS (a small budget) for `to_move` against greedy from a Toronto position: the
    winner and the plies played, at most `most`."""
    game = get_game("transit-chess", map="toronto", seed=1)
    state = game.from_text(text, to_move)
    players = {to_move: MCTSAgent(game, iterations=20, seed=0)}
    other = "white" if to_move == "black" else "black"
    rng = random.Random(0)
    while not state.is_over and state.ply < most:
        if state.to_move == other:
            state = state.play(game.greedy_move(state, rng))
        else:
            state = state.play(players[to_move].choose(state))
    return state.winner, state.ply


def test_mcts_converts_the_drawn_toronto_game_28() -> None:
    # The search proves a win in three plies: the chief lands on RYK (MT-10); if white's
    # chief lands back or flees, the second attacker converts white's last pieces (MT-11).
    assert play_from(GAME_28_PLY_100, "black", 10) == ("black", 3)


def test_mcts_converts_the_drawn_toronto_game_23() -> None:
    winner, plies = play_from(GAME_23_PLY_101, "white", 40)
    assert winner == "white" and plies <= 20  # 17 plies with these seeds


# Boston game 6 of the same series (task index 6), ply 62, black (MCTS) to move, 6 points up
# with every piece placed: the rider from GIL lands on SCP and converts white's 10-piece stack
# there; white's pieces that can land back cannot hold it (MT-10). MCTS played a pedestrian
# HAY-NST instead (worth -2 against the best reply), lost the exchanges around SCP and LEC and
# the game went to the 500-ply limit (MT-11) with greedy far ahead.
BOSTON_GAME_6_PLY_62 = (
    "white: R@ASH R@ASH C@BMT P@CCL P@CHM P@DTX P@GOV P@HAR P@JFK P@JFK P@JFK P@JFK P@JFK "
    "P@NST R@NST P@SCP P@SCP P@SCP P@SCP P@SCP R@SCP R@SCP T@SCP T@SCP P@STA P@STA P@STA "
    "P@STA P@STA\n"
    "black: P@AQU R@ARL R@BOY R@BOY P@CGR T@DAV P@ESO R@GIL R@GIL R@GIL P@HAY R@LEC R@LEC "
    "T@LEC R@MAG T@POR T@POR C@PRK P@RVB P@SDN P@SHM P@TMC P@UNS"
)


def test_a_clear_gain_is_taken_before_a_won_ending() -> None:
    game = get_game("transit-chess", map="boston", seed=1)
    state = game.from_text(BOSTON_GAME_6_PLY_62, "black")
    assert not ahead(state.cells, state.hands, state.side)
    assert material_balance(state.cells, state.side) == 6
    found = best_move(state.rules, state.cells, state.totals, state.side)
    assert found.score == 30  # a proven gain of 24 against every reply
    chosen = Finisher().choose(state)
    assert chosen is not None and str(chosen[0]) == "R@GIL-SCP"
