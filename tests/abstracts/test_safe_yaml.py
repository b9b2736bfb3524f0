"""Safe YAML (`tabletop/safe_yaml.py`): what costs time or memory, or silently loses a
value, is refused with the line; ordinary YAML (anchors included) still reads."""

from __future__ import annotations

import pytest

from tabletop import safe_yaml
from tabletop.safe_yaml import MAX_DEPTH, MAX_VALUES, YamlError


def refused(text: str) -> YamlError:
    with pytest.raises(YamlError) as caught:
        safe_yaml.load(text)
    return caught.value


def test_ordinary_yaml_with_anchors_and_merge_keys_reads() -> None:
    text = "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\nlist: [*b, *b]\n"
    data = safe_yaml.load(text).data
    assert data["other"] == {"x": 1, "y": 3}
    assert data["list"] == [{"x": 1, "y": 2}] * 2


def test_nothing_at_all_is_no_document() -> None:
    assert safe_yaml.load("# only a comment\n\n").node is None


def test_deep_nesting_is_refused_before_python_recursion_is() -> None:
    for text in ("[" * 5000, "a:\n" + "".join(f"{' ' * i}b{i}:\n" for i in range(1, 200))):
        error = refused(text)
        assert f"nested deeper than {MAX_DEPTH} levels" in str(error) and error.line


def test_nesting_through_aliases_counts_too() -> None:
    lines = ["a0: &a0 [1]"] + [f"a{i}: &a{i} [*a{i - 1}]" for i in range(1, MAX_DEPTH + 2)]
    assert "counting aliases" in str(refused("\n".join(lines)))


def test_an_alias_bomb_is_refused_without_expanding_it() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 30)]
    error = refused("\n".join(lines))  # 10**30 values if expanded
    assert "an alias bomb?" in str(error) and error.line == 5


def test_a_collection_that_contains_itself_is_refused() -> None:
    assert "an alias refers to a collection that contains it" in str(refused("a: &a [1, *a]"))


def test_too_many_values_stop_while_composing() -> None:
    error = refused("[" + ", ".join(["1"] * (MAX_VALUES + 5)) + "]")
    assert f"more than {MAX_VALUES:,} values" in str(error)


def test_a_key_written_twice_names_both_lines() -> None:
    error = refused("rules:\n  builds_per_turn: 2\nseed: 1\nrules: {}\n")
    assert str(error) == "line 4: key 'rules' appears twice (lines 1 and 4)"
    assert safe_yaml.load("{1: a, '1': b}").data == {1: "a", "1": "b"}  # not the same key


def test_values_python_cannot_make_are_refused_with_their_line() -> None:
    assert str(refused("seed: 1\nday: 2024-02-30\n")).startswith("line 2, column 6: cannot read")
    assert "too many digits" in str(refused("seed: " + "9" * 5000))


def test_oversized_text_is_refused_before_parsing() -> None:
    error = refused("#" * (safe_yaml.MAX_CHARS + 1))
    assert "characters; at most" in str(error)


def test_broken_yaml_keeps_the_parser_line_and_column() -> None:
    error = refused("a: [1, 2\nb: 3\n")
    assert error.line == 2 and "invalid YAML" in str(error)
    assert "invalid YAML" in str(refused("a: !!python/object:os.system {}"))
