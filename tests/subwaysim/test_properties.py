"""Properties over whole random games (hypothesis): conservation, monotone scores, consistency."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.engine import Game
from subwaysim.events import Event
from tests.subwaysim.helpers import scenario, small_boards

variants = st.fixed_dictionaries(
    {
        "cards": st.fixed_dictionaries(
            {
                "max_population": st.integers(1, 4),
                "initial_population": st.integers(0, 1),
                "decks": st.sampled_from(["three", "two"]),
                "populate": st.sampled_from(["all", "one_deck"]),
            }
        ),
        "rules": st.fixed_dictionaries(
            {
                "builds_per_turn": st.integers(0, 5),
                "transfer_cost": st.integers(0, 2),
                "hazard_cost_on": st.sampled_from(["leave", "enter"]),
                "intensify_below": st.integers(0, 5),
                "trip_mode": st.sampled_from(["queue_pairs", "queue_origin_draw_destination"]),
            }
        ),
        "board": small_boards(),
        "end": st.just({"turns": 8}),
        "players": st.sampled_from(
            [
                [{"name": "IRT", "agent": "random"}, {"name": "BRT", "agent": "random"}],
                [{"name": "A", "agent": "random"}, {"name": "B", "agent": "greedy"}],
                [{"name": n, "agent": "random"} for n in ("A", "B", "C")],
            ]
        ),
    }
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants, st.integers(0, 10_000))
def test_whole_random_games_keep_every_invariant(sections: dict, seed: int) -> None:
    s = scenario(**sections)
    checked: list[str] = []
    game = Game(s, seed)
    last_scores = dict.fromkeys(s.player_names, 0)

    def check(event: Event) -> None:
        state = game.state
        for deck in state.decks:  # cards are conserved (SG-4); `held` = out for a trip
            assert deck.total() == deck.max_population * deck.identities, event
            assert all(n >= 0 for n in deck.supply)
        for player, score in state.scores.items():  # scores only grow
            assert score >= last_scores[player]
            last_scores[player] = score
        net = state.network  # SG-11, SG-17: each station stands on its builder's track
        for square, station in net.stations.items():
            assert square in net.track[station.builder]
        checked.append(event.kind)

    game.observers.append(check)
    result = game.run()
    assert checked[-1] == "GameEnded"
    assert result.winners and all(
        result.scores[w] == max(result.scores.values()) for w in result.winners
    )
