"""The README's printed examples are what the commands print today (issue 32, point 2):
each `<!-- example: ... -->` block is run again and compared; `make examples` rewrites them."""

from __future__ import annotations

import difflib

from subwaysim.output.readme_examples import README, blocks, regenerate


def test_the_readme_examples_match_what_the_commands_print() -> None:
    text = README.read_text()
    written = blocks(text)
    assert len(written) >= 6, "the README's generated examples went missing"
    today = blocks(regenerate(text))
    for (command, was), (_, now) in zip(written, today, strict=True):
        drift = "".join(difflib.unified_diff(was.splitlines(True), now.splitlines(True)))
        assert was == now, f"README example `{command}` drifted (run make examples):\n{drift}"


def test_a_drifted_example_is_caught() -> None:
    text = "<!-- example: subway validate scenarios/classic.yaml -->\n```\nstale\n```\n"
    ((_, body),) = blocks(regenerate(text))
    assert body.startswith("scenarios/classic.yaml: ok (classic, players IRT, BRT)")
    assert blocks(text)[0][1] != body
