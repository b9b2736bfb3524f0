"""Issue 27, point 1 (and 8's file names): the one way to open an output.

Special files are made in a temp folder (os.mkfifo, sockets, symlinks); the real /dev is
never touched."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from subwaysim.cli import app
from tabletop.outputs import (
    AtomicOutput,
    Kind,
    Output,
    OutputRefused,
    check_output,
    check_outputs,
    write_atomic,
)

ROOT = Path(__file__).resolve().parents[2]
TINY_LOG = ROOT / "tests" / "subwaysim" / "data" / "tiny_game.jsonl"
NOTE = Kind("note", "a note", lambda head: head.startswith(b"NOTE"))


def refusal(path: Path, **options: object) -> str:
    with pytest.raises(OutputRefused) as caught:
        check_output(path, NOTE, **options)  # type: ignore[arg-type]
    return str(caught.value)


def test_special_files_and_links_are_refused_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "not a regular file (a pipe, FIFO)" in refusal(fifo)
    assert "is a folder" in refusal(tmp_path)
    sock_path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        assert "not a regular file (a socket)" in refusal(sock_path)
    target = tmp_path / "target.txt"
    target.write_text("NOTE old")
    link = tmp_path / "link"
    link.symlink_to(target)
    assert "is a symbolic link (to" in refusal(link)
    with pytest.raises(OutputRefused):  # the write itself refuses too, even when not checked
        write_atomic(link, b"NOTE new")
    assert link.is_symlink() and target.read_text() == "NOTE old"
    with pytest.raises(OutputRefused):
        write_atomic(fifo, b"x")
    assert fifo.exists() and not fifo.is_file()


def test_an_existing_file_is_replaced_only_by_its_kind_or_with_force(tmp_path: Path) -> None:
    note, other, empty = tmp_path / "a.note", tmp_path / "b.yaml", tmp_path / "c"
    note.write_text("NOTE 1")
    other.write_text("name: precious\n")
    empty.write_text("")
    check_output(note, NOTE)  # an earlier note: replaced
    check_output(empty, NOTE)  # nothing to lose
    assert "already exists and holds a text file, not a note" in refusal(other)
    assert "--force" in refusal(other)
    check_output(other, NOTE, force=True)


def test_inputs_and_two_outputs_of_one_run_cannot_share_a_file(tmp_path: Path) -> None:
    source = tmp_path / "c.yaml"
    source.write_text("NOTE but an input")
    assert "is an input of this command" in refusal(source, inputs=[source], force=True)
    hard = tmp_path / "hard"
    os.link(source, hard)  # two names of one file
    assert "is an input" in refusal(hard, inputs=[source], force=True)
    same = [Output(tmp_path / "x", NOTE, "--log"), Output(tmp_path / "." / "x", NOTE, "--html")]
    with pytest.raises(OutputRefused, match="named for two outputs"):
        check_outputs(same)


@pytest.mark.parametrize("name", ["a\nb.jsonl", "x\x1b]2;PWNED\x07.html", "r\u202egnp.exe"])
def test_a_control_character_in_a_file_name_is_refused(tmp_path: Path, name: str) -> None:
    message = refusal(tmp_path / name)
    assert "control character" in message and "\x1b" not in message and "\n" not in message


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "keep.note"
    path.write_text("NOTE old")
    with pytest.raises(RuntimeError), AtomicOutput(path) as out:
        out.write(b"NOTE half")
        raise RuntimeError("disk full")
    assert path.read_text() == "NOTE old" and os.listdir(tmp_path) == ["keep.note"]


def run_cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_run_and_replay_never_destroy_their_inputs(tmp_path: Path) -> None:
    scenario = tmp_path / "c.yaml"
    scenario.write_text((ROOT / "scenarios" / "classic.yaml").read_text())
    before = scenario.read_text()
    code, out = run_cli("run", str(scenario), "--quiet", "--log", str(scenario))
    assert code == 2 and "is an input of this command" in out and scenario.read_text() == before
    log = tmp_path / "g.jsonl"
    log.write_text(TINY_LOG.read_text())
    code, out = run_cli("replay", str(log), "--out", str(log))
    assert code == 2 and "is an input" in out and log.read_text() == TINY_LOG.read_text()
    code, out = run_cli("run", str(scenario), "--quiet", "--log", str(log), "--html", str(log))
    assert code == 2 and "named for two outputs (--log" in out


def test_run_replaces_a_log_over_a_log_but_not_a_scenario_without_force(tmp_path: Path) -> None:
    scenario = ROOT / "scenarios" / "classic.yaml"
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes\n")
    code, out = run_cli(
        "run", str(scenario), "--quiet", "--set", "end.turns=1", "--log", str(notes)
    )
    assert code == 2 and "holds a text file, not a Subway Game event log" in out
    assert notes.read_text() == "my notes\n"
    log = tmp_path / "g.jsonl"
    for _ in range(2):  # the second run replaces the first run's log without a word
        code, out = run_cli(
            "run", str(scenario), "--quiet", "--set", "end.turns=1", "--log", str(log)
        )
        assert code == 0, out
    assert json.loads(log.read_text().splitlines()[0])["event"] == "GameStarted"
    code, _ = run_cli(
        "run", str(scenario), "--quiet", "--set", "end.turns=1", "--log", str(notes), "--force"
    )
    assert code == 0 and notes.read_text().startswith('{"event":"GameStarted"')


def test_replay_refuses_a_fifo_a_device_link_and_a_file_of_another_kind(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    code, out = run_cli("replay", str(TINY_LOG), "--out", str(fifo))
    assert code == 2 and "not a regular file (a pipe, FIFO)" in out
    link = tmp_path / "null.html"
    link.symlink_to(tmp_path / "elsewhere.html")
    code, out = run_cli("replay", str(TINY_LOG), "--out", str(link))
    assert code == 2 and "is a symbolic link" in out and not (tmp_path / "elsewhere.html").exists()
    page = tmp_path / "page.html"
    assert run_cli("replay", str(TINY_LOG), "--out", str(page))[0] == 0
    assert run_cli("replay", str(TINY_LOG), "--out", str(page))[0] == 0  # a page over a page
    code, out = run_cli("replay", str(TINY_LOG), "--out", str(tmp_path / "x\ny.html"))
    assert code == 2 and "control character \\n" in out
