"""SG-9/SG-13: the walks to and from the nearest station, compiled against the numpy twin."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.kernels import walk_distances
from subwaysim.routing.nearest import nearest_walks, nearest_walks_reference
from subwaysim.routing.walking import walking_for
from tests.subwaysim.routing.boards import grid


def test_hand_worked_nearest_walks_on_a_row_with_a_hazard() -> None:
    # 1 x 5, hazard on square 2 (leaving it costs 2), stations on 0 and 4.
    walks = walking_for(grid(1, 5, hazards=[2]), 2, "leave").distances
    to, back = nearest_walks(walks, np.array([0, 4], dtype=np.int64))
    # to station: 0 is one; 1 -> 0 is 1; 2 -> 1 -> 0 costs 2 + 1, 2 -> 3 -> 4 costs 2 + 1.
    assert to.tolist() == [0, 1, 3, 1, 0]
    # from a station: 0 -> 1 -> 2 costs 2 (entering the hazard costs 1), 4 -> 3 -> 2 too.
    assert back.tolist() == [0, 1, 2, 1, 0]


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    data=st.data(),
    cost=st.integers(1, 4),
    on_leave=st.booleans(),
)
def test_nearest_walks_kernel_matches_its_numpy_twin(
    rows: int, cols: int, data: st.DataObject, cost: int, on_leave: bool
) -> None:
    size = rows * cols
    hazard = np.array(data.draw(st.lists(st.booleans(), min_size=size, max_size=size)))
    walks = walk_distances(cols, rows, hazard, cost, on_leave)
    stations = sorted(data.draw(st.sets(st.integers(0, size - 1), min_size=1)))
    to, back = nearest_walks(walks, np.array(stations, dtype=np.int64))
    assert (to.tolist(), back.tolist()) == nearest_walks_reference(walks, stations)
