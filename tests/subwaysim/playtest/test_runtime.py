"""runtime.json: one entry a run of `subway playtest`, summed in the report's opening."""

from __future__ import annotations

from pathlib import Path

from subwaysim.playtest import runtime
from subwaysim.playtest.runtime import Session


def session(wall: float, cpu: float, played: int, copied: int = 0) -> Session:
    return Session("2026-11-27T13:00:00+00:00", wall, cpu, 2, None, 2, played, copied)


def test_sessions_add_up_across_resumed_runs(tmp_path: Path) -> None:
    runtime.record(tmp_path, session(3600.0, 7000.0, 5000, 1000))
    both = runtime.record(tmp_path, session(1260.0, 2400.0, 800))
    assert runtime.read(tmp_path) == both and len(both) == 2
    text = runtime.sentence(both)
    # 3,600 + 1,260 s = 1 h 21 min; 7,000 + 2,400 s = 2 h 36 min 40 s
    assert "1 h 21 min of wall time and 2 h 36 min of CPU time in 2 runs (resumed)" in text
    assert "--jobs 2 on a 2-core machine" in text
    assert "Its sweeps played 5,800 games and copied 1,000 from earlier sweeps" in text


def test_a_missing_or_damaged_file_is_no_sessions(tmp_path: Path) -> None:
    assert runtime.read(tmp_path) == [] and runtime.sentence([]) == ""
    (tmp_path / runtime.RUNTIME).write_text("{not json")
    assert runtime.read(tmp_path) == []


def test_durations_read_as_a_person_would() -> None:
    assert runtime.duration(42.4) == "42 s"
    assert runtime.duration(845) == "14 min 05 s"
    assert runtime.duration(8040) == "2 h 14 min"


def test_a_clock_counts_wall_and_cpu_time_of_this_process() -> None:
    clock = runtime.Clock(jobs=1, scheduler=None)
    total = sum(i * i for i in range(300_000))  # some CPU
    assert total > 0
    found = clock.session(played=3, copied=1)
    assert found.wall_seconds >= 0 and found.cpu_seconds >= 0
    assert (found.jobs, found.played, found.copied) == (1, 3, 1)
