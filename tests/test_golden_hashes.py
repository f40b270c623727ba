"""Golden values of the stable hashes every draw and split derives from.

Computed once and hard-coded: any change to `stable_int` (its separator, its
encoding, how many digest bytes, their order), to `rng_for` or to the split buckets changes every release's bytes,
and fails here in milliseconds instead of in a two-minute byte-identity build.
"""

from __future__ import annotations

import pytest

from fqa_build.hashing import rng_for, sha256_text, stable_int
from fqa_build.release.splits import assign_split


@pytest.mark.parametrize(
    "parts, expected",
    [
        ((), 16406829232824261652),
        ((0,), 6912158355717386040),
        ((42,), 8306709966045482637),
        (("split", 42, "abc"), 8491337986900518420),
        ((1, 2), 1292624397657047035),
        ((12,), 7733195345837784852),
        (("Zürich", "東京", "🙂"), 13397508882197129609),
        ((-7, "x", 3.5), 2112605823450078482),
        ((None, True), 1460378834677247266),
    ],
)
def test_stable_int(parts, expected):
    assert stable_int(*parts) == expected


def test_stable_int_separates_its_parts():
    assert stable_int(1, 2) != stable_int(12)


@pytest.mark.parametrize(
    "parts, first_random, first_randrange",
    [
        ((42, "squad-x"), 0.010718504768066017, 10),
        ((0, "trivia_qa-h1--Chicago"), 0.7425314905965934, 760),
        ((7, "Ünïcödé"), 0.014904285334994771, 15),
    ],
)
def test_rng_for(parts, first_random, first_randrange):
    assert rng_for(*parts).random() == first_random
    assert rng_for(*parts).randrange(1000) == first_randrange


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("Marie Curie moved to Paris in 1891.", "99831a0d0100f003bb7184dd9f9866079f96370fd182aa4a163ffd9b5d9162a6"),
        ("Zürich 東京 🙂", "b7b0f592c5cf85a8b44f8363cf3c417ba5e60e8ebb1036ba1081b21885630a0e"),
    ],
)
def test_sha256_text(text, expected):
    assert sha256_text(text) == expected


@pytest.mark.parametrize(
    "group_key, split_seed_42, split_seed_7",
    [
        ("context-0", "train", "train"),
        ("context-4", "test", "train"),
        ("context-13", "dev", "train"),
        ("context-16", "train", "test"),
        ("context-20", "dev", "dev"),
        ("context-25", "train", "dev"),
        ("context-26", "test", "train"),
        ("99831a0d0100f003bb7184dd9f9866079f96370fd182aa4a163ffd9b5d9162a6", "train", "train"),
        ("Zürich", "test", "train"),
        ("", "train", "train"),
    ],
)
def test_assign_split(group_key, split_seed_42, split_seed_7):
    assert assign_split(group_key) == split_seed_42  # the default split seed is 42
    assert assign_split(group_key, 42) == split_seed_42
    assert assign_split(group_key, 7) == split_seed_7
