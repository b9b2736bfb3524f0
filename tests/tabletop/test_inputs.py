"""Issue 27, point 3: the one way to open an input (bounded, regular files, no hang), and the
replay's reader on hostile logs."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from subwaysim.replay import log as replay_log
from tabletop.inputs import BadJson, TooLarge, UnreadableFile, load_json, read_bytes, read_lines

ROOT = Path(__file__).resolve().parents[2]
TINY_LOG = ROOT / "tests" / "subwaysim" / "data" / "tiny_game.jsonl"


def test_a_fifo_is_refused_at_once_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "g.jsonl"
    os.mkfifo(fifo)
    outcome: list[str] = []
    reader = threading.Thread(target=lambda: outcome.append(_reason(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=5)
    assert outcome == ["not a regular file (a pipe, FIFO)"]  # no hang


def _reason(path: Path) -> str:
    try:
        read_bytes(path, 100)
    except UnreadableFile as exc:
        return exc.reason
    return "read"


def test_a_link_is_followed_to_what_it_names_which_must_be_a_small_regular_file(
    tmp_path: Path,
) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1000)
    link = tmp_path / "link"
    link.symlink_to(big)
    with pytest.raises(TooLarge) as caught:
        read_bytes(link, 100)
    assert caught.value.size == 1000 and caught.value.limit == 100
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "to_fifo").symlink_to(fifo)
    assert _reason(tmp_path / "to_fifo") == "not a regular file (a pipe, FIFO)"


def test_lines_are_bounded_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"short\n" + b"y" * 50 + b"\nend")
    with pytest.raises(UnreadableFile, match="line 2 is longer than 20 bytes"):
        list(read_lines(path, 1000, 20))
    assert list(read_lines(path, 1000, 60)) == [b"short", b"y" * 50, b"end"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper"),
        ('{"seed": ' + "9" * 5001 + "}", "4,300 digits"),
        ('{"a": NaN}', "NaN is not a JSON number"),
        ("[[[[[[1]]]]]]", "nested deeper than 4"),
    ],
)
def test_json_too_deep_or_with_huge_numbers_is_a_message(text: str, reason: str) -> None:
    with pytest.raises(BadJson, match=reason):
        load_json(text, most_depth=4 if text.startswith("[[[[[[1") else 64)


def replay(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["replay", *args])
    return result.exit_code, result.output


def test_replay_refuses_hostile_logs_in_one_line_exit_2(tmp_path: Path) -> None:
    out = str(tmp_path / "page.html")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    code, text = replay(str(fifo), "--out", out)
    assert code == 2 and "not a regular file (a pipe, FIFO)" in text
    first = TINY_LOG.read_text().splitlines()[0]
    cases = {
        "deep.jsonl": "[" * 100_000 + "]" * 100_000,
        "seed.jsonl": first.replace('"seed":', '"seed":' + "9" * 5001 + ',"x":'),
        "nested.jsonl": '{"event": "GameStarted", "x": ' + "[" * 40 + "]" * 40 + "}",
    }
    for name, line in cases.items():
        path = tmp_path / name
        path.write_text(line + "\n")
        code, text = replay(str(path), "--out", out)
        assert code == 2 and "line 1:" in text and "Traceback" not in text, (name, text)
    assert not Path(out).exists()


def test_a_log_too_large_for_one_page_is_refused_with_its_size_and_the_way_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay_log, "MAX_LOG_BYTES", 1000)
    code, text = replay(str(TINY_LOG), "--out", str(tmp_path / "p.html"))
    assert code == 2 and "too large for one replay page" in text and "--set end.turns=" in text
