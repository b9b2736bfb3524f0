"""`random.Random(seed).shuffle(items)` for a str seed, compiled: the very same order.

A game that shuffles from a stream of its own for each reshuffle (`subwaysim.cards`) makes a
`random.Random` per shuffle: most of its cost is Python around the generator, not the
generator. `shuffle` does what CPython does, in one compiled call: the seed string and its
SHA-512 digest as one big number (version-2 seeding of a str), that number's 32-bit words,
little end first, into MT19937's `init_by_array`, then Fisher-Yates from the end with
`_randbelow` by `getrandbits`: k = bit length of the bound, one 32-bit output shifted down
to k bits, drawn again while it is not below the bound. The generator's words are twisted
as they are asked for (a shuffle of a dozen cards uses a few dozen of the 624).

`random.Random(seed).shuffle` is its plain-Python twin; tests hold the two equal.
"""

from __future__ import annotations

from hashlib import sha512

import numpy as np

from tabletop.compiled import kernel

N, M = 624, 397  # MT19937's state words and its twist offset
MASK = 0xFFFFFFFF


def shuffle(seed: str, items: list[int]) -> None:
    """Shuffle `items` (ints) in place exactly as `random.Random(seed).shuffle(items)`."""
    if len(items) < 2:
        return
    raw = seed.encode()
    order = np.array(items, dtype=np.int64)
    shuffle_seeded(START, raw + sha512(raw).digest(), order)
    items[:] = order.tolist()


@kernel
def seed_key(seed_bytes):  # type: ignore[no-untyped-def]
    """The 32-bit words of the big-endian number `seed_bytes`, little end first, as many as
    its bit length needs (one for zero): what CPython's `random.seed(int)` hands MT19937."""
    first = 0
    while first < len(seed_bytes) and seed_bytes[first] == 0:
        first += 1
    length = len(seed_bytes) - first
    bits = 0
    if length > 0:
        top = int(seed_bytes[first])
        while top > 0:
            bits += 1
            top >>= 1
        bits += 8 * (length - 1)
    words = 1 if bits == 0 else (bits - 1) // 32 + 1
    key = np.zeros(words, np.int64)
    for w in range(words):
        value = 0
        for b in range(4):
            at = len(seed_bytes) - 1 - 4 * w - b
            if at >= first:
                value |= int(seed_bytes[at]) << (8 * b)
        key[w] = value
    return key


def _genrand_start() -> np.ndarray:
    """MT19937's `init_genrand(19650218)`, where every `init_by_array` starts (read-only)."""
    mt = [19650218]
    for i in range(1, N):
        p = mt[-1]
        mt.append((1812433253 * (p ^ (p >> 30)) + i) & MASK)
    start = np.array(mt, dtype=np.uint32)
    start.flags.writeable = False
    return start


START = _genrand_start()


@kernel
def seeded_state(start, key):  # type: ignore[no-untyped-def]
    """MT19937's `init_by_array(key)` from `START`: its 624 words (uint32; the arithmetic in
    int64, masked to 32 bits; each step's word carried on to the next, not read back)."""
    mt = start.copy()
    prev = np.int64(mt[0])
    i, j = 1, 0
    for _ in range(max(N, len(key))):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & MASK
        mt[i] = prev
        i += 1
        j += 1
        if i >= N:
            mt[0] = prev
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(N - 1):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & MASK
        mt[i] = prev
        i += 1
        if i >= N:
            mt[0] = prev
            i = 1
    mt[0] = 0x80000000
    return mt


@kernel
def _twisted(y):  # type: ignore[no-untyped-def]
    return (y >> 1) ^ (0x9908B0DF if y & 1 else 0)


@kernel
def shuffle_seeded(start, seed_bytes, items):  # type: ignore[no-untyped-def]
    """`items` shuffled in place from the generator `seed_bytes` seeds (`seed_key`,
    `seeded_state` from `START`): Fisher-Yates from the end, each bound drawn by
    `getrandbits`."""
    mt = seeded_state(start, seed_key(seed_bytes))
    made = 0  # words of the block twisted so far (C twists the whole block at once, in place)
    used = 0  # words of the block handed out
    for last in range(len(items) - 1, 0, -1):
        bound = last + 1
        bits = 0
        while bound >> bits:
            bits += 1
        while True:
            if used == N:  # the next block, twisted in place from this one
                made = used = 0
            if used == made:  # twist word k as C does, in order: k + 1 and k + M not yet
                k = made
                if k < N - M:
                    y = (mt[k] & 0x80000000) | (mt[k + 1] & 0x7FFFFFFF)
                    mt[k] = mt[k + M] ^ _twisted(y)
                elif k < N - 1:
                    y = (mt[k] & 0x80000000) | (mt[k + 1] & 0x7FFFFFFF)
                    mt[k] = mt[k + M - N] ^ _twisted(y)
                else:
                    y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
                    mt[N - 1] = mt[M - 1] ^ _twisted(y)
                made += 1
            y = np.int64(mt[used])
            used += 1
            y ^= y >> 11
            y ^= (y << 7) & 0x9D2C5680
            y ^= (y << 15) & 0xEFC60000
            y ^= y >> 18
            drawn = y >> (32 - bits)
            if drawn < bound:
                break
        items[last], items[drawn] = items[drawn], items[last]
