import pytest

from fqa_build.text import (
    contains_key,
    contains_whole_word,
    find_whole_word,
    has_article_before,
    ngram_keys,
    normalize_entity,
    word_key,
)


@pytest.mark.parametrize(
    "raw, label, expected",
    [
        ("the Denver Broncos", "ORG", "Denver Broncos"),
        ("The United Nations", "ORG", "United Nations"),
        ("Obama's", "PERSON", "Obama"),
        ("Jesus'", "PERSON", "Jesus"),
        ("the Temple in Jerusalem.[citation", "LOC", "Temple in Jerusalem"),
        ("Boston.", "GPE", "Boston"),
        ("U.S.", "GPE", "U.S."),
        ("a Roman", "NORP", "Roman"),
        ("almost 25,000", "CARDINAL", "25,000"),
        ("More than 1 million", "CARDINAL", "1 million"),
        ("only four days", "DATE", "four days"),
        ("around 1700", "DATE", "1700"),
        ("about a third", "CARDINAL", "about a third"),
        ("von Staupitz", "PERSON", "von Staupitz"),
        ("iTunes", "ORG", "iTunes"),
        ("the 1990s", "DATE", "1990s"),
    ],
)
def test_normalize_entity(raw, label, expected):
    assert normalize_entity(raw, label) == expected


@pytest.mark.parametrize(
    "raw, label",
    [
        ("the city council", "ORG"),  # lower-case name
        ("X", "PERSON"),  # too short
        ("5", "CARDINAL"),  # too short
        ("A" * 101, "ORG"),  # too long
        ("1873.:33", "DATE"),  # citation debris
        ("Paris\nTexas", "GPE"),  # line break
        ("--", "CARDINAL"),  # no letters or digits
    ],
)
def test_normalize_entity_rejects(raw, label):
    assert normalize_entity(raw, label) is None


def test_whole_word_never_inside_a_longer_word():
    text = "Paris, Parisians and Paris-based paris_x PARIS"
    assert list(find_whole_word(text, "Paris")) == [(0, 5), (21, 26), (41, 46)]
    assert list(find_whole_word(text, "Paris", ignore_case=False)) == [(0, 5), (21, 26)]


def test_whole_word_with_punctuation_inside_phrase():
    assert contains_whole_word("born in St. Louis, Missouri", "St. Louis")
    assert not contains_whole_word("born in St. Louisville", "St. Louis")


def test_article_before():
    text = "the United States and The Hague and United Kingdom"
    assert has_article_before(text, 4)
    assert has_article_before(text, 26)
    assert not has_article_before(text, 36)


def test_word_keys_and_ngrams():
    assert word_key("The Red-Army's") == ("the", "red", "army", "s")
    grams = ngram_keys("New York City is big", 2)
    assert ("new", "york") in grams and ("york", "city") in grams and ("new", "york", "city") not in grams
    assert contains_key(("new", "york", "city"), ("york", "city"))
    assert not contains_key(("new", "york"), ("york", "city"))
    assert not contains_key(("a",), ())


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("Paris and paris, PARIS_x xParis Paris's", "paris"),
        ("İstanbul istanbul", "istanbul"),  # dotted capital I: lower() changes the length
        ("ſtate state", "state"),  # long s folds to s in a case-insensitive regex
        ("\u212aelvin kelvin", "kelvin"),  # Kelvin sign folds to k
        ("Straße STRASSE", "straße"),
        ("New York's new york-based New Yorker", "new york"),
        ("aaa aa", "aa"),
        ("a.b a.b. xa.b", "a.b"),
        ("café Café CAFÉ", "café"),
        ("x_1 1 1.5", "1"),
        ("ﬁle file", "file"),
        ("", "x"),
    ],
)
def test_whole_word_search_equals_the_regex(text, phrase):
    from fqa_build.text import find_whole_word, whole_word_pattern

    for ignore_case in (True, False):
        expected = [(m.start(), m.end()) for m in whole_word_pattern(phrase, ignore_case).finditer(text)]
        assert list(find_whole_word(text, phrase, ignore_case)) == expected
