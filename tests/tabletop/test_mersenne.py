"""`tabletop.mersenne`: `random.Random(seed).shuffle` compiled, against its twin, the
standard library itself: the seed's words, the generator's state, and the order."""

from __future__ import annotations

import random
from hashlib import sha512

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.mersenne import START, seed_key, seeded_state, shuffle


def key_words(seed: str) -> list[int]:
    """The 32-bit words CPython seeds MT19937 with for a str seed, little end first."""
    raw = seed.encode()
    number = int.from_bytes(raw + sha512(raw).digest(), "big")
    words = max(1, (number.bit_length() + 31) // 32)
    return [number >> (32 * w) & 0xFFFFFFFF for w in range(words)]


def seed_bytes(seed: str) -> bytes:
    raw = seed.encode()
    return raw + sha512(raw).digest()


def test_hand_worked_seed_words_and_state() -> None:
    # "7" is the byte 0x37, then 64 bytes of digest: 65 bytes, 8 * 64 + 6 = 518 bits, so
    # 17 words: 16 of the digest, little end first, and the top one holding 0x37 alone.
    words = seed_key(seed_bytes("7")).tolist()
    assert len(words) == 17 and words == key_words("7")
    assert words[-1] == 0x37
    assert words[0] == int.from_bytes(sha512(b"7").digest()[-4:], "big")
    # Leading zero bytes (NUL characters) are no bits: fewer words, as CPython counts them.
    assert seed_key(seed_bytes("\x00\x00\x00\x00\x00")).tolist() == key_words("\x00" * 5)
    assert len(key_words("\x00" * 5)) == 16
    assert seed_key(np.zeros(3, np.uint8)).tolist() == [0]  # zero: one word of 0
    # The generator's 624 words after seeding are CPython's (its state, index 624 after).
    state = random.Random("7").getstate()[1]
    assert seeded_state(START, seed_key(seed_bytes("7"))).tolist() == list(state[:624])
    assert state[624] == 624


def test_hand_worked_shuffles_match_the_standard_library() -> None:
    for seed, items in (
        ("7/shuffle/row/3", [4, 1, 1, 3, 2, 0, 5]),
        ("7/shuffle/row/3", list(range(30))),
        ("12/shuffle/section/0", [0, 1]),
        ("", list(range(5))),
        ("x", list(range(2000))),  # ~2,800 words drawn: five blocks of 624 twisted
    ):
        mine, want = items.copy(), items.copy()
        shuffle(seed, mine)
        random.Random(seed).shuffle(want)
        assert mine == want
        assert sorted(mine) == sorted(items)
    for items in ([], [9]):  # nothing to shuffle: left as it is
        kept = items.copy()
        shuffle("7", kept)
        assert kept == items


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.lists(st.integers(-(2**40), 2**40), max_size=700))
def test_any_seed_and_list_shuffle_as_the_standard_library(seed: str, items: list[int]) -> None:
    mine, want = items.copy(), items.copy()
    shuffle(seed, mine)
    random.Random(seed).shuffle(want)
    assert mine == want
    assert all(type(item) is int for item in mine)
