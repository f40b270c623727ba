"""String helpers shared by the build: normalisation, word keys and whole-word search."""

from __future__ import annotations

import collections
import functools
import re
import string
from collections.abc import Iterator

from fqa_build.labels import NAME_LABELS, NUMERIC_LABELS
from fqa_build.lexicons import word_set

#: A year (1000-2099) standing alone: not inside a word or a longer number ("1,2345", "3.1415").
YEAR = re.compile(r"(?<!\w)(?<!\d[,.])(1\d{3}|20\d{2})(?!\w)(?![,.]\d)")

_WORD = re.compile(r"\w+")
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_NO_PUNCT = str.maketrans("", "", string.punctuation)
_LEADING_THE = re.compile(r"^(?:the|The|THE)\s+")
_LEADING_A = re.compile(r"^(?:an?|An?)\s+(?=[A-Z])")
#: Hedges in front of a number stay in the text; only the number is the entity ("almost 25,000").
_LEADING_HEDGE = re.compile(
    r"^(?:(?:just|well|some|an estimated|a total of|only|about|around|approximately|roughly|nearly|almost|"
    r"over|under|up to|at least|at most|more than|no more than|less than|fewer than|as many as|as few as|"
    r"as much as|as long as|estimated|circa|c\.|ca\.)\s+)+",
    re.IGNORECASE,
)
_NUMBER_START = re.compile(
    r"^(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)\b)",
    re.IGNORECASE,
)
_TRAILING_POSSESSIVE = re.compile(r"(?:['’]s|(?<=s)['’])$")
_CITATION_DEBRIS = re.compile(r"\[|\]|\bcitation\b|\n|\t|[.,]:\d|:\d+$")
#: "U.S.", "Jr.", "St.": a full stop that belongs to the name
_ABBREVIATION_END = re.compile(r"(?:\b[A-Z]|\b[A-Z][a-z]{1,2}|\.[A-Za-z])\.$")
#: Names that start lower-case: a particle before a capitalised name ("von Staupitz", "d'Hondt"), or an
#: internal capital ("iTunes", "eBay").
_LOWER_INITIAL_NAME = re.compile(
    r"^(?:(?:von|van|de|da|di|du|del|della|der|den|al|el|bin|ibn|la|le)\s+[A-Z]|d['’][A-Z]|[a-z]+[A-Z])"
)
#: debris of flattened HTML and space-tokenised text (NQ, MRQA): markup ("Li> Green Party"), a space before
#: punctuation ("Diggins , Jessica"), a split possessive ("Welch '", "Rawls 's")
_TOKEN_DEBRIS = re.compile(r"[<>]|\s[,.;:!?)]|\(\s|\s['’]s?(?:\s|$)")
#: a person's name whose first word (three letters or more) comes twice: a table's sort key run into the name
#: ("Diggins, Jessica Jessica Diggins" tagged "Jessica Jessica Diggins"; "Yo Yo Ma" is a name)
_REPEATED_WORD = re.compile(r"([A-Z][\w'’-]{2,}) \1 \w")
#: a "count" that starts with a zero ("00", "007"): a table cell or a code, never a count to swap
_ZERO_COUNT = re.compile(r"0\d+")
_TRAILING_FUNCTION_WORD = re.compile(r"\s(?:of|the|and|for|in|on|at|to|a|an|&)$", re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"\b(?:the|The|THE)\s+$")


@functools.lru_cache(maxsize=65536)
def normalize_answer(text: str) -> str:
    """SQuAD v1.1's normalisation: lower case, no punctuation, no articles, single spaces (the evaluator's answer
    match, NQ-open's answer values, and decontamination's question match)."""
    return " ".join(_ARTICLES.sub(" ", text.lower().translate(_NO_PUNCT)).split())


def normalize_entity(text: str, label: str) -> str | None:
    """Return the canonical surface form of an entity mention, or None when it is unusable.

    Drops a leading "the" (and "a"/"an" before a name, a hedge such as "almost" before a number), a trailing
    possessive and surrounding punctuation; rejects citation debris, line breaks, lengths outside 2-100,
    lower-case-initial proper names, and the debris of flattened HTML tables and tokenised text (markup, spaces
    before punctuation, split possessives, a person's name with a word twice, counts starting with a zero).
    """
    surface = text.split("[", 1)[0].strip()  # "Temple in Jerusalem.[citation needed]"
    surface = _LEADING_THE.sub("", surface)
    if label in NAME_LABELS:
        surface = _LEADING_A.sub("", surface)
    elif label in NUMERIC_LABELS:
        hedged = _LEADING_HEDGE.sub("", surface)
        if hedged != surface and _NUMBER_START.match(hedged):
            surface = hedged
    surface = _TRAILING_POSSESSIVE.sub("", surface)
    surface = surface.strip(' \t,;:"“”()')
    if surface.endswith(".") and not _ABBREVIATION_END.search(surface):
        surface = surface[:-1]
    if _CITATION_DEBRIS.search(surface):
        return None
    if not 2 <= len(surface) <= 100:
        return None
    if (
        label in NAME_LABELS
        and surface[0].isalpha()
        and not surface[0].isupper()
        and not _LOWER_INITIAL_NAME.match(surface)
    ):
        return None
    if not any(ch.isalnum() for ch in surface):
        return None
    if _TRAILING_FUNCTION_WORD.search(surface):
        return None  # "Great Fire of": NER stopped mid-name
    if _TOKEN_DEBRIS.search(surface):
        return None
    if label == "PERSON" and _REPEATED_WORD.match(surface):
        return None
    if label == "CARDINAL" and _ZERO_COUNT.fullmatch(surface):
        return None
    return surface


def word_key(text: str) -> tuple[str, ...]:
    """The case-folded word tokens of a string: equal keys mean the same words in the same order."""
    return tuple(_WORD.findall(text.casefold()))


def text_words(text: str) -> list[str]:
    """The case-folded words of `text`, as `word_key` splits them."""
    return _WORD.findall(text.casefold())


def ngram_keys(text: str, max_n: int) -> frozenset[tuple[str, ...]]:
    """Every contiguous run of 1..max_n case-folded words of `text`.

    A string that occurs in `text` as a whole word (case-insensitively) has its `word_key` in this set, so
    membership is a cheap, conservative "occurs in" test.
    """
    words = _WORD.findall(text.casefold())
    keys: set[tuple[str, ...]] = set()
    for n in range(1, min(max_n, len(words)) + 1):
        keys.update(zip(*(words[i:] for i in range(n)), strict=False))
    return frozenset(keys)


def contains_key(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    """True when `needle` is a contiguous run of `haystack` (both word keys)."""
    n = len(needle)
    if n == 0 or n > len(haystack):
        return False
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


@functools.lru_cache(maxsize=65536)
def whole_word_pattern(phrase: str, ignore_case: bool = True) -> re.Pattern[str]:
    """A regex matching `phrase` only where it is not part of a longer word (letters, digits, underscore)."""
    flags = re.IGNORECASE if ignore_case else 0
    return re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", flags)


#: characters that case-insensitive regexes match to ASCII letters in ways `str.lower` does not show
_FOLD_SPECIAL = frozenset("\u0130\u0131\u017f\u212a")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what `\w` matches in a str regex


def _plain_search_ok(text: str, phrase: str, ignore_case: bool) -> bool:
    # str.find gives exactly the regex's matches when case needs no folding, or when the phrase is ASCII and
    # lower-casing the text keeps every offset and makes no non-ASCII character match an ASCII one
    if not phrase:
        return False
    if not ignore_case:
        return True
    return phrase.isascii() and (text.isascii() or (len(text.lower()) == len(text) and not _FOLD_SPECIAL & set(text)))


def find_whole_word(text: str, phrase: str, ignore_case: bool = True) -> Iterator[tuple[int, int]]:
    r"""Yield (start, end) of every whole-word occurrence of `phrase` in `text` (as the regex
    `(?<!\w)phrase(?!\w)` would, without compiling one per phrase where a plain search gives the same)."""
    if not _plain_search_ok(text, phrase, ignore_case):
        for match in whole_word_pattern(phrase, ignore_case).finditer(text):
            yield match.start(), match.end()
        return
    haystack, needle = (text.lower(), phrase.lower()) if ignore_case else (text, phrase)
    n, at = len(needle), haystack.find(needle)
    while at >= 0:
        end = at + n
        if (at == 0 or not _is_word_char(text[at - 1])) and (end == len(text) or not _is_word_char(text[end])):
            yield at, end
            at = haystack.find(needle, end)
        else:
            at = haystack.find(needle, at + 1)


def contains_whole_word(text: str, phrase: str, ignore_case: bool = True) -> bool:
    """True when `phrase` occurs in `text` as a whole word."""
    return next(find_whole_word(text, phrase, ignore_case), None) is not None


def has_article_before(text: str, start: int) -> bool:
    """True when the word just before position `start` is "the" (as in "the United States")."""
    return _ARTICLE_BEFORE.search(text[max(0, start - 8) : start]) is not None


def number_value(text: str) -> float | None:
    """The value of a number written in digits ("1,200") or words ("thirty-two"); None if it is not one."""
    from word2number import w2n

    cleaned = text.strip(" .,;:").replace(",", "")
    try:
        return float(cleaned)
    except ValueError:
        pass
    try:
        words = cleaned.replace("-", " ")
        return float(w2n.word_to_num(words)) if words.replace(" ", "").isalpha() else None
    except ValueError:
        return None


_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_NUMBER_TOKEN = re.compile(r"\d[\d,]*(?:\.\d+)?|[A-Za-z]+(?:-[A-Za-z]+)?")


@functools.lru_cache(maxsize=100_000)
def value_of(text: str) -> float | None:
    """The value of the number a count or duration starts with, scale words included ("5 million" -> 5e6,
    "ten years" -> 10, "about 300" -> 300); None where none."""
    tokens = _NUMBER_TOKEN.findall(text)
    for i, token in enumerate(tokens[:3]):
        value = number_value(token)
        if value is not None:
            scale = tokens[i + 1].casefold() if i + 1 < len(tokens) else ""
            return value * _SCALE.get(scale, 1.0)
    return None


@functools.cache
def stopwords() -> frozenset[str]:
    """The function words that say nothing of what a text is about (`fqa_build/lexicons/stopwords.txt`)."""
    return word_set("stopwords")


@functools.cache
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=200_000)
def stem_of(word: str) -> str:
    """The Snowball (Porter 2) stem of a word: "launched" and "launch" count as one."""
    return _stemmer().stemWord(word)


def exact_match(prediction: str, gold: str) -> bool:
    """SQuAD v1.1's exact match: the same words after `normalize_answer`."""
    return normalize_answer(prediction) == normalize_answer(gold)


def f1(prediction: str, gold: str) -> float:
    """SQuAD v1.1's token F1."""
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    common = sum((collections.Counter(pred) & collections.Counter(ref)).values())
    if not pred or not ref:
        return float(pred == ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)
