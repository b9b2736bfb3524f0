"""Each system's trips between squares kept from one batch of plans to the next
(`routing.trip_rows`): bounded in bytes, the oldest slot given up first, and the points of
`plans_points` the same whether rows are kept, made afresh or not kept at all (SG-13)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.builds import Build
from subwaysim.routing import Router
from subwaysim.routing import trip_rows as kept_rows
from subwaysim.routing.trip_rows import TripRows
from subwaysim.routing.variants import plans_points
from tests.subwaysim.routing.test_reference import trips
from tests.subwaysim.routing.test_variants import Case, assert_same, plans_on, reference


def system(*squares: int) -> tuple[np.ndarray, np.ndarray]:
    stations = np.array(squares, dtype=np.int64)
    return stations, np.zeros(len(squares) ** 2, dtype=np.int64)


def test_the_slab_holds_at_most_its_budget_and_gives_up_the_oldest_slot() -> None:
    walk = np.zeros((10, 10), dtype=np.int32)
    slot = 10 * 10 * 4 + 10  # one slot's rows (int32) and marks (bool)
    rows = TripRows(walk, budget=3 * slot + slot // 2)
    assert rows.slots == 3 and rows.nbytes == 3 * slot <= 3 * slot + slot // 2
    a, b, c, d = system(1, 2), system(3, 4), system(5, 6), system(7, 8)
    assert rows.slots_for([a, b]).tolist() == [0, 1]
    rows.have[0, 4] = True  # a row of a's made
    assert rows.slots_for([c]).tolist() == [2]
    assert rows.slots_for([a]).tolist() == [0] and rows.have[0, 4]  # a kept, its row too
    # d takes the oldest slot (b's, unused since a was asked again), its marks cleared.
    rows.have[1, 2] = True
    assert rows.slots_for([d]).tolist() == [1] and not rows.have[1].any()
    assert rows.slots_for([b, a]).tolist() == [2, 0]  # b back into c's slot (now the oldest)
    # More systems in one call than slots: the last has none (read from a table instead).
    assert rows.slots_for([a, b, c, d]).tolist() == [0, 2, 1, -1]


def test_at_least_one_slot_and_a_new_slab_for_another_board() -> None:
    assert TripRows(np.zeros((10, 10), dtype=np.int32), budget=1).slots == 1
    one, two = np.zeros((4, 4), dtype=np.int32), np.zeros((4, 4), dtype=np.int32)
    first = kept_rows.trip_rows(one)
    assert kept_rows.trip_rows(one) is first and kept_rows.trip_rows(two) is not first


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(), st.data())
def test_kept_fresh_or_no_rows_give_the_reference_points(case: Case, data: st.DataObject) -> None:
    """The same batch three times: with a fresh slab, again with the rows it kept, and with
    a slab of one slot (a second unchanged system read from a table made in the call)."""
    net, rules, _ = case
    seat = data.draw(st.integers(0, len(net.players) - 1))
    builder = net.players[seat]
    plans: list[tuple[Build, ...]] = data.draw(plans_on(net, builder))
    size = net.board.size
    ends = st.lists(st.integers(0, size - 1), min_size=1, max_size=6)
    origins = np.array(data.draw(ends), dtype=np.int64)
    destinations = np.array(data.draw(ends), dtype=np.int64)
    extras = [()] * len(plans)
    expected = reference(net, rules, builder, plans, origins, destinations, extras, seat)
    walk = Router(net, rules).walking.distances
    before = getattr(kept_rows._local, "rows", None)
    try:
        for slab in (TripRows(walk), None, TripRows(walk, budget=1)):
            if slab is not None:
                kept_rows._local.rows = slab
            found = plans_points(
                Router(net, rules), seat, plans, origins, destinations, extras, seat, 2, 1
            )
            assert_same(found, expected)
    finally:
        kept_rows._local.rows = before  # (the thread's own slab back for other tests)
